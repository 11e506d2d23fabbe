/* plan.c — the planner: the fast dendrite phase of a lobe, type by type
 * (§4.5; the plain loop it must agree with is general_dendrites in
 * brain/reference.c, and brain/plan_impl.h says why the shortcuts are exact).
 *
 *   - each rule is planned for the lobe tick: one that reads only
 *     constants and lobe values (chem2 TRUE 1) is evaluated once; guards
 *     ("X TRUE") on lobe values, on an input lobe with no firing neuron,
 *     prove a rule yields 0 without evaluating it; the plans are kept
 *     while the lobe values the rules read and the lobes' activity stay
 *     (type_plans);
 *   - the dendrites where the susceptibility rule can be non-zero are
 *     visited alone (visit.c), then steps 1-4 run on blocks of sixteen
 *     dendrites (blocks.c); a reinforcement that differs between
 *     dendrites takes them one by one (plain_neuron);
 *   - steps 5-6 (strength gain and loss) are one byte-wide pass when the
 *     rule is one value for the lobe, or "suscept TRUE" then a lobe value
 *     or a dendrite field (susc_only), else visit the dendrites it may
 *     act on.
 *
 * A lobe whose rules read the sums goes neuron by neuron (sum_rules.c). */
#include <string.h>

#include "brain/plan_impl.h"

/* The level of a rule whose reads of the neuron's sums count as neuron
 * values (the DSUMS way: they are constant while no weight of the neuron
 * moves), else its level. */
static brain_svrule_level rule_level(const brain_svrule_prog *p, bool sums_neuron)
{
	if (!sums_neuron || !(p->reads & BRAIN_SUM_SLOTS))
		return (brain_svrule_level)p->level;
	brain_svrule_level l = SVL_NEURON;
	for (uint32_t m = p->reads & ~BRAIN_SUM_SLOTS; m; m &= m - 1) {
		brain_svrule_level s =
			brain_svrule_slot_level((brain_svrule_slot)__builtin_ctz(m), SVRULE_DENDRITE);
		if (s > l)
			l = s;
	}
	return l;
}

void brain_plan_lobe(brain_plan *pl, const brain_svrule_prog *p, const uint8_t *v,
                     const brain_lobe *L, const brain_lobe *S, bool sums_neuron, c2_rng *rng)
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
		if (sums_neuron && (BRAIN_SUM_SLOTS >> gd.slot & 1))
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
	pl->fill = p->reads & BRAIN_DENDRITE_SLOTS;
	/* "input TRUE output TRUE suscept move-twrds 255 64": with the input
	 * and suscept guards tested inline and the neuron's by brain_plan_neuron,
	 * the result is rest_table[suscept] */
	bool inline_guards = true;
	for (unsigned g = 0; g < pl->ndg; g++)
		inline_guards &= PL_DG(pl, g).nonzero &&
		                 (PL_DG(pl, g).slot == SVS_INPUT || PL_DG(pl, g).slot == SVS_SUSCEPT);
	uint8_t rs = p->rest_slot;
	if (inline_guards && p->rest_level <= SVL_LOBE && !(sums_neuron && (p->reads & BRAIN_SUM_SLOTS))) {
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

/* Is a planned strength rule "suscept TRUE" and then a lobe value or a
 * plain load of a dendrite field (the lobe's guards held)? Then it is
 * v, or the field's value, for every dendrite with susceptibility, and 0
 * for the others: *field is that field, or NULL for v. */
static bool susc_only(const brain_plan *pl, const brain_dtype *D, const uint8_t **field)
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

/* Steps 1-4 for every dendrite of neuron i, one by one: the way when the
 * reinforcement differs between dendrites (it reads more than the lobe). */
static void plain_neuron(brain_dctx *c, uint32_t i, const brain_plan *ps, const brain_plan *pr,
                         const brain_rates *x)
{
	brain_dtype *D = c->D;
	c->i = i;
	c->v[SVS_STATE] = c->L->state[i];
	c->v[SVS_OUTPUT] = c->L->output[i];
	brain_known s = brain_plan_neuron(ps, c->v, c->rng), r = brain_plan_neuron(pr, c->v, c->rng);
	for (uint32_t d = D->first[i]; d < D->first[i + 1]; d++)
		brain_steps_one(c, ps, s, pr, r, d, x);
}

/* The plans of the susceptibility and reinforcement rules (D->plans), and
 * whether nothing is to happen to this type this tick. A plan depends on
 * the lobe values and on whether the lobe and its source lobe fire
 * (plan_lobe), so they are kept while those stay. When no block is live
 * (no susceptibility, STW == LTW everywhere), only a susceptibility or
 * strength rule that may give more than 0 can change a dendrite (qzero:
 * none may). */
_Static_assert(sizeof(brain_plan) <= sizeof(((brain_dtype *)0)->plans[0]), "room for a plan");

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
			brain_plan *pl = (brain_plan *)D->plans[k];
			brain_plan_lobe(pl, D->rule[which[k]], v, L, S, false, rng);
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
	brain_dctx c = {b, L, D, t, &b->lobes[D->src_lobe], 0, v, rng, NULL};
	if (type_plans(L, D, v, c.S, rng))
		return;
	brain_rates x = brain_rates_due(b, L, t);
	const brain_plan *ps = (const brain_plan *)D->plans[TP_SUSC];
	const brain_plan *pr = (const brain_plan *)D->plans[TP_REINF];
	if (pr->st == RS_DENDRITE) {
		/* The reinforcement differs between dendrites: one by one. The
		 * weights move without the sums' hooks (rebuilt when next read). */
		D->kvalid = D->ordered = false;
		for (uint32_t i = 0; i < L->n; i++)
			plain_neuron(&c, i, ps, pr, &x);
		brain_live_all(D);
	} else {
		brain_known r = {pr->st, pr->value};
		brain_qd q = brain_quiet_of(&x, r);
		bool cand = false;
		if (ps->st == RS_DENDRITE && ps->input_guard && D->keep)
			brain_sums_sync(b, L); /* D->infire current (cheap when it is) */
		if (ps->st == RS_DENDRITE) {
			cand = brain_visit(&c, ps, ACT_SUSC, &x);
			brain_qd_toward_set(&q, ps->at, ps->ak);
		}
		brain_steps_1_4(b, D, &q, ps->st == RS_CONST ? ps->value : 0, cand);
	}

	/* Steps 5 and 6, after steps 1-4 of every dendrite: each dendrite's
	 * order is kept, and dendrites do not interact on this path. */
	for (int gain = 1; gain >= 0; gain--) {
		if (!(gain ? x.gain : x.loss))
			continue;
		const brain_plan *pl = (const brain_plan *)D->plans[gain ? TP_GAIN : TP_LOSS];
		const uint8_t *field;
		if (pl->st == RS_CONST)
			brain_strength_pass(b, L, t, pl->value, NULL, false, gain, x.clears);
		else if (pl->st == RS_DENDRITE && susc_only(pl, D, &field))
			brain_strength_pass(b, L, t, pl->value, field, true, gain, x.clears);
		else if (pl->st == RS_DENDRITE)
			(void)brain_visit(&c, pl, gain ? ACT_GAIN : ACT_LOSS, &x);
	}
}

/* ---- the fast dendrite phase -------------------------------------------------------------- */

void brain_fast_dendrites(brain *b, brain_lobe *L, c2_rng *rng)
{
	if (L->dmode == BRAIN_DSUMS) {
		brain_sum_rules_dendrites(b, L, rng);
		return;
	}
	uint8_t v[SVS_COUNT] = {0};
	brain_lobe_values(L, v);
	for (unsigned t = 0; t < 2; t++)
		if (L->d[t]->present)
			fast_type(b, L, t, v, rng);
}
