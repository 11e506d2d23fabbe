/* creature_open.h — how `c2rt run` and `c2rt view` get their creature:
 * hatched from a genome, or resumed from a snapshot, plus its events. */
#ifndef C2_CLI_CREATURE_OPEN_H
#define C2_CLI_CREATURE_OPEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "engine/events.h"
#include "genome/organs.h"
#include "world/world.h"
#include "cli/cli.h"

/* The options every creature-running command shares (run, view, and the
 * commands that run many creatures): --sex, --seed, --events,
 * --body FILE [--body-genotype N|NAME] [--wiring FILE] and --opt NAME=VALUE
 * (any module's option). They are ONE table,
 * cli_creature_opts, that a command includes in its own with
 *     {"creature", OPT_GROUP, cli_creature_opts, NULL, NULL, 0, 0, NULL}
 * and they fill the one cli_cargs. The commands that run one creature also
 * include cli_snapshot_opts (--resume FILE: continue a snapshot); batch and
 * sweep do not, as their --resume continues an interrupted batch. Call
 * cli_creature_args_init before cli_parse and cli_creature_args_finish
 * after it. */
typedef struct cli_creature_args {
	creature_config cfg;
	const char *sex;         /* --sex as given, or NULL */
	const char *seed;        /* --seed as given, or NULL */
	const char *events_path; /* --events FILE, or NULL */
	const char *resume_path; /* --resume FILE, or NULL */
	const char *body_path;   /* --body FILE, or NULL */
	const char *body_genotype; /* --body-genotype N|NAME, or NULL */
	const char *wiring_path; /* --wiring FILE, or NULL */
	/* --opt NAME=VALUE of the world's options (world/world.h): only a
	 * command that sets world_ok (run, batch, sweep: with --world) takes them */
	world_options world;
	bool world_opts, world_ok;
} cli_creature_args;

extern cli_creature_args cli_cargs;
/* Not const only because a table includes it through cli_opt.ptr. */
extern cli_opt cli_creature_opts[];
extern cli_opt cli_snapshot_opts[];

void cli_creature_args_init(cli_creature_args *a);
int cli_opt_config(const char *arg, void *args); /* --opt NAME=VALUE */
/* Apply --sex and --seed to the configuration; CLI_OK, or CLI_USAGE (printed). */
int cli_creature_args_finish(cli_creature_args *a, const char *cmd);


/* The files of --body and --wiring, read (bounded) but not parsed. */
typedef struct cli_body_files {
	uint8_t *text, *wiring; /* NULL when not given */
	size_t len, wiring_len;
	creature_body_spec spec; /* over text, named by --body, with --body-genotype */
} cli_body_files;

/* Read them (nothing without --body; --body-genotype or --wiring without it
 * is a usage error). CLI_OK, or an error code after printing why. */
int cli_body_read(const cli_creature_args *a, const char *cmd, cli_body_files *out);
void cli_body_files_free(cli_body_files *b);

/* Report a body (wiring false) or wiring file the engine refused, as `c2rt
 * run` does: FILE:LINE: reason, or a usage error for a bad --body-genotype.
 * Returns the exit code. */
int cli_body_report(const cli_creature_args *a, const char *cmd, bool wiring, const c2_err *err);

/* Print a body's warnings (one a line) as "c2rt: BODY: warning: ...". */
void cli_body_warn(const char *body_path, const char *warnings);

typedef struct cli_creature {
	creature *c;
	uint8_t *events_text; /* the events in force (from the file, or the snapshot's) */
	size_t events_len;
	creature_events ev;
	const char *events_source; /* where they came from, for messages */
} cli_creature;

/* Hatch a creature from `genome_path` with args->cfg, or resume
 * args->resume_path (then genome_path may be NULL; if given it must be the
 * snapshot's genome, and --sex/--seed must not have been given). Events come
 * from args->events_path when given, else from the snapshot. A hatched
 * creature gets the body args->body_path (its warnings are printed), wired by
 * args->wiring_path or the default wiring; a resumed one has the snapshot's.
 * On failure prints
 * "c2rt CMD: ..." or "c2rt: FILE:...: reason" and returns CLI_USAGE or
 * CLI_BAD with *out empty; on success CLI_OK. */
int cli_creature_open(cli_creature *out, const char *cmd, const char *genome_path,
                      const cli_creature_args *args);

void cli_creature_close(cli_creature *cc);

/* GENOME given with --resume: is it the genome of creature c (resumed from
 * `resume_path`)? CLI_OK, or CLI_BAD after saying why not. */
int cli_same_genome(const char *cmd, const creature *c, const char *genome_path,
                    const char *resume_path);

/* A creature's name in its events text: the comment line "# moniker NAME"
 * that `c2rt import -o` writes into the snapshot's events (and that
 * resuming keeps). cli_moniker_line appends it; cli_moniker finds it in
 * the first line of an events text (NULL: none) and copies the name (at
 * most 4 printable characters) into out. */
void cli_moniker_line(const char *moniker, c2_wbuf *w);
const char *cli_moniker(const void *events, size_t len, char out[5]);

/* Names for creature c's organs (genome/organs.h) into *out (free with
 * genome_organ_names_free): from the Genetics Kit notes beside genome_path
 * (its name with .gno for its extension) when that file exists, else by
 * what each organ holds. A notes file that cannot be read is a warning
 * ("c2rt CMD: warning: ..."), not an error; with no memory the organs keep
 * their numbers (*out empty). */
void cli_organ_names(const char *cmd, const creature *c, const char *genome_path,
                     genome_organ_names *out);

#endif
