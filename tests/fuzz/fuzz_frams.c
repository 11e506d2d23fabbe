/* fuzz_frams.c — libFuzzer target for the Framsticks text file reader and
 * @Serialized values.
 *
 * Any input is read or refused with a line; every genotype found has a
 * format marker that is decoded within its text; and the input read as a
 * @Serialized value either fails with an offset inside it or serializes to
 * text that reads back to the same serialization. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "framsticks/frams.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void serialized_round_trip(const char *s, size_t n)
{
	frams_value v, back;
	c2_err err;
	int rc = frams_deserialize(s, n, &v, &err);
	if (rc != 0) {
		if (rc != C2_EFORMAT || err.offset < 0 || (size_t)err.offset > n)
			__builtin_trap();
		return;
	}
	c2_wbuf a = {0}, b = {0};
	frams_serialize(&v, &a);
	if (frams_deserialize(a.len ? (const char *)a.data : "", a.len, &back, &err) != 0)
		__builtin_trap();
	frams_serialize(&back, &b);
	if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
		__builtin_trap();
	frams_value_free(&v);
	frams_value_free(&back);
	c2_wbuf_free(&a);
	c2_wbuf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const frams_class *const classes[] = {&frams_org_class};
	frams_file f;
	c2_err err;
	int rc = frams_read(text, size, classes, 1, &f, &err);
	if (rc != 0 && ((rc != C2_EFORMAT && rc != C2_ETOOBIG) || err.line < 1))
		__builtin_trap();
	if (rc == 0) {
		size_t n = frams_genotypes(&f, NULL, 0);
		frams_genotype *g = calloc(n + 1, sizeof *g);
		if (!g || frams_genotypes(&f, g, n) != n)
			__builtin_trap();
		for (size_t i = 0; i < n; i++) {
			frams_geno gi;
			frams_geno_marker(g[i].genes, g[i].len, &gi);
			if (gi.genes > g[i].len || g[i].line < 1)
				__builtin_trap();
		}
		free(g);
		for (size_t i = 0; i < f.log.n; i++)
			if (f.log.v[i].line < 1 || f.log.v[i].line > (long)size + 1)
				__builtin_trap();
	}
	frams_file_free(&f);
	serialized_round_trip(text, size);
	return 0;
}
