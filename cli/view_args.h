/* view_args.h — `c2rt view`'s options, parsed by the same code in c2rt
 * (which checks them, then hands the command to c2rt-view: helper.h) and in
 * c2rt-view (which opens the window: viewer/main.c). */
#ifndef C2_CLI_VIEW_ARGS_H
#define C2_CLI_VIEW_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/bytes.h"
#include "cli/cli.h"
#include "cli/world_open.h"
#include "engine/engine.h"

typedef struct cli_view_args {
	const char *genome;       /* GENOME, or NULL (--resume) */
	int width, height;        /* --size; 0: the window's default */
	int speed;                /* --speed 1..1000, 0 for max; -1: not given */
	bool paused;              /* --paused */
	int pin_lobe, pin_cell;   /* --pin, or -1 */
	const char *dir;          /* --dir, or NULL */
	const char *keys;         /* --keys (checked by the viewer), or NULL */
	const char *record_path;  /* --record, or NULL */
	uint64_t hash_every;      /* --hash-every, or 0 */
	uint64_t shot_ticks;      /* --screenshot-after TICKS FILE, */
	const char *shot_path;    /* or NULL */
	const char *world;        /* --world, or NULL */
	bool in_world;            /* --world, or --resume of a world snapshot */
	const cli_more_creature *more; /* --creature, in order (cli_view_free frees them) */
	size_t nmore;
} cli_view_args;

/* Parse `view ARGS` (argv[0] is "view") into *a, and the creature's options
 * into cli_cargs (creature_open.h), with every path checked (cli_parse).
 * CLI_OK; -1 when --help was printed; or an error code (printed). */
int cli_view_parse(int argc, char **argv, cli_view_args *a);
/* Free what the last cli_view_parse kept (the --creature list). */
void cli_view_free(void);

/* --pin names a cell of creature c's brain: CLI_OK, or CLI_USAGE after
 * saying which lobes and cells there are (checked once the creature is
 * hatched or resumed, before the window opens). */
int cli_view_check_pin(const cli_view_args *a, const creature *c);

/* The window's title: GENOME's file name, or the snapshot's. */
const char *cli_view_title(const cli_view_args *a);

/* Append the first lines of a --record file: the `c2rt run` command that
 * replays the session (the same creature, the recorded events). */
void cli_view_record_header(const cli_view_args *a, c2_wbuf *rec);

#endif
