/* neurons.c — the neuron phase with its shortcuts, and winner-takes-all by
 * the firing list (§4.3, §4.4). The plain loop they must agree with is
 * reference_neurons in brain/reference.c.
 *
 * Two ways to run a lobe's neurons, one result, the reference's:
 *
 *   - wide (the usual way): the rule is first folded with the lobe's values
 *     (`random 0 chem5 PLUS state` while chem5 is 0 is `state`); the sums it
 *     reads are the kept sums (brain/sums.c: what changed since the last
 *     tick, not every dendrite); a rule of loads, PLUS and MINUS (and one
 *     `random` between lobe values) then runs over whole byte arrays, any
 *     other rule per neuron from the folded point; the threshold, leak and
 *     firing list run byte-wide (brain/simd.h, brain/avx2.h). A lobe whose
 *     rule leaves the state as it is, resting and silent, is passed over. A
 *     lobe whose rule is one sums array (a concept lobe's `anded0`) updates
 *     only the neurons whose sum moved, while its states and outputs are
 *     what its last update made of them (no winner-takes-all, nothing
 *     exposed, nothing written since: brain_lobe.uvalid).
 *   - sequential: as wide but neuron by neuron with the sums summed, for the
 *     two cases whose neurons interact — a lobe whose sums read its own
 *     outputs (later neurons see earlier neurons' new outputs) — and the
 *     openc2e leak option, which the byte-wide update does not implement.
 *
 * Every random draw happens in neuron order in both and in the reference,
 * so the random stream is the same. The mode brain_reference=1 runs the
 * reference instead, and tests compare the two tick by tick (state hashes:
 * tests/unit/test_reference.c, test_fast_equals_reference_* in
 * tests/unit/test_brain.c). */
#include <string.h>

#include "brain/brain_impl.h"
#include "brain/avx2.h"
#include "brain/simd.h"

/* The firing list from the outputs. */
static void list_firing(brain_lobe *L)
{
	L->nfiring = brain_simd_list(L->output, L->n, L->firing);
	L->outver++;
	L->settled = false;
}

/* Sequential: neuron by neuron from the folded point (see the file comment). */
static void sequential_neurons(brain *b, brain_lobe *L, unsigned start, int acc0, uint8_t *v,
                               c2_rng *rng)
{
	const brain_upd x = brain_upd_of(b, L);
	const brain_svrule_prog *p = L->state_rule;
	for (uint32_t i = 0; i < L->n; i++) {
		brain_neuron_values(b, L, p->reads, i, v);
		brain_neuron_update(&x, brain_svrule_run(p, start, acc0, v, rng), &L->state[i],
		                    &L->output[i]);
	}
	list_firing(L);
}

/* The neuron-level array of slot s (the sums refreshed), or NULL
 * for a value that is the same for every neuron. */
static const uint8_t *slot_array(const brain_lobe *L, unsigned s)
{
	switch (s) {
	case SVS_STATE: return L->state;
	case SVS_OUTPUT: return L->output;
	case SVS_LEAK_IN: return L->leak_in;
	case SVS_LEAK_OUT: return L->leak_out;
	case SVS_TYPE0: case SVS_TYPE1: case SVS_ANDED0: case SVS_ANDED1:
		return L->sumv[s - SVS_TYPE0];
	default: return NULL;
	}
}

static bool lobe_level(unsigned slot)
{
	return slot == SVS_IMM ||
	       brain_svrule_slot_level((brain_svrule_slot)slot, SVRULE_NEURON) <= SVL_LOBE;
}

/* Can instructions [start, n) run over whole arrays? Loads, PLUS and MINUS
 * (saturating or wrapping) of anything, and at most one `random` between
 * lobe values (its draws then still come in neuron order). */
static bool wide_program(const brain_svrule_prog *p, unsigned start)
{
	unsigned randoms = 0;
	for (unsigned k = start; k < p->n; k++) {
		const brain_svrule_insn *in = &p->insn[k];
		switch (in->op) {
		case SVX_LOAD: case SVOP_PLUS: case SVOP_MINUS: case SVX_PLUS_WRAP: case SVX_MINUS_WRAP:
			break;
		case SVOP_RANDOM: case SVX_RANDOM_NOSWAP:
			if (randoms++ || !lobe_level(in->a.slot) || !lobe_level(in->b.slot))
				return false;
			break;
		default:
			return false;
		}
	}
	return true;
}

/* One draw per neuron, in order (out of line: the hot neuron phase keeps
 * its registers when no lobe draws). */
BRAIN_NOINLINE static void draw_range(c2_rng *rng, int lo, int hi, uint8_t *acc, uint32_t n)
{
	c2_rng_fill_range(rng, lo, hi, acc, n);
}

/* Run instructions [start, n) over the lobe into acc[] (acc0 before them). */
static void run_wide(const brain_lobe *L, const brain_svrule_prog *p, unsigned start,
                     int acc0, const uint8_t *v, uint8_t *acc, c2_rng *rng)
{
	const uint32_t n = L->n;
	memset(acc, acc0, n);
	for (unsigned k = start; k < p->n; k++) {
		const brain_svrule_insn *in = &p->insn[k];
		const uint8_t *x = slot_array(L, in->a.slot);
		uint8_t kv = (uint8_t)brain_svrule_operand_value(&in->a, v);
		switch (in->op) {
		case SVX_LOAD:
			if (x)
				memcpy(acc, x, n);
			else
				memset(acc, kv, n);
			break;
		case SVOP_PLUS: brain_simd_bop(BRAIN_BOP_ADD, acc, x, kv, n); break;
		case SVOP_MINUS: brain_simd_bop(BRAIN_BOP_SUB, acc, x, kv, n); break;
		case SVX_PLUS_WRAP: brain_simd_bop(BRAIN_BOP_ADD_WRAP, acc, x, kv, n); break;
		case SVX_MINUS_WRAP: brain_simd_bop(BRAIN_BOP_SUB_WRAP, acc, x, kv, n); break;
		default: { /* random between lobe values: one draw per neuron, in order */
			int lo = kv, hi = brain_svrule_operand_value(&in->b, v);
			if (in->op == SVX_RANDOM_NOSWAP && lo > hi) {
				memset(acc, lo, n);
				break;
			}
			draw_range(rng, lo, hi, acc, n);
			break;
		}
		}
	}
}

/* Fold the state rule with the lobe's values in v (e.g. `random 0 chem5`
 * while chem5 is 0): L->fstart, facc, freads, fseq, fwide. The result
 * depends on those seven values only, so it is kept while they stay. */
static void fold(const brain *b, brain_lobe *L, const uint8_t *v)
{
	if (L->fvalid && memcmp(L->fkey, &v[SVS_CHEM0], sizeof L->fkey) == 0)
		return;
	const brain_svrule_prog *p = L->state_rule;
	int acc0 = 0;
	int f = brain_svrule_fold_lobe(p, v, &acc0);
	unsigned start = f < 0 ? p->n : (unsigned)f;
	if (f < 0)
		acc0 = 0; /* a guard failed: 0 for every neuron */
	/* What is left reads these slots. */
	uint32_t reads = 0;
	for (unsigned k = start; k < p->n; k++)
		reads |= 1u << p->insn[k].a.slot | 1u << p->insn[k].b.slot;
	bool self = false;
	for (unsigned t = 0; t < 2; t++)
		self |= (reads & (0x5u << (SVS_TYPE0 + t))) && L->d[t]->present &&
		        L->d[t]->src_lobe == (uint32_t)(L - b->lobes);
	L->fstart = (uint8_t)start;
	L->facc = (int16_t)acc0;
	L->freads = reads;
	L->fseq = self || b->opts.openc2e_leak;
	L->fwide = wide_program(p, start);
	/* The rule is a single load (of the state: verb, noun, sense,
	 * regulator between events; of a constant; of a sum), or already a
	 * constant for every neuron. */
	const brain_svrule_insn *last = start + 1 == p->n ? &p->insn[start] : NULL;
	bool load = last && (last->op == SVX_LOAD ||
	                     (acc0 == 0 && (last->op == SVOP_PLUS || last->op == SVX_PLUS_WRAP)));
	L->fload = load ? last->a.slot : SVS_COUNT;
	L->fconst = start == p->n ? acc0 : L->fload == SVS_IMM ? last->a.imm : -1;
	/* "state PLUS type0 PLUS type1": the state while those sums are 0 */
	L->fstate_sums = 0;
	if (start < p->n && p->insn[start].op == SVX_LOAD && p->insn[start].a.slot == SVS_STATE) {
		uint8_t added = 0;
		unsigned k = start + 1;
		for (; k < p->n; k++) {
			const brain_svrule_insn *in = &p->insn[k];
			bool addsub = in->op == SVOP_PLUS || in->op == SVOP_MINUS || in->op == SVX_PLUS_WRAP ||
			              in->op == SVX_MINUS_WRAP;
			if (!addsub || in->a.slot < SVS_TYPE0 || in->a.slot > SVS_ANDED1 ||
			    !L->sumv[in->a.slot - SVS_TYPE0])
				break;
			added |= (uint8_t)(1u << (in->a.slot - SVS_TYPE0));
		}
		if (k == p->n)
			L->fstate_sums = added;
	}
	memcpy(L->fkey, &v[SVS_CHEM0], sizeof L->fkey);
	L->fvalid = true;
}

/* Does the folded rule give every neuron its rest value or its state?
 * Then a lobe at rest with silent outputs stays so. (A sum that is 0
 * everywhere — a concept lobe whose inputs are silent — is a 0.) */
static bool keeps_rest(const brain_lobe *L, uint8_t rest)
{
	unsigned ls = L->fload;
	bool zero_sum = ls >= SVS_TYPE0 && ls <= SVS_ANDED1 && L->sumv[ls - SVS_TYPE0] &&
	                L->sumnz[ls - SVS_TYPE0] == 0;
	if (L->fstate_sums) {
		bool zero = true;
		for (unsigned s = 0; s < 4; s++)
			zero &= !(L->fstate_sums >> s & 1) || L->sumnz[s] == 0;
		if (zero)
			return true;
	}
	return ls == SVS_STATE || L->fconst == rest || (zero_sum && rest == 0);
}

/* The lobe values a settled lobe's rule and resting values depend on. */
static uint64_t rest_key(const brain_lobe *L)
{
	uint64_t k = 0;
	memcpy(&k, &L->rloc[BRAIN_RL_CHEM], 6);
	return k | (uint64_t)L->rloc[BRAIN_RL_THRESHOLD] << 48 | (uint64_t)L->rloc[BRAIN_RL_REST] << 56;
}

bool brain_neuron_quiet(const brain *b, const brain_lobe *L)
{
	/* It settled with these lobe values, and a lobe without dendrites has
	 * sums that never move: its neuron phase would settle it again. */
	return !b->opts.brain_reference && L->settled && !L->state_exposed &&
	       L->settled_key == rest_key(L);
}

/* A lobe at rest with silent outputs whose rule keeps it so: settled, and
 * nothing to update. Whether it is needs no look when it was so after its
 * last tick and nothing could have moved a state unseen (no receptor
 * writes one; an emitter only ever clears an output). */
static bool stays_at_rest(brain_lobe *L, const brain_upd *x)
{
	if (!keeps_rest(L, x->rest) || x->rest > x->thr ||
	    !((L->settled && !L->state_exposed) ||
	      (brain_simd_all(L->state, x->rest, L->n) && brain_simd_all(L->output, 0, L->n))))
		return false;
	L->nfiring = 0;
	L->settled = true;
	L->settled_key = rest_key(L);
	L->uvalid = false;
	return true;
}

/* Only the neurons chg[0..nchg) whose value in sv moved: the others would
 * be updated to what they hold (brain_lobe.uvalid). */
static void update_moved(brain_lobe *L, const brain_nupd *u, const uint8_t *sv,
                         const uint16_t *chg, uint32_t nchg)
{
	bool moved = false, lists = false;
	for (uint32_t k = 0; k < nchg; k++) {
		uint32_t i = chg[k];
		uint8_t o = L->output[i];
		brain_nupd_one(u, sv[i], &L->state[i], &L->output[i]);
		moved |= L->output[i] != o;
		lists |= !L->output[i] != !o;
	}
	if (moved) /* else the outputs' readers need no look */
		L->outver++;
	if (lists)
		list_firing(L);
}

/* The folded rule's value for every neuron: an array of the lobe when it
 * is one load of it (read before written, byte by byte), else b->vals,
 * over whole arrays or neuron by neuron. */
static const uint8_t *rule_values(brain *b, brain_lobe *L, uint8_t *v, c2_rng *rng)
{
	const brain_svrule_prog *p = L->state_rule;
	if (L->fload != SVS_COUNT && slot_array(L, L->fload))
		return slot_array(L, L->fload);
	if (L->fwide) {
		run_wide(L, p, L->fstart, L->facc, v, b->vals, rng);
		return b->vals;
	}
	for (uint32_t i = 0; i < L->n; i++) {
		for (uint32_t m = L->freads; m; m &= m - 1) {
			unsigned s = (unsigned)__builtin_ctz(m);
			const uint8_t *a = slot_array(L, s);
			if (a)
				v[s] = a[i];
		}
		b->vals[i] = brain_svrule_run(p, L->fstart, L->facc, v, rng);
	}
	return b->vals;
}

void brain_neuron_phase(brain *b, brain_lobe *L, c2_rng *rng)
{
	uint8_t v[SVS_COUNT] = {0};
	brain_lobe_values(L, v);
	fold(b, L, v);
	if (L->fseq) {
		sequential_neurons(b, L, L->fstart, L->facc, v, rng);
		return;
	}
	const brain_upd x = brain_upd_of(b, L);
	const brain_nupd u = {x.thr, x.rest, x.leak_due, x.mult};
	unsigned ls = L->fload;
	/* The rule is one sums array, read before the update writes anything
	 * of the lobe: when the last update made the states and outputs from
	 * it with these parameters and nothing wrote them since, only the
	 * neurons whose value moved need an update. (Not with winner-takes-all,
	 * which changes outputs after, nor with states or outputs exposed.) */
	const uint8_t *sv = ls >= SVS_TYPE0 && ls <= SVS_ANDED1 ? L->sumv[ls - SVS_TYPE0] : NULL;
	uint32_t ukey = 0;
	bool incr = false;
	if (sv) {
		ukey = (uint32_t)x.thr | (uint32_t)x.rest << 8 | (uint32_t)x.leak_due << 16 |
		       (uint32_t)x.leak << 24;
		incr = L->uvalid && L->ufload == ls && L->ukey == ukey && !(L->gene.flags & 1) &&
		       !L->state_exposed && !L->out_exposed;
	}
	uint32_t nchg = 0;
	uint16_t *chg = b->scratch; /* free once the sums are synced */
	if (L->freads & (0xfu << SVS_TYPE0)) {
		brain_sums_sync(b, L);
		nchg = brain_sums_refresh(b, L, incr ? sv : NULL, chg);
	}
	if (stays_at_rest(L, &x))
		return;
	/* neuron by neuron while that is cheaper than byte-wide over all */
	if (incr && nchg <= L->n / 16) {
		update_moved(L, &u, sv, chg, nchg);
		return;
	}
	L->uvalid = false;
	L->settled = false;
	L->outver++;
	const uint8_t *val = rule_values(b, L, v, rng);
	L->nfiring = brain_update_x(brain_use_avx2(&b->opts), &u, val, L->state, L->output, L->n,
	                            L->firing);
	if (sv && val == sv && !x.openc2e) { /* what incremental updates go on from */
		L->uvalid = true;
		L->ufload = (uint8_t)ls;
		L->ukey = ukey;
	}
}

/* Winner-takes-all with cells denied (brain_set_wta_mask): the largest
 * output of an allowed cell (lowest index on ties) is kept, every other
 * output zeroed; none is kept when no allowed cell fires. Goes by the
 * firing list, which holds every neuron whose output is not 0. */
static void masked_wta(brain_lobe *L)
{
	int best = -1;
	for (uint32_t k = 0; k < L->nfiring; k++) {
		uint16_t i = L->firing[k];
		if (i < 32 && (L->wta_deny >> i & 1))
			continue;
		if (best < 0 || L->output[i] > L->output[best])
			best = i;
	}
	if (best >= 0 && L->nfiring == 1)
		return; /* the one firing cell is allowed: nothing changes */
	for (uint32_t k = 0; k < L->nfiring; k++)
		if (L->firing[k] != best)
			L->output[L->firing[k]] = 0;
	L->nfiring = best >= 0;
	if (best >= 0)
		L->firing[0] = (uint16_t)best;
	L->outver++;
}

/* Keep the largest output (lowest index on ties), zero the others. */
void brain_winner_takes_all(brain_lobe *L)
{
	if (!(L->gene.flags & 1) || L->nfiring == 0)
		return;
	if (L->wta_deny) {
		masked_wta(L);
		return;
	}
	if (L->nfiring < 2)
		return;
	/* Outputs are 0 but for the listed neurons: the largest of all is
	 * the largest of those, and zeroing all but it zeroes the others. */
	uint16_t best = L->firing[0];
	if (L->nfiring < 16) {
		for (uint32_t k = 1; k < L->nfiring; k++)
			if (L->output[L->firing[k]] > L->output[best])
				best = L->firing[k];
		for (uint32_t k = 0; k < L->nfiring; k++)
			if (L->firing[k] != best)
				L->output[L->firing[k]] = 0;
	} else {
		best = (uint16_t)brain_simd_argmax(L->output, L->n);
		uint8_t top = L->output[best];
		memset(L->output, 0, L->n);
		L->output[best] = top;
	}
	L->firing[0] = best;
	L->nfiring = 1;
	L->outver++;
}
