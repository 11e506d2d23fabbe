/* fuzz_f1.c — libFuzzer target for the f1 converter (the genes of an f1
 * genotype, without a format marker).
 *
 * Any input converts and builds, or is refused with a line; converting
 * twice gives the same f0 text; a valid body re-saves to f0 that builds
 * again to the same counts, and every writer (SDK report, JSON) runs on
 * whatever was built. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "framsticks/f0.h"
#include "framsticks/f1.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void convert_twice(const char *g, size_t n)
{
	c2_wbuf a = {0}, b = {0};
	frams_log la = {0}, lb = {0};
	long *lines = NULL;
	c2_err ea, eb;
	int ra = frams_f1_to_f0(g, n, 1, &a, &lines, &la, &ea);
	int rb = frams_f1_to_f0(g, n, 1, &b, NULL, &lb, &eb);
	if (ra != rb || a.len != b.len || (a.len && memcmp(a.data, b.data, a.len) != 0) ||
	    la.n != lb.n)
		__builtin_trap();
	if (ra == 0 && !lines)
		__builtin_trap();
	free(lines);
	frams_log_free(&la);
	frams_log_free(&lb);
	c2_wbuf_free(&a);
	c2_wbuf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *g = (const char *)data;
	body_model m;
	c2_err err;
	int rc = frams_f1_build(g, size, "fuzz", 1, &m, &err);
	c2_wbuf w = {0};
	frams_f0_sdk_report(&m, &w);
	body_json_write(&m, &w);
	c2_wbuf_free(&w);
	if ((rc == C2_EFORMAT || rc == C2_ETOOBIG) && err.line < 1)
		__builtin_trap(); /* a refusal always names a line */
	if (rc != 0 && rc != C2_EFORMAT && rc != C2_ETOOBIG)
		__builtin_trap();
	convert_twice(g, size);
	if (rc == 0) {
		c2_wbuf a = {0};
		body_model again;
		if (frams_f0_write(&m, &a) != 0 ||
		    frams_f0_build(a.len ? (const char *)a.data : "", a.len, NULL, 1, &again, &err) != 0)
			__builtin_trap();
		if (again.nparts != m.nparts || again.njoints != m.njoints ||
		    again.nneurons != m.nneurons || again.nconns != m.nconns)
			__builtin_trap();
		body_free(&again);
		c2_wbuf_free(&a);
	}
	body_free(&m);
	return 0;
}
