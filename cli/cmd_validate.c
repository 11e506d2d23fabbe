/* cmd_validate.c — `c2rt validate`: load a genome and report §2.7 findings. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "engine/engine.h"

static bool strict;
static const char *sex_arg;

static const cli_opt opts[] = {
	{"strict", OPT_FLAG, &strict, NULL, "exit 2 when there is any warning", 0, 0, NULL},
	{"sex", OPT_STR, &sex_arg, "m|f", "check that a creature of this sex can hatch (default: both)", 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_validate_spec = {
	"validate", "FILE.gen",
	"check a genome: structure errors (exit 2) and load-time warnings",
	"Structure errors (bad magic, truncated gene, unknown type, missing 'gend')\n"
	"print FILE:OFFSET: gene N: reason and exit 2, and so does a genome no\n"
	"creature can hatch from (no lobe genes, more dendrites than the brain's cap):\n"
	"validate runs the very check 'c2rt run' does, for both sexes unless --sex\n"
	"is given, so what validate accepts, run accepts. Warnings (genes that can\n"
	"never be expressed, resized lobes, loci outside the tables, instinct slots\n"
	"naming missing lobes, unknown SV-rule opcodes ...) print as\n"
	"FILE:OFFSET: gene N: warning: reason and exit 0 unless --strict.",
	opts, 1, 1, OPT_IN, NULL,
};

int cli_cmd_validate(int argc, char **argv)
{
	strict = false;
	sex_arg = NULL;
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_validate_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	genome_sex only = GENOME_MALE;
	if (sex_arg && (rc = cli_sex_option("validate", sex_arg, &only)) != 0)
		return rc;
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
			cli_line(stdout, "%s:%u: gene %d: warning: %s", pos[0], w.items[i].offset, w.items[i].gene,
			       w.items[i].msg);
		else
			cli_line(stdout, "%s: warning: %s", pos[0], w.items[i].msg);
	}
	/* Can a creature hatch? The check creature_hatch itself makes. */
	static const genome_sex sexes[2] = {GENOME_MALE, GENOME_FEMALE};
	c2_err err[2];
	bool bad[2] = {false, false};
	for (int k = 0; k < 2; k++)
		if (!sex_arg || only == sexes[k])
			bad[k] = creature_check_genome(&g, sexes[k], &err[k]) != 0;
	if (bad[0] && bad[1] && strcmp(err[0].msg, err[1].msg) == 0)
		cli_msg(stderr, NULL, "%s: no creature can hatch: %s", pos[0], err[0].msg);
	else
		for (int k = 0; k < 2; k++)
			if (bad[k])
				cli_msg(stderr, NULL, "%s: no %s can hatch: %s", pos[0], k ? "female" : "male",
				        err[k].msg);
	cli_line(stdout, "%s: %zu genes (%s), %d warning%s%s", pos[0], g.ngenes,
	         g.format == GENOME_DNA2 ? "dna2" : "headerless gene stream", n, n == 1 ? "" : "s",
	         bad[0] || bad[1] ? ", cannot hatch" : "");
	genome_warnings_free(&w);
	genome_free(&g);
	if (bad[0] || bad[1])
		return CLI_BAD;
	return strict && n > 0 ? CLI_BAD : CLI_OK;
}
