/* main.c — `c2rt`: dispatch a subcommand from the one table in cli.h. */
#include <stdio.h>
#include <string.h>

#include "base/near.h"
#include "base/version.h"
#include "xode/xode.h"
#include "cli/cli.h"

/* What this build of c2rt reads and writes, one line each, after the
 * version. XODE asks every implementation to advertise its version and
 * compliance (bgig and postlink implied, +retain: unknown data kept). */
static const char *const capabilities[] = {
	"genomes: Creatures 2 dna2 files and headerless gene streams; the c2rt genome text form",
	"exports: Creatures 2 .exp files (c2rt import)",
	("bodies: Framsticks f0 and f1 genotypes (.f0, .gen; SDK 5.0rc10, f1 converted as its GenoConv_f1); " XODE_COMPLIANCE),
	"traces: csv, ndjson",
};

static void version(void)
{
	printf("c2rt %s\n", C2RT_VERSION);
	for (size_t i = 0; i < sizeof capabilities / sizeof capabilities[0]; i++)
		printf("%s\n", capabilities[i]);
}

/* The command named by argv[1], its exit status. */
static int dispatch(int argc, char **argv)
{
	if (argc < 2) {
		cli_print_overview(stderr);
		return CLI_USAGE;
	}
	const char *cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
		cli_print_overview(stdout);
		return CLI_OK;
	}
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
		version();
		return CLI_OK;
	}
	c2_near near;
	const char *word = cmd[0] == '-' ? cmd + strspn(cmd, "-") : cmd;
	c2_near_init(&near, word, strlen(word), false);
	if (cmd[0] == '-') {
		c2_near_add(&near, "help");
		c2_near_add(&near, "version");
		const char *best = c2_near_best(&near);
		if (best)
			cli_msg(stderr, NULL, "unknown option '%s' (did you mean --%s?)", cmd, best);
		else
			cli_msg(stderr, NULL, "unknown option '%s' (c2rt --help, c2rt --version or c2rt COMMAND ...)",
			        cmd);
		return CLI_USAGE;
	}
	for (int i = 0; i < cli_ncommands; i++) {
		if (strcmp(cli_commands[i].name, cmd) == 0)
			return cli_commands[i].run(argc - 1, argv + 1);
		c2_near_add(&near, cli_commands[i].name);
	}
	const char *best = c2_near_best(&near);
	if (best)
		cli_msg(stderr, NULL, "unknown command '%s' (did you mean '%s'? 'c2rt help' lists them)", cmd,
		        best);
	else
		cli_msg(stderr, NULL, "unknown command '%s' ('c2rt help' lists them)", cmd);
	return CLI_USAGE;
}

int main(int argc, char **argv)
{
	cli_guard_streams();
	int rc = dispatch(argc, argv);
	/* Whatever the command printed must have reached standard output. */
	const char *cmd = argc >= 2 && argv[1][0] != '-' ? argv[1] : NULL;
	bool known = false;
	for (int i = 0; cmd && i < cli_ncommands; i++)
		known |= strcmp(cli_commands[i].name, cmd) == 0;
	return cli_finish(known ? cmd : NULL, rc);
}
