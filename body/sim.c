/* sim.c — a body in motion on the Open Dynamics Engine (see sim.h). */
#include "body/sim.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ode/ode.h>

#include "base/rng.h"
#include "framsticks/f0.h"
#include "body/neuro.h"
#include "body/statics.h"

#define C2_OPTION_STRUCT body_options
C2_OPTION_TABLE_LATE(body_option_tab, "body", BODY_OPTIONS, BODY_LATE, BODY_MODES);

enum {
	MAX_CONTACTS = 8,   /* contact points per geom pair and step */
	ICO_VERTS = 42,     /* the ellipsoid's polyhedron: an icosahedron split once */
	ICO_FACES = 80,
	SPEED_TICKS = 10,   /* speed is measured over the last second */
	/* What one ODE step may collide: a bound on its cost that no body on a
	 * ground comes near (10 000 parts on a plane: 10 000 pairs and contacts);
	 * past them, the remaining geoms make no contacts in that step. */
	MAX_STEP_PAIRS = 100000,
	MAX_STEP_CONTACTS = 80000
};
static const double PI = 3.14159265358979323846;
static const double TICK_SECONDS = 0.1; /* one world tick (engine.h's CREATURE_TICK_MS) */

/* ---- small vector helpers ------------------------------------------------------- */

static double dot3(const double a[3], const double b[3])
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void cross3(const double a[3], const double b[3], double o[3])
{
	double t[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
	memcpy(o, t, sizeof t);
}

static double norm3(const double a[3]) { return sqrt(dot3(a, a)); }

static bool unit3(double a[3])
{
	double n = norm3(a);
	if (!(n > 1e-12) || !isfinite(n))
		return false;
	for (int k = 0; k < 3; k++)
		a[k] /= n;
	return true;
}

/* o = A^T b */
static void mul_t3(const double A[3][3], const double b[3], double o[3])
{
	double t[3];
	for (int r = 0; r < 3; r++)
		t[r] = A[0][r] * b[0] + A[1][r] * b[1] + A[2][r] * b[2];
	memcpy(o, t, sizeof t);
}

/* o = A b */
static void mul3(const double A[3][3], const double b[3], double o[3])
{
	double t[3];
	for (int r = 0; r < 3; r++)
		t[r] = A[r][0] * b[0] + A[r][1] * b[1] + A[r][2] * b[2];
	memcpy(o, t, sizeof t);
}

/* O = A B, O = A^T B, O = A B^T */
static void mm3(const double A[3][3], const double B[3][3], double O[3][3])
{
	double T[3][3];
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			T[r][c] = A[r][0] * B[0][c] + A[r][1] * B[1][c] + A[r][2] * B[2][c];
	memcpy(O, T, sizeof T);
}

static void mtm3(const double A[3][3], const double B[3][3], double O[3][3])
{
	double T[3][3];
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			T[r][c] = A[0][r] * B[0][c] + A[1][r] * B[1][c] + A[2][r] * B[2][c];
	memcpy(O, T, sizeof T);
}

static void mmt3(const double A[3][3], const double B[3][3], double O[3][3])
{
	double T[3][3];
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			T[r][c] = A[r][0] * B[c][0] + A[r][1] * B[c][1] + A[r][2] * B[c][2];
	memcpy(O, T, sizeof T);
}

/* Rotation by `angle` about unit axis a (Rodrigues). */
static void axis_rot(const double a[3], double angle, double R[3][3])
{
	double c = cos(angle), s = sin(angle), t = 1 - c;
	R[0][0] = t * a[0] * a[0] + c;
	R[0][1] = t * a[0] * a[1] - s * a[2];
	R[0][2] = t * a[0] * a[2] + s * a[1];
	R[1][0] = t * a[0] * a[1] + s * a[2];
	R[1][1] = t * a[1] * a[1] + c;
	R[1][2] = t * a[1] * a[2] - s * a[0];
	R[2][0] = t * a[0] * a[2] - s * a[1];
	R[2][1] = t * a[1] * a[2] + s * a[0];
	R[2][2] = t * a[2] * a[2] + c;
}

/* The rotation vector (axis times angle, |v| <= pi) of rotation matrix R. */
static void rot_vector(const double R[3][3], double v[3])
{
	double tr = R[0][0] + R[1][1] + R[2][2];
	double c = (tr - 1) / 2;
	if (c > 1)
		c = 1;
	if (c < -1)
		c = -1;
	double angle = acos(c);
	double w[3] = {R[2][1] - R[1][2], R[0][2] - R[2][0], R[1][0] - R[0][1]};
	double s = norm3(w); /* = 2 sin(angle) */
	if (angle < 1e-9) {
		for (int k = 0; k < 3; k++)
			v[k] = w[k] / 2; /* small angles: the skew part is the vector */
		return;
	}
	if (s < 1e-9) {
		/* angle near pi: the axis is the column of R + I with most length */
		double best = -1;
		int bc = 0;
		for (int col = 0; col < 3; col++) {
			double a[3] = {R[0][col], R[1][col], R[2][col]};
			a[col] += 1;
			double n = norm3(a);
			if (n > best)
				best = n, bc = col;
		}
		double a[3] = {R[0][bc], R[1][bc], R[2][bc]};
		a[bc] += 1;
		unit3(a);
		for (int k = 0; k < 3; k++)
			v[k] = a[k] * angle;
		return;
	}
	for (int k = 0; k < 3; k++)
		v[k] = w[k] / s * angle;
}

static void from_ode_R(const dReal *R, double o[3][3])
{
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			o[r][c] = R[r * 4 + c];
}

static void to_ode_R(const double R[3][3], dMatrix3 o)
{
	for (int r = 0; r < 3; r++) {
		for (int c = 0; c < 3; c++)
			o[r * 4 + c] = R[r][c];
		o[r * 4 + 3] = 0;
	}
}

static bool finite3(const double v[3])
{
	return isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]);
}

/* ODE aborts the process when its state overflows, so what it is given is
 * kept within these: positions, velocities, forces and masses read from a
 * file (larger is refused), and the state before every step and at every
 * tick boundary, as a snapshot may hold it (beyond RUN_LIMIT the body goes
 * back to where the tick began and stops for good: one step cannot overflow
 * from within it). */
static const double INPUT_LIMIT = 1e9, RUN_LIMIT = 1e12;

static bool bounded3(const double v[3], double limit)
{
	return finite3(v) && fabs(v[0]) <= limit && fabs(v[1]) <= limit && fabs(v[2]) <= limit;
}

/* Make R a proper rotation (Gram-Schmidt on its columns). false when it
 * cannot be one. */
static bool orthonormal(double R[3][3])
{
	double x[3] = {R[0][0], R[1][0], R[2][0]}, y[3] = {R[0][1], R[1][1], R[2][1]}, z[3];
	if (!unit3(x))
		return false;
	double d = dot3(x, y);
	for (int k = 0; k < 3; k++)
		y[k] -= d * x[k];
	if (!unit3(y))
		return false;
	cross3(x, y, z);
	for (int r = 0; r < 3; r++) {
		R[r][0] = x[r];
		R[r][1] = y[r];
		R[r][2] = z[r];
	}
	return true;
}

/* ---- the state -------------------------------------------------------------------- */

/* One body's dynamic state, as ODE holds it. */
typedef struct body_state {
	double pos[3], q[4], lv[3], av[3];
} body_state;

typedef struct sim_joint {
	dJointID j;         /* f0: the ball joint; XODE: the joint */
	dJointID motor;     /* f0: the angular servo */
	dJointFeedback fb;  /* on `motor` (f0) or `j` (XODE): for the work done */
	bool work;          /* counted as muscle/motor work */
	/* f0 servo */
	double rel0[3][3];  /* rest orientation of part 2 in part 1's frame */
	double dir[3];      /* the stick, in part 1's frame */
	double bend[3];     /* the bend axis, in part 1's frame */
	double k_pass;      /* passive angular stiffness (stick_torque x rotstif) */
	double k_bend, k_rot; /* what its bend and rotation muscles add now (activation x strength) */
	double bend_angle, rot_angle; /* the muscles' pull now: sum of stiffness x angle */
} sim_joint;

typedef struct sim_eff {
	body_effector e;
	body_drive_mode mode;
	double gain, offset, phase;
	double signal;
	double range;       /* f0 bend muscle r (radians at +-1 with bend_range) */
	double k;           /* f0 muscle: stiffness at full activation */
	/* XODE servo */
	double lo, hi, fmax; /* target range and strength */
	bool doc_motor;      /* the document gives this axis a motor (Vel/FMax) */
	double doc_vel, doc_fmax;
	/* An axis without a motor of its own: its friction while undriven, a
	 * one-axis motor of its own (see xode_servos). */
	dJointID friction;
} sim_eff;

struct body_sim {
	const body_model *m;
	body_options o;
	c2_rng rng;
	uint64_t ode_seed;
	uint64_t ticks;
	double dt;
	int substeps, iterations; /* what a tick takes (body_sim_stepping) */

	dWorldID world;
	dJointGroupID contacts;
	dBodyID *body;       /* per part */
	double (*com)[3];    /* each part's centre of mass in its own frame */
	double *radius;      /* f0 parts: the sphere; else a bound of the part's geoms */
	double *mu;          /* Coulomb friction of each part */
	dGeomID *geom;       /* per model geom (NULL: not simulated) */
	dGeomID *statics;    /* static geoms, then the added ground */
	size_t nstatics;
	body_statics *near; /* which statics a moving geom may touch */
	dTriMeshDataID *tmdata;
	double *ico;         /* ellipsoid polyhedra: per geom 42 points + 80 planes */
	unsigned *ico_poly;  /* the polygon list they share */
	sim_joint *joint;    /* per model joint */
	sim_eff *eff;
	size_t neff;
	body_net *net;
	double rhythm_hz, rhythm_phase;

	double up[3], ground;
	double mass, size, default_fmax;
	double weight_size; /* total weight x size: the unit of joint strengths */
	int heading_part;

	/* per part, from the last collision pass */
	uint8_t *contact;
	double (*qset)[4];   /* per part: the quaternion last given to ODE (canonical) */
	body_state *start;   /* per part: the state at the start of the tick (scratch) */

	/* readings */
	double energy, power, speed, impact, touch, forward;
	double com_now[3];
	double com_past[SPEED_TICKS][3]; /* the centre of mass at the last ticks (a ring) */
	bool grounded;
	bool broken;         /* the state ran out of bounds: the body stopped */
};

/* ---- ODE's global switches ---------------------------------------------------------- */

/* ODE reports numerical trouble through a message hook; the core never
 * prints, and the state hash would catch any trouble anyway. */
static void ode_quiet(int errnum, const char *msg, va_list ap)
{
	(void)errnum;
	(void)msg;
	(void)ap;
}

/* ---- building: masses and geoms ---------------------------------------------------- */

/* Is I a symmetric positive definite inertia (ODE's dMassCheck, silently)? */
static bool inertia_ok(double mass, const double I[3][3])
{
	if (!(mass > 0) || !isfinite(mass))
		return false;
	for (int r = 0; r < 3; r++)
		if (!finite3(I[r]))
			return false;
	/* Cholesky */
	double a = I[0][0];
	if (!(a > 0))
		return false;
	double l10 = I[1][0] / sqrt(a), l20 = I[2][0] / sqrt(a);
	double b = I[1][1] - l10 * l10;
	if (!(b > 0))
		return false;
	double l21 = (I[2][1] - l20 * l10) / sqrt(b);
	double c = I[2][2] - l20 * l20 - l21 * l21;
	return c > 0;
}

/* A geom's lowest point along `up`. */
static double lowest(const body_geom *g, const double pos[3], const double R[3][3],
                     const double up[3])
{
	double u[3];
	mul_t3(R, up, u); /* up in the geom's frame */
	double h = dot3(pos, up);
	switch (g->shape) {
	case BODY_SHAPE_SPHERE:
		return h - g->size[0];
	case BODY_SHAPE_ELLIPSOID:
		return h - sqrt(g->size[0] * g->size[0] * u[0] * u[0] + g->size[1] * g->size[1] * u[1] * u[1] +
		                g->size[2] * g->size[2] * u[2] * u[2]);
	case BODY_SHAPE_BOX:
		return h - (fabs(u[0]) * g->size[0] + fabs(u[1]) * g->size[1] + fabs(u[2]) * g->size[2]) / 2;
	case BODY_SHAPE_CAPSULE:
		return h - fabs(u[2]) * g->size[1] / 2 - g->size[0];
	case BODY_SHAPE_CYLINDER:
		return h - fabs(u[2]) * g->size[1] / 2 - g->size[0] * sqrt(fmax(0, 1 - u[2] * u[2]));
	case BODY_SHAPE_TRIMESH: {
		double lo = h;
		for (size_t v = 0; v < g->nverts; v++) {
			double w[3];
			mul3(R, g->verts + 3 * v, w);
			if (h + dot3(w, up) < lo)
				lo = h + dot3(w, up);
		}
		return lo;
	}
	default:
		return h;
	}
}

static bool sizes_ok(const body_geom *g)
{
	int n = g->shape == BODY_SHAPE_SPHERE ? 1
	        : g->shape == BODY_SHAPE_CAPSULE || g->shape == BODY_SHAPE_CYLINDER ? 2
	        : g->shape == BODY_SHAPE_BOX || g->shape == BODY_SHAPE_ELLIPSOID ? 3
	                                                                            : 0;
	for (int k = 0; k < n; k++)
		if (!(g->size[k] > 0) || !isfinite(g->size[k]) || g->size[k] > 1e9)
			return false;
	if (g->shape == BODY_SHAPE_TRIMESH) {
		if (g->nverts < 3 || g->ntris < 1)
			return false;
		for (size_t v = 0; v < 3 * g->nverts; v++)
			if (!isfinite(g->verts[v]))
				return false;
		for (size_t t = 0; t < 3 * g->ntris; t++)
			if (g->tris[t] >= g->nverts)
				return false;
	}
	return true;
}

/* The unit icosphere (an icosahedron with each face split in four),
 * computed once per sim into pts[ICO_VERTS][3] and faces[ICO_FACES][3]. */
static void icosphere(double pts[ICO_VERTS][3], unsigned faces[ICO_FACES][3])
{
	const double t = (1 + sqrt(5.0)) / 2;
	double v[12][3] = {{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t},
	                   {0, -1, -t}, {0, 1, -t}, {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
	static const unsigned f[20][3] = {
		{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
		{11, 10, 2}, {10, 7, 6}, {7, 1, 8}, {3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8},
		{3, 8, 9}, {4, 9, 5}, {2, 4, 11}, {6, 2, 10}, {8, 6, 7}, {9, 8, 1}};
	size_t np = 0;
	for (int i = 0; i < 12; i++) {
		unit3(v[i]);
		memcpy(pts[np++], v[i], sizeof v[i]);
	}
	/* midpoints, shared between the two faces of an edge */
	unsigned mid[12][12];
	memset(mid, 0xff, sizeof mid);
	size_t nf = 0;
	for (int i = 0; i < 20; i++) {
		unsigned m3[3];
		for (int e = 0; e < 3; e++) {
			unsigned a = f[i][e], b = f[i][(e + 1) % 3];
			if (mid[a][b] == 0xffffffffu) {
				double p[3];
				for (int k = 0; k < 3; k++)
					p[k] = v[a][k] + v[b][k];
				unit3(p);
				memcpy(pts[np], p, sizeof p);
				mid[a][b] = mid[b][a] = (unsigned)np++;
			}
			m3[e] = mid[a][b];
		}
		unsigned tri[4][3] = {{f[i][0], m3[0], m3[2]}, {f[i][1], m3[1], m3[0]},
		                      {f[i][2], m3[2], m3[1]}, {m3[0], m3[1], m3[2]}};
		memcpy(faces[nf], tri, sizeof tri);
		nf += 4;
	}
}

/* An ellipsoid of radii r as an ODE convex: the icosphere scaled. The
 * points and planes live in s->ico (slot g), the polygons in s->ico_poly. */
static dGeomID make_ellipsoid(body_sim *s, size_t g, const double r[3])
{
	double pts[ICO_VERTS][3];
	unsigned faces[ICO_FACES][3];
	icosphere(pts, faces);
	double *P = s->ico + g * (ICO_VERTS * 3 + ICO_FACES * 4);
	double *planes = P + ICO_VERTS * 3;
	for (int i = 0; i < ICO_VERTS; i++)
		for (int k = 0; k < 3; k++)
			P[3 * i + k] = pts[i][k] * r[k];
	for (int f = 0; f < ICO_FACES; f++) {
		const double *a = P + 3 * faces[f][0], *b = P + 3 * faces[f][1], *c = P + 3 * faces[f][2];
		double e1[3], e2[3], n[3];
		for (int k = 0; k < 3; k++)
			e1[k] = b[k] - a[k], e2[k] = c[k] - a[k];
		cross3(e1, e2, n);
		unit3(n);
		if (dot3(n, a) < 0) /* outward */
			for (int k = 0; k < 3; k++)
				n[k] = -n[k];
		memcpy(planes + 4 * f, n, sizeof n);
		planes[4 * f + 3] = dot3(n, a);
		/* ODE wants each polygon's points counter-clockwise seen from outside */
		unsigned *poly = s->ico_poly + 4 * f;
		double cr[3];
		cross3(e1, e2, cr);
		bool ccw = dot3(cr, n) > 0;
		poly[0] = 3;
		poly[1] = faces[f][0];
		poly[2] = ccw ? faces[f][1] : faces[f][2];
		poly[3] = ccw ? faces[f][2] : faces[f][1];
	}
	return dCreateConvex(0, planes, ICO_FACES, P, ICO_VERTS, s->ico_poly);
}

/* The ODE geom for model geom g (not placed). NULL when not simulated. */
static dGeomID make_geom(body_sim *s, size_t g, double f0_radius)
{
	const body_geom *bg = &s->m->geoms[g];
	switch (bg->shape) {
	case BODY_SHAPE_POINT:
		return dCreateSphere(0, f0_radius);
	case BODY_SHAPE_SPHERE:
		return dCreateSphere(0, bg->size[0]);
	case BODY_SHAPE_ELLIPSOID:
		return make_ellipsoid(s, g, bg->size);
	case BODY_SHAPE_BOX:
		return dCreateBox(0, bg->size[0], bg->size[1], bg->size[2]);
	case BODY_SHAPE_CYLINDER:
		return dCreateCylinder(0, bg->size[0], bg->size[1]);
	case BODY_SHAPE_CAPSULE:
		return dCreateCapsule(0, bg->size[0], bg->size[1]);
	case BODY_SHAPE_PLANE: {
		double n[4] = {bg->plane[0], bg->plane[1], bg->plane[2], bg->plane[3]};
		double len = norm3(n);
		return dCreatePlane(0, n[0] / len, n[1] / len, n[2] / len, n[3] / len);
	}
	case BODY_SHAPE_TRIMESH:
		s->tmdata[g] = dGeomTriMeshDataCreate();
		dGeomTriMeshDataBuildDouble(s->tmdata[g], bg->verts, 3 * sizeof(double),
		                            (int)bg->nverts, bg->tris, (int)(3 * bg->ntris),
		                            3 * sizeof(uint32_t));
		return dCreateTriMesh(0, s->tmdata[g], NULL, NULL, NULL);
	default:
		return NULL;
	}
}

/* The mass of part i: the document's (XODE), the SDK's part mass times dn
 * over its shape (f0). */
static void part_mass(const body_sim *s, size_t i, double radius, dMass *dm)
{
	const body_part *p = &s->m->parts[i];
	dMassSetZero(dm);
	if (s->m->format == BODY_F0) {
		double mass = p->mass * p->density;
		if (!(mass > 0) || !isfinite(mass))
			mass = 1;
		const body_geom *g = i < s->m->ngeoms ? &s->m->geoms[i] : NULL;
		if (g && g->shape == BODY_SHAPE_BOX && sizes_ok(g)) {
			dMassSetBoxTotal(dm, mass, g->size[0], g->size[1], g->size[2]);
		} else if (g && g->shape == BODY_SHAPE_ELLIPSOID && sizes_ok(g)) {
			double a = g->size[0], b = g->size[1], c = g->size[2];
			dMassSetParameters(dm, mass, 0, 0, 0, mass * (b * b + c * c) / 5,
			                   mass * (a * a + c * c) / 5, mass * (a * a + b * b) / 5, 0, 0, 0);
		} else if (g && g->shape == BODY_SHAPE_CYLINDER && sizes_ok(g)) {
			/* the geom's axis is the part's x (body.h): ODE's direction 1 */
			dMassSetCylinderTotal(dm, mass, 1, g->size[0], g->size[1]);
		} else {
			dMassSetSphereTotal(dm, mass, radius);
		}
		return;
	}
	if (inertia_ok(p->mass, p->inertia)) {
		dMassSetParameters(dm, p->mass, 0, 0, 0, p->inertia[0][0], p->inertia[1][1],
		                   p->inertia[2][2], p->inertia[0][1], p->inertia[0][2], p->inertia[1][2]);
	} else {
		double mass = p->mass > 0 && isfinite(p->mass) ? p->mass : 1;
		dMassSetSphereTotal(dm, mass, radius > 0 ? radius : 1);
	}
}

/* ---- building: joints ----------------------------------------------------------------- */

static dBodyID body_of(const body_sim *s, int part)
{
	return part >= 0 ? s->body[part] : 0;
}

/* Set ODE parameter `param` (dParamX, for axis `axis`) on a joint of kind k. */
static void joint_param(dJointID j, body_joint_kind k, int param, int axis, double v)
{
	/* ODE's parameter setter of each kind that has parameters */
	static void (*const set[])(dJointID, int, dReal) = {
		[BODY_JOINT_HINGE] = dJointSetHingeParam,         [BODY_JOINT_SLIDER] = dJointSetSliderParam,
		[BODY_JOINT_UNIVERSAL] = dJointSetUniversalParam, [BODY_JOINT_HINGE2] = dJointSetHinge2Param,
		[BODY_JOINT_AMOTOR] = dJointSetAMotorParam,
	};
	if ((size_t)k < sizeof set / sizeof set[0] && set[k])
		set[k](j, param + axis * dParamGroup, v);
}

/* Everything an XODE axis gives, one to one. */
static void xode_axis_params(dJointID j, body_joint_kind k, int a, const body_axis *ax)
{
	static const struct {
		unsigned bit;
		int param;
	} map[] = {
		{BODY_AXIS_LO_STOP, dParamLoStop}, {BODY_AXIS_HI_STOP, dParamHiStop},
		{BODY_AXIS_VEL, dParamVel},        {BODY_AXIS_FMAX, dParamFMax},
		{BODY_AXIS_FUDGE, dParamFudgeFactor}, {BODY_AXIS_BOUNCE, dParamBounce},
		{BODY_AXIS_CFM, dParamCFM},        {BODY_AXIS_STOP_ERP, dParamStopERP},
		{BODY_AXIS_STOP_CFM, dParamStopCFM}, {BODY_AXIS_SUSP_ERP, dParamSuspensionERP},
		{BODY_AXIS_SUSP_CFM, dParamSuspensionCFM},
	};
	double vals[] = {ax->lo_stop, ax->hi_stop, ax->vel, ax->fmax, ax->fudge, ax->bounce,
	                 ax->cfm, ax->stop_erp, ax->stop_cfm, ax->susp_erp, ax->susp_cfm};
	/* What ODE's own ranges are (fudge, bounce, ERPs 0..1; CFMs, FMax >= 0);
	 * anything beyond INPUT_LIMIT is left out (ODE would overflow on it). */
	static const bool unit[] = {false, false, false, false, true, true, false, true, false, true, false};
	for (size_t i = 3; i < sizeof vals / sizeof vals[0]; i++) {
		vals[i] = vals[i] < 0 ? 0 : vals[i];
		if (unit[i] && vals[i] > 1)
			vals[i] = 1;
	}
	/* ODE refuses a low stop above the high one being set first: high first. */
	if ((ax->given & BODY_AXIS_HI_STOP) && fabs(ax->hi_stop) <= INPUT_LIMIT)
		joint_param(j, k, dParamHiStop, a, ax->hi_stop);
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if ((ax->given & map[i].bit) && fabs(vals[i]) <= INPUT_LIMIT)
			joint_param(j, k, map[i].param, a, vals[i]);
}

static bool add_effector(body_sim *s, const body_effector *e)
{
	sim_eff *ne = realloc(s->eff, (s->neff + 1) * sizeof *ne);
	if (!ne)
		return false;
	s->eff = ne;
	memset(&ne[s->neff], 0, sizeof ne[s->neff]);
	ne[s->neff].e = *e;
	ne[s->neff].mode = BODY_DRIVE_OWN;
	ne[s->neff].gain = 1;
	s->neff++;
	return true;
}

/* The friction of axis a of joint j (kind k, world direction dir): a
 * one-axis motor on the same bodies, linear for a slider, angular
 * otherwise, about the axis as the joint carries it (a universal joint's
 * second axis turns with its second body, every other axis with the
 * first). Not the joint's own motor: ODE's limit-and-motor row, at a stop,
 * replaces a powered motor by its full FMax as a constant torque pushing
 * into the stop (dxJointLimitMotor::addLimot: "the motor is working
 * against the immovable limit"), so friction there would be a drive, not
 * friction. A motor without stops is one constraint row bounded by +-FMax
 * that holds the relative velocity at 0: Coulomb friction, never more
 * torque than it takes to stop the joint. */
static dJointID friction_motor(body_sim *s, dJointID j, body_joint_kind k, int a, const double dir[3])
{
	dBodyID b1 = dJointGetBody(j, 0), b2 = dJointGetBody(j, 1);
	int rel = k == BODY_JOINT_UNIVERSAL && a == 1 ? (b2 ? 2 : 0) : 1;
	dJointID f;
	if (k == BODY_JOINT_SLIDER) {
		f = dJointCreateLMotor(s->world, 0);
		dJointAttach(f, b1, b2);
		dJointSetLMotorNumAxes(f, 1);
		dJointSetLMotorAxis(f, 0, rel, dir[0], dir[1], dir[2]);
	} else {
		f = dJointCreateAMotor(s->world, 0);
		dJointAttach(f, b1, b2);
		dJointSetAMotorMode(f, dAMotorUser);
		dJointSetAMotorNumAxes(f, 1);
		dJointSetAMotorAxis(f, 0, rel, dir[0], dir[1], dir[2]);
	}
	return f;
}

/* Set the friction motor f (of a slider if `linear`) to hold its axis
 * with at most `fmax`; 0 takes it out of the solver. */
static void friction_set(dJointID f, bool linear, double fmax)
{
	void (*set)(dJointID, int, dReal) = linear ? dJointSetLMotorParam : dJointSetAMotorParam;
	set(f, dParamVel, 0);
	set(f, dParamFMax, fmax);
}

/* Joint j's anchor and axes, as its kind takes them. */
static void joint_geometry(dJointID j, const body_joint *bj)
{
	const double *an = bj->anchor;
	const body_axis *ax = bj->axis;
	switch (bj->kind) {
	case BODY_JOINT_FIXED:
		dJointSetFixed(j);
		break;
	case BODY_JOINT_BALL:
		dJointSetBallAnchor(j, an[0], an[1], an[2]);
		break;
	case BODY_JOINT_HINGE:
		dJointSetHingeAnchor(j, an[0], an[1], an[2]);
		dJointSetHingeAxis(j, ax[0].dir[0], ax[0].dir[1], ax[0].dir[2]);
		break;
	case BODY_JOINT_SLIDER:
		dJointSetSliderAxis(j, ax[0].dir[0], ax[0].dir[1], ax[0].dir[2]);
		break;
	case BODY_JOINT_UNIVERSAL:
		dJointSetUniversalAnchor(j, an[0], an[1], an[2]);
		dJointSetUniversalAxis1(j, ax[0].dir[0], ax[0].dir[1], ax[0].dir[2]);
		dJointSetUniversalAxis2(j, ax[1].dir[0], ax[1].dir[1], ax[1].dir[2]);
		break;
	case BODY_JOINT_HINGE2:
		dJointSetHinge2Anchor(j, an[0], an[1], an[2]);
		dJointSetHinge2Axes(j, ax[0].dir, ax[1].dir);
		break;
	case BODY_JOINT_AMOTOR:
		dJointSetAMotorMode(j, dAMotorUser);
		dJointSetAMotorNumAxes(j, bj->naxes);
		for (int a = 0; a < bj->naxes; a++)
			dJointSetAMotorAxis(j, a, 1, ax[a].dir[0], ax[a].dir[1], ax[a].dir[2]);
		break;
	default:
		break;
	}
}

/* XODE joint i's effectors (ODE joint j): hinges, sliders, and both axes of
 * universal joints; a hinge2's first axis (ODE measures no angle on its
 * second). Their range is the axis' stops, else the motor_range option;
 * their motor the file's, else a friction motor. False when out of
 * memory. */
static bool add_xode_effectors(body_sim *s, size_t i, dJointID j)
{
	const body_joint *bj = &s->m->joints[i];
	const body_axis *ax = bj->axis;
	int neff = bj->kind == BODY_JOINT_HINGE || bj->kind == BODY_JOINT_SLIDER || bj->kind == BODY_JOINT_HINGE2 ? 1
	           : bj->kind == BODY_JOINT_UNIVERSAL                                                          ? 2
	                                                                                                       : 0;
	for (int a = 0; a < neff; a++) {
		body_effector e = {0};
		if (bj->name)
			snprintf(e.name, sizeof e.name, a ? "%s#2" : "%s", bj->name);
		else
			snprintf(e.name, sizeof e.name, a ? "J%zu#2" : "J%zu", i);
		e.kind = bj->kind == BODY_JOINT_SLIDER ? BODY_EFF_SLIDER : BODY_EFF_HINGE;
		e.joint = (int)i;
		e.axis = a;
		e.neuron = -1;
		if (!add_effector(s, &e))
			return false;
		sim_eff *se = &s->eff[s->neff - 1];
		const body_axis *x = &ax[a];
		bool both = (x->given & BODY_AXIS_LO_STOP) && (x->given & BODY_AXIS_HI_STOP) &&
		            isfinite(x->lo_stop) && isfinite(x->hi_stop) && x->lo_stop < x->hi_stop;
		double range = e.kind == BODY_EFF_SLIDER ? s->size / 10 * s->o.motor_range / 45.0
		                                         : s->o.motor_range * PI / 180;
		se->lo = both ? x->lo_stop : -range;
		se->hi = both ? x->hi_stop : range;
		se->doc_motor = (x->given & (BODY_AXIS_VEL | BODY_AXIS_FMAX)) != 0;
		bool vel_ok = (x->given & BODY_AXIS_VEL) && fabs(x->vel) <= INPUT_LIMIT;
		bool fmax_ok = (x->given & BODY_AXIS_FMAX) && x->fmax > 0 && x->fmax <= INPUT_LIMIT;
		se->doc_vel = vel_ok ? x->vel : 0;
		se->doc_fmax = fmax_ok ? x->fmax : 0;
		se->fmax = fmax_ok ? x->fmax : s->default_fmax;
		if (!se->doc_motor)
			se->friction = friction_motor(s, j, bj->kind, a, x->dir);
	}
	return true;
}

/* An XODE joint: ODE's joint of its kind between its parts' bodies, its
 * axes' parameters and its effectors. False when out of memory. */
static bool build_xode_joint(body_sim *s, size_t i)
{
	const body_joint *bj = &s->m->joints[i];
	sim_joint *sj = &s->joint[i];
	/* ODE's constructor for each XODE joint kind (f0 kinds do not occur) */
	static dJointID (*const create[])(dWorldID, dJointGroupID) = {
		[BODY_JOINT_FIXED] = dJointCreateFixed,       [BODY_JOINT_BALL] = dJointCreateBall,
		[BODY_JOINT_HINGE] = dJointCreateHinge,       [BODY_JOINT_SLIDER] = dJointCreateSlider,
		[BODY_JOINT_UNIVERSAL] = dJointCreateUniversal, [BODY_JOINT_HINGE2] = dJointCreateHinge2,
		[BODY_JOINT_AMOTOR] = dJointCreateAMotor,
	};
	if ((size_t)bj->kind >= sizeof create / sizeof create[0] || !create[bj->kind])
		return true;
	dJointID j = create[bj->kind](s->world, 0);
	dBodyID b1 = body_of(s, bj->p1), b2 = body_of(s, bj->p2);
	if (!b1 && b2) { /* ODE wants the world second */
		b1 = b2;
		b2 = 0;
	}
	if (!b1) { /* joins nothing (ODE's body-relative setters need a body) */
		dJointDestroy(j);
		return true;
	}
	dJointAttach(j, b1, b2);
	joint_geometry(j, bj);
	for (int a = 0; a < bj->naxes && a < 3; a++)
		xode_axis_params(j, bj->kind, a, &bj->axis[a]);
	sj->j = j;
	dJointSetFeedback(j, &sj->fb);
	sj->work = bj->kind != BODY_JOINT_FIXED && bj->kind != BODY_JOINT_BALL;
	return add_xode_effectors(s, i, j);
}

/* An f0 joint: a ball joint at its anchor, and a 3-axis angular motor (axes
 * fixed in part 1) whose velocities the servo sets every step. */
static void build_f0_joint(body_sim *s, size_t i)
{
	const body_joint *bj = &s->m->joints[i];
	sim_joint *sj = &s->joint[i];
	const body_part *a = &s->m->parts[bj->p1], *b = &s->m->parts[bj->p2];
	dBodyID b1 = s->body[bj->p1], b2 = s->body[bj->p2];
	/* Sticks bend at their first part; solids meet midway. */
	const double *anchor = bj->kind == BODY_JOINT_STICK ? a->pos : bj->anchor;
	sj->j = dJointCreateBall(s->world, 0);
	dJointAttach(sj->j, b1, b2);
	dJointSetBallAnchor(sj->j, anchor[0], anchor[1], anchor[2]);
	/* stif softens the stick's length: CFM grows as it falls */
	double stif = bj->f0.stif > 1e-3 ? fmin(bj->f0.stif, 1e6) : 1e-3;
	dJointSetBallParam(sj->j, dParamCFM, 1e-6 / stif);
	sj->motor = dJointCreateAMotor(s->world, 0);
	dJointAttach(sj->motor, b1, b2);
	dJointSetAMotorMode(sj->motor, dAMotorUser);
	dJointSetAMotorNumAxes(sj->motor, 3);
	for (int k = 0; k < 3; k++) /* part 1's axes (given in world coordinates) */
		dJointSetAMotorAxis(sj->motor, k, 1, a->R[0][k], a->R[1][k], a->R[2][k]);
	dJointSetFeedback(sj->motor, &sj->fb);
	mtm3(a->R, b->R, sj->rel0);
	double d[3] = {b->pos[0] - a->pos[0], b->pos[1] - a->pos[1], b->pos[2] - a->pos[2]};
	mul_t3(a->R, d, sj->dir);
	if (!unit3(sj->dir))
		sj->dir[0] = 1, sj->dir[1] = sj->dir[2] = 0;
	/* Bend: in part 1's x-y plane, about its z axis made square to the stick. */
	double z[3] = {0, 0, 1}, y[3] = {0, 1, 0};
	const double *base = fabs(sj->dir[2]) < 0.99 ? z : y;
	double dd = dot3(base, sj->dir);
	for (int k = 0; k < 3; k++)
		sj->bend[k] = base[k] - dd * sj->dir[k];
	unit3(sj->bend);
	double rotstif = bj->f0.rotstif > 0 ? fmin(bj->f0.rotstif, 1e6) : 0;
	sj->k_pass = s->o.stick_torque / 100.0 * s->weight_size * rotstif;
}

/* ---- building ---------------------------------------------------------------------- */

static void canonical(body_sim *s);

/* com_now = the mass-weighted mean of the parts' positions (at the start and
 * after every world tick). */
static void centre_of_mass(body_sim *s)
{
	double com[3] = {0, 0, 0};
	for (size_t i = 0; i < s->m->nparts; i++) {
		const dReal *p = dBodyGetPosition(s->body[i]);
		dMass dm;
		dBodyGetMass(s->body[i], &dm);
		for (int k = 0; k < 3; k++)
			com[k] += dm.mass * p[k] / s->mass;
	}
	memcpy(s->com_now, com, sizeof com);
}

void body_sim_free(body_sim *s)
{
	if (!s)
		return;
	body_net_free(s->net);
	if (s->m) {
		for (size_t g = 0; s->geom && g < s->m->ngeoms; g++)
			if (s->geom[g])
				dGeomDestroy(s->geom[g]);
		for (size_t g = 0; s->tmdata && g < s->m->ngeoms; g++)
			if (s->tmdata[g])
				dGeomTriMeshDataDestroy(s->tmdata[g]);
	}
	body_statics_free(s->near);
	for (size_t g = 0; g < s->nstatics; g++)
		if (s->statics[g])
			dGeomDestroy(s->statics[g]);
	if (s->contacts)
		dJointGroupDestroy(s->contacts);
	if (s->world) {
		dWorldDestroy(s->world);
		dCloseODE();
	}
	free(s->body);
	free(s->com);
	free(s->radius);
	free(s->mu);
	free(s->geom);
	free(s->statics);
	free(s->tmdata);
	free(s->ico);
	free(s->ico_poly);
	free(s->joint);
	free(s->eff);
	free(s->contact);
	free(s->qset);
	free(s->start);
	free(s);
}

/* s->radius[i] = a bound of the size of part i's geoms (the largest
 * |size|), in one pass over the geoms: a loop over the geoms for every part
 * cost parts x geoms (45 s for an XODE scene of 100 000 bodies). */
static void geoms_bound(body_sim *s)
{
	for (size_t g = 0; g < s->m->ngeoms; g++) {
		const body_geom *bg = &s->m->geoms[g];
		if (bg->part < 0)
			continue;
		const double *sz = bg->size;
		double gr = sqrt(sz[0] * sz[0] + sz[1] * sz[1] + sz[2] * sz[2]);
		if (gr > s->radius[bg->part] && isfinite(gr))
			s->radius[bg->part] = gr;
	}
}

/* Refuse what ODE would choke on (it aborts the process on bad input). */
static int check_model(const body_model *m, c2_err *err)
{
	const frams_f0_info *fi = frams_f0_info_of(m);
	if (m->format == BODY_F0 && (!fi || !fi->valid))
		return c2_fail_line(err, C2_EINVAL, 0, "an invalid f0 body cannot be simulated");
	if (m->nparts == 0)
		return c2_fail_line(err, C2_EINVAL, 0, "the body has no parts to simulate");
	/* the loaders refuse these; a model made otherwise is held to the same */
	if (m->nparts > BODY_MAX_PARTS || m->njoints > BODY_MAX_JOINTS || m->ngeoms > BODY_MAX_GEOMS)
		return c2_fail_line(err, C2_ETOOBIG, 0,
		                    "%zu parts, %zu joints and %zu geoms: more than the limits of %d, %d "
		                    "and %d",
		                    m->nparts, m->njoints, m->ngeoms, BODY_MAX_PARTS, BODY_MAX_JOINTS,
		                    BODY_MAX_GEOMS);
	for (size_t i = 0; i < m->nparts; i++) {
		double R[3][3];
		memcpy(R, m->parts[i].R, sizeof R);
		const body_part *p = &m->parts[i];
		if (!bounded3(p->pos, INPUT_LIMIT) || !bounded3(p->com, INPUT_LIMIT) || !orthonormal(R))
			return c2_fail_line(err, C2_EINVAL, 0, "part %zu has no proper placement", i);
		if (!bounded3(p->lin_vel, INPUT_LIMIT) || !bounded3(p->ang_vel, INPUT_LIMIT) ||
		    !bounded3(p->force, INPUT_LIMIT) || !bounded3(p->torque, INPUT_LIMIT) ||
		    !(fabs(p->mass) <= INPUT_LIMIT) || !(fabs(p->density) <= INPUT_LIMIT))
			return c2_fail_line(err, C2_EINVAL, 0, "part %zu: a velocity, force or mass beyond %g",
			                    i, INPUT_LIMIT);
		for (int r = 0; r < 3; r++)
			if (!bounded3(p->inertia[r], INPUT_LIMIT))
				return c2_fail_line(err, C2_EINVAL, 0, "part %zu: an inertia beyond %g", i,
				                    INPUT_LIMIT);
	}
	for (size_t i = 0; i < m->njoints; i++) {
		const body_joint *j = &m->joints[i];
		if ((j->p1 < -1 || j->p1 >= (int)m->nparts) || (j->p2 < -1 || j->p2 >= (int)m->nparts) ||
		    !bounded3(j->anchor, INPUT_LIMIT) || j->naxes < 0 || j->naxes > 3)
			return c2_fail_line(err, C2_EINVAL, 0, "joint %zu is malformed", i);
		if (m->format == BODY_F0 && (j->p1 < 0 || j->p2 < 0))
			return c2_fail_line(err, C2_EINVAL, 0, "f0 joint %zu does not join two parts", i);
		if (j->p1 == j->p2 && j->p1 >= 0) /* ODE aborts on these */
			return c2_fail_line(err, C2_EINVAL, 0, "joint %zu joins a body to itself", i);
		for (int a = 0; a < j->naxes; a++) {
			double d[3];
			memcpy(d, j->axis[a].dir, sizeof d);
			if (!unit3(d))
				return c2_fail_line(err, C2_EINVAL, 0, "joint %zu has no axis %d", i, a + 1);
		}
	}
	for (size_t g = 0; g < m->ngeoms; g++) {
		double R[3][3];
		memcpy(R, m->geoms[g].R, sizeof R);
		if (!bounded3(m->geoms[g].pos, INPUT_LIMIT) || !orthonormal(R) ||
		    m->geoms[g].part >= (int)m->nparts)
			return c2_fail_line(err, C2_EINVAL, 0, "geom %zu has no proper placement", g);
	}
	return 0;
}

/* What setting up an ODE step costs a part, in solver iterations (a 1 000
 * part chain: 7 400 instructions a step, 1 100 an iteration, ODE's and
 * ours). */
enum { STEP_COST = 10, MIN_ITERATIONS = 10 };

/* The substeps and iterations of a body of `size` (parts + joints + geoms):
 * the options', while size x substeps x (iterations + STEP_COST) stays
 * within the work budget; past it fewer iterations (down to 10), then
 * fewer substeps (down to 1), then fewer iterations (down to 1). */
static void stepping(const body_options *o, size_t size, int *substeps, int *iterations)
{
	unsigned long long S = (unsigned long long)o->substeps, I = (unsigned long long)o->iterations;
	unsigned long long n = size ? size : 1, budget = (unsigned long long)o->work_budget * 1000;
	*substeps = o->substeps;
	*iterations = o->iterations;
	if (!o->work_budget || n * S * (I + STEP_COST) <= budget)
		return;
	unsigned long long per = budget / n, floor = I < MIN_ITERATIONS ? I : MIN_ITERATIONS;
	if (per / S >= floor + STEP_COST) { /* fewer iterations */
		*iterations = (int)(per / S - STEP_COST);
		return;
	}
	*iterations = (int)floor;
	if (per / (floor + STEP_COST) >= 1) { /* fewer substeps */
		*substeps = (int)(per / (floor + STEP_COST));
		return;
	}
	*substeps = 1; /* one step, fewer iterations */
	*iterations = per > STEP_COST + 1 ? (int)(per - STEP_COST) : 1;
}

void body_sim_stepping(const body_sim *s, int *substeps, int *iterations)
{
	*substeps = s->substeps;
	*iterations = s->iterations;
}

/* The per-part and per-geom arrays (calloc'd: a geom left NULL is not
 * simulated); false when out of memory. */
static bool alloc_arrays(body_sim *s)
{
	const body_model *m = s->m;
	size_t np = m->nparts, ng = m->ngeoms;
	s->body = calloc(np, sizeof *s->body);
	s->com = calloc(np, sizeof *s->com);
	s->radius = calloc(np, sizeof *s->radius);
	s->mu = calloc(np, sizeof *s->mu);
	s->contact = calloc(np, 1);
	s->qset = calloc(np, sizeof *s->qset);
	s->start = calloc(np, sizeof *s->start);
	s->geom = calloc(ng ? ng : 1, sizeof *s->geom);
	s->tmdata = calloc(ng ? ng : 1, sizeof *s->tmdata);
	s->statics = calloc(ng + 1, sizeof *s->statics);
	s->joint = calloc(m->njoints ? m->njoints : 1, sizeof *s->joint);
	s->ico = calloc((ng ? ng : 1) * (ICO_VERTS * 3 + ICO_FACES * 4), sizeof *s->ico);
	s->ico_poly = calloc(ICO_FACES * 4, sizeof *s->ico_poly);
	return s->body && s->com && s->radius && s->mu && s->contact && s->qset && s->start &&
	       s->geom && s->tmdata && s->statics && s->joint && s->ico && s->ico_poly;
}

/* Up and the ground: the first static plane, else +z (f0) / +y (XODE).
 * True when a plane gave them (else the ground is placed under the body
 * once its lowest point is known). */
static bool find_up(body_sim *s)
{
	const body_model *m = s->m;
	s->up[m->format == BODY_F0 ? 2 : 1] = 1;
	for (size_t g = 0; g < m->ngeoms; g++)
		if (m->geoms[g].part < 0 && m->geoms[g].shape == BODY_SHAPE_PLANE) {
			double n[3] = {m->geoms[g].plane[0], m->geoms[g].plane[1], m->geoms[g].plane[2]};
			if (unit3(n)) {
				memcpy(s->up, n, sizeof n);
				s->ground = m->geoms[g].plane[3] / norm3(m->geoms[g].plane);
				return true;
			}
		}
	return false;
}

/* Part i's ODE body of radius r: its mass, centre of mass, place and
 * rotation, and for XODE the state the file gives. */
static void make_part_body(body_sim *s, size_t i, double r)
{
	const body_model *m = s->m;
	const body_part *p = &m->parts[i];
	dMass dm;
	part_mass(s, i, r > 0 ? r : 1, &dm);
	s->mass += dm.mass;
	dBodyID b = dBodyCreate(s->world);
	s->body[i] = b;
	dBodySetMass(b, &dm);
	memcpy(s->com[i], m->format == BODY_F0 ? (const double[3]){0, 0, 0} : p->com,
	       sizeof s->com[i]);
	double c[3];
	mul3(p->R, s->com[i], c);
	dBodySetPosition(b, p->pos[0] + c[0], p->pos[1] + c[1], p->pos[2] + c[2]);
	double R[3][3];
	memcpy(R, p->R, sizeof R);
	orthonormal(R);
	dMatrix3 oR;
	to_ode_R(R, oR);
	dBodySetRotation(b, oR);
	if (m->format == BODY_XODE) {
		if (finite3(p->lin_vel))
			dBodySetLinearVel(b, p->lin_vel[0], p->lin_vel[1], p->lin_vel[2]);
		if (finite3(p->ang_vel))
			dBodySetAngularVel(b, p->ang_vel[0], p->ang_vel[1], p->ang_vel[2]);
		if (finite3(p->force))
			dBodySetForce(b, p->force[0], p->force[1], p->force[2]);
		if (finite3(p->torque))
			dBodySetTorque(b, p->torque[0], p->torque[1], p->torque[2]);
		if (!p->gravity)
			dBodySetGravityMode(b, 0);
		if (!p->enabled)
			dBodyDisable(b);
	}
}

/* Parts: each one's radius, friction and ODE body; the body's size (its
 * extent, parts' sizes included). Returns the lowest point along up of the
 * f0 parts that no geom stands for (INFINITY when none). */
static double make_parts(body_sim *s)
{
	const body_model *m = s->m;
	if (m->format != BODY_F0)
		geoms_bound(s);
	double f0r = s->o.part_radius / 100.0;
	double lo = INFINITY, ext_lo[3] = {INFINITY, INFINITY, INFINITY},
	       ext_hi[3] = {-INFINITY, -INFINITY, -INFINITY};
	for (size_t i = 0; i < m->nparts; i++) {
		const body_part *p = &m->parts[i];
		double r = f0r;
		if (m->format == BODY_F0) {
			r = f0r * (p->f0.s > 0 ? p->f0.s : 1);
			s->mu[i] = p->friction * s->o.friction / 100.0;
		} else {
			s->mu[i] = (p->friction >= 0 ? p->friction : 1.0) * s->o.friction / 100.0;
			r = s->radius[i]; /* geoms_bound's */
		}
		s->radius[i] = r;
		make_part_body(s, i, r);
		for (int k = 0; k < 3; k++) {
			ext_lo[k] = fmin(ext_lo[k], p->pos[k] - r);
			ext_hi[k] = fmax(ext_hi[k], p->pos[k] + r);
		}
		if (m->format == BODY_F0 && !(i < m->ngeoms && m->geoms[i].shape != BODY_SHAPE_POINT))
			lo = fmin(lo, dot3(p->pos, s->up) - r);
	}
	for (int k = 0; k < 3; k++)
		s->size = fmax(s->size, ext_hi[k] - ext_lo[k]);
	if (!(s->size > 0))
		s->size = 1;
	return lo;
}

/* Whether geom g is simulated; if not, a line in `warn` (may be NULL)
 * says why. */
static bool geom_simulated(const body_geom *bg, size_t g, c2_wbuf *warn)
{
	if (bg->shape == BODY_SHAPE_RAY) {
		if (warn)
			c2_w_printf(warn, "geom %zu: a ray is a sensor ODE does not move: not simulated\n", g);
		return false;
	}
	if (bg->shape != BODY_SHAPE_POINT && bg->shape != BODY_SHAPE_PLANE && !sizes_ok(bg)) {
		if (warn)
			c2_w_printf(warn, "geom %zu: a %s of no size: not simulated\n", g,
			            body_shape_name(bg->shape));
		return false;
	}
	if (bg->part >= 0 && bg->shape == BODY_SHAPE_PLANE) {
		if (warn)
			c2_w_printf(warn, "geom %zu: a plane cannot move with a body: not simulated\n", g);
		return false;
	}
	return true;
}

/* Fix geom g (rotation gR) to its part's ODE body, placed relative to the
 * part's centre of mass. */
static void attach_geom(body_sim *s, size_t g, dGeomID geom, const double gR[3][3])
{
	const body_geom *bg = &s->m->geoms[g];
	const body_part *p = &s->m->parts[bg->part];
	s->geom[g] = geom;
	dGeomSetBody(geom, s->body[bg->part]);
	double rel[3], c[3], off[3], offR[3][3];
	mul3(p->R, s->com[bg->part], c);
	for (int k = 0; k < 3; k++)
		rel[k] = bg->pos[k] - p->pos[k] - c[k];
	mul_t3(p->R, rel, off);
	mtm3(p->R, gR, offR);
	orthonormal(offR);
	dGeomSetOffsetPosition(geom, off[0], off[1], off[2]);
	dMatrix3 ooR;
	to_ode_R(offR, ooR);
	dGeomSetOffsetRotation(geom, ooR);
}

/* Geoms: those of parts fixed to their bodies, the others static (a line in
 * `warn` for each left out). Returns `lo` lowered to the lowest point of the
 * geoms that move (f0's points aside). */
static double make_geoms(body_sim *s, double lo, c2_wbuf *warn)
{
	const body_model *m = s->m;
	for (size_t g = 0; g < m->ngeoms; g++) {
		const body_geom *bg = &m->geoms[g];
		if (!geom_simulated(bg, g, warn))
			continue;
		double gR[3][3];
		memcpy(gR, bg->R, sizeof gR);
		orthonormal(gR);
		double radius = m->format == BODY_F0 ? s->radius[bg->part >= 0 ? bg->part : 0] : 0;
		dGeomID geom = make_geom(s, g, radius);
		if (!geom)
			continue;
		if (bg->part >= 0) {
			attach_geom(s, g, geom, gR);
			if (m->format != BODY_F0 || bg->shape != BODY_SHAPE_POINT)
				lo = fmin(lo, lowest(bg, bg->pos, gR, s->up));
		} else {
			if (bg->shape != BODY_SHAPE_PLANE) {
				dMatrix3 oR;
				to_ode_R(gR, oR);
				dGeomSetPosition(geom, bg->pos[0], bg->pos[1], bg->pos[2]);
				dGeomSetRotation(geom, oR);
			}
			s->statics[s->nstatics++] = geom;
		}
	}
	return lo;
}

/* The f0 muscles: an effector for each muscle neuron of the network, its
 * torque scaled to the body's weight and size. False when out of memory. */
static bool add_f0_muscles(body_sim *s)
{
	const body_model *m = s->m;
	for (size_t i = 0; i < m->nneurons; i++) {
		bool bend;
		double power, range;
		if (!body_net_muscle(s->net, i, &bend, &power, &range))
			continue;
		const body_neuron *bn = &m->neurons[i];
		body_effector e = {0};
		snprintf(e.name, sizeof e.name, "J%d%s", bn->joint, bend ? "|" : "@");
		e.kind = bend ? BODY_EFF_BEND : BODY_EFF_ROTATE;
		e.joint = bn->joint;
		e.axis = 0;
		e.neuron = (int)i;
		e.has_input = body_net_has_inputs(s->net, i);
		if (!add_effector(s, &e))
			return false;
		s->eff[s->neff - 1].range = range;
		s->eff[s->neff - 1].k = power * s->o.muscle_torque / 100.0 * s->weight_size;
		s->joint[bn->joint].work = true;
	}
	return true;
}

/* Joints and effectors: the joints (an XODE one's motors are its
 * effectors), then for f0 the neural network and its muscles. */
static int make_joints(body_sim *s, c2_wbuf *warn, c2_err *err)
{
	const body_model *m = s->m;
	for (size_t i = 0; i < m->njoints; i++) {
		if (m->format == BODY_F0)
			build_f0_joint(s, i);
		else if (!build_xode_joint(s, i))
			return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	}
	if (m->format != BODY_F0)
		return 0;
	int rc = body_net_new(&s->net, m, s->o.randinit / 100.0, &s->rng, warn, err);
	if (rc)
		return rc;
	if (!add_f0_muscles(s))
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	return 0;
}

int body_sim_new(body_sim **out, const body_model *m, const body_options *o, uint64_t seed,
                 c2_wbuf *warn, c2_err *err)
{
	*out = NULL;
	int rc = check_model(m, err);
	if (rc)
		return rc;
	if ((rc = c2_options_check(&body_option_tab, o, err)) != 0)
		return rc;
	body_sim *s = calloc(1, sizeof *s);
	if (!s)
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	s->m = m;
	s->o = *o;
	c2_rng_seed(&s->rng, seed);
	s->ode_seed = c2_rng_next(&s->rng) & 0xffffffffu;
	stepping(o, m->nparts + m->njoints + m->ngeoms, &s->substeps, &s->iterations);
	s->dt = TICK_SECONDS / s->substeps;
	if (!alloc_arrays(s)) {
		body_sim_free(s);
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	}

	dInitODE2(0);
	dAllocateODEDataForThread(dAllocateMaskAll);
	dSetMessageHandler(ode_quiet);
	s->world = dWorldCreate();
	s->contacts = dJointGroupCreate(0);
	dWorldSetQuickStepNumIterations(s->world, s->iterations);

	bool have_plane = find_up(s);
	double g_acc = o->gravity / 100.0;
	dWorldSetGravity(s->world, -g_acc * s->up[0], -g_acc * s->up[1], -g_acc * s->up[2]);
	double lo = make_geoms(s, make_parts(s), warn);
	if (!have_plane) {
		/* Framsticks stands a creature on the ground: the plane touches its
		 * lowest point. */
		s->ground = isfinite(lo) ? lo : 0;
		s->statics[s->nstatics++] =
			dCreatePlane(0, s->up[0], s->up[1], s->up[2], s->ground);
	}
	if (!(s->near = body_statics_new(s->statics, s->nstatics, s->up))) {
		body_sim_free(s);
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	}
	s->weight_size = s->mass * g_acc * s->size;
	s->default_fmax = o->motor_strength / 100.0 * s->weight_size / 2;

	/* World behaviour at this body's scale. */
	dWorldSetContactSurfaceLayer(s->world, 0.001 * s->size);
	dWorldSetContactMaxCorrectingVel(s->world, s->size);

	if ((rc = make_joints(s, warn, err)) != 0) {
		body_sim_free(s);
		return rc;
	}
	s->heading_part = 0;
	canonical(s);
	centre_of_mass(s);
	for (int k = 0; k < SPEED_TICKS; k++)
		memcpy(s->com_past[k], s->com_now, sizeof s->com_now);
	*out = s;
	return 0;
}

/* ---- stepping ------------------------------------------------------------------------ */

static double clamp1(double v)
{
	if (!(v == v))
		return 0; /* NaN */
	return v < -1 ? -1 : v > 1 ? 1 : v;
}

static void part_frame(const body_sim *s, size_t i, double pos[3], double R[3][3])
{
	from_ode_R(dBodyGetRotation(s->body[i]), R);
	const dReal *p = dBodyGetPosition(s->body[i]);
	double c[3];
	mul3(R, s->com[i], c);
	for (int k = 0; k < 3; k++)
		pos[k] = p[k] - c[k];
}

static double sense_touch(void *ctx, int part, double r)
{
	const body_sim *s = ctx;
	if (s->contact[part])
		return 1;
	double range = r * s->o.touch_range / 100.0;
	double pos[3], R[3][3];
	part_frame(s, (size_t)part, pos, R);
	double d = dot3(pos, s->up) - s->ground - s->radius[part];
	if (d <= 0)
		return 1;
	return range > 0 && d < range ? 1 - d / range : 0;
}

static double sense_gyro(void *ctx, int joint)
{
	const body_sim *s = ctx;
	const body_joint *j = &s->m->joints[joint];
	const dReal *a = dBodyGetPosition(s->body[j->p1]), *b = dBodyGetPosition(s->body[j->p2]);
	double d[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
	if (!unit3(d))
		return 0;
	return clamp1(dot3(d, s->up));
}

/* The signal of each effector for this step. */
static void effector_signals(body_sim *s)
{
	for (size_t i = 0; i < s->neff; i++) {
		sim_eff *e = &s->eff[i];
		double base;
		switch (e->mode) {
		case BODY_DRIVE_RHYTHM:
			base = sin(2 * PI * (s->rhythm_phase + e->phase));
			break;
		case BODY_DRIVE_CONST:
			base = 1;
			break;
		default:
			base = e->e.neuron >= 0 ? body_net_input(s->net, (size_t)e->e.neuron) : 0;
			break;
		}
		e->signal = clamp1(e->gain * base + e->offset);
	}
}

/* f0 joints: each muscle's target, then the servo toward it. */
static void f0_servos(body_sim *s)
{
	const body_model *m = s->m;
	/* A muscle is as stiff as it is activated (|signal|): it pulls toward
	 * its angle with that stiffness, the stick's own stiffness toward rest;
	 * the servo holds the balance of these springs with their sum. A
	 * relaxed muscle adds nothing. */
	for (size_t j = 0; j < m->njoints; j++) {
		sim_joint *sj = &s->joint[j];
		sj->bend_angle = sj->rot_angle = sj->k_bend = sj->k_rot = 0;
	}
	for (size_t i = 0; i < s->neff; i++) {
		const sim_eff *e = &s->eff[i];
		sim_joint *sj = &s->joint[e->e.joint];
		double k = e->k * fabs(e->signal);
		if (e->e.kind == BODY_EFF_BEND) {
			sj->k_bend += k;
			sj->bend_angle += k * e->signal * e->range * s->o.bend_range * PI / 180;
		} else {
			sj->k_rot += k;
			sj->rot_angle += k * e->signal * s->o.rotate_range * PI / 180;
		}
	}
	for (size_t j = 0; j < m->njoints; j++) {
		sim_joint *sj = &s->joint[j];
		const body_joint *bj = &m->joints[j];
		double RA[3][3], RB[3][3], rel[3][3], Rb[3][3], Rr[3][3], T[3][3], D[3][3], e[3];
		from_ode_R(dBodyGetRotation(s->body[bj->p1]), RA);
		from_ode_R(dBodyGetRotation(s->body[bj->p2]), RB);
		mtm3(RA, RB, rel);
		double stiff = sj->k_pass + sj->k_bend + sj->k_rot;
		double kb = sj->k_pass + sj->k_bend, kr = sj->k_pass + sj->k_rot;
		axis_rot(sj->bend, kb > 0 ? sj->bend_angle / kb : 0, Rb);
		axis_rot(sj->dir, kr > 0 ? sj->rot_angle / kr : 0, Rr);
		mm3(Rb, Rr, T);
		mm3(T, sj->rel0, T);
		mmt3(T, rel, D); /* the rotation from now to the target, in part 1's frame */
		rot_vector(D, e);
		double gain = s->o.servo_gain;
		static const int vel[3] = {dParamVel, dParamVel2, dParamVel3};
		static const int fm[3] = {dParamFMax, dParamFMax2, dParamFMax3};
		static const int cfm[3] = {dParamCFM, dParamCFM2, dParamCFM3};
		for (int k = 0; k < 3; k++) {
			/* ODE's angular motor drives (w1 - w2) . axis to Vel */
			dJointSetAMotorParam(sj->motor, vel[k], -gain * e[k]);
			/* With CFM the velocity motor is an implicit spring and damper:
			 * torque = (gain e - w) / CFM, i.e. stiffness `stiff` and damping
			 * stiff / gain, stable at any stiffness (ODE user guide, "How to
			 * use ERP and CFM"); FMax only caps it at half a turn's torque. */
			dJointSetAMotorParam(sj->motor, fm[k], stiff > 0 ? stiff * PI : 0);
			dJointSetAMotorParam(sj->motor, cfm[k], stiff > 0 ? gain / stiff : 1);
		}
	}
}

/* XODE effectors: a driven axis is a servo toward its target; an undriven
 * one keeps what the document says. */
static void xode_servos(body_sim *s)
{
	for (size_t i = 0; i < s->neff; i++) {
		const sim_eff *e = &s->eff[i];
		const body_joint *bj = &s->m->joints[e->e.joint];
		dJointID j = s->joint[e->e.joint].j;
		bool linear = bj->kind == BODY_JOINT_SLIDER;
		if (e->mode == BODY_DRIVE_OWN) {
			/* the document's motor, or the joint's friction (none by default:
			 * a relaxed joint is limp) */
			joint_param(j, bj->kind, dParamVel, e->e.axis, e->doc_motor ? e->doc_vel : 0);
			joint_param(j, bj->kind, dParamFMax, e->e.axis, e->doc_motor ? e->doc_fmax : 0);
			if (e->friction)
				friction_set(e->friction, linear, e->fmax * s->o.joint_friction / 100.0);
			continue;
		}
		if (e->friction)
			friction_set(e->friction, linear, 0);
		double target = (e->lo + e->hi) / 2 + e->signal * (e->hi - e->lo) / 2, now;
		switch (bj->kind) {
		case BODY_JOINT_HINGE:
			now = dJointGetHingeAngle(j);
			break;
		case BODY_JOINT_SLIDER:
			now = dJointGetSliderPosition(j);
			break;
		case BODY_JOINT_UNIVERSAL:
			now = e->e.axis ? dJointGetUniversalAngle2(j) : dJointGetUniversalAngle1(j);
			break;
		case BODY_JOINT_HINGE2:
			now = dJointGetHinge2Angle1(j);
			break;
		default:
			now = target;
			break;
		}
		joint_param(j, bj->kind, dParamVel, e->e.axis, s->o.servo_gain * (target - now));
		joint_param(j, bj->kind, dParamFMax, e->e.axis, e->fmax);
	}
}

/* One contact point of part `part`'s geom with a static geom. */
static void add_contact(body_sim *s, int part, const dContactGeom *cg)
{
	dBodyID b = s->body[part];
	dContact c;
	memset(&c, 0, sizeof c);
	c.geom = *cg;
	c.surface.mode = dContactApprox1;
	c.surface.mu = s->mu[part];
	dJointID cj = dJointCreateContact(s->world, s->contacts, &c);
	dJointAttach(cj, b, 0);
	s->contact[part] = 1;
	s->grounded = true;
	/* approach speed along the normal (it points into the body) */
	dVector3 v;
	dBodyGetPointVel(b, cg->pos[0], cg->pos[1], cg->pos[2], v);
	double in = -(v[0] * cg->normal[0] + v[1] * cg->normal[1] + v[2] * cg->normal[2]);
	if (in > s->impact)
		s->impact = in;
}

/* Contacts between every part's geoms and the static geoms they may touch
 * (a body does not collide with itself), in a fixed order: geom by geom,
 * against the statics in index order. */
static void collide(body_sim *s)
{
	memset(s->contact, 0, s->m->nparts);
	dContactGeom cg[MAX_CONTACTS];
	size_t pairs = 0, contacts = 0;
	for (size_t g = 0; g < s->m->ngeoms && pairs < MAX_STEP_PAIRS; g++) {
		if (!s->geom[g])
			continue;
		int part = s->m->geoms[g].part;
		const size_t *near;
		size_t nn = body_statics_near(s->near, s->geom[g], s->o.body_reference, &near);
		pairs += nn;
		for (size_t k = 0; k < nn && contacts < MAX_STEP_CONTACTS; k++) {
			int n = dCollide(s->geom[g], s->statics[near[k]], MAX_CONTACTS, cg, sizeof cg[0]);
			for (int c = 0; c < n && contacts < MAX_STEP_CONTACTS; c++, contacts++)
				add_contact(s, part, &cg[c]);
		}
	}
}

/* Work done by the muscles and motors during the last step. */
static double step_work(const body_sim *s)
{
	double w = 0;
	for (size_t j = 0; j < s->m->njoints; j++) {
		const sim_joint *sj = &s->joint[j];
		if (!sj->work)
			continue;
		dJointID jj = sj->motor ? sj->motor : sj->j;
		dBodyID b1 = dJointGetBody(jj, 0), b2 = dJointGetBody(jj, 1);
		double p = 0;
		if (b1) {
			const dReal *v = dBodyGetLinearVel(b1), *om = dBodyGetAngularVel(b1);
			p += sj->fb.f1[0] * v[0] + sj->fb.f1[1] * v[1] + sj->fb.f1[2] * v[2];
			p += sj->fb.t1[0] * om[0] + sj->fb.t1[1] * om[1] + sj->fb.t1[2] * om[2];
		}
		if (b2) {
			const dReal *v = dBodyGetLinearVel(b2), *om = dBodyGetAngularVel(b2);
			p += sj->fb.f2[0] * v[0] + sj->fb.f2[1] * v[1] + sj->fb.f2[2] * v[2];
			p += sj->fb.t2[0] * om[0] + sj->fb.t2[1] * om[1] + sj->fb.t2[2] * om[2];
		}
		if (isfinite(p))
			w += fabs(p) * s->dt;
	}
	return w;
}

static void get_state(const body_sim *s, size_t i, body_state *st)
{
	const dReal *p = dBodyGetPosition(s->body[i]), *q = dBodyGetQuaternion(s->body[i]),
	            *l = dBodyGetLinearVel(s->body[i]), *a = dBodyGetAngularVel(s->body[i]);
	for (int k = 0; k < 3; k++) {
		st->pos[k] = p[k];
		st->lv[k] = l[k];
		st->av[k] = a[k];
	}
	for (int k = 0; k < 4; k++)
		st->q[k] = q[k];
}

static void set_state(body_sim *s, size_t i, const body_state *st)
{
	dBodyID b = s->body[i];
	dBodySetPosition(b, st->pos[0], st->pos[1], st->pos[2]);
	dQuaternion q = {st->q[0], st->q[1], st->q[2], st->q[3]};
	dBodySetQuaternion(b, q);
	dBodySetLinearVel(b, st->lv[0], st->lv[1], st->lv[2]);
	dBodySetAngularVel(b, st->av[0], st->av[1], st->av[2]);
}

/* Put every body's state through the setters a restore uses, keeping the
 * orientation quaternion *given* to ODE: ODE renormalises what it is given
 * (dBodySetQuaternion), and renormalising is not idempotent in floating
 * point, so a snapshot keeps the quaternion before that step and a restore
 * gives ODE the very same one: both sims then hold identical bits. */
static void canonical(body_sim *s)
{
	for (size_t i = 0; i < s->m->nparts; i++) {
		body_state st;
		get_state(s, i, &st);
		set_state(s, i, &st);
		memcpy(s->qset[i], st.q, sizeof st.q);
	}
}

static void update_readings(body_sim *s, double work)
{
	centre_of_mass(s);
	const double *com = s->com_now;
	/* Speed over the last second (fewer ticks at the start): locomotion, not
	 * the tremor a resting body has in a solver of finite iterations. */
	uint64_t n = s->ticks < SPEED_TICKS ? s->ticks : SPEED_TICKS;
	double *then = s->com_past[s->ticks % SPEED_TICKS]; /* n ticks ago (or the start) */
	double d[3] = {com[0] - then[0], com[1] - then[1], com[2] - then[2]};
	double span = (double)(n ? n : 1) * TICK_SECONDS;
	memcpy(then, com, sizeof s->com_now);
	s->speed = norm3(d) / span;
	s->power = work / TICK_SECONDS;
	double h[3];
	double pos[3], R[3][3];
	part_frame(s, (size_t)s->heading_part, pos, R);
	double x[3] = {R[0][0], R[1][0], R[2][0]};
	double xu = dot3(x, s->up);
	for (int k = 0; k < 3; k++)
		h[k] = x[k] - xu * s->up[k];
	s->forward = unit3(h) ? dot3(d, h) / span : 0;
	s->touch = 0;
	for (size_t i = 0; s->net && i < body_net_size(s->net); i++) {
		double r;
		if (body_net_touch_range(s->net, i, &r) && body_net_state(s->net, i) > s->touch)
			s->touch = body_net_state(s->net, i);
	}
}

/* Is every body's state within RUN_LIMIT (and finite)? */
static bool state_bounded(const body_sim *s)
{
	for (size_t i = 0; i < s->m->nparts; i++) {
		body_state st;
		get_state(s, i, &st);
		if (!bounded3(st.pos, RUN_LIMIT) || !bounded3(st.lv, RUN_LIMIT) ||
		    !bounded3(st.av, RUN_LIMIT))
			return false;
	}
	return true;
}

void body_sim_tick(body_sim *s)
{
	if (s->broken) { /* a body that ran out of bounds stays where it is */
		s->ticks++;
		s->speed = s->power = s->forward = s->impact = 0;
		return;
	}
	int S = s->substeps, N = s->o.neuro_steps;
	body_net_senses se = {sense_touch, sense_gyro, s};
	double work = 0;
	s->impact = 0;
	s->grounded = false;
	for (size_t i = 0; i < s->m->nparts; i++)
		get_state(s, i, &s->start[i]);
	for (int k = 0; k < S; k++) {
		/* the network's steps spread evenly over the tick */
		int due = (int)(((long)(k + 1) * N) / S - ((long)k * N) / S);
		for (int n = 0; n < due && s->net; n++)
			body_net_step(s->net, &se, &s->rng);
		effector_signals(s);
		if (s->m->format == BODY_F0)
			f0_servos(s);
		else
			xode_servos(s);
		collide(s);
		if (!state_bounded(s)) {
			dJointGroupEmpty(s->contacts);
			break;
		}
		dRandSetSeed((unsigned long)s->ode_seed);
		dWorldQuickStep(s->world, s->dt);
		s->ode_seed = dRandGetSeed() & 0xffffffffu;
		dJointGroupEmpty(s->contacts);
		work += step_work(s);
		s->rhythm_phase = fmod(s->rhythm_phase + s->rhythm_hz * s->dt, 1.0);
	}
	if (!state_bounded(s)) {
		/* Out of bounds (a hostile body): back to where the tick began, at
		 * rest, for good — so every state at a tick boundary is one ODE can
		 * take and a snapshot can hold. */
		s->broken = true;
		for (size_t i = 0; i < s->m->nparts; i++) {
			body_state st = s->start[i];
			memset(st.lv, 0, sizeof st.lv);
			memset(st.av, 0, sizeof st.av);
			set_state(s, i, &st);
		}
	}
	canonical(s);
	s->energy += work;
	s->ticks++;
	update_readings(s, work);
}

/* ---- effectors and readings ------------------------------------------------------------ */

size_t body_sim_neffectors(const body_sim *s) { return s->neff; }

const body_effector *body_sim_effector(const body_sim *s, size_t i)
{
	return i < s->neff ? &s->eff[i].e : NULL;
}

int body_sim_effector_find(const body_sim *s, const char *name, size_t n)
{
	for (size_t i = 0; i < s->neff; i++)
		if (strlen(s->eff[i].e.name) == n && memcmp(s->eff[i].e.name, name, n) == 0)
			return (int)i;
	char buf[24];
	if (n == 0 || n >= sizeof buf)
		return -1;
	memcpy(buf, name, n);
	buf[n] = '\0';
	char *end;
	long v = strtol(buf, &end, 10);
	return !*end && buf[0] >= '0' && buf[0] <= '9' && v >= 0 && (size_t)v < s->neff ? (int)v : -1;
}

void body_sim_drive(body_sim *s, size_t i, body_drive_mode mode, double gain, double offset,
                    double phase)
{
	if (i >= s->neff)
		return;
	s->eff[i].mode = mode;
	s->eff[i].gain = isfinite(gain) ? gain : 0;
	s->eff[i].offset = isfinite(offset) ? offset : 0;
	s->eff[i].phase = isfinite(phase) ? phase - floor(phase) : 0;
}

void body_sim_set_rhythm(body_sim *s, double hz)
{
	s->rhythm_hz = isfinite(hz) && hz > 0 ? hz : 0;
}

double body_sim_effector_signal(const body_sim *s, size_t i)
{
	return i < s->neff ? s->eff[i].signal : 0;
}

/* The centre of mass's velocity along "up" now, from each body's velocity
 * (ODE's state: what a snapshot restores, so a restored sim reads the same). */
static double com_velocity_up(const body_sim *s)
{
	double v = 0;
	for (size_t i = 0; s->body && s->mass > 0 && i < s->m->nparts; i++) {
		dMass dm;
		dBodyGetMass(s->body[i], &dm);
		const dReal *lv = dBodyGetLinearVel(s->body[i]);
		v += dm.mass * (lv[0] * s->up[0] + lv[1] * s->up[1] + lv[2] * s->up[2]) / s->mass;
	}
	return v;
}

void body_sim_read(const body_sim *s, body_reading *r)
{
	memset(r, 0, sizeof *r);
	r->t = (double)s->ticks * TICK_SECONDS;
	memcpy(r->com, s->com_now, sizeof r->com);
	r->speed = s->speed;
	r->height = dot3(s->com_now, s->up) - s->ground;
	r->energy = s->energy;
	r->power = s->power;
	r->forward = s->forward;
	r->impact = s->impact;
	r->descent = -com_velocity_up(s);
	r->touch = s->touch;
	r->grounded = s->grounded;
	r->broken = s->broken;
	r->mass = s->mass;
	r->size = s->size;
	if (s->body) {
		double pos[3], R[3][3];
		part_frame(s, (size_t)s->heading_part, pos, R);
		r->pitch = asin(clamp1(R[0][0] * s->up[0] + R[1][0] * s->up[1] + R[2][0] * s->up[2]));
	}
}

void body_sim_ground(const body_sim *s, double up[3], double *ground)
{
	memcpy(up, s->up, sizeof s->up);
	*ground = s->ground;
}

void body_sim_part_pose(const body_sim *s, size_t i, double pos[3], double R[3][3])
{
	part_frame(s, i, pos, R);
}

double body_sim_part_radius(const body_sim *s, size_t i)
{
	return i < s->m->nparts ? s->radius[i] : 0;
}

void body_sim_geom_pose(const body_sim *s, size_t g, double pos[3], double R[3][3])
{
	const body_geom *bg = &s->m->geoms[g];
	if (bg->part < 0 || !s->geom[g]) {
		memcpy(pos, bg->pos, 3 * sizeof *pos);
		memcpy(R, bg->R, sizeof bg->R);
		if (bg->part >= 0) { /* not simulated, but moves with its part */
			double ppos[3], PR[3][3], off[3], offR[3][3];
			const body_part *p = &s->m->parts[bg->part];
			double rel[3] = {bg->pos[0] - p->pos[0], bg->pos[1] - p->pos[1], bg->pos[2] - p->pos[2]};
			mul_t3(p->R, rel, off);
			mtm3(p->R, bg->R, offR);
			part_frame(s, (size_t)bg->part, ppos, PR);
			mul3(PR, off, pos);
			for (int k = 0; k < 3; k++)
				pos[k] += ppos[k];
			mm3(PR, offR, R);
		}
		return;
	}
	const dReal *p = dGeomGetPosition(s->geom[g]);
	for (int k = 0; k < 3; k++)
		pos[k] = p[k];
	from_ode_R(dGeomGetRotation(s->geom[g]), R);
}

double body_sim_neuron_state(const body_sim *s, size_t neuron)
{
	return s->net ? body_net_state(s->net, neuron) : 0;
}

size_t body_sim_nports(const body_sim *s) { return s->net ? body_net_nports(s->net) : 0; }

const char *body_sim_port(const body_sim *s, size_t k, bool *writes, int *neuron)
{
	return s->net ? body_net_port(s->net, k, writes, neuron) : NULL;
}

void body_sim_port_set(body_sim *s, size_t k, double v)
{
	if (s->net)
		body_net_port_set(s->net, k, isfinite(v) ? v : 0);
}

double body_sim_port_get(const body_sim *s, size_t k)
{
	int neuron;
	if (!s->net || !body_net_port(s->net, k, NULL, &neuron))
		return 0;
	return body_net_input(s->net, (size_t)neuron);
}

/* ---- state ------------------------------------------------------------------------------ */

static void put3(c2_sink *w, const double v[3])
{
	for (int k = 0; k < 3; k++)
		c2_put_f64(w, v[k]);
}

static void get3(c2_rbuf *r, double v[3])
{
	for (int k = 0; k < 3; k++)
		v[k] = c2_r_f64(r);
}

void body_sim_save(const body_sim *s, c2_sink *w)
{
	c2_put_u64(w, s->ticks);
	for (int k = 0; k < 4; k++)
		c2_put_u64(w, s->rng.s[k]);
	c2_put_u64(w, s->ode_seed);
	c2_put_f64(w, s->rhythm_hz);
	c2_put_f64(w, s->rhythm_phase);
	c2_put_u32(w, (uint32_t)s->m->nparts);
	for (size_t i = 0; i < s->m->nparts; i++) {
		body_state st;
		get_state(s, i, &st);
		put3(w, st.pos);
		for (int k = 0; k < 4; k++)
			c2_put_f64(w, s->qset[i][k]); /* what ODE was given: see canonical */
		put3(w, st.lv);
		put3(w, st.av);
		c2_put_u8(w, s->contact[i]);
	}
	c2_put_u32(w, (uint32_t)s->neff);
	for (size_t i = 0; i < s->neff; i++) {
		const sim_eff *e = &s->eff[i];
		c2_put_u8(w, (uint8_t)e->mode);
		c2_put_f64(w, e->gain);
		c2_put_f64(w, e->offset);
		c2_put_f64(w, e->phase);
		c2_put_f64(w, e->signal);
	}
	c2_put_f64(w, s->energy);
	c2_put_f64(w, s->power);
	c2_put_f64(w, s->speed);
	c2_put_f64(w, s->impact);
	c2_put_f64(w, s->touch);
	c2_put_f64(w, s->forward);
	put3(w, s->com_now);
	for (int k = 0; k < SPEED_TICKS; k++)
		put3(w, s->com_past[k]);
	c2_put_u8(w, s->grounded);
	c2_put_u8(w, s->broken);
	c2_put_u8(w, s->net != NULL);
	if (s->net)
		body_net_save(s->net, w);
}

int body_sim_load(body_sim *s, c2_rbuf *r, c2_err *err)
{
	s->ticks = c2_r_u64(r);
	for (int k = 0; k < 4; k++)
		s->rng.s[k] = c2_r_u64(r);
	s->ode_seed = c2_r_u64(r) & 0xffffffffu;
	double hz = c2_r_f64(r), ph = c2_r_f64(r);
	if (c2_r_u32(r) != s->m->nparts)
		r->bad = true;
	body_state *st = calloc(s->m->nparts, sizeof *st);
	if (!st)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	for (size_t i = 0; i < s->m->nparts && !r->bad; i++) {
		get3(r, st[i].pos);
		for (int k = 0; k < 4; k++)
			st[i].q[k] = c2_r_f64(r);
		get3(r, st[i].lv);
		get3(r, st[i].av);
		s->contact[i] = c2_r_u8(r) != 0;
		double qn = sqrt(st[i].q[0] * st[i].q[0] + st[i].q[1] * st[i].q[1] +
		                 st[i].q[2] * st[i].q[2] + st[i].q[3] * st[i].q[3]);
		/* ODE cannot take these (a zero quaternion aborts it) */
		if (!bounded3(st[i].pos, RUN_LIMIT) || !bounded3(st[i].lv, RUN_LIMIT) ||
		    !bounded3(st[i].av, RUN_LIMIT) || !(qn > 0.5) || !(qn < 2))
			r->bad = true;
	}
	if (c2_r_u32(r) != s->neff)
		r->bad = true;
	for (size_t i = 0; i < s->neff && !r->bad; i++) {
		sim_eff *e = &s->eff[i];
		uint8_t mode = c2_r_u8(r);
		if (mode > BODY_DRIVE_CONST)
			r->bad = true;
		e->mode = (body_drive_mode)mode;
		e->gain = c2_r_f64(r);
		e->offset = c2_r_f64(r);
		e->phase = c2_r_f64(r);
		e->signal = c2_r_f64(r);
		if (!isfinite(e->gain) || !isfinite(e->offset) || !isfinite(e->phase) || !isfinite(e->signal))
			r->bad = true;
	}
	s->energy = c2_r_f64(r);
	s->power = c2_r_f64(r);
	s->speed = c2_r_f64(r);
	s->impact = c2_r_f64(r);
	s->touch = c2_r_f64(r);
	s->forward = c2_r_f64(r);
	get3(r, s->com_now);
	for (int k = 0; k < SPEED_TICKS; k++)
		get3(r, s->com_past[k]);
	s->grounded = c2_r_u8(r) != 0;
	s->broken = c2_r_u8(r) != 0;
	uint8_t has_net = c2_r_u8(r);
	if (has_net != (s->net != NULL) || !isfinite(hz) || !isfinite(ph))
		r->bad = true;
	if (r->bad) {
		free(st);
		return c2_fail(err, C2_EFORMAT, (long)r->pos, -1, "bad body state in snapshot");
	}
	int rc = s->net ? body_net_load(s->net, r, err) : 0;
	if (rc) {
		free(st);
		return rc;
	}
	for (size_t i = 0; i < s->m->nparts; i++) {
		set_state(s, i, &st[i]);
		memcpy(s->qset[i], st[i].q, sizeof st[i].q);
	}
	free(st);
	body_sim_set_rhythm(s, hz);
	s->rhythm_phase = ph - floor(ph);
	return 0;
}
