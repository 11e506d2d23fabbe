/* test_xode.c — the XODE loader: rotation forms, affine splits and ODE masses
 * by hand-computed values; every kind of bad document refused with its line
 * and reason; warnings; the retained document written back byte for byte;
 * limits on size and depth. Documents are our own, written here. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "xode/xode.h"
#include "xode/xode_impl.h"
#include "testutil.h"

#define PI XODE_PI

static void assert_near(double got, double want)
{
	if (fabs(got - want) > 1e-12 * fmax(1, fabs(want)))
		fail_msg("got %.17g, expected %.17g", got, want);
}

static void assert_mat(const double R[3][3], const double want[3][3])
{
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			assert_near(R[r][c], want[r][c]);
}

/* Load a document that must load; the caller frees the model. */
static void load_ok(body_model *m, const char *doc)
{
	c2_err err;
	if (xode_load(m, doc, strlen(doc), &err) != 0)
		fail_msg("line %ld: %s", err.line, err.msg);
}

/* ------------------------------------------------------------- arithmetic */

static void test_rotations(void **state)
{
	(void)state;
	double R[3][3];
	/* X first, then Y: x -> x -> -z, y -> z -> x, z -> -y -> -y. */
	xode_euler(PI / 2, PI / 2, 0, R);
	assert_mat(R, (const double[3][3]){{0, 1, 0}, {0, 0, -1}, {-1, 0, 0}});
	/* Y first would give another matrix: the order matters and is pinned. */
	xode_euler(0, 0, PI / 6, R);
	assert_mat(R, (const double[3][3]){{sqrt(3) / 2, -0.5, 0}, {0.5, sqrt(3) / 2, 0}, {0, 0, 1}});
	assert_int_equal(xode_axisangle(5, 5, 5, 2 * PI / 3, R), 0);
	assert_mat(R, (const double[3][3]){{0, 0, 1}, {1, 0, 0}, {0, 1, 0}});
	assert_int_equal(xode_axisangle(0, 0, -1, PI / 2, R), 0); /* -90 degrees about z */
	assert_mat(R, (const double[3][3]){{0, 1, 0}, {-1, 0, 0}, {0, 0, 1}});
	assert_int_equal(xode_axisangle(0, 0, 0, 1, R), -1);
	assert_int_equal(xode_quaternion(0, 0, 3, 3, R), 0);
	assert_mat(R, (const double[3][3]){{0, -1, 0}, {1, 0, 0}, {0, 0, 1}});
	/* q = (sin 60 (1,1,1)/sqrt 3, cos 60): 120 degrees about (1,1,1). */
	double h = sin(PI / 3) / sqrt(3);
	assert_int_equal(xode_quaternion(h, h, h, cos(PI / 3), R), 0);
	assert_mat(R, (const double[3][3]){{0, 0, 1}, {1, 0, 0}, {0, 1, 0}});
	assert_int_equal(xode_quaternion(0, 0, 0, 0, R), -1);
	/* Whole quarter turns in degrees are exact (cos 90 is 0, not 6e-17). */
	double sn, cs;
	const double turns[][3] = {{90, 1, 0}, {-270, 1, 0}, {450, 1, 0}, {180, 0, -1}, {-90, -1, 0}, {720, 0, 1}};
	for (size_t i = 0; i < sizeof turns / sizeof turns[0]; i++) {
		xode_sincos(turns[i][0], true, &sn, &cs);
		assert_true(sn == turns[i][1] && cs == turns[i][2]);
	}
	xode_sincos(30, true, &sn, &cs);
	assert_near(sn, 0.5);
	assert_near(cs, sqrt(3) / 2);
	xode_sincos(PI / 2, false, &sn, &cs); /* radians stay what the double says */
	assert_near(sn, 1);
	assert_true(cs != 0 && fabs(cs) < 1e-16);
}

static void test_split(void **state)
{
	(void)state;
	double R[3][3], s[3];
	/* Rz90 diag(2,3,4): columns (0,2,0), (-3,0,0), (0,0,4). */
	const double a[3][3] = {{0, -3, 0}, {2, 0, 0}, {0, 0, 4}};
	assert_int_equal(xode_xf_split(a, R, s), 0);
	assert_mat(R, (const double[3][3]){{0, -1, 0}, {1, 0, 0}, {0, 0, 1}});
	assert_near(s[0], 2);
	assert_near(s[1], 3);
	assert_near(s[2], 4);
	const double shear[3][3] = {{1, 1, 0}, {0, 1, 0}, {0, 0, 1}};
	assert_int_equal(xode_xf_split(shear, R, s), -2);
	const double flat[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 0}};
	assert_int_equal(xode_xf_split(flat, R, s), -1);
	const double mirror[3][3] = {{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	assert_int_equal(xode_xf_split(mirror, R, s), -3);
	/* Composition and rigid inverse: f * f^-1 is the identity. */
	xode_xf f = {{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}, {1, 2, 3}}, inv, id;
	xode_xf_rigid_inverse(&f, &inv);
	xode_xf_mul(&f, &inv, &id);
	assert_mat(id.a, (const double[3][3]){{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
	for (int i = 0; i < 3; i++)
		assert_near(id.t[i], 0);
}

static void test_masses(void **state)
{
	(void)state;
	xode_mass ms;
	/* Sphere, density 3, radius 2: m = 4/3 pi 8 3 = 32 pi; I = 2/5 m 4. */
	xode_mass_sphere(&ms, 3, 2);
	assert_near(ms.m, 32 * PI);
	assert_near(ms.I[0][0], 0.4 * 32 * PI * 4);
	/* Box 1 x 2 x 3, density 2: m 12, I = (13, 10, 5). */
	xode_mass_box(&ms, 2, 1, 2, 3);
	assert_near(ms.m, 12);
	assert_near(ms.I[0][0], 13);
	assert_near(ms.I[1][1], 10);
	assert_near(ms.I[2][2], 5);
	/* Capsule r 1, l 2, density 1: cylinder 2 pi, caps 4/3 pi;
	 * across: 2pi (1/4 + 4/12) + 4/3 pi (0.4 + 0.75 + 1) = 24.2 pi / 6;
	 * along: (pi + 0.4 4/3 pi) = 4.6 pi / 3. */
	xode_mass_capsule(&ms, 1, 1, 2);
	assert_near(ms.m, 2 * PI + 4 * PI / 3);
	assert_near(ms.I[0][0], 24.2 * PI / 6);
	assert_near(ms.I[2][2], 4.6 * PI / 3);
	/* Cylinder r 1, l 2: m 2 pi, across 7 pi / 6, along pi. */
	xode_mass_cylinder(&ms, 1, 1, 2);
	assert_near(ms.m, 2 * PI);
	assert_near(ms.I[1][1], 7 * PI / 6);
	assert_near(ms.I[2][2], PI);
	/* Translate a unit point-like box of mass 12 by (0,0,1): I about the
	 * origin gains 12 on xx and yy; about its centre it is unchanged. */
	xode_mass_box(&ms, 2, 1, 2, 3);
	xode_mass_translate(&ms, (const double[3]){0, 0, 1});
	assert_near(ms.c[2], 1);
	assert_near(ms.I[0][0], 25);
	assert_near(ms.I[2][2], 5);
	double I[3][3];
	xode_mass_central(&ms, I);
	assert_near(I[0][0], 13);
	/* Add a sphere of 4 (I 0.4) at z = -2: m 16, com 0.25 (see the CLI test). */
	xode_mass b;
	xode_mass_sphere(&b, 1, 0.5);
	xode_mass_adjust(&b, 4);
	assert_near(b.I[0][0], 0.4);
	xode_mass_translate(&b, (const double[3]){0, 0, -2});
	xode_mass_add(&ms, &b);
	assert_near(ms.m, 16);
	assert_near(ms.c[2], 0.25);
	xode_mass_central(&ms, I);
	assert_near(I[0][0], 40.4);
	assert_near(I[1][1], 37.4);
	assert_near(I[2][2], 5.4);
	assert_true(xode_mass_valid(&ms));
	/* Rotating by Rz90 swaps xx and yy. */
	xode_mass_box(&ms, 2, 1, 2, 3);
	xode_mass_rotate(&ms, (const double[3][3]){{0, -1, 0}, {1, 0, 0}, {0, 0, 1}});
	assert_near(ms.I[0][0], 10);
	assert_near(ms.I[1][1], 13);
	/* A thin rod has no inertia about its axis: not a valid ODE mass. */
	xode_mass_cylinder(&ms, 1, 0, 2);
	assert_false(xode_mass_valid(&ms));
}

/* ------------------------------------------------------------------ errors */

#define HEAD "<?xml version=\"1.0\"?>\n<xode version=\"1.0r23\"><world><space>\n"
#define TAIL "\n</space></world></xode>\n"

static const struct {
	const char *doc;
	long line;
	const char *msg;
} bad[] = {
	{"<xode><world>", 1, "malformed XML: no element found"},
	{HEAD "<body></geom>" TAIL, 3, "malformed XML: mismatched tag"},
	{"<?xml version=\"1.0\"?>\n<!DOCTYPE xode [<!ENTITY a \"aaaa\">]>\n<xode/>", 2,
	 "a DOCTYPE (<!DOCTYPE xode ...>) is not allowed"},
	{HEAD "<body name=\"a\" mass=\"3\"/>" TAIL, 3, "unknown attribute 'mass' on <body>"},
	{HEAD "<body><transform><position x=\"1\" y=\"2\"/></transform></body>" TAIL, 3,
	 "<position> needs the attribute 'z'"},
	{HEAD "<body><transform><position x=\"1\" y=\"two\" z=\"3\"/></transform></body>" TAIL, 3,
	 "y=\"two\" of <position> is not a number"},
	{HEAD "<body><transform><position x=\"0x10\" y=\"0\" z=\"3\"/></transform></body>" TAIL, 3,
	 "x=\"0x10\" of <position> is not a number"},
	{HEAD "<body><transform><position x=\"1e999\" y=\"0\" z=\"3\"/></transform></body>" TAIL, 3,
	 "is not a number (or is out of range)"},
	{HEAD "<body><transform><position x=\"nan\" y=\"0\" z=\"3\"/></transform></body>" TAIL, 3,
	 "x=\"nan\" of <position> is not a number"},
	{HEAD "<body name=\"b\"/>\n<body name=\"b\"/>" TAIL, 4,
	 "a second <body> named 'b' (the first is on line 3)"},
	{HEAD "<body name=\"b\"/>\n<joint><link1 body=\"b\"/>\n<link2 body=\"ghost\"/><ball/></joint>" TAIL, 5,
	 "<link2 body=\"ghost\">: no <body> has that name"},
	{HEAD "<body name=\"b\"><geom name=\"g\"><sphere radius=\"1\"/></geom></body>\n"
	      "<joint><link1 body=\"g\"/><ball/></joint>" TAIL,
	 4, "<link1 body=\"g\"> names a <geom>, not a <body>"},
	{HEAD "<body name=\"b\"/><body name=\"c\"/>\n<joint><link1 body=\"b\"/><link2 body=\"c\"/>\n"
	      "<amotor><axis x=\"1\" y=\"0\" z=\"0\"/></amotor></joint>" TAIL,
	 5, "an amotor joint needs exactly 3 axes, this one has 1"},
	{HEAD "<body name=\"b\"/><body name=\"c\"/>\n<joint><link1 body=\"b\"/><link2 body=\"c\"/>\n"
	      "<hinge2><axis x=\"1\" y=\"0\" z=\"0\"/></hinge2></joint>" TAIL,
	 5, "a hinge2 joint needs exactly 2 axes, this one has 1"},
	{HEAD "<body name=\"b\"/>\n<joint><link1 body=\"b\"/><link2 body=\"b\"/><fixed/></joint>" TAIL, 4,
	 "the joint links body 'b' to itself"},
	{HEAD "<body name=\"b\"><joint><link1 body=\"b\"/><ball/></joint></body>" TAIL, 3,
	 "the joint links body 'b' to itself"},
	{HEAD "<body name=\"b\"/><body name=\"c\"/>\n<joint><link1 body=\"b\"/><link2 body=\"c\"/>\n"
	      "<slider><anchor x=\"0\" y=\"0\" z=\"0\"/><axis x=\"1\" y=\"0\" z=\"0\"/></slider></joint>" TAIL,
	 5, "<anchor> is not allowed in <slider>"},
	{HEAD "<body name=\"b\"/><body name=\"c\"/>\n<joint><link1 body=\"b\"/><link2 body=\"c\"/>\n"
	      "<hinge>\n<axis x=\"0\" y=\"0\" z=\"0\"/></hinge></joint>" TAIL,
	 6, "<axis> 0 0 0 has no direction"},
	{HEAD "<body name=\"b\"/><body name=\"c\"/>\n<joint><link1 body=\"b\"/><link2 body=\"c\"/><ball/><fixed/></joint>" TAIL,
	 4, "<joint> holds only one of its kinds, and <fixed> is a second"},
	{HEAD "<body><mass>\n<adjust total=\"1\"/>\n<mass_shape density=\"1\"><sphere radius=\"1\"/></mass_shape></mass></body>" TAIL,
	 5, "<mass_shape> must come before <adjust> in a <mass>"},
	{HEAD "<body><mass/></body>" TAIL, 3, "an empty <mass>"},
	{HEAD "<body><mass><mass_shape><sphere radius=\"1\"/></mass_shape></mass></body>" TAIL, 3,
	 "<mass_shape> needs a density or a total"},
	{HEAD "<body><mass>\n<mass_struct total=\"1\"><centerGravity x=\"0\" y=\"0\" z=\"0\"/>"
	      "<imatrix m00=\"1\" m01=\"0\" m02=\"0\" m10=\"0\" m11=\"1\" m12=\"0\" m20=\"0\" m21=\"0\" m22=\"1\"/></mass_struct>\n"
	      "<mass_shape density=\"1\"><sphere radius=\"1\"/></mass_shape></mass></body>" TAIL,
	 5, "a <mass> holds a <mass_struct> or a <mass_shape>, not both"},
	{HEAD "<body><mass><mass_struct total=\"1\"><centerGravity x=\"0\" y=\"0\" z=\"0\"/>\n"
	      "<imatrix m00=\"1\" m01=\"0.5\" m02=\"0\" m10=\"0\" m11=\"1\" m12=\"0\" m20=\"0\" m21=\"0\" m22=\"1\"/>"
	      "</mass_struct></mass></body>" TAIL,
	 4, "<imatrix> must be symmetric"},
	{HEAD "<body><transform scale=\"2\"/><mass><mass_struct total=\"1\">\n<centerGravity x=\"0\" y=\"0\" z=\"0\"/>"
	      "<imatrix m00=\"1\" m01=\"0\" m02=\"0\" m10=\"0\" m11=\"1\" m12=\"0\" m20=\"0\" m21=\"0\" m22=\"1\"/>"
	      "</mass_struct></mass></body>" TAIL,
	 3, "a <mass_struct> cannot be scaled"},
	{HEAD "<body><mass>\n<mass_shape density=\"1\"><cylinder radius=\"0\" length=\"2\"/></mass_shape></mass></body>" TAIL,
	 3, "this <mass> is not a valid ODE mass"},
	{HEAD "<body><mass><mass_shape total=\"1\">\n<box sizex=\"0\" sizey=\"1\" sizez=\"1\"/></mass_shape></mass></body>" TAIL,
	 4, "this <box> has no volume to spread total=1 over"},
	{HEAD "<body><mass>\n<mass_shape density=\"-1\"><sphere radius=\"1\"/></mass_shape></mass></body>" TAIL, 4,
	 "density of <mass_shape> must be greater than 0, not -1"},
	{HEAD "<body><mass><adjust total=\"2\"/><mass><mass_shape density=\"1\"><sphere radius=\"1\"/></mass_shape>"
	      "</mass></mass></body>" TAIL,
	 3, "<adjust> needs a mass to scale"},
	{HEAD "<body><mass><mass_shape density=\"1\"><sphere radius=\"1\"/></mass_shape></mass>\n"
	      "<mass><mass_shape density=\"1\"><sphere radius=\"1\"/></mass_shape></mass></body>" TAIL,
	 4, "a second <mass> in <body>"},
	{HEAD "<group><transform><scale x=\"1\" y=\"2\" z=\"1\"/></transform>\n<geom><transform><rotation>"
	      "<euler x=\"0\" y=\"0\" z=\"45\" aformat=\"degrees\"/></rotation></transform><box sizex=\"1\" sizey=\"1\" sizez=\"1\"/>"
	      "</geom></group>" TAIL,
	 4, "the transforms above <geom> shear it"},
	{HEAD "<geom>\n<transform><matrix4f m00=\"-1\" m01=\"0\" m02=\"0\" m03=\"0\" m10=\"0\" m11=\"1\" m12=\"0\" m13=\"0\" "
	      "m20=\"0\" m21=\"0\" m22=\"1\" m23=\"0\" m30=\"0\" m31=\"0\" m32=\"0\" m33=\"1\"/></transform>"
	      "<sphere radius=\"1\"/></geom>" TAIL,
	 3, "the transforms above <geom> mirror it"},
	{HEAD "<geom><transform><matrix4f m00=\"1\" m01=\"0\" m02=\"0\" m03=\"0\" m10=\"0\" m11=\"1\" m12=\"0\" m13=\"0\" "
	      "m20=\"0\" m21=\"0\" m22=\"1\" m23=\"0\" m30=\"0\" m31=\"0\" m32=\"0\" m33=\"1\"/>\n"
	      "<position x=\"0\" y=\"0\" z=\"0\"/></transform><sphere radius=\"1\"/></geom>" TAIL,
	 3, "a <transform> is a <matrix4f> or a <position>/<rotation>/<scale>, not both"},
	{HEAD "<geom><transform><scale x=\"1\" y=\"1\" z=\"2\"/></transform>\n<sphere radius=\"1\"/></geom>" TAIL, 4,
	 "<sphere> cannot be scaled unevenly (scale 1 1 2 along its axes)"},
	{HEAD "<geom><transform scale=\"0\"/><sphere radius=\"1\"/></geom>" TAIL, 3,
	 "scale of <transform> must be greater than 0, not 0"},
	{HEAD "<geom><transform><rotation><axisangle x=\"0\" y=\"0\" z=\"0\" angle=\"1\"/></rotation></transform>"
	      "<sphere radius=\"1\"/></geom>" TAIL,
	 3, "the axis of <axisangle> has no length"},
	{HEAD "<geom><transform><rotation><quaternion x=\"0\" y=\"0\" z=\"0\" w=\"0\"/></rotation></transform>"
	      "<sphere radius=\"1\"/></geom>" TAIL,
	 3, "<quaternion> 0 0 0 0 is no rotation"},
	{HEAD "<geom><transform><rotation><euler x=\"0\" y=\"0\" z=\"0\" aformat=\"grads\"/></rotation></transform>"
	      "<sphere radius=\"1\"/></geom>" TAIL,
	 3, "aformat=\"grads\" of <euler> must be degrees or radians"},
	{HEAD "<geom><transform><rotation/></transform><sphere radius=\"1\"/></geom>" TAIL, 3,
	 "<rotation> needs one of <euler>, <axisangle>, <quaternion>"},
	{HEAD "<geom><transform/>\n<transform/><sphere radius=\"1\"/></geom>" TAIL, 4, "a second <transform> in <geom>"},
	{HEAD "<body>\n<geom><plane a=\"0\" b=\"0\" c=\"1\" d=\"0\"/></geom></body>" TAIL, 4,
	 "a plane cannot belong to a <body>"},
	{HEAD "<geom>\n<plane a=\"0\" b=\"0\" c=\"0\" d=\"1\"/></geom>" TAIL, 4, "<plane> a b c is its normal"},
	{HEAD "<geom><box sizex=\"1\" sizey=\"-2\" sizez=\"1\"/></geom>" TAIL, 3,
	 "sizey of <box> must be at least 0, not -2"},
	{HEAD "<geom><trimesh><vertices><v x=\"0\" y=\"0\" z=\"0\"/><v x=\"1\" y=\"0\" z=\"0\"/></vertices>\n"
	      "<triangles><t ia=\"0\" ib=\"1\" ic=\"2\"/></triangles></trimesh></geom>" TAIL,
	 4, "ic=\"2\" of <t> is not the index of a vertex (0 to 1)"},
	{HEAD "<geom><trimesh><vertices><v x=\"0\" y=\"0\" z=\"0\"/></vertices>\n"
	      "<triangles><t ia=\"0\" ib=\"-0\" ic=\"0\"/></triangles></trimesh></geom>" TAIL,
	 4, "ib=\"-0\" of <t> is not the index of a vertex"},
	{HEAD "<geom><trimesh><vertices><v x=\"0\" y=\"0\" z=\"0\"/></vertices></trimesh></geom>" TAIL, 3,
	 "<trimesh> needs a <triangles>"},
	{HEAD "<body enabled=\"maybe\"/>" TAIL, 3, "enabled=\"maybe\" of <body> must be true or false"},
	{HEAD "<body><finiteRotation mode=\"2\" xaxis=\"0\" yaxis=\"0\" zaxis=\"1\"/></body>" TAIL, 3,
	 "mode of <finiteRotation> must be 0 (infinitesimal) or 1 (finite), not 2"},
	{HEAD "<body>\nheavy</body>" TAIL, 3, "text is not allowed in <body>"},
	{HEAD "<body><ext/></body>" TAIL, 3, "<ext> needs the attribute 'name'"},
	{"<xode version=\"1.0r23\">\n<world/></xode>", 2, "<world> needs a <space>"},
	{"<xode version=\"1.0r23\">\n<world><space><body name=\"a\"/></space></world>\n"
	 "<world><space><body name=\"b\"/>\n<joint><link1 body=\"a\"/><link2 body=\"b\"/><fixed/></joint>"
	 "</space></world></xode>",
	 4, "the joint links body 'a' of another <world>"},
	{"<xode version=\"1.0r23\"><world><transform/>\n<space/>\n<transform/></world></xode>", 3,
	 "a second <transform> in <world>"},
};

static void test_bad_documents(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		body_model m;
		c2_err err;
		int rc = xode_load(&m, bad[i].doc, strlen(bad[i].doc), &err);
		if (rc == 0)
			fail_msg("document %zu loaded:\n%s", i, bad[i].doc);
		if (err.line != bad[i].line || !strstr(err.msg, bad[i].msg))
			fail_msg("document %zu: got line %ld '%s', expected line %ld '%s'", i, err.line, err.msg,
			         bad[i].line, bad[i].msg);
		assert_int_equal(m.nparts, 0); /* a failed load leaves an empty model */
		assert_null(m.extra);
	}
}

/* Nesting beyond XODE_MAX_DEPTH is refused where it happens, at any size. */
static void test_limits(void **state)
{
	(void)state;
	c2_wbuf w = {0};
	c2_w_str(&w, "<xode version=\"1.0r23\"><world><space>\n");
	for (int i = 0; i < XODE_MAX_DEPTH; i++)
		c2_w_str(&w, "<group>\n");
	body_model m;
	c2_err err;
	assert_int_not_equal(xode_load(&m, (const char *)w.data, w.len, &err), 0);
	/* xode, world and space are open: the 197th group is the 200th level, on line 199. */
	assert_int_equal(err.line, XODE_MAX_DEPTH - 1);
	assert_non_null(strstr(err.msg, "nested deeper than"));
	c2_wbuf_free(&w);
	/* Too large: refused before a byte is read. */
	assert_int_equal(xode_load(&m, "<xode/>", XODE_MAX_BYTES + 1, &err), C2_ETOOBIG);
	/* A wide document: many bodies and joints (linked later than they are
	 * named, so every link is resolved at the end) and one element with
	 * many foreign attributes. */
	c2_w_str(&w, "<xode version=\"1.0r23\"><world><space>\n");
	enum { N = BODY_MAX_PARTS };
	for (int i = 1; i < N; i++)
		c2_w_printf(&w, "<joint><link1 body=\"b%d\"/><link2 body=\"b%d\"/><fixed/></joint>\n", i - 1, i);
	for (int i = 0; i < N; i++)
		c2_w_printf(&w, "<body name=\"b%d\"><mass><mass_shape density=\"1\"><sphere radius=\"1\"/></mass_shape></mass></body>\n", i);
	c2_w_str(&w, "<geom");
	for (int i = 0; i < N; i++)
		c2_w_printf(&w, " my:a%d=\"%d\"", i, i);
	c2_w_str(&w, "><sphere radius=\"1\"/></geom></space></world></xode>\n");
	assert_int_equal(xode_load(&m, (const char *)w.data, w.len, &err), 0);
	assert_int_equal(m.nparts, N);
	assert_int_equal(m.njoints, N - 1);
	assert_int_equal(m.joints[N - 2].p1, N - 2);
	assert_int_equal(m.joints[N - 2].p2, N - 1);
	body_free(&m);
	c2_wbuf_free(&w);
	/* One body more than the limit: refused at its line, the count said. */
	c2_w_str(&w, "<xode version=\"1.0r23\"><world><space>\n");
	for (int i = 0; i < N + 2; i++)
		c2_w_printf(&w, "<body name=\"b%d\"/>\n", i);
	c2_w_str(&w, "</space></world></xode>\n");
	assert_int_equal(xode_load(&m, (const char *)w.data, w.len, &err), C2_ETOOBIG);
	assert_int_equal(err.line, N + 2); /* the (N+1)th body, after the first line */
	char want[80];
	snprintf(want, sizeof want, "%d bodies, more than the limit of %d", N + 2, N);
	assert_string_equal(err.msg, want);
	c2_wbuf_free(&w);
}

/* ---------------------------------------------------------------- warnings */

static void test_warnings(void **state)
{
	(void)state;
	body_model m;
	load_ok(&m, "<xode>\n<world><space>\n<body name=\"a\"/>\n"
	            "<body name=\"b\"><mass><mass_shape density=\"2\" total=\"5\"><sphere radius=\"1\"/></mass_shape></mass>\n"
	            "<geom name=\"g\"><sphere radius=\"1\"/></geom></body>\n"
	            "<body name=\"c\"><mass><mass_shape density=\"1\"><sphere radius=\"1\"/></mass_shape></mass>\n"
	            "<geom name=\"g\"><sphere radius=\"1\"/></geom></body>\n</space></world></xode>");
	assert_int_equal(m.nwarnings, 4);
	assert_int_equal(m.warnings[0].line, 1);
	assert_non_null(strstr(m.warnings[0].msg, "no version attribute"));
	assert_int_equal(m.warnings[1].line, 3);
	assert_non_null(strstr(m.warnings[1].msg, "body 'a' has no <mass>: ODE's default (mass 1, unit inertia)"));
	assert_int_equal(m.warnings[2].line, 4);
	assert_non_null(strstr(m.warnings[2].msg, "the density is used"));
	assert_int_equal(m.warnings[3].line, 7);
	assert_non_null(strstr(m.warnings[3].msg, "a second <geom> named 'g' (the first is on line 5)"));
	/* The default mass is ODE's, the density wins over the total. */
	assert_near(m.parts[0].mass, 1);
	assert_near(m.parts[0].inertia[1][1], 1);
	assert_near(m.parts[1].mass, 2 * 4 * PI / 3);
	assert_near(m.parts[1].density, 2);
	body_free(&m);
	load_ok(&m, "<xode version=\"2.0\"><world><space/></world></xode>");
	assert_int_equal(m.nwarnings, 1);
	assert_non_null(strstr(m.warnings[0].msg, "XODE version '2.0' is not 1.0r23"));
	body_free(&m);
}

/* ------------------------------------------------------------ the model */

static void test_model(void **state)
{
	(void)state;
	body_model m;
	load_ok(&m, "<xode version=\"1.0r23\" name=\"scene\"><world><space>\n"
	            "<body name=\"a\" enabled=\"false\" gravitymode=\"0\">\n"
	            "  <torque x=\"1\" y=\"2\" z=\"3\"/><force x=\"4\" y=\"5\" z=\"6\"/>\n"
	            "  <linearVel x=\"7\" y=\"8\" z=\"9\"/><angularVel x=\"10\" y=\"11\" z=\"12\"/>\n"
	            "  <finiteRotation mode=\"1\" xaxis=\"0\" yaxis=\"0\" zaxis=\"1\"/>\n"
	            "  <mass><mass_shape density=\"1\"><box sizex=\"1\" sizey=\"1\" sizez=\"1\"/></mass_shape></mass>\n"
	            "  <geom><ray length=\"3\"/></geom>\n"
	            "  <geom><trimesh><vertices><v x=\"0\" y=\"0\" z=\"0\"/><v x=\"1\" y=\"0\" z=\"0\"/>"
	            "<v x=\"0\" y=\"1\" z=\"0\" e=\"anything\"/></vertices>"
	            "<triangles><t ia=\"0\" ib=\"1\" ic=\"2\"/></triangles></trimesh></geom>\n"
	            "  <body name=\"b\"/>\n"
	            "</body>\n"
	            "<jointgroup><joint name=\"u\"><link1 body=\"a\"/><link2 body=\"b\"/><universal>"
	            "<anchor x=\"1\" y=\"1\" z=\"1\"/><axis x=\"1\" y=\"0\" z=\"0\" Vel=\"2\" FMax=\"3\"/>"
	            "<axis x=\"0\" y=\"1\" z=\"0\" SuspensionERP=\"0.5\"/></universal></joint></jointgroup>\n"
	            "</space></world></xode>");
	assert_int_equal(m.format, BODY_XODE);
	assert_string_equal(m.name, "scene");
	assert_int_equal(m.nparts, 2);
	const body_part *a = &m.parts[0];
	assert_false(a->enabled);
	assert_false(a->gravity);
	assert_near(a->torque[2], 3);
	assert_near(a->force[0], 4);
	assert_near(a->lin_vel[1], 8);
	assert_near(a->ang_vel[2], 12);
	assert_int_equal(a->xode.finite_mode, 1);
	assert_near(a->xode.finite_axis[2], 1);
	assert_near(a->friction, -1);
	assert_near(a->density, 1);
	assert_near(a->inertia[0][0], 1.0 / 6);
	assert_int_equal(a->xode.line, 2);
	assert_int_equal(m.parts[1].parent, 0);
	assert_true(m.parts[1].enabled);
	assert_int_equal(m.ngeoms, 2);
	assert_int_equal(m.geoms[0].shape, BODY_SHAPE_RAY);
	assert_near(m.geoms[0].size[0], 3);
	assert_int_equal(m.geoms[1].shape, BODY_SHAPE_TRIMESH);
	assert_int_equal(m.geoms[1].nverts, 3);
	assert_int_equal(m.geoms[1].ntris, 1);
	assert_int_equal(m.geoms[1].tris[2], 2);
	assert_int_equal(m.geoms[1].part, 0);
	const body_joint *j = &m.joints[0];
	assert_int_equal(j->kind, BODY_JOINT_UNIVERSAL);
	assert_int_equal(j->naxes, 2);
	assert_true(j->xode.anchor_given);
	assert_int_equal(j->axis[0].given, BODY_AXIS_VEL | BODY_AXIS_FMAX);
	assert_near(j->axis[0].vel, 2);
	assert_near(j->axis[0].fudge, 1); /* ODE's default where none is given */
	assert_true(isinf(j->axis[0].lo_stop) && j->axis[0].lo_stop < 0);
	assert_int_equal(j->axis[1].given, BODY_AXIS_SUSP_ERP);
	assert_near(j->axis[1].susp_erp, 0.5);
	assert_string_equal(xode_joint_name(j->kind), "universal");
	assert_string_equal(xode_shape_name(BODY_SHAPE_CAPSULE), "cappedCylinder");
	assert_string_equal(xode_shape_name(BODY_SHAPE_POINT), "?");
	body_free(&m);
}

/* ----------------------------------------------------------------- export */

static char *export_of(const body_model *m, size_t *len)
{
	c2_wbuf w = {0};
	c2_err err;
	assert_int_equal(xode_export(m, &w, &err), 0);
	c2_w_u8(&w, 0);
	*len = w.len - 1;
	return (char *)w.data;
}

static char *json_of(const body_model *m)
{
	c2_wbuf w = {0};
	assert_int_equal(xode_json(m, &w), 0);
	c2_w_u8(&w, 0);
	return (char *)w.data;
}

/* A document already in the form the writer produces comes back byte for
 * byte: prolog and epilog comments, processing instructions, namespaced
 * attributes and elements, extension blocks with CDATA, attribute values
 * that need escaping, single quotes, layout inside tags, <a></a> and <a/>. */
static const char canonical[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
	"<!-- made by hand -->\n"
	"<?editor keep-this?>\n"
	"<xode version=\"1.0r23\" name=\"t&amp;t &lt;&quot;q&quot;>\" xmlns:my=\"urn:example\" my:note='it&apos;s \"x\"'>\n"
	"  <ext name=\"colours\"><colour body=\"a\" rgb=\"1 0 0\"/>free text &amp; <![CDATA[<raw> & ]]> more</ext>\n"
	"  <world>&#10;&#9;\n"
	"    <space my:hash=\"tab&#9;nl&#10;cr&#13;\">\n"
	"      <my:light power=\"3\"><anything/></my:light>\n"
	"      <body\n"
	"          name =\n  \"a\"\n"
	"          enabled=\"true\"   >\n"
	"        <mass><mass_shape density=\"1\"><sphere radius=\"1\"/></mass_shape></mass>\n"
	"        <geom name=\"é\"><box sizex=\"1\" sizey=\"1\" sizez=\"1\"></box></geom>\n"
	"        <!-- text with a carriage return&#13; stays -->\n"
	"      </body\n"
	"      >\n"
	"    </space>\n"
	"  </world>\n"
	"</xode>\n"
	"<!-- after the end -->\n";

static void test_export_canonical(void **state)
{
	(void)state;
	body_model m;
	load_ok(&m, canonical);
	assert_string_equal(m.name, "t&t <\"q\">");
	assert_string_equal(m.geoms[0].name, "é");
	size_t len;
	char *out = export_of(&m, &len);
	assert_string_equal(out, canonical);
	assert_int_equal(len, strlen(canonical));
	free(out);
	body_free(&m);
}

/* What the writer changes: the encoding (always UTF-8 out), a BOM,
 * references and quotes it does not need; the scene stays the same, and a
 * second export is the first one again. */
static void test_export_normalises(void **state)
{
	(void)state;
	const char latin1[] =
		"\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<xode version=\"1.0r23\"><world><space>\n"
		"<body name=\"&#233;t&#xE9;\"><transform><position x=\" 1.5 \" y=\"&#50;\" z='3'/></transform></body>\n"
		"<joint name=\"j\"><link1 body=\"&#233;t&#xE9;\"/><ball/></joint>\n"
		"</space></world>\r\n</xode>\r\n";
	body_model m, back;
	load_ok(&m, latin1);
	assert_string_equal(m.parts[0].name, "\xC3\xA9t\xC3\xA9");
	assert_near(m.parts[0].pos[1], 2);
	size_t len;
	char *out = export_of(&m, &len);
	assert_non_null(strstr(out, "<body name=\"\xC3\xA9t\xC3\xA9\"><transform><position x=\" 1.5 \" y=\"2\" z='3'/>"));
	assert_int_equal(out[0], '<'); /* no BOM */
	load_ok(&back, out);
	char *j1 = json_of(&m), *j2 = json_of(&back);
	assert_string_equal(j1, j2);
	size_t len2;
	char *again = export_of(&back, &len2);
	assert_string_equal(again, out);
	free(again);
	free(j1);
	free(j2);
	free(out);
	body_free(&back);
	body_free(&m);

	/* ISO-8859-1 in, UTF-8 out. */
	const char iso[] = "<?xml version=\"1.0\" encoding=\"iso-8859-1\"?>\n"
	                   "<xode version=\"1.0r23\" name=\"caf\xE9\"><world><space/></world></xode>";
	load_ok(&m, iso);
	assert_string_equal(m.name, "caf\xC3\xA9");
	out = export_of(&m, &len);
	assert_string_equal(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                         "<xode version=\"1.0r23\" name=\"caf\xC3\xA9\"><world><space/></world></xode>");
	free(out);
	body_free(&m);
}

/* UTF-16 in: the layout inside tags is not kept, their line breaks are, so
 * the lines of everything after them (and of the warnings) stay the same. */
static void test_export_utf16(void **state)
{
	(void)state;
	const char src[] = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n"
	                   "<xode\r\n  version=\"1.0r23\"\n  name=\"w\"><world><space>\n"
	                   "<body\n name=\"nomass\"/></space\r\n></world></xode>\n";
	char u16[2 * sizeof src + 2];
	size_t n = 0;
	u16[n++] = (char)0xFF;
	u16[n++] = (char)0xFE;
	for (size_t i = 0; src[i]; i++) {
		u16[n++] = src[i];
		u16[n++] = 0;
	}
	body_model m, back;
	c2_err err;
	assert_int_equal(xode_load(&m, u16, n, &err), 0);
	assert_int_equal(m.nwarnings, 1);
	assert_int_equal(m.warnings[0].line, 5);
	size_t len;
	char *out = export_of(&m, &len);
	assert_string_equal(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                         "<xode version=\"1.0r23\" name=\"w\"\n\n><world><space>\n"
	                         "<body name=\"nomass\"\n/></space\n></world></xode>\n");
	load_ok(&back, out);
	char *j1 = json_of(&m), *j2 = json_of(&back);
	assert_string_equal(j1, j2);
	free(j1);
	free(j2);
	free(out);
	body_free(&back);
	body_free(&m);
}

static void test_export_needs_xode(void **state)
{
	(void)state;
	body_model m = {0};
	m.format = BODY_F0;
	c2_wbuf w = {0};
	c2_err err;
	assert_int_equal(xode_export(&m, &w, &err), C2_EINVAL);
	assert_int_equal(w.len, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rotations),
		cmocka_unit_test(test_split),
		cmocka_unit_test(test_masses),
		cmocka_unit_test(test_bad_documents),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_warnings),
		cmocka_unit_test(test_model),
		cmocka_unit_test(test_export_canonical),
		cmocka_unit_test(test_export_normalises),
		cmocka_unit_test(test_export_utf16),
		cmocka_unit_test(test_export_needs_xode),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
