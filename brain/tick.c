/* tick.c — one brain tick: perception copy, neurons, winner-takes-all,
 * dendrites and emitter loci (reference §4.3–§4.8; neurons in neurons.c,
 * migration in migrate.c).
 *
 * The reference semantics is the plain loop: for every neuron, for each
 * dendrite type, for every dendrite, evaluate each rule in turn (§4.5). That
 * loop (general_dendrites) runs for lobes whose rules need it and in
 * reference mode. Otherwise — every lobe of the standard genome — the fast
 * path computes exactly the same result with much less work. It is taken
 * when every dendrite rule of the lobe is pure (no `random`), reads only its
 * own dendrite, its neuron and its lobe, and no propagation rule exists:
 * then dendrites do not interact, the order of dendrites does not matter as
 * long as each dendrite's steps keep their order, and skipping an
 * evaluation changes nothing. Per dendrite type:
 *
 *   - each rule is planned for the lobe tick: one that reads only
 *     constants and lobe values (chem2 TRUE 1) is evaluated once; guards
 *     ("X TRUE") on lobe values, on an input lobe with no firing neuron
 *     prove a rule yields 0 without evaluating it; the plans are kept
 *     while the lobe values the rules read and the lobes' activity stay;
 *   - the dendrites where the susceptibility rule can be non-zero are
 *     visited alone: those of the firing neurons ("output TRUE"), of the
 *     firing sources ("input TRUE", through the reverse lists) or the
 *     susceptible ones ("suscept TRUE"), whichever are fewest; their
 *     results wait in a scratch array;
 *   - steps 1-4 (susceptibility, reinforcement, STW relaxation, LTW gain)
 *     then run byte-wide, sixteen dendrites at a time (brain/simd.h), on
 *     the blocks that can move: those holding susceptibility or STW != LTW
 *     (the `live` bitmap, kept exact as blocks come to rest) and those
 *     holding a non-zero result — on a tick when only susceptibility can
 *     move (no reinforcement, nothing to relax), only the blocks holding
 *     susceptibility (`susb`) and those receiving some;
 *   - "output TRUE suscept move-twrds T K" (and with "input TRUE" while
 *     the firing sources are kept per dendrite) is worked out in that
 *     pass too: the firing neurons' dendrites are only marked;
 *   - steps 5-6 (strength gain and loss) are one byte-wide pass when the
 *     rule is one value for the lobe, or "suscept TRUE" then a lobe value
 *     or a dendrite field (over the susb blocks), else visit the candidate
 *     dendrites as above.
 *
 * Tests compare the two paths tick by tick (state hashes). Hot loops copy
 * array pointers into locals: a uint8_t store may alias anything, so
 * pointers read through a struct would be reloaded after every byte
 * written. */
#include <string.h>

#include "brain/brain_impl.h"
#include "brain/avx2.h"
#include "brain/simd.h"
#include "genome/rates.h"
#include "genome/vocab.h"

/* What is known about a rule's result before visiting dendrites. */
typedef enum { RS_ZERO, RS_CONST, RS_DENDRITE } rule_status;

typedef struct known {
	rule_status st;
	uint8_t value; /* RS_CONST */
} known;

static const uint32_t dendrite_slots = (1u << SVS_INPUT) | (1u << SVS_SUSCEPT) |
                                       (1u << SVS_STW) | (1u << SVS_LTW) |
                                       (1u << SVS_STRENGTH) | (1u << SVS_SRC_LEAK_IN) |
                                       (1u << SVS_LEAK_IN) | (1u << SVS_LEAK_OUT);
static const uint32_t sum_slots = (1u << SVS_TYPE0) | (1u << SVS_TYPE1) | (1u << SVS_ANDED0) |
                                  (1u << SVS_ANDED1);

/* ---- rates and the per-dendrite steps (§4.5) ------------------------------------- */

typedef struct rates {
	const uint8_t *r; /* the five rate loci of the type */
	bool susc, stw, ltw, gain, loss; /* due this tick */
	int set, step, clears;          /* options: reinforce, ltw_gain, loose_clears_weights */
} rates;

static rates rates_due(const brain *b, const brain_lobe *L, unsigned t)
{
	rates x;
	x.r = &L->rloc[BRAIN_RL_DENDRITE + 5 * t];
	uint64_t tick = b->ticks;
	uint32_t t32 = (uint32_t)tick;
	x.susc = genome_rate_due(x.r[BRAIN_RATE_RELAX_SUSCEPT], t32);
	x.stw = genome_rate_due(x.r[BRAIN_RATE_RELAX_STW], t32);
	uint8_t lg = x.r[BRAIN_RATE_LTW_GAIN];
	x.ltw = b->opts.ltw_gain ? lg && tick % lg == 0 : genome_rate_due(lg, t32);
	uint8_t g = x.r[BRAIN_RATE_STRENGTH_GAIN], l = x.r[BRAIN_RATE_STRENGTH_LOSS];
	if (b->opts.strength_rates) {
		x.gain = genome_rate_due(g, t32);
		x.loss = genome_rate_due(l, t32);
	} else {
		x.gain = g && tick % g == 0;
		x.loss = l && tick % l == 0;
	}
	x.set = b->opts.reinforce;
	x.step = b->opts.ltw_gain;
	x.clears = b->opts.loose_clears_weights;
	return x;
}

/* Step 1 with the rule's result s: keep the larger, else decay. */
static inline uint8_t suscept_step(uint8_t su, int s, const rates *x)
{
	if (s > su)
		return (uint8_t)s;
	if (x->susc && su)
		return genome_rate_relax(su, 0, x->r[BRAIN_RATE_RELAX_SUSCEPT]);
	return su;
}

/* Step 2: reinforcement x = suscept * r / 255 raises STW above LTW. */
static inline uint8_t reinforce_step(uint8_t stw, uint8_t ltw, uint8_t su, int r, int set)
{
	int x = su * r / 255;
	if (x <= 0)
		return stw;
	int target = ltw + x;
	if (target > 255)
		target = 255;
	if (set || target > stw)
		return (uint8_t)target;
	return stw;
}

/* Step 4: LTW follows STW (rate table), or steps by one (openc2e). */
static inline uint8_t ltw_step(uint8_t ltw, uint8_t stw, const rates *x)
{
	if (x->step)
		return ltw < stw ? ltw + 1 : ltw > stw ? ltw - 1 : ltw;
	return genome_rate_relax(ltw, stw, x->r[BRAIN_RATE_LTW_GAIN]);
}

/* Dendrite d of neuron i became loose (strength 0) or stopped being loose:
 * keep the loose counts and cells, and optionally clear a newly loose
 * dendrite's weights (openc2e). */
static void loose_moved(brain *b, brain_lobe *L, unsigned t, uint32_t i, uint32_t d, bool loose,
                        int clears)
{
	brain_dtype *D = L->d[t];
	brain_loose_moved(L, t, i, !loose, loose);
	if (loose && clears) {
		if (!b->opts.input_weight)
			brain_sums_moved(D, i, d, D->stw[d], 0);
		D->stw[d] = D->ltw[d] = D->suscept[d] = 0;
	}
}

/* A strength change of dendrite d (neuron i) to v, clamped to 0..255. */
static void set_strength(brain *b, brain_lobe *L, unsigned t, uint32_t i, uint32_t d, int v,
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
		loose_moved(b, L, t, i, d, nv == 0, clears);
}

/* ---- dendrite values and rule evaluation --------------------------------------- */

/* The input sums of the neuron being updated on the general path, kept
 * current as its dendrites' weights change, so that a rule reading them
 * costs O(1) instead of a walk over the neuron's dendrites. Source outputs
 * do not change during the dendrite phase (propagation writes the leak
 * registers), so only weights move. */
typedef struct nsums {
	bool valid;
	uint32_t acc[2], silent[2], cnt[2];
} nsums;

typedef struct dctx {
	brain *b;
	brain_lobe *L;
	brain_dtype *D;
	unsigned t;          /* D is L->d[t] */
	const brain_lobe *S; /* source lobe */
	uint32_t i;          /* destination neuron (general path: sums, leak registers) */
	uint8_t *v;
	c2_rng *rng;
	nsums *ns;           /* general path: the kept sums; NULL: summed at every read */
} dctx;

/* Value of a dendrite-level slot for dendrite d (general path: also the
 * sums and leak registers, read at this moment). */
static inline uint8_t dendrite_value(const dctx *c, unsigned slot, uint32_t d)
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

/* Both sums of neuron c->i into c->v from the kept sums (made on first use). */
static void kept_sums(const dctx *c)
{
	nsums *ns = c->ns;
	const brain_lobe *L = c->L;
	if (!ns->valid) {
		for (unsigned t = 0; t < 2; t++) {
			const brain_dtype *D = L->d[t];
			ns->acc[t] = ns->silent[t] = ns->cnt[t] = 0;
			if (!D->present)
				continue;
			const uint8_t *so = c->b->lobes[D->src_lobe].output, *w = brain_weights(c->b, D);
			for (uint32_t d = D->first[c->i]; d < D->first[c->i + 1]; d++) {
				uint32_t o = so[D->src[d]];
				ns->silent[t] += !o;
				ns->acc[t] += o * w[d] / 255u;
			}
			ns->cnt[t] = D->first[c->i + 1] - D->first[c->i];
		}
		ns->valid = true;
	}
	uint8_t empty = c->b->opts.empty_sum ? L->gene.gain : 0;
	for (unsigned t = 0; t < 2; t++) {
		uint8_t v = empty;
		if (ns->cnt[t]) {
			uint32_t a = ns->acc[t] * L->gene.gain / 255;
			v = (uint8_t)(a > 255 ? 255 : a);
		}
		c->v[SVS_TYPE0 + t] = v;
		c->v[SVS_ANDED0 + t] = ns->cnt[t] && ns->silent[t] ? 0 : v;
	}
}

/* Dendrite d of type t of neuron c->i changed its weight from w0: keep the
 * sums current. */
static void kept_sums_moved(const dctx *c, unsigned t, uint32_t d, uint8_t w0)
{
	if (!c->ns || !c->ns->valid)
		return;
	const brain_dtype *D = c->L->d[t];
	uint32_t o = c->b->lobes[D->src_lobe].output[D->src[d]];
	c->ns->acc[t] += o * brain_weights(c->b, D)[d] / 255u - o * w0 / 255u;
}

/* General path: evaluate a rule for dendrite d with every slot it reads
 * fetched now (v holds the lobe values and the neuron's state/output). */
static uint8_t eval_dendrite(const dctx *c, const brain_svrule_prog *p, uint32_t d)
{
	if (p->n == 0)
		return 0;
	uint32_t need = p->reads & dendrite_slots;
	while (need) {
		unsigned s = (unsigned)__builtin_ctz(need);
		need &= need - 1;
		c->v[s] = dendrite_value(c, s, d);
	}
	if (p->reads & sum_slots) {
		if (c->ns)
			kept_sums(c);
		else
			brain_fill_sums(c->b, c->L, c->i, c->v);
	}
	return brain_svrule_exec(p, c->v, c->rng);
}

/* ---- plans: what a rule gives for a lobe tick ------------------------------------ */

/* A dendrite rule as the fast path sees it during one lobe tick: what the
 * lobe's values already decide, and the guards left for each neuron. */
typedef struct plan {
	const brain_svrule_prog *p;
	uint8_t st; /* rule_status: RS_ZERO / RS_CONST for the whole lobe, or
	               RS_DENDRITE: decided per neuron and dendrite */
	uint8_t value;
	/* the guards left: nng neuron-level ones from the front of gs,
	 * ndg dendrite-level ones from its back (PL_DG) */
	uint8_t nng, ndg;
	brain_svrule_guard gs[SVRULE_MAX_GUARDS];
	uint32_t fill; /* the dendrite slots to fetch (bit s: slot s) */
	bool susc_guard;   /* "suscept TRUE": 0 for a dendrite without any */
	bool input_guard;  /* "input TRUE": 0 for a dendrite whose source is silent */
	bool firing_guard; /* "output TRUE": 0 for a neuron that does not fire */
	bool per_neuron;   /* reads nothing of a dendrite: once per neuron */
	/* once the inline input/suscept guards pass, the rule is a table
	 * lookup on this dendrite field (SVS_IMM: no), or `value` when what
	 * follows its guards reads lobe values only (rest_const) */
	uint8_t table_slot;
	bool rest_const;
	bool firing_only;  /* the only neuron guard is "output TRUE" */
	/* what follows the guards is "suscept move-twrds T K": byte-wide in
	 * the block pass (brain_qd's at, ak) */
	bool toward;
	uint8_t at, ak;
} plan;

/* Dendrite-level guard g of a plan. */
#define PL_DG(pl, g) ((pl)->gs[SVRULE_MAX_GUARDS - 1 - (g)])

/* The level of a rule whose reads of the neuron's sums count as neuron
 * values (the DSUMS way: they are constant while no weight of the neuron
 * moves), else its level. */
static brain_svrule_level rule_level(const brain_svrule_prog *p, bool sums_neuron)
{
	if (!sums_neuron || !(p->reads & sum_slots))
		return (brain_svrule_level)p->level;
	brain_svrule_level l = SVL_NEURON;
	for (uint32_t m = p->reads & ~sum_slots; m; m &= m - 1) {
		brain_svrule_level s = brain_svrule_slot_level((brain_svrule_slot)__builtin_ctz(m), SVRULE_DENDRITE);
		if (s > l)
			l = s;
	}
	return l;
}

/* Plan a pure rule for this lobe tick; `v` holds the lobe values (rng is
 * never drawn from: the rule is pure). With sums_neuron the neuron's sums
 * are neuron values, which plan_neuron finds in v. */
static void plan_lobe(plan *pl, const brain_svrule_prog *p, const uint8_t *v, const brain_lobe *L,
                      const brain_lobe *S, bool sums_neuron, c2_rng *rng)
{
	pl->p = p;
	pl->st = RS_ZERO;
	pl->nng = pl->ndg = 0;
	pl->fill = 0;
	pl->susc_guard = pl->input_guard = pl->firing_guard = pl->rest_const = pl->toward = false;
	pl->table_slot = SVS_IMM;
	if (p->n == 0)
		return;
	for (unsigned g = 0; g < p->nguard; g++) {
		brain_svrule_guard gd = p->guard[g];
		if (sums_neuron && (sum_slots >> gd.slot & 1))
			gd.level = SVL_NEURON;
		if (gd.level == SVL_LOBE && (v[gd.slot] != 0) != gd.nonzero)
			return;
		if (gd.level == SVL_NEURON)
			pl->gs[pl->nng++] = gd;
		if (gd.level == SVL_DENDRITE) {
			PL_DG(pl, pl->ndg) = gd;
			pl->ndg++;
		}
		if (!gd.nonzero)
			continue;
		/* No source fires, no neuron fires: every "input TRUE", every
		 * "output TRUE" rule yields 0. */
		if ((gd.slot == SVS_INPUT && S->nfiring == 0) || (gd.slot == SVS_OUTPUT && L->nfiring == 0))
			return;
		pl->susc_guard |= gd.slot == SVS_SUSCEPT;
		pl->input_guard |= gd.slot == SVS_INPUT;
		pl->firing_guard |= gd.slot == SVS_OUTPUT;
	}
	brain_svrule_level level = rule_level(p, sums_neuron);
	if (level <= SVL_LOBE) {
		pl->value = brain_svrule_exec(p, v, rng);
		pl->st = pl->value ? RS_CONST : RS_ZERO;
		return;
	}
	pl->st = RS_DENDRITE;
	pl->per_neuron = level <= SVL_NEURON;
	pl->firing_only = pl->nng == 1 && pl->gs[0].slot == SVS_OUTPUT && pl->gs[0].nonzero;
	pl->fill = p->reads & dendrite_slots;
	/* "input TRUE output TRUE suscept move-twrds 255 64": with the input
	 * and suscept guards tested inline and the neuron's by plan_neuron,
	 * the result is rest_table[suscept] */
	bool inline_guards = true;
	for (unsigned g = 0; g < pl->ndg; g++)
		inline_guards &= PL_DG(pl, g).nonzero &&
		                 (PL_DG(pl, g).slot == SVS_INPUT || PL_DG(pl, g).slot == SVS_SUSCEPT);
	uint8_t rs = p->rest_slot;
	if (inline_guards && p->rest_level <= SVL_LOBE && !(sums_neuron && (p->reads & sum_slots))) {
		/* "suscept TRUE chem0": chem0 wherever the guard holds */
		pl->value = brain_svrule_run(p, p->prefix, 0, v, rng);
		pl->rest_const = true;
		if (!pl->value)
			pl->st = RS_ZERO;
	} else if (inline_guards && (rs == SVS_SUSCEPT || rs == SVS_STW || rs == SVS_LTW ||
	                             rs == SVS_STRENGTH || rs == SVS_INPUT)) {
		pl->table_slot = rs;
		const brain_svrule_insn *in = &p->insn[p->prefix];
		pl->toward = rs == SVS_SUSCEPT && p->n == p->prefix + 2 && in[0].op == SVX_LOAD &&
		             in[0].a.slot == SVS_SUSCEPT && in[1].op == SVOP_MOVE_TWRDS &&
		             in[1].a.slot == SVS_IMM && in[1].b.slot == SVS_IMM;
		pl->at = in[1].a.imm;
		pl->ak = in[1].b.imm;
	}
}

/* What the plan gives for one neuron (its state and output are in v). */
static inline known plan_neuron(const plan *pl, const uint8_t *v, c2_rng *rng)
{
	known k = {(rule_status)pl->st, pl->value};
	if (pl->st != RS_DENDRITE)
		return k;
	k.st = RS_ZERO;
	for (unsigned g = 0; g < pl->nng; g++)
		if ((v[pl->gs[g].slot] != 0) != pl->gs[g].nonzero)
			return k;
	if (pl->per_neuron) {
		/* lobe and neuron guards hold: skip them */
		k.value = brain_svrule_exec_unguarded(pl->p, v, rng);
		k.st = k.value ? RS_CONST : RS_ZERO;
		return k;
	}
	k.st = RS_DENDRITE;
	return k;
}

/* A planned rule whose lobe and neuron guards hold, for dendrite d: test
 * its dendrite-level guards, which usually decide (input TRUE ..., suscept
 * TRUE ...), then run it from after its guards. */
static inline uint8_t eval_guarded(const dctx *c, const plan *pl, uint32_t d)
{
	for (unsigned g = 0; g < pl->ndg; g++)
		if ((dendrite_value(c, PL_DG(pl, g).slot, d) != 0) != PL_DG(pl, g).nonzero)
			return 0;
	for (uint32_t m = pl->fill; m; m &= m - 1) {
		unsigned s = (unsigned)__builtin_ctz(m);
		c->v[s] = dendrite_value(c, s, d);
	}
	return brain_svrule_exec_unguarded(pl->p, c->v, c->rng); /* pure: draws nothing */
}

/* The plan's result for dendrite d, whose neuron's knowledge is k. */
static inline uint8_t rule_at(const dctx *c, const plan *pl, known k, uint32_t d)
{
	if (k.st == RS_CONST)
		return k.value;
	if (k.st == RS_ZERO)
		return 0;
	const brain_dtype *D = c->D;
	if (pl->input_guard && !c->S->output[D->src[d]])
		return 0;
	if (pl->susc_guard && !D->suscept[d])
		return 0;
	if (pl->rest_const)
		return pl->value;
	switch (pl->table_slot) {
	case SVS_SUSCEPT: return pl->p->rest_table[D->suscept[d]];
	case SVS_STW: return pl->p->rest_table[D->stw[d]];
	case SVS_LTW: return pl->p->rest_table[D->ltw[d]];
	case SVS_STRENGTH: return pl->p->rest_table[D->strength[d]];
	case SVS_INPUT: return pl->p->rest_table[c->S->output[D->src[d]]];
	default: return eval_guarded(c, pl, d);
	}
}

/* ---- the fast path: visiting the dendrites a rule may act on -------------------------- */

typedef enum { ACT_SUSC, ACT_GAIN, ACT_LOSS } act;

/* A neuron's knowledge, remembered while its dendrites come in a row. */
typedef struct ncache {
	uint32_t i;
	known k;
} ncache;

static inline known neuron_known(dctx *c, const plan *pl, ncache *nc, uint32_t i)
{
	if (nc->i != i) {
		nc->i = i;
		c->i = i;
		c->v[SVS_STATE] = c->L->state[i];
		c->v[SVS_OUTPUT] = c->L->output[i];
		nc->k = plan_neuron(pl, c->v, c->rng);
	}
	return nc->k;
}

/* The susceptibility rule gave `val` for dendrite d (step 1: the larger
 * of it and the susceptibility, else decay): a larger one is written now
 * and its lane marked fresh for the block pass (steps_1_4), which then
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
static inline void act_on(dctx *c, act a, uint32_t i, uint32_t d, uint8_t val, const rates *x)
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
	set_strength(c->b, c->L, c->t, i, d, a == ACT_GAIN ? st + val : st - val,
	             x->clears);
}

/* Can the block pass work out a susceptibility rule itself, given its
 * candidates? When what follows its guards is "suscept move-twrds T K"
 * and no dendrite guard is left but "input TRUE" while the sources that
 * fire are known per dendrite (infire, current after the sync in
 * fast_type). */
static inline bool candidates(const plan *pl, act a, const brain_dtype *D)
{
	if (a != ACT_SUSC || !pl->toward || pl->susc_guard)
		return false;
	if (!pl->input_guard)
		return pl->ndg == 0;
	return pl->ndg == 1 && D->keep && D->kvalid && D->infire;
}

/* Every dendrite of neurons [lo, hi) (or of the firing neurons). */
static void visit_neurons(dctx *c, const plan *pl, act a, const rates *x, bool firing)
{
	const brain_lobe *L = c->L;
	const uint32_t *first = c->D->first;
	uint32_t n = firing ? L->nfiring : L->n;
	/* The firing list is exact here (the neuron phase just made it), so a
	 * rule whose only neuron guard is "output TRUE" needs no check. */
	const bool guarded = !(firing && pl->firing_only && !pl->per_neuron);
	/* "input TRUE output TRUE suscept move-twrds 255 64": a table on the
	 * susceptibility behind inline guards */
	const bool susc_table = a == ACT_SUSC && pl->table_slot == SVS_SUSCEPT;
	/* "output TRUE suscept move-twrds 255 64" on the firing neurons:
	 * every dendrite of theirs is a candidate (see candidates()) */
	const bool cand = candidates(pl, a, c->D) && firing && !guarded;
	const uint8_t *so = c->S->output, *tab = pl->p->rest_table;
	uint8_t *su = c->D->suscept;
	const uint16_t *src = c->D->src;
	const bool ig = pl->input_guard, sg = pl->susc_guard;
	uint16_t *fresh = c->b->fresh;
	uint64_t *sblk = c->b->sblk;
	/* the sources that fire, per dendrite, when the kept sums track them
	 * (fast_type synced them) */
	const uint64_t *infire = ig && c->D->keep && c->D->kvalid ? c->D->infire : NULL; /* or NULL */
	if (cand && infire) {
		/* the block pass works the rule out byte-wide: mark the
		 * dendrites of every firing neuron whose source fires, a block
		 * at a time (decision lobes: one neuron, 128 dendrites) */
		for (uint32_t k = 0; k < n; k++) {
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
		return;
	}
	if (cand) {
		/* the block pass works the rule out byte-wide: mark every
		 * dendrite of every firing neuron (concept lobes: dozens of
		 * neurons, a few dendrites each) */
		const uint16_t *fl = L->firing;
		uint32_t last = UINT32_MAX; /* the block marked last in sblk */
		for (uint32_t k = 0; k < n; k++) {
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
		return;
	}
	for (uint32_t k = 0; k < n; k++) {
		uint32_t i = firing ? L->firing[k] : k;
		uint32_t d = first[i], e = first[i + 1];
		if (d == e)
			continue;
		known kn = {RS_DENDRITE, 0};
		if (guarded) {
			c->i = i;
			c->v[SVS_STATE] = L->state[i];
			c->v[SVS_OUTPUT] = L->output[i];
			kn = plan_neuron(pl, c->v, c->rng);
			if (kn.st == RS_ZERO)
				continue;
		}
		if (susc_table && kn.st == RS_DENDRITE && infire) {
			/* "input TRUE": only the dendrites whose source fires */
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
					su[dd] = sv; /* as susc_result */
					fresh[dd / BRAIN_BLOCK] |= (uint16_t)(1u << (dd % BRAIN_BLOCK));
					brain_bit_set(sblk, dd / BRAIN_BLOCK);
				}
			}
			continue;
		}
		if (susc_table && kn.st == RS_DENDRITE) {
			for (; d < e; d++) {
				uint8_t sv = tab[su[d]];
				if ((ig && !so[src[d]]) || (sg && !su[d]) || sv <= su[d])
					continue;
				su[d] = sv; /* as susc_result */
				fresh[d / BRAIN_BLOCK] |= (uint16_t)(1u << (d % BRAIN_BLOCK));
				brain_bit_set(sblk, d / BRAIN_BLOCK);
			}
			continue;
		}
		c->i = i;
		for (; d < e; d++)
			act_on(c, a, i, d, rule_at(c, pl, kn, d), x);
	}
}

/* The dendrites reading a firing source neuron. */
static void visit_sources(dctx *c, const plan *pl, act a, const rates *x)
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
			known kn = neuron_known(c, pl, &nc, i);
			act_on(c, a, i, d, rule_at(c, pl, kn, d), x);
			d = next;
		}
	}
}

/* The dendrites with susceptibility: all in the blocks of susb. */
static void visit_susceptible(dctx *c, const plan *pl, act a, const rates *x)
{
	const brain_dtype *D = c->D;
	ncache nc = {BRAIN_NONE, {RS_ZERO, 0}};
	static const uint8_t zero16[BRAIN_BLOCK];
	for (uint32_t w = 0; w < brain_words(D->nblocks); w++)
		for (uint64_t m = D->susb[w]; m; m &= m - 1) {
			uint32_t base = (w * 64 + (uint32_t)__builtin_ctzll(m)) * BRAIN_BLOCK;
			for (unsigned l = brain_simd_diff(D->suscept + base, zero16, BRAIN_BLOCK); l; l &= l - 1) {
				uint32_t d = base + (uint32_t)__builtin_ctz(l), i = brain_owner(D, d);
				known kn = neuron_known(c, pl, &nc, i);
				act_on(c, a, i, d, rule_at(c, pl, kn, d), x);
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
static bool visit(dctx *c, const plan *pl, act a, const rates *x)
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

/* ---- the fast path: steps 1-4 and 5-6 byte-wide ------------------------------------- */

/* The block kernel's parameters for this lobe tick. */
static brain_qd quiet_of(const rates *x, known r)
{
	brain_qd q;
	q.susc = x->susc;
	q.stw = x->stw;
	q.ltw = x->ltw;
	q.set = x->set;
	q.step = x->step;
	q.r = r.st == RS_CONST ? r.value : 0;
	q.msusc = (uint16_t)genome_rate_multiplier(x->r[BRAIN_RATE_RELAX_SUSCEPT]);
	q.mstw = (uint16_t)genome_rate_multiplier(x->r[BRAIN_RATE_RELAX_STW]);
	q.mltw = (uint16_t)genome_rate_multiplier(x->r[BRAIN_RATE_LTW_GAIN]);
	return q;
}

/* Blocks [0, nblocks) in word w of a bitmap. */
static inline uint64_t word_mask(uint32_t nblocks, uint32_t w)
{
	uint32_t left = nblocks - w * 64;
	return left >= 64 ? ~0ull : (1ull << left) - 1;
}

/* The padding lanes of the type's last block (they stay at rest: run as
 * fresh). */
static inline unsigned pad_lanes(const brain_dtype *D)
{
	uint32_t tail = D->total % BRAIN_BLOCK;
	return tail ? 0xffffu & ~((1u << tail) - 1) : 0;
}

/* Blocks kb and kb + 1 (kb even, both within the type) at once with the
 * AVX2 kernel, their fresh lanes taken, `all` as in blocks_1_4 (with the
 * padding lanes of the type's last block as fresh). A block of the pair
 * that the caller would not have run gets its bits and values made afresh
 * from what it holds, unchanged: such a block has no fresh or candidate
 * lanes and, whatever its mode skips it for (no susceptibility, or STW =
 * LTW as well, or nothing due), none of the steps moves it. */
static inline __attribute__((always_inline)) brain_qd_out2 pair_block(const brain_qd *q,
                                                                      uint8_t all, uint32_t kb,
                                                                      bool cand, uint16_t *fresh,
                                                                      uint8_t *su, uint8_t *stw,
                                                                      uint8_t *ltw, uint32_t nblocks,
                                                                      unsigned pad, uint8_t *old)
{
#if BRAIN_AVX2
	/* both blocks' fresh lanes in one word (x86-64: little-endian) */
	uint32_t f, base = kb * BRAIN_BLOCK;
	memcpy(&f, fresh + kb, sizeof f);
	memset(fresh + kb, 0, sizeof f);
	if (all && kb + 2 == nblocks)
		f |= (uint32_t)pad << 16;
	su += base, stw += base, ltw += base;
	return cand ? brain_qd_block2(q, 0, 0, f, su, stw, ltw, old)
	            : brain_qd_block2(q, all, f, 0, su, stw, ltw, old);
#else
	(void)q, (void)all, (void)kb, (void)cand, (void)fresh, (void)su, (void)stw, (void)ltw;
	(void)nblocks, (void)pad, (void)old;
	brain_qd_out2 o = {0, 0, 0, 0};
	return o; /* never called: no pairs without AVX2 */
#endif
}

/* The STW of a block's lanes `changed` moved (their STW before in old):
 * the kept sums follow (each block one neuron's with `blockwise`). */
static inline __attribute__((always_inline)) void block_moved(brain_dtype *D, uint32_t base,
                                                              unsigned changed, const uint8_t *old,
                                                              const uint8_t *stw, bool blockwise)
{
	static const uint8_t zero16[BRAIN_BLOCK];
	if (blockwise) {
		/* the lanes whose weight became or stopped being 0 */
		unsigned zero = changed & (brain_simd_diff(old, zero16, BRAIN_BLOCK) ^
		                           brain_simd_diff(stw + base, zero16, BRAIN_BLOCK));
		brain_sums_moved_block(D, base, changed, zero, old, stw);
		return;
	}
	for (unsigned ch = changed; ch; ch &= ch - 1) {
		uint32_t d = base + (uint32_t)__builtin_ctz(ch);
		brain_sums_moved(D, brain_owner(D, d), d, old[d - base], stw[d]);
	}
}

/* The blocks of steps_1_4 (below); `cand`, `hooks`, `pairs` and `susc`
 * are constants where it is inlined. With `susc`, only susceptibility can
 * move (no reinforcement, nothing to relax) and no rule result is one for
 * every dendrite: the blocks that hold some or receive some run, and of
 * the results only the live and susceptibility bits are kept (no STW
 * moves, so wnz stays a superset and no sum moves). */
static inline __attribute__((always_inline)) void blocks_1_4(brain *b, brain_dtype *D,
                                                             const brain_qd *q, uint8_t all,
                                                             bool cand, bool hooks, bool pairs,
                                                             bool susc)
{
	const bool identity = !susc && !q->susc && !q->stw && !q->ltw && !q->r;
	const bool su_only = susc || (!q->stw && !q->ltw && !q->r);
	uint64_t *wnz = susc || b->opts.input_weight ? NULL : D->wnz;
	uint8_t *su = D->suscept, *stw = D->stw, *ltw = D->ltw;
	uint64_t *sblk = b->sblk, *live = D->live, *susb = D->susb;
	uint16_t *fresh = b->fresh;
	const unsigned pad = pad_lanes(D);
	/* each block one neuron's: its weight moves go to one sum at once */
	const bool blockwise = D->per && D->per % BRAIN_BLOCK == 0;
	/* blocks below pend run in pairs (kb and kb ^ 1) */
	const uint32_t nblocks = D->nblocks, pend = pairs ? nblocks & ~1u : 0;
	for (uint32_t w = 0; w < brain_words(nblocks); w++) {
		uint64_t sp = sblk[w];
		uint64_t m = all ? word_mask(nblocks, w) : identity ? sp : (su_only ? susb[w] : live[w]) | sp;
		if (!m)
			continue;
		sblk[w] = 0;
		/* the run blocks' bits, collected: the others' stay */
		uint64_t ran = 0, lw = 0, nw = 0, sw = 0;
		while (m) {
			unsigned j = (unsigned)__builtin_ctzll(m);
			uint32_t kb = w * 64 + j;
			if (kb < pend) {
				j &= ~1u, kb &= ~1u;
				uint8_t old[2 * BRAIN_BLOCK];
				brain_qd_out2 o = pair_block(q, all, kb, cand, fresh, su, stw, ltw, nblocks, pad, old);
				m &= ~(3ull << j);
				ran |= 3ull << j;
				lw |= (uint64_t)brain_pair_nz[o.zlive] << j;
				if (!susc)
					nw |= (uint64_t)brain_pair_nz[o.zstw] << j;
				sw |= (uint64_t)brain_pair_nz[o.zsu] << j;
				for (unsigned h = 0; hooks && o.changed && h < 2; h++) {
					unsigned ch = o.changed >> 16 * h & 0xffffu;
					uint32_t base = (kb + h) * BRAIN_BLOCK;
					if (ch)
						block_moved(D, base, ch, old + h * BRAIN_BLOCK, stw, blockwise);
				}
				continue;
			}
			m &= m - 1;
			ran |= 1ull << j;
			uint32_t base = kb * BRAIN_BLOCK;
			/* fresh lanes: 0 but in the blocks marked in sblk */
			unsigned f = fresh[kb];
			fresh[kb] = 0;
			if (all && kb == nblocks - 1)
				f |= pad;
			uint8_t old[BRAIN_BLOCK];
			brain_qd_out o = cand ? brain_qd_block(q, 0, 0, f, su + base, stw + base, ltw + base, old)
			                      : brain_qd_block(q, all, f, 0, su + base, stw + base, ltw + base, old);
			lw |= (uint64_t)(o.live != 0) << j;
			if (!susc)
				nw |= (uint64_t)(o.stw_nz != 0) << j;
			sw |= (uint64_t)(o.su_nz != 0) << j;
			if (hooks && o.changed)
				block_moved(D, base, o.changed, old, stw, blockwise);
		}
		live[w] = (live[w] & ~ran) | lw;
		susb[w] = (susb[w] & ~ran) | sw;
		if (wnz)
			wnz[w] = (wnz[w] & ~ran) | nw;
	}
}

/* Steps 1-4 of the type's blocks (below), `pairs` with the AVX2 kernel. */
static inline __attribute__((always_inline)) void steps_1_4_with(brain *b, brain_dtype *D,
                                                                 const brain_qd *qp, uint8_t all,
                                                                 bool cand, bool pairs)
{
	/* a local copy: a byte stored to the dendrite arrays may alias *qp,
	 * which would be reloaded (and its constants broadcast) every block */
	const brain_qd qv = *qp, *q = &qv;
	/* only susceptibility can move (no reinforcement, nothing to relax):
	 * a block without any, receiving none, stays as it is */
	const bool su_only = !q->stw && !q->ltw && !q->r;
	if (su_only && !all && q->susc) {
		if (cand)
			blocks_1_4(b, D, q, 0, true, false, pairs, true);
		else
			blocks_1_4(b, D, q, 0, false, false, pairs, true);
		return;
	}
	const bool hooks = D->kvalid && !b->opts.input_weight;
	if (!D->kvalid && !b->opts.input_weight)
		D->ordered = false; /* weights move without the hooks */
	if (cand && hooks) /* candidates, kept sums (the norn's concept and decision lobes) */
		blocks_1_4(b, D, q, 0, true, true, pairs, false);
	else if (cand)
		blocks_1_4(b, D, q, 0, true, false, pairs, false);
	else
		blocks_1_4(b, D, q, all, false, hooks, pairs, false);
}

#if BRAIN_AVX2
/* steps_1_4 two blocks at a time (flatten: the AVX2 kernel inlined). */
__attribute__((noinline, flatten, target(BRAIN_AVX2_TARGET))) static void
steps_1_4_avx2(brain *b, brain_dtype *D, const brain_qd *qp, uint8_t all, bool cand)
{
	steps_1_4_with(b, D, qp, all, cand, true);
}
#endif

/* Steps 1-4 of every dendrite of the type: the susceptibility rule gave
 * `all` for every dendrite, or 0 but for the fresh lanes (susc_result),
 * or, with `cand`, q's "suscept move-twrds" for the lanes marked (the
 * rest 0). Only blocks that can move are run (in pairs where the brain
 * may use AVX2: brain_avx2). */
#if defined(__GNUC__)
__attribute__((noinline)) /* its block loops get the registers */
#endif
static void steps_1_4(brain *b, brain_dtype *D, const brain_qd *qp, uint8_t all, bool cand)
{
#if BRAIN_AVX2
	if (brain_use_avx2(&b->opts)) {
		steps_1_4_avx2(b, D, qp, all, cand);
		return;
	}
#endif
	steps_1_4_with(b, D, qp, all, cand, false);
}

/* Steps 5 or 6, one byte-wide pass: every dendrite gains or loses v, or,
 * with `susc`, every dendrite with susceptibility ("suscept TRUE ...", all
 * in the blocks of susb) gains or loses v or its own value in `field`. */
static void strength_pass(brain *b, brain_lobe *L, unsigned t, uint8_t v, const uint8_t *field,
                          bool susc, bool gain, int clears)
{
	brain_dtype *D = L->d[t];
	const bool hooks = D->kvalid && b->opts.input_weight;
	if (!D->kvalid && b->opts.input_weight)
		D->ordered = false; /* weights move without the hooks */
	uint8_t *str = D->strength;
	static const uint8_t zero16[BRAIN_BLOCK];
	for (uint32_t w = 0; w < brain_words(D->nblocks); w++)
		for (uint64_t m = susc ? D->susb[w] : word_mask(D->nblocks, w); m; m &= m - 1) {
			uint32_t kb = w * 64 + (uint32_t)__builtin_ctzll(m), base = kb * BRAIN_BLOCK;
			unsigned lanes = D->total - base < BRAIN_BLOCK ? D->total - base : BRAIN_BLOCK;
			uint8_t old[BRAIN_BLOCK];
			if (hooks)
				memcpy(old, str + base, BRAIN_BLOCK);
			unsigned loose, ch;
			if (susc) /* padding lanes have no susceptibility */
				ch = brain_str_susc(str + base, D->suscept + base, field ? field + base : NULL, v,
				                    gain, &loose);
			else
				ch = brain_str_block(str + base, v, gain, lanes, &loose);
			if (!ch)
				continue;
			if (D->wnz && b->opts.input_weight)
				brain_bit_put(D->wnz, kb, brain_simd_diff(str + base, zero16, BRAIN_BLOCK) != 0);
			if (hooks)
				for (unsigned c = ch; c; c &= c - 1) {
					uint32_t d = base + (uint32_t)__builtin_ctz(c);
					brain_sums_moved(D, brain_owner(D, d), d, old[d - base], str[d]);
				}
			for (; loose; loose &= loose - 1) {
				uint32_t d = base + (uint32_t)__builtin_ctz(loose);
				loose_moved(b, L, t, brain_owner(D, d), d, !gain, clears);
			}
		}
}

/* Is a planned strength rule "suscept TRUE" and then a lobe value or a
 * plain load of a dendrite field (the lobe's guards held)? Then it is
 * v, or the field's value, for every dendrite with susceptibility, and 0
 * for the others: *field is that field, or NULL for v. */
static bool susc_only(const plan *pl, const brain_dtype *D, const uint8_t **field)
{
	if (pl->nng || pl->ndg != 1 || !pl->susc_guard)
		return false;
	*field = NULL;
	if (pl->rest_const)
		return true;
	if (pl->table_slot == SVS_IMM || !pl->p->rest_identity)
		return false;
	switch (pl->table_slot) {
	case SVS_SUSCEPT: *field = D->suscept; return true;
	case SVS_STW: *field = D->stw; return true;
	case SVS_LTW: *field = D->ltw; return true;
	case SVS_STRENGTH: *field = D->strength; return true;
	default: return false; /* the input: a gather */
	}
}

/* Steps 3 and 4 of dendrite d from its STW after step 2 and its LTW; true
 * when STW and LTW differ after. */
static inline bool steps_3_4(brain_dtype *D, uint32_t d, uint8_t stw, uint8_t ltw, const rates *x)
{
	if (x->stw && stw != ltw)
		stw = genome_rate_relax(stw, ltw, x->r[BRAIN_RATE_RELAX_STW]);
	if (x->ltw && ltw != stw)
		ltw = ltw_step(ltw, stw, x);
	D->stw[d] = stw;
	D->ltw[d] = ltw;
	return stw != ltw;
}

/* Steps 1-4 for dendrite d of neuron c->i, whose susceptibility and
 * reinforcement rules are planned as ps and pr, known as s and r for the
 * neuron; true when it may be live after. */
static inline bool steps_one(const dctx *c, const plan *ps, known s, const plan *pr, known r,
                             uint32_t d, const rates *x)
{
	brain_dtype *D = c->D;
	uint8_t su = suscept_step(D->suscept[d], rule_at(c, ps, s, d), x);
	D->suscept[d] = su;
	uint8_t stw = D->stw[d], ltw = D->ltw[d];
	/* x = suscept * r / 255 is 0 without susceptibility: r need not be
	 * evaluated (a pure rule draws nothing) */
	if (su && r.st != RS_ZERO)
		stw = reinforce_step(stw, ltw, su, rule_at(c, pr, r, d), x->set);
	return steps_3_4(D, d, stw, ltw, x) || su;
}

/* Steps 1-4 for every dendrite of neuron i, one by one: the way when the
 * reinforcement differs between dendrites (it reads more than the lobe). */
static void plain_neuron(dctx *c, uint32_t i, const plan *ps, const plan *pr, const rates *x)
{
	brain_dtype *D = c->D;
	c->i = i;
	c->v[SVS_STATE] = c->L->state[i];
	c->v[SVS_OUTPUT] = c->L->output[i];
	known s = plan_neuron(ps, c->v, c->rng), r = plan_neuron(pr, c->v, c->rng);
	for (uint32_t d = D->first[i]; d < D->first[i + 1]; d++)
		steps_one(c, ps, s, pr, r, d, x);
}

/* Every block may hold susceptibility and weights now. */
static void live_all(brain_dtype *D)
{
	for (uint32_t w = 0; w < brain_words(D->nblocks); w++) {
		D->live[w] = D->susb[w] = word_mask(D->nblocks, w);
		if (D->wnz)
			D->wnz[w] = word_mask(D->nblocks, w);
	}
}

/* The plans of the susceptibility and reinforcement rules (D->plans), and
 * whether nothing is to happen to this type this tick. A plan depends on
 * the lobe values and on whether the lobe and its source lobe fire
 * (plan_lobe), so they are kept while those stay. When no block is live
 * (no susceptibility, STW == LTW everywhere), only a susceptibility or
 * strength rule that may give more than 0 can change a dendrite (qzero:
 * none may). */
_Static_assert(sizeof(plan) <= sizeof(((brain_dtype *)0)->plans[0]), "room for a plan");

/* The plans kept in D->plans. */
enum { TP_SUSC, TP_REINF, TP_GAIN, TP_LOSS, TP_N };
_Static_assert(TP_N <= sizeof(((brain_dtype *)0)->plans) / sizeof(((brain_dtype *)0)->plans[0]),
               "room for the plans");

static bool type_plans(const brain_lobe *L, brain_dtype *D, const uint8_t *v,
                       const brain_lobe *S, c2_rng *rng)
{
	/* the key: the lobe values and activity the rules read (no others
	 * can change a plan); qmask says which, once the rules are known */
	if (!D->qvalid) {
		uint32_t reads = 0;
		for (unsigned r = 0; r < BRAIN_NDRULES; r++)
			reads |= D->rule[r]->reads;
		uint8_t m[8];
		for (unsigned k = 0; k < 7; k++)
			m[k] = reads >> (SVS_CHEM0 + k) & 1 ? 0xff : 0;
		m[7] = (uint8_t)((reads >> SVS_INPUT & 1) | (reads >> SVS_OUTPUT & 1) << 1);
		memcpy(&D->qmask, m, 8);
	}
	uint8_t kb[8]; /* laid out as the mask */
	memcpy(kb, &v[SVS_CHEM0], 7);
	kb[7] = (uint8_t)((S->nfiring != 0) | (L->nfiring != 0) << 1);
	uint64_t key;
	memcpy(&key, kb, 8);
	key &= D->qmask;
	if (!D->qvalid || key != D->qkey) {
		static const unsigned which[TP_N] = {BRAIN_DRULE_SUSCEPT, BRAIN_DRULE_REINFORCE,
		                                     BRAIN_DRULE_GAIN, BRAIN_DRULE_LOSS};
		D->qzero = true;
		for (unsigned k = 0; k < TP_N; k++) {
			plan *pl = (plan *)D->plans[k];
			plan_lobe(pl, D->rule[which[k]], v, L, S, false, rng);
			D->qzero &= k == TP_REINF || pl->st == RS_ZERO;
		}
		D->qkey = key;
		D->qvalid = true;
	}
	if (!D->qzero)
		return false;
	for (uint32_t w = 0; w < brain_words(D->nblocks); w++)
		if (D->live[w])
			return false;
	return true;
}

/* The fast path for one type of one lobe (see the file comment). */
static void fast_type(brain *b, brain_lobe *L, unsigned t, uint8_t *v, c2_rng *rng)
{
	brain_dtype *D = L->d[t];
	dctx c = {b, L, D, t, &b->lobes[D->src_lobe], 0, v, rng, NULL};
	if (type_plans(L, D, v, c.S, rng))
		return;
	rates x = rates_due(b, L, t);
	const plan *ps = (const plan *)D->plans[TP_SUSC], *pr = (const plan *)D->plans[TP_REINF];
	if (pr->st == RS_DENDRITE) {
		/* The reinforcement differs between dendrites: one by one. The
		 * weights move without the sums' hooks (rebuilt when next read). */
		D->kvalid = D->ordered = false;
		for (uint32_t i = 0; i < L->n; i++)
			plain_neuron(&c, i, ps, pr, &x);
		live_all(D);
	} else {
		known r = {pr->st, pr->value};
		brain_qd q = quiet_of(&x, r);
		bool cand = false;
		if (ps->st == RS_DENDRITE && ps->input_guard && D->keep)
			brain_sums_sync(b, L); /* D->infire current (cheap when it is) */
		if (ps->st == RS_DENDRITE) {
			cand = visit(&c, ps, ACT_SUSC, &x);
			brain_qd_toward_set(&q, ps->at, ps->ak);
		}
		steps_1_4(b, D, &q, ps->st == RS_CONST ? ps->value : 0, cand);
	}

	/* Steps 5 and 6, after steps 1-4 of every dendrite: each dendrite's
	 * order is kept, and dendrites do not interact on this path. */
	for (int gain = 1; gain >= 0; gain--) {
		if (!(gain ? x.gain : x.loss))
			continue;
		const plan *pl = (const plan *)D->plans[gain ? TP_GAIN : TP_LOSS];
		const uint8_t *field;
		if (pl->st == RS_CONST)
			strength_pass(b, L, t, pl->value, NULL, false, gain, x.clears);
		else if (pl->st == RS_DENDRITE && susc_only(pl, D, &field))
			strength_pass(b, L, t, pl->value, field, true, gain, x.clears);
		else if (pl->st == RS_DENDRITE)
			(void)visit(&c, pl, gain ? ACT_GAIN : ACT_LOSS, &x);
	}
}

/* ---- rules that read the sums (BRAIN_DSUMS) -------------------------------------------------
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

enum { SP_SUSC, SP_REINF, SP_GAIN, SP_LOSS, SP_N };

typedef struct sctx {
	dctx c;            /* c.v: lobe values; the neuron's state, output and sums */
	rates x;
	plan p[SP_N];
	known k[SP_N];     /* for the current neuron and sums */
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
	dctx *c = &sc->c;
	neuron_sums(c->b, c->L, c->i, c->v);
	memcpy(sc->sums, &c->v[SVS_TYPE0], 4);
	for (unsigned r = 0; r < SP_N; r++)
		sc->k[r] = sc->due[r] ? plan_neuron(&sc->p[r], c->v, c->rng) : (known){RS_ZERO, 0};
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
	dctx *c = &sc->c;
	brain_dtype *D = c->D;
	bool moved = false;
	for (unsigned r = SP_GAIN; r <= SP_LOSS; r++) {
		if (sc->k[r].st == RS_ZERO)
			continue;
		uint8_t val = rule_at(c, &sc->p[r], sc->k[r], d);
		int st = D->strength[d];
		if (!val || (r == SP_GAIN ? st == 255 : st == 0))
			continue;
		set_strength(c->b, c->L, c->t, c->i, d, r == SP_GAIN ? st + val : st - val, sc->x.clears);
		moved |= sums_moved(sc);
	}
	return moved;
}

/* Steps 1-6 of dendrite d in the plain order, the sums kept current. */
static void plain_dendrite(sctx *sc, uint32_t d)
{
	dctx *c = &sc->c;
	brain_dtype *D = c->D;
	const rates *x = &sc->x;
	uint8_t *w = brain_weights(c->b, D);
	uint8_t w0 = w[d];
	if (steps_one(c, &sc->p[SP_SUSC], sc->k[SP_SUSC], &sc->p[SP_REINF], sc->k[SP_REINF], d, x))
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
		if (st[d] && rule_at(&sc->c, &sc->p[SP_LOSS], sc->k[SP_LOSS], d) >= st[d])
			return true;
	return false;
}

/* Neuron c.i's dendrites [lo, hi) of one type (see the section comment). */
static void sums_range(sctx *sc, uint32_t lo, uint32_t hi)
{
	dctx *c = &sc->c;
	brain_dtype *D = c->D;
	static const uint8_t zero16[BRAIN_BLOCK];
	if (c->b->opts.input_weight || sc->k[SP_REINF].st == RS_DENDRITE) {
		/* weights move in steps 5-6, or the reinforcement differs
		 * between dendrites: one by one */
		for (uint32_t d = lo; d < hi; d++)
			plain_dendrite(sc, d);
		return;
	}
	uint32_t pos = lo;
	while (pos < hi) {
		uint32_t kb = pos / BRAIN_BLOCK, base = kb * BRAIN_BLOCK;
		uint32_t end = hi < base + BRAIN_BLOCK ? hi : base + BRAIN_BLOCK;
		unsigned lanes = (0xffffu >> (BRAIN_BLOCK - (end - base))) & ~((1u << (pos - base)) - 1);
		bool strength = sc->k[SP_GAIN].st != RS_ZERO || sc->k[SP_LOSS].st != RS_ZERO;
		/* the susceptibility rule's results that exceed the susceptibility */
		uint8_t sv[BRAIN_BLOCK];
		unsigned fresh = 0;
		for (uint32_t d = pos; d < end && sc->k[SP_SUSC].st != RS_ZERO; d++) {
			sv[d - base] = rule_at(c, &sc->p[SP_SUSC], sc->k[SP_SUSC], d);
			if (sv[d - base] > D->suscept[d])
				fresh |= 1u << (d - base);
		}
		if (!fresh && !brain_bit(D->live, kb)) {
			/* at rest and nothing arrives: steps 1-4 leave the block.
			 * With loose_clears_weights a dendrite going loose in steps
			 * 5-6 clears its weight: when that moves a sum, the rules
			 * are planned again (sums_moved) and the block goes on
			 * after it from the start. */
			uint32_t d = pos;
			while (d < end && strength && !steps_5_6(sc, d))
				d++;
			pos = d < end && strength ? d + 1 : end;
			continue;
		}
		if (sc->x.clears && loss_may_clear(sc, pos, end)) {
			/* a dendrite of the block may go loose in steps 5-6, under
			 * the plans of the block's start: the plain order, which
			 * plans again after it */
			for (uint32_t d = pos; d < end; d++)
				plain_dendrite(sc, d);
			pos = end;
			continue;
		}
		uint8_t su0[BRAIN_BLOCK], stw0[BRAIN_BLOCK], ltw0[BRAIN_BLOCK], old[BRAIN_BLOCK];
		memcpy(su0, D->suscept + base, BRAIN_BLOCK);
		memcpy(stw0, D->stw + base, BRAIN_BLOCK);
		memcpy(ltw0, D->ltw + base, BRAIN_BLOCK);
		for (unsigned m = fresh; m; m &= m - 1) {
			unsigned j = (unsigned)__builtin_ctz(m);
			D->suscept[base + j] = sv[j];
		}
		brain_qd q = quiet_of(&sc->x, sc->k[SP_REINF]);
		brain_qd_out o =
			brain_qd_block(&q, 0, fresh, 0, D->suscept + base, D->stw + base, D->ltw + base, old);
		restore_lanes(D, base, 0xffffu & ~lanes, su0, stw0, ltw0); /* other neurons' */
		/* The weight changes in dendrite order, into the sums: at the
		 * first that moves a sum, the dendrites after it start again. */
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
		brain_bit_put(D->live, kb, live);
		brain_bit_put(D->susb, kb, sus);
		for (uint32_t d = pos; d + 1 < stop && strength; d++)
			steps_5_6(sc, d);
		/* the last one done may have moved a sum: its steps 5-6 see it */
		if (stop < end)
			know(sc);
		else
			sums_moved(sc);
		steps_5_6(sc, stop - 1);
		pos = stop;
	}
}

/* Every dendrite of a DSUMS lobe, neuron by neuron. */
static void sums_dendrites(brain *b, brain_lobe *L, c2_rng *rng)
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
		dctx c = {b, L, D, t, &b->lobes[D->src_lobe], 0, v, rng, NULL};
		sc[t].c = c;
		sc[t].x = rates_due(b, L, t);
		sc[t].due[SP_SUSC] = sc[t].due[SP_REINF] = true;
		sc[t].due[SP_GAIN] = sc[t].x.gain;
		sc[t].due[SP_LOSS] = sc[t].x.loss;
		for (unsigned r = 0; r < SP_N; r++)
			plan_lobe(&sc[t].p[r], D->rule[which[r]], v, L, c.S, true, rng);
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

/* ---- the reference path ------------------------------------------------------------------ */

/* Every rule of every dendrite, in order: for each neuron, each type, each
 * dendrite, steps 1-7 (§4.5). The sums a rule reads are kept current as
 * weights change, except in the reference, which sums them at every read.
 * Nothing here keeps the derived bitmaps and lobe-wide sums: the sums are
 * marked stale and every block possibly live. */
static void general_dendrites(brain *b, brain_lobe *L, c2_rng *rng, bool reference)
{
	uint8_t v[SVS_COUNT] = {0};
	brain_lobe_values(L, v);
	rates xs[2] = {rates_due(b, L, 0), rates_due(b, L, 1)};
	for (unsigned t = 0; t < 2; t++)
		if (L->d[t]->present)
			L->d[t]->kvalid = L->d[t]->ordered = false;
	nsums ns;
	for (uint32_t i = 0; i < L->n; i++) {
		v[SVS_STATE] = L->state[i];
		v[SVS_OUTPUT] = L->output[i];
		ns.valid = false;
		for (unsigned t = 0; t < 2; t++) {
			brain_dtype *D = L->d[t];
			if (!D->present)
				continue;
			const rates *x = &xs[t];
			dctx c = {b, L, D, t, &b->lobes[D->src_lobe], i, v, rng, reference ? NULL : &ns};
			const brain_svrule_prog *const *r = D->rule;
			const uint8_t *w = brain_weights(b, D);
			for (uint32_t d = D->first[i]; d < D->first[i + 1]; d++) {
				uint8_t w0 = w[d];
				uint8_t su = suscept_step(D->suscept[d], eval_dendrite(&c, r[BRAIN_DRULE_SUSCEPT], d), x);
				D->suscept[d] = su;
				int rv = eval_dendrite(&c, r[BRAIN_DRULE_REINFORCE], d);
				uint8_t ltw = D->ltw[d];
				(void)steps_3_4(D, d, reinforce_step(D->stw[d], ltw, su, rv, x->set), ltw, x);
				if (w[d] != w0) {
					kept_sums_moved(&c, t, d, w0);
					w0 = w[d];
				}
				if (x->gain) {
					int gv = eval_dendrite(&c, r[BRAIN_DRULE_GAIN], d);
					set_strength(b, L, t, i, d, D->strength[d] + gv, x->clears);
					if (w[d] != w0) {
						kept_sums_moved(&c, t, d, w0);
						w0 = w[d];
					}
				}
				if (x->loss) {
					int lv = eval_dendrite(&c, r[BRAIN_DRULE_LOSS], d);
					if (D->strength[d])
						set_strength(b, L, t, i, d, D->strength[d] - lv, x->clears);
					if (w[d] != w0)
						kept_sums_moved(&c, t, d, w0);
				}
				/* Propagation (C2): an empty rule writes nothing. */
				if (r[BRAIN_DRULE_BACKPROP]->n)
					c.S->leak_in[D->src[d]] = eval_dendrite(&c, r[BRAIN_DRULE_BACKPROP], d);
				if (r[BRAIN_DRULE_FWDPROP]->n)
					L->leak_out[i] = eval_dendrite(&c, r[BRAIN_DRULE_FWDPROP], d);
			}
		}
	}
	for (unsigned t = 0; t < 2; t++)
		if (L->d[t]->present)
			live_all(L->d[t]);
}

void brain_dendrite_phase(brain *b, brain_lobe *L, c2_rng *rng)
{
	if (!L->d[0]->present && !L->d[1]->present)
		return;
	if (b->opts.brain_reference || L->dmode == BRAIN_DGENERAL) {
		general_dendrites(b, L, rng, b->opts.brain_reference);
		return;
	}
	if (L->dmode == BRAIN_DSUMS) {
		sums_dendrites(b, L, rng);
		return;
	}
	uint8_t v[SVS_COUNT] = {0};
	brain_lobe_values(L, v);
	for (unsigned t = 0; t < 2; t++)
		if (L->d[t]->present)
			fast_type(b, L, t, v, rng);
}

/* ---- the tick (emitter loci: brain_lobe_emitters, in query.c) --------------------------- */

/* Fill the perception lobe: each perceptible lobe's outputs, in index order,
 * raise the next perception neurons' states (§4.8). */
static void perception_copy(brain *b)
{
	brain_lobe *P = &b->lobes[0];
	uint32_t off = 0;
	for (uint32_t l = 1; l < b->nlobes && off < P->n; l++) {
		const brain_lobe *L = &b->lobes[l];
		if (!L->gene.perceptible)
			continue;
		uint32_t m = L->n;
		if (m > P->n - off)
			m = P->n - off;
		if (L->nfiring) { /* else every output is 0: nothing to raise */
			brain_simd_max(P->state + off, L->output, m);
			P->settled = P->uvalid = false;
		}
		off += m;
	}
}

static void lobe_tick(brain *b, brain_lobe *L, c2_rng *rng)
{
	/* A lobe without dendrites that rests and stays at rest: nothing of
	 * its tick changes anything (its emitter loci already say 0). */
	if (!L->d[0]->present && !L->d[1]->present && !b->any_prop && brain_neuron_quiet(b, L))
		return;
	brain_neuron_phase(b, L, rng);
	if (b->opts.dendrites_before_wta) {
		brain_dendrite_phase(b, L, rng);
		brain_winner_takes_all(L);
	} else {
		brain_winner_takes_all(L);
		brain_dendrite_phase(b, L, rng);
	}
	brain_migrate(b, L, rng);
	brain_lobe_emitters(b, L);
	/* Leak-in is written by back-propagation of other lobes' dendrites and
	 * read by this lobe once (§4.5 step 7). */
	if (b->any_prop)
		memset(L->leak_in, 0, L->n);
}

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
