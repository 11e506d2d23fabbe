/* internal.h — the biochemistry's data layout, shared by the files of
 * biochem/ only (the public API is biochem.h).
 *
 * Data-oriented layout: one flat array per element kind (receptors,
 * emitters, reactions), kept sorted by owning organ so that each organ owns a
 * contiguous range; receptors are further grouped by locus address (a
 * "receptor group", §5.6) so each group is a contiguous range too. All
 * arrays are sized at expression time; the tick path never allocates. Gene
 * bytes are copied in, so a biochemistry does not reference its genome after
 * expression. */
#ifndef C2_BIOCHEM_INTERNAL_H
#define C2_BIOCHEM_INTERNAL_H

#include "biochem/biochem.h"

typedef struct bc_organ {
	/* loci and clock (bytes receptors and emitters may bind to) */
	uint8_t clock_rate, repair_rate, injury;
	uint8_t clock;
	/* gene parameters */
	uint8_t lt_repair, atp_coef, lf_byte;
	uint8_t kind; /* bc_organ_kind */
	uint8_t failed, energy_ok;
	uint8_t em_slow; /* derived: every emitter samples less often than every activation */
	uint32_t biotick;
	uint32_t energy_cost;
	long gene;
	double initial_lf, st, lt;
	double starve; /* damage per activation without ATP (derived) */
	/* compiled ranges into the element arrays (derived) */
	uint32_t rec_first, rec_n;
	uint32_t grp_first, grp_n;
	uint32_t em_first, em_n;
	uint32_t rx_first, rx_n;
	int32_t clock_group; /* group on this organ's own clock-rate locus, or -1 */
	/* derived, with em_slow: no emitter samples before this biotick (0:
	 * look) */
	uint32_t em_next;
} bc_organ;

typedef struct bc_receptor {
	int32_t gene;
	uint32_t organ;
	genome_receptor_gene g;
	uint8_t bound; /* derived: its group writes a real locus */
	uint8_t seen;  /* derived: its chemical's concentration at the group's last evaluation */
} bc_receptor;

/* How a receptor group writes its locus. */
enum { BC_GRP_INERT = 0, BC_GRP_AVERAGE = 1, BC_GRP_OR = 2 };

typedef struct bc_group {
	uint8_t *dest;
	uint32_t first, n;
	/* derived: the value it last wrote, when its receptors' seen
	 * concentrations are those it was computed from, else BC_GRP_STALE
	 * (always in reference mode); the first receptor's chemical and seen
	 * concentration */
	uint16_t last;
	uint8_t mode;
	uint8_t c0, s0;
	/* derived at compile time: the integer mean of the nominals of the
	 * receptors that read a chemical (BC_GRP_AVERAGE), and how many of
	 * them add and subtract (BC_GRP_MANY when either is more: counted as
	 * they are summed) */
	uint8_t nom, nadd, nsub;
} bc_group;

enum { BC_GRP_MANY = 0xff, BC_GRP_STALE = 0x100 /* no byte equals it */ };

typedef struct bc_emitter {
	uint8_t *src; /* bound locus (derived; &dummy_em when unbound) */
	/* derived: samples every `every` activations, or never (0: unbound,
	 * or sample rate 0 without option emitter_rate0_as_1) */
	uint8_t every;
	int32_t gene;
	uint32_t organ;
	genome_emitter_gene g;
} bc_emitter;

typedef struct bc_reaction {
	int32_t gene;
	uint32_t organ;
	genome_reaction_gene g;
	/* derived: the amounts after option reaction_zero_amount_as_1, the
	 * chemicals that take part (0 for none, or for an amount of 0: such
	 * a reactant limits nothing and is not consumed, such a product is
	 * not made; a reactant that takes no part has amount 0), and the
	 * rate's period mask and multiplier */
	uint8_t a1, a2, b1, b2;
	uint8_t r1, r2, p1, p2;
	uint16_t mult;
	uint32_t mask;
} bc_reaction;

enum { BC_DUE_K = 4 }; /* decay classes kept as bitmaps (periods 1, 2, 4, 8) */

struct bc_biochem {
	bc_options opt;
	bc_locus_resolver resolve;
	void *ctx;

	uint32_t counter; /* biochem ticks so far: the decay clock */
	uint8_t have_half;
	uint8_t chem[BC_NCHEM];
	uint8_t half[BC_NCHEM];
	/* derived (bc_compile): bit c of due[k] is set when chemical c's
	 * half-life period divides 2^k (it decays on every tick whose count
	 * has k trailing zero bits) */
	uint64_t due[BC_DUE_K][BC_NCHEM / 64];

	/* Unresolvable loci bind here; both are inert (see biochem.h). */
	uint8_t dummy_rec, dummy_em;

	bc_organ *organs; /* [0] body organ, then genome organs in gene order */
	size_t norgans, organ_cap;
	bc_organ brain;
	uint8_t has_brain;

	bc_receptor *rec;
	size_t nrec, rec_cap;
	bc_group *grp; /* at most one group per receptor */
	size_t ngrp, grp_cap;
	bc_emitter *em;
	size_t nem, em_cap;
	bc_reaction *rx;
	size_t nrx, rx_cap;
};

/* Set up organ `o` from organ-gene bytes (clock rate, LT repair, life
 * force, clock start, ATP coefficient). */
void bc_organ_init(bc_organ *o, bc_organ_kind kind, long gene, const genome_organ_gene *gb);

/* Recompute everything derived from the element arrays: organ ranges,
 * receptor groups, bound pointers (calls the resolver), energy costs. The
 * arrays must be sorted as described above. Cannot fail. */
void bc_compile(bc_biochem *b);

/* Is emitter e bound to a real locus? */
static inline bool bc_emitter_bound(const bc_biochem *b, const bc_emitter *e)
{
	return e->src != &b->dummy_em;
}

/* Same locus address? */
static inline int bc_same_address(const uint8_t *a, const uint8_t *b)
{
	return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

#endif
