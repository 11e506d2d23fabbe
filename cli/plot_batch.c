/* plot_batch.c — a batch's lifespans and causes of death, drawn
 * (plot_batch.h). */
#include "cli/plot_batch.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch.h"
#include "cli/cli.h"
#include "cli/helper.h"
#include "engine/engine.h"

enum { NCAUSES = CREATURE_DEATH_KILLED + 1, MAX_BINS = 40 };

/* What the rows hold: each finished run's lifespan (hours) when it died,
 * the number of runs by cause, the failed ones. */
typedef struct tally {
	double *died_h;
	size_t ndied, alive, failed, runs;
	size_t causes[NCAUSES];
} tally;

static int tally_rows(const char *text, const batch_file *bf, batch_format f, tally *t)
{
	if (!(t->died_h = malloc((bf->nrows ? bf->nrows : 1) * sizeof *t->died_h)))
		return -1;
	for (size_t i = 0; i < bf->nrows; i++) {
		char cause[32], life[64];
		t->runs++;
		if (batch_row_failed(text, bf, f, i) || !batch_cell(text, bf, f, i, "cause", cause, sizeof cause) ||
		    !batch_cell(text, bf, f, i, "lifespan_s", life, sizeof life)) {
			t->failed++;
			continue;
		}
		int c = 0;
		while (c < NCAUSES && strcmp(cause, creature_death_name((creature_death)c)) != 0)
			c++;
		if (c == NCAUSES) {
			t->failed++;
			continue;
		}
		t->causes[c]++;
		if (c == CREATURE_ALIVE)
			t->alive++;
		else
			t->died_h[t->ndied++] = strtod(life, NULL) / 3600;
	}
	return 0;
}

/* 1, 2 or 5 times a power of ten, at least raw. */
static double nice_step(double raw)
{
	double p = pow(10, floor(log10(raw)));
	return raw <= p ? p : raw <= 2 * p ? 2 * p : raw <= 5 * p ? 5 * p : 10 * p;
}

/* The lifespans in about sqrt(n) bins (5..40) of a round width from 0. */
static trace_series *histogram(const tally *t, double *top)
{
	const char *name[] = {"creatures that died"};
	trace_series *d = trace_series_new(1, name, 0);
	double hi = 0;
	for (size_t i = 0; i < t->ndied; i++)
		hi = fmax(hi, t->died_h[i]);
	int want = (int)ceil(sqrt((double)t->ndied));
	want = want < 5 ? 5 : want > MAX_BINS ? MAX_BINS : want;
	double w = nice_step(hi > 0 ? hi / want : 1);
	int nb = (int)floor(hi / w) + 1;
	nb = nb > 4 * MAX_BINS ? 4 * MAX_BINS : nb;
	size_t count[4 * MAX_BINS] = {0};
	for (size_t i = 0; i < t->ndied; i++) {
		int b = (int)floor(t->died_h[i] / w);
		count[b < nb ? b : nb - 1]++;
	}
	*top = 0;
	for (int b = 0; d && b < nb; b++) {
		float v = (float)count[b];
		*top = fmax(*top, v);
		trace_series_push(d, b * w, &v);
	}
	return d;
}

/* One bar per cause that ended a run, named with its count. */
static trace_series *causes(const tally *t, double *top)
{
	char names[NCAUSES][48];
	const char *ptr[NCAUSES];
	int n = 0;
	float v[NCAUSES];
	*top = 0;
	for (int c = 0; c < NCAUSES; c++)
		if (t->causes[c]) {
			snprintf(names[n], sizeof names[n], "%s (%zu)", creature_death_name((creature_death)c),
			         t->causes[c]);
			ptr[n] = names[n];
			v[n++] = (float)t->causes[c];
			*top = fmax(*top, (double)t->causes[c]);
		}
	trace_series *d = n ? trace_series_new(n, ptr, 0) : NULL;
	if (d)
		trace_series_push(d, 0, v);
	return d;
}

static int draw(const char *path, const char *kind, const char *out, cli_plot_req *q, const tally *t)
{
	bool life = strcmp(kind, "lifespan") == 0;
	if (life ? t->ndied == 0 : t->runs == t->failed)
		return cli_fail(CLI_BAD, "plot", "%s: %s", path,
		                life ? "no run ended in death: no lifespans to draw" : "no finished runs");
	double top;
	trace_series *d = life ? histogram(t, &top) : causes(t, &top);
	if (!d)
		return cli_fail(CLI_BAD, "plot", "out of memory");
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	char title[CLI_PLOT_TEXT_MAX + 1];
	if (life)
		snprintf(title, sizeof title, "Lifespans \u2014 %s (%zu died, %zu alive at the end%s)", base,
		         t->ndied, t->alive, t->failed ? ", some failed" : "");
	else
		snprintf(title, sizeof title, "How the runs ended \u2014 %s (%zu runs%s)", base, t->runs,
		         t->failed ? ", some failed" : "");
	if (!q->title)
		q->title = title;
	q->style = CLI_PLOT_BARS;
	q->x_label = life ? "lifespan (creature hours)" : "";
	q->y_label = life ? "creatures" : "runs";
	q->ymin = 0;
	q->ymax = top > 0 ? ceil(top * 1.1) : 1;
	char what[4200];
	snprintf(what, sizeof what, "-o %s", out);
	int rc = cli_plot("plot", what, out, q, d);
	trace_series_free(d);
	return rc;
}

int cli_plot_batch(const char *path, const char *kind, const char *out, cli_plot_req *q)
{
	if (strcmp(kind, "lifespan") != 0 && strcmp(kind, "causes") != 0)
		return cli_fail(CLI_USAGE, "plot", "--batch '%s': lifespan or causes", kind);
	uint8_t *text;
	size_t len;
	c2_err err;
	if (batch_read_results(path, &text, &len, &err) != 0)
		return cli_report(path, &err);
	batch_format f = len && text[0] == '{' ? BATCH_NDJSON : BATCH_CSV;
	batch_file bf;
	if (batch_file_parse((const char *)text, len, f, &bf, &err) != 0) {
		free(text);
		return cli_report(path, &err);
	}
	tally t = {0};
	int rc = tally_rows((const char *)text, &bf, f, &t) == 0 ? draw(path, kind, out, q, &t)
	                                                          : cli_fail(CLI_BAD, "plot", "out of memory");
	free(t.died_h);
	batch_file_free(&bf);
	free(text);
	return rc;
}
