/* ethogram.h — what creatures did, per creature-hour: the share of creature
 * time in each action (or attended object), from a trace's rows or a world
 * log's "action" records, or the share of acts on each kind of object, from
 * a world log's "act" records. `c2rt ethogram` prints and plots it.
 *
 * A trace row's action (object) lasts until the next row; a log's action
 * record until the creature's next one, or the log's last tick. Time is
 * split at hour boundaries. Names are kept as they come (the first
 * TRACE_ETHO_NAMES_MAX distinct ones; one more is an error), in the order
 * first seen. No printing: errors are values. */
#ifndef C2_TRACE_ETHOGRAM_H
#define C2_TRACE_ETHOGRAM_H

#include <stdbool.h>
#include <stddef.h>

enum {
	TRACE_ETHO_NAMES_MAX = 64,   /* distinct actions or objects */
	TRACE_ETHO_NAME_LEN = 48,    /* bytes kept of a name */
	TRACE_ETHO_ROWS_MAX = 100000 /* creature-hours */
};

/* What a world log is read for: the time in each action, or the acts on
 * each kind of object. */
typedef enum trace_etho_of { TRACE_ETHO_ACTIONS, TRACE_ETHO_OBJECTS } trace_etho_of;

typedef struct trace_etho trace_etho;

trace_etho *trace_etho_new(void);
void trace_etho_free(trace_etho *e);

/* Creature `creature` (>= 0) did `name` from t0 to t1 seconds (t1 >= t0).
 * Returns 0, or -1: too many names or creature-hours, out of memory, bad
 * times. */
int trace_etho_time(trace_etho *e, int who, const char *name, double t0, double t1);

/* One act on an object of `name` at t seconds. Returns as trace_etho_time. */
int trace_etho_count(trace_etho *e, int who, const char *name, double t);

/* One line of a world log (`run --world --log`; NDJSON), read for `of`:
 * "action" records (actions) or "act" records (objects, by kind); every
 * line's tick extends the log's end. Lines of other types are only
 * looked at for their tick. buf is changed. Returns 0, or -1 with why. */
int trace_etho_log_line(trace_etho *e, trace_etho_of of, char *buf, size_t len, char *why,
                        size_t whyn);
/* After the last line: each creature's last action lasts to the log's
 * last tick. Returns as trace_etho_time. */
int trace_etho_log_end(trace_etho *e);

/* Put the rows in order of creature, then hour: once, after the last
 * line, before the table below is read (O(n log n)). */
void trace_etho_sort(trace_etho *e);

/* The table: rows (creature, hour), in order after trace_etho_sort. */
int trace_etho_nnames(const trace_etho *e);
const char *trace_etho_name(const trace_etho *e, int k);
size_t trace_etho_nrows(const trace_etho *e);
void trace_etho_row(const trace_etho *e, size_t i, int *who, long *hour);
/* Seconds (or acts) of name k in row i; and of all names in row i. */
double trace_etho_amount(const trace_etho *e, size_t i, int k);
double trace_etho_total(const trace_etho *e, size_t i);
/* Whether the amounts are acts (counts), not seconds. */
bool trace_etho_counts(const trace_etho *e);

#endif
