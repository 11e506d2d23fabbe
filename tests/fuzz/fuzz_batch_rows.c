/* fuzz_batch_rows.c — libFuzzer target for the batch results reader
 * (batch/batch.h), which --resume and --merge feed any file: parsing as CSV
 * and as NDJSON never reads out of bounds, accepted rows lie inside the
 * input, their cells can be read, a file merges exactly when no row of it
 * was altered (its check), and merging a file with itself is refused
 * exactly when it has rows or altered ones. Built with clang by `make fuzz`, and with
 * tests/fuzz/replay_main.c for `make test`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* A copy without a terminating NUL: the reader must not look past size. */
	char *text = malloc(size ? size : 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	static const char *const cols[] = {"run", "genome", "error", "lifespan_s", "wall_s", "nonesuch"};
	for (int f = 0; f < 2; f++) {
		batch_file bf;
		c2_err err;
		if (batch_file_parse(text, size, (batch_format)f, &bf, &err) != 0)
			continue;
		for (size_t i = 0; i < bf.nrows; i++) {
			if (bf.rows[i].off + bf.rows[i].len > size || bf.rows[i].run >= bf.runs)
				__builtin_trap();
			char cell[64];
			for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++)
				(void)batch_cell(text, &bf, (batch_format)f, i, cols[c], cell, sizeof cell);
		}
		const char *texts[2] = {text, text};
		size_t lens[2] = {size, size}, rows, missing, bad;
		c2_wbuf w = {0};
		int one = batch_merge(texts, lens, 1, (batch_format)f, &w, &rows, &missing, &bad, &err);
		if ((one != 0) != (bf.altered > 0) || (one == 0 && (rows != bf.nrows || missing > bf.runs)))
			__builtin_trap(); /* what parses unaltered, merges */
		w.len = 0;
		int two = batch_merge(texts, lens, 2, (batch_format)f, &w, &rows, &missing, &bad, &err);
		if ((two != 0) != (bf.nrows > 0 || bf.altered > 0))
			__builtin_trap(); /* every run twice */
		c2_wbuf_free(&w);
		batch_file_free(&bf);
	}
	free(text);
	return 0;
}
