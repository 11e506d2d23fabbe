/* cmd_body.c — `c2rt body`: load an alternative body and show it.
 *
 * Thin on purpose: the option table, then the format's own front end
 * (cli/body_xode.c for XODE scenes). */
#include <string.h>

#include "cli/body_xode.h"
#include "cli/cli.h"

static const char *format = "text", *export_path;

static const cli_opt opts[] = {
	{"format", OPT_STR, &format, "text|json", "a readable summary (default) or the scene as JSON", 0, 0, NULL},
	{"export", OPT_STR, &export_path, "OUT.xode",
	 "also write the scene back as XODE, nothing lost (atomically; - for standard output)", 0, 0, NULL},
	{0},
};

const cli_spec cmd_body_spec = {
	"body", "FILE.xode [--format text|json] [--export OUT.xode]",
	"load an XODE body (scene) and summarise it, print it as JSON or write it back",
	"XODE 1.0r23 documents (bgig, postlink, +retain). Positions and rotation\n"
	"matrices are in world coordinates; R is printed row by row. A bad document\n"
	"prints FILE:LINE: reason and exits 2.",
	opts, 1, 1,
};

int cmd_body(int argc, char **argv)
{
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cmd_body_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	bool json = strcmp(format, "json") == 0;
	if (!json && strcmp(format, "text") != 0)
		return cli_fail(CLI_USAGE, "body", "--format is text or json, not '%s'", format);
	if (!cli_body_is_xode(pos[0]))
		return cli_fail(CLI_USAGE, "body", "'%s' is not an XODE document (.xode)", pos[0]);
	return cli_body_xode(pos[0], json, export_path);
}
