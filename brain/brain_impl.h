/* brain_impl.h — the brain's data layout, shared by the brain sources only.
 *
 * Structure of arrays: every per-neuron and per-dendrite field is its own
 * flat uint8_t array (uint16_t for dendrite sources), carved from one arena
 * allocated when the brain is built, so locus pointers stay valid and the
 * tick touches dense memory and never allocates. A neuron's dendrites of one
 * type are contiguous: first[i] .. first[i+1].
 *
 * Fields marked "derived" are recomputed from the rest (after building,
 * loading and every change); they are not saved or hashed. */
#ifndef C2_BRAIN_IMPL_H
#define C2_BRAIN_IMPL_H

#include "brain/brain.h"
#include "genome/lobes.h"

typedef struct brain_dtype {
	bool present;     /* wired: valid source lobe and max > 0 */
	uint8_t src_lobe;
	uint8_t migration; /* 0 none, 1 decision style, 2 concept style */
	uint32_t total;
	uint32_t *first;   /* n + 1 offsets */
	uint16_t *src;
	uint8_t *stw, *ltw, *strength, *suscept;
	uint8_t *nloose;   /* derived: loose dendrites per neuron */
	/* derived: the dendrites reading each source neuron, as linked lists
	 * (rhead per source neuron, rnext per dendrite, BRAIN_NONE ends), and
	 * each dendrite's neuron — for summing from the firing sources */
	uint32_t *rhead, *rnext;
	uint16_t *owner;
	uint32_t loose_dendrites, loose_cells; /* derived: lobe totals */
	/* derived: dendrites with suscept != 0, and with STW != LTW (kept
	 * exact; they let the tick skip a type with nothing to relax) */
	uint32_t nsusc, ndiff;
	uint32_t cursor;   /* concept-style migration: next neuron to consider */
	svrule_prog rule[BRAIN_NDRULES];
} brain_dtype;

typedef struct brain_lobe {
	genome_lobe_gene gene;
	genome_lobe_dims dims;
	uint32_t n;
	uint8_t rloc[BRAIN_RL_CELL];  /* receptor loci 0..18 */
	uint8_t eloc[BRAIN_EL_CELL];  /* emitter loci 0..2 */
	uint8_t rnd[BRAIN_NRULES];
	uint8_t *state, *output, *leak_in, *leak_out;
	/* Neurons with output > 0 after the lobe's last update, ascending.
	 * Saved: an emitter may clear an output afterwards. */
	uint16_t *firing;
	uint32_t nfiring;
	int percept_offset; /* first perception neuron it is copied to, or -1 */
	uint32_t rank;      /* position in the processing order */
	bool general;       /* dendrite rules need the plain per-dendrite path */
	svrule_prog state_rule;
	brain_dtype d[2];
} brain_lobe;

struct brain {
	brain_options opts;
	uint32_t nlobes;
	brain_lobe *lobes;
	uint16_t order[BRAIN_MAX_LOBES];
	uint64_t ticks;
	bool any_prop;          /* some lobe has a non-empty propagation rule */
	uint8_t *percept_block; /* per perception neuron: its flag-2 lobe, or 0 */
	/* the instinct FIFO: items[head .. head+len) modulo cap */
	genome_instinct_gene *inst;
	size_t inst_head, inst_len, inst_cap;
	/* scratch for migration, sized at build time */
	uint16_t *scratch;      /* max lobe size */
	uint16_t *picks;        /* 2 * 255 */
	/* scratch of the neuron phase, per neuron of the lobe being updated:
	 * sum accumulators and firing sources reached (all 0 between uses),
	 * the neurons reached, the sums (type0, type1, anded0, anded1) and
	 * the rule values */
	uint32_t *sum_acc;
	uint8_t *sum_hits;
	uint16_t *touched;
	uint8_t *wide[4];
	uint8_t *vals;
	void *arena;
};

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

/* Recompute the loose counts of one neuron's dendrites of one type. */
void brain_derive_neuron(brain *b, brain_lobe *L, unsigned type, uint32_t i);

#define BRAIN_NONE UINT32_MAX

/* Move dendrite d of type D to source neuron `src`, keeping the lists. */
void brain_set_source(brain_dtype *D, uint32_t d, uint16_t src);

/* Recount nsusc and ndiff of a dendrite type. */
void brain_count_weights(brain_dtype *D);

/* Around any change of a dendrite's suscept, STW or LTW outside the tick's
 * own bookkeeping: forget its contribution to nsusc/ndiff, then note the
 * new one, so both stay exact. */
static inline void brain_weights_forget(brain_dtype *D, uint32_t d)
{
	D->nsusc -= D->suscept[d] != 0;
	D->ndiff -= D->stw[d] != D->ltw[d];
}

static inline void brain_weights_note(brain_dtype *D, uint32_t d)
{
	D->nsusc += D->suscept[d] != 0;
	D->ndiff += D->stw[d] != D->ltw[d];
}

/* 0x80 in every non-zero byte of x. */
static inline uint64_t brain_nonzero_bytes(uint64_t x)
{
	return (((x & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | x) & 0x8080808080808080ull;
}

/* The lobe's chem0..5 and threshold into v (neurons.c). */
void brain_lobe_values(const brain_lobe *L, uint8_t *v);

/* Both input sums of neuron i of L into v[SVS_TYPE0..SVS_ANDED1], summed
 * over its dendrites now (neurons.c). */
void brain_fill_sums(const brain *b, const brain_lobe *L, uint32_t i, uint8_t *v);

/* Every neuron of L: state rule, output, leaked state, firing list
 * (neurons.c). */
void brain_neuron_phase(brain *b, brain_lobe *L, c2_rng *rng);

/* Winner-takes-all of a lobe with flag bit 0 (neurons.c). */
void brain_winner_takes_all(brain_lobe *L);

/* Refresh a lobe's emitter loci (activity, loose counts) from its state;
 * the tick calls it after each lobe's update. */
void brain_lobe_emitters(const brain *b, brain_lobe *L);

/* Migration of one lobe after its dendrite updates (§4.7). */
void brain_migrate(brain *b, brain_lobe *L, c2_rng *rng);

/* Does dendrite type `t` of lobe gene `g` get wired in a brain of nlobes? */
bool brain_type_present(const genome_lobe_gene *g, unsigned t, size_t nlobes);

#endif
