/* brain_opts.h — the `--opt NAME=VALUE` option shared by every command that
 * builds a brain (brain, svrule eval/check, and later run). */
#ifndef C2_CLI_BRAIN_OPTS_H
#define C2_CLI_BRAIN_OPTS_H

#include "brain/options.h"

/* An OPT_CALL callback: `ctx` is a brain_options *. Applies "NAME=VALUE"
 * (c2_option_parse on brain_option_tab); on error prints "c2rt: --opt: reason" and returns 1. */
int cli_brain_opt(const char *arg, void *ctx);

/* The help line for such an option. */
#define CLI_BRAIN_OPT_HELP "set a brain option (repeatable; see 'c2rt options')"

#endif
