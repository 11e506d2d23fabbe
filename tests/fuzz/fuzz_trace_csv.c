/* fuzz_trace_csv.c — libFuzzer target for the trace CSV reader behind
 * `c2rt plot` (viewer/trace_csv.c; no SDL involved). The reader takes a
 * path, so each input is written to one temporary file first. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "viewer/series.h"
#include "viewer/trace_csv.h"

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
	plot_csv_err e;
	plot_csv *r = plot_csv_open(path, &e);
	if (r) {
		int n = plot_csv_ncols(r);
		int cols[2048];
		int k = 0;
		for (int c = 0; c < n && k < 2048; c++)
			if (plot_csv_col_kind(r, c) >= PLOT_CSV_DRIVE)
				cols[k++] = c;
		if (k > 0) {
			const char *names[2048];
			for (int i = 0; i < k; i++)
				names[i] = plot_csv_col_label(r, cols[i]);
			plot_data *d = plot_data_new(k, names, 0);
			if (d) {
				(void)plot_csv_read(r, cols, k, d, NULL, NULL, 20);
				plot_data_free(d);
			}
		}
		plot_csv_close(r);
	}
	unlink(path);
	return 0;
}
