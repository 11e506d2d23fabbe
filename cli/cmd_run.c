/* cmd_run.c — `c2rt run`: hatch a creature and run it headless, with events,
 * traces, state hashes and snapshots. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/fileio.h"
#include "cli/cli.h"
#include "cli/creature_open.h"
#include "cli/helper.h"
#include "cli/plotmarks.h"
#include "cli/world_open.h"
#include "engine/engine.h"
#include "engine/events.h"
#include "genome/vocab.h"
#include "trace/series.h"
#include "trace/writer.h"

static const char *until_arg, *trace_path, *chem_list, *save_path, *format_arg, *plot_path,
	*neuron_list;
static const char *world_path, *log_path, *genealogy_path;
static cli_more_list more; /* --creature GENOME[:SEX[:SEED]] */
static int more_add(const char *arg, void *ctx)
{
	(void)ctx;
	return cli_more_list_add(&more, "run", arg);
}
/* The default trace: one row per creature second (CREATURE_TICKS_PER_SECOND world
 * ticks): a whole norn life (10.7 creature hours) is then about 38,500
 * rows, 10 MB, instead of 97 MB of every tick; --every 1 asks for those. */
#define DEFAULT_EVERY CREATURE_TICKS_PER_SECOND
static uint64_t ticks, every = DEFAULT_EVERY, hash_every, max_ticks = CLI_MAX_TICKS;
static bool quiet;

static const cli_opt opts[] = {
	{"creature", OPT_GROUP, cli_creature_opts, NULL, NULL, 0, 0, NULL},
	{"snapshot", OPT_GROUP, cli_snapshot_opts, NULL, NULL, 0, 0, NULL},
	{"ticks", OPT_U64, &ticks, "N", "run N world ticks (10 per creature second)", 1, 0, NULL},
	{"until", OPT_STR, &until_arg, "death|stage:NAME", "run until the creature dies or reaches a stage", 0, 0, NULL},
	{"max-ticks", OPT_U64, &max_ticks, "N", "safety limit for --until (default " CLI_STR(CLI_MAX_TICKS) ")", 1, 0, NULL},
	{"trace", OPT_OUT, &trace_path, "FILE", "write a trace (CSV, or NDJSON with --trace-format); '-' = stdout", 0, 0, NULL},
	{"trace-format", OPT_STR, &format_arg, "csv|ndjson", "trace format (default csv)", 0, 0, NULL},
	{"chem", OPT_STR, &chem_list, "NAME,...|none", "chemicals in the trace (default ATP,ADP,Glucose,...; none: no chemical columns)", 0, 0, NULL},
	{"neurons", OPT_STR, &neuron_list, "LOBE:CELL,...", "--trace: also these neurons' outputs (neuron:LOBE:CELL columns)", 0, 0, NULL},
	{"every", OPT_U64, &every, "K", "trace every K-th tick (default 10: once a creature second)", 1, 0, NULL},
	{"hash-every", OPT_U64, &hash_every, "K", "print 'tick hash' of the whole state every K ticks", 1, 0, NULL},
	{"save", OPT_OUT, &save_path, "FILE", "save a snapshot at the end (atomically)", 0, 0, NULL},
	{"quiet", OPT_FLAG, &quiet, NULL, "no summary or progress on stderr", 0, 0, NULL},
	{"plot", OPT_OUT, &plot_path, "FILE.png", "also draw the traced chemicals into a PNG", 0, 0, NULL},
	{"world", OPT_IN, &world_path, "FILE", "live in the world of a world file (docs/world.md)", 0, 0, NULL},
	{"log", OPT_OUT, &log_path, "FILE.ndjson", "--world: write every world event as NDJSON; --body: every stimulus the body fired", 0, 0, NULL},
	{"creature", OPT_CALL, NULL, "GENOME[:SEX[:SEED]]", "--world: one more creature (repeatable; SEX male|female|m|f, SEED default --seed + its index)", 0, 0, more_add},
	{"genealogy", OPT_OUT, &genealogy_path, "FILE.ndjson", "--world: write founders, conceptions, eggs, hatchings and deaths as NDJSON (docs/populations.md)", 0, 0, NULL},
	{0},
};

/* The hashes go to standard output: nothing else may. */
static int run_paths(cli_paths *ps, const char *const *pos, int npos)
{
	(void)pos;
	(void)npos;
	cli_paths_add(ps, OPT_OUT, "--hash-every", hash_every ? "-" : NULL);
	for (size_t i = 0; i < more.n; i++)
		cli_paths_add(ps, OPT_IN, "--creature", more.v[i].genome);
	return CLI_OK;
}

const cli_spec cli_cmd_run_spec = {
	"run", "GENOME",
	"hatch a creature from a genome and run it headless",
	"A world tick is 100 ms of creature time; the brain runs every 4 ticks and\n"
	"the biochemistry every 2. With --resume, GENOME may be omitted (if given it\n"
	"must be the snapshot's genome) and the snapshot's events continue unless\n"
	"--events replaces them; --ticks then counts from the snapshot. With --world\n"
	"the creature lives in a world (its events files may hold the world's\n"
	"commands, --save keeps the whole world, and a world snapshot resumes\n"
	"without --world); the trace follows the first creature and adds where it\n"
	"is, its room, IT, IT's distance and what it carries (world: columns).\n"
	"--creature adds more creatures to the world (a population: they see,\n"
	"touch and breed with each other; docs/populations.md) and --genealogy\n"
	"writes who was founded, conceived, laid, hatched and died. A\n"
	"summary goes to stderr: ticks, creature time, stage, cause of death,\n"
	"speed; on a terminal a progress line shows while it runs. Every output\n"
	"is checked before the run and written whole or not at all. Exit 3 when\n"
	"the run ends before its goal (--until stage:NAME and the creature died\n"
	"first, or --max-ticks reached).",
	opts, 0, 1, OPT_IN, run_paths,
};

/* Write and empty the trace buffer when it grows (and at the end). */
static int flush(cli_out *o, c2_wbuf *w, bool force)
{
	if (!o->f || (!force && w->len < (1u << 16)))
		return 0;
	if (w->len && fwrite(w->data, 1, w->len, o->f) != w->len)
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

/* --plot: the traced chemicals, sampled at the trace rows, drawn as `c2rt
 * plot` draws (by c2rt-view: cli/helper.h). */
static trace_series *plot_new(const trace_cfg *t)
{
	int chems[256];
	for (size_t k = 0; k < t->nchem; k++)
		chems[k] = t->chem[k];
	/* 0: the whole run, summarised once it outgrows TRACE_SERIES_EXACT_BYTES, so
	 * memory stays bounded however long the run. */
	return trace_series_new_chems(chems, (int)t->nchem, 0);
}

static void plot_sample(trace_series *d, cli_marks *m, const creature *c, const trace_cfg *t)
{
	cli_marks_life(m, creature_seconds(c), genome_stage_name(creature_stage(c)), creature_alive(c));
	float v[256];
	const bc_biochem *bc = creature_biochem_const(c);
	for (size_t k = 0; k < t->nchem; k++)
		v[k] = bc_chem_get(bc, t->chem[k]);
	trace_series_push(d, creature_seconds(c), v);
}

/* A trace that may outgrow this is announced before the run (issue 21:
 * --every 1 with every chemical wrote 2.1 GB of NDJSON without a word). */
#define TRACE_WARN_BYTES 1000000000ull

/* Warn on stderr when the trace of a run of `limit` more ticks may pass
 * TRACE_WARN_BYTES: rows at every multiple of --every, the first row of a
 * new creature and the death row, each as wide as a row can get (the
 * engine's estimate). A warning, not a refusal: the run goes on. */
static void warn_trace_size(const creature *c, const trace_cfg *tc, uint64_t limit)
{
	uint64_t t0 = creature_ticks(c), last = limit > UINT64_MAX - t0 ? UINT64_MAX : t0 + limit;
	uint64_t rows = last / every - t0 / every + (t0 == 0) + 1;
	uint64_t bytes = trace_size_estimate(c, tc, rows, last);
	if (bytes <= TRACE_WARN_BYTES)
		return;
	uint64_t head = trace_size_estimate(c, tc, 0, last);
	cli_msg(stderr, "run",
	        "warning: the trace may take up to %.1f GB (%llu rows of at most %llu bytes: "
	        "%s %llu, --every %llu); a larger --every or fewer --chem make it smaller",
	        (double)bytes / 1e9, (unsigned long long)rows,
	        (unsigned long long)((bytes - head) / rows), ticks ? "--ticks" : "--max-ticks",
	        (unsigned long long)limit, (unsigned long long)every);
}

/* The progress line on a terminal: redrawn in place at most 4 times a
 * second, erased before the summary. Never shown when stderr is not a
 * terminal (piped or redirected) or with --quiet. */
typedef struct progress {
	bool on, shown;
	double next;
} progress;

static void progress_show(progress *p, const creature *c, uint64_t ran, uint64_t limit,
                          bool count_limit, double t0, double now)
{
	if (!p->on || now < p->next)
		return;
	p->next = now + 0.25;
	p->shown = true;
	double secs = creature_seconds(c), wall = now - t0;
	fprintf(stderr, "\rc2rt run: tick %llu, creature time %.2f h, stage %s",
	        (unsigned long long)creature_ticks(c), secs / 3600.0,
	        genome_stage_name(creature_stage(c)));
	if (count_limit)
		fprintf(stderr, ", %.0f%%", 100.0 * (double)ran / (double)limit);
	if (wall > 0)
		fprintf(stderr, ", %.0f ticks/s", (double)ran / wall);
	fprintf(stderr, "\033[K");
	fflush(stderr);
}

static void progress_end(progress *p)
{
	if (p->shown)
		fprintf(stderr, "\r\033[K");
}

/* One run: what the options asked for, what it opened, what it did. */
typedef struct run {
	const char *genome;     /* the GENOME argument, or NULL */
	int until_stage;        /* --until stage:NAME, else -1 */
	bool until_death;       /* --until death */
	bool in_world;          /* --world, or a world snapshot resumed */
	trace_cfg tc;           /* the trace's format, chemicals and world */
	genome_organ_names organs; /* its organs' names (tc.organs) */
	cli_creature cc;        /* without a world: the creature and its events */
	cli_world cw;           /* with one: the world, its creatures and events */
	creature *c;            /* the creature traced (a world's first) */
	cli_out trace, log, gen;
	c2_wbuf tw, lw, gw;     /* what is still to be written to them */
	trace_series *pd;       /* --plot's samples */
	cli_marks *pm;          /* --plot's stages, death and events */
	uint64_t ran;           /* ticks run */
	double wall;            /* their wall time */
	bool hit_limit;         /* --until stopped by --max-ticks */
	bool killed_between;    /* an event killed it before a tick (`at T kill`) */
	char plot_what[4200];   /* "--plot FILE", what a failed drawing names */
	int plot_keys[256];     /* the chemicals' series keys */
} run;

/* The options' checks: those that exclude or need each other, --until,
 * --chem and --trace-format; with --plot, that the drawing program is
 * there. CLI_OK, or CLI_USAGE or CLI_BAD (no drawing program), said. */
static int check_options(run *r, int npos)
{
	if (npos == 0 && !cli_cargs.resume_path)
		return cli_fail(CLI_USAGE, "run", "missing GENOME (or --resume FILE)");
	if (ticks && until_arg)
		return cli_fail(CLI_USAGE, "run", "--ticks and --until exclude each other");
	if (!ticks && !until_arg)
		return cli_fail(CLI_USAGE, "run", "say how long: --ticks N or --until death|stage:NAME");
	/* Options that would change nothing are refused, not ignored. */
	if (cli_given("max-ticks") && !until_arg)
		return cli_fail(CLI_USAGE, "run", "--max-ticks is the limit of --until: it goes with --until");
	if (format_arg && !trace_path)
		return cli_fail(CLI_USAGE, "run", "--trace-format goes with --trace");
	if (neuron_list && !trace_path)
		return cli_fail(CLI_USAGE, "run", "--neurons goes with --trace");
	if ((chem_list || cli_given("every")) && !trace_path && !plot_path)
		return cli_fail(CLI_USAGE, "run", "--chem and --every go with --trace or --plot");
	r->until_stage = -1;
	if (until_arg) {
		if (!strcmp(until_arg, "death"))
			r->until_death = true;
		else if (!strncmp(until_arg, "stage:", 6) && (r->until_stage = genome_stage_by_name(until_arg + 6)) >= 0)
			;
		else if (!strncmp(until_arg, "stage:", 6)) {
			char hint[160];
			genome_stage_hint(until_arg + 6, strlen(until_arg + 6), hint, sizeof hint);
			return cli_fail(CLI_USAGE, "run", "--until: unknown stage '%s'%s", until_arg + 6, hint);
		} else
			return cli_fail(CLI_USAGE, "run", "--until: expected death or stage:NAME, got '%s'", until_arg);
	}
	trace_default_chems(&r->tc);
	c2_err err;
	if (chem_list && trace_set_chems(&r->tc, chem_list, &err) != 0)
		return cli_fail(CLI_USAGE, "run", "--chem: %s", err.msg);
	if (plot_path && r->tc.nchem == 0)
		return cli_fail(CLI_USAGE, "run", "--plot draws the traced chemicals: --chem none leaves it none");
	if (neuron_list && trace_set_neurons(&r->tc, neuron_list, &err) != 0)
		return cli_fail(CLI_USAGE, "run", "--neurons: %s", err.msg);
	if (format_arg) {
		if (!strcmp(format_arg, "csv"))
			r->tc.format = TRACE_CSV;
		else if (!strcmp(format_arg, "ndjson"))
			r->tc.format = TRACE_NDJSON;
		else
			return cli_fail(CLI_USAGE, "run", "--trace-format: csv or ndjson, not '%s'", format_arg);
	}
	int rc = cli_creature_args_finish(&cli_cargs, "run");
	if (rc)
		return rc;
	/* Not a whole run, then no picture: the drawing program is looked for first. */
	snprintf(r->plot_what, sizeof r->plot_what, "--plot %s", plot_path ? plot_path : "");
	rc = plot_path ? cli_helper_check("run", r->plot_what) : CLI_OK;
	if (rc)
		return rc;
	r->in_world = world_path || (cli_cargs.resume_path && cli_world_snapshot_file(cli_cargs.resume_path));
	if (!r->in_world && (genealogy_path || cli_cargs.world_opts))
		return cli_fail(CLI_USAGE, "run", "%s goes with --world",
		                genealogy_path ? "--genealogy" : "a world --opt");
	/* a resumed creature's body is known once it is open (open_run) */
	if (!r->in_world && log_path && !cli_cargs.body_path && !cli_cargs.resume_path)
		return cli_fail(CLI_USAGE, "run", "--log goes with --world or --body");
	if (more.n && !world_path)
		return cli_fail(CLI_USAGE, "run", "--creature goes with --world%s",
		                cli_cargs.resume_path ? " (a world snapshot holds its creatures)" : "");
	return CLI_OK;
}

/* The creature (hatched, or resumed from a snapshot, alone or in its
 * world) and its events; the outputs opened, the trace's header and first
 * row written. */
static int open_run(run *r)
{
	int rc = r->in_world ? cli_world_open(&r->cw, "run", r->genome, &cli_cargs, world_path)
	                     : cli_creature_open(&r->cc, "run", r->genome, &cli_cargs);
	if (rc == 0 && more.n)
		rc = cli_world_add_creatures(&r->cw, "run", more.v, more.n, &cli_cargs);
	if (rc)
		return rc;
	r->c = r->in_world ? world_creature(r->cw.w, 0) : r->cc.c;
	if (genealogy_path && (rc = cli_out_open(&r->gen, "run", genealogy_path)) != 0)
		return rc;
	if (r->in_world) /* the trace follows the first creature, with its world: columns */
		r->tc.in_world = r->cw.w;
	if (log_path && !r->in_world && !creature_has_body(r->c))
		return cli_fail(CLI_USAGE, "run", "--log goes with --world or --body (%s has no body)",
		                cli_cargs.resume_path);
	int missing = trace_neuron_missing(r->c, &r->tc);
	if (missing >= 0)
		return cli_fail(CLI_USAGE, "run", "--neurons: the brain has no neuron %u:%u (`c2rt brain` lists its lobes and their sizes)",
		                r->tc.neuron[missing][0], r->tc.neuron[missing][1]);
	if (log_path) {
		if (r->in_world)
			world_set_log(r->cw.w, true);
		if ((rc = cli_out_open(&r->log, "run", log_path)) != 0)
			return rc;
	}
	if (trace_path) {
		if ((rc = cli_out_open(&r->trace, "run", trace_path)) != 0)
			return rc;
		cli_organ_names("run", r->c, r->genome, &r->organs);
		r->tc.organs = &r->organs;
		trace_header(r->c, &r->tc, &r->tw);
		if (creature_ticks(r->c) == 0)
			trace_row(r->c, &r->tc, &r->tw);
	}
	if (plot_path) {
		if (!(r->pd = plot_new(&r->tc)) || !(r->pm = malloc(sizeof *r->pm)))
			return cli_fail(CLI_BAD, "run", "out of memory for --plot");
		cli_marks_init(r->pm);
		plot_sample(r->pd, r->pm, r->c, &r->tc);
	}
	return CLI_OK;
}

/* One row of the trace and one sample of the plot, of the state now. */
static void sample(run *r)
{
	if (r->trace.f)
		trace_row(r->c, &r->tc, &r->tw);
	if (r->pd)
		plot_sample(r->pd, r->pm, r->c, &r->tc);
}

/* The log's lines of the tick that ran last: the world's records, or the
 * stimuli the creature's body fired. */
static void write_log(run *r)
{
	if (r->in_world) {
		world_log_ndjson(r->cw.w, &r->lw);
		return;
	}
	double value[CREATURE_BSTIM_N];
	unsigned fired = creature_body_fired(r->c, value);
	for (int k = 0; k < CREATURE_BSTIM_N; k++) {
		if (!(fired & (1u << k)))
			continue;
		c2_w_printf(&r->lw, "{\"tick\":%llu,\"type\":\"body\"",
		            (unsigned long long)creature_ticks(r->c) - 1);
		creature_body_stim_json(k, value[k], &r->lw);
		c2_w_str(&r->lw, "}\n");
	}
}

/* The log's and the genealogy's lines since the last tick, to their buffers. */
static void drain(run *r)
{
	if (r->log.f)
		write_log(r);
	if (r->gen.f)
		world_genealogy_ndjson(r->cw.w, &r->gw);
}

/* Run until the goal or the limit: a world tick at a time, the events due
 * at a tick applied just before it runs, the trace rows, --plot's samples,
 * the hashes and the log written after it. */
static int run_loop(run *r)
{
	creature *c = r->c;
	uint64_t limit = ticks ? ticks : max_ticks;
	if (trace_path)
		warn_trace_size(c, &r->tc, limit);
	double t0 = now_seconds();
	/* Not when hashes or the trace go to the same terminal: they would
	 * land in the middle of the line. */
	bool to_stdout = hash_every || (trace_path && !strcmp(trace_path, "-"));
	progress prog = {!quiet && isatty(STDERR_FILENO) && !(to_stdout && isatty(STDOUT_FILENO)),
	                 false, 0};
	int rc = CLI_OK;
	for (;;) {
		if (r->until_death && !creature_alive(c))
			break;
		if (r->until_stage >= 0 && creature_stage(c) >= r->until_stage)
			break;
		if (r->ran == limit) {
			r->hit_limit = !ticks;
			break;
		}
		if (prog.on && r->ran % 4096 == 0)
			progress_show(&prog, c, r->ran, limit, ticks != 0, t0, now_seconds());
		uint64_t before = creature_ticks(c);
		if (r->in_world)
			world_step(r->cw.w, r->cw.ev);
		else
			creature_step(c, &r->cc.ev);
		uint64_t t = creature_ticks(c);
		if (t == before) {
			/* An event killed it before its next tick (`at T kill`): no
			 * tick ran, so none is counted or hashed; finish_outputs writes
			 * its death row (which repeats tick T). */
			r->killed_between = true;
			if (r->in_world) /* no tick ran: no body stimuli to log again */
				drain(r);
			break;
		}
		r->ran++;
		if (t % every == 0)
			sample(r);
		if (hash_every && t % hash_every == 0)
			printf("%llu %016llx\n", (unsigned long long)t,
			       (unsigned long long)(r->in_world ? world_hash(r->cw.w) : creature_hash(c)));
		drain(r);
		if (flush(&r->trace, &r->tw, false) != 0 || flush(&r->log, &r->lw, false) != 0 ||
		    flush(&r->gen, &r->gw, false) != 0) {
			rc = cli_fail(CLI_BAD, "run", "cannot write %s: %s",
			              r->log.f && r->lw.len ? log_path
			              : r->gen.f && r->gw.len ? genealogy_path : trace_path, strerror(errno));
			break;
		}
		if (!creature_alive(c) && !r->until_death)
			break; /* nothing more will happen */
	}
	r->wall = now_seconds() - t0;
	progress_end(&prog);
	return rc;
}

/* The outputs finished: the death row, the trace and the log written whole,
 * the snapshot saved, the plot drawn. */
static int finish_outputs(run *r)
{
	creature *c = r->c;
	/* The death row is always in the trace, whatever --every says. */
	if (!creature_alive(c) && (creature_ticks(c) % every != 0 || r->killed_between))
		sample(r);
	int rc = CLI_OK;
	if (flush(&r->trace, &r->tw, true) != 0)
		rc = cli_fail(CLI_BAD, "run", "cannot write %s: %s", trace_path, strerror(errno));
	if (rc == 0 && flush(&r->log, &r->lw, true) != 0)
		rc = cli_fail(CLI_BAD, "run", "cannot write %s: %s", log_path, strerror(errno));
	if (rc == 0 && r->gen.f) {
		world_genealogy_ndjson(r->cw.w, &r->gw); /* the founders of a run of 0 ticks too */
		if (flush(&r->gen, &r->gw, true) != 0)
			rc = cli_fail(CLI_BAD, "run", "cannot write %s: %s", genealogy_path, strerror(errno));
	}
	if (rc == 0)
		rc = cli_out_commit(&r->trace, "run");
	if (rc == 0)
		rc = cli_out_commit(&r->log, "run");
	if (rc == 0)
		rc = cli_out_commit(&r->gen, "run");
	if (rc == 0 && save_path) {
		c2_wbuf sw = {0};
		if (r->in_world ? world_save(r->cw.w, r->cw.events_text, r->cw.events_text ? r->cw.events_len : 0, &sw) != 0
		                : creature_save(c, r->cc.events_text, r->cc.events_text ? r->cc.events_len : 0, &sw) != 0)
			rc = cli_fail(CLI_BAD, "run", "out of memory saving %s", save_path);
		else
			rc = cli_write("run", save_path, sw.data, sw.len);
		c2_wbuf_free(&sw);
	}
	if (rc == 0 && r->pd) {
		char title[CLI_PLOT_TEXT_MAX + 1];
		snprintf(title, sizeof title, "%s — %s, seed %llu", r->genome ? r->genome : cli_cargs.resume_path,
		         creature_sex(c) == GENOME_MALE ? "male" : "female",
		         (unsigned long long)creature_get_config(c)->seed);
		if (cli_cargs.events_path)
			snprintf(title + strlen(title), sizeof title - strlen(title), ", events %s",
			         cli_cargs.events_path);
		/* In a world, the engine's events among the world's (its own
		 * commands, the hand's, are not marked). */
		const creature_events *ev = !r->in_world ? &r->cc.ev
		                          : r->cw.ev    ? world_events_engine(r->cw.ev)
		                                        : NULL;
		if (ev)
			cli_marks_events(r->pm, ev, creature_ticks(c));
		cli_plot_req q;
		cli_plot_req_default(&q);
		q.title = title;
		q.keys = r->tc.nchem ? r->plot_keys : NULL;
		for (size_t k = 0; k < r->tc.nchem; k++)
			r->plot_keys[k] = CLI_PLOT_KEY_CHEM + r->tc.chem[k];
		cli_marks_put(r->pm, &q);
		if ((rc = cli_stdout_check("run")) == 0)
			rc = cli_plot("run", r->plot_what, plot_path, &q, r->pd);
	}
	return rc;
}

/* The summary on stderr (unless --quiet), and with `goal` the goal: one
 * not reached is not success (CLI_GOAL). */
static int summary(const run *r, bool goal)
{
	const creature *c = r->c;
	if (!quiet) {
		double secs = creature_seconds(c);
		fprintf(stderr, "c2rt run: %llu ticks (%llu this run), creature time %.0f s (%.2f h), stage %s, %s",
		        (unsigned long long)creature_ticks(c), (unsigned long long)r->ran, secs, secs / 3600.0,
		        genome_stage_name(creature_stage(c)), creature_alive(c) ? "alive" : "dead");
		if (!creature_alive(c))
			fprintf(stderr, " (%s at tick %llu)", creature_death_name(creature_cause_of_death(c)),
			        (unsigned long long)creature_death_tick(c));
		fprintf(stderr, "; %.2f s wall, %.0f ticks/s\n", r->wall, r->wall > 0 ? r->ran / r->wall : 0.0);
	}
	if (goal && r->hit_limit)
		return cli_fail(CLI_GOAL, "run", "stopped at --max-ticks %llu before %s", (unsigned long long)max_ticks,
		                until_arg);
	if (goal && r->until_stage >= 0 && creature_stage(c) < r->until_stage)
		return cli_fail(CLI_GOAL, "run", "the creature died (%s at tick %llu) before reaching stage %s",
		                creature_death_name(creature_cause_of_death(c)),
		                (unsigned long long)creature_death_tick(c), genome_stage_name(r->until_stage));
	return CLI_OK;
}

int cli_cmd_run(int argc, char **argv)
{
	cli_creature_args_init(&cli_cargs);
	cli_cargs.world_ok = true;
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_run_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	run r = {.genome = npos ? pos[0] : NULL};
	if ((rc = check_options(&r, npos)) != 0)
		return rc;
	if ((rc = open_run(&r)) == 0) {
		rc = run_loop(&r);
		if (rc == 0)
			rc = finish_outputs(&r);
		int goal = summary(&r, rc == 0);
		if (rc == 0)
			rc = goal;
	}
	c2_wbuf_free(&r.tw);
	c2_wbuf_free(&r.lw);
	c2_wbuf_free(&r.gw);
	cli_out_abort(&r.trace);
	cli_out_abort(&r.log);
	cli_out_abort(&r.gen);
	cli_more_list_free(&more);
	trace_series_free(r.pd);
	genome_organ_names_free(&r.organs);
	free(r.pm);
	cli_creature_close(&r.cc);
	cli_world_close(&r.cw);
	return rc;
}
