/* cmd_evolve.c — `c2rt evolve`: founding populations in replicate worlds,
 * run for generations or hours in worker processes, checkpointed, resumed,
 * sharded and merged as `c2rt batch` is; the genealogy, a per-generation
 * CSV and a plot. One replicate is the core's (batch/evolve.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS: the progress figures shared with the workers */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fileio.h"
#include "batch/batch.h"
#include "batch/evolve.h"
#include "cli/batch_exec.h"
#include "cli/cli.h"
#include "cli/creature_open.h"
#include "cli/helper.h"
#include "cli/journal.h"
#include "cli/plotreq.h"
#include "cli/workers.h"
#include "trace/series.h"

enum { MAX_REPLICATES = 9999 };

static struct {
	const char *world, *out, *hours, *max_hours, *shard;
	uint64_t generations, replicates, jobs, every, max_population;
	bool resume, merge, quiet;
	size_t nfounders;
	const char *founder_path[BATCH_EVOLVE_MAX_FOUNDERS];
	genome_sex founder_sex[BATCH_EVOLVE_MAX_FOUNDERS];
	size_t ngenes;
	batch_evolve_gene genes[BATCH_EVOLVE_MAX_GENES];
} ev;

/* --founder GENOME:SEX */
static int opt_founder(const char *arg, void *ctx)
{
	(void)ctx;
	const char *colon = strrchr(arg, ':');
	int sex = colon ? cli_parse_sex(colon + 1) : -1;
	if (sex < 0 || colon == arg)
		return cli_fail(1, "evolve", "--founder: GENOME:SEX (SEX m, male, f or female), not '%s'", arg);
	if (ev.nfounders == BATCH_EVOLVE_MAX_FOUNDERS)
		return cli_fail(1, "evolve", "--founder: at most %d founders", BATCH_EVOLVE_MAX_FOUNDERS);
	char *path = strndup(arg, (size_t)(colon - arg));
	if (!path)
		return cli_fail(1, "evolve", "out of memory");
	ev.founder_path[ev.nfounders] = path;
	ev.founder_sex[ev.nfounders++] = (genome_sex)sex;
	return 0;
}

/* --gene KIND:ID[:DUP] */
static int opt_gene(const char *arg, void *ctx)
{
	(void)ctx;
	c2_err err;
	if (ev.ngenes == BATCH_EVOLVE_MAX_GENES)
		return cli_fail(1, "evolve", "--gene: at most %d genes", BATCH_EVOLVE_MAX_GENES);
	if (batch_evolve_gene_parse(arg, &ev.genes[ev.ngenes], &err) != 0)
		return cli_fail(1, "evolve", "--gene: %s", err.msg);
	ev.ngenes++;
	return 0;
}

static const cli_opt opts[] = {
	{"world", OPT_IN, &ev.world, "FILE", "the world every replicate gets its own copy of", 0, 0, NULL},
	{"founder", OPT_CALL, NULL, "GENOME:SEX", "a founder (SEX m|f); repeatable, in order", 0, 0, opt_founder},
	{"generations", OPT_U64, &ev.generations, "G", "run each replicate until a creature of generation G hatches (or it dies out, or --max-hours)", 1, 0, NULL},
	{"hours", OPT_STR, &ev.hours, "H", "run each replicate H hours of world time (36,000 ticks an hour)", 0, 0, NULL},
	{"max-hours", OPT_STR, &ev.max_hours, "H", "--generations gives up after H hours (default 200)", 0, 0, NULL},
	{"max-population", OPT_U64, &ev.max_population, "N", "end a replicate once N creatures are alive at once (stop 'crowded'; default: no limit)", 1, 0, NULL},
	{"replicates", OPT_U64, &ev.replicates, "R", "replicate worlds 0..R-1, world seed S+r (default 1, at most 9999)", 1, MAX_REPLICATES, NULL},
	{"o", OPT_OUT_DIR, &ev.out, "DIR", "where generations.csv, lineage.ndjson, replicates.ndjson, generations.png, replicates/ and checkpoints/ go", 0, 0, NULL},
	{"events", OPT_IN, &cli_cargs.events_path, "FILE", "timed inputs for every replicate (docs/events.md; a world's commands too)", 0, 0, NULL},
	{"seed", OPT_STR, &cli_cargs.seed, "S", "first world seed (default 1)", 0, 0, NULL},
	{"opt", OPT_CALL, &cli_cargs, "NAME=VALUE", "set an option of any module or of the world (see 'c2rt options'); repeatable", 0, 0, cli_opt_config},
	{"gene", OPT_CALL, NULL, "KIND:ID[:DUP]", "a gene whose allele frequencies the CSV gives (repeatable)", 0, 0, opt_gene},
	{"jobs", OPT_U64, &ev.jobs, "J", "replicates at once, one worker process each (default: the processors online)", 1, 1024, NULL},
	{"shard", OPT_STR, &ev.shard, "I/N", "only shard I of N: the replicates r with r % N == I-1", 0, 0, NULL},
	{"resume", OPT_FLAG, &ev.resume, NULL, "keep the finished replicates in DIR; continue the others from their checkpoints", 0, 0, NULL},
	{"checkpoint-every", OPT_U64, &ev.every, "N", "save each replicate's world every N ticks (default 36000: an hour)", 1, 0, NULL},
	{"merge", OPT_FLAG, &ev.merge, NULL, "join the shard folders given into -o DIR, in replicate order", 0, 0, NULL},
	{"quiet", OPT_FLAG, &ev.quiet, NULL, "no progress line and no summary on stderr", 0, 0, NULL},
	{0},
};

/* DIR/NAME */
static void in_dir(const char *dir, const char *name, char *buf, size_t cap)
{
	size_t n = strlen(dir);
	snprintf(buf, cap, "%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", name);
}

static bool draws; /* is generations.png drawn (c2rt-view there, not a shard) */

static const char *const main_files[] = {"generations.csv", "lineage.ndjson", "replicates.ndjson"};

static int evolve_paths(cli_paths *ps, const char *const *pos, int npos)
{
	for (size_t i = 0; i < ev.nfounders; i++)
		cli_paths_add(ps, OPT_IN, "--founder", ev.founder_path[i]);
	if (!ev.out)
		return CLI_OK;
	char p[4200];
	for (size_t i = 0; i < 3; i++) {
		in_dir(ev.out, main_files[i], p, sizeof p);
		cli_paths_add(ps, OPT_OUT, "-o", p);
	}
	in_dir(ev.out, "generations.png", p, sizeof p);
	cli_paths_add(ps, OPT_OUT, "-o", p);
	if (ev.merge) { /* the shards' files it reads: never one it writes */
		for (int i = 0; i < npos; i++) {
			cli_paths_add(ps, OPT_IN_DIR, "SHARD", pos[i]);
			for (size_t k = 0; k < 3; k += 2) {
				in_dir(pos[i], main_files[k], p, sizeof p);
				cli_paths_add(ps, OPT_IN, "SHARD", p);
			}
		}
		return CLI_OK;
	}
	long n = (long)(ev.replicates ? ev.replicates : 1);
	in_dir(ev.out, "replicates", p, sizeof p);
	cli_paths_add_numbered(ps, "-o", p, "r", 4, ".csv", n);
	cli_paths_add_numbered(ps, "-o", p, "r", 4, ".ndjson", n);
	in_dir(ev.out, "checkpoints", p, sizeof p);
	cli_paths_add_numbered(ps, "-o", p, "r", 4, ".world", n);
	return CLI_OK;
}

const cli_spec cli_cmd_evolve_spec = {
	"evolve", "[SHARD...]",
	"founding populations in replicate worlds, bred for generations; genealogy, CSV, plot",
	"Each replicate r is its own copy of the --world (seed S+r) with the founders in\n"
	"it (founder i hatched with seed (S+r)*1000003+i), stepped until a creature of\n"
	"generation G hatches (--generations), the population dies out, grows to\n"
	"--max-population, or the time is up (--hours; --max-hours with --generations).\n"
	"Replicates run in --jobs worker processes; each writes\n"
	"DIR/replicates/rNNNN.ndjson (its genealogy, every line with its replicate) and\n"
	"rNNNN.csv, and saves its whole world every --checkpoint-every ticks in\n"
	"DIR/checkpoints/rNNNN.world. At the end DIR gets lineage.ndjson (every\n"
	"replicate's genealogy), replicates.ndjson (why each stopped, its ticks, living\n"
	"creatures, generation reached, world hash), generations.csv (per replicate and\n"
	"generation: conceived, lost, born, alive, dead, lifespans, deaths by cause,\n"
	"mutations carried, and per --gene the share born with an allele no founder had\n"
	"and the number of alleles) and generations.png. Interrupted, the finished\n"
	"replicates stay (the journal DIR/generations.csv.journal) and --resume\n"
	"continues the others from their last checkpoints, bit for bit as a straight\n"
	"run. --shard I/N runs a fixed share; 'c2rt evolve --merge SHARDDIR... -o DIR'\n"
	"joins the shards' folders. scripts/evolve-parallel.sh and\n"
	"scripts/evolve-slurm.sh spread shards.",
	opts, 0, 1024, OPT_STR, evolve_paths,
};

/* ---- hours ------------------------------------------------------------------------ */

static int hours_ticks(const char *opt, const char *arg, uint64_t *out)
{
	char *end;
	errno = 0;
	double h = strtod(arg, &end);
	if (!*arg || *end || errno || !(h > 0) || h > 1e6)
		return cli_fail(CLI_USAGE, "evolve", "--%s: a number of hours above 0, not '%s'", opt, arg);
	*out = (uint64_t)llround(h * 36000.0);
	if (*out == 0)
		*out = 1;
	return CLI_OK;
}

/* ---- the spec --------------------------------------------------------------------- */

typedef struct inputs {
	uint8_t *world_text, *events_text;
	world *w;
	world_events *wev;
	genome founders[BATCH_EVOLVE_MAX_FOUNDERS];
	uint64_t hashes[BATCH_EVOLVE_MAX_FOUNDERS];
	size_t nloaded;
} inputs;

static void inputs_free(inputs *in)
{
	free(in->world_text);
	free(in->events_text);
	world_events_free(in->wev);
	world_free(in->w);
	for (size_t i = 0; i < in->nloaded; i++)
		genome_free(&in->founders[i]);
	memset(in, 0, sizeof *in);
}

static int read_founders(batch_evolve_spec *s, inputs *in)
{
	for (size_t i = 0; i < ev.nfounders; i++) {
		uint8_t *buf;
		size_t len;
		c2_err err;
		const char *path = ev.founder_path[i];
		if (strpbrk(path, "\r\n\"\\"))
			return cli_fail(CLI_USAGE, "evolve", "a founder path with a line break, quote or backslash cannot go into the genealogy");
		if (c2_read_file(path, GENOME_MAX_FILE + 1, &buf, &len, &err) != 0)
			return cli_report(path, &err);
		in->hashes[i] = batch_genome_hash(buf, len);
		int rc = genome_parse(&in->founders[i], buf, len, &err);
		free(buf);
		if (rc)
			return cli_report(path, &err);
		in->nloaded++;
		if (creature_check_genome(&in->founders[i], ev.founder_sex[i], &err) != 0)
			return cli_fail(CLI_BAD, "evolve", "%s cannot hatch as a %s: %s", path,
			                ev.founder_sex[i] == GENOME_MALE ? "male" : "female", err.msg);
	}
	s->nfounders = ev.nfounders;
	s->founders = in->founders;
	s->sexes = ev.founder_sex;
	s->founder_names = ev.founder_path;
	s->founder_hashes = in->hashes;
	return CLI_OK;
}

static int read_world(batch_evolve_spec *s, inputs *in)
{
	size_t len;
	c2_err err;
	if (c2_read_file(ev.world, 16u << 20, &in->world_text, &len, &err) != 0)
		return cli_report(ev.world, &err);
	if (world_load(&in->w, (const char *)in->world_text, len, &cli_cargs.world, s->cfg.seed, &err) != 0)
		return cli_report(ev.world, &err);
	s->world_text = (const char *)in->world_text;
	s->world_len = len;
	s->world_opts = &cli_cargs.world;
	const char *evp = cli_cargs.events_path;
	if (!evp)
		return CLI_OK;
	if (c2_read_file(evp, 16u << 20, &in->events_text, &len, &err) != 0)
		return cli_report(evp, &err);
	if (world_events_parse(&in->wev, in->w, (const char *)in->events_text, len, &err) != 0)
		return cli_report(evp, &err);
	s->ev = in->wev;
	s->events_text = (const char *)in->events_text;
	s->events_len = len;
	return CLI_OK;
}

static int make_spec(batch_evolve_spec *s, inputs *in)
{
	memset(s, 0, sizeof *s);
	memset(in, 0, sizeof *in);
	int rc = cli_creature_args_finish(&cli_cargs, "evolve");
	if (rc)
		return rc;
	s->cfg = cli_cargs.cfg;
	if (!ev.world)
		return cli_fail(CLI_USAGE, "evolve", "missing --world FILE");
	if (ev.nfounders < 2)
		return cli_fail(CLI_USAGE, "evolve", "give at least two --founder GENOME:SEX");
	if (!ev.generations == !ev.hours)
		return cli_fail(CLI_USAGE, "evolve", "say how long: --generations G or --hours H (one of them)");
	if (ev.max_hours && !ev.generations)
		return cli_fail(CLI_USAGE, "evolve", "--max-hours is the limit of --generations: it goes with it");
	if (ev.hours && (rc = hours_ticks("hours", ev.hours, &s->ticks)))
		return rc;
	if ((rc = hours_ticks("max-hours", ev.max_hours ? ev.max_hours : "200", &s->max_ticks)))
		return rc;
	s->generations = (unsigned)(ev.generations > UINT32_MAX ? UINT32_MAX : ev.generations);
	s->replicates = (size_t)ev.replicates;
	s->max_population = (size_t)ev.max_population;
	s->ngenes = ev.ngenes;
	memcpy(s->genes, ev.genes, sizeof ev.genes);
	if ((rc = read_world(s, in)))
		return rc;
	return read_founders(s, in);
}

/* ---- one replicate, in a worker ------------------------------------------------- */

typedef struct evo_result {
	int failed;
	double wall_s;
	char note[360]; /* what --resume did with the replicate's checkpoint */
	char summary[480];
	char error[300];
} evo_result;

/* Where a running replicate is, for the progress line: written by its
 * worker, read by the parent (a page shared across the fork; a torn read
 * only shows a stale figure). */
typedef struct evo_live {
	uint64_t ticks;
	uint32_t alive, generation;
	uint8_t running;
} evo_live;

typedef struct evo_ctx {
	const batch_evolve_spec *s;
	const char *dir;
	bool resume;
	evo_live *live; /* one per replicate, shared with the workers; may be NULL */
	/* the parent's */
	cli_journal *j;
	size_t done, failed, had, total;
	int write_errno;
	bool bar;
	double t0;
} evo_ctx;

static void rep_path(const char *dir, const char *sub, size_t r, const char *suffix, char *buf,
                     size_t cap)
{
	size_t n = strlen(dir);
	snprintf(buf, cap, "%s%s%s/r%04zu%s", dir, n && dir[n - 1] == '/' ? "" : "/", sub, r, suffix);
}

/* The replicate from its checkpoint (with --resume, when there is one of
 * this run), else from its start. */
static int open_replicate(evo_ctx *x, size_t r, batch_evolve_run *run, evo_result *res, c2_err *err)
{
	char ck[4300];
	rep_path(x->dir, "checkpoints", r, ".world", ck, sizeof ck);
	uint8_t *data;
	size_t len;
	struct stat st;
	if (x->resume && stat(ck, &st) == 0) {
		int rc = c2_read_file(ck, (size_t)4 << 30, &data, &len, err);
		if (rc == 0) {
			rc = batch_evolve_restore(x->s, r, data, len, run, err);
			free(data);
		}
		if (rc == 0) {
			snprintf(res->note, sizeof res->note, "replicate %zu continued from its checkpoint at tick %llu",
			         r, (unsigned long long)world_ticks(run->w));
			return 0;
		}
		char why[300];
		c2_err_format(err, ck, why, sizeof why);
		snprintf(res->note, sizeof res->note, "%s: run again from the start", why);
	}
	return batch_evolve_start(x->s, r, run, err);
}

static int save_checkpoint(evo_ctx *x, const batch_evolve_run *run, c2_err *err)
{
	char ck[4300];
	rep_path(x->dir, "checkpoints", run->replicate, ".world", ck, sizeof ck);
	c2_wbuf w = {0};
	int rc = batch_evolve_save(x->s, run, &w);
	if (rc)
		rc = c2_fail(err, rc, -1, -1, "out of memory saving a checkpoint");
	else
		rc = c2_write_file_atomic(ck, w.data, w.len, err);
	c2_wbuf_free(&w);
	return rc;
}

/* The replicate's files: its genealogy and rows. */
static int write_replicate(evo_ctx *x, const batch_evolve_run *run, c2_err *err)
{
	char p[4300];
	c2_wbuf rows = {0};
	int rc = batch_evolve_csv_rows(x->s, run, &rows, err);
	if (rc == 0 && rows.oom)
		rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	rep_path(x->dir, "replicates", run->replicate, ".csv", p, sizeof p);
	if (rc == 0)
		rc = c2_write_file_atomic(p, rows.data, rows.len, err);
	rep_path(x->dir, "replicates", run->replicate, ".ndjson", p, sizeof p);
	if (rc == 0)
		rc = c2_write_file_atomic(p, run->lineage.data, run->lineage.len, err);
	c2_wbuf_free(&rows);
	return rc;
}

static void work(void *ctx, size_t r, void *out)
{
	evo_ctx *x = ctx;
	evo_result *res = out;
	memset(res, 0, sizeof *res);
	double t0 = cli_batch_now();
	batch_evolve_run run;
	c2_err err;
	int rc = open_replicate(x, r, &run, res, &err);
	uint64_t every = ev.every ? ev.every : 36000;
	evo_live *live = x->live ? &x->live[r] : NULL;
	while (rc == 0 && run.stop == BATCH_EVOLVE_RUNNING) {
		/* checkpoints on the same ticks, resumed or not; the progress
		 * line's figures every 3,000 ticks between them */
		uint64_t t = world_ticks(run.w), n = every - t % every;
		batch_evolve_step(x->s, &run, n < 3000 ? n : 3000);
		if (live)
			*live = (evo_live){world_ticks(run.w), (uint32_t)world_alive_count(run.w), run.generation, 1};
		if (run.lineage.oom)
			rc = c2_fail(&err, C2_ENOMEM, -1, -1, "out of memory");
		else if (world_ticks(run.w) % every == 0 || run.stop != BATCH_EVOLVE_RUNNING)
			rc = save_checkpoint(x, &run, &err);
	}
	if (live)
		live->running = 0;
	if (rc == 0)
		rc = write_replicate(x, &run, &err);
	if (rc == 0) {
		c2_wbuf w = {0};
		batch_evolve_summary(x->s, &run, &w);
		snprintf(res->summary, sizeof res->summary, "%.*s", (int)w.len, w.data ? (const char *)w.data : "");
		c2_wbuf_free(&w);
	} else {
		res->failed = 1;
		snprintf(res->error, sizeof res->error, "replicate %zu: %s", r, err.msg);
	}
	batch_evolve_free(&run); /* a zeroed run when it never opened */
	res->wall_s = cli_batch_now() - t0;
}

/* ---- the parent ------------------------------------------------------------------- */

static bool should_stop(void *ctx)
{
	evo_ctx *x = ctx;
	return cli_batch_signalled() || x->write_errno != 0;
}

/* The progress line: replicates done, and where the running ones are
 * (world hours, generation reached, creatures alive). */
static void idle(void *ctx)
{
	evo_ctx *x = ctx;
	if (!x->bar)
		return;
	char line[160];
	int n = snprintf(line, sizeof line, "%zu/%zu replicates done", x->had + x->done, x->total);
	if (x->failed)
		n += snprintf(line + n, sizeof line - (size_t)n, ", %zu failed", x->failed);
	for (size_t r = 0; x->live && r < x->s->replicates && n < 110; r++) {
		evo_live l = x->live[r];
		if (l.running)
			n += snprintf(line + n, sizeof line - (size_t)n, "%s r%zu %.1f h gen %u (%u alive)",
			              n < 40 ? "; running" : ",", r, (double)l.ticks / 36000.0, l.generation, l.alive);
	}
	fprintf(stderr, "\rc2rt evolve: %s, %.0f s\033[K", line, cli_batch_now() - x->t0);
	fflush(stderr);
}

static int take(void *ctx, size_t r, const void *result, const char *died, double seconds)
{
	evo_ctx *x = ctx;
	(void)seconds;
	const evo_result *res = result;
	if (res && res->note[0])
		cli_msg(stderr, "evolve", "%s", res->note);
	if (!res || res->failed) {
		x->failed++;
		if (res)
			cli_msg(stderr, "evolve", "%s", res->error);
		else
			cli_msg(stderr, "evolve", "replicate %zu: its worker died: %s", r, died);
		return 0;
	}
	int e = cli_journal_append(x->j, res->summary, strlen(res->summary));
	if (e)
		x->write_errno = e;
	else
		x->done++;
	return e;
}

/* ---- finished replicates: the journal and replicates.ndjson ----------------------- */

/* A summary line of this run: its replicate, or -1. */
static long summary_replicate(const char *line, size_t n, uint64_t id, size_t *replicates)
{
	char buf[480];
	if (n >= sizeof buf)
		return -1;
	memcpy(buf, line, n);
	buf[n] = '\0';
	size_t r, reps;
	unsigned long long lid;
	int used = 0;
	if (sscanf(buf, "{\"replicate\":%zu,\"evolve\":\"%16llx\",\"replicates\":%zu,%n", &r, &lid, &reps,
	           &used) != 3 || used == 0 || (id && lid != id) || r >= reps)
		return -1;
	if (replicates)
		*replicates = reps;
	return (long)r;
}

/* Lines of `text` that are summaries of this run, whose replicate files are
 * there: kept (appended to w, have[r] set). A torn last line is dropped. */
static void keep_lines(const char *dir, uint64_t id, const uint8_t *text, size_t len, size_t nrep,
                       uint8_t *have, size_t *nkept, c2_wbuf *w)
{
	for (size_t pos = 0; text && pos < len;) {
		const uint8_t *nl = memchr(text + pos, '\n', len - pos);
		if (!nl)
			break;
		size_t end = (size_t)(nl - text);
		long r = summary_replicate((const char *)text + pos, end - pos, id, NULL);
		char p1[4300], p2[4300];
		struct stat st;
		if (r >= 0 && (size_t)r < nrep && !have[r]) {
			rep_path(dir, "replicates", (size_t)r, ".csv", p1, sizeof p1);
			rep_path(dir, "replicates", (size_t)r, ".ndjson", p2, sizeof p2);
			if (stat(p1, &st) == 0 && stat(p2, &st) == 0) {
				have[r] = 1;
				(*nkept)++;
				c2_w_bytes(w, text + pos, end + 1 - pos);
			}
		}
		pos = end + 1;
	}
}

/* With --resume: the journal's lines and replicates.ndjson's. */
static int load_kept(evo_ctx *x, uint8_t *have, c2_wbuf *w)
{
	if (!ev.resume)
		return CLI_OK;
	uint64_t id = batch_evolve_id(x->s);
	uint8_t *text;
	size_t len;
	c2_err err;
	if (cli_journal_read(x->j, (size_t)1 << 30, &text, &len) != CLI_OK)
		return CLI_BAD;
	keep_lines(x->dir, id, text, len, x->s->replicates, have, &x->had, w);
	free(text);
	char p[4200];
	in_dir(x->dir, "replicates.ndjson", p, sizeof p);
	if (c2_read_file(p, (size_t)1 << 30, &text, &len, &err) == 0) {
		keep_lines(x->dir, id, text, len, x->s->replicates, have, &x->had, w);
		free(text);
	}
	return CLI_OK;
}

/* ---- the end: DIR's files from the replicates' ------------------------------------ */

/* One summary line per replicate of `lines`, in replicate order, into w. */
static int sort_lines(const uint8_t *text, size_t len, size_t nrep, c2_wbuf *w, size_t *n)
{
	const uint8_t **at = calloc(nrep ? nrep : 1, sizeof *at);
	size_t *ln = calloc(nrep ? nrep : 1, sizeof *ln);
	*n = 0;
	if (!at || !ln) {
		free(at);
		free(ln);
		return CLI_BAD;
	}
	for (size_t pos = 0; pos < len;) {
		const uint8_t *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) : len;
		long r = summary_replicate((const char *)text + pos, end - pos, 0, NULL);
		if (r >= 0 && (size_t)r < nrep && !at[r]) {
			at[r] = text + pos;
			ln[r] = end + 1 - pos;
			(*n)++;
		}
		pos = end + 1;
	}
	for (size_t r = 0; r < nrep; r++)
		if (at[r])
			c2_w_bytes(w, at[r], ln[r]);
	free(at);
	free(ln);
	return CLI_OK;
}

/* The replicates' files (from dirs[r] for each replicate listed in the
 * sorted summary) concatenated: the CSV rows after `header`, the genealogy. */
static int gather(const char *const *dirs, const uint8_t *summary, size_t len, c2_wbuf *csv,
                  c2_wbuf *lineage)
{
	for (size_t pos = 0; pos < len;) {
		const uint8_t *nl = memchr(summary + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - summary) : len;
		long r = summary_replicate((const char *)summary + pos, end - pos, 0, NULL);
		pos = end + 1;
		if (r < 0)
			continue;
		const char *dir = dirs[r];
		c2_wbuf *to[2] = {csv, lineage};
		const char *suffix[2] = {".csv", ".ndjson"};
		for (int k = 0; k < 2; k++) {
			char p[4300];
			uint8_t *text;
			size_t n;
			c2_err err;
			rep_path(dir, "replicates", (size_t)r, suffix[k], p, sizeof p);
			if (c2_read_file(p, (size_t)4 << 30, &text, &n, &err) != 0)
				return cli_report(p, &err);
			c2_w_bytes(to[k], text, n);
			free(text);
		}
	}
	return csv->oom || lineage->oom ? cli_fail(CLI_BAD, "evolve", "out of memory") : CLI_OK;
}

/* The plot: per generation, the mean over replicates of the creatures born
 * and alive at the end, and the replicates that reached it. */
static int draw(const char *dir, const char *csv, size_t len, size_t nrep)
{
	enum { MAXG = 4096 };
	static const char *const names[] = {"born (mean per replicate)", "alive at the end (mean)",
	                                    "replicates reaching it"};
	double *sum = calloc(3 * MAXG, sizeof *sum);
	if (!sum)
		return cli_fail(CLI_BAD, "evolve", "out of memory");
	unsigned top = 0;
	const char *p = memchr(csv, '\n', len);
	for (p = p ? p + 1 : csv + len; p < csv + len;) {
		unsigned long rep, g, conceived, lost, born, m, f, alive;
		if (sscanf(p, "%lu,%lu,%lu,%lu,%lu,%lu,%lu,%lu", &rep, &g, &conceived, &lost, &born, &m, &f,
		           &alive) == 8 && g < MAXG) {
			sum[3 * g] += (double)born;
			sum[3 * g + 1] += (double)alive;
			sum[3 * g + 2] += born > 0;
			if (g > top)
				top = (unsigned)g;
		}
		const char *nl = memchr(p, '\n', (size_t)(csv + len - p));
		p = nl ? nl + 1 : csv + len;
	}
	trace_series *d = trace_series_new(3, names, 0);
	double ymax = 1;
	for (unsigned g = 0; d && g <= top; g++) {
		float row[3] = {(float)(sum[3 * g] / (double)nrep), (float)(sum[3 * g + 1] / (double)nrep),
		                (float)sum[3 * g + 2]};
		for (int k = 0; k < 3; k++)
			ymax = fmax(ymax, row[k]);
		trace_series_push(d, g, row);
	}
	if (d && top == 0) { /* one generation: a line needs two points */
		float row[3] = {(float)(sum[0] / (double)nrep), (float)(sum[1] / (double)nrep), (float)sum[2]};
		trace_series_push(d, 1, row);
	}
	free(sum);
	if (!d)
		return cli_fail(CLI_BAD, "evolve", "out of memory");
	char png[4200];
	in_dir(dir, "generations.png", png, sizeof png);
	cli_plot_req q;
	cli_plot_req_default(&q);
	q.title = "evolve: population by generation";
	q.x_label = "generation";
	q.y_label = "creatures / replicates";
	q.ymin = 0;
	q.ymax = ceil(ymax * 1.1);
	int rc = cli_plot("evolve", "generations.png", png, &q, d);
	trace_series_free(d);
	return rc;
}

/* Write DIR's lineage.ndjson and replicates.ndjson, then generations.csv
 * (through the journal: commit, or plain with j NULL), then the plot. */
static int assemble(const char *dir, const char *const *dirs, const char *header, size_t hlen,
                    const uint8_t *summary, size_t slen, size_t nrep, cli_journal *j)
{
	c2_wbuf sorted = {0}, csv = {0}, lineage = {0};
	size_t n;
	char p[4200];
	int rc = sort_lines(summary, slen, nrep, &sorted, &n);
	c2_w_bytes(&csv, header, hlen);
	if (rc == CLI_OK)
		rc = gather(dirs, sorted.data, sorted.len, &csv, &lineage);
	in_dir(dir, "lineage.ndjson", p, sizeof p);
	if (rc == CLI_OK)
		rc = cli_write("evolve", p, lineage.data, lineage.len);
	in_dir(dir, "replicates.ndjson", p, sizeof p);
	if (rc == CLI_OK)
		rc = cli_write("evolve", p, sorted.data, sorted.len);
	in_dir(dir, "generations.csv", p, sizeof p);
	if (rc == CLI_OK)
		rc = j ? cli_journal_commit(j, "evolve", csv.data, csv.len) : cli_write("evolve", p, csv.data, csv.len);
	if (rc == CLI_OK && draws)
		rc = draw(dir, (const char *)csv.data, csv.len, n ? n : 1);
	c2_wbuf_free(&sorted);
	c2_wbuf_free(&csv);
	c2_wbuf_free(&lineage);
	return rc;
}

/* ---- running ---------------------------------------------------------------------- */

/* The replicates of this shard not kept, into *pending. */
static int pending_of(const evo_ctx *x, const uint8_t *have, size_t **pending, size_t *n)
{
	unsigned index, count;
	int rc = cli_batch_shard("evolve", ev.shard, &index, &count);
	if (rc)
		return rc;
	*pending = malloc((x->s->replicates ? x->s->replicates : 1) * sizeof **pending);
	if (!*pending)
		return cli_fail(CLI_BAD, "evolve", "out of memory");
	*n = 0;
	for (size_t r = 0; r < x->s->replicates; r++)
		if (batch_in_shard(r, index, count) && !have[r])
			(*pending)[(*n)++] = r;
	return CLI_OK;
}

static int make_dirs(const char *dir, bool subdirs)
{
	const char *sub[3] = {"", "replicates", "checkpoints"};
	for (int i = 0; i < (subdirs ? 3 : 1); i++) {
		char p[4200];
		in_dir(dir, sub[i], p, sizeof p);
		if (mkdir(p, 0777) != 0 && errno != EEXIST)
			return cli_fail(CLI_BAD, "evolve", "cannot make %s: %s", p, strerror(errno));
	}
	return CLI_OK;
}

/* Run the pending replicates in worker processes; their summaries go to the
 * journal as they end. */
static int run_pending(evo_ctx *x, const size_t *pending, size_t n, double *elapsed, size_t *started)
{
	size_t jobs = (size_t)ev.jobs;
	cli_workers_job job = {
		.nworkers = jobs < n ? jobs : n ? n : 1,
		.tasks = pending,
		.ntasks = n,
		.result_size = sizeof(evo_result),
		.work = work,
		.take = take,
		.stop = should_stop,
		.idle = idle,
		.ctx = x,
	};
	cli_batch_catch_signals();
	x->total = x->had + n;
	x->bar = !ev.quiet && isatty(STDERR_FILENO) && n > 0;
	x->t0 = cli_batch_now();
	size_t live_bytes = (x->s->replicates ? x->s->replicates : 1) * sizeof *x->live;
	void *page = mmap(NULL, live_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	x->live = page == MAP_FAILED ? NULL : page; /* without it, no running figures */
	int e = n ? cli_workers_run(&job, started) : 0;
	*elapsed = cli_batch_now() - x->t0;
	if (x->bar) {
		idle(x);
		fputc('\n', stderr);
	}
	if (x->live)
		munmap(x->live, live_bytes);
	x->live = NULL;
	cli_batch_release_signals();
	if (e)
		return cli_fail(CLI_BAD, "evolve", "cannot start worker processes: %s", strerror(e));
	if (x->write_errno)
		return cli_fail(CLI_BAD, "evolve", "%s: %s", x->j->journal_path, strerror(x->write_errno));
	return CLI_OK;
}

/* The journal started with the kept summaries; the rest run. */
static int execute(evo_ctx *x)
{
	uint8_t *have = calloc(x->s->replicates, 1);
	c2_wbuf kept = {0};
	size_t *pending = NULL, n = 0, started = 0;
	double elapsed = 0;
	int rc = have ? load_kept(x, have, &kept) : cli_fail(CLI_BAD, "evolve", "out of memory");
	if (rc == CLI_OK)
		rc = cli_journal_start(x->j, "evolve", kept.data, kept.len);
	if (rc == CLI_OK)
		rc = pending_of(x, have, &pending, &n);
	if (rc == CLI_OK)
		rc = run_pending(x, pending, n, &elapsed, &started);
	free(have);
	free(pending);
	c2_wbuf_free(&kept);
	if (rc)
		return rc;
	if (cli_batch_signalled() || x->done + x->failed < n) {
		cli_msg(stderr, "evolve", "interrupted: %zu of %zu replicates finished (%s); run the same "
		                          "command with --resume to continue the others from their checkpoints",
		        x->had + x->done, x->total, x->j->journal_path);
		return 130;
	}
	if (x->failed)
		return cli_fail(CLI_BAD, "evolve", "%zu of %zu replicates failed (said above); the others "
		                                   "are in %s", x->failed, x->total, x->j->journal_path);
	uint8_t *text;
	size_t len;
	if ((rc = cli_journal_read(x->j, (size_t)1 << 30, &text, &len)) != CLI_OK)
		return rc;
	c2_wbuf header = {0};
	batch_evolve_csv_header(x->s, &header);
	const char **dirs = malloc(x->s->replicates * sizeof *dirs);
	for (size_t r = 0; dirs && r < x->s->replicates; r++)
		dirs[r] = x->dir;
	rc = dirs ? assemble(x->dir, dirs, (const char *)header.data, header.len, text, len,
	                     x->s->replicates, x->j)
	          : cli_fail(CLI_BAD, "evolve", "out of memory");
	if (rc == CLI_OK && !ev.quiet)
		fprintf(stderr, "c2rt evolve: %zu replicates (%zu this time) in %.1f s on %zu job%s; results in %s\n",
		        x->total, x->done, elapsed, started, started == 1 ? "" : "s", x->dir);
	free(dirs);
	free(text);
	c2_wbuf_free(&header);
	return rc;
}

static int do_evolve(void)
{
	batch_evolve_spec s;
	inputs in;
	cli_journal j = {0};
	char target[4200];
	int rc = make_spec(&s, &in);
	if (rc == CLI_OK && !ev.out)
		rc = cli_fail(CLI_USAGE, "evolve", "missing -o DIR");
	if (rc == CLI_OK)
		rc = make_dirs(ev.out, true);
	in_dir(ev.out ? ev.out : ".", "generations.csv", target, sizeof target);
	if (rc == CLI_OK)
		rc = cli_journal_lock(&j, "evolve", target);
	if (rc == CLI_OK) {
		evo_ctx x = {0};
		x.s = &s;
		x.dir = ev.out;
		x.resume = ev.resume;
		x.j = &j;
		rc = execute(&x);
	}
	cli_journal_close(&j);
	inputs_free(&in);
	return rc;
}

/* ---- --merge ------------------------------------------------------------------------ */

typedef struct shard {
	const char *dir;
	uint8_t *summary, *csv;
	size_t slen, clen, hlen;
} shard;

static int read_shard(shard *sh, uint64_t *id, size_t *nrep)
{
	char p[4200];
	c2_err err;
	in_dir(sh->dir, "generations.csv", p, sizeof p);
	int rc = cli_journal_idle("evolve", p);
	if (rc)
		return rc;
	if (c2_read_file(p, (size_t)4 << 30, &sh->csv, &sh->clen, &err) != 0)
		return cli_report(p, &err);
	const uint8_t *nl = memchr(sh->csv, '\n', sh->clen);
	sh->hlen = nl ? (size_t)(nl - sh->csv) + 1 : 0;
	in_dir(sh->dir, "replicates.ndjson", p, sizeof p);
	if (c2_read_file(p, (size_t)1 << 30, &sh->summary, &sh->slen, &err) != 0)
		return cli_report(p, &err);
	for (size_t pos = 0; pos < sh->slen;) {
		const uint8_t *e = memchr(sh->summary + pos, '\n', sh->slen - pos);
		size_t end = e ? (size_t)(e - sh->summary) : sh->slen, reps = 0;
		unsigned long long lid = 0;
		char buf[64];
		snprintf(buf, sizeof buf, "%.*s", (int)(end - pos < 60 ? end - pos : 60), sh->summary + pos);
		const char *q = strstr(buf, "\"evolve\":\"");
		if (summary_replicate((const char *)sh->summary + pos, end - pos, 0, &reps) < 0 || !q ||
		    sscanf(q + 10, "%16llx", &lid) != 1)
			return cli_fail(CLI_BAD, "evolve", "%s: not a summary of c2rt evolve", p);
		if ((*id && lid != *id) || (*nrep && reps != *nrep))
			return cli_fail(CLI_BAD, "evolve", "%s: replicates of another evolution run than the "
			                                   "first folder's", p);
		*id = lid;
		*nrep = reps;
		pos = end + 1;
	}
	return CLI_OK;
}

static int do_merge(const char *const *pos, int npos)
{
	if (!ev.out)
		return cli_fail(CLI_USAGE, "evolve", "--merge needs -o DIR");
	if (npos < 1)
		return cli_fail(CLI_USAGE, "evolve", "--merge: which shard folders?");
	shard *sh = calloc((size_t)npos, sizeof *sh);
	c2_wbuf all = {0};
	uint64_t id = 0;
	size_t nrep = 0, n = 0;
	int rc = sh ? CLI_OK : cli_fail(CLI_BAD, "evolve", "out of memory");
	for (int i = 0; rc == CLI_OK && i < npos; i++) {
		sh[i].dir = pos[i];
		rc = read_shard(&sh[i], &id, &nrep);
		if (rc == CLI_OK && (sh[i].hlen != sh[0].hlen || memcmp(sh[i].csv, sh[0].csv, sh[0].hlen)))
			rc = cli_fail(CLI_BAD, "evolve", "%s has other CSV columns than %s", pos[i], pos[0]);
	}
	const char **dirs = rc == CLI_OK ? calloc(nrep ? nrep : 1, sizeof *dirs) : NULL;
	for (int i = 0; dirs && i < npos; i++)
		for (size_t p = 0; p < sh[i].slen;) {
			const uint8_t *e = memchr(sh[i].summary + p, '\n', sh[i].slen - p);
			size_t end = e ? (size_t)(e - sh[i].summary) : sh[i].slen;
			long r = summary_replicate((const char *)sh[i].summary + p, end - p, id, NULL);
			if (r >= 0 && dirs[r] && rc == CLI_OK)
				rc = cli_fail(CLI_BAD, "evolve", "replicate %ld is in %s and %s", r, dirs[r], pos[i]);
			if (r >= 0 && !dirs[r]) {
				dirs[r] = pos[i];
				n++;
				c2_w_bytes(&all, sh[i].summary + p, end + 1 - p);
			}
			p = end + 1;
		}
	if (rc == CLI_OK && !dirs)
		rc = cli_fail(CLI_BAD, "evolve", "out of memory");
	if (rc == CLI_OK && n < nrep)
		rc = cli_fail(CLI_BAD, "evolve", "--merge: %zu of the %zu replicates are in none of the folders "
		                                 "(a shard missing or unfinished?); nothing written", nrep - n, nrep);
	cli_journal j = {0};
	char target[4200];
	in_dir(ev.out, "generations.csv", target, sizeof target);
	if (rc == CLI_OK)
		rc = make_dirs(ev.out, false);
	if (rc == CLI_OK)
		rc = cli_journal_lock(&j, "evolve", target);
	if (rc == CLI_OK)
		rc = assemble(ev.out, dirs, (const char *)sh[0].csv, sh[0].hlen, all.data, all.len, nrep, NULL);
	cli_journal_close(&j);
	for (int i = 0; sh && i < npos; i++) {
		free(sh[i].summary);
		free(sh[i].csv);
	}
	free(sh);
	free(dirs);
	c2_wbuf_free(&all);
	return rc;
}

int cli_cmd_evolve(int argc, char **argv)
{
	for (size_t i = 0; i < ev.nfounders; i++)
		free((void *)(uintptr_t)ev.founder_path[i]);
	memset(&ev, 0, sizeof ev);
	ev.replicates = 1;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	ev.jobs = cpus > 0 ? (uint64_t)cpus : 1;
	cli_creature_args_init(&cli_cargs);
	cli_cargs.world_ok = true;
	const char **pos = malloc(((size_t)argc + 1) * sizeof *pos);
	if (!pos)
		return cli_fail(CLI_BAD, "evolve", "out of memory");
	int npos;
	int rc = cli_parse(&cli_cmd_evolve_spec, argc, argv, pos, &npos);
	if (rc) {
		free(pos);
		return rc < 0 ? CLI_OK : rc;
	}
	static const char *const merge_opts[] = {"merge", "o", "quiet", NULL};
	const char *other = ev.merge ? cli_given_other(merge_opts) : NULL;
	draws = !ev.shard && cli_helper_check("evolve", "generations.png not drawn") == CLI_OK;
	if (ev.merge)
		rc = other ? cli_fail(CLI_USAGE, "evolve", "--merge joins shard folders: %s%s does nothing there",
		                      other[1] ? "--" : "-", other)
		           : do_merge(pos, npos);
	else
		rc = npos ? cli_fail(CLI_USAGE, "evolve", "SHARD folders go with --merge") : do_evolve();
	free(pos);
	return rc;
}
