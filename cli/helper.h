/* helper.h — the viewer's program, c2rt-view, as c2rt finds and runs it.
 *
 * c2rt links no drawing stack (SDL2, SDL2_ttf, SDL2_image, fontconfig), so
 * it runs on a machine without one (a cluster node). What needs that stack
 * lives in a second program, c2rt-view (viewer/main.c), which c2rt runs as
 * git runs its helpers: `c2rt view ARGS` becomes `c2rt-view view ARGS` (the
 * same process, exec'd), and a PNG plot is drawn by `c2rt-view draw`, which
 * reads a plot request (plotreq.h) on standard input and writes the PNG on
 * standard output. Where the viewer is not installed, those commands say so
 * and exit 2; every other command works as before. */
#ifndef C2_CLI_HELPER_H
#define C2_CLI_HELPER_H

#include <stddef.h>

#include "cli/plotreq.h"

#define CLI_HELPER_NAME "c2rt-view"
/* A folder to look in first (as GIT_EXEC_PATH is git's). */
#define CLI_HELPER_ENV "C2RT_EXEC_PATH"
/* Where `make install` puts it, from the folder c2rt runs from. */
#define CLI_HELPER_LIBEXEC "../libexec/c2rt"

/* The path of c2rt-view: in $C2RT_EXEC_PATH, else beside this program (the
 * folder of /proc/self/exe: a build tree), else in ../libexec/c2rt from
 * there (an install); the first that is an executable file. A new string
 * (free()), or NULL with the folders looked in written to `tried`. */
char *cli_helper_find(char *tried, size_t n);

/* Is c2rt-view there to draw? CLI_OK, or CLI_BAD after saying where it was
 * looked for (the message of cli_plot): a command that will draw checks
 * this before its work, not after. WHAT as for cli_plot. */
int cli_helper_check(const char *cmd, const char *what);

/* `c2rt CMD ARGS` (argv[0] is CMD): replace this process by
 * `c2rt-view CMD ARGS`. Returns only when that cannot be done: CLI_BAD,
 * after "c2rt CMD: needs c2rt-view, not found in ...; install c2rt's viewer"
 * or why it could not be run. */
int cli_helper_exec(const char *cmd, int argc, char **argv);

/* Draw q and d (one row or more) into the PNG file `path` ("-": standard
 * output) with c2rt-view draw, written as every output is (cli_out: whole
 * or not at all). CLI_OK, or CLI_BAD after "c2rt CMD: WHAT: why" (WHAT
 * NULL: "c2rt CMD: why"), which names c2rt-view when it is missing. */
int cli_plot(const char *cmd, const char *what, const char *path, const cli_plot_req *q,
             const trace_series *d);

#endif
