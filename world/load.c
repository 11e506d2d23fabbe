/* load.c — reading a world file (see world.h and docs/world.md, "World files").
 *
 * One statement a line, '#' comments; names of chemicals, stimuli,
 * categories and senses by name or number (the vocabularies' look-ups, '_'
 * or '-' for spaces); every error FILE:LINE: reason. Linear in the file's
 * size, bounded by the WORLD_MAX_* limits. */
#include <stdlib.h>
#include <string.h>

#include "base/words.h"
#include "world/internal.h"

/* While loading: what is checked once the whole file is read. */
typedef struct pending {
	long obj_line[WORLD_MAX_OBJECTS];  /* line of each object of the file */
	long start_line[WORLD_MAX_STARTS];
	char become[WORLD_MAX_OPS][WORLD_MAX_NAME]; /* `become` targets by op */
} pending;

static const char *const kind_flag_names[] = {
#define X(bit, name) name,
	WORLD_KIND_FLAGS(X)
#undef X
};
static const char *const op_names[] = {
#define X(id, name, usage) name,
	WORLD_OPS(X)
#undef X
};
static const char *const op_usage[] = {
#define X(id, name, usage) usage,
	WORLD_OPS(X)
#undef X
};
static const char *const scope_names[] = {
#define X(id, name) name,
	WORLD_SCOPES(X)
#undef X
};
static const char *const event_names[] = {
#define X(id, num, name) name,
	WORLD_EVENTS(X)
#undef X
};
static const int event_numbers[] = {
#define X(id, num, name) num,
	WORLD_EVENTS(X)
#undef X
};

const char *world_event_name(int ev)
{
	return ev >= 0 && ev < WORLD_NEVENTS ? event_names[ev] : NULL;
}

int world_event_number(int ev)
{
	return ev >= 0 && ev < WORLD_NEVENTS ? event_numbers[ev] : -1;
}

/* The index of token t in a list of n words, or -1. */
static int word_in(const w_tok *t, const char *const *words, int n)
{
	for (int k = 0; k < n; k++)
		if (w_tok_is(t, words[k]))
			return k;
	return -1;
}

int w_kind_find(const world *w, const char *name, size_t n)
{
	for (size_t k = 0; k < w->nkinds; k++)
		if (strlen(w->kinds[k].name) == n && !memcmp(w->kinds[k].name, name, n))
			return (int)k;
	return -1;
}

static int kind_arg(world *w, w_line *p, int i, int *out)
{
	if (i >= p->nt)
		return w_fail(p, "missing KIND");
	*out = w_kind_find(w, p->t[i].s, p->t[i].n);
	if (*out <= 0) /* kind 0 is the hand's: no line may name it */
		return w_fail(p, "unknown kind '%.*s' (declare it with a 'kind' line first)",
		              (int)p->t[i].n, p->t[i].s);
	return 0;
}

/* A position in px on the floor, as fixed point. */
static int x_arg(w_line *p, int i, const char *what, int64_t *out)
{
	long v = 0;
	int rc = w_int(p, i, 0, WORLD_MAX_X, what, &v);
	*out = (int64_t)v * WORLD_FX;
	return rc;
}

/* ---- room NAME X0 X1 [temperature T] [light L] [air A] [radiation R] ------------ */

static int parse_room(world *w, w_line *p)
{
	if (w->nrooms == WORLD_MAX_ROOMS)
		return c2_fail_line(p->err, C2_ETOOBIG, p->line, "more than %d rooms", WORLD_MAX_ROOMS);
	w_room r = {.temperature = 128, .light = 255, .air = 200, .radiation = 0};
	int rc;
	if ((rc = w_name(p, 1, "room", r.name)) || (rc = x_arg(p, 2, "X0", &r.x0)) ||
	    (rc = x_arg(p, 3, "X1", &r.x1)))
		return rc;
	for (size_t k = 0; k < w->nrooms; k++)
		if (!strcmp(w->rooms[k].name, r.name))
			return w_fail(p, "room '%s' is declared twice", r.name);
	if (r.x1 <= r.x0)
		return w_fail(p, "room '%s' ends (X1) before it starts (X0)", r.name);
	if (w->nrooms && r.x0 != w->rooms[w->nrooms - 1].x1)
		return w_fail(p, "room '%s' starts at %lld, but rooms follow each other without gaps: "
		              "the last one ends at %lld", r.name, (long long)(r.x0 / WORLD_FX),
		              (long long)(w->rooms[w->nrooms - 1].x1 / WORLD_FX));
	static const char *const env[] = {"temperature", "light", "air", "radiation"};
	uint8_t *field[] = {&r.temperature, &r.light, &r.air, &r.radiation};
	unsigned given = 0;
	for (int i = 4; i < p->nt; i += 2) {
		int e = word_in(&p->t[i], env, 4);
		if (e < 0)
			return w_fail(p, "room: unknown setting '%.*s' (temperature, light, air, radiation)",
			              (int)p->t[i].n, p->t[i].s);
		if (given >> e & 1)
			return w_fail(p, "room: %s given twice", env[e]);
		given |= 1u << e;
		long v;
		if ((rc = w_int(p, i + 1, 0, 255, env[e], &v)) != 0)
			return rc;
		*field[e] = (uint8_t)v;
	}
	w->rooms[w->nrooms++] = r;
	return 0;
}

/* ---- kind NAME CATEGORY [width W] [FLAG]... [timer TICKS] ------------------------ */

static int parse_kind(world *w, w_line *p)
{
	if (w->nkinds == WORLD_MAX_KINDS)
		return c2_fail_line(p->err, C2_ETOOBIG, p->line, "more than %d kinds", WORLD_MAX_KINDS - 1);
	w_kind k = {.width = 30};
	int rc, cat;
	if ((rc = w_name(p, 1, "kind", k.name)) || (rc = w_vocab(p, 2, &genome_categories, &cat)))
		return rc;
	if (w_kind_find(w, k.name, strlen(k.name)) >= 0)
		return w_fail(p, "kind '%s' is declared twice%s", k.name,
		              !strcmp(k.name, "hand") ? " (the hand is built in)" : "");
	if (cat <= GENOME_CAT_HAND)
		return w_fail(p, "kind '%s': category %s is not an object's (0 is the creature itself, "
		              "1 the hand)", k.name, genome_vocab_name(&genome_categories, cat));
	k.category = (uint8_t)cat;
	for (int i = 3; i < p->nt; i++) {
		long v;
		int f = word_in(&p->t[i], kind_flag_names, sizeof kind_flag_names / sizeof *kind_flag_names);
		if (f >= 0) {
			k.flags |= (uint8_t)(1u << f);
		} else if (w_tok_is(&p->t[i], "width")) {
			if ((rc = w_int(p, ++i, 1, 10000, "width", &v)) != 0)
				return rc;
			k.width = (int32_t)v;
		} else if (w_tok_is(&p->t[i], "timer")) {
			if ((rc = w_int(p, ++i, 1, 1000000000, "timer", &v)) != 0)
				return rc;
			k.timer = (int32_t)v;
		} else {
			return w_fail(p, "kind: unknown word '%.*s' (width, timer, or a flag: edible carry "
			              "push pull stop hit invisible)", (int)p->t[i].n, p->t[i].s);
		}
	}
	w_kind *nk = realloc(w->kinds, (w->nkinds + 1) * sizeof *nk);
	if (!nk)
		return c2_fail_line(p->err, C2_ENOMEM, p->line, "out of memory");
	w->kinds = nk;
	w->kinds[w->nkinds++] = k;
	return 0;
}

/* ---- on KIND EVENT [TICKS] ACTION ARGS... ------------------------------------------ */

static int parse_stimulus_op(w_line *p, int i, w_op *op)
{
	/* STIMULUS [m M]: the engine's `stimulus` command reads the name */
	int end = p->nt;
	op->m = 255;
	if (end - i >= 3 && w_tok_is(&p->t[end - 2], "m")) {
		long m;
		int rc = w_int(p, end - 1, 0, 255, "m", &m);
		if (rc)
			return rc;
		op->m = (uint8_t)m;
		end -= 2;
	}
	int nt = p->nt;
	p->nt = end;
	creature_event e;
	int rc = w_engine_cmd(p, 0, "stimulus", i, &e);
	p->nt = nt;
	if (rc)
		return rc;
	if (e.from >= 0)
		return w_fail(p, "stimulus: no 'from' here: it comes from the object's category");
	op->number = (uint8_t)e.a;
	return 0;
}

static int parse_op_args(world *w, w_line *p, int i, w_op *op, pending *pd)
{
	long v;
	int rc = 0;
	int nargs = p->nt - i;
	switch (op->op) {
	case OP_STIMULUS:
	case OP_STIM: {
		int s = i < p->nt ? word_in(&p->t[i], scope_names, SCOPE_N) : -1;
		if (s < 0)
			return w_fail(p, "usage: %s (SCOPE: actor, seen, heard or touch)", op_usage[op->op]);
		op->scope = (uint8_t)s;
		if (op->op == OP_STIMULUS)
			return parse_stimulus_op(p, i + 1, op);
		creature_event e;
		if ((rc = w_engine_cmd(p, 0, "stim", i + 1, &e)) != 0)
			return rc;
		if (e.from >= 0)
			return w_fail(p, "stim: no 'from' here: it comes from the object's category");
		op->stim = e.stim;
		return 0;
	}
	case OP_BECOME:
		if (nargs != 1)
			return w_fail(p, "usage: %s", op_usage[op->op]);
		return w_name(p, i, "kind", pd->become[w->nops]); /* resolved at the end */
	case OP_VANISH:
		if (nargs == 0)
			return 0;
		if (nargs != 2 || !w_tok_is(&p->t[i], "regrow"))
			return w_fail(p, "usage: %s", op_usage[op->op]);
		rc = w_int(p, i + 1, 1, 1000000000, "regrow", &v);
		break;
	case OP_ROLL:
		rc = nargs != 1 ? w_fail(p, "usage: %s", op_usage[op->op]) : w_int(p, i, 0, 10000, "SPEED", &v);
		break;
	case OP_MOVE:
		rc = nargs != 1 ? w_fail(p, "usage: %s", op_usage[op->op])
		                : w_int(p, i, -WORLD_MAX_X, WORLD_MAX_X, "DX", &v);
		break;
	default: /* OP_TIMER */
		rc = nargs != 1 ? w_fail(p, "usage: %s", op_usage[op->op])
		                : w_int(p, i, 1, 1000000000, "TICKS", &v);
		break;
	}
	if (rc == 0)
		op->arg = (int32_t)v;
	return rc;
}

static int parse_on(world *w, w_line *p, pending *pd)
{
	if (w->nops == WORLD_MAX_OPS)
		return c2_fail_line(p->err, C2_ETOOBIG, p->line, "more than %d handler actions",
		                    WORLD_MAX_OPS);
	int kind, rc;
	if ((rc = kind_arg(w, p, 1, &kind)) != 0)
		return rc;
	int ev = p->nt > 2 ? word_in(&p->t[2], event_names, WORLD_NEVENTS) : -1;
	if (ev < 0)
		return w_fail(p, "usage: on KIND EVENT ACTION... (EVENT: stop push pull hit get drop "
		              "collide timer eat)");
	int i = 3;
	long v;
	if (ev == WORLD_EV_TIMER && i < p->nt && w_tok_int(&p->t[i], 1, 1000000000, &v)) {
		/* on KIND timer TICKS ...: the kind's timer, as `kind ... timer TICKS` */
		w_kind *k = &w->kinds[kind];
		if (k->timer && k->timer != v)
			return w_fail(p, "kind '%s' has timer %d already", k->name, (int)k->timer);
		k->timer = (int32_t)v;
		i++;
	}
	int op = i < p->nt ? word_in(&p->t[i], op_names, OP_N) : -1;
	if (op < 0)
		return w_fail(p, "on %s %s: expected an action (stimulus stim become vanish roll move "
		              "timer)", w->kinds[kind].name, event_names[ev]);
	w_op o = {.op = (uint8_t)op, .event = (uint8_t)ev, .kind = (uint16_t)kind, .line = p->line};
	if ((rc = parse_op_args(w, p, i + 1, &o, pd)) != 0)
		return rc;
	w->ops[w->nops++] = o;
	return 0;
}

/* ---- object KIND X [NAME] | creature X [east|west] -------------------------------- */

static int parse_object(world *w, w_line *p, pending *pd)
{
	int kind, rc;
	int64_t x;
	char name[WORLD_MAX_NAME] = "";
	if (p->nt < 3 || p->nt > 4)
		return w_fail(p, "usage: object KIND X [NAME]");
	if ((rc = kind_arg(w, p, 1, &kind)) || (rc = x_arg(p, 2, "X", &x)) ||
	    (p->nt == 4 && (rc = w_name(p, 3, "object", name))))
		return rc;
	if (*name && w_obj_find(w, name, strlen(name)) >= 0)
		return w_fail(p, "an object is already called '%s'", name);
	int id = w_obj_new(w, (uint16_t)kind, x, *name ? name : NULL); /* fits? checked at the end */
	if (id < 0)
		return c2_fail_line(p->err, C2_ETOOBIG, p->line, "more than %d objects",
		                    WORLD_MAX_OBJECTS - 1);
	pd->obj_line[id] = p->line;
	return 0;
}

static int parse_creature(world *w, w_line *p, pending *pd)
{
	if (w->nstarts == WORLD_MAX_STARTS)
		return c2_fail_line(p->err, C2_ETOOBIG, p->line, "more than %d creature lines",
		                    WORLD_MAX_STARTS);
	int64_t x;
	int rc;
	if (p->nt < 2 || p->nt > 3)
		return w_fail(p, "usage: creature X [east|west]");
	if ((rc = x_arg(p, 1, "X", &x)) != 0)
		return rc;
	int8_t facing = 1;
	if (p->nt == 3) {
		if (w_tok_is(&p->t[2], "west"))
			facing = -1;
		else if (!w_tok_is(&p->t[2], "east"))
			return w_fail(p, "creature: facing is east or west, not '%.*s'", (int)p->t[2].n,
			              p->t[2].s);
	}
	pd->start_line[w->nstarts] = p->line;
	w->starts[w->nstarts].x = x;
	w->starts[w->nstarts++].facing = facing;
	return 0;
}

/* ---- the file ------------------------------------------------------------------------ */

static int stmt_room(world *w, w_line *p, pending *pd) { (void)pd; return parse_room(w, p); }
static int stmt_kind(world *w, w_line *p, pending *pd) { (void)pd; return parse_kind(w, p); }

/* The world file's statements: ONE table. */
static const struct {
	const char *name;
	int (*parse)(world *w, w_line *p, pending *pd);
} statements[] = {
	{"room", stmt_room},       {"kind", stmt_kind},         {"on", parse_on},
	{"object", parse_object}, {"creature", parse_creature},
};

/* Does something `width` wide at x fit between the walls? */
static bool fits(const world *w, int64_t x, int64_t width)
{
	return x - width / 2 >= w_left(w) && x + (width - width / 2) <= w_right(w);
}

/* After the last line: rooms exist, everything fits, `become` names a kind,
 * and the handlers are grouped by kind and event (in file order). */
static int finish(world *w, pending *pd, long lines, c2_err *err)
{
	if (w->nrooms == 0)
		return c2_fail_line(err, C2_EFORMAT, lines + 1, "no room: a world needs a 'room' line");
	for (size_t id = 1; id < w->nobjs; id++)
		if (!fits(w, w->objs[id].x, w_obj_width(w, &w->objs[id])))
			return c2_fail_line(err, C2_EFORMAT, pd->obj_line[id],
			                    "object '%s' (%d px wide) does not fit between the walls",
			                    w->objs[id].name, (int)w_kind_of(w, &w->objs[id])->width);
	for (size_t s = 0; s < w->nstarts; s++)
		if (!fits(w, w->starts[s].x, w_crt_width(w)))
			return c2_fail_line(err, C2_EFORMAT, pd->start_line[s],
			                    "a creature (%d px wide) does not fit between the walls there",
			                    w->opt.creature_width);
	w_op *sorted = malloc((w->nops ? w->nops : 1) * sizeof *sorted);
	if (!sorted)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	size_t n = 0;
	for (size_t k = 0; k < w->nkinds; k++)
		for (int e = 0; e < WORLD_NEVENTS; e++) {
			w->kinds[k].first[e] = (uint16_t)n;
			for (size_t i = 0; i < w->nops; i++) {
				w_op *o = &w->ops[i];
				if (o->kind != k || o->event != e)
					continue;
				if (o->op == OP_BECOME) {
					int t = w_kind_find(w, pd->become[i], strlen(pd->become[i]));
					if (t <= 0) {
						free(sorted);
						return c2_fail_line(err, C2_EFORMAT, o->line, "become: unknown kind '%s'",
						                    pd->become[i]);
					}
					o->arg = t;
				}
				sorted[n++] = *o;
			}
			w->kinds[k].count[e] = (uint16_t)(n - w->kinds[k].first[e]);
		}
	memcpy(w->ops, sorted, n * sizeof *sorted);
	free(sorted);
	return 0;
}

/* The world with only its hand: kind 0 and object 0, absent until a hand
 * command brings it. */
static int world_new(world **out, const world_options *opts, uint64_t seed, c2_err *err)
{
	world *w = calloc(1, sizeof *w);
	if (!w || !(w->kinds = calloc(1, sizeof *w->kinds)) ||
	    !(w->ops = calloc(WORLD_MAX_OPS, sizeof *w->ops))) {
		world_free(w);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	if (opts)
		w->opt = *opts;
	else
		world_options_default(&w->opt);
	w->seed = seed;
	c2_rng_seed(&w->rng, seed);
	w->nkinds = 1;
	strcpy(w->kinds[0].name, "hand");
	w->kinds[0].category = GENOME_CAT_HAND;
	w->kinds[0].width = 16;
	if (w_obj_new(w, 0, 0, "hand") != 0) {
		world_free(w);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	w->objs[0].state = WORLD_OBJ_REMOVED;
	w->hand_carried = -1;
	*out = w;
	return 0;
}

static int parse_text(world *w, pending *pd, const char *text, size_t len, c2_err *err)
{
	w_line p = {.err = err};
	size_t pos = 0, n;
	const char *s;
	int rc = 0;
	while (rc == 0 && c2_next_line(text, len, &pos, &s, &n)) {
		p.line++;
		if ((rc = w_tokenize(&p, s, n)) != 0 || p.nt == 0)
			continue;
		size_t k = 0, nst = sizeof statements / sizeof *statements;
		while (k < nst && !w_tok_is(&p.t[0], statements[k].name))
			k++;
		rc = k < nst ? statements[k].parse(w, &p, pd)
		             : w_fail(&p, "unknown statement '%.*s' (room, kind, on, object, creature)",
		                      (int)p.t[0].n, p.t[0].s);
	}
	return rc ? rc : finish(w, pd, p.line, err);
}

int world_load(world **out, const char *text, size_t len, const world_options *opts,
               uint64_t seed, c2_err *err)
{
	*out = NULL;
	c2_err_clear(err);
	if (opts && c2_options_check(&world_option_tab, opts, err) != 0)
		return C2_EINVAL;
	world *w = NULL;
	int rc = world_new(&w, opts, seed, err);
	if (rc)
		return rc;
	pending *pd = calloc(1, sizeof *pd);
	if (!pd || !(w->text = malloc(len ? len : 1))) {
		free(pd);
		world_free(w);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	memcpy(w->text, text, len);
	w->text_len = len;
	rc = parse_text(w, pd, text, len, err);
	free(pd);
	if (rc) {
		world_free(w);
		return rc;
	}
	w_pop_init(w);
	*out = w;
	return 0;
}
