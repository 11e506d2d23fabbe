/* fuzz_ethogram.c — libFuzzer target for the world log's reading behind
 * `c2rt ethogram` (trace/ethogram.c): each line of the input is a log line,
 * read for actions and for objects; then the tables are read through. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "trace/ethogram.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void walk(const trace_etho *e)
{
	volatile double sum = 0;
	for (size_t i = 0; i < trace_etho_nrows(e); i++) {
		int c;
		long h;
		trace_etho_row(e, i, &c, &h);
		for (int k = 0; k < trace_etho_nnames(e); k++)
			sum += trace_etho_amount(e, i, k) + (double)strlen(trace_etho_name(e, k));
		sum += trace_etho_total(e, i);
	}
	(void)sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1);
	trace_etho *e[2] = {trace_etho_new(), trace_etho_new()};
	if (buf && e[0] && e[1]) {
		for (int of = 0; of < 2; of++) {
			size_t at = 0;
			while (at < size) {
				const uint8_t *nl = memchr(data + at, '\n', size - at);
				size_t len = nl ? (size_t)(nl - (data + at)) : size - at;
				char why[256];
				memcpy(buf, data + at, len);
				buf[len] = '\0';
				(void)trace_etho_log_line(e[of], (trace_etho_of)of, buf, len, why, sizeof why);
				at += len + 1;
			}
			(void)trace_etho_log_end(e[of]);
			trace_etho_sort(e[of]);
			walk(e[of]);
		}
	}
	trace_etho_free(e[0]);
	trace_etho_free(e[1]);
	free(buf);
	return 0;
}
