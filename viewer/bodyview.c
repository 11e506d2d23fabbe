/* bodyview.c — the body panel: a software 3D view of the creature's body
 * (see bodyview.h). */
#include "viewer/bodyview.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "viewer/draw.h"

static const double PI = 3.14159265358979323846;

enum {
	RING = 12,      /* sides of cylinders and capsules */
	LAT = 6,        /* sphere bands */
	STICK_SIDES = 6 /* sides of an f0 stick's prism */
};

void view_body_cam_default(view_body_cam *cam)
{
	cam->yaw = -PI / 4;
	cam->pitch = 0.45;
	cam->zoom = 1;
	cam->wire = false;
}

void view_body_cam_drag(view_body_cam *cam, int dx, int dy)
{
	cam->yaw -= dx * 0.01;
	cam->pitch += dy * 0.01;
	if (cam->pitch > 1.5)
		cam->pitch = 1.5;
	if (cam->pitch < -0.2)
		cam->pitch = -0.2;
}

void view_body_cam_zoom(view_body_cam *cam, int steps)
{
	cam->zoom *= pow(1.15, steps);
	if (cam->zoom < 0.1)
		cam->zoom = 0.1;
	if (cam->zoom > 20)
		cam->zoom = 20;
}

/* ---- the camera ------------------------------------------------------------------ */

typedef struct camera {
	double eye[3], right[3], up[3], fwd[3];
	double f;        /* focal length in pixels */
	double cx, cy;   /* the panel's centre */
	double near;
} camera;

static double dot3(const double a[3], const double b[3])
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void cross3(const double a[3], const double b[3], double o[3])
{
	double t[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
	memcpy(o, t, sizeof t);
}

static void unit3(double a[3])
{
	double n = sqrt(dot3(a, a));
	if (n > 0)
		for (int k = 0; k < 3; k++)
			a[k] /= n;
}

/* World point -> camera space (x right, y up, z ahead). */
static void to_cam(const camera *c, const double p[3], double o[3])
{
	double v[3] = {p[0] - c->eye[0], p[1] - c->eye[1], p[2] - c->eye[2]};
	o[0] = dot3(v, c->right);
	o[1] = dot3(v, c->up);
	o[2] = dot3(v, c->fwd);
}

static void project(const camera *c, const double v[3], double *sx, double *sy)
{
	*sx = c->cx + c->f * v[0] / v[2];
	*sy = c->cy - c->f * v[1] / v[2];
}

/* Two horizontal directions, square to `up` and to each other. */
static void horizontal(const double up[3], double e1[3], double e2[3])
{
	e1[0] = 1, e1[1] = e1[2] = 0;
	if (fabs(dot3(e1, up)) > 0.9)
		e1[0] = 0, e1[1] = 1;
	double d = dot3(e1, up);
	for (int k = 0; k < 3; k++)
		e1[k] -= d * up[k];
	unit3(e1);
	cross3(up, e1, e2);
}

static void make_camera(camera *c, const view_body_cam *vc, const double up[3],
                        const double target[3], double size, const SDL_Rect *r)
{
	double e1[3], e2[3];
	horizontal(up, e1, e2);
	double cp = cos(vc->pitch), sp = sin(vc->pitch);
	double dir[3]; /* from the target toward the eye */
	for (int k = 0; k < 3; k++)
		dir[k] = cp * (cos(vc->yaw) * e1[k] + sin(vc->yaw) * e2[k]) + sp * up[k];
	double dist = 1.6 * size / vc->zoom;
	for (int k = 0; k < 3; k++) {
		c->eye[k] = target[k] + dist * dir[k];
		c->fwd[k] = -dir[k];
	}
	cross3(c->fwd, up, c->right);
	unit3(c->right);
	cross3(c->right, c->fwd, c->up);
	double fov = 50 * PI / 180;
	c->f = 0.5 * (r->w < r->h ? r->w : r->h) / tan(fov / 2);
	c->cx = r->x + r->w / 2.0;
	c->cy = r->y + r->h / 2.0;
	c->near = dist * 0.02;
}

/* ---- triangles --------------------------------------------------------------------- */

typedef struct tri {
	double v[3][3]; /* camera space */
	SDL_Color c;
	double depth;
	bool shadow;
} tri;

typedef struct tri_list {
	tri *v;
	size_t n, cap;
	bool oom;
} tri_list;

static tri *tri_add(tri_list *l)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 256;
		tri *nv = realloc(l->v, cap * sizeof *nv);
		if (!nv) {
			l->oom = true;
			return NULL;
		}
		l->v = nv;
		l->cap = cap;
	}
	return &l->v[l->n++];
}

static SDL_Color shade(SDL_Color base, double lambert)
{
	double k = 0.38 + 0.62 * (lambert > 0 ? lambert : 0);
	SDL_Color o = {(uint8_t)(base.r * k), (uint8_t)(base.g * k), (uint8_t)(base.b * k), 255};
	return o;
}

/* The scene being built: triangles (camera space) and their shadows on the
 * ground. */
typedef struct scene {
	const camera *cam;
	const double *up;
	double ground;
	double light[3]; /* toward the light, world */
	tri_list tris;
} scene;

/* Add the world triangle a b c (outward side away from `centre`; two-sided
 * when centre is NULL), and its shadow straight down on the ground. */
static void add_tri(scene *sc, const double a[3], const double b[3], const double c[3],
                    const double *centre, SDL_Color col)
{
	double e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
	double n[3];
	cross3(e1, e2, n);
	unit3(n);
	double mid[3] = {(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3, (a[2] + b[2] + c[2]) / 3};
	if (centre) {
		double out[3] = {mid[0] - centre[0], mid[1] - centre[1], mid[2] - centre[2]};
		if (dot3(n, out) < 0)
			for (int k = 0; k < 3; k++)
				n[k] = -n[k];
		double view[3] = {mid[0] - sc->cam->eye[0], mid[1] - sc->cam->eye[1], mid[2] - sc->cam->eye[2]};
		if (dot3(n, view) > 0)
			return; /* faces away */
	}
	double l = dot3(n, sc->light);
	if (!centre)
		l = fabs(l);
	const double *w[3] = {a, b, c};
	tri *t = tri_add(&sc->tris);
	if (!t)
		return;
	double zmax = -INFINITY;
	for (int k = 0; k < 3; k++) {
		to_cam(sc->cam, w[k], t->v[k]);
		zmax = fmax(zmax, t->v[k][2]);
	}
	t->c = shade(col, l);
	t->depth = zmax;
	t->shadow = false;
	/* the shadow: each corner dropped along up onto the ground */
	tri *s = tri_add(&sc->tris);
	if (!s)
		return;
	zmax = -INFINITY;
	for (int k = 0; k < 3; k++) {
		double h = dot3(w[k], sc->up) - sc->ground - 1e-3;
		double p[3] = {w[k][0] - h * sc->up[0], w[k][1] - h * sc->up[1], w[k][2] - h * sc->up[2]};
		to_cam(sc->cam, p, s->v[k]);
		zmax = fmax(zmax, s->v[k][2]);
	}
	s->c = VC(BODY_SHADOW);
	s->depth = INFINITY; /* shadows lie under everything */
	s->shadow = true;
}

/* world = pos + R local */
static void place(const double pos[3], const double R[3][3], const double l[3], double o[3])
{
	for (int r = 0; r < 3; r++)
		o[r] = pos[r] + R[r][0] * l[0] + R[r][1] * l[1] + R[r][2] * l[2];
}

/* An ellipsoid (radii rx ry rz) as latitude bands. */
static void add_ellipsoid(scene *sc, const double pos[3], const double R[3][3], const double rad[3],
                          SDL_Color col)
{
	double pts[LAT + 1][RING][3];
	for (int i = 0; i <= LAT; i++) {
		double th = PI * i / LAT;
		for (int j = 0; j < RING; j++) {
			double ph = 2 * PI * j / RING;
			double l[3] = {rad[0] * sin(th) * cos(ph), rad[1] * sin(th) * sin(ph), rad[2] * cos(th)};
			place(pos, R, l, pts[i][j]);
		}
	}
	for (int i = 0; i < LAT; i++)
		for (int j = 0; j < RING; j++) {
			int k = (j + 1) % RING;
			if (i > 0)
				add_tri(sc, pts[i][j], pts[i][k], pts[i + 1][k], pos, col);
			if (i < LAT - 1)
				add_tri(sc, pts[i][j], pts[i + 1][k], pts[i + 1][j], pos, col);
		}
}

static void add_box(scene *sc, const double pos[3], const double R[3][3], const double size[3],
                    SDL_Color col)
{
	double v[8][3];
	for (int i = 0; i < 8; i++) {
		double l[3] = {(i & 1 ? 0.5 : -0.5) * size[0], (i & 2 ? 0.5 : -0.5) * size[1],
		               (i & 4 ? 0.5 : -0.5) * size[2]};
		place(pos, R, l, v[i]);
	}
	static const int f[6][4] = {{0, 1, 3, 2}, {4, 5, 7, 6}, {0, 1, 5, 4},
	                            {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 3, 7, 5}};
	for (int i = 0; i < 6; i++) {
		add_tri(sc, v[f[i][0]], v[f[i][1]], v[f[i][2]], pos, col);
		add_tri(sc, v[f[i][0]], v[f[i][2]], v[f[i][3]], pos, col);
	}
}

/* A cylinder of radius r and length len along local z, with caps; `round`
 * adds half spheres (a capsule). */
static void add_cylinder(scene *sc, const double pos[3], const double R[3][3], double r,
                         double len, bool round, SDL_Color col)
{
	double top[RING][3], bot[RING][3], tc[3], bc[3];
	place(pos, R, (double[3]){0, 0, len / 2}, tc);
	place(pos, R, (double[3]){0, 0, -len / 2}, bc);
	for (int j = 0; j < RING; j++) {
		double ph = 2 * PI * j / RING;
		place(pos, R, (double[3]){r * cos(ph), r * sin(ph), len / 2}, top[j]);
		place(pos, R, (double[3]){r * cos(ph), r * sin(ph), -len / 2}, bot[j]);
	}
	for (int j = 0; j < RING; j++) {
		int k = (j + 1) % RING;
		add_tri(sc, top[j], top[k], bot[k], pos, col);
		add_tri(sc, top[j], bot[k], bot[j], pos, col);
		if (!round) {
			add_tri(sc, tc, top[j], top[k], pos, col);
			add_tri(sc, bc, bot[k], bot[j], pos, col);
		}
	}
	if (round) {
		double rr[3] = {r, r, r};
		add_ellipsoid(sc, tc, R, rr, col);
		add_ellipsoid(sc, bc, R, rr, col);
	}
}

/* An f0 stick: a prism from a to b. */
static void add_stick(scene *sc, const double a[3], const double b[3], double r, SDL_Color col)
{
	double d[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
	double len = sqrt(dot3(d, d));
	if (!(len > 0))
		return;
	double z[3] = {d[0] / len, d[1] / len, d[2] / len}, x[3] = {1, 0, 0}, y[3];
	if (fabs(z[0]) > 0.9)
		x[0] = 0, x[1] = 1;
	cross3(z, x, y);
	unit3(y);
	cross3(y, z, x);
	double R[3][3] = {{x[0], y[0], z[0]}, {x[1], y[1], z[1]}, {x[2], y[2], z[2]}};
	double mid[3] = {(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2};
	double p[2][STICK_SIDES][3];
	for (int e = 0; e < 2; e++)
		for (int j = 0; j < STICK_SIDES; j++) {
			double ph = 2 * PI * j / STICK_SIDES;
			place(mid, R, (double[3]){r * cos(ph), r * sin(ph), (e ? 0.5 : -0.5) * len}, p[e][j]);
		}
	for (int j = 0; j < STICK_SIDES; j++) {
		int k = (j + 1) % STICK_SIDES;
		add_tri(sc, p[0][j], p[0][k], p[1][k], mid, col);
		add_tri(sc, p[0][j], p[1][k], p[1][j], mid, col);
	}
}

static SDL_Color mix(SDL_Color a, SDL_Color b, double t)
{
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	SDL_Color o = {(uint8_t)(a.r + (b.r - a.r) * t), (uint8_t)(a.g + (b.g - a.g) * t),
	               (uint8_t)(a.b + (b.b - a.b) * t), 255};
	return o;
}

/* ---- rasterising ----------------------------------------------------------------------- */

static int by_depth(const void *a, const void *b)
{
	const tri *x = a, *y = b;
	if (x->shadow != y->shadow)
		return x->shadow ? -1 : 1; /* shadows first */
	return x->depth < y->depth ? 1 : x->depth > y->depth ? -1 : 0; /* then far first */
}

/* Clip a camera-space triangle to z >= near: up to 4 points out. */
static int clip_near(const double in[3][3], double near, double out[4][3])
{
	int n = 0;
	for (int i = 0; i < 3; i++) {
		const double *a = in[i], *b = in[(i + 1) % 3];
		bool ain = a[2] >= near, bin = b[2] >= near;
		if (ain)
			memcpy(out[n++], a, 3 * sizeof *a);
		if (ain != bin) {
			double t = (near - a[2]) / (b[2] - a[2]);
			for (int k = 0; k < 3; k++)
				out[n][k] = a[k] + t * (b[k] - a[k]);
			n++;
		}
	}
	return n;
}

/* Where a filled triangle's pixels go: the surface (opaque colour) or the
 * shadow coverage (one byte a pixel of the panel). */
typedef struct target {
	SDL_Surface *dst;
	const SDL_Rect *r;
	uint32_t px;     /* the surface's pixel value */
	uint8_t *shadow; /* r->w x r->h, or NULL */
} target;

/* Fill the screen triangle (x[i], y[i]) clipped to the panel. */
static void fill_tri(const target *tg, const double x[3], const double y[3])
{
	const SDL_Rect *r = tg->r;
	double ymin = fmin(y[0], fmin(y[1], y[2])), ymax = fmax(y[0], fmax(y[1], y[2]));
	int y0 = (int)ceil(ymin - 0.5), y1 = (int)floor(ymax - 0.5);
	if (y0 < r->y)
		y0 = r->y;
	if (y1 > r->y + r->h - 1)
		y1 = r->y + r->h - 1;
	for (int py = y0; py <= y1; py++) {
		double yc = py + 0.5, lo = INFINITY, hi = -INFINITY;
		for (int e = 0; e < 3; e++) {
			double ax = x[e], ay = y[e], bx = x[(e + 1) % 3], by = y[(e + 1) % 3];
			if ((ay <= yc && by > yc) || (by <= yc && ay > yc)) {
				double t = (yc - ay) / (by - ay), xx = ax + t * (bx - ax);
				lo = fmin(lo, xx);
				hi = fmax(hi, xx);
			}
		}
		if (!(lo <= hi))
			continue;
		int x0 = (int)ceil(lo - 0.5), x1 = (int)floor(hi - 0.5);
		if (x0 < r->x)
			x0 = r->x;
		if (x1 > r->x + r->w - 1)
			x1 = r->x + r->w - 1;
		if (x0 > x1)
			continue;
		if (tg->shadow) {
			memset(tg->shadow + (size_t)(py - r->y) * (size_t)r->w + (size_t)(x0 - r->x), 1,
			       (size_t)(x1 - x0 + 1));
			continue;
		}
		uint32_t *row = (uint32_t *)((uint8_t *)tg->dst->pixels + (size_t)py * (size_t)tg->dst->pitch);
		for (int px = x0; px <= x1; px++)
			row[px] = tg->px;
	}
}

/* Darken the panel where the shadow coverage is set, once. */
static void blend_shadow(SDL_Surface *dst, const SDL_Rect *r, const uint8_t *cov, SDL_Color c)
{
	for (int y = 0; y < r->h; y++) {
		uint32_t *row = (uint32_t *)((uint8_t *)dst->pixels + (size_t)(r->y + y) * (size_t)dst->pitch);
		for (int x = 0; x < r->w; x++) {
			if (!cov[(size_t)y * (size_t)r->w + (size_t)x])
				continue;
			uint8_t rr, gg, bb;
			uint32_t *p = &row[r->x + x];
			SDL_GetRGB(*p, dst->format, &rr, &gg, &bb);
			*p = SDL_MapRGB(dst->format, (uint8_t)((rr * (255 - c.a) + c.r * c.a) / 255),
			                (uint8_t)((gg * (255 - c.a) + c.g * c.a) / 255),
			                (uint8_t)((bb * (255 - c.a) + c.b * c.a) / 255));
		}
	}
}

static void draw_tris(SDL_Surface *dst, const SDL_Rect *r, const camera *cam, tri_list *l,
                      bool wire, view_mask *mask)
{
	qsort(l->v, l->n, sizeof *l->v, by_depth);
	uint8_t *cov = wire ? NULL : calloc((size_t)r->w * (size_t)r->h, 1);
	int locked = SDL_MUSTLOCK(dst) ? SDL_LockSurface(dst) == 0 : 1;
	/* shadows first (they sort first), into one coverage, blended once */
	for (size_t i = 0; locked && i < l->n; i++) {
		const tri *t = &l->v[i];
		if (t->shadow && !cov)
			continue;
		if (!t->shadow && cov) {
			blend_shadow(dst, r, cov, VC(BODY_SHADOW));
			free(cov);
			cov = NULL;
		}
		double poly[4][3];
		int n = clip_near(t->v, cam->near, poly);
		if (n < 3)
			continue;
		double sx[4], sy[4];
		for (int k = 0; k < n; k++)
			project(cam, poly[k], &sx[k], &sy[k]);
		if (wire) {
			for (int k = 0; k < n; k++)
				view_mask_line(mask, sx[k] - r->x, sy[k] - r->y, sx[(k + 1) % n] - r->x,
				               sy[(k + 1) % n] - r->y, 1.0);
			continue;
		}
		target tg = {dst, r, SDL_MapRGB(dst->format, t->c.r, t->c.g, t->c.b), t->shadow ? cov : NULL};
		for (int k = 1; k + 1 < n; k++) {
			double xs[3] = {sx[0], sx[k], sx[k + 1]}, ys[3] = {sy[0], sy[k], sy[k + 1]};
			fill_tri(&tg, xs, ys);
		}
	}
	if (cov && locked)
		blend_shadow(dst, r, cov, VC(BODY_SHADOW));
	free(cov);
	if (locked && SDL_MUSTLOCK(dst))
		SDL_UnlockSurface(dst);
	if (wire)
		view_mask_blend(mask, dst, r->x, r->y, VC(BODY_EDGE));
}

/* The ground grid around `centre`, `step` apart. */
static void draw_grid(SDL_Surface *dst, const SDL_Rect *r, const camera *cam, const double up[3],
                      double ground, const double centre[3], double step, view_mask *mask)
{
	double e1[3], e2[3];
	horizontal(up, e1, e2);
	/* grid origin: the centre dropped on the ground, snapped to the grid */
	double h = dot3(centre, up) - ground;
	double o[3] = {centre[0] - h * up[0], centre[1] - h * up[1], centre[2] - h * up[2]};
	double a = floor(dot3(o, e1) / step) * step - dot3(o, e1);
	double b = floor(dot3(o, e2) / step) * step - dot3(o, e2);
	enum { N = 14 };
	for (int dir = 0; dir < 2; dir++)
		for (int i = -N; i <= N; i++) {
			double p[2][3];
			for (int e = 0; e < 2; e++) {
				double u = (dir ? a + i * step : (e ? N : -N) * step);
				double v = (dir ? (e ? N : -N) * step : b + i * step);
				for (int k = 0; k < 3; k++)
					p[e][k] = o[k] + u * e1[k] + v * e2[k];
			}
			double c0[3], c1[3];
			to_cam(cam, p[0], c0);
			to_cam(cam, p[1], c1);
			if (c0[2] < cam->near && c1[2] < cam->near)
				continue;
			if (c0[2] < cam->near || c1[2] < cam->near) {
				double *in = c0[2] < cam->near ? c0 : c1, *ok = in == c0 ? c1 : c0;
				double t = (cam->near - ok[2]) / (in[2] - ok[2]);
				for (int k = 0; k < 3; k++)
					in[k] = ok[k] + t * (in[k] - ok[k]);
			}
			double x0, y0, x1, y1;
			project(cam, c0, &x0, &y0);
			project(cam, c1, &x1, &y1);
			view_mask_line(mask, x0 - r->x, y0 - r->y, x1 - r->x, y1 - r->y, 1.0);
		}
	view_mask_blend(mask, dst, r->x, r->y, VC(BODY_GRID));
}

/* Geom g of the body, in its pose, as triangles (parts in one colour,
 * static geoms in another; planes are the ground; rays are invisible). */
static void add_geom(scene *sc, const body_model *m, const body_sim *s, size_t g)
{
	const body_geom *bg = &m->geoms[g];
	double pos[3], R[3][3];
	body_sim_geom_pose(s, g, pos, R);
	SDL_Color col = bg->part >= 0 ? VC(BODY_PART) : VC(BODY_STATIC);
	switch (bg->shape) {
	case BODY_SHAPE_POINT: {
		double rr = bg->part >= 0 ? body_sim_part_radius(s, (size_t)bg->part) : 0.1;
		add_ellipsoid(sc, pos, R, (double[3]){rr, rr, rr}, col);
		break;
	}
	case BODY_SHAPE_SPHERE:
		add_ellipsoid(sc, pos, R, (double[3]){bg->size[0], bg->size[0], bg->size[0]}, col);
		break;
	case BODY_SHAPE_ELLIPSOID:
		add_ellipsoid(sc, pos, R, bg->size, col);
		break;
	case BODY_SHAPE_BOX:
		add_box(sc, pos, R, bg->size, col);
		break;
	case BODY_SHAPE_CYLINDER:
	case BODY_SHAPE_CAPSULE:
		add_cylinder(sc, pos, R, bg->size[0], bg->size[1], bg->shape == BODY_SHAPE_CAPSULE, col);
		break;
	case BODY_SHAPE_TRIMESH:
		for (size_t t = 0; t < bg->ntris; t++) {
			double v[3][3];
			for (int k = 0; k < 3; k++)
				place(pos, R, bg->verts + 3 * bg->tris[3 * t + k], v[k]);
			add_tri(sc, v[0], v[1], v[2], NULL, col);
		}
		break;
	default: /* planes are the ground; rays are invisible */
		break;
	}
}

/* f0's sticks, each tinted by the strongest muscle on it (pulling or
 * pushing). */
static void add_sticks(scene *sc, const body_model *m, const body_sim *s)
{
	for (size_t j = 0; j < m->njoints; j++) {
		const body_joint *bj = &m->joints[j];
		if (bj->kind != BODY_JOINT_STICK)
			continue;
		double sig = 0;
		for (size_t e = 0; e < body_sim_neffectors(s); e++)
			if (body_sim_effector(s, e)->joint == (int)j &&
			    fabs(body_sim_effector_signal(s, e)) > fabs(sig))
				sig = body_sim_effector_signal(s, e);
		SDL_Color col = sig >= 0 ? mix(VC(BODY_STICK), VC(BODY_PULL), sig)
		                         : mix(VC(BODY_STICK), VC(BODY_PUSH), -sig);
		double a[3], b[3], R[3][3];
		body_sim_part_pose(s, (size_t)bj->p1, a, R);
		body_sim_part_pose(s, (size_t)bj->p2, b, R);
		double rr = 0.45 * fmin(body_sim_part_radius(s, (size_t)bj->p1),
		                        body_sim_part_radius(s, (size_t)bj->p2));
		add_stick(sc, a, b, rr, col);
	}
}

/* ---- the panel ------------------------------------------------------------------------- */

/* The readings with their units, wrapped to the panel's width: the body's
 * own length unit u (an f0 unit, or the XODE document's), speed also in
 * body lengths a second, the muscles' and motors' work in mass x u^2/s^2
 * (joules when u is a metre and mass a kilogram), and the grid's spacing. */
static void draw_readings(SDL_Surface *dst, const SDL_Rect *r, TTF_Font *font, const char *title,
                          const body_model *m, const body_reading *rd, double step)
{
	char items[6][96];
	int n = 0;
	snprintf(items[n++], 96, "%s", title);
	snprintf(items[n++], 96, "speed %.3g u/s (%.3g lengths/s)", rd->speed,
	         rd->size > 0 ? rd->speed / rd->size : 0.0);
	snprintf(items[n++], 96, "height %.3g u", rd->height);
	snprintf(items[n++], 96, "work %.3g mass\u00b7u\u00b2/s\u00b2", rd->energy);
	snprintf(items[n++], 96, "grid %.3g u", step);
	snprintf(items[n++], 96, "u: %s unit, length %.3g u, mass %.3g",
	         m->format == BODY_F0 ? "f0" : "XODE", rd->size, rd->mass);
	int x = r->x + 6, y = r->y + 4, lh = TTF_FontLineSkip(font), gap = 0;
	for (int k = 0; k < n; k++) {
		int w, h;
		view_text_size(font, items[k], &w, &h);
		view_text_size(font, "   ", &gap, &h);
		if (k && x + w > r->x + r->w - 6) {
			x = r->x + 6;
			y += lh;
		}
		view_text(dst, font, items[k], x, y, VIEW_LEFT | VIEW_TOP, VC(TEXT), 0);
		x += w + gap;
	}
}

void view_body_draw(SDL_Surface *dst, const SDL_Rect *r, const view_body_cam *vc,
                    const body_model *m, const body_sim *s, TTF_Font *font, const char *title)
{
	SDL_SetClipRect(dst, r);
	view_fill(dst, r, VC(BODY_SKY));
	body_reading rd;
	body_sim_read(s, &rd);
	double up[3], ground;
	body_sim_ground(s, up, &ground);
	camera cam;
	make_camera(&cam, vc, up, rd.com, rd.size, r);
	view_mask mask;
	if (view_mask_init(&mask, r->w, r->h) != 0) {
		SDL_SetClipRect(dst, NULL);
		return;
	}
	double step = pow(10, floor(log10(rd.size > 0 ? rd.size : 1))) / 2;
	draw_grid(dst, r, &cam, up, ground, rd.com, step, &mask);

	scene sc = {&cam, up, ground, {0, 0, 0}, {0}};
	/* the light: from above, a little from the camera's left */
	for (int k = 0; k < 3; k++)
		sc.light[k] = 0.8 * up[k] - 0.35 * cam.right[k] - 0.45 * cam.fwd[k];
	unit3(sc.light);
	for (size_t g = 0; g < m->ngeoms; g++)
		add_geom(&sc, m, s, g);
	if (m->format == BODY_F0)
		add_sticks(&sc, m, s);
	if (!sc.tris.oom)
		draw_tris(dst, r, &cam, &sc.tris, vc->wire, &mask);
	free(sc.tris.v);
	view_mask_free(&mask);
	if (font && title)
		draw_readings(dst, r, font, title, m, &rd, step);
	view_outline(dst, r, VC(EDGE), 1);
	SDL_SetClipRect(dst, NULL);
}
