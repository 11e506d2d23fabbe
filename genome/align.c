/* align.c — pairing the genes of two genomes on identity, for crossover and
 * diff: a weighted longest common subsequence (bounded table), with a
 * linear greedy match for inputs too large for the table. */
#include <stdlib.h>
#include <string.h>

#include "genome/breed_impl.h"

/* How far ahead the greedy match looks for a gene's counterpart. */
enum { GREEDY_WINDOW = 64 };

bool genome_breed_gene_equal(const genome_gene *x, const genome_gene *y)
{
	return x->kind == y->kind && x->id == y->id && x->dup == y->dup && x->stage == y->stage &&
	       x->flags == y->flags && x->mut == y->mut &&
	       memcmp(x->u.raw, y->u.raw, genome_kinds[x->kind].body_size) == 0;
}

static bool same_identity(const genome_gene *x, const genome_gene *y, bool with_dup)
{
	return x->kind == y->kind && x->id == y->id && (!with_dup || x->dup == y->dup);
}

/* Score of pairing x with y: 0 when they may not pair. */
static unsigned weight(const genome_gene *x, const genome_gene *y, bool with_dup)
{
	if (!same_identity(x, y, with_dup))
		return 0;
	return genome_breed_gene_equal(x, y) ? 3 : 2;
}

typedef struct builder {
	genome_breed_alignment *al;
	size_t cap;
	bool oom;
} builder;

static void put(builder *bd, long a, long b)
{
	genome_breed_alignment *al = bd->al;
	if (bd->oom)
		return;
	if (al->n == bd->cap) {
		size_t nc = bd->cap ? 2 * bd->cap : 256;
		genome_breed_pair *nv = realloc(al->v, nc * sizeof *nv);
		if (!nv) {
			bd->oom = true;
			return;
		}
		al->v = nv;
		bd->cap = nc;
	}
	al->v[al->n++] = (genome_breed_pair){a, b};
}

/* Greedy pairing of a[i0..i1) with b[j0..j1): pair equal identities in
 * place, else skip to the nearer counterpart within the window. */
static void greedy(builder *bd, const genome *a, const genome *b, size_t i0, size_t i1,
                   size_t j0, size_t j1, bool with_dup)
{
	size_t i = i0, j = j0;
	while (i < i1 && j < j1) {
		if (same_identity(&a->genes[i], &b->genes[j], with_dup)) {
			put(bd, (long)i++, (long)j++);
			continue;
		}
		size_t db = 0, da = 0; /* distance to a[i]'s counterpart in b, b[j]'s in a */
		for (size_t k = 1; k <= GREEDY_WINDOW && j + k < j1 && !db; k++)
			if (same_identity(&a->genes[i], &b->genes[j + k], with_dup))
				db = k;
		for (size_t k = 1; k <= GREEDY_WINDOW && i + k < i1 && !da; k++)
			if (same_identity(&a->genes[i + k], &b->genes[j], with_dup))
				da = k;
		if (db && (!da || db <= da)) {
			while (db--)
				put(bd, -1, (long)j++); /* genes only b has, before a[i]'s partner */
		} else if (da) {
			while (da--)
				put(bd, (long)i++, -1);
		} else {
			put(bd, (long)i++, -1);
			put(bd, -1, (long)j++);
		}
	}
	while (i < i1)
		put(bd, (long)i++, -1);
	while (j < j1)
		put(bd, -1, (long)j++);
}

/* Weighted LCS of a[i0..i1) and b[j0..j1) with a full table (the caller
 * checked its size; scores fit 16 bits because the shorter side is at most
 * sqrt(cells) genes). */
static int table(builder *bd, const genome *a, const genome *b, size_t i0, size_t i1, size_t j0,
                 size_t j1, bool with_dup)
{
	size_t n = i1 - i0, m = j1 - j0, w = m + 1;
	uint16_t *s = calloc((n + 1) * w, sizeof *s);
	if (!s)
		return C2_ENOMEM;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			uint16_t best = s[(i - 1) * w + j] > s[i * w + j - 1] ? s[(i - 1) * w + j]
			                                                      : s[i * w + j - 1];
			unsigned wt = weight(&a->genes[i0 + i - 1], &b->genes[j0 + j - 1], with_dup);
			if (wt && s[(i - 1) * w + j - 1] + wt > best)
				best = (uint16_t)(s[(i - 1) * w + j - 1] + wt);
			s[i * w + j] = best;
		}
	/* Walk back from the end, collecting columns in reverse. */
	size_t start = bd->al->n, i = n, j = m;
	while (i > 0 || j > 0) {
		if (i > 0 && j > 0) {
			unsigned wt = weight(&a->genes[i0 + i - 1], &b->genes[j0 + j - 1], with_dup);
			if (wt && s[i * w + j] == s[(i - 1) * w + j - 1] + wt) {
				put(bd, (long)(i0 + i - 1), (long)(j0 + j - 1));
				i--, j--;
				continue;
			}
		}
		if (j > 0 && (i == 0 || s[i * w + j] == s[i * w + j - 1])) {
			put(bd, -1, (long)(j0 + j - 1));
			j--;
		} else {
			put(bd, (long)(i0 + i - 1), -1);
			i--;
		}
	}
	free(s);
	if (bd->oom)
		return C2_ENOMEM;
	genome_breed_pair *v = bd->al->v;
	for (size_t x = start, y = bd->al->n - 1; x < y; x++, y--) {
		genome_breed_pair t = v[x];
		v[x] = v[y];
		v[y] = t;
	}
	return 0;
}

int genome_breed_align(const genome *a, const genome *b, bool with_dup, genome_breed_alignment *out)
{
	memset(out, 0, sizeof *out);
	builder bd = {out, 0, false};
	size_t n = a->ngenes, m = b->ngenes, pre = 0, suf = 0;
	while (pre < n && pre < m && genome_breed_gene_equal(&a->genes[pre], &b->genes[pre]))
		pre++;
	while (suf < n - pre && suf < m - pre &&
	       genome_breed_gene_equal(&a->genes[n - 1 - suf], &b->genes[m - 1 - suf]))
		suf++;
	for (size_t k = 0; k < pre; k++)
		put(&bd, (long)k, (long)k);
	size_t i1 = n - suf, j1 = m - suf;
	size_t dn = i1 - pre, dm = j1 - pre;
	int rc = 0;
	if (dn == 0 || dm == 0 || (dn + 1) > GENOME_ALIGN_MAX_CELLS / (dm + 1))
		greedy(&bd, a, b, pre, i1, pre, j1, with_dup);
	else
		rc = table(&bd, a, b, pre, i1, pre, j1, with_dup);
	for (size_t k = suf; k > 0; k--)
		put(&bd, (long)(n - k), (long)(m - k));
	if (rc == 0 && bd.oom)
		rc = C2_ENOMEM;
	if (rc)
		genome_breed_alignment_free(out);
	return rc;
}

void genome_breed_alignment_free(genome_breed_alignment *al)
{
	free(al->v);
	memset(al, 0, sizeof *al);
}
