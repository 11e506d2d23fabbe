/* blocks.c — the dendrite steps on blocks of dendrites: steps 1-4
 * (susceptibility, reinforcement, STW relaxation, LTW gain) sixteen at a
 * time with brain_qd_block (brain/simd.h), or two blocks at once with
 * brain_qd_block2 where the brain may use AVX2 (brain/avx2.h: the same
 * loop compiled for it, steps_1_4_avx2), and steps 5-6 (strength) as one
 * pass over blocks.
 *
 * Only the blocks that can move run: those holding susceptibility or STW
 * != LTW (the `live` bitmap, kept exact as blocks come to rest) and those
 * receiving a non-zero result; on a tick when only susceptibility can move
 * (no reinforcement, nothing to relax), only the blocks holding some
 * (`susb`) and those receiving some. A block passed over is one the steps
 * would leave as it is. The kernels have scalar twins compared on random
 * data; whole brains run against the reference mode (brain/reference.c)
 * and with brain_avx2 off (tests/unit/test_reference.c). */
#include <string.h>

#include "brain/avx2.h"
#include "brain/plan_impl.h"

/* The block kernel's parameters for this lobe tick. */
brain_qd brain_quiet_of(const brain_rates *x, brain_known r)
{
	brain_qd q;
	q.susc = x->susc;
	q.stw = x->stw;
	q.ltw = x->ltw;
	q.set = x->set;
	q.step = x->step;
	q.r = r.st == RS_CONST ? r.value : 0;
	q.msusc = (uint16_t)genome_rate_multiplier(x->r[BRAIN_RATE_RELAX_SUSCEPT]);
	q.mstw = (uint16_t)genome_rate_multiplier(x->r[BRAIN_RATE_RELAX_STW]);
	q.mltw = (uint16_t)genome_rate_multiplier(x->r[BRAIN_RATE_LTW_GAIN]);
	return q;
}

/* The padding lanes of the type's last block (they stay at rest: run as
 * fresh). */
static inline unsigned pad_lanes(const brain_dtype *D)
{
	uint32_t tail = D->total % BRAIN_BLOCK;
	return tail ? 0xffffu & ~((1u << tail) - 1) : 0;
}

/* The STW of a block's lanes `changed` moved (their STW before in old):
 * the kept sums follow (each block one neuron's with `blockwise`). */
static inline __attribute__((always_inline)) void block_moved(brain_dtype *D, uint32_t base,
                                                              unsigned changed, const uint8_t *old,
                                                              const uint8_t *stw, bool blockwise)
{
	static const uint8_t zero16[BRAIN_BLOCK];
	if (blockwise) {
		/* the lanes whose weight became or stopped being 0 */
		unsigned zero = changed & (brain_simd_diff(old, zero16, BRAIN_BLOCK) ^
		                           brain_simd_diff(stw + base, zero16, BRAIN_BLOCK));
		brain_sums_moved_block(D, base, changed, zero, old, stw);
		return;
	}
	for (unsigned ch = changed; ch; ch &= ch - 1) {
		uint32_t d = base + (uint32_t)__builtin_ctz(ch);
		brain_sums_moved(D, brain_owner(D, d), d, old[d - base], stw[d]);
	}
}

/* The bits blocks_1_4 collects for the blocks it ran: live, STW not 0,
 * susceptibility not 0. */
typedef struct ran_bits {
	uint64_t live, stw_nz, su_nz;
} ran_bits;

#if BRAIN_AVX2
/* Blocks kb and kb + 1 (kb even, both within the type) at once with the
 * AVX2 kernel, their fresh lanes taken, `all` as in blocks_1_4 (with the
 * padding lanes of the type's last block as fresh); their bits into *rb at
 * bit j (kb's place in its word). A block of the pair that the caller
 * would not have run gets its bits and values made afresh from what it
 * holds, unchanged: such a block has no fresh or candidate lanes and,
 * whatever its mode skips it for (no susceptibility, or STW = LTW as well,
 * or nothing due), none of the steps moves it. */
static inline __attribute__((always_inline)) void
pair_block(brain_dtype *D, const brain_qd *q, uint8_t all, uint32_t kb, unsigned j, bool cand,
           bool hooks, bool blockwise, uint16_t *fresh, uint8_t *su, uint8_t *stw, uint8_t *ltw,
           unsigned pad, ran_bits *rb)
{
	/* both blocks' fresh lanes in one word (x86-64: little-endian) */
	uint32_t f, base = kb * BRAIN_BLOCK;
	memcpy(&f, fresh + kb, sizeof f);
	memset(fresh + kb, 0, sizeof f);
	if (all && kb + 2 == D->nblocks)
		f |= (uint32_t)pad << 16;
	uint8_t old[2 * BRAIN_BLOCK];
	brain_qd_out2 o = cand ? brain_qd_block2(q, 0, 0, f, su + base, stw + base, ltw + base, old)
	                       : brain_qd_block2(q, all, f, 0, su + base, stw + base, ltw + base, old);
	rb->live |= (uint64_t)brain_pair_nz[o.zlive] << j;
	rb->stw_nz |= (uint64_t)brain_pair_nz[o.zstw] << j;
	rb->su_nz |= (uint64_t)brain_pair_nz[o.zsu] << j;
	for (unsigned h = 0; hooks && o.changed && h < 2; h++) {
		unsigned ch = o.changed >> 16 * h & 0xffffu;
		if (ch)
			block_moved(D, base + h * BRAIN_BLOCK, ch, old + h * BRAIN_BLOCK, stw, blockwise);
	}
}
#endif

/* The blocks of brain_steps_1_4 (below); `cand`, `hooks`, `pairs` and `susc`
 * are constants where it is inlined. With `susc`, only susceptibility can
 * move (no reinforcement, nothing to relax) and no rule result is one for
 * every dendrite: the blocks that hold some or receive some run, and of
 * the results only the live and susceptibility bits are kept (no STW
 * moves, so wnz stays a superset and no sum moves). */
static inline __attribute__((always_inline)) void blocks_1_4(brain *b, brain_dtype *D,
                                                             const brain_qd *q, uint8_t all,
                                                             bool cand, bool hooks, bool pairs,
                                                             bool susc)
{
	const bool identity = !susc && !q->susc && !q->stw && !q->ltw && !q->r;
	const bool su_only = susc || (!q->stw && !q->ltw && !q->r);
	uint64_t *wnz = susc || b->opts.input_weight ? NULL : D->wnz;
	uint8_t *su = D->suscept, *stw = D->stw, *ltw = D->ltw;
	uint64_t *sblk = b->sblk, *live = D->live, *susb = D->susb;
	uint16_t *fresh = b->fresh;
	const unsigned pad = pad_lanes(D);
	/* each block one neuron's: its weight moves go to one sum at once */
	const bool blockwise = D->per && D->per % BRAIN_BLOCK == 0;
	const uint32_t nblocks = D->nblocks;
#if BRAIN_AVX2
	/* blocks below pend run in pairs (kb and kb ^ 1) */
	const uint32_t pend = pairs ? nblocks & ~1u : 0;
#else
	(void)pairs; /* no pairs without the AVX2 kernels */
#endif
	for (uint32_t w = 0; w < brain_words(nblocks); w++) {
		uint64_t sp = sblk[w];
		uint64_t m = all ? brain_word_mask(nblocks, w)
		             : identity ? sp
		                        : (su_only ? susb[w] : live[w]) | sp;
		if (!m)
			continue;
		sblk[w] = 0;
		/* the run blocks' bits, collected: the others' stay */
		uint64_t ran = 0;
		ran_bits rb = {0, 0, 0};
		while (m) {
			unsigned j = (unsigned)__builtin_ctzll(m);
			uint32_t kb = w * 64 + j;
#if BRAIN_AVX2
			if (kb < pend) {
				j &= ~1u;
				pair_block(D, q, all, kb & ~1u, j, cand, hooks, blockwise, fresh, su, stw, ltw,
				           pad, &rb);
				m &= ~(3ull << j);
				ran |= 3ull << j;
				continue;
			}
#endif
			m &= m - 1;
			ran |= 1ull << j;
			uint32_t base = kb * BRAIN_BLOCK;
			/* fresh lanes: 0 but in the blocks marked in sblk */
			unsigned f = fresh[kb];
			fresh[kb] = 0;
			if (all && kb == nblocks - 1)
				f |= pad;
			uint8_t old[BRAIN_BLOCK];
			brain_qd_out o = cand ? brain_qd_block(q, 0, 0, f, su + base, stw + base, ltw + base, old)
			                      : brain_qd_block(q, all, f, 0, su + base, stw + base, ltw + base, old);
			rb.live |= (uint64_t)(o.live != 0) << j;
			rb.stw_nz |= (uint64_t)(o.stw_nz != 0) << j;
			rb.su_nz |= (uint64_t)(o.su_nz != 0) << j;
			if (hooks && o.changed)
				block_moved(D, base, o.changed, old, stw, blockwise);
		}
		live[w] = (live[w] & ~ran) | rb.live;
		susb[w] = (susb[w] & ~ran) | rb.su_nz;
		if (wnz)
			wnz[w] = (wnz[w] & ~ran) | rb.stw_nz;
	}
}

/* Steps 1-4 of the type's blocks (below), `pairs` with the AVX2 kernel. */
static inline __attribute__((always_inline)) void steps_1_4_with(brain *b, brain_dtype *D,
                                                                 const brain_qd *qp, uint8_t all,
                                                                 bool cand, bool pairs)
{
	/* a local copy: a byte stored to the dendrite arrays may alias *qp,
	 * which would be reloaded (and its constants broadcast) every block */
	const brain_qd qv = *qp, *q = &qv;
	/* only susceptibility can move (no reinforcement, nothing to relax):
	 * a block without any, receiving none, stays as it is */
	const bool su_only = !q->stw && !q->ltw && !q->r;
	if (su_only && !all && q->susc) {
		if (cand)
			blocks_1_4(b, D, q, 0, true, false, pairs, true);
		else
			blocks_1_4(b, D, q, 0, false, false, pairs, true);
		return;
	}
	const bool hooks = D->kvalid && !b->opts.input_weight;
	if (!D->kvalid && !b->opts.input_weight)
		D->ordered = false; /* weights move without the hooks */
	if (cand && hooks) /* candidates, kept sums (the norn's concept and decision lobes) */
		blocks_1_4(b, D, q, 0, true, true, pairs, false);
	else if (cand)
		blocks_1_4(b, D, q, 0, true, false, pairs, false);
	else
		blocks_1_4(b, D, q, all, false, hooks, pairs, false);
}

#if BRAIN_AVX2
/* brain_steps_1_4 two blocks at a time (flatten: the AVX2 kernel inlined). */
__attribute__((noinline, flatten, target(BRAIN_AVX2_TARGET))) static void
steps_1_4_avx2(brain *b, brain_dtype *D, const brain_qd *qp, uint8_t all, bool cand)
{
	steps_1_4_with(b, D, qp, all, cand, true);
}
#endif

/* Steps 1-4 of every dendrite of the type: the susceptibility rule gave
 * `all` for every dendrite, or 0 but for the fresh lanes (susc_result),
 * or, with `cand`, q's "suscept move-twrds" for the lanes marked (the
 * rest 0). Only blocks that can move are run (in pairs where the brain
 * may use AVX2: brain_avx2). */
void brain_steps_1_4(brain *b, brain_dtype *D, const brain_qd *qp, uint8_t all, bool cand)
{
#if BRAIN_AVX2
	if (brain_use_avx2(&b->opts)) {
		steps_1_4_avx2(b, D, qp, all, cand);
		return;
	}
#endif
	steps_1_4_with(b, D, qp, all, cand, false);
}

/* Steps 5 or 6, one byte-wide pass: every dendrite gains or loses v, or,
 * with `susc`, every dendrite with susceptibility ("suscept TRUE ...", all
 * in the blocks of susb) gains or loses v or its own value in `field`. */
void brain_strength_pass(brain *b, brain_lobe *L, unsigned t, uint8_t v, const uint8_t *field,
                          bool susc, bool gain, int clears)
{
	brain_dtype *D = L->d[t];
	const bool hooks = D->kvalid && b->opts.input_weight;
	if (!D->kvalid && b->opts.input_weight)
		D->ordered = false; /* weights move without the hooks */
	uint8_t *str = D->strength;
	static const uint8_t zero16[BRAIN_BLOCK];
	for (uint32_t w = 0; w < brain_words(D->nblocks); w++)
		for (uint64_t m = susc ? D->susb[w] : brain_word_mask(D->nblocks, w); m; m &= m - 1) {
			uint32_t kb = w * 64 + (uint32_t)__builtin_ctzll(m), base = kb * BRAIN_BLOCK;
			unsigned lanes = D->total - base < BRAIN_BLOCK ? D->total - base : BRAIN_BLOCK;
			uint8_t old[BRAIN_BLOCK];
			if (hooks)
				memcpy(old, str + base, BRAIN_BLOCK);
			unsigned loose, ch;
			if (susc) /* padding lanes have no susceptibility */
				ch = brain_str_susc(str + base, D->suscept + base, field ? field + base : NULL, v,
				                    gain, &loose);
			else
				ch = brain_str_block(str + base, v, gain, lanes, &loose);
			if (!ch)
				continue;
			if (D->wnz && b->opts.input_weight)
				brain_bit_put(D->wnz, kb, brain_simd_diff(str + base, zero16, BRAIN_BLOCK) != 0);
			if (hooks)
				for (unsigned c = ch; c; c &= c - 1) {
					uint32_t d = base + (uint32_t)__builtin_ctz(c);
					brain_sums_moved(D, brain_owner(D, d), d, old[d - base], str[d]);
				}
			for (; loose; loose &= loose - 1) {
				uint32_t d = base + (uint32_t)__builtin_ctz(loose);
				brain_dendrite_loose(b, L, t, brain_owner(D, d), d, !gain, clears);
			}
		}
}

