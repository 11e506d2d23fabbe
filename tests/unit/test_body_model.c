/* test_body_model.c — one body model for both alternative bodies: an f0 body
 * and an XODE body answer the same accessor functions (body_total_mass,
 * body_find_part, body_part_point, body_part_ngeoms, body_geom_offset,
 * body_free), each as its own format's rules say, and the same invariants
 * hold for both.
 *
 * f0_body() loads the genotype F0_GENOTYPE with the f0 builder (parts where
 * p: puts them, ball-and-stick, part mass = the joints touching it, at
 * least 1, per docs/semantics/ §10.2). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "body/body.h"
#include "framsticks/f0.h"
#include "xode/xode.h"
#include "testutil.h"

static void assert_near(double got, double want)
{
	if (fabs(got - want) > 1e-12 * fmax(1, fabs(want)))
		fail_msg("got %.17g, expected %.17g", got, want);
}

/* Three parts in a row, the middle one touched by both joints. */
#define F0_GENOTYPE "//0\np:0,0,0\np:1,0,0\np:2,0,0\nj:0,1\nj:1,2\n"

static void f0_body(body_model *m)
{
	c2_err err;
	assert_int_equal(frams_f0_build_genotype(F0_GENOTYPE, strlen(F0_GENOTYPE), NULL, 1, m, &err), 0);
}

/* A base turned 90 degrees about z carrying an arm on a hinge; the arm's geom
 * sits half a unit along the arm's own x. */
static const char xode_doc[] =
	"<xode version=\"1.0r23\"><world><space>\n"
	"<body name=\"base\">\n"
	"  <transform><position x=\"1\" y=\"0\" z=\"0\"/><rotation><euler x=\"0\" y=\"0\" z=\"90\" aformat=\"degrees\"/></rotation></transform>\n"
	"  <mass><mass_shape density=\"1\"><box sizex=\"1\" sizey=\"1\" sizez=\"1\"/></mass_shape></mass>\n"
	"  <geom><box sizex=\"1\" sizey=\"1\" sizez=\"1\"/></geom>\n"
	"  <body name=\"arm\">\n"
	"    <transform><position x=\"1\" y=\"0\" z=\"0\"/></transform>\n"
	"    <mass><mass_shape total=\"3\"><sphere radius=\"1\"/></mass_shape></mass>\n"
	"    <geom><transform><position x=\"0.5\" y=\"0\" z=\"0\"/></transform><sphere radius=\"0.25\"/></geom>\n"
	"    <joint><link1 body=\"base\"/><hinge><axis x=\"0\" y=\"0\" z=\"1\"/></hinge></joint>\n"
	"  </body>\n"
	"</body>\n"
	"<geom name=\"floor\"><plane a=\"0\" b=\"0\" c=\"1\" d=\"0\"/></geom>\n"
	"</space></world></xode>\n";

static void xode_body(body_model *m)
{
	c2_err err;
	if (xode_load(m, xode_doc, strlen(xode_doc), &err) != 0)
		fail_msg("line %ld: %s", err.line, err.msg);
}

/* What must hold for any body model, whichever loader made it. */
static void check_invariants(const body_model *m)
{
	double sum = 0;
	for (size_t i = 0; i < m->nparts; i++) {
		const body_part *p = &m->parts[i];
		sum += p->mass;
		assert_true(p->mass > 0);
		/* The frame's origin is the part's position; its columns are unit axes. */
		double o[3], x[3];
		body_part_point(m, i, (const double[3]){0, 0, 0}, o);
		body_part_point(m, i, (const double[3]){1, 0, 0}, x);
		for (int k = 0; k < 3; k++) {
			assert_near(o[k], p->pos[k]);
			assert_near(x[k] - o[k], p->R[k][0]);
		}
		if (p->name)
			assert_int_equal(body_find_part(m, p->name), (int)i);
	}
	assert_near(body_total_mass(m), sum);
	size_t geoms = body_part_ngeoms(m, -1);
	for (size_t i = 0; i < m->nparts; i++)
		geoms += body_part_ngeoms(m, (int)i);
	assert_int_equal(geoms, m->ngeoms);
	/* Grouped in one pass: each part's run holds its geoms, in model order. */
	size_t *first = malloc((m->nparts + 2) * sizeof *first), *order = malloc((m->ngeoms + 1) * sizeof *order);
	assert_non_null(first);
	assert_non_null(order);
	body_geoms_by_part(m, first, order);
	assert_int_equal(first[0], 0);
	assert_int_equal(first[m->nparts + 1], m->ngeoms);
	for (int p = -1; p < (int)m->nparts; p++) {
		assert_int_equal(first[p + 2] - first[p + 1], body_part_ngeoms(m, p));
		for (size_t k = first[p + 1]; k < first[p + 2]; k++) {
			assert_int_equal(m->geoms[order[k]].part, p);
			assert_true(k == first[p + 1] || order[k] > order[k - 1]);
		}
	}
	free(first);
	free(order);
	/* A geom's offset, put back on its part, is where the geom is. */
	for (size_t g = 0; g < m->ngeoms; g++) {
		double off[3], R[3][3], w[3];
		body_geom_offset(m, g, off, R);
		if (m->geoms[g].part < 0) {
			for (int k = 0; k < 3; k++)
				assert_near(off[k], m->geoms[g].pos[k]);
			continue;
		}
		body_part_point(m, (size_t)m->geoms[g].part, off, w);
		for (int k = 0; k < 3; k++)
			assert_near(w[k], m->geoms[g].pos[k]);
	}
	for (size_t j = 0; j < m->njoints; j++) {
		const body_joint *jt = &m->joints[j];
		assert_true(jt->p1 >= -1 && jt->p1 < (int)m->nparts);
		assert_true(jt->p2 >= -1 && jt->p2 < (int)m->nparts);
		assert_true(jt->p1 != jt->p2);
	}
	assert_int_equal(body_find_part(m, "no such part"), -1);
}

static void test_f0(void **state)
{
	(void)state;
	body_model m;
	f0_body(&m);
	check_invariants(&m);
	assert_int_equal(m.format, BODY_F0);
	assert_int_equal(m.nparts, 3);
	assert_near(body_total_mass(&m), 4); /* 1 + 2 + 1: joints touching each part */
	double w[3];
	body_part_point(&m, 2, (const double[3]){0, 0, 1}, w);
	assert_near(w[0], 2);
	assert_near(w[2], 1);
	/* a ball-and-stick part carries one point geom (frams_f0_build) */
	assert_int_equal(body_part_ngeoms(&m, 1), 1);
	assert_int_equal(m.geoms[1].shape, BODY_SHAPE_POINT);
	assert_int_equal(m.joints[1].p1, 1);
	assert_int_equal(m.joints[1].p2, 2);
	body_free(&m);
	assert_int_equal(m.nparts, 0);
}

static void test_xode(void **state)
{
	(void)state;
	body_model m;
	xode_body(&m);
	check_invariants(&m);
	assert_int_equal(m.format, BODY_XODE);
	assert_int_equal(m.nparts, 2);
	assert_int_equal(body_find_part(&m, "arm"), 1);
	assert_near(body_total_mass(&m), 1 + 3);
	/* The arm: (1,0,0) along the turned base's x, i.e. world y: at (1,1,0). */
	double w[3];
	body_part_point(&m, 1, (const double[3]){0.5, 0, 0}, w);
	assert_near(w[0], 1);
	assert_near(w[1], 1.5);
	assert_int_equal(body_part_ngeoms(&m, 0), 1);
	assert_int_equal(body_part_ngeoms(&m, 1), 1);
	assert_int_equal(body_part_ngeoms(&m, -1), 1);
	double off[3], R[3][3];
	body_geom_offset(&m, 1, off, R);
	assert_near(off[0], 0.5);
	assert_near(off[1], 0);
	assert_near(R[0][0], 1);
	assert_near(R[0][1], 0);
	/* The joint in the arm with only link1: link2 is the arm itself. */
	assert_int_equal(m.joints[0].p1, 0);
	assert_int_equal(m.joints[0].p2, 1);
	assert_int_equal(m.joints[0].kind, BODY_JOINT_HINGE);
	body_free(&m);
	assert_null(m.extra);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_f0),
		cmocka_unit_test(test_xode),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
