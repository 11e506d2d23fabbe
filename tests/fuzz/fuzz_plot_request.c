/* fuzz_plot_request.c — libFuzzer target for the plot request's decoder
 * (cli/plotreq.c): what c2rt-view draw reads from c2rt on a pipe. What
 * decodes must encode back to the same bytes (unless exact rows beyond a
 * table's budget were summarised on the way in). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/plotreq.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cli_plot_decoded p;
	c2_err err;
	if (cli_plot_decode(data, size, &p, &err) != 0) {
		if (err.code == C2_OK || (err.offset > (long)size))
			__builtin_trap();
		return 0;
	}
	c2_wbuf w = {0};
	if (cli_plot_encode(&p.q, p.d, &w) != 0 || w.oom)
		__builtin_trap();
	if (!trace_series_summarised(p.d) && (w.len != size || memcmp(w.data, data, size) != 0))
		__builtin_trap();
	c2_wbuf_free(&w);
	cli_plot_decoded_free(&p);
	return 0;
}
