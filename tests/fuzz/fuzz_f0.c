/* fuzz_f0.c — libFuzzer target for the f0 builder (a whole genotype with
 * its format marker, as in a .f0 file).
 *
 * Any input builds or is refused with a line; a valid model re-saves to f0
 * text that builds again to a valid model with the same re-saved text, and
 * every writer (SDK report, JSON) runs on whatever was built. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "body/f0.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void write_all(const body_model *m)
{
	c2_wbuf w = {0};
	f0_sdk_report(m, &w);
	body_json_write(m, &w);
	c2_wbuf_free(&w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	body_model m;
	c2_err err;
	int rc = f0_build_genotype((const char *)data, size, "fuzz", 1, &m, &err);
	write_all(&m);
	if ((rc == C2_EFORMAT || rc == C2_ETOOBIG) && err.line < 1)
		__builtin_trap(); /* a refusal always names a line */
	if (rc != 0 && rc != C2_EFORMAT && rc != C2_ETOOBIG)
		__builtin_trap();
	if (rc == 0) {
		c2_wbuf a = {0}, b = {0};
		if (f0_write(&m, &a) != 0)
			__builtin_trap();
		body_model again;
		if (f0_build(a.len ? (const char *)a.data : "", a.len, NULL, 1, &again, &err) != 0)
			__builtin_trap();
		if (f0_write(&again, &b) != 0 || a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
			__builtin_trap();
		if (again.nparts != m.nparts || again.njoints != m.njoints ||
		    again.nneurons != m.nneurons || again.nconns != m.nconns)
			__builtin_trap();
		body_free(&again);
		c2_wbuf_free(&a);
		c2_wbuf_free(&b);
	}
	body_free(&m);
	return 0;
}
