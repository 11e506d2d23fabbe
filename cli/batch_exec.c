/* batch_exec.c — a batch on this machine: options, worker threads, the
 * results file, interruption and progress (see batch_exec.h). */
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
#include "engine/trace.h"
#include "genome/vocab.h"

/* Largest results file --resume reads back. */
#define RESULTS_MAX ((size_t)8 << 30)

cli_batch_args cli_batch;

cli_opt cli_batch_opts[] = {
	{"seeds", OPT_U64, &cli_batch.seeds, "K", "runs per genome, with seeds S, S+1 ... S+K-1 (S: --seed, default 1)", 0, 0, NULL},
	{"ticks", OPT_U64, &cli_batch.ticks, "N", "run N world ticks (fewer if the creature dies)", 0, 0, NULL},
	{"until", OPT_STR, &cli_batch.until, "death", "run until the creature dies (or --max-ticks)", 0, 0, NULL},
	{"max-ticks", OPT_U64, &cli_batch.max_ticks, "N", "--until death gives up after N ticks, alive (default 2000000)", 0, 0, NULL},
	{"jobs", OPT_U64, &cli_batch.jobs, "J", "runs at once, one thread each (default: the processors online)", 0, 0, NULL},
	{"shard", OPT_STR, &cli_batch.shard, "I/N", "only shard I of N: the runs r with r % N == I-1", 0, 0, NULL},
	{"resume", OPT_FLAG, &cli_batch.resume, NULL, "keep the finished rows of the results file; run only the rest", 0, 0, NULL},
	{"o", OPT_OUT, &cli_batch.out, "RESULTS", "results (.csv or .ndjson), a row appended as each run ends; '-' = stdout, as they end", 0, 0, NULL},
	{"format", OPT_STR, &cli_batch.format, "csv|ndjson", "results format (default: from the file name; csv)", 0, 0, NULL},
	{"chem", OPT_STR, &cli_batch.chem, "NAME,...|none", "chemicals to average and report (default ATP,Glucose,Glycogen)", 0, 0, NULL},
	{"drive", OPT_STR, &cli_batch.drive, "NAME,...|none", "drives to average and report (default Hunger,Sleepiness)", 0, 0, NULL},
	{"quiet", OPT_FLAG, &cli_batch.quiet, NULL, "no progress bar and no summary on stderr", 0, 0, NULL},
	{0},
};

void cli_batch_args_init(cli_batch_args *a)
{
	memset(a, 0, sizeof *a);
	a->seeds = 1;
	a->max_ticks = 2000000;
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
		int d = c2_vocab_find(&c2_drives, p, len);
		char num[8];
		long v;
		if (d < 0 && len < sizeof num) {
			memcpy(num, p, len);
			num[len] = '\0';
			if (cli_parse_long(num, 0, C2_NDRIVES - 1, &v))
				d = (int)v;
		}
		if (d < 0)
			return cli_fail(CLI_USAGE, cmd, "--drive: unknown drive '%.*s'", (int)len, p);
		if (s->ndrive == C2_NDRIVES)
			return cli_fail(CLI_USAGE, cmd, "--drive: more than %d drives", C2_NDRIVES);
		s->drive[s->ndrive++] = (uint8_t)d;
		if (!q)
			return CLI_OK;
		p = q + 1;
	}
}

int cli_batch_spec(batch_spec *s, const char *cmd, events *ev, uint8_t **events_text)
{
	memset(s, 0, sizeof *s);
	memset(ev, 0, sizeof *ev);
	*events_text = NULL;
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
	if (cli_batch.chem && !strcmp(cli_batch.chem, "none"))
		tc.nchem = 0;
	else if (trace_set_chems(&tc, cli_batch.chem ? cli_batch.chem : "ATP,Glucose,Glycogen", &err))
		return cli_fail(CLI_USAGE, cmd, "--chem: %s", err.msg);
	s->nchem = tc.nchem;
	memcpy(s->chem, tc.chem, tc.nchem);
	if ((rc = parse_drives(s, cli_batch.drive ? cli_batch.drive : "Hunger,Sleepiness", cmd)))
		return rc;
	if (cli_cargs.events_path) {
		size_t len;
		if (c2_read_file(cli_cargs.events_path, 16u << 20, events_text, &len, &err) != 0)
			return cli_report(cli_cargs.events_path, &err);
		if (events_parse(ev, (const char *)*events_text, len, &err) != 0) {
			free(*events_text);
			*events_text = NULL;
			return cli_report(cli_cargs.events_path, &err);
		}
		s->ev = ev;
		s->events_text = (const char *)*events_text;
		s->events_len = len;
	}
	return CLI_OK;
}

int cli_batch_hash_genomes(const char *cmd, const char *const *paths, size_t n, uint64_t **hashes)
{
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
	return CLI_OK;
}

/* ---- running ------------------------------------------------------------------ */

/* Set by SIGINT/SIGTERM; lock-free atomics are async-signal-safe. */
static atomic_int signalled;

static void on_signal(int sig)
{
	atomic_store(&signalled, sig);
}

typedef struct exec_state {
	const batch_spec *s;
	const size_t *pending;
	size_t npending;
	atomic_size_t next;
	atomic_int stop;     /* a write failed */
	atomic_int running;  /* workers not yet finished */
	int fd;
	pthread_mutex_t lock;
	size_t done, failed; /* under lock */
	int write_errno;
} exec_state;

static double now_seconds(void)
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

/* Run r: read and check its genome, run it. Returns 1 when stopped. */
static int run_one(exec_state *st, size_t r, batch_result *res)
{
	const batch_spec *s = st->s;
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
	} else if (genome_parse(&g, buf, len, &err) != 0) {
		c2_err_format(&err, path, msg, sizeof msg);
		batch_result_failed(s, r, res, msg);
	} else {
		stopped = batch_run(s, r, &g, should_stop, st, res);
		genome_free(&g);
	}
	free(buf);
	return stopped;
}

static void *worker(void *arg)
{
	exec_state *st = arg;
	c2_wbuf row = {0};
	batch_result *res = malloc(sizeof *res);
	while (res && !should_stop(st)) {
		size_t k = atomic_fetch_add(&st->next, 1);
		if (k >= st->npending)
			break;
		double t0 = now_seconds();
		if (run_one(st, st->pending[k], res))
			break;
		row.len = 0;
		batch_row(st->s, res, now_seconds() - t0, &row);
		pthread_mutex_lock(&st->lock);
		/* One write per row, whole, under the lock: rows never interleave,
		 * and a kill can leave at most the last line unfinished. */
		if (row.oom || write_all(st->fd, row.data, row.len) != 0) {
			st->write_errno = row.oom ? ENOMEM : errno;
			atomic_store(&st->stop, 1);
		} else {
			st->done++;
			st->failed += res->error[0] != 0;
		}
		pthread_mutex_unlock(&st->lock);
	}
	if (!res)
		atomic_store(&st->stop, 1);
	free(res);
	c2_wbuf_free(&row);
	atomic_fetch_sub(&st->running, 1);
	return NULL;
}

static void progress(size_t done, size_t total, size_t failed, double elapsed, bool last)
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
	fprintf(stderr, "\r[%s] %zu/%zu runs, %.2f runs/s%s%s\033[K%s", bar, done, total, rate, left,
	        fails, last ? "\n" : "");
	fflush(stderr);
}

/* Put the results file in run order (atomically). */
static int sort_results(const char *cmd, const char *path, batch_format f)
{
	uint8_t *text;
	size_t len, missing, bad;
	c2_err err;
	if (c2_read_file(path, RESULTS_MAX, &text, &len, &err) != 0)
		return cli_report(path, &err);
	c2_wbuf w = {0};
	const char *texts[1] = {(const char *)text};
	int rc = batch_merge(texts, &len, 1, f, &w, &missing, &bad, &err);
	free(text);
	if (rc)
		rc = cli_report(path, &err);
	else if (c2_write_file_atomic(path, w.data, w.len, &err) != 0)
		rc = cli_report(path, &err);
	(void)cmd;
	c2_wbuf_free(&w);
	return rc;
}

/* Start the results file: fresh (the header), or with --resume the rows it
 * already holds (an unfinished last row dropped), rewritten atomically.
 * *done gets those rows (free with batch_file_free). */
static int start_results(const char *cmd, const batch_spec *s, const char *path, bool resume,
                         batch_file *done)
{
	memset(done, 0, sizeof *done);
	c2_wbuf w = {0};
	batch_header(s, &w);
	c2_err err;
	uint8_t *text = NULL;
	size_t len = 0;
	struct stat stt;
	if (resume && stat(path, &stt) == 0) {
		if (c2_read_file(path, RESULTS_MAX, &text, &len, &err) != 0) {
			c2_wbuf_free(&w);
			return cli_report(path, &err);
		}
		if (batch_file_parse((const char *)text, len, s->format, done, &err) != 0) {
			c2_wbuf_free(&w);
			free(text);
			return cli_report(path, &err);
		}
		int rc = CLI_OK;
		if (done->nrows && done->id != batch_id(s))
			rc = cli_fail(CLI_BAD, cmd,
			              "%s holds rows of another batch (other genomes, seeds, options, events, "
			              "run length or columns): remove it or choose another -o",
			              path);
		else if (done->header_len && (done->header_len != w.len || memcmp(text, w.data, w.len) != 0))
			rc = cli_fail(CLI_BAD, cmd, "%s has other columns than this batch", path);
		if (rc) {
			c2_wbuf_free(&w);
			free(text);
			batch_file_free(done);
			return rc;
		}
		if (done->torn)
			fprintf(stderr, "c2rt %s: %s: dropped an unfinished last row (%zu bytes, a batch killed "
			                "while writing it)\n",
			        cmd, path, done->torn);
		for (size_t i = 0; i < done->nrows; i++)
			c2_w_bytes(&w, text + done->rows[i].off, done->rows[i].len);
	}
	free(text);
	int rc = CLI_OK;
	if (w.oom)
		rc = cli_fail(CLI_BAD, cmd, "out of memory");
	else if (c2_write_file_atomic(path, w.data, w.len, &err) != 0)
		rc = cli_report(path, &err);
	c2_wbuf_free(&w);
	if (rc)
		batch_file_free(done);
	return rc;
}

static int parse_shard(const char *cmd, const char *arg, unsigned *index, unsigned *count)
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

int cli_batch_execute(const char *cmd, const batch_spec *s)
{
	const char *out = cli_batch.out;
	if (!out)
		return cli_fail(CLI_USAGE, cmd, "missing -o RESULTS (.csv or .ndjson)");
	bool to_stdout = !strcmp(out, "-");
	if (to_stdout && cli_batch.resume)
		return cli_fail(CLI_USAGE, cmd, "--resume needs a results file, not '-'");
	unsigned index, count;
	int rc = parse_shard(cmd, cli_batch.shard, &index, &count);
	if (rc)
		return rc;

	batch_file done = {0};
	exec_state st;
	memset(&st, 0, sizeof st);
	st.s = s;
	if (to_stdout) {
		c2_wbuf w = {0};
		batch_header(s, &w);
		st.fd = STDOUT_FILENO;
		rc = write_all(st.fd, w.data, w.len) ? cli_fail(CLI_BAD, cmd, "standard output: write failed") : 0;
		c2_wbuf_free(&w);
	} else if ((rc = start_results(cmd, s, out, cli_batch.resume, &done)) == 0 &&
	           (st.fd = open(out, O_WRONLY | O_APPEND)) < 0) {
		rc = cli_fail(CLI_BAD, cmd, "cannot append to %s: %s", out, strerror(errno));
	}
	size_t *pending = NULL, npending = 0;
	if (rc == 0 && batch_pending(s, index, count, &done, &pending, &npending) != 0)
		rc = cli_fail(CLI_BAD, cmd, "out of memory");
	size_t had = done.nrows;
	batch_file_free(&done);
	if (rc) {
		if (st.fd > 2)
			close(st.fd);
		return rc;
	}
	st.pending = pending;
	st.npending = npending;
	size_t total = had + npending;

	struct sigaction sa, old_int, old_term;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	atomic_store(&signalled, 0);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);

	pthread_mutex_init(&st.lock, NULL);
	size_t nthreads = cli_batch.jobs < npending ? (size_t)cli_batch.jobs : npending;
	pthread_t *th = calloc(nthreads ? nthreads : 1, sizeof *th);
	size_t started = 0;
	atomic_store(&st.running, (int)nthreads);
	for (; th && started < nthreads; started++)
		if (pthread_create(&th[started], NULL, worker, &st) != 0)
			break;
	if (started < nthreads) { /* could not start them all: the others finish the work */
		atomic_fetch_sub(&st.running, (int)(nthreads - started));
		if (started == 0)
			atomic_store(&st.stop, 1);
	}
	bool bar = !cli_batch.quiet && isatty(STDERR_FILENO) && npending > 0;
	double t0 = now_seconds();
	while (atomic_load(&st.running) > 0) {
		struct timespec ts = {0, 200 * 1000 * 1000};
		nanosleep(&ts, NULL);
		if (bar) {
			pthread_mutex_lock(&st.lock);
			size_t d = st.done, f = st.failed;
			pthread_mutex_unlock(&st.lock);
			progress(had + d, total, f, now_seconds() - t0, false);
		}
	}
	for (size_t i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	free(th);
	double elapsed = now_seconds() - t0;
	if (bar)
		progress(had + st.done, total, st.failed, elapsed, true);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	pthread_mutex_destroy(&st.lock);
	free(pending);
	if (!to_stdout && close(st.fd) != 0 && !st.write_errno)
		st.write_errno = errno;

	size_t finished = had + st.done;
	if (st.write_errno || (started == 0 && npending > 0))
		return cli_fail(CLI_BAD, cmd, "%s: %s", to_stdout ? "standard output" : out,
		                st.write_errno ? strerror(st.write_errno) : "cannot start worker threads");
	if (atomic_load(&signalled) || finished < total) {
		fprintf(stderr, "c2rt %s: interrupted: %zu of %zu runs are in %s; run the same command with "
		                "--resume for the rest\n",
		        cmd, finished, total, out);
		return 130;
	}
	if (!to_stdout && (rc = sort_results(cmd, out, s->format)) != 0)
		return rc;
	if (!cli_batch.quiet)
		fprintf(stderr, "c2rt %s: %zu runs (%zu this time, %zu failed) in %.1f s on %zu job%s, %.2f runs/s%s%s\n",
		        cmd, finished, st.done, st.failed, elapsed, nthreads, nthreads == 1 ? "" : "s",
		        elapsed > 0 ? st.done / elapsed : 0.0, to_stdout ? "" : "; results in ",
		        to_stdout ? "" : out);
	return CLI_OK;
}
