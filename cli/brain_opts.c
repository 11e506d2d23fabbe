/* brain_opts.c — the `--opt NAME=VALUE` callback for cli_parse, and the
 * check of an option that names a lobe. */
#include "cli/brain_opts.h"

#include <stdio.h>

#include "cli/cli.h"

int cli_brain_opt(const char *arg, void *ctx)
{
	c2_err err;
	if (c2_option_parse(&brain_option_tab, (brain_options *)ctx, arg, &err) != 0) {
		cli_msg(stderr, NULL, "--opt: %s", err.msg);
		return 1;
	}
	return 0;
}

int cli_brain_lobe(const char *cmd, const char *opt, const char *arg, const brain *b,
                   unsigned lobe, brain_lobe_info *li)
{
	size_t n = brain_lobe_count(b);
	if (n == 0)
		return cli_fail(CLI_USAGE, cmd, "%s %s: this brain has no lobes", opt, arg);
	if (lobe >= n || brain_lobe_info_get(b, lobe, li) != 0)
		return cli_fail(CLI_USAGE, cmd, "%s %s: no lobe %u: this brain's lobes are 0..%zu", opt, arg,
		                lobe, n - 1);
	return CLI_OK;
}
