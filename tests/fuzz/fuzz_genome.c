/* fuzz_genome.c — libFuzzer target for the dna2 reader.
 *
 * Beyond "no crash, no out-of-bounds read", it checks the codec's promises
 * on every accepted input: encode(parse(x)) == x, the text form reproduces
 * the same bytes, and validation and JSON output complete. Built with clang
 * by `make fuzz`, and with tests/fuzz/replay_main.c for `make test`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "genome/organs.h"
#include "genome/text.h"
#include "genome/vocab.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	genome g;
	c2_err err;
	if (genome_parse(&g, data, size, &err) != 0) {
		if (err.offset < 0 || (size_t)err.offset > size)
			__builtin_trap(); /* errors must point inside the input */
		return 0;
	}
	size_t n = genome_encoded_size(&g);
	uint8_t *out = malloc(n ? n : 1);
	if (!out || genome_encode(&g, out, n) != n || n != size || memcmp(out, data, n) != 0)
		__builtin_trap();

	c2_wbuf w = {0};
	if (genome_text_write(&g, NULL, &w) != 0)
		__builtin_trap();
	genome back;
	if (genome_text_parse((const char *)w.data, w.len, &back, &err) != 0)
		__builtin_trap();
	size_t m = genome_encoded_size(&back);
	uint8_t *again = malloc(m ? m : 1);
	if (!again || m != n || genome_encode(&back, again, m) != m || memcmp(again, data, n) != 0)
		__builtin_trap();

	genome_warnings warn = {0};
	(void)genome_validate(&g, &warn);
	genome_warnings_free(&warn);
	c2_wbuf j = {0};
	(void)genome_json_write(&g, NULL, &j);
	c2_wbuf_free(&j);

	/* Organ names: one per organ gene, in gene order, unique (loosely). */
	genome_organ_names names;
	if (genome_organ_names_make(&names, &g, NULL) == 0) {
		for (size_t i = 0; i < names.n; i++) {
			const char *a = names.v[i].name;
			if (g.genes[names.v[i].gene].kind != GK_ORGAN || (i && names.v[i].gene <= names.v[i - 1].gene))
				__builtin_trap();
			for (size_t k = 0; k < i && *a; k++)
				if (genome_name_eq(a, strlen(a), names.v[k].name))
					__builtin_trap();
		}
		genome_organ_names_free(&names);
	}

	free(again);
	genome_free(&back);
	c2_wbuf_free(&w);
	free(out);
	genome_free(&g);
	return 0;
}
