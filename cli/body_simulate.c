/* body_simulate.c — `c2rt body FILE --simulate` (see body_simulate.h). */
#include "cli/body_simulate.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The horizontal distance between two points (up removed). */
static double horizontal(const double a[3], const double b[3], const double up[3])
{
	double d[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
	double u = d[0] * up[0] + d[1] * up[1] + d[2] * up[2];
	for (int k = 0; k < 3; k++)
		d[k] -= u * up[k];
	return sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
}

static void trace_row(c2_wbuf *w, const body_sim *s, const body_reading *r)
{
	c2_w_printf(w, "%.1f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f", r->t, r->com[0], r->com[1], r->com[2],
	            r->speed, r->height, r->energy);
	for (size_t i = 0; i < body_sim_neffectors(s); i++)
		c2_w_printf(w, ",%.4f", body_sim_effector_signal(s, i));
	c2_w_str(w, "\n");
}

int cli_body_simulate(const char *path, const body_model *m, const cli_body_sim_args *a)
{
	body_sim *s;
	c2_wbuf warn = {0};
	c2_err err;
	if (body_sim_new(&s, m, &a->opts, a->seed, &warn, &err) != 0) {
		c2_wbuf_free(&warn);
		return cli_report(path, &err);
	}
	/* What is not simulated, once, as warnings. */
	for (size_t i = 0; i < warn.len;) {
		const char *line = (const char *)warn.data + i;
		const char *nl = memchr(line, '\n', warn.len - i);
		size_t n = nl ? (size_t)(nl - line) : warn.len - i;
		fprintf(stderr, "c2rt: %s: warning: %.*s\n", path, (int)n, line);
		i += n + 1;
	}
	c2_wbuf_free(&warn);
	uint64_t ticks = (uint64_t)llround(a->seconds * 10);
	c2_wbuf tw = {0};
	body_reading r0, r;
	body_sim_read(s, &r0);
	if (a->trace_path) {
		c2_w_str(&tw, "time,x,y,z,speed,height,energy");
		for (size_t i = 0; i < body_sim_neffectors(s); i++)
			c2_w_printf(&tw, ",%s", body_sim_effector(s, i)->name);
		c2_w_str(&tw, "\n");
		trace_row(&tw, s, &r0);
	}
	double t0 = now_seconds(), speed_sum = 0;
	for (uint64_t t = 0; t < ticks; t++) {
		body_sim_tick(s);
		body_sim_read(s, &r);
		speed_sum += r.speed;
		if (a->trace_path)
			trace_row(&tw, s, &r);
	}
	double wall = now_seconds() - t0;
	body_sim_read(s, &r);
	int rc = CLI_OK;
	/* The summary first: the trace file is renamed into place only once
	 * what was printed has reached standard output. */
	if (!(a->trace_path && strcmp(a->trace_path, "-") == 0)) {
		double up[3], ground;
		body_sim_ground(s, up, &ground);
		double dist = horizontal(r0.com, r.com, up);
		printf("%s: %s body, %zu parts, %zu joints, %zu effectors, mass %.4g, size %.4g\n", path,
		       m->format == BODY_F0 ? "f0" : "XODE", m->nparts, m->njoints,
		       body_sim_neffectors(s), r.mass, r.size);
		printf("effectors:");
		for (size_t i = 0; i < body_sim_neffectors(s); i++)
			printf(" %s", body_sim_effector(s, i)->name);
		printf("%s\n", body_sim_neffectors(s) ? "" : " none");
		int steps, iters;
		body_sim_stepping(s, &steps, &iters);
		printf("simulated %.1f s: %llu ticks of %d ODE steps", r.t, (unsigned long long)ticks, steps);
		if (steps != a->opts.substeps || iters != a->opts.iterations)
			printf(" of %d solver iterations (the work budget's)", iters);
		if (m->format == BODY_F0)
			printf(" and %d network steps", a->opts.neuro_steps);
		printf(", %.2f s wall\n", wall);
		printf("centre of mass: from (%.4g, %.4g, %.4g) to (%.4g, %.4g, %.4g)\n", r0.com[0],
		       r0.com[1], r0.com[2], r.com[0], r.com[1], r.com[2]);
		printf("distance %.4f (%.3f body lengths), mean speed %.4f, height %.4g, work %.5g\n", dist,
		       dist / r.size, ticks ? speed_sum / (double)ticks : 0.0, r.height, r.energy);
	}
	if (a->trace_path)
		rc = tw.oom ? cli_fail(CLI_BAD, "body", "out of memory for the trace")
		            : cli_write("body", a->trace_path, tw.data, tw.len);
	c2_wbuf_free(&tw);
	body_sim_free(s);
	return rc;
}
