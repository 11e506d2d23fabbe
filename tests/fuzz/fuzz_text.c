/* fuzz_text.c — libFuzzer target for the genome text parser (c2rt asm).
 *
 * Any text the parser accepts must describe a genome whose own dump parses
 * back to the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "genome/text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	genome g;
	c2_err err;
	/* The reader of either form (every GENOME of the CLI) never fails
	 * differently from the reader it chooses. */
	bool is_text;
	if (genome_parse_any(&g, data, size, &is_text, &err) == 0)
		genome_free(&g);
	else if (is_text ? err.line < 1 : err.line != 0)
		__builtin_trap();
	if (genome_text_parse((const char *)data, size, &g, &err) != 0) {
		if (err.line < 1)
			__builtin_trap(); /* text errors always name a line */
		return 0;
	}
	size_t n = genome_encoded_size(&g);
	uint8_t *bytes = malloc(n ? n : 1);
	if (!bytes || genome_encode(&g, bytes, n) != n)
		__builtin_trap();
	c2_wbuf w = {0};
	if (genome_text_write(&g, NULL, &w) != 0)
		__builtin_trap();
	genome back;
	if (genome_text_parse((const char *)w.data, w.len, &back, &err) != 0)
		__builtin_trap();
	size_t m = genome_encoded_size(&back);
	uint8_t *again = malloc(m ? m : 1);
	if (!again || m != n || genome_encode(&back, again, m) != m || memcmp(again, bytes, n) != 0)
		__builtin_trap();
	free(again);
	genome_free(&back);
	c2_wbuf_free(&w);
	free(bytes);
	genome_free(&g);
	return 0;
}
