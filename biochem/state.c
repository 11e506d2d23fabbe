/* state.c — saving, loading and hashing a biochemistry.
 *
 * One serializer feeds either a c2_wbuf (save) or a running hash (bc_hash),
 * so the hash is exactly the hash of the saved bytes and hashing allocates
 * nothing. Only true state is written; everything derived (initial life
 * force, starvation damage, energy costs, organ ranges, receptor groups,
 * bound pointers) is recomputed on load, and the loci are re-bound through
 * the loader's resolver from the stored (organ, tissue, locus) bytes.
 *
 * Layout (little-endian), version 1:
 *   "C2BC" u32 version
 *   u32 n_options, then n_options x u32 value        (bc_option_tab order)
 *   u32 counter, u8 have_half, 256 B chemicals, 256 B half-lives
 *   u32 n_organs, organs; u8 has_brain [, brain organ]
 *   organ = u8 kind, u32 gene (0xFFFFFFFF: none), u8 clock_rate, repair_rate,
 *           injury, clock, lt_repair, atp_coef, lf_byte, failed, energy_ok,
 *           u32 biotick, f64 st, f64 lt
 *   u32 n_receptors, each u32 organ, u32 gene, 8 B gene body
 *   u32 n_emitters,  each u32 organ, u32 gene, 8 B gene body
 *   u32 n_reactions, each u32 organ, u32 gene, 9 B gene body */
#include "biochem/internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"

#define MAGIC "C2BC"
enum { VERSION = 1, ORGAN_BYTES = 1 + 4 + 9 + 4 + 16, ELEM_HEAD = 8 };

/* ---- the serializer ------------------------------------------------------------ */

static void put_organ(c2_sink *s, const bc_organ *o)
{
	c2_put_u8(s, o->kind);
	c2_put_u32(s, o->gene < 0 ? UINT32_MAX : (uint32_t)o->gene);
	c2_put_u8(s, o->clock_rate);
	c2_put_u8(s, o->repair_rate);
	c2_put_u8(s, o->injury);
	c2_put_u8(s, o->clock);
	c2_put_u8(s, o->lt_repair);
	c2_put_u8(s, o->atp_coef);
	c2_put_u8(s, o->lf_byte);
	c2_put_u8(s, o->failed);
	c2_put_u8(s, o->energy_ok);
	c2_put_u32(s, o->biotick);
	c2_put_f64(s, o->st);
	c2_put_f64(s, o->lt);
}

static void serialize(const bc_biochem *b, c2_sink *s)
{
	c2_put(s, MAGIC, 4);
	c2_put_u32(s, VERSION);
	c2_options_save(&bc_option_tab, &b->opt, s);
	c2_put_u32(s, b->counter);
	c2_put_u8(s, b->have_half);
	c2_put(s, b->chem, BC_NCHEM);
	c2_put(s, b->half, BC_NCHEM);
	c2_put_u32(s, (uint32_t)b->norgans);
	for (size_t i = 0; i < b->norgans; i++)
		put_organ(s, &b->organs[i]);
	c2_put_u8(s, b->has_brain);
	if (b->has_brain)
		put_organ(s, &b->brain);
	c2_put_u32(s, (uint32_t)b->nrec);
	for (size_t i = 0; i < b->nrec; i++) {
		c2_put_u32(s, b->rec[i].organ);
		c2_put_u32(s, (uint32_t)b->rec[i].gene);
		c2_put(s, &b->rec[i].g, sizeof b->rec[i].g);
	}
	c2_put_u32(s, (uint32_t)b->nem);
	for (size_t i = 0; i < b->nem; i++) {
		c2_put_u32(s, b->em[i].organ);
		c2_put_u32(s, (uint32_t)b->em[i].gene);
		c2_put(s, &b->em[i].g, sizeof b->em[i].g);
	}
	c2_put_u32(s, (uint32_t)b->nrx);
	for (size_t i = 0; i < b->nrx; i++) {
		c2_put_u32(s, b->rx[i].organ);
		c2_put_u32(s, (uint32_t)b->rx[i].gene);
		c2_put(s, &b->rx[i].g, sizeof b->rx[i].g);
	}
}

int bc_save(const bc_biochem *b, c2_wbuf *w)
{
	c2_sink s = c2_sink_to(w);
	serialize(b, &s);
	return w->oom ? C2_ENOMEM : 0;
}

uint64_t bc_hash(const bc_biochem *b)
{
	c2_sink s = c2_sink_hash();
	serialize(b, &s);
	return c2_hash_finish(s.h);
}

/* ---- loading -------------------------------------------------------------------------- */

static int bad(c2_err *err, const c2_rbuf *r, const char *what)
{
	return c2_fail(err, C2_EFORMAT, (long)r->pos, -1, "biochemistry state: %s", what);
}

/* Reads one organ record; returns NULL when fine, else what is wrong. */
static const char *get_organ(c2_rbuf *r, bc_organ *o, bc_organ_kind want)
{
	genome_organ_gene gb;
	uint8_t kind = c2_r_u8(r);
	uint32_t gene = c2_r_u32(r);
	uint8_t clock_rate = c2_r_u8(r), repair_rate = c2_r_u8(r), injury = c2_r_u8(r);
	gb.clock_start = c2_r_u8(r);
	gb.lt_repair = c2_r_u8(r);
	gb.atp_damage = c2_r_u8(r);
	gb.life_force = c2_r_u8(r);
	uint8_t failed = c2_r_u8(r), energy_ok = c2_r_u8(r);
	uint32_t biotick = c2_r_u32(r);
	double st = c2_r_f64(r), lt = c2_r_f64(r);
	if (r->bad)
		return "truncated organ";
	if (kind != want)
		return "unexpected organ kind";
	if ((want == BC_ORGAN_BODY) != (gene == UINT32_MAX) || (gene != UINT32_MAX && gene > INT32_MAX))
		return "bad organ gene index";
	if (failed > 1 || energy_ok > 1)
		return "bad organ flag";
	if (!isfinite(st) || !isfinite(lt) || st < 0.0 || lt < 0.0)
		return "bad organ life force";
	gb.clock_rate = clock_rate;
	bc_organ_init(o, want, gene == UINT32_MAX ? -1 : (long)gene, &gb);
	o->repair_rate = repair_rate;
	o->injury = injury;
	o->energy_ok = energy_ok;
	o->biotick = biotick;
	o->st = st;
	o->lt = lt;
	o->failed = failed;
	/* `failed` is always set from LT at the end of an activation and LT
	 * changes nowhere else, so a mismatch means corrupted data. */
	if (failed != (lt <= BC_ORGAN_FAIL_LF))
		return "organ failure flag disagrees with its life force";
	return NULL;
}

/* A count of records of `size` bytes that must fit in the remaining input. */
static uint32_t get_count(c2_rbuf *r, size_t size)
{
	uint32_t n = c2_r_u32(r);
	if (!r->bad && (size_t)n > (r->len - r->pos) / size)
		r->bad = true;
	return r->bad ? 0 : n;
}

static const char *get_elem_head(c2_rbuf *r, size_t norgans, uint32_t prev_organ, uint32_t *organ,
                                 int32_t *gene)
{
	*organ = c2_r_u32(r);
	uint32_t g = c2_r_u32(r);
	if (r->bad)
		return "truncated gene element";
	if (*organ >= norgans)
		return "gene element names a missing organ";
	if (*organ < prev_organ)
		return "gene elements not grouped by organ";
	if (g > INT32_MAX)
		return "bad gene index";
	*gene = (int32_t)g;
	return NULL;
}

/* One gene element after prev (organ order): its head, then its gene's
 * glen bytes into g; NULL, or why not (`truncated` for a short read). */
static const char *get_elem(c2_rbuf *r, size_t norgans, const uint32_t *prev, uint32_t *organ,
                            int32_t *gene, void *g, size_t glen, const char *truncated)
{
	const char *why = get_elem_head(r, norgans, prev ? *prev : 0, organ, gene);
	c2_r_bytes(r, g, glen);
	return why ? why : r->bad ? truncated : NULL;
}

static void *alloc_array(size_t n, size_t size)
{
	return n ? calloc(n, size) : NULL;
}

/* The sections of a state after its header, each read into b: NULL, or
 * why the bytes are not a state; *oom when an array could not be had. */

/* The organs (the body organ first, the others in gene order) and the
 * brain organ. */
static const char *load_organs(c2_rbuf *r, bc_biochem *b, bool *oom)
{
	uint32_t norg = get_count(r, ORGAN_BYTES);
	if (r->bad || norg == 0)
		return "bad organ count";
	if (!(b->organs = alloc_array(norg, sizeof *b->organs))) {
		*oom = true;
		return NULL;
	}
	b->organ_cap = norg;
	for (uint32_t i = 0; i < norg; i++) {
		const char *why = get_organ(r, &b->organs[i], i == 0 ? BC_ORGAN_BODY : BC_ORGAN_GENOME);
		if (!why && i > 1 && b->organs[i].gene <= b->organs[i - 1].gene)
			why = "organs out of gene order";
		if (why)
			return why;
		b->norgans = i + 1;
	}
	b->has_brain = c2_r_u8(r);
	if (r->bad || b->has_brain > 1)
		return "bad brain-organ flag";
	return b->has_brain ? get_organ(r, &b->brain, BC_ORGAN_BRAIN) : NULL;
}

/* The receptors, in organ order, each group of one address contiguous. */
static const char *load_receptors(c2_rbuf *r, bc_biochem *b, bool *oom)
{
	uint32_t n = get_count(r, ELEM_HEAD + sizeof(genome_receptor_gene));
	if (r->bad)
		return "bad receptor count";
	if (n && (!(b->rec = alloc_array(n, sizeof *b->rec)) ||
	          !(b->grp = alloc_array(n, sizeof *b->grp)))) {
		*oom = true;
		return NULL;
	}
	b->rec_cap = b->grp_cap = n;
	for (uint32_t i = 0; i < n; i++) {
		bc_receptor *x = &b->rec[i];
		const char *why = get_elem(r, b->norgans, i ? &b->rec[i - 1].organ : NULL, &x->organ,
		                           &x->gene, &x->g, sizeof x->g, "truncated receptor");
		/* A receptor group must be contiguous: an address may not come back
		 * after another address of the same organ. */
		if (!why && i > 0 && b->rec[i - 1].organ == x->organ &&
		    !bc_same_address(&b->rec[i - 1].g.organ, &x->g.organ)) {
			for (uint32_t j = i - 1; j-- > 0 && b->rec[j].organ == x->organ;)
				if (bc_same_address(&b->rec[j].g.organ, &x->g.organ))
					why = "receptor group split";
		}
		if (why)
			return why;
		b->nrec = i + 1;
	}
	return NULL;
}

/* The emitters, in organ order. */
static const char *load_emitters(c2_rbuf *r, bc_biochem *b, bool *oom)
{
	uint32_t n = get_count(r, ELEM_HEAD + sizeof(genome_emitter_gene));
	if (r->bad)
		return "bad emitter count";
	if (n && !(b->em = alloc_array(n, sizeof *b->em))) {
		*oom = true;
		return NULL;
	}
	b->em_cap = n;
	for (uint32_t i = 0; i < n; i++) {
		bc_emitter *x = &b->em[i];
		const char *why = get_elem(r, b->norgans, i ? &b->em[i - 1].organ : NULL, &x->organ,
		                           &x->gene, &x->g, sizeof x->g, "truncated emitter");
		if (why)
			return why;
		b->nem = i + 1;
	}
	return NULL;
}

/* The reactions, in organ order. */
static const char *load_reactions(c2_rbuf *r, bc_biochem *b, bool *oom)
{
	uint32_t n = get_count(r, ELEM_HEAD + sizeof(genome_reaction_gene));
	if (r->bad)
		return "bad reaction count";
	if (n && !(b->rx = alloc_array(n, sizeof *b->rx))) {
		*oom = true;
		return NULL;
	}
	b->rx_cap = n;
	for (uint32_t i = 0; i < n; i++) {
		bc_reaction *x = &b->rx[i];
		const char *why = get_elem(r, b->norgans, i ? &b->rx[i - 1].organ : NULL, &x->organ,
		                           &x->gene, &x->g, sizeof x->g, "truncated reaction");
		if (why)
			return why;
		b->nrx = i + 1;
	}
	return NULL;
}

int bc_load(bc_biochem **out, c2_rbuf *r, bc_locus_resolver resolve, void *ctx, c2_err *err)
{
	*out = NULL;
	char magic[4];
	c2_r_bytes(r, magic, 4);
	uint32_t version = c2_r_u32(r);
	if (r->bad || memcmp(magic, MAGIC, 4) != 0)
		return bad(err, r, "not a biochemistry state");
	if (version != VERSION)
		return bad(err, r, "unsupported version");

	bc_biochem *b = calloc(1, sizeof *b);
	if (!b)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory loading a biochemistry");
	const char *why = NULL;
	bool oom = false;
	c2_err oerr;
	if (c2_options_load(&bc_option_tab, &b->opt, r, &oerr) != 0)
		why = "bad options";
	b->resolve = resolve;
	b->ctx = ctx;
	if (!why) {
		b->counter = c2_r_u32(r);
		b->have_half = c2_r_u8(r);
		c2_r_bytes(r, b->chem, BC_NCHEM);
		c2_r_bytes(r, b->half, BC_NCHEM);
		if (r->bad || b->have_half > 1)
			why = "bad chemical block";
		b->chem[0] = 0; /* chemical 0 is nothing, whatever the bytes say */
	}
	static const char *(*const sections[])(c2_rbuf *, bc_biochem *, bool *) = {
		load_organs, load_receptors, load_emitters, load_reactions};
	for (size_t k = 0; k < sizeof sections / sizeof *sections && !why && !oom; k++)
		why = sections[k](r, b, &oom);
	if (oom) {
		bc_free(b);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory loading a biochemistry");
	}
	if (why) {
		bc_free(b);
		return bad(err, r, why);
	}
	bc_compile(b);
	*out = b;
	return 0;
}
