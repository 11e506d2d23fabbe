/* assemble.c — a creature assembled from parts made outside the engine
 * (see assemble.h): the phases hatching goes through in one call
 * (creature.c), each opened to a caller that brings its own parts. */
#include "engine/assemble.h"
#include "engine/internal.h"

static int out_of_phase(c2_err *err, const char *call)
{
	return c2_fail(err, C2_EINVAL, -1, -1, "%s: the creature is not in that phase of assembly",
	               call);
}

int creature_assemble_begin(creature **out, const genome *g, const creature_config *cfg,
                            c2_err *err)
{
	*out = NULL;
	if (cfg->sex != GENOME_MALE && cfg->sex != GENOME_FEMALE)
		return c2_fail(err, C2_EINVAL, -1, -1, "sex must be male or female");
	creature *c;
	int rc = eng_alloc(&c, g, cfg, err);
	if (rc)
		return rc;
	c2_rng_seed(&c->rng, cfg->seed);
	c->assembly = ENG_ASSEMBLY_PARTS;
	*out = c;
	return 0;
}

c2_rng *creature_assemble_rng(creature *c)
{
	return c->assembly == ENG_ASSEMBLY_PARTS ? &c->rng : NULL;
}

int creature_assemble_express(creature *c, brain *b, int stage, c2_err *err)
{
	if (c->assembly != ENG_ASSEMBLY_PARTS || stage < 0 || stage >= GENOME_NSTAGES) {
		brain_free(b);
		return c->assembly != ENG_ASSEMBLY_PARTS
		           ? out_of_phase(err, "creature_assemble_express")
		           : c2_fail(err, C2_EINVAL, -1, -1, "stage %d is not 0..%d", stage,
		                     GENOME_NSTAGES - 1);
	}
	c->brain = b;
	/* The loci resolve against the creature, so the brain must be in place
	 * before the biochemistry binds them. */
	int rc = bc_create(&c->bc, &c->cfg.biochem, eng_resolve_locus, c, err);
	for (int s = 0; s <= stage && !rc; s++) {
		c->stage = (uint8_t)s;
		rc = eng_express_stage(c, s, err);
	}
	c->assembly = rc ? ENG_ASSEMBLY_FAILED : ENG_ASSEMBLY_EXPRESSED;
	return rc;
}

bc_biochem *creature_assemble_biochem(creature *c)
{
	return c->assembly == ENG_ASSEMBLY_EXPRESSED ? c->bc : NULL;
}

int creature_assemble_instincts(creature *c, const genome_instinct_gene *q, size_t n,
                                c2_err *err)
{
	if (c->assembly != ENG_ASSEMBLY_EXPRESSED)
		return out_of_phase(err, "creature_assemble_instincts");
	brain_instinct_clear(c->brain);
	int rc = 0;
	for (size_t i = 0; i < n && !rc; i++)
		rc = brain_instinct_push(c->brain, &q[i], err);
	return rc;
}

int creature_assemble_finish(creature *c, const creature_assembly_clock *clk, c2_err *err)
{
	if (c->assembly != ENG_ASSEMBLY_EXPRESSED)
		return out_of_phase(err, "creature_assemble_finish");
	c->assembly = ENG_WHOLE;
	bc_tick_count_set(c->bc, clk->biochem_ticks);
	c->tick = clk->world_ticks;
	for (int s = 0; s <= c->stage; s++)
		c->stage_tick[s] = s == 0 ? 0 : c->tick;
	c->action = (int16_t)brain_winner(c->brain, GENOME_LOBE_DECISION);
	c->object = (int16_t)brain_winner(c->brain, GENOME_LOBE_ATTENTION);
	if (clk->dream) {
		creature_dream(c, clk->dream);
		c->dream_wait = clk->dream_wait;
	}
	return 0;
}
