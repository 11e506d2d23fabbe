/* xode_math.c — the arithmetic of XODE scenes: the three rotation forms,
 * affine maps (compose, invert, split into rotation and scale), and masses
 * exactly as ODE's dMass functions compute them (so a scene weighs here what
 * it weighs in ODE). */
#include <math.h>
#include <string.h>

#include "xode/xode_impl.h"

static void mat_mul(const double p[3][3], const double q[3][3], double out[3][3])
{
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			out[r][c] = p[r][0] * q[0][c] + p[r][1] * q[1][c] + p[r][2] * q[2][c];
}

static void mat_identity(double R[3][3])
{
	memset(R, 0, 9 * sizeof R[0][0]);
	R[0][0] = R[1][1] = R[2][2] = 1;
}

/* ---- rotations ------------------------------------------------------------------ */

void xode_sincos(double angle, bool degrees, double *s, double *c)
{
	/* Whole quarter turns in degrees are exact: 90 degrees gives cos 0, not
	 * the 6e-17 that cos(pi/2) is in floating point. */
	double q = degrees ? fmod(angle, 360) / 90 : 0;
	if (degrees && isfinite(q) && q == floor(q)) {
		static const double qs[4] = {0, 1, 0, -1}, qc[4] = {1, 0, -1, 0};
		int k = ((int)q % 4 + 4) % 4;
		*s = qs[k];
		*c = qc[k];
		return;
	}
	double r = degrees ? angle * (XODE_PI / 180) : angle;
	*s = sin(r);
	*c = cos(r);
}

void xode_euler_sc(const double s[3], const double c[3], double R[3][3])
{
	/* Fixed axes, X first: R = Rz(z) Ry(y) Rx(x), each a right-handed turn. */
	const double rx[3][3] = {{1, 0, 0}, {0, c[0], -s[0]}, {0, s[0], c[0]}};
	const double ry[3][3] = {{c[1], 0, s[1]}, {0, 1, 0}, {-s[1], 0, c[1]}};
	const double rz[3][3] = {{c[2], -s[2], 0}, {s[2], c[2], 0}, {0, 0, 1}};
	double zy[3][3];
	mat_mul(rz, ry, zy);
	mat_mul(zy, rx, R);
}

void xode_euler(double x, double y, double z, double R[3][3])
{
	double s[3], c[3];
	const double a[3] = {x, y, z};
	for (int i = 0; i < 3; i++)
		xode_sincos(a[i], false, &s[i], &c[i]);
	xode_euler_sc(s, c, R);
}

int xode_axisangle_sc(double x, double y, double z, double s, double c, double R[3][3])
{
	double n = sqrt(x * x + y * y + z * z);
	if (!(n > 0) || !isfinite(n))
		return -1;
	x /= n;
	y /= n;
	z /= n;
	/* Rodrigues: R = cos a I + sin a [k]x + (1 - cos a) k k^T. */
	double v = 1 - c;
	R[0][0] = c + x * x * v;
	R[0][1] = x * y * v - z * s;
	R[0][2] = x * z * v + y * s;
	R[1][0] = y * x * v + z * s;
	R[1][1] = c + y * y * v;
	R[1][2] = y * z * v - x * s;
	R[2][0] = z * x * v - y * s;
	R[2][1] = z * y * v + x * s;
	R[2][2] = c + z * z * v;
	return 0;
}

int xode_axisangle(double x, double y, double z, double angle, double R[3][3])
{
	double s, c;
	xode_sincos(angle, false, &s, &c);
	return xode_axisangle_sc(x, y, z, s, c, R);
}

int xode_quaternion(double x, double y, double z, double w, double R[3][3])
{
	double n = sqrt(x * x + y * y + z * z + w * w);
	if (!(n > 0) || !isfinite(n))
		return -1;
	x /= n;
	y /= n;
	z /= n;
	w /= n;
	R[0][0] = 1 - 2 * (y * y + z * z);
	R[0][1] = 2 * (x * y - z * w);
	R[0][2] = 2 * (x * z + y * w);
	R[1][0] = 2 * (x * y + z * w);
	R[1][1] = 1 - 2 * (x * x + z * z);
	R[1][2] = 2 * (y * z - x * w);
	R[2][0] = 2 * (x * z - y * w);
	R[2][1] = 2 * (y * z + x * w);
	R[2][2] = 1 - 2 * (x * x + y * y);
	return 0;
}

/* ---- affine maps ---------------------------------------------------------------- */

void xode_xf_identity(xode_xf *f)
{
	mat_identity(f->a);
	f->t[0] = f->t[1] = f->t[2] = 0;
}

void xode_xf_mul(const xode_xf *p, const xode_xf *q, xode_xf *out)
{
	mat_mul(p->a, q->a, out->a);
	for (int r = 0; r < 3; r++)
		out->t[r] = p->a[r][0] * q->t[0] + p->a[r][1] * q->t[1] + p->a[r][2] * q->t[2] + p->t[r];
}

void xode_xf_rigid_inverse(const xode_xf *f, xode_xf *out)
{
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			out->a[r][c] = f->a[c][r];
	for (int r = 0; r < 3; r++)
		out->t[r] = -(out->a[r][0] * f->t[0] + out->a[r][1] * f->t[1] + out->a[r][2] * f->t[2]);
}

int xode_xf_split(const double a[3][3], double R[3][3], double s[3])
{
	for (int j = 0; j < 3; j++) {
		s[j] = sqrt(a[0][j] * a[0][j] + a[1][j] * a[1][j] + a[2][j] * a[2][j]);
		if (!(s[j] > 0) || !isfinite(s[j]))
			return -1;
		for (int r = 0; r < 3; r++)
			R[r][j] = a[r][j] / s[j];
	}
	/* Orthogonal columns within what six written digits allow (a hand-typed
	 * matrix4f), so that only a real shear is refused. */
	for (int i = 0; i < 3; i++)
		for (int j = i + 1; j < 3; j++) {
			double d = R[0][i] * R[0][j] + R[1][i] * R[1][j] + R[2][i] * R[2][j];
			if (fabs(d) > 1e-6)
				return -2;
		}
	double det = R[0][0] * (R[1][1] * R[2][2] - R[1][2] * R[2][1]) -
	             R[0][1] * (R[1][0] * R[2][2] - R[1][2] * R[2][0]) +
	             R[0][2] * (R[1][0] * R[2][1] - R[1][1] * R[2][0]);
	return det < 0 ? -3 : 0;
}

bool xode_xf_finite(const xode_xf *f)
{
	for (int r = 0; r < 3; r++) {
		if (!isfinite(f->t[r]))
			return false;
		for (int c = 0; c < 3; c++)
			if (!isfinite(f->a[r][c]))
				return false;
	}
	return true;
}

/* ---- masses (ODE's mass.cpp, formula for formula) ----------------------------- */

static void mass_diag(xode_mass *ms, double m, double ixx, double iyy, double izz)
{
	memset(ms, 0, sizeof *ms);
	ms->m = m;
	ms->I[0][0] = ixx;
	ms->I[1][1] = iyy;
	ms->I[2][2] = izz;
}

void xode_mass_sphere(xode_mass *ms, double density, double radius)
{
	double m = (4.0 / 3.0) * XODE_PI * radius * radius * radius * density;
	double i = 0.4 * m * radius * radius;
	mass_diag(ms, m, i, i, i);
}

void xode_mass_box(xode_mass *ms, double density, double lx, double ly, double lz)
{
	double m = lx * ly * lz * density;
	mass_diag(ms, m, m / 12.0 * (ly * ly + lz * lz), m / 12.0 * (lx * lx + lz * lz),
	          m / 12.0 * (lx * lx + ly * ly));
}

void xode_mass_cylinder(xode_mass *ms, double density, double radius, double length)
{
	double r2 = radius * radius;
	double m = XODE_PI * r2 * length * density;
	double ia = m * (0.25 * r2 + (1.0 / 12.0) * length * length);
	mass_diag(ms, m, ia, ia, 0.5 * m * r2);
}

void xode_mass_capsule(xode_mass *ms, double density, double radius, double length)
{
	/* A cylinder of `length` plus two hemispherical caps (one sphere). */
	double r2 = radius * radius;
	double m1 = XODE_PI * r2 * length * density;
	double m2 = (4.0 / 3.0) * XODE_PI * r2 * radius * density;
	double ia = m1 * (0.25 * r2 + (1.0 / 12.0) * length * length) +
	            m2 * (0.4 * r2 + 0.375 * radius * length + 0.25 * length * length);
	double ib = (m1 * 0.5 + m2 * 0.4) * r2;
	mass_diag(ms, m1 + m2, ia, ia, ib);
}

void xode_mass_adjust(xode_mass *ms, double total)
{
	double k = total / ms->m;
	ms->m = total;
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			ms->I[r][c] *= k;
}

void xode_mass_rotate(xode_mass *ms, const double R[3][3])
{
	double t[3][3], Rt[3][3];
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			Rt[r][c] = R[c][r];
	mat_mul(R, ms->I, t);
	mat_mul(t, Rt, ms->I);
	double c[3];
	for (int r = 0; r < 3; r++)
		c[r] = R[r][0] * ms->c[0] + R[r][1] * ms->c[1] + R[r][2] * ms->c[2];
	memcpy(ms->c, c, sizeof c);
}

/* m (v v^T - |v|^2 E), i.e. m crossmat(v)^2: the parallel-axis term. */
static void axis_term(double m, const double v[3], double out[3][3])
{
	double n2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			out[r][c] = m * (v[r] * v[c] - (r == c ? n2 : 0));
}

void xode_mass_translate(xode_mass *ms, const double t[3])
{
	/* I + m (crossmat(c)^2 - crossmat(c + t)^2), then c += t. */
	double c2[3] = {ms->c[0] + t[0], ms->c[1] + t[1], ms->c[2] + t[2]};
	double a[3][3], b[3][3];
	axis_term(ms->m, ms->c, a);
	axis_term(ms->m, c2, b);
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			ms->I[r][c] += a[r][c] - b[r][c];
	memcpy(ms->c, c2, sizeof c2);
}

void xode_mass_add(xode_mass *ms, const xode_mass *b)
{
	double m = ms->m + b->m;
	double k = m != 0 ? 1.0 / m : 0;
	for (int r = 0; r < 3; r++) {
		ms->c[r] = (ms->c[r] * ms->m + b->c[r] * b->m) * k;
		for (int c = 0; c < 3; c++)
			ms->I[r][c] += b->I[r][c];
	}
	ms->m = m;
}

void xode_mass_central(const xode_mass *ms, double I[3][3])
{
	double a[3][3];
	axis_term(ms->m, ms->c, a);
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			I[r][c] = ms->I[r][c] + a[r][c];
}

bool xode_mass_valid(const xode_mass *ms)
{
	if (!(ms->m > 0) || !isfinite(ms->m))
		return false;
	double I[3][3];
	xode_mass_central(ms, I);
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			if (!isfinite(I[r][c]))
				return false;
	/* Positive definite: the three leading principal minors are positive. */
	double m1 = I[0][0];
	double m2 = I[0][0] * I[1][1] - I[0][1] * I[1][0];
	double m3 = I[0][0] * (I[1][1] * I[2][2] - I[1][2] * I[2][1]) -
	            I[0][1] * (I[1][0] * I[2][2] - I[1][2] * I[2][0]) +
	            I[0][2] * (I[1][0] * I[2][1] - I[1][1] * I[2][0]);
	return m1 > 0 && m2 > 0 && m3 > 0;
}
