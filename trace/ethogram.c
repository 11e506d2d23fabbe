/* ethogram.c — shares of actions and objects per creature-hour
 * (ethogram.h). */
#include "trace/ethogram.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "trace/internal.h"

enum { MAX_CREATURES = 4096, MAX_PAIRS = 32 };

typedef struct row {
	int who;
	long hour;
	double amount[TRACE_ETHO_NAMES_MAX];
} row;

/* A log's creature: its action now and since when. */
typedef struct doing {
	int who, name;
	double since;
} doing;

/* Rows are kept in the order they were made, found through a hash of
 * (creature, hour) (open addressing, at most half full), and put in order
 * once, when the table is first read: an out-of-order row (creatures
 * interleaved in a log) costs O(1), not a shift of those after it. */
struct trace_etho {
	char names[TRACE_ETHO_NAMES_MAX][TRACE_ETHO_NAME_LEN];
	int nnames;
	row *rows;
	size_t nrows, cap;
	uint32_t *slot;     /* row index + 1, 0: empty; nslot a power of two */
	size_t nslot;
	bool sorted;
	bool counts;
	doing *now;         /* per creature id, MAX_CREATURES of them (a log) */
	double log_end;
};

trace_etho *trace_etho_new(void)
{
	return calloc(1, sizeof(trace_etho));
}

void trace_etho_free(trace_etho *e)
{
	if (!e)
		return;
	free(e->rows);
	free(e->slot);
	free(e->now);
	free(e);
}

/* The index of name, added when new; -1 when the table is full. */
static int name_index(trace_etho *e, const char *name)
{
	for (int k = 0; k < e->nnames; k++)
		if (strncmp(e->names[k], name, TRACE_ETHO_NAME_LEN - 1) == 0)
			return k;
	if (e->nnames >= TRACE_ETHO_NAMES_MAX)
		return -1;
	snprintf(e->names[e->nnames], TRACE_ETHO_NAME_LEN, "%s", name);
	return e->nnames++;
}

static size_t hash(int who, long hour, size_t mask)
{
	uint64_t h = ((uint64_t)(uint32_t)who << 32 ^ (uint64_t)hour) * 0x9E3779B97F4A7C15ull;
	return (size_t)(h >> 17) & mask;
}

/* Make the hash twice as big (or first), with every row in it. */
static int rehash(trace_etho *e)
{
	size_t n = e->nslot ? e->nslot * 2 : 64;
	uint32_t *s = calloc(n, sizeof *s);
	if (!s)
		return -1;
	for (size_t i = 0; i < e->nrows; i++) {
		size_t k = hash(e->rows[i].who, e->rows[i].hour, n - 1);
		while (s[k])
			k = (k + 1) & (n - 1);
		s[k] = (uint32_t)(i + 1);
	}
	free(e->slot);
	e->slot = s;
	e->nslot = n;
	return 0;
}

/* The row of (who, hour), made when new; NULL when full. */
static row *row_of(trace_etho *e, int who, long hour)
{
	if (2 * (e->nrows + 1) > e->nslot && rehash(e) != 0)
		return NULL;
	size_t k = hash(who, hour, e->nslot - 1);
	for (; e->slot[k]; k = (k + 1) & (e->nslot - 1)) {
		row *r = &e->rows[e->slot[k] - 1];
		if (r->who == who && r->hour == hour)
			return r;
	}
	if (e->nrows >= TRACE_ETHO_ROWS_MAX)
		return NULL;
	if (e->nrows == e->cap) {
		size_t cap = e->cap ? e->cap * 2 : 16;
		row *r = realloc(e->rows, cap * sizeof *r);
		if (!r)
			return NULL;
		e->rows = r;
		e->cap = cap;
	}
	row *r = &e->rows[e->nrows];
	memset(r, 0, sizeof *r);
	r->who = who;
	r->hour = hour;
	e->slot[k] = (uint32_t)++e->nrows;
	e->sorted = false;
	return r;
}

static int row_cmp(const void *a, const void *b)
{
	const row *x = a, *y = b;
	if (x->who != y->who)
		return x->who < y->who ? -1 : 1;
	return x->hour < y->hour ? -1 : x->hour > y->hour;
}

void trace_etho_sort(trace_etho *e)
{
	if (e->sorted || e->nrows == 0)
		return; /* (no rows: no array to sort) */
	qsort(e->rows, e->nrows, sizeof *e->rows, row_cmp);
	for (size_t i = 0; i < e->nslot; i++)
		e->slot[i] = 0;
	for (size_t i = 0; i < e->nrows; i++) {
		size_t k = hash(e->rows[i].who, e->rows[i].hour, e->nslot - 1);
		while (e->slot[k])
			k = (k + 1) & (e->nslot - 1);
		e->slot[k] = (uint32_t)(i + 1);
	}
	e->sorted = true;
}

static bool times_ok(int who, double t0, double t1)
{
	return who >= 0 && who < MAX_CREATURES && isfinite(t0) && isfinite(t1) && t0 >= 0 &&
	       t1 >= t0 && t1 / 3600 < TRACE_ETHO_ROWS_MAX;
}

int trace_etho_time(trace_etho *e, int who, const char *name, double t0, double t1)
{
	int k = name_index(e, name);
	if (k < 0 || !times_ok(who, t0, t1))
		return -1;
	/* Hour by hour: the part of [t0, t1) in each. */
	for (long h = (long)(t0 / 3600); h * 3600.0 < t1; h++) {
		double a = fmax(t0, h * 3600.0), b = fmin(t1, (h + 1) * 3600.0);
		row *r = row_of(e, who, h);
		if (!r)
			return -1;
		r->amount[k] += b - a;
	}
	return 0;
}

int trace_etho_count(trace_etho *e, int who, const char *name, double t)
{
	int k = name_index(e, name);
	if (k < 0 || !times_ok(who, t, t))
		return -1;
	row *r = row_of(e, who, (long)(t / 3600));
	if (!r)
		return -1;
	r->amount[k] += 1;
	e->counts = true;
	return 0;
}

/* The value of key in pairs p (n of them), or NULL. */
static const char *pair(const trace_split_pairs *p, int n, const char *key)
{
	for (int i = 0; i < n; i++)
		if (strcmp(p->key[i], key) == 0)
			return p->value[i];
	return NULL;
}

/* "action" record: the creature's previous action ends, this one begins. */
static int log_action(trace_etho *e, int who, const char *action, double t)
{
	if (!e->now) {
		if (!(e->now = malloc(MAX_CREATURES * sizeof *e->now)))
			return -1;
		for (int i = 0; i < MAX_CREATURES; i++)
			e->now[i] = (doing){i, -1, 0};
	}
	doing *d = &e->now[who];
	if (d->name >= 0 && trace_etho_time(e, who, e->names[d->name], d->since, t) != 0)
		return -1;
	d->name = name_index(e, action);
	d->since = t;
	return d->name < 0 ? -1 : 0;
}

/* Is s a whole number in 0..max? */
static bool whole(const char *s, double max, double *v)
{
	char *end;
	if (!s || !*s || strspn(s, "0123456789") != strlen(s))
		return false;
	*v = strtod(s, &end);
	return *v <= max;
}

/* Does buf[0..len) hold s? */
static bool contains(const char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);
	for (size_t i = 0; i + n <= len; i++)
		if (buf[i] == s[0] && memcmp(buf + i, s, n) == 0)
			return true;
	return false;
}

/* The line's tick ({"tick":N,...: the log writes it first). */
static int line_tick(const char *buf, size_t len, double *tick)
{
	static const char head[] = "{\"tick\":";
	size_t n = sizeof head - 1, d = 0;
	if (len < n || memcmp(buf, head, n) != 0)
		return -1;
	while (n + d < len && d < 19 && buf[n + d] >= '0' && buf[n + d] <= '9')
		d++;
	if (!d)
		return -1;
	char num[20];
	memcpy(num, buf + n, d);
	num[d] = '\0';
	*tick = strtod(num, NULL);
	return 0;
}

int trace_etho_log_line(trace_etho *e, trace_etho_of of, char *buf, size_t len, char *why,
                        size_t whyn)
{
	double tick, who;
	if (line_tick(buf, len, &tick) != 0) {
		snprintf(why, whyn, "not a world log record (no \"tick\" first)");
		return -1;
	}
	double t = tick / CREATURE_TICKS_PER_SECOND;
	e->log_end = fmax(e->log_end, t);
	const char *want = of == TRACE_ETHO_ACTIONS ? "\"type\":\"action\"," : "\"type\":\"act\",";
	if (!contains(buf, len, want))
		return 0; /* other records: their tick only (nested values in some) */
	char *key[MAX_PAIRS], *value[MAX_PAIRS];
	unsigned char type[MAX_PAIRS];
	trace_split_pairs p = {key, value, type};
	int n;
	if (trace_split_json(buf, len, &p, MAX_PAIRS, &n, why, whyn) != 0)
		return -1;
	n = n < MAX_PAIRS ? n : MAX_PAIRS;
	const char *name = pair(&p, n, of == TRACE_ETHO_ACTIONS ? "action" : "kind");
	if (!whole(pair(&p, n, "creature"), MAX_CREATURES - 1, &who) || !name) {
		snprintf(why, whyn, "a record without a creature or %s",
		         of == TRACE_ETHO_ACTIONS ? "an action" : "a kind");
		return -1;
	}
	int rc = of == TRACE_ETHO_ACTIONS ? log_action(e, (int)who, name, t)
	                                  : trace_etho_count(e, (int)who, name, t);
	if (rc != 0)
		snprintf(why, whyn, "more than %d names, %d creature-hours or %d creatures, or out of memory",
		         TRACE_ETHO_NAMES_MAX, TRACE_ETHO_ROWS_MAX, MAX_CREATURES);
	return rc;
}

int trace_etho_log_end(trace_etho *e)
{
	for (int i = 0; e->now && i < MAX_CREATURES; i++) {
		doing *d = &e->now[i];
		if (d->name >= 0 && d->since < e->log_end &&
		    trace_etho_time(e, d->who, e->names[d->name], d->since, e->log_end) != 0)
			return -1;
		d->name = -1;
	}
	return 0;
}

int trace_etho_nnames(const trace_etho *e)
{
	return e->nnames;
}

const char *trace_etho_name(const trace_etho *e, int k)
{
	return e->names[k];
}

size_t trace_etho_nrows(const trace_etho *e)
{
	return e->nrows;
}

void trace_etho_row(const trace_etho *e, size_t i, int *who, long *hour)
{
	*who = e->rows[i].who;
	*hour = e->rows[i].hour;
}

double trace_etho_amount(const trace_etho *e, size_t i, int k)
{
	return e->rows[i].amount[k];
}

double trace_etho_total(const trace_etho *e, size_t i)
{
	double s = 0;
	for (int k = 0; k < e->nnames; k++)
		s += e->rows[i].amount[k];
	return s;
}

bool trace_etho_counts(const trace_etho *e)
{
	return e->counts;
}
