/* test_body_f0.c — Framsticks property fields (numbers, clamping, the
 * single-line syntax, the re-save) and f0 genotypes (delta joints, mass,
 * every validity check, neurons, the re-save round trip), on hand-written
 * genotypes whose results are worked out here. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "framsticks/f0.h"
#include "framsticks/fparam.h"
#include "testutil.h"

/* ---- numbers -------------------------------------------------------------------- */

static void test_fmt_double(void **state)
{
	(void)state;
	static const struct {
		double v;
		const char *s;
	} cases[] = {
		{1, "1.0"},           {100, "100.0"},        {-1, "-1.0"},
		{0.1, "0.1"},         {2.5, "2.5"},          {1e-5, "1e-05"},
		{-0.0, "-0.0"},       {1.57, "1.57"},        {6.123233995736766e-17, "6.123233995736766e-17"},
		{0.7648421872844885, "0.7648421872844885"}, /* needs 16 digits */
		{1.4693084925600801, "1.4693084925600801"}, /* needs 17 */
		{999999, "999999.0"},
	};
	char buf[FRAMS_DBL_MAX];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		frams_fmt_double(cases[i].v, buf);
		assert_string_equal(buf, cases[i].s);
	}
}

static void test_parse_numbers(void **state)
{
	(void)state;
	double d;
	long i;
	assert_true(frams_parse_double("0x10", 4, &d));
	assert_true(d == 16);
	assert_true(frams_parse_double("-0X1f", 5, &d));
	assert_true(d == -31);
	assert_true(frams_parse_double("1e-3", 4, &d));
	assert_true(d == 1e-3);
	assert_true(frams_parse_double(" .5", 3, &d)); /* leading blanks are skipped */
	assert_true(d == 0.5);
	assert_false(frams_parse_double("abc", 3, &d));
	assert_false(frams_parse_double("1x", 2, &d));
	assert_false(frams_parse_double("", 0, &d));
	assert_false(frams_parse_double("0x", 2, &d));
	assert_false(frams_parse_double("0x100000000", 11, &d)); /* hex is at most 32 bits */
	assert_false(frams_parse_double("1e999", 5, &d));        /* out of range */
	assert_true(frams_parse_int("-7", 2, true, &i));
	assert_int_equal(i, -7);
	assert_true(frams_parse_int("0xff", 4, true, &i));
	assert_int_equal(i, 255);
	assert_false(frams_parse_int("1.5", 3, true, &i)); /* strict: an integer literal */
	assert_false(frams_parse_int("1e3", 3, true, &i));
	assert_true(frams_parse_int("1.5", 3, false, &i)); /* lax: truncated */
	assert_int_equal(i, 1);
	assert_false(frams_parse_int("3000000000", 10, true, &i));
	/* Exactly n bytes are looked at, NUL or not. */
	assert_true(frams_parse_double("12345", 2, &d));
	assert_true(d == 12);
}

/* ---- single-line fields ----------------------------------------------------------- */

static const frams_prop ob_props[] = {
	{"a", 'f', FRAMS_CANOMITNAME, 0, 0, 0, 0, NULL},
	{"b", 'f', FRAMS_CANOMITNAME, 1, -2, 2, 1, NULL},
	{"c", 'd', 0, 1, 0, 3, 2, NULL},
	{"d", 's', 0, 0, 0, 0, 0, "x"},
};
static const frams_class ob = {"ob", ob_props, 4};

static bool load(frams_slot *v, const char *s, frams_log *log)
{
	frams_slots_init(&ob, v);
	return frams_load_line(&ob, v, s, strlen(s), log, 7);
}

static void test_load_line(void **state)
{
	(void)state;
	frams_slot v[4];
	frams_log log = {0};
	/* named, then counting on from the named property */
	assert_true(load(v, "b=0.5,3", &log));
	assert_true(v[1].d == 0.5 && v[2].i == 3 && !v[0].given);
	assert_int_equal(log.n, 1); /* c has no CANOMITNAME: the SDK warns */
	assert_string_equal(log.v[0].text, "Missing property name in 'ob' (assuming 'c')");
	assert_int_equal(log.v[0].line, 7);
	frams_slots_free(&ob, v);
	frams_log_free(&log);
	/* empty fields skip a slot; a quoted value keeps its commas */
	assert_true(load(v, ",,c=1,\"p,q\\\"r\"", &log));
	assert_string_equal(frams_slot_str(&ob, v, 3, NULL), "p,q\"r");
	assert_true(v[2].i == 1 && !v[0].given && !v[1].given);
	assert_int_equal(log.n, 1); /* d is not CANOMITNAME either */
	frams_slots_free(&ob, v);
	frams_log_free(&log);
	/* names are not trimmed: "a " is unknown, and bare values after it drop */
	assert_true(load(v, "a =5,6", &log));
	assert_false(v[0].given);
	assert_false(v[1].given);
	assert_string_equal(log.v[0].text, "Unknown property 'ob.a ' (ignored)");
	frams_slots_free(&ob, v);
	frams_log_free(&log);
	/* clamping warns with the SDK's text */
	assert_true(load(v, "b=3,c=-1", &log));
	assert_true(v[1].d == 2 && v[2].i == 0);
	assert_string_equal(log.v[0].text,
	                    "Setting ob.b = '3.0' exceeded allowed range (too big). Adjusted to '2.0'.");
	assert_string_equal(log.v[1].text,
	                    "Setting ob.c = '-1' exceeded allowed range (too small). Adjusted to '0'.");
	frams_slots_free(&ob, v);
	frams_log_free(&log);
	/* a value that is not a number fails the line */
	assert_false(load(v, "a=abc", &log));
	assert_int_equal(log.v[0].level, FRAMS_ERROR);
	assert_string_equal(log.v[0].text, "Could not parse 'abc'");
	frams_slots_free(&ob, v);
	frams_log_free(&log);
	/* too many values */
	assert_true(load(v, "1,1,1,y,5", &log));
	assert_string_equal(log.v[log.n - 1].text, "Value after the last property of 'ob'");
	frams_slots_free(&ob, v);
	frams_log_free(&log);
}

static void test_save_line(void **state)
{
	(void)state;
	frams_slot v[4];
	frams_log log = {0};
	c2_wbuf w = {0};
	/* a default skipped makes the next written value carry its name */
	assert_true(load(v, "a=0,b=1.5,c=2,d=\"u v\"", &log));
	frams_save_line(&ob, v, 0, &w);
	c2_w_u8(&w, 0);
	assert_string_equal((char *)w.data, "b=1.5, d=\"u v\"\n");
	frams_slots_free(&ob, v);
	w.len = 0;
	assert_true(load(v, "4,5e-1,1", &log));
	frams_save_line(&ob, v, 0, &w);
	c2_w_u8(&w, 0);
	assert_string_equal((char *)w.data, "4.0, 0.5, c=1\n");
	frams_slots_free(&ob, v);
	c2_wbuf_free(&w);
	frams_log_free(&log);
}

/* ---- f0 ------------------------------------------------------------------------------ */

static int build(body_model *m, const char *genes, c2_err *err)
{
	return frams_f0_build(genes, strlen(genes), NULL, 2, m, err);
}

static void near3(const double *v, double x, double y, double z)
{
	assert_true(fabs(v[0] - x) < 1e-12 && fabs(v[1] - y) < 1e-12 && fabs(v[2] - z) < 1e-12);
}

static void test_delta_joints(void **state)
{
	(void)state;
	body_model m;
	c2_err err;
	/* rz turns the second part's frame about z, ry about y with the SDK's
	 * sign (x towards +z), and the delta is in the turned frame. */
	assert_int_equal(build(&m, "p:\np:\np:\np:\nj:0,1,rz=1.5707963267948966,dx=1\n"
	                           "j:1,2,dx=1\nj:2,3,ry=1.5707963267948966,dx=1.5\n",
	                       &err),
	                 0);
	near3(m.parts[1].pos, 0, 1, 0);
	near3(m.parts[2].pos, 0, 2, 0); /* the turn propagates */
	/* part 3: frame Rz(90) then Ry(-90): its x axis is world +z */
	near3(m.parts[3].pos, 0, 2, 1.5);
	assert_true(fabs(m.parts[3].R[2][0] - 1) < 1e-12);
	assert_true(m.joints[0].f0.usedelta && !m.joints[1].f0.rot[2]);
	/* mass: joints touching each part */
	assert_true(m.parts[0].mass == 1 && m.parts[1].mass == 2 && m.parts[2].mass == 2);
	assert_int_equal(frams_f0_info_of(&m)->shape, FRAMS_F0_SHAPE_BALL_AND_STICK);
	body_free(&m);
	/* Without delta, the joint's delta is computed in the second part's frame. */
	assert_int_equal(build(&m, "p:\np:1,0,0,rz=1.5707963267948966\nj:0,1\n", &err), 0);
	near3(m.joints[0].f0.d, 0, -1, 0);
	assert_false(m.joints[0].f0.usedelta);
	assert_true(fabs(m.joints[0].f0.rot[2] - 1.5707963267948966) < 1e-12);
	body_free(&m);
}

static void test_delta_cycle_rule(void **state)
{
	(void)state;
	body_model m;
	c2_err err;
	/* A tree, but part 1 was placed by joint 0 and is the second part of
	 * joint 1 again: the SDK calls it a cycle. */
	assert_int_equal(build(&m, "p:\np:\np:\nj:0,1,dx=1\nj:2,1,dx=1\n", &err), C2_EFORMAT);
	assert_int_equal(err.line, 6);
	assert_non_null(strstr(err.msg, "Delta joint cycle detected at Joint #1"));
	body_free(&m);
	/* A real cycle closed by a non-delta joint passes. */
	assert_int_equal(build(&m, "p:\np:\np:\nj:0,1,dx=1\nj:1,2,dx=1\nj:0,2\n", &err), 0);
	body_free(&m);
	/* Either end counts: part 0 was touched (as the first part). */
	assert_int_equal(build(&m, "p:\np:\np:\nj:0,1,dx=1\nj:2,0,dx=1\n", &err), C2_EFORMAT);
	body_free(&m);
}

static void test_checks(void **state)
{
	(void)state;
	static const struct {
		const char *genes;
		long line; /* of the reason (genes start on line 2) */
		const char *reason;
	} bad[] = {
		{"", 2, "no parts and no neurons"},
		{"p:\nx:1\n", 3, "not an f0 line"},
		{"p:\nj:0,1\n", 3, "Part #1, which is not defined"},
		{"p:\nn:j=0\n", 3, "Joint #0, which is not defined"},
		{"p:\nn:\nc:0,1\n", 4, "Neuro #1, which is not defined"},
		{"p:abc\n", 2, "Could not parse 'abc'"},
		{"p:\nj:0,0\n", 3, "to itself"},
		{"p:\np:1\nj:0,1\nj:1,0\n", 5, "same two parts"},
		{"p:\np:1,sh=1\nj:0,1\n", 3, "mixes ball-and-stick and solid"},
		{"p:sh=1\np:1,sh=1\nj:0,1\n", 4, "does not match the parts' shapes"},
		{"p:\np:2.5\nj:0,1\n", 4, "too long (its length 2.5 exceeds allowed 2)"},
		{"p:\np:\nj:0,1,dx=2,dy=2\n", 4, "too long"},
		{"p:\np:\n", 3, "Part #1 is not connected"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		body_model m;
		c2_err err;
		int rc = build(&m, bad[i].genes, &err);
		if (rc != C2_EFORMAT || err.line != bad[i].line || !strstr(err.msg, bad[i].reason))
			fail_msg("case %zu: rc %d line %ld: %s", i, rc, err.line, err.msg);
		assert_false(frams_f0_info_of(&m)->valid);
		body_free(&m);
	}
	/* Limits that pass: exactly 2 long, a long solid joint, neurons only. */
	static const char *const good[] = {
		"p:\np:2\nj:0,1\n",
		"p:sh=1\np:5,sh=1\nj:0,1,sh=1\n",
		"p:\np:\nj:0,1,dx=3\n", /* clamped to 2 with a warning */
		"n:\nn:d=Sin\nc:0,1\n",
	};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		body_model m;
		c2_err err;
		if (build(&m, good[i], &err) != 0)
			fail_msg("good case %zu: %s", i, err.msg);
		body_free(&m);
	}
}

/* The size limits (body.h): a chain of BODY_MAX_PARTS parts builds; one
 * part more, or one joint past BODY_MAX_JOINTS, is refused at the line of
 * the first one past the limit, with the count (the whole genotype's). */
static void test_limits(void **state)
{
	(void)state;
	static const struct {
		int parts, joints;
		long line; /* of the refusal (genes start on line 2); 0: builds */
		const char *reason;
	} cases[] = {
		{BODY_MAX_PARTS, BODY_MAX_PARTS - 1, 0, NULL},
		{BODY_MAX_PARTS + 1, 0, BODY_MAX_PARTS + 2, "10001 parts, more than the limit of 10000"},
		{100000, 0, BODY_MAX_PARTS + 2, "100000 parts, more than the limit of 10000"},
		{2000, BODY_MAX_JOINTS + 5, 2000 + BODY_MAX_JOINTS + 2,
		 "20005 joints, more than the limit of 20000"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		c2_wbuf w = {0};
		for (int p = 0; p < cases[i].parts; p++)
			c2_w_str(&w, "p:\n");
		for (int j = 0; j < cases[i].joints; j++) /* a chain, then chords */
			c2_w_printf(&w, "j:%d,%d,dx=0.5\n", j % (cases[i].parts - 1),
			            (j % (cases[i].parts - 1) + 1 + j / (cases[i].parts - 1)) % cases[i].parts);
		c2_w_u8(&w, 0);
		body_model m;
		c2_err err;
		int rc = build(&m, (const char *)w.data, &err);
		if (!cases[i].line && rc != 0)
			fail_msg("case %zu: rc %d line %ld: %s", i, rc, err.line, err.msg);
		if (cases[i].line && (rc != C2_ETOOBIG || err.line != cases[i].line ||
		                      strcmp(err.msg, cases[i].reason) != 0))
			fail_msg("case %zu: rc %d line %ld: %s", i, rc, err.line, err.msg);
		body_free(&m);
		c2_wbuf_free(&w);
	}
}

static void test_neurons(void **state)
{
	(void)state;
	body_model m;
	c2_err err;
	assert_int_equal(build(&m, "p:\np:1\nj:0,1\nn:p=1\nn:j=0,d=\"|:p=0.25,r=1\"\n"
	                           "n:p=0,j=0,d=G:\nn:d=\"Thr: t=1\"\nc:0,2\nc:0,3,2.3\nc:1,0\n",
	                       &err),
	                 0);
	assert_int_equal(m.nneurons, 4);
	assert_string_equal(m.neurons[0].cls, "N");
	assert_int_equal(m.neurons[0].part, 1);
	assert_string_equal(m.neurons[1].cls, "|");
	assert_string_equal(m.neurons[1].props, "p=0.25,r=1");
	/* on a part and a joint: the joint wins, as in the SDK */
	assert_int_equal(m.neurons[2].part, -1);
	assert_int_equal(m.neurons[2].joint, 0);
	assert_string_equal(m.neurons[3].props, " t=1");
	assert_null(frams_f0_neuro_class_find("Thr")); /* unknown classes are kept */
	const frams_f0_neuro_class *bend = frams_f0_neuro_class_find("|");
	assert_true(bend && bend->inputs == 1 && !bend->output && bend->location == FRAMS_F0_LOC_JOINT);
	assert_int_equal(m.nconns, 3);
	assert_true(m.conns[1].to == 0 && m.conns[1].from == 3 && m.conns[1].weight == 2.3);
	body_free(&m);
}

static char *write_text(const body_model *m)
{
	c2_wbuf w = {0};
	assert_int_equal(frams_f0_write(m, &w), 0);
	c2_w_u8(&w, 0);
	return (char *)w.data;
}

static void test_resave(void **state)
{
	(void)state;
	const char *genes = "m:se=2\np:x=1,y=1,fr=0\np:vr=0.5,0.5\np:\nj:0,1,stam=1\n"
	                    "j:1,2,rx=0.5,dx=1\nn:j=1,d=@\nn:p=0,d=\"N:in=0.5, fo=1\",i=\"a\\\\b\"\n"
	                    "n:d=T\nc:1,0\nc:0,2,-1\nc:1,2\n";
	body_model m, again;
	c2_err err;
	assert_int_equal(build(&m, genes, &err), 0);
	char *text = write_text(&m);
	assert_string_equal(text, "m:2.0\n"
	                          "p:1.0, 1.0, fr=0.0\n"
	                          "p:vr=0.5, 0.5\n"
	                          "p:1.0\n" /* placed by the delta joint */
	                          "j:0, 1, stam=1.0\n"
	                          "j:1, 2, rx=0.5, dx=1.0, 0.0, 0.0\n"
	                          "n:j=1, d=@\n"
	                          "n:p=0, d=\"N:in=0.5, fo=1\", i=\"a\\\\b\"\n"
	                          "n:d=T\n"
	                          "c:0, 2, -1.0\n" /* grouped by the receiving neuron */
	                          "c:1, 0\n"
	                          "c:1, 2\n");
	/* What is written builds to the same text. */
	assert_int_equal(build(&again, text, &err), 0);
	char *text2 = write_text(&again);
	assert_string_equal(text, text2);
	free(text);
	free(text2);
	body_free(&m);
	body_free(&again);
}

static void test_genotype_marker(void **state)
{
	(void)state;
	body_model m;
	c2_err err;
	const char *g = "//0\r\np:\n";
	assert_int_equal(frams_f0_build_genotype(g, strlen(g), "x", 10, &m, &err), 0);
	assert_string_equal(m.name, "x");
	assert_int_equal(m.parts[0].f0.line, 11);
	body_free(&m);
	g = "p:\n";
	assert_int_equal(frams_f0_build_genotype(g, strlen(g), NULL, 1, &m, &err), C2_EFORMAT);
	assert_string_equal(err.msg,
	                    "genotype format f1 is not supported (only f0: a genotype that starts "
	                    "with //0 or /*0*/)");
	body_free(&m);
	g = "/*4*/X";
	assert_int_equal(frams_f0_build_genotype(g, strlen(g), NULL, 1, &m, &err), C2_EFORMAT);
	assert_non_null(strstr(err.msg, "format f4 is not supported"));
	body_free(&m);
}

/* The SDK's report for a name: messages carry " in 'NAME'". */
static void test_sdk_report(void **state)
{
	(void)state;
	body_model m;
	c2_err err;
	const char *g = "//0\np:\np:\n";
	assert_int_equal(frams_f0_build_genotype(g, strlen(g), "Duo", 1, &m, &err), C2_EFORMAT);
	c2_wbuf w = {0};
	frams_f0_sdk_report(&m, &w);
	c2_w_u8(&w, 0);
	assert_string_equal((char *)w.data,
	                    "[ERROR] Model.internalCheck: Not all parts connected (eg. Part #0 and "
	                    "Part #1) in 'Duo'\nvalid=0 parts=2 joints=0 neurons=0 shape=2\nrc=1\n");
	c2_wbuf_free(&w);
	body_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fmt_double),     cmocka_unit_test(test_parse_numbers),
		cmocka_unit_test(test_load_line),      cmocka_unit_test(test_save_line),
		cmocka_unit_test(test_delta_joints),   cmocka_unit_test(test_delta_cycle_rule),
		cmocka_unit_test(test_checks),         cmocka_unit_test(test_neurons),
		cmocka_unit_test(test_resave),         cmocka_unit_test(test_genotype_marker),
		cmocka_unit_test(test_sdk_report),     cmocka_unit_test(test_limits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
