/* simd.h — the brain's byte-wide kernels: neuron updates (with the firing
 * list), saturating rule arithmetic over whole lobes, the dendrite steps of
 * a block of 16 dendrites, strength changes of a block, and a byte
 * comparison; each with an SSE2 body and a scalar body that give the same
 * bits (the 32-lane AVX2 ones are in brain/avx2.h).
 *
 * Every kernel has a scalar version (brain_simd_*_scalar) that is always
 * compiled and a dispatching version (brain_simd_*) that uses SSE2 where
 * the compiler targets it (C2_NO_SIMD forces the scalar ones). The unit
 * tests run both on random data and compare every byte; the brain tests
 * compare whole brains against the reference mode, which uses none of this.
 * Arithmetic identities used:
 *   (x * m) >> 16 for x < 256, m < 65536   = the high half of a 16-bit product
 *   v / 255 for v <= 65025                 = (v * 0x8081) >> 23 (checked for all v)
 *   saturating byte add/sub                = the SV-rule PLUS/MINUS (§3.1). */
#ifndef C2_BRAIN_SIMD_H
#define C2_BRAIN_SIMD_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* The block kernel is large; its callers' loops want it inlined anyway. */
#if defined(__GNUC__)
#define BRAIN_SIMD_INLINE static inline __attribute__((always_inline))
#else
#define BRAIN_SIMD_INLINE static inline
#endif

#if defined(__SSE2__) && !defined(C2_NO_SIMD)
#include <emmintrin.h>
#define BRAIN_SIMD 1
#else
#define BRAIN_SIMD 0
#endif

/* ---- neuron update (§4.3, the recommended reading) ----------------------------
 * out = val >= thr ? val - thr : 0; state = val, or when the leak is due
 * rest + (val - rest) * mult / 65536 truncated toward rest. The neurons
 * whose output is not 0 are listed in `firing` (ascending); the count is
 * returned. */
typedef struct brain_nupd {
	uint8_t thr, rest;
	bool leak_due;
	uint16_t mult; /* genome_rate_multiplier of the leak byte (< 65536) */
} brain_nupd;

/* One neuron. */
static inline void brain_nupd_one(const brain_nupd *u, int v, uint8_t *state, uint8_t *output)
{
	*output = (uint8_t)(v >= u->thr ? v - u->thr : 0);
	if (u->leak_due) {
		int dv = v - u->rest;
		v = u->rest + (dv >= 0 ? (int)(((uint32_t)dv * u->mult) >> 16)
		                       : -(int)(((uint32_t)-dv * u->mult) >> 16));
	}
	*state = (uint8_t)v;
}

static inline uint32_t brain_simd_update_scalar(const brain_nupd *u, const uint8_t *val,
                                                uint8_t *state, uint8_t *output, uint32_t n,
                                                uint16_t *firing, uint32_t base)
{
	uint32_t nf = 0;
	for (uint32_t i = 0; i < n; i++) {
		brain_nupd_one(u, val[i], &state[i], &output[i]);
		if (output[i])
			firing[nf++] = (uint16_t)(base + i);
	}
	return nf;
}

#if BRAIN_SIMD
/* rest + ((above * m) >> 16) - ((below * m) >> 16) for 16 lanes, where
 * above = sat(x - base), below = sat(base - x): x relaxed toward base. */
static inline __m128i brain_sse_relax(__m128i x, __m128i base, __m128i m)
{
	const __m128i z = _mm_setzero_si128();
	__m128i up = _mm_subs_epu8(x, base), dn = _mm_subs_epu8(base, x);
	__m128i ul = _mm_mulhi_epu16(_mm_unpacklo_epi8(up, z), m);
	__m128i uh = _mm_mulhi_epu16(_mm_unpackhi_epi8(up, z), m);
	__m128i dl = _mm_mulhi_epu16(_mm_unpacklo_epi8(dn, z), m);
	__m128i dh = _mm_mulhi_epu16(_mm_unpackhi_epi8(dn, z), m);
	/* at most one of up/dn is non-zero per lane: no wrap */
	return _mm_sub_epi8(_mm_add_epi8(base, _mm_packus_epi16(ul, uh)), _mm_packus_epi16(dl, dh));
}

/* Bit k set when lane k of x is not zero. */
static inline unsigned brain_sse_nonzero_mask(__m128i x)
{
	return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128())) & 0xffffu;
}
#endif

#if BRAIN_SIMD
/* The update of the 16 lanes at i, or with `half` the 8 (loaded into the
 * low half, whose upper lanes are 0 and give no output), the firing ones
 * listed from firing[nf]; the new count is returned. */
BRAIN_SIMD_INLINE uint32_t brain_sse_update_at(const brain_nupd *u, const uint8_t *val,
                                               uint8_t *state, uint8_t *output, uint32_t i,
                                               bool half, uint16_t *firing, uint32_t nf)
{
	const __m128i thr = _mm_set1_epi8((char)u->thr);
	__m128i v = half ? _mm_loadl_epi64((const __m128i *)(val + i))
	                 : _mm_loadu_si128((const __m128i *)(val + i));
	__m128i o = _mm_subs_epu8(v, thr);
	if (half)
		_mm_storel_epi64((__m128i *)(output + i), o);
	else
		_mm_storeu_si128((__m128i *)(output + i), o);
	for (unsigned f = brain_sse_nonzero_mask(o); f; f &= f - 1)
		firing[nf++] = (uint16_t)(i + (unsigned)__builtin_ctz(f));
	if (u->leak_due)
		v = brain_sse_relax(v, _mm_set1_epi8((char)u->rest), _mm_set1_epi16((short)u->mult));
	if (half)
		_mm_storel_epi64((__m128i *)(state + i), v);
	else
		_mm_storeu_si128((__m128i *)(state + i), v);
	return nf;
}
#endif

/* The update of neurons [i, n), the firing ones listed from firing[nf]
 * (what brain_simd_update and its AVX2 version leave of a lobe): 16 lanes
 * at a time, then 8 (a lobe of 40 neurons), then one by one. */
BRAIN_SIMD_INLINE uint32_t brain_update_from(const brain_nupd *u, const uint8_t *val,
                                             uint8_t *state, uint8_t *output, uint32_t n,
                                             uint16_t *firing, uint32_t i, uint32_t nf)
{
#if BRAIN_SIMD
	for (; i + 16 <= n; i += 16)
		nf = brain_sse_update_at(u, val, state, output, i, false, firing, nf);
	if (i + 8 <= n) {
		nf = brain_sse_update_at(u, val, state, output, i, true, firing, nf);
		i += 8;
	}
#endif
	return nf + brain_simd_update_scalar(u, val + i, state + i, output + i, n - i, firing + nf, i);
}

static inline uint32_t brain_simd_update(const brain_nupd *u, const uint8_t *val, uint8_t *state,
                                         uint8_t *output, uint32_t n, uint16_t *firing)
{
	return brain_update_from(u, val, state, output, n, firing, 0, 0);
}

/* The indices of the non-zero bytes of a[0..n), ascending, into out; the
 * count is returned. */
static inline uint32_t brain_simd_list_scalar(const uint8_t *a, uint32_t n, uint16_t *out,
                                              uint32_t base)
{
	uint32_t k = 0;
	for (uint32_t i = 0; i < n; i++)
		if (a[i])
			out[k++] = (uint16_t)(base + i);
	return k;
}

static inline uint32_t brain_simd_list(const uint8_t *a, uint32_t n, uint16_t *out)
{
	uint32_t i = 0, k = 0;
#if BRAIN_SIMD
	for (; i + 16 <= n; i += 16)
		for (unsigned m = brain_sse_nonzero_mask(_mm_loadu_si128((const __m128i *)(a + i))); m;
		     m &= m - 1)
			out[k++] = (uint16_t)(i + (unsigned)__builtin_ctz(m));
#endif
	return k + brain_simd_list_scalar(a + i, n - i, out + k, i);
}

/* ---- saturating or wrapping byte arithmetic over a lobe ----------------------- */
typedef enum { BRAIN_BOP_ADD, BRAIN_BOP_SUB, BRAIN_BOP_ADD_WRAP, BRAIN_BOP_SUB_WRAP } brain_bop;

/* acc[i] = acc[i] op (x ? x[i] : k) */
static inline void brain_simd_bop_scalar(brain_bop op, uint8_t *acc, const uint8_t *x, uint8_t k,
                                         uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		int a = acc[i], b = x ? x[i] : k;
		switch (op) {
		case BRAIN_BOP_ADD: a = a + b > 255 ? 255 : a + b; break;
		case BRAIN_BOP_SUB: a = a - b < 0 ? 0 : a - b; break;
		case BRAIN_BOP_ADD_WRAP: a = (a + b) & 255; break;
		case BRAIN_BOP_SUB_WRAP: a = (a - b) & 255; break;
		}
		acc[i] = (uint8_t)a;
	}
}

#if BRAIN_SIMD
/* a op b for 16 lanes */
BRAIN_SIMD_INLINE __m128i brain_sse_bop(brain_bop op, __m128i a, __m128i b)
{
	switch (op) {
	case BRAIN_BOP_ADD: return _mm_adds_epu8(a, b);
	case BRAIN_BOP_SUB: return _mm_subs_epu8(a, b);
	case BRAIN_BOP_ADD_WRAP: return _mm_add_epi8(a, b);
	default: return _mm_sub_epi8(a, b);
	}
}
#endif

/* brain_simd_bop from i on: 16 lanes at a time, then 8 (a lobe of 40
 * neurons), then one by one. */
BRAIN_SIMD_INLINE void brain_bop_from(brain_bop op, uint8_t *acc, const uint8_t *x, uint8_t k,
                                      uint32_t n, uint32_t i)
{
#if BRAIN_SIMD
	const __m128i kk = _mm_set1_epi8((char)k);
	for (; i + 16 <= n; i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(acc + i));
		__m128i b = x ? _mm_loadu_si128((const __m128i *)(x + i)) : kk;
		_mm_storeu_si128((__m128i *)(acc + i), brain_sse_bop(op, a, b));
	}
	if (i + 8 <= n) {
		__m128i a = _mm_loadl_epi64((const __m128i *)(acc + i));
		__m128i b = x ? _mm_loadl_epi64((const __m128i *)(x + i)) : kk;
		_mm_storel_epi64((__m128i *)(acc + i), brain_sse_bop(op, a, b));
		i += 8;
	}
#endif
	brain_simd_bop_scalar(op, acc + i, x ? x + i : NULL, k, n - i);
}

static inline void brain_simd_bop(brain_bop op, uint8_t *acc, const uint8_t *x, uint8_t k,
                                  uint32_t n)
{
	brain_bop_from(op, acc, x, k, n, 0);
}

/* ---- which bytes differ ------------------------------------------------------------
 * Bit k of the result is set when a[k] != b[k], for k < n <= 16. */
static inline unsigned brain_simd_diff_scalar(const uint8_t *a, const uint8_t *b, uint32_t n)
{
	unsigned m = 0;
	for (uint32_t k = 0; k < n; k++)
		m |= (unsigned)(a[k] != b[k]) << k;
	return m;
}

static inline unsigned brain_simd_diff(const uint8_t *a, const uint8_t *b, uint32_t n)
{
#if BRAIN_SIMD
	if (n == 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)a), y = _mm_loadu_si128((const __m128i *)b);
		return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) & 0xffffu;
	}
#endif
	return brain_simd_diff_scalar(a, b, n);
}

/* brain_simd_diff for the last n < 16 bytes of a lobe: 8 at once when
 * there are that many (the last 8 of 40 sources). (Not in brain_simd_diff
 * itself: the larger code cost sums.c's sync_pair registers in its walks.) */
static inline unsigned brain_simd_diff_part(const uint8_t *a, const uint8_t *b, uint32_t n)
{
#if BRAIN_SIMD
	if (n >= 8) {
		__m128i x = _mm_loadl_epi64((const __m128i *)a), y = _mm_loadl_epi64((const __m128i *)b);
		return (~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) & 0xffu) |
		       brain_simd_diff_scalar(a + 8, b + 8, n - 8) << 8;
	}
#endif
	return brain_simd_diff_scalar(a, b, n);
}

/* Are the 64 bytes at a and b equal? */
static inline bool brain_simd_same64(const uint8_t *a, const uint8_t *b)
{
#if BRAIN_SIMD
	__m128i e = _mm_and_si128(
		_mm_and_si128(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)a),
		                             _mm_loadu_si128((const __m128i *)b)),
		              _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(a + 16)),
		                             _mm_loadu_si128((const __m128i *)(b + 16)))),
		_mm_and_si128(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(a + 32)),
		                             _mm_loadu_si128((const __m128i *)(b + 32))),
		              _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(a + 48)),
		                             _mm_loadu_si128((const __m128i *)(b + 48)))));
	return _mm_movemask_epi8(e) == 0xffff;
#else
	return memcmp(a, b, 64) == 0;
#endif
}

/* Does a[0..n) hold v? */
static inline bool brain_simd_has16_scalar(const uint16_t *a, uint32_t n, uint16_t v)
{
	for (uint32_t i = 0; i < n; i++)
		if (a[i] == v)
			return true;
	return false;
}

static inline bool brain_simd_has16(const uint16_t *a, uint32_t n, uint16_t v)
{
	uint32_t i = 0;
#if BRAIN_SIMD
	const __m128i vv = _mm_set1_epi16((short)v);
	for (; i + 16 <= n; i += 16) {
		__m128i e = _mm_or_si128(_mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(a + i)), vv),
		                         _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(a + i + 8)), vv));
		if (_mm_movemask_epi8(e))
			return true;
	}
#endif
	return brain_simd_has16_scalar(a + i, n - i, v);
}

/* Is every byte of a[0..n) equal to c? */
static inline bool brain_simd_all(const uint8_t *a, uint8_t c, uint32_t n)
{
	uint32_t i = 0;
#if BRAIN_SIMD
	const __m128i cc = _mm_set1_epi8((char)c);
	for (; i + 16 <= n; i += 16)
		if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(a + i)), cc)) != 0xffff)
			return false;
#endif
	for (; i < n; i++)
		if (a[i] != c)
			return false;
	return true;
}

/* The first index of the largest byte of a[0..n), n > 0. */
static inline uint32_t brain_simd_argmax_scalar(const uint8_t *a, uint32_t n)
{
	uint32_t best = 0;
	for (uint32_t i = 1; i < n; i++)
		if (a[i] > a[best])
			best = i;
	return best;
}

static inline uint32_t brain_simd_argmax(const uint8_t *a, uint32_t n)
{
#if BRAIN_SIMD
	if (n >= 16) {
		__m128i m = _mm_loadu_si128((const __m128i *)a);
		uint32_t i = 16;
		for (; i + 16 <= n; i += 16)
			m = _mm_max_epu8(m, _mm_loadu_si128((const __m128i *)(a + i)));
		m = _mm_max_epu8(m, _mm_srli_si128(m, 8));
		m = _mm_max_epu8(m, _mm_srli_si128(m, 4));
		m = _mm_max_epu8(m, _mm_srli_si128(m, 2));
		m = _mm_max_epu8(m, _mm_srli_si128(m, 1));
		uint8_t top = (uint8_t)_mm_cvtsi128_si32(m);
		for (; i < n; i++)
			if (a[i] > top)
				top = a[i];
		const __m128i t = _mm_set1_epi8((char)top);
		for (i = 0; i + 16 <= n; i += 16) {
			int eq = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(a + i)), t));
			if (eq)
				return i + (uint32_t)__builtin_ctz((unsigned)eq);
		}
		while (a[i] != top)
			i++;
		return i;
	}
#endif
	return brain_simd_argmax_scalar(a, n);
}

/* dst[i] = max(dst[i], src[i]) */
static inline void brain_simd_max(uint8_t *dst, const uint8_t *src, uint32_t n)
{
	uint32_t i = 0;
#if BRAIN_SIMD
	for (; i + 16 <= n; i += 16)
		_mm_storeu_si128((__m128i *)(dst + i),
		                 _mm_max_epu8(_mm_loadu_si128((const __m128i *)(dst + i)),
		                              _mm_loadu_si128((const __m128i *)(src + i))));
#endif
	for (; i < n; i++)
		if (dst[i] < src[i])
			dst[i] = src[i];
}

/* Bits set in a 16-bit mask. */
static inline unsigned brain_pop16(unsigned m)
{
	m = m - ((m >> 1) & 0x5555u);
	m = (m & 0x3333u) + ((m >> 2) & 0x3333u);
	m = (m + (m >> 4)) & 0x0f0fu;
	return (m + (m >> 8)) & 0x1fu;
}

/* ---- input sums from the kept accumulators (brain/sums.c) -----------------------
 * type[i] = min(255, acc[i] * gain / 255); anded[i] = nsil[i] ? 0 : type[i]
 * (either output may be NULL). */
static inline void brain_sums_scale_scalar(const uint16_t *acc, const uint8_t *nsil, uint8_t gain,
                                           uint32_t n, uint8_t *type, uint8_t *anded)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t v = (uint32_t)acc[i] * gain / 255u;
		uint8_t t = (uint8_t)(v > 255 ? 255 : v);
		if (type)
			type[i] = t;
		if (anded)
			anded[i] = nsil[i] ? 0 : t;
	}
}

#if BRAIN_SIMD
/* min(255, a * gain / 255) for 8 lanes of 16 bits. p = a * gain < 2^24:
 * from p >= 65536 on the result is 255; below, p / 255 = (p * 0x8081) >>
 * 23 exactly for p < 65536. */
BRAIN_SIMD_INLINE __m128i brain_sse_scale8(__m128i a, __m128i g)
{
	const __m128i div255 = _mm_set1_epi16((short)0x8081), z = _mm_setzero_si128();
	__m128i hi = _mm_mulhi_epu16(a, g), lo = _mm_mullo_epi16(a, g);
	__m128i q = _mm_srli_epi16(_mm_mulhi_epu16(lo, div255), 7);
	__m128i big = _mm_cmpeq_epi16(hi, z); /* 0xffff where p < 65536 */
	return _mm_or_si128(_mm_and_si128(big, q), _mm_andnot_si128(big, _mm_set1_epi16(255)));
}
#endif

static inline void brain_sums_scale(const uint16_t *acc, const uint8_t *nsil, uint8_t gain,
                                    uint32_t n, uint8_t *type, uint8_t *anded)
{
	uint32_t i = 0;
#if BRAIN_SIMD
	const __m128i g = _mm_set1_epi16(gain), z = _mm_setzero_si128();
	for (; i + 16 <= n; i += 16) {
		__m128i t = _mm_packus_epi16(
			brain_sse_scale8(_mm_loadu_si128((const __m128i *)(acc + i)), g),
			brain_sse_scale8(_mm_loadu_si128((const __m128i *)(acc + i + 8)), g));
		if (type)
			_mm_storeu_si128((__m128i *)(type + i), t);
		if (anded) {
			__m128i quiet = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(nsil + i)), z);
			_mm_storeu_si128((__m128i *)(anded + i), _mm_and_si128(quiet, t));
		}
	}
	if (i + 8 <= n) { /* the last 8 of a lobe of 40 */
		__m128i t = _mm_packus_epi16(
			brain_sse_scale8(_mm_loadu_si128((const __m128i *)(acc + i)), g), z);
		if (type)
			_mm_storel_epi64((__m128i *)(type + i), t);
		if (anded) {
			__m128i quiet = _mm_cmpeq_epi8(_mm_loadl_epi64((const __m128i *)(nsil + i)), z);
			_mm_storel_epi64((__m128i *)(anded + i), _mm_and_si128(quiet, t));
		}
		i += 8;
	}
#endif
	brain_sums_scale_scalar(acc + i, nsil ? nsil + i : NULL, gain, n - i, type ? type + i : NULL,
	                        anded ? anded + i : NULL);
}

/* Bytes of a[0..n) that are not 0. */
static inline uint32_t brain_simd_count(const uint8_t *a, uint32_t n)
{
	uint32_t i = 0, c = 0;
#if BRAIN_SIMD
	for (; i + 16 <= n; i += 16)
		c += brain_pop16(brain_sse_nonzero_mask(_mm_loadu_si128((const __m128i *)(a + i))));
	if (i + 8 <= n) { /* the upper 8 lanes loaded are 0 */
		c += brain_pop16(brain_sse_nonzero_mask(_mm_loadl_epi64((const __m128i *)(a + i))));
		i += 8;
	}
#endif
	for (; i < n; i++)
		c += a[i] != 0;
	return c;
}

/* ---- dendrite steps 1-4 (§4.5) for a block of 16 dendrites ---------------------
 * Each dendrite k has its susceptibility-rule result sv[k] (0 for most: a
 * rule that yields 0 changes nothing in step 1 but the decay) and the
 * lobe's reinforcement q->r:
 *   1. su = sv > su ? sv : (decay due ? su * msusc >> 16 : su)
 *   2. x = su * r / 255; when x > 0: STW = LTW + x (capped at 255) if
 *      q->set, else max(STW, that)
 *   3. STW relaxes toward LTW (when due)
 *   4. LTW relaxes toward STW (when due), or steps by 1 (q->step). */
typedef struct brain_qd {
	bool susc, stw, ltw;       /* decay, STW relaxation, LTW gain due */
	bool set, step;            /* options reinforce=set, ltw_gain=step */
	uint8_t r;                 /* reinforcement (0: none) */
	uint16_t msusc, mstw, mltw; /* rate multipliers */
	/* the susceptibility rule of the `cand` lanes: "suscept move-twrds T
	 * K", su + (T - su) * K / 256 truncated toward su (set by
	 * brain_qd_toward_set); ash: 8 - s when T is 255 and K = 2^s, else 0 */
	uint8_t at, ak, ash;
} brain_qd;

/* The `cand` lanes' rule "suscept move-twrds t k" into q. Toward 255 by a
 * power of two (the norn's "move-twrds 255 64") the step is the distance
 * 255 - su shifted right, byte-wide without a multiplication. */
static inline void brain_qd_toward_set(brain_qd *q, uint8_t t, uint8_t k)
{
	q->at = t;
	q->ak = k;
	q->ash = t == 255 && k && !(k & (k - 1)) ? (uint8_t)(8 - __builtin_ctz(k)) : 0;
}

/* su move-twrds t k, as the SV-rule does it (brain/svrule_vm.h). */
static inline uint8_t brain_qd_toward(uint8_t su, uint8_t t, uint8_t k)
{
	return (uint8_t)(su + (t - su) * k / 256);
}

/* One dendrite. */
static inline void brain_qd_one(const brain_qd *q, uint8_t sv, uint8_t *sup, uint8_t *stwp,
                                uint8_t *ltwp)
{
	uint8_t su = *sup, stw = *stwp, ltw = *ltwp;
	if (sv > su)
		su = sv;
	else if (su && q->susc)
		su = (uint8_t)((su * q->msusc) >> 16);
	if (su && q->r) {
		int x = su * q->r / 255;
		if (x > 0) {
			int target = ltw + x > 255 ? 255 : ltw + x;
			if (q->set || target > stw)
				stw = (uint8_t)target;
		}
	}
	if (q->stw && stw != ltw) {
		int d = stw - ltw;
		stw = (uint8_t)(ltw + (d >= 0 ? (int)(((uint32_t)d * q->mstw) >> 16)
		                               : -(int)(((uint32_t)-d * q->mstw) >> 16)));
	}
	if (q->ltw && ltw != stw) {
		if (q->step) {
			ltw = ltw < stw ? ltw + 1 : ltw - 1;
		} else {
			int d = ltw - stw;
			ltw = (uint8_t)(stw + (d >= 0 ? (int)(((uint32_t)d * q->mltw) >> 16)
			                               : -(int)(((uint32_t)-d * q->mltw) >> 16)));
		}
	}
	*sup = su;
	*stwp = stw;
	*ltwp = ltw;
}

/* What a block's steps left: the live lanes (su != 0 or STW != LTW), the
 * lanes whose STW changed, those whose STW is not 0 and those whose
 * susceptibility is not 0. */
typedef struct brain_qd_out {
	unsigned live, changed, stw_nz, su_nz;
} brain_qd_out;

/* Steps 1-4 for the 16 dendrites at su, stw, ltw, whose rule results are
 * `sv` (one value for all), except the lanes in `fresh`: their rule gave
 * more than their susceptibility, which already holds that result (step 1
 * is done for them); and the lanes in `cand`, whose rule result is
 * su move-twrds q->at q->ak. The STW values before go to old_stw. */
static inline brain_qd_out brain_qd_block_scalar(const brain_qd *q, uint8_t sv, unsigned fresh,
                                                 unsigned cand, uint8_t *su, uint8_t *stw,
                                                 uint8_t *ltw, uint8_t *old_stw)
{
	brain_qd_out o = {0, 0, 0, 0};
	for (unsigned k = 0; k < 16; k++) {
		old_stw[k] = stw[k];
		if (cand >> k & 1) {
			brain_qd_one(q, brain_qd_toward(su[k], q->at, q->ak), &su[k], &stw[k], &ltw[k]);
		} else if (fresh >> k & 1) {
			/* su = sv > su already: the rest of the steps, from there */
			brain_qd q2 = *q;
			q2.susc = false;
			brain_qd_one(&q2, 0, &su[k], &stw[k], &ltw[k]);
		} else {
			brain_qd_one(q, sv, &su[k], &stw[k], &ltw[k]);
		}
		o.live |= (unsigned)(su[k] || stw[k] != ltw[k]) << k;
		o.changed |= (unsigned)(stw[k] != old_stw[k]) << k;
		o.stw_nz |= (unsigned)(stw[k] != 0) << k;
		o.su_nz |= (unsigned)(su[k] != 0) << k;
	}
	return o;
}

#if BRAIN_SIMD
/* Eight lanes from a byte of a mask: byte k of brain_lanes8[m] is 0xff when
 * bit k of m is set (the table made by the preprocessor from the rule). */
#define BRAIN_L1(m, k) ((uint64_t)((m) >> (k) & 1) * (0xffull << (8 * (k))))
#define BRAIN_L(m) (BRAIN_L1(m, 0) | BRAIN_L1(m, 1) | BRAIN_L1(m, 2) | BRAIN_L1(m, 3) | \
                    BRAIN_L1(m, 4) | BRAIN_L1(m, 5) | BRAIN_L1(m, 6) | BRAIN_L1(m, 7))
#define BRAIN_L4(m) BRAIN_L(m), BRAIN_L((m) + 1), BRAIN_L((m) + 2), BRAIN_L((m) + 3)
#define BRAIN_L16(m) BRAIN_L4(m), BRAIN_L4((m) + 4), BRAIN_L4((m) + 8), BRAIN_L4((m) + 12)
#define BRAIN_L64(m) BRAIN_L16(m), BRAIN_L16((m) + 16), BRAIN_L16((m) + 32), BRAIN_L16((m) + 48)
static const uint64_t brain_lanes8[256] = {BRAIN_L64(0u), BRAIN_L64(64u), BRAIN_L64(128u),
                                           BRAIN_L64(192u)};
#undef BRAIN_L1
#undef BRAIN_L
#undef BRAIN_L4
#undef BRAIN_L16
#undef BRAIN_L64

/* 0xff in lane k when bit k of m (< 65536) is set. */
static inline __m128i brain_sse_lanes(unsigned m)
{
	return _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)&brain_lanes8[m & 0xff]),
	                          _mm_loadl_epi64((const __m128i *)&brain_lanes8[m >> 8 & 0xff]));
}
#endif

#if BRAIN_SIMD
/* The candidates' rule "su move-twrds q->at q->ak" for 16 lanes:
 * su + ((T - su) * K >> 8) - ((su - T) * K >> 8), one of the two distances
 * 0. */
BRAIN_SIMD_INLINE __m128i brain_sse_toward(const brain_qd *q, __m128i su0)
{
	const __m128i z = _mm_setzero_si128();
	if (q->ash) {
		/* (255 - su) * 2^s / 256 = (255 - su) >> (8 - s): the 16-bit
		 * shift's bits from the next byte masked off */
		__m128i up = _mm_xor_si128(su0, _mm_set1_epi8(-1));
		__m128i part = _mm_srl_epi16(up, _mm_cvtsi32_si128(q->ash));
		__m128i keep = _mm_set1_epi8((char)(0xffu >> q->ash));
		return _mm_add_epi8(su0, _mm_and_si128(part, keep));
	}
	const __m128i t = _mm_set1_epi8((char)q->at), k = _mm_set1_epi16(q->ak);
	__m128i up = _mm_subs_epu8(t, su0), dn = _mm_subs_epu8(su0, t);
	__m128i ul = _mm_mullo_epi16(_mm_unpacklo_epi8(up, z), k);
	__m128i uh = _mm_mullo_epi16(_mm_unpackhi_epi8(up, z), k);
	__m128i dl = _mm_mullo_epi16(_mm_unpacklo_epi8(dn, z), k);
	__m128i dh = _mm_mullo_epi16(_mm_unpackhi_epi8(dn, z), k);
	__m128i upv = _mm_packus_epi16(_mm_srli_epi16(ul, 8), _mm_srli_epi16(uh, 8));
	__m128i dnv = _mm_packus_epi16(_mm_srli_epi16(dl, 8), _mm_srli_epi16(dh, 8));
	return _mm_sub_epi8(_mm_add_epi8(su0, upv), dnv);
}

/* Step 1 of brain_qd_block for 16 lanes: the new susceptibility. */
BRAIN_SIMD_INLINE __m128i brain_sse_step1(const brain_qd *q, uint8_t sv, unsigned fresh,
                                          unsigned cand, __m128i su0)
{
	const __m128i z = _mm_setzero_si128();
	__m128i sun = su0;
	if (q->susc) {
		const __m128i m = _mm_set1_epi16((short)q->msusc);
		sun = _mm_packus_epi16(_mm_mulhi_epu16(_mm_unpacklo_epi8(su0, z), m),
		                       _mm_mulhi_epu16(_mm_unpackhi_epi8(su0, z), m));
	}
	if (sv) {
		/* sv > su: take sv (max(sv, su) == su exactly when sv <= su) */
		__m128i v = _mm_set1_epi8((char)sv);
		__m128i keep = _mm_cmpeq_epi8(_mm_max_epu8(v, su0), su0);
		sun = _mm_or_si128(_mm_and_si128(keep, sun), _mm_andnot_si128(keep, v));
	}
	if (fresh) {
		__m128i f = brain_sse_lanes(fresh);
		sun = _mm_or_si128(_mm_and_si128(f, su0), _mm_andnot_si128(f, sun));
	}
	if (cand) {
		/* a candidate whose result exceeds its susceptibility takes it */
		__m128i v = brain_sse_toward(q, su0);
		__m128i take = _mm_andnot_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, su0), su0), brain_sse_lanes(cand));
		sun = _mm_or_si128(_mm_and_si128(take, v), _mm_andnot_si128(take, sun));
	}
	return sun;
}

/* Steps 2-4 of brain_qd_block for 16 lanes: STW from s0 (returned) and
 * LTW (*l, stored to ltw when it may move), the susceptibility being sun. */
BRAIN_SIMD_INLINE __m128i brain_sse_steps_2_4(const brain_qd *q, __m128i sun, __m128i s0,
                                              __m128i *l, uint8_t *ltw)
{
	const __m128i z = _mm_setzero_si128();
	__m128i s = s0;
	if (q->r) {
		/* x = su * r / 255; target = min(255, LTW + x) */
		const __m128i r16 = _mm_set1_epi16(q->r), div255 = _mm_set1_epi16((short)0x8081);
		__m128i sul = _mm_unpacklo_epi8(sun, z), suh = _mm_unpackhi_epi8(sun, z);
		__m128i xl = _mm_srli_epi16(_mm_mulhi_epu16(_mm_mullo_epi16(sul, r16), div255), 7);
		__m128i xh = _mm_srli_epi16(_mm_mulhi_epu16(_mm_mullo_epi16(suh, r16), div255), 7);
		__m128i tl = _mm_add_epi16(_mm_unpacklo_epi8(*l, z), xl);
		__m128i th = _mm_add_epi16(_mm_unpackhi_epi8(*l, z), xh);
		__m128i target = _mm_packus_epi16(tl, th);
		__m128i xz = _mm_cmpeq_epi8(_mm_packus_epi16(xl, xh), z); /* x == 0: keep */
		__m128i nv = q->set ? target : _mm_max_epu8(s, target);
		s = _mm_or_si128(_mm_and_si128(xz, s), _mm_andnot_si128(xz, nv));
	}
	if (q->stw)
		/* a multiplier of 0 relaxes the whole way (rate byte < 8) */
		s = q->mstw ? brain_sse_relax(s, *l, _mm_set1_epi16((short)q->mstw)) : *l;
	if (q->ltw) {
		if (q->step) {
			const __m128i one = _mm_set1_epi8(1);
			__m128i up = _mm_cmpeq_epi8(_mm_subs_epu8(s, *l), z); /* not above */
			__m128i dn = _mm_cmpeq_epi8(_mm_subs_epu8(*l, s), z); /* not below */
			*l = _mm_sub_epi8(_mm_add_epi8(*l, _mm_andnot_si128(up, one)), _mm_andnot_si128(dn, one));
		} else {
			*l = q->mltw ? brain_sse_relax(*l, s, _mm_set1_epi16((short)q->mltw)) : s;
		}
		_mm_storeu_si128((__m128i *)ltw, *l);
	}
	return s;
}
#endif

BRAIN_SIMD_INLINE brain_qd_out brain_qd_block(const brain_qd *q, uint8_t sv, unsigned fresh,
                                          unsigned cand, uint8_t *su, uint8_t *stw, uint8_t *ltw,
                                          uint8_t *old_stw)
{
#if BRAIN_SIMD
	__m128i su0 = _mm_loadu_si128((const __m128i *)su);
	__m128i s0 = _mm_loadu_si128((const __m128i *)stw);
	__m128i l = _mm_loadu_si128((const __m128i *)ltw);
	__m128i sun = brain_sse_step1(q, sv, fresh, cand, su0);
	_mm_storeu_si128((__m128i *)su, sun);
	brain_qd_out o;
	if (!q->r && ((!q->stw && !q->ltw) ||
	              _mm_movemask_epi8(_mm_cmpeq_epi8(s0, l)) == 0xffff)) {
		/* the usual tick: only susceptibility moves (no reinforcement,
		 * and nothing to relax or STW == LTW everywhere) */
		o.live = brain_sse_nonzero_mask(_mm_or_si128(sun, _mm_xor_si128(s0, l)));
		o.changed = 0;
		o.stw_nz = brain_sse_nonzero_mask(s0);
		o.su_nz = brain_sse_nonzero_mask(sun);
		return o;
	}
	_mm_storeu_si128((__m128i *)old_stw, s0);
	__m128i s = brain_sse_steps_2_4(q, sun, s0, &l, ltw);
	_mm_storeu_si128((__m128i *)stw, s);
	o.live = brain_sse_nonzero_mask(_mm_or_si128(sun, _mm_xor_si128(s, l)));
	o.changed = ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(s, s0)) & 0xffffu;
	o.stw_nz = brain_sse_nonzero_mask(s);
	o.su_nz = brain_sse_nonzero_mask(sun);
	return o;
#else
	return brain_qd_block_scalar(q, sv, fresh, cand, su, stw, ltw, old_stw);
#endif
}

/* ---- strength steps (§4.5 steps 5-6) for a block ---------------------------------
 * str[k] = str[k] + v (gain) or - v (loss), saturating, for lanes k < lanes.
 * Returns the lanes whose strength changed; *loose gets the lanes that
 * became loose (loss) or stopped being loose (gain). */
static inline unsigned brain_str_block_scalar(uint8_t *str, uint8_t v, bool gain, unsigned lanes,
                                              unsigned *loose)
{
	unsigned changed = 0, lz = 0;
	for (unsigned k = 0; k < lanes; k++) {
		int s = str[k], nv = gain ? s + v : s - v;
		nv = nv < 0 ? 0 : nv > 255 ? 255 : nv;
		changed |= (unsigned)(nv != s) << k;
		lz |= (unsigned)((nv == 0) != (s == 0)) << k;
		str[k] = (uint8_t)nv;
	}
	*loose = lz;
	return changed;
}

static inline unsigned brain_str_block(uint8_t *str, uint8_t v, bool gain, unsigned lanes,
                                       unsigned *loose)
{
#if BRAIN_SIMD
	if (lanes == 16) {
		__m128i s = _mm_loadu_si128((const __m128i *)str), k = _mm_set1_epi8((char)v);
		__m128i nv = gain ? _mm_adds_epu8(s, k) : _mm_subs_epu8(s, k);
		_mm_storeu_si128((__m128i *)str, nv);
		*loose = brain_sse_nonzero_mask(s) ^ brain_sse_nonzero_mask(nv);
		return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(s, nv)) & 0xffffu;
	}
#endif
	return brain_str_block_scalar(str, v, gain, lanes, loose);
}

/* Steps 5 or 6 for the 16 dendrites at str whose susceptibility su is not
 * 0 ("suscept TRUE ..."): each gains or loses val[k] (val NULL: v),
 * clamped to 0..255. Returns the lanes that changed; *loose the lanes that
 * became or stopped being 0. */
static inline unsigned brain_str_susc_scalar(uint8_t *str, const uint8_t *su, const uint8_t *val,
                                             uint8_t v, bool gain, unsigned *loose)
{
	unsigned changed = 0, lz = 0;
	for (unsigned k = 0; k < 16; k++) {
		int s = str[k], a = su[k] ? (val ? val[k] : v) : 0, nv = gain ? s + a : s - a;
		nv = nv < 0 ? 0 : nv > 255 ? 255 : nv;
		changed |= (unsigned)(nv != s) << k;
		lz |= (unsigned)((nv == 0) != (s == 0)) << k;
		str[k] = (uint8_t)nv;
	}
	*loose = lz;
	return changed;
}

static inline unsigned brain_str_susc(uint8_t *str, const uint8_t *su, const uint8_t *val,
                                      uint8_t v, bool gain, unsigned *loose)
{
#if BRAIN_SIMD
	__m128i s = _mm_loadu_si128((const __m128i *)str);
	__m128i a = val ? _mm_loadu_si128((const __m128i *)val) : _mm_set1_epi8((char)v);
	a = _mm_andnot_si128(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)su), _mm_setzero_si128()), a);
	__m128i nv = gain ? _mm_adds_epu8(s, a) : _mm_subs_epu8(s, a);
	_mm_storeu_si128((__m128i *)str, nv);
	*loose = brain_sse_nonzero_mask(s) ^ brain_sse_nonzero_mask(nv);
	return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(s, nv)) & 0xffffu;
#else
	return brain_str_susc_scalar(str, su, val, v, gain, loose);
#endif
}

#endif
