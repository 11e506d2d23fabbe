/* avx2.h — the AVX2 choice: the brain's kernels 32 lanes at a time (two
 * dendrite blocks, or 32 neurons), and the one test that picks them.
 *
 * They are compiled for x86-64 with GCC or clang whatever the build's
 * target, as functions of their own target (AVX2, and BMI1 for their bit
 * loops: every CPU with AVX2 has it, and it is checked too), and run only
 * where the CPU has them and the mode brain_avx2 is on (brain_use_avx2;
 * brain/options.h). C2_NO_AVX2 (make OPT=0) leaves them out. Where they run:
 * the neuron update (brain_update_x, from neurons.c) and steps 1-4 of the
 * dendrite blocks in pairs (blocks.c: steps_1_4_avx2).
 *
 * How they are proven exact: brain_avx2 is a mode (BRAIN_MODES), left out of
 * snapshots and hashes, so the same creature runs with it on and off and the
 * state hashes must agree after every tick (test_norn_avx2 in
 * tests/unit/test_reference.c, and the whole norn against the reference
 * mode, which uses no kernel at all); test_simd_kernels there compares each
 * kernel with the scalar one (brain/simd.h) on random data. */
#ifndef C2_BRAIN_AVX2_H
#define C2_BRAIN_AVX2_H

#include "brain/options.h"
#include "brain/simd.h"

#if BRAIN_SIMD && defined(__GNUC__) && defined(__x86_64__) && !defined(C2_NO_AVX2)
#include <immintrin.h>
#define BRAIN_AVX2 1
#define BRAIN_AVX2_TARGET "avx2,bmi"
#define BRAIN_AVX2_FN static inline __attribute__((target(BRAIN_AVX2_TARGET)))
#define BRAIN_AVX2_INLINE static inline __attribute__((always_inline, target(BRAIN_AVX2_TARGET)))
#else
#define BRAIN_AVX2 0
#endif

/* Can this CPU run the AVX2 kernels? (libgcc's CPU model, read only) */
static inline bool brain_cpu_avx2(void)
{
#if BRAIN_AVX2
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi");
#else
	return false;
#endif
}

/* Do this brain's kernels run 32 lanes at a time? The mode, and the CPU. */
static inline bool brain_use_avx2(const brain_options *o)
{
	return o->brain_avx2 && brain_cpu_avx2();
}

/* What the steps left in a pair of blocks (brain_qd_block2): the lanes
 * whose STW changed (bit k: lane k; the first block in bits 0-15), and of
 * each 8-lane group g (bit g; the first block in bits 0-1) whether it is
 * all 0 in the live value (su | STW ^ LTW), in STW and in susceptibility.
 * brain_pair_nz turns a group mask into the two blocks' "any not 0" bits. */
typedef struct brain_qd_out2 {
	uint32_t changed;
	unsigned zlive, zstw, zsu;
} brain_qd_out2;

/* Bit 0: the first block has a lane not 0 (group 0 or 1 not all 0);
 * bit 1: the second (group 2 or 3). Indexed by the groups' zero mask. */
static const uint8_t brain_pair_nz[16] = {3, 3, 3, 2, 3, 3, 3, 2, 3, 3, 3, 2, 1, 1, 1, 0};

#if BRAIN_AVX2
/* brain_sse_relax for 32 lanes. (The 256-bit unpacks and packs work within
 * each 128-bit half; unpacking both ways and packing back keeps the
 * lanes' order.) */
BRAIN_AVX2_INLINE __m256i brain_avx2_relax(__m256i x, __m256i base, __m256i m)
{
	const __m256i z = _mm256_setzero_si256();
	__m256i up = _mm256_subs_epu8(x, base), dn = _mm256_subs_epu8(base, x);
	__m256i ul = _mm256_mulhi_epu16(_mm256_unpacklo_epi8(up, z), m);
	__m256i uh = _mm256_mulhi_epu16(_mm256_unpackhi_epi8(up, z), m);
	__m256i dl = _mm256_mulhi_epu16(_mm256_unpacklo_epi8(dn, z), m);
	__m256i dh = _mm256_mulhi_epu16(_mm256_unpackhi_epi8(dn, z), m);
	return _mm256_sub_epi8(_mm256_add_epi8(base, _mm256_packus_epi16(ul, uh)),
	                       _mm256_packus_epi16(dl, dh));
}

/* Bit k set when lane k of x is not zero. */
BRAIN_AVX2_INLINE uint32_t brain_avx2_nonzero_mask(__m256i x)
{
	return ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_setzero_si256()));
}

/* Bit g set when the 8 lanes 8g..8g+7 of x are all 0. */
BRAIN_AVX2_INLINE unsigned brain_avx2_zero_groups(__m256i x)
{
	__m256i z = _mm256_cmpeq_epi64(x, _mm256_setzero_si256());
	return (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(z));
}

/* 0xff in lane k when bit k of m is set: byte k / 8 of m in lane k, then
 * its bit k % 8 tested. */
BRAIN_AVX2_INLINE __m256i brain_avx2_lanes(uint32_t m)
{
	const __m256i sel = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2,
	                                     2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
	const __m256i bit = _mm256_set1_epi64x((long long)0x8040201008040201ull);
	__m256i v = _mm256_shuffle_epi8(_mm256_set1_epi32((int)m), sel);
	return _mm256_cmpeq_epi8(_mm256_and_si256(v, bit), bit);
}

/* brain_sse_toward for 32 lanes. */
BRAIN_AVX2_INLINE __m256i brain_avx2_toward(const brain_qd *q, __m256i su0)
{
	const __m256i z = _mm256_setzero_si256();
	if (q->ash) {
		__m256i up = _mm256_xor_si256(su0, _mm256_set1_epi8(-1));
		__m256i part = _mm256_srl_epi16(up, _mm_cvtsi32_si128(q->ash));
		__m256i keep = _mm256_set1_epi8((char)(0xffu >> q->ash));
		return _mm256_add_epi8(su0, _mm256_and_si256(part, keep));
	}
	const __m256i t = _mm256_set1_epi8((char)q->at), k = _mm256_set1_epi16(q->ak);
	__m256i up = _mm256_subs_epu8(t, su0), dn = _mm256_subs_epu8(su0, t);
	__m256i ul = _mm256_mullo_epi16(_mm256_unpacklo_epi8(up, z), k);
	__m256i uh = _mm256_mullo_epi16(_mm256_unpackhi_epi8(up, z), k);
	__m256i dl = _mm256_mullo_epi16(_mm256_unpacklo_epi8(dn, z), k);
	__m256i dh = _mm256_mullo_epi16(_mm256_unpackhi_epi8(dn, z), k);
	__m256i upv = _mm256_packus_epi16(_mm256_srli_epi16(ul, 8), _mm256_srli_epi16(uh, 8));
	__m256i dnv = _mm256_packus_epi16(_mm256_srli_epi16(dl, 8), _mm256_srli_epi16(dh, 8));
	return _mm256_sub_epi8(_mm256_add_epi8(su0, upv), dnv);
}

/* brain_sse_step1 for 32 lanes. */
BRAIN_AVX2_INLINE __m256i brain_avx2_step1(const brain_qd *q, uint8_t sv, uint32_t fresh,
                                           uint32_t cand, __m256i su0)
{
	const __m256i z = _mm256_setzero_si256();
	__m256i sun = su0;
	if (q->susc) {
		const __m256i m = _mm256_set1_epi16((short)q->msusc);
		sun = _mm256_packus_epi16(_mm256_mulhi_epu16(_mm256_unpacklo_epi8(su0, z), m),
		                          _mm256_mulhi_epu16(_mm256_unpackhi_epi8(su0, z), m));
	}
	if (sv) {
		__m256i v = _mm256_set1_epi8((char)sv);
		__m256i keep = _mm256_cmpeq_epi8(_mm256_max_epu8(v, su0), su0);
		sun = _mm256_blendv_epi8(v, sun, keep);
	}
	if (fresh)
		sun = _mm256_blendv_epi8(sun, su0, brain_avx2_lanes(fresh));
	if (cand) {
		__m256i v = brain_avx2_toward(q, su0);
		__m256i take = _mm256_andnot_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(v, su0), su0),
		                                   brain_avx2_lanes(cand));
		sun = _mm256_blendv_epi8(sun, v, take);
	}
	return sun;
}

/* brain_sse_steps_2_4 for 32 lanes. */
BRAIN_AVX2_INLINE __m256i brain_avx2_steps_2_4(const brain_qd *q, __m256i sun, __m256i s0,
                                               __m256i *l, uint8_t *ltw)
{
	const __m256i z = _mm256_setzero_si256();
	__m256i s = s0;
	if (q->r) {
		const __m256i r16 = _mm256_set1_epi16(q->r), div255 = _mm256_set1_epi16((short)0x8081);
		__m256i sul = _mm256_unpacklo_epi8(sun, z), suh = _mm256_unpackhi_epi8(sun, z);
		__m256i xl = _mm256_srli_epi16(_mm256_mulhi_epu16(_mm256_mullo_epi16(sul, r16), div255), 7);
		__m256i xh = _mm256_srli_epi16(_mm256_mulhi_epu16(_mm256_mullo_epi16(suh, r16), div255), 7);
		__m256i tl = _mm256_add_epi16(_mm256_unpacklo_epi8(*l, z), xl);
		__m256i th = _mm256_add_epi16(_mm256_unpackhi_epi8(*l, z), xh);
		__m256i target = _mm256_packus_epi16(tl, th);
		__m256i xz = _mm256_cmpeq_epi8(_mm256_packus_epi16(xl, xh), z);
		__m256i nv = q->set ? target : _mm256_max_epu8(s, target);
		s = _mm256_blendv_epi8(nv, s, xz);
	}
	if (q->stw)
		s = q->mstw ? brain_avx2_relax(s, *l, _mm256_set1_epi16((short)q->mstw)) : *l;
	if (q->ltw) {
		if (q->step) {
			const __m256i one = _mm256_set1_epi8(1);
			__m256i up = _mm256_cmpeq_epi8(_mm256_subs_epu8(s, *l), z);
			__m256i dn = _mm256_cmpeq_epi8(_mm256_subs_epu8(*l, s), z);
			*l = _mm256_sub_epi8(_mm256_add_epi8(*l, _mm256_andnot_si256(up, one)),
			                     _mm256_andnot_si256(dn, one));
		} else {
			*l = q->mltw ? brain_avx2_relax(*l, s, _mm256_set1_epi16((short)q->mltw)) : s;
		}
		_mm256_storeu_si256((__m256i *)ltw, *l);
	}
	return s;
}

/* brain_qd_block for the 32 dendrites of two adjacent blocks: the masks
 * fresh and cand hold the first block in bits 0-15 and the second in bits
 * 16-31; old_stw gets 32 bytes; the rest as brain_qd_out2 says (group
 * masks, cheaper to make and to turn into per-block bits than lane masks).
 * Not always inlined: its callers that are not AVX2 functions hold calls
 * to it they never make (blocks.c's brain_steps_1_4), and the AVX2 one
 * inlines it (flatten). */
BRAIN_AVX2_FN brain_qd_out2 brain_qd_block2(const brain_qd *q, uint8_t sv, uint32_t fresh,
                                           uint32_t cand, uint8_t *su, uint8_t *stw, uint8_t *ltw,
                                           uint8_t *old_stw)
{
	__m256i su0 = _mm256_loadu_si256((const __m256i *)su);
	__m256i s0 = _mm256_loadu_si256((const __m256i *)stw);
	__m256i l = _mm256_loadu_si256((const __m256i *)ltw);
	__m256i sun = brain_avx2_step1(q, sv, fresh, cand, su0);
	_mm256_storeu_si256((__m256i *)su, sun);
	brain_qd_out2 o;
	if (!q->r && ((!q->stw && !q->ltw) ||
	              (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(s0, l)) == 0xffffffffu)) {
		o.zlive = brain_avx2_zero_groups(_mm256_or_si256(sun, _mm256_xor_si256(s0, l)));
		o.changed = 0;
		o.zstw = brain_avx2_zero_groups(s0);
		o.zsu = brain_avx2_zero_groups(sun);
		return o;
	}
	_mm256_storeu_si256((__m256i *)old_stw, s0);
	__m256i s = brain_avx2_steps_2_4(q, sun, s0, &l, ltw);
	_mm256_storeu_si256((__m256i *)stw, s);
	o.zlive = brain_avx2_zero_groups(_mm256_or_si256(sun, _mm256_xor_si256(s, l)));
	o.changed = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(s, s0));
	o.zstw = brain_avx2_zero_groups(s);
	o.zsu = brain_avx2_zero_groups(sun);
	return o;
}
#endif

#if BRAIN_AVX2
/* brain_simd_update 32 lanes at a time, the rest as it does. Out of line:
 * the neuron phase is not an AVX2 function; it calls this where the CPU
 * has AVX2 and the mode brain_avx2 is on (brain_update_x). */
BRAIN_AVX2_FN uint32_t brain_simd_update_avx2(const brain_nupd *u, const uint8_t *val,
                                              uint8_t *state, uint8_t *output, uint32_t n,
                                              uint16_t *firing)
{
	const __m256i thr = _mm256_set1_epi8((char)u->thr), rest = _mm256_set1_epi8((char)u->rest);
	const __m256i m = _mm256_set1_epi16((short)u->mult);
	uint32_t i = 0;
	uint16_t *fp = firing; /* the next firing slot (a pointer: no index kept per neuron) */
	for (; i + 32 <= n; i += 32) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(val + i));
		__m256i o = _mm256_subs_epu8(v, thr);
		_mm256_storeu_si256((__m256i *)(output + i), o);
		for (uint32_t f = brain_avx2_nonzero_mask(o); f; f &= f - 1)
			*fp++ = (uint16_t)(i + (unsigned)__builtin_ctz(f));
		if (u->leak_due)
			v = brain_avx2_relax(v, rest, m);
		_mm256_storeu_si256((__m256i *)(state + i), v);
	}
	return brain_update_from(u, val, state, output, n, firing, i, (uint32_t)(fp - firing));
}
#endif

/* brain_simd_update, 32 lanes at a time when `avx2` (the caller's mode
 * and CPU check) and the kernels are compiled in. */
static inline uint32_t brain_update_x(bool avx2, const brain_nupd *u, const uint8_t *val,
                                      uint8_t *state, uint8_t *output, uint32_t n,
                                      uint16_t *firing)
{
#if BRAIN_AVX2
	if (avx2)
		return brain_simd_update_avx2(u, val, state, output, n, firing);
#else
	(void)avx2;
#endif
	return brain_simd_update(u, val, state, output, n, firing);
}

#endif
