/* world.h — a world for C2 creatures: rooms along one floor, objects
 * declared in a world file, and the creatures living among them, stepped
 * together one world tick at a time.
 *
 * The world gives a creature what the engine's stand-in (engine/actions.c)
 * cannot: things to see (one representative object per category, the
 * engine-made stimuli "object comes into view", "it is approaching /
 * retreating", "I bump into wall", edges), an IT (the representative of the
 * attention winner's category), and actions that do what C2's creature
 * scripts did — approach IT, then send it its event (push, pull, stop, hit,
 * get, eat), whose handler in the world file answers with stimuli and
 * chemicals, becomes another kind, vanishes and regrows, rolls or moves.
 * The hand (pat, slap, pick up, drop, say) acts through events files.
 *
 * It is a core module: no printing, no writable globals, errors as values
 * (world files and events files: FILE:LINE), deterministic (one RNG seeded
 * from the run's seed, creatures and objects in a fixed order). It steps its
 * creatures only through the engine's public API (creature_step, stimuli,
 * words, environment loci and the world inputs of engine.h) and never
 * reaches into a creature. docs/world.md documents the world file,
 * the events commands, the options and the log; every rule is tagged there
 * and in the option table as [D] documented, [O] another implementation (C1
 * decompilation, openc2e) or [I] ours; world.c names the sources. */
#ifndef C2_WORLD_H
#define C2_WORLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/err.h"
#include "base/options.h"
#include "engine/engine.h"
#include "engine/events.h"

/* ---- options: every [O] and [I] choice, one table ---------------------------
 * X(field, default, min, max, value names, help). Listed by `c2rt options`,
 * set with --opt NAME=VALUE, saved in world snapshots. */
#define WORLD_OPTIONS(X)                                                                  \
	X(walk_speed, 2, 0, 1000, NULL,                                                        \
	  "[I] px per world tick a creature walks at its normal gait (no source gives a "    \
	  "speed: 2 px/tick = 20 px/s)")                                                      \
	X(gait_speeds, 1, 0, 1, NULL,                                                          \
	  "[I] 1 = the strongest gait locus (C1's rule [O]) scales the speed by the "        \
	  "standard norn's gait names: limping, sleepy, tired, drunken x1/2, fast run x2, " \
	  "others x1; 0 = every gait walks at walk_speed")                                   \
	X(run_factor, 2, 1, 16, NULL, "[O C1] the run (avoid) action walks this many times faster") \
	X(run_min, 20, 0, 100000, NULL, "[O C1] fewest world ticks a run (avoid) lasts")       \
	X(run_max, 50, 0, 100000, NULL, "[O C1] most world ticks a run (avoid) lasts")         \
	X(walk_min_atp, 8, 0, 255, NULL,                                                       \
	  "[I] a creature whose ATP is below this is too weak to walk (it stands)")          \
	X(creature_width, 50, 1, 10000, NULL, "[D world-reference 5] a creature's width in px") \
	X(reach, 0, 0, 10000, NULL,                                                            \
	  "[I] gap in px between a creature's and an object's near edges at which it "       \
	  "touches it (no source gives one: the edges meet)")                               \
	X(sight_range, 500, 0, 1000000, NULL, "[O C1, openc2e] px a creature sees")            \
	X(sight_rooms, 0, 0, 1, "room,floor",                                                  \
	  "[O C1] room: a creature sees only its own room; floor: the whole floor")          \
	X(sight_facing, 0, 0, 1, NULL,                                                         \
	  "[I] 0 = sees both ways (a norn turns its head); 1 = only the way it faces (C1 [O])") \
	X(hearing_range, 500, 0, 1000000, NULL,                                                \
	  "[O openc2e] px a creature hears (same room, both ways)")                           \
	X(representative, 0, 0, 2, "nearest,random,stimulus",                                 \
	  "[I] which seen object stands for its category when the last one is lost or the " \
	  "category is new: the nearest (ties: lower id), a random one (openc2e [O]), or the " \
	  "nearest replaced by the last one that stimulated the creature (C1 [O])")          \
	X(keep_unseen, 0, 0, 1, NULL,                                                          \
	  "[O C1 attention records] 1 = a category's object stays its representative while "  \
	  "it is in the creature's room, out of sight too (it may stay IT); coming back into " \
	  "sight it fires 'object comes into view' at view_return_m; an object newly seen "   \
	  "replaces an unseen representative that is not IT (that category's attention cell " \
	  "is cleared); 0 = kept only while seen (openc2e [O])")                             \
	X(view_return_m, 26, 0, 255, NULL,                                                     \
	  "[O C1] magnitude of 'object comes into view' when a kept representative comes "   \
	  "back into sight (keep_unseen)")                                                   \
	X(perceive_period, 8, 1, 1000, NULL,                                                   \
	  "[O C1 world phases 2 and 10 of 16] world ticks between two looks (the "            \
	  "representatives and the view, approach and edge stimuli); 1 = every tick")        \
	X(perceive_asleep, 0, 0, 1, NULL,                                                      \
	  "[O C1 apply_stimulus] 0 = a creature asleep or dreaming takes no new "            \
	  "representative and gets no perception stimuli (C1 took the record through the "  \
	  "stimulus, which a sleeper does not get): what came into view while it slept "    \
	  "comes into view when it wakes; 1 = it perceives while asleep")                   \
	X(view_first_m, 180, 0, 255, NULL,                                                     \
	  "[O C1] magnitude of 'object comes into view' the first time a category is seen")  \
	X(view_again_m, 80, 0, 255, NULL, "[O C1] its magnitude afterwards")                   \
	X(move_threshold, 32, 1, 100000, NULL,                                                 \
	  "[O C1] px IT (or the nearest edge) must move before 'it is approaching / "        \
	  "retreating' (or the edge stimuli) fire; their magnitude is the px moved")         \
	X(mask_actions, 1, 0, 1, NULL,                                                         \
	  "[O C1, D CAOS guide] 1 = the actions that need IT cannot win the decision while " \
	  "there is none; 0 = they can, and the creature stands and is disappointed")        \
	X(disappoint_forbidden, 1, 0, 1, NULL,                                                 \
	  "[I from C1 DROP and C3 scripts] an action on an object that does not allow it "   \
	  "gives the actor 'Disappointment' (0 = nothing)")                                  \
	X(act_recover, 24, 0, 100000, NULL,                                                    \
	  "[O C1 scripts: wait 4, event, wait 20] world ticks after an act before the same " \
	  "action acts again")                                                               \
	X(impt, 1, 0, 4, NULL,                                                                 \
	  "[O C1] each brain tick the running action's decision cell gets this many times "  \
	  "its IMPT (quiescent 0, walk 1, come 2, act, get and eat 3, run 4); 0 = none; C1's " \
	  "engine added twice the script's IMPT (Document::update_world: 2)")                \
	X(decision_switch, 0, 0, 1, NULL,                                                      \
	  "[O C1 update_action_selection] 1 = when the decision changes, the decision cell "  \
	  "given up is cleared and the new one gets 10")                                     \
	X(it_change_reset, 1, 0, 1, NULL,                                                      \
	  "[O C1] 1 = when IT changes to a new object the decision, sense and source lobes " \
	  "are cleared and the new IT's source cell gets it_boost; the action restarts")     \
	X(it_boost, 30, 0, 255, NULL, "[O C1] the new IT's source cell after the reset")       \
	X(goal_direction, 0, 0, 1, NULL,                                                       \
	  "[O C1 update_goal_direction] 1 = every goal_period ticks the creature's drives, "  \
	  "weighted by what it learnt each category's stimuli lower (each drive-decrease "    \
	  "chemical a stimulus from an object gives: weight = (amount + 4 weight) / 5), "     \
	  "push the source cell of the best category it has an object for, or the verb "     \
	  "'left'/'right' towards where it last was; 0 = none: C2 norns could not choose "    \
	  "what to look at by need (D: Chris Double, Canny Norns; creatures.wiki OHSS)")      \
	X(goal_period, 128, 1, 100000, NULL,                                                   \
	  "[O C1] world ticks between two goal-direction updates (world phase 15 of 16, one " \
	  "pass in 8)")                                                                      \
	X(it_near, 0, 0, 1, NULL,                                                              \
	  "[O C1 brain inputs] 1 = before each brain tick the general-sense cell 'it is "     \
	  "near me' is set to 255 - 2 x IT's distance in px within 128 px (0 farther)")      \
	X(hand_leaves, 0, 0, 1000000, NULL,                                                    \
	  "[I] world ticks after its last command the hand, holding nothing, leaves the "     \
	  "world (a player moves the pointer away); 0 = it stays where it last acted")        \
	X(roll_friction, 64, 0, 1000000, NULL,                                                 \
	  "[I] a rolling object slows by this many 1/256 px per tick every tick")            \
	X(body_px_per_unit, 50, 0, 100000, NULL,                                               \
	  "[I] with a body: px of world per unit of the body's travel (50: a unit is a "     \
	  "norn's width)")

/* Populations (docs/populations.md): creatures seeing and touching each
 * other, breeding, eggs. Added after world snapshots and hashes existed:
 * "late" options (base/options.h), saved and hashed only when they differ
 * from their defaults, so a world of one creature keeps its bytes. */
#define WORLD_POP_OPTIONS(X)                                                               \
	X(see_creatures, 1, 0, 1, NULL,                                                        \
	  "[D categories 36-38, world-reference 2] 1 = every creature is seen by the others " \
	  "as an object of its genus' category (norn 36, grendel 37, ettin 38), and can be "  \
	  "IT; 0 = creatures do not see each other")                                         \
	X(breeding, 1, 0, 2, "off,population,always",                                          \
	  "[I] when the world drives the reproductive emitters 'I am fertile' and 'I am "    \
	  "pregnant' and lets creatures conceive: never, in a world that has held more than " \
	  "one creature (a lone creature steps as it always did), or always")               \
	X(fertile_min, 1, 1, 255, NULL,                                                         \
	  "[I from the locus name 'become fertile if high'] a creature is fertile while its " \
	  "ovulate locus (creature/reproductive/0) is at least this")                       \
	X(receptive_min, 1, 1, 255, NULL,                                                       \
	  "[D locus name 'receptive to sperm if > 0'] a female can conceive while her "       \
	  "receptive locus (creature/reproductive/1) is at least this")                     \
	X(conceive_chance, 255, 0, 255, NULL,                                                   \
	  "[I] chance in 255 that a mating of a fertile male and a fertile, receptive female " \
	  "conceives")                                                                       \
	X(mutation_loci, 1, 0, 2, "off,unset-is-128,strict",                                   \
	  "[I] the child's mutation rate from the mother's chance and degree loci "           \
	  "(creature/reproductive/2, 3): rate = chance/128 x degree/128 (128 and 128 = "     \
	  "genome_mutate's rate 1, 'as the genes say'); unset-is-128: a locus at 0 counts "  \
	  "as 128 (the standard norn drives neither, and C2 norns mutated [D creatures.wiki "\
	  "Mutation]); strict: 0 is no mutation; off: rate 1 whatever the loci")            \
	X(male_chance, 128, 0, 256, NULL,                                                       \
	  "[I] chance in 256 that a child conceived is male (drawn at conception)")          \
	X(egg_hatch_ticks, 6000, 1, 10000000, NULL,                                             \
	  "[I] world ticks from laying to hatching (10 minutes)")                            \
	X(lay_without_locus, 0, 0, 10000000, NULL,                                              \
	  "[I] 0 = only the lay-egg involuntary action lays the egg; N = a female still "     \
	  "pregnant N ticks after conceiving lays anyway")                                   \
	X(crt_push_stim, 2, 0, 255, NULL,                                                       \
	  "[I numbers D] stimulus a creature gets when another pushes (activate 1) it: "     \
	  "2 'Creature pats me'")                                                            \
	X(crt_pull_stim, 24, 0, 255, NULL,                                                      \
	  "[I numbers D] ... pulls (activate 2) it: 24 'I've been pushed'")                  \
	X(crt_hit_stim, 4, 0, 255, NULL,                                                        \
	  "[I numbers D] ... hits it: 4 'Creature slaps me'")                                \
	X(crt_stop_stim, 43, 0, 255, NULL,                                                      \
	  "[I numbers D] ... deactivates it: 43 'Creature says no'")                          \
	X(hear_creatures, 1, 0, 1, NULL,                                                        \
	  "[I] 1 = a creature stating a need (decision 8) is heard by the others in earshot:" \
	  " stimulus 11 'Heard creature speak' and the noun of what it attends to; 0 = not")

typedef struct world_options {
	WORLD_OPTIONS(C2_OPTION_FIELD)
	WORLD_POP_OPTIONS(C2_OPTION_FIELD)
} world_options;

extern const c2_option_table world_option_tab;
void world_options_default(world_options *o);

/* Limits of a world (a file larger in any of these is refused). */
enum {
	WORLD_MAX_ROOMS = 64,
	WORLD_MAX_KINDS = 256,
	WORLD_MAX_OBJECTS = 4096, /* the hand, the file's objects and those added later */
	WORLD_MAX_OPS = 4096,     /* handler actions */
	WORLD_MAX_STARTS = 64,
	WORLD_MAX_RULES = 64,     /* `when` rules of an events file */
	WORLD_MAX_CREATURES = 256, /* born or founded, dead ones included */
	WORLD_MAX_LINE = 1024,
	WORLD_MAX_NAME = 32, /* a room's, kind's or object's name, with the NUL */
	WORLD_MAX_X = 10000000 /* px */
};

/* ---- object events: the C2 event numbers [D CAOS guide] -------------------- *
 * X(ID, C2 event number, name in world files). */
#define WORLD_EVENTS(X)                                                               \
	X(STOP, 0, "stop") X(PUSH, 1, "push") X(PULL, 2, "pull") X(HIT, 3, "hit")         \
	X(GET, 4, "get") X(DROP, 5, "drop") X(COLLIDE, 6, "collide") X(TIMER, 9, "timer") \
	X(EAT, 12, "eat")
#define WORLD_X_EV(id, num, name) WORLD_EV_##id,
typedef enum world_event_kind { WORLD_EVENTS(WORLD_X_EV) WORLD_NEVENTS } world_event_kind;
#undef WORLD_X_EV
const char *world_event_name(int ev);   /* "eat", or NULL */
int world_event_number(int ev);         /* its C2 number, or -1 */

/* ---- loading ------------------------------------------------------------------ */

typedef struct world world;

/* Load a world file's text[0..len) (see docs/world.md: world files):
 *     room NAME X0 X1 [temperature T] [light L] [air A] [radiation R]
 *     kind NAME CATEGORY [width W] [edible] [carry] [push] [pull] [stop] [hit]
 *                        [invisible] [timer TICKS]
 *     on KIND EVENT [TICKS] ACTION ARGS...
 *     object KIND X [NAME]
 *     creature X [east|west]
 * `opts` NULL means the defaults; `seed` seeds the world's random stream.
 * Errors give the line (C2_EFORMAT, C2_ETOOBIG) or C2_ENOMEM; on error *out
 * is NULL. */
int world_load(world **out, const char *text, size_t len, const world_options *opts,
               uint64_t seed, c2_err *err);
void world_free(world *w);

/* Put a creature into the world (it owns it from then on, and frees it with
 * the world; on failure the caller keeps it): the n-th creature starts at
 * the world file's n-th `creature` line (the last one's when there are
 * fewer; the first room's middle facing east when there is none), gets its
 * room's environment and creature_set_in_world. C2_ETOOBIG beyond
 * WORLD_MAX_CREATURES, C2_ENOMEM. */
int world_add_creature(world *w, creature *c, c2_err *err);

/* The same for a founder of a population: its moniker is `moniker` (4
 * digits or capital letters; C2_EINVAL when malformed or taken) or, NULL,
 * drawn from the world's naming stream (unique in the world); generation 0,
 * no parents; a genealogy "found" record is kept with `genome_name` (a path
 * or a digest; may be NULL). world_add_creature is this with NULL, NULL. */
int world_add_founder(world *w, creature *c, const char *moniker, const char *genome_name,
                      c2_err *err);

/* ---- events files: the world's commands ---------------------------------------
 * An events file may mix the engine's lines (engine/events.h) with the
 * world's, which have the same `at TIME` / `every PERIOD [from T] [until T]`
 * timing (parsed by the engine's own parser) and these commands:
 *     add KIND X [NAME]      a new object
 *     remove OBJECT          it is gone
 *     move OBJECT X          it is put at X
 *     pat | slap | yes | no [CREATURE]
 *                            the hand, at the creature (default the first):
 *                            stimulus 1 / 3 / 40 / 42 from the hand
 *     say VERB [NOUN]        the hand speaks: heard by every creature in earshot
 *     pickup OBJECT          the hand takes the object (its `get` handler runs)
 *     drop [X] [to CREATURE] the hand drops what it holds at X (default: just in
 *                            front of the creature, the first by default;
 *                            `drop` handler runs)
 *     bring KIND|CATEGORY [to CREATURE]
 *                            the hand picks up the nearest such object carried
 *                            by no one and drops it in front of the creature
 * and, without timing, reactive rules:
 *     when [CREATURE|every] ACTION [KIND] pat|slap|yes|no
 *                            the hand answers each act of the creature (the
 *                            first by default; `every`: of each creature)
 *                            (eat, push ... on an object of KIND) in that tick
 * CREATURE is `@N` (index N, 0 the first) or a moniker (4 digits or capital
 * letters); a creature not (or no longer) in the world makes the command
 * do nothing.
 * OBJECT is a name: the one the world file or `add` gave, else KIND.N, the
 * N-th object created as KIND (names stay when an object becomes another
 * kind); "hand" is the hand. World lines apply before the creatures step, in
 * file order; the engine's lines go to the first creature. */
typedef struct world_events world_events;

/* Parse an events file's text for world `w` (its kinds and names): the
 * world's lines here, the others by creature_events_parse. Errors name the line of
 * the file, whichever parser found them. *out NULL on error. */
int world_events_parse(world_events **out, const world *w, const char *text, size_t len,
                       c2_err *err);
void world_events_free(world_events *ev);
/* The engine's events among them (for the first creature). */
const creature_events *world_events_engine(const world_events *ev);

/* ---- stepping ------------------------------------------------------------------- */

/* One world tick: the world commands of `ev` (may be NULL) due now; the
 * objects in id order (regrowing, timers, rolling); then each creature in
 * order: what it perceives (representatives, the engine-made stimuli), IT,
 * the decision mask and IMPT, creature_step (with the engine events for the
 * first creature), IT again, and its action (walking, approaching, acting
 * on IT). */
void world_step(world *w, const world_events *ev);

/* ---- reading -------------------------------------------------------------------- */

uint64_t world_ticks(const world *w);
size_t world_creature_count(const world *w);
creature *world_creature(world *w, size_t i);
const creature *world_creature_const(const world *w, size_t i);

typedef struct world_room_info {
	const char *name;
	double x0, x1;
	uint8_t temperature, light, air, radiation;
} world_room_info;
size_t world_room_count(const world *w);
int world_room(const world *w, size_t i, world_room_info *out); /* 0, or -1 */

typedef enum world_object_state {
	WORLD_OBJ_PRESENT,  /* in the world */
	WORLD_OBJ_VANISHED, /* gone until it regrows */
	WORLD_OBJ_REMOVED   /* gone for good */
} world_object_state;

typedef struct world_object_info {
	const char *name, *kind;
	int category;
	double x, width;
	world_object_state state;
	bool visible;  /* present and its kind is not invisible */
	int carrier;   /* creature index, WORLD_HAND for the hand, or -1 */
	/* populations: the creature this object stands for (see_creatures:
	 * every creature is an object of its genus' category; -1 for other
	 * objects); an egg's child: its moniker ("" for other objects) and the
	 * creature index it hatched as (-1 until it hatched) */
	int creature;
	char child[5];
	int hatches_as;
} world_object_info;
enum { WORLD_HAND = -2 };
/* Objects by id, 0..world_object_count-1 (id 0 is the hand, present once a
 * hand command ran). */
size_t world_object_count(const world *w);
int world_object(const world *w, size_t id, world_object_info *out); /* 0, or -1 */

typedef struct world_creature_info {
	double x;
	int facing;      /* -1 west, +1 east */
	int room;
	int it;          /* object id, or -1 */
	double it_distance; /* px between centres (0 without IT) */
	int carried;     /* object id, or -1 */
	int action;      /* the decision the world is carrying out, or -1 */
	const char *phase; /* "stand", "approach", "recover", "walk", "run", "done" */
	/* its act of the last world tick, if it acted on an object: the event
	 * the object got (world_event_kind: eat, push ...) and the object's
	 * category when it did; -1 and -1 when it did not */
	int acted_event, acted_category;
	/* populations */
	char moniker[5];     /* "6KUC" */
	int mother, father;  /* creature indexes, -1 for founders */
	unsigned generation; /* founders 0, a child max(mother's, father's) + 1 */
	bool alive, pregnant;
	int egg;             /* object id of the egg it hatched from, or -1 */
	int object;          /* the object that stands for it (see_creatures), or -1 */
} world_creature_info;
int world_creature_get(const world *w, size_t i, world_creature_info *out); /* 0, or -1 */

/* Creature i's moniker, or NULL out of range. */
const char *world_creature_moniker(const world *w, size_t i);
/* Creature index of a moniker, or -1. */
int world_creature_find(const world *w, const char *moniker);
/* Creatures alive now (dead ones keep their indexes). */
size_t world_alive_count(const world *w);

/* ---- genealogy ------------------------------------------------------------------ *
 * Always kept (with the log off too): every founder, conception, egg laid,
 * hatching, death and lost child, as NDJSON lines (docs/populations.md).
 * Appends the records since the last call to `out` and forgets them, so
 * memory stays bounded; records not yet drained are in world snapshots. */
void world_genealogy_ndjson(world *w, c2_wbuf *out);

/* The options the world runs with (read-only: e.g. the creature width a
 * viewer draws). */
const world_options *world_get_options(const world *w);

/* Hash of the whole world: its clock, random stream, options, objects,
 * every creature's place and state in the world and every creature_hash. */
uint64_t world_hash(const world *w);

/* ---- snapshots ------------------------------------------------------------------ *
 * The whole world (its file, options, clock, random stream, objects, and
 * every creature's world state and creature snapshot) plus the caller's
 * `extra` bytes (the CLI keeps the events text there), versioned and
 * checksummed like creature snapshots: a resumed world runs on bit for bit
 * as if it had never stopped. */
int world_save(const world *w, const void *extra, size_t nextra, c2_wbuf *out);
/* Rebuild from world_save's bytes. Refuses truncated or corrupted data
 * (C2_EFORMAT / C2_ECHECK with the offset). *extra (malloc'd; may be NULL)
 * receives the extra bytes. */
int world_restore(world **out, const uint8_t *data, size_t len, uint8_t **extra, size_t *nextra,
                  c2_err *err);
/* Do these bytes start like a world snapshot? */
bool world_snapshot_is(const uint8_t *data, size_t len);

/* ---- the log -------------------------------------------------------------------- *
 * With the log on, the world records every event of its own — an action
 * begun, IT changed, an act on an object (with its event) or one refused,
 * every stimulus the world gave a creature (number or explicit, from which
 * category and object, and the chemicals it added), objects becoming,
 * vanishing, regrowing, rolling into walls, added, removed and moved, the
 * hand's commands, bumps and rooms entered — for an ethogram. */
void world_set_log(world *w, bool on);
/* Append the records logged since the last call as NDJSON lines (one
 * object a line: "tick", "creature", "type", then the record's fields) and
 * forget them. */
void world_log_ndjson(world *w, c2_wbuf *out);

#endif
