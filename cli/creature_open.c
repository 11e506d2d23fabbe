/* creature_open.c — hatch or resume a creature for `run` and `view`. */
#include "cli/creature_open.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/fileio.h"
#include "genome/gno.h"
#include "cli/cli.h"

void cli_creature_close(cli_creature *cc)
{
	creature_events_free(&cc->ev);
	free(cc->events_text);
	creature_free(cc->c);
	memset(cc, 0, sizeof *cc);
}

cli_creature_args cli_cargs;

cli_opt cli_creature_opts[] = {
	{"sex", OPT_STR, &cli_cargs.sex, "m|f", "the creature's sex: m(ale) or f(emale) (default f)", 0, 0, NULL},
	{"seed", OPT_STR, &cli_cargs.seed, "S", "seed of the creature's random stream (default 1)", 0, 0, NULL},
	{"events", OPT_IN, &cli_cargs.events_path, "FILE", "timed inputs (docs/events.md)", 0, 0, NULL},
	{"body", OPT_IN, &cli_cargs.body_path, "FILE", "give the creature a body: f0 (.f0, .gen) or XODE (.xode), simulated on ODE", 0, 0, NULL},
	{"body-genotype", OPT_STR, &cli_cargs.body_genotype, "N|NAME", "--body FILE.gen: which genotype (default: the first f0 one)", 0, 0, NULL},
	{"wiring", OPT_IN, &cli_cargs.wiring_path, "FILE", "--body: how the creature drives it (docs/bodies.md: wiring files)", 0, 0, NULL},
	{"opt", OPT_CALL, &cli_cargs, "NAME=VALUE", "set an option of any module (see 'c2rt options'); repeatable", 0, 0, cli_opt_config},
	{0},
};

cli_opt cli_snapshot_opts[] = {
	{"resume", OPT_IN, &cli_cargs.resume_path, "FILE", "continue from a snapshot instead of hatching", 0, 0, NULL},
	{0},
};

void cli_creature_args_init(cli_creature_args *a)
{
	memset(a, 0, sizeof *a);
	creature_config_default(&a->cfg);
	world_options_default(&a->world);
}

int cli_opt_config(const char *arg, void *args)
{
	cli_creature_args *a = args;
	c2_err err;
	const char *eq = strchr(arg, '=');
	if (eq && c2_option_find(&world_option_tab, arg, (size_t)(eq - arg))) {
		if (c2_option_parse(&world_option_tab, &a->world, arg, &err) == 0) {
			a->world_opts = true;
			return 0;
		}
	} else if (creature_config_parse(&a->cfg, arg, &err) == 0) {
		return 0;
	}
	cli_msg(stderr, NULL, "--opt %s: %s", arg, err.msg);
	return CLI_USAGE;
}

int cli_creature_args_finish(cli_creature_args *a, const char *cmd)
{
	if (a->world_opts && !a->world_ok)
		return cli_fail(CLI_USAGE, cmd, "--opt: world options go with --world (run, batch, sweep)");
	if (a->seed) {
		char *end;
		if (!*a->seed || *a->seed == '-' || (a->cfg.seed = strtoull(a->seed, &end, 10), *end))
			return cli_fail(CLI_USAGE, cmd, "--seed: '%s' is not a non-negative number", a->seed);
	}
	if (a->sex)
		return cli_sex_option(cmd, a->sex, &a->cfg.sex);
	return CLI_OK;
}

int cli_body_read(const cli_creature_args *a, const char *cmd, cli_body_files *out)
{
	memset(out, 0, sizeof *out);
	c2_err err;
	if ((a->body_genotype || a->wiring_path) && !a->body_path)
		return cli_fail(CLI_USAGE, cmd, "--body-genotype and --wiring go with --body");
	if (!a->body_path)
		return CLI_OK;
	if (c2_read_file(a->body_path, 64u << 20, &out->text, &out->len, &err) != 0)
		return cli_report(a->body_path, &err);
	if (a->wiring_path && c2_read_file(a->wiring_path, 1u << 20, &out->wiring, &out->wiring_len, &err) != 0) {
		cli_body_files_free(out);
		return cli_report(a->wiring_path, &err);
	}
	out->spec = (creature_body_spec){a->body_path, out->text, out->len, a->body_genotype};
	return CLI_OK;
}

void cli_body_files_free(cli_body_files *b)
{
	free(b->text);
	free(b->wiring);
	memset(b, 0, sizeof *b);
}

int cli_body_report(const cli_creature_args *a, const char *cmd, bool wiring, const c2_err *err)
{
	if (wiring)
		return cli_report(a->wiring_path, err);
	return err->code == C2_EINVAL && err->line == 0
	           ? cli_fail(CLI_USAGE, cmd, "--body %s: %s", a->body_path, err->msg)
	           : cli_report(a->body_path, err);
}

void cli_body_warn(const char *body_path, const char *w)
{
	while (*w) {
		const char *nl = strchr(w, '\n');
		int n = nl ? (int)(nl - w) : (int)strlen(w);
		fprintf(stderr, "c2rt: %s: warning: %.*s\n", body_path, n, w);
		w += n + (nl != NULL);
	}
}

/* --body and --wiring: the body file read, attached and wired; its
 * warnings printed once. */
static int attach_body(creature *c, const char *cmd, const cli_creature_args *args)
{
	cli_body_files b;
	c2_err err;
	int rc = cli_body_read(args, cmd, &b);
	if (rc)
		return rc;
	if (creature_set_body(c, &b.spec, &err) != 0)
		rc = cli_body_report(args, cmd, false, &err);
	else
		cli_body_warn(args->body_path, creature_body_warnings(c));
	if (rc == CLI_OK && b.wiring &&
	    creature_set_body_wiring(c, (const char *)b.wiring, b.wiring_len, &err) != 0)
		rc = cli_body_report(args, cmd, true, &err);
	cli_body_files_free(&b);
	return rc;
}

int cli_same_genome(const char *cmd, const creature *c, const char *genome_path,
                    const char *resume_path)
{
	genome g, mine;
	c2_err err;
	int rc = cli_load_genome(genome_path, &g);
	if (rc)
		return rc;
	if (creature_genome(c, &mine, &err) != 0) {
		genome_free(&g);
		return cli_report(resume_path, &err);
	}
	bool same = genome_same_genes(&g, &mine);
	genome_free(&mine);
	genome_free(&g);
	return same ? CLI_OK
	            : cli_fail(CLI_BAD, cmd, "%s is not the genome of snapshot %s", genome_path,
	                       resume_path);
}

int cli_creature_open(cli_creature *cc, const char *cmd, const char *genome_path,
                      const cli_creature_args *args)
{
	const char *resume_path = args->resume_path, *events_path = args->events_path;
	const creature_config *cfg = &args->cfg;
	bool sex_or_seed = args->sex || args->seed;
	memset(cc, 0, sizeof *cc);
	c2_err err;
	int rc;
	if ((args->body_genotype || args->wiring_path) && !args->body_path && !resume_path)
		return cli_fail(CLI_USAGE, cmd, "--body-genotype and --wiring go with --body");
	if (resume_path) {
		if (sex_or_seed)
			return cli_fail(CLI_USAGE, cmd, "--sex and --seed come from the snapshot with --resume");
		if (args->body_path || args->body_genotype || args->wiring_path)
			return cli_fail(CLI_USAGE, cmd, "the body and its wiring come from the snapshot with --resume");
		if (creature_load_file(&cc->c, resume_path, &cc->events_text, &cc->events_len, &err) != 0)
			return cli_report(resume_path, &err);
		cc->events_source = resume_path;
		if (genome_path && (rc = cli_same_genome(cmd, cc->c, genome_path, resume_path)) != 0) {
			cli_creature_close(cc);
			return rc;
		}
	} else {
		genome g;
		if ((rc = cli_load_genome(genome_path, &g)) != 0)
			return rc;
		rc = creature_hatch(&cc->c, &g, cfg, &err);
		genome_free(&g);
		if (rc)
			return cli_report(genome_path, &err);
		if (args->body_path && (rc = attach_body(cc->c, cmd, args)) != 0) {
			cli_creature_close(cc);
			return rc;
		}
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
	    creature_events_parse(&cc->ev, (const char *)cc->events_text, cc->events_len, &err) != 0) {
		const char *src = cc->events_source;
		cli_creature_close(cc);
		return cli_report(src, &err);
	}
	return CLI_OK;
}

/* "DIR/NAME.gen" -> "DIR/NAME.gno" (any extension, or none: appended). */
static void gno_beside(const char *genome_path, char *buf, size_t cap)
{
	const char *slash = strrchr(genome_path, '/');
	const char *dot = strrchr(slash ? slash : genome_path, '.');
	size_t stem = dot && dot != (slash ? slash + 1 : genome_path) ? (size_t)(dot - genome_path)
	                                                              : strlen(genome_path);
	snprintf(buf, cap, "%.*s.gno", (int)stem, genome_path);
}

void cli_organ_names(const char *cmd, const creature *c, const char *genome_path,
                     genome_organ_names *out)
{
	out->v = NULL;
	out->n = 0;
	genome g;
	c2_err err;
	if (creature_genome(c, &g, &err) != 0)
		return; /* out of memory: the organs keep their numbers */
	genome_gno gno = {0};
	bool have = false;
	char path[4096];
	if (genome_path && strcmp(genome_path, "-") != 0) {
		gno_beside(genome_path, path, sizeof path);
		if (access(path, F_OK) == 0) {
			have = genome_gno_read_file(&gno, path, &err) == 0;
			if (!have)
				cli_msg(stderr, cmd, "warning: %s: %s (organs are named by what they hold)", path,
				        err.msg);
		}
	}
	(void)genome_organ_names_make(out, &g, have ? &gno : NULL);
	genome_gno_free(&gno);
	genome_free(&g);
}

static const char MONIKER_LINE[] = "# moniker ";

void cli_moniker_line(const char *moniker, c2_wbuf *w)
{
	c2_w_printf(w, "%s%.4s\n", MONIKER_LINE, moniker);
}

const char *cli_moniker(const void *events, size_t len, char out[5])
{
	size_t p = sizeof MONIKER_LINE - 1, n = 0;
	const char *s = events;
	if (!s || len <= p || memcmp(s, MONIKER_LINE, p) != 0)
		return NULL;
	while (n < 4 && p + n < len && s[p + n] > ' ' && s[p + n] < 127)
		n++;
	if (n == 0 || (p + n < len && s[p + n] != '\n'))
		return NULL;
	memcpy(out, s + p, n);
	out[n] = '\0';
	return out;
}
