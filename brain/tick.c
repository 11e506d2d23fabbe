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

/* 0x80 in every non-zero byte of x. */
static inline uint64_t nonzero_bytes(uint64_t x)
{
	return (((x & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | x) & 0x8080808080808080ull;
}

/* ---- input sums (§4.4) --------------------------------------------------- */

/* Everything the sum of one dendrite type of one lobe needs, fetched once
 * per lobe tick: type_t = min(255, (sum of src.output * w / 255) * gain / 255)
 * and anded_t = type_t if every source fires, else 0. */
typedef struct sums {
	const uint32_t *first; /* NULL: the type is not wired */
	const uint16_t *src;
	const uint8_t *w;  /* STW, or strength (option input_weight) */
	const uint8_t *so; /* source lobe outputs */
	uint32_t gain;
	uint8_t empty; /* value for a neuron without dendrites of the type */
	/* pushed: per neuron, the sum and the number of firing sources,
	 * already added up from the firing source neurons (NULL: pull) */
	const uint32_t *acc;
	const uint8_t *hits;
} sums;

static void sums_init(sums *s, const brain *b, const brain_lobe *L, unsigned t)
{
	const brain_dtype *D = &L->d[t];
	memset(s, 0, sizeof *s);
	s->gain = L->gene.gain;
	/* A sum over nothing is 0; openc2e returns the full gain. */
	s->empty = b->opts.empty_sum ? L->gene.gain : 0;
	if (!D->present)
		return;
	s->first = D->first;
	s->src = D->src;
	s->w = b->opts.input_weight ? D->strength : D->stw;
	s->so = b->lobes[D->src_lobe].output;
}

static inline uint8_t scale_sum(uint32_t acc, uint32_t gain)
{
	acc = acc * gain / 255;
	return (uint8_t)(acc > 255 ? 255 : acc);
}

/* Push: add every firing source neuron's contribution to the neurons whose
 * dendrites read it — the same per-term sum as the pull loops below,
 * visiting only dendrites with a firing source. Worth it when few source
 * neurons fire; never for a lobe reading itself (its outputs change while
 * it is updated). */
static void push_sums(const brain *b, const brain_lobe *L, unsigned t, bool anded, sums *s)
{
	const brain_dtype *D = &L->d[t];
	const brain_lobe *S = &b->lobes[D->src_lobe];
	uint32_t *acc = b->sum_acc[t];
	uint8_t *hits = b->sum_hits[t];
	memset(acc, 0, L->n * sizeof *acc);
	const uint8_t *so = S->output, *w = s->w;
	const uint32_t *rhead = D->rhead, *rnext = D->rnext;
	const uint16_t *owner = D->owner;
	if (anded) {
		/* also count the firing sources of every neuron */
		memset(hits, 0, L->n);
		for (uint32_t k = 0; k < S->nfiring; k++) {
			uint32_t src = S->firing[k], o = so[src];
			if (!o)
				continue; /* cleared by an emitter since */
			for (uint32_t d = rhead[src]; d != BRAIN_NONE; d = rnext[d]) {
				uint32_t i = owner[d];
				hits[i]++;
				acc[i] += o * w[d] / 255u;
			}
		}
		s->hits = hits;
	} else {
		for (uint32_t k = 0; k < S->nfiring; k++) {
			uint32_t src = S->firing[k], o = so[src];
			for (uint32_t d = rhead[src]; o && d != BRAIN_NONE; d = rnext[d])
				if (w[d])
					acc[owner[d]] += o * w[d] / 255u;
		}
	}
	s->acc = acc;
}

static bool push_pays(const brain *b, const brain_lobe *L, unsigned t)
{
	const brain_dtype *D = &L->d[t];
	if (b->reference || !D->present || &b->lobes[D->src_lobe] == L)
		return false;
	const brain_lobe *S = &b->lobes[D->src_lobe];
	return 2 * S->nfiring < S->n;
}

/* type_t of neuron i. */
static inline uint8_t sum_type(sums s, uint32_t i)
{
	uint32_t d = s.first ? s.first[i] : 0, e = s.first ? s.first[i + 1] : 0;
	if (d == e)
		return s.empty;
	if (s.acc)
		return scale_sum(s.acc[i], s.gain);
	uint32_t acc = 0;
	/* Most decision-lobe weights are 0 (LTW starts at 0): skip them eight
	 * at a time. */
	for (; d + 8 <= e; d += 8) {
		uint64_t w8;
		memcpy(&w8, &s.w[d], 8);
		for (uint64_t m = nonzero_bytes(w8); m; m &= m - 1) {
			uint32_t k = d + ((unsigned)__builtin_ctzll(m) >> 3);
			acc += s.so[s.src[k]] * s.w[k] / 255u;
		}
	}
	for (; d < e; d++)
		if (s.w[d])
			acc += s.so[s.src[d]] * s.w[d] / 255u;
	return scale_sum(acc, s.gain);
}

/* anded_t of neuron i, and type_t into *type when non-NULL. */
static inline uint8_t sum_anded(sums s, uint32_t i, uint8_t *type)
{
	uint32_t d = s.first ? s.first[i] : 0, e = s.first ? s.first[i + 1] : 0;
	if (d == e) {
		if (type)
			*type = s.empty;
		return s.empty;
	}
	if (s.acc) {
		bool all = s.hits[i] == e - d;
		if (!type)
			return all ? scale_sum(s.acc[i], s.gain) : 0;
		uint8_t v = scale_sum(s.acc[i], s.gain);
		*type = v;
		return all ? v : 0;
	}
	uint32_t acc = 0;
	bool all = true;
	for (; d < e; d++) {
		uint32_t o = s.so[s.src[d]];
		if (!o) {
			all = false;
			if (!type)
				return 0; /* anded only: one silent source decides */
		} else {
			acc += o * s.w[d] / 255u;
		}
	}
	uint8_t v = scale_sum(acc, s.gain);
	if (type)
		*type = v;
	return all ? v : 0;
}

/* Both sums of a neuron into v (as read by rules in the general path). */
static void fill_sums(const brain *b, const brain_lobe *L, uint32_t i, uint8_t *v)
{
	for (unsigned t = 0; t < 2; t++) {
		sums s;
		sums_init(&s, b, L, t);
		v[SVS_ANDED0 + t] = sum_anded(s, i, &v[SVS_TYPE0 + t]);
	}
}

/* ---- neurons (§4.3) -------------------------------------------------------- */

static void fill_lobe_values(const brain_lobe *L, uint8_t *v)
{
	memcpy(&v[SVS_CHEM0], &L->rloc[BRAIN_RL_CHEM], 6);
	v[SVS_THRES] = L->rloc[BRAIN_RL_THRESHOLD];
}

/* How the neuron phase gets a rule's value: most state rules are one load
 * ("state", "anded0"), which needs neither the VM nor the other values. */
typedef enum { READ_STATE, READ_FIXED, READ_ANDED0, READ_ANDED1, READ_TYPE0, READ_TYPE1,
               READ_RULE } reader;

/* The reader for a rule that is one load of `slot`. */
static reader reader_of_slot(uint8_t slot)
{
	switch (slot) {
	case SVS_STATE: return READ_STATE;
	case SVS_IMM: return READ_FIXED;
	case SVS_ANDED0: return READ_ANDED0;
	case SVS_ANDED1: return READ_ANDED1;
	case SVS_TYPE0: return READ_TYPE0;
	case SVS_TYPE1: return READ_TYPE1;
	default: return READ_RULE;
	}
}

/* What a neuron update needs besides the arrays. */
typedef struct nctx {
	const svrule_prog *p;
	unsigned start; /* READ_RULE: first instruction left after folding */
	int acc0;       /* ... and the accumulator there */
	uint8_t fixed;  /* READ_FIXED: the value */
	c2_rng *rng;
	uint8_t *v;
	bool sum[2], anded[2], any_sum, leak_regs;
	uint8_t thr, rest, leak;
	bool leak_due, openc2e;
} nctx;

/* One lobe's neurons with the rule read by `rd`; inlined with a constant
 * `rd`, so each reader gets its own loop. */
SPECIALISE void neuron_loop(const nctx *c, brain_lobe *L, sums s0, sums s1, reader rd)
{
	uint8_t *state = L->state, *output = L->output, *v = c->v;
	const uint8_t *leak_in = L->leak_in, *leak_out = L->leak_out;
	uint16_t *firing = L->firing;
	/* locals: a byte store could alias anything read through c */
	const uint8_t thr = c->thr, rest = c->rest, leak = c->leak, fixed = c->fixed;
	const bool leak_due = c->leak_due, openc2e = c->openc2e, leak_regs = c->leak_regs;
	const bool any_sum = c->any_sum;
	const uint32_t mult = c2_rate_multiplier(leak);
	const uint32_t n = L->n;
	const svrule_prog *p = c->p;
	const unsigned start = c->start;
	const int acc0 = c->acc0;
	uint32_t nf = 0;
	for (uint32_t i = 0; i < n; i++) {
		int val;
		switch (rd) {
		case READ_STATE: val = state[i]; break;
		case READ_FIXED: val = fixed; break;
		case READ_ANDED0: val = sum_anded(s0, i, NULL); break;
		case READ_ANDED1: val = sum_anded(s1, i, NULL); break;
		case READ_TYPE0: val = sum_type(s0, i); break;
		case READ_TYPE1: val = sum_type(s1, i); break;
		default:
			v[SVS_STATE] = state[i];
			v[SVS_OUTPUT] = output[i];
			if (leak_regs) {
				v[SVS_LEAK_IN] = leak_in[i];
				v[SVS_LEAK_OUT] = leak_out[i];
			}
			if (any_sum)
				for (unsigned t = 0; t < 2; t++) {
					sums st = t ? s1 : s0;
					if (c->anded[t])
						v[SVS_ANDED0 + t] = sum_anded(st, i, c->sum[t] ? &v[SVS_TYPE0 + t] : NULL);
					else if (c->sum[t])
						v[SVS_TYPE0 + t] = sum_type(st, i);
				}
			val = svrule_run(p, start, acc0, v, c->rng);
			break;
		}
		int st, out;
		if (!openc2e) {
			/* Output from the un-leaked value; the stored state relaxes
			 * toward rest from either side (§4.3, verified). */
			out = val >= thr ? val - thr : 0;
			st = val;
			if (leak_due) {
				/* c2_rate_relax with the multiplier hoisted */
				int dv = val - rest;
				st = rest + (dv >= 0 ? (int)(((uint32_t)dv * mult) >> 16)
				                     : -(int)(((uint32_t)-dv * mult) >> 16));
			}
		} else {
			/* openc2e: leak first, snap below rest, then threshold */
			st = val;
			if (leak_due)
				st = val > rest ? rest + (int)((uint32_t)(val - rest) *
				                               c2_rate_multiplier(leak) / 65536)
				                : rest;
			out = st >= thr ? st - thr : 0;
		}
		state[i] = (uint8_t)st;
		output[i] = (uint8_t)out;
		if (out)
			firing[nf++] = (uint16_t)i;
	}
	L->nfiring = nf;
}

/* Every state equals rest and every output is 0. */
static bool at_rest(const brain_lobe *L, uint8_t rest)
{
	const uint64_t r8 = rest * 0x0101010101010101ull;
	uint32_t i = 0, n = L->n;
	for (; i + 8 <= n; i += 8) {
		uint64_t s8, o8;
		memcpy(&s8, &L->state[i], 8);
		memcpy(&o8, &L->output[i], 8);
		if (s8 != r8 || o8)
			return false;
	}
	for (; i < n; i++)
		if (L->state[i] != rest || L->output[i])
			return false;
	return true;
}

static void neuron_phase(brain *b, brain_lobe *L, c2_rng *rng)
{
	uint8_t v[SVS_COUNT] = {0};
	fill_lobe_values(L, v);
	nctx c;
	memset(&c, 0, sizeof c);
	c.p = &L->state_rule;
	c.rng = rng;
	c.v = v;
	uint32_t reads = c.p->reads;
	sums sm[2];
	for (unsigned t = 0; t < 2; t++) {
		c.anded[t] = reads & (1u << (SVS_ANDED0 + t));
		c.sum[t] = reads & (1u << (SVS_TYPE0 + t));
		c.any_sum |= c.anded[t] || c.sum[t];
		sums_init(&sm[t], b, L, t);
		if ((c.anded[t] || c.sum[t]) && push_pays(b, L, t))
			push_sums(b, L, t, c.anded[t], &sm[t]);
	}
	c.leak_regs = reads & ((1u << SVS_LEAK_IN) | (1u << SVS_LEAK_OUT));
	c.thr = L->rloc[BRAIN_RL_THRESHOLD];
	c.rest = L->rloc[BRAIN_RL_REST];
	c.leak = L->rloc[BRAIN_RL_LEAKAGE];
	c.leak_due = c2_rate_due(c.leak, (uint32_t)b->ticks);
	c.openc2e = b->opts.openc2e_leak;
	/* Fold what this lobe's values decide (e.g. `random 0 chem5` while
	 * chem5 is 0); a rule left as one load needs no VM. */
	reader rd = READ_RULE;
	const svrule_prog *p = c.p;
	if (p->single != SVRULE_NOT_SINGLE) {
		rd = reader_of_slot(p->single);
		c.fixed = p->konst;
	} else {
		int f = svrule_fold_lobe(p, v, &c.acc0);
		c.start = f < 0 ? p->n : (unsigned)f;
		if (f < 0 || c.start == p->n) {
			rd = READ_FIXED;
			c.fixed = f < 0 ? 0 : (uint8_t)c.acc0;
		} else if (c.start + 1 == p->n) {
			const svrule_insn *in = &p->insn[c.start];
			bool load = in->op == SVX_LOAD ||
			            (c.acc0 == 0 && (in->op == SVOP_PLUS || in->op == SVX_PLUS_WRAP));
			if (load && in->a.slot == SVS_IMM) {
				rd = READ_FIXED;
				c.fixed = in->a.imm;
			} else if (load) {
				rd = reader_of_slot(in->a.slot);
			}
		}
	}
	/* A sum over a silent source lobe is 0 for every neuron (when a neuron
	 * without dendrites also reads 0). */
	if (rd >= READ_ANDED0 && rd <= READ_TYPE1) {
		unsigned t = rd == READ_ANDED0 || rd == READ_TYPE0 ? 0 : 1;
		const brain_dtype *D = &L->d[t];
		if (sm[t].empty == 0 && (!D->present || b->lobes[D->src_lobe].nfiring == 0) &&
		    (!D->present || &b->lobes[D->src_lobe] != L)) {
			rd = READ_FIXED;
			c.fixed = 0;
		}
	}
	/* A lobe whose value is its state, entirely at rest with silent outputs,
	 * stays so (verb, noun, sense, regulator between events): skip it. */
	if ((rd == READ_STATE || (rd == READ_FIXED && c.fixed == c.rest)) && c.rest <= c.thr &&
	    at_rest(L, c.rest)) {
		L->nfiring = 0;
		return;
	}
	switch (rd) {
	case READ_STATE: neuron_loop(&c, L, sm[0], sm[1], READ_STATE); break;
	case READ_FIXED: neuron_loop(&c, L, sm[0], sm[1], READ_FIXED); break;
	case READ_ANDED0: neuron_loop(&c, L, sm[0], sm[1], READ_ANDED0); break;
	case READ_ANDED1: neuron_loop(&c, L, sm[0], sm[1], READ_ANDED1); break;
	case READ_TYPE0: neuron_loop(&c, L, sm[0], sm[1], READ_TYPE0); break;
	case READ_TYPE1: neuron_loop(&c, L, sm[0], sm[1], READ_TYPE1); break;
	case READ_RULE: neuron_loop(&c, L, sm[0], sm[1], READ_RULE); break;
	}
}

/* Keep the largest output (lowest index on ties), zero the others. */
static void winner_takes_all(brain_lobe *L)
{
	if (!(L->gene.flags & 1) || L->nfiring < 2)
		return;
	uint16_t best = L->firing[0];
	for (uint32_t k = 1; k < L->nfiring; k++)
		if (L->output[L->firing[k]] > L->output[best])
			best = L->firing[k];
	for (uint32_t k = 0; k < L->nfiring; k++)
		if (L->firing[k] != best)
			L->output[L->firing[k]] = 0;
	L->firing[0] = best;
	L->nfiring = 1;
}

/* ---- dendrite values and rule evaluation --------------------------------------- */

typedef struct dctx {
	brain *b;
	brain_lobe *L;
	brain_dtype *D;
	brain_lobe *S; /* source lobe */
	uint32_t i;    /* destination neuron (general path: sums, leak registers) */
	uint8_t *v;
	c2_rng *rng;
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
	if (p->reads & sum_slots)
		fill_sums(c->b, c->L, c->i, c->v);
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

/* dendrite_steps for a dendrite whose susceptibility rule yields 0 and
 * whose reinforcement is decided for the lobe: decay with the multiplier
 * hoisted (c2_rate_relax toward 0 of a non-negative value). */
SPECIALISE void quiet_steps(darr a, uint32_t d, known r, uint32_t msusc, const rates *x,
                            tally *t)
{
	uint8_t su0 = a.su[d], su = su0, stw = a.stw[d], ltw = a.ltw[d];
	bool diff0 = stw != ltw;
	if (su && x->susc) {
		su = (uint8_t)((su * msusc) >> 16);
		a.su[d] = su;
	}
	if (su && r.st == RS_CONST)
		stw = reinforce_step(stw, ltw, su, r.value, x->set);
	if (x->stw && stw != ltw)
		stw = c2_rate_relax(stw, ltw, x->r[BRAIN_RATE_RELAX_STW]);
	if (x->ltw && ltw != stw)
		ltw = ltw_step(ltw, stw, x);
	a.stw[d] = stw;
	a.ltw[d] = ltw;
	t->susc += (su != 0) - (su0 != 0);
	t->diff += (stw != ltw) - diff0;
}

/* Steps 1-4 for dendrites [d, end) whose susceptibility rule yields 0 and
 * whose reinforcement is decided for the lobe (r): only decay,
 * reinforcement of susceptible dendrites and relaxation act. Eight
 * dendrites without susceptibility and with STW == LTW (or no relaxation
 * due) stay as they are and are passed over at once. */
static void quiet_range(const dctx *c, uint32_t d, uint32_t end, known r, const rates *xp,
                        tally *t)
{
	const rates xl = *xp, *x = &xl; /* a local copy: byte stores cannot alias it */
	darr a = arrays_of(c->D);
	/* relaxation can act only where STW != LTW (the count is exact) */
	const bool relax = (x->stw || x->ltw) && c->D->ndiff;
	const uint32_t msusc = c2_rate_multiplier(x->r[BRAIN_RATE_RELAX_SUSCEPT]);
	tally lt = {0, 0};
	if (!relax && r.st == RS_ZERO) {
		/* Most ticks: susceptibility only decays (if due at all). */
		if (!x->susc)
			return;
		uint8_t *su = a.su;
		for (; d + 8 <= end; d += 8) {
			uint64_t su8;
			memcpy(&su8, &su[d], 8);
			for (uint64_t m = nonzero_bytes(su8); m; m &= m - 1) {
				uint32_t k = d + ((unsigned)__builtin_ctzll(m) >> 3);
				su[k] = (uint8_t)((su[k] * msusc) >> 16);
				lt.susc -= su[k] == 0;
			}
		}
		for (; d < end; d++)
			if (su[d]) {
				su[d] = (uint8_t)((su[d] * msusc) >> 16);
				lt.susc -= su[d] == 0;
			}
		t->susc += lt.susc;
		return;
	}
	for (; d + 8 <= end; d += 8) {
		/* the dendrites of these eight with work: susceptible ones, and
		 * with a relaxation due those with STW != LTW */
		uint64_t su8, stw8, ltw8;
		memcpy(&su8, &a.su[d], 8);
		uint64_t m = nonzero_bytes(su8);
		if (relax) {
			memcpy(&stw8, &a.stw[d], 8);
			memcpy(&ltw8, &a.ltw[d], 8);
			m |= nonzero_bytes(stw8 ^ ltw8);
		}
		for (; m; m &= m - 1)
			quiet_steps(a, d + ((unsigned)__builtin_ctzll(m) >> 3), r, msusc, x, &lt);
	}
	for (; d < end; d++)
		if (a.su[d] || (relax && a.stw[d] != a.ltw[d]))
			quiet_steps(a, d, r, msusc, x, &lt);
	t->susc += lt.susc;
	t->diff += lt.diff;
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
	fill_lobe_values(L, v);
	dctx c = {b, L, D, &b->lobes[D->src_lobe], 0, v, rng};
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
		uint32_t d = 0;
		for (uint32_t k = 0; k < nact; k++) {
			uint32_t i = L->firing[k];
			quiet_range(&c, d, D->first[i], r, &x, &t);
			active_neuron(&c, i, &ps, &pr, &x, &t);
			d = D->first[i + 1];
		}
		quiet_range(&c, d, D->total, r, &x, &t);
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
 * dendrite, steps 1-7 (§4.5). */
static void general_dendrites(brain *b, brain_lobe *L, c2_rng *rng)
{
	uint8_t v[SVS_COUNT] = {0};
	fill_lobe_values(L, v);
	rates xs[2] = {rates_due(b, L, 0), rates_due(b, L, 1)};
	for (uint32_t i = 0; i < L->n; i++) {
		v[SVS_STATE] = L->state[i];
		v[SVS_OUTPUT] = L->output[i];
		for (unsigned t = 0; t < 2; t++) {
			brain_dtype *D = &L->d[t];
			if (!D->present)
				continue;
			const rates *x = &xs[t];
			dctx c = {b, L, D, &b->lobes[D->src_lobe], i, v, rng};
			const svrule_prog *r = D->rule;
			for (uint32_t d = D->first[i]; d < D->first[i + 1]; d++) {
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
				if (x->gain) {
					int gv = eval_dendrite(&c, &r[BRAIN_DRULE_GAIN], d);
					set_strength(D, i, d, D->strength[d] + gv, x->clears);
				}
				if (x->loss) {
					int lv = eval_dendrite(&c, &r[BRAIN_DRULE_LOSS], d);
					if (D->strength[d])
						set_strength(D, i, d, D->strength[d] - lv, x->clears);
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
	if (b->reference || L->general) {
		general_dendrites(b, L, rng);
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
	neuron_phase(b, L, rng);
	if (b->opts.dendrites_before_wta) {
		dendrite_phase(b, L, rng);
		winner_takes_all(L);
	} else {
		winner_takes_all(L);
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
