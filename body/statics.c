/* statics.c — the static geoms a moving geom may touch (see statics.h). */
#include "body/statics.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 7 }; /* a quadtree of 4^7 leaves (21 845 blocks, about 1.4 MB) at most */

struct body_statics {
	size_t n;
	int axis[3];        /* world axes seen as ODE's quadtree x, y and z */
	dSpaceID space;     /* the finite statics' stand-ins; NULL when there are none */
	dGeomID *proxy;     /* per static: its stand-in (NULL for a plane) */
	dGeomID query;      /* the moving geom's stand-in */
	double (*box)[6];   /* each static's ODE bounding box (fixed: statics never move) */
	bool *plane;
	size_t *planes, nplanes; /* the planes' indices, ascending */
	double geom_box[6];      /* the moving geom's box, while it asks */
	size_t *near, nnear;     /* the answer being built */
};

/* A box geom whose ODE bounding box holds the box b, with world axis
 * axis[k] as its own k: a little larger (a millionth), so that rounding in
 * its centre and sizes never loses a pair; every pair it finds is tested
 * again on the real boxes. */
static void stand_in(dGeomID g, const double b[6], const int axis[3])
{
	double c[3], len[3];
	for (int k = 0; k < 3; k++) {
		double lo = b[2 * axis[k]], hi = b[2 * axis[k] + 1];
		c[k] = lo / 2 + hi / 2;
		len[k] = (hi - lo) * (1 + 1e-6) + 1e-6 * (fabs(c[k]) + 1);
	}
	dGeomBoxSetLengths(g, len[0], len[1], len[2]);
	dGeomSetPosition(g, c[0], c[1], c[2]);
}

body_statics *body_statics_new(dGeomID *statics, size_t n, const double up[3])
{
	body_statics *st = calloc(1, sizeof *st);
	if (!st)
		return NULL;
	st->n = n;
	st->box = calloc(n + 1, sizeof *st->box);
	st->plane = calloc(n + 1, sizeof *st->plane);
	st->planes = calloc(n + 1, sizeof *st->planes);
	st->near = calloc(n + 1, sizeof *st->near);
	st->proxy = calloc(n + 1, sizeof *st->proxy);
	if (!st->box || !st->plane || !st->planes || !st->near || !st->proxy) {
		body_statics_free(st);
		return NULL;
	}
	/* The quadtree splits its x and y: let them be the two world axes
	 * most square to "up" (x and z for XODE's +y, x and y for f0's +z). */
	int u = fabs(up[0]) >= fabs(up[1]) && fabs(up[0]) >= fabs(up[2]) ? 0 : fabs(up[1]) >= fabs(up[2]) ? 1 : 2;
	st->axis[0] = u == 0 ? 1 : 0;
	st->axis[1] = u == 2 ? 1 : 2;
	st->axis[2] = u;
	double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
	size_t nfinite = 0;
	for (size_t t = 0; t < n; t++) {
		dGeomGetAABB(statics[t], st->box[t]);
		st->plane[t] = dGeomGetClass(statics[t]) == dPlaneClass;
		if (st->plane[t]) {
			st->planes[st->nplanes++] = t;
			continue;
		}
		for (int k = 0; k < 2; k++) {
			lo[k] = fmin(lo[k], st->box[t][2 * st->axis[k]]);
			hi[k] = fmax(hi[k], st->box[t][2 * st->axis[k] + 1]);
		}
		nfinite++;
	}
	if (!nfinite)
		return st;
	/* About four statics a leaf. A static that fits no block stays in the
	 * root's list and is asked every time: slower, never wrong. */
	int depth = 0;
	while (depth < MAX_DEPTH && ((size_t)4 << (2 * depth)) < nfinite)
		depth++;
	dVector3 centre = {lo[0] / 2 + hi[0] / 2, lo[1] / 2 + hi[1] / 2, 0, 0};
	dVector3 extents = {(hi[0] - lo[0]) / 2 * 1.001 + 1e-6, (hi[1] - lo[1]) / 2 * 1.001 + 1e-6, 1, 0};
	st->space = dQuadTreeSpaceCreate(0, centre, extents, depth);
	st->query = dCreateBox(0, 1, 1, 1);
	for (size_t t = 0; t < n; t++)
		if (!st->plane[t]) {
			/* placed before it goes in, so that the space files it in its
			 * block at once: moving it there later walks the block's list
			 * (n^2 for statics piled in one block) */
			double b[6];
			st->proxy[t] = dCreateBox(0, 1, 1, 1);
			stand_in(st->proxy[t], st->box[t], st->axis);
			dGeomGetAABB(st->proxy[t], b);
			dGeomSetData(st->proxy[t], (void *)(uintptr_t)(t + 1));
			dSpaceAdd(st->space, st->proxy[t]);
		}
	return st;
}

void body_statics_free(body_statics *st)
{
	if (!st)
		return;
	if (st->space)
		dSpaceDestroy(st->space); /* and the stand-ins in it */
	if (st->query)
		dGeomDestroy(st->query);
	free(st->box);
	free(st->plane);
	free(st->planes);
	free(st->near);
	free(st->proxy);
	free(st);
}

/* ODE's own test (collideAABBs): boxes that do not meet. */
static bool apart(const double a[6], const double b[6])
{
	return a[0] > b[1] || a[1] < b[0] || a[2] > b[3] || a[3] < b[2] || a[4] > b[5] || a[5] < b[4];
}

/* dSpaceCollide2's answer: a static whose stand-in meets the moving geom's;
 * kept when the real boxes meet. */
static void near_one(void *data, dGeomID a, dGeomID b)
{
	body_statics *st = data;
	dGeomID g = a == st->query ? b : a;
	size_t t = (size_t)(uintptr_t)dGeomGetData(g) - 1;
	if (t < st->n && st->nnear < st->n && !apart(st->geom_box, st->box[t])) /* each answers once */
		st->near[st->nnear++] = t;
}

static int by_index(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

size_t body_statics_near(body_statics *st, dGeomID geom, bool brute, const size_t **idx)
{
	st->nnear = 0;
	*idx = st->near;
	dGeomGetAABB(geom, st->geom_box);
	bool finite = true; /* a body running out of bounds may hold NaN for a step */
	for (int k = 0; k < 6; k++)
		finite &= isfinite(st->geom_box[k]) != 0;
	if (brute || !finite) {
		for (size_t t = 0; t < st->n; t++)
			if (st->plane[t] || !apart(st->geom_box, st->box[t]))
				st->near[st->nnear++] = t;
		return st->nnear;
	}
	if (st->space) {
		stand_in(st->query, st->geom_box, st->axis);
		dSpaceCollide2(st->query, (dGeomID)st->space, st, near_one);
	}
	for (size_t i = 0; i < st->nplanes && st->nnear < st->n; i++)
		st->near[st->nnear++] = st->planes[i];
	/* Usually one or two: sort those by hand, more with qsort. */
	if (st->nnear > 16) {
		qsort(st->near, st->nnear, sizeof *st->near, by_index);
	} else {
		for (size_t i = 1; i < st->nnear; i++)
			for (size_t j = i; j > 0 && st->near[j - 1] > st->near[j]; j--) {
				size_t tmp = st->near[j];
				st->near[j] = st->near[j - 1];
				st->near[j - 1] = tmp;
			}
	}
	return st->nnear;
}
