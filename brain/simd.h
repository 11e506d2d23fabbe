/* simd.h — the brain's byte-wide kernels: neuron updates, saturating rule
 * arithmetic over whole lobes, and the quiet dendrite pass, each with an
 * SSE2 body and a scalar body that give the same bits.
 *
 * Every kernel has a scalar version (brain_simd_*_scalar) that is always
 * compiled and a dispatching version (brain_simd_*) that uses SSE2 where
 * the compiler targets it. The unit tests run both on random data and
 * compare every byte; the brain tests compare whole brains against the
 * reference mode, which uses none of this. Arithmetic identities used:
 *   (x * m) >> 16 for x < 256, m < 65536   = the high half of a 16-bit product
 *   v / 255 for v <= 65025                 = (v * 0x8081) >> 23 (checked for all v)
 *   saturating byte add/sub                = the SV-rule PLUS/MINUS (§3.1). */
#ifndef C2_BRAIN_SIMD_H
#define C2_BRAIN_SIMD_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__) && !defined(C2_NO_SIMD)
#include <emmintrin.h>
#define BRAIN_SIMD 1
#else
#define BRAIN_SIMD 0
#endif

/* ---- neuron update (§4.3, the recommended reading) ----------------------------
 * out = val >= thr ? val - thr : 0; state = val, or when the leak is due
 * rest + (val - rest) * mult / 65536 truncated toward rest. */
typedef struct brain_nupd {
	uint8_t thr, rest;
	bool leak_due;
	uint16_t mult; /* c2_rate_multiplier of the leak byte (< 65536) */
} brain_nupd;

static inline void brain_simd_update_scalar(const brain_nupd *u, const uint8_t *val,
                                            uint8_t *state, uint8_t *output, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		int v = val[i];
		output[i] = (uint8_t)(v >= u->thr ? v - u->thr : 0);
		if (u->leak_due) {
			int dv = v - u->rest;
			v = u->rest + (dv >= 0 ? (int)(((uint32_t)dv * u->mult) >> 16)
			                       : -(int)(((uint32_t)-dv * u->mult) >> 16));
		}
		state[i] = (uint8_t)v;
	}
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
#endif

static inline void brain_simd_update(const brain_nupd *u, const uint8_t *val, uint8_t *state,
                                     uint8_t *output, uint32_t n)
{
	uint32_t i = 0;
#if BRAIN_SIMD
	const __m128i thr = _mm_set1_epi8((char)u->thr), rest = _mm_set1_epi8((char)u->rest);
	const __m128i m = _mm_set1_epi16((short)u->mult);
	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(val + i));
		_mm_storeu_si128((__m128i *)(output + i), _mm_subs_epu8(v, thr));
		if (u->leak_due)
			v = brain_sse_relax(v, rest, m);
		_mm_storeu_si128((__m128i *)(state + i), v);
	}
#endif
	brain_simd_update_scalar(u, val + i, state + i, output + i, n - i);
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

static inline void brain_simd_bop(brain_bop op, uint8_t *acc, const uint8_t *x, uint8_t k,
                                  uint32_t n)
{
	uint32_t i = 0;
#if BRAIN_SIMD
	const __m128i kk = _mm_set1_epi8((char)k);
	for (; i + 16 <= n; i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(acc + i));
		__m128i b = x ? _mm_loadu_si128((const __m128i *)(x + i)) : kk;
		switch (op) {
		case BRAIN_BOP_ADD: a = _mm_adds_epu8(a, b); break;
		case BRAIN_BOP_SUB: a = _mm_subs_epu8(a, b); break;
		case BRAIN_BOP_ADD_WRAP: a = _mm_add_epi8(a, b); break;
		case BRAIN_BOP_SUB_WRAP: a = _mm_sub_epi8(a, b); break;
		}
		_mm_storeu_si128((__m128i *)(acc + i), a);
	}
#endif
	brain_simd_bop_scalar(op, acc + i, x ? x + i : NULL, k, n - i);
}

/* ---- the quiet dendrite pass (§4.5 steps 1-4 where the susceptibility rule
 * yields 0 and the reinforcement is one value for the lobe) -------------------- */
typedef struct brain_qd {
	bool susc, stw, ltw;       /* decay, STW relaxation, LTW gain due */
	bool set, step;            /* options reinforce=set, ltw_gain=step */
	uint8_t r;                 /* reinforcement (0: none) */
	uint16_t msusc, mstw, mltw; /* rate multipliers */
} brain_qd;

/* One dendrite; adds the changes of "suscept != 0" and "STW != LTW" to t. */
static inline void brain_qd_one(const brain_qd *q, uint8_t *sup, uint8_t *stwp, uint8_t *ltwp,
                                int32_t *t)
{
	uint8_t su0 = *sup, su = su0, stw = *stwp, ltw = *ltwp;
	bool diff0 = stw != ltw;
	if (su && q->susc)
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
	t[0] += (su != 0) - (su0 != 0);
	t[1] += (stw != ltw) - diff0;
}

static inline void brain_simd_quiet_scalar(const brain_qd *q, uint8_t *su, uint8_t *stw,
                                           uint8_t *ltw, uint32_t n, int32_t *t)
{
	const bool relax = q->stw || q->ltw;
	for (uint32_t d = 0; d < n; d++)
		if (su[d] || (relax && stw[d] != ltw[d]))
			brain_qd_one(q, &su[d], &stw[d], &ltw[d], t);
}

#if BRAIN_SIMD
static inline int brain_sse_nonzero(__m128i x)
{
	return __builtin_popcount(~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128())) &
	                          0xffffu);
}
#endif

/* brain_qd_one for dendrites [0, n) — those without susceptibility, and
 * with no relaxation due or STW == LTW, stay as they are and are passed
 * over; t[0], t[1] get the count changes. */
static inline void brain_simd_quiet(const brain_qd *q, uint8_t *su, uint8_t *stw, uint8_t *ltw,
                                    uint32_t n, int32_t *t)
{
	uint32_t d = 0;
#if BRAIN_SIMD
	const __m128i z = _mm_setzero_si128();
	const __m128i msusc = _mm_set1_epi16((short)q->msusc), mstw = _mm_set1_epi16((short)q->mstw);
	const __m128i mltw = _mm_set1_epi16((short)q->mltw), r16 = _mm_set1_epi16(q->r);
	const __m128i div255 = _mm_set1_epi16((short)0x8081), one = _mm_set1_epi8(1);
	const bool relax = q->stw || q->ltw;
	for (; d + 16 <= n; d += 16) {
		__m128i su0 = _mm_loadu_si128((const __m128i *)(su + d));
		__m128i stw0 = _mm_loadu_si128((const __m128i *)(stw + d));
		__m128i ltw0 = _mm_loadu_si128((const __m128i *)(ltw + d));
		__m128i diff0 = _mm_xor_si128(stw0, ltw0);
		if (_mm_movemask_epi8(_mm_cmpeq_epi8(relax ? _mm_or_si128(su0, diff0) : su0, z)) == 0xffff)
			continue; /* nothing susceptible, nothing to relax: nothing moves */
		__m128i sul = _mm_unpacklo_epi8(su0, z), suh = _mm_unpackhi_epi8(su0, z);
		if (q->susc) {
			sul = _mm_mulhi_epu16(sul, msusc);
			suh = _mm_mulhi_epu16(suh, msusc);
		}
		__m128i sun = _mm_packus_epi16(sul, suh);
		__m128i s = stw0;
		if (q->r) {
			/* x = su * r / 255; target = min(255, LTW + x) */
			__m128i xl = _mm_srli_epi16(_mm_mulhi_epu16(_mm_mullo_epi16(sul, r16), div255), 7);
			__m128i xh = _mm_srli_epi16(_mm_mulhi_epu16(_mm_mullo_epi16(suh, r16), div255), 7);
			__m128i tl = _mm_add_epi16(_mm_unpacklo_epi8(ltw0, z), xl);
			__m128i th = _mm_add_epi16(_mm_unpackhi_epi8(ltw0, z), xh);
			__m128i target = _mm_packus_epi16(tl, th);
			__m128i xz = _mm_cmpeq_epi8(_mm_packus_epi16(xl, xh), z); /* x == 0: keep */
			__m128i nv = q->set ? target : _mm_max_epu8(s, target);
			s = _mm_or_si128(_mm_and_si128(xz, s), _mm_andnot_si128(xz, nv));
		}
		if (q->stw)
			s = brain_sse_relax(s, ltw0, mstw);
		__m128i l = ltw0;
		if (q->ltw) {
			if (q->step) {
				__m128i up = _mm_cmpeq_epi8(_mm_subs_epu8(s, l), z); /* not above */
				__m128i dn = _mm_cmpeq_epi8(_mm_subs_epu8(l, s), z); /* not below */
				l = _mm_sub_epi8(_mm_add_epi8(l, _mm_andnot_si128(up, one)), _mm_andnot_si128(dn, one));
			} else {
				l = brain_sse_relax(l, s, mltw);
			}
		}
		_mm_storeu_si128((__m128i *)(su + d), sun);
		_mm_storeu_si128((__m128i *)(stw + d), s);
		_mm_storeu_si128((__m128i *)(ltw + d), l);
		t[0] += brain_sse_nonzero(sun) - brain_sse_nonzero(su0);
		t[1] += brain_sse_nonzero(_mm_xor_si128(s, l)) - brain_sse_nonzero(diff0);
	}
#endif
	brain_simd_quiet_scalar(q, su + d, stw + d, ltw + d, n - d, t);
}

#endif
