/* engine.h — a living Creatures 2 creature: genome + brain + biochemistry on
 * one clock, with life stages, stimuli, instincts, sleep, death, snapshots.
 *
 * The creature is stepped one world tick at a time with creature_step(),
 * which first applies the timed inputs due at that tick (engine/events.h:
 * chemical injections, stimuli, heard words, sleep/dream, stage changes ...)
 * so that a run, a live session and its recording replay alike; front ends
 * read its state through the accessors. It never prints and never touches the screen.
 *
 * Objects are not the engine's: a world (world/world.h, above the engine,
 * which never includes it) gives a creature objects to see and act on
 * through the inputs below. Without one, what the C2 world's scripts did
 * for a creature is reduced to a small, documented stand-in
 * (engine/actions.c): the current action's periodic self-stimulus, sleeping
 * and waking, eating from a supply of food portions, involuntary actions. */
#ifndef C2_ENGINE_H
#define C2_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/err.h"
#include "base/options.h"
#include "base/rng.h"
#include "biochem/biochem.h"
#include "body/body.h"
#include "body/sim.h"
#include "brain/brain.h"
#include "genome/genome.h"

/* ---- the clock: every period in one place (reference §5.1, Q2) ------------- */
enum {
	CREATURE_TICK_MS = 100,      /* one world tick of creature time */
	CREATURE_TICKS_PER_SECOND = 1000 / CREATURE_TICK_MS,
	CREATURE_BRAIN_PERIOD = 4,   /* world ticks per brain tick */
	CREATURE_BIOCHEM_PERIOD = 2  /* world ticks per biochem tick */
};

/* ---- engine options: §9 choices and stand-in world constants --------------
 * X(field, default, min, max, value names, help) */
#define CREATURE_ENGINE_OPTIONS(X)                                                              \
	X(organ_failure_death, 1, 0, 2, NULL,                                                    \
	  "Q13: 1 = die when the brain organ fails or every body organ has failed; "      \
	  "2 = only when every organ (brain included) has failed; 0 = organs never kill")  \
	X(brain_while_asleep, 1, 0, 1, NULL,                                                     \
	  "Q15: 1 = brain ticks go on while asleep (the standard genome's regulator lobe "  \
	  "keeps glycolysis going through it); 0 = skip them unless dreaming (the "         \
	  "reference's recommendation: sleeping norns then starve)")                        \
	X(hatch_dream, 1, 0, 1, NULL,                                                            \
	  "1 = a hatchling dreams until its birth instincts are processed ('instincts are " \
	  "processed in the egg'); 0 = they wait for the first dream")                     \
	X(dream_ticks_per_instinct, 2, 1, 1000, NULL,                                            \
	  "Q12: brain ticks per instinct while dreaming (2: the export wired 17 of its "   \
	  "19 wireable birth instincts in 41 brain ticks; the reference suggests 1)")      \
	X(late_brain_start, 1, 0, 1, NULL,                                                       \
	  "1 = the first brain tick (and brain-organ update) comes one brain period "     \
	  "after hatching (the export's brain organ made 41 updates in 83 biochem "        \
	  "ticks); 0 = at hatching, world tick 0")                                         \
	X(action_period, 25, 0, 100000, NULL,                                                    \
	  "world ticks between the periodic self-stimuli of the current action "           \
	  "(quiescent, resting, travelling ... ); 0 = no action stimuli")                  \
	X(sleep_sleepiness, 40, 0, 255, NULL,                                                    \
	  "a creature that keeps choosing 'rest' for an action period falls asleep when " \
	  "its sleepiness drive is at least this")                                         \
	X(wake_sleepiness, 40, 0, 255, NULL,                                                     \
	  "a creature that fell asleep on its own wakes when the sleepiness drive "       \
	  "falls below this")                                                              \
	X(asleep_halves_stimuli, 1, 0, 1, NULL,                                                  \
	  "Q8: stimuli sensed while asleep reach the brain at half strength (C3)")

typedef struct creature_engine_options {
	CREATURE_ENGINE_OPTIONS(C2_OPTION_FIELD)
} creature_engine_options;

/* The table for the generic option functions (base/options.h). */
extern const c2_option_table creature_engine_option_tab;

/* Every option of every module, for `--opt NAME=VALUE` and `c2rt options`. */
typedef struct creature_config {
	genome_sex sex;
	uint64_t seed;
	brain_options brain;
	bc_options biochem;
	creature_engine_options engine;
	body_options body; /* used only by a creature with a body (creature_set_body) */
} creature_config;

/* Defaults for every module; sex female, seed 1. */
void creature_config_default(creature_config *cfg);

/* The option tables of every module, in listing order (brain, biochemistry,
 * engine, body), with the struct each one describes inside `cfg`. The body's
 * (the last, CREATURE_BODY_OPTIONS) is saved and hashed with the body, so a
 * creature without one keeps the snapshot bytes and hashes it always had. */
enum { CREATURE_OPTION_TABLES = 4, CREATURE_BODY_OPTIONS = 3 };
const c2_option_table *creature_option_table(size_t i);
void *creature_option_struct(creature_config *cfg, size_t i);
const void *creature_option_cstruct(const creature_config *cfg, size_t i);

/* Apply "NAME=VALUE" in whichever module owns NAME (engine, biochemistry,
 * brain); VALUE a number or one of the option's value names. Returns 0 or
 * C2_EINVAL with a message. */
int creature_config_parse(creature_config *cfg, const char *text, c2_err *err);

/* ---- lifecycle ------------------------------------------------------------- */

typedef struct creature creature;

typedef enum creature_death {
	CREATURE_ALIVE = 0,
	CREATURE_DEATH_OLD_AGE,      /* somatic locus 6 "die of old age" (§7.1) */
	CREATURE_DEATH_DIE_LOCUS,    /* creature/immune/0 "die if non-zero" */
	CREATURE_DEATH_ORGAN_FAILURE,/* brain organ or all body organs failed (Q13) */
	CREATURE_DEATH_KILLED        /* killed from outside (CAOS DEAD, an event) */
} creature_death;

/* "old age", "die locus", "organ failure", "killed" or "alive". */
const char *creature_death_name(creature_death d);

/* Can a creature of `sex` hatch from this genome? 0, or exactly the error
 * creature_hatch would give (allocation failures aside): the one check
 * behind both `c2rt validate` and `c2rt run`, so that validate accepts
 * what run accepts. It does not depend on the seed. */
int creature_check_genome(const genome *g, genome_sex sex, c2_err *err);

/* Hatch a creature: check the genome (creature_check_genome), copy it,
 * build the brain (§4.2) and the biochemistry, express the stage-0 genes
 * (§2.6), queue the birth instincts. On success *out is set and 0
 * returned; otherwise err says why. */
int creature_hatch(creature **out, const genome *g, const creature_config *cfg, c2_err *err);
void creature_free(creature *c);

/* Timed inputs (engine/events.h). */
typedef struct creature_events creature_events;

/* The one step function: apply the events of `ev` (may be NULL) due at the
 * current tick, in order, then run one world tick (§5.1) — brain tick every
 * CREATURE_BRAIN_PERIOD ticks (always with the default brain_while_asleep=1;
 * with 0, only while awake or dreaming), biochem tick every
 * CREATURE_BIOCHEM_PERIOD, the stand-in world, life-stage loci and death. Every
 * front end advances a creature through this and nothing else. A dead
 * creature does nothing (its due events still apply). */
void creature_step(creature *c, const creature_events *ev);

/* ---- reading --------------------------------------------------------------- */
uint64_t creature_ticks(const creature *c); /* world ticks since hatching */
double creature_seconds(const creature *c); /* creature time in seconds */
int creature_stage(const creature *c);      /* 0..6 */
bool creature_alive(const creature *c);
creature_death creature_cause_of_death(const creature *c);
uint64_t creature_death_tick(const creature *c); /* when it died (0 if alive) */
genome_sex creature_sex(const creature *c);
bool creature_asleep(const creature *c);
bool creature_dreaming(const creature *c);
/* The decision winner (the action) and the attention winner (the object
 * category), or -1 when none fires. */
int creature_action(const creature *c);
int creature_object(const creature *c);
uint8_t creature_drive(const creature *c, unsigned drive); /* 0..16 */
/* A copy of the creature's genome (its genes; what followed "gend" in the
 * file it hatched from is not kept): fills *out (free with genome_free) and
 * returns 0, or C2_ENOMEM (with err, which may be NULL). The creature keeps
 * its genome encoded, so this decodes it. */
int creature_genome(const creature *c, genome *out, c2_err *err);
const creature_config *creature_get_config(const creature *c);
const brain *creature_brain_const(const creature *c);
const bc_biochem *creature_biochem_const(const creature *c);
/* Has the creature a stimulus gene for `number` (expressed so far)? */
bool creature_has_stimulus(const creature *c, uint8_t number);
/* That gene (the latest expressed for `number`), or NULL: a world reads the
 * chemicals a stimulus by number gives (C1 learnt which objects lower which
 * drives from them). */
const genome_stimulus_gene *creature_stimulus_gene(const creature *c, uint8_t number);
/* Gait locus g (creature/sensorimotor receptor 8 + g, 0..GENOME_RL_GAIT_N-1;
 * 0 out of range): how strongly the creature would walk in gait g. */
uint8_t creature_gait(const creature *c, unsigned g);
/* Food portions left (see creature_feed). */
unsigned creature_food(const creature *c);

/* ---- inputs ---------------------------------------------------------------- */

/* Add (amount > 0) or remove (amount < 0) a chemical, saturating. */
void creature_inject(creature *c, uint8_t chem, int amount);

/* Fire the creature's own stimulus gene `number` (§6.1), as from an object of
 * category `from` (-1: no object), modulated by `m` (255 = full). Returns
 * false when the creature has no gene for that number (nothing happens). */
bool creature_stimulus(creature *c, uint8_t number, int from, uint8_t m);

/* Fire a stimulus given by explicit fields (CAOS STIM). Returns false when
 * it did nothing (the creature is dead, or asleep and the stimulus lacks
 * the asleep feature): a world's log counts the chemicals it gave. */
bool creature_stimulus_explicit(creature *c, const genome_stimulus_gene *s, int from, uint8_t m);

/* Hear a word: the verb (lobe 3) or noun (lobe 4) cell fires; the creature
 * also gets stimulus 10 "heard user speak". Returns false if there is no
 * such cell. Ignored while dreaming. */
bool creature_hear(creature *c, unsigned lobe, unsigned cell);

/* Put to sleep / wake (forced: stays so until the opposite call). */
void creature_sleep(creature *c);
void creature_wake(creature *c);
/* Dream: process up to `max` pending instincts, then stop dreaming (DREA). */
void creature_dream(creature *c, unsigned max);

/* Jump to life stage `stage` (> current), expressing every stage in between.
 * Returns 0 or C2_EINVAL. */
int creature_set_stage(creature *c, int stage, c2_err *err);

/* Kill the creature (CAOS DEAD). */
void creature_kill(creature *c);

/* Damage organ `organ` (bc organ index; INJR). False when out of range. */
bool creature_injure(creature *c, size_t organ, uint8_t amount);

/* Set a sensorimotor environment locus (creature/4/n emitter loci: light,
 * air quality, temperature ...). False when out of range. */
bool creature_set_env(creature *c, unsigned locus, uint8_t value);

/* Set the food supply: `portions` portions, each giving the listed chemicals
 * when eaten. n <= 4 doses. */
void creature_feed(creature *c, unsigned portions, const uint8_t *chems, const uint8_t *amounts,
                   size_t n);

/* ---- inputs from a world (world/) -------------------------------------------
 *
 * A world (world/world.h) steps its creatures through creature_step like any
 * front end, and gives them what the stand-in cannot: objects to see, attend
 * and act on. These few inputs are what it needs beyond the ones above. A
 * creature never put in a world never sees them, and none of them is saved
 * in the creature's snapshot or hashed (the world's snapshot and hash cover
 * what they depend on), so every run without a world is what it was. */

/* In a world (true) the stand-in (engine/actions.c) neither eats from the
 * food supply nor fires the periodic self-stimuli of the actions on objects
 * (push, pull, stop, get, drop, eat, hit): the world fires those when the
 * act happens. Involuntary actions, sleep and waking, and the periodic
 * stimuli of quiescent, come, run, think, rest, left and right go on.
 * Default false; not saved. */
void creature_set_in_world(creature *c, bool in_world);
bool creature_in_world(const creature *c);

/* The decision cells (bit n: cell n, cells 0..31) that may win the decision
 * lobe's winner-takes-all from now on (brain_set_wta_mask); ~0u = all, the
 * default. A world denies the actions that need an object while there is
 * none (C1 masked them out of the decision [O]). Not saved: the world sets
 * it before every step. */
void creature_set_action_mask(creature *c, uint32_t allowed);

/* Add `amount` to the state of decision cell `cell` (IMPT: how unlikely it
 * is that another action overrides the running one; C1 adds it every
 * update). Saturates at 0 and 255; ignored for a cell out of range and
 * while dead. */
void creature_nudge_action(creature *c, unsigned cell, int amount);
/* The same for cell `cell` of any engine lobe (GENOME_LOBE_*): C1's engine
 * pushed the source lobe towards the object its drives wanted and the verb
 * lobe towards walking to it (goal direction), and cleared an attention
 * cell when that category's object was replaced. No stimulus, no heard
 * word: the state alone. */
void creature_nudge_cell(creature *c, unsigned lobe, unsigned cell, int amount);

/* When IT changes (C1 [O]): clear the states of the decision, general-sense
 * and stimulus-source lobes, then add `boost` to the source cell of
 * `category` (the new IT's; -1: none). Ignored while dead. */
void creature_clear_attention(creature *c, int category, uint8_t boost);

/* Populations (world/pop.c): what breeding reads and drives. The
 * reproductive receptor loci creature/reproductive/0..3 (0 become fertile
 * (ovulate), 1 receptive to sperm, 2 chance of mutation, 3 degree of
 * mutation) as the genome's receptors last set them; 0 out of range. */
uint8_t creature_repro_locus(const creature *c, unsigned i);
/* Set the reproductive emitter loci "I am fertile" (creature/reproductive
 * emitter 0) and "I am pregnant" (1), which the genome's emitters read.
 * Nothing else sets them, so a creature no world breeds keeps them at 0.
 * Saved and hashed with the creature. Ignored while dead. */
void creature_set_repro(creature *c, uint8_t fertile, uint8_t pregnant);
/* Involuntary action locus n (creature/sensorimotor receptor 0 + n, n <
 * GENOME_RL_INVOLUNTARY_N: 1 is "lay egg"), 0 out of range. */
uint8_t creature_involuntary(const creature *c, unsigned n);

/* ---- a body (engine/body.c) ------------------------------------------------
 *
 * A creature may own an alternative body (body/: an f0 genotype or an XODE
 * scene, simulated on ODE). creature_step then also steps the body, after
 * the world tick: the creature's decided action and gait loci drive the
 * body's effectors through its wiring, and the body acts back on the
 * creature (the muscle-energy locus follows the work its muscles did, the
 * slope and wind loci its tilt and speed, contacts fire stimuli). Snapshots
 * hold the body and creature_hash covers it. docs/bodies.md documents
 * the wiring table and the file format. */

typedef struct creature_body_spec {
	const char *name;       /* the body file's name: its extension picks the format */
	const uint8_t *text;    /* the file's bytes (copied) */
	size_t len;
	const char *genotype;   /* .gen files: which genotype (number or name; NULL: first f0) */
} creature_body_spec;

/* Give creature `c` (which has none yet) the body `spec` describes, with the
 * body options of its configuration, wired by the default wiring. Errors
 * name the line of the body file (C2_EFORMAT, C2_EINVAL, C2_ENOMEM). */
int creature_set_body(creature *c, const creature_body_spec *spec, c2_err *err);
/* Replace the default wiring by a wiring file's text[0..len): lines
 * `EFFECTOR <- TERM * TERM ... [+ OFFSET]` (docs/bodies.md). Errors name the line;
 * the wiring is then unchanged. */
int creature_set_body_wiring(creature *c, const char *text, size_t len, c2_err *err);
bool creature_has_body(const creature *c);
/* The body's model and simulation (NULL without a body). */
const body_model *creature_body_model(const creature *c);
const body_sim *creature_body_sim(const creature *c);
/* What the body loader and the simulation could not simulate, one warning
 * a line ("" when none). */
const char *creature_body_warnings(const creature *c);

/* ---- snapshots and hashing -------------------------------------------------- */

/* 64-bit hash of the whole state (engine, brain, biochemistry). */
uint64_t creature_hash(const creature *c);

/* Save the whole creature (genome, configuration, RNG, loci, brain,
 * biochemistry, stage, tick) plus `extra` bytes (the CLI keeps its events
 * text there) into a versioned, checksummed snapshot, written atomically. */
int creature_save_file(const creature *c, const char *path, const void *extra, size_t nextra,
                       c2_err *err);

/* Load a snapshot; refuses truncated or corrupted files (C2_EFORMAT /
 * C2_ECHECK with the offset). *extra (malloc'd, may be NULL) receives the
 * extra bytes. */
int creature_load_file(creature **out, const char *path, uint8_t **extra, size_t *nextra,
                       c2_err *err);

/* In-memory forms of the two above (the file forms wrap these). */
int creature_save(const creature *c, const void *extra, size_t nextra, c2_wbuf *w);
int creature_load(creature **out, const uint8_t *data, size_t len, uint8_t **extra,
                  size_t *nextra, c2_err *err);

#endif
