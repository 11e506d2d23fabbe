/* main.c — `c2rt`: dispatch a subcommand from the one table in cli.h. */
#include <stdio.h>
#include <string.h>

#include "body/xode.h"
#include "cli/cli.h"

const cli_command cli_commands[] = {
#define X(name) {#name, cmd_##name, &cmd_##name##_spec},
	CLI_COMMANDS(X)
#undef X
};
const int cli_ncommands = (int)(sizeof cli_commands / sizeof cli_commands[0]);

static void usage(FILE *f)
{
	fprintf(f, "usage: c2rt COMMAND [ARGS...]\n\n"
	           "A runtime for Creatures 2 creatures. Commands:\n\n");
	for (int i = 0; i < cli_ncommands; i++)
		fprintf(f, "  %-10s %s\n", cli_commands[i].name, cli_commands[i].spec->summary);
	fprintf(f, "\n'c2rt COMMAND --help' describes one command.\n");
}

static const cli_opt help_opts[] = {{0}};
const cli_spec cmd_help_spec = {
	"help", "[COMMAND]", "list the commands, or describe one", NULL, help_opts, 0, 1,
};

int cmd_help(int argc, char **argv)
{
	const char *pos[1];
	int npos = 0;
	int rc = cli_parse(&cmd_help_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if (npos == 0) {
		usage(stdout);
		return CLI_OK;
	}
	for (int i = 0; i < cli_ncommands; i++)
		if (strcmp(cli_commands[i].name, pos[0]) == 0) {
			cli_print_help(cli_commands[i].spec, stdout);
			return CLI_OK;
		}
	return cli_fail(CLI_USAGE, "help", "unknown command '%s'", pos[0]);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return CLI_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stdout);
		return CLI_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		/* XODE asks every implementation to advertise its version and
		 * compliance (bgig and postlink implied, +retain claimed). */
		printf("c2rt — a runtime for Creatures 2 creatures\n%s\n", XODE_COMPLIANCE);
		return CLI_OK;
	}
	for (int i = 0; i < cli_ncommands; i++)
		if (strcmp(cli_commands[i].name, argv[1]) == 0)
			return cli_commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "c2rt: unknown command '%s' (try 'c2rt help')\n", argv[1]);
	return CLI_USAGE;
}
