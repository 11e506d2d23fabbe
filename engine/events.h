/* events.h — timed inputs for headless runs: a small text format, one event
 * per line.
 *
 *     # comments start with '#'
 *     at 1200 inject Glucose 80          at world tick 1200
 *     at 2m inject ATP -50               times: N ticks, or Ns / Nm / Nh of creature time
 *     every 600 stimulus 26              at ticks 600, 1200, 1800 ...
 *     every 30s from 0 until 1h stimulus Pointer pats me from hand
 *     at 5000 word verb push             a heard word (verb or noun lobe)
 *     at 100 sleep | at 150 wake | at 200 dream 20
 *     at 9000 set-stage adult
 *     every 3000 stimulus 1 from hand    the stimulus comes from an object category
 *     at 50 stim 64 patted 255 asleep Reward 32   explicit fields: significance, sense
 *                                        (name, number or none), intensity, features
 *                                        (flags or none), up to 4 CHEMICAL AMOUNT pairs
 *     at 10 food 20 Starch 60 Glucose 20 20 portions of food, each giving those chemicals
 *     at 0 env light 40                  a sensorimotor locus (light, air quality ...)
 *     at 7000 injure 3 200               damage organ 3 (as CAOS INJR)
 *     at 9999 kill
 *
 * Chemicals, stimuli, words, senses and categories go by name or number.
 * Events are a pure function of the world tick (they fire before the tick
 * they name, in file order), so a run resumed from a snapshot continues them
 * exactly. Bad lines are refused with FILE:LINE: reason. */
#ifndef C2_EVENTS_H
#define C2_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#include "base/err.h"
#include "engine/engine.h"

typedef struct creature_event {
	uint64_t at;     /* first tick */
	uint64_t every;  /* period in ticks, 0 = once */
	uint64_t until;  /* last tick allowed (UINT64_MAX: forever) */
	uint8_t cmd;     /* index into creature_events_commands */
	int a, b;        /* the command's: chemical/amount, stimulus/from, lobe/cell ... */
	int from;        /* object category of a stimulus, or -1 */
	uint8_t n;       /* chemical doses in chems/amounts (food) */
	uint8_t chems[4], amounts[4];
	genome_stimulus_gene stim; /* EV_STIM */
	long line;
} creature_event;

/* At most this many events in one list (a file, plus what is appended). */
enum { EVENTS_MAX = 100000 };

struct creature_events {
	creature_event *v;
	size_t n, cap;
	long lines; /* lines read so far: appended text continues the numbering */
	/* The schedule: the indices of v ordered by first tick (`at`), events
	 * of one tick in file order; rebuilt by every parse and append. */
	uint32_t *order;
	/* A fingerprint of all the text parsed into the list, so that a
	 * creature's cursor can tell the list it was built for. */
	uint64_t stamp;
};

/* Where one creature is in a list of events: the next schedule entry not
 * yet reached, and a heap of the repeating events that have begun, keyed
 * by their next tick (then file order). Finding the events due at a tick
 * costs O(log n) per due event, however many are pending. The cursor is a
 * cache, never state: it is rebuilt (O(n)) whenever it meets another list,
 * a list that grew, or a tick other than the one after its last (a resumed
 * run, a test stepping by hand), so the events due stay a pure function of
 * the list and the tick. A zeroed cursor is empty; a creature keeps one. */
typedef struct creature_events_slot {
	uint64_t next; /* the tick the event is next due */
	uint32_t i;    /* its index in v */
} creature_events_slot;

typedef struct creature_events_cursor {
	const creature_events *ev; /* the list it was built for (NULL: not built) */
	uint64_t stamp;   /* that list's stamp and length then */
	size_t n;
	uint64_t tick;    /* the tick it expects next */
	size_t pos;       /* next entry of ev->order whose first tick is to come */
	creature_events_slot *heap; /* begun repeating events, a binary min-heap */
	size_t nheap;
	uint32_t *due;    /* the last answer of creature_events_due; heap and due share
	                     one allocation sized for n events */
} creature_events_cursor;

/* The commands of the language: ONE table. */
struct lp;
typedef struct creature_event_command {
	const char *name;  /* "inject" */
	const char *usage; /* "inject CHEMICAL AMOUNT" */
	const char *help;  /* one line */
	int (*parse)(struct lp *p, int first_arg, creature_event *e);
	void (*apply)(const creature_event *e, creature *c);
} creature_event_command;

extern const creature_event_command creature_events_commands[];
extern const size_t creature_events_ncommands;

/* Parse `len` bytes of events text into a new list. Errors name the line. */
int creature_events_parse(creature_events *ev, const char *text, size_t len, c2_err *err);

/* Append `len` more bytes of events text (whole lines) to `ev`; line numbers
 * continue from the text read before. On error `ev` is unchanged. Front ends
 * turn live input into events this way (the viewer's keys), so a session's
 * text replays it. */
int creature_events_append(creature_events *ev, const char *text, size_t len, c2_err *err);

void creature_events_free(creature_events *ev);

/* The events of ev due at tick t (those whose tick it is: `at` t, or an
 * `every` whose progression reaches t within its bounds), as indices into
 * ev->v in file order, at *due (valid until the next call with cur). Returns
 * their number, or -1 when memory ran out (cur is then left empty and *due
 * NULL: the caller checks every event itself). */
long creature_events_due(const creature_events *ev, creature_events_cursor *cur, uint64_t t, const uint32_t **due);

/* Is event e due at tick t? The definition creature_events_due follows. */
bool creature_events_is_due(const creature_event *e, uint64_t t);

/* Free what the cursor holds and empty it (a zeroed cursor is fine). */
void creature_events_cursor_free(creature_events_cursor *cur);

#endif
