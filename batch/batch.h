/* batch.h — many creatures headless: the job list (genomes × seeds),
 * deterministic shards, one run through the one step function with its
 * result row (CSV or NDJSON), and reading rows back to resume a killed batch
 * or to merge shards.
 *
 * Run r of a batch of G genomes × K seeds is genome r / K with seed
 * first + r % K; shard I of N (1-based) holds the runs with r % N == I - 1.
 * A row starts with the run number, the batch id and the number of runs:
 *
 *     run,batch,runs,genome,genome_hash,seed,sex,body,ticks,alive,lifespan_s,age_s,stage,cause,
 *     state_hash,avg:chem:ATP,end:chem:ATP,...,avg:drive:Hunger,end:drive:Hunger,...,
 *     act:quiescent,...,act:hit,act:14,act:15,act:other,act:none,act:asleep,act:dreaming,
 *     wall_s,error,check
 *
 * with a parent genome (--parent), a `mutations` column before wall_s:
 * the genome's changes from it, as `c2rt diff` names them, "; " between;
 * and with a world, a `world` column after `body` and four before wall_s:
 *
 *     world:acts,world:eats,world:food_eats,world:it_none
 *
 * (the acts on an object — push, pull, hit, get, drop, eat ... — it made;
 * of them its eats, and the eats of an object of category food, fruit or
 * seed, C2's food categories, as bench/world_life.py counts them; the share
 * of the ticks it lived with no IT, 0..1).
 *
 * `lifespan_s` is the creature seconds it lived where it died, empty where
 * it was alive at the end; `age_s` its age at the end either way.
 *
 * (NDJSON: one object per line with the same keys in the same order). The
 * batch id is a hash of everything that decides the rows — genome contents,
 * seeds, sex, options, events, the body and its wiring, the world file and
 * its options, run length, chosen chemicals and drives — so rows of
 * different batches are never mixed by --resume or --merge. `state_hash` is
 * creature_hash at the end of the run, world_hash with a world (what
 * `c2rt run [--world] --hash-every` prints at that tick). `act:X` counts the
 * ticks the creature lived with decision X (asleep and dreaming apart);
 * `avg:` are means over the ticks it lived, `end:` the last value it had
 * alive. `wall_s` is the only column that varies between identical runs.
 * `check` is a hash of the row's bytes before it (to its last comma): a row
 * altered after it was written no longer matches, and the reader sets it
 * apart instead of trusting it.
 *
 * No threads, files, clocks or printing here: the CLI owns those (the wall
 * time is given to batch_row). */
#ifndef C2_BATCH_H
#define C2_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/err.h"
#include "engine/engine.h"
#include "engine/events.h"
#include "genome/vocab.h"
#include "world/world.h"

typedef enum batch_format { BATCH_CSV, BATCH_NDJSON } batch_format;

/* The action histogram's columns: the 16 decision cells, then cells beyond
 * them (a mutant's wider decision lobe), no winner, asleep, dreaming. */
enum {
	BATCH_DECISIONS = 16,
	BATCH_ACT_OTHER = BATCH_DECISIONS,
	BATCH_ACT_NONE,
	BATCH_ACT_ASLEEP,
	BATCH_ACT_DREAMING,
	BATCH_NACT
};

typedef struct batch_spec {
	creature_config cfg;   /* sex and options; cfg.seed is the first seed */
	uint32_t nseeds;       /* seeds per genome (>= 1) */
	uint64_t ticks;        /* > 0: run this many ticks (less if it dies); 0: until death */
	uint64_t max_ticks;    /* until death: give up (alive) after this many */
	const creature_events *ev;      /* timed inputs for every run, or NULL */
	const char *events_text; /* their text (for the batch id), or NULL */
	size_t events_len;
	size_t nchem;
	uint8_t chem[256];
	size_t ndrive;
	uint8_t drive[GENOME_NDRIVES];
	batch_format format;
	/* A body for every run (NULL: none), as `c2rt run --body` gives it:
	 * body->name is the path for the `body` column (its extension picks the
	 * format), and the wiring text (NULL: the default wiring) replaces the
	 * default wiring. Both go into the batch id by content. */
	const creature_body_spec *body;
	const char *wiring_path; /* for messages */
	const char *wiring;
	size_t wiring_len;
	/* A world for every run (world_text NULL: none), as `c2rt run --world`
	 * gives it: each run loads its own copy of the world file's text with
	 * world_opts, seeded by the run's seed, and the creature goes into it;
	 * world_ev (may be NULL; parsed against a world of this file) replaces
	 * ev. world_path is for the `world` column; the text and the options go
	 * into the batch id. */
	const char *world_path;
	const char *world_text;
	size_t world_len;
	const world_options *world_opts;
	const world_events *world_ev;
	size_t ngenomes;
	const char *const *genome_paths; /* as they go into the genome column */
	const uint64_t *genome_hashes;   /* batch_genome_hash of each file's bytes */
	/* Each genome's changes from a parent (`c2rt batch --parent`), for a
	 * `mutations` column before wall_s; NULL: no such column. In the batch
	 * id by content. */
	const char *const *genome_mutations;
} batch_spec;

/* The check of a row: the hash of its bytes before the check cell (batch.c
 * writes and verifies it; exposed for tests that alter rows on purpose). */
uint64_t batch_row_check(const char *row, size_t len);

/* Hash of a genome file's bytes (the genome_hash column). */
uint64_t batch_genome_hash(const void *data, size_t len);

/* Number of runs: genomes × seeds. */
size_t batch_runs(const batch_spec *s);

/* The batch id (see above). */
uint64_t batch_id(const batch_spec *s);

/* Genome index and seed of run r. */
void batch_job(const batch_spec *s, size_t r, size_t *genome_index, uint64_t *seed);

/* Is run r in shard `index` of `count` (1 <= index <= count)? */
bool batch_in_shard(size_t r, unsigned index, unsigned count);

typedef struct batch_result {
	size_t run, genome;
	uint64_t seed;
	uint64_t ticks;        /* world ticks run */
	bool alive;
	uint64_t lived;        /* ticks lived: to death, or all of them */
	int stage;
	creature_death cause;
	double chem_avg[256], drive_avg[GENOME_NDRIVES];
	uint8_t chem_end[256], drive_end[GENOME_NDRIVES];
	uint64_t act[BATCH_NACT];
	uint64_t world_acts, world_eats, world_food_eats, world_it_none; /* with a world (see above) */
	uint64_t state_hash;   /* creature_hash at the end (world_hash with a world) */
	char error[256];       /* "" when the run went well */
} batch_result;

/* Run r on genome g (the contents of genome_paths[genome of r]): hatch with
 * the spec's configuration and r's seed, give it the spec's body and wiring,
 * (with a world: load the world with r's seed and put the creature into it)
 * then creature_step (world_step) until the tick limit or death, sampling the chosen
 * chemicals, drives and the decision every tick. `stop` (may be NULL) is asked every few thousand ticks; when
 * it returns true the run is abandoned and 1 returned (no row). Otherwise 0:
 * *res is filled (a creature that cannot hatch gives a row with `error`). */
int batch_run(const batch_spec *s, size_t r, const genome *g, bool (*stop)(void *ctx), void *ctx,
              batch_result *res);

/* What batch_check_body found at fault. */
typedef enum batch_fault { BATCH_FAULT_NONE, BATCH_FAULT_GENOME, BATCH_FAULT_BODY, BATCH_FAULT_WIRING } batch_fault;

/* The check a batch with a body makes before any run: hatch g with the
 * spec's configuration and first seed and give it the body and wiring as
 * every run will (the body depends on the options, not on the genome).
 * Returns 0 (the body's warnings appended to *warnings, one a line), or an
 * error code with err saying why and *fault naming the file at fault:
 * BATCH_FAULT_GENOME when g itself does not hatch (try another genome). */
int batch_check_body(const batch_spec *s, const genome *g, c2_wbuf *warnings, batch_fault *fault,
                     c2_err *err);

/* A row for run r that did not run (the genome could not be read ...): every
 * value empty, `error` set. */
void batch_result_failed(const batch_spec *s, size_t r, batch_result *res, const char *error);

/* The CSV header line (nothing for NDJSON). */
void batch_header(const batch_spec *s, c2_wbuf *w);

/* One row, with the run's wall time in seconds. */
void batch_row(const batch_spec *s, const batch_result *res, double wall_s, c2_wbuf *w);

/* ---- reading rows back ---------------------------------------------------- */

typedef struct batch_line {
	size_t run;
	size_t off, len; /* the line in the text, its newline included */
	long line;       /* 1-based line number */
} batch_line;

typedef struct batch_file {
	size_t header_len;     /* CSV: the header line, newline included (0 for NDJSON) */
	uint64_t id;           /* the batch id of the rows (0 when there are none) */
	size_t runs;           /* their run count */
	batch_line *rows;
	size_t nrows;
	size_t torn;           /* bytes of an unfinished last line, left out */
	size_t altered;        /* lines whose check does not match, left out */
	long first_altered;    /* the first of them (0: none) */
} batch_file;

/* Read the rows of a results file. Every line must be a complete row of
 * one batch; only the last may be unfinished (a batch killed while writing
 * it: no newline), which is left out and counted in `torn`. A line whose
 * check cell does not match its contents (a row altered since it was
 * written) is left out and counted in `altered`; if no line matches, the
 * file is not trusted at all (C2_EFORMAT at the first line: not a results
 * file of this c2rt, or altered throughout). A CSV header without the
 * check column (an older c2rt's file), a malformed line, a row of another
 * batch, a run out of range or a run given twice is C2_EFORMAT with its
 * line. */
int batch_file_parse(const char *text, size_t len, batch_format f, batch_file *out, c2_err *err);
void batch_file_free(batch_file *f);

/* Read a results file ("-": stdin) whole, up to 8 GiB, as batch_file_parse
 * takes it. Its first bytes must open a row or a header of this c2rt (both
 * start with the run column): anything else (a genome, /dev/zero) is refused
 * after those bytes instead of being read up to the cap. */
int batch_read_results(const char *path, uint8_t **text, size_t *len, c2_err *err);

/* The value in column `name` of row i of a parsed file (text: the file's
 * text), unquoted, into buf: "" for an empty cell or a JSON null. Returns
 * false when there is no such column (or it does not fit). */
bool batch_cell(const char *text, const batch_file *bf, batch_format f, size_t i, const char *name,
                char *buf, size_t cap);

/* Merge the rows of n results files of one batch (the shards of a batch, or
 * one file to put in order) into `out`: the header once, then every row in
 * run order; unfinished last lines are left out. Files of different batches
 * or with different headers, an altered row (merging cannot run it again)
 * and a run present twice are errors: *bad is then the index of the file at
 * fault (err->line the line in it, if any). On success *rows is the number
 * of rows written and *missing the number of runs of the batch no file has. */
int batch_merge(const char *const *texts, const size_t *lens, size_t n, batch_format f,
                c2_wbuf *out, size_t *rows, size_t *missing, size_t *bad, c2_err *err);

/* The runs of shard index/count that `have` (may be NULL; one byte per
 * run of the batch, non-zero: done) does not hold, in run order, into a new
 * array *out (free with free()) of *n entries. Returns 0 or C2_ENOMEM. */
int batch_pending(const batch_spec *s, unsigned index, unsigned count, const uint8_t *have,
                  size_t **out, size_t *n);

/* Did row i of a parsed file fail (a non-empty error cell)? */
bool batch_row_failed(const char *text, const batch_file *bf, batch_format f, size_t i);

#endif
