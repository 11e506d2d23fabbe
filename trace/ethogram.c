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

struct trace_etho {
	char names[TRACE_ETHO_NAMES_MAX][TRACE_ETHO_NAME_LEN];
	int nnames;
	row *rows;
	size_t nrows, cap;
	bool counts;
	doing *now;
	size_t nnow;
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

static int row_cmp(int ca, long ha, const row *b)
{
	return ca != b->who ? (ca < b->who ? -1 : 1) : ha != b->hour ? (ha < b->hour ? -1 : 1) : 0;
}

/* The row of (who, hour), made (in order) when new; NULL when full. */
static row *row_of(trace_etho *e, int who, long hour)
{
	size_t lo = 0, hi = e->nrows;
	if (hi && row_cmp(who, hour, &e->rows[hi - 1]) > 0)
		lo = hi; /* the usual case: after the last */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = row_cmp(who, hour, &e->rows[mid]);
		if (c == 0)
			return &e->rows[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
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
	memmove(&e->rows[lo + 1], &e->rows[lo], (e->nrows - lo) * sizeof *e->rows);
	e->nrows++;
	memset(&e->rows[lo], 0, sizeof *e->rows);
	e->rows[lo].who = who;
	e->rows[lo].hour = hour;
	return &e->rows[lo];
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
	size_t i = 0;
	while (i < e->nnow && e->now[i].who != who)
		i++;
	if (i == e->nnow) {
		if (e->nnow >= MAX_CREATURES)
			return -1;
		doing *n = realloc(e->now, (e->nnow + 1) * sizeof *n);
		if (!n)
			return -1;
		e->now = n;
		e->nnow++;
		e->now[i] = (doing){who, -1, t};
	}
	doing *d = &e->now[i];
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
	for (size_t i = 0; i < e->nnow; i++) {
		doing *d = &e->now[i];
		if (d->name >= 0 && d->since < e->log_end &&
		    trace_etho_time(e, d->who, e->names[d->name], d->since, e->log_end) != 0)
			return -1;
	}
	e->nnow = 0;
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
