/* plan_impl.h — what the fast dendrite path's files share (plan.c, visit.c,
 * blocks.c, sum_rules.c): a rule planned for one lobe tick, what a plan
 * gives a neuron and a dendrite, and each file's entry points.
 *
 * The fast path is taken for a lobe whose dendrite rules are all pure (no
 * `random`) and read only their dendrite, their neuron and their lobe, when
 * no propagation rule exists (BRAIN_DFAST; BRAIN_DSUMS when a rule reads
 * the sums: sum_rules.c). Then dendrites do not interact, their order does
 * not matter as long as each dendrite's steps keep theirs, and skipping an
 * evaluation that gives 0 changes nothing. That is why it is exact; what
 * checks it is the mode brain_reference=1, which runs the plain loop of
 * brain/reference.c instead: tests compare the two tick by tick
 * (tests/unit/test_reference.c, test_fast_equals_reference_* in
 * tests/unit/test_brain.c).
 *
 * Hot loops copy array pointers into locals: a uint8_t store may alias
 * anything, so pointers read through a struct would be reloaded after
 * every byte written. */
#ifndef C2_BRAIN_PLAN_IMPL_H
#define C2_BRAIN_PLAN_IMPL_H

#include "brain/brain_impl.h"
#include "brain/simd.h"

/* What is known about a rule's result before visiting dendrites. */
typedef enum { RS_ZERO, RS_CONST, RS_DENDRITE } brain_rule_status;

typedef struct brain_known {
	brain_rule_status st;
	uint8_t value; /* RS_CONST */
} brain_known;

/* ---- plans: what a rule gives for a lobe tick (plan.c) ------------------------------ */

/* A dendrite rule as the fast path sees it during one lobe tick: what the
 * lobe's values already decide, and the guards left for each neuron. */
typedef struct brain_plan {
	const brain_svrule_prog *p;
	uint8_t st; /* brain_rule_status: RS_ZERO / RS_CONST for the whole lobe, or
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
} brain_plan;

/* Dendrite-level guard g of a plan. */
#define PL_DG(pl, g) ((pl)->gs[SVRULE_MAX_GUARDS - 1 - (g)])

/* Plan a pure rule for this lobe tick; `v` holds the lobe values (rng is
 * never drawn from: the rule is pure). With sums_neuron the neuron's sums
 * are neuron values, which brain_plan_neuron finds in v. */
void brain_plan_lobe(brain_plan *pl, const brain_svrule_prog *p, const uint8_t *v,
                     const brain_lobe *L, const brain_lobe *S, bool sums_neuron, c2_rng *rng);

/* What the plan gives for one neuron (its state and output are in v). */
static inline brain_known brain_plan_neuron(const brain_plan *pl, const uint8_t *v, c2_rng *rng)
{
	brain_known k = {(brain_rule_status)pl->st, pl->value};
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
static inline uint8_t brain_eval_guarded(const brain_dctx *c, const brain_plan *pl, uint32_t d)
{
	for (unsigned g = 0; g < pl->ndg; g++)
		if ((brain_dendrite_value(c, PL_DG(pl, g).slot, d) != 0) != PL_DG(pl, g).nonzero)
			return 0;
	for (uint32_t m = pl->fill; m; m &= m - 1) {
		unsigned s = (unsigned)__builtin_ctz(m);
		c->v[s] = brain_dendrite_value(c, s, d);
	}
	return brain_svrule_exec_unguarded(pl->p, c->v, c->rng); /* pure: draws nothing */
}

/* The plan's result for dendrite d, whose neuron's knowledge is k. */
static inline uint8_t brain_rule_at(const brain_dctx *c, const brain_plan *pl, brain_known k,
                                    uint32_t d)
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
	default: return brain_eval_guarded(c, pl, d);
	}
}

/* Steps 1-4 for dendrite d of neuron c->i, whose susceptibility and
 * reinforcement rules are planned as ps and pr, known as s and r for the
 * neuron; true when it may be live after. */
static inline bool brain_steps_one(const brain_dctx *c, const brain_plan *ps, brain_known s,
                                   const brain_plan *pr, brain_known r, uint32_t d,
                                   const brain_rates *x)
{
	brain_dtype *D = c->D;
	uint8_t su = brain_suscept_step(D->suscept[d], brain_rule_at(c, ps, s, d), x);
	D->suscept[d] = su;
	uint8_t stw = D->stw[d], ltw = D->ltw[d];
	/* x = suscept * r / 255 is 0 without susceptibility: r need not be
	 * evaluated (a pure rule draws nothing) */
	if (su && r.st != RS_ZERO)
		stw = brain_reinforce_step(stw, ltw, su, brain_rule_at(c, pr, r, d), x->set);
	return brain_steps_3_4(D, d, stw, ltw, x) || su;
}

/* ---- visiting (visit.c) and the block pass (blocks.c) ------------------------------- */

/* What a visited rule's results go to: step 1 (the block pass does the
 * rest), step 5 or step 6. */
typedef enum { ACT_SUSC, ACT_GAIN, ACT_LOSS } brain_act;

/* Every dendrite where a planned RS_DENDRITE rule may be non-zero, its
 * result applied (ACT_SUSC: left for brain_steps_1_4). True when the
 * firing neurons' dendrites were marked as candidates instead. */
bool brain_visit(brain_dctx *c, const brain_plan *pl, brain_act a, const brain_rates *x);

/* The block kernel's parameters for this lobe tick, r the reinforcement. */
brain_qd brain_quiet_of(const brain_rates *x, brain_known r);

/* Steps 1-4 of every dendrite of the type: the susceptibility rule gave
 * `all` for every dendrite, or 0 but for the fresh lanes, or, with `cand`,
 * q's "suscept move-twrds" for the lanes marked (the rest 0). */
void brain_steps_1_4(brain *b, brain_dtype *D, const brain_qd *qp, uint8_t all, bool cand);

/* Steps 5 or 6, one byte-wide pass: every dendrite gains or loses v, or,
 * with `susc`, every dendrite with susceptibility gains or loses v or its
 * own value in `field`. */
void brain_strength_pass(brain *b, brain_lobe *L, unsigned t, uint8_t v, const uint8_t *field,
                         bool susc, bool gain, int clears);

/* Every dendrite of a BRAIN_DSUMS lobe, neuron by neuron (sum_rules.c). */
void brain_sum_rules_dendrites(brain *b, brain_lobe *L, c2_rng *rng);

#endif
