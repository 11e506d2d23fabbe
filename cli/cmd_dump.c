/* cmd_dump.c — `c2rt dump`: a genome as text (or JSON). */
#include <stdlib.h>

#include "base/fileio.h"
#include "cli/cli.h"
#include "genome/gno.h"
#include "genome/text.h"

static const char *gno_path, *out_path;
static bool json;

static const cli_opt opts[] = {
	{"gno", OPT_IN, &gno_path, "FILE.gno", "add the Genetics Kit description of each gene", 0, 0, NULL},
	{"json", OPT_FLAG, &json, NULL, "print JSON: {\"format\", \"genes\": [one object per gene], \"tail\"}", 0, 0, NULL},
	{"o", OPT_OUT, &out_path, "FILE", "write to FILE (atomically) instead of standard output", 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_dump_spec = {
	"dump", "FILE.gen",
	"print a genome as editable text (or JSON)",
	"One block per gene: a header line (kind, id, duplicate number, switch-on stage,\n"
	"flags, mutability) and one line per field. Numbers are authoritative; names\n"
	"follow as '#' comments. 'c2rt asm' reads the text back byte for byte.",
	opts, 1, 1, OPT_IN, NULL,
};

int cli_cmd_dump(int argc, char **argv)
{
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_dump_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;

	genome g;
	if ((rc = cli_load_genome(pos[0], &g)) != 0)
		return rc;
	genome_gno gno = {0};
	c2_err err;
	if (gno_path && genome_gno_read_file(&gno, gno_path, &err) != 0) {
		genome_free(&g);
		return cli_report(gno_path, &err);
	}

	c2_wbuf w = {0};
	genome_text_opts to = {gno_path ? &gno : NULL, pos[0]};
	rc = json ? genome_json_write(&g, to.gno, &w) : genome_text_write(&g, &to, &w);
	if (rc)
		rc = cli_fail(CLI_BAD, "dump", "out of memory");
	else
		rc = cli_write("dump", out_path ? out_path : "-", w.data, w.len);
	c2_wbuf_free(&w);
	genome_gno_free(&gno);
	genome_free(&g);
	return rc;
}
