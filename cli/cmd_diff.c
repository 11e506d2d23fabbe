/* cmd_diff.c — `c2rt diff`: two genomes compared by gene identity, field by
 * field, with names; exit status as diff(1). */
#include <string.h>

#include "cli/cli.h"
#include "genome/breed.h"

static const char *format;

static const cli_opt opts[] = {
	{"format", OPT_STR, &format, "text|json", "output format (default text)", 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_diff_spec = {
	"diff", "A B",
	"differences of two genomes by gene identity, field by field, with names",
	"Genes are matched by identity (kind, id, duplicate number) along the longest\n"
	"common subsequence: a gene only A has is 'deleted', only B has 'added'; matched\n"
	"genes are compared by header key (stage, flags, mut) and field, values named\n"
	"as 'c2rt dump' names them (chemicals, loci, lobes, opcodes). Exit status as\n"
	"diff(1): 0 the same, 1 different, 2 trouble; a usage error is 4, not the 1 of\n"
	"every other command, which here means 'different'.",
	opts, 2, 2, OPT_IN, NULL,
};

/* diff(1)'s convention: 1 means "different", so a usage error takes its
 * own code (CLI_DIFF_USAGE) and every other trouble is CLI_BAD. */
static int trouble(int rc)
{
	return rc == CLI_OK ? CLI_OK : rc == CLI_USAGE ? CLI_DIFF_USAGE : CLI_BAD;
}

int cli_cmd_diff(int argc, char **argv)
{
	const char *pos[2];
	int npos;
	int rc = cli_parse(&cli_cmd_diff_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : trouble(rc);
	bool json = false;
	if (format && !(json = !strcmp(format, "json")) && strcmp(format, "text") != 0)
		return trouble(cli_fail(CLI_USAGE, "diff", "--format: text or json, not '%s'", format));
	genome a, b;
	if ((rc = cli_load_genome(pos[0], &a)) != 0)
		return trouble(rc);
	if ((rc = cli_load_genome(pos[1], &b)) != 0) {
		genome_free(&a);
		return trouble(rc);
	}
	genome_changes ch = {0};
	c2_err err;
	c2_wbuf w = {0};
	if (genome_diff(&a, &b, &ch, &err) != 0) {
		rc = trouble(cli_fail(CLI_BAD, "diff", "%s", err.msg));
	} else {
		if (json) {
			c2_w_str(&w, "{\"a\":");
			c2_w_json_cstr(&w, pos[0]);
			c2_w_str(&w, ",\"b\":");
			c2_w_json_cstr(&w, pos[1]);
			c2_w_printf(&w, ",\"same\":%s,\"changes\":", ch.n ? "false" : "true");
			genome_changes_json(&ch, &b, &w);
			c2_w_str(&w, "}\n");
		} else {
			genome_changes_text(&ch, &b, &w);
		}
		if (w.oom)
			rc = trouble(cli_fail(CLI_BAD, "diff", "out of memory"));
		else if (w.len) /* the same genomes print nothing */
			rc = trouble(cli_write("diff", "-", w.data, w.len));
		if (rc == CLI_OK && ch.n)
			rc = 1;
	}
	c2_wbuf_free(&w);
	genome_changes_free(&ch);
	genome_free(&a);
	genome_free(&b);
	return rc;
}
