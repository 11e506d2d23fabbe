/* migrate.c — dendrite migration (reference §4.7): loose dendrites move to
 * where activity is, so decisions come to listen to the concepts active
 * when they are taken (decision style) and free concept cells come to
 * record new combinations of perceptions (concept style). */
#include <string.h>

#include "brain/brain_impl.h"
#include "brain/simd.h"
#include "genome/vocab.h"

/* Re-attach dendrite d to `src` with fresh weights from the gene's ranges. */
static void rewire(brain *b, brain_lobe *L, unsigned t, uint32_t d, uint16_t src, c2_rng *rng)
{
	const genome_dendrite_gene *dg = &L->gene.dendrite[t];
	uint8_t ltw = (uint8_t)c2_rng_range(rng, dg->min_ltw, dg->max_ltw);
	uint8_t strength = (uint8_t)c2_rng_range(rng, dg->min_strength, dg->max_strength);
	brain_dendrite_write(b, L, t, d, src, ltw, ltw, strength, 0);
}

/* Decision style: each firing neuron moves its first loose dendrite to a
 * random firing source neuron it does not already listen to. */
static void migrate_decision(brain *b, brain_lobe *L, unsigned t, c2_rng *rng)
{
	brain_dtype *D = L->d[t];
	const brain_lobe *S = &b->lobes[D->src_lobe];
	if (!S->nfiring || !D->loose_dendrites)
		return;
	for (uint32_t k = 0; k < L->nfiring; k++) {
		uint32_t i = L->firing[k];
		uint32_t first = D->first[i], last = D->first[i + 1];
		if (!D->nloose[i])
			continue;
		/* the first loose one (nloose says there is one) */
		const uint8_t *z = memchr(D->strength + first, 0, last - first);
		uint32_t d = z ? (uint32_t)(z - D->strength) : last;
		uint16_t pick = S->firing[c2_rng_below(rng, S->nfiring)];
		if (brain_simd_has16(D->src + first, last - first, pick))
			continue;
		rewire(b, L, t, d, pick, rng); /* d was loose: its neuron's counts move by one */
		brain_loose_moved(L, t, i, true, D->strength[d] == 0);
	}
}

static bool fully_loose(const brain_lobe *L, const unsigned *types, unsigned nt, uint32_t i)
{
	uint32_t any = 0;
	for (unsigned k = 0; k < nt; k++) {
		const brain_dtype *D = L->d[types[k]];
		uint32_t cnt = D->first[i + 1] - D->first[i];
		if (D->nloose[i] != cnt)
			return false;
		any += cnt;
	}
	return any > 0;
}

/* Sort n <= 255 sources in place (insertion sort: no allocation). */
static void sort_u16(uint16_t *a, uint32_t n)
{
	for (uint32_t k = 1; k < n; k++)
		for (uint32_t j = k; j > 0 && a[j - 1] > a[j]; j--) {
			uint16_t t = a[j];
			a[j] = a[j - 1];
			a[j - 1] = t;
		}
}

/* The next fully loose neuron from the cursor, round-robin, or L->n for
 * none: every such neuron is a loose cell of some type (the cells
 * bitmaps). */
static uint32_t next_loose(const brain_lobe *L, const unsigned *types, unsigned nt)
{
	uint32_t n = L->n, from = L->d[types[0]]->cursor % n;
	const uint64_t *c0 = L->d[types[0]]->cells, *c1 = nt > 1 ? L->d[types[1]]->cells : NULL;
	for (int pass = 0; pass < 2; pass++) {
		uint32_t lo = pass ? 0 : from, hi = pass ? from : n;
		for (uint32_t w = lo / 64; w * 64 < hi; w++) {
			uint64_t m = c0[w] | (c1 ? c1[w] : 0);
			if (w == lo / 64)
				m &= ~0ull << (lo % 64);
			for (; m; m &= m - 1) {
				uint32_t i = w * 64 + (uint32_t)__builtin_ctzll(m);
				if (i >= hi)
					break;
				if (nt == 1 || fully_loose(L, types, nt, i))
					return i;
			}
		}
	}
	return n;
}

/* Sources for every dendrite of neuron i, type by type into b->picks (type
 * k's at picks + 256 * k): a partial Fisher-Yates shuffle of the source
 * lobe's firing list, accepting candidates that respect mutual exclusion.
 * False when some type finds too few. */
static bool pick_sources(brain *b, const brain_lobe *L, const unsigned *types, unsigned nt,
                         uint32_t i, c2_rng *rng)
{
	uint16_t *picks = b->picks;
	for (unsigned k = 0; k < nt; k++) {
		const brain_dtype *D = L->d[types[k]];
		uint32_t cnt = D->first[i + 1] - D->first[i];
		const brain_lobe *S = &b->lobes[D->src_lobe];
		if (S->nfiring < cnt)
			return false;
		uint16_t *pool = b->scratch;
		memcpy(pool, S->firing, S->nfiring * sizeof *pool);
		uint32_t got = 0;
		bool percept = D->src_lobe == GENOME_LOBE_PERCEPTION;
		for (uint32_t j = 0; j < S->nfiring && got < cnt; j++) {
			uint32_t r = j + c2_rng_below(rng, S->nfiring - j);
			uint16_t cand = pool[r];
			pool[r] = pool[j];
			pool[j] = cand;
			bool ok = true;
			if (percept && b->percept_block[cand])
				for (uint32_t q = 0; q < got && ok; q++)
					ok = b->percept_block[picks[256 * k + q]] != b->percept_block[cand];
			if (ok)
				picks[256 * k + got++] = cand;
		}
		if (got < cnt)
			return false;
	}
	return true;
}

/* Does firing neuron o of the lobe listen, type by type, to exactly the
 * sources of `mine` (sorted, cnts[k] of type k)? */
static bool same_sources(const brain_lobe *L, const unsigned *types, unsigned nt, uint32_t o,
                         uint16_t (*mine)[256], const uint32_t *cnts)
{
	uint16_t theirs[256];
	for (unsigned k = 0; k < nt; k++) {
		const brain_dtype *D = L->d[types[k]];
		uint32_t cnt = cnts[k];
		if (D->first[o + 1] - D->first[o] != cnt)
			return false;
		/* as many sources: without the smallest pick among them,
		 * not the same set (most are not: no copy, no sort) */
		const uint16_t *their = D->src + D->first[o];
		bool has = cnt == 0;
		for (uint32_t j = 0; j < cnt && !has; j++)
			has = their[j] == mine[k][0];
		if (!has)
			return false;
		for (uint32_t j = 0; j < cnt; j++)
			theirs[j] = their[j];
		sort_u16(theirs, cnt);
		for (uint32_t j = 0; j < cnt; j++)
			if (mine[k][j] != theirs[j])
				return false;
	}
	return true;
}

/* Is the set of sources picked for neuron i already represented by a
 * firing neuron of this lobe? (The picks sorted once; each candidate's
 * sources sorted as they are read.) */
static bool represented(const brain *b, const brain_lobe *L, const unsigned *types, unsigned nt,
                        uint32_t i)
{
	uint16_t mine[2][256];
	uint32_t cnts[2];
	for (unsigned k = 0; k < nt; k++) {
		const brain_dtype *D = L->d[types[k]];
		cnts[k] = D->first[i + 1] - D->first[i];
		for (uint32_t j = 0; j < cnts[k]; j++)
			mine[k][j] = b->picks[256 * k + j];
		sort_u16(mine[k], cnts[k]);
	}
	for (uint32_t f = 0; f < L->nfiring; f++)
		if (same_sources(L, types, nt, L->firing[f], mine, cnts))
			return true;
	return false;
}

/* Concept style: at most one fully loose neuron per tick (taken round-robin)
 * is re-wired so each dendrite listens to a different firing source neuron
 * (mutually exclusive perception blocks respected), unless a firing neuron
 * of this lobe already has exactly that source set. */
static void migrate_concept(brain *b, brain_lobe *L, const unsigned *types, unsigned nt,
                            c2_rng *rng)
{
	brain_dtype *D0 = L->d[types[0]];
	/* Cheap exits: a fully loose neuron is a loose cell of some type, and
	 * with one type nothing can move while its source lobe is silent. */
	uint32_t cells = 0;
	for (unsigned k = 0; k < nt; k++)
		cells += L->d[types[k]]->loose_cells;
	if (!cells || (nt == 1 && !b->lobes[D0->src_lobe].nfiring))
		return;
	uint32_t found = next_loose(L, types, nt);
	if (found == L->n)
		return;
	D0->cursor = (found + 1) % L->n;
	if (!pick_sources(b, L, types, nt, found, rng) || represented(b, L, types, nt, found))
		return;
	for (unsigned k = 0; k < nt; k++) {
		brain_dtype *D = L->d[types[k]];
		uint32_t cnt = D->first[found + 1] - D->first[found];
		for (uint32_t j = 0; j < cnt; j++) {
			uint32_t d = D->first[found] + j; /* loose: the neuron is */
			rewire(b, L, types[k], d, b->picks[256 * k + j], rng);
			brain_loose_moved(L, types[k], found, true, D->strength[d] == 0);
		}
	}
}

void brain_migrate(brain *b, brain_lobe *L, c2_rng *rng)
{
	for (unsigned t = 0; t < 2; t++)
		if (L->d[t]->present && L->d[t]->migration == 1)
			migrate_decision(b, L, t, rng);
	bool c0 = L->d[0]->present && L->d[0]->migration == 2;
	bool c1 = L->d[1]->present && L->d[1]->migration == 2;
	if (c0 && c1) {
		static const unsigned both[2] = {0, 1};
		migrate_concept(b, L, both, 2, rng);
	} else if (c0 || c1) {
		unsigned t = c0 ? 0 : 1;
		migrate_concept(b, L, &t, 1, rng);
	}
}

