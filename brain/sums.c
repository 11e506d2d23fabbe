/* sums.c — a lobe's input sums kept current instead of summed every tick
 * (reference §4.4: type_t = min(255, (sum of src.output * w / 255) * gain
 * / 255), anded_t = type_t when every source fires, else 0).
 *
 * For each type whose sums a rule reads (brain_dtype.keep), every neuron
 * keeps
 *     acc  = the sum of snap[src] * w / 255 over its dendrites
 *     nsil = how many of them read a source that is silent in snap
 * where snap is a copy of the source lobe's outputs as of the last
 * brain_sums_sync, and w the weights as they are now. Syncing compares the
 * outputs with snap 64 bytes at a time and, for each source that changed,
 * walks the dendrites reading it (the reverse lists; without anded sums
 * only those with a weight, which each list holds first: brain_relink,
 * brain_lists_order); every weight change
 * updates acc (brain_sums_moved, brain_dendrite_write). So the sums cost what
 * changed, not the size of the lobe — the same integer terms as summing
 * them afresh, added and taken away exactly. Whatever changes dendrites
 * without those hooks (the plain per-dendrite loop, loading) marks the sums
 * stale, and the next sync rebuilds them. The two types of a lobe that
 * read the same source share one snap and are synced together. */
#include <string.h>

#include "brain/brain_impl.h"
#include "brain/simd.h"

/* Sum every neuron afresh from the source outputs now. Without anded
 * sums to keep, only the dendrites with a weight count (sixteen weights
 * are tested at a time: most decision weights are 0). */
static void rebuild(brain *b, brain_lobe *L, unsigned t)
{
	brain_dtype *D = L->d[t];
	const brain_lobe *S = &b->lobes[D->src_lobe];
	const uint8_t *so = S->output, *w = brain_weights(b, D);
	const uint16_t *src = D->src;
	memcpy(D->snap, so, S->n);
	if (!D->anded && !D->ordered) /* weights moved unseen: order the lists again */
		brain_lists_order(b, D, S->n);
	if (!D->kvalid && D->infire) { /* else kept by the sources' transitions (sync_types) */
		memset(D->infire, 0, brain_words(D->total) * sizeof *D->infire);
		for (uint32_t d = 0; d < D->total; d++)
			if (so[src[d]])
				brain_bit_set(D->infire, d);
	}
	if (D->anded) {
		for (uint32_t i = 0; i < L->n; i++) {
			uint32_t acc = 0, sil = 0;
			for (uint32_t d = D->first[i]; d < D->first[i + 1]; d++) {
				uint32_t o = so[src[d]];
				acc += o * w[d] / 255u;
				sil += !o;
			}
			D->acc[i] = (uint16_t)acc;
			D->nsil[i] = (uint8_t)sil;
		}
	} else {
		static const uint8_t zero16[BRAIN_BLOCK];
		/* blocks within one neuron (decision lobes: 128 dendrites each) */
		const bool blockwise = D->per && D->per % BRAIN_BLOCK == 0;
		uint16_t *acc = D->acc;
		memset(acc, 0, L->n * sizeof *acc);
		for (uint32_t k = 0; k < brain_words(D->nblocks); k++)
			for (uint64_t bm = D->wnz[k]; bm; bm &= bm - 1) {
				uint32_t kb = k * 64 + (uint32_t)__builtin_ctzll(bm), base = kb * BRAIN_BLOCK;
				unsigned m = brain_simd_diff(w + base, zero16, BRAIN_BLOCK);
				if (!m)
					D->wnz[k] &= ~(1ull << (kb & 63)); /* no weight left here */
				if (blockwise) { /* the block is one neuron's */
					uint32_t sum = 0;
					for (; m; m &= m - 1) {
						uint32_t d = base + (uint32_t)__builtin_ctz(m);
						sum += so[src[d]] * w[d] / 255u;
					}
					acc[base / D->per] += (uint16_t)sum;
					continue;
				}
				for (; m; m &= m - 1) {
					uint32_t d = base + (uint32_t)__builtin_ctz(m);
					acc[brain_owner(D, d)] += (uint16_t)(so[src[d]] * w[d] / 255u);
				}
			}
	}
	memset(D->dirty, 0xff, brain_words(L->n) * sizeof *D->dirty);
	D->dall = D->anydirty = true;
	D->kvalid = true;
}

/* One source's list from d (walk, below): each link's term moved by f,
 * and with `anded` and sil its count of silent sources by sil. */
static inline __attribute__((always_inline)) void walk_links(uint32_t d, const uint8_t *w,
                                                             uint16_t *acc, uint8_t *nsil,
                                                             uint64_t *dirty,
                                                             const uint16_t *n16,
                                                             const uint32_t *n32,
                                                             const uint16_t *owner, uint32_t pn,
                                                             uint64_t f, uint8_t sil, uint32_t nil,
                                                             bool wide, bool per, bool mark,
                                                             bool anded, bool ao)
{
	/* a 16-bit list ordered by weight ends at nil, whose weight is 0:
	 * the weight test ends it */
	for (;; d = wide ? n32[d] : n16[d]) {
		if ((wide || anded) && d == (wide ? BRAIN_NONE : nil))
			break;
		uint32_t wd = w[d];
		if (!anded && !wd)
			break;
		uint32_t i = per ? d / pn : owner[d];
		uint64_t y = wd * f;
		uint32_t dt = (uint32_t)(y >> 55) - ((uint32_t)y >> 23);
		if (mark && !dt && !(anded && sil))
			continue; /* the term stayed: nothing to mark */
		acc[i] = (uint16_t)(acc[i] + dt);
		uint8_t n0 = anded ? nsil[i] : 0, n1 = (uint8_t)(n0 + sil);
		if (anded && sil)
			nsil[i] = n1;
		/* with only the anded value kept, a neuron with a silent
		 * source before and after stays at 0: nothing to mark */
		if (mark && !(anded && ao && n0 && n1))
			brain_bit_set(dirty, i);
	}
}

/* The sources moved[0..nm) went from outputs snap[s] to so[s]: move the
 * terms of their dendrites of type D. Without anded sums a dendrite
 * without weight has none to move, and each list holds those with a
 * weight first: the walk stops at the first without. With `mark`, the
 * neurons whose sums moved are marked dirty one by one; else the caller
 * marks them all (a small lobe: refreshing all is cheaper than marking).
 * The flags are constants where it is inlined (the loops are the hot
 * part of the sums). */
static inline __attribute__((always_inline)) void walk(brain *b, brain_dtype *D, bool wide,
                                                       bool per, bool mark, bool anded, bool ao,
                                                       const uint16_t *moved, uint32_t nm,
                                                       const uint8_t *snap, const uint8_t *so)
{
	const uint8_t *w = brain_weights(b, D);
	uint16_t *acc = D->acc;
	uint8_t *nsil = D->nsil;
	uint64_t *dirty = D->dirty;
	const uint16_t *h16 = D->rhead16, *n16 = D->rnext16, *owner = D->owner;
	const uint32_t *h32 = D->rhead32, *n32 = D->rnext32;
	const uint32_t pn = D->per, nil = D->nil;
	for (uint32_t k = 0; k < nm; k++) {
		uint32_t s = moved[k], o0 = snap[s], o1 = so[s];
		uint8_t sil = (uint8_t)((int)!o1 - (int)!o0);
		/* o1 * w / 255 - o0 * w / 255 with one multiplication: v / 255 =
		 * (v * 0x8081) >> 23 for v <= 65025 (brain/simd.h), and
		 * o * 0x8081 * w < 2^32, so both products share one 64-bit one,
		 * o1's in the high half */
		const uint64_t f = (uint64_t)(o1 * 0x8081u) << 32 | o0 * 0x8081u;
		uint32_t d = wide ? h32[s] : h16[s];
		if (anded && sil) /* the source started or stopped firing */
			walk_links(d, w, acc, nsil, dirty, n16, n32, owner, pn, f, sil, nil, wide, per,
			           mark, true, ao);
		else
			walk_links(d, w, acc, nsil, dirty, n16, n32, owner, pn, f, 0, nil, wide, per,
			           mark, anded, ao);
	}
}

/* `ao`: only the anded sums of the type are kept in sumv (its plain ones
 * are not read). */
static void walk_type(brain *b, brain_dtype *D, bool mark, bool ao, const uint16_t *moved,
                      uint32_t nm, const uint8_t *snap, const uint8_t *so)
{
	const bool per = D->per != 0;
	if (!D->wide && per && !mark && !D->anded) /* decision lobes */
		walk(b, D, false, true, false, false, false, moved, nm, snap, so);
	else if (!D->wide && !per && mark && D->anded) /* concept lobes */
		walk(b, D, false, false, true, true, ao, moved, nm, snap, so);
	else if (D->wide)
		walk(b, D, true, per, true, D->anded, ao, moved, nm, snap, so);
	else
		walk(b, D, false, per, mark, D->anded, ao, moved, nm, snap, so);
}

/* Is summing afresh cheaper than moving the terms of `moved` sources?
 * (Instructions, roughly, measured on the norn: a link walked ~20 to
 * ~30, and the sources that move have somewhat longer lists than the
 * average; a dendrite summed afresh ~20. Without anded sums only the
 * links with a weight are walked, at most 16 per block holding one, and
 * summing afresh costs ~60 per such block.) */
static bool rebuild_pays(const brain *b, const brain_dtype *D, uint32_t moved)
{
	uint32_t srcn = b->lobes[D->src_lobe].n;
	if (D->anded)
		return 30ull * moved * (D->total / srcn + 1) > 20ull * D->total;
	uint64_t blocks = 0;
	for (uint32_t k = 0; k < brain_words(D->nblocks); k++)
		blocks += (uint64_t)__builtin_popcountll(D->wnz[k]);
	return 20ull * moved * (1 + blocks * BRAIN_BLOCK / srcn) > 60ull * blocks;
}

/* One source's list of a decision-style type (see sync_pair), ending at
 * nil: the terms of the dendrites with a weight moved by f (as in walk;
 * nil's weight is 0, so the weight test ends the list), and with `inf`
 * every dendrite's firing bit flipped. The flip and the shift are
 * constants where it is inlined (sync_pair's hot loop). */
static inline __attribute__((always_inline)) void walk_list(uint32_t d, const uint16_t *next,
                                                            const uint8_t *w, uint16_t *acc,
                                                            uint32_t nil, unsigned sh,
                                                            uint64_t f, uint64_t *inf,
                                                            bool flip)
{
	for (;; d = next[d]) {
		uint64_t wd = w[d]; /* 0 at the end, nil */
		if (!wd)
			break;
		uint64_t y = wd * f;
		/* the term's move first, then one add into the sum */
		uint32_t dt = (uint32_t)(y >> 55) - ((uint32_t)y >> 23);
		acc[d >> sh] = (uint16_t)(acc[d >> sh] + dt);
		if (flip)
			inf[d >> 6] ^= 1ull << (d & 63);
	}
	for (; flip && d != nil; d = next[d])
		inf[d >> 6] ^= 1ull << (d & 63);
}

/* sync_pair's pass over the sources, `sh` the log2 of the dendrites per
 * neuron and `fire` whether the types keep firing bits (constants where it
 * is inlined). */
static inline __attribute__((always_inline)) bool pair_pass(brain *b, brain_dtype *A,
                                                            brain_dtype *B, const uint8_t *so,
                                                            uint8_t *snap, uint32_t n,
                                                            unsigned sh, bool fire)
{
	const uint8_t *wa = brain_weights(b, A), *wb = brain_weights(b, B);
	const uint16_t *ha = A->rhead16, *na = A->rnext16, *hb = B->rhead16, *nb = B->rnext16;
	uint16_t *acca = A->acc, *accb = B->acc;
	uint64_t *ia = A->infire, *ib = B->infire;
	bool any = false;
	for (uint32_t s1 = 0; s1 < n; s1 += BRAIN_BLOCK) {
		/* whole blocks of sources compared with a constant length */
		unsigned m = n - s1 >= BRAIN_BLOCK ? brain_simd_diff(so + s1, snap + s1, BRAIN_BLOCK)
		                                   : brain_simd_diff(so + s1, snap + s1, n - s1);
		for (; m; m &= m - 1) {
			uint32_t s = s1 + (uint32_t)__builtin_ctz(m), o0 = snap[s], o1 = so[s];
			snap[s] = (uint8_t)o1;
			any = true;
			const uint64_t f = (uint64_t)(o1 * 0x8081u) << 32 | o0 * 0x8081u;
			if (fire && !o0 != !o1) {
				walk_list(ha[s], na, wa, acca, A->nil, sh, f, ia, true);
				walk_list(hb[s], nb, wb, accb, B->nil, sh, f, ib, true);
			} else {
				walk_list(ha[s], na, wa, acca, 0, sh, f, NULL, false);
				walk_list(hb[s], nb, wb, accb, 0, sh, f, NULL, false);
			}
		}
	}
	return any;
}

/* Both types of a decision-style lobe, current and sharing one snap:
 * 16-bit lists, no anded sums, a power-of-two number of dendrites per
 * neuron, few neurons (refreshed all, not marked). One pass over the
 * sources that moved walks both their lists, flipping the firing bits of
 * those that started or stopped firing on the way (what sync_types does in
 * three passes). False, having done nothing, for any other lobe. (Out of
 * line: its loops get the registers sync_types' would take.) */
BRAIN_NOINLINE static bool sync_pair(brain *b, brain_lobe *L, const uint8_t *so, uint8_t *snap,
                                     uint32_t n)
{
	brain_dtype *A = L->d[0], *B = L->d[1];
	const uint32_t per = A->per;
	if (A->wide || B->wide || A->anded || B->anded || !per || B->per != per ||
	    (per & (per - 1)) || L->n > 64 || !A->infire != !B->infire)
		return false;
	const unsigned sh = (unsigned)__builtin_ctz(per);
	/* 128 dendrites a neuron (the norn's decision lobe): a constant shift */
	const bool fire = A->infire != NULL;
	bool any = sh == 7 && fire ? pair_pass(b, A, B, so, snap, n, 7, true)
	                           : pair_pass(b, A, B, so, snap, n, sh, fire);
	if (any)
		A->anydirty = B->anydirty = A->dall = B->dall = true;
	return true;
}

/* Bring the kept types in `mask` (bit t: type t), which share one snap,
 * up to the source outputs: the current ones by the sources that changed
 * (or afresh when that is cheaper), the stale ones rebuilt. */
static void sync_types(brain *b, brain_lobe *L, unsigned mask)
{
	brain_dtype *D0 = L->d[mask & 1 ? 0 : 1];
	const brain_lobe *S = &b->lobes[D0->src_lobe];
	const uint8_t *so = S->output;
	uint8_t *snap = D0->snap;
	unsigned valid = 0;
	for (unsigned t = 0; t < 2; t++)
		if ((mask >> t & 1) && L->d[t]->kvalid)
			valid |= 1u << t;
	/* The outputs were not updated since the last sync, and nothing else
	 * can change them: nothing to look at. */
	if (valid == mask && !S->out_exposed && D0->synced == S->outver)
		return;
	D0->synced = S->outver;
	if (mask == 3)
		L->d[1]->synced = S->outver;
	const uint32_t n = S->n;
	if (valid == 3 && sync_pair(b, L, so, snap, n))
		return;
	uint16_t *moved = b->scratch;
	uint32_t nm = 0;
	for (uint32_t s0 = 0; valid && s0 < n; s0 += 4 * BRAIN_BLOCK) {
		if (n - s0 >= 4 * BRAIN_BLOCK && brain_simd_same64(so + s0, snap + s0))
			continue; /* the usual case: nothing moved */
		for (uint32_t s1 = s0; s1 < n && s1 < s0 + 4 * BRAIN_BLOCK; s1 += BRAIN_BLOCK) {
			unsigned m = n - s1 >= BRAIN_BLOCK
			                     ? brain_simd_diff(so + s1, snap + s1, BRAIN_BLOCK)
			                     : brain_simd_diff_part(so + s1, snap + s1, n - s1);
			for (; m; m &= m - 1)
				moved[nm++] = (uint16_t)(s1 + (uint32_t)__builtin_ctz(m));
		}
	}
	/* Sources that started or stopped firing: their dendrites' bits. */
	for (uint32_t k = 0; k < nm && valid; k++) {
		uint32_t s = moved[k];
		if (!snap[s] == !so[s])
			continue;
		for (unsigned t = 0; t < 2; t++) {
			brain_dtype *D = L->d[t];
			if (!(valid >> t & 1) || !D->infire)
				continue;
			uint64_t *inf = D->infire;
			if (D->wide) {
				for (uint32_t d = D->rhead32[s]; d != BRAIN_NONE; d = D->rnext32[d])
					inf[d >> 6] ^= 1ull << (d & 63);
			} else {
				const uint16_t *nx = D->rnext16;
				for (uint32_t d = D->rhead16[s]; d != D->nil; d = nx[d])
					inf[d >> 6] ^= 1ull << (d & 63);
			}
		}
	}
	for (unsigned t = 0; t < 2; t++)
		if ((valid >> t & 1) && nm && rebuild_pays(b, L->d[t], nm))
			valid &= ~(1u << t);
	const bool mark = L->n > 64;
	for (unsigned t = 0; t < 2; t++)
		if (valid >> t & 1)
			walk_type(b, L->d[t], mark, !L->sumv[t], moved, nm, snap, so);
	for (uint32_t k = 0; k < nm && valid; k++)
		snap[moved[k]] = so[moved[k]];
	for (unsigned t = 0; t < 2 && nm; t++)
		if (valid >> t & 1) {
			L->d[t]->anydirty = true;
			if (!mark) /* refresh every neuron (the walks marked none) */
				L->d[t]->dall = true;
		}
	for (unsigned t = 0; t < 2; t++)
		if ((mask >> t & 1) && !(valid >> t & 1))
			rebuild(b, L, t);
}

void brain_sums_sync(brain *b, brain_lobe *L)
{
	bool k0 = L->d[0]->keep, k1 = L->d[1]->keep;
	if (k0 && k1 && L->d[0]->snap == L->d[1]->snap) {
		sync_types(b, L, 3);
		return;
	}
	if (k0)
		sync_types(b, L, 1);
	if (k1)
		sync_types(b, L, 2);
}

static inline uint8_t scale(uint32_t acc, uint32_t gain)
{
	acc = acc * gain / 255;
	return (uint8_t)(acc > 255 ? 255 : acc);
}

void brain_sums_values(const brain *b, const brain_lobe *L, unsigned t, uint32_t i,
                       uint8_t *type, uint8_t *anded)
{
	const brain_dtype *D = L->d[t];
	if (!D->present || D->first[i] == D->first[i + 1]) {
		*type = *anded = b->opts.empty_sum ? L->gene.gain : 0;
		return;
	}
	*type = scale(D->acc[i], L->gene.gain);
	*anded = D->nsil[i] ? 0 : *type;
}

/* The sumv values of type t of the dirty neurons; with `watch` (one of
 * them), the neurons whose value there changed are listed in chg and
 * counted. */
static inline __attribute__((always_inline)) uint32_t refresh_dirty(brain *b, brain_lobe *L,
                                                                    unsigned t,
                                                                    const uint8_t *watch,
                                                                    uint16_t *chg)
{
	brain_dtype *D = L->d[t];
	uint8_t *ty = L->sumv[t], *an = L->sumv[2 + t];
	uint32_t nchg = 0;
	const uint32_t *first = D->first;
	const uint8_t empty = b->opts.empty_sum ? L->gene.gain : 0, gain = L->gene.gain;
	const bool hollow = D->hollow;
	const uint16_t *acc = D->acc;
	const uint8_t *nsil = D->nsil;
	uint64_t *dirty = D->dirty;
	uint32_t nz_ty = L->sumnz[t], nz_an = L->sumnz[2 + t];
	for (uint32_t w = 0; w < brain_words(L->n); w++) {
		for (uint64_t m = dirty[w]; m; m &= m - 1) {
			uint32_t i = w * 64 + (uint32_t)__builtin_ctzll(m);
			uint8_t tv = empty, av = empty; /* brain_sums_values, inline */
			if (!hollow || first[i] != first[i + 1]) {
				uint32_t x = acc[i] * (uint32_t)gain / 255u;
				tv = (uint8_t)(x > 255 ? 255 : x);
				av = nsil[i] ? 0 : tv;
			}
			if (watch && watch[i] != (watch == ty ? tv : av))
				chg[nchg++] = (uint16_t)i;
			if (ty) {
				nz_ty += (uint32_t)(tv != 0) - (uint32_t)(ty[i] != 0);
				ty[i] = tv;
			}
			if (an) {
				nz_an += (uint32_t)(av != 0) - (uint32_t)(an[i] != 0);
				an[i] = av;
			}
		}
		dirty[w] = 0;
	}
	L->sumnz[t] = nz_ty;
	L->sumnz[2 + t] = nz_an;
	return nchg;
}

/* refresh_dirty for a type whose anded sums alone are kept in sumv (a
 * concept lobe's `anded0`) and whose every neuron has dendrites, watching
 * them when `list`; `full` when the gain is 255 (acc * 255 / 255 is acc).
 * The flags are constants where it is inlined. */
static inline __attribute__((always_inline)) uint32_t refresh_anded(brain_lobe *L, unsigned t,
                                                                    bool list, bool full,
                                                                    uint16_t *chg)
{
	brain_dtype *D = L->d[t];
	uint8_t *an = L->sumv[2 + t];
	const uint16_t *acc = D->acc;
	const uint8_t *nsil = D->nsil;
	uint64_t *dirty = D->dirty;
	const uint32_t gain = L->gene.gain;
	uint32_t nchg = 0, nz = L->sumnz[2 + t];
	for (uint32_t w = 0; w < brain_words(L->n); w++) {
		for (uint64_t m = dirty[w]; m; m &= m - 1) {
			uint32_t i = w * 64 + (uint32_t)__builtin_ctzll(m);
			uint32_t x = full ? acc[i] : acc[i] * gain / 255u;
			uint8_t av = nsil[i] ? 0 : (uint8_t)(x > 255 ? 255 : x), old = an[i];
			if (av == old)
				continue;
			if (list)
				chg[nchg++] = (uint16_t)i;
			nz += (uint32_t)(av != 0) - (uint32_t)(old != 0);
			an[i] = av;
		}
		dirty[w] = 0;
	}
	L->sumnz[2 + t] = nz;
	return nchg;
}

uint32_t brain_sums_refresh(brain *b, brain_lobe *L, const uint8_t *watch, uint16_t *chg)
{
	uint32_t nchg = 0;
	for (unsigned t = 0; t < 2; t++) {
		brain_dtype *D = L->d[t];
		uint8_t *ty = L->sumv[t], *an = L->sumv[2 + t];
		if (!D->keep || (!ty && !an) || !D->anydirty)
			continue;
		D->anydirty = false;
		if (D->dall) {
			if (watch && (watch == ty || watch == an))
				nchg = UINT32_MAX; /* any may have moved */
			/* every neuron: byte-wide, then the neurons without dendrites */
			brain_sums_scale(D->acc, D->nsil, L->gene.gain, L->n, ty, an);
			for (uint32_t i = 0; D->hollow && i < L->n; i++)
				if (D->first[i] == D->first[i + 1]) {
					uint8_t tv, av;
					brain_sums_values(b, L, t, i, &tv, &av);
					if (ty)
						ty[i] = tv;
					if (an)
						an[i] = av;
				}
			if (ty)
				L->sumnz[t] = brain_simd_count(ty, L->n);
			if (an)
				L->sumnz[2 + t] = brain_simd_count(an, L->n);
			memset(D->dirty, 0, brain_words(L->n) * sizeof *D->dirty);
			D->dall = false;
			continue;
		}
		if (!ty && !D->hollow && (!watch || watch == an)) {
			bool full = L->gene.gain == 255;
			if (watch && nchg != UINT32_MAX)
				nchg = full ? refresh_anded(L, t, true, true, chg)
				            : refresh_anded(L, t, true, false, chg);
			else
				refresh_anded(L, t, false, full, NULL);
		} else if (watch && nchg != UINT32_MAX && (watch == ty || watch == an)) {
			nchg = refresh_dirty(b, L, t, watch, chg);
		} else {
			refresh_dirty(b, L, t, NULL, NULL);
		}
	}
	return nchg;
}

/* ---- one neuron's sums on the general path ----------------------------------------
 * A lobe whose rules run in the plain order (brain_reference off,
 * BRAIN_DGENERAL: reference.c) keeps the sums of the neuron being updated
 * as its weights move: source outputs do not change during the dendrite
 * phase (propagation writes the leak registers), so only weights move the
 * sums, and a rule reading them costs O(1) instead of a walk over the
 * neuron's dendrites. */

void brain_nsums_read(const brain_dctx *c)
{
	brain_nsums *ns = c->ns;
	const brain_lobe *L = c->L;
	if (!ns->valid) {
		for (unsigned t = 0; t < 2; t++) {
			const brain_dtype *D = L->d[t];
			ns->acc[t] = ns->silent[t] = ns->cnt[t] = 0;
			if (!D->present)
				continue;
			const uint8_t *so = c->b->lobes[D->src_lobe].output, *w = brain_weights(c->b, D);
			for (uint32_t d = D->first[c->i]; d < D->first[c->i + 1]; d++) {
				uint32_t o = so[D->src[d]];
				ns->silent[t] += !o;
				ns->acc[t] += o * w[d] / 255u;
			}
			ns->cnt[t] = D->first[c->i + 1] - D->first[c->i];
		}
		ns->valid = true;
	}
	uint8_t empty = c->b->opts.empty_sum ? L->gene.gain : 0;
	for (unsigned t = 0; t < 2; t++) {
		uint8_t v = empty;
		if (ns->cnt[t]) {
			uint32_t a = ns->acc[t] * L->gene.gain / 255;
			v = (uint8_t)(a > 255 ? 255 : a);
		}
		c->v[SVS_TYPE0 + t] = v;
		c->v[SVS_ANDED0 + t] = ns->cnt[t] && ns->silent[t] ? 0 : v;
	}
}

void brain_nsums_moved(const brain_dctx *c, unsigned t, uint32_t d, uint8_t w0)
{
	if (!c->ns->valid)
		return; /* made afresh at the first read */
	const brain_dtype *D = c->L->d[t];
	uint32_t o = c->b->lobes[D->src_lobe].output[D->src[d]];
	c->ns->acc[t] += o * brain_weights(c->b, D)[d] / 255u - o * w0 / 255u;
}
