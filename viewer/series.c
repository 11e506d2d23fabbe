/* series.c — the ring buffer of plot samples (see series.h). */
#include "viewer/series.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "engine/trace.h"
#include "genome/vocab.h"

enum { MAX_SERIES = 1024, FIRST_CAP = 256 };

struct plot_data {
	int nseries;
	int growable;   /* capacity 0 at creation: grow instead of dropping rows */
	size_t cap;     /* rows allocated */
	size_t head;    /* slot of the oldest row */
	size_t len;     /* rows held */
	double *times;  /* [cap] */
	float *values;  /* [cap * nseries], row-major: a pushed row is one memcpy */
	char (*names)[PLOT_NAME_MAX];
};

static size_t slot(const plot_data *d, size_t i)
{
	size_t s = d->head + i;
	return s >= d->cap ? s - d->cap : s;
}

plot_data *plot_data_new(int nseries, const char *const *names, size_t capacity)
{
	if (nseries < 1 || nseries > MAX_SERIES || !names)
		return NULL;
	size_t cap = capacity ? capacity : FIRST_CAP;
	if (cap > SIZE_MAX / sizeof(float) / (size_t)nseries)
		return NULL;
	plot_data *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->nseries = nseries;
	d->growable = capacity == 0;
	d->cap = cap;
	d->times = malloc(cap * sizeof *d->times);
	d->values = malloc(cap * (size_t)nseries * sizeof *d->values);
	d->names = calloc((size_t)nseries, sizeof *d->names);
	if (!d->times || !d->values || !d->names) {
		plot_data_free(d);
		return NULL;
	}
	for (int s = 0; s < nseries; s++) {
		const char *n = names[s] ? names[s] : "";
		size_t l = strlen(n);
		if (l >= PLOT_NAME_MAX)
			l = PLOT_NAME_MAX - 1;
		memcpy(d->names[s], n, l);
		d->names[s][l] = '\0';
	}
	return d;
}

const char *plot_chem_label(int chem, char *buf, size_t n)
{
	if (c2_vocab_name(&c2_chemicals, chem))
		trace_chem_label((uint8_t)chem, buf, n); /* unique: "Unknown Toxin 237" */
	else
		snprintf(buf, n, "chemical %d", chem);
	return buf;
}

plot_data *plot_data_new_chems(const int *chems, int n, size_t capacity)
{
	if (!chems || n < 1 || n > MAX_SERIES)
		return NULL;
	char (*labels)[PLOT_NAME_MAX] = malloc((size_t)n * sizeof *labels);
	const char **names = malloc((size_t)n * sizeof *names);
	plot_data *d = NULL;
	if (labels && names) {
		int ok = 1;
		for (int i = 0; i < n; i++) {
			ok &= chems[i] >= 0 && chems[i] <= 255;
			names[i] = plot_chem_label(chems[i], labels[i], sizeof labels[i]);
		}
		if (ok)
			d = plot_data_new(n, names, capacity);
	}
	free(names);
	free(labels);
	return d;
}

void plot_data_free(plot_data *d)
{
	if (!d)
		return;
	free(d->times);
	free(d->values);
	free(d->names);
	free(d);
}

/* Double the capacity, laying the rows out oldest-first from slot 0. */
static int grow(plot_data *d)
{
	size_t ns = (size_t)d->nseries;
	if (d->cap > SIZE_MAX / 2 / sizeof(float) / ns)
		return -1;
	size_t cap = d->cap * 2;
	double *t = malloc(cap * sizeof *t);
	float *v = malloc(cap * ns * sizeof *v);
	if (!t || !v) {
		free(t);
		free(v);
		return -1;
	}
	for (size_t i = 0; i < d->len; i++) {
		size_t s = slot(d, i);
		t[i] = d->times[s];
		memcpy(v + i * ns, d->values + s * ns, ns * sizeof *v);
	}
	free(d->times);
	free(d->values);
	d->times = t;
	d->values = v;
	d->cap = cap;
	d->head = 0;
	return 0;
}

int plot_data_push(plot_data *d, double t, const float *values)
{
	if (!isfinite(t) || (d->len && t < d->times[slot(d, d->len - 1)]))
		return -1;
	if (d->len == d->cap) {
		if (d->growable) {
			if (grow(d) != 0)
				return -1;
		} else {
			/* Full ring: the oldest row makes room for the newest. */
			d->head = slot(d, 1);
			d->len--;
		}
	}
	size_t s = slot(d, d->len);
	size_t ns = (size_t)d->nseries;
	d->times[s] = t;
	memcpy(d->values + s * ns, values, ns * sizeof *values);
	d->len++;
	return 0;
}

void plot_data_clear(plot_data *d)
{
	d->head = 0;
	d->len = 0;
}

int plot_data_nseries(const plot_data *d)
{
	return d->nseries;
}

size_t plot_data_len(const plot_data *d)
{
	return d->len;
}

const char *plot_data_name(const plot_data *d, int s)
{
	return d->names[s];
}

double plot_data_time(const plot_data *d, size_t i)
{
	return d->times[slot(d, i)];
}

float plot_data_value(const plot_data *d, size_t i, int s)
{
	return d->values[slot(d, i) * (size_t)d->nseries + (size_t)s];
}

size_t plot_data_lower_bound(const plot_data *d, double t)
{
	size_t lo = 0, hi = d->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (plot_data_time(d, mid) < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int plot_data_span(const plot_data *d, double *t0, double *t1)
{
	if (!d->len)
		return -1;
	*t0 = plot_data_time(d, 0);
	*t1 = plot_data_time(d, d->len - 1);
	return 0;
}
