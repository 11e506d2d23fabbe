/* batch_exec.h — running a batch on this machine, for `c2rt batch` and
 * `c2rt sweep`: the shared options, the body check, worker threads (worker
 * processes for runs with a body, cli/workers.h), the results file (through
 * its lock and journal, cli/journal.h: appended row by row as runs finish,
 * continued by --resume, written whole in run order at the end),
 * SIGINT/SIGTERM and the progress bar. The job list, shards, rows and their
 * parsing are the engine's (batch/batch.h). */
#ifndef C2_CLI_BATCH_EXEC_H
#define C2_CLI_BATCH_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/cli.h"
#include "cli/creature_open.h"
#include "cli/journal.h"
#include "batch/batch.h"

typedef struct cli_batch_args {
	uint64_t seeds, ticks, max_ticks, jobs;
	const char *until, *out, *shard, *format, *chem, *drive, *world;
	bool resume, quiet;
} cli_batch_args;

extern cli_batch_args cli_batch;
/* --seeds --ticks --until --max-ticks --jobs --shard --resume -o --format
 * --chem --drive --world --quiet; include with OPT_GROUP (next to cli_creature_opts). */
extern cli_opt cli_batch_opts[];

/* Defaults: 1 seed, max-ticks 2,000,000, jobs = online processors. */
void cli_batch_args_init(cli_batch_args *a);

/* The results format: --format, else from the output's extension (.ndjson,
 * .jsonl, .json: NDJSON; anything else CSV). -1 after printing an error. */
int cli_batch_format(const cli_batch_args *a, const char *path, const char *cmd);

/* What a batch spec points into: the events, the body and wiring files,
 * the world file (and the world loaded from it once, to check it and to
 * parse the events' world commands against). */
typedef struct cli_batch_inputs {
	creature_events ev;
	uint8_t *events_text;
	cli_body_files body;
	uint8_t *world_text;
	world *w;
	world_events *wev;
} cli_batch_inputs;

/* Fill the non-genome part of *s from the options (cli_cargs for sex, seed,
 * options, events, body and wiring; cli_batch for the rest), reading the
 * world, events, body and wiring files into *in (a world file refused as
 * `c2rt run --world` refuses it) (free with cli_batch_inputs_free
 * after the batch). CLI_OK or an error code (printed). */
int cli_batch_spec(batch_spec *s, const char *cmd, cli_batch_inputs *in);
void cli_batch_inputs_free(cli_batch_inputs *in);

/* The spec's genomes: paths[0..n), each file hashed (a file that cannot be
 * read is an error before anything runs) into a new array *hashes (free
 * with free() after the batch). */
int cli_batch_genomes(const char *cmd, batch_spec *s, const char *const *paths, size_t n,
                      uint64_t **hashes);

/* With --body, before any run: give the body and wiring to `g` (NULL: the
 * first of the spec's genomes that hatches) as every run will, printing its
 * warnings once. A body or wiring file the engine refuses is reported as
 * `c2rt run` reports it. CLI_OK (also when no genome hatches: every run then
 * fails with its own error) or the error's exit code. */
int cli_batch_check_body(const char *cmd, const batch_spec *s, const genome *g);

/* The rows of the results, at the end. */
typedef struct cli_batch_tally {
	size_t runs;   /* rows in the results (the shard's, with --shard) */
	size_t failed; /* of them, runs with an error */
} cli_batch_tally;

/* Before any work: -o checked, and a results file locked (j; with -o -, j
 * is zeroed: rows go to standard output). CLI_OK, or an error code
 * (printed: no -o, --resume with -o -, another writer). Release with
 * cli_journal_close. */
int cli_batch_lock(const char *cmd, cli_journal *j);

/* Run the batch's pending runs (this shard's, less those already done with
 * --resume) on --jobs threads, or with a body on --jobs worker processes
 * (ODE's state is the process's: each worker has its own; a worker that
 * dies is its run's failure, saying why). With a results file, `j` is its
 * lock, taken by cli_batch_lock before any work: the rows kept by --resume
 * (from the journal of an interrupted run and the results file, each row's
 * check verified: an altered row runs again) start the journal, each row is
 * appended to it as its run ends, and at the end the results file is
 * written whole in run order and the journal removed. With -o - the rows go
 * to standard output as they end. On SIGINT or SIGTERM the running runs are
 * abandoned (worker processes killed and reaped), the finished rows stay in
 * the journal and 130 is returned (rerun with --resume). Returns CLI_OK (*t
 * filled), CLI_BAD (an error printed) or 130. */
int cli_batch_execute(const char *cmd, const batch_spec *s, cli_journal *j, cli_batch_tally *t);

/* --shard I/N (arg NULL: 1/1) into *index and *count (1 <= I <= N).
 * CLI_OK, or CLI_USAGE after saying what is wrong. */
int cli_batch_shard(const char *cmd, const char *arg, unsigned *index, unsigned *count);

/* SIGINT and SIGTERM caught (a flag, cli_batch_signalled) from
 * cli_batch_catch_signals to cli_batch_release_signals, which puts the
 * previous handlers back: a batch stops its workers and keeps what is done. */
void cli_batch_catch_signals(void);
void cli_batch_release_signals(void);
bool cli_batch_signalled(void);

/* Seconds on the monotonic clock. */
double cli_batch_now(void);

/* The progress bar on stderr: "[####....] DONE/TOTAL UNITs, R UNITs/s, T
 * left, F failed"; `last` ends the line. */
void cli_batch_progress(const char *unit, size_t done, size_t total, size_t failed, double elapsed,
                        bool last);

/* CLI_OK when no run failed; else CLI_BAD after saying how many did. */
int cli_batch_verdict(const char *cmd, const cli_batch_tally *t, const char *out);

#endif
