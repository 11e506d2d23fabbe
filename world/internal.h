/* internal.h — the world's state, shared by the world's source files. */
#ifndef C2_WORLD_INTERNAL_H
#define C2_WORLD_INTERNAL_H

#include "base/rng.h"
#include "genome/genome.h"
#include "genome/vocab.h"
#include "world/world.h"

/* Positions are integers in 1/256 px (WORLD_FX per px), so that every
 * position is exact and the same at any optimisation level. */
enum { WORLD_FX = 256 };

/* Kind flags: what a creature may do to it (C2 BHVR [D]) and its ATTR
 * (carryable, invisible to creatures [D]). */
enum {
	KF_PUSH = 1 << 0,
	KF_PULL = 1 << 1,
	KF_STOP = 1 << 2,
	KF_HIT = 1 << 3,
	KF_EDIBLE = 1 << 4,
	KF_CARRY = 1 << 5,
	KF_INVISIBLE = 1 << 6
};
/* The flag words of `kind` lines, in bit order. */
#define WORLD_KIND_FLAGS(X)                                                      \
	X(KF_PUSH, "push") X(KF_PULL, "pull") X(KF_STOP, "stop") X(KF_HIT, "hit")    \
	X(KF_EDIBLE, "edible") X(KF_CARRY, "carry") X(KF_INVISIBLE, "invisible")

/* Handler actions (`on KIND EVENT ACTION ...`): X(ID, name, usage). */
#define WORLD_OPS(X)                                                                      \
	X(STIMULUS, "stimulus", "stimulus SCOPE STIMULUS [m M]")                              \
	X(STIM, "stim", "stim SCOPE SIGNIFICANCE SENSE INTENSITY FEATURES [CHEMICAL AMOUNT]...") \
	X(BECOME, "become", "become KIND")                                                    \
	X(VANISH, "vanish", "vanish [regrow TICKS]")                                          \
	X(ROLL, "roll", "roll SPEED")                                                         \
	X(MOVE, "move", "move DX")                                                            \
	X(TIMER, "timer", "timer TICKS")
#define WORLD_X_OP(id, name, usage) OP_##id,
enum { WORLD_OPS(WORLD_X_OP) OP_N };
#undef WORLD_X_OP

/* Who a handler's stimulus reaches (STM# WRIT / SIGN / SHOU / TACT [D]). */
#define WORLD_SCOPES(X) X(ACTOR, "actor") X(SEEN, "seen") X(HEARD, "heard") X(TOUCH, "touch")
#define WORLD_X_SCOPE(id, name) SCOPE_##id,
enum { WORLD_SCOPES(WORLD_X_SCOPE) SCOPE_N };
#undef WORLD_X_SCOPE

typedef struct w_op {
	uint8_t op, scope, event;
	uint16_t kind;      /* the kind whose handler this is */
	uint8_t number, m;  /* stimulus: its number and magnitude */
	genome_stimulus_gene stim; /* stim */
	int32_t arg;        /* become: kind; vanish: regrow ticks (0: never);
	                       roll: px/tick; move: px; timer: ticks */
	long line;
} w_op;

typedef struct w_kind {
	char name[WORLD_MAX_NAME];
	uint8_t category;
	uint8_t flags;
	int32_t width;  /* px */
	int32_t timer;  /* ticks its objects' timer starts at (0: none) */
	uint32_t created; /* objects created as this kind so far (KIND.N names) */
	/* its handlers: ops[first[e] .. first[e] + count[e]) for event e */
	uint16_t first[WORLD_NEVENTS], count[WORLD_NEVENTS];
} w_kind;

typedef struct w_room {
	char name[WORLD_MAX_NAME];
	int64_t x0, x1; /* fixed point */
	uint8_t temperature, light, air, radiation;
} w_room;

typedef struct w_obj {
	char name[WORLD_MAX_NAME];
	uint16_t kind;
	uint8_t state;   /* world_object_state */
	int16_t carrier; /* creature index, WORLD_HAND, or -1 */
	int64_t x;       /* centre, fixed point */
	int32_t vx;      /* rolling, fixed point per tick */
	int32_t timer;   /* ticks to its timer event (0: none) */
	int32_t regrow;  /* vanished: ticks to regrowing (0: never) */
} w_obj;

enum { WORLD_NCAT = GENOME_NCATEGORIES };

/* What the world keeps of each creature. */
typedef enum w_phase { PH_STAND, PH_APPROACH, PH_RECOVER, PH_WALK, PH_RUN, PH_DONE } w_phase;

typedef struct w_crt {
	creature *c;
	int64_t x;
	int8_t facing;     /* -1 west, +1 east */
	uint8_t room;
	bool bumped;       /* against a wall since it last bumped */
	bool alive_seen;   /* it was alive at the last step (death drops its load) */
	int32_t carried;   /* object id, or -1 */
	int16_t rep[WORLD_NCAT]; /* representative object of each category, or -1 */
	uint64_t repmask;        /* derived (not saved): bit k when rep[k] >= 0 */
	uint64_t seen_ever;      /* bit k: category k has been seen */
	uint64_t repseen;        /* bit k: rep[k] was in sight at the last look (keep_unseen) */
	/* goal direction (goal.c): where each category's object last was (-1:
	 * unknown) and how much its stimuli lowered each drive (0..255) */
	int64_t goal_x[WORLD_NCAT];
	uint8_t goal_w[WORLD_NCAT][GENOME_NDRIVES];
	int32_t it;        /* IT: object id, or -1 */
	int64_t it_last;   /* IT's distance at the last approach / retreat check */
	int64_t edge_last; /* the nearest edge's distance at the last check, or -1 */
	int8_t act;        /* the decision being carried out, or -1 */
	uint8_t phase;     /* w_phase */
	int32_t target;    /* the object the action began on, or -1 */
	int32_t wait;      /* recovering or running: ticks left */
	/* this tick's act, for the events' `when` rules (not saved: set and
	 * read within one world tick): its decision cell (-1: none) and the
	 * object's kind when it acted; and the event it sent the object (for
	 * world_creature_get: a batch counts the acts) */
	int8_t acted;
	int8_t acted_event;
	int16_t acted_kind;
	/* populations (pop.c; saved in the snapshot's population section) */
	char moniker[5];
	int16_t mother, father; /* creature indexes, -1: founder */
	uint32_t generation;
	int32_t egg;            /* the egg object it hatched from, or -1 */
	int32_t obj;            /* the object standing for it (see_creatures), or -1 */
	uint8_t genus;          /* its genome's genus (0 norn, 1 grendel, 2 ettin, 3 shee) */
	int32_t unborn;         /* pregnant: index into world.unborn of the child, or -1 */
} w_crt;

/* A child conceived and not yet hatched: in its mother (egg -1), then in
 * an egg object. Its genome was made at conception. */
typedef struct w_unborn {
	char moniker[5];
	int16_t mother, father;
	uint32_t generation;
	uint8_t sex;         /* genome_sex */
	uint64_t seed;       /* the child creature's seed */
	uint64_t conceived;  /* world tick */
	uint64_t hatch_at;   /* laid: the world tick it hatches at */
	int32_t egg;         /* egg object id, -1 while in the mother */
	uint8_t *dna;        /* the child's genome, encoded */
	size_t ndna;
} w_unborn;

/* Log record types: X(ID, name). */
#define WORLD_LOG_TYPES(X)                                                                 \
	X(ACTION, "action") X(IT, "it") X(ACT, "act") X(REFUSED, "refused") X(STIMULUS, "stimulus") \
	X(BECOME, "become") X(VANISH, "vanish") X(REGROW, "regrow") X(COLLIDE, "collide")      \
	X(ADD, "add") X(REMOVE, "remove") X(MOVE, "move") X(HAND, "hand") X(BUMP, "bump")      \
	X(ROOM, "room") X(CARRY, "carry") X(SPEAK, "speak")
#define WORLD_X_LOG(id, name) LOG_##id,
enum { WORLD_LOG_TYPES(WORLD_X_LOG) LOG_N };
#undef WORLD_X_LOG

typedef struct w_log {
	uint64_t tick;
	uint8_t type;
	int16_t creature; /* -1: none */
	int32_t object;   /* -1: none */
	int16_t kind;     /* the object's kind when logged */
	const char *what; /* hand: the command; carry: what happened */
	int16_t a, b;     /* per type: action / event / stimulus number (-1 explicit) and
	                     from-category / room / hand command / m ... */
	uint8_t ndose;
	uint8_t chem[4], amount[4];
	int64_t x;        /* where (moves, adds) */
} w_log;

struct world {
	world_options opt;
	uint64_t seed;
	char *text; /* the world file (kept for snapshots) */
	size_t text_len;
	c2_rng rng;
	uint64_t tick;
	w_room rooms[WORLD_MAX_ROOMS];
	size_t nrooms;
	w_kind *kinds; /* kind 0 is the hand's */
	size_t nkinds;
	w_op *ops;
	size_t nops;
	w_obj *objs;   /* object 0 is the hand */
	size_t nobjs, capobjs;
	struct { int64_t x; int8_t facing; } starts[WORLD_MAX_STARTS];
	size_t nstarts;
	int32_t hand_carried; /* the object the hand holds, or -1 */
	w_crt *crts;
	size_t ncrts;
	bool log_on;
	w_log *log;
	size_t nlog, caplog;
	/* populations (pop.c) */
	c2_rng nrng;        /* naming and breeding stream: monikers, conception, sex,
	                       child seeds, crossing (the world's stream is left as a
	                       lone creature's world always drew it) */
	bool pop;           /* the world has held more than one creature: creatures
	                       are objects, breeding runs (option breeding), the
	                       population section is hashed */
	int16_t crt_kind[4];/* the built-in kind standing for each genus (-1: not yet) */
	int16_t egg_kind;   /* the kind eggs are laid as (-1: not yet) */
	uint16_t nfile_kinds; /* kinds of the world file; built-in ones follow */
	w_unborn *unborn;
	size_t nunborn;
	c2_wbuf gen;        /* genealogy NDJSON not yet drained */
};

/* ---- parsing (parse.c): world files and the world's events lines ----------------- */

enum { W_MAX_TOKENS = 32 };
typedef struct w_tok {
	const char *s;
	size_t n;
} w_tok;
typedef struct w_line {
	w_tok t[W_MAX_TOKENS];
	int nt;
	long line;
	c2_err *err;
} w_line;

/* An error on the line being parsed. */
#define w_fail(p, ...) c2_fail_line((p)->err, C2_EFORMAT, (p)->line, __VA_ARGS__)
/* Split s[0..n) at white space, after cutting a '#' comment. */
int w_tokenize(w_line *p, const char *s, size_t n);
bool w_tok_is(const w_tok *t, const char *word);
/* A whole decimal token in [lo, hi]. */
bool w_tok_int(const w_tok *t, long lo, long hi, long *out);
/* Token i as a number in [lo, hi], or an error saying `what` it must be. */
int w_int(w_line *p, int i, long lo, long hi, const char *what, long *out);
/* Token i: a name or a number 0..v->n-1 of a vocabulary. */
int w_vocab(w_line *p, int i, const genome_vocab *v, int *out);
/* Token i as a name (letters, digits, '_' and '-', at most WORLD_MAX_NAME - 1)
 * copied into out. */
int w_name(w_line *p, int i, const char *what, char out[WORLD_MAX_NAME]);
/* Parse the events-file command `cmd` with tokens [i, nt) as its arguments
 * (`when` NULL: "at 0"; else the timing prefix tokens [0, when_n)) with the
 * engine's own parser, as this line: the world takes the events file's
 * syntax, names and errors for its stimuli and its timing. */
int w_engine_cmd(w_line *p, int when_n, const char *cmd, int i, creature_event *out);

/* ---- shared helpers -------------------------------------------------------------- */

static inline int64_t w_abs64(int64_t v) { return v < 0 ? -v : v; }
/* The world's walls, fixed point. */
static inline int64_t w_left(const world *w) { return w->rooms[0].x0; }
static inline int64_t w_right(const world *w) { return w->rooms[w->nrooms - 1].x1; }
static inline const w_kind *w_kind_of(const world *w, const w_obj *o) { return &w->kinds[o->kind]; }
static inline int64_t w_obj_width(const world *w, const w_obj *o)
{
	return (int64_t)w_kind_of(w, o)->width * WORLD_FX;
}
static inline int64_t w_crt_width(const world *w)
{
	return (int64_t)w->opt.creature_width * WORLD_FX;
}
/* Is the object in the world and visible to creatures? */
static inline bool w_visible(const world *w, const w_obj *o)
{
	return o->state == WORLD_OBJ_PRESENT && !(w_kind_of(w, o)->flags & KF_INVISIBLE);
}

/* Make object id (-1: none) the representative of category cat; the one
 * it replaces leaves its place in goal_x (C1's record kept the place of
 * an object it lost). */
static inline void w_set_rep(const world *w, w_crt *cr, int cat, int id)
{
	if (cr->rep[cat] == id)
		return;
	if (cr->rep[cat] >= 0)
		cr->goal_x[cat] = w->objs[cr->rep[cat]].x;
	cr->rep[cat] = (int16_t)id;
	cr->repseen &= ~(1ull << cat);
	if (id >= 0)
		cr->repmask |= 1ull << cat;
	else
		cr->repmask &= ~(1ull << cat);
}

/* world.c */
int w_room_at(const world *w, int64_t x); /* the room holding x (clamped to the walls) */
/* Put an object into the world: a new one of kind `kind` at x, named
 * `name` or KIND.N. Its id, or -1 when full or out of memory. */
int w_obj_new(world *w, uint16_t kind, int64_t x, const char *name);
int w_obj_find(const world *w, const char *name, size_t n); /* id, or -1 */
/* Clamp a centre so that something `width` wide stays between the walls. */
int64_t w_clamp(const world *w, int64_t x, int64_t width);
/* world_add_creature without the room's environment (a restored creature
 * has its own). */
int w_add_crt(world *w, creature *c, c2_err *err);
/* Creature k's room's environment onto its loci. */
void w_set_env(world *w, size_t k);

/* events.c: the world commands due at the world's tick, in file order. */
void w_events_apply(world *w, const world_events *ev);
/* After the creatures stepped: the `when` rules answering the first
 * creature's act of this tick. */
void w_events_react(world *w, const world_events *ev);

/* load.c */
int w_kind_find(const world *w, const char *name, size_t n); /* index, or -1 */

/* perceive.c */
/* Can creature k see object id? / hear something at x? / is it touching it? */
bool w_sees(const world *w, const w_crt *cr, const w_obj *o);
bool w_in_sight(const world *w, const w_crt *cr, int64_t x); /* x lies where it looks */
bool w_hears(const world *w, const w_crt *cr, int64_t x);
bool w_touches(const world *w, const w_crt *cr, const w_obj *o);
/* The gap between a creature's and an object's near edges (may be < 0). */
int64_t w_gap(const world *w, const w_crt *cr, const w_obj *o);
void w_perceive(world *w, size_t k);
/* Work out IT from the attention winner; on a change to a new object reset
 * the attention (option it_change_reset) and log it. */
void w_update_it(world *w, size_t k);

/* goal.c: C1's goal direction (option goal_direction) */
/* Creature k took a stimulus `g` (modulated by m) from object id of
 * category cat: learn what it lowered. */
void w_goal_learn(world *w, size_t k, int cat, const genome_stimulus_gene *g, uint8_t m);
/* Before creature k's step: every goal_period ticks, push towards what
 * its drives want. */
void w_goal(world *w, size_t k);

/* act.c */
/* Before creature k's step: its decision mask and IMPT. */
void w_pre_step(world *w, size_t k);
/* After it: carry out its action for this tick. */
void w_act(world *w, size_t k);
/* Move creature k by dx (fixed point), stopping at the walls (a bump:
 * stimulus 7 once). */
void w_move_creature(world *w, size_t k, int64_t dx);

/* objects.c */
/* Run object id's handler for `ev`, caused by creature `actor` (-1: none). */
void w_object_event(world *w, int id, int ev, int actor);
/* Timers and rolling, in id order. */
void w_objects_tick(world *w);
/* hand_leaves [I]: the hand, holding nothing, leaves the world (a player
 * moves the pointer away) hand_leaves ticks after its last command (run
 * before the tick's commands). */
void w_hand_tick(world *w);
/* Creature (or the hand, WORLD_HAND) takes / puts down object id. */
void w_carry(world *w, int id, int carrier);
void w_put_down(world *w, int id, int64_t x);
/* Give creature k a stimulus from object id (-1: none, from category `from`). */
void w_stimulus(world *w, size_t k, uint8_t number, int from, int id, uint8_t m);
void w_stim_explicit(world *w, size_t k, const genome_stimulus_gene *g, int from, int id);

/* log.c */
w_log *w_log_add(world *w, int type, int who, int object);

/* pop.c: populations */
/* Set up a new world's population state (after loading its file). */
void w_pop_init(world *w);
void w_pop_free(world *w);
/* Creature k was just added (founder or child): its genus, its object
 * when the world is a population. */
int w_pop_added(world *w, size_t k, c2_err *err);
/* Before creature k's step: the reproductive emitters. */
void w_pop_pre(world *w, size_t k);
/* After creature k's step: laying. */
void w_pop_post(world *w, size_t k);
/* Once a tick, after the creatures: eggs hatching. */
void w_pop_tick(world *w);
/* Creature k died (genealogy; a pregnant mother loses her child). */
void w_pop_died(world *w, size_t k);
/* Creature `actor` sent event `ev` to object id, which stands for a
 * creature: its stimuli, and mating. */
void w_pop_touched(world *w, size_t actor, int id, int ev);
/* Creature k states a need: heard by the others. */
void w_pop_speak(world *w, size_t k);
/* The creature object id stands for, or -1. */
int w_obj_creature(const world *w, int id);
/* The kind is a built-in creature kind. */
bool w_kind_is_creature(const world *w, int kind);
/* Snapshot and hash sections. */
void w_pop_put(const world *w, c2_sink *s, bool hash);
int w_pop_get(world *w, c2_rbuf *r, c2_err *err);
void w_pop_put_kinds(const world *w, c2_sink *s);
int w_pop_get_kinds(world *w, c2_rbuf *r, c2_err *err);

/* snapshot.c: the world's state (not its file) as bytes, for saving and hashing. */
void w_put_state(const world *w, c2_sink *s, bool hash);

#endif
