/* chemhist.c — ring of whole chemical arrays and the plot of the chosen
 * chemicals (see chemhist.h). */
#include "viewer/chemhist.h"

#include "cli/plotreq.h"

#include <stdlib.h>
#include <string.h>

struct view_hist {
	size_t cap, head, len;  /* ring of samples: oldest at head */
	double *times;          /* [cap] */
	uint8_t *chems;         /* [cap * 256] */
	int chosen[VIEW_HIST_MAX_CHEMS];
	int nchosen;
	trace_series *plot;        /* the chosen chemicals, same capacity */
};

static size_t slot(const view_hist *h, size_t i)
{
	size_t s = h->head + i;
	return s >= h->cap ? s - h->cap : s;
}

/* A new plot of `chosen`, filled from the whole history; NULL when out of
 * memory. */
static trace_series *build_plot(const view_hist *h, const int *chosen, int n)
{
	trace_series *d = trace_series_new_chems(chosen, n, h->cap);
	if (!d)
		return NULL;
	float v[VIEW_HIST_MAX_CHEMS];
	for (size_t i = 0; i < h->len; i++) {
		const uint8_t *row = h->chems + slot(h, i) * 256;
		for (int k = 0; k < n; k++)
			v[k] = row[chosen[k]];
		trace_series_push(d, h->times[slot(h, i)], v);
	}
	return d;
}

view_hist *view_hist_new(size_t capacity, const int *chems, int n)
{
	if (capacity < 2 || capacity > SIZE_MAX / 256 || !chems || n < 1 || n > VIEW_HIST_MAX_CHEMS)
		return NULL;
	for (int i = 0; i < n; i++) {
		if (chems[i] < 1 || chems[i] > 255)
			return NULL;
		for (int j = 0; j < i; j++)
			if (chems[j] == chems[i])
				return NULL;
	}
	view_hist *h = calloc(1, sizeof *h);
	if (!h)
		return NULL;
	h->cap = capacity;
	h->times = malloc(capacity * sizeof *h->times);
	h->chems = malloc(capacity * 256);
	memcpy(h->chosen, chems, (size_t)n * sizeof *chems);
	h->nchosen = n;
	if (h->times && h->chems)
		h->plot = build_plot(h, h->chosen, n);
	if (!h->plot) {
		view_hist_free(h);
		return NULL;
	}
	return h;
}

void view_hist_free(view_hist *h)
{
	if (!h)
		return;
	trace_series_free(h->plot);
	free(h->times);
	free(h->chems);
	free(h);
}

int view_hist_sample(view_hist *h, double t, const uint8_t *chems)
{
	if (h->len && t < h->times[slot(h, h->len - 1)])
		return -1;
	float v[VIEW_HIST_MAX_CHEMS];
	for (int k = 0; k < h->nchosen; k++)
		v[k] = chems[h->chosen[k]];
	if (trace_series_push(h->plot, t, v) != 0)
		return -1;
	size_t s;
	if (h->len < h->cap) {
		s = slot(h, h->len);
		h->len++;
	} else {
		s = h->head; /* overwrite the oldest */
		h->head = slot(h, 1);
	}
	h->times[s] = t;
	memcpy(h->chems + s * 256, chems, 256);
	return 0;
}

void view_hist_clear(view_hist *h)
{
	h->head = h->len = 0;
	trace_series_clear(h->plot);
}

int view_hist_toggle(view_hist *h, int chem)
{
	if (chem < 1 || chem > 255)
		return -1;
	int chosen[VIEW_HIST_MAX_CHEMS], n = 0, removed = 0;
	for (int k = 0; k < h->nchosen; k++) {
		if (h->chosen[k] == chem)
			removed = 1;
		else
			chosen[n++] = h->chosen[k];
	}
	if (removed && n == 0)
		return -1;
	if (!removed) {
		if (n == VIEW_HIST_MAX_CHEMS)
			return -1;
		chosen[n++] = chem;
	}
	trace_series *d = build_plot(h, chosen, n);
	if (!d)
		return -1;
	trace_series_free(h->plot);
	h->plot = d;
	memcpy(h->chosen, chosen, (size_t)n * sizeof *chosen);
	h->nchosen = n;
	return !removed;
}

bool view_hist_has(const view_hist *h, int chem)
{
	for (int k = 0; k < h->nchosen; k++)
		if (h->chosen[k] == chem)
			return true;
	return false;
}

int view_hist_count(const view_hist *h)
{
	return h->nchosen;
}

int view_hist_chem(const view_hist *h, int i)
{
	return i >= 0 && i < h->nchosen ? h->chosen[i] : -1;
}

size_t view_hist_len(const view_hist *h)
{
	return h->len;
}

const int *view_hist_keys(const view_hist *h)
{
	_Static_assert(CLI_PLOT_KEY_CHEM == 0, "a chemical's key is its number");
	return h->chosen;
}

const trace_series *view_hist_plot(const view_hist *h)
{
	return h->plot;
}
