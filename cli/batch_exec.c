/* batch_exec.c — a batch on this machine: options, worker threads (worker
 * processes with a body), the results file, interruption and progress (see
 * batch_exec.h). */
#include "cli/batch_exec.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/fileio.h"
#include "cli/creature_open.h"
#include "cli/workers.h"
#include "genome/vocab.h"
#include "trace/writer.h"

cli_batch_args cli_batch;

cli_opt cli_batch_opts[] = {
	{"seeds", OPT_U64, &cli_batch.seeds, "K", "runs per genome, with seeds S, S+1 ... S+K-1 (S: --seed, default 1)", 0, 0, NULL},
	{"ticks", OPT_U64, &cli_batch.ticks, "N", "run N world ticks (fewer if the creature dies)", 0, 0, NULL},
	{"until", OPT_STR, &cli_batch.until, "death", "run until the creature dies (or --max-ticks)", 0, 0, NULL},
	{"max-ticks", OPT_U64, &cli_batch.max_ticks, "N", "--until death gives up after N ticks, alive (default " CLI_STR(CLI_MAX_TICKS) ")", 0, 0, NULL},
	{"jobs", OPT_U64, &cli_batch.jobs, "J", "runs at once, one thread each (with --body one process each; default: the processors online)", 0, 0, NULL},
	{"shard", OPT_STR, &cli_batch.shard, "I/N", "only shard I of N: the runs r with r % N == I-1", 0, 0, NULL},
	{"resume", OPT_FLAG, &cli_batch.resume, NULL, "keep the finished rows of the results file; run only the rest", 0, 0, NULL},
	{"o", OPT_OUT, &cli_batch.out, "RESULTS", "results (.csv or .ndjson), written whole at the end (RESULTS.journal meanwhile); '-' = stdout, as runs end", 0, 0, NULL},
	{"format", OPT_STR, &cli_batch.format, "csv|ndjson", "results format (default: from the file name; csv)", 0, 0, NULL},
	{"chem", OPT_STR, &cli_batch.chem, "NAME,...|none", "chemicals to average and report (default ATP,Glucose,Glycogen)", 0, 0, NULL},
	{"drive", OPT_STR, &cli_batch.drive, "NAME,...|none", "drives to average and report (default Hunger,Sleepiness)", 0, 0, NULL},
	{"world", OPT_IN, &cli_batch.world, "FILE", "each run lives in its own copy of a world file's world, as 'c2rt run --world' (world options: --opt)", 0, 0, NULL},
	{"quiet", OPT_FLAG, &cli_batch.quiet, NULL, "no progress bar and no summary on stderr", 0, 0, NULL},
	{0},
};

void cli_batch_args_init(cli_batch_args *a)
{
	memset(a, 0, sizeof *a);
	a->seeds = 1;
	a->max_ticks = CLI_MAX_TICKS;
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	a->jobs = n > 0 ? (uint64_t)n : 1;
}

static bool ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && strcmp(s + n - m, suf) == 0;
}

int cli_batch_format(const cli_batch_args *a, const char *path, const char *cmd)
{
	if (a->format) {
		if (!strcmp(a->format, "csv"))
			return BATCH_CSV;
		if (!strcmp(a->format, "ndjson"))
			return BATCH_NDJSON;
		cli_fail(CLI_USAGE, cmd, "--format: csv or ndjson, not '%s'", a->format);
		return -1;
	}
	return path && (ends_with(path, ".ndjson") || ends_with(path, ".jsonl") || ends_with(path, ".json"))
	           ? BATCH_NDJSON
	           : BATCH_CSV;
}

/* "Hunger,Sleepiness" (names or numbers 0..16) or "none". */
static int parse_drives(batch_spec *s, const char *list, const char *cmd)
{
	s->ndrive = 0;
	if (!strcmp(list, "none"))
		return CLI_OK;
	const char *p = list;
	for (;;) {
		const char *q = strchr(p, ',');
		size_t len = q ? (size_t)(q - p) : strlen(p);
		int d = genome_vocab_find(&genome_drives, p, len);
		char num[8];
		long v;
		if (d < 0 && len < sizeof num) {
			memcpy(num, p, len);
			num[len] = '\0';
			if (cli_parse_long(num, 0, GENOME_NDRIVES - 1, &v))
				d = (int)v;
		}
		if (d < 0)
			return cli_fail(CLI_USAGE, cmd, "--drive: unknown drive '%.*s'", (int)len, p);
		if (s->ndrive == GENOME_NDRIVES)
			return cli_fail(CLI_USAGE, cmd, "--drive: more than %d drives", GENOME_NDRIVES);
		s->drive[s->ndrive++] = (uint8_t)d;
		if (!q)
			return CLI_OK;
		p = q + 1;
	}
}

void cli_batch_inputs_free(cli_batch_inputs *in)
{
	creature_events_free(&in->ev);
	free(in->events_text);
	cli_body_files_free(&in->body);
	world_events_free(in->wev);
	world_free(in->w);
	free(in->world_text);
	memset(in, 0, sizeof *in);
}

/* --world into the spec: the file read and loaded once, as `c2rt run
 * --world` loads it (so a bad file is refused before any run, as run
 * refuses it), with the first seed and the world options of --opt. */
static int spec_world(batch_spec *s, const char *cmd, cli_batch_inputs *in)
{
	const char *path = cli_batch.world;
	if (!path)
		return cli_cargs.world_opts ? cli_fail(CLI_USAGE, cmd, "a world --opt goes with --world") : CLI_OK;
	if (strpbrk(path, "\r\n"))
		return cli_fail(CLI_USAGE, cmd, "a --world path with a line break cannot go into the results");
	size_t len;
	c2_err err;
	if (c2_read_file(path, 16u << 20, &in->world_text, &len, &err) != 0)
		return cli_report(path, &err);
	if (world_load(&in->w, (const char *)in->world_text, len, &cli_cargs.world, s->cfg.seed, &err) != 0)
		return cli_report(path, &err);
	s->world_path = path;
	s->world_text = (const char *)in->world_text;
	s->world_len = len;
	s->world_opts = &cli_cargs.world;
	return CLI_OK;
}

/* --world, --events, --body and --wiring into the spec (files read and
 * parsed; with a world the events may hold its commands). */
static int spec_files(batch_spec *s, const char *cmd, cli_batch_inputs *in)
{
	c2_err err;
	int rc = spec_world(s, cmd, in);
	if (rc)
		return rc;
	if (cli_cargs.events_path) {
		size_t len;
		if (c2_read_file(cli_cargs.events_path, 16u << 20, &in->events_text, &len, &err) != 0)
			return cli_report(cli_cargs.events_path, &err);
		if (in->w ? world_events_parse(&in->wev, in->w, (const char *)in->events_text, len, &err) != 0
		          : creature_events_parse(&in->ev, (const char *)in->events_text, len, &err) != 0)
			return cli_report(cli_cargs.events_path, &err);
		s->ev = in->w ? NULL : &in->ev;
		s->world_ev = in->wev;
		s->events_text = (const char *)in->events_text;
		s->events_len = len;
	}
	if (cli_cargs.body_path && strpbrk(cli_cargs.body_path, "\r\n"))
		return cli_fail(CLI_USAGE, cmd, "a --body path with a line break cannot go into the results");
	rc = cli_body_read(&cli_cargs, cmd, &in->body);
	if (rc == CLI_OK && in->body.text) {
		s->body = &in->body.spec;
		s->wiring_path = cli_cargs.wiring_path;
		s->wiring = (const char *)in->body.wiring;
		s->wiring_len = in->body.wiring_len;
	}
	return rc;
}

int cli_batch_spec(batch_spec *s, const char *cmd, cli_batch_inputs *in)
{
	memset(s, 0, sizeof *s);
	memset(in, 0, sizeof *in);
	int rc = cli_creature_args_finish(&cli_cargs, cmd);
	if (rc)
		return rc;
	s->cfg = cli_cargs.cfg;
	if (cli_batch.seeds < 1 || cli_batch.seeds > UINT32_MAX)
		return cli_fail(CLI_USAGE, cmd, "--seeds: 1 or more");
	s->nseeds = (uint32_t)cli_batch.seeds;
	if (cli_batch.ticks && cli_batch.until)
		return cli_fail(CLI_USAGE, cmd, "--ticks and --until exclude each other");
	if (!cli_batch.ticks && !cli_batch.until)
		return cli_fail(CLI_USAGE, cmd, "say how long: --ticks N or --until death");
	if (cli_batch.until && strcmp(cli_batch.until, "death") != 0)
		return cli_fail(CLI_USAGE, cmd, "--until: only 'death', not '%s'", cli_batch.until);
	if (cli_given("max-ticks") && !cli_batch.until)
		return cli_fail(CLI_USAGE, cmd, "--max-ticks is the limit of --until: it goes with --until");
	if (cli_batch.max_ticks == 0)
		return cli_fail(CLI_USAGE, cmd, "--max-ticks: 1 or more");
	if (cli_batch.jobs < 1 || cli_batch.jobs > 1024)
		return cli_fail(CLI_USAGE, cmd, "--jobs: 1..1024");
	s->ticks = cli_batch.ticks;
	s->max_ticks = cli_batch.max_ticks;
	int fmt = cli_batch_format(&cli_batch, cli_batch.out, cmd);
	if (fmt < 0)
		return CLI_USAGE;
	s->format = (batch_format)fmt;
	trace_cfg tc;
	c2_err err;
	if (trace_set_chems(&tc, cli_batch.chem ? cli_batch.chem : "ATP,Glucose,Glycogen", &err))
		return cli_fail(CLI_USAGE, cmd, "--chem: %s", err.msg);
	s->nchem = tc.nchem;
	memcpy(s->chem, tc.chem, tc.nchem);
	if ((rc = parse_drives(s, cli_batch.drive ? cli_batch.drive : "Hunger,Sleepiness", cmd)))
		return rc;
	return spec_files(s, cmd, in);
}

int cli_batch_genomes(const char *cmd, batch_spec *s, const char *const *paths, size_t n,
                      uint64_t **hashes)
{
	s->ngenomes = n;
	s->genome_paths = paths;
	*hashes = malloc((n ? n : 1) * sizeof **hashes);
	if (!*hashes)
		return cli_fail(CLI_BAD, cmd, "out of memory");
	for (size_t i = 0; i < n; i++) {
		if (strpbrk(paths[i], "\r\n")) {
			free(*hashes);
			*hashes = NULL;
			return cli_fail(CLI_USAGE, cmd, "a genome path with a line break cannot go into the results");
		}
		uint8_t *buf;
		size_t len;
		c2_err err;
		if (c2_read_file(paths[i], GENOME_MAX_FILE + 1, &buf, &len, &err) != 0) {
			free(*hashes);
			*hashes = NULL;
			return cli_report(paths[i], &err);
		}
		(*hashes)[i] = batch_genome_hash(buf, len);
		free(buf);
	}
	s->genome_hashes = *hashes;
	return CLI_OK;
}

int cli_batch_check_body(const char *cmd, const batch_spec *s, const genome *g)
{
	if (!s->body)
		return CLI_OK;
	c2_wbuf warn = {0};
	c2_err err;
	batch_fault fault = BATCH_FAULT_GENOME;
	int rc = 0;
	if (g)
		rc = batch_check_body(s, g, &warn, &fault, &err);
	/* Else the first genome that reads and hatches (the body depends on
	 * the options only): a broken genome is its runs' error, not this. */
	for (size_t i = 0; !g && i < s->ngenomes && fault == BATCH_FAULT_GENOME; i++) {
		genome gi;
		uint8_t *buf;
		size_t len;
		if (c2_read_file(s->genome_paths[i], GENOME_MAX_FILE + 1, &buf, &len, &err) != 0)
			continue;
		char why[8];
		if (cli_genome_from_bytes(s->genome_paths[i], buf, len, &gi, why, sizeof why) == CLI_OK) {
			rc = batch_check_body(s, &gi, &warn, &fault, &err);
			genome_free(&gi);
		}
		free(buf);
	}
	if (fault == BATCH_FAULT_NONE)
		cli_body_warn(s->body->name, warn.data ? (const char *)warn.data : "");
	c2_wbuf_free(&warn);
	if (rc && fault == BATCH_FAULT_GENOME && g)
		return cli_fail(CLI_BAD, cmd, "cannot hatch the genome to try --body on: %s", err.msg);
	if (rc && fault != BATCH_FAULT_GENOME)
		return cli_body_report(&cli_cargs, cmd, fault == BATCH_FAULT_WIRING, &err);
	return CLI_OK;
}

/* ---- running ------------------------------------------------------------------ */

/* Set by SIGINT/SIGTERM; lock-free atomics are async-signal-safe. */
static atomic_int signalled;

static void on_signal(int sig)
{
	atomic_store(&signalled, sig);
}

static struct sigaction old_int, old_term;

void cli_batch_catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	atomic_store(&signalled, 0);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
}

void cli_batch_release_signals(void)
{
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
}

bool cli_batch_signalled(void)
{
	return atomic_load(&signalled) != 0;
}

typedef struct exec_state {
	const batch_spec *s;
	const size_t *pending;
	size_t npending;
	atomic_size_t next;
	atomic_int stop;     /* a write failed */
	atomic_int running;  /* worker threads not yet finished */
	cli_journal *j;      /* the results' journal, or NULL: rows to stdout */
	pthread_mutex_t lock;
	size_t done, failed; /* under lock */
	int write_errno;
	int start_errno;     /* no worker could be started for the runs left */
	size_t had, total;   /* for the progress bar: runs kept, runs in all */
	bool bar;            /* show it */
	double t0;           /* when the workers started */
} exec_state;

double cli_batch_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static bool should_stop(void *ctx)
{
	exec_state *st = ctx;
	return atomic_load(&signalled) != 0 || atomic_load(&st->stop) != 0;
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
	while (n > 0) {
		ssize_t k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* Run r: read and check its genome, run it (stop: as batch_run's, may be
 * NULL). Returns 1 when stopped. */
static int run_one(const batch_spec *s, size_t r, bool (*stop)(void *ctx), void *ctx,
                   batch_result *res)
{
	size_t gi;
	uint64_t seed;
	batch_job(s, r, &gi, &seed);
	const char *path = s->genome_paths[gi];
	uint8_t *buf;
	size_t len;
	c2_err err;
	char msg[sizeof res->error];
	if (c2_read_file(path, GENOME_MAX_FILE + 1, &buf, &len, &err) != 0) {
		c2_err_format(&err, path, msg, sizeof msg);
		batch_result_failed(s, r, res, msg);
		return 0;
	}
	int stopped = 0;
	genome g;
	if (batch_genome_hash(buf, len) != s->genome_hashes[gi]) {
		batch_result_failed(s, r, res, "the genome file changed since the batch started");
	} else if (cli_genome_from_bytes(path, buf, len, &g, msg, sizeof msg) != CLI_OK) {
		batch_result_failed(s, r, res, msg);
	} else {
		stopped = batch_run(s, r, &g, stop, ctx, res);
		genome_free(&g);
	}
	free(buf);
	return stopped;
}

/* A finished run's row into the journal (or onto stdout). Non-zero when
 * the write failed (st->stop is then set: the batch ends). */
static int deliver(exec_state *st, const batch_result *res, double wall_s)
{
	c2_wbuf row = {0};
	batch_row(st->s, res, wall_s, &row);
	pthread_mutex_lock(&st->lock);
	/* One write per row, whole, under the lock: rows never interleave,
	 * and a kill can leave at most the last line unfinished. */
	int e = row.oom ? ENOMEM
	        : st->j ? cli_journal_append(st->j, row.data, row.len)
	        : write_all(STDOUT_FILENO, row.data, row.len) ? (errno ? errno : EIO) : 0;
	if (e) {
		st->write_errno = e;
		atomic_store(&st->stop, 1);
	} else {
		st->done++;
		st->failed += res->error[0] != 0;
	}
	pthread_mutex_unlock(&st->lock);
	c2_wbuf_free(&row);
	return e;
}

static void *worker(void *arg)
{
	exec_state *st = arg;
	batch_result *res = malloc(sizeof *res);
	while (res && !should_stop(st)) {
		size_t k = atomic_fetch_add(&st->next, 1);
		if (k >= st->npending)
			break;
		double t0 = cli_batch_now();
		if (run_one(st->s, st->pending[k], should_stop, st, res))
			break;
		if (deliver(st, res, cli_batch_now() - t0))
			break;
	}
	if (!res)
		atomic_store(&st->stop, 1);
	free(res);
	atomic_fetch_sub(&st->running, 1);
	return NULL;
}

void cli_batch_progress(const char *unit, size_t done, size_t total, size_t failed, double elapsed,
                        bool last)
{
	char bar[31];
	int w = 30, fill = total ? (int)((double)done / total * w) : w;
	for (int i = 0; i < w; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[w] = '\0';
	double rate = elapsed > 0 ? done / elapsed : 0;
	char left[32] = "";
	if (rate > 0 && done < total) {
		double s = (total - done) / rate;
		if (s < 120)
			snprintf(left, sizeof left, ", %.0f s left", s);
		else if (s < 7200)
			snprintf(left, sizeof left, ", %.0f min left", s / 60);
		else
			snprintf(left, sizeof left, ", %.1f h left", s / 3600);
	}
	char fails[32] = "";
	if (failed)
		snprintf(fails, sizeof fails, ", %zu failed", failed);
	fprintf(stderr, "\r[%s] %zu/%zu %ss, %.2f %ss/s%s%s\033[K%s", bar, done, total, unit, rate, unit,
	        left, fails, last ? "\n" : "");
	fflush(stderr);
}

/* ---- the rows kept by --resume ------------------------------------------------- */

/* A results text read back and parsed. */
typedef struct kept_file {
	const char *path;
	uint8_t *text;
	size_t len;
	batch_file bf;
} kept_file;

static void kept_free(kept_file *k)
{
	free(k->text);
	batch_file_free(&k->bf);
	memset(k, 0, sizeof *k);
}

/* Parse k->text as rows of this batch with these columns (header: the
 * batch's own). 0, or C2_EFORMAT with why in `why` (and k->bf empty). */
static int kept_parse(kept_file *k, const batch_spec *s, const c2_wbuf *header, char *why,
                      size_t cap)
{
	c2_err err;
	if (batch_file_parse((const char *)k->text, k->len, s->format, &k->bf, &err) != 0) {
		c2_err_format(&err, k->path, why, cap);
		return C2_EFORMAT;
	}
	if (k->bf.nrows && k->bf.id != batch_id(s))
		snprintf(why, cap, "%s holds rows of another batch (other genomes, seeds, options, events, "
		                   "body, run length or columns)", k->path);
	else if (k->bf.header_len && (k->bf.header_len != header->len ||
	                              memcmp(k->text, header->data, header->len) != 0))
		snprintf(why, cap, "%s has other columns than this batch", k->path);
	else
		return 0;
	batch_file_free(&k->bf);
	return C2_EFORMAT;
}

/* What --resume found in k, said on stderr. */
static void kept_notes(const char *cmd, const kept_file *k)
{
	if (k->bf.torn)
		cli_msg(stderr, cmd, "%s: dropped an unfinished last row (%zu bytes, a batch killed while "
		                     "writing it)", k->path, k->bf.torn);
	if (k->bf.altered)
		cli_msg(stderr, cmd, "%s: %zu row%s altered since written (the first on line %ld: its "
		                     "check does not match): running %s again",
		        k->path, k->bf.altered, k->bf.altered == 1 ? "" : "s", k->bf.first_altered,
		        k->bf.altered == 1 ? "it" : "them");
}

/* Read one file to keep rows from. *k empty when the file is not there. */
static int kept_read(kept_file *k, const char *path)
{
	memset(k, 0, sizeof *k);
	k->path = path;
	struct stat st;
	if (stat(path, &st) != 0 && errno == ENOENT)
		return CLI_OK;
	c2_err err;
	if (batch_read_results(path, &k->text, &k->len, &err) != 0)
		return cli_report(path, &err);
	return CLI_OK;
}

/* Without --resume: runs of this batch already finished — in the journal of
 * an interrupted run or in the results file — are not run again silently:
 * CLI_USAGE, saying how to keep them (--resume) or to run them again
 * (remove the file). Files of another batch are replaced, as any output. */
static int no_redo(const char *cmd, const batch_spec *s, cli_journal *j, kept_file *jk,
                   const c2_wbuf *header)
{
	char why[400];
	if (jk->text && kept_parse(jk, s, header, why, sizeof why) == 0 && jk->bf.nrows)
		return cli_fail(CLI_USAGE, cmd, "%s holds %zu finished run%s of this batch, interrupted: "
		                "--resume runs only the rest; remove it to run them all again", jk->path,
		                jk->bf.nrows, jk->bf.nrows == 1 ? "" : "s");
	/* a file that is missing or is no results file holds no runs: it is
	 * replaced as any output is (a full disk then says so, not this) */
	kept_file rk;
	memset(&rk, 0, sizeof rk);
	rk.path = j->path;
	c2_err err;
	if (batch_read_results(j->path, &rk.text, &rk.len, &err) != 0) {
		rk.text = NULL;
		rk.len = 0;
	}
	int rc = CLI_OK;
	if (rk.text && kept_parse(&rk, s, header, why, sizeof why) == 0 && rk.bf.nrows)
		rc = cli_fail(CLI_USAGE, cmd, "%s already holds %zu run%s of this batch: --resume keeps "
		              "%s and runs the rest (if any); remove it to run %s again", rk.path,
		              rk.bf.nrows, rk.bf.nrows == 1 ? "" : "s", rk.bf.nrows == 1 ? "it" : "them",
		              rk.bf.nrows == 1 ? "it" : "them");
	else if (rc == CLI_OK && jk->text && !cli_batch.quiet)
		cli_msg(stderr, cmd, "%s: the journal of another batch's interrupted run is replaced",
		        jk->path);
	kept_free(&rk);
	return rc;
}

/* The rows a new journal starts with, after the header in *w: nothing
 * without --resume; with it, the rows of the interrupted run's journal and
 * those of the results file that the journal lacks (a journal is the whole
 * state of a run that was to replace the results file, so a results file
 * of another batch beside it is passed over; without a journal, it must be
 * this batch's). have[r] marks the runs kept; *failed counts their errors. */
static int load_kept(const char *cmd, const batch_spec *s, cli_journal *j, bool resume, c2_wbuf *w,
                     uint8_t *have, size_t *nkept, size_t *failed)
{
	kept_file jk, rk;
	char why[400];
	int rc = kept_read(&jk, j->journal_path);
	if (rc == CLI_OK && !resume) {
		rc = no_redo(cmd, s, j, &jk, w);
		kept_free(&jk);
		return rc;
	}
	bool journal = jk.text != NULL;
	if (rc == CLI_OK && journal && kept_parse(&jk, s, w, why, sizeof why) != 0)
		rc = cli_fail(CLI_BAD, cmd, "%s: remove it, or run without --resume", why);
	if (rc == CLI_OK)
		rc = kept_read(&rk, j->path);
	else
		memset(&rk, 0, sizeof rk);
	if (rc == CLI_OK && rk.text && kept_parse(&rk, s, w, why, sizeof why) != 0 && !journal)
		rc = cli_fail(CLI_BAD, cmd, "%s: remove it or choose another -o", why);
	kept_file *files[2] = {&jk, &rk};
	for (int f = 0; f < 2 && rc == CLI_OK; f++) {
		kept_file *k = files[f];
		kept_notes(cmd, k);
		for (size_t i = 0; i < k->bf.nrows; i++) {
			const batch_line *l = &k->bf.rows[i];
			if (have[l->run])
				continue;
			have[l->run] = 1;
			(*nkept)++;
			*failed += batch_row_failed((const char *)k->text, &k->bf, s->format, i);
			c2_w_bytes(w, k->text + l->off, l->len);
		}
	}
	kept_free(&jk);
	kept_free(&rk);
	if (rc == CLI_OK && w->oom)
		rc = cli_fail(CLI_BAD, cmd, "out of memory");
	return rc;
}

/* The end: the journal read back, put in run order, written to the
 * results file; the journal removed. */
static int finish_results(const char *cmd, const batch_spec *s, cli_journal *j)
{
	kept_file k;
	int rc = kept_read(&k, j->journal_path);
	c2_wbuf w = {0};
	size_t rows, missing, bad;
	c2_err err;
	const char *texts[1] = {(const char *)k.text};
	if (rc == CLI_OK && !k.text)
		rc = cli_fail(CLI_BAD, cmd, "%s is gone", j->journal_path);
	if (rc == CLI_OK && batch_merge(texts, &k.len, 1, s->format, &w, &rows, &missing, &bad, &err) != 0)
		rc = cli_report(j->journal_path, &err);
	if (rc == CLI_OK && w.oom)
		rc = cli_fail(CLI_BAD, cmd, "out of memory");
	if (rc == CLI_OK)
		rc = cli_journal_commit(j, cmd, w.data, w.len);
	c2_wbuf_free(&w);
	kept_free(&k);
	return rc;
}

int cli_batch_shard(const char *cmd, const char *arg, unsigned *index, unsigned *count)
{
	*index = *count = 1;
	if (!arg)
		return CLI_OK;
	char a[32], b[32];
	const char *slash = strchr(arg, '/');
	long i, n;
	if (!slash || (size_t)(slash - arg) >= sizeof a || strlen(slash + 1) >= sizeof b)
		return cli_fail(CLI_USAGE, cmd, "--shard: I/N, e.g. 2/4, not '%s'", arg);
	memcpy(a, arg, (size_t)(slash - arg));
	a[slash - arg] = '\0';
	strcpy(b, slash + 1);
	if (!cli_parse_long(b, 1, 1000000, &n) || !cli_parse_long(a, 1, n, &i))
		return cli_fail(CLI_USAGE, cmd, "--shard: I/N with 1 <= I <= N, not '%s'", arg);
	*index = (unsigned)i;
	*count = (unsigned)n;
	return CLI_OK;
}

/* The header, and the kept rows with --resume: the journal started (or,
 * for stdout, the header written). The runs still to do in *pending. */
static int start(const char *cmd, const batch_spec *s, cli_journal *j, size_t **pending,
                 size_t *npending, size_t *nkept, size_t *failed)
{
	unsigned index, count;
	int rc = cli_batch_shard(cmd, cli_batch.shard, &index, &count);
	if (rc)
		return rc;
	size_t runs = batch_runs(s);
	uint8_t *have = calloc(runs ? runs : 1, 1);
	c2_wbuf w = {0};
	batch_header(s, &w);
	if (!have)
		rc = cli_fail(CLI_BAD, cmd, "out of memory");
	else if (j)
		rc = load_kept(cmd, s, j, cli_batch.resume, &w, have, nkept, failed);
	if (rc == CLI_OK && j)
		rc = cli_journal_start(j, cmd, w.data, w.len);
	else if (rc == CLI_OK && write_all(STDOUT_FILENO, w.data, w.len) != 0)
		rc = cli_fail(CLI_BAD, cmd, "standard output: %s", strerror(errno));
	if (rc == CLI_OK && batch_pending(s, index, count, have, pending, npending) != 0)
		rc = cli_fail(CLI_BAD, cmd, "out of memory");
	free(have);
	c2_wbuf_free(&w);
	return rc;
}

/* The progress bar, from the thread that waits for the workers. */
static void show(exec_state *st)
{
	pthread_mutex_lock(&st->lock);
	size_t d = st->done, f = st->failed;
	pthread_mutex_unlock(&st->lock);
	cli_batch_progress("run", st->had + d, st->total, f, cli_batch_now() - st->t0, false);
}

/* Runs without a body: n threads, each taking the next run, until they
 * end. Returns the threads started (0 when none could be: st->stop is
 * then set). */
static size_t run_threads(exec_state *st, size_t nthreads)
{
	pthread_t *th = calloc(nthreads ? nthreads : 1, sizeof *th);
	size_t started = 0;
	atomic_store(&st->running, (int)nthreads);
	for (; th && started < nthreads; started++)
		if (pthread_create(&th[started], NULL, worker, st) != 0)
			break;
	if (started < nthreads) { /* could not start them all: the others finish the work */
		atomic_fetch_sub(&st->running, (int)(nthreads - started));
		if (started == 0)
			atomic_store(&st->stop, 1);
	}
	while (atomic_load(&st->running) > 0) {
		struct timespec ts = {0, 200 * 1000 * 1000};
		nanosleep(&ts, NULL);
		if (st->bar)
			show(st);
	}
	for (size_t i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	free(th);
	return started;
}

/* ---- runs with a body: worker processes ---------------------------------------- */

/* ODE, which moves bodies, keeps state for the whole process: its solver's
 * random seed (which body/sim.c sets and reads back around every step)
 * and its trimesh colliders' caches are globals in Debian's libode (built
 * without thread-local storage). Two bodies stepped at once in one process
 * disturb each other, and a run would no longer equal `c2rt run --body`.
 * So with --body the runs go to --jobs worker processes (cli/workers.h),
 * each with its own ODE and one run at a time, as `c2rt run` has it; the
 * parent keeps the lock, the journal and the rows exactly as the threads
 * do. */

/* What a worker sends back for a run. */
typedef struct proc_result {
	double wall_s;
	batch_result res;
} proc_result;

static void proc_work(void *ctx, size_t r, void *out)
{
	exec_state *st = ctx;
	proc_result *pr = out;
	double t0 = cli_batch_now();
	run_one(st->s, r, NULL, NULL, &pr->res); /* never asked to stop: a worker is killed */
	pr->wall_s = cli_batch_now() - t0;
}

/* A run's result, or its worker's death (a failed run, saying why). */
static int proc_take(void *ctx, size_t r, const void *out, const char *died, double seconds)
{
	exec_state *st = ctx;
	if (out) {
		const proc_result *pr = out;
		return deliver(st, &pr->res, pr->wall_s);
	}
	batch_result res;
	batch_result_failed(st->s, r, &res, died);
	return deliver(st, &res, seconds);
}

static void proc_idle(void *ctx)
{
	exec_state *st = ctx;
	if (st->bar)
		show(st);
}

static size_t run_procs(exec_state *st, size_t n)
{
	cli_workers_job job = {
		.nworkers = n,
		.tasks = st->pending,
		.ntasks = st->npending,
		.result_size = sizeof(proc_result),
		.work = proc_work,
		.take = proc_take,
		.stop = should_stop,
		.idle = proc_idle,
		.ctx = st,
	};
	size_t started;
	st->start_errno = cli_workers_run(&job, &started);
	return started;
}

/* Start the workers (threads; processes for bodied runs), show progress
 * until they end. Returns the workers started at first. */
static size_t run_workers(exec_state *st, double *elapsed)
{
	size_t jobs = (size_t)cli_batch.jobs;
	size_t n = jobs < st->npending ? jobs : st->npending;
	st->total = st->had + st->npending;
	st->bar = !cli_batch.quiet && isatty(STDERR_FILENO) && st->npending > 0;
	st->t0 = cli_batch_now();
	size_t started = st->s->body && n > 1 ? run_procs(st, n) : run_threads(st, n);
	*elapsed = cli_batch_now() - st->t0;
	if (st->bar)
		cli_batch_progress("run", st->had + st->done, st->total, st->failed, *elapsed, true);
	return started;
}

int cli_batch_lock(const char *cmd, cli_journal *j)
{
	memset(j, 0, sizeof *j);
	const char *out = cli_batch.out;
	if (!out)
		return cli_fail(CLI_USAGE, cmd, "missing -o RESULTS (.csv or .ndjson)");
	if (strcmp(out, "-") != 0)
		return cli_journal_lock(j, cmd, out);
	if (cli_batch.resume)
		return cli_fail(CLI_USAGE, cmd, "--resume needs a results file, not '-'");
	return CLI_OK;
}

int cli_batch_execute(const char *cmd, const batch_spec *s, cli_journal *jl, cli_batch_tally *t)
{
	memset(t, 0, sizeof *t);
	cli_journal *j = jl->path ? jl : NULL; /* NULL: -o - */
	const char *out = j ? j->path : "standard output";
	exec_state st;
	memset(&st, 0, sizeof st);
	st.s = s;
	st.j = j;
	size_t *pending = NULL, npending = 0, had = 0, had_failed = 0;
	int rc = start(cmd, s, j, &pending, &npending, &had, &had_failed);
	if (rc) {
		free(pending);
		return rc;
	}
	st.pending = pending;
	st.npending = npending;
	st.had = had;

	cli_batch_catch_signals();
	pthread_mutex_init(&st.lock, NULL);
	double elapsed;
	size_t nthreads = run_workers(&st, &elapsed);
	cli_batch_release_signals();
	pthread_mutex_destroy(&st.lock);
	free(pending);

	size_t finished = had + st.done, total = had + npending;
	if (st.write_errno || st.start_errno || (nthreads == 0 && npending > 0)) {
		char why[160];
		if (st.write_errno)
			snprintf(why, sizeof why, "%s", strerror(st.write_errno));
		else if (st.start_errno)
			snprintf(why, sizeof why, "cannot start worker processes: %s", strerror(st.start_errno));
		else
			snprintf(why, sizeof why, "cannot start worker threads");
		return cli_fail(CLI_BAD, cmd, "%s: %s%s", j ? j->journal_path : out, why,
		                j ? " (the results file is unchanged)" : "");
	}
	if (atomic_load(&signalled) || finished < total) {
		if (j)
			cli_msg(stderr, cmd, "interrupted: %zu of %zu runs are in %s (%s is unchanged); run the "
			                     "same command with --resume for the rest",
			        finished, total, j->journal_path, out);
		else
			cli_msg(stderr, cmd, "interrupted: %zu of %zu runs written", finished, total);
		return 130;
	}
	if (j && (rc = finish_results(cmd, s, j)) != 0)
		return rc;
	t->runs = finished;
	t->failed = had_failed + st.failed;
	if (!cli_batch.quiet)
		fprintf(stderr, "c2rt %s: %zu runs (%zu this time, %zu failed) in %.1f s on %zu job%s, %.2f runs/s%s%s\n",
		        cmd, finished, st.done, st.failed, elapsed, nthreads, nthreads == 1 ? "" : "s",
		        elapsed > 0 ? st.done / elapsed : 0.0, j ? "; results in " : "", j ? out : "");
	return CLI_OK;
}

int cli_batch_verdict(const char *cmd, const cli_batch_tally *t, const char *out)
{
	if (!t->failed)
		return CLI_OK;
	return cli_fail(CLI_BAD, cmd, "%zu of %zu runs failed (the error column of %s says why)",
	                t->failed, t->runs, out);
}
