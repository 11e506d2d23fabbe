/* evolve.h — one replicate of an evolution run: a founding population put
 * into its own copy of a world, stepped until it reaches a generation, dies
 * out or runs out of time, its genealogy drained as it goes (each line
 * tagged with the replicate), checkpointed as whole worlds, and summed up
 * per generation as CSV rows. `c2rt evolve` (cli/cmd_evolve.c) runs the
 * replicates, in worker processes, and owns the files.
 *
 * Replicate r's world is loaded with seed S + r (S: the spec's seed);
 * founder i hatches with seed (S + r) * 1000003 + i and its sex, and goes
 * in as world_add_founder puts it (its moniker drawn by the world).
 *
 * Allele frequencies (the CSV's gene columns): for each gene the spec
 * names (kind, id, duplicate number), a creature's allele is the gene's
 * bytes as it hatched with them; a *new* allele is one no founder of its
 * world had (made by a mutation since). Per generation the CSV gives, for
 * each named gene, the share of the creatures born that carry a new allele
 * (`new:GENE`) and the number of distinct alleles among them
 * (`alleles:GENE`); a creature without the gene counts as an allele of its
 * own ("absent"). The rest of a row comes from the replicate's genealogy
 * through batch_lineage (batch/lineage.h): the CSV and `c2rt lineage` of
 * the same log agree by construction.
 *
 * No files, threads, clocks or printing here. */
#ifndef C2_BATCH_EVOLVE_H
#define C2_BATCH_EVOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/err.h"
#include "engine/engine.h"
#include "genome/genome.h"
#include "world/world.h"

enum { BATCH_EVOLVE_MAX_GENES = 16, BATCH_EVOLVE_MAX_FOUNDERS = 64 };

/* Why a replicate ended: the ONE table. X(ID, name). */
#define BATCH_EVOLVE_STOPS(X)                                                   \
	X(RUNNING, "running") X(GENERATIONS, "generations") X(TIME, "time")       \
	X(EXTINCT, "extinct") X(MAX_TICKS, "max-ticks") X(CROWDED, "crowded")
#define BATCH_X_ES(id, name) BATCH_EVOLVE_##id,
typedef enum batch_evolve_stop { BATCH_EVOLVE_STOPS(BATCH_X_ES) BATCH_EVOLVE_NSTOPS } batch_evolve_stop;
#undef BATCH_X_ES
const char *batch_evolve_stop_name(batch_evolve_stop s);

typedef struct batch_evolve_gene {
	uint8_t kind, id, dup; /* genome_kind, and the gene's identity */
	char name[40];         /* "receptor:12:0": the column's */
} batch_evolve_gene;

typedef struct batch_evolve_spec {
	creature_config cfg;     /* options; cfg.seed is S (cfg.sex unused) */
	const char *world_text;  /* the world file */
	size_t world_len;
	const world_options *world_opts;
	const world_events *ev;  /* parsed against a world of this file, or NULL */
	const char *events_text; /* for the id */
	size_t events_len;
	size_t nfounders;
	const genome *founders;  /* each founder's genome */
	const genome_sex *sexes;
	const char *const *founder_names; /* the genealogy's "genome" */
	const uint64_t *founder_hashes;   /* of each file's bytes, for the id */
	unsigned generations;    /* > 0: stop once a creature of this generation hatched */
	uint64_t ticks;          /* > 0: stop after this many world ticks */
	uint64_t max_ticks;      /* with generations: give up after this many */
	size_t max_population;   /* > 0: stop once this many are alive at once (crowded) */
	size_t replicates;
	size_t ngenes;
	batch_evolve_gene genes[BATCH_EVOLVE_MAX_GENES];
} batch_evolve_spec;

/* The run's id: a hash of everything that decides its results (world and
 * events text, options, founders' bytes and sexes, seed, stop rule,
 * replicates, named genes). Checkpoints and finished replicates of another
 * id are never mixed in. */
uint64_t batch_evolve_id(const batch_evolve_spec *s);

/* "KIND:ID[:DUP]" into g. 0, or C2_EINVAL with why. */
int batch_evolve_gene_parse(const char *text, batch_evolve_gene *g, c2_err *err);

/* A replicate in progress. */
typedef struct batch_evolve_run {
	size_t replicate;
	world *w;
	c2_wbuf lineage;      /* its genealogy so far, tagged */
	size_t seen;          /* creatures whose alleles are recorded */
	uint64_t pending;     /* children conceived, neither hatched nor lost */
	unsigned generation;  /* the highest generation hatched */
	batch_evolve_stop stop;
	/* alleles: per creature (in world index order) its generation, whether
	 * a founder, and the hash of each named gene */
	uint32_t *gen;
	uint8_t *founder;
	uint64_t *allele;
	size_t cap;
} batch_evolve_run;

/* Replicate r from its start. 0, or an error (a founder the world
 * refuses ...). */
int batch_evolve_start(const batch_evolve_spec *s, size_t r, batch_evolve_run *run, c2_err *err);

/* Replicate r from a checkpoint (batch_evolve_save's bytes): refused
 * (C2_EFORMAT) when it is another run's or another replicate's. */
int batch_evolve_restore(const batch_evolve_spec *s, size_t r, const uint8_t *data, size_t len,
                         batch_evolve_run *run, c2_err *err);

/* Step up to n world ticks; stops early when the replicate ends (run->stop
 * set). Returns run->stop. */
batch_evolve_stop batch_evolve_step(const batch_evolve_spec *s, batch_evolve_run *run, uint64_t n);

/* A checkpoint: the whole world and this run's state. 0 or C2_ENOMEM. */
int batch_evolve_save(const batch_evolve_spec *s, const batch_evolve_run *run, c2_wbuf *out);

void batch_evolve_free(batch_evolve_run *run);

/* The CSV header of generations.csv. */
void batch_evolve_csv_header(const batch_evolve_spec *s, c2_wbuf *w);

/* The replicate's rows (one per generation), from its genealogy and its
 * alleles. 0, or the error of reading its own genealogy back. */
int batch_evolve_csv_rows(const batch_evolve_spec *s, const batch_evolve_run *run, c2_wbuf *w,
                          c2_err *err);

/* The replicate's line of the run's summary (replicates.ndjson): replicate,
 * run id, replicates in the run, why it stopped, ticks, creatures alive, highest generation
 * hatched, creatures, the world's hash. */
void batch_evolve_summary(const batch_evolve_spec *s, const batch_evolve_run *run, c2_wbuf *w);

#endif
