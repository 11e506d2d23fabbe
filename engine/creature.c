/* creature.c — hatching, the world tick, life stages, death and the
 * creature's loci (reference §5.1, §2.6, §7). */
#include <stdlib.h>
#include <string.h>

#include "engine/internal.h"

const char *creature_death_name(creature_death d)
{
	switch (d) {
	case CREATURE_ALIVE:
		return "alive";
	case CREATURE_DEATH_OLD_AGE:
		return "old age";
	case CREATURE_DEATH_DIE_LOCUS:
		return "die locus";
	case CREATURE_DEATH_ORGAN_FAILURE:
		return "organ failure";
	case CREATURE_DEATH_KILLED:
		return "killed";
	}
	return "?";
}

/* ---- loci ------------------------------------------------------------------ */

uint8_t *eng_resolve_locus(void *ctx, genome_locus_dir dir, uint8_t organ, uint8_t tissue,
                           uint8_t locus)
{
	creature *c = ctx;
	if (organ == 0)
		return dir == GENOME_RECEPTOR ? brain_receptor_locus(c->brain, tissue, locus)
		                          : brain_emitter_locus(c->brain, tissue, locus);
	int idx = 0;
	int e = genome_locus_find(dir, organ, tissue, locus, &idx);
	if (e < 0)
		return NULL;
	if (dir == GENOME_RECEPTOR) {
		switch ((genome_receptor_locus)e) {
		case GENOME_RL_BECOME_CHILD:
		case GENOME_RL_BECOME_ADOLESCENT:
		case GENOME_RL_BECOME_YOUTH:
		case GENOME_RL_BECOME_ADULT:
		case GENOME_RL_BECOME_OLD:
		case GENOME_RL_BECOME_SENILE:
		case GENOME_RL_DIE_OF_OLD_AGE:
			return &c->somatic[locus];
		case GENOME_RL_FLOATING:
			return &c->floating[idx];
		case GENOME_RL_OVULATE:
		case GENOME_RL_RECEPTIVE:
		case GENOME_RL_MUTATION_CHANCE:
		case GENOME_RL_MUTATION_DEGREE:
			return &c->repro[locus];
		case GENOME_RL_DIE:
			return &c->die;
		case GENOME_RL_INVOLUNTARY:
			return &c->involuntary[idx];
		case GENOME_RL_GAIT:
			return &c->gait[idx];
		case GENOME_RL_DRIVE:
			return &c->drives[idx];
		default:
			return NULL; /* brain and own-organ loci are not the engine's */
		}
	}
	switch ((genome_emitter_locus)e) {
	case GENOME_EL_MUSCLE_ENERGY:
		return &c->muscle_energy;
	case GENOME_EL_FLOATING:
		return &c->floating[idx];
	case GENOME_EL_FERTILE:
		return &c->fertile;
	case GENOME_EL_PREGNANT:
		return &c->pregnant;
	case GENOME_EL_DEAD:
		return &c->dead;
	case GENOME_EL_SENSORIMOTOR:
		return &c->sensorimotor[idx];
	case GENOME_EL_DRIVE:
		return &c->drives[idx];
	default:
		return NULL;
	}
}

/* ---- expression ------------------------------------------------------------ */

/* Express the genes of `g` (the creature's genome) switched on when
 * entering `stage` (§2.6): biochemistry genes to the organs, instincts to
 * the brain's queue, stimulus genes into their slots (a later gene
 * overwrites its number's slot). */
static int express_genes(creature *c, const genome *g, int stage, c2_err *err)
{
	size_t *idx = malloc((g->ngenes ? g->ngenes : 1) * sizeof *idx);
	if (!idx)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	size_t n = genome_switched_on(g, c->cfg.sex, stage, idx);
	int rc = bc_express(c->bc, g, idx, n, NULL, err);
	for (size_t k = 0; k < n && rc == 0; k++) {
		const genome_gene *gene = &g->genes[idx[k]];
		if (gene->kind == GK_INSTINCT) {
			rc = brain_instinct_push(c->brain, &gene->u.instinct, err);
		} else if (gene->kind == GK_STIMULUS && eng_stim_set(c, gene->u.stimulus.number, &gene->u.stimulus) != 0) {
			rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		}
	}
	free(idx);
	c->stage_tick[stage] = c->tick;
	return rc;
}

/* The same at a stage change, decoding the genome for the moment. */
int eng_express_stage(creature *c, int stage, c2_err *err)
{
	genome g;
	int rc = creature_genome(c, &g, err);
	if (rc)
		return rc;
	rc = express_genes(c, &g, stage, err);
	genome_free(&g);
	return rc;
}

/* ---- lifecycle ------------------------------------------------------------- */

static void init_world(creature *c)
{
	/* A quiet, lit, breathable world (see engine.h): air quality above the
	 * standard norn's breathing threshold (123), daylight, no weather. */
	c->sensorimotor[GENOME_SM_ALWAYS] = 255;
	c->sensorimotor[GENOME_SM_LIGHT_LEVEL] = 255;
	c->sensorimotor[GENOME_SM_AIR_QUALITY] = 200;
	c->sensorimotor[GENOME_SM_TIME_OF_DAY] = 128; /* midday */
	c->action = c->object = -1;
	for (int s = 0; s < GENOME_NSTAGES; s++)
		c->stage_tick[s] = UINT64_MAX;
}

/* Allocate a creature holding a copy of `g` (no brain or biochemistry yet). */
int eng_alloc(creature **out, const genome *g, const creature_config *cfg,
                          c2_err *err)
{
	creature *c = calloc(1, sizeof *c);
	if (!c)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	c->cfg = *cfg;
	int rc = eng_genome_keep(c, g, err);
	if (rc) {
		creature_free(c);
		return rc;
	}
	init_world(c);
	*out = c;
	return 0;
}

int creature_check_genome(const genome *g, genome_sex sex, c2_err *err)
{
	if (sex != GENOME_MALE && sex != GENOME_FEMALE)
		return c2_fail(err, C2_EINVAL, -1, -1, "sex must be male or female");
	/* The brain is the only part that can refuse a well-formed genome: the
	 * biochemistry takes any genes (unknown loci become dummies). */
	return brain_check_genome(g, sex, err);
}

int creature_hatch(creature **out, const genome *g, const creature_config *cfg, c2_err *err)
{
	*out = NULL;
	int rc = creature_check_genome(g, cfg->sex, err);
	if (rc)
		return rc;
	creature *c;
	rc = eng_alloc(&c, g, cfg, err);
	if (rc)
		return rc;
	c2_rng_seed(&c->rng, cfg->seed);
	if ((rc = brain_build(&c->brain, g, cfg->sex, &cfg->brain, &c->rng, err)) != 0 ||
	    (rc = bc_create(&c->bc, &cfg->biochem, eng_resolve_locus, c, err)) != 0 ||
	    (rc = express_genes(c, g, 0, err)) != 0) {
		creature_free(c);
		return rc;
	}
	/* "Instincts are processed in the egg" (CAOS INS#): dream them now. */
	if (cfg->engine.hatch_dream && brain_instinct_pending(c->brain) > 0)
		creature_dream(c, (unsigned)brain_instinct_pending(c->brain));
	*out = c;
	return 0;
}

void creature_free(creature *c)
{
	if (!c)
		return;
	eng_body_free(c->body);
	bc_free(c->bc);
	brain_free(c->brain);
	free(c->gpacked);
	free(c->stimv);
	creature_events_cursor_free(&c->evcur);
	free(c);
}

void eng_die(creature *c, creature_death cause)
{
	if (c->death)
		return;
	c->death = (uint8_t)cause;
	c->death_tick = c->tick;
	c->dead = 255; /* the "I'm dead" emitter locus (§7.3) */
	c->asleep = c->dreaming = false;
}

void eng_fall_asleep(creature *c)
{
	if (c->asleep)
		return;
	c->asleep = true;
	c->sensorimotor[GENOME_SM_ASLEEP] = 255;
	/* "Instincts are processed in the egg and during sleep" (CAOS INS#): a
	 * creature that falls asleep dreams its pending instincts first. */
	size_t pending = brain_instinct_pending(c->brain);
	if (pending && !c->dreaming) {
		c->dreaming = true;
		c->dream_wakes = false;
		c->dream_left = pending > UINT32_MAX ? UINT32_MAX : (uint32_t)pending;
		c->dream_wait = 0;
	}
}

void eng_wake(creature *c)
{
	c->asleep = c->dreaming = c->forced_sleep = c->dream_wakes = false;
	c->dream_left = 0;
	c->sensorimotor[GENOME_SM_ASLEEP] = 0;
}

/* ---- the tick -------------------------------------------------------------- */

static void brain_step(creature *c)
{
	/* Drives are mirrored into the drive lobe each brain tick (§4.9). */
	for (unsigned i = 0; i < GENOME_NDRIVES; i++)
		brain_set_state(c->brain, GENOME_LOBE_DRIVE, i, c->drives[i]);
	if (c->dreaming) {
		/* One pending instinct per dream_ticks_per_instinct brain ticks (§6.2). */
		if (++c->dream_wait >= (uint32_t)c->cfg.engine.dream_ticks_per_instinct) {
			c->dream_wait = 0;
			if (brain_instinct_process(c->brain, NULL) != BRAIN_INSTINCT_NONE && c->dream_left)
				c->dream_left--;
		}
		if (c->dream_left == 0 || brain_instinct_pending(c->brain) == 0) {
			c->dreaming = false;
			if (c->dream_wakes)
				eng_wake(c); /* it was awake: the dream (DREA, hatching) is over */
		}
	}
	brain_tick(c->brain, &c->rng);
	bc_brain_organ_tick(c->bc);
	c->action = (int16_t)brain_winner(c->brain, GENOME_LOBE_DECISION);
	c->object = (int16_t)brain_winner(c->brain, GENOME_LOBE_ATTENTION);
}

/* Life-stage loci and death (§7.1, §7.3). */
static void check_life(creature *c)
{
	if (c->stage < GENOME_NSTAGES && c->somatic[c->stage] != 0) {
		if (c->stage == GENOME_NSTAGES - 1) {
			eng_die(c, CREATURE_DEATH_OLD_AGE);
			return;
		}
		c->stage++;
		/* Expression at a stage change fails only when memory runs out;
		 * then the stage still advances. */
		(void)eng_express_stage(c, c->stage, NULL);
	}
	if (c->die) {
		eng_die(c, CREATURE_DEATH_DIE_LOCUS);
		return;
	}
	switch (c->cfg.engine.organ_failure_death) {
	case 1:
		if (bc_brain_organ_failed(c->bc) || bc_all_body_organs_failed(c->bc))
			eng_die(c, CREATURE_DEATH_ORGAN_FAILURE);
		break;
	case 2:
		if ((bc_brain_organ_index(c->bc) < 0 || bc_brain_organ_failed(c->bc)) &&
		    bc_all_body_organs_failed(c->bc))
			eng_die(c, CREATURE_DEATH_ORGAN_FAILURE);
		break;
	default:
		break;
	}
}

/* One world tick (§5.1): brain tick every CREATURE_BRAIN_PERIOD ticks (while awake
 * or dreaming), biochem tick every CREATURE_BIOCHEM_PERIOD, the stand-in world,
 * life-stage loci and death. A dead creature does nothing. */
static void tick(creature *c)
{
	if (c->death)
		return;
	uint64_t t = c->tick;
	bool thinking = !c->asleep || c->dreaming || c->cfg.engine.brain_while_asleep;
	bool brain_due = t % CREATURE_BRAIN_PERIOD == 0 && (t > 0 || !c->cfg.engine.late_brain_start);
	if (brain_due && thinking)
		brain_step(c);
	if (t % CREATURE_BIOCHEM_PERIOD == 0) {
		bc_tick(c->bc);
		check_life(c);
	}
	if (!c->death)
		eng_world_tick(c);
	if (!c->death && c->body)
		eng_body_tick(c);
	c->tick++;
}

void creature_step(creature *c, const creature_events *ev)
{
	if (ev)
		eng_events_apply(ev, c);
	tick(c);
}

/* ---- accessors ------------------------------------------------------------- */

uint64_t creature_ticks(const creature *c) { return c->tick; }
bool creature_has_stimulus(const creature *c, uint8_t number) { return eng_stim(c, number) != NULL; }
const genome_stimulus_gene *creature_stimulus_gene(const creature *c, uint8_t number)
{
	return eng_stim(c, number);
}
double creature_seconds(const creature *c) { return (double)c->tick / CREATURE_TICKS_PER_SECOND; }
int creature_stage(const creature *c) { return c->stage; }
bool creature_alive(const creature *c) { return c->death == CREATURE_ALIVE; }
creature_death creature_cause_of_death(const creature *c) { return (creature_death)c->death; }
uint64_t creature_death_tick(const creature *c) { return c->death_tick; }
genome_sex creature_sex(const creature *c) { return c->cfg.sex; }
bool creature_asleep(const creature *c) { return c->asleep; }
bool creature_dreaming(const creature *c) { return c->dreaming; }
int creature_action(const creature *c) { return c->action; }
int creature_object(const creature *c) { return c->object; }
const creature_config *creature_get_config(const creature *c) { return &c->cfg; }
const brain *creature_brain_const(const creature *c) { return c->brain; }
const bc_biochem *creature_biochem_const(const creature *c) { return c->bc; }
unsigned creature_food(const creature *c) { return c->food; }

uint8_t creature_gait(const creature *c, unsigned g)
{
	return g < GENOME_RL_GAIT_N ? c->gait[g] : 0;
}

uint8_t creature_drive(const creature *c, unsigned drive)
{
	return drive < GENOME_NDRIVES ? c->drives[drive] : 0;
}

/* ---- inputs ---------------------------------------------------------------- */

void creature_inject(creature *c, uint8_t chem, int amount)
{
	if (amount >= 0)
		bc_chem_add(c->bc, chem, (unsigned)amount);
	else
		bc_chem_sub(c->bc, chem, (unsigned)-amount);
}

bool creature_hear(creature *c, unsigned lobe, unsigned cell)
{
	if (brain_state(c->brain, lobe, cell) < 0)
		return false;
	if (c->death || c->dreaming)
		return true; /* heard words are sensory input: suppressed while dreaming */
	brain_set_state(c->brain, lobe, cell, 255);
	creature_stimulus(c, 10, GENOME_CAT_HAND, 255); /* "Heard user speak" */
	return true;
}

uint8_t creature_repro_locus(const creature *c, unsigned i)
{
	return i < ENG_NREPRO ? c->repro[i] : 0;
}

void creature_set_repro(creature *c, uint8_t fertile, uint8_t pregnant)
{
	if (c->death)
		return;
	c->fertile = fertile;
	c->pregnant = pregnant;
}

uint8_t creature_involuntary(const creature *c, unsigned n)
{
	return n < GENOME_RL_INVOLUNTARY_N ? c->involuntary[n] : 0;
}

void creature_sleep(creature *c)
{
	if (c->death)
		return;
	c->forced_sleep = true;
	eng_fall_asleep(c);
}

void creature_wake(creature *c)
{
	if (c->death)
		return;
	eng_wake(c);
}

void creature_dream(creature *c, unsigned max)
{
	if (c->death || max == 0)
		return;
	bool was_awake = !c->asleep;
	eng_fall_asleep(c);
	c->dreaming = true;
	c->dream_wakes = was_awake && !c->forced_sleep;
	c->dream_left = max;
	c->dream_wait = 0;
}

int creature_set_stage(creature *c, int stage, c2_err *err)
{
	if (c->death)
		return c2_fail(err, C2_EINVAL, -1, -1, "the creature is dead");
	if (stage <= c->stage || stage >= GENOME_NSTAGES)
		return c2_fail(err, C2_EINVAL, -1, -1, "stage %d is not after the current stage %d",
		               stage, c->stage);
	while (c->stage < stage) {
		c->stage++;
		int rc = eng_express_stage(c, c->stage, err);
		if (rc)
			return rc;
	}
	return 0;
}

void creature_kill(creature *c)
{
	eng_die(c, CREATURE_DEATH_KILLED);
}

bool creature_injure(creature *c, size_t organ, uint8_t amount)
{
	return bc_organ_set_injury(c->bc, organ, amount);
}

bool creature_set_env(creature *c, unsigned locus, uint8_t value)
{
	/* 0 (always 255) and 1 (asleep) belong to the engine. */
	if (locus < GENOME_SM_FIRST_ENV || locus >= GENOME_EL_SENSORIMOTOR_N)
		return false;
	c->sensorimotor[locus] = value;
	return true;
}

void creature_feed(creature *c, unsigned portions, const uint8_t *chems, const uint8_t *amounts,
                   size_t n)
{
	c->food = portions;
	c->nfood = (uint8_t)(n > ENG_MAX_FOOD_DOSES ? ENG_MAX_FOOD_DOSES : n);
	for (size_t i = 0; i < c->nfood; i++) {
		c->food_chem[i] = chems[i];
		c->food_amount[i] = amounts[i];
	}
}

/* ---- inputs from a world ------------------------------------------------------ */

void creature_set_in_world(creature *c, bool in_world) { c->in_world = in_world; }
bool creature_in_world(const creature *c) { return c->in_world; }

void creature_set_action_mask(creature *c, uint32_t allowed)
{
	brain_set_wta_mask(c->brain, GENOME_LOBE_DECISION, allowed);
}

void creature_nudge_cell(creature *c, unsigned lobe, unsigned cell, int amount)
{
	if (!c->death)
		brain_add_state(c->brain, lobe, cell, amount);
}

void creature_nudge_action(creature *c, unsigned cell, int amount)
{
	creature_nudge_cell(c, GENOME_LOBE_DECISION, cell, amount);
}

void creature_clear_attention(creature *c, int category, uint8_t boost)
{
	if (c->death)
		return;
	static const unsigned lobes[] = {GENOME_LOBE_DECISION, GENOME_LOBE_SENSE, GENOME_LOBE_SOURCE};
	for (size_t k = 0; k < sizeof lobes / sizeof lobes[0]; k++)
		for (unsigned i = 0; brain_set_state(c->brain, lobes[k], i, 0) == 0; i++)
			;
	if (category >= 0)
		brain_add_state(c->brain, GENOME_LOBE_SOURCE, (unsigned)category, boost);
}
