/* rng.h — the simulation's deterministic random stream.
 *
 * Everything random in the core takes a `c2_rng *` explicitly: the same seed
 * gives the same run bit for bit at any optimisation level. The generator is
 * xoshiro256** seeded through splitmix64 (public-domain algorithms by
 * Blackman and Vigna); bounded draws use rejection so they are unbiased and
 * depend only on integer arithmetic.
 * The splitmix64 step is shared with base/hash.h (its finishing mix). */
#ifndef C2_RNG_H
#define C2_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct c2_rng {
	uint64_t s[4];
} c2_rng;

static inline uint64_t c2_splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static inline void c2_rng_seed(c2_rng *r, uint64_t seed)
{
	uint64_t x = seed;
	for (int i = 0; i < 4; i++)
		r->s[i] = c2_splitmix64(&x);
}

static inline uint64_t c2_rotl64(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* Next 64 random bits. */
static inline uint64_t c2_rng_next(c2_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = c2_rotl64(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = c2_rotl64(s[3], 45);
	return result;
}

/* Uniform integer in [0, n); n == 0 gives 0. */
static inline uint32_t c2_rng_below(c2_rng *r, uint32_t n)
{
	if (n <= 1)
		return 0;
	/* Reject the top sliver of the 32-bit range so every value is equally
	 * likely; the loop runs more than once with probability < n / 2^32. */
	uint32_t limit = UINT32_MAX - (UINT32_MAX % n);
	for (;;) {
		uint32_t x = (uint32_t)(c2_rng_next(r) >> 32);
		if (x < limit)
			return x % n;
	}
}

/* Uniform integer in [lo, hi] inclusive; the bounds may come in either order. */
static inline int c2_rng_range(c2_rng *r, int lo, int hi)
{
	if (lo > hi) {
		int t = lo;
		lo = hi;
		hi = t;
	}
	return lo + (int)c2_rng_below(r, (uint32_t)(hi - lo) + 1u);
}

/* out[0..n) = n draws of c2_rng_range(r, lo, hi), the same values in the
 * same order (the bound's rejection limit worked out once). */
static inline void c2_rng_fill_range(c2_rng *r, int lo, int hi, uint8_t *out, size_t n)
{
	if (lo > hi) {
		int t = lo;
		lo = hi;
		hi = t;
	}
	uint32_t span = (uint32_t)(hi - lo) + 1u;
	if (span <= 1) {
		for (size_t i = 0; i < n; i++)
			out[i] = (uint8_t)lo;
		return;
	}
	uint32_t limit = UINT32_MAX - (UINT32_MAX % span);
	/* a local copy of the state stays in registers: a byte stored to out
	 * may alias *r, which would be reloaded after every draw */
	c2_rng s = *r;
	for (size_t i = 0; i < n; i++) {
		uint32_t x;
		do
			x = (uint32_t)(c2_rng_next(&s) >> 32);
		while (x >= limit);
		out[i] = (uint8_t)(lo + (int)(x % span));
	}
	*r = s;
}

#endif