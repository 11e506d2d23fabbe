/* fuzz_breed.c — libFuzzer target for mutation, crossover and diff on any
 * genome the reader accepts: children always encode and read back, a diff
 * of a genome with itself is empty, a diff with a mutant finds changes
 * exactly when the bytes differ, and the logs' writers complete. Built with
 * clang by `make fuzz`, and with tests/fuzz/replay_main.c for `make test`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "genome/breed.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t *encode(const genome *g, size_t *n)
{
	*n = genome_encoded_size(g);
	uint8_t *b = malloc(*n ? *n : 1);
	if (!b || genome_encode(g, b, *n) != *n)
		__builtin_trap();
	return b;
}

/* The changes from a to b, written both ways; returns their count. */
static size_t diff_count(const genome *a, const genome *b)
{
	genome_changes d = {0};
	c2_err err;
	if (genome_diff(a, b, &d, &err) != 0)
		__builtin_trap();
	c2_wbuf w = {0};
	genome_changes_text(&d, b, &w);
	genome_changes_json(&d, b, &w);
	c2_wbuf_free(&w);
	size_t n = d.n;
	genome_changes_free(&d);
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	genome g, child, kid;
	c2_err err;
	if (genome_parse(&g, data, size, &err) != 0)
		return 0;
	c2_rng rng;
	c2_rng_seed(&rng, c2_hash_bytes(C2_HASH_INIT, data, size));
	genome_changes log = {0};
	if (genome_mutate(&g, &child, 60, &rng, &log, &err) != 0)
		__builtin_trap();
	size_t n, m, k;
	uint8_t *a = encode(&g, &n), *b = encode(&child, &m);
	genome back;
	if (genome_parse(&back, b, m, &err) != 0)
		__builtin_trap(); /* a child always decodes */
	genome_free(&back);
	if (diff_count(&g, &g) != 0)
		__builtin_trap();
	bool same = n == m && memcmp(a, b, n) == 0;
	if ((diff_count(&g, &child) == 0) != same)
		__builtin_trap(); /* no change exactly when the bytes agree */
	c2_wbuf w = {0};
	genome_changes_text(&log, &child, &w);
	genome_changes_json(&log, &child, &w);
	c2_wbuf_free(&w);
	genome_changes_free(&log);

	if (genome_cross(&g, &child, (const uint8_t *)"FUZZ", NULL, 1, &rng, &kid, &log, &err) != 0)
		__builtin_trap();
	uint8_t *c = encode(&kid, &k);
	if (genome_parse(&back, c, k, &err) != 0)
		__builtin_trap();
	genome_free(&back);
	free(c);
	genome_changes_free(&log);
	genome_free(&kid);
	free(a);
	free(b);
	genome_free(&child);
	genome_free(&g);
	return 0;
}
