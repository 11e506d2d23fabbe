/* cmd_cross.c — `c2rt cross`: a child of two genomes, crossed over gene by
 * gene on gene identity and then mutated, with a log. */
#include <ctype.h>
#include <string.h>

#include "base/rng.h"
#include "cli/breed_out.h"
#include "cli/cli.h"
#include "genome/breed.h"

static const char *out_path, *mum_moniker, *dad_moniker;

static const cli_opt opts[] = {
	{"o", OPT_OUT, &out_path, "CHILD", "write the child here (atomically); '-' = stdout", 0, 0, NULL},
	{"mum-moniker", OPT_STR, &mum_moniker, "M", "the mother's 4-character moniker, for the child's genus gene", 0, 0, NULL},
	{"dad-moniker", OPT_STR, &dad_moniker, "M", "the father's 4-character moniker", 0, 0, NULL},
	{"breeding", OPT_GROUP, cli_breed_opts, NULL, NULL, 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_cross_spec = {
	"cross", "MUM DAD",
	"cross two genomes gene by gene (aligned on gene identity), then mutate the child",
	"The parents are aligned on gene identity (type, subtype, id). The child copies\n"
	"one parent's strand and switches to the other at a gene both have once in 50\n"
	"genes (a crossing-over point); a gene only one parent has comes with its\n"
	"parent's strand. Every gene then goes through the breeding copy of 'c2rt\n"
	"mutate' (--rate 0: none). With monikers the child's genus gene names its\n"
	"parents. The log lists the crossing-over points and every mutation.",
	opts, 2, 2, OPT_IN, NULL,
};

static int moniker(const char *s, const char *opt, uint8_t out[4])
{
	if (!s)
		return CLI_OK;
	bool ok = strlen(s) == 4;
	for (int i = 0; ok && i < 4; i++)
		ok = isprint((unsigned char)s[i]) != 0;
	if (!ok)
		return cli_fail(CLI_USAGE, "cross", "%s: a moniker is 4 printable characters, not '%s'", opt, s);
	memcpy(out, s, 4);
	return CLI_OK;
}

int cli_cmd_cross(int argc, char **argv)
{
	memset(&cli_bargs, 0, sizeof cli_bargs);
	const char *pos[2];
	int npos;
	int rc = cli_parse(&cli_cmd_cross_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if (!out_path)
		return cli_fail(CLI_USAGE, "cross", "missing -o CHILD");
	uint8_t mum_m[4], dad_m[4];
	if ((rc = cli_breed_args_finish(&cli_bargs, "cross")) != 0 ||
	    (rc = moniker(mum_moniker, "--mum-moniker", mum_m)) != 0 ||
	    (rc = moniker(dad_moniker, "--dad-moniker", dad_m)) != 0)
		return rc;

	genome mum, dad, child;
	if ((rc = cli_load_genome(pos[0], &mum)) != 0)
		return rc;
	if ((rc = cli_load_genome(pos[1], &dad)) != 0) {
		genome_free(&mum);
		return rc;
	}
	c2_rng rng;
	c2_rng_seed(&rng, cli_bargs.seed_v);
	genome_changes changes = {0};
	c2_err err;
	if (genome_cross(&mum, &dad, mum_moniker ? mum_m : NULL, dad_moniker ? dad_m : NULL,
	                 cli_bargs.rate_v, &rng, &child, &changes, &err) != 0) {
		rc = cli_fail(CLI_BAD, "cross", "%s", err.msg);
	} else {
		c2_wbuf log = {0};
		if (cli_bargs.log_path)
			cli_breed_log_entry(&log, &cli_bargs, pos, 2, out_path, cli_bargs.seed_v, &changes,
			                    &child);
		/* A log on standard output goes first: the child is renamed into
		 * place only once the log has got there. */
		bool log_first = cli_bargs.log_path && !strcmp(cli_bargs.log_path, "-");
		if (log.oom)
			rc = cli_fail(CLI_BAD, "cross", "out of memory for the log");
		if (rc == 0 && log_first)
			rc = cli_write("cross", "-", log.data, log.len);
		if (rc == 0)
			rc = cli_write_genome("cross", out_path, &child);
		if (rc == 0 && cli_bargs.log_path && !log_first)
			rc = cli_write("cross", cli_bargs.log_path, log.data, log.len);
		c2_wbuf_free(&log);
		genome_free(&child);
	}
	genome_changes_free(&changes);
	genome_free(&mum);
	genome_free(&dad);
	return rc;
}
