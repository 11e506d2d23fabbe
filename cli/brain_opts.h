/* brain_opts.h — the `--opt NAME=VALUE` option shared by every command that
 * builds a brain (brain, svrule eval/check, and later run), and the check of an
 * option that names a lobe. */
#ifndef C2_CLI_BRAIN_OPTS_H
#define C2_CLI_BRAIN_OPTS_H

#include "brain/brain.h"
#include "brain/options.h"

/* An OPT_CALL callback: `ctx` is a brain_options *. Applies "NAME=VALUE"
 * (c2_option_parse on brain_option_tab); on error prints "c2rt: --opt: reason" and returns 1. */
int cli_brain_opt(const char *arg, void *ctx);

/* The help line for such an option. */
#define CLI_BRAIN_OPT_HELP "set a brain option (repeatable; see 'c2rt options')"

/* Option `opt` (its text `arg`, "99:1") of command cmd names lobe `lobe`:
 * CLI_OK with *li filled, or CLI_USAGE after saying which lobes this brain
 * has. For the options that name a lobe's cell or locus (brain --locus,
 * view --pin), checked against the brain built, before it runs. */
int cli_brain_lobe(const char *cmd, const char *opt, const char *arg, const brain *b,
                   unsigned lobe, brain_lobe_info *li);

#endif
