/* brain.h — a Creatures 2 brain: lobes, neurons, dendrites, SV-rules,
 * winner-takes-all, learning, migration and instincts (reference §3, §4, §6.2).
 *
 * The interface the engine and the viewer use. A brain is built once from
 * the lobe genes of a genome; after that it is stepped with brain_tick, fed
 * through brain_set_state / brain_add_state and the receptor locus pointers,
 * and read through the accessors and the emitter locus pointers. Every random
 * choice (wiring, rnd-const, `random`, migration) draws from the caller's
 * c2_rng, so the same seed gives the same brain bit for bit.
 *
 * The core never prints; functions that can fail return 0 or a c2_code and
 * fill a c2_err. Indices out of range are answered with -1 / 0 / NULL as each
 * function states, never with a crash. No function allocates during
 * brain_tick or brain_instinct_process.
 *
 * Tick order (one brain_tick; §4.3–§4.8): lobes in processing order
 * (option lobe_order); the perception lobe is filled from the perceptible
 * lobes' outputs just before it runs. For each lobe: every neuron's state
 * rule -> output (from the un-leaked value) and leaked state; then
 * winner-takes-all; then every dendrite (susceptibility, reinforcement, STW
 * relaxation, LTW gain, strength gain/loss on their periods, back/forward
 * propagation); then migration; then the lobe's emitter loci (activity,
 * loose counts) are refreshed and its leak-in registers cleared. */
#ifndef C2_BRAIN_H
#define C2_BRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/err.h"
#include "base/rng.h"
#include "brain/options.h"
#include "brain/svrule_vm.h"
#include "genome/genome.h"

typedef struct brain brain;

/* Receptor loci of a lobe (organ 0, tissue = lobe; reference §5.9). */
enum {
	BRAIN_RL_THRESHOLD = 0,
	BRAIN_RL_LEAKAGE = 1,
	BRAIN_RL_REST = 2,
	BRAIN_RL_DENDRITE = 3, /* 3 + 5*type + BRAIN_RATE_* */
	BRAIN_RL_CHEM = 13,    /* 13..18: chem0..chem5 */
	BRAIN_RL_CELL = 19     /* 19 + n: state of cell n */
};
/* The five rate loci of a dendrite type, in locus order. */
enum {
	BRAIN_RATE_RELAX_SUSCEPT,
	BRAIN_RATE_RELAX_STW,
	BRAIN_RATE_LTW_GAIN,
	BRAIN_RATE_STRENGTH_GAIN,
	BRAIN_RATE_STRENGTH_LOSS
};
/* Emitter loci of a lobe. */
enum {
	BRAIN_EL_ACTIVITY = 0, /* share of neurons firing, 0..255 */
	BRAIN_EL_LOOSE0 = 1,   /* # loose dendrites/cells, type 0 (option loose_count) */
	BRAIN_EL_LOOSE1 = 2,
	BRAIN_EL_CELL = 3      /* 3 + n: output of cell n */
};

/* Rules of a lobe, in the order of their rnd-const draws. */
enum {
	BRAIN_RULE_STATE = 0,
	BRAIN_RULE_DENDRITE = 1, /* 1 + 6*type + BRAIN_DRULE_* */
	BRAIN_NRULES = 13
};
enum {
	BRAIN_DRULE_GAIN,
	BRAIN_DRULE_LOSS,
	BRAIN_DRULE_SUSCEPT,
	BRAIN_DRULE_REINFORCE,
	BRAIN_DRULE_BACKPROP,
	BRAIN_DRULE_FWDPROP,
	BRAIN_NDRULES
};

/* Most lobes a brain may have (a lobe number is a byte). */
#define BRAIN_MAX_LOBES 256
/* Most dendrites a brain may have (a guard against hostile genomes). */
#define BRAIN_MAX_DENDRITES (4u * 1024u * 1024u)

/* ---- construction ---------------------------------------------------------- */

/* Build the brain of a creature of `sex` from the genome's stage-0 lobe genes
 * (genome_lobe_list), drawing from `rng`: per lobe the 13 rnd-consts, then
 * per neuron the dendrite counts by spread, then the wiring (§4.2).
 * `opts` may be NULL (defaults). On success *out is the brain (free with
 * brain_free) and 0 is returned; on failure *out is NULL and err says why
 * (brain_check_genome's errors, or C2_ENOMEM). */
int brain_build(brain **out, const genome *g, genome_sex sex, const brain_options *opts,
                c2_rng *rng, c2_err *err);

/* Would brain_build accept this genome for a creature of `sex`? 0, or the
 * error brain_build would give (C2_EFORMAT no lobe genes or too many,
 * C2_ETOOBIG more dendrites than BRAIN_MAX_DENDRITES if every neuron drew
 * its largest count) — the same whatever the random draws. */
int brain_check_genome(const genome *g, genome_sex sex, c2_err *err);

/* As brain_build, from `n` lobe genes given in lobe order. */
int brain_build_lobes(brain **out, const genome_lobe_gene *const *lobes, size_t n,
                      const brain_options *opts, c2_rng *rng, c2_err *err);

/* Free a brain (NULL is fine). Locus pointers die with it. */
void brain_free(brain *b);

/* The options the brain was built with. */
const brain_options *brain_get_options(const brain *b);

/* ---- running --------------------------------------------------------------- */

/* One brain tick (order above). Never fails, never allocates. */
void brain_tick(brain *b, c2_rng *rng);

/* Brain ticks run so far (the counter the rate periods are taken from). */
uint64_t brain_ticks(const brain *b);

/* Set / add to the state of neuron `cell` of `lobe` (drives, heard words,
 * stimuli). brain_add_state saturates at 0 and 255. Return 0, or -1 when the
 * neuron does not exist. */
int brain_set_state(brain *b, unsigned lobe, unsigned cell, uint8_t value);
int brain_add_state(brain *b, unsigned lobe, unsigned cell, int delta);

/* Cells that may take part in `lobe`'s winner-takes-all: bit n of
 * `allowed` for cell n (cells from 32 on always may). A cell left out
 * cannot win: its output is zeroed with the losers', and when no allowed
 * cell fires no cell does. ~0u (the default) allows every cell. The same
 * in every mode (reference and fast paths); not saved in snapshots nor
 * hashed, so its owner sets it again after loading (a world sets its
 * creatures' masks before every step). -1 when there is no such lobe. */
int brain_set_wta_mask(brain *b, unsigned lobe, uint32_t allowed);

/* Locus pointers for biochemistry (§5.9). brain_receptor_locus: 0 threshold,
 * 1 leakage, 2 rest, 3..12 the dendrite rates, 13..18 chem0..5, 19+n state
 * of cell n — receptors write through it. brain_emitter_locus: 0 activity,
 * 1/2 loose counts, 3+n output of cell n — emitters read it and may clear it
 * (set it to 0; nothing else may be written). The pointer stays valid for the
 * brain's lifetime; NULL when the lobe or locus does not exist. */
uint8_t *brain_receptor_locus(brain *b, unsigned lobe, unsigned locus);
uint8_t *brain_emitter_locus(brain *b, unsigned lobe, unsigned locus);

/* ---- reading --------------------------------------------------------------- */

/* Value of receptor locus `locus` of a lobe (as brain_receptor_locus), or -1. */
int brain_receptor_value(const brain *b, unsigned lobe, unsigned locus);

size_t brain_lobe_count(const brain *b);

typedef struct brain_lobe_info {
	int x, y, width, height; /* effective geometry (genome_lobe_dims_compute) */
	unsigned neurons;        /* width * height */
	const char *name;        /* role name for lobes 0..9, else "Lobe" */
	const genome_lobe_gene *gene;
	bool wta;
	uint8_t perceptible;        /* 0, 1, or 2 (mutually exclusive) */
	int perception_offset;      /* first perception neuron it is copied to, or -1 */
	bool has_dendrites[2];      /* the type is wired (valid source lobe, max > 0) */
	uint8_t source_lobe[2];     /* meaningful when has_dendrites */
	uint32_t dendrites[2];      /* total dendrites of each type */
	unsigned firing;            /* neurons with output > 0 after the last tick */
	unsigned process_rank;      /* position in the processing order */
} brain_lobe_info;

/* Fill *out for `lobe`; returns 0, or -1 if there is no such lobe. */
int brain_lobe_info_get(const brain *b, unsigned lobe, brain_lobe_info *out);

/* Lobe index processed at position `rank` of a tick, or -1. */
int brain_lobe_at_rank(const brain *b, unsigned rank);

/* The compiled rule `rule` (BRAIN_RULE_*) of a lobe, or NULL. */
const brain_svrule_prog *brain_lobe_rule(const brain *b, unsigned lobe, unsigned rule);

/* Neuron state / output, or -1 when the neuron does not exist. */
int brain_state(const brain *b, unsigned lobe, unsigned cell);
int brain_output(const brain *b, unsigned lobe, unsigned cell);
/* A lobe's neuron states (which 0) or outputs (1), brain_lobe_info's
 * `neurons` of them, or NULL when there is no such lobe. The arrays are
 * made once, when the brain is built, and stay where they are until
 * brain_free: a caller may keep the pointer and read it after every tick
 * (the Python package's live arrays do). */
const uint8_t *brain_cells(const brain *b, unsigned lobe, int which);

/* The neuron with the largest output of a lobe (lowest index on ties), or -1
 * when no neuron fires (or no such lobe). For a winner-takes-all lobe this
 * is the winner. */
int brain_winner(const brain *b, unsigned lobe);

/* Number of dendrites of `type` (0/1) on a neuron (0 if out of range). */
unsigned brain_dendrite_count(const brain *b, unsigned lobe, unsigned cell, unsigned type);

typedef struct brain_dendrite_info {
	uint8_t src_lobe;
	uint16_t src;
	uint8_t stw, ltw, strength, suscept;
} brain_dendrite_info;

/* Dendrite `k` of `type` of a neuron; returns 0, or -1 when out of range. */
int brain_dendrite_get(const brain *b, unsigned lobe, unsigned cell, unsigned type, unsigned k,
                       brain_dendrite_info *out);

/* Loose dendrites of `type` on a neuron (strength 0). */
unsigned brain_loose_count(const brain *b, unsigned lobe, unsigned cell, unsigned type);

/* ---- instincts (§6.2) ----------------------------------------------------- */

/* Append an instinct gene to the FIFO of pending instincts (the engine does
 * this when instinct genes are expressed). Returns 0 or C2_ENOMEM. */
int brain_instinct_push(brain *b, const genome_instinct_gene *gene, c2_err *err);

/* Pending instincts. */
size_t brain_instinct_pending(const brain *b);

typedef enum brain_instinct_result {
	BRAIN_INSTINCT_NONE,          /* the queue was empty */
	BRAIN_INSTINCT_WIRED,
	BRAIN_INSTINCT_NO_INPUT,      /* no slot maps to a perception neuron: dropped */
	BRAIN_INSTINCT_NO_CANDIDATE,  /* no concept cell with that many dendrites: dropped */
	BRAIN_INSTINCT_NO_LOBES,      /* no concept/decision lobe, or they are not wired
	                                 perception -> concept -> decision: dropped */
	BRAIN_INSTINCT_BAD_ACTION     /* action is not a decision cell, or the cell has no
	                                 dendrite of the needed type: dropped */
} brain_instinct_result;

typedef struct brain_instinct_report {
	genome_instinct_gene gene;
	unsigned ninputs;
	uint16_t perception[3]; /* perception neurons of the inputs */
	int concept;            /* concept neuron wired, or -1 */
	unsigned concept_dendrites; /* its type-0 dendrite count */
	unsigned type;          /* decision dendrite type (1 for punishment) */
	int dendrite;           /* decision dendrite index wired, or -1 */
} brain_instinct_report;

/* Process the oldest pending instinct exactly as §6.2 describes (one per
 * brain tick while dreaming is the engine's job). Fills *rep when non-NULL.
 * Never allocates. */
brain_instinct_result brain_instinct_process(brain *b, brain_instinct_report *rep);

/* A short name of a result ("wired", "no-candidate" ...). */
const char *brain_instinct_result_name(brain_instinct_result r);

/* Perception neurons of an instinct's inputs, exactly as processing it
 * would map them (§6.2); returns how many (0..3) were written to out. */
unsigned brain_instinct_inputs(const brain *b, const genome_instinct_gene *gene, uint16_t out[3]);

/* Forget every pending instinct. */
void brain_instinct_clear(brain *b);

/* ---- importing a brain (exchange/import.c) ------------------------------------
 * A brain whose wiring comes from elsewhere (a C2 export): built with given
 * dendrite counts, then every neuron and dendrite set, then refreshed. */

/* As brain_build, but neuron i of lobe l gets counts[2*(N_l + i) + t]
 * dendrites of type t (N_l: neurons of the lobes before l; `ncounts` must
 * be twice the number of neurons, and types the genes do not wire must get
 * 0). rnd-consts are drawn from rng; neurons start at rest and dendrites
 * unwired (source 0, weights 0). C2_EINVAL when the counts do not fit. */
int brain_build_shaped(brain **out, const genome *g, genome_sex sex, const brain_options *opts,
                       const uint8_t *counts, size_t ncounts, c2_rng *rng, c2_err *err);

/* Total neurons of the brain (the length brain_build_shaped's counts need / 2). */
size_t brain_neuron_total(const brain *b);

/* Set a neuron's state and output. -1 when it does not exist. */
int brain_neuron_set(brain *b, unsigned lobe, unsigned cell, uint8_t state, uint8_t output);

/* Set dendrite k of `type` of a neuron: its source (must be a neuron of the
 * type's source lobe) and weights (src_lobe is ignored). -1 when out of range. */
int brain_dendrite_set(brain *b, unsigned lobe, unsigned cell, unsigned type, unsigned k,
                       const brain_dendrite_info *d);

/* Set the brain tick counter (the phase of every rate period). */
void brain_set_ticks(brain *b, uint64_t ticks);

/* After brain_neuron_set / brain_dendrite_set / receptor-locus writes:
 * recompute everything derived (loose counts, source lists, firing lists
 * from the outputs) and the emitter loci. Cannot fail. */
void brain_refresh(brain *b);

/* ---- snapshots ------------------------------------------------------------- */

/* Append the whole brain state (lobe genes, options, every neuron and
 * dendrite, rnd-consts, counters, the instinct queue) to w. Returns 0, or
 * C2_ENOMEM when the writer ran out of memory. */
int brain_save(const brain *b, c2_wbuf *w);

/* Rebuild a brain from brain_save's bytes at r's position. Every field is
 * checked; bad data gives C2_EFORMAT with err->offset at the offending byte,
 * never a crash. */
int brain_load(brain **out, c2_rbuf *r, c2_err *err);

/* 64-bit hash of everything brain_save writes. */
uint64_t brain_hash(const brain *b);

/* ---- testing --------------------------------------------------------------- */

/* Reference mode: evaluate every rule of every dendrite in the plain
 * per-dendrite order of §4.5, with no hoisting or skipping. Results must be
 * identical to the normal mode; tests compare the two. */
void brain_set_reference_mode(brain *b, bool on);

#endif
