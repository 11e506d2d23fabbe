/* test_lz.c — the LZ77 packer (base/lz.h) and the packed genome a creature
 * keeps (engine/genome_store.c): packing and unpacking give the bytes back
 * exactly, for random data of every kind and for the real norn; bytes
 * that are not a packing give an error, never a read or write out of
 * bounds; a creature's genome comes back gene for gene. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/lz.h"
#include "base/rng.h"
#include "engine/engine.h"
#include "testutil.h"

static void round_trip(const uint8_t *in, size_t n)
{
	uint8_t *packed = malloc(c2_lz_bound(n)), *back = malloc(n + 1);
	assert_non_null(packed);
	assert_non_null(back);
	size_t p = c2_lz_pack(in, n, packed);
	assert_true(p <= c2_lz_bound(n));
	assert_int_equal(c2_lz_unpack(packed, p, back, n), n);
	assert_memory_equal(in, back, n);
	/* one byte short of room: an error, not an overflow */
	if (n)
		assert_int_equal(c2_lz_unpack(packed, p, back, n - 1), (size_t)-1);
	free(packed);
	free(back);
}

static void test_round_trips(void **state)
{
	(void)state;
	c2_rng r;
	c2_rng_seed(&r, 5);
	enum { MAX = 70000 }; /* past the longest offset */
	uint8_t *buf = malloc(MAX);
	assert_non_null(buf);
	round_trip(buf, 0);
	for (int trial = 0; trial < 60; trial++) {
		size_t n = trial < 50 ? c2_rng_below(&r, 3000) : MAX;
		unsigned kind = (unsigned)trial % 4;
		for (size_t i = 0; i < n; i++) {
			switch (kind) {
			case 0: buf[i] = (uint8_t)c2_rng_below(&r, 256); break;     /* noise */
			case 1: buf[i] = (uint8_t)c2_rng_below(&r, 3); break;       /* few symbols */
			case 2: buf[i] = (uint8_t)(i % 7 == 0 ? c2_rng_below(&r, 256) : 'g'); break;
			default: /* copies of earlier stretches, near and far */
				buf[i] = i > 300 && c2_rng_below(&r, 8) ? buf[i - 1 - c2_rng_below(&r, i < 66000 ? i - 1 : 65535)]
				                                       : (uint8_t)c2_rng_below(&r, 256);
				break;
			}
		}
		round_trip(buf, n);
	}
	free(buf);
}

static void test_malformed(void **state)
{
	(void)state;
	c2_rng r;
	c2_rng_seed(&r, 6);
	uint8_t in[64], out[256];
	for (int trial = 0; trial < 20000; trial++) {
		size_t n = c2_rng_below(&r, sizeof in + 1);
		for (size_t i = 0; i < n; i++)
			in[i] = (uint8_t)c2_rng_below(&r, 256);
		size_t cap = c2_rng_below(&r, sizeof out + 1);
		size_t got = c2_lz_unpack(in, n, out, cap);
		assert_true(got == (size_t)-1 || got <= cap);
	}
	/* a copy reaching before the start */
	static const uint8_t bad[] = {0x00, 'a', 0x80, 0x05};
	assert_int_equal(c2_lz_unpack(bad, sizeof bad, out, sizeof out), (size_t)-1);
	/* a token cut short */
	static const uint8_t cut[] = {0x01, 'a'};
	assert_int_equal(c2_lz_unpack(cut, sizeof cut, out, sizeof out), (size_t)-1);
}

static void test_norn_genome_kept(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	TEST_LOAD_NORN(&g);
	size_t n = genome_encoded_size(&g);
	uint8_t *bytes = malloc(n);
	assert_non_null(bytes);
	genome_encode(&g, bytes, n);
	round_trip(bytes, n);
	free(bytes);

	creature_config cfg;
	creature_config_default(&cfg);
	creature *c;
	c2_err err;
	assert_int_equal(creature_hatch(&c, &g, &cfg, &err), 0);
	genome back;
	assert_int_equal(creature_genome(c, &back, &err), 0);
	assert_true(genome_same_genes(&g, &back));
	genome_free(&back);
	creature_free(c);
	genome_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trips),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_norn_genome_kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
