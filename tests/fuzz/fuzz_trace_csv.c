/* fuzz_trace_csv.c — libFuzzer target for the trace reader behind
 * `c2rt plot` (trace/reader.c, CSV and NDJSON; part of the core). The reader takes a
 * path, so each input is written to one temporary file first. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "trace/reader.h"
#include "trace/series.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!path[0]) {
		snprintf(path, sizeof path, "/tmp/c2rt-fuzz-csv.%ld", (long)getpid());
	}
	FILE *f = fopen(path, "wb");
	if (!f)
		return 0;
	if (size && fwrite(data, 1, size, f) != size) {
		fclose(f);
		return 0;
	}
	fclose(f);
	trace_reader_err e;
	trace_reader *r = trace_reader_open(path, &e);
	if (r) {
		int n = trace_reader_ncols(r);
		int cols[2048];
		int k = 0;
		for (int c = 0; c < n && k < 2048; c++) { /* every column a plot may draw */
			trace_kind kind = trace_columns[trace_reader_col(r, c)].kind;
			if (kind == TRACE_KIND_NUMBER || kind == TRACE_KIND_GAP)
				cols[k++] = c;
		}
		if (k > 0) {
			const char *names[2048];
			for (int i = 0; i < k; i++)
				names[i] = trace_reader_col_label(r, cols[i]);
			trace_series *d = trace_series_new(k, names, 0);
			if (d) {
				(void)trace_reader_read(r, cols, k, d, NULL, NULL, 20);
				trace_series_free(d);
			}
		}
		trace_reader_close(r);
	}
	unlink(path);
	return 0;
}
