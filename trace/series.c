/* series.c — the sample table: a ring, or a whole run summarised in
 * bounded memory (see series.h). */
#include "trace/series.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "trace/columns.h"

enum { MAX_SERIES = 1024, FIRST_CAP = 256, MIN_BUCKETS = 64 };

/* A whole-run table (capacity 0) in summary mode keeps buckets: the
 * samples whose times fall in one cell of a grid anchored at the first
 * sample, cells `width` seconds wide (a power of two, so that doubling it
 * merges cells exactly in pairs). Per bucket the first and last sample
 * times, and per series the first, last, least and greatest finite value
 * and whether a NaN came: all that the plot draws of a pixel column's
 * samples, so a column made of whole buckets is drawn exactly as from the
 * samples themselves. Row i is then bucket i: times[i] its first time,
 * values[] its last values (what a legend shows). */
typedef struct summary {
	double t0;        /* the grid's origin: the first sample's time */
	double width;     /* seconds per cell */
	size_t max;       /* buckets allowed (arrays hold this many) */
	uint64_t *cell;   /* [max] grid cell of each bucket, increasing */
	double *tlast;    /* [max] time of its last sample */
	float *first, *lo, *hi; /* [max * nseries] */
	uint8_t *gap;     /* [max * nseries] */
} summary;

struct trace_series {
	int nseries;
	int growable;   /* capacity 0 at creation: the whole run, bounded */
	int summarised; /* rows are buckets (the exact rows outgrew their budget) */
	size_t cap;     /* rows allocated */
	size_t head;    /* slot of the oldest row */
	size_t len;     /* rows held */
	double *times;  /* [cap] */
	float *values;  /* [cap * nseries], row-major: a pushed row is one memcpy */
	char (*names)[TRACE_SERIES_NAME_MAX];
	summary sum;
};

static size_t slot(const trace_series *d, size_t i)
{
	size_t s = d->head + i;
	return s >= d->cap ? s - d->cap : s;
}

trace_series *trace_series_new(int nseries, const char *const *names, size_t capacity)
{
	if (nseries < 1 || nseries > MAX_SERIES || !names)
		return NULL;
	size_t cap = capacity ? capacity : FIRST_CAP;
	if (cap > SIZE_MAX / sizeof(float) / (size_t)nseries)
		return NULL;
	trace_series *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->nseries = nseries;
	d->growable = capacity == 0;
	d->cap = cap;
	d->times = malloc(cap * sizeof *d->times);
	d->values = malloc(cap * (size_t)nseries * sizeof *d->values);
	d->names = calloc((size_t)nseries, sizeof *d->names);
	if (!d->times || !d->values || !d->names) {
		trace_series_free(d);
		return NULL;
	}
	for (int s = 0; s < nseries; s++) {
		const char *n = names[s] ? names[s] : "";
		size_t l = strlen(n);
		if (l >= TRACE_SERIES_NAME_MAX)
			l = TRACE_SERIES_NAME_MAX - 1;
		memcpy(d->names[s], n, l);
		d->names[s][l] = '\0';
	}
	return d;
}

trace_series *trace_series_new_chems(const int *chems, int n, size_t capacity)
{
	if (!chems || n < 1 || n > MAX_SERIES)
		return NULL;
	char (*labels)[TRACE_SERIES_NAME_MAX] = malloc((size_t)n * sizeof *labels);
	const char **names = malloc((size_t)n * sizeof *names);
	trace_series *d = NULL;
	if (labels && names) {
		int ok = 1;
		for (int i = 0; i < n; i++) {
			ok &= chems[i] >= 0 && chems[i] <= 255;
			names[i] = trace_chem_legend(chems[i], labels[i], sizeof labels[i]);
		}
		if (ok)
			d = trace_series_new(n, names, capacity);
	}
	free(names);
	free(labels);
	return d;
}

static void summary_free(summary *m)
{
	free(m->cell);
	free(m->tlast);
	free(m->first);
	free(m->lo);
	free(m->hi);
	free(m->gap);
	memset(m, 0, sizeof *m);
}

void trace_series_free(trace_series *d)
{
	if (!d)
		return;
	free(d->times);
	free(d->values);
	free(d->names);
	summary_free(&d->sum);
	free(d);
}

/* Double the capacity, laying the rows out oldest-first from slot 0. */
static int grow(trace_series *d)
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

/* ---- summary mode ------------------------------------------------------------ */

/* Fold the samples of bucket j (one series' first/last/lo/hi/gap) into
 * bucket i, which comes before it. */
static void fold(trace_series *d, size_t i, size_t j)
{
	summary *m = &d->sum;
	size_t ns = (size_t)d->nseries;
	m->tlast[i] = m->tlast[j];
	for (size_t s = 0; s < ns; s++) {
		size_t a = i * ns + s, b = j * ns + s;
		m->gap[a] |= m->gap[b];
		if (isnan(m->lo[b]))
			continue;
		if (isnan(m->lo[a])) {
			m->first[a] = m->first[b];
			m->lo[a] = m->lo[b];
			m->hi[a] = m->hi[b];
		} else {
			m->lo[a] = fminf(m->lo[a], m->lo[b]);
			m->hi[a] = fmaxf(m->hi[a], m->hi[b]);
		}
		d->values[a] = d->values[b];
	}
}

/* Double the cells `shift` times: buckets that land in one cell merge. */
static void coarsen(trace_series *d, int shift)
{
	summary *m = &d->sum;
	size_t ns = (size_t)d->nseries, out = 0;
	m->width = ldexp(m->width, shift);
	for (size_t i = 0; i < d->len; i++) {
		uint64_t c = shift >= 64 ? 0 : m->cell[i] >> shift;
		if (out && m->cell[out - 1] == c) {
			fold(d, out - 1, i);
			continue;
		}
		if (out != i) {
			d->times[out] = d->times[i];
			m->tlast[out] = m->tlast[i];
			memcpy(d->values + out * ns, d->values + i * ns, ns * sizeof *d->values);
			memcpy(m->first + out * ns, m->first + i * ns, ns * sizeof *m->first);
			memcpy(m->lo + out * ns, m->lo + i * ns, ns * sizeof *m->lo);
			memcpy(m->hi + out * ns, m->hi + i * ns, ns * sizeof *m->hi);
			memcpy(m->gap + out * ns, m->gap + i * ns, ns);
		}
		m->cell[out++] = c;
	}
	d->len = out;
}

/* Add a sample to the summary: into the last bucket when it falls in its
 * cell, else as a new bucket (the cells widened first when t lies beyond
 * the last one). */
static int summary_push(trace_series *d, double t, const float *values)
{
	summary *m = &d->sum;
	size_t ns = (size_t)d->nseries;
	double dt = t - m->t0;
	if (!isfinite(dt))
		return -1; /* a span no axis can show */
	int shift = 0;
	while (!(dt / ldexp(m->width, shift) < (double)m->max))
		shift++;
	if (shift)
		coarsen(d, shift);
	uint64_t c = (uint64_t)(dt / m->width);
	size_t i = d->len;
	if (i && m->cell[i - 1] == c) {
		i--;
	} else {
		d->len++;
		m->cell[i] = c;
		d->times[i] = t;
		for (size_t s = 0; s < ns; s++) {
			size_t a = i * ns + s;
			m->first[a] = m->lo[a] = m->hi[a] = d->values[a] = NAN;
			m->gap[a] = 0;
		}
	}
	m->tlast[i] = t;
	for (size_t s = 0; s < ns; s++) {
		size_t a = i * ns + s;
		float v = values[s];
		if (!isfinite(v)) {
			m->gap[a] = 1;
		} else if (isnan(m->lo[a])) {
			m->first[a] = m->lo[a] = m->hi[a] = d->values[a] = v;
		} else {
			m->lo[a] = fminf(m->lo[a], v);
			m->hi[a] = fmaxf(m->hi[a], v);
			d->values[a] = v;
		}
	}
	return 0;
}

/* The arrays of a summary of d (its bucket budget, sized from the series),
 * with the rows' times and values: 0, or -1 out of memory (nothing kept). */
static int summary_alloc(const trace_series *d, summary *m, double **times, float **values)
{
	size_t ns = (size_t)d->nseries;
	size_t per = 3 * sizeof(double) + ns * (4 * sizeof(float) + 1);
	size_t max = TRACE_SERIES_SUMMARY_BYTES / per;
	if (max > TRACE_SERIES_SUMMARY_BUCKETS)
		max = TRACE_SERIES_SUMMARY_BUCKETS;
	if (max < MIN_BUCKETS)
		max = MIN_BUCKETS;
	*m = (summary){.max = max};
	*times = malloc(max * sizeof **times);
	*values = malloc(max * ns * sizeof **values);
	m->cell = malloc(max * sizeof *m->cell);
	m->tlast = malloc(max * sizeof *m->tlast);
	m->first = malloc(max * ns * sizeof *m->first);
	m->lo = malloc(max * ns * sizeof *m->lo);
	m->hi = malloc(max * ns * sizeof *m->hi);
	m->gap = malloc(max * ns);
	if (*times && *values && m->cell && m->tlast && m->first && m->lo && m->hi && m->gap)
		return 0;
	free(*times);
	free(*values);
	summary_free(m);
	return -1;
}

/* Rows become buckets: d's arrays are those of m from now on. */
static void summary_start(trace_series *d, const summary *m, double *times, float *values)
{
	d->times = times;
	d->values = values;
	summary_free(&d->sum); /* a summary before a trace_series_clear */
	d->sum = *m;
	d->summarised = 1;
	d->len = 0;
}

/* The exact rows have reached their budget: from now on keep buckets. The
 * grid is as fine as leaves the rows so far half the buckets allowed. */
static int summarise(trace_series *d)
{
	size_t ns = (size_t)d->nseries;
	summary m;
	double *times;
	float *values;
	if (summary_alloc(d, &m, &times, &values) != 0)
		return -1;
	m.t0 = d->times[slot(d, 0)];
	double span = d->times[slot(d, d->len - 1)] - m.t0;
	int e;
	frexp(span / (double)(m.max / 2), &e);
	m.width = ldexp(1, e); /* >= span / (m.max / 2) */
	double *old_t = d->times;
	float *old_v = d->values;
	size_t n = d->len;
	size_t max = m.max;
	summary_start(d, &m, times, values);
	for (size_t i = 0; i < n; i++) {
		size_t s = slot(d, i); /* head and cap still those of the old rows */
		(void)summary_push(d, old_t[s], old_v + s * ns); /* spans checked when pushed */
	}
	free(old_t);
	free(old_v);
	d->cap = max;
	d->head = 0;
	return 0;
}

int trace_series_push(trace_series *d, double t, const float *values)
{
	if (!isfinite(t) || (d->len && t < trace_series_time_last(d, d->len - 1)))
		return -1;
	if (d->summarised && d->sum.width == 0)
		return -1; /* buckets given by trace_series_push_bucket: no grid to add to */
	if (d->summarised)
		return summary_push(d, t, values);
	if (d->len == d->cap) {
		size_t row = sizeof(double) + (size_t)d->nseries * sizeof(float);
		if (d->growable && d->cap * 2 > TRACE_SERIES_EXACT_BYTES / row) {
			if (!isfinite(t - d->times[slot(d, 0)]) || summarise(d) != 0)
				return -1;
			return summary_push(d, t, values);
		}
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

void trace_series_clear(trace_series *d)
{
	/* Back to exact rows, in the arrays the summary had (cap rows). */
	d->summarised = 0;
	d->head = 0;
	d->len = 0;
}

int trace_series_summarised(const trace_series *d)
{
	return d->summarised;
}

double trace_series_time_last(const trace_series *d, size_t i)
{
	return d->summarised ? d->sum.tlast[i] : d->times[slot(d, i)];
}

void trace_series_bucket(const trace_series *d, size_t i, int s, trace_bucket *b)
{
	size_t a = slot(d, i) * (size_t)d->nseries + (size_t)s;
	b->t0 = d->times[slot(d, i)];
	b->last = d->values[a];
	if (!d->summarised) {
		b->t1 = b->t0;
		b->first = b->lo = b->hi = b->last;
		b->gap = !isfinite(b->last);
		return;
	}
	b->t1 = d->sum.tlast[i];
	b->first = d->sum.first[a];
	b->lo = d->sum.lo[a];
	b->hi = d->sum.hi[a];
	b->gap = d->sum.gap[a];
}

int trace_series_nseries(const trace_series *d)
{
	return d->nseries;
}

size_t trace_series_len(const trace_series *d)
{
	return d->len;
}

const char *trace_series_name(const trace_series *d, int s)
{
	return d->names[s];
}

double trace_series_time(const trace_series *d, size_t i)
{
	return d->times[slot(d, i)];
}

float trace_series_value(const trace_series *d, size_t i, int s)
{
	return d->values[slot(d, i) * (size_t)d->nseries + (size_t)s];
}

size_t trace_series_lower_bound(const trace_series *d, double t)
{
	size_t lo = 0, hi = d->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (trace_series_time(d, mid) < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int trace_series_span(const trace_series *d, double *t0, double *t1)
{
	if (!d->len)
		return -1;
	*t0 = trace_series_time(d, 0);
	*t1 = trace_series_time_last(d, d->len - 1);
	return 0;
}

int trace_series_range(const trace_series *d, double *lo, double *hi)
{
	double a = INFINITY, b = -INFINITY;
	for (size_t i = 0; i < d->len; i++)
		for (int k = 0; k < d->nseries; k++) {
			trace_bucket bk;
			trace_series_bucket(d, i, k, &bk);
			if (isfinite(bk.lo) && isfinite(bk.hi)) { /* NaN: no value */
				a = fmin(a, bk.lo);
				b = fmax(b, bk.hi);
			}
		}
	if (a > b)
		return -1;
	*lo = a;
	*hi = b;
	return 0;
}

/* Is b (nseries buckets) a bucket a summary can hold: times in order after
 * the newest row's, and per series either no finite value (all NaN) or
 * finite ones with lo and hi around first and last? */
static int bucket_ok(const trace_series *d, const trace_bucket *b)
{
	if (!isfinite(b[0].t0) || !isfinite(b[0].t1) || b[0].t1 < b[0].t0 ||
	    (d->len && b[0].t0 < d->sum.tlast[d->len - 1]))
		return 0;
	for (int s = 0; s < d->nseries; s++) {
		const trace_bucket *x = &b[s];
		int none = isnan(x->first) && isnan(x->last) && isnan(x->lo) && isnan(x->hi);
		int some = isfinite(x->first) && isfinite(x->last) && isfinite(x->lo) &&
		           isfinite(x->hi) && x->lo <= fminf(x->first, x->last) &&
		           x->hi >= fmaxf(x->first, x->last);
		if ((!none && !some) || (x->gap != 0 && x->gap != 1))
			return 0;
	}
	return 1;
}

int trace_series_push_bucket(trace_series *d, const trace_bucket *b)
{
	if (!d->growable || (!d->summarised && d->len) || (d->summarised && d->sum.width != 0) ||
	    !bucket_ok(d, b))
		return -1;
	if (!d->summarised) {
		summary m;
		double *times;
		float *values;
		if (summary_alloc(d, &m, &times, &values) != 0)
			return -1;
		free(d->times);
		free(d->values);
		summary_start(d, &m, times, values); /* width 0: no grid */
		d->cap = m.max;
		d->head = 0;
	}
	summary *m = &d->sum;
	if (d->len == m->max)
		return -1;
	size_t i = d->len++, ns = (size_t)d->nseries;
	d->times[i] = b[0].t0;
	m->tlast[i] = b[0].t1;
	m->cell[i] = i;
	for (size_t s = 0; s < ns; s++) {
		size_t a = i * ns + s;
		m->first[a] = b[s].first;
		m->lo[a] = b[s].lo;
		m->hi[a] = b[s].hi;
		m->gap[a] = (uint8_t)b[s].gap;
		d->values[a] = b[s].last;
	}
	return 0;
}
