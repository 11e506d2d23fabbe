/* goal.c — goal direction, C1's way of turning a need into attention
 * (option goal_direction; docs/world.md: attention).
 *
 * [O] LibreCreatures (C1 decompilation), src/c1/creatures/creature.cpp:
 *   - apply_stimulus: every stimulus from an object (not from the creature
 *     itself) teaches, for each drive-decrease chemical it gives, a weight
 *     of (its category, that drive): weight = (amount + 4 weight) / 5;
 *   - update_goal_direction: each drive level times a fixed scale
 *     (g_goal_direction_drive_scale_factors) / 256 gives a drive score;
 *     baseline = max(10, the largest score / 4); each category whose object
 *     the creature has, or whose last place it remembers, scores the sum of
 *     drive score x weight / 256; the best one (above 0), if it is not IT
 *     already, gets `baseline` added to its stimulus-source cell; if the
 *     creature has no object of it but remembers where one was, it forgets
 *     the place when it should see it there and does not, else it is pushed
 *     towards it: `baseline` on the verb cell for walking west or east (the
 *     goal-direction candidate table's west / east rows, the only ones on
 *     one floor);
 *   - it skips a creature asleep or dreaming; it ran on world phase 15 of
 *     16, one pass in 8 (src/c1/world/tick.cpp): every 128 world ticks
 *     (option goal_period).
 * C2's drives 0..12 are C1's in order; C1's table has 16 scales, the last
 * three unallocated at 255: C2's drives 13..16 take 255 too [I]. C2's
 * drive-decrease chemicals are 35 + drive (names/c2-chemicals.tsv). The
 * evidence is that C2 itself had no such mechanism: "the norn has no control
 * over what it looks at. It always looks at the most stimulating object or
 * the object spoken by the hand" (Chris Double, double.nz, on the C2 Canny
 * Norns, which added brain lobes to learn it); so it is off by default. */
#include "world/internal.h"

/* C1's drive scales (255 = the drive as it is), C2's 17 drives. */
static const uint8_t drive_scale[GENOME_NDRIVES] = {255, 120, 255, 255, 255, 220, 200, 180, 200,
                                                255, 100, 180, 255, 255, 255, 255, 255};

void w_goal_learn(world *w, size_t k, int cat, const genome_stimulus_gene *g, uint8_t m)
{
	w_crt *cr = &w->crts[k];
	if (cat <= GENOME_CAT_SELF || cat >= WORLD_NCAT)
		return;
	for (int d = 0; d < 4; d++) {
		int chem = g->dose[d].chemical - GENOME_CHEM_PAIN_DECREASE;
		if (chem < 0 || chem >= GENOME_NDRIVES)
			continue;
		unsigned amount = g->dose[d].amount;
		if (g->features & GENOME_STIM_MODULATE) /* what the creature was given */
			amount = amount * m / 255u;
		uint8_t *wt = &cr->goal_w[cat][chem];
		*wt = (uint8_t)((amount + 4u * *wt) / 5u);
	}
}

/* The category whose object (or remembered place) the drives want most,
 * or 0; *baseline the push. */
static int best_goal(const w_crt *cr, int *baseline)
{
	int score[GENOME_NDRIVES], base = 10;
	for (int d = 0; d < GENOME_NDRIVES; d++) {
		score[d] = creature_drive(cr->c, (unsigned)d) * drive_scale[d] >> 8;
		base = score[d] / 4 > base ? score[d] / 4 : base;
	}
	*baseline = base;
	int best = -0x7fff, bcat = 0;
	for (int cat = 1; cat < WORLD_NCAT; cat++) {
		if (cr->rep[cat] < 0 && cr->goal_x[cat] < 0)
			continue;
		int s = 0;
		for (int d = 0; d < GENOME_NDRIVES; d++)
			s += score[d] * cr->goal_w[cat][d] >> 8;
		if (s > best) {
			best = s;
			bcat = cat;
		}
	}
	return best >= 1 ? bcat : 0;
}

void w_goal(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	creature *c = cr->c;
	if (creature_ticks(c) % (uint64_t)w->opt.goal_period != 0 || creature_asleep(c) ||
	    creature_dreaming(c))
		return;
	int base, cat = best_goal(cr, &base);
	if (cat == 0)
		return;
	if (cr->rep[cat] >= 0) {
		if (cr->rep[cat] != cr->it)
			creature_nudge_cell(c, GENOME_LOBE_SOURCE, (unsigned)cat, base);
		return;
	}
	int64_t x = cr->goal_x[cat];
	if (w_in_sight(w, cr, x)) { /* it should be seen there and is not: forget it */
		cr->goal_x[cat] = -1;
		return;
	}
	creature_nudge_cell(c, GENOME_LOBE_VERB, x < cr->x ? GENOME_ACT_LEFT : GENOME_ACT_RIGHT, base);
}
