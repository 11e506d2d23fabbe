/* test_f1.c — the f1 converter: the f1 examples of the Framsticks f0
 * documentation (framsticks.com, "Genotype (format f0)": "X", "XXX",
 * "X(X,X)", "CXXX", the neuron net "X[|G:1,1:2.3][@-1:3.4,0:4.5,T:5.6]") with
 * the f0 it gives, and hand-worked cases for each modifier, branch angles and
 * muscle ranges, neuron fields, what the SDK refuses or warns about, lines,
 * limits, and every genotype of the shared walking.gen. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "framsticks/f0.h"
#include "framsticks/f1.h"
#include "framsticks/frams.h"
#include "testutil.h"

static body_model build_ok(const char *g)
{
	body_model m;
	c2_err err;
	int rc = frams_f1_build(g, strlen(g), NULL, 1, &m, &err);
	if (rc != 0)
		fail_msg("'%s': %d line %ld: %s", g, rc, err.line, err.msg);
	return m;
}

static void assert_near(double a, double b, double tol)
{
	if (!(fabs(a - b) <= tol))
		fail_msg("%.17g is not %.17g (+-%g)", a, b, tol);
}

static void assert_pos(const body_model *m, size_t i, double x, double y, double z, double tol)
{
	assert_near(m->parts[i].pos[0], x, tol);
	assert_near(m->parts[i].pos[1], y, tol);
	assert_near(m->parts[i].pos[2], z, tol);
}

/* The f0 the converter writes, as a string (freed by the caller). */
static char *f0_of(const char *g)
{
	c2_wbuf w = {0};
	frams_log log = {0};
	c2_err err;
	assert_int_equal(frams_f1_to_f0(g, strlen(g), 1, &w, NULL, &log, &err), 0);
	frams_log_free(&log);
	c2_w_u8(&w, 0);
	return (char *)w.data;
}

/* ---- the documentation's examples ------------------------------------------------------ */

static void test_doc_sticks(void **state)
{
	(void)state;
	/* "A single stick": p:, p:1, j:0,1 */
	body_model m = build_ok("X");
	assert_int_equal(m.nparts, 2);
	assert_int_equal(m.njoints, 1);
	assert_pos(&m, 0, 0, 0, 0, 0);
	assert_pos(&m, 1, 1, 0, 0, 0);
	assert_int_equal(m.joints[0].p1, 0);
	assert_int_equal(m.joints[0].p2, 1);
	assert_true(m.joints[0].f0.usedelta);
	body_free(&m);
	/* "Three sticks in line": parts at 0..3, the middle ones of mass 2 */
	m = build_ok("XXX");
	assert_int_equal(m.nparts, 4);
	for (size_t i = 0; i < 4; i++)
		assert_pos(&m, i, (double)i, 0, 0, 0);
	assert_true(m.parts[1].mass == 2 && m.parts[2].mass == 2 && m.parts[3].mass == 1);
	body_free(&m);
	/* "Three sticks star (120 degrees)": p:1.50017,-0.865927 and
	 * p:1.50017,0.865927 (the page's rounding), joints rz=-+1.047, part 1 of
	 * mass 3 */
	m = build_ok("X(X,X)");
	assert_int_equal(m.nparts, 4);
	assert_pos(&m, 2, 1.50017, -0.865927, 0, 1e-3);
	assert_pos(&m, 3, 1.50017, 0.865927, 0, 1e-3);
	assert_near(m.joints[1].f0.rot[2], -1.047, 1e-3);
	assert_near(m.joints[2].f0.rot[2], 1.047, 1e-3);
	assert_true(m.parts[1].mass == 3);
	/* exactly: the SDK writes rz with %lg, -pi + 2pi/3 -> -1.0472 */
	assert_true(m.joints[1].f0.rot[2] == -1.0472);
	assert_pos(&m, 2, 1 + cos(1.0472), -sin(1.0472), 0, 1e-15);
	body_free(&m);
}

/* "Curved chain of 3 sticks, similar to CXXX" (the page uses rz=0.5 on the
 * later joints): C sets curvedness 0.5, which reaches the stick after the
 * next (the first X's direction was taken before C), then fades by 0.66. */
static void test_doc_curved(void **state)
{
	(void)state;
	body_model m = build_ok("CXXX");
	assert_true(m.joints[0].f0.rot[2] == 0);
	assert_true(m.joints[1].f0.rot[2] == 0.33);
	assert_true(m.joints[2].f0.rot[2] == 0.2178);
	body_free(&m);
}

/* "Neuron net example": the page's f0 lists the same neurons and
 * connections; the SDK of today adds the relative inputs (1:2.3, -1:3.4,
 * 0:4.5) after all the others, so neuron 3's inputs come in the order T,
 * 0, 3 where the page (an older converter) has 0, 3, T. */
static void test_doc_neurons(void **state)
{
	(void)state;
	body_model m = build_ok("X[|G:1,1:2.3][@-1:3.4,0:4.5,T:5.6]");
	static const struct {
		const char *cls, *props;
		int part, joint;
	} want[] = {{"N", "", 1, -1},  {"|", "p=0.25,r=1", -1, 0}, {"G", "", -1, 0},
	            {"N", "", 1, -1},  {"@", "p=0.25", -1, 0},     {"T", "", 1, -1}};
	assert_int_equal(m.nneurons, 6);
	for (size_t i = 0; i < 6; i++) {
		assert_string_equal(m.neurons[i].cls, want[i].cls);
		assert_string_equal(m.neurons[i].props, want[i].props);
		assert_int_equal(m.neurons[i].part, want[i].part);
		assert_int_equal(m.neurons[i].joint, want[i].joint);
	}
	/* c:0,2  c:0,3,2.3  c:1,0  c:3,5,5.6  c:3,0,3.4  c:3,3,4.5  c:4,3 */
	static const struct {
		int to, from;
		double w;
	} conns[] = {{0, 2, 1}, {0, 3, 2.3}, {1, 0, 1}, {3, 5, 5.6}, {3, 0, 3.4}, {3, 3, 4.5}, {4, 3, 1}};
	assert_int_equal(m.nconns, 7);
	for (size_t i = 0; i < 7; i++) {
		assert_int_equal(m.conns[i].to, conns[i].to);
		assert_int_equal(m.conns[i].from, conns[i].from);
		assert_true(m.conns[i].weight == conns[i].w);
	}
	body_free(&m);
}

/* ---- modifiers ------------------------------------------------------------------------- */

static void test_modifiers(void **state)
{
	(void)state;
	body_model m = build_ok("LXlX");
	assert_true(m.joints[0].f0.d[0] == 1.3);           /* 1 + (2 - 1) * 0.3 */
	/* after a stick the length goes half way back to 1: 1.15, then l */
	assert_true(m.joints[1].f0.d[0] == 0.904);         /* 1.15 + (0.33 - 1.15) * 0.3 */
	body_free(&m);
	m = build_ok("FX");
	assert_true(m.parts[0].friction == 1.12 && m.parts[1].friction == 1.12);
	body_free(&m);
	m = build_ok("WX");
	assert_true(m.parts[1].density == 0.769231);      /* 1 / 1.3 written with %lg */
	body_free(&m);
	/* a later stick from part 1 averages its density with 1/weight */
	m = build_ok("WX(X,X)");
	double d = 0.769231;
	d = (1 * d + 1.0 / 1.15) / 2;
	d = (2 * d + 1.0 / 1.15) / 3;
	assert_true(m.parts[1].density == d);
	body_free(&m);
	/* R turns the next stick about its axis only; Q twists it and fades */
	m = build_ok("RXX");
	assert_true(m.joints[0].f0.rot[0] == 0.7853 && m.joints[1].f0.rot[0] == 0);
	body_free(&m);
	m = build_ok("QXX");
	assert_true(m.joints[0].f0.rot[0] == 0);
	assert_true(m.joints[1].f0.rot[0] == 0.311018);   /* 0.66 * 0.3 * pi/2 */
	body_free(&m);
	/* E: starting energy is the mean of 0.9 * energy + 0.1 over the sticks */
	m = build_ok("EXX");
	const frams_f0_info *fi = frams_f0_info_of(&m);
	assert_non_null(fi);
	assert_true(fi->se == ((0.9 * 1.9 + 0.1) + (0.9 * 1.9 + 0.1)) / 2);
	assert_non_null(fi->f1_genes);
	assert_string_equal(fi->f1_genes, "EXX");
	body_free(&m);
	/* M: muscle power 0.25 + 0.75 * 0.8 = 0.85, then normalised with the
	 * other three 0.25s: 0.85 / 1.6 */
	m = build_ok("MX[|]");
	assert_string_equal(m.neurons[0].cls, "|");
	assert_string_equal(m.neurons[0].props, "p=0.53125");
	assert_int_equal(m.neurons[0].joint, 0);
	body_free(&m);
	/* stamina goes to the joint: S then normalised */
	m = build_ok("SX");
	assert_true(m.joints[0].f0.stam == 0.53125);
	body_free(&m);
}

/* In a branching of n the first stick of each branch bends 1/n of the
 * range; the next one the whole range again. */
static void test_bend_range(void **state)
{
	(void)state;
	body_model m = build_ok("X(X[|]X[|],X)");
	assert_string_equal(m.neurons[0].props, "r=0.5");
	assert_string_equal(m.neurons[1].props, "");
	body_free(&m);
	m = build_ok("X(X[|1:1],,X)");
	/* the old syntax: an N and a muscle written with %lg */
	assert_string_equal(m.neurons[1].cls, "|");
	assert_string_equal(m.neurons[1].props, "p=0.25,r=0.333333");
	body_free(&m);
}

/* ---- neurons --------------------------------------------------------------------------- */

static void test_neuron_fields(void **state)
{
	(void)state;
	body_model m = build_ok("X[Sin,f0:0.1,t:1,t:0.5][N,!:0.5,=:0.2,/:3][*:-.4][S:1][>|:2]");
	assert_string_equal(m.neurons[0].cls, "Sin");
	assert_string_equal(m.neurons[0].props, "f0=0.1, t=0.5");
	assert_int_equal(m.neurons[0].part, 1); /* no place wanted: stays on the stick's part */
	assert_string_equal(m.neurons[1].props, "in=0.2, fo=0.5, si=3.0");
	/* receptors: a constant has no place, a smell sensor is on the part */
	assert_string_equal(m.neurons[3].cls, "*");
	assert_true(m.neurons[3].part == -1 && m.neurons[3].joint == -1);
	assert_string_equal(m.neurons[5].cls, "S");
	assert_int_equal(m.neurons[5].part, 1);
	/* ">|:2" makes a muscle driven by neuron 4 (the SDK's name length is
	 * that of the weight, here the same) */
	assert_string_equal(m.neurons[7].cls, "|");
	assert_int_equal(m.conns[m.nconns - 1].to, 7);
	assert_int_equal(m.conns[m.nconns - 1].from, 6);
	body_free(&m);
	/* a value that does not parse sets the property's default (with the
	 * SDK's error) */
	m = build_ok("X[Sin,f0:x]");
	assert_string_equal(m.neurons[0].props, "");
	body_free(&m);
	/* the neuron's own fields (the SDK would take the rest of the genotype) */
	m = build_ok("X[i:ab,Vstyle:v]X");
	assert_string_equal(m.neurons[0].info, "ab");
	assert_string_equal(m.neurons[0].vstyle, "v");
	body_free(&m);
	/* an unknown class keeps its name and ignores properties */
	m = build_ok("X[Thr,t:1]");
	assert_string_equal(m.neurons[0].cls, "Thr");
	assert_string_equal(m.neurons[0].props, "");
	body_free(&m);
}

static void test_warnings_and_refusals(void **state)
{
	(void)state;
	body_model m;
	c2_err err;
	/* relative inputs outside the neurons are dropped with a warning */
	m = build_ok("X[1:1,-5:2]");
	assert_int_equal(m.nconns, 0);
	assert_int_equal(m.nwarnings, 2);
	assert_string_equal(m.warnings[0].msg, "illegal neuron connection 0 <- 1 (ignored)");
	body_free(&m);
	/* a neuron before the first stick: the SDK warns, then stops at its ']' */
	const char *g = "[N]X";
	assert_int_equal(frams_f1_build(g, strlen(g), NULL, 1, &m, &err), C2_EFORMAT);
	assert_non_null(strstr(err.msg, "character 3 (']')"));
	body_free(&m);
	/* a character that is nothing, where it is met; after a top-level
	 * comma nothing is read */
	g = "X\nX#";
	assert_int_equal(frams_f1_build(g, strlen(g), NULL, 7, &m, &err), C2_EFORMAT);
	assert_int_equal(err.line, 8);
	body_free(&m);
	m = build_ok("X,#");
	body_free(&m);
	/* no stick: no parts, which f0 refuses */
	g = "rr";
	assert_int_equal(frams_f1_build(g, strlen(g), NULL, 1, &m, &err), C2_EFORMAT);
	body_free(&m);
}

/* Parts, joints and neurons carry the input line of their X or '['. */
static void test_lines(void **state)
{
	(void)state;
	body_model m;
	c2_err err;
	const char *g = "X\n(X,\n X[G:1])";
	assert_int_equal(frams_f1_build(g, strlen(g), "L", 10, &m, &err), 0);
	assert_int_equal(m.parts[0].f0.line, 10);
	assert_int_equal(m.parts[2].f0.line, 11);
	assert_int_equal(m.parts[3].f0.line, 12);
	assert_int_equal(m.joints[2].f0.line, 12);
	assert_int_equal(m.neurons[0].line, 12);
	body_free(&m);
}

static void test_limits(void **state)
{
	(void)state;
	size_t n = BODY_MAX_PARTS + 10;
	char *g = malloc(n + 1);
	memset(g, 'X', n);
	g[n] = '\0';
	body_model m;
	c2_err err;
	assert_int_equal(frams_f1_build(g, n, NULL, 1, &m, &err), C2_ETOOBIG);
	body_free(&m);
	memset(g, '(', n);
	g[n - 1] = 'X';
	assert_int_equal(frams_f1_build(g, n, NULL, 1, &m, &err), C2_ETOOBIG);
	assert_non_null(strstr(err.msg, "nested"));
	body_free(&m);
	free(g);
}

/* The genotype marker picks the builder. */
static void test_dispatch(void **state)
{
	(void)state;
	body_model m;
	c2_err err;
	const char *g = "/*1*/X(X,X)";
	assert_int_equal(frams_genotype_build(g, strlen(g), NULL, 1, &m, &err), 0);
	assert_int_equal(m.nparts, 4);
	body_free(&m);
	g = "//0\np:\n";
	assert_int_equal(frams_genotype_build(g, strlen(g), NULL, 1, &m, &err), 0);
	assert_null(frams_f0_info_of(&m)->f1_genes);
	body_free(&m);
	g = "/*4*/X";
	assert_int_equal(frams_genotype_build(g, strlen(g), NULL, 1, &m, &err), C2_EFORMAT);
	assert_string_equal(err.msg, "genotype format f4 is not supported (f0 and f1 are)");
	body_free(&m);
}

/* The f0 text of a converted body re-saves and builds again to the same
 * places (what the SDK would print and read back). */
static void test_f0_text(void **state)
{
	(void)state;
	char *t = f0_of("X(X,X)");
	assert_string_equal(t, "m:se=1.0\n"
	                       "p:dn=1.0,fr=0.4,ing=0.25,as=0.25,vs=0.2,vr=0.5,vg=0.5,vb=0.5\n"
	                       "p:dn=1.0,fr=0.4,ing=0.25,as=0.25,vs=0.2,vr=0.5,vg=0.5,vb=0.5\n"
	                       "p:dn=1.0,fr=0.4,ing=0.25,as=0.25,vs=0.2,vr=0.5,vg=0.5,vb=0.5\n"
	                       "p:dn=1.0,fr=0.4,ing=0.25,as=0.25,vs=0.2,vr=0.5,vg=0.5,vb=0.5\n"
	                       "j:p1=0,p2=1,dx=1.0,rx=0.0,ry=0.0,rz=0.0,stam=0.25,vr=0.5,vg=0.5,vb=0.5\n"
	                       "j:p1=1,p2=2,dx=1.0,rx=0.0,ry=0.0,rz=-1.0472,stam=0.25,vr=0.5,vg=0.5,vb=0.5\n"
	                       "j:p1=1,p2=3,dx=1.0,rx=0.0,ry=0.0,rz=1.0472,stam=0.25,vr=0.5,vg=0.5,vb=0.5\n");
	free(t);
	body_model m = build_ok("MX[@*:-.4, 2:-2.890, 1:-1.808](RX(FX, ), MX[@-1:1.849](rX(, X), , RX(X, )))");
	c2_wbuf w = {0};
	assert_int_equal(frams_f0_write(&m, &w), 0);
	body_model again;
	c2_err err;
	assert_int_equal(frams_f0_build((const char *)w.data, w.len, NULL, 1, &again, &err), 0);
	assert_int_equal(again.nparts, m.nparts);
	for (size_t i = 0; i < m.nparts; i++)
		assert_pos(&again, i, m.parts[i].pos[0], m.parts[i].pos[1], m.parts[i].pos[2], 1e-12);
	assert_int_equal(again.nconns, m.nconns);
	body_free(&again);
	body_free(&m);
	c2_wbuf_free(&w);
}

/* Every genotype of the shared gene pool builds: 53 f1 and 3 f0. */
static void test_walking_gen(void **state)
{
	(void)state;
	uint8_t *data;
	size_t len;
	TEST_READ_SHARED("bodies/frams/walking.gen", &data, &len);
	frams_file f;
	c2_err err;
	const frams_class *org[] = {&frams_org_class};
	assert_int_equal(frams_read((const char *)data, len, org, 1, &f, &err), 0);
	size_t n = frams_genotypes(&f, NULL, 0), nf1 = 0;
	frams_genotype *g = calloc(n + 1, sizeof *g);
	frams_genotypes(&f, g, n);
	assert_int_equal(n, 56);
	for (size_t i = 0; i < n; i++) {
		body_model m;
		if (frams_genotype_build(g[i].genes, g[i].len, g[i].name, g[i].line, &m, &err) != 0)
			fail_msg("%s: line %ld: %s", g[i].name, err.line, err.msg);
		const frams_f0_info *fi = frams_f0_info_of(&m);
		assert_true(fi && fi->valid);
		nf1 += fi->f1_genes != NULL;
		body_free(&m);
	}
	assert_int_equal(nf1, 53);
	free(g);
	frams_file_free(&f);
	free(data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_doc_sticks),     cmocka_unit_test(test_doc_curved),
		cmocka_unit_test(test_doc_neurons),    cmocka_unit_test(test_modifiers),
		cmocka_unit_test(test_bend_range),     cmocka_unit_test(test_neuron_fields),
		cmocka_unit_test(test_warnings_and_refusals), cmocka_unit_test(test_lines),
		cmocka_unit_test(test_limits),         cmocka_unit_test(test_dispatch),
		cmocka_unit_test(test_f0_text),        cmocka_unit_test(test_walking_gen),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
