/* batch_exec.h — running a batch on this machine, for `c2rt batch` and
 * `c2rt sweep`: the shared options, worker threads, the results file
 * (appended row by row as runs finish, made whole again on --resume, put in
 * run order at the end), SIGINT/SIGTERM and the progress bar. The job list,
 * shards, rows and their parsing are the engine's (engine/batch.h). */
#ifndef C2_CLI_BATCH_EXEC_H
#define C2_CLI_BATCH_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/cli.h"
#include "engine/batch.h"

typedef struct cli_batch_args {
	uint64_t seeds, ticks, max_ticks, jobs;
	const char *until, *out, *shard, *format, *chem, *drive;
	bool resume, quiet;
} cli_batch_args;

extern cli_batch_args cli_batch;
/* --seeds --ticks --until --max-ticks --jobs --shard --resume -o --format
 * --chem --drive --quiet; include with OPT_GROUP (next to cli_creature_opts). */
extern cli_opt cli_batch_opts[];

/* Defaults: 1 seed, max-ticks 2,000,000, jobs = online processors. */
void cli_batch_args_init(cli_batch_args *a);

/* The results format: --format, else from the output's extension (.ndjson,
 * .jsonl, .json: NDJSON; anything else CSV). -1 after printing an error. */
int cli_batch_format(const cli_batch_args *a, const char *path, const char *cmd);

/* Fill the non-genome part of *s from the options (cli_cargs for sex, seed,
 * options and events; cli_batch for the rest). Events text stays owned by
 * *events_text (free with free()), parsed into *ev (events_free). CLI_OK or
 * an error code (printed). */
int cli_batch_spec(batch_spec *s, const char *cmd, events *ev, uint8_t **events_text);

/* Hash every genome file (a file that cannot be read is an error before
 * anything runs) into a new array *hashes (free with free()). */
int cli_batch_hash_genomes(const char *cmd, const char *const *paths, size_t n, uint64_t **hashes);

/* Run the batch's pending runs (this shard's, less those already in the
 * results file with --resume) on --jobs threads, appending each row to the
 * results file as it finishes; at the end the file is rewritten in run
 * order. On SIGINT or SIGTERM the running runs are abandoned, the finished
 * rows stay, and 130 is returned (rerun with --resume). Returns CLI_OK,
 * CLI_BAD (an error printed) or 130. */
int cli_batch_execute(const char *cmd, const batch_spec *s);

#endif
