/* internal.h — the creature's state, shared by the engine's source files. */
#ifndef C2_ENGINE_INTERNAL_H
#define C2_ENGINE_INTERNAL_H

#include "engine/engine.h"
#include "engine/events.h"
#include "genome/loci.h"
#include "genome/vocab.h"

/* Sizes of the creature's locus arrays, from the locus table (genome/loci.h). */
enum {
	ENG_NSOMATIC = GENOME_RL_DIE_OF_OLD_AGE - GENOME_RL_BECOME_CHILD + 1,
	ENG_NREPRO = GENOME_RL_MUTATION_DEGREE - GENOME_RL_OVULATE + 1,
	ENG_NSTIM_SLOTS = 256, /* a stimulus number is a byte */
	ENG_MAX_FOOD_DOSES = 4
};

/* The phases of engine/assemble.h (0: a whole creature, as calloc leaves
 * it); FAILED: expression failed, the creature can only be freed. */
enum { ENG_WHOLE = 0, ENG_ASSEMBLY_PARTS, ENG_ASSEMBLY_EXPRESSED, ENG_ASSEMBLY_FAILED };

struct creature {
	/* The genome (its genes, without what followed "gend"), packed
	 * (genome_store.c: 10 bytes a gene where decoded genes take 268);
	 * unpacked and decoded only at a stage change, for a snapshot and on
	 * request. The brain and the biochemistry copy what they need. */
	uint8_t *gpacked;
	size_t gpacked_len;
	size_t gcols_len, glen; /* sizes unpacked, and encoded as a .gen */
	creature_config cfg;
	c2_rng rng;
	brain *brain;
	bc_biochem *bc;

	uint64_t tick;
	uint8_t stage;
	uint8_t death; /* creature_death */
	uint64_t death_tick;
	uint64_t stage_tick[GENOME_NSTAGES];
	bool asleep, dreaming, forced_sleep;
	bool dream_wakes; /* the creature was awake when the dream began: wake after it */
	uint32_t dream_left, dream_wait;
	uint32_t rest_ticks; /* world ticks the decision has been "rest" while awake */

	/* Creature loci (organ 1, reference §5.9): receptors write, emitters read. */
	uint8_t somatic[ENG_NSOMATIC];
	uint8_t floating[GENOME_NFLOATING];
	uint8_t repro[ENG_NREPRO];
	uint8_t die;
	uint8_t involuntary[GENOME_RL_INVOLUNTARY_N];
	uint8_t involuntary_prev[GENOME_RL_INVOLUNTARY_N];
	uint8_t gait[GENOME_RL_GAIT_N];
	uint8_t drives[GENOME_NDRIVES];
	uint8_t muscle_energy, fertile, pregnant, dead;
	uint8_t sensorimotor[GENOME_EL_SENSORIMOTOR_N];

	/* The latest expressed stimulus gene of each number (§6.1): stimv[k]
	 * for stim_at[number] = k + 1 (0: none), the few numbers a genome
	 * has kept in a short array. */
	uint16_t stim_at[ENG_NSTIM_SLOTS];
	genome_stimulus_gene *stimv;
	uint32_t nstimv;

	/* The world stand-in. */
	uint32_t food;
	uint8_t nfood;
	uint8_t food_chem[ENG_MAX_FOOD_DOSES], food_amount[ENG_MAX_FOOD_DOSES];
	int16_t action, object; /* decision / attention winners after the last brain tick */
	bool in_world; /* creature_set_in_world: not saved, not hashed */

	struct eng_body *body; /* an alternative body (engine/body.c), or NULL */

	/* A creature under assembly (engine/assemble.c): its phase, ENG_WHOLE
	 * once hatched, loaded or finished. Never saved or hashed. */
	uint8_t assembly;

	/* Where the creature is in the events it is stepped with: a cache
	 * (events.h), never saved or hashed. */
	creature_events_cursor evcur;
};

/* genome_store.c: keep g's genes in c (packed); 0 or C2_ENOMEM. */
int eng_genome_keep(creature *c, const genome *g, c2_err *err);
/* The kept genome encoded as a .gen (c->glen bytes) in a new buffer (free
 * it), or NULL when memory ran out. */
uint8_t *eng_genome_bytes(const creature *c);

/* creature.c */
/* A creature holding `g`'s genes (encoded) and `cfg`, without brain or
 * biochemistry (hatching and snapshot loading fill those in). */
int eng_alloc(creature **out, const genome *g, const creature_config *cfg, c2_err *err);
uint8_t *eng_resolve_locus(void *ctx, genome_locus_dir dir, uint8_t organ, uint8_t tissue,
                           uint8_t locus);
/* Express the genes switched on when entering `stage` (§2.6): biochemistry,
 * instincts to the brain's queue, stimulus genes into their slots. */
int eng_express_stage(creature *c, int stage, c2_err *err);
void eng_die(creature *c, creature_death cause);
void eng_fall_asleep(creature *c);
void eng_wake(creature *c);

/* actions.c: the world stand-in, run once per world tick. */
void eng_world_tick(creature *c);
/* The muscle effort of the decided action (0 asleep, dead or undecided). */
uint8_t eng_action_effort(const creature *c);

/* body.c: the creature's body, stepped after the world tick; saved, loaded
 * and hashed with the creature. */
void eng_body_tick(creature *c);
void eng_body_free(struct eng_body *b);
void eng_body_save(const creature *c, c2_sink *w);
int eng_body_load(creature *c, c2_rbuf *r, c2_err *err);

/* events.c: apply the events due at the creature's current tick, in order. */
void eng_events_apply(const creature_events *ev, creature *c);

/* The stimulus gene of `number`, or NULL when none was expressed. */
static inline const genome_stimulus_gene *eng_stim(const creature *c, uint8_t number)
{
	return c->stim_at[number] ? &c->stimv[c->stim_at[number] - 1] : NULL;
}

/* Make `g` the stimulus gene of `number`. Returns 0 or C2_ENOMEM. */
int eng_stim_set(creature *c, uint8_t number, const genome_stimulus_gene *g);

/* stimulus.c */
/* false when it did nothing (dead, or asleep and not an asleep stimulus). */
bool eng_stimulate(creature *c, const genome_stimulus_gene *g, int from, uint8_t m);

#endif
