/* brain_opts.c — the `--opt NAME=VALUE` callback for cli_parse. */
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
