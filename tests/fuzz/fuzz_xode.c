/* fuzz_xode.c — libFuzzer target for the XODE loader (expat, the checks,
 * transforms, masses, links) and its writers. Any bytes either load or are
 * refused with a line; what loads is written as JSON and as XODE, and the
 * XODE written must load again to the very same JSON (the +retain promise). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xode/xode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	body_model m, back;
	c2_err err;
	if (xode_load(&m, (const char *)data, size, &err) != 0) {
		if (err.code == C2_EFORMAT && err.line <= 0)
			__builtin_trap(); /* a format error always says where */
		return 0;
	}
	c2_wbuf j1 = {0}, j2 = {0}, x = {0};
	if (xode_json(&m, &j1) != 0 || xode_export(&m, &x, &err) != 0)
		__builtin_trap();
	if (xode_load(&back, (const char *)x.data, x.len, &err) != 0)
		__builtin_trap(); /* the export must load */
	if (xode_json(&back, &j2) != 0 || j1.len != j2.len || memcmp(j1.data, j2.data, j1.len) != 0)
		__builtin_trap(); /* ... to the same scene */
	body_free(&back);
	body_free(&m);
	c2_wbuf_free(&j1);
	c2_wbuf_free(&j2);
	c2_wbuf_free(&x);
	return 0;
}
