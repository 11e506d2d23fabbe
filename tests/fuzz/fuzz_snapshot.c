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
	enum { HEADER = 20 };
	if (size < HEADER + 8 || size > (64u << 20))
		return 0;
	uint8_t *buf = malloc(size);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	uint64_t plen = size - HEADER - 8;
	for (int i = 0; i < 8; i++)
		buf[12 + i] = (uint8_t)(plen >> (8 * i));
	uint64_t h = c2_hash_finish(c2_hash_bytes(C2_HASH_INIT, buf, size - 8));
	for (int i = 0; i < 8; i++)
		buf[size - 8 + i] = (uint8_t)(h >> (8 * i));

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
