/* reference.c — the brain's semantics as code, in the order of
 * docs/semantics/brain.md: the neuron update (§4.3), the input sums (§4.4),
 * the dendrite steps (§4.5) and one tick (§4.8); the emitter loci (§4.6)
 * are brain_lobe_emitters in query.c, migration (§4.7) is migrate.c.
 *
 * The mode brain_reference=1 (BRAIN_MODES) runs this for every lobe: every
 * rule of every neuron and dendrite evaluated in the plain order, nothing
 * folded or skipped, the sums summed at every read. Without it, a lobe whose
 * dendrite rules need that order (`random`, propagation: BRAIN_DGENERAL)
 * runs general_dendrites with the neuron's sums kept (sums.c), and every
 * other lobe the fast paths, which compute the same bytes with less work:
 * neurons.c, plan.c, visit.c, blocks.c, sum_rules.c, sums.c and the kernels
 * of simd.h and avx2.h (only the perception copy's runs in both modes); the
 * head of each says what it skips. This file proves them exact: the mode is
 * left out of snapshots and hashes, so a creature runs with and without it
 * and the state hashes must agree after every tick
 * (tests/unit/test_reference.c; test_fast_equals_reference_* in
 * tests/unit/test_brain.c). */
#include <string.h>

#include "brain/brain_impl.h"
#include "brain/simd.h"
#include "genome/rates.h"

/* ---- §4.3 the neuron update ------------------------------------------------------ */

void brain_neuron_update(const brain_upd *x, int val, uint8_t *state, uint8_t *output)
{
	int st, out;
	if (!x->openc2e) {
		/* The output from the value before leaking; the stored state
		 * relaxes toward rest from either side, truncated toward rest. */
		out = val >= x->thr ? val - x->thr : 0;
		st = val;
		if (x->leak_due) {
			int dv = val - x->rest;
			st = x->rest + (dv >= 0 ? (int)(((uint32_t)dv * x->mult) >> 16)
			                        : -(int)(((uint32_t)-dv * x->mult) >> 16));
		}
	} else {
		/* openc2e: leak first, snap below rest, then threshold */
		st = val;
		if (x->leak_due)
			st = val > x->rest ? x->rest + (int)((uint32_t)(val - x->rest) * x->mult / 65536)
			                   : x->rest;
		out = st >= x->thr ? st - x->thr : 0;
	}
	*state = (uint8_t)st;
	*output = (uint8_t)out;
}

/* Every neuron in order: the state rule with every value it may read,
 * then the output and the leaked state; the firing list from the outputs. */
BRAIN_NOINLINE static void reference_neurons(brain *b, brain_lobe *L, c2_rng *rng)
{
	uint8_t v[SVS_COUNT] = {0};
	brain_lobe_values(L, v);
	const brain_upd x = brain_upd_of(b, L);
	L->nfiring = 0;
	for (uint32_t i = 0; i < L->n; i++) {
		brain_neuron_values(b, L, ~0u, i, v);
		brain_neuron_update(&x, brain_svrule_exec(L->state_rule, v, rng), &L->state[i],
		                    &L->output[i]);
		if (L->output[i])
			L->firing[L->nfiring++] = (uint16_t)i;
	}
	L->outver++;
	L->settled = false;
}

/* Keep the largest output of a cell that may win (brain_set_wta_mask),
 * lowest index on ties, and zero every other; none when no such cell fires. */
static void reference_wta(brain_lobe *L)
{
	int best = -1;
	for (uint32_t i = 0; i < L->n; i++)
		if (L->output[i] && !(i < 32 && (L->wta_deny >> i & 1)) &&
		    (best < 0 || L->output[i] > L->output[best]))
			best = (int)i;
	for (uint32_t i = 0; i < L->n; i++)
		if ((int)i != best)
			L->output[i] = 0;
	L->nfiring = best >= 0;
	if (best >= 0)
		L->firing[0] = (uint16_t)best;
	L->outver++;
}

/* ---- §4.4 input sums ------------------------------------------------------------- */

/* type_t and anded_t of neuron i, summed over its dendrites now:
 * type_t = min(255, (sum of floor(src.output * w / 255)) * gain / 255), w
 * its STW (option input_weight: strength); anded_t = type_t when every
 * source fires, else 0. A neuron without dendrites of the type sums to 0
 * (option empty_sum: the gain). */
static void input_sums(const brain *b, const brain_lobe *L, unsigned t, uint32_t i,
                       uint8_t *type, uint8_t *anded)
{
	const brain_dtype *D = L->d[t];
	uint32_t d = D->present ? D->first[i] : 0, e = D->present ? D->first[i + 1] : 0;
	if (d == e) {
		*type = *anded = b->opts.empty_sum ? L->gene.gain : 0;
		return;
	}
	const uint8_t *so = b->lobes[D->src_lobe].output, *w = brain_weights(b, D);
	uint32_t acc = 0;
	bool all = true;
	for (; d < e; d++) {
		uint32_t o = so[D->src[d]];
		all &= o != 0;
		acc += o * w[d] / 255u;
	}
	acc = acc * L->gene.gain / 255;
	*type = (uint8_t)(acc > 255 ? 255 : acc);
	*anded = all ? *type : 0;
}

void brain_neuron_values(const brain *b, const brain_lobe *L, uint32_t reads, uint32_t i,
                         uint8_t *v)
{
	v[SVS_STATE] = L->state[i];
	v[SVS_OUTPUT] = L->output[i];
	v[SVS_LEAK_IN] = L->leak_in ? L->leak_in[i] : 0;
	v[SVS_LEAK_OUT] = L->leak_out ? L->leak_out[i] : 0;
	for (unsigned t = 0; t < 2; t++)
		if (reads & (0x5u << (SVS_TYPE0 + t))) /* type_t or anded_t */
			input_sums(b, L, t, i, &v[SVS_TYPE0 + t], &v[SVS_ANDED0 + t]);
}

/* ---- §4.5 the dendrite steps ----------------------------------------------------- */

brain_rates brain_rates_due(const brain *b, const brain_lobe *L, unsigned t)
{
	brain_rates x;
	x.r = &L->rloc[BRAIN_RL_DENDRITE + 5 * t];
	uint64_t tick = b->ticks;
	uint32_t t32 = (uint32_t)tick;
	x.susc = genome_rate_due(x.r[BRAIN_RATE_RELAX_SUSCEPT], t32);
	x.stw = genome_rate_due(x.r[BRAIN_RATE_RELAX_STW], t32);
	uint8_t lg = x.r[BRAIN_RATE_LTW_GAIN];
	x.ltw = b->opts.ltw_gain ? lg && tick % lg == 0 : genome_rate_due(lg, t32);
	/* the strength periods count brain ticks (option: the rate table) */
	uint8_t g = x.r[BRAIN_RATE_STRENGTH_GAIN], l = x.r[BRAIN_RATE_STRENGTH_LOSS];
	bool table = b->opts.strength_rates;
	x.gain = table ? genome_rate_due(g, t32) : g && tick % g == 0;
	x.loss = table ? genome_rate_due(l, t32) : l && tick % l == 0;
	x.set = b->opts.reinforce;
	x.step = b->opts.ltw_gain;
	x.clears = b->opts.loose_clears_weights;
	return x;
}

/* 1. Keep the larger of the rule's result and the susceptibility, else decay. */
uint8_t brain_suscept_step(uint8_t su, int s, const brain_rates *x)
{
	if (s > su)
		return (uint8_t)s;
	if (x->susc && su)
		return genome_rate_relax(su, 0, x->r[BRAIN_RATE_RELAX_SUSCEPT]);
	return su;
}

/* 2. Reinforcement x = suscept * r / 255: STW at least LTW + x (reinforce=set: exactly). */
uint8_t brain_reinforce_step(uint8_t stw, uint8_t ltw, uint8_t su, int r, int set)
{
	int x = su * r / 255, target = ltw + x > 255 ? 255 : ltw + x;
	return x > 0 && (set || target > stw) ? (uint8_t)target : stw;
}

/* 3. STW relaxes toward LTW; 4. LTW follows STW (or steps by one: openc2e). */
bool brain_steps_3_4(brain_dtype *D, uint32_t d, uint8_t stw, uint8_t ltw, const brain_rates *x)
{
	if (x->stw && stw != ltw)
		stw = genome_rate_relax(stw, ltw, x->r[BRAIN_RATE_RELAX_STW]);
	if (x->ltw && ltw != stw) {
		if (x->step)
			ltw = ltw < stw ? ltw + 1 : ltw - 1;
		else
			ltw = genome_rate_relax(ltw, stw, x->r[BRAIN_RATE_LTW_GAIN]);
	}
	D->stw[d] = stw;
	D->ltw[d] = ltw;
	return stw != ltw;
}

void brain_dendrite_loose(brain *b, brain_lobe *L, unsigned t, uint32_t i, uint32_t d,
                          bool loose, int clears)
{
	brain_dtype *D = L->d[t];
	brain_loose_moved(L, t, i, !loose, loose);
	if (loose && clears) {
		if (!b->opts.input_weight)
			brain_sums_moved(D, i, d, D->stw[d], 0);
		D->stw[d] = D->ltw[d] = D->suscept[d] = 0;
	}
}

/* 5. and 6. Strength gain and loss; at 0 a dendrite is loose. */
void brain_set_strength(brain *b, brain_lobe *L, unsigned t, uint32_t i, uint32_t d, int v,
                        int clears)
{
	brain_dtype *D = L->d[t];
	uint8_t old = D->strength[d];
	uint8_t nv = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
	if (b->opts.input_weight) {
		brain_sums_moved(D, i, d, old, nv);
		brain_wnz_note(D, d, nv);
	}
	D->strength[d] = nv;
	if ((old == 0) != (nv == 0))
		brain_dendrite_loose(b, L, t, i, d, nv == 0, clears);
}

uint8_t brain_dendrite_value(const brain_dctx *c, unsigned slot, uint32_t d)
{
	const brain_dtype *D = c->D;
	switch (slot) {
	case SVS_INPUT: return c->S->output[D->src[d]];
	case SVS_SUSCEPT: return D->suscept[d];
	case SVS_STW: return D->stw[d];
	case SVS_LTW: return D->ltw[d];
	case SVS_STRENGTH: return D->strength[d];
	case SVS_SRC_LEAK_IN: return c->S->leak_in ? c->S->leak_in[D->src[d]] : 0;
	case SVS_LEAK_IN: return c->L->leak_in ? c->L->leak_in[c->i] : 0;
	case SVS_LEAK_OUT: return c->L->leak_out ? c->L->leak_out[c->i] : 0;
	default: return 0;
	}
}

/* A rule for dendrite d, every value it reads fetched now (c->v holds the
 * lobe's values and the neuron's state and output). */
static uint8_t eval_dendrite(const brain_dctx *c, const brain_svrule_prog *p, uint32_t d)
{
	if (p->n == 0)
		return 0;
	for (uint32_t m = p->reads & BRAIN_DENDRITE_SLOTS; m; m &= m - 1) {
		unsigned s = (unsigned)__builtin_ctz(m);
		c->v[s] = brain_dendrite_value(c, s, d);
	}
	if (p->reads & BRAIN_SUM_SLOTS) {
		if (c->ns)
			brain_nsums_read(c);
		else
			for (unsigned t = 0; t < 2; t++)
				input_sums(c->b, c->L, t, c->i, &c->v[SVS_TYPE0 + t], &c->v[SVS_ANDED0 + t]);
	}
	return brain_svrule_exec(p, c->v, c->rng);
}

/* Dendrite d's weight may have moved from *w0: the general path's kept sums follow. */
static void weight_moved(const brain_dctx *c, uint32_t d, uint8_t *w0)
{
	uint8_t w = brain_weights(c->b, c->D)[d];
	if (w != *w0 && c->ns)
		brain_nsums_moved(c, c->t, d, *w0);
	*w0 = w;
}

/* Steps 1-7 of dendrite d of neuron c->i, each rule evaluated as its step
 * comes, so it sees what the steps before left. */
static void dendrite_steps(const brain_dctx *c, uint32_t d, const brain_rates *x)
{
	brain_dtype *D = c->D;
	const brain_svrule_prog *const *r = D->rule;
	uint8_t w0 = brain_weights(c->b, D)[d];
	uint8_t su = brain_suscept_step(D->suscept[d], eval_dendrite(c, r[BRAIN_DRULE_SUSCEPT], d), x);
	D->suscept[d] = su;
	int rv = eval_dendrite(c, r[BRAIN_DRULE_REINFORCE], d);
	uint8_t ltw = D->ltw[d];
	(void)brain_steps_3_4(D, d, brain_reinforce_step(D->stw[d], ltw, su, rv, x->set), ltw, x);
	weight_moved(c, d, &w0);
	if (x->gain) {
		int gv = eval_dendrite(c, r[BRAIN_DRULE_GAIN], d);
		brain_set_strength(c->b, c->L, c->t, c->i, d, D->strength[d] + gv, x->clears);
		weight_moved(c, d, &w0);
	}
	if (x->loss) {
		int lv = eval_dendrite(c, r[BRAIN_DRULE_LOSS], d);
		if (D->strength[d])
			brain_set_strength(c->b, c->L, c->t, c->i, d, D->strength[d] - lv, x->clears);
		weight_moved(c, d, &w0);
	}
	/* 7. Propagation (C2): an empty rule writes nothing. */
	if (r[BRAIN_DRULE_BACKPROP]->n)
		c->S->leak_in[D->src[d]] = eval_dendrite(c, r[BRAIN_DRULE_BACKPROP], d);
	if (r[BRAIN_DRULE_FWDPROP]->n)
		c->L->leak_out[c->i] = eval_dendrite(c, r[BRAIN_DRULE_FWDPROP], d);
}

/* For every neuron in order, each type, each dendrite, steps 1-7. The fast
 * paths' derived data is not kept: their sums go stale, every block may be live. */
BRAIN_NOINLINE static void general_dendrites(brain *b, brain_lobe *L, c2_rng *rng)
{
	uint8_t v[SVS_COUNT] = {0};
	brain_lobe_values(L, v);
	const brain_rates xs[2] = {brain_rates_due(b, L, 0), brain_rates_due(b, L, 1)};
	for (unsigned t = 0; t < 2; t++)
		if (L->d[t]->present)
			L->d[t]->kvalid = L->d[t]->ordered = false;
	brain_nsums ns, *kept = b->opts.brain_reference ? NULL : &ns;
	for (uint32_t i = 0; i < L->n; i++) {
		v[SVS_STATE] = L->state[i];
		v[SVS_OUTPUT] = L->output[i];
		ns.valid = false;
		for (unsigned t = 0; t < 2; t++) {
			brain_dtype *D = L->d[t];
			if (!D->present)
				continue;
			brain_dctx c = {b, L, D, t, &b->lobes[D->src_lobe], i, v, rng, kept};
			for (uint32_t d = D->first[i]; d < D->first[i + 1]; d++)
				dendrite_steps(&c, d, &xs[t]);
		}
	}
	for (unsigned t = 0; t < 2; t++)
		if (L->d[t]->present)
			brain_live_all(L->d[t]);
}

/* ---- §4.8 one tick ----------------------------------------------------------------- */

static void dendrite_phase(brain *b, brain_lobe *L, c2_rng *rng)
{
	if (!L->d[0]->present && !L->d[1]->present)
		return;
	if (b->opts.brain_reference || L->dmode == BRAIN_DGENERAL)
		general_dendrites(b, L, rng);
	else
		brain_fast_dendrites(b, L, rng);
}

static void winner_takes_all(const brain *b, brain_lobe *L)
{
	if (!(L->gene.flags & 1))
		return;
	if (b->opts.brain_reference)
		reference_wta(L);
	else
		brain_winner_takes_all(L);
}

/* Fill the perception lobe: each perceptible lobe's outputs, in index order,
 * raise the next perception neurons' states, state = max(state, output). */
static void perception_copy(brain *b)
{
	brain_lobe *P = &b->lobes[0];
	uint32_t off = 0;
	for (uint32_t l = 1; l < b->nlobes && off < P->n; l++) {
		const brain_lobe *L = &b->lobes[l];
		if (!L->gene.perceptible)
			continue;
		uint32_t m = L->n < P->n - off ? L->n : P->n - off;
		if (L->nfiring) { /* else every output is 0: nothing to raise */
			brain_simd_max(P->state + off, L->output, m);
			P->settled = P->uvalid = false;
		}
		off += m;
	}
}

/* The neurons, winner-takes-all, the dendrites (after it: §4.8 says why;
 * option dendrites_before_wta), migration, the emitter loci. */
static void lobe_tick(brain *b, brain_lobe *L, c2_rng *rng)
{
	/* A lobe without dendrites that rests and stays at rest: nothing of
	 * its tick changes anything (its emitter loci already say 0). */
	if (!L->d[0]->present && !L->d[1]->present && !b->any_prop && brain_neuron_quiet(b, L))
		return;
	if (b->opts.brain_reference)
		reference_neurons(b, L, rng);
	else
		brain_neuron_phase(b, L, rng);
	if (!b->opts.dendrites_before_wta)
		winner_takes_all(b, L);
	dendrite_phase(b, L, rng);
	if (b->opts.dendrites_before_wta)
		winner_takes_all(b, L);
	brain_migrate(b, L, rng);
	brain_lobe_emitters(b, L);
	/* leak-in, written by other lobes' back-propagation, is read once (§4.5 step 7) */
	if (b->any_prop)
		memset(L->leak_in, 0, L->n);
}

/* The lobes in processing order, the perception lobe filled just before it
 * runs: it sees what the perceptible lobes showed at the previous tick's end. */
void brain_tick(brain *b, c2_rng *rng)
{
	for (uint32_t r = 0; r < b->nlobes; r++) {
		uint32_t l = b->order[r];
		if (l == 0)
			perception_copy(b);
		lobe_tick(b, &b->lobes[l], rng);
	}
	b->ticks++;
}
