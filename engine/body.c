/* body.c — a creature's alternative body: how the creature drives it (the
 * wiring), how it acts back on the creature, and its place in snapshots.
 *
 * Each world tick, after the world stand-in (actions.c):
 *   1. every effector gets its drive from the wiring: a wave (the body's
 *      rhythm, the f0 muscle's own network input, or a constant) times the
 *      product of its creature signals and numbers, plus an offset; a drive
 *      that comes to nothing leaves the effector undriven;
 *   2. the f0 network's C2In neurons get their creature signals;
 *   3. the body runs one tick (body_sim_tick);
 *   4. C2Out neurons write their signals to floating loci;
 *   5. the body acts on the creature: the muscle-energy locus follows the
 *      muscles' power, the slope loci the body's pitch, the wind loci its
 *      speed along its heading; hard contacts, touches and falls fire
 *      stimuli.
 *
 * The default wiring (one table, default_wire) works for any body. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/near.h"
#include "base/words.h"
#include "body/load.h"
#include "engine/internal.h"

/* ---- creature signals ------------------------------------------------------------
 * X(name, arguments, what it gives, 0..1) — the wiring file's signal words
 * and the C2In/C2Out neurons' s= specs ("drive:hunger" = "drive hunger"). */
#define ENG_SIGNALS(X)                                                                      \
	X(activity, 0, "the decided action's effort / 32, at most 1 (0 while asleep, resting or dead)") \
	X(action, 1, "1 while the decided action is NAME, else 0")                              \
	X(gait, 1, "gait locus N (creature/sensorimotor receptor 8+N) / 255")                   \
	X(drive, 1, "drive NAME / 255")                                                         \
	X(chem, 1, "chemical NAME / 255")                                                       \
	X(lobe, 2, "output of cell CELL of lobe LOBE (name or number) / 255")                   \
	X(float, 1, "floating locus N / 255 (the one signal C2Out neurons may write)")

typedef enum eng_signal_kind {
#define X(nm, args, help) SIG_##nm,
	ENG_SIGNALS(X)
#undef X
	SIG_N
} eng_signal_kind;

static const struct {
	const char *name;
	int args;
} signals[SIG_N] = {
#define X(nm, args, help) {#nm, args},
	ENG_SIGNALS(X)
#undef X
};

typedef struct eng_signal {
	uint8_t kind;
	uint16_t a, b;
} eng_signal;

enum { MAX_FACTORS = 8, NSTIM_KINDS = CREATURE_BSTIM_N };

/* What drives one effector. */
typedef struct eng_wire {
	uint8_t mode;      /* body_drive_mode: the wave */
	bool auto_phase;   /* the rhythm's phase from the gait pattern */
	double phase, gain, offset;
	uint8_t nsig;
	eng_signal sig[MAX_FACTORS];
} eng_wire;

/* The stimulus each body stimulus kind fires (CREATURE_BODY_STIMULI). */
static const struct {
	const char *name, *value;
	uint8_t stimulus;
} body_stims[CREATURE_BSTIM_N] = {
#define X(id, nm, stim, val, when) {nm, val, GENOME_STIM_##stim},
	CREATURE_BODY_STIMULI(X)
#undef X
};

struct eng_body {
	uint8_t source;      /* body_source */
	char *genotype;
	uint8_t *text;       /* the body file, for snapshots */
	size_t len;
	char *wiring;        /* the wiring file, or NULL for the default */
	size_t wiring_len;
	body_model model;
	body_sim *sim;
	c2_wbuf warnings;
	eng_wire *wire;      /* per effector */
	size_t nwire;
	eng_signal *port;    /* per C2In/C2Out port */
	bool *port_ok;
	size_t nports;
	/* state */
	uint64_t last_stim[NSTIM_KINDS];
	uint32_t falling;    /* ticks since the body began to fall (0: not falling);
	                        saved where older snapshots kept the ticks off the ground */
	double prev_touch;
	/* the last tick's output, not state (creature_body_fired) */
	unsigned fired;
	uint64_t fired_tick; /* the tick they fired in */
	double fired_value[NSTIM_KINDS];
};

/* ---- signals ---------------------------------------------------------------------- */

static double signal_value(const creature *c, const eng_signal *s)
{
	switch ((eng_signal_kind)s->kind) {
	case SIG_activity: {
		/* the stand-in's effort table (actions.c): eating or dropping (32)
		 * and anything livelier drives fully, quiescence (8) a quarter */
		double a = eng_action_effort(c) / 32.0;
		return a > 1 ? 1 : a;
	}
	case SIG_action:
		return !c->death && !c->asleep && c->action == (int)s->a ? 1 : 0;
	case SIG_gait:
		return c->gait[s->a] / 255.0;
	case SIG_drive:
		return c->drives[s->a] / 255.0;
	case SIG_chem:
		return bc_chem_get(c->bc, (uint8_t)s->a) / 255.0;
	case SIG_lobe: {
		int v = brain_output(c->brain, s->a, s->b);
		return v > 0 ? v / 255.0 : 0;
	}
	case SIG_float:
		return c->floating[s->a] / 255.0;
	default:
		return 0;
	}
}

static bool is_number(const char *w, size_t n, double *out)
{
	char buf[48];
	if (n == 0 || n >= sizeof buf)
		return false;
	memcpy(buf, w, n);
	buf[n] = '\0';
	char *end;
	double v = strtod(buf, &end);
	if (*end || !isfinite(v))
		return false;
	*out = v;
	return true;
}

/* A number or a name of `v` in w[0..n) into *out (< limit). */
static bool name_or_number(const genome_vocab *v, const char *w, size_t n, int limit, uint16_t *out)
{
	int x = v ? genome_vocab_find(v, w, n) : -1;
	double d;
	if (x < 0) {
		if (!is_number(w, n, &d) || d < 0 || d != floor(d))
			return false;
		x = (int)(d > 65535 ? 65535 : d);
	}
	if (x >= limit)
		return false;
	*out = (uint16_t)x;
	return true;
}

/* The signal or wave name nearest a mistyped word (base/near.h), or NULL. */
static const char *near_signal(const char *w, size_t n)
{
	c2_near q;
	c2_near_init(&q, w, n, false);
	for (int k = 0; k < SIG_N; k++)
		c2_near_add(&q, signals[k].name);
	c2_near_add(&q, "rhythm");
	c2_near_add(&q, "own");
	return c2_near_best(&q);
}

/* Words of a signal: its name then its arguments. Returns the words used
 * (0 when w[0] names no signal), or -1 with a reason in why. */
static int parse_signal(const char *const *w, const size_t *wn, int nw, eng_signal *s,
                        char *why, size_t whyn)
{
	int k = 0;
	while (k < SIG_N && !(strlen(signals[k].name) == wn[0] &&
	                      memcmp(signals[k].name, w[0], wn[0]) == 0))
		k++;
	if (k == SIG_N)
		return 0;
	if (nw < 1 + signals[k].args) {
		snprintf(why, whyn, "'%s' needs %d argument%s", signals[k].name, signals[k].args,
		         signals[k].args == 1 ? "" : "s");
		return -1;
	}
	s->kind = (uint8_t)k;
	s->a = s->b = 0;
	bool ok = true;
	const char *what = "";
	const genome_vocab *names = NULL; /* the vocabulary of its argument, for the hint */
	switch ((eng_signal_kind)k) {
	case SIG_action:
		ok = name_or_number(&genome_actions, w[1], wn[1], GENOME_NACTIONS, &s->a), what = "an action";
		names = &genome_actions;
		break;
	case SIG_gait:
		ok = name_or_number(NULL, w[1], wn[1], GENOME_RL_GAIT_N, &s->a), what = "a gait locus number";
		break;
	case SIG_drive:
		ok = name_or_number(&genome_drives, w[1], wn[1], GENOME_NDRIVES, &s->a), what = "a drive";
		names = &genome_drives;
		break;
	case SIG_chem:
		ok = name_or_number(&genome_chemicals, w[1], wn[1], 256, &s->a), what = "a chemical";
		names = &genome_chemicals;
		break;
	case SIG_lobe:
		ok = name_or_number(&genome_lobes, w[1], wn[1], 256, &s->a) &&
		     name_or_number(NULL, w[2], wn[2], 65535, &s->b);
		what = "a lobe and a cell number";
		break;
	case SIG_float:
		ok = name_or_number(NULL, w[1], wn[1], GENOME_NFLOATING, &s->a), what = "a floating locus number";
		break;
	default:
		break;
	}
	if (!ok) {
		char hint[160] = "";
		if (names)
			genome_vocab_hint(names, w[1], wn[1], hint, sizeof hint);
		snprintf(why, whyn, "'%s' wants %s, not '%.*s'%s", signals[k].name, what, (int)wn[1], w[1],
		         hint);
		return -1;
	}
	return 1 + signals[k].args;
}

/* ---- the wiring ------------------------------------------------------------------- */

/* The default wiring, one row per kind of effector: X(kind, wave, help). Every
 * row's factor is `activity`, so a creature that rests, sleeps or dies drives
 * nothing; the rhythm's phase follows the gait pattern. */
#define DEFAULT_WIRING(X)                                                                  \
	X(f0_fed, BODY_DRIVE_OWN, "f0 muscle with inputs: own x activity (its network's signal)") \
	X(f0_bare, BODY_DRIVE_RHYTHM, "f0 muscle without inputs: rhythm x activity")           \
	X(xode, BODY_DRIVE_RHYTHM, "XODE hinge or slider: rhythm x activity")

static const struct {
	const char *kind;
	body_drive_mode wave;
} default_rows[] = {
#define X(k, w, h) {#k, w},
	DEFAULT_WIRING(X)
#undef X
};

static void default_wire(const body_effector *e, eng_wire *w)
{
	int row = e->neuron < 0 ? 2 : e->has_input ? 0 : 1;
	memset(w, 0, sizeof *w);
	w->mode = (uint8_t)default_rows[row].wave;
	w->auto_phase = true;
	w->gain = 1;
	w->nsig = 1;
	w->sig[0].kind = SIG_activity;
}


enum { MAX_WORDS = 48 };

/* Parse the right side of a wiring line (words w[0..nw)) into *out. */
static bool parse_drive(const char *const *w, const size_t *wn, int nw, eng_wire *out, char *why,
                        size_t whyn)
{
	memset(out, 0, sizeof *out);
	out->mode = BODY_DRIVE_CONST;
	out->gain = 1;
	bool wave = false;
	int i = 0;
	while (i < nw) {
		/* a trailing "+ N" or "- N" is the offset */
		if (wn[i] == 1 && (w[i][0] == '+' || w[i][0] == '-')) {
			double v;
			if (i + 2 != nw || !is_number(w[i + 1], wn[i + 1], &v)) {
				snprintf(why, whyn, "'%c' must be followed by a number, and end the line", w[i][0]);
				return false;
			}
			out->offset = w[i][0] == '-' ? -v : v;
			return true;
		}
		double v;
		eng_signal s;
		int used;
		if (is_number(w[i], wn[i], &v)) {
			out->gain *= v;
			used = 1;
		} else if ((wn[i] == 6 && memcmp(w[i], "rhythm", 6) == 0) ||
		           (wn[i] > 7 && memcmp(w[i], "rhythm@", 7) == 0)) {
			if (wave) {
				snprintf(why, whyn, "one wave (rhythm, own) a line");
				return false;
			}
			wave = true;
			out->mode = BODY_DRIVE_RHYTHM;
			out->auto_phase = wn[i] == 6;
			if (!out->auto_phase && !is_number(w[i] + 7, wn[i] - 7, &out->phase)) {
				snprintf(why, whyn, "rhythm@PHASE wants a phase in cycles, not '%.*s'", (int)wn[i],
				         w[i]);
				return false;
			}
			used = 1;
		} else if (wn[i] == 3 && memcmp(w[i], "own", 3) == 0) {
			if (wave) {
				snprintf(why, whyn, "one wave (rhythm, own) a line");
				return false;
			}
			wave = true;
			out->mode = BODY_DRIVE_OWN;
			used = 1;
		} else if ((used = parse_signal(w + i, wn + i, nw - i, &s, why, whyn)) > 0) {
			if (out->nsig == MAX_FACTORS) {
				snprintf(why, whyn, "at most %d signals a line", MAX_FACTORS);
				return false;
			}
			out->sig[out->nsig++] = s;
		} else {
			if (used == 0 && near_signal(w[i], wn[i]))
				snprintf(why, whyn, "'%.*s' is not a number, a wave or a signal (did you mean %s?)",
				         (int)wn[i], w[i], near_signal(w[i], wn[i]));
			else if (used == 0)
				snprintf(why, whyn, "'%.*s' is not a number, a wave (rhythm, own) or a signal "
				                    "(activity, action, gait, drive, chem, lobe, float)",
				         (int)wn[i], w[i]);
			return false;
		}
		i += used;
		if (i < nw && wn[i] == 1 && w[i][0] == '*') {
			i++;
			if (i == nw) {
				snprintf(why, whyn, "nothing after '*'");
				return false;
			}
		} else if (i < nw && !(wn[i] == 1 && (w[i][0] == '+' || w[i][0] == '-'))) {
			snprintf(why, whyn, "expected '*', '+' or '-' before '%.*s'", (int)wn[i], w[i]);
			return false;
		}
	}
	if (nw == 0) {
		snprintf(why, whyn, "nothing after '<-'");
		return false;
	}
	return true;
}

int creature_set_body_wiring(creature *c, const char *text, size_t len, c2_err *err)
{
	struct eng_body *b = c->body;
	if (!b)
		return c2_fail_line(err, C2_EINVAL, 0, "the creature has no body to wire");
	eng_wire *nw = malloc((b->nwire ? b->nwire : 1) * sizeof *nw);
	char *copy = malloc(len + 1);
	if (!nw || !copy) {
		free(nw);
		free(copy);
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	}
	for (size_t i = 0; i < b->nwire; i++)
		default_wire(body_sim_effector(b->sim, i), &nw[i]);
	size_t pos = 0, n;
	const char *line;
	long ln = 0;
	while (c2_next_line(text, len, &pos, &line, &n)) {
		ln++;
		const char *hash = memchr(line, '#', n);
		if (hash)
			n = (size_t)(hash - line);
		const char *w[MAX_WORDS];
		size_t wn[MAX_WORDS];
		int nwords = 0;
		size_t p = 0;
		while (nwords < MAX_WORDS && c2_next_word(line, n, &p, &w[nwords], &wn[nwords]))
			nwords++;
		const char *dummy;
		size_t dn;
		char why[160] = "";
		if (nwords == 0)
			continue;
		if (c2_next_word(line, n, &p, &dummy, &dn)) {
			snprintf(why, sizeof why, "more than %d words", MAX_WORDS);
		} else if (nwords < 3 || wn[1] != 2 || memcmp(w[1], "<-", 2) != 0) {
			snprintf(why, sizeof why, "expected 'EFFECTOR <- SIGNAL * ...'");
		} else {
			eng_wire wire;
			bool all = wn[0] == 3 && memcmp(w[0], "all", 3) == 0;
			int e = all ? 0 : body_sim_effector_find(b->sim, w[0], wn[0]);
			if (e < 0)
				snprintf(why, sizeof why, "no effector '%.*s' (c2rt body FILE --simulate lists them)",
				         (int)wn[0], w[0]);
			else if (parse_drive(w + 2, wn + 2, nwords - 2, &wire, why, sizeof why))
				for (size_t i = all ? 0 : (size_t)e; i < (all ? b->nwire : (size_t)e + 1); i++)
					nw[i] = wire;
		}
		if (why[0]) {
			free(nw);
			free(copy);
			return c2_fail_line(err, C2_EFORMAT, ln, "%s", why);
		}
	}
	memcpy(copy, text, len);
	copy[len] = '\0';
	free(b->wire);
	free(b->wiring);
	b->wire = nw;
	b->wiring = copy;
	b->wiring_len = len;
	return 0;
}

/* ---- attaching ---------------------------------------------------------------------- */

void eng_body_free(struct eng_body *b)
{
	if (!b)
		return;
	body_sim_free(b->sim);
	body_free(&b->model);
	c2_wbuf_free(&b->warnings);
	free(b->genotype);
	free(b->text);
	free(b->wiring);
	free(b->wire);
	free(b->port);
	free(b->port_ok);
	free(b);
}

/* Resolve the C2In/C2Out ports' signal specs ("drive:hunger"). */
static int resolve_ports(struct eng_body *b, c2_err *err)
{
	b->nports = body_sim_nports(b->sim);
	b->port = calloc(b->nports ? b->nports : 1, sizeof *b->port);
	b->port_ok = calloc(b->nports ? b->nports : 1, sizeof *b->port_ok);
	if (!b->port || !b->port_ok)
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	for (size_t k = 0; k < b->nports; k++) {
		bool writes;
		int neuron;
		const char *spec = body_sim_port(b->sim, k, &writes, &neuron);
		char buf[128];
		snprintf(buf, sizeof buf, "%s", spec ? spec : "");
		for (char *p = buf; *p; p++)
			if (*p == ':')
				*p = ' ';
		const char *w[4];
		size_t wn[4];
		int nw = 0;
		size_t pos = 0;
		while (nw < 4 && c2_next_word(buf, strlen(buf), &pos, &w[nw], &wn[nw]))
			nw++;
		long line = b->model.neurons[neuron].line;
		if (nw == 0)
			continue; /* the network warned already: it stays 0 */
		char why[160] = "";
		int used = parse_signal(w, wn, nw, &b->port[k], why, sizeof why);
		if (used == 0)
			snprintf(why, sizeof why, "'%s' is not a creature signal (activity, action, gait, "
			                          "drive, chem, lobe, float)", spec);
		else if (used > 0 && used != nw)
			snprintf(why, sizeof why, "'%s': too many words", spec);
		else if (used > 0 && writes && b->port[k].kind != SIG_float)
			snprintf(why, sizeof why, "C2Out writes floating loci only ('float:N'), not '%s'", spec);
		if (why[0])
			return c2_fail_line(err, C2_EFORMAT, line, "%s", why);
		b->port_ok[k] = true;
	}
	return 0;
}

/* Build the body from its file's bytes (attach and snapshot loading). */
static int build(struct eng_body *b, const creature *c, uint64_t seed, c2_err *err)
{
	int rc = body_load_source((body_source)b->source, (const char *)b->text, b->len, b->genotype,
	                          &b->model, err);
	if (rc)
		return rc;
	for (size_t i = 0; i < b->model.nwarnings; i++)
		c2_w_printf(&b->warnings, "line %ld: %s\n", b->model.warnings[i].line,
		            b->model.warnings[i].msg);
	if ((rc = body_sim_new(&b->sim, &b->model, &c->cfg.body, seed, &b->warnings, err)) != 0)
		return rc;
	b->nwire = body_sim_neffectors(b->sim);
	b->wire = calloc(b->nwire ? b->nwire : 1, sizeof *b->wire);
	if (!b->wire)
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	for (size_t i = 0; i < b->nwire; i++)
		default_wire(body_sim_effector(b->sim, i), &b->wire[i]);
	if ((rc = resolve_ports(b, err)) != 0)
		return rc;
	c2_w_u8(&b->warnings, 0); /* the warnings are one NUL-terminated string */
	b->warnings.len--;
	return b->warnings.oom ? c2_fail_line(err, C2_ENOMEM, 0, "out of memory") : 0;
}

static char *dup_str(const char *s)
{
	if (!s)
		return NULL;
	char *d = malloc(strlen(s) + 1);
	if (d)
		strcpy(d, s);
	return d;
}

int creature_set_body(creature *c, const creature_body_spec *spec, c2_err *err)
{
	if (c->body)
		return c2_fail_line(err, C2_EINVAL, 0, "the creature has a body already");
	int src = body_source_pick(spec->name, (const char *)spec->text, spec->len, err);
	if (src < 0)
		return C2_EINVAL;
	struct eng_body *b = calloc(1, sizeof *b);
	if (!b)
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	b->source = (uint8_t)src;
	b->text = malloc(spec->len ? spec->len : 1);
	b->genotype = dup_str(spec->genotype);
	if (!b->text || (spec->genotype && !b->genotype)) {
		eng_body_free(b);
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	}
	memcpy(b->text, spec->text, spec->len);
	b->len = spec->len;
	/* The body's stream comes from the run's without drawing from it, so a
	 * creature with a body thinks the very same thoughts as one without. */
	c2_rng fork = c->rng;
	uint64_t seed = c2_rng_next(&fork) ^ 0xB0D1B0D1B0D1B0D1ull;
	int rc = build(b, c, seed, err);
	if (rc) {
		eng_body_free(b);
		return rc;
	}
	c->body = b;
	return 0;
}

bool creature_has_body(const creature *c) { return c->body != NULL; }
const body_model *creature_body_model(const creature *c) { return c->body ? &c->body->model : NULL; }
const body_sim *creature_body_sim(const creature *c) { return c->body ? c->body->sim : NULL; }

unsigned creature_body_fired(const creature *c, double value[CREATURE_BSTIM_N])
{
	const struct eng_body *b = c->body;
	unsigned f = b && b->fired_tick + 1 == c->tick ? b->fired : 0;
	for (int k = 0; value && k < CREATURE_BSTIM_N; k++)
		value[k] = f & (1u << k) ? b->fired_value[k] : 0;
	return f;
}

void creature_body_stim_json(int kind, double value, c2_wbuf *out)
{
	if (kind < 0 || kind >= CREATURE_BSTIM_N)
		return;
	c2_w_printf(out, ",\"stimulus\":%d,\"name\":", body_stims[kind].stimulus);
	c2_w_json_cstr(out, genome_vocab_name(&genome_stimuli, body_stims[kind].stimulus));
	c2_w_printf(out, ",\"body\":\"%s\",\"%s\":%.4g", body_stims[kind].name, body_stims[kind].value,
	            isfinite(value) ? value : 0.0);
}

const char *creature_body_warnings(const creature *c)
{
	return c->body && c->body->warnings.data ? (const char *)c->body->warnings.data : "";
}

/* ---- the tick ------------------------------------------------------------------------- */

static uint8_t to_locus(double v)
{
	if (!(v > 0))
		return 0;
	return v >= 1 ? 255 : (uint8_t)lrint(v * 255);
}

/* Fire body stimulus `kind`, measured `value`, unless one fired less than
 * stim_gap ticks ago. */
static void fire(creature *c, int kind, double value)
{
	struct eng_body *b = c->body;
	uint64_t gap = (uint64_t)c->cfg.body.stim_gap;
	if (b->last_stim[kind] && c->tick < b->last_stim[kind] + gap)
		return;
	b->last_stim[kind] = c->tick ? c->tick : 1;
	b->fired |= 1u << kind;
	b->fired_value[kind] = value;
	creature_stimulus(c, body_stims[kind].stimulus, -1, 255);
}

/* The speed of a free fall from `percent` of the body's size. */
static double drop_speed(const body_options *o, const body_reading *r, int percent)
{
	return sqrt(2 * (o->gravity / 100.0) * r->size * percent / 100.0);
}

/* Contacts and falls (CREATURE_BODY_STIMULI). A fall is the body in the
 * air — no part touched a static geom in any ODE step of the tick — and
 * its centre of mass going down as fast as a free fall from fall_drop% of
 * its size would make it: a body dropped from higher than that, not a foot
 * lifted in a step or a hop of a thrashing body (johnnie.xode under the
 * default wiring leaves the ground for up to 3 s with its centre of mass
 * rising and falling some 12% of its size: no fall). The speed, not the
 * time off the ground, so the rule is the same at every scale and needs no
 * state but whether a fall is under way. */
static void body_stimuli(creature *c, const body_reading *r)
{
	struct eng_body *b = c->body;
	const body_options *o = &c->cfg.body;
	double len = r->size > 0 ? r->size : 1; /* speeds in body lengths a second */
	if (r->size > 0 && r->impact / r->size * 100 > o->bump)
		fire(c, CREATURE_BSTIM_BUMP, r->impact / len);
	if (r->touch > 0.5 && b->prev_touch <= 0.5)
		fire(c, CREATURE_BSTIM_TOUCH, r->touch);
	b->prev_touch = r->touch;
	if (r->grounded) {
		double v = drop_speed(o, r, o->impact_drop);
		if (b->falling && r->impact >= v)
			fire(c, CREATURE_BSTIM_LAND, r->impact / len);
		b->falling = 0;
		return;
	}
	double v = drop_speed(o, r, o->fall_drop);
	if (b->falling)
		b->falling += b->falling < UINT32_MAX;
	else if (v > 0 && r->descent >= v) {
		b->falling = 1;
		fire(c, CREATURE_BSTIM_FALL, r->descent / len);
	}
}

void eng_body_tick(creature *c)
{
	struct eng_body *b = c->body;
	const body_options *o = &c->cfg.body;
	b->fired = 0;
	b->fired_tick = c->tick;
	/* The rhythm and its phase pattern: the strongest gait locus picks the
	 * pattern (effector i leads by i (g+1)/n cycles) and speeds it up. */
	int gk = 0;
	for (int g = 1; g < GENOME_RL_GAIT_N; g++)
		if (c->gait[g] > c->gait[gk])
			gk = g;
	body_sim_set_rhythm(b->sim, o->rhythm / 100.0 * (1 + c->gait[gk] / 255.0));
	for (size_t i = 0; i < b->nwire; i++) {
		const eng_wire *w = &b->wire[i];
		double gain = w->gain;
		for (int k = 0; k < w->nsig; k++)
			gain *= signal_value(c, &w->sig[k]);
		double phase = w->auto_phase ? (double)i * (gk + 1) / (double)b->nwire : w->phase;
		const body_effector *e = body_sim_effector(b->sim, i);
		if (gain == 0 && w->offset == 0 && e->neuron < 0)
			body_sim_drive(b->sim, i, BODY_DRIVE_OWN, 1, 0, 0); /* XODE: undriven */
		else
			body_sim_drive(b->sim, i, (body_drive_mode)w->mode, gain, w->offset, phase);
	}
	for (size_t k = 0; k < b->nports; k++) {
		bool writes;
		body_sim_port(b->sim, k, &writes, NULL);
		if (b->port_ok[k] && !writes)
			body_sim_port_set(b->sim, k, signal_value(c, &b->port[k]));
	}

	body_sim_tick(b->sim);

	for (size_t k = 0; k < b->nports; k++) {
		bool writes;
		body_sim_port(b->sim, k, &writes, NULL);
		if (b->port_ok[k] && writes)
			c->floating[b->port[k].a] = to_locus(body_sim_port_get(b->sim, k));
	}
	body_reading r;
	body_sim_read(b->sim, &r);
	double ws = r.mass * o->gravity / 100.0 * r.size; /* weight x size */
	c->muscle_energy = ws > 0 ? to_locus(r.power / ws / (o->work_full / 100.0)) : 0;
	double slope = r.pitch * 180 / 3.14159265358979323846 / o->slope_full;
	c->sensorimotor[GENOME_SM_UPWARD_SLOPE] = to_locus(slope);
	c->sensorimotor[GENOME_SM_DOWNWARD_SLOPE] = to_locus(-slope);
	double wind = r.size > 0 ? r.forward / r.size / (o->wind_full / 100.0) : 0;
	c->sensorimotor[GENOME_SM_HEADWIND] = to_locus(wind);
	c->sensorimotor[GENOME_SM_TAILWIND] = to_locus(-wind);

	body_stimuli(c, &r);
}

/* ---- snapshots -------------------------------------------------------------------------- */

static void put_blob(c2_sink *w, const void *p, size_t n)
{
	c2_put_u32(w, (uint32_t)n);
	c2_put(w, p, n);
}

void eng_body_save(const creature *c, c2_sink *w)
{
	const struct eng_body *b = c->body;
	c2_put_u8(w, b->source);
	put_blob(w, b->genotype ? b->genotype : "", b->genotype ? strlen(b->genotype) : 0);
	c2_put_u8(w, b->genotype != NULL);
	put_blob(w, b->text, b->len);
	c2_put_u8(w, b->wiring != NULL);
	put_blob(w, b->wiring ? b->wiring : "", b->wiring_len);
	c2_options_save(creature_option_table(CREATURE_BODY_OPTIONS),
	                creature_option_cstruct(&c->cfg, CREATURE_BODY_OPTIONS), w);
	for (int k = 0; k < NSTIM_KINDS; k++)
		c2_put_u64(w, b->last_stim[k]);
	c2_put_u32(w, b->falling);
	c2_put_f64(w, b->prev_touch);
	body_sim_save(b->sim, w);
}

/* A counted byte string from r (at most `max`), as a new NUL-terminated copy. */
static char *get_blob(c2_rbuf *r, uint32_t max, size_t *len)
{
	uint32_t n = c2_r_count(r, max);
	const uint8_t *p = r->bad ? NULL : c2_r_take(r, n);
	if (!p)
		return NULL;
	char *s = malloc((size_t)n + 1);
	if (s) {
		memcpy(s, p, n);
		s[n] = '\0';
	}
	*len = n;
	return s;
}

int eng_body_load(creature *c, c2_rbuf *r, c2_err *err)
{
	struct eng_body *b = calloc(1, sizeof *b);
	if (!b)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	uint32_t rest = (uint32_t)(r->len - r->pos > UINT32_MAX ? UINT32_MAX : r->len - r->pos);
	b->source = c2_r_u8(r);
	size_t glen, wl;
	char *gen = get_blob(r, 4096, &glen);
	uint8_t has_gen = c2_r_u8(r);
	b->text = (uint8_t *)get_blob(r, rest, &b->len);
	uint8_t has_wiring = c2_r_u8(r);
	char *wiring = get_blob(r, rest, &wl);
	int rc = 0;
	if (r->bad || !gen || !b->text || !wiring || b->source >= BODY_SOURCE_N || has_gen > 1 ||
	    has_wiring > 1)
		rc = c2_fail(err, C2_EFORMAT, (long)r->pos, -1, "bad body in snapshot");
	if (rc == 0 && has_gen)
		b->genotype = gen, gen = NULL;
	if (rc == 0)
		rc = c2_options_load(creature_option_table(CREATURE_BODY_OPTIONS),
		                     creature_option_struct(&c->cfg, CREATURE_BODY_OPTIONS), r, err);
	for (int k = 0; k < NSTIM_KINDS; k++)
		b->last_stim[k] = c2_r_u64(r);
	b->falling = c2_r_u32(r);
	b->prev_touch = c2_r_f64(r);
	if (rc == 0 && r->bad)
		rc = c2_fail(err, C2_EFORMAT, (long)r->pos, -1, "bad body state in snapshot");
	if (rc == 0 && (rc = build(b, c, 0, err)) != 0)
		err->offset = (long)r->pos; /* the saved body no longer builds */
	c->body = b;
	if (rc == 0 && has_wiring && (rc = creature_set_body_wiring(c, wiring, wl, err)) != 0)
		err->offset = (long)r->pos;
	if (rc == 0)
		rc = body_sim_load(b->sim, r, err);
	free(gen);
	free(wiring);
	if (rc) {
		eng_body_free(b);
		c->body = NULL;
		return rc;
	}
	return 0;
}
