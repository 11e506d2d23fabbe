/* lz.c — the LZ77 byte packer (format in lz.h). */
#include "base/lz.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum {
	LIT_MAX = 128,
	SHORT_MIN = 3, SHORT_MAX = 66, SHORT_OFF = 256,
	LONG_MIN = 4, LONG_MAX = 67, LONG_OFF = 65536,
	HASH_BITS = 12, /* heads of 3-byte chains */
	CHAIN = 32      /* candidates tried per position: keeps packing linear */
};

size_t c2_lz_bound(size_t n)
{
	return n + n / LIT_MAX + 1;
}

static uint32_t hash3(const uint8_t *p)
{
	uint32_t x = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
	return (x * 2654435761u) >> (32 - HASH_BITS);
}

static size_t flush_literals(const uint8_t *in, size_t from, size_t to, uint8_t *out, size_t o)
{
	while (from < to) {
		size_t k = to - from < LIT_MAX ? to - from : LIT_MAX;
		out[o++] = (uint8_t)(k - 1);
		memcpy(out + o, in + from, k);
		o += k;
		from += k;
	}
	return o;
}

size_t c2_lz_pack(const uint8_t *in, size_t n, uint8_t *out)
{
	/* Chains of earlier positions with the same 3-byte hash; without
	 * memory for them, everything goes out as literals. */
	int32_t *head = malloc((1u << HASH_BITS) * sizeof *head);
	int32_t *prev = n >= 3 ? malloc(n * sizeof *prev) : NULL;
	if (!head || (n >= 3 && !prev)) {
		free(head);
		free(prev);
		return flush_literals(in, 0, n, out, 0);
	}
	for (size_t k = 0; k < (1u << HASH_BITS); k++)
		head[k] = -1;
	size_t o = 0, lit = 0, i = 0;
	while (i < n) {
		size_t best = 0, boff = 0;
		long saved = 0; /* bytes the best match saves: its length less its token */
		if (i + SHORT_MIN <= n) {
			uint32_t h = hash3(in + i);
			int32_t p = head[h];
			for (int tries = 0; p >= 0 && tries < CHAIN && i - (size_t)p <= LONG_OFF;
			     tries++, p = prev[p]) {
				size_t off = i - (size_t)p;
				bool near = off <= SHORT_OFF;
				size_t max = near ? SHORT_MAX : LONG_MAX, l = 0;
				while (i + l < n && l < max && in[(size_t)p + l] == in[i + l])
					l++;
				long gain = (long)l - (near ? 2 : 3);
				if (l >= (near ? SHORT_MIN : LONG_MIN) && gain > saved) {
					best = l;
					boff = off;
					saved = gain;
				}
			}
		}
		size_t step = best ? best : 1;
		for (size_t k = 0; k < step; k++)
			if (i + k + SHORT_MIN <= n) {
				uint32_t h = hash3(in + i + k);
				prev[i + k] = head[h];
				head[h] = (int32_t)(i + k);
			}
		if (!best) {
			i++;
			continue;
		}
		o = flush_literals(in, lit, i, out, o);
		if (boff <= SHORT_OFF) {
			out[o++] = (uint8_t)(0x80 | (best - SHORT_MIN));
			out[o++] = (uint8_t)(boff - 1);
		} else {
			out[o++] = (uint8_t)(0xc0 | (best - LONG_MIN));
			out[o++] = (uint8_t)((boff - 1) & 0xff);
			out[o++] = (uint8_t)((boff - 1) >> 8);
		}
		i += best;
		lit = i;
	}
	free(head);
	free(prev);
	return flush_literals(in, lit, n, out, o);
}

size_t c2_lz_unpack(const uint8_t *in, size_t n, uint8_t *out, size_t cap)
{
	size_t i = 0, o = 0;
	while (i < n) {
		uint8_t t = in[i++];
		size_t len, off;
		if (t < 0x80) {
			len = (size_t)t + 1;
			if (n - i < len || cap - o < len)
				return (size_t)-1;
			memcpy(out + o, in + i, len);
			i += len;
			o += len;
			continue;
		}
		if (t < 0xc0) {
			if (i + 1 > n)
				return (size_t)-1;
			len = (size_t)(t & 0x3f) + SHORT_MIN;
			off = (size_t)in[i++] + 1;
		} else {
			if (i + 2 > n)
				return (size_t)-1;
			len = (size_t)(t & 0x3f) + LONG_MIN;
			off = ((size_t)in[i] | (size_t)in[i + 1] << 8) + 1;
			i += 2;
		}
		if (off > o || cap - o < len)
			return (size_t)-1;
		for (size_t k = 0; k < len; k++, o++) /* may overlap: byte by byte */
			out[o] = out[o - off];
	}
	return o;
}
