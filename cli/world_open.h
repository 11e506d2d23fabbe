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

#endif
