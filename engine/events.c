/* events.c — parse and apply the timed-event text format (see events.h). */
#include "engine/events.h"
#include "engine/internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genome/vocab.h"

enum { MAX_TOKENS = 24, MAX_EVENTS = 100000 };

typedef struct tok {
	const char *s;
	size_t n;
} tok;

typedef struct lp { /* one line being parsed */
	tok t[MAX_TOKENS];
	int nt;
	long line;
	c2_err *err;
} lp;

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
	case 's': mul = C2_TICKS_PER_SECOND; n--; break;
	case 'm': mul = 60u * C2_TICKS_PER_SECOND; n--; break;
	case 'h': mul = 3600u * C2_TICKS_PER_SECOND; n--; break;
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
	*out = v * mul;
	return true;
}

/* Tokens [i, j) joined with single spaces, looked up in a vocabulary (or
 * read as a number 0..max). */
static int lookup(lp *p, int i, int j, const c2_vocab *v, int max, const char *what, int *out)
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
	int x = v ? c2_vocab_find(v, buf, o) : -1;
	if (x < 0)
		return fail(p, "unknown %s '%s'", what, buf);
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
static int parse_doses(lp *p, int i, int end, event *e)
{
	e->n = 0;
	while (i < end) {
		if (e->n == 4)
			return fail(p, "at most 4 chemical doses");
		if (i + 1 >= end)
			return fail(p, "chemical '%.*s' has no amount", (int)p->t[i].n, p->t[i].s);
		int chem = 0, amount = 0;
		int rc = lookup(p, i, i + 1, &c2_chemicals, 255, "chemical", &chem);
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
static int parse_from(lp *p, int first, event *e, int *stop)
{
	e->from = -1;
	*stop = p->nt;
	for (int k = p->nt - 1; k >= first; k--)
		if (tok_is(&p->t[k], "from")) {
			*stop = k;
			return lookup(p, k + 1, p->nt, &c2_categories, 255, "object category", &e->from);
		}
	return 0;
}

static int parse_command(lp *p, int c, event *e)
{
	const tok *cmd = &p->t[c];
	int a = c + 1, rc, stop;
	long v;
	if (tok_is(cmd, "inject")) {
		e->kind = EV_INJECT;
		if (p->nt - a < 2)
			return fail(p, "usage: inject CHEMICAL AMOUNT");
		if (!tok_int(&p->t[p->nt - 1], -255, 255, &v))
			return fail(p, "inject: amount must be -255..255");
		e->b = (int)v;
		return lookup(p, a, p->nt - 1, &c2_chemicals, 255, "chemical", &e->a);
	}
	if (tok_is(cmd, "stimulus")) {
		e->kind = EV_STIMULUS;
		if ((rc = parse_from(p, a, e, &stop)) != 0)
			return rc;
		return lookup(p, a, stop, &c2_stimuli, 255, "stimulus", &e->a);
	}
	if (tok_is(cmd, "stim")) {
		e->kind = EV_STIM;
		if ((rc = parse_from(p, a, e, &stop)) != 0)
			return rc;
		if (stop - a < 4)
			return fail(p, "usage: stim SIGNIFICANCE SENSE INTENSITY FEATURES [CHEMICAL AMOUNT]...");
		int sig = 0, sense = 0, inten = 0;
		if ((rc = parse_byte(p, a, "significance", &sig)) != 0)
			return rc;
		if (tok_is(&p->t[a + 1], "none"))
			sense = 255;
		else if ((rc = lookup(p, a + 1, a + 2, &c2_senses, 255, "sense", &sense)) != 0)
			return rc;
		if ((rc = parse_byte(p, a + 2, "intensity", &inten)) != 0)
			return rc;
		static const char *const bits[8] = {"modulate", "add-offset", "asleep"};
		int feat = 0;
		const tok *f = &p->t[a + 3];
		if (!tok_is(f, "none")) {
			/* comma-separated flag words, or a number */
			if (tok_int(f, 0, 255, &v)) {
				feat = (int)v;
			} else {
				size_t i = 0;
				while (i < f->n) {
					size_t j = i;
					while (j < f->n && f->s[j] != ',')
						j++;
					int bit = -1;
					for (int b = 0; b < 3; b++)
						if (strlen(bits[b]) == j - i && !strncmp(bits[b], f->s + i, j - i))
							bit = b;
					if (bit < 0)
						return fail(p, "stim: unknown feature '%.*s'", (int)(j - i), f->s + i);
					feat |= 1 << bit;
					i = j + 1;
				}
			}
		}
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
	if (tok_is(cmd, "word")) {
		e->kind = EV_WORD;
		if (p->nt - a < 2)
			return fail(p, "usage: word verb|noun WORD");
		if (tok_is(&p->t[a], "verb")) {
			e->a = C2_LOBE_VERB;
			return lookup(p, a + 1, p->nt, &c2_actions, 255, "verb", &e->b);
		}
		if (tok_is(&p->t[a], "noun")) {
			e->a = C2_LOBE_NOUN;
			return lookup(p, a + 1, p->nt, &c2_categories, 255, "noun", &e->b);
		}
		return fail(p, "word: expected 'verb' or 'noun'");
	}
	if (tok_is(cmd, "sleep") || tok_is(cmd, "wake") || tok_is(cmd, "kill")) {
		e->kind = tok_is(cmd, "sleep") ? EV_SLEEP : tok_is(cmd, "wake") ? EV_WAKE : EV_KILL;
		if (p->nt != a)
			return fail(p, "%.*s takes no arguments", (int)cmd->n, cmd->s);
		return 0;
	}
	if (tok_is(cmd, "dream")) {
		e->kind = EV_DREAM;
		if (p->nt - a != 1 || !tok_int(&p->t[a], 1, 100000, &v))
			return fail(p, "usage: dream N (instincts to process, 1..100000)");
		e->a = (int)v;
		return 0;
	}
	if (tok_is(cmd, "set-stage")) {
		e->kind = EV_SET_STAGE;
		if (p->nt - a != 1)
			return fail(p, "usage: set-stage STAGE");
		char b[16];
		if (p->t[a].n >= sizeof b)
			return fail(p, "unknown stage");
		memcpy(b, p->t[a].s, p->t[a].n);
		b[p->t[a].n] = '\0';
		e->a = tok_int(&p->t[a], 0, 6, &v) ? (int)v : genome_stage_by_name(b);
		if (e->a < 0)
			return fail(p, "unknown stage '%s'", b);
		return 0;
	}
	if (tok_is(cmd, "injure")) {
		e->kind = EV_INJURE;
		if (p->nt - a != 2 || !tok_int(&p->t[a], 0, 255, &v))
			return fail(p, "usage: injure ORGAN AMOUNT");
		e->a = (int)v;
		return parse_byte(p, a + 1, "amount", &e->b);
	}
	if (tok_is(cmd, "env")) {
		e->kind = EV_ENV;
		if (p->nt - a != 2)
			return fail(p, "usage: env LOCUS VALUE (e.g. env light-level 40)");
		if ((rc = lookup(p, a, a + 1, &c2_sensorimotor_emitters, 13, "environment locus", &e->a)) != 0)
			return rc;
		if (e->a < 2)
			return fail(p, "env: locus %d is maintained by the engine", e->a);
		return parse_byte(p, a + 1, "value", &e->b);
	}
	if (tok_is(cmd, "food")) {
		e->kind = EV_FOOD;
		if (p->nt - a < 1 || !tok_int(&p->t[a], 0, 1000000, &v))
			return fail(p, "usage: food PORTIONS [CHEMICAL AMOUNT]...");
		e->a = (int)v;
		return parse_doses(p, a + 1, p->nt, e);
	}
	return fail(p, "unknown command '%.*s'", (int)cmd->n, cmd->s);
}

static int parse_line(lp *p, event *e)
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

int events_parse(events *ev, const char *text, size_t len, c2_err *err)
{
	memset(ev, 0, sizeof *ev);
	c2_err_clear(err);
	size_t cap = 0, pos = 0;
	lp p = {.err = err};
	while (pos < len) {
		size_t end = pos;
		while (end < len && text[end] != '\n')
			end++;
		p.line++;
		const char *s = text + pos;
		size_t n = end - pos;
		pos = end + 1;
		const char *hash = memchr(s, '#', n);
		if (hash)
			n = (size_t)(hash - s);
		p.nt = 0;
		size_t i = 0;
		while (i < n) {
			while (i < n && isspace((unsigned char)s[i]))
				i++;
			size_t st = i;
			while (i < n && !isspace((unsigned char)s[i]))
				i++;
			if (i == st)
				break;
			if (p.nt == MAX_TOKENS) {
				events_free(ev);
				return fail(&p, "line has more than %d words", MAX_TOKENS);
			}
			if (memchr(s + st, '\0', i - st)) {
				events_free(ev);
				return fail(&p, "NUL byte in the line");
			}
			p.t[p.nt].s = s + st;
			p.t[p.nt].n = i - st;
			p.nt++;
		}
		if (p.nt == 0)
			continue;
		if (ev->n == cap) {
			if (cap >= MAX_EVENTS) {
				events_free(ev);
				return fail(&p, "more than %d events", MAX_EVENTS);
			}
			size_t ncap = cap ? cap * 2 : 16;
			event *nv = realloc(ev->v, ncap * sizeof *nv);
			if (!nv) {
				events_free(ev);
				return c2_fail_line(err, C2_ENOMEM, p.line, "out of memory");
			}
			ev->v = nv;
			cap = ncap;
		}
		int rc = parse_line(&p, &ev->v[ev->n]);
		if (rc) {
			events_free(ev);
			return rc;
		}
		ev->n++;
	}
	return 0;
}

void events_free(events *ev)
{
	free(ev->v);
	ev->v = NULL;
	ev->n = 0;
}

static bool due(const event *e, uint64_t t)
{
	if (t < e->at || t > e->until)
		return false;
	return e->every ? (t - e->at) % e->every == 0 : t == e->at;
}

void eng_events_apply(const events *ev, creature *c)
{
	uint64_t t = creature_ticks(c);
	for (size_t i = 0; i < ev->n; i++) {
		const event *e = &ev->v[i];
		if (!due(e, t))
			continue;
		switch (e->kind) {
		case EV_INJECT:
			creature_inject(c, (uint8_t)e->a, e->b);
			break;
		case EV_STIMULUS:
			creature_stimulus(c, (uint8_t)e->a, e->from, 255);
			break;
		case EV_STIM:
			creature_stimulus_explicit(c, &e->stim, e->from, 255);
			break;
		case EV_WORD:
			creature_hear(c, (unsigned)e->a, (unsigned)e->b);
			break;
		case EV_SLEEP:
			creature_sleep(c);
			break;
		case EV_WAKE:
			creature_wake(c);
			break;
		case EV_DREAM:
			creature_dream(c, (unsigned)e->a);
			break;
		case EV_SET_STAGE:
			if (e->a > creature_stage(c))
				(void)creature_set_stage(c, e->a, NULL);
			break;
		case EV_KILL:
			creature_kill(c);
			break;
		case EV_INJURE:
			creature_injure(c, (size_t)e->a, (uint8_t)e->b);
			break;
		case EV_ENV:
			creature_set_env(c, (unsigned)e->a, (uint8_t)e->b);
			break;
		case EV_FOOD:
			creature_feed(c, (unsigned)e->a, e->chems, e->amounts, e->n);
			break;
		}
	}
}
