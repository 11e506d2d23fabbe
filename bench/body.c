/* body.c — what a body costs, and the acceptance runs of issue 12.
 *
 * Default: for each body (the shared johnnie.xode and walking.gen's first
 * f0 walker, our own genomes/walker.f0, and a chain of 10 000 parts, the
 * size limit, over a hundredth of the ticks), the CPU microseconds of one
 * world tick of the body alone (body_sim_tick), of the fed standard norn
 * without a body and of that norn with the body (creature_step), over
 * --ticks N (default 2000). Output lines, read by scripts/bench.sh:
 *     body NAME body_us B norn_us C with_body_us W realtime R
 * (R: creature seconds per CPU second with the body).
 *
 * --acceptance: the runs the issue asks for, with their figures:
 *   - each ../shared/bodies/f0/cases/walking_*.f0 alone for 60 s: how far
 *     its centre of mass went, in its own lengths;
 *   - the norn, fed ("every 600 food 5 Starch 60 Glucose 40") and put to
 *     sleep at tick 3000, for 6000 ticks with johnnie.xode and with the
 *     walker of walking.gen: its mean speed while awake (not asleep,
 *     resting or dreaming), the first tick from which its speed stays under
 *     1% of that, and the ATP its muscles spent (the hexokinase the norn's
 *     muscle-energy emitter made, which converts ATP to ADP one for one:
 *     the sum of its rises) against the same norn without a body.
 *
 * --sleeps FROM STEP TO: lying still whenever the sleep comes. The norn,
 * fed as above, with johnnie.xode and with the walker of walking.gen; at
 * ticks FROM, FROM+STEP, ... TO a copy of it (saved and loaded in memory:
 * it continues bit for bit) is put to sleep ("at N sleep") and watched for
 * 30 s. Per sleep: the awake mean speed before it, and how long after the
 * event the speed stays under 1% of that for the rest of the 30 s; then
 * how many of the sleeps were still within 10 s.
 * Exit 77 when the shared data is missing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/bench.h"
#include "base/fileio.h"
#include "body/load.h"
#include "body/sim.h"
#include "engine/engine.h"
#include "engine/events.h"
#include "genome/vocab.h"

static const char FEED[] = "every 600 food 5 Starch 60 Glucose 40\n";
static const char SLEEP[] = "every 600 food 5 Starch 60 Glucose 40\nat 3000 sleep\n";

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static char root_buf[4096];
static const char *shared(const char *rel)
{
	return bench_shared(rel, root_buf, sizeof root_buf);
}

typedef struct file {
	char path[4096];
	uint8_t *data;
	size_t len;
} file;

static int read(file *f, const char *path)
{
	c2_err err;
	snprintf(f->path, sizeof f->path, "%s", path);
	if (c2_read_file(path, 64u << 20, &f->data, &f->len, &err) != 0) {
		fprintf(stderr, "%s: %s\n", path, err.msg);
		return -1;
	}
	return 0;
}

/* An f0 chain of n parts, 1 apart, as a file of ours (in memory). */
static file chain_file(int n)
{
	file f = {0};
	c2_wbuf w = {0};
	c2_w_str(&w, "//0\n");
	for (int i = 0; i < n; i++)
		c2_w_str(&w, "p:\n");
	for (int i = 0; i + 1 < n; i++)
		c2_w_printf(&w, "j:%d,%d,dx=1\n", i, i + 1);
	snprintf(f.path, sizeof f.path, "chain%d.f0", n);
	f.data = w.data;
	f.len = w.len;
	return f;
}

/* The fed norn, with a body when b is not NULL. */
static creature *norn(const genome *g, const file *b)
{
	creature_config cfg;
	creature_config_default(&cfg);
	creature *c;
	c2_err err;
	if (creature_hatch(&c, g, &cfg, &err) != 0) {
		fprintf(stderr, "hatch: %s\n", err.msg);
		exit(1);
	}
	creature_body_spec spec = {b ? b->path : NULL, b ? b->data : NULL, b ? b->len : 0, NULL};
	if (b && creature_set_body(c, &spec, &err) != 0) {
		fprintf(stderr, "%s: %s\n", b->path, err.msg);
		exit(1);
	}
	return c;
}

/* An events text of ours, parsed (it is ours: it parses). */
static void our_events(creature_events *ev, const char *text)
{
	c2_err err;
	if (creature_events_parse(ev, text, strlen(text), &err) != 0) {
		fprintf(stderr, "bench body: %s\n", err.msg);
		exit(1);
	}
}

/* The mean speed of a body while its creature is up and doing: not asleep,
 * dreaming or resting. */
typedef struct awake_mean {
	double sum;
	long n;
} awake_mean;

static void awake_add(awake_mean *a, const creature *c, double speed)
{
	if (!creature_asleep(c) && !creature_dreaming(c) && creature_action(c) != GENOME_ACT_REST) {
		a->sum += speed;
		a->n++;
	}
}

static double awake_get(const awake_mean *a)
{
	return a->n ? a->sum / (double)a->n : 0;
}

static void costs(const genome *g, const file *b, const char *name, long ticks)
{
	c2_err err;
	creature_events ev;
	our_events(&ev, FEED);
	body_model m;
	int src = body_source_pick(b->path, (const char *)b->data, b->len, &err);
	if (src < 0 || body_load_source((body_source)src, (const char *)b->data, b->len, NULL, &m, &err)) {
		fprintf(stderr, "%s: %s\n", b->path, err.msg);
		exit(1);
	}
	body_options o;
	c2_options_default(&body_option_tab, &o);
	body_sim *s;
	if (body_sim_new(&s, &m, &o, 1, NULL, &err) != 0) {
		fprintf(stderr, "%s: %s\n", b->path, err.msg);
		exit(1);
	}
	double t0 = cpu_now();
	for (long t = 0; t < ticks; t++)
		body_sim_tick(s);
	double body_s = cpu_now() - t0;
	body_sim_free(s);
	body_free(&m);

	creature *c = norn(g, NULL);
	t0 = cpu_now();
	for (long t = 0; t < ticks; t++)
		creature_step(c, &ev);
	double norn_s = cpu_now() - t0;
	creature_free(c);

	c = norn(g, b);
	t0 = cpu_now();
	for (long t = 0; t < ticks; t++)
		creature_step(c, &ev);
	double with_s = cpu_now() - t0;
	creature_free(c);
	creature_events_free(&ev);
	printf("body %s body_us %.1f norn_us %.2f with_body_us %.1f realtime %.0f\n", name,
	       body_s / ticks * 1e6, norn_s / ticks * 1e6, with_s / ticks * 1e6,
	       with_s > 0 ? ticks * 0.1 / with_s : 0.0);
}

/* ---- acceptance ---------------------------------------------------------------------- */

static void walker_alone(const char *path)
{
	file f;
	if (read(&f, path) != 0)
		exit(1);
	c2_err err;
	body_model m;
	if (body_load_source(BODY_SOURCE_F0, (const char *)f.data, f.len, NULL, &m, &err) != 0) {
		fprintf(stderr, "%s: %s\n", path, err.msg);
		exit(1);
	}
	body_options o;
	c2_options_default(&body_option_tab, &o);
	body_sim *s;
	if (body_sim_new(&s, &m, &o, 1, NULL, &err) != 0) {
		fprintf(stderr, "%s: %s\n", path, err.msg);
		exit(1);
	}
	body_reading r0, r;
	body_sim_read(s, &r0);
	for (int t = 0; t < 600; t++)
		body_sim_tick(s);
	body_sim_read(s, &r);
	double up[3], ground;
	body_sim_ground(s, up, &ground);
	double d[3] = {r.com[0] - r0.com[0], r.com[1] - r0.com[1], r.com[2] - r0.com[2]};
	double u = d[0] * up[0] + d[1] * up[1] + d[2] * up[2];
	for (int k = 0; k < 3; k++)
		d[k] -= u * up[k];
	double dist = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
	const char *name = strrchr(path, '/');
	printf("alone 60 s  %-32s distance %8.3f  length %6.3f  = %6.2f lengths\n", name ? name + 1 : path,
	       dist, r.size, dist / r.size);
	body_sim_free(s);
	body_free(&m);
	free(f.data);
}

/* Hexokinase made: the sum of its rises tick to tick. */
static unsigned hexokinase(const creature *c, uint8_t *last)
{
	uint8_t h = bc_chem_get(creature_biochem_const(c), GENOME_CHEM_HEXOKINASE);
	unsigned rise = h > *last ? (unsigned)(h - *last) : 0;
	*last = h;
	return rise;
}

/* The norn fed and put to sleep at 3000 for 6000 ticks, with body b (NULL:
 * none, and only the ATP its muscles spent is returned). */
static unsigned norn_run(const genome *g, const file *b, const char *name, unsigned none_atp)
{
	creature_events ev;
	our_events(&ev, SLEEP);
	creature *c = norn(g, b);
	awake_mean aw = {0, 0};
	double speed[6001];
	uint8_t last = 0;
	unsigned atp = 0;
	double t0 = cpu_now();
	for (int t = 1; t <= 6000; t++) {
		creature_step(c, &ev);
		atp += hexokinase(c, &last);
		if (!b)
			continue;
		body_reading r;
		body_sim_read(creature_body_sim(c), &r);
		speed[t] = r.speed;
		if (t < 3000)
			awake_add(&aw, c, r.speed);
	}
	double cpu = cpu_now() - t0;
	if (!b) {
		creature_free(c);
		creature_events_free(&ev);
		return atp;
	}
	double mean = awake_get(&aw);
	int still = -1;
	for (int t = 6000; t >= 3000 && speed[t] < 0.01 * mean; t--)
		still = t;
	body_reading r;
	body_sim_read(creature_body_sim(c), &r);
	printf("norn + %-16s awake mean speed %.4f; still (< 1%%) from tick %d (%.1f s after the sleep "
	       "event); muscle ATP %u (no body: %u); work %.4g; %.0f x real time\n",
	       name, mean, still, still >= 0 ? (still - 3000) / 10.0 : -1.0, atp, none_atp, r.energy,
	       cpu > 0 ? 600 / cpu : 0.0);
	creature_free(c);
	creature_events_free(&ev);
	return atp;
}

/* ---- sleeps ----------------------------------------------------------------------------- */

enum { WATCH = 300 }; /* world ticks a sleeping copy is watched */

static double body_speed(const creature *c)
{
	body_reading r;
	body_sim_read(creature_body_sim(c), &r);
	return r.speed;
}

/* A copy of c put to sleep now: the tenths of a second after the sleep
 * event from which its speed stays under `limit` until WATCH ticks after
 * it (-1: not by then); *woke tells whether it woke up in between. */
static int sleep_copy(const creature *c, double speed_now, double limit, bool *woke)
{
	c2_err err;
	c2_wbuf w = {0};
	creature *b;
	if (creature_save(c, NULL, 0, &w) != 0 || creature_load(&b, w.data, w.len, NULL, NULL, &err) != 0) {
		fprintf(stderr, "bench body: a copy of the creature failed\n");
		exit(1);
	}
	c2_wbuf_free(&w);
	char text[128];
	snprintf(text, sizeof text, "%sat %llu sleep\n", FEED, (unsigned long long)creature_ticks(c));
	creature_events ev;
	our_events(&ev, text);
	int still = speed_now < limit ? 0 : -1;
	*woke = false;
	for (int k = 1; k <= WATCH; k++) {
		creature_step(b, &ev);
		if (body_speed(b) >= limit)
			still = -1;
		else if (still < 0)
			still = k;
		if (!creature_asleep(b) && !creature_dreaming(b))
			*woke = true;
	}
	creature_free(b);
	creature_events_free(&ev);
	return still;
}

static void sleeps(const genome *g, const file *b, const char *name, long from, long step, long to)
{
	creature_events ev;
	our_events(&ev, FEED);
	creature *c = norn(g, b);
	awake_mean aw = {0, 0};
	int runs = 0, within = 0, slowest = 0; /* slowest: tenths of a second, -1: not in 30 s */
	for (long t = 1; t <= to; t++) {
		creature_step(c, &ev);
		double v = body_speed(c);
		awake_add(&aw, c, v);
		if (t < from || (t - from) % step != 0 || !aw.n)
			continue;
		double mean = awake_get(&aw);
		bool woke;
		int still = sleep_copy(c, v, 0.01 * mean, &woke);
		runs++;
		within += still >= 0 && still <= 100;
		if (slowest >= 0 && (still < 0 || still > slowest))
			slowest = still;
		printf("%-16s sleep at %5ld  awake mean speed %.4f  still %s%.1f s after%s\n", name, t, mean,
		       still < 0 ? "not in 30 s, " : "", still < 0 ? 30.0 : still / 10.0, woke ? " (woke up)" : "");
	}
	printf("%-16s still within 10 s after %d of %d sleeps; the slowest %s%.1f s\n", name, within, runs,
	       slowest < 0 ? "more than " : "", slowest < 0 ? 30.0 : slowest / 10.0);
	creature_free(c);
	creature_events_free(&ev);
}

int main(int argc, char **argv)
{
	long ticks = 2000, from = 0, step = 0, to = 0;
	bool acceptance = false, sweep = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--ticks") && i + 1 < argc)
			ticks = strtol(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--acceptance"))
			acceptance = true;
		else if (!strcmp(argv[i], "--sleeps") && i + 3 < argc) {
			from = strtol(argv[++i], NULL, 10);
			step = strtol(argv[++i], NULL, 10);
			to = strtol(argv[++i], NULL, 10);
			sweep = true;
		} else {
			fprintf(stderr, "usage: body [--ticks N] [--acceptance] [--sleeps FROM STEP TO]\n");
			return 1;
		}
	}
	if (sweep && (from < 1 || step < 1 || to < from)) {
		fprintf(stderr, "body: --sleeps wants 1 <= FROM <= TO and STEP >= 1\n");
		return 1;
	}
	genome g;
	if (bench_genome(&g, NULL, "body") != 0)
		return 77;
	file johnnie, walking, ours;
	if (read(&johnnie, shared("bodies/xode/johnnie.xode")) || read(&walking, shared("bodies/frams/walking.gen")))
		return 77;
	const char *root = getenv("C2RT_ROOT");
	char path[4096];
	snprintf(path, sizeof path, "%s/genomes/walker.f0", root ? root : ".");
	if (read(&ours, path))
		return 1;
	if (sweep) {
		sleeps(&g, &johnnie, "johnnie.xode", from, step, to);
		sleeps(&g, &walking, "walking.gen", from, step, to);
	} else if (!acceptance) {
		costs(&g, &johnnie, "johnnie.xode", ticks);
		costs(&g, &walking, "walking.gen", ticks);
		costs(&g, &ours, "walker.f0", ticks);
		/* issue 21: a chain at the size limit, stepped within the work
		 * budget (a tick is 0.04 s: a hundredth of the ticks) */
		file big = chain_file(BODY_MAX_PARTS);
		costs(&g, &big, "chain10000.f0", ticks / 100 > 5 ? ticks / 100 : 5);
		free(big.data);
	} else {
		static const char *const walkers[] = {"walking_Cyber_upgraded.f0", "walking_Rolling_Wheel.f0",
		                                      "walking_Tritonius-Assinhron.f0"};
		for (int i = 0; i < 3; i++) {
			char rel[256];
			snprintf(rel, sizeof rel, "bodies/f0/cases/%s", walkers[i]);
			walker_alone(shared(rel));
		}
		unsigned none = norn_run(&g, NULL, NULL, 0);
		norn_run(&g, &johnnie, "johnnie.xode", none);
		norn_run(&g, &walking, "walking.gen", none);
	}
	free(johnnie.data);
	free(walking.data);
	free(ours.data);
	genome_free(&g);
	return 0;
}
