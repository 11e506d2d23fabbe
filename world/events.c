/* events.c — the world's commands in events files: objects added, removed
 * and moved, and the hand (world.h). A line is the world's when its command
 * (after `at TIME` or `every PERIOD [from T] [until T]`) is one of the
 * table's; its timing is read by the engine's own parser. The other lines
 * go to creature_events_parse with the world's lines blanked, so every error names
 * the line of the file. */
#include <stdlib.h>
#include <string.h>

#include "base/words.h"
#include "world/internal.h"

/* Which creature a hand command or a `when` rule is about: index idx
 * (>= 0), the creature called `moniker` (idx WHO_MONIKER), or each one
 * (WHO_EVERY). */
enum { WHO_MONIKER = -1, WHO_EVERY = -2 };
typedef struct w_who {
	int16_t idx;
	char moniker[5];
} w_who;

typedef struct w_ev {
	uint64_t at, every, until;
	uint8_t cmd;
	int16_t kind;        /* add */
	bool has_x;
	int64_t x;           /* add, move, drop */
	int16_t verb, noun;  /* say (-1: none) */
	char name[WORLD_MAX_NAME]; /* add (may be ""), remove, move, pickup */
	w_who who;           /* pat slap yes no, drop, bring: at whom */
	long line;
} w_ev;

/* A reactive rule (`when ACTION [KIND] COMMAND`): the hand answers an act
 * of the first creature in the tick it happens. */
typedef struct w_rule {
	w_who who;       /* whose acts */
	uint8_t action;  /* decision cell of the act */
	int16_t kind;    /* the object's kind at the act, or -1: any */
	uint8_t cmd;     /* a hand command: pat slap yes no */
	long line;
} w_rule;

struct world_events {
	w_ev *v;
	size_t n;
	w_rule rules[WORLD_MAX_RULES];
	size_t nrules;
	creature_events engine;
};

enum { MAX_WORLD_EVENTS = 100000 };

static int parse_add(const world *w, w_line *p, int i, w_ev *e);
static int parse_object_arg(const world *w, w_line *p, int i, w_ev *e);
static int parse_hand(const world *w, w_line *p, int i, w_ev *e);
static int parse_say(const world *w, w_line *p, int i, w_ev *e);
static int parse_drop(const world *w, w_line *p, int i, w_ev *e);
static int parse_bring(const world *w, w_line *p, int i, w_ev *e);
static void apply_add(world *w, const w_ev *e);
static void apply_remove(world *w, const w_ev *e);
static void apply_move(world *w, const w_ev *e);
static void apply_hand(world *w, const w_ev *e);
static void apply_say(world *w, const w_ev *e);
static void apply_pickup(world *w, const w_ev *e);
static void apply_drop(world *w, const w_ev *e);
static void apply_bring(world *w, const w_ev *e);

/* The world's commands: ONE table (name, usage, parse, apply, the hand's
 * stimulus or -1). */
static const struct {
	const char *name, *usage;
	int (*parse)(const world *w, w_line *p, int i, w_ev *e);
	void (*apply)(world *w, const w_ev *e);
	int stimulus;
} commands[] = {
	{"add", "add KIND X [NAME]", parse_add, apply_add, -1},
	{"remove", "remove OBJECT", parse_object_arg, apply_remove, -1},
	{"move", "move OBJECT X", parse_object_arg, apply_move, -1},
	{"pat", "pat [CREATURE]", parse_hand, apply_hand, GENOME_STIM_POINTER_PATS},
	{"slap", "slap [CREATURE]", parse_hand, apply_hand, GENOME_STIM_POINTER_SLAPS},
	{"yes", "yes [CREATURE]", parse_hand, apply_hand, GENOME_STIM_POINTER_YES},
	{"no", "no [CREATURE]", parse_hand, apply_hand, GENOME_STIM_POINTER_NO},
	{"say", "say VERB [NOUN]", parse_say, apply_say, -1},
	{"pickup", "pickup OBJECT", parse_object_arg, apply_pickup, -1},
	{"drop", "drop [X] [to CREATURE]", parse_drop, apply_drop, -1},
	{"bring", "bring KIND|CATEGORY [to CREATURE]", parse_bring, apply_bring, -1},
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0], CMD_ADD = 0, CMD_MOVE = 2 };

static int usage(w_line *p, const w_ev *e)
{
	return w_fail(p, "usage: %s", commands[e->cmd].usage);
}

/* ---- parsing --------------------------------------------------------------------- */

static int x_of(w_line *p, int i, w_ev *e)
{
	long v = 0;
	int rc = w_int(p, i, 0, WORLD_MAX_X, "X", &v);
	e->x = (int64_t)v * WORLD_FX;
	e->has_x = true;
	return rc;
}

static int parse_add(const world *w, w_line *p, int i, w_ev *e)
{
	if (p->nt - i < 2 || p->nt - i > 3)
		return usage(p, e);
	int kind = w_kind_find(w, p->t[i].s, p->t[i].n);
	if (kind <= 0)
		return w_fail(p, "add: unknown kind '%.*s'", (int)p->t[i].n, p->t[i].s);
	e->kind = (int16_t)kind;
	int rc = x_of(p, i + 1, e);
	if (rc == 0 && p->nt - i == 3) {
		if (e->every)
			return w_fail(p, "add: a named object is added once: use 'at', or no NAME");
		rc = w_name(p, i + 2, "object", e->name);
	}
	return rc;
}

/* OBJECT [X]: checked once the whole file is read (check_names). */
static int parse_object_arg(const world *w, w_line *p, int i, w_ev *e)
{
	(void)w;
	int want = e->cmd == CMD_MOVE ? 2 : 1;
	if (p->nt - i != want)
		return usage(p, e);
	if (p->t[i].n >= WORLD_MAX_NAME)
		return w_fail(p, "no object is called '%.*s'", (int)p->t[i].n, p->t[i].s);
	memcpy(e->name, p->t[i].s, p->t[i].n);
	e->name[p->t[i].n] = '\0';
	return want == 2 ? x_of(p, i + 1, e) : 0;
}

/* Is token t a creature: `@N` (`#` starts a comment), `every`, or a
 * moniker (4 digits or capital letters)? Fills *who when it is. */
static bool who_token(const w_tok *t, w_who *who)
{
	long n;
	if (t->n >= 2 && t->s[0] == '@') {
		w_tok num = {t->s + 1, t->n - 1};
		if (!w_tok_int(&num, 0, WORLD_MAX_CREATURES - 1, &n))
			return false;
		who->idx = (int16_t)n;
		return true;
	}
	if (w_tok_is(t, "every")) {
		who->idx = WHO_EVERY;
		return true;
	}
	if (t->n != 4)
		return false;
	for (int i = 0; i < 4; i++)
		if (!((t->s[i] >= '0' && t->s[i] <= '9') || (t->s[i] >= 'A' && t->s[i] <= 'Z')))
			return false;
	who->idx = WHO_MONIKER;
	memcpy(who->moniker, t->s, 4);
	who->moniker[4] = '\0';
	return true;
}

/* Token i, the last, is CREATURE (`to CREATURE` with `to`: tokens i, i+1). */
static int parse_who(w_line *p, int i, bool to, w_ev *e)
{
	if (to && (p->nt - i != 2 || !w_tok_is(&p->t[i], "to")))
		return usage(p, e);
	const w_tok *t = &p->t[to ? i + 1 : i];
	if (!who_token(t, &e->who))
		return w_fail(p, "'%.*s' is not a creature (@N, a moniker of 4 digits or capital "
		              "letters, or every)", (int)t->n, t->s);
	return 0;
}

static int parse_hand(const world *w, w_line *p, int i, w_ev *e)
{
	(void)w;
	if (p->nt - i > 1)
		return usage(p, e);
	return p->nt - i == 1 ? parse_who(p, i, false, e) : 0;
}

static int parse_say(const world *w, w_line *p, int i, w_ev *e)
{
	(void)w;
	int v, n = -1, rc;
	if (p->nt - i < 1 || p->nt - i > 2)
		return usage(p, e);
	if ((rc = w_vocab(p, i, &genome_actions, &v)) != 0 ||
	    (p->nt - i == 2 && (rc = w_vocab(p, i + 1, &genome_categories, &n)) != 0))
		return rc;
	e->verb = (int16_t)v;
	e->noun = (int16_t)n;
	return 0;
}

static int parse_drop(const world *w, w_line *p, int i, w_ev *e)
{
	(void)w;
	int n = p->nt - i, rc = 0;
	if (n > 3)
		return usage(p, e);
	if (n >= 2)
		rc = parse_who(p, p->nt - 2, true, e);
	if (rc == 0 && (n == 1 || n == 3))
		rc = x_of(p, i, e);
	return rc;
}

/* bring KIND|CATEGORY: a kind of the world file, else a category name or
 * number (kept in e->noun, e->kind -1). */
static int parse_bring(const world *w, w_line *p, int i, w_ev *e)
{
	if (p->nt - i != 1 && p->nt - i != 3)
		return usage(p, e);
	int rc = p->nt - i == 3 ? parse_who(p, i + 1, true, e) : 0;
	if (rc)
		return rc;
	int kind = w_kind_find(w, p->t[i].s, p->t[i].n), cat = -1;
	if (kind > 0) {
		e->kind = (int16_t)kind;
		return 0;
	}
	rc = w_vocab(p, i, &genome_categories, &cat);
	if (rc)
		return w_fail(p, "bring: '%.*s' is neither a kind of this world nor a category",
		              (int)p->t[i].n, p->t[i].s);
	e->kind = -1;
	e->noun = (int16_t)cat;
	return 0;
}

/* `when [CREATURE] ACTION [KIND] COMMAND` (tokens from 1). */
static int parse_rule(const world *w, world_events *ev, w_line *p)
{
	static const char usage_when[] =
		"usage: when [CREATURE|every] ACTION [KIND] pat|slap|yes|no";
	if (ev->nrules == WORLD_MAX_RULES)
		return c2_fail_line(p->err, C2_ETOOBIG, p->line, "more than %d 'when' rules",
		                    WORLD_MAX_RULES);
	w_rule *r = &ev->rules[ev->nrules];
	memset(r, 0, sizeof *r);
	int a = 1; /* the ACTION token */
	if (p->nt > 1 && who_token(&p->t[1], &r->who))
		a = 2;
	if (p->nt - a < 2 || p->nt - a > 3)
		return w_fail(p, usage_when);
	int action, rc = w_vocab(p, a, &genome_actions, &action);
	if (rc)
		return rc;
	r->action = (uint8_t)action;
	r->kind = -1;
	if (p->nt - a == 3 && (r->kind = (int16_t)w_kind_find(w, p->t[a + 1].s, p->t[a + 1].n)) <= 0)
		return w_fail(p, "when: unknown kind '%.*s'", (int)p->t[a + 1].n, p->t[a + 1].s);
	const w_tok *c = &p->t[p->nt - 1];
	for (int k = 0; k < NCOMMANDS; k++)
		if (commands[k].stimulus >= 0 && w_tok_is(c, commands[k].name)) {
			r->cmd = (uint8_t)k;
			r->line = p->line;
			ev->nrules++;
			return 0;
		}
	return w_fail(p, usage_when);
}

/* The index of the command word after the timing prefix, or -1 when the
 * line does not start like an events line (the engine says why). */
static int command_word(const w_line *p)
{
	if (p->nt >= 3 && w_tok_is(&p->t[0], "at"))
		return 2;
	if (p->nt < 3 || !w_tok_is(&p->t[0], "every"))
		return -1;
	int i = 2;
	while (i + 1 < p->nt && (w_tok_is(&p->t[i], "from") || w_tok_is(&p->t[i], "until")))
		i += 2;
	return i < p->nt ? i : -1;
}

/* Is `name` an object the world file names, one an `add` of this file
 * names, or KIND.N? */
static bool known_name(const world *w, const world_events *ev, const char *name)
{
	if (!strcmp(name, "hand"))
		return false; /* the hand is not an object the commands move */
	if (w_obj_find(w, name, strlen(name)) > 0)
		return true;
	for (size_t k = 0; k < ev->n; k++)
		if (ev->v[k].cmd == CMD_ADD && !strcmp(ev->v[k].name, name))
			return true;
	const char *dot = strrchr(name, '.');
	if (!dot || !dot[1] || w_kind_find(w, name, (size_t)(dot - name)) <= 0)
		return false;
	for (const char *d = dot + 1; *d; d++)
		if (*d < '0' || *d > '9')
			return false;
	return dot[1] != '0';
}

static int check_names(const world *w, const world_events *ev, c2_err *err)
{
	for (size_t k = 0; k < ev->n; k++) {
		const w_ev *e = &ev->v[k];
		if (e->cmd == CMD_ADD) {
			if (*e->name && w_obj_find(w, e->name, strlen(e->name)) >= 0)
				return c2_fail_line(err, C2_EFORMAT, e->line,
				                    "add: the world file already has an object called '%s'", e->name);
			for (size_t j = 0; j < k && *e->name; j++)
				if (ev->v[j].cmd == CMD_ADD && !strcmp(ev->v[j].name, e->name))
					return c2_fail_line(err, C2_EFORMAT, e->line,
					                    "add: line %ld adds an object called '%s' already",
					                    ev->v[j].line, e->name);
		} else if (commands[e->cmd].parse == parse_object_arg && !known_name(w, ev, e->name)) {
			return c2_fail_line(err, C2_EFORMAT, e->line,
			                    "no object is called '%s' (a name from the world file or an "
			                    "'add', or KIND.N: the N-th object made as KIND)", e->name);
		}
	}
	return 0;
}

/* A world line: its timing by the engine's parser, then its command. */
static int parse_world_line(const world *w, w_line *p, int i, int cmd, w_ev *e)
{
	creature_event when;
	int rc = w_engine_cmd(p, i, "kill", p->nt, &when);
	if (rc)
		return rc;
	memset(e, 0, sizeof *e);
	e->at = when.at;
	e->every = when.every;
	e->until = when.until;
	e->cmd = (uint8_t)cmd;
	e->line = p->line;
	e->verb = e->noun = -1;
	return commands[cmd].parse(w, p, i + 1, e);
}

static int add_event(world_events *ev, const w_ev *e, w_line *p)
{
	if (ev->n == MAX_WORLD_EVENTS)
		return c2_fail_line(p->err, C2_ETOOBIG, p->line, "more than %d world events",
		                    MAX_WORLD_EVENTS);
	if ((ev->n & (ev->n - 1)) == 0) { /* grow at powers of two */
		w_ev *v = realloc(ev->v, (ev->n ? ev->n * 2 : 1) * sizeof *v);
		if (!v)
			return c2_fail_line(p->err, C2_ENOMEM, p->line, "out of memory");
		ev->v = v;
	}
	ev->v[ev->n++] = *e;
	return 0;
}

/* The world's lines of text[0..len) into ev, blanked in `rest` (a copy of
 * the text) for the engine's parser. */
static int split(world_events *ev, const world *w, const char *text, size_t len, char *rest,
                 c2_err *err)
{
	w_line p = {.err = err};
	size_t pos = 0, n;
	const char *s;
	while (c2_next_line(text, len, &pos, &s, &n)) {
		p.line++;
		int rc = w_tokenize(&p, s, n);
		if (rc == 0 && p.nt > 0 && w_tok_is(&p.t[0], "when")) {
			if ((rc = parse_rule(w, ev, &p)) != 0)
				return rc;
			memset(rest + (s - text), ' ', n);
			continue;
		}
		int i = rc == 0 ? command_word(&p) : -1;
		int cmd = NCOMMANDS;
		for (int k = 0; i >= 0 && k < NCOMMANDS && cmd == NCOMMANDS; k++)
			if (w_tok_is(&p.t[i], commands[k].name))
				cmd = k;
		if (cmd == NCOMMANDS)
			continue; /* the engine's line (its parser finds what is wrong) */
		w_ev e;
		if ((rc = parse_world_line(w, &p, i, cmd, &e)) != 0 || (rc = add_event(ev, &e, &p)) != 0)
			return rc;
		memset(rest + (s - text), ' ', n);
	}
	return check_names(w, ev, err);
}

int world_events_parse(world_events **out, const world *w, const char *text, size_t len,
                       c2_err *err)
{
	*out = NULL;
	c2_err_clear(err);
	world_events *ev = calloc(1, sizeof *ev);
	char *rest = malloc(len ? len : 1);
	if (!ev || !rest) {
		free(ev);
		free(rest);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	memcpy(rest, text, len);
	int rc = split(ev, w, text, len, rest, err);
	if (rc == 0)
		rc = creature_events_parse(&ev->engine, rest, len, err);
	free(rest);
	if (rc) {
		free(ev->v);
		free(ev);
		return rc;
	}
	*out = ev;
	return 0;
}

void world_events_free(world_events *ev)
{
	if (!ev)
		return;
	creature_events_free(&ev->engine);
	free(ev->v);
	free(ev);
}

const creature_events *world_events_engine(const world_events *ev)
{
	return &ev->engine;
}

/* ---- applying ------------------------------------------------------------------- */

static int object_named(const world *w, const char *name)
{
	int id = w_obj_find(w, name, strlen(name));
	return id > 0 && w->objs[id].state != WORLD_OBJ_REMOVED ? id : -1;
}

static void log_x(world *w, int type, int id, int64_t x)
{
	w_log *l = w_log_add(w, type, -1, id);
	if (l)
		l->x = x;
}

static void apply_add(world *w, const w_ev *e)
{
	if (*e->name && w_obj_find(w, e->name, strlen(e->name)) >= 0)
		return; /* names are unique: that one exists */
	int64_t width = (int64_t)w->kinds[e->kind].width * WORLD_FX;
	int id = w_obj_new(w, (uint16_t)e->kind, w_clamp(w, e->x, width), *e->name ? e->name : NULL);
	if (id > 0)
		log_x(w, LOG_ADD, id, w->objs[id].x);
}

static void apply_remove(world *w, const w_ev *e)
{
	int id = object_named(w, e->name);
	if (id < 0)
		return;
	w_obj *o = &w->objs[id];
	w_put_down(w, id, o->x); /* whoever carried it lets go */
	o->state = WORLD_OBJ_REMOVED;
	w_log_add(w, LOG_REMOVE, -1, id);
}

static void apply_move(world *w, const w_ev *e)
{
	int id = object_named(w, e->name);
	if (id < 0)
		return;
	w_put_down(w, id, e->x);
	log_x(w, LOG_MOVE, id, w->objs[id].x);
}

/* The hand comes to x and is in the world from then on. */
static void hand_to(world *w, int64_t x)
{
	w_obj *h = &w->objs[0];
	h->state = WORLD_OBJ_PRESENT;
	h->timer = w->opt.hand_leaves; /* objects.c: it leaves when this runs out */
	h->x = w_clamp(w, x, w_obj_width(w, h));
	if (w->hand_carried >= 0)
		w->objs[w->hand_carried].x = h->x;
}

/* The hand's command, about creature k (-1: none). */
static void log_hand(world *w, const w_ev *e, int k)
{
	w_log *l = w_log_add(w, LOG_HAND, k, 0);
	if (l) {
		l->what = commands[e->cmd].name;
		l->x = w->objs[0].x;
	}
}

/* The creature `who` names now, or -1 (not, or no longer, in the world). */
static int who_index(const world *w, const w_who *who)
{
	if (who->idx == WHO_MONIKER)
		return world_creature_find(w, who->moniker);
	return who->idx >= 0 && (size_t)who->idx < w->ncrts ? who->idx : -1;
}

/* Run `one` (a command at creature k) at whom e names: each creature in
 * index order for `every` (the dead too: the command itself decides, as
 * for the first creature, which may be dead). */
static void at_whom(world *w, const w_ev *e, void (*one)(world *w, const w_ev *e, int k))
{
	if (e->who.idx != WHO_EVERY) {
		one(w, e, who_index(w, &e->who));
		return;
	}
	for (size_t k = 0, n = w->ncrts; k < n; k++)
		one(w, e, (int)k);
}

/* pat, slap, yes, no: the hand at creature k, its stimulus from the hand. */
static void hand_at(world *w, const w_ev *e, int k)
{
	if (k < 0)
		return;
	hand_to(w, w->crts[k].x);
	log_hand(w, e, k);
	if (creature_alive(w->crts[k].c))
		w_stimulus(w, (size_t)k, (uint8_t)commands[e->cmd].stimulus, GENOME_CAT_HAND, 0, 255);
}

static void apply_hand(world *w, const w_ev *e)
{
	at_whom(w, e, hand_at);
}

static void apply_say(world *w, const w_ev *e)
{
	if (w->ncrts)
		hand_to(w, w->crts[0].x);
	log_hand(w, e, w->ncrts ? 0 : -1);
	for (size_t k = 0; k < w->ncrts; k++) {
		creature *c = w->crts[k].c;
		if (!w_hears(w, &w->crts[k], w->objs[0].x))
			continue;
		creature_hear(c, GENOME_LOBE_VERB, (unsigned)e->verb);
		if (e->noun >= 0)
			creature_hear(c, GENOME_LOBE_NOUN, (unsigned)e->noun);
	}
}

/* The hand takes object id (its get handler runs). */
static void hand_pickup(world *w, const w_ev *e, int id, int k)
{
	hand_to(w, w->objs[id].x);
	log_hand(w, e, k);
	w_carry(w, id, WORLD_HAND);
	w_object_event(w, id, WORLD_EV_GET, -1);
}

/* What the hand holds goes down at e's X, or just in front of creature k
 * (touching it; -1: where the hand is); its drop handler runs. */
static void hand_drop(world *w, const w_ev *e, int k)
{
	int id = w->hand_carried;
	if (id < 0)
		return;
	int64_t x = e->x;
	if (!e->has_x) {
		const w_crt *cr = k >= 0 ? &w->crts[k] : NULL;
		x = cr ? cr->x + cr->facing * ((w_crt_width(w) + w_obj_width(w, &w->objs[id])) / 2)
		       : w->objs[0].x;
	}
	hand_to(w, x);
	log_hand(w, e, k);
	w_put_down(w, id, x);
	w_object_event(w, id, WORLD_EV_DROP, -1);
}

static void apply_pickup(world *w, const w_ev *e)
{
	int id = object_named(w, e->name);
	if (id >= 0 && w->objs[id].state == WORLD_OBJ_PRESENT)
		hand_pickup(w, e, id, w->ncrts ? 0 : -1);
}

/* drop: at X, else in front of the creature (the first by default; `to
 * every`: the first one). */
static void apply_drop(world *w, const w_ev *e)
{
	int k = e->who.idx == WHO_EVERY ? (w->ncrts ? 0 : -1) : who_index(w, &e->who);
	if (!e->has_x && e->who.idx != 0 && k < 0)
		return; /* to a creature not in the world */
	hand_drop(w, e, k);
}

/* bring [I]: the hand takes the object of that kind (or category) nearest
 * the first creature, in the world, visible and carried by no one (ties:
 * the lower id), and drops it just in front of the creature; nothing when
 * there is none. A player's way of feeding (the research note, 4.4). */
static void bring_to(world *w, const w_ev *e, int k)
{
	if (k < 0)
		return;
	int64_t cx = w->crts[k].x, bestd = 0;
	int best = -1;
	for (size_t id = 1; id < w->nobjs; id++) {
		const w_obj *o = &w->objs[id];
		bool match = e->kind > 0 ? o->kind == e->kind : w_kind_of(w, o)->category == e->noun;
		match = match && w_obj_creature(w, (int)id) < 0; /* the hand brings no creature */
		int64_t d = w_abs64(o->x - cx);
		if (match && w_visible(w, o) && o->carrier == -1 && (best < 0 || d < bestd)) {
			best = (int)id;
			bestd = d;
		}
	}
	if (best < 0)
		return;
	hand_pickup(w, e, best, k);
	hand_drop(w, e, k);
}

static void apply_bring(world *w, const w_ev *e)
{
	at_whom(w, e, bring_to);
}

/* Creature k's act of this tick answered by the rules about it. */
static void react(world *w, const world_events *ev, size_t k)
{
	const w_crt *cr = &w->crts[k];
	if (cr->acted < 0)
		return;
	for (size_t i = 0; i < ev->nrules; i++) {
		const w_rule *r = &ev->rules[i];
		bool whose = r->who.idx == WHO_EVERY || who_index(w, &r->who) == (int)k;
		if (whose && r->action == cr->acted && (r->kind < 0 || r->kind == cr->acted_kind)) {
			w_ev e = {.cmd = r->cmd, .line = r->line};
			hand_at(w, &e, (int)k);
		}
	}
}

void w_events_react(world *w, const world_events *ev)
{
	for (size_t k = 0; k < w->ncrts; k++)
		react(w, ev, k);
}

static bool due(const w_ev *e, uint64_t t)
{
	if (t < e->at || t > e->until)
		return false;
	return e->every ? (t - e->at) % e->every == 0 : t == e->at;
}

void w_events_apply(world *w, const world_events *ev)
{
	for (size_t i = 0; i < ev->n; i++)
		if (due(&ev->v[i], w->tick))
			commands[ev->v[i].cmd].apply(w, &ev->v[i]);
}
