/* stimulus.c — stimuli (reference §6.1): a push on the brain's source and
 * general-sense lobes plus up to four chemical doses. */
#include <stdlib.h>

#include "engine/internal.h"

static uint8_t scale(uint8_t v, uint8_t m)
{
	return (uint8_t)((unsigned)v * m / 255u);
}

bool eng_stimulate(creature *c, const genome_stimulus_gene *g, int from, uint8_t m)
{
	if (c->death)
		return false;
	uint8_t sig = g->significance, inten = g->intensity;
	uint8_t amount[4];
	for (int k = 0; k < 4; k++)
		amount[k] = g->dose[k].amount;
	if (c->asleep || c->dreaming) {
		/* Bit 2: sensed even when asleep; otherwise ignored altogether (Q8). */
		if (!(g->features & GENOME_STIM_ASLEEP))
			return false;
		if (c->cfg.engine.asleep_halves_stimuli) {
			sig /= 2;
			inten /= 2;
		}
	}
	if (g->features & GENOME_STIM_MODULATE) { /* bit 0: scaled by the event's magnitude */
		sig = scale(sig, m);
		inten = scale(inten, m);
		for (int k = 0; k < 4; k++)
			amount[k] = scale(amount[k], m);
	}
	/* Dreaming replaces sensory input from the environment (CAOS DREA). Bit 1
	 * ("add offset") is unused by C2 genomes and ignored. */
	if (!c->dreaming) {
		if (sig > 0 && from >= 0)
			brain_add_state(c->brain, GENOME_LOBE_SOURCE, (unsigned)from, sig);
		if (g->sense != 255)
			brain_add_state(c->brain, GENOME_LOBE_SENSE, g->sense, inten);
	}
	for (int k = 0; k < 4; k++)
		if (g->dose[k].chemical)
			bc_chem_add(c->bc, g->dose[k].chemical, amount[k]);
	return true;
}

bool creature_stimulus(creature *c, uint8_t number, int from, uint8_t m)
{
	const genome_stimulus_gene *g = eng_stim(c, number);
	if (!g)
		return false; /* no gene for this number: the stimulus does nothing */
	eng_stimulate(c, g, from, m);
	return true;
}

bool creature_stimulus_explicit(creature *c, const genome_stimulus_gene *s, int from, uint8_t m)
{
	return eng_stimulate(c, s, from, m);
}

int eng_stim_set(creature *c, uint8_t number, const genome_stimulus_gene *g)
{
	if (!c->stim_at[number]) {
		genome_stimulus_gene *v = realloc(c->stimv, (c->nstimv + 1) * sizeof *v);
		if (!v)
			return C2_ENOMEM;
		c->stimv = v;
		c->stim_at[number] = (uint16_t)++c->nstimv;
	}
	c->stimv[c->stim_at[number] - 1] = *g;
	return 0;
}
