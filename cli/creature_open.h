/* creature_open.h — how `c2rt run` and `c2rt view` get their creature:
 * hatched from a genome, or resumed from a snapshot, plus its events. */
#ifndef C2_CLI_CREATURE_OPEN_H
#define C2_CLI_CREATURE_OPEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "engine/events.h"

/* The options every creature-running command shares: --sex, --seed and
 * --opt NAME=VALUE (any module's option). Initialise before cli_parse; the
 * OPT_CALL callbacks take a cli_creature_args * as their option pointer. */
typedef struct cli_creature_args {
	creature_config cfg;
	const char *sex; /* --sex as given, or NULL */
	bool seed_given;
} cli_creature_args;

void cli_creature_args_init(cli_creature_args *a);
int cli_opt_config(const char *arg, void *args); /* --opt NAME=VALUE */
int cli_opt_seed(const char *arg, void *args);   /* --seed S */
/* Apply --sex to the configuration; CLI_OK, or CLI_USAGE (printed). */
int cli_creature_args_finish(cli_creature_args *a, const char *cmd);

typedef struct cli_creature {
	creature *c;
	uint8_t *events_text; /* the events in force (from the file, or the snapshot's) */
	size_t events_len;
	events ev;
	const char *events_source; /* where they came from, for messages */
} cli_creature;

/* Hatch a creature from `genome_path` with args->cfg, or resume `resume_path`
 * (then genome_path may be NULL; if given it must be the snapshot's genome,
 * and --sex/--seed must not have been given). Events come from
 * `events_path` when given, else from the snapshot. On failure prints
 * "c2rt CMD: ..." or "c2rt: FILE:...: reason" and returns CLI_USAGE or
 * CLI_BAD with *out empty; on success CLI_OK. */
int cli_creature_open(cli_creature *out, const char *cmd, const char *genome_path,
                      const char *resume_path, const char *events_path,
                      const cli_creature_args *args);

void cli_creature_close(cli_creature *cc);

#endif
