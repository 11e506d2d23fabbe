/* brain_impl.h — the brain's data layout, shared by the brain sources only.
 *
 * Structure of arrays: every per-neuron and per-dendrite field is its own
 * flat array, carved from one arena allocated when the brain is built, so
 * locus pointers stay valid and the tick touches dense memory and never
 * allocates. A neuron's dendrites of one type are contiguous: first[i] ..
 * first[i+1]. Dendrite arrays are padded with zeros to whole blocks of 16
 * (BRAIN_BLOCK), so byte-wide kernels load and store whole blocks; a
 * padding lane is a dendrite at rest (no susceptibility, STW == LTW == 0,
 * strength 0) and every kernel keeps it so.
 *
 * Fields marked "derived" are recomputed from the rest (after building,
 * loading and every change); they are not saved or hashed. */
#ifndef C2_BRAIN_IMPL_H
#define C2_BRAIN_IMPL_H

#include <string.h>

#include "brain/brain.h"
#include "genome/lobes.h"
#include "genome/rates.h"

enum { BRAIN_BLOCK = 16 };

/* How a lobe's dendrite rules run (reference.c, plan.c). */
typedef enum {
	BRAIN_DFAST,   /* pure, read only their dendrite, neuron and lobe: dendrites
	                  do not interact; block-wise, type by type */
	BRAIN_DSUMS,   /* as DFAST but some rule reads the neuron's input sums:
	                  neuron by neuron, the sums kept current */
	BRAIN_DGENERAL /* `random`, leak registers or propagation: the plain loop */
} brain_dmode;

typedef struct brain_dtype {
	bool present;      /* wired: valid source lobe and max > 0 */
	uint8_t src_lobe;
	uint8_t migration; /* 0 none, 1 decision style, 2 concept style */
	bool wide;         /* derived: reverse links are 32-bit (else 16-bit) */
	bool keep;         /* some rule reads this type's sums: kept sums (sums.c) */
	bool anded;        /* some rule reads its anded sum: silent sources counted */
	bool kvalid;       /* derived: the kept sums are current */
	uint8_t per;       /* every neuron has `per` dendrites (owner = d / per), or 0 */
	uint32_t total;
	uint32_t nblocks;  /* blocks of BRAIN_BLOCK dendrites */
	uint32_t *first;   /* n + 1 offsets */
	uint16_t *src;
	uint8_t *stw, *ltw, *strength, *suscept; /* nblocks * BRAIN_BLOCK bytes each */
	uint8_t *nloose;   /* derived: loose dendrites per neuron */
	/* derived: the dendrites reading each source neuron, as linked lists
	 * (head per source neuron, next per dendrite, BRAIN_NONE ends); 16-bit
	 * links while the type's blocks hold fewer than 0xffff dendrites */
	uint16_t *rhead16, *rnext16; /* nil ends */
	uint32_t *rhead32, *rnext32;
	uint16_t *owner;   /* derived: each dendrite's neuron (NULL when per != 0) */
	/* derived: bit k set when block k may hold a dendrite with
	 * susceptibility or STW != LTW (a clear bit is a promise: the block
	 * is at rest, and the quiet steps leave it so) */
	uint64_t *live;
	/* derived: bit k set when block k may hold a dendrite with
	 * susceptibility (a subset of live: on a tick when nothing but
	 * susceptibility can move, only these blocks and those receiving
	 * some can change) */
	uint64_t *susb;
	uint64_t *cells;   /* derived: bit i set when neuron i is fully loose */
	uint32_t loose_dendrites, loose_cells; /* derived: lobe totals */
	uint32_t cursor;   /* concept-style migration: next neuron to consider */
	/* derived: for the lobe values and activity qkey, whether its
	 * susceptibility and strength rules all give 0, and the plans of its
	 * susceptibility, reinforcement and strength rules (plan.c:
	 * type_plans) */
	bool qvalid, qzero;
	uint64_t qkey, qmask; /* qmask: the bits of the key the rules read */
	_Alignas(8) unsigned char plans[4][48];
	/* Kept sums (sums.c), derived, when `keep`: per neuron the sum of
	 * snap[src] * weight / 255 over its dendrites and the number of them
	 * whose source is silent in snap, a copy of the source outputs they
	 * were made from, and the neurons whose values moved since sumv was
	 * last refreshed. */
	uint16_t *acc;
	uint32_t synced;   /* derived: the source's outver when snap was last synced */
	uint8_t *nsil, *snap;
	uint64_t *dirty;
	bool dall;         /* derived: every neuron is dirty (a rebuild) */
	bool anydirty;     /* derived: some neuron is */
	bool hollow;       /* derived: some neuron has no dendrite of the type */
	bool ordered;      /* derived: each list holds the dendrites with a weight
	                      first (keep without anded: brain_lists_order) */
	/* derived: the 16-bit lists' end, nblocks * BRAIN_BLOCK; with
	 * `ordered` lists its weight byte (one past the blocks of stw and
	 * strength) is there and always 0: a walk of a list stops at it
	 * without an end test (sums.c) */
	uint16_t nil;
	/* derived, when `keep`: bit k set when block k may hold a dendrite
	 * whose weight (option input_weight) is not 0 */
	uint64_t *wnz;
	/* derived, when `keep` and some rule reads the input (else NULL),
	 * current with kvalid: bit d set when dendrite d's source fires in
	 * snap (for "input TRUE" rules) */
	uint64_t *infire;
	const brain_svrule_prog *rule[BRAIN_NDRULES]; /* shared: brain->progs */
} brain_dtype;

typedef struct brain_lobe {
	genome_lobe_gene gene;
	genome_lobe_dims dims;
	uint32_t n;
	uint8_t rloc[BRAIN_RL_CELL];  /* receptor loci 0..18 */
	uint8_t eloc[BRAIN_EL_CELL];  /* emitter loci 0..2 */
	uint8_t rnd[BRAIN_NRULES];
	uint8_t dmode;                /* brain_dmode */
	uint8_t *state, *output, *leak_in, *leak_out;
	/* Neurons with output > 0 after the lobe's last update, ascending.
	 * Saved: an emitter may clear an output afterwards. */
	uint16_t *firing;
	uint32_t nfiring;
	/* Cells 0..31 that may not win this lobe's winner-takes-all (bit n:
	 * cell n; brain_set_wta_mask). Set from outside every tick by whoever
	 * needs it (a world masks the decisions that need an object when
	 * there is none); not saved or hashed: 0 is the default. */
	uint32_t wta_deny;
	int percept_offset; /* first perception neuron it is copied to, or -1 */
	uint32_t rank;      /* position in the processing order */
	const brain_svrule_prog *state_rule; /* shared: brain->progs */
	uint16_t rules[BRAIN_NRULES];  /* every rule's program: brain->progs[rules[r]] */
	/* derived: type0, type1, anded0, anded1 of every neuron from the kept
	 * sums, for the slots the state rule reads (NULL for the others) */
	uint8_t *sumv[4];
	uint32_t sumnz[4]; /* derived: non-zero values in each sumv array */
	/* derived: the state rule folded with the lobe values fkey (chem0..5,
	 * threshold): the instruction it goes on from, the accumulator there,
	 * the slots the rest reads, whether it must go neuron by neuron, and
	 * whether it runs over whole arrays (neurons.c) */
	bool fvalid, fseq, fwide;
	uint8_t fkey[7];
	uint8_t fstart;
	uint8_t fload;   /* slot of a single load left (SVS_IMM: a constant), or SVS_COUNT */
	int16_t facc;
	int16_t fconst;  /* the value for every neuron when constant, else -1 */
	uint8_t fstate_sums; /* the rule is the state plus or minus these sums (bit s:
	                        sumv[s]), or 0 */
	uint32_t freads;
	/* derived: outver counts the updates of its outputs (a reader's kept
	 * sums that saw this count need no look at them); out_exposed: an
	 * emitter may clear an output, unseen (the count then proves
	 * nothing); state_exposed: a receptor may write a state, unseen;
	 * settled: every state is at rest and every output 0, as the last
	 * look found and nothing seen has changed since */
	uint32_t outver;
	bool out_exposed, state_exposed, settled;
	/* derived: the lobe's states and outputs are what its last update
	 * made of its rule's values (a sums array, slot ufload) with the
	 * update parameters ukey, and nothing has written them since: a
	 * neuron whose value did not move would be updated to what it holds
	 * (neurons.c). Whatever writes a state or an output outside the
	 * neuron phase clears it, and `settled` (brain_set_state does). */
	bool uvalid;
	uint8_t ufload;
	uint32_t ukey;
	uint64_t settled_key; /* its lobe values when it last settled */
	/* Its dendrite types: in brain->dtypes when wired, else a shared
	 * read-only type with `present` false (a type that is not wired has
	 * no state: most lobes have none). */
	brain_dtype *d[2];
} brain_lobe;

struct brain {
	brain_options opts;
	uint32_t nlobes;
	brain_lobe *lobes;
	uint8_t order[BRAIN_MAX_LOBES]; /* lobe numbers are bytes */
	uint64_t ticks;
	bool any_prop;          /* some lobe has a non-empty propagation rule */
	uint8_t *percept_block; /* per perception neuron: its flag-2 lobe, or 0 */
	/* the compiled rules, each distinct program once (rules are compared
	 * after compiling: most lobes share the empty rule) */
	brain_svrule_prog *progs;
	uint32_t nprogs;
	uint8_t *tables; /* SVRULE_TABLE bytes each: the distinct tables of progs */
	brain_dtype *dtypes; /* the wired dendrite types */
	/* the instinct FIFO: items[head .. head+len) modulo cap */
	genome_instinct_gene *inst;
	size_t inst_head, inst_len, inst_cap;
	/* scratch, sized at build time */
	uint16_t *scratch;      /* migration's pool, the sums' moved sources: max lobe size */
	uint16_t *picks;        /* migration: 2 * 256 */
	uint8_t *vals;          /* the neuron phase's rule values: max lobe size
	                           (shares scratch's bytes) */
	uint16_t *fresh;        /* the dendrite phase's fresh lanes per block
	                           (visit.c: susc_result), 0 between uses */
	uint64_t *sblk;         /* blocks holding such lanes, 0 between uses */
	void *arena;
};

#define BRAIN_NONE UINT32_MAX

/* A function kept out of its callers' loops, which then keep their
 * registers (a cold path, or one whose own loops want them). */
#if defined(__GNUC__)
#define BRAIN_NOINLINE __attribute__((noinline))
#else
#define BRAIN_NOINLINE
#endif

/* ---- reverse lists and owners ------------------------------------------------ */

static inline uint32_t brain_rhead(const brain_dtype *D, uint32_t s)
{
	if (D->wide)
		return D->rhead32[s];
	return D->rhead16[s] == D->nil ? BRAIN_NONE : D->rhead16[s];
}

static inline uint32_t brain_rnext(const brain_dtype *D, uint32_t d)
{
	if (D->wide)
		return D->rnext32[d];
	return D->rnext16[d] == D->nil ? BRAIN_NONE : D->rnext16[d];
}

/* The neuron dendrite d belongs to. */
static inline uint32_t brain_owner(const brain_dtype *D, uint32_t d)
{
	return D->per ? d / D->per : D->owner[d];
}

/* The array the sums weigh sources by (option input_weight). */
static inline uint8_t *brain_weights(const brain *b, const brain_dtype *D)
{
	return b->opts.input_weight ? D->strength : D->stw;
}

static inline void brain_bit_set(uint64_t *bits, uint32_t k)
{
	bits[k >> 6] |= 1ull << (k & 63);
}

static inline void brain_bit_put(uint64_t *bits, uint32_t k, bool on)
{
	uint64_t m = 1ull << (k & 63);
	bits[k >> 6] = on ? bits[k >> 6] | m : bits[k >> 6] & ~m;
}

static inline bool brain_bit(const uint64_t *bits, uint32_t k)
{
	return bits[k >> 6] >> (k & 63) & 1;
}

/* 64-bit words of a bitmap of n bits. */
static inline uint32_t brain_words(uint32_t n)
{
	return (n + 63) / 64;
}

/* The bits [0, n) of word w of a bitmap of n bits. */
static inline uint64_t brain_word_mask(uint32_t n, uint32_t w)
{
	uint32_t left = n - w * 64;
	return left >= 64 ? ~0ull : (1ull << left) - 1;
}

/* 0x80 in every non-zero byte of x. */
static inline uint64_t brain_nonzero_bytes(uint64_t x)
{
	return (((x & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | x) & 0x8080808080808080ull;
}

/* ---- construction and derived data (build.c, query.c) ------------------------- */

/* Build the structure for `n` lobes whose per-neuron dendrite counts are
 * counts[(lobe_base + i) * 2 + type] (lobe_base = neurons of earlier lobes)
 * and whose rnd-consts are rnd[lobe]; neurons start at rest, dendrites
 * unwired (source 0, weights 0). Used by brain_build and brain_load. */
int brain_assemble(brain **out, const genome_lobe_gene *const *genes, size_t n,
                   const brain_options *opts, const uint8_t *counts,
                   const uint8_t (*rnd)[BRAIN_NRULES], c2_err *err);

/* The stage-0 lobe genes a creature of `sex` builds its brain from, into
 * lobes[BRAIN_MAX_LOBES] (*n of them); 0, or C2_EFORMAT when there are none
 * or more than BRAIN_MAX_LOBES. */
int brain_lobe_genes(const genome *g, genome_sex sex, const genome_lobe_gene **lobes, size_t *n,
                     c2_err *err);

/* Recompute the derived dendrite fields (and, when `firing`, the firing
 * lists from the outputs: at build time only, since emitters may clear
 * outputs between ticks and the lists are then part of the state). */
void brain_derive(brain *b, bool firing);

/* Recompute the derived fields of one type of a lobe: loose counts and
 * cells, reverse lists, owners, live blocks; the kept sums are marked stale. */
void brain_derive_type(brain *b, brain_lobe *L, unsigned t);

/* Recompute the loose counts of one neuron's dendrites of one type. */
void brain_derive_neuron(brain *b, brain_lobe *L, unsigned type, uint32_t i);

/* One dendrite of neuron i of (L, type) was loose (strength 0) or not and
 * now is or is not: keep the counts and cells. */
void brain_loose_moved(brain_lobe *L, unsigned type, uint32_t i, bool was, bool now);

/* Mark neuron i of (L, type) fully loose or not from its loose count. */
void brain_note_cell(brain_lobe *L, unsigned type, uint32_t i);

/* Give dendrite d of type t a new source and new weights (migration,
 * instincts), keeping every derived structure exact: reverse lists, live
 * blocks, kept sums. Loose counts are the caller's (brain_derive_neuron). */
void brain_dendrite_write(brain *b, brain_lobe *L, unsigned t, uint32_t d, uint16_t src,
                          uint8_t stw, uint8_t ltw, uint8_t strength, uint8_t suscept);

/* Order every list of type D (srcn sources) as the kept sums walk them
 * without anded sums: the dendrites with a weight first; D->ordered
 * (brain_relink keeps the order where weights move through the sums'
 * hooks; what moves weights without them clears it). */
void brain_lists_order(const brain *b, brain_dtype *D, uint32_t srcn);

/* ---- kept sums (sums.c) ---------------------------------------------------- */

/* Make the kept sums of L's types current: rebuilt when stale, else
 * brought up to date with the source outputs (the sources that changed). */
void brain_sums_sync(brain *b, brain_lobe *L);

/* Refresh L's sumv arrays for the neurons whose sums moved. With `watch`
 * (one of the sumv arrays), the neurons whose value in it changed are
 * listed in chg (room for L->n) and counted, or UINT32_MAX is returned
 * when any may have changed; else 0. */
uint32_t brain_sums_refresh(brain *b, brain_lobe *L, const uint8_t *watch, uint16_t *chg);

/* type_t and anded_t of neuron i from the kept sums (current ones). */
void brain_sums_values(const brain *b, const brain_lobe *L, unsigned t, uint32_t i,
                       uint8_t *type, uint8_t *anded);

/* Put dendrite d first in its source's list when `weighted`, else last
 * (query.c): the order the kept sums walk without anded sums. */
void brain_relink(brain_dtype *D, uint32_t d, bool weighted);

/* Dendrite d (neuron i) of (L, t) changed its weight from w0 to w1: keep
 * the sums exact, and its source's list in order while it is (the
 * dendrites with a weight first: sums.c walks them alone). */
static inline void brain_sums_moved(brain_dtype *D, uint32_t i, uint32_t d, uint8_t w0,
                                    uint8_t w1)
{
	if (D->ordered && !w0 != !w1)
		brain_relink(D, d, w1 != 0);
	if (!D->kvalid)
		return;
	uint32_t o = D->snap[D->src[d]];
	if (!o)
		return;
	D->acc[i] = (uint16_t)(D->acc[i] + o * w1 / 255u - o * w0 / 255u);
	brain_bit_set(D->dirty, i);
	D->anydirty = true;
}

/* brain_sums_moved for the lanes `ch` of the block at base, whose weights
 * went from w0[k] to w[base + k], when the block is one neuron's (`per` a
 * multiple of BRAIN_BLOCK) and the sums are current: the same terms, in
 * one move of that neuron's sum (v / 255 = (v * 0x8081) >> 23 for v <=
 * 65025: brain/simd.h), the neuron marked once if its sum moved. `zero`
 * holds the lanes whose weight became or stopped being 0 (relinked, in
 * lane order, while the lists are in order). */
static inline void brain_sums_moved_block(brain_dtype *D, uint32_t base, unsigned ch,
                                          unsigned zero, const uint8_t *w0, const uint8_t *w)
{
	const uint16_t *src = D->src;
	const uint8_t *snap = D->snap;
	for (unsigned m = D->ordered ? zero : 0; m; m &= m - 1) {
		uint32_t d = base + (uint32_t)__builtin_ctz(m);
		brain_relink(D, d, w[d] != 0);
	}
	uint32_t delta = 0;
	for (; ch; ch &= ch - 1) {
		unsigned k = (unsigned)__builtin_ctz(ch);
		uint32_t d = base + k, a = w0[k], z = w[d];
		uint32_t f = snap[src[d]] * 0x8081u;
		delta += (z * f >> 23) - (a * f >> 23);
	}
	if (!(uint16_t)delta)
		return; /* the sum stayed */
	uint32_t i = base / D->per;
	D->acc[i] = (uint16_t)(D->acc[i] + delta);
	brain_bit_set(D->dirty, i);
	D->anydirty = true;
}

/* Dendrite d's weight is now w: keep wnz a superset of the blocks with a
 * weight. */
static inline void brain_wnz_note(brain_dtype *D, uint32_t d, uint8_t w)
{
	if (w && D->wnz)
		brain_bit_set(D->wnz, d / BRAIN_BLOCK);
}

/* ---- the tick (reference.c) and the pieces of it the fast paths share ------- */

/* The lobe's chem0..5 and threshold into v. */
static inline void brain_lobe_values(const brain_lobe *L, uint8_t *v)
{
	memcpy(&v[SVS_CHEM0], &L->rloc[BRAIN_RL_CHEM], 6);
	v[SVS_THRES] = L->rloc[BRAIN_RL_THRESHOLD];
}

/* The neuron update's parameters for lobe L this tick (§4.3). */
typedef struct brain_upd {
	uint8_t thr, rest, leak; /* the lobe's receptor loci */
	bool leak_due;           /* the leak's rate is due this brain tick */
	uint16_t mult;           /* its multiplier (genome_rate_multiplier) */
	bool openc2e;            /* option openc2e_leak */
} brain_upd;

static inline brain_upd brain_upd_of(const brain *b, const brain_lobe *L)
{
	brain_upd x;
	x.thr = L->rloc[BRAIN_RL_THRESHOLD];
	x.rest = L->rloc[BRAIN_RL_REST];
	x.leak = L->rloc[BRAIN_RL_LEAKAGE];
	x.leak_due = genome_rate_due(x.leak, (uint32_t)b->ticks);
	x.mult = (uint16_t)genome_rate_multiplier(x.leak);
	x.openc2e = b->opts.openc2e_leak;
	return x;
}

/* One neuron: its state rule's value `val` -> its output and stored state. */
void brain_neuron_update(const brain_upd *x, int val, uint8_t *state, uint8_t *output);

/* Neuron i's values for a state rule reading `reads` (bit s: slot s) into
 * v: state, output, leak registers, and its sums summed now (§4.4). */
void brain_neuron_values(const brain *b, const brain_lobe *L, uint32_t reads, uint32_t i,
                         uint8_t *v);

/* A dendrite type's rates this tick (§4.5): the five rate loci, which are
 * due, and the options that change the steps. */
typedef struct brain_rates {
	const uint8_t *r;                /* the five rate loci of the type */
	bool susc, stw, ltw, gain, loss; /* due this tick */
	int set, step, clears;           /* options reinforce, ltw_gain, loose_clears_weights */
} brain_rates;

brain_rates brain_rates_due(const brain *b, const brain_lobe *L, unsigned t);

/* Step 1: the susceptibility after the rule gave s. */
uint8_t brain_suscept_step(uint8_t su, int s, const brain_rates *x);

/* Step 2: STW after reinforcement r. */
uint8_t brain_reinforce_step(uint8_t stw, uint8_t ltw, uint8_t su, int r, int set);

/* Steps 3 and 4 of dendrite d from its STW after step 2 and its LTW,
 * stored; true when STW and LTW differ after. */
bool brain_steps_3_4(brain_dtype *D, uint32_t d, uint8_t stw, uint8_t ltw, const brain_rates *x);

/* Steps 5 and 6: dendrite d of neuron i of (L, t) gets strength v (clamped
 * to 0..255), keeping the loose counts, the kept sums and (with `clears`)
 * clearing the weights of a dendrite that goes loose. */
void brain_set_strength(brain *b, brain_lobe *L, unsigned t, uint32_t i, uint32_t d, int v,
                        int clears);

/* Dendrite d of neuron i of (L, t) became loose (strength 0) or stopped
 * being loose: brain_set_strength's bookkeeping, for callers that moved
 * strengths themselves. */
void brain_dendrite_loose(brain *b, brain_lobe *L, unsigned t, uint32_t i, uint32_t d,
                          bool loose, int clears);

/* The sums of one neuron kept current on the general path as its weights
 * move (sums.c), so that a rule reading them costs O(1). */
typedef struct brain_nsums {
	bool valid;
	uint32_t acc[2], silent[2], cnt[2];
} brain_nsums;

/* One dendrite type of a lobe, being updated. */
typedef struct brain_dctx {
	brain *b;
	brain_lobe *L;
	brain_dtype *D;
	unsigned t;          /* D is L->d[t] */
	const brain_lobe *S; /* its source lobe */
	uint32_t i;          /* the neuron (the sums, the leak registers) */
	uint8_t *v;          /* the values rules read */
	c2_rng *rng;
	brain_nsums *ns;     /* the general path's kept sums, or NULL: summed at every read */
} brain_dctx;

/* The value of a dendrite-level slot (input, suscept, STW, LTW, strength,
 * the leak registers) for dendrite d of neuron c->i. */
uint8_t brain_dendrite_value(const brain_dctx *c, unsigned slot, uint32_t d);

/* The slots a dendrite rule reads of a dendrite, and the sums. */
#define BRAIN_DENDRITE_SLOTS                                                              \
	((1u << SVS_INPUT) | (1u << SVS_SUSCEPT) | (1u << SVS_STW) | (1u << SVS_LTW) |        \
	 (1u << SVS_STRENGTH) | (1u << SVS_SRC_LEAK_IN) | (1u << SVS_LEAK_IN) | (1u << SVS_LEAK_OUT))
#define BRAIN_SUM_SLOTS \
	((1u << SVS_TYPE0) | (1u << SVS_TYPE1) | (1u << SVS_ANDED0) | (1u << SVS_ANDED1))

/* ---- the fast paths ---------------------------------------------------------------- */

/* The general path's kept sums of neuron c->i into c->v (made on first use;
 * sums.c). */
void brain_nsums_read(const brain_dctx *c);

/* Dendrite d of type t of neuron c->i changed its weight from w0: keep
 * c->ns current (sums.c). */
void brain_nsums_moved(const brain_dctx *c, unsigned t, uint32_t d, uint8_t w0);

/* Every neuron of L: state rule, output, leaked state, firing list, with
 * every shortcut (neurons.c). */
void brain_neuron_phase(brain *b, brain_lobe *L, c2_rng *rng);

/* Would L's neuron phase find it at rest and leave it so, without a look
 * at its neurons? (Then so would the rest of its tick, when it has no
 * dendrites.) (neurons.c) */
bool brain_neuron_quiet(const brain *b, const brain_lobe *L);

/* Winner-takes-all of a lobe with flag bit 0, by its firing list (neurons.c). */
void brain_winner_takes_all(brain_lobe *L);

/* Every dendrite of L, with every shortcut: a lobe of BRAIN_DFAST or
 * BRAIN_DSUMS rules (plan.c). */
void brain_fast_dendrites(brain *b, brain_lobe *L, c2_rng *rng);

/* Every block of the type may hold susceptibility and weights now (query.c). */
void brain_live_all(brain_dtype *D);

/* Refresh a lobe's emitter loci (activity, loose counts) from its state;
 * the tick calls it after each lobe's update (query.c). */
void brain_lobe_emitters(const brain *b, brain_lobe *L);

/* Migration of one lobe after its dendrite updates (§4.7). */
void brain_migrate(brain *b, brain_lobe *L, c2_rng *rng);

/* Does dendrite type `t` of lobe gene `g` get wired in a brain of nlobes? */
bool brain_type_present(const genome_lobe_gene *g, unsigned t, size_t nlobes);

#endif
