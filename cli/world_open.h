/* world_open.h — how `c2rt run --world` gets its world: loaded from a world
 * file with a creature hatched into it, or resumed from a world snapshot;
 * plus the events (engine and world lines). */
#ifndef C2_CLI_WORLD_OPEN_H
#define C2_CLI_WORLD_OPEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/creature_open.h"
#include "world/world.h"

typedef struct cli_world {
	world *w;
	world_events *ev;     /* NULL without events */
	uint8_t *events_text; /* the events in force (from the file, or the snapshot's) */
	size_t events_len;
} cli_world;

/* Does `path` (a --resume file) hold a world snapshot? false when it cannot
 * be read (the open that follows says why). */
bool cli_world_snapshot_file(const char *path);

/* With `world_path`: load it (seeded by --seed; world options from --opt)
 * and hatch the creature from `genome_path` into it as cli_creature_open
 * does (body, wiring, options). Without: resume args->resume_path, a world
 * snapshot (GENOME, if given, must be its first creature's). Events from
 * args->events_path, else the snapshot's. On failure prints why and
 * returns CLI_USAGE or CLI_BAD with *cw empty. */
int cli_world_open(cli_world *cw, const char *cmd, const char *genome_path,
                   const cli_creature_args *args, const char *world_path);
void cli_world_close(cli_world *cw);

/* One `--creature GENOME[:SEX[:SEED]]` of `c2rt run --world`. */
typedef struct cli_more_creature {
	char *genome;   /* the path (malloc'd) */
	int sex;        /* genome_sex, or 0: the run's */
	bool has_seed;
	uint64_t seed;  /* else: the run's seed + its index in the world */
} cli_more_creature;

/* Parse GENOME[:SEX[:SEED]] (SEX male|female|m|f; a path holding ':' is
 * read whole unless what follows its last ':' is a SEX or SEX:SEED).
 * CLI_OK, or CLI_USAGE (printed). */
int cli_more_creature_parse(const char *cmd, const char *arg, cli_more_creature *out);

/* A command's --creature options, in order (the world's second creature
 * on): cli_more_list_add is the body of its OPT_CALL callback, refusing one
 * more than the world can hold; cli_more_list_free frees the paths. */
enum { CLI_MAX_MORE = WORLD_MAX_CREATURES - 1 };
typedef struct cli_more_list {
	cli_more_creature v[CLI_MAX_MORE];
	size_t n;
} cli_more_list;
int cli_more_list_add(cli_more_list *l, const char *cmd, const char *arg);
void cli_more_list_free(cli_more_list *l);

/* Hatch each of v[0..n) (no body; args->cfg's options with its sex and
 * seed) and add it to the loaded world as a founder, after its first
 * creature. CLI_OK, or CLI_BAD (printed). */
int cli_world_add_creatures(cli_world *cw, const char *cmd, const cli_more_creature *v, size_t n,
                            const cli_creature_args *args);

#endif
