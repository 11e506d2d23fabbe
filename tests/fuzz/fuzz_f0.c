/* fuzz_f0.c — libFuzzer target for the f0 builder (a whole genotype with
 * its format marker, as in a .f0 file).
 *
 * Any input builds or is refused with a line; a valid model re-saves to f0
 * text that builds again to a valid model with the same re-saved text, and
 * every writer (SDK report, JSON) runs on whatever was built. One kind of
 * valid model may re-save to text that is refused: see stale_joint. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "framsticks/f0.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void write_all(const body_model *m)
{
	c2_wbuf w = {0};
	frams_f0_sdk_report(m, &w);
	body_json_write(m, &w);
	c2_wbuf_free(&w);
}

/* Does a joint without a delta join parts that a later delta joint moved?
 * Its length was checked, as the SDK checks it, in one pass over the joints
 * in order, with its parts' places at that time; the re-saved text gives
 * their final places, so building it again checks another length, which
 * may be over the limit (e.g. p:, p:, p:, j:0,1, j:1,2,dx=2, j:2,0,dx=1:
 * part 0 ends at 3 from part 1). Its kept delta then no longer spans its
 * parts (a rotation keeps lengths: the distance is enough to tell). */
static bool stale_joint(const body_model *m)
{
	for (size_t i = 0; i < m->njoints; i++) {
		const body_joint *j = &m->joints[i];
		if (j->f0.usedelta || j->p1 < 0 || j->p2 < 0 || j->p1 == j->p2)
			continue;
		const double *a = m->parts[j->p1].pos, *b = m->parts[j->p2].pos;
		double dist = sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) +
		                   (b[2] - a[2]) * (b[2] - a[2]));
		double len = sqrt(j->f0.d[0] * j->f0.d[0] + j->f0.d[1] * j->f0.d[1] +
		                  j->f0.d[2] * j->f0.d[2]);
		if (fabs(dist - len) > 1e-9 * (1.0 + dist))
			return true;
	}
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	body_model m;
	c2_err err;
	int rc = frams_f0_build_genotype((const char *)data, size, "fuzz", 1, &m, &err);
	write_all(&m);
	if ((rc == C2_EFORMAT || rc == C2_ETOOBIG) && err.line < 1)
		__builtin_trap(); /* a refusal always names a line */
	if (rc != 0 && rc != C2_EFORMAT && rc != C2_ETOOBIG)
		__builtin_trap();
	if (rc == 0) {
		c2_wbuf a = {0}, b = {0};
		if (frams_f0_write(&m, &a) != 0)
			__builtin_trap();
		body_model again;
		int rc2 = frams_f0_build(a.len ? (const char *)a.data : "", a.len, NULL, 1, &again, &err);
		if (rc2 != 0 && stale_joint(&m)) {
			/* refused as a refusal should be: with a line */
			if (rc2 != C2_EFORMAT || err.line < 1)
				__builtin_trap();
			body_free(&again);
			c2_wbuf_free(&a);
			body_free(&m);
			return 0;
		}
		if (rc2 != 0)
			__builtin_trap();
		if (frams_f0_write(&again, &b) != 0 || a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
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
