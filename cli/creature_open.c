/* creature_open.c — hatch or resume a creature for `run` and `view`. */
#include "cli/creature_open.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "cli/cli.h"

/* Do two genomes have the same genes (the tail after "gend" aside)? */
static bool same_genes(const genome *a, const genome *b)
{
	if (a->ngenes != b->ngenes || a->format != b->format)
		return false;
	for (size_t i = 0; i < a->ngenes; i++) {
		const genome_gene *x = &a->genes[i], *y = &b->genes[i];
		if (x->kind != y->kind || x->id != y->id || x->dup != y->dup || x->stage != y->stage ||
		    x->flags != y->flags || x->mut != y->mut ||
		    memcmp(x->u.raw, y->u.raw, genome_kinds[x->kind].body_size) != 0)
			return false;
	}
	return true;
}

void cli_creature_close(cli_creature *cc)
{
	events_free(&cc->ev);
	free(cc->events_text);
	creature_free(cc->c);
	memset(cc, 0, sizeof *cc);
}

void cli_creature_args_init(cli_creature_args *a)
{
	memset(a, 0, sizeof *a);
	creature_config_default(&a->cfg);
}

int cli_opt_config(const char *arg, void *args)
{
	cli_creature_args *a = args;
	c2_err err;
	if (creature_config_parse(&a->cfg, arg, &err) != 0) {
		fprintf(stderr, "c2rt: --opt %s: %s\n", arg, err.msg);
		return CLI_USAGE;
	}
	return 0;
}

int cli_opt_seed(const char *arg, void *args)
{
	cli_creature_args *a = args;
	char *end;
	if (!*arg || *arg == '-' || (a->cfg.seed = strtoull(arg, &end, 10), *end)) {
		fprintf(stderr, "c2rt: --seed: '%s' is not a non-negative number\n", arg);
		return CLI_USAGE;
	}
	a->seed_given = true;
	return 0;
}

int cli_creature_args_finish(cli_creature_args *a, const char *cmd)
{
	if (!a->sex)
		return CLI_OK;
	if (!strcmp(a->sex, "m") || !strcmp(a->sex, "male"))
		a->cfg.sex = GENOME_MALE;
	else if (!strcmp(a->sex, "f") || !strcmp(a->sex, "female"))
		a->cfg.sex = GENOME_FEMALE;
	else
		return cli_fail(CLI_USAGE, cmd, "--sex: m or f");
	return CLI_OK;
}

int cli_creature_open(cli_creature *cc, const char *cmd, const char *genome_path,
                      const char *resume_path, const char *events_path,
                      const cli_creature_args *args)
{
	const creature_config *cfg = &args->cfg;
	bool sex_or_seed = args->sex || args->seed_given;
	memset(cc, 0, sizeof *cc);
	c2_err err;
	int rc;
	if (resume_path) {
		if (sex_or_seed)
			return cli_fail(CLI_USAGE, cmd, "--sex and --seed come from the snapshot with --resume");
		if (creature_load_file(&cc->c, resume_path, &cc->events_text, &cc->events_len, &err) != 0)
			return cli_report(resume_path, &err);
		cc->events_source = resume_path;
		if (genome_path) {
			genome g;
			if ((rc = cli_load_genome(genome_path, &g)) != 0) {
				cli_creature_close(cc);
				return rc;
			}
			bool same = same_genes(&g, creature_genome(cc->c));
			genome_free(&g);
			if (!same) {
				cli_creature_close(cc);
				return cli_fail(CLI_BAD, cmd, "%s is not the genome of snapshot %s", genome_path,
				                resume_path);
			}
		}
	} else {
		genome g;
		if ((rc = cli_load_genome(genome_path, &g)) != 0)
			return rc;
		rc = creature_hatch(&cc->c, &g, cfg, &err);
		genome_free(&g);
		if (rc)
			return cli_report(genome_path, &err);
	}
	if (events_path) {
		free(cc->events_text);
		cc->events_text = NULL;
		if (c2_read_file(events_path, 16u << 20, &cc->events_text, &cc->events_len, &err) != 0) {
			cli_creature_close(cc);
			return cli_report(events_path, &err);
		}
		cc->events_source = events_path;
	}
	if (cc->events_text &&
	    events_parse(&cc->ev, (const char *)cc->events_text, cc->events_len, &err) != 0) {
		const char *src = cc->events_source;
		cli_creature_close(cc);
		return cli_report(src, &err);
	}
	return CLI_OK;
}
