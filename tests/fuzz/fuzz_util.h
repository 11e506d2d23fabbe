/* fuzz_util.h — checks the fuzz targets share (header-only). */
#ifndef C2_FUZZ_UTIL_H
#define C2_FUZZ_UTIL_H

#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "engine/engine.h"

/* Whatever loads must save, and load again to the same state. */
static inline void fuzz_check_roundtrip(const creature *c)
{
	c2_wbuf w = {0};
	c2_err err;
	if (creature_save(c, NULL, 0, &w) != 0)
		__builtin_trap();
	creature *d;
	if (creature_load(&d, w.data, w.len, NULL, NULL, &err) != 0)
		__builtin_trap();
	if (creature_hash(c) != creature_hash(d))
		__builtin_trap();
	creature_free(d);
	c2_wbuf_free(&w);
}

/* A copy of data[0..size) with a snapshot header's length and its trailing
 * checksum made to match (random bytes would almost never pass them, and
 * the parsers behind them are what a fuzzer should reach): both snapshot
 * formats are MAGIC(8) | u32 version | u64 length | payload | u64 checksum.
 * NULL when the input is too short or too long (or out of memory). */
static inline uint8_t *fuzz_patched_snapshot(const uint8_t *data, size_t size)
{
	enum { HEADER = 20 };
	if (size < HEADER + 8 || size > (64u << 20))
		return NULL;
	uint8_t *buf = malloc(size);
	if (!buf)
		return NULL;
	memcpy(buf, data, size);
	uint64_t plen = size - HEADER - 8;
	for (int i = 0; i < 8; i++)
		buf[12 + i] = (uint8_t)(plen >> (8 * i));
	uint64_t h = c2_hash_finish(c2_hash_bytes(C2_HASH_INIT, buf, size - 8));
	for (int i = 0; i < 8; i++)
		buf[size - 8 + i] = (uint8_t)(h >> (8 * i));
	return buf;
}

#endif
