/* genome_store.c — how a creature keeps its genome: packed, since it is
 * read only at stage changes, for snapshots and on request.
 *
 * The genes are laid out as columns — the format, the gene count, then each
 * of the seven header bytes of every gene in turn (types, subtypes, ids ...)
 * and then the bodies, kind by kind: the bodies of a kind of at most 16
 * bytes byte by byte (every receptor's organ, then every receptor's tissue
 * ...), larger ones whole — and packed with base/lz.h. Such columns are
 * long runs and repeats, so the norn's 19 KB .gen encoding keeps in 6.5 KB.
 * Unpacking rebuilds exactly the encoding genome_encode gives for the genes
 * (no tail), which is what snapshots hold. */
#include <stdlib.h>
#include <string.h>

#include "base/lz.h"
#include "engine/internal.h"

enum { HEAD = 1 + 4, COLS = GENOME_HEADER_LEN, TRANSPOSE_MAX = 16 };

/* Where the bodies of each kind start in the body area, given how many
 * genes of each kind there are. */
static void kind_offsets(const size_t count[GK_COUNT], size_t off[GK_COUNT])
{
	size_t at = 0;
	for (int k = 0; k < GK_COUNT; k++) {
		off[k] = at;
		at += count[k] * genome_kinds[k].body_size;
	}
}

/* Byte j of the body of the r-th gene of kind k (of count[k]) in its kind's
 * region. */
static size_t body_at(int k, const size_t count[GK_COUNT], size_t r, size_t j)
{
	size_t size = genome_kinds[k].body_size;
	return size <= TRANSPOSE_MAX ? j * count[k] + r : r * size + j;
}

int eng_genome_keep(creature *c, const genome *g, c2_err *err)
{
	size_t n = g->ngenes, len = HEAD + COLS * n;
	for (size_t i = 0; i < n; i++)
		len += genome_kinds[g->genes[i].kind].body_size;
	genome genes = *g; /* the genes, in g's format, without a tail */
	genes.tail = NULL;
	genes.ntail = 0;
	c->glen = genome_encoded_size(&genes);
	uint8_t *cols = malloc(len), *packed = malloc(c2_lz_bound(len));
	if (!cols || !packed || n > UINT32_MAX) {
		free(cols);
		free(packed);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	cols[0] = (uint8_t)g->format;
	for (int k = 0; k < 4; k++)
		cols[1 + k] = (uint8_t)(n >> (8 * k));
	uint8_t *body = cols + HEAD + COLS * n;
	size_t count[GK_COUNT] = {0}, off[GK_COUNT], rank[GK_COUNT] = {0};
	for (size_t i = 0; i < n; i++)
		count[g->genes[i].kind]++;
	kind_offsets(count, off);
	for (size_t i = 0; i < n; i++) {
		uint8_t h[COLS];
		genome_gene_head(&g->genes[i], h);
		for (int k = 0; k < COLS; k++)
			cols[HEAD + k * n + i] = h[k];
		int kind = g->genes[i].kind;
		size_t r = rank[kind]++;
		for (size_t j = 0; j < genome_kinds[kind].body_size; j++)
			body[off[kind] + body_at(kind, count, r, j)] = g->genes[i].u.raw[j];
	}
	c->gcols_len = len;
	c->gpacked_len = c2_lz_pack(cols, len, packed);
	free(cols);
	/* shrink to fit; a failed shrink keeps the larger block */
	uint8_t *fit = realloc(packed, c->gpacked_len ? c->gpacked_len : 1);
	c->gpacked = fit ? fit : packed;
	return 0;
}

uint8_t *eng_genome_bytes(const creature *c)
{
	uint8_t *cols = malloc(c->gcols_len), *out = malloc(c->glen);
	if (!cols || !out ||
	    c2_lz_unpack(c->gpacked, c->gpacked_len, cols, c->gcols_len) != c->gcols_len) {
		free(cols); /* the unpacking cannot fail: we packed them */
		free(out);
		return NULL;
	}
	size_t n = 0;
	for (int k = 0; k < 4; k++)
		n |= (size_t)cols[1 + k] << (8 * k);
	size_t p = 0;
	if (cols[0] == GENOME_DNA2) {
		memcpy(out, "dna2", 4);
		p = 4;
	}
	const uint8_t *body = cols + HEAD + COLS * n;
	size_t count[GK_COUNT] = {0}, off[GK_COUNT], rank[GK_COUNT] = {0};
	for (size_t i = 0; i < n; i++) /* we packed them: every kind is known */
		count[genome_kind_of(cols[HEAD + i], cols[HEAD + n + i])]++;
	kind_offsets(count, off);
	for (size_t i = 0; i < n; i++) {
		memcpy(out + p, "gene", 4);
		for (int k = 0; k < COLS; k++)
			out[p + 4 + k] = cols[HEAD + k * n + i];
		int kind = genome_kind_of(out[p + 4], out[p + 5]);
		size_t size = genome_kinds[kind].body_size, r = rank[kind]++;
		for (size_t j = 0; j < size; j++)
			out[p + 4 + COLS + j] = body[off[kind] + body_at(kind, count, r, j)];
		p += 4 + COLS + size;
	}
	memcpy(out + p, "gend", 4);
	free(cols);
	return out;
}

int creature_genome(const creature *c, genome *out, c2_err *err)
{
	c2_err local;
	if (!err)
		err = &local;
	genome_init(out);
	uint8_t *bytes = eng_genome_bytes(c);
	if (!bytes)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	int rc = genome_parse(out, bytes, c->glen, err);
	free(bytes);
	/* the bytes were encoded from a genome that parsed: only memory fails */
	return rc ? C2_ENOMEM : 0;
}
