/* visit.c — the dendrites where a planned rule may give more than 0
 * (brain/plan_impl.h): those of the firing neurons ("output TRUE"), of the
 * firing sources ("input TRUE", through the reverse lists) or the
 * susceptible ones ("suscept TRUE"), whichever are fewest. A strength
 * rule's results are applied at once; a susceptibility rule's wait in the
 * brain's fresh lanes for the block pass (blocks.c), and "output TRUE
 * suscept move-twrds T K" (with "input TRUE" too while the firing sources
 * are kept per dendrite) is left to that pass whole: the firing neurons'
 * dendrites are only marked. Every dendrite passed over is one the rule
 * gives 0, which changes nothing there (the mode brain_reference=1 runs
 * every rule of every dendrite instead, and tests compare the two). */
#include "brain/plan_impl.h"

/* A neuron's knowledge, remembered while its dendrites come in a row. */
typedef struct ncache {
	uint32_t i;
	brain_known k;
} ncache;

static inline brain_known neuron_known(brain_dctx *c, const brain_plan *pl, ncache *nc, uint32_t i)
{
	if (nc->i != i) {
		nc->i = i;
		c->i = i;
		c->v[SVS_STATE] = c->L->state[i];
		c->v[SVS_OUTPUT] = c->L->output[i];
		nc->k = brain_plan_neuron(pl, c->v, c->rng);
	}
	return nc->k;
}

/* The susceptibility rule gave `val` for dendrite d (step 1: the larger
 * of it and the susceptibility, else decay): a larger one is written now
 * and its lane marked fresh for the block pass (brain_steps_1_4), which then
 * does the rest of the steps for it. */
static inline void susc_result(brain *b, brain_dtype *D, uint32_t d, uint8_t val)
{
	if (val > D->suscept[d]) {
		D->suscept[d] = val;
		b->fresh[d / BRAIN_BLOCK] |= (uint16_t)(1u << (d % BRAIN_BLOCK));
		brain_bit_set(b->sblk, d / BRAIN_BLOCK);
	}
}

/* Rule result `val` for dendrite d of neuron i. */
static inline void act_on(brain_dctx *c, brain_act a, uint32_t i, uint32_t d, uint8_t val,
                          const brain_rates *x)
{
	if (!val)
		return;
	if (a == ACT_SUSC) {
		susc_result(c->b, c->D, d, val);
		return;
	}
	int st = c->D->strength[d];
	if (a == ACT_GAIN ? st == 255 : st == 0)
		return; /* nothing to gain or lose */
	brain_set_strength(c->b, c->L, c->t, i, d, a == ACT_GAIN ? st + val : st - val,
	             x->clears);
}

/* Can the block pass work out a susceptibility rule itself, given its
 * candidates? When what follows its guards is "suscept move-twrds T K"
 * and no dendrite guard is left but "input TRUE" while the sources that
 * fire are known per dendrite (infire, current after the sync in
 * fast_type). */
static inline bool candidates(const brain_plan *pl, brain_act a, const brain_dtype *D)
{
	if (a != ACT_SUSC || !pl->toward || pl->susc_guard)
		return false;
	if (!pl->input_guard)
		return pl->ndg == 0;
	return pl->ndg == 1 && D->keep && D->kvalid && D->infire;
}

/* The block pass works "output TRUE suscept move-twrds T K" with "input
 * TRUE" out byte-wide (candidates()): mark the dendrites of every firing
 * neuron whose source fires, a block at a time (decision lobes: one
 * neuron, 128 dendrites). */
static void mark_firing_inputs(brain *b, const brain_lobe *L, const uint32_t *first,
                               const uint64_t *infire)
{
	uint16_t *fresh = b->fresh;
	uint64_t *sblk = b->sblk;
	for (uint32_t k = 0; k < L->nfiring; k++) {
		uint32_t i = L->firing[k], d = first[i], e = first[i + 1];
		if (d % 64 == 0 && e % 64 == 0) {
			/* whole words of infire (decision lobes): four
			 * blocks a word, a silent word skipped */
			for (uint32_t wd = d / 64; wd < e / 64; wd++)
				for (uint64_t inw = infire[wd]; inw;) {
					unsigned q = (unsigned)__builtin_ctzll(inw) / BRAIN_BLOCK;
					uint32_t kb = wd * 4 + q;
					fresh[kb] |= (uint16_t)(inw >> (q * BRAIN_BLOCK));
					sblk[kb / 64] |= 1ull << (kb % 64);
					inw &= ~(0xffffull << (q * BRAIN_BLOCK));
				}
			continue;
		}
		for (uint32_t kb = d / BRAIN_BLOCK; kb * BRAIN_BLOCK < e; kb++) {
			uint32_t lo = d > kb * BRAIN_BLOCK ? d - kb * BRAIN_BLOCK : 0;
			uint32_t hi = e - kb * BRAIN_BLOCK < BRAIN_BLOCK ? e - kb * BRAIN_BLOCK : BRAIN_BLOCK;
			unsigned m = (unsigned)(infire[kb / 4] >> (kb % 4 * BRAIN_BLOCK)) &
			             (((1u << (hi - lo)) - 1) << lo);
			if (m) {
				fresh[kb] |= (uint16_t)m;
				sblk[kb / 64] |= 1ull << (kb % 64);
			}
		}
	}
}

/* The same without "input TRUE": mark every dendrite of every firing
 * neuron (concept lobes: dozens of neurons, a few dendrites each). */
static void mark_firing(brain *b, const brain_lobe *L, const uint32_t *first)
{
	uint16_t *fresh = b->fresh;
	uint64_t *sblk = b->sblk;
	const uint16_t *fl = L->firing;
	uint32_t last = UINT32_MAX; /* the block marked last in sblk */
	for (uint32_t k = 0; k < L->nfiring; k++) {
		uint32_t i = fl[k];
		for (uint32_t d = first[i], e = first[i + 1]; d < e; d++) {
			uint32_t kb = d / BRAIN_BLOCK;
			fresh[kb] |= (uint16_t)(1u << (d % BRAIN_BLOCK));
			if (kb != last) {
				sblk[kb / 64] |= 1ull << (kb % 64);
				last = kb;
			}
		}
	}
}

/* A susceptibility rule that is a table on the susceptibility behind
 * inline guards ("input TRUE output TRUE suscept move-twrds 255 64") for
 * dendrites [d, e) of a neuron whose guards hold: each result that exceeds
 * the susceptibility written (as susc_result). With `infire` (the sources
 * that fire, per dendrite) only the dendrites whose source fires are
 * looked at. */
static inline void susc_table(const brain_dctx *c, const brain_plan *pl, const uint64_t *infire,
                              uint32_t d, uint32_t e)
{
	const uint8_t *so = c->S->output, *tab = pl->p->rest_table;
	uint8_t *su = c->D->suscept;
	const uint16_t *src = c->D->src;
	const bool ig = pl->input_guard, sg = pl->susc_guard;
	uint16_t *fresh = c->b->fresh;
	uint64_t *sblk = c->b->sblk;
	if (infire) {
		for (uint32_t w = d >> 6; (uint64_t)w * 64 < e; w++) {
			uint64_t m = infire[w];
			if (w == d >> 6)
				m &= ~0ull << (d & 63);
			for (; m; m &= m - 1) {
				uint32_t dd = w * 64 + (uint32_t)__builtin_ctzll(m);
				if (dd >= e)
					break;
				uint8_t sv = tab[su[dd]];
				if ((sg && !su[dd]) || sv <= su[dd])
					continue;
				su[dd] = sv;
				fresh[dd / BRAIN_BLOCK] |= (uint16_t)(1u << (dd % BRAIN_BLOCK));
				brain_bit_set(sblk, dd / BRAIN_BLOCK);
			}
		}
		return;
	}
	for (; d < e; d++) {
		uint8_t sv = tab[su[d]];
		if ((ig && !so[src[d]]) || (sg && !su[d]) || sv <= su[d])
			continue;
		su[d] = sv;
		fresh[d / BRAIN_BLOCK] |= (uint16_t)(1u << (d % BRAIN_BLOCK));
		brain_bit_set(sblk, d / BRAIN_BLOCK);
	}
}

/* Every dendrite of every neuron, or of the firing ones. */
static void visit_neurons(brain_dctx *c, const brain_plan *pl, brain_act a, const brain_rates *x,
                          bool firing)
{
	const brain_lobe *L = c->L;
	const uint32_t *first = c->D->first;
	/* The firing list is exact here (the neuron phase just made it), so a
	 * rule whose only neuron guard is "output TRUE" needs no check. */
	const bool guarded = !(firing && pl->firing_only && !pl->per_neuron);
	/* the sources that fire, per dendrite, when the kept sums track them
	 * (fast_type synced them), or NULL */
	const brain_dtype *D = c->D;
	const uint64_t *infire = pl->input_guard && D->keep && D->kvalid ? D->infire : NULL;
	if (candidates(pl, a, D) && firing && !guarded) {
		/* "output TRUE suscept move-twrds 255 64" on the firing neurons:
		 * the block pass works it out for their dendrites */
		if (infire)
			mark_firing_inputs(c->b, L, first, infire);
		else
			mark_firing(c->b, L, first);
		return;
	}
	const bool susc_tab = a == ACT_SUSC && pl->table_slot == SVS_SUSCEPT;
	for (uint32_t k = 0, n = firing ? L->nfiring : L->n; k < n; k++) {
		uint32_t i = firing ? L->firing[k] : k;
		uint32_t d = first[i], e = first[i + 1];
		if (d == e)
			continue;
		brain_known kn = {RS_DENDRITE, 0};
		if (guarded) {
			c->i = i;
			c->v[SVS_STATE] = L->state[i];
			c->v[SVS_OUTPUT] = L->output[i];
			kn = brain_plan_neuron(pl, c->v, c->rng);
			if (kn.st == RS_ZERO)
				continue;
		}
		if (susc_tab && kn.st == RS_DENDRITE) {
			susc_table(c, pl, infire, d, e);
			continue;
		}
		c->i = i;
		for (; d < e; d++)
			act_on(c, a, i, d, brain_rule_at(c, pl, kn, d), x);
	}
}

/* The dendrites reading a firing source neuron. */
static void visit_sources(brain_dctx *c, const brain_plan *pl, brain_act a, const brain_rates *x)
{
	const brain_lobe *S = c->S;
	const brain_dtype *D = c->D;
	ncache nc = {BRAIN_NONE, {RS_ZERO, 0}};
	for (uint32_t k = 0; k < S->nfiring; k++) {
		uint32_t s = S->firing[k];
		if (!S->output[s])
			continue; /* cleared by an emitter since */
		/* A weight that becomes or stops being 0 here moves its dendrite
		 * to the head or the tail of this list (brain_relink): the list's
		 * dendrites as they were are the first len from each one's
		 * successor saved before acting on it. */
		uint32_t len = 0;
		for (uint32_t d = brain_rhead(D, s); d != BRAIN_NONE; d = brain_rnext(D, d))
			len++;
		uint32_t d = brain_rhead(D, s);
		for (uint32_t j = 0; j < len; j++) {
			uint32_t next = brain_rnext(D, d), i = brain_owner(D, d);
			brain_known kn = neuron_known(c, pl, &nc, i);
			act_on(c, a, i, d, brain_rule_at(c, pl, kn, d), x);
			d = next;
		}
	}
}

/* The dendrites with susceptibility: all in the blocks of susb. */
static void visit_susceptible(brain_dctx *c, const brain_plan *pl, brain_act a,
                              const brain_rates *x)
{
	const brain_dtype *D = c->D;
	ncache nc = {BRAIN_NONE, {RS_ZERO, 0}};
	static const uint8_t zero16[BRAIN_BLOCK];
	for (uint32_t w = 0; w < brain_words(D->nblocks); w++)
		for (uint64_t m = D->susb[w]; m; m &= m - 1) {
			uint32_t base = (w * 64 + (uint32_t)__builtin_ctzll(m)) * BRAIN_BLOCK;
			for (unsigned l = brain_simd_diff(D->suscept + base, zero16, BRAIN_BLOCK); l; l &= l - 1) {
				uint32_t d = base + (uint32_t)__builtin_ctz(l), i = brain_owner(D, d);
				brain_known kn = neuron_known(c, pl, &nc, i);
				act_on(c, a, i, d, brain_rule_at(c, pl, kn, d), x);
			}
		}
}

static uint32_t popcount64(uint64_t x)
{
	uint32_t n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

/* Every dendrite where a planned RS_DENDRITE rule may be non-zero: those
 * of the firing neurons when the rule needs its neuron to fire (decision
 * lobes fire one neuron after winner-takes-all), else those of the firing
 * sources when it needs its input to fire, and the susceptible ones when
 * it needs susceptibility and fewer blocks hold any — else all. (Firing
 * sources are the popular ones: migration moves dendrites to them, so
 * their lists are long.) */
bool brain_visit(brain_dctx *c, const brain_plan *pl, brain_act a, const brain_rates *x)
{
	const brain_dtype *D = c->D;
	enum { V_ALL, V_FIRING, V_SOURCES, V_SUSC } how = V_ALL;
	uint64_t best = D->total;
	if (pl->firing_guard)
		how = V_FIRING;
	else if (pl->input_guard)
		how = V_SOURCES;
	if (pl->susc_guard && how != V_SOURCES) {
		uint64_t cost = 0;
		for (uint32_t w = 0; w < brain_words(D->nblocks); w++)
			cost += popcount64(D->susb[w]);
		if (how == V_FIRING) { /* only then is `best` worth counting */
			best = c->L->nfiring;
			for (uint32_t k = 0; k < c->L->nfiring; k++)
				best += D->first[c->L->firing[k] + 1] - D->first[c->L->firing[k]];
		}
		if (cost * BRAIN_BLOCK < best)
			how = V_SUSC;
	}
	switch (how) {
	case V_FIRING: visit_neurons(c, pl, a, x, true); break;
	case V_SOURCES: visit_sources(c, pl, a, x); break;
	case V_SUSC: visit_susceptible(c, pl, a, x); break;
	default: visit_neurons(c, pl, a, x, false); break;
	}
	/* visit_neurons marked candidates instead of results, as it does for
	 * such a rule on the firing neurons */
	return how == V_FIRING && candidates(pl, a, D) && pl->firing_only && !pl->per_neuron;
}

