/* cmd_validate.c — `c2rt validate`: load a genome and report §2.7 findings. */
#include <stdio.h>

#include "cli/cli.h"

static bool strict;

static const cli_opt opts[] = {
	{"strict", OPT_FLAG, &strict, NULL, "exit 2 when there is any warning", 0, 0, NULL},
	{0},
};

const cli_spec cmd_validate_spec = {
	"validate", "FILE.gen",
	"check a genome: structure errors (exit 2) and load-time warnings",
	"Structure errors (bad magic, truncated gene, unknown type, missing 'gend')\n"
	"print FILE:OFFSET: gene N: reason and exit 2. Warnings (genes that can never\n"
	"be expressed, resized lobes, loci outside the tables, instinct slots naming\n"
	"missing lobes, unknown SV-rule opcodes ...) print the same way and exit 0\n"
	"unless --strict.",
	opts, 1, 1,
};

int cmd_validate(int argc, char **argv)
{
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cmd_validate_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	genome g;
	if ((rc = cli_load_genome(pos[0], &g)) != 0)
		return rc;
	genome_warnings w = {0};
	int n = genome_validate(&g, &w);
	if (n < 0) {
		genome_free(&g);
		return cli_fail(CLI_BAD, "validate", "out of memory");
	}
	for (size_t i = 0; i < w.n; i++) {
		if (w.items[i].gene >= 0)
			printf("%s:%u: gene %d: warning: %s\n", pos[0], w.items[i].offset, w.items[i].gene,
			       w.items[i].msg);
		else
			printf("%s: warning: %s\n", pos[0], w.items[i].msg);
	}
	printf("%s: %zu genes (%s), %d warning%s\n", pos[0], g.ngenes,
	       g.format == GENOME_DNA2 ? "dna2" : "headerless gene stream", n, n == 1 ? "" : "s");
	genome_warnings_free(&w);
	genome_free(&g);
	return strict && n > 0 ? CLI_BAD : CLI_OK;
}
