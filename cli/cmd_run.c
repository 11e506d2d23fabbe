/* cmd_run.c — `c2rt run`: hatch a creature and run it headless, with events,
 * traces, state hashes and snapshots. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/fileio.h"
#include "cli/cli.h"
#include "cli/creature_open.h"
#include "engine/engine.h"
#include "engine/events.h"
#include "engine/trace.h"
#include "genome/vocab.h"
#include "viewer/plot.h"
#include "viewer/series.h"

static const char *until_arg, *trace_path, *chem_list, *save_path, *format_arg, *plot_path;
static uint64_t ticks, every = 1, hash_every, max_ticks = 20000000;
static bool quiet;

static const cli_opt opts[] = {
	{"creature", OPT_GROUP, cli_creature_opts, NULL, NULL, 0, 0, NULL},
	{"snapshot", OPT_GROUP, cli_snapshot_opts, NULL, NULL, 0, 0, NULL},
	{"ticks", OPT_U64, &ticks, "N", "run N world ticks (10 per creature second)", 0, 0, NULL},
	{"until", OPT_STR, &until_arg, "death|stage:NAME", "run until the creature dies or reaches a stage", 0, 0, NULL},
	{"max-ticks", OPT_U64, &max_ticks, "N", "safety limit for --until (default 20000000)", 0, 0, NULL},
	{"trace", OPT_STR, &trace_path, "FILE", "write a trace (CSV, or NDJSON with --trace-format); '-' = stdout", 0, 0, NULL},
	{"trace-format", OPT_STR, &format_arg, "csv|ndjson", "trace format (default csv)", 0, 0, NULL},
	{"chem", OPT_STR, &chem_list, "NAME,...", "chemicals in the trace (default ATP,ADP,Glucose,...)", 0, 0, NULL},
	{"every", OPT_U64, &every, "K", "trace every K-th tick (default 1)", 0, 0, NULL},
	{"hash-every", OPT_U64, &hash_every, "K", "print 'tick hash' of the whole state every K ticks", 0, 0, NULL},
	{"save", OPT_STR, &save_path, "FILE", "save a snapshot at the end (atomically)", 0, 0, NULL},
	{"quiet", OPT_FLAG, &quiet, NULL, "no summary on stderr", 0, 0, NULL},
	{"plot", OPT_STR, &plot_path, "FILE.png", "also draw the traced chemicals into a PNG", 0, 0, NULL},
	{0},
};

const cli_spec cmd_run_spec = {
	"run", "GENOME",
	"hatch a creature from a genome and run it headless",
	"A world tick is 100 ms of creature time; the brain runs every 4 ticks and\n"
	"the biochemistry every 2. With --resume, GENOME may be omitted (if given it\n"
	"must be the snapshot's genome) and the snapshot's events continue unless\n"
	"--events replaces them; --ticks then counts from the snapshot. A summary\n"
	"goes to stderr: ticks, creature time, stage, cause of death, speed.",
	opts, 0, 1,
};

/* Write and empty the trace buffer when it grows (and at the end). */
static int flush(FILE *f, c2_wbuf *w, bool force)
{
	if (!f || (!force && w->len < (1u << 16)))
		return 0;
	if (w->len && fwrite(w->data, 1, w->len, f) != w->len)
		return -1;
	w->len = 0;
	return 0;
}

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* --plot: the traced chemicals, sampled at the trace rows, drawn by the same
 * code as `c2rt plot`. */
static plot_data *plot_new(const trace_cfg *t)
{
	int chems[256];
	for (size_t k = 0; k < t->nchem; k++)
		chems[k] = t->chem[k];
	return plot_data_new_chems(chems, (int)t->nchem, 0); /* 0: keep the whole run */
}

static void plot_sample(plot_data *d, const creature *c, const trace_cfg *t)
{
	float v[256];
	const bc_biochem *bc = creature_biochem_const(c);
	for (size_t k = 0; k < t->nchem; k++)
		v[k] = bc_chem_get(bc, t->chem[k]);
	plot_data_push(d, creature_seconds(c), v);
}

int cmd_run(int argc, char **argv)
{
	cli_creature_args_init(&cli_cargs);
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cmd_run_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if (npos == 0 && !cli_cargs.resume_path)
		return cli_fail(CLI_USAGE, "run", "missing GENOME (or --resume FILE)");
	if (ticks && until_arg)
		return cli_fail(CLI_USAGE, "run", "--ticks and --until exclude each other");
	if (!ticks && !until_arg)
		return cli_fail(CLI_USAGE, "run", "say how long: --ticks N or --until death|stage:NAME");
	if (every == 0)
		return cli_fail(CLI_USAGE, "run", "--every must be at least 1");
	int until_stage = -1;
	bool until_death = false;
	if (until_arg) {
		if (!strcmp(until_arg, "death"))
			until_death = true;
		else if (!strncmp(until_arg, "stage:", 6) && (until_stage = genome_stage_by_name(until_arg + 6)) >= 0)
			;
		else
			return cli_fail(CLI_USAGE, "run", "--until: expected death or stage:NAME, got '%s'", until_arg);
	}
	trace_cfg tc = {0};
	trace_default_chems(&tc);
	c2_err err;
	if (chem_list && trace_set_chems(&tc, chem_list, &err) != 0)
		return cli_fail(CLI_USAGE, "run", "--chem: %s", err.msg);
	if (format_arg) {
		if (!strcmp(format_arg, "csv"))
			tc.format = TRACE_CSV;
		else if (!strcmp(format_arg, "ndjson"))
			tc.format = TRACE_NDJSON;
		else
			return cli_fail(CLI_USAGE, "run", "--trace-format: csv or ndjson");
	}
	if (hash_every && trace_path && !strcmp(trace_path, "-"))
		return cli_fail(CLI_USAGE, "run", "--hash-every and --trace - both want stdout");
	if ((rc = cli_creature_args_finish(&cli_cargs, "run")) != 0)
		return rc;

	/* The creature: hatched, or resumed from a snapshot, and its events. */
	cli_creature cc;
	rc = cli_creature_open(&cc, "run", npos ? pos[0] : NULL, &cli_cargs);
	if (rc)
		return rc;
	creature *c = cc.c;

	FILE *tf = NULL;
	plot_data *pd = NULL;
	if (trace_path) {
		tf = strcmp(trace_path, "-") ? fopen(trace_path, "w") : stdout;
		if (!tf) {
			rc = cli_fail(CLI_BAD, "run", "cannot write %s", trace_path);
			goto out;
		}
	}
	c2_wbuf tw = {0};
	if (tf) {
		trace_header(c, &tc, &tw);
		if (creature_ticks(c) == 0)
			trace_row(c, &tc, &tw);
	}
	if (plot_path) {
		pd = plot_new(&tc);
		if (!pd) {
			rc = cli_fail(CLI_BAD, "run", "out of memory for --plot");
			goto out;
		}
		plot_sample(pd, c, &tc);
	}

	/* Run. Events due at a tick are applied just before that tick runs. */
	double t0 = now_seconds();
	uint64_t start = creature_ticks(c), ran = 0;
	uint64_t limit = ticks ? ticks : max_ticks;
	bool hit_limit = false;
	for (;;) {
		if (until_death && !creature_alive(c))
			break;
		if (until_stage >= 0 && creature_stage(c) >= until_stage)
			break;
		if (ran == limit) {
			hit_limit = !ticks;
			break;
		}
		creature_step(c, &cc.ev);
		ran++;
		uint64_t t = creature_ticks(c);
		if (tf && t % every == 0)
			trace_row(c, &tc, &tw);
		if (pd && t % every == 0)
			plot_sample(pd, c, &tc);
		if (hash_every && t % hash_every == 0)
			printf("%llu %016llx\n", (unsigned long long)t, (unsigned long long)creature_hash(c));
		if (flush(tf, &tw, false) != 0) {
			rc = cli_fail(CLI_BAD, "run", "write error on %s", trace_path);
			break;
		}
		if (!creature_alive(c) && !until_death)
			break; /* nothing more will happen */
	}
	double wall = now_seconds() - t0;
	/* The death row is always in the trace, whatever --every says. */
	if (!creature_alive(c) && creature_ticks(c) % every != 0) {
		if (tf)
			trace_row(c, &tc, &tw);
		if (pd)
			plot_sample(pd, c, &tc);
	}
	if (rc == 0 && flush(tf, &tw, true) != 0)
		rc = cli_fail(CLI_BAD, "run", "write error on %s", trace_path);
	c2_wbuf_free(&tw);
	if (tf && tf != stdout && fclose(tf) != 0 && rc == 0)
		rc = cli_fail(CLI_BAD, "run", "write error on %s", trace_path);
	tf = NULL;

	if (rc == 0 && save_path &&
	    creature_save_file(c, save_path, cc.events_text, cc.events_text ? cc.events_len : 0, &err) != 0)
		rc = cli_report(save_path, &err);
	if (rc == 0 && pd) {
		char title[160], perr[200];
		snprintf(title, sizeof title, "%s — %s, seed %llu", npos ? pos[0] : cli_cargs.resume_path,
		         creature_sex(c) == GENOME_MALE ? "male" : "female",
		         (unsigned long long)creature_get_config(c)->seed);
		plot_style st;
		plot_style_default(&st);
		st.title = title;
		if (plot_write_png(plot_path, 1200, 700, pd, &st, perr, sizeof perr) != 0)
			rc = cli_fail(CLI_BAD, "run", "--plot %s: %s", plot_path, perr);
	}

	if (!quiet) {
		double secs = creature_seconds(c);
		fprintf(stderr, "c2rt run: %llu ticks (%llu this run), creature time %.0f s (%.2f h), stage %s, %s",
		        (unsigned long long)creature_ticks(c), (unsigned long long)ran, secs, secs / 3600.0,
		        genome_stage_name(creature_stage(c)), creature_alive(c) ? "alive" : "dead");
		if (!creature_alive(c))
			fprintf(stderr, " (%s at tick %llu)", creature_death_name(creature_cause_of_death(c)),
			        (unsigned long long)creature_death_tick(c));
		fprintf(stderr, "; %.2f s wall, %.0f ticks/s\n", wall, wall > 0 ? ran / wall : 0.0);
		(void)start;
	}
	if (rc == 0 && hit_limit)
		rc = cli_fail(CLI_BAD, "run", "stopped at --max-ticks %llu before %s", (unsigned long long)max_ticks,
		              until_arg);
out:
	plot_data_free(pd);
	if (tf && tf != stdout)
		fclose(tf);
	cli_creature_close(&cc);
	return rc;
}
