/* tick.c — one brain tick: perception copy, neurons, winner-takes-all,
 * dendrites and emitter loci (reference §4.3–§4.8; migration in migrate.c).
 *
 * The reference semantics is the plain loop: for every neuron, for each
 * dendrite type, for every dendrite, evaluate each rule in turn (§4.5). That
 * loop (general_dendrites) runs for lobes whose rules need it and in
 * reference mode. Otherwise — every lobe of the standard genome — the fast
 * path computes exactly the same result with much less work:
 *
 *   - a rule that reads only constants and lobe values (chem2 TRUE 1) is
 *     evaluated once per lobe, one that also reads neuron values once per
 *     neuron;
 *   - guards ("X TRUE") on lobe or neuron values, on an input lobe with no
 *     firing neuron, or on susceptibility when no dendrite has any, prove a
 *     rule yields 0 without evaluating it;
 *   - a dendrite whose susceptibility rule yields 0 only decays, is
 *     reinforced and relaxes; eight such dendrites without susceptibility
 *     and with STW == LTW are passed over at once, and a type with none
 *     (exact counts) is not visited at all;
 *   - rules that need no neuron values run as flat passes over the arrays.
 *
 * The fast path is taken only when every dendrite rule of the lobe is pure
 * (no `random`), reads only its own dendrite, its neuron and its lobe, and
 * no propagation rule exists: then dendrites do not interact, the order of
 * dendrites does not matter as long as each dendrite's steps keep their
 * order, and skipping an evaluation changes nothing (tests compare both
 * paths tick by tick).
 *
 * Hot loops copy array pointers into locals: a uint8_t store may alias
 * anything, so pointers read through a struct would be reloaded after
 * every byte written. */
#include <string.h>

#include "brain/brain_impl.h"
#include "brain/simd.h"
#include "genome/rates.h"
#include "genome/vocab.h"

/* Loops specialised by a constant argument must really be inlined. */
#if defined(__GNUC__)
#define SPECIALISE static inline __attribute__((always_inline))
#else
#define SPECIALISE static inline
#endif

/* What is known about a rule's result before visiting dendrites. */
typedef enum { RS_ZERO, RS_CONST, RS_DENDRITE } rule_status;

typedef struct known {
	rule_status st;
	uint8_t value; /* RS_CONST */
} known;

/* ---- dendrite values and rule evaluation --------------------------------------- */

/* The input sums of the neuron being updated on the general path, kept
 * current as its dendrites' weights change, so that a rule reading them
 * costs O(1) instead of a walk over the neuron's dendrites (a genome whose
 * dendrite rules all read type0 would otherwise cost the square of a
 * neuron's dendrites). Source outputs do not change during the dendrite
 * phase (propagation writes the leak registers), so only weights move. */
typedef struct nsums {
	bool valid;
	uint32_t acc[2], silent[2], cnt[2];
} nsums;

typedef struct dctx {
	brain *b;
	brain_lobe *L;
	brain_dtype *D;
	brain_lobe *S; /* source lobe */
	uint32_t i;    /* destination neuron (general path: sums, leak registers) */
	uint8_t *v;
	c2_rng *rng;
	nsums *ns;     /* general path: the kept sums; NULL: summed at every read (reference) */
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
	case SVS_SRC_LEAK_IN: return c->S->leak_in[D->src[d]];
	case SVS_LEAK_IN: return c->L->leak_in[c->i];
	case SVS_LEAK_OUT: return c->L->leak_out[c->i];
	default: return 0;
	}
}

static const uint32_t dendrite_slots = (1u << SVS_INPUT) | (1u << SVS_SUSCEPT) |
                                       (1u << SVS_STW) | (1u << SVS_LTW) |
                                       (1u << SVS_STRENGTH) | (1u << SVS_SRC_LEAK_IN) |
                                       (1u << SVS_LEAK_IN) | (1u << SVS_LEAK_OUT);
static const uint32_t sum_slots = (1u << SVS_TYPE0) | (1u << SVS_TYPE1) | (1u << SVS_ANDED0) |
                                  (1u << SVS_ANDED1);
static const uint32_t neuron_slots = (1u << SVS_STATE) | (1u << SVS_OUTPUT);

static const uint8_t *weights_of(const brain *b, const brain_dtype *D)
{
	return b->opts.input_weight ? D->strength : D->stw;
}

/* Both sums of neuron c->i into c->v from the kept sums (made on first use). */
static void kept_sums(const dctx *c)
{
	nsums *ns = c->ns;
	const brain_lobe *L = c->L;
	if (!ns->valid) {
		for (unsigned t = 0; t < 2; t++) {
			const brain_dtype *D = &L->d[t];
			ns->acc[t] = ns->silent[t] = ns->cnt[t] = 0;
			if (!D->present)
				continue;
			const uint8_t *so = c->b->lobes[D->src_lobe].output, *w = weights_of(c->b, D);
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
	const brain_dtype *D = &c->L->d[t];
	uint32_t o = c->b->lobes[D->src_lobe].output[D->src[d]];
	c->ns->acc[t] += o * weights_of(c->b, D)[d] / 255u - o * w0 / 255u;
}

/* General path: evaluate a rule for dendrite d with every slot it reads
 * fetched now (v holds the lobe values and the neuron's state/output). */
static uint8_t eval_dendrite(const dctx *c, const svrule_prog *p, uint32_t d)
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
	return svrule_exec(p, c->v, c->rng);
}


/* The dendrite arrays of one type, as locals. */
typedef struct darr {
	uint8_t *su, *stw, *ltw, *str;
	const uint16_t *src;
	const uint32_t *first;
} darr;
typedef darr darr_view;

static darr arrays_of(brain_dtype *D)
{
	darr a = {D->suscept, D->stw, D->ltw, D->strength, D->src, D->first};
	return a;
}

/* A dendrite rule as the fast path sees it during one lobe tick: what the
 * lobe's values already decide, and the guards left for each neuron. */
typedef struct plan {
	const svrule_prog *p;
	rule_status st; /* RS_ZERO / RS_CONST for the whole lobe, or RS_DENDRITE:
	                   decided per neuron and dendrite */
	uint8_t value;
	uint8_t nng; /* neuron-level guards */
	svrule_guard ng[SVRULE_MAX_GUARDS];
	bool susc_guard;   /* "suscept TRUE": 0 for a dendrite without any */
	bool input_guard;  /* "input TRUE": 0 for a dendrite whose source is silent */
	bool firing_guard; /* "output TRUE": 0 for a neuron that does not fire */
	bool per_neuron;   /* reads nothing of a dendrite: once per neuron */
	bool neuronless;   /* reads no neuron value: no per-neuron set-up needed */
	uint8_t ndg, nfill; /* dendrite-level guards, and dendrite slots to fetch */
	svrule_guard dg[SVRULE_MAX_GUARDS];
	uint8_t fill[8];
	/* the rule is a table lookup on this dendrite field once the inline
	 * input/suscept guards pass (SVS_IMM: no) */
	uint8_t table_slot;
} plan;

/* Plan a pure rule for this lobe tick; `v` holds the lobe values. (rng is
 * never drawn from: the rule is pure.) */
static void plan_lobe(plan *pl, const svrule_prog *p, const uint8_t *v, const brain_lobe *S,
                      const brain_dtype *D, c2_rng *rng)
{
	memset(pl, 0, sizeof *pl);
	pl->p = p;
	pl->st = RS_ZERO;
	if (p->n == 0)
		return;
	for (unsigned g = 0; g < p->nguard; g++) {
		const svrule_guard *gd = &p->guard[g];
		if (gd->level == SVL_LOBE && (v[gd->slot] != 0) != gd->nonzero)
			return;
		if (gd->level == SVL_NEURON)
			pl->ng[pl->nng++] = *gd;
		if (gd->level == SVL_DENDRITE)
			pl->dg[pl->ndg++] = *gd;
		if (!gd->nonzero)
			continue;
		/* No source fires / no dendrite is susceptible: all yield 0. */
		if (gd->slot == SVS_INPUT && S->nfiring == 0)
			return;
		if (gd->slot == SVS_SUSCEPT && D->nsusc == 0)
			return;
		pl->susc_guard |= gd->slot == SVS_SUSCEPT;
		pl->input_guard |= gd->slot == SVS_INPUT;
		pl->firing_guard |= gd->slot == SVS_OUTPUT;
	}
	if (p->level <= SVL_LOBE) {
		pl->value = svrule_exec(p, v, rng);
		pl->st = pl->value ? RS_CONST : RS_ZERO;
		return;
	}
	pl->st = RS_DENDRITE;
	pl->per_neuron = p->level <= SVL_NEURON;
	pl->neuronless = !(p->reads & neuron_slots);
	for (uint32_t need = p->reads & dendrite_slots; need; need &= need - 1)
		pl->fill[pl->nfill++] = (uint8_t)__builtin_ctz(need);
	/* "input TRUE output TRUE suscept move-twrds 255 64": with the input
	 * and suscept guards tested inline and the neuron's by plan_neuron,
	 * the result is rest_table[suscept] */
	bool inline_guards = true;
	for (unsigned g = 0; g < pl->ndg; g++)
		inline_guards &= pl->dg[g].nonzero &&
		                 (pl->dg[g].slot == SVS_INPUT || pl->dg[g].slot == SVS_SUSCEPT);
	uint8_t rs = p->rest_slot;
	if (inline_guards && (rs == SVS_SUSCEPT || rs == SVS_STW || rs == SVS_LTW ||
	                      rs == SVS_STRENGTH || rs == SVS_INPUT))
		pl->table_slot = rs;
}

/* The dendrite field a table-planned rule reads. */
static inline uint8_t table_input(darr_view a, const uint8_t *so, unsigned slot, uint32_t d)
{
	switch (slot) {
	case SVS_SUSCEPT: return a.su[d];
	case SVS_STW: return a.stw[d];
	case SVS_LTW: return a.ltw[d];
	case SVS_STRENGTH: return a.str[d];
	default: return so[a.src[d]];
	}
}

/* Fast path: a planned rule whose lobe and neuron guards hold, for
 * dendrite d: test its dendrite-level guards, which usually decide (input
 * TRUE ..., suscept TRUE ...), then run it from after its guards. */
static inline uint8_t eval_guarded(const dctx *c, const plan *pl, uint32_t d)
{
	for (unsigned g = 0; g < pl->ndg; g++)
		if ((dendrite_value(c, pl->dg[g].slot, d) != 0) != pl->dg[g].nonzero)
			return 0;
	for (unsigned k = 0; k < pl->nfill; k++)
		c->v[pl->fill[k]] = dendrite_value(c, pl->fill[k], d);
	return svrule_exec_unguarded(pl->p, c->v, c->rng); /* pure: draws nothing */
}

/* What the plan gives for one neuron (its state and output are in v). */
static inline known plan_neuron(const plan *pl, const uint8_t *v, c2_rng *rng)
{
	known k = {pl->st, pl->value};
	if (pl->st != RS_DENDRITE)
		return k;
	k.st = RS_ZERO;
	for (unsigned g = 0; g < pl->nng; g++)
		if ((v[pl->ng[g].slot] != 0) != pl->ng[g].nonzero)
			return k;
	if (pl->per_neuron) {
		/* lobe and neuron guards hold: skip them */
		k.value = svrule_exec_unguarded(pl->p, v, rng);
		k.st = k.value ? RS_CONST : RS_ZERO;
		return k;
	}
	k.st = RS_DENDRITE;
	return k;
}

/* ---- per-dendrite steps (§4.5) ------------------------------------------------- */

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
	x.susc = c2_rate_due(x.r[BRAIN_RATE_RELAX_SUSCEPT], t32);
	x.stw = c2_rate_due(x.r[BRAIN_RATE_RELAX_STW], t32);
	uint8_t lg = x.r[BRAIN_RATE_LTW_GAIN];
	x.ltw = b->opts.ltw_gain ? lg && tick % lg == 0 : c2_rate_due(lg, t32);
	uint8_t g = x.r[BRAIN_RATE_STRENGTH_GAIN], l = x.r[BRAIN_RATE_STRENGTH_LOSS];
	if (b->opts.strength_rates) {
		x.gain = c2_rate_due(g, t32);
		x.loss = c2_rate_due(l, t32);
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
		return c2_rate_relax(su, 0, x->r[BRAIN_RATE_RELAX_SUSCEPT]);
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
	return c2_rate_relax(ltw, stw, x->r[BRAIN_RATE_LTW_GAIN]);
}

/* A strength change: keep the loose counts, and optionally clear a newly
 * loose dendrite's weights (openc2e). */
static void set_strength(brain_dtype *D, uint32_t i, uint32_t d, int v, int clears)
{
	uint8_t old = D->strength[d];
	uint8_t nv = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
	D->strength[d] = nv;
	if ((old == 0) == (nv == 0))
		return;
	uint32_t cnt = D->first[i + 1] - D->first[i];
	bool was_cell = D->nloose[i] == cnt;
	if (nv == 0) {
		D->nloose[i]++;
		D->loose_dendrites++;
		if (clears) {
			brain_weights_forget(D, d);
			D->stw[d] = D->ltw[d] = D->suscept[d] = 0;
		}
	} else {
		D->nloose[i]--;
		D->loose_dendrites--;
	}
	bool is_cell = D->nloose[i] == cnt;
	D->loose_cells += (uint32_t)is_cell - (uint32_t)was_cell;
}

/* ---- the fast path -------------------------------------------------------------------- */


/* Changes of the counts of susceptible / STW != LTW dendrites. */
typedef struct tally {
	int32_t susc, diff;
} tally;

/* Steps 1-4 for dendrite d, given the susceptibility-rule result sv and
 * the reinforcement-rule knowledge r (evaluated only when susceptible). */
SPECIALISE void dendrite_steps(darr a, uint32_t d, int sv, known r, const dctx *c,
                               const plan *pr, const rates *x, tally *t)
{
	uint8_t su0 = a.su[d], stw = a.stw[d], ltw = a.ltw[d];
	bool diff0 = stw != ltw;
	uint8_t su = suscept_step(su0, sv, x);
	a.su[d] = su;
	/* x = suscept * r / 255 is 0 without susceptibility: r need not be
	 * evaluated (a pure rule draws nothing). */
	if (su && r.st != RS_ZERO) {
		int rv = r.st == RS_CONST ? r.value : eval_guarded(c, pr, d);
		stw = reinforce_step(stw, ltw, su, rv, x->set);
	}
	if (x->stw && stw != ltw)
		stw = c2_rate_relax(stw, ltw, x->r[BRAIN_RATE_RELAX_STW]);
	if (x->ltw && ltw != stw)
		ltw = ltw_step(ltw, stw, x);
	a.stw[d] = stw;
	a.ltw[d] = ltw;
	t->susc += (su != 0) - (su0 != 0);
	t->diff += (stw != ltw) - diff0;
}

/* Steps 1-4 for every dendrite of neuron i (its rules may be non-zero). */
static void active_neuron(dctx *c, uint32_t i, const plan *ps, const plan *pr, const rates *xp,
                          tally *t)
{
	const rates xl = *xp, *x = &xl; /* a local copy: byte stores cannot alias it */
	darr a = arrays_of(c->D);
	const uint8_t *so = c->S->output;
	uint8_t *v = c->v;
	v[SVS_STATE] = c->L->state[i];
	v[SVS_OUTPUT] = c->L->output[i];
	known s = plan_neuron(ps, v, c->rng), r = plan_neuron(pr, v, c->rng);
	tally lt = {0, 0};
	const uint8_t *table = ps->table_slot ? ps->p->rest_table : NULL;
	for (uint32_t d = a.first[i], e = a.first[i + 1]; d < e; d++) {
		int sv = 0;
		if (s.st == RS_CONST)
			sv = s.value;
		else if (s.st == RS_DENDRITE && !(ps->input_guard && !so[a.src[d]]) &&
		         !(ps->susc_guard && !a.su[d]))
			/* the common guards tested inline first */
			sv = table ? table[table_input(a, so, ps->table_slot, d)] : eval_guarded(c, ps, d);
		if (!sv && !a.su[d] && a.stw[d] == a.ltw[d])
			continue; /* nothing appears, decays or relaxes */
		dendrite_steps(a, d, sv, r, c, pr, x, &lt);
	}
	t->susc += lt.susc;
	t->diff += lt.diff;
}

/* Steps 1-4 for dendrites [d, end) whose susceptibility rule yields 0 and
 * whose reinforcement is decided for the lobe (r): only decay,
 * reinforcement of susceptible dendrites and relaxation act, byte-wide
 * (brain/simd.h); sixteen dendrites without susceptibility and with
 * STW == LTW stay as they are and are passed over at once. */
static void quiet_range(brain_dtype *D, uint32_t d, uint32_t end, const brain_qd *q, tally *t)
{
	if (d >= end)
		return;
	int32_t lt[2] = {0, 0};
	brain_simd_quiet(q, D->suscept + d, D->stw + d, D->ltw + d, end - d, lt);
	t->susc += lt[0];
	t->diff += lt[1];
}

/* The quiet pass's parameters for this lobe tick. */
static brain_qd quiet_of(const rates *x, known r)
{
	brain_qd q;
	q.susc = x->susc;
	q.stw = x->stw;
	q.ltw = x->ltw;
	q.set = x->set;
	q.step = x->step;
	q.r = r.st == RS_CONST ? r.value : 0;
	q.msusc = (uint16_t)c2_rate_multiplier(x->r[BRAIN_RATE_RELAX_SUSCEPT]);
	q.mstw = (uint16_t)c2_rate_multiplier(x->r[BRAIN_RATE_RELAX_STW]);
	q.mltw = (uint16_t)c2_rate_multiplier(x->r[BRAIN_RATE_LTW_GAIN]);
	return q;
}

/* The neuron owning dendrite d (binary search; for rare bookkeeping). */
static uint32_t owner(const brain_dtype *D, uint32_t n, uint32_t d)
{
	uint32_t lo = 0, hi = n; /* first[lo] <= d < first[hi] */
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (D->first[mid] <= d)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* Steps 5-6 over dendrites [d, end) with knowledge k of the rule: strength
 * gain (sign +1) or loss (-1). `i` is the owner, or UINT32_MAX when the
 * range spans neurons (it is looked up on the rare loose transitions). */
static void strength_range(dctx *c, const plan *pl, known k, uint32_t d, uint32_t end,
                           uint32_t i, int sign, int clears)
{
	brain_dtype *D = c->D;
	darr a = arrays_of(D);
	for (; d < end; d++) {
		if (k.st == RS_DENDRITE) {
			/* "suscept TRUE ...": eight dendrites without susceptibility
			 * all yield 0; "input TRUE ...": so does a silent source. */
			if (pl->susc_guard) {
				if (d + 8 <= end) {
					uint64_t su8;
					memcpy(&su8, &a.su[d], 8);
					if (!su8) {
						d += 7;
						continue;
					}
				}
				if (!a.su[d])
					continue;
			}
			if (pl->input_guard && !c->S->output[a.src[d]])
				continue;
		}
		int st = a.str[d];
		/* Nothing to lose or gain: a pure rule draws nothing. */
		if (sign < 0 ? st == 0 : st == 255)
			continue;
		int dv = k.st == RS_CONST ? k.value : eval_guarded(c, pl, d);
		if (!dv)
			continue;
		int nv = st + sign * dv;
		if (nv > 0 && nv < 255 && st != 0)
			a.str[d] = (uint8_t)nv; /* no loose transition */
		else
			set_strength(D, i != UINT32_MAX ? i : owner(D, c->L->n, d), d, nv, clears);
	}
}

static void fast_strength(dctx *c, const plan *pl, int sign, int clears)
{
	brain_dtype *D = c->D;
	const brain_lobe *L = c->L;
	if (pl->st == RS_CONST || pl->neuronless) {
		/* Needs no neuron value: one flat pass. */
		known k = {pl->st, pl->value};
		strength_range(c, pl, k, 0, D->total, UINT32_MAX, sign, clears);
		return;
	}
	for (uint32_t i = 0; i < L->n; i++) {
		if (D->first[i] == D->first[i + 1])
			continue;
		c->v[SVS_STATE] = L->state[i];
		c->v[SVS_OUTPUT] = L->output[i];
		known k = plan_neuron(pl, c->v, c->rng);
		if (k.st != RS_ZERO)
			strength_range(c, pl, k, D->first[i], D->first[i + 1], i, sign, clears);
	}
}

/* Fast path for one type of one lobe (see the file comment). */
static void fast_dendrites(brain *b, brain_lobe *L, unsigned type, c2_rng *rng)
{
	brain_dtype *D = &L->d[type];
	uint8_t v[SVS_COUNT] = {0};
	brain_lobe_values(L, v);
	dctx c = {b, L, D, &b->lobes[D->src_lobe], 0, v, rng, NULL};
	rates x = rates_due(b, L, type);
	plan ps, pr;
	plan_lobe(&ps, &D->rule[BRAIN_DRULE_SUSCEPT], v, c.S, D, rng);
	plan_lobe(&pr, &D->rule[BRAIN_DRULE_REINFORCE], v, c.S, D, rng);

	/* Steps 1-4. Neurons whose susceptibility rule may be non-zero (all,
	 * or with "output TRUE" only the firing ones) are visited one by one.
	 * Elsewhere only decay, reinforcement of susceptible dendrites and
	 * relaxation act; a pass over the rest runs when one of them is due
	 * and a dendrite can move. A reinforcement rule that reads more than
	 * lobe values needs its neuron: then every neuron is visited. */
	bool all = (ps.st != RS_ZERO && !(ps.st == RS_DENDRITE && ps.firing_guard)) ||
	           pr.st == RS_DENDRITE;
	uint32_t nact = ps.st == RS_ZERO ? 0 : L->nfiring;
	bool rest = (D->nsusc && (x.susc || pr.st != RS_ZERO)) || (D->ndiff && (x.stw || x.ltw));
	known r = {pr.st, pr.value};
	tally t = {0, 0};
	if (all) {
		for (uint32_t i = 0; i < L->n; i++)
			active_neuron(&c, i, &ps, &pr, &x, &t);
	} else if (rest) {
		/* the firing neurons, and the ranges between them */
		const brain_qd q = quiet_of(&x, r);
		uint32_t d = 0;
		for (uint32_t k = 0; k < nact; k++) {
			uint32_t i = L->firing[k];
			quiet_range(D, d, D->first[i], &q, &t);
			active_neuron(&c, i, &ps, &pr, &x, &t);
			d = D->first[i + 1];
		}
		quiet_range(D, d, D->total, &q, &t);
	} else {
		for (uint32_t k = 0; k < nact; k++)
			active_neuron(&c, L->firing[k], &ps, &pr, &x, &t);
	}
	D->nsusc = (uint32_t)((int32_t)D->nsusc + t.susc);
	D->ndiff = (uint32_t)((int32_t)D->ndiff + t.diff);

	/* Steps 5 and 6, after steps 1-4 of every dendrite: each dendrite's
	 * order is kept, and dendrites do not interact on this path. */
	plan pg, pl;
	if (x.gain) {
		plan_lobe(&pg, &D->rule[BRAIN_DRULE_GAIN], v, c.S, D, rng);
		if (pg.st != RS_ZERO)
			fast_strength(&c, &pg, +1, x.clears);
	}
	if (x.loss) {
		plan_lobe(&pl, &D->rule[BRAIN_DRULE_LOSS], v, c.S, D, rng);
		if (pl.st != RS_ZERO)
			fast_strength(&c, &pl, -1, x.clears);
	}
}

/* ---- the reference path ------------------------------------------------------------------ */

/* Every rule of every dendrite, in order: for each neuron, each type, each
 * dendrite, steps 1-7 (§4.5). The sums a rule reads are kept current as
 * weights change, except in the reference, which sums them at every read. */
static void general_dendrites(brain *b, brain_lobe *L, c2_rng *rng, bool reference)
{
	uint8_t v[SVS_COUNT] = {0};
	brain_lobe_values(L, v);
	rates xs[2] = {rates_due(b, L, 0), rates_due(b, L, 1)};
	nsums ns;
	for (uint32_t i = 0; i < L->n; i++) {
		v[SVS_STATE] = L->state[i];
		v[SVS_OUTPUT] = L->output[i];
		ns.valid = false;
		for (unsigned t = 0; t < 2; t++) {
			brain_dtype *D = &L->d[t];
			if (!D->present)
				continue;
			const rates *x = &xs[t];
			dctx c = {b, L, D, &b->lobes[D->src_lobe], i, v, rng, reference ? NULL : &ns};
			const svrule_prog *r = D->rule;
			const uint8_t *w = weights_of(b, D);
			for (uint32_t d = D->first[i]; d < D->first[i + 1]; d++) {
				uint8_t w0 = w[d];
				uint8_t su = suscept_step(D->suscept[d], eval_dendrite(&c, &r[BRAIN_DRULE_SUSCEPT], d), x);
				D->suscept[d] = su;
				int rv = eval_dendrite(&c, &r[BRAIN_DRULE_REINFORCE], d);
				uint8_t ltw = D->ltw[d], stw = reinforce_step(D->stw[d], ltw, su, rv, x->set);
				if (x->stw && stw != ltw)
					stw = c2_rate_relax(stw, ltw, x->r[BRAIN_RATE_RELAX_STW]);
				if (x->ltw && ltw != stw)
					ltw = ltw_step(ltw, stw, x);
				D->stw[d] = stw;
				D->ltw[d] = ltw;
				if (w[d] != w0) {
					kept_sums_moved(&c, t, d, w0);
					w0 = w[d];
				}
				if (x->gain) {
					int gv = eval_dendrite(&c, &r[BRAIN_DRULE_GAIN], d);
					set_strength(D, i, d, D->strength[d] + gv, x->clears);
					if (w[d] != w0) {
						kept_sums_moved(&c, t, d, w0);
						w0 = w[d];
					}
				}
				if (x->loss) {
					int lv = eval_dendrite(&c, &r[BRAIN_DRULE_LOSS], d);
					if (D->strength[d])
						set_strength(D, i, d, D->strength[d] - lv, x->clears);
					if (w[d] != w0)
						kept_sums_moved(&c, t, d, w0);
				}
				/* Propagation (C2): an empty rule writes nothing. */
				if (r[BRAIN_DRULE_BACKPROP].n)
					c.S->leak_in[D->src[d]] = eval_dendrite(&c, &r[BRAIN_DRULE_BACKPROP], d);
				if (r[BRAIN_DRULE_FWDPROP].n)
					L->leak_out[i] = eval_dendrite(&c, &r[BRAIN_DRULE_FWDPROP], d);
			}
		}
	}
	for (unsigned t = 0; t < 2; t++)
		if (L->d[t].present)
			brain_count_weights(&L->d[t]);
}

static void dendrite_phase(brain *b, brain_lobe *L, c2_rng *rng)
{
	if (!L->d[0].present && !L->d[1].present)
		return;
	if (b->opts.brain_reference || L->general) {
		general_dendrites(b, L, rng, b->opts.brain_reference);
		return;
	}
	for (unsigned t = 0; t < 2; t++)
		if (L->d[t].present)
			fast_dendrites(b, L, t, rng);
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
		for (uint32_t i = 0; i < m; i++, off++)
			if (P->state[off] < L->output[i])
				P->state[off] = L->output[i];
	}
}

static void lobe_tick(brain *b, brain_lobe *L, c2_rng *rng)
{
	brain_neuron_phase(b, L, rng);
	if (b->opts.dendrites_before_wta) {
		dendrite_phase(b, L, rng);
		brain_winner_takes_all(L);
	} else {
		brain_winner_takes_all(L);
		dendrite_phase(b, L, rng);
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
