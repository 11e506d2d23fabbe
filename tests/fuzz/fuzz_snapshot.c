/* fuzz_snapshot.c — libFuzzer target for the snapshot loader.
 *
 * Random bytes would almost never pass the checksum, so the harness first
 * patches the header's length and the trailing checksum to match the input:
 * every parser behind them (genome, options, engine state, brain_load,
 * bc_load) is then exercised. Whatever loads must also run: it is ticked, and
 * saving it and loading that again must work. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "engine/engine.h"
#include "tests/fuzz/fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *buf = fuzz_patched_snapshot(data, size);
	if (!buf)
		return 0;
	creature *c;
	c2_err err;
	if (creature_load(&c, buf, size, NULL, NULL, &err) == 0) {
		for (int t = 0; t < 50; t++)
			creature_step(c, NULL);
		fuzz_check_roundtrip(c);
		creature_free(c);
	}
	free(buf);
	return 0;
}
