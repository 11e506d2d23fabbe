/* sum_rules.c — the fast dendrite phase of a lobe with rules that read
 * the sums (BRAIN_DSUMS; brain/plan_impl.h, brain/plan.c).
 *
 * A rule reading type0/type1/anded0/anded1 sees the sums of its neuron at
 * that moment: the dendrite order matters, since a weight that moves
 * changes them for the dendrites after it (§4.5; the reference keeps them
 * current, tick by tick equal). But the sums only change when a weight of
 * the neuron moves, and only when its source fires, and then only when the
 * scaled value moves. So, neuron by neuron and type by type, the rules are
 * planned with the neuron's sums as neuron values, and the dendrites run
 * sixteen at a time as on the fast path; after each block the weight
 * changes are applied to the kept sums in dendrite order, and at the first
 * one that moves a sum the block is rolled back past it and goes on with
 * the rules planned again. Steps 5-6 run per dendrite after its block,
 * with the plans of its moment. They move no weight, except with
 * loose_clears_weights, when a dendrite goes loose: a block where that may
 * happen takes the plain per-dendrite order (loss_may_clear), and at rest
 * the block starts again after it; input_weight=strength takes the plain
 * order throughout. */
#include <string.h>

#include "brain/plan_impl.h"

enum { SP_SUSC, SP_REINF, SP_GAIN, SP_LOSS, SP_N };

typedef struct sctx {
	brain_dctx c;            /* c.v: lobe values; the neuron's state, output and sums */
	brain_rates x;
	brain_plan p[SP_N];
	brain_known k[SP_N];     /* for the current neuron and sums */
	bool due[SP_N];
	uint8_t sums[4];   /* the sums k was made with */
} sctx;

/* The neuron's four sums now (kept sums) into v. */
static void neuron_sums(const brain *b, const brain_lobe *L, uint32_t i, uint8_t *v)
{
	for (unsigned t = 0; t < 2; t++)
		brain_sums_values(b, L, t, i, &v[SVS_TYPE0 + t], &v[SVS_ANDED0 + t]);
}

/* Plan the rules for neuron c.i with its sums now. */
static void know(sctx *sc)
{
	brain_dctx *c = &sc->c;
	neuron_sums(c->b, c->L, c->i, c->v);
	memcpy(sc->sums, &c->v[SVS_TYPE0], 4);
	for (unsigned r = 0; r < SP_N; r++)
		sc->k[r] = sc->due[r] ? brain_plan_neuron(&sc->p[r], c->v, c->rng) : (brain_known){RS_ZERO, 0};
}

/* Did a weight change move the neuron's sums? Then plan again. */
static bool sums_moved(sctx *sc)
{
	uint8_t now[SVS_COUNT];
	neuron_sums(sc->c.b, sc->c.L, sc->c.i, now);
	if (memcmp(&now[SVS_TYPE0], sc->sums, 4) == 0)
		return false;
	know(sc);
	return true;
}

/* Steps 5 and 6 of dendrite d, with the plans of its moment. Returns
 * whether a sum moved (only with input_weight=strength or clears). */
static bool steps_5_6(sctx *sc, uint32_t d)
{
	brain_dctx *c = &sc->c;
	brain_dtype *D = c->D;
	bool moved = false;
	for (unsigned r = SP_GAIN; r <= SP_LOSS; r++) {
		if (sc->k[r].st == RS_ZERO)
			continue;
		uint8_t val = brain_rule_at(c, &sc->p[r], sc->k[r], d);
		int st = D->strength[d];
		if (!val || (r == SP_GAIN ? st == 255 : st == 0))
			continue;
		brain_set_strength(c->b, c->L, c->t, c->i, d, r == SP_GAIN ? st + val : st - val, sc->x.clears);
		moved |= sums_moved(sc);
	}
	return moved;
}

/* Steps 1-6 of dendrite d in the plain order, the sums kept current. */
static void plain_dendrite(sctx *sc, uint32_t d)
{
	brain_dctx *c = &sc->c;
	brain_dtype *D = c->D;
	const brain_rates *x = &sc->x;
	uint8_t *w = brain_weights(c->b, D);
	uint8_t w0 = w[d];
	if (brain_steps_one(c, &sc->p[SP_SUSC], sc->k[SP_SUSC], &sc->p[SP_REINF], sc->k[SP_REINF], d, x))
		brain_bit_set(D->live, d / BRAIN_BLOCK);
	if (D->suscept[d])
		brain_bit_set(D->susb, d / BRAIN_BLOCK);
	if (w[d] != w0) {
		brain_sums_moved(D, c->i, d, w0, w[d]);
		brain_wnz_note(D, d, w[d]);
		sums_moved(sc);
	}
	steps_5_6(sc, d);
}

/* Restore the lanes of `mask` of the block at d0 from saved copies. */
static void restore_lanes(brain_dtype *D, uint32_t d0, unsigned mask, const uint8_t *su,
                          const uint8_t *stw, const uint8_t *ltw)
{
	for (; mask; mask &= mask - 1) {
		unsigned j = (unsigned)__builtin_ctz(mask);
		D->suscept[d0 + j] = su[j];
		D->stw[d0 + j] = stw[j];
		D->ltw[d0 + j] = ltw[j];
	}
}

/* With loose_clears_weights: may a dendrite of [lo, hi) lose all its
 * strength in step 6 under the current plans (and so clear a weight, which
 * may move a sum)? Step 5 only adds, so a loss of at least the strength
 * is the test; a dendrite already loose is passed over by steps 5-6. */
static bool loss_may_clear(sctx *sc, uint32_t lo, uint32_t hi)
{
	if (sc->k[SP_LOSS].st == RS_ZERO)
		return false;
	const uint8_t *st = sc->c.D->strength;
	for (uint32_t d = lo; d < hi; d++)
		if (st[d] && brain_rule_at(&sc->c, &sc->p[SP_LOSS], sc->k[SP_LOSS], d) >= st[d])
			return true;
	return false;
}

/* The susceptibility rule's results for dendrites [pos, end) of the block
 * at base into sv (by lane); the lanes whose result exceeds the
 * susceptibility are returned. */
static unsigned susc_results(sctx *sc, uint32_t pos, uint32_t end, uint32_t base, uint8_t *sv)
{
	unsigned fresh = 0;
	for (uint32_t d = pos; d < end && sc->k[SP_SUSC].st != RS_ZERO; d++) {
		sv[d - base] = brain_rule_at(&sc->c, &sc->p[SP_SUSC], sc->k[SP_SUSC], d);
		if (sv[d - base] > sc->c.D->suscept[d])
			fresh |= 1u << (d - base);
	}
	return fresh;
}

/* Dendrites [pos, end) of a block at rest that nothing arrives at: steps
 * 1-4 leave it. With loose_clears_weights a dendrite going loose in steps
 * 5-6 clears its weight: when that moves a sum, the rules are planned
 * again (sums_moved) and the block goes on after it from the start. Where
 * to go on is returned. */
static uint32_t rest_block(sctx *sc, uint32_t pos, uint32_t end, bool strength)
{
	uint32_t d = pos;
	while (d < end && strength && !steps_5_6(sc, d))
		d++;
	return d < end && strength ? d + 1 : end;
}

/* Steps 1-4 of dendrites [pos, end) of the block at base byte-wide (the
 * lanes `fresh` take their rule's result in sv), then their weight changes
 * into the sums in dendrite order: at the first that moves a sum, the
 * dendrites after it are rolled back to start again. Steps 5-6 of the ones
 * done follow. Where to go on is returned. */
static uint32_t run_block(sctx *sc, uint32_t pos, uint32_t end, uint32_t base, unsigned fresh,
                          const uint8_t *sv, bool strength)
{
	brain_dctx *c = &sc->c;
	brain_dtype *D = c->D;
	static const uint8_t zero16[BRAIN_BLOCK];
	unsigned lanes = (0xffffu >> (BRAIN_BLOCK - (end - base))) & ~((1u << (pos - base)) - 1);
	uint8_t su0[BRAIN_BLOCK], stw0[BRAIN_BLOCK], ltw0[BRAIN_BLOCK], old[BRAIN_BLOCK];
	memcpy(su0, D->suscept + base, BRAIN_BLOCK);
	memcpy(stw0, D->stw + base, BRAIN_BLOCK);
	memcpy(ltw0, D->ltw + base, BRAIN_BLOCK);
	for (unsigned m = fresh; m; m &= m - 1) {
		unsigned j = (unsigned)__builtin_ctz(m);
		D->suscept[base + j] = sv[j];
	}
	brain_qd q = brain_quiet_of(&sc->x, sc->k[SP_REINF]);
	brain_qd_out o =
		brain_qd_block(&q, 0, fresh, 0, D->suscept + base, D->stw + base, D->ltw + base, old);
	restore_lanes(D, base, 0xffffu & ~lanes, su0, stw0, ltw0); /* other neurons' */
	uint32_t stop = end;
	for (unsigned ch = o.changed & lanes; ch; ch &= ch - 1) {
		uint32_t j = (uint32_t)__builtin_ctz(ch), d = base + j;
		brain_sums_moved(D, c->i, d, old[j], D->stw[d]);
		brain_wnz_note(D, d, D->stw[d]);
		uint8_t now[SVS_COUNT];
		neuron_sums(c->b, c->L, c->i, now);
		if (memcmp(&now[SVS_TYPE0], sc->sums, 4) != 0) {
			restore_lanes(D, base, lanes & ~((2u << j) - 1), su0, stw0, ltw0);
			stop = d + 1;
			break;
		}
	}
	bool sus = brain_simd_diff(D->suscept + base, zero16, BRAIN_BLOCK) != 0;
	bool live = sus || brain_simd_diff(D->stw + base, D->ltw + base, BRAIN_BLOCK);
	brain_bit_put(D->live, base / BRAIN_BLOCK, live);
	brain_bit_put(D->susb, base / BRAIN_BLOCK, sus);
	for (uint32_t d = pos; d + 1 < stop && strength; d++)
		steps_5_6(sc, d);
	/* the last one done may have moved a sum: its steps 5-6 see it */
	if (stop < end)
		know(sc);
	else
		sums_moved(sc);
	steps_5_6(sc, stop - 1);
	return stop;
}

/* Neuron c.i's dendrites [lo, hi) of one type (see the file comment). */
static void sums_range(sctx *sc, uint32_t lo, uint32_t hi)
{
	if (sc->c.b->opts.input_weight || sc->k[SP_REINF].st == RS_DENDRITE) {
		/* weights move in steps 5-6, or the reinforcement differs
		 * between dendrites: one by one */
		for (uint32_t d = lo; d < hi; d++)
			plain_dendrite(sc, d);
		return;
	}
	uint32_t pos = lo;
	while (pos < hi) {
		uint32_t base = pos / BRAIN_BLOCK * BRAIN_BLOCK;
		uint32_t end = hi < base + BRAIN_BLOCK ? hi : base + BRAIN_BLOCK;
		bool strength = sc->k[SP_GAIN].st != RS_ZERO || sc->k[SP_LOSS].st != RS_ZERO;
		uint8_t sv[BRAIN_BLOCK];
		unsigned fresh = susc_results(sc, pos, end, base, sv);
		if (!fresh && !brain_bit(sc->c.D->live, base / BRAIN_BLOCK)) {
			pos = rest_block(sc, pos, end, strength);
		} else if (sc->x.clears && loss_may_clear(sc, pos, end)) {
			/* a dendrite of the block may go loose in steps 5-6, under
			 * the plans of the block's start: the plain order, which
			 * plans again after it */
			for (; pos < end; pos++)
				plain_dendrite(sc, pos);
		} else {
			pos = run_block(sc, pos, end, base, fresh, sv, strength);
		}
	}
}

/* Every dendrite of a DSUMS lobe, neuron by neuron. */
void brain_sum_rules_dendrites(brain *b, brain_lobe *L, c2_rng *rng)
{
	uint8_t v[SVS_COUNT] = {0};
	brain_lobe_values(L, v);
	brain_sums_sync(b, L); /* the outputs it reads may have moved (winner-takes-all) */
	sctx sc[2];
	static const unsigned which[SP_N] = {BRAIN_DRULE_SUSCEPT, BRAIN_DRULE_REINFORCE,
	                                     BRAIN_DRULE_GAIN, BRAIN_DRULE_LOSS};
	for (unsigned t = 0; t < 2; t++) {
		brain_dtype *D = L->d[t];
		if (!D->present)
			continue;
		brain_dctx c = {b, L, D, t, &b->lobes[D->src_lobe], 0, v, rng, NULL};
		sc[t].c = c;
		sc[t].x = brain_rates_due(b, L, t);
		sc[t].due[SP_SUSC] = sc[t].due[SP_REINF] = true;
		sc[t].due[SP_GAIN] = sc[t].x.gain;
		sc[t].due[SP_LOSS] = sc[t].x.loss;
		for (unsigned r = 0; r < SP_N; r++)
			brain_plan_lobe(&sc[t].p[r], D->rule[which[r]], v, L, c.S, true, rng);
	}
	for (uint32_t i = 0; i < L->n; i++) {
		v[SVS_STATE] = L->state[i];
		v[SVS_OUTPUT] = L->output[i];
		for (unsigned t = 0; t < 2; t++) {
			brain_dtype *D = L->d[t];
			if (!D->present || D->first[i] == D->first[i + 1])
				continue;
			sc[t].c.i = i;
			know(&sc[t]);
			sums_range(&sc[t], D->first[i], D->first[i + 1]);
		}
	}
}

