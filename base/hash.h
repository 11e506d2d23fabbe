/* hash.h — the 64-bit state hash: FNV-1a over bytes, finished with a
 * splitmix64 mix. It catches nondeterminism in state hashes (golden runs,
 * --hash-every) and names genomes in batch results; it is not for security. */
#ifndef C2_HASH_H
#define C2_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "base/rng.h"

/* Hashing: start from C2_HASH_INIT, feed bytes, then c2_hash_finish. */
#define C2_HASH_INIT 0xCBF29CE484222325ull

static inline uint64_t c2_hash_bytes(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = (const unsigned char *)data;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001B3ull;
	}
	return h;
}

static inline uint64_t c2_hash_u64(uint64_t h, uint64_t v)
{
	unsigned char b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i)); /* little-endian: host-independent */
	return c2_hash_bytes(h, b, 8);
}

static inline uint64_t c2_hash_finish(uint64_t h)
{
	return c2_splitmix64(&h);
}

#endif
