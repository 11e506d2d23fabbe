/* creature_open.h — how `c2rt run` and `c2rt view` get their creature:
 * hatched from a genome, or resumed from a snapshot, plus its events. */
#ifndef C2_CLI_CREATURE_OPEN_H
#define C2_CLI_CREATURE_OPEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "engine/events.h"

typedef struct cli_creature {
	creature *c;
	uint8_t *events_text; /* the events in force (from the file, or the snapshot's) */
	size_t events_len;
	events ev;
	const char *events_source; /* where they came from, for messages */
} cli_creature;

/* Hatch a creature from `genome_path` with `cfg`, or resume `resume_path`
 * (then genome_path may be NULL; if given it must be the snapshot's genome,
 * and sex/seed must not have been given: `sex_or_seed`). Events come from
 * `events_path` when given, else from the snapshot. On failure prints
 * "c2rt CMD: ..." or "c2rt: FILE:...: reason" and returns CLI_USAGE or
 * CLI_BAD with *out empty; on success CLI_OK. */
int cli_creature_open(cli_creature *out, const char *cmd, const char *genome_path,
                      const char *resume_path, const char *events_path,
                      const creature_config *cfg, bool sex_or_seed);

void cli_creature_close(cli_creature *cc);

#endif
