/* test_xode_ode.c — XODE masses against ODE itself: every dMass operation the
 * loader reimplements (sphere, box, cylinder, capsule, by density and by
 * total; rotate, translate, add, adjust; the validity check) gives what
 * libode's own functions give, and a whole document's body masses equal the
 * same steps done with libode. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <ode/ode.h>

#include "xode/xode.h"
#include "xode/xode_impl.h"
#include "testutil.h"

/* Largest difference, relative to the larger magnitude (at least 1). */
static double mass_diff(const dMass *o, const xode_mass *x)
{
	double d = fabs(o->mass - x->m) / fmax(1, fabs(o->mass));
	for (int r = 0; r < 3; r++) {
		d = fmax(d, fabs(o->c[r] - x->c[r]) / fmax(1, fabs(o->c[r])));
		for (int c = 0; c < 3; c++)
			d = fmax(d, fabs(o->I[r * 4 + c] - x->I[r][c]) / fmax(1, fabs(o->I[r * 4 + c])));
	}
	return d;
}

#define SAME(o, x) assert_true(mass_diff(&(o), &(x)) < 1e-13)

static void test_shapes(void **state)
{
	(void)state;
	dMass o;
	xode_mass x;
	dMassSetSphere(&o, 2.5, 0.7);
	xode_mass_sphere(&x, 2.5, 0.7);
	SAME(o, x);
	dMassSetBox(&o, 2.5, 0.7, 1.1, 1.9);
	xode_mass_box(&x, 2.5, 0.7, 1.1, 1.9);
	SAME(o, x);
	dMassSetCylinder(&o, 2.5, 3, 0.3, 1.7);
	xode_mass_cylinder(&x, 2.5, 0.3, 1.7);
	SAME(o, x);
	dMassSetCapsule(&o, 2.5, 3, 0.3, 1.7);
	xode_mass_capsule(&x, 2.5, 0.3, 1.7);
	SAME(o, x);
	dMassSetCapsuleTotal(&o, 4, 3, 0.3, 1.7);
	xode_mass_capsule(&x, 1, 0.3, 1.7);
	xode_mass_adjust(&x, 4);
	SAME(o, x);
	dMassSetBoxTotal(&o, 4, 0.7, 1.1, 1.9);
	xode_mass_box(&x, 1, 0.7, 1.1, 1.9);
	xode_mass_adjust(&x, 4);
	SAME(o, x);
}

static void test_operations(void **state)
{
	(void)state;
	dMass o, o2;
	xode_mass x, x2;
	dMassSetCapsule(&o, 2.5, 3, 0.3, 1.7);
	xode_mass_capsule(&x, 2.5, 0.3, 1.7);
	dMatrix3 R;
	dRFromAxisAndAngle(R, 1, -2, 0.5, 0.9);
	double Rx[3][3];
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			Rx[r][c] = R[r * 4 + c];
	dMassRotate(&o, R);
	xode_mass_rotate(&x, Rx);
	SAME(o, x);
	dMassTranslate(&o, 0.3, -1.2, 2);
	xode_mass_translate(&x, (const double[3]){0.3, -1.2, 2});
	SAME(o, x);
	dMassSetBox(&o2, 1, 1, 2, 3);
	xode_mass_box(&x2, 1, 1, 2, 3);
	dMassTranslate(&o2, 1, 2, 3);
	xode_mass_translate(&x2, (const double[3]){1, 2, 3});
	dMassAdd(&o, &o2);
	xode_mass_add(&x, &x2);
	SAME(o, x);
	dMassAdjust(&o, 7);
	xode_mass_adjust(&x, 7);
	SAME(o, x);
	assert_int_equal(dMassCheck(&o), xode_mass_valid(&x));
	dMassSetCylinder(&o, 1, 3, 0, 2); /* no radius, no mass */
	xode_mass_cylinder(&x, 1, 0, 2);
	assert_int_equal(dMassCheck(&o), xode_mass_valid(&x));
	assert_false(xode_mass_valid(&x));
}

/* A document's mass, then the same steps with libode. */
static void test_document(void **state)
{
	(void)state;
	const char doc[] =
		"<xode version=\"1.0r23\"><world><space><body name=\"b\">\n"
		"<transform><rotation><axisangle x=\"0\" y=\"1\" z=\"0\" angle=\"30\" aformat=\"degrees\"/></rotation></transform>\n"
		"<mass><mass_shape density=\"3\"><cappedCylinder radius=\"0.2\" length=\"1\"/></mass_shape>\n"
		"  <transform><position x=\"0\" y=\"0.5\" z=\"0\"/><rotation><euler x=\"90\" y=\"0\" z=\"0\" aformat=\"degrees\"/></rotation></transform>\n"
		"  <adjust total=\"2\"/>\n"
		"  <mass><mass_shape total=\"1\"><box sizex=\"0.5\" sizey=\"0.5\" sizez=\"0.1\"/></mass_shape>\n"
		"    <transform><position x=\"0\" y=\"-0.3\" z=\"0.2\"/></transform></mass>\n"
		"</mass></body></space></world></xode>\n";
	body_model m;
	c2_err err;
	if (xode_load(&m, doc, strlen(doc), &err) != 0)
		fail_msg("line %ld: %s", err.line, err.msg);
	dMass o, o2;
	dMassSetCapsule(&o, 3, 3, 0.2, 1);
	dMatrix3 R;
	dRFromAxisAndAngle(R, 1, 0, 0, XODE_PI / 2);
	dMassRotate(&o, R);
	dMassTranslate(&o, 0, 0.5, 0);
	dMassAdjust(&o, 2);
	dMassSetBoxTotal(&o2, 1, 0.5, 0.5, 0.1);
	dMassTranslate(&o2, 0, -0.3, 0.2);
	dMassAdd(&o, &o2);
	/* body.h keeps the centre of mass and the inertia about it. */
	const body_part *p = &m.parts[0];
	assert_true(fabs(p->mass - o.mass) < 1e-13);
	double I[3][3];
	for (int r = 0; r < 3; r++) {
		assert_true(fabs(p->com[r] - o.c[r]) < 1e-13);
		for (int c = 0; c < 3; c++)
			I[r][c] = o.I[r * 4 + c] + o.mass * (o.c[r] * o.c[c] - (r == c ? dDOT(o.c, o.c) : 0));
	}
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			assert_true(fabs(p->inertia[r][c] - I[r][c]) < 1e-13);
	body_free(&m);
}

/* dMassCheck reports what it refuses; the test only wants its answer. */
static void quiet(int num, const char *msg, va_list ap)
{
	(void)num;
	(void)msg;
	(void)ap;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_operations),
		cmocka_unit_test(test_document),
	};
	dInitODE();
	dSetMessageHandler(quiet);
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	dCloseODE();
	return rc;
}
