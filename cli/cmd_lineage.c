/* cmd_lineage.c — `c2rt lineage`: a genealogy log (from `c2rt run
 * --genealogy` or `c2rt evolve`) as a family tree and a summary per
 * generation. The reading and the summary are the core's (batch/lineage.h). */
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "batch/lineage.h"
#include "cli/cli.h"

static const char *format, *out;
static bool generations_only, tree_only;

static const cli_opt opts[] = {
	{"format", OPT_STR, &format, "text|json", "output format (default text)", 0, 0, NULL},
	{"generations", OPT_FLAG, &generations_only, NULL, "only the summary per generation", 0, 0, NULL},
	{"tree", OPT_FLAG, &tree_only, NULL, "only the family tree (text) or the creatures (json)", 0, 0, NULL},
	{"o", OPT_OUT, &out, "FILE", "write there (default: standard output)", 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_lineage_spec = {
	"lineage", "LOG",
	"a genealogy log as a family tree and a summary per generation",
	"LOG is the NDJSON genealogy 'c2rt run --genealogy' or 'c2rt evolve' writes\n"
	"(lineage.ndjson, its replicates apart). The tree lists each founder and under\n"
	"every mother the children she bore, with their father: moniker, sex, generation,\n"
	"conception, birth and death ticks, the cause of death and age, the mutations\n"
	"it got at conception and those it carries (its own plus half of each parent's:\n"
	"the expected number of mutations inherited from the founders on). The summary\n"
	"per generation counts conceptions, children lost, births (males, females), the\n"
	"living and the dead, lifespans (mean, min, max, in ticks), mutations and\n"
	"carried mutations, and deaths by cause. A malformed log is refused with its\n"
	"line.",
	opts, 1, 1, OPT_IN, NULL,
};

static int render(const batch_lineage *l, bool json, c2_wbuf *w)
{
	batch_lineage_gen *g = NULL;
	size_t n = 0;
	if (!tree_only && batch_lineage_generations(l, &g, &n) != 0)
		return cli_fail(CLI_BAD, "lineage", "out of memory");
	if (json) {
		batch_lineage_json(l, !generations_only, tree_only ? NULL : g, n, w);
	} else {
		if (!generations_only)
			batch_lineage_tree_text(l, w);
		if (!generations_only && !tree_only)
			c2_w_u8(w, '\n');
		if (!tree_only)
			batch_lineage_generations_text(l, g, n, w);
	}
	free(g);
	return w->oom ? cli_fail(CLI_BAD, "lineage", "out of memory") : CLI_OK;
}

int cli_cmd_lineage(int argc, char **argv)
{
	format = out = NULL;
	generations_only = tree_only = false;
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_lineage_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	bool json = false;
	if (format && !(json = !strcmp(format, "json")) && strcmp(format, "text") != 0)
		return cli_fail(CLI_USAGE, "lineage", "--format: text or json, not '%s'", format);
	if (generations_only && tree_only)
		return cli_fail(CLI_USAGE, "lineage", "--generations and --tree exclude each other");
	uint8_t *text;
	size_t len;
	c2_err err;
	if (c2_read_file(pos[0], (size_t)1 << 32, &text, &len, &err) != 0)
		return cli_report(pos[0], &err);
	batch_lineage l;
	c2_wbuf w = {0};
	if (batch_lineage_parse(&l, (const char *)text, len, &err) != 0)
		rc = cli_report(pos[0], &err);
	else if (l.records == 0)
		rc = cli_fail(CLI_BAD, "lineage", "%s: no records", pos[0]);
	else if ((rc = render(&l, json, &w)) == CLI_OK)
		rc = cli_write("lineage", out ? out : "-", w.data, w.len);
	c2_wbuf_free(&w);
	batch_lineage_free(&l);
	free(text);
	return rc;
}
