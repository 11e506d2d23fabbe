/* test_frams.c — the Framsticks text file reader (objects, ~ values, line
 * endings, merged objects, warnings), @Serialized values (the format
 * page's examples) and the genotype format marker, on hand-written input;
 * and every .gen file of the shared test material (read from $C2RT_SHARED,
 * skipped when absent). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "framsticks/f0.h"
#include "framsticks/frams.h"
#include "testutil.h"

static const frams_class *const ORG[] = {&frams_org_class};

static void read_ok(frams_file *f, const char *text)
{
	c2_err err;
	if (frams_read(text, strlen(text), ORG, 1, f, &err) != 0)
		fail_msg("line %ld: %s", err.line, err.msg);
}

static bool logged(const frams_file *f, long line, const char *text)
{
	for (size_t i = 0; i < f->log.n; i++)
		if (f->log.v[i].line == line && strstr(f->log.v[i].text, text))
			return true;
	return false;
}

static void test_objects(void **state)
{
	(void)state;
	frams_file f;
	/* CRLF, CR-only inside a ~ value, LF; a comment inside the object; an
	 * escaped tilde; text after the closing ~ dropped. */
	read_ok(&f, "# top\r\n"
	            "org:\r\n"
	            "name: spaced \r\n"
	            "  # inside\r\n"
	            "genotype:~ignored\r\n"
	            "a\\~b\rc\r\n"
	            "d~ dropped\n"
	            "num:0x10\n"
	            "info_origin:9\n"
	            "\n"
	            "Other:\n"
	            "x:~\n"
	            "1\n"
	            "~\n"
	            "no colon here\n");
	assert_int_equal(f.nobjs, 2);
	frams_genotype g[2];
	assert_int_equal(frams_genotypes(&f, g, 2), 1);
	assert_string_equal(g[0].name, " spaced "); /* leading blanks kept, CR gone */
	assert_int_equal(g[0].len, 6);
	assert_memory_equal(g[0].genes, "a~bc\nd", 6);
	assert_int_equal(g[0].line, 6);
	const frams_object *o = g[0].obj;
	assert_int_equal(o->slots[frams_find(o->schema, "num", 3)].i, 16);
	assert_int_equal(o->slots[frams_find(o->schema, "info_origin", 11)].i, 4); /* clamped */
	assert_true(logged(&f, 9, "Setting org.info_origin = '9' exceeded allowed range"));
	/* an unknown class is kept raw, with the SDK's warning */
	assert_string_equal(f.objs[1].cls, "Other");
	assert_null(f.objs[1].schema);
	assert_true(logged(&f, 11, "Skipping object 'Other'"));
	const frams_field *x = frams_object_field(&f.objs[1], "x");
	assert_true(x && x->multiline && x->len == 2 && x->line == 12 && x->value_line == 13);
	assert_true(logged(&f, 15, "Ignored unexpected line 15 while reading object 'Other'"));
	frams_file_free(&f);
}

static void test_merged_and_unclosed(void **state)
{
	(void)state;
	frams_file f;
	read_ok(&f, "org:\nname:one\norg:\nname:two\nfoo:bar\n\nstray line\nanother\n\n"
	            "org:\nname:three\ngenotype:~\n//0\np:\n");
	frams_genotype g[4];
	assert_int_equal(frams_genotypes(&f, g, 4), 2);
	assert_string_equal(g[0].name, "two");
	assert_true(logged(&f, 3, "Ignored unknown property 'org.org'"));
	assert_true(logged(&f, 4, "Multiple 'org.name' properties found"));
	assert_true(logged(&f, 5, "Ignored unknown property 'org.foo'"));
	assert_true(logged(&f, 7, "Ignored unexpected line 7"));
	assert_true(logged(&f, 8, "The following line(s) were also unexpected"));
	assert_true(logged(&f, 12, "Closing '~' (tilde) not found in 'org.genotype'"));
	assert_int_equal(g[1].len, 7); /* an unclosed ~ reads to the end */
	frams_file_free(&f);
	/* #include is refused with its line */
	c2_err err;
	const char *t = "org:\nname:a\n\n#include \"x.gen\"\n";
	assert_int_equal(frams_read(t, strlen(t), ORG, 1, &f, &err), C2_EFORMAT);
	assert_int_equal(err.line, 4);
	frams_file_free(&f);
}

static void test_long_name(void **state)
{
	(void)state;
	frams_file f;
	read_ok(&f, "org:\nname:0123456789012345678901234567890123456789XYZ\n");
	frams_genotype g;
	frams_genotypes(&f, &g, 1);
	assert_int_equal(strlen(g.name), 40); /* "s 0 40" */
	assert_true(logged(&f, 2, "exceeded allowed range (too long)"));
	frams_file_free(&f);
}

/* ---- @Serialized ---------------------------------------------------------------- */

static frams_value des_ok(const char *s)
{
	frams_value v;
	c2_err err;
	if (frams_deserialize(s, strlen(s), &v, &err) != 0)
		fail_msg("%s: %s", s, err.msg);
	/* Serializing gives text that reads back to the same serialization. */
	c2_wbuf w = {0}, w2 = {0};
	frams_serialize(&v, &w);
	frams_value back;
	if (frams_deserialize((const char *)w.data, w.len, &back, &err) != 0)
		fail_msg("%.*s: %s", (int)w.len, (const char *)w.data, err.msg);
	frams_serialize(&back, &w2);
	assert_int_equal(w.len, w2.len);
	assert_memory_equal(w.data, w2.data, w.len);
	frams_value_free(&back);
	c2_wbuf_free(&w);
	c2_wbuf_free(&w2);
	return v;
}

static void test_serialized_examples(void **state)
{
	(void)state;
	/* The format page's examples f7, f8, f11 .. f22. */
	frams_value v = des_ok("\"123\"");
	assert_true(v.kind == FRAMS_V_STRING && strcmp(v.s, "123") == 0);
	frams_value_free(&v);
	v = des_ok("\"\\\"\"");
	assert_true(v.kind == FRAMS_V_STRING && strcmp(v.s, "\"") == 0);
	frams_value_free(&v);
	v = des_ok("\"@Serialized:\"");
	assert_string_equal(v.s, "@Serialized:");
	frams_value_free(&v);
	v = des_ok("[+0X10,null,\"abc\"]");
	assert_true(v.kind == FRAMS_V_VECTOR && v.n == 3 && v.items[0].kind == FRAMS_V_INT &&
	            v.items[0].i == 16 && v.items[1].kind == FRAMS_V_NULL);
	frams_value_free(&v);
	v = des_ok("{\"a\":123,\"b\":[0x7,8,9]}");
	assert_true(v.kind == FRAMS_V_DICT && v.n == 2 && strcmp(v.keys[1], "b") == 0 &&
	            v.items[1].n == 3 && v.items[1].items[0].i == 7);
	frams_value_free(&v);
	v = des_ok("[[[]]]");
	assert_true(v.n == 1 && v.items[0].n == 1 && v.items[0].items[0].n == 0);
	frams_value_free(&v);
	v = des_ok("[\"\\n\\n\",\"\"]");
	assert_true(strcmp(v.items[0].s, "\n\n") == 0 && v.items[1].slen == 0);
	frams_value_free(&v);
	v = des_ok("Population<0x85f53a8>");
	assert_true(v.kind == FRAMS_V_OPAQUE && strcmp(v.s, "Population") == 0 &&
	            strcmp(v.opaque, "0x85f53a8") == 0);
	frams_value_free(&v);
	v = des_ok("[^0]"); /* a vector holding itself */
	assert_true(v.items[0].kind == FRAMS_V_REF && v.items[0].i == 0);
	frams_value_free(&v);
	v = des_ok("[44,[^1]]");
	assert_true(v.items[1].num == 1 && v.items[1].items[0].i == 1);
	frams_value_free(&v);
	v = des_ok("[[100],[\"abc\"],[300,^2]]"); /* ["abc"] is object 2 */
	assert_true(v.items[1].num == 2 && v.items[2].items[1].i == 2);
	frams_value_free(&v);
	v = des_ok("[[123,[]],[\"x\",^0],^2]");
	assert_true(v.items[0].items[1].num == 2 && v.items[2].i == 2);
	frams_value_free(&v);
	v = des_ok("{\"a\":[33,44],\"b\":^1,\"c\":[33,44]}");
	assert_true(v.items[1].i == 1 && v.items[2].num == 2);
	frams_value_free(&v);
	v = des_ok("[null,null,[1,2],null,^1]"); /* null is not numbered */
	assert_true(v.items[2].num == 1 && v.items[4].i == 1);
	frams_value_free(&v);
	v = des_ok("XYZ[1.0,2.0,3.0]");
	assert_true(v.kind == FRAMS_V_OBJECT && strcmp(v.s, "XYZ") == 0 && v.items[0].n == 3 &&
	            v.items[0].items[0].kind == FRAMS_V_DOUBLE && v.items[0].items[2].d == 3.0);
	frams_value_free(&v);
	v = des_ok("[Orient[1,0,0,0,1,0,0,0,1],^1]"); /* the object and its data: one number */
	assert_true(v.items[0].num == 1 && v.items[0].items[0].num == 1);
	frams_value_free(&v);
	v = des_ok("-12.3");
	assert_true(v.kind == FRAMS_V_DOUBLE && v.d == -12.3);
	frams_value_free(&v);
}

static void test_serialized_errors(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"",          /* f10: nothing after @Serialized: */
		"[1,2",      "[1 2]",      "{\"a\" 1}",  "{1:2}",    "\"abc", "[^1]",
		"^0",        "Thing",      "Thing<x",    "nul",      "[1]x",  "{\"a\":}",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		frams_value v;
		c2_err err;
		if (frams_deserialize(bad[i], strlen(bad[i]), &v, &err) != C2_EFORMAT)
			fail_msg("'%s' was accepted", bad[i]);
		assert_true(err.offset >= 0 && (size_t)err.offset <= strlen(bad[i]));
	}
	/* Deep nesting is refused, not a stack overflow. */
	char deep[1002];
	memset(deep, '[', 1000);
	deep[1000] = '\0';
	frams_value v;
	c2_err err;
	assert_int_equal(frams_deserialize(deep, 1000, &v, &err), C2_EFORMAT);
	assert_non_null(strstr(err.msg, "nesting too deep"));
}

static void test_x_fields(void **state)
{
	(void)state;
	frams_file f;
	read_ok(&f, "org:\nuser1:123\nuser2:@Serialized:[1,\"a\"]\nuser3:12x\ndata:@Serialized:{\n");
	const frams_object *o = &f.objs[0];
	assert_int_equal(frams_object_field(o, "user1")->val.kind, FRAMS_V_INT);
	assert_int_equal(frams_object_field(o, "user2")->val.kind, FRAMS_V_VECTOR);
	assert_int_equal(frams_object_field(o, "user3")->val.kind, FRAMS_V_STRING);
	assert_false(frams_object_field(o, "data")->serialized_ok);
	assert_true(logged(&f, 5, "serialization format mismatch in org.data"));
	frams_file_free(&f);
}

/* ---- genotype marker ------------------------------------------------------------------ */

static void test_marker(void **state)
{
	(void)state;
	static const struct {
		const char *g;
		char format;
		size_t genes;
		long lines;
	} cases[] = {
		{"//0\np:", '0', 4, 1}, {"//0\r\np:", '0', 5, 1}, {"//0", '0', 3, 0},
		{"/*0*/p:", '0', 5, 0}, {"/*9*/X", '9', 5, 0},   {"X(X,X)", '1', 0, 0},
		{"//B\nx", 'B', 4, 1},  {"//0 \np:", '\0', 5, 1}, {"//\n", '\0', 3, 1},
		{"/*0", '\0', 3, 0},    {"/*00*/", '\0', 6, 0},   {"", '1', 0, 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		frams_geno gi;
		frams_geno_marker(cases[i].g, strlen(cases[i].g), &gi);
		if (gi.format != cases[i].format || gi.genes != cases[i].genes ||
		    gi.marker_lines != cases[i].lines)
			fail_msg("'%s': format '%c' genes %zu lines %ld", cases[i].g, gi.format, gi.genes,
			         gi.marker_lines);
	}
}

/* ---- the shared genotype files ---------------------------------------------------------- */

static void test_shared_gen_files(void **state)
{
	(void)state;
	static const char *const files[] = {"bodies/frams/walking.gen", "bodies/frams/tests_geometry.gen",
	                                    "bodies/frams/tests_similarity.gen",
	                                    "bodies/frams/edge_format.gen"};
	size_t nf0 = 0, nvalid = 0;
	for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
		uint8_t *data;
		size_t len;
		TEST_READ_SHARED(files[k], &data, &len);
		frams_file f;
		c2_err err;
		assert_int_equal(frams_read((const char *)data, len, ORG, 1, &f, &err), 0);
		size_t n = frams_genotypes(&f, NULL, 0);
		frams_genotype *g = calloc(n + 1, sizeof *g);
		frams_genotypes(&f, g, n);
		for (size_t i = 0; i < n; i++) {
			frams_geno gi;
			frams_geno_marker(g[i].genes, g[i].len, &gi);
			if (gi.format != '0' || k == 3)
				continue;
			body_model m;
			nf0++;
			nvalid += frams_f0_build_genotype(g[i].genes, g[i].len, g[i].name, g[i].line, &m, &err) == 0;
			body_free(&m);
		}
		if (k == 0)
			assert_int_equal(n, 56);
		free(g);
		frams_file_free(&f);
		free(data);
	}
	/* 3 in walking.gen, 6 in tests_geometry.gen, 3 in tests_similarity.gen */
	assert_int_equal(nf0, 12);
	assert_int_equal(nvalid, 12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_objects),
		cmocka_unit_test(test_merged_and_unclosed),
		cmocka_unit_test(test_long_name),
		cmocka_unit_test(test_serialized_examples),
		cmocka_unit_test(test_serialized_errors),
		cmocka_unit_test(test_x_fields),
		cmocka_unit_test(test_marker),
		cmocka_unit_test(test_shared_gen_files),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
