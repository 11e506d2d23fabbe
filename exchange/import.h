/* import.h — a Creatures 2 export as a c2rt creature, and a side-by-side
 * comparison of an export with c2rt's own run of the export's genome.
 *
 * exchange_import builds the creature from the export's genome (its sex and
 * life stage from CGenome), with the brain exactly as exported (every
 * neuron's state and output, every dendrite's source and weights, the lobe
 * loci the header holds, the brain tick counter), the 256 chemicals and
 * half-lives, and every organ's running state (clock, clock rate, bioticks,
 * life forces, repair and injury loci). What the export does not hold in a
 * block we understand is rebuilt from the genome, and the report says so.
 *
 * exchange_compare_export hatches the export's genome in c2rt, runs it to
 * the export's age and lists, field by field, what both sides hold: each
 * row says whether the genome alone decides it (and so must agree), or the
 * random draws of the wiring, or chemistry that the missing world drives.
 * The core never prints: the CLI formats the rows.
 *
 * exchange/ stands on the engine's public API: the import assembles its
 * creature through engine/assemble.h (a brain built here from the export,
 * the biochemistry's running state and the clock set through that
 * interface), and reads creatures through engine.h's accessors. */
#ifndef C2_EXCHANGE_IMPORT_H
#define C2_EXCHANGE_IMPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "exchange/export.h"

/* The export's age in biochem ticks, from the body organ's clock
 * arithmetic: it is engine-made (clock rate 128 from 0, no receptors), so
 * ticks = (bioticks * 255 + clock) / 128 exactly. False when the export has
 * no such body organ or the numbers do not divide. */
bool exchange_export_age(const exchange_file *x, uint64_t *biochem_ticks);

enum { EXCHANGE_IMPORT_NOTES = 12 };

typedef struct exchange_import_report {
	char moniker[5];
	genome_sex sex;
	int stage;
	bool age_known;
	uint64_t biochem_ticks, world_ticks;
	size_t genes;
	bool brain;            /* neurons and dendrites came from the export */
	size_t lobes, neurons, dendrites, loose;
	bool chemicals;        /* concentrations and half-lives came from it */
	size_t organs, organs_matched;
	bool brain_organ;
	size_t instincts, instincts_wired, instincts_pending;
	char notes[EXCHANGE_IMPORT_NOTES][200]; /* what was not imported, and why */
	size_t nnotes;
} exchange_import_report;

/* Build the creature an export describes (see above); `cfg` gives the seed
 * and options (its sex is replaced by the export's). On success *out is a
 * creature to step, save or view, and `rep` (may be NULL) says what came
 * from where. Fails (C2_EFORMAT with the file offset) when the export has no
 * genome or its genome does not parse, or its brain's shape contradicts it. */
int exchange_import(creature **out, const exchange_file *x, const creature_config *cfg,
                    exchange_import_report *rep, c2_err *err);

/* ---- comparison ---------------------------------------------------------------- */

/* X(NAME, text) */
#define EXCHANGE_VERDICTS(X) X(EQUAL, "equal") X(CLOSE, "close") X(DIFFERENT, "different")
typedef enum exchange_verdict {
#define X(n, t) EXCHANGE_##n,
	EXCHANGE_VERDICTS(X)
#undef X
	EXCHANGE_NVERDICTS
} exchange_verdict;

/* What decides a row: X(NAME, text, meaning) */
#define EXCHANGE_BASES(X)                                                               \
	X(GENOME, "genome", "decided by the genome alone: c2rt must agree")                 \
	X(ENGINE, "engine", "an engine choice the reference leaves open (its section 9)")    \
	X(RANDOM, "random", "depends on the random draws of the wiring at birth")           \
	X(WORLD, "world", "moved by chemistry and senses that c2rt's missing world drives")
typedef enum exchange_basis {
#define X(n, t, m) EXCHANGE_BASIS_##n,
	EXCHANGE_BASES(X)
#undef X
	EXCHANGE_NBASES
} exchange_basis;

const char *exchange_verdict_name(exchange_verdict v);
const char *exchange_basis_name(exchange_basis b);
const char *exchange_basis_meaning(exchange_basis b);

/* c2rt's values of a row over several seeds (exchange_compare_seeds): only
 * rows of the random wiring with whole-number values get one; n = 0 when
 * none was gathered. */
typedef struct exchange_spread {
	unsigned n;
	long min, max;
	double mean, sd; /* population standard deviation */
	bool inside;     /* the export's value lies in [min, max] */
} exchange_spread;

typedef struct exchange_compare_row {
	char item[64];  /* "Muscle (organ 7, gene 296)", "lobe 6 Decision", "chemical 99 ATP" ... */
	char field[32];
	char exp[48], mine[48];
	exchange_verdict verdict;
	exchange_basis basis;
	char note[200]; /* tolerance, or the reference's explanation */
	exchange_spread spread;
} exchange_compare_row;

typedef struct exchange_compare {
	char moniker[5];
	genome_sex sex;
	int stage;
	uint64_t world_ticks, biochem_ticks;
	uint64_t seed;
	unsigned nseeds; /* 1, or how many seeds the spreads cover (seed, seed + 1 ...) */
	exchange_compare_row *rows;
	size_t n, cap;
	size_t count[EXCHANGE_NVERDICTS][EXCHANGE_NBASES];
} exchange_compare;

/* Hatch the export's genome (its sex; cfg's seed and options), run it to the
 * export's age and fill *out with the rows (free with
 * exchange_compare_free). Fails like exchange_import, and when the age
 * cannot be derived (exchange_export_age). */
int exchange_compare_export(const exchange_file *x, const creature_config *cfg,
                            exchange_compare *out, c2_err *err);
/* The same comparison, and for every row of the random wiring c2rt's spread
 * over nseeds runs with seeds cfg->seed, cfg->seed + 1 ... (the verdicts
 * stay those of cfg->seed's run). A single draw of the wiring is one sample:
 * the spread says whether the export's value is a plausible draw of c2rt's.
 * nseeds 0 or 1 is exchange_compare_export. */
int exchange_compare_seeds(const exchange_file *x, const creature_config *cfg, unsigned nseeds,
                           exchange_compare *out, c2_err *err);
void exchange_compare_free(exchange_compare *cmp);

/* ---- shared by import and comparison (exchange/import.c) --------------------------- */

/* The same record for a c2rt creature: its brain's lobes, neurons and
 * dendrites, chemicals, half-lives, organs (body and genome organs in bc
 * order, their receptors/emitters/reactions as gene bodies) and brain
 * organ, as if it had been exported. Free with exchange_free. Returns 0 or
 * C2_ENOMEM. */
int exchange_from_creature(const creature *c, exchange_file *out, c2_err *err);

/* A receptor/emitter (8 bytes) or reaction (9) body as C2 holds it once
 * expressed: out-of-range codons wrapped into range (organ byte mod 3,
 * reaction amounts 0 -> 1), as the export shows. */
void exchange_expressed_bytes(bc_elem_kind kind, const uint8_t *in, uint8_t *out);

/* How many receptors, emitters and reactions of two organs differ (as
 * multisets of bodies; `expressed`: after exchange_expressed_bytes), or -1
 * when their shapes differ (counts, LT repair, initial life force) or
 * memory ran out. */
long exchange_organ_diff(const exchange_organ *a, const exchange_organ *b, bool expressed);

/* For each organ of `x`, the index of the organ of `mine` of the same shape
 * whose genes differ least (at most a quarter of them: mutations), or -1;
 * each organ of `mine` is used once. `map` holds x->norgans entries.
 * Returns the number matched. */
size_t exchange_match_organs(const exchange_file *x, const exchange_file *mine, long *map);

/* Is instinct `g` wired in `v` (a concept cell of exactly its input count
 * listening to its inputs with LTW = level, and a decision dendrite of the
 * reinforcer's type from that cell with LTW = level)? `c` maps the inputs
 * to perception cells (the genome's lobes). */
bool exchange_instinct_wired(const creature *c, const exchange_file *v,
                             const genome_instinct_gene *g);

#endif
