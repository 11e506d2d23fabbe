/* fuzz_trace_plain.c — libFuzzer target for the plain trace reader behind
 * `c2rt plot` (trace/plain.c: time,NAME,..., what body --simulate writes).
 * The reader takes a path, so each input is written to a temporary file. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "trace/plain.h"
#include "trace/series.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!path[0])
		snprintf(path, sizeof path, "/tmp/c2rt-fuzz-plain.%ld", (long)getpid());
	FILE *f = fopen(path, "wb");
	if (!f)
		return 0;
	if (size && fwrite(data, 1, size, f) != size) {
		fclose(f);
		return 0;
	}
	fclose(f);
	trace_reader_err e;
	trace_plain *p = trace_plain_open(path, &e);
	if (p) {
		int n = trace_plain_ncols(p), cols[TRACE_READER_COLS_MAX];
		const char *names[TRACE_READER_COLS_MAX];
		for (int c = 0; c < n; c++) {
			cols[c] = c;
			names[c] = trace_plain_name(p, c);
		}
		if (trace_plain_find(p, names[0], 0) >= -1) {
			trace_series *d = n <= 1024 ? trace_series_new(n, names, 0) : NULL;
			if (d) {
				(void)trace_plain_read(p, cols, n, d, NULL, NULL, 20);
				trace_series_free(d);
			}
		}
		trace_plain_close(p);
	}
	unlink(path);
	return 0;
}
