/* breed_out.h — what `c2rt mutate`, `cross` and `sweep` share: the breeding
 * options (--seed, --rate, --log, --log-format) and writing children and
 * their logs. */
#ifndef C2_CLI_BREED_OUT_H
#define C2_CLI_BREED_OUT_H

#include <stdbool.h>
#include <stdint.h>

#include "base/bytes.h"
#include "cli/cli.h"
#include "genome/breed.h"

typedef struct cli_breed_args {
	const char *seed, *rate, *log_path, *log_format;
	uint64_t seed_v; /* parsed: default 1 */
	double rate_v;   /* parsed: default 1 */
	bool json;       /* the log's format */
} cli_breed_args;

extern cli_breed_args cli_bargs;
/* --seed, --rate, --log, --log-format: include with OPT_GROUP. */
extern cli_opt cli_breed_opts[];

/* Parse the strings of cli_bargs; CLI_OK or CLI_USAGE (printed). */
int cli_breed_args_finish(cli_breed_args *a, const char *cmd);

/* Write a genome to path atomically ("-": standard output). */
int cli_write_genome(const char *cmd, const char *path, const genome *g);

/* Append one child's log entry to w: a text block headed by a comment line,
 * or (a->json) one JSON object on one line:
 *     {"parents":[...],"child":...,"seed":S,"rate":R,"changes":[...]} */
void cli_breed_log_entry(c2_wbuf *w, const cli_breed_args *a, const char *const *parents,
                         int nparents, const char *child_path, uint64_t seed,
                         const genome_changes *log, const genome *child);

/* The file name of path without its folder and extension ("c2-norn" for
 * "../shared/genomes/c2-norn.gen"), into buf. */
void cli_stem(const char *path, char *buf, size_t cap);

/* Make directory `dir` and any missing parents (as mkdir -p); CLI_OK, or
 * reports and returns CLI_BAD. */
int cli_mkdir(const char *cmd, const char *dir);

#endif
