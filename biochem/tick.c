/* tick.c — the per-tick biochemistry: organ clocks and activations, ATP,
 * emitters, reactions, receptors, life force, and half-life decay
 * (reference §5.1, §5.4–§5.8). Allocation-free: everything it touches was
 * sized and bound at expression time.
 *
 * Shortcuts, all exact and all off in reference mode (option
 * biochem_reference, which tests compare against every tick):
 *   - a receptor group whose chemicals are where they were at its last
 *     evaluation, and whose locus still holds what it wrote then, would
 *     write the same byte again: it is not evaluated (a group of one
 *     receptor is checked and computed inline);
 *   - an organ whose emitters all sample less often than every
 *     activation looks at them only from the soonest biotick one samples on;
 *   - only chemicals with a concentration decay (0 stays 0), and on
 *     most ticks only those whose half-life period is due (bitmaps of the
 *     short periods, bc_compile).
 * (Some arithmetic is arranged, not skipped, in both modes: a group's
 * counts and mean nominal fixed at compile time, a reaction short of one
 * unit of a reactant passed over at the first test.) */
#include "biochem/internal.h"

#include <string.h>
#if defined(__SSE2__) && !defined(C2_NO_SIMD)
#include <emmintrin.h>
#endif

#include "genome/rates.h"
#include "genome/vocab.h"

static inline void chem_add(bc_biochem *b, uint8_t c, unsigned v)
{
	if (!c)
		return;
	unsigned s = b->chem[c] + v;
	b->chem[c] = (uint8_t)(s > 255 ? 255 : s);
}

static inline void chem_sub(bc_biochem *b, uint8_t c, unsigned v)
{
	if (!c)
		return;
	b->chem[c] = (uint8_t)(v >= b->chem[c] ? 0 : b->chem[c] - v);
}

/* ---- receptors (§5.6) ---------------------------------------------------------
 * Receptors sharing a locus inside one organ form a group:
 *   locus = clamp(mean(nominals) + mean(terms of non-inverted)
 *                 - mean(terms of inverted))            (integer means, truncated)
 * with term = 0 at or below the threshold, else gain (digital) or
 * (conc - threshold) * gain / 255 (analog). A receptor reading chemical 0 is
 * ignored. The "die" locus ORs instead: 255 if nominals + added terms
 * - subtracted terms > 0, else 0 (C3). */
static void eval_group(bc_biochem *b, bc_group *gp)
{
	bc_receptor *r = &b->rec[gp->first];
	if (gp->mode == BC_GRP_AVERAGE && gp->nadd != BC_GRP_MANY) {
		/* the counts and the mean nominal are the genes' (bc_compile):
		 * only the terms above threshold to sum */
		int sum_add = 0, sum_sub = 0;
		for (uint32_t k = 0; k < gp->n; k++, r++) {
			const genome_receptor_gene *g = &r->g;
			uint8_t c = b->chem[g->chemical];
			r->seen = c;
			int sig = (int)c - (int)g->threshold;
			if (!g->chemical || sig <= 0)
				continue;
			int term = (g->flags & GENOME_RECEPTOR_DIGITAL) ? g->gain : sig * g->gain / 255;
			if (g->flags & GENOME_RECEPTOR_INVERTED)
				sum_sub += term;
			else
				sum_add += term;
		}
		int v = gp->nom;
		if (gp->nadd)
			v += sum_add / gp->nadd;
		if (gp->nsub)
			v -= sum_sub / gp->nsub;
		v = v < 0 ? 0 : v > 255 ? 255 : v;
		*gp->dest = (uint8_t)v;
		gp->last = b->opt.biochem_reference ? BC_GRP_STALE : (uint16_t)v;
		gp->s0 = b->chem[gp->c0];
		return;
	}
	int sum_add = 0, sum_sub = 0, nadd = 0, nsub = 0, sum_nom = 0;
	for (uint32_t k = 0; k < gp->n; k++, r++) {
		const genome_receptor_gene *g = &r->g;
		uint8_t c = b->chem[g->chemical];
		r->seen = c;
		if (!g->chemical)
			continue;
		sum_nom += g->nominal;
		int sig = (int)c - (int)g->threshold, term = 0;
		if (sig > 0)
			term = (g->flags & GENOME_RECEPTOR_DIGITAL) ? g->gain : sig * g->gain / 255;
		if (g->flags & GENOME_RECEPTOR_INVERTED) {
			sum_sub += term;
			nsub++;
		} else {
			sum_add += term;
			nadd++;
		}
	}
	int v;
	if (gp->mode == BC_GRP_OR) {
		v = sum_nom + sum_add - sum_sub > 0 ? 255 : 0;
	} else {
		v = gp->nom; /* the mean nominal (bc_compile) */
		if (nadd)
			v += sum_add / nadd;
		if (nsub)
			v -= sum_sub / nsub;
		v = v < 0 ? 0 : v > 255 ? 255 : v;
	}
	*gp->dest = (uint8_t)v;
	gp->last = b->opt.biochem_reference ? BC_GRP_STALE : (uint16_t)v;
	gp->s0 = b->chem[gp->c0];
}

/* Evaluate groups [first, first + n), but not one that would write the
 * byte its locus holds: its receptors' chemicals are where they were when
 * it wrote that byte (exact: a group is a function of those). Inert groups
 * never write (bc_compile makes them look written). */
static inline __attribute__((always_inline)) void run_groups(bc_biochem *b, uint32_t first,
                                                             uint32_t n)
{
	if (n == 0)
		return; /* and b->grp may be NULL: no pointer arithmetic on it */
	const uint8_t *chem = b->chem;
	for (bc_group *gp = &b->grp[first], *end = gp + n; gp < end; gp++) {
		if (*gp->dest == gp->last && chem[gp->c0] == gp->s0) { /* never when stale */
			const bc_receptor *r = &b->rec[gp->first];
			uint32_t k = 1;
			while (k < gp->n && chem[r[k].g.chemical] == r[k].seen)
				k++;
			if (k == gp->n)
				continue;
		}
		if (gp->mode == BC_GRP_INERT)
			continue;
		if (gp->n == 1 && !b->opt.biochem_reference) {
			/* one receptor (a chemical: else the group is inert): the
			 * sums above with one term, inline */
			uint8_t cv = chem[gp->c0];
			const genome_receptor_gene *g = &b->rec[gp->first].g;
			int sig = (int)cv - (int)g->threshold, term = 0;
			if (sig > 0)
				term = (g->flags & GENOME_RECEPTOR_DIGITAL) ? g->gain : sig * g->gain / 255;
			int v = g->nominal + ((g->flags & GENOME_RECEPTOR_INVERTED) ? -term : term);
			if (gp->mode == BC_GRP_OR)
				v = v > 0 ? 255 : 0;
			*gp->dest = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
			gp->last = *gp->dest;
			gp->s0 = cv;
			continue;
		}
		eval_group(b, gp);
	}
}

/* ---- emitters (§5.7) -----------------------------------------------------------
 * Every sample_rate activations (biotick % rate == 0): read the locus,
 * invert if asked; above the threshold add gain (digital) or
 * (s - threshold) * gain / 255 (analog); clear the locus if asked — only when
 * it emitted (Q16), or on every sample with emitter_clear_always. */
static void run_emitters(bc_biochem *b, bc_organ *o)
{
	/* An emitter samples on the bioticks that are multiples of its
	 * period: none before the soonest of those after the last look
	 * (unless biotick wrapped around: then em_next is 0). */
	const bool slow = o->em_slow && !b->opt.biochem_reference;
	if (slow && o->biotick < o->em_next)
		return;
	uint64_t next = UINT32_MAX + 1ull;
	for (uint32_t k = 0; k < o->em_n; k++) {
		const bc_emitter *e = &b->em[o->em_first + k];
		unsigned every = e->every; /* bound, rate and option (bc_compile) */
		if (slow && every) {
			uint64_t due = ((uint64_t)o->biotick / every + 1) * every;
			if (due < next)
				next = due;
		}
		if (!every || (every > 1 && o->biotick % every != 0))
			continue;
		const genome_emitter_gene *g = &e->g;
		unsigned s = *e->src;
		if (g->flags & GENOME_EMITTER_INVERT)
			s = 255 - s;
		if (s > g->threshold) {
			chem_add(b, g->chemical,
			         (g->flags & GENOME_EMITTER_DIGITAL) ? g->gain
			                                             : (s - g->threshold) * g->gain / 255);
			if (g->flags & GENOME_EMITTER_CLEAR)
				*e->src = 0;
		} else if ((g->flags & GENOME_EMITTER_CLEAR) && b->opt.emitter_clear_always) {
			*e->src = 0;
		}
	}
	if (slow)
		o->em_next = next > UINT32_MAX ? 0 : (uint32_t)next;
}

/* ---- reactions (§5.5) -------------------------------------------------------------
 * a1 R1 + a2 R2 -> b1 P1 + b2 P2 at rate q: avail = min over real reactants
 * of conc / amount (255 with none); on bioticks the rate table allows,
 * n = avail - avail * mult(q) / 65536 units react. (Amounts, the period
 * mask and the multiplier were derived from the gene at compile time.) */
static void run_reactions(bc_biochem *b, const bc_organ *o)
{
	if (o->rx_n == 0)
		return; /* and b->rx may be NULL: no pointer arithmetic on it */
	const bc_reaction *x = &b->rx[o->rx_first];
	uint8_t *chem = b->chem;
	for (uint32_t k = 0; k < o->rx_n; k++, x++) {
		if (o->biotick & x->mask)
			continue;
		/* A reactant with amount 0 limits nothing (and is not consumed):
		 * its r and amount are 0 (bc_compile), so chem[0] < 0 never
		 * holds. Less than one unit of a reactant: nothing reacts (the
		 * usual case, tested first). */
		if (chem[x->r1] < x->a1 || chem[x->r2] < x->a2)
			continue;
		unsigned avail = 255;
		if (x->r1 && chem[x->r1] / x->a1 < avail)
			avail = chem[x->r1] / x->a1;
		if (x->r2 && chem[x->r2] / x->a2 < avail)
			avail = chem[x->r2] / x->a2;
		unsigned n = avail - ((avail * x->mult) >> 16);
		if (n == 0)
			continue;
		chem_sub(b, x->r1, n * x->a1);
		chem_sub(b, x->r2, n * x->a2);
		chem_add(b, x->p1, n * x->b1);
		chem_add(b, x->p2, n * x->b2);
	}
}

/* ---- organs (§5.8) ------------------------------------------------------------------ */

/* Damage ST and, with the Q9 option, add `chem` units of Injury (the byte
 * form of the C3 rule Injury += damage / initial LF: 255 * damage / initial,
 * passed in already reduced so that e.g. starvation adds exactly its
 * coefficient). */
static void injure(bc_biochem *b, bc_organ *o, double damage, unsigned chem)
{
	o->st = o->st > damage ? o->st - damage : 0.0;
	if (b->opt.injury_chemical)
		chem_add(b, GENOME_CHEM_INJURY, chem);
}

static inline __attribute__((always_inline)) void organ_update(bc_biochem *b, bc_organ *o)
{
	if (o->failed)
		return;
	/* Receptors on the organ's own clock rate set the rate this tick uses
	 * (the export's receptor-driven clocks ran at that rate from tick 1). */
	bool first = o->clock_group >= 0 && b->opt.clock_receptors_first &&
	             b->opt.clock_receptors_every_tick;
	if (first)
		run_groups(b, (uint32_t)o->clock_group, 1);
	unsigned clk = (unsigned)o->clock + o->clock_rate;
	if (clk < 255) {
		o->clock = (uint8_t)clk;
		/* Receptors on the organ's own clock rate run every tick so the clock
		 * reacts promptly (C3 Organ::Update). */
		if (!first && o->clock_group >= 0 && b->opt.clock_receptors_every_tick)
			run_groups(b, (uint32_t)o->clock_group, 1);
		return;
	}
	o->clock = (uint8_t)(clk - 255);
	o->biotick++;

	bool energy = b->chem[GENOME_CHEM_ATP] >= o->energy_cost;
	if (energy) {
		chem_sub(b, GENOME_CHEM_ATP, o->energy_cost);
		chem_add(b, GENOME_CHEM_ADP, o->energy_cost);
		run_emitters(b, o);
		run_reactions(b, o);
	} else {
		injure(b, o, o->starve, o->atp_coef); /* Q9 for a full organ: coef units */
	}
	o->energy_ok = energy;

	/* Chronic damage drags the ceiling (LT) toward the current health (ST);
	 * healing ST back toward LT needs energy. */
	double delta = o->lt - o->st;
	o->lt -= delta * o->lt_repair / 255.0;
	/* With a repair byte of 255 the step is the whole distance, and rounding
	 * can land a hair below 0 (found by fuzzing snapshots): life force is
	 * never negative. */
	if (o->lt < 0.0)
		o->lt = 0.0;
	if (energy) {
		double heal = delta * o->repair_rate / 255.0;
		o->st += heal;
		if (o->st < 0.0)
			o->st = 0.0;
		if (heal > 0.0 && b->opt.injury_chemical) {
			double units = 255.0 * heal / o->initial_lf;
			chem_sub(b, GENOME_CHEM_INJURY, units >= 255.0 ? 255u : (unsigned)units);
		}
	}
	if (o->injury) {
		/* 255 removes a tenth of the initial life force (INJR's maximum). */
		injure(b, o, o->injury * o->initial_lf / 255.0 / 10.0, o->injury / 10u);
		o->injury = 0;
	}

	run_groups(b, o->grp_first, o->grp_n);

	/* Natural ageing, once per activation (matches the export: 41
	 * activations leave 10^6 * (1 - 1e-5)^41). */
	o->st -= o->st * BC_ORGAN_AGEING;
	o->lt -= o->lt * BC_ORGAN_AGEING;
	o->failed = o->lt <= BC_ORGAN_FAIL_LF;
}

/* ---- the tick (§5.1, §5.4) ------------------------------------------------------- */

/* Bit k set when p[k] != 0, for 64 bytes. */
static inline uint64_t nonzero64(const uint8_t *p)
{
	uint64_t m = 0;
#if defined(__SSE2__) && !defined(C2_NO_SIMD)
	const __m128i z = _mm_setzero_si128();
	for (unsigned k = 0; k < 4; k++)
		m |= (uint64_t)(uint16_t)~_mm_movemask_epi8(
		         _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * k)), z))
		     << (16 * k);
#else
	for (unsigned k = 0; k < 64; k++)
		m |= (uint64_t)(p[k] != 0) << k;
#endif
	return m;
}

static inline void decay(bc_biochem *b, int c, uint32_t t)
{
	uint8_t h = b->half[c];
	if (genome_rate_due(h, t))
		b->chem[c] = (uint8_t)((b->chem[c] * genome_rate_multiplier(h)) >> 16);
}

void bc_tick(bc_biochem *b)
{
	for (size_t i = 0; i < b->norgans; i++)
		organ_update(b, &b->organs[i]);
	if (b->have_half) {
		/* genome_rate_due fires when (t & mask) == 0. Passing the 1-based tick
		 * number makes a period-P chemical move on ticks P, 2P ... (the
		 * opencreatures1 phase, whose steps give §7.1's ageing table and
		 * the 100 / 396-tick figures for byte 72); the 0-based counter is
		 * openc2e's phase. */
		uint32_t t = b->opt.decay_first_tick ? b->counter : b->counter + 1;
		if (b->opt.biochem_reference) {
			for (int c = 1; c < BC_NCHEM; c++)
				decay(b, c, t);
		} else if (t && (unsigned)__builtin_ctz(t) < BC_DUE_K) {
			/* the chemicals due this tick (bc_compile) that are not 0
			 * (0 stays 0) */
			const uint64_t *due = b->due[__builtin_ctz(t)];
			for (unsigned w = 0; w < BC_NCHEM / 64; w++)
				for (uint64_t x = due[w] & nonzero64(&b->chem[w * 64]); x; x &= x - 1) {
					unsigned c = w * 64 + (unsigned)__builtin_ctzll(x);
					b->chem[c] = (uint8_t)((b->chem[c] * genome_rate_multiplier(b->half[c])) >> 16);
				}
		} else {
			/* Chemical 0 is always 0: starting at byte 0 costs nothing. */
			for (int c0 = 0; c0 < BC_NCHEM; c0 += 8) {
				uint64_t x;
				memcpy(&x, &b->chem[c0], 8);
				x = (((x & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | x) &
				    0x8080808080808080ull;
				for (; x; x &= x - 1)
					decay(b, c0 + (__builtin_ctzll(x) >> 3), t);
			}
		}
	}
	b->counter++;
}

void bc_brain_organ_tick(bc_biochem *b)
{
	if (b->has_brain)
		organ_update(b, &b->brain);
}
