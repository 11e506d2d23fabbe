/* snapshot.c — save, load and hash the whole brain state.
 *
 * One writer (emit) feeds either a c2_wbuf or the hash, so the hash covers
 * exactly what a snapshot holds. Layout (little-endian):
 *
 *   "C2BRAIN" 0, u32 version
 *   u32 options; per option: u8 name length, name, u32 value
 *   u64 brain ticks, u32 lobes
 *   per lobe: the 196-byte lobe gene, 13 rnd-consts
 *   per lobe, per wired dendrite type: one count byte per neuron
 *   per lobe: 19 receptor loci, 3 emitter loci; state, output, leak-in,
 *     leak-out (one byte per neuron); u32 firing count, u16 per firing
 *     neuron; per wired type: u32 migration cursor, then per dendrite u16
 *     source, and the STW, LTW, strength and susceptibility arrays
 *   u32 pending instincts, 9 bytes each, oldest first
 *
 * The structure (sizes, which types are wired) is recomputed from the genes
 * on load, so a snapshot cannot describe a brain the genes would not build;
 * every index read is bounds-checked. */
#include <stdlib.h>
#include <string.h>

#include "brain/brain_impl.h"

#define SNAP_MAGIC "C2BRAIN"
#define SNAP_VERSION 1u
#define SNAP_MAX_INSTINCTS (1u << 20)

_Static_assert(sizeof(genome_lobe_gene) == 196, "lobe gene is its 196 body bytes");
_Static_assert(sizeof(genome_instinct_gene) == 9, "instinct gene is its 9 body bytes");

static void put_u16s(c2_sink *s, const uint16_t *v, size_t n)
{
	uint8_t buf[256];
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		buf[k++] = (uint8_t)v[i];
		buf[k++] = (uint8_t)(v[i] >> 8);
		if (k == sizeof buf) {
			c2_put(s, buf, k);
			k = 0;
		}
	}
	if (k)
		c2_put(s, buf, k);
}

/* A leak register array, or n zeros for one that is not kept (NULL). */
static void put_leak(c2_sink *s, const uint8_t *v, size_t n)
{
	static const uint8_t zeros[256];
	if (v) {
		c2_put(s, v, n);
		return;
	}
	for (size_t k = 0; k < n; k += sizeof zeros)
		c2_put(s, zeros, n - k < sizeof zeros ? n - k : sizeof zeros);
}

static void emit(const brain *b, c2_sink *s)
{
	c2_put(s, SNAP_MAGIC, 8);
	c2_put_u32(s, SNAP_VERSION);
	c2_options_save(&brain_option_tab, &b->opts, s);
	c2_put_u32(s, (uint32_t)b->ticks);
	c2_put_u32(s, (uint32_t)(b->ticks >> 32));
	c2_put_u32(s, b->nlobes);
	for (uint32_t l = 0; l < b->nlobes; l++) {
		c2_put(s, &b->lobes[l].gene, sizeof b->lobes[l].gene);
		c2_put(s, b->lobes[l].rnd, BRAIN_NRULES);
	}
	for (uint32_t l = 0; l < b->nlobes; l++) {
		const brain_lobe *L = &b->lobes[l];
		for (unsigned t = 0; t < 2; t++) {
			const brain_dtype *D = L->d[t];
			if (!D->present)
				continue;
			uint8_t buf[256];
			size_t k = 0;
			for (uint32_t i = 0; i < L->n; i++) {
				buf[k++] = (uint8_t)(D->first[i + 1] - D->first[i]);
				if (k == sizeof buf) {
					c2_put(s, buf, k);
					k = 0;
				}
			}
			if (k)
				c2_put(s, buf, k);
		}
	}
	for (uint32_t l = 0; l < b->nlobes; l++) {
		const brain_lobe *L = &b->lobes[l];
		c2_put(s, L->rloc, BRAIN_RL_CELL);
		c2_put(s, L->eloc, BRAIN_EL_CELL);
		c2_put(s, L->state, L->n);
		c2_put(s, L->output, L->n);
		put_leak(s, L->leak_in, L->n);
		put_leak(s, L->leak_out, L->n);
		c2_put_u32(s, L->nfiring);
		put_u16s(s, L->firing, L->nfiring);
		for (unsigned t = 0; t < 2; t++) {
			const brain_dtype *D = L->d[t];
			if (!D->present)
				continue;
			c2_put_u32(s, D->cursor);
			put_u16s(s, D->src, D->total);
			c2_put(s, D->stw, D->total);
			c2_put(s, D->ltw, D->total);
			c2_put(s, D->strength, D->total);
			c2_put(s, D->suscept, D->total);
		}
	}
	c2_put_u32(s, (uint32_t)b->inst_len);
	for (size_t k = 0; k < b->inst_len; k++)
		c2_put(s, &b->inst[(b->inst_head + k) % b->inst_cap], sizeof(genome_instinct_gene));
}

int brain_save(const brain *b, c2_wbuf *w)
{
	c2_sink s = c2_sink_to(w);
	emit(b, &s);
	return w->oom ? C2_ENOMEM : 0;
}

uint64_t brain_hash(const brain *b)
{
	c2_sink s = c2_sink_hash();
	emit(b, &s);
	return c2_hash_finish(s.h);
}

/* ---- loading ------------------------------------------------------------------- */

static int bad(c2_rbuf *r, c2_err *err, const char *what)
{
	return c2_fail(err, C2_EFORMAT, (long)r->pos, -1, "brain snapshot: %s", what);
}

static bool read_u16s(c2_rbuf *r, uint16_t *out, size_t n)
{
	for (size_t i = 0; i < n && !r->bad; i++)
		out[i] = c2_r_u16(r);
	return !r->bad;
}

/* Read a leak register array; one that is not kept (no propagation rule
 * could have set it) must read all 0. False when it does not. */
static bool get_leak(c2_rbuf *r, uint8_t *v, size_t n)
{
	if (v) {
		c2_r_bytes(r, v, n);
		return true;
	}
	for (size_t k = 0; k < n && !r->bad; k++)
		if (c2_r_u8(r)) {
			r->pos--;
			return false;
		}
	return true;
}

/* Options are stored by name (the layout of c2_options_save), so a snapshot
 * survives the addition of an option. */
static int load_options(c2_rbuf *r, brain_options *o, c2_err *err)
{
	return c2_options_load(&brain_option_tab, o, r, err);
}

/* Fill a brain assembled from the snapshot's structure with its state. */
static int load_state(brain *b, c2_rbuf *r, c2_err *err)
{
	for (uint32_t l = 0; l < b->nlobes; l++) {
		brain_lobe *L = &b->lobes[l];
		c2_r_bytes(r, L->rloc, BRAIN_RL_CELL);
		c2_r_bytes(r, L->eloc, BRAIN_EL_CELL);
		c2_r_bytes(r, L->state, L->n);
		c2_r_bytes(r, L->output, L->n);
		if (!get_leak(r, L->leak_in, L->n) || !get_leak(r, L->leak_out, L->n))
			return bad(r, err, "leak registers set in a brain without propagation");
		size_t at = r->pos;
		L->nfiring = c2_r_count(r, L->n);
		if (!read_u16s(r, L->firing, L->nfiring))
			return bad(r, err, "truncated lobe");
		for (uint32_t k = 0; k < L->nfiring; k++)
			if (L->firing[k] >= L->n || (k && L->firing[k] <= L->firing[k - 1])) {
				r->pos = at;
				return bad(r, err, "firing list out of order or range");
			}
		/* Every neuron with an output is listed (an emitter may have
		 * cleared a listed one since): the tick reaches the dendrites of
		 * firing sources through the list. */
		for (uint32_t i = 0, k = 0; i < L->n && !r->bad; i++) {
			while (k < L->nfiring && L->firing[k] < i)
				k++;
			if (L->output[i] && (k == L->nfiring || L->firing[k] != i)) {
				r->pos = at;
				return bad(r, err, "a firing neuron is missing from the firing list");
			}
		}
		for (unsigned t = 0; t < 2; t++) {
			brain_dtype *D = L->d[t];
			if (!D->present)
				continue;
			at = r->pos;
			D->cursor = c2_r_u32(r);
			if (!r->bad && D->cursor >= L->n) {
				r->pos = at;
				return bad(r, err, "migration cursor out of range");
			}
			at = r->pos;
			if (!read_u16s(r, D->src, D->total))
				return bad(r, err, "truncated dendrites");
			uint32_t srcn = b->lobes[D->src_lobe].n;
			for (uint32_t d = 0; d < D->total; d++)
				if (D->src[d] >= srcn) {
					r->pos = at + 2u * d;
					return bad(r, err, "dendrite source out of range");
				}
			c2_r_bytes(r, D->stw, D->total);
			c2_r_bytes(r, D->ltw, D->total);
			c2_r_bytes(r, D->strength, D->total);
			c2_r_bytes(r, D->suscept, D->total);
		}
		if (r->bad)
			return bad(r, err, "truncated lobe");
	}
	uint32_t ni = c2_r_count(r, SNAP_MAX_INSTINCTS);
	if (r->bad)
		return bad(r, err, "truncated instinct queue");
	for (uint32_t k = 0; k < ni; k++) {
		genome_instinct_gene g;
		if (!c2_r_bytes(r, &g, sizeof g))
			return bad(r, err, "truncated instinct queue");
		if (brain_instinct_push(b, &g, err))
			return C2_ENOMEM;
	}
	return 0;
}

/* The dendrite counts of every neuron of the n lobes (genes gp, sizes
 * dims), each wired type's in turn, as brain_assemble takes them; NULL when
 * out of memory (a short read leaves r->bad). */
static uint8_t *read_counts(c2_rbuf *r, const genome_lobe_gene **gp, uint32_t n,
                            const genome_lobe_dims *dims)
{
	size_t neurons = 0;
	for (uint32_t l = 0; l < n; l++)
		neurons += (size_t)dims[l].w * (size_t)dims[l].h;
	uint8_t *counts = calloc(neurons * 2 + 1, 1);
	if (!counts)
		return NULL;
	size_t base = 0;
	for (uint32_t l = 0; l < n; l++) {
		size_t ln = (size_t)dims[l].w * (size_t)dims[l].h;
		for (unsigned t = 0; t < 2; t++)
			if (brain_type_present(gp[l], t, n))
				for (size_t i = 0; i < ln; i++)
					counts[(base + i) * 2 + t] = c2_r_u8(r);
		base += ln;
	}
	return counts;
}

int brain_load(brain **out, c2_rbuf *r, c2_err *err)
{
	*out = NULL;
	char magic[8];
	if (!c2_r_bytes(r, magic, 8) || memcmp(magic, SNAP_MAGIC, 8) != 0)
		return bad(r, err, "not a brain snapshot");
	if (c2_r_u32(r) != SNAP_VERSION)
		return bad(r, err, r->bad ? "truncated header" : "unsupported version");
	brain_options opts;
	int rc = load_options(r, &opts, err);
	if (rc)
		return rc;
	uint64_t ticks = c2_r_u32(r);
	ticks |= (uint64_t)c2_r_u32(r) << 32;
	size_t at = r->pos;
	uint32_t n = c2_r_u32(r);
	if (r->bad)
		return bad(r, err, "truncated header");
	if (n == 0 || n > BRAIN_MAX_LOBES) {
		r->pos = at;
		return bad(r, err, "lobe count out of range");
	}
	genome_lobe_gene *genes = calloc(n, sizeof *genes);
	const genome_lobe_gene **gp = calloc(n, sizeof *gp);
	uint8_t (*rnd)[BRAIN_NRULES] = calloc(n, sizeof *rnd);
	genome_lobe_dims *dims = calloc(n, sizeof *dims);
	uint8_t *counts = NULL;
	brain *b = NULL;
	if (!genes || !gp || !rnd || !dims) {
		rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		goto done;
	}
	for (uint32_t l = 0; l < n; l++) {
		c2_r_bytes(r, &genes[l], sizeof genes[l]);
		c2_r_bytes(r, rnd[l], BRAIN_NRULES);
		gp[l] = &genes[l];
	}
	if (r->bad) {
		rc = bad(r, err, "truncated lobe genes");
		goto done;
	}
	genome_lobe_dims_compute(gp, n, dims);
	counts = read_counts(r, gp, n, dims);
	if (!counts) {
		rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		goto done;
	}
	if (r->bad) {
		rc = bad(r, err, "truncated dendrite counts");
		goto done;
	}
	rc = brain_assemble(&b, gp, n, &opts, counts, (const uint8_t(*)[BRAIN_NRULES])rnd, err);
	if (rc) {
		err->offset = (long)r->pos;
		goto done;
	}
	b->ticks = ticks;
	rc = load_state(b, r, err);
	if (rc) {
		brain_free(b);
		b = NULL;
		goto done;
	}
	brain_derive(b, false);
	*out = b;
done:
	free(genes);
	free(gp);
	free(rnd);
	free(dims);
	free(counts);
	return rc;
}
