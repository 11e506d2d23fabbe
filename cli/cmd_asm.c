/* cmd_asm.c — `c2rt asm`: assemble the genome text form into a .gen file. */
#include <stdlib.h>

#include "base/fileio.h"
#include "cli/cli.h"
#include "genome/text.h"

static const char *out_path;
static bool check_only;

static const cli_opt opts[] = {
	{"o", OPT_OUT, &out_path, "OUT.gen", "write the genome here (atomically); '-' for standard output", 0, 0, NULL},
	{"check", OPT_FLAG, &check_only, NULL, "only parse and report errors; write nothing", 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_asm_spec = {
	"asm", "FILE.txt",
	"assemble genome text (as 'c2rt dump' prints it, or hand-written) into a .gen file",
	"FILE may be '-' for standard input. Errors name the line and the field.",
	opts, 1, 1, OPT_IN, NULL,
};

/* Text can be far larger than the genome it describes (names, comments). */
#define TEXT_MAX (256u * 1024u * 1024u)

int cli_cmd_asm(int argc, char **argv)
{
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_asm_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if (!out_path && !check_only)
		return cli_fail(CLI_USAGE, "asm", "missing -o OUT.gen (or --check)");
	if (out_path && check_only)
		return cli_fail(CLI_USAGE, "asm", "--check writes nothing: -o goes without it");

	uint8_t *text;
	size_t len;
	c2_err err;
	if (c2_read_file(pos[0], TEXT_MAX, &text, &len, &err) != 0)
		return cli_report(pos[0], &err);
	genome g;
	rc = genome_text_parse((const char *)text, len, &g, &err);
	free(text);
	if (rc)
		return cli_report(pos[0], &err);
	if (!check_only) {
		size_t n = genome_encoded_size(&g);
		uint8_t *bytes = malloc(n ? n : 1);
		if (!bytes)
			rc = cli_fail(CLI_BAD, "asm", "out of memory");
		else
			rc = cli_write("asm", out_path, bytes, genome_encode(&g, bytes, n));
		free(bytes);
	}
	genome_free(&g);
	return rc;
}
