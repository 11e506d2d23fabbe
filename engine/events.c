/* events.c — parse and apply the timed-event text format (see events.h). */
#include "engine/events.h"
#include "engine/internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/near.h"
#include "base/words.h"
#include "genome/fields.h"
#include "genome/vocab.h"

enum { MAX_TOKENS = 24 };

typedef struct tok {
	const char *s;
	size_t n;
} tok;

struct lp { /* one line being parsed */
	tok t[MAX_TOKENS];
	int nt;
	long line;
	c2_err *err;
};
typedef struct lp lp;

/* An error on the line being parsed (c2_fail_line checks the format). */
#define fail(p, ...) c2_fail_line((p)->err, C2_EFORMAT, (p)->line, __VA_ARGS__)

static bool tok_is(const tok *t, const char *w)
{
	return t->n == strlen(w) && !strncmp(t->s, w, t->n);
}

/* Decimal integer in [lo, hi], the whole token. */
static bool tok_int(const tok *t, long lo, long hi, long *out)
{
	if (t->n == 0 || t->n > 12)
		return false;
	char b[16];
	memcpy(b, t->s, t->n);
	b[t->n] = '\0';
	char *end;
	long v = strtol(b, &end, 10);
	if (*end || v < lo || v > hi || isspace((unsigned char)b[0]))
		return false;
	*out = v;
	return true;
}

/* Ticks: N, or N followed by s, m or h (creature seconds, minutes, hours). */
static bool tok_time(const tok *t, uint64_t *out)
{
	if (t->n == 0 || t->n > 15)
		return false;
	uint64_t mul = 1;
	size_t n = t->n;
	switch (t->s[n - 1]) {
	case 's': mul = CREATURE_TICKS_PER_SECOND; n--; break;
	case 'm': mul = 60u * CREATURE_TICKS_PER_SECOND; n--; break;
	case 'h': mul = 3600u * CREATURE_TICKS_PER_SECOND; n--; break;
	default: break;
	}
	if (n == 0)
		return false;
	uint64_t v = 0;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)t->s[i]))
			return false;
		v = v * 10 + (uint64_t)(t->s[i] - '0');
	}
	/* At most 15 characters: only the unit can overflow, and a time past
	 * UINT64_MAX ticks must not wrap round to a near one. */
	if (v > UINT64_MAX / mul)
		return false;
	*out = v * mul;
	return true;
}

/* Tokens [i, j) joined with single spaces, looked up in a vocabulary (or
 * read as a number 0..max). */
static int lookup(lp *p, int i, int j, const genome_vocab *v, int max, const char *what, int *out)
{
	if (i >= j)
		return fail(p, "missing %s", what);
	long num;
	if (j == i + 1 && tok_int(&p->t[i], 0, max, &num)) {
		*out = (int)num;
		return 0;
	}
	char buf[128];
	size_t o = 0;
	for (int k = i; k < j; k++) {
		if (o + p->t[k].n + 2 >= sizeof buf)
			return fail(p, "%s name too long", what);
		if (k > i)
			buf[o++] = ' ';
		memcpy(buf + o, p->t[k].s, p->t[k].n);
		o += p->t[k].n;
	}
	buf[o] = '\0';
	int x = v ? genome_vocab_find(v, buf, o) : -1;
	if (x < 0) {
		char hint[160] = "";
		if (v)
			genome_vocab_hint(v, buf, o, hint, sizeof hint);
		return fail(p, "unknown %s '%s'%s", what, buf, hint);
	}
	*out = x;
	return 0;
}

static int parse_byte(lp *p, int i, const char *what, int *out)
{
	long v;
	if (i >= p->nt || !tok_int(&p->t[i], 0, 255, &v))
		return fail(p, "%s must be a number 0..255", what);
	*out = (int)v;
	return 0;
}

/* CHEMICAL AMOUNT pairs from token i on (single-token names: use '_' or '-'
 * for spaces), at most 4. */
static int parse_doses(lp *p, int i, int end, creature_event *e)
{
	e->n = 0;
	while (i < end) {
		if (e->n == 4)
			return fail(p, "at most 4 chemical doses");
		if (i + 1 >= end)
			return fail(p, "chemical '%.*s' has no amount", (int)p->t[i].n, p->t[i].s);
		int chem = 0, amount = 0;
		int rc = lookup(p, i, i + 1, &genome_chemicals, 255, "chemical", &chem);
		if (rc || (rc = parse_byte(p, i + 1, "amount", &amount)))
			return rc;
		e->chems[e->n] = (uint8_t)chem;
		e->amounts[e->n] = (uint8_t)amount;
		e->n++;
		i += 2;
	}
	return 0;
}

/* "... from CATEGORY" at the end of a command: returns the index where the
 * command's own arguments stop, and sets e->from. */
static int parse_from(lp *p, int first, creature_event *e, int *stop)
{
	e->from = -1;
	*stop = p->nt;
	for (int k = p->nt - 1; k >= first; k--)
		if (tok_is(&p->t[k], "from")) {
			*stop = k;
			return lookup(p, k + 1, p->nt, &genome_categories, 255, "object category", &e->from);
		}
	return 0;
}

/* ---- the commands: ONE table (name, usage, parse, apply) -----------------
 * Each parser reads the command's arguments, tokens [a, p->nt), into e;
 * each applier performs it on the creature through the engine's inputs. */

static int usage_fail(lp *p, const char *cmd);

static int parse_inject(lp *p, int a, creature_event *e)
{
	long v;
	if (p->nt - a < 2)
		return usage_fail(p, "inject");
	if (!tok_int(&p->t[p->nt - 1], -255, 255, &v))
		return fail(p, "inject: amount must be -255..255");
	e->b = (int)v;
	return lookup(p, a, p->nt - 1, &genome_chemicals, 255, "chemical", &e->a);
}

static void apply_inject(const creature_event *e, creature *c)
{
	creature_inject(c, (uint8_t)e->a, e->b);
}

static int parse_stimulus(lp *p, int a, creature_event *e)
{
	int rc, stop;
	if ((rc = parse_from(p, a, e, &stop)) != 0)
		return rc;
	return lookup(p, a, stop, &genome_stimuli, 255, "stimulus", &e->a);
}

static void apply_stimulus(const creature_event *e, creature *c)
{
	creature_stimulus(c, (uint8_t)e->a, e->from, 255);
}

/* FEATURES: "none", a number, or comma-separated feature names. */
static int parse_features(lp *p, const tok *f, int *out)
{
	*out = genome_parse_flags(f->s, f->n, genome_stim_feature_names);
	if (*out < 0)
		return fail(p, "stim: unknown features '%.*s'", (int)f->n, f->s);
	return 0;
}

static int parse_stim(lp *p, int a, creature_event *e)
{
	int rc, stop;
	if ((rc = parse_from(p, a, e, &stop)) != 0)
		return rc;
	if (stop - a < 4)
		return usage_fail(p, "stim");
	int sig = 0, sense = 0, inten = 0, feat = 0;
	if ((rc = parse_byte(p, a, "significance", &sig)) != 0)
		return rc;
	if (tok_is(&p->t[a + 1], "none"))
		sense = 255;
	else if ((rc = lookup(p, a + 1, a + 2, &genome_senses, 255, "sense", &sense)) != 0)
		return rc;
	if ((rc = parse_byte(p, a + 2, "intensity", &inten)) != 0)
		return rc;
	if ((rc = parse_features(p, &p->t[a + 3], &feat)) != 0)
		return rc;
	memset(&e->stim, 0, sizeof e->stim);
	e->stim.significance = (uint8_t)sig;
	e->stim.sense = (uint8_t)sense;
	e->stim.intensity = (uint8_t)inten;
	e->stim.features = (uint8_t)feat;
	if ((rc = parse_doses(p, a + 4, stop, e)) != 0)
		return rc;
	for (int k = 0; k < e->n; k++) {
		e->stim.dose[k].chemical = e->chems[k];
		e->stim.dose[k].amount = e->amounts[k];
	}
	return 0;
}

static void apply_stim(const creature_event *e, creature *c)
{
	creature_stimulus_explicit(c, &e->stim, e->from, 255);
}

static int parse_word(lp *p, int a, creature_event *e)
{
	if (p->nt - a < 2)
		return usage_fail(p, "word");
	if (tok_is(&p->t[a], "verb")) {
		e->a = GENOME_LOBE_VERB;
		return lookup(p, a + 1, p->nt, &genome_actions, 255, "verb", &e->b);
	}
	if (tok_is(&p->t[a], "noun")) {
		e->a = GENOME_LOBE_NOUN;
		return lookup(p, a + 1, p->nt, &genome_categories, 255, "noun", &e->b);
	}
	return fail(p, "word: expected 'verb' or 'noun'");
}

static void apply_word(const creature_event *e, creature *c)
{
	creature_hear(c, (unsigned)e->a, (unsigned)e->b);
}

/* sleep, wake, kill */
static int parse_none(lp *p, int a, creature_event *e)
{
	(void)e;
	if (p->nt != a)
		return fail(p, "%.*s takes no arguments", (int)p->t[a - 1].n, p->t[a - 1].s);
	return 0;
}

static void apply_sleep(const creature_event *e, creature *c)
{
	(void)e;
	creature_sleep(c);
}

static void apply_wake(const creature_event *e, creature *c)
{
	(void)e;
	creature_wake(c);
}

static void apply_kill(const creature_event *e, creature *c)
{
	(void)e;
	creature_kill(c);
}

static int parse_dream(lp *p, int a, creature_event *e)
{
	long v;
	if (p->nt - a != 1 || !tok_int(&p->t[a], 1, 100000, &v))
		return usage_fail(p, "dream");
	e->a = (int)v;
	return 0;
}

static void apply_dream(const creature_event *e, creature *c)
{
	creature_dream(c, (unsigned)e->a);
}

static int parse_set_stage(lp *p, int a, creature_event *e)
{
	long v;
	if (p->nt - a != 1)
		return usage_fail(p, "set-stage");
	char b[16];
	char hint[160];
	genome_stage_hint(p->t[a].s, p->t[a].n, hint, sizeof hint);
	if (p->t[a].n >= sizeof b)
		return fail(p, "unknown stage%s", hint);
	memcpy(b, p->t[a].s, p->t[a].n);
	b[p->t[a].n] = '\0';
	e->a = tok_int(&p->t[a], 0, 6, &v) ? (int)v : genome_stage_by_name(b);
	if (e->a < 0)
		return fail(p, "unknown stage '%s'%s", b, hint);
	return 0;
}

static void apply_set_stage(const creature_event *e, creature *c)
{
	if (e->a > creature_stage(c))
		(void)creature_set_stage(c, e->a, NULL);
}

static int parse_injure(lp *p, int a, creature_event *e)
{
	long v;
	if (p->nt - a != 2 || !tok_int(&p->t[a], 0, 255, &v))
		return usage_fail(p, "injure");
	e->a = (int)v;
	return parse_byte(p, a + 1, "amount", &e->b);
}

static void apply_injure(const creature_event *e, creature *c)
{
	creature_injure(c, (size_t)e->a, (uint8_t)e->b);
}

static int parse_env(lp *p, int a, creature_event *e)
{
	int rc;
	if (p->nt - a != 2)
		return usage_fail(p, "env");
	if ((rc = lookup(p, a, a + 1, &genome_sensorimotor_emitters, genome_sensorimotor_emitters.n - 1,
	                 "environment locus", &e->a)) != 0)
		return rc;
	if (e->a < GENOME_SM_FIRST_ENV)
		return fail(p, "env: locus %d is maintained by the engine", e->a);
	return parse_byte(p, a + 1, "value", &e->b);
}

static void apply_env(const creature_event *e, creature *c)
{
	creature_set_env(c, (unsigned)e->a, (uint8_t)e->b);
}

static int parse_food(lp *p, int a, creature_event *e)
{
	long v;
	if (p->nt - a < 1 || !tok_int(&p->t[a], 0, 1000000, &v))
		return usage_fail(p, "food");
	e->a = (int)v;
	return parse_doses(p, a + 1, p->nt, e);
}

static void apply_food(const creature_event *e, creature *c)
{
	creature_feed(c, (unsigned)e->a, e->chems, e->amounts, e->n);
}

const creature_event_command creature_events_commands[] = {
	{"inject", "inject CHEMICAL AMOUNT", "add (or with a negative amount remove) a chemical",
	 parse_inject, apply_inject},
	{"stimulus", "stimulus STIMULUS [from CATEGORY]",
	 "the creature's own stimulus gene, by name or number", parse_stimulus, apply_stimulus},
	{"stim", "stim SIGNIFICANCE SENSE INTENSITY FEATURES [CHEMICAL AMOUNT]... [from CATEGORY]",
	 "a stimulus given by its fields (CAOS STIM)", parse_stim, apply_stim},
	{"word", "word verb|noun WORD", "a heard word: the verb or noun lobe (and 'heard user speak')",
	 parse_word, apply_word},
	{"sleep", "sleep", "put the creature to sleep (it stays asleep until 'wake')", parse_none,
	 apply_sleep},
	{"wake", "wake", "wake the creature", parse_none, apply_wake},
	{"dream", "dream N", "dream: process up to N pending instincts (1..100000)", parse_dream,
	 apply_dream},
	{"set-stage", "set-stage STAGE", "express every life stage up to STAGE now", parse_set_stage,
	 apply_set_stage},
	{"injure", "injure ORGAN AMOUNT", "damage an organ (CAOS INJR)", parse_injure, apply_injure},
	{"env", "env LOCUS VALUE", "set a sensorimotor environment locus (e.g. env light-level 40)",
	 parse_env, apply_env},
	{"food", "food PORTIONS [CHEMICAL AMOUNT]...",
	 "a supply of food portions, each giving those chemicals when eaten", parse_food, apply_food},
	{"kill", "kill", "kill the creature (CAOS DEAD)", parse_none, apply_kill},
};
const size_t creature_events_ncommands = sizeof creature_events_commands / sizeof creature_events_commands[0];

static int usage_fail(lp *p, const char *cmd)
{
	for (size_t k = 0; k < creature_events_ncommands; k++)
		if (!strcmp(creature_events_commands[k].name, cmd))
			return fail(p, "usage: %s", creature_events_commands[k].usage);
	return fail(p, "usage: %s", cmd);
}

static int parse_command(lp *p, int c, creature_event *e)
{
	const tok *cmd = &p->t[c];
	for (size_t k = 0; k < creature_events_ncommands; k++)
		if (tok_is(cmd, creature_events_commands[k].name)) {
			e->cmd = (uint8_t)k;
			return creature_events_commands[k].parse(p, c + 1, e);
		}
	c2_near q;
	c2_near_init(&q, cmd->s, cmd->n, false);
	for (size_t k = 0; k < creature_events_ncommands; k++)
		c2_near_add(&q, creature_events_commands[k].name);
	if (c2_near_best(&q))
		return fail(p, "unknown command '%.*s' (did you mean %s?)", (int)cmd->n, cmd->s,
		            c2_near_best(&q));
	return fail(p, "unknown command '%.*s'", (int)cmd->n, cmd->s);
}

/* Split s[0..n) into p's tokens at white space. */
static int tokenize(lp *p, const char *s, size_t n)
{
	p->nt = 0;
	size_t i = 0, wn;
	const char *w;
	while (c2_next_word(s, n, &i, &w, &wn)) {
		if (p->nt == MAX_TOKENS)
			return fail(p, "line has more than %d words", MAX_TOKENS);
		if (memchr(w, '\0', wn))
			return fail(p, "NUL byte in the line");
		p->t[p->nt].s = w;
		p->t[p->nt].n = wn;
		p->nt++;
	}
	return 0;
}

static int parse_line(lp *p, creature_event *e)
{
	memset(e, 0, sizeof *e);
	e->line = p->line;
	e->until = UINT64_MAX;
	int i = 0;
	if (tok_is(&p->t[0], "at")) {
		if (p->nt < 3 || !tok_time(&p->t[1], &e->at))
			return fail(p, "usage: at TIME COMMAND... (TIME: ticks, or 10s, 5m, 2h)");
		i = 2;
	} else if (tok_is(&p->t[0], "every")) {
		if (p->nt < 3 || !tok_time(&p->t[1], &e->every) || e->every == 0)
			return fail(p, "usage: every PERIOD [from TIME] [until TIME] COMMAND...");
		e->at = e->every;
		i = 2;
		for (;;) {
			if (i + 1 < p->nt && tok_is(&p->t[i], "from")) {
				if (!tok_time(&p->t[i + 1], &e->at))
					return fail(p, "every: bad 'from' time");
				i += 2;
			} else if (i + 1 < p->nt && tok_is(&p->t[i], "until")) {
				if (!tok_time(&p->t[i + 1], &e->until))
					return fail(p, "every: bad 'until' time");
				i += 2;
			} else {
				break;
			}
		}
		if (i >= p->nt)
			return fail(p, "every: missing command");
	} else {
		return fail(p, "a line starts with 'at TIME' or 'every PERIOD'");
	}
	return parse_command(p, i, e);
}

static int slot_cmp(const void *a, const void *b);

/* The schedule after events [n0, ev->n) were added: the new ones sorted by
 * (first tick, index), merged with the old order. O(n + m log m). */
static int schedule_add(creature_events *ev, size_t n0)
{
	size_t m = ev->n - n0;
	creature_events_slot *add = malloc((m ? m : 1) * sizeof *add);
	uint32_t *order = malloc((ev->n ? ev->n : 1) * sizeof *order);
	if (!add || !order) {
		free(add);
		free(order);
		return -1;
	}
	for (size_t k = 0; k < m; k++)
		add[k] = (creature_events_slot){ev->v[n0 + k].at, (uint32_t)(n0 + k)};
	qsort(add, m, sizeof *add, slot_cmp);
	size_t i = 0, j = 0, o = 0;
	while (i < n0 || j < m) {
		/* Ties: the old event has the smaller index. */
		bool old = j == m || (i < n0 && ev->v[ev->order[i]].at <= add[j].next);
		order[o++] = old ? ev->order[i++] : add[j++].i;
	}
	free(add);
	free(ev->order);
	ev->order = order;
	return 0;
}

int creature_events_append(creature_events *ev, const char *text, size_t len, c2_err *err)
{
	c2_err_clear(err);
	size_t pos = 0, n0 = ev->n;
	lp p = {.err = err, .line = ev->lines};
	int rc = 0;
	const char *s;
	size_t n;
	while (rc == 0 && c2_next_line(text, len, &pos, &s, &n)) {
		p.line++;
		const char *hash = memchr(s, '#', n);
		if (hash)
			n = (size_t)(hash - s);
		if ((rc = tokenize(&p, s, n)) != 0 || p.nt == 0)
			continue;
		if (ev->n >= EVENTS_MAX) {
			rc = fail(&p, "more than %d events (the limit of one list)", EVENTS_MAX);
			continue;
		}
		if (ev->n == ev->cap) {
			size_t ncap = ev->cap ? ev->cap * 2 : 16;
			if (ncap > EVENTS_MAX)
				ncap = EVENTS_MAX;
			creature_event *nv = realloc(ev->v, ncap * sizeof *nv);
			if (!nv) {
				rc = c2_fail_line(err, C2_ENOMEM, p.line, "out of memory");
				continue;
			}
			ev->v = nv;
			ev->cap = ncap;
		}
		if ((rc = parse_line(&p, &ev->v[ev->n])) == 0)
			ev->n++;
	}
	if (rc == 0 && schedule_add(ev, n0) != 0)
		rc = c2_fail_line(err, C2_ENOMEM, p.line, "out of memory");
	if (rc) {
		ev->n = n0; /* on error nothing was added */
		return rc;
	}
	ev->lines = p.line;
	ev->stamp = c2_hash_u64(c2_hash_bytes(ev->stamp, text, len), ev->n);
	return 0;
}

int creature_events_parse(creature_events *ev, const char *text, size_t len, c2_err *err)
{
	memset(ev, 0, sizeof *ev);
	int rc = creature_events_append(ev, text, len, err);
	if (rc)
		creature_events_free(ev);
	return rc;
}

void creature_events_free(creature_events *ev)
{
	free(ev->v);
	free(ev->order);
	memset(ev, 0, sizeof *ev);
}

/* ---- the schedule ------------------------------------------------------------ */

bool creature_events_is_due(const creature_event *e, uint64_t t)
{
	if (t < e->at || t > e->until)
		return false;
	return e->every ? (t - e->at) % e->every == 0 : t == e->at;
}

/* Slots by tick, then file order: the schedule's and the heap's order. */
static bool slot_before(const creature_events_slot *a, const creature_events_slot *b)
{
	return a->next != b->next ? a->next < b->next : a->i < b->i;
}

static int slot_cmp(const void *a, const void *b)
{
	const creature_events_slot *x = a, *y = b;
	return slot_before(x, y) ? -1 : slot_before(y, x) ? 1 : 0;
}

static void heap_up(creature_events_slot *h, size_t k)
{
	while (k > 0) {
		size_t p = (k - 1) / 2;
		if (!slot_before(&h[k], &h[p]))
			break;
		creature_events_slot x = h[k];
		h[k] = h[p];
		h[p] = x;
		k = p;
	}
}

static void heap_down(creature_events_slot *h, size_t n, size_t k)
{
	for (;;) {
		size_t l = 2 * k + 1, m = k;
		if (l < n && slot_before(&h[l], &h[m]))
			m = l;
		if (l + 1 < n && slot_before(&h[l + 1], &h[m]))
			m = l + 1;
		if (m == k)
			return;
		creature_events_slot x = h[k];
		h[k] = h[m];
		h[m] = x;
		k = m;
	}
}

/* The first tick >= t on e's progression (at, at + every, ...) within its
 * bounds, for a repeating event that began before t; false when none. */
static bool next_due(const creature_event *e, uint64_t t, uint64_t *next)
{
	uint64_t d = t - e->at, k = d / e->every + (d % e->every != 0);
	if (k > (UINT64_MAX - e->at) / e->every)
		return false;
	*next = e->at + k * e->every;
	return *next <= e->until;
}

/* Put a repeating event that was due at t back, due at t + every. */
static void reschedule(creature_events_cursor *cur, const creature_event *e, uint32_t i, uint64_t t)
{
	if (e->every > UINT64_MAX - t || t + e->every > e->until)
		return;
	cur->heap[cur->nheap] = (creature_events_slot){t + e->every, i};
	heap_up(cur->heap, cur->nheap++);
}

/* Build cur for ev at tick t: O(n). */
static int cursor_build(const creature_events *ev, creature_events_cursor *cur, uint64_t t)
{
	creature_events_cursor_free(cur);
	size_t n = ev->n;
	/* One block: the heap (at most every event), and the answer with room
	 * for the two lists it is merged from (2n indices). */
	void *mem = malloc(n * (sizeof(creature_events_slot) + 2 * sizeof(uint32_t)));
	if (!mem)
		return -1;
	cur->heap = mem;
	cur->due = (uint32_t *)(cur->heap + n);
	/* The schedule's first entry whose tick is still to come. */
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ev->v[ev->order[mid]].at < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	cur->pos = lo;
	/* The repeating events already begun, at their next tick. */
	for (size_t i = 0; i < n; i++) {
		const creature_event *e = &ev->v[i];
		uint64_t next;
		if (e->every && e->at < t && next_due(e, t, &next))
			cur->heap[cur->nheap++] = (creature_events_slot){next, (uint32_t)i};
	}
	for (size_t k = cur->nheap / 2; k-- > 0;)
		heap_down(cur->heap, cur->nheap, k);
	cur->ev = ev;
	cur->stamp = ev->stamp;
	cur->n = n;
	cur->tick = t;
	return 0;
}

long creature_events_due(const creature_events *ev, creature_events_cursor *cur, uint64_t t, const uint32_t **due)
{
	*due = NULL;
	if (ev->n == 0)
		return 0;
	if ((cur->ev != ev || cur->stamp != ev->stamp || cur->n != ev->n || cur->tick != t) &&
	    cursor_build(ev, cur, t) != 0)
		return -1;
	cur->tick = t + 1;
	*due = cur->due;
	/* Most ticks: nothing begins and nothing repeats. */
	if (!(cur->pos < ev->n && ev->v[ev->order[cur->pos]].at == t) &&
	    !(cur->nheap && cur->heap[0].next == t))
		return 0;
	/* Two lists, each in file order: the events whose first tick is t
	 * (from the schedule), and the begun repeating ones due now (off the
	 * heap); merged by index into the front of cur->due. */
	size_t n = ev->n, na = 0, nb = 0;
	uint32_t *a = cur->due + n;
	while (cur->pos < n && ev->v[ev->order[cur->pos]].at == t) {
		uint32_t i = ev->order[cur->pos++];
		if (t <= ev->v[i].until) /* an `every` may end before it begins */
			a[na++] = i;
	}
	uint32_t *b = a + na;
	while (cur->nheap && cur->heap[0].next == t) {
		b[nb++] = cur->heap[0].i;
		cur->heap[0] = cur->heap[--cur->nheap];
		heap_down(cur->heap, cur->nheap, 0);
	}
	size_t i = 0, j = 0, k = 0;
	while (i < na || j < nb)
		cur->due[k++] = j == nb || (i < na && a[i] < b[j]) ? a[i++] : b[j++];
	for (k = 0; k < na + nb; k++)
		if (ev->v[cur->due[k]].every)
			reschedule(cur, &ev->v[cur->due[k]], cur->due[k], t);
	return (long)(na + nb);
}

void creature_events_cursor_free(creature_events_cursor *cur)
{
	free(cur->heap);
	memset(cur, 0, sizeof *cur);
}

void eng_events_apply(const creature_events *ev, creature *c)
{
	uint64_t t = creature_ticks(c);
	const uint32_t *due;
	long n = creature_events_due(ev, &c->evcur, t, &due);
	if (n < 0) {
		/* Out of memory for the cursor: the same events, found the slow way. */
		for (size_t i = 0; i < ev->n; i++)
			if (creature_events_is_due(&ev->v[i], t))
				creature_events_commands[ev->v[i].cmd].apply(&ev->v[i], c);
		return;
	}
	for (long k = 0; k < n; k++)
		creature_events_commands[ev->v[due[k]].cmd].apply(&ev->v[due[k]], c);
}
