/* commands.c — the dispatch tables built from CLI_COMMANDS and
 * CLI_SUBCOMMANDS (cli.h): apart from main(), so that the viewer's program
 * (c2rt-view), which runs `c2rt view` on the same option tables, links the
 * cli without its main. */
#include "cli/cli.h"

const cli_command cli_commands[] = {
#define X(name) {#name, cli_cmd_##name, &cli_cmd_##name##_spec},
	CLI_COMMANDS(X)
#undef X
};
const int cli_ncommands = (int)(sizeof cli_commands / sizeof cli_commands[0]);

const cli_subcommand cli_subcommands[] = {
#define X(cmd, sub) {#cmd, {#sub, cli_cmd_##cmd##_##sub, &cli_cmd_##cmd##_##sub##_spec}},
	CLI_SUBCOMMANDS(X)
#undef X
};
const int cli_nsubcommands = (int)(sizeof cli_subcommands / sizeof cli_subcommands[0]);
