/* test_genome.c — the dna2 codec, validation, expression and the text form,
 * pinned against the real norn (read from $C2RT_SHARED, never copied) and
 * against synthetic genomes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "base/bytes.h"
#include "base/near.h"
#include "base/rng.h"
#include "genome/gno.h"
#include "genome/organs.h"
#include "genome/vocab.h"
#include "genome/text.h"
#include "testutil.h"

/* ---------------------------------------------------------------- helpers */

static uint8_t *encode(const genome *g, size_t *n)
{
	*n = genome_encoded_size(g);
	uint8_t *buf = malloc(*n);
	assert_non_null(buf);
	assert_int_equal(genome_encode(g, buf, *n), *n);
	return buf;
}

/* Text round trip: dump, parse the dump, encode; must equal `bytes`. */
static void assert_text_roundtrip(const genome *g, const uint8_t *bytes, size_t n)
{
	c2_wbuf w = {0};
	assert_int_equal(genome_text_write(g, NULL, &w), 0);
	genome back;
	c2_err err;
	int rc = genome_text_parse((const char *)w.data, w.len, &back, &err);
	if (rc)
		fail_msg("text parse failed at line %ld: %s", err.line, err.msg);
	size_t m;
	uint8_t *again = encode(&back, &m);
	assert_int_equal(m, n);
	assert_memory_equal(again, bytes, n);
	free(again);
	genome_free(&back);
	c2_wbuf_free(&w);
}

static const genome_gene *find_kind(const genome *g, genome_kind k, const uint8_t *prefix,
                                    size_t plen, size_t *index)
{
	for (size_t i = 0; i < g->ngenes; i++)
		if (g->genes[i].kind == k && memcmp(g->genes[i].u.raw, prefix, plen) == 0) {
			if (index)
				*index = i;
			return &g->genes[i];
		}
	return NULL;
}

/* ---------------------------------------------------------- real norn */

static void test_counts_real(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	assert_int_equal(g.ngenes, 787);
	size_t c[GK_COUNT];
	genome_count_kinds(&g, c);
	assert_int_equal(c[GK_LOBE], 10);
	assert_int_equal(c[GK_BRAIN_ORGAN], 1);
	assert_int_equal(c[GK_RECEPTOR], 183);
	assert_int_equal(c[GK_EMITTER], 63);
	assert_int_equal(c[GK_REACTION], 117);
	assert_int_equal(c[GK_HALF_LIVES], 1);
	assert_int_equal(c[GK_INIT_CONC], 22);
	assert_int_equal(c[GK_STIMULUS], 39);
	assert_int_equal(c[GK_GENUS], 1);
	assert_int_equal(c[GK_APPEARANCE], 5);
	assert_int_equal(c[GK_POSE], 242);
	assert_int_equal(c[GK_GAIT], 15);
	assert_int_equal(c[GK_INSTINCT], 44);
	assert_int_equal(c[GK_PIGMENT], 12);
	assert_int_equal(c[GK_PIGMENT_BLEED], 12);
	assert_int_equal(c[GK_ORGAN], 20);
	genome_free(&g);
}

static void test_layout_and_roundtrip_real(void **state)
{
	(void)state;
	uint8_t *file;
	size_t len;
	TEST_READ_SHARED("genomes/c2-norn.gen", &file, &len);
	assert_int_equal(len, 36001);
	genome g;
	c2_err err;
	assert_int_equal(genome_parse(&g, file, len, &err), 0);
	assert_int_equal(g.format, GENOME_DNA2);
	assert_int_equal(g.gend_offset, 19029);
	assert_int_equal(g.ntail, 16968);
	for (size_t i = 0; i < g.ntail; i++)
		assert_int_equal(g.tail[i], 0);
	size_t n;
	uint8_t *out = encode(&g, &n);
	assert_int_equal(n, len);
	assert_memory_equal(out, file, len);
	assert_text_roundtrip(&g, file, len);
	free(out);
	genome_free(&g);
	free(file);
}

/* Fields of genes the reference document quotes (§2.5, §4.1, §5.9, §6). */
static void test_known_genes_real(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);

	const genome_gene *genus = find_kind(&g, GK_GENUS, (const uint8_t *)"", 0, NULL);
	assert_non_null(genus);
	assert_int_equal(genus->u.genus.species, 0);
	assert_memory_equal(genus->u.genus.mother, "toby", 4);
	assert_memory_equal(genus->u.genus.father, "sjgl", 4);

	const genome_gene *bo = find_kind(&g, GK_BRAIN_ORGAN, (const uint8_t *)"", 0, NULL);
	assert_non_null(bo);
	const uint8_t bo_bytes[5] = {128, 16, 255, 52, 64};
	assert_memory_equal(&bo->u.organ, bo_bytes, 5);

	/* Lobe 6 (decision), §4.1: 62,15 1x16 leak 24 rest 80 gain 128, WTA,
	 * type-0 dendrites from lobe 8: 128/128, fanout 8, strength 2..4 ... */
	const genome_lobe_gene *lobes[16];
	assert_int_equal(genome_lobe_list(&g, GENOME_FEMALE, lobes, NULL, 16), 10);
	const genome_lobe_gene *dec = lobes[6];
	assert_int_equal(dec->x, 62);
	assert_int_equal(dec->y, 15);
	assert_int_equal(dec->width, 1);
	assert_int_equal(dec->height, 16);
	assert_int_equal(dec->leakage, 24);
	assert_int_equal(dec->rest, 80);
	assert_int_equal(dec->gain, 128);
	assert_int_equal(dec->flags & 1, 1);
	const uint8_t state_rule[12] = {9, 31, 12, 32, 13};
	assert_memory_equal(dec->state_rule, state_rule, 12);
	const genome_dendrite_gene *d0 = &dec->dendrite[0];
	assert_int_equal(d0->source_lobe, 8);
	assert_int_equal(d0->min, 128);
	assert_int_equal(d0->max, 128);
	assert_int_equal(d0->fanout, 8);
	assert_int_equal(d0->min_strength, 2);
	assert_int_equal(d0->max_strength, 4);
	assert_int_equal(d0->migration, 1);
	assert_int_equal(d0->relax_suscept, 48);
	assert_int_equal(d0->relax_stw, 80);
	assert_int_equal(d0->ltw_gain, 128);
	/* suscept rule: input TRUE output TRUE suscept move-twrds 255 64 */
	const uint8_t suscept[12] = {16, 30, 10, 30, 18, 39, 4, 3};
	assert_memory_equal(d0->suscept_rule, suscept, 12);
	/* Concept lobe: 40x16 at 11,5, spread 3 (waS), 1..3 dendrites from lobe 0. */
	assert_int_equal(lobes[8]->width * lobes[8]->height, 640);
	assert_int_equal(lobes[8]->dendrite[0].spread, 3);
	assert_int_equal(lobes[8]->dendrite[0].min, 1);
	assert_int_equal(lobes[8]->dendrite[0].max, 3);

	/* "drive 1 raiser" = 3 18 1 0 3 1 1 53 8 (§2.5) */
	const uint8_t rx[2] = {3, 18};
	const genome_gene *r = find_kind(&g, GK_REACTION, rx, 2, NULL);
	assert_non_null(r);
	const uint8_t rx_all[9] = {3, 18, 1, 0, 3, 1, 1, 53, 8};
	assert_memory_equal(&r->u.reaction, rx_all, 9);

	/* Receptor 1 5 2 3 0 0 255 0: drive 2 <- hunger (§5.9) */
	const uint8_t hr[4] = {1, 5, 2, 3};
	const genome_gene *rec = find_kind(&g, GK_RECEPTOR, hr, 4, NULL);
	assert_non_null(rec);
	assert_int_equal(rec->u.receptor.gain, 255);
	assert_int_equal(rec->u.receptor.flags, 0);

	/* "Enter childhood" 1 0 0 76 229 119 255 3, stage 0 (§7.1) */
	const uint8_t ag[4] = {1, 0, 0, 76};
	const genome_gene *age = find_kind(&g, GK_RECEPTOR, ag, 4, NULL);
	assert_non_null(age);
	assert_int_equal(age->stage, 0);
	assert_int_equal(age->u.receptor.threshold, 229);
	assert_int_equal(age->u.receptor.nominal, 119);
	assert_int_equal(age->u.receptor.flags, GENOME_RECEPTOR_DIGITAL | GENOME_RECEPTOR_INVERTED);

	/* Stimulus 1 "Pointer pats me": signif 64, sense 0, asleep flag,
	 * NFP- 32, Pain- 16, Loneliness- 16, Reward 32 (§6.1) */
	const uint8_t s1[1] = {1};
	const genome_gene *st = find_kind(&g, GK_STIMULUS, s1, 1, NULL);
	assert_non_null(st);
	const uint8_t s1_all[13] = {1, 64, 0, 255, 4, 36, 32, 35, 16, 42, 16, 52, 32};
	assert_memory_equal(&st->u.stimulus, s1_all, 13);

	/* Instinct "verb act1": 3 1 0 0 0 0 1 52 255, stage 0 (§6.2) */
	const uint8_t in[9] = {3, 1, 0, 0, 0, 0, 1, 52, 255};
	const genome_gene *ins = find_kind(&g, GK_INSTINCT, in, 9, NULL);
	assert_non_null(ins);
	assert_int_equal(ins->stage, 0);
	genome_free(&g);
}

static void test_stage_counts_real(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	size_t raw[8] = {0};
	for (size_t i = 0; i < g.ngenes; i++)
		raw[g.genes[i].stage < 7 ? g.genes[i].stage : 7]++;
	const size_t want[8] = {645, 57, 51, 10, 5, 18, 1, 0}; /* §2.3 */
	assert_memory_equal(raw, want, sizeof want);

	/* After sex and dormancy filtering (computed independently from the
	 * flag bytes: 5 dormant genes, 11 male-only, 23+... female-only). */
	const size_t male[7] = {630, 57, 32, 10, 5, 18, 1};
	const size_t female[7] = {637, 57, 43, 10, 5, 18, 1};
	size_t *idx = malloc(g.ngenes * sizeof *idx);
	assert_non_null(idx);
	for (int s = 0; s < 7; s++) {
		assert_int_equal(genome_switched_on(&g, GENOME_MALE, s, idx), male[s]);
		assert_int_equal(genome_switched_on(&g, GENOME_FEMALE, s, idx), female[s]);
	}
	/* The uterus organ (flags female-only) is expressed only by females. */
	const uint8_t ut[5] = {127, 6, 255, 55, 16};
	size_t ui = 0;
	assert_non_null(find_kind(&g, GK_ORGAN, ut, 5, &ui));
	assert_true(genome_gene_switches_on(&g.genes[ui], GENOME_FEMALE, 0));
	assert_false(genome_gene_switches_on(&g.genes[ui], GENOME_MALE, 0));
	free(idx);
	genome_free(&g);
}

static int in_list(const size_t *idx, size_t n, size_t want)
{
	for (size_t i = 0; i < n; i++)
		if (idx[i] == want)
			return 1;
	return 0;
}

static void test_in_force_real(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	size_t *idx = malloc(g.ngenes * sizeof *idx);
	long *rep = malloc(g.ngenes * sizeof *rep);
	assert_non_null(idx);
	assert_non_null(rep);

	/* "Become bored" (stage 0) is replaced by "Become bored (adult)" (stage
	 * 4): same locus 1/4/1 and chemical 11 (§2.6). */
	const uint8_t bored[4] = {1, 4, 1, 11};
	size_t b0 = 0, b4;
	assert_non_null(find_kind(&g, GK_EMITTER, bored, 4, &b0));
	assert_int_equal(g.genes[b0].stage, 0);
	for (b4 = b0 + 1; b4 < g.ngenes; b4++)
		if (g.genes[b4].kind == GK_EMITTER && !memcmp(g.genes[b4].u.raw, bored, 4))
			break;
	assert_true(b4 < g.ngenes);
	assert_int_equal(g.genes[b4].stage, 4);

	size_t n = genome_in_force(&g, GENOME_MALE, 3, idx, rep);
	assert_true(in_list(idx, n, b0));
	assert_false(in_list(idx, n, b4));
	n = genome_in_force(&g, GENOME_MALE, 4, idx, rep);
	assert_false(in_list(idx, n, b0));
	assert_true(in_list(idx, n, b4));
	assert_int_equal(rep[b0], (long)b4);

	/* Stimulus 24 has stage 0, 2 and 4 versions: one in force at a time. */
	for (int s = 0; s <= 6; s++) {
		n = genome_in_force(&g, GENOME_FEMALE, s, idx, NULL);
		int count = 0, stage = -1;
		for (size_t k = 0; k < n; k++) {
			const genome_gene *ge = &g.genes[idx[k]];
			if (ge->kind == GK_STIMULUS && ge->u.stimulus.number == 24) {
				count++;
				stage = ge->stage;
			}
		}
		assert_int_equal(count, 1);
		assert_int_equal(stage, s >= 4 ? 4 : s >= 2 ? 2 : 0);
	}
	/* Receptors and reactions only ever add. */
	size_t c_rec = 0;
	n = genome_in_force(&g, GENOME_FEMALE, 6, idx, NULL);
	for (size_t k = 0; k < n; k++)
		c_rec += g.genes[idx[k]].kind == GK_RECEPTOR;
	size_t want_rec = 0;
	for (int s = 0; s <= 6; s++) {
		size_t m = genome_switched_on(&g, GENOME_FEMALE, s, idx);
		for (size_t k = 0; k < m; k++)
			want_rec += g.genes[idx[k]].kind == GK_RECEPTOR;
	}
	assert_int_equal(c_rec, want_rec);

	/* Organ ownership: the standard genome has no orphans (§2.6). */
	for (size_t i = 0; i < g.ngenes; i++) {
		int k = g.genes[i].kind;
		long o = genome_owner_organ(&g, i);
		if (k == GK_RECEPTOR || k == GK_EMITTER || k == GK_REACTION) {
			assert_true(o >= 0);
			assert_int_equal(g.genes[o].kind, GK_ORGAN);
			for (long j = o + 1; j < (long)i; j++)
				assert_int_not_equal(g.genes[j].kind, GK_ORGAN);
		} else {
			assert_int_equal(o, -2);
		}
	}
	free(idx);
	free(rep);
	genome_free(&g);
}

static void test_validate_real(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	genome_warnings w = {0};
	assert_int_equal(genome_validate(&g, &w), 0);
	genome_warnings_free(&w);
	genome_free(&g);
}

/* Every prefix of the real genome short of "gend" is refused with an offset
 * inside the data; the whole genome (with or without the tail) is accepted. */
static void test_truncations_real(void **state)
{
	(void)state;
	uint8_t *file;
	size_t len;
	TEST_READ_SHARED("genomes/c2-norn.gen", &file, &len);
	for (size_t n = 0; n < 19033; n++) {
		/* An exact-size copy so ASan catches any read past the end. */
		uint8_t *cut = malloc(n ? n : 1);
		assert_non_null(cut);
		memcpy(cut, file, n);
		genome g;
		c2_err err;
		int rc = genome_parse(&g, cut, n, &err);
		if (rc == 0)
			fail_msg("prefix of %zu bytes accepted", n);
		assert_int_equal(rc, C2_EFORMAT);
		assert_true(err.offset >= 0 && (size_t)err.offset <= n);
		free(cut);
	}
	for (size_t n = 19033; n <= len; n += 997) {
		genome g;
		c2_err err;
		assert_int_equal(genome_parse(&g, file, n, &err), 0);
		assert_int_equal(g.ntail, n - 19033);
		genome_free(&g);
	}
	free(file);
}

static void expect_error(const uint8_t *buf, size_t len, long offset, int gene, const char *frag)
{
	genome g;
	c2_err err;
	int rc = genome_parse(&g, buf, len, &err);
	if (rc == 0)
		fail_msg("corrupted genome accepted (expected '%s')", frag);
	assert_int_equal(err.offset, offset);
	assert_int_equal(err.gene, gene);
	if (!strstr(err.msg, frag))
		fail_msg("message '%s' lacks '%s'", err.msg, frag);
}

static void test_corruptions_real(void **state)
{
	(void)state;
	uint8_t *file;
	size_t len;
	TEST_READ_SHARED("genomes/c2-norn.gen", &file, &len);
	genome g;
	c2_err err;
	assert_int_equal(genome_parse(&g, file, len, &err), 0);
	uint8_t *buf = malloc(len + 64);
	assert_non_null(buf);

	memcpy(buf, file, len);
	buf[0] = 'D';
	expect_error(buf, len, 0, -1, "magic");

	/* Break the marker of gene 100. */
	memcpy(buf, file, len);
	uint32_t off = g.genes[100].offset;
	buf[off + 1] = 'x';
	expect_error(buf, len, off, -1, "after 100 genes");

	/* An unknown type and an unknown (C3) subtype in gene 200. */
	memcpy(buf, file, len);
	off = g.genes[200].offset;
	buf[off + 4] = 9;
	expect_error(buf, len, off + 4, 200, "unknown gene type 9");
	memcpy(buf, file, len);
	buf[off + 4] = 0;
	buf[off + 5] = 2; /* 0/2 brain tract is a C3 gene */
	expect_error(buf, len, off + 4, 200, "subtype 2");

	/* Garbage inserted before "gend". */
	memcpy(buf, file, 19029);
	memcpy(buf + 19029, "junk", 4);
	memcpy(buf + 19033, file + 19029, len - 19029);
	expect_error(buf, len + 4, 19029, -1, "found bytes 6a 75 6e 6b");

	/* No "gend" at all: genes followed by end of data. */
	expect_error(file, 19029, 19029, -1, "missing 'gend'");

	/* A gene whose body runs past the end. */
	off = g.genes[786].offset;
	expect_error(file, off + 12, off, 786, "truncated");

	/* The size cap (checked before a byte is read). */
	genome_free(&g);
	assert_int_equal(genome_parse(&g, file, (size_t)GENOME_MAX_FILE + 1, &err), C2_ETOOBIG);

	free(buf);
	free(file);
}

/* Whatever the body bytes, the genome still round-trips through both the
 * binary and the text form. */
static void test_random_bodies_real(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	c2_rng rng;
	c2_rng_seed(&rng, 42);
	for (int round = 0; round < 3; round++) {
		for (size_t i = 0; i < g.ngenes; i++) {
			genome_gene *ge = &g.genes[i];
			for (size_t k = 0; k < genome_kinds[ge->kind].body_size; k++)
				ge->u.raw[k] = (uint8_t)c2_rng_next(&rng);
			ge->id = (uint8_t)c2_rng_next(&rng);
			ge->stage = (uint8_t)c2_rng_next(&rng);
			ge->flags = (uint8_t)c2_rng_next(&rng);
		}
		size_t n;
		uint8_t *bytes = encode(&g, &n);
		genome back;
		c2_err err;
		assert_int_equal(genome_parse(&back, bytes, n, &err), 0);
		assert_int_equal(back.ngenes, g.ngenes);
		assert_text_roundtrip(&back, bytes, n);
		genome_warnings w = {0};
		assert_true(genome_validate(&back, &w) >= 0);
		genome_warnings_free(&w);
		genome_free(&back);
		free(bytes);
	}
	genome_free(&g);
}

/* The headerless gene stream inside a real C2 export (§2.1). */
static void test_export_stream(void **state)
{
	(void)state;
	uint8_t *exp;
	size_t len;
	TEST_READ_SHARED("exports/c2-norn-6KUC.exp", &exp, &len);
	const uint8_t *cg = NULL;
	for (size_t i = 0; i + 7 <= len && !cg; i++)
		if (!memcmp(exp + i, "CGenome", 7))
			cg = exp + i;
	assert_non_null(cg);
	const uint8_t *start = NULL;
	for (const uint8_t *p = cg; p + 4 <= exp + len && !start; p++)
		if (!memcmp(p, "gene", 4))
			start = p;
	assert_non_null(start);
	genome g;
	c2_err err;
	size_t avail = (size_t)(exp + len - start);
	assert_int_equal(genome_parse(&g, start, avail, &err), 0);
	assert_int_equal(g.format, GENOME_STREAM);
	assert_int_equal(g.ngenes, 787);
	/* Encoding without the tail reproduces the stream up to "gend". */
	size_t stream_len = g.gend_offset + 4;
	free(g.tail);
	g.tail = NULL;
	g.ntail = 0;
	size_t n;
	uint8_t *out = encode(&g, &n);
	assert_int_equal(n, stream_len);
	assert_memory_equal(out, start, stream_len);
	assert_text_roundtrip(&g, out, n);
	free(out);
	genome_free(&g);
	free(exp);
}

static void test_gno_labels_every_gene(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	const char *gp = test_shared("genomes/c2-norn.gno");
	if (!gp) {
		genome_free(&g);
		TEST_NO_SHARED("genomes/c2-norn.gno");
	}
	genome_gno gno;
	c2_err err;
	assert_int_equal(genome_gno_read_file(&gno, gp, &err), 0);
	assert_int_equal(gno.n, 847);
	for (size_t i = 0; i < g.ngenes; i++)
		assert_non_null(genome_gno_describe(&gno, &g.genes[i]));
	/* Every truncation of the notes file fails cleanly. */
	uint8_t *raw;
	size_t len;
	assert_int_equal(c2_read_file(gp, 1u << 26, &raw, &len, &err), 0);
	assert_true(gno.used <= len);
	for (size_t n = 0; n < gno.used; n += 101) {
		genome_gno part;
		uint8_t *cut = malloc(n ? n : 1);
		memcpy(cut, raw, n);
		assert_int_not_equal(genome_gno_parse(&part, cut, n, &err), 0);
		free(cut);
	}
	free(raw);
	genome_gno_free(&gno);
	genome_free(&g);
}

/* ------------------------------------------------------------ synthetic */

static void random_genome(genome *g, c2_rng *rng)
{
	genome_init(g);
	g->format = c2_rng_below(rng, 4) ? GENOME_DNA2 : GENOME_STREAM;
	size_t n = 1 + c2_rng_below(rng, 40); /* an empty genome is refused */
	for (size_t i = 0; i < n; i++) {
		genome_gene ge;
		genome_gene_init(&ge, (genome_kind)c2_rng_below(rng, GK_COUNT));
		ge.id = (uint8_t)c2_rng_next(rng);
		ge.dup = (uint8_t)c2_rng_next(rng);
		ge.stage = (uint8_t)c2_rng_next(rng);
		ge.flags = (uint8_t)c2_rng_next(rng);
		ge.mut = (uint8_t)c2_rng_next(rng);
		for (size_t k = 0; k < genome_kinds[ge.kind].body_size; k++)
			ge.u.raw[k] = (uint8_t)c2_rng_next(rng);
		assert_int_equal(genome_append(g, &ge, NULL), 0);
	}
	g->ntail = c2_rng_below(rng, 3) ? c2_rng_below(rng, 200) : 0;
	if (g->ntail) {
		g->tail = malloc(g->ntail);
		for (size_t k = 0; k < g->ntail; k++)
			g->tail[k] = c2_rng_below(rng, 2) ? 0 : (uint8_t)c2_rng_next(rng);
	}
}

static void test_random_genomes(void **state)
{
	(void)state;
	c2_rng rng;
	c2_rng_seed(&rng, 7);
	for (int t = 0; t < 300; t++) {
		genome g;
		random_genome(&g, &rng);
		size_t n;
		uint8_t *bytes = encode(&g, &n);
		genome back;
		c2_err err;
		assert_int_equal(genome_parse(&back, bytes, n, &err), 0);
		assert_int_equal(back.format, g.format);
		assert_int_equal(back.ngenes, g.ngenes);
		size_t m;
		uint8_t *again = encode(&back, &m);
		assert_int_equal(m, n);
		assert_memory_equal(again, bytes, n);
		assert_text_roundtrip(&back, bytes, n);
		c2_wbuf w = {0};
		assert_int_equal(genome_json_write(&back, NULL, &w), 0);
		c2_wbuf_free(&w);
		free(again);
		free(bytes);
		genome_free(&back);
		genome_free(&g);
	}
}

static void expect_text_error(const char *text, long line, const char *frag)
{
	genome g;
	c2_err err;
	int rc = genome_text_parse(text, strlen(text), &g, &err);
	if (rc == 0)
		fail_msg("bad text accepted (expected '%s')", frag);
	assert_int_equal(err.line, line);
	if (!strstr(err.msg, frag))
		fail_msg("message '%s' lacks '%s'", err.msg, frag);
}

static void test_text_errors(void **state)
{
	(void)state;
	expect_text_error("gene receptor\n  colour 3\n", 2, "unknown field 'colour'");
	expect_text_error("gene receptor\n  chemical Unobtainium\n", 2, "unknown chemical 'Unobtainium'");
	expect_text_error("gene receptor\n  gain 256\n", 2, "'gain': 256 is not 0..255");
	expect_text_error("\n\n  gain 3\n", 3, "outside a gene");
	expect_text_error("gene receptor\n gain 3\n gain 4\n", 3, "'gain' given twice");
	expect_text_error("gene lobe\n state_rule state PLUS bogus\n", 2, "unknown SV-rule opcode 'bogus'");
	expect_text_error("gene lobe\n state_rule 1 1 1 1 1 1 1 1 1 1 1 1 1\n", 2, "more than 12");
	expect_text_error("gene genus\n mother \"toolong\"\n", 2, "longer than 4 bytes");
	expect_text_error("gene genus\n mother toby\n", 2, "quoted string");
	expect_text_error("gene wibble\n", 1, "unknown gene kind 'wibble'");
	expect_text_error("gene organ id=300\n", 1, "id '300'");
	expect_text_error("gene organ stage=teen\n", 1, "unknown stage 'teen'");
	expect_text_error("gene organ flags=mutable,shiny\n", 1, "bad flags");
	expect_text_error("tail zeros 4\ngene organ\n", 2, "gene after the tail");
	expect_text_error("gene organ\nformat dna2\n", 2, "before the genes");
	expect_text_error("gene half-lives\n halflife Glucose 300\n", 2, "rate '300'");
	expect_text_error("gene half-lives\n halflife 70 1\n halflife Glucose 2\n", 3, "given twice");
	/* An empty genome is no genome, in text as in bytes. */
	expect_text_error("", 1, "no genes");
	expect_text_error("# nothing\nformat dna2\n", 2, "no genes");
	genome g;
	c2_err err;
	assert_int_not_equal(genome_parse(&g, (const uint8_t *)"dna2gend", 8, &err), 0);
	assert_int_equal(err.offset, 4);
	assert_non_null(strstr(err.msg, "no genes"));
	assert_int_not_equal(genome_parse(&g, (const uint8_t *)"gend", 4, &err), 0);
}

/* Hand-written text: names instead of numbers, defaults for the header. */
static void test_text_names(void **state)
{
	(void)state;
	const char *text =
		"# a hand-written genome\n"
		"gene organ\n"
		"    clock_rate 127   # comment\n"
		"gene receptor stage=child flags=male,dormant\n"
		"    organ creature\n"
		"    tissue 5\n"
		"    locus 2\n"
		"    chemical Hunger\n"
		"    gain 255\n"
		"    flags digital,inverted\n"
		"gene receptor\n"
		"    chemical need_for_pleasure_increase\n"
		"gene lobe\n"
		"    d1.source Decision\n"
		"    d0.spread waS\n"
		"    state_rule state plus type0 MINUS type1 <200>\n"
		"gene stimulus\n"
		"    number Pointer pats me\n"
		"    sense none\n"
		"    features modulate,asleep\n"
		"gene genus\n"
		"    mother \"a\\\"\\x01\"\n"
		"gene half-lives\n"
		"    halflife ATP 248\n"
		"    halflife 0 9\n"
		"tail hex 01 02\n"
		"tail zeros 3\n";
	genome g;
	c2_err err;
	int rc = genome_text_parse(text, strlen(text), &g, &err);
	if (rc)
		fail_msg("line %ld: %s", err.line, err.msg);
	assert_int_equal(g.ngenes, 7);
	assert_int_equal(g.genes[0].flags, 7);
	assert_int_equal(g.genes[0].mut, 128);
	assert_int_equal(g.genes[0].u.organ.clock_rate, 127);
	const genome_receptor_gene *r = &g.genes[1].u.receptor;
	assert_int_equal(g.genes[1].stage, 1);
	assert_int_equal(g.genes[1].flags, GENOME_FLAG_MALE | GENOME_FLAG_DORMANT);
	assert_int_equal(g.genes[1].id, 1);
	assert_int_equal(g.genes[2].id, 2); /* default ids count genes of a kind */
	assert_int_equal(r->organ, 1);
	assert_int_equal(r->chemical, 3);
	assert_int_equal(r->flags, 3);
	assert_int_equal(g.genes[2].u.receptor.chemical, 19);
	assert_int_equal(g.genes[3].u.lobe.dendrite[1].source_lobe, 6);
	assert_int_equal(g.genes[3].u.lobe.dendrite[0].spread, 3);
	const uint8_t rule[12] = {9, 31, 12, 32, 13, 200};
	assert_memory_equal(g.genes[3].u.lobe.state_rule, rule, 12);
	assert_int_equal(g.genes[4].u.stimulus.number, 1);
	assert_int_equal(g.genes[4].u.stimulus.sense, 255);
	assert_int_equal(g.genes[4].u.stimulus.features, 5);
	const uint8_t mother[4] = {'a', '"', 1, 0};
	assert_memory_equal(g.genes[5].u.genus.mother, mother, 4);
	assert_int_equal(g.genes[6].u.half_lives.rate[99], 248);
	assert_int_equal(g.genes[6].u.half_lives.rate[0], 9);
	assert_int_equal(g.ntail, 5);
	const uint8_t tail[5] = {1, 2, 0, 0, 0};
	assert_memory_equal(g.tail, tail, 5);
	/* And that genome round-trips through its own dump. */
	size_t n;
	uint8_t *bytes = encode(&g, &n);
	assert_text_roundtrip(&g, bytes, n);
	free(bytes);
	genome_free(&g);
}

static void test_validate_synthetic(void **state)
{
	(void)state;
	const char *text =
		"gene lobe\n width 2\n height 2\n d0.source 9\n d0.max 2\n"
		"gene organ\n"
		"gene receptor stage=7\n"
		"gene receptor flags=male,female\n"
		"gene receptor\n organ 1\n tissue 9\n locus 0\n"
		"gene emitter\n organ 0\n tissue 0\n locus 250\n"
		"gene instinct\n input1_lobe 7\n input1_cell 1\n"
		"gene organ stage=child\n";
	genome g;
	c2_err err;
	assert_int_equal(genome_text_parse(text, strlen(text), &g, &err), 0);
	genome_warnings w = {0};
	int n = genome_validate(&g, &w);
	const char *want[] = {"only 1 lobes", "lobe 9, which does not exist", "stage 7 > 6",
	                      "both male-only and female-only", "1/9/0 is not in the locus table",
	                      "cell 247 of lobe 0", "names lobe 7", "organ gene switching on at stage 1"};
	assert_int_equal(n, (int)(sizeof want / sizeof want[0]));
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		int found = 0;
		for (size_t k = 0; k < w.n; k++)
			found |= strstr(w.items[k].msg, want[i]) != NULL;
		if (!found)
			fail_msg("no warning containing '%s'", want[i]);
	}
	genome_warnings_free(&w);
	genome_free(&g);
}

/* ---- names for the unknown (base/near.h, genome_vocab_hint) ------------------ */

static const char *nearest(const char *word, bool loose, const char *const *cands)
{
	c2_near q;
	c2_near_init(&q, word, strlen(word), loose);
	for (; *cands; cands++)
		c2_near_add(&q, *cands);
	return c2_near_best(&q);
}

static void test_near(void **state)
{
	(void)state;
	const char *const opts[] = {"ticks", "max-ticks", "trace", "help", NULL};
	assert_string_equal(nearest("tick", false, opts), "ticks");      /* one letter */
	assert_string_equal(nearest("max", false, opts), "max-ticks");   /* the start */
	assert_string_equal(nearest("tarce", false, opts), "trace");     /* a swap */
	assert_null(nearest("x", false, opts));                          /* too short */
	assert_null(nearest("bananas", false, opts));                    /* too far */
	assert_null(nearest("ticks", false, opts));                      /* itself: not a slip */
	assert_null(nearest("TICK", false, opts));                       /* exact: case counts */
	const char *const chems[] = {"Glucose", "Glycogen", "Need for Pleasure", NULL};
	assert_string_equal(nearest("glucse", true, chems), "Glucose");
	assert_string_equal(nearest("need_for_pleasur", true, chems), "Need for Pleasure");
	assert_null(nearest("GLUCSE", false, chems));                    /* exact: case counts */
	char longw[80];
	memset(longw, 'a', sizeof longw - 1);
	longw[sizeof longw - 1] = '\0';
	assert_null(nearest(longw, true, chems));
	assert_true(c2_near_contains("Pointer pats me", "PATS", 4));
	assert_true(c2_near_contains("Need for Pleasure", "for_pl", 6));
	assert_false(c2_near_contains("Pointer pats me", "slaps", 5));
	assert_false(c2_near_contains("Pointer pats me", "", 0));
}

static void hint(const genome_vocab *v, const char *word, const char *want)
{
	char buf[200];
	genome_vocab_hint(v, word, strlen(word), buf, sizeof buf);
	assert_string_equal(buf, want);
}

static void test_vocab_hint(void **state)
{
	(void)state;
	hint(&genome_chemicals, "Glucse", " (did you mean Glucose? see c2rt names chemicals)");
	hint(&genome_stimuli, "pats",
	     " (Pointer pats me, Creature pats me hold it; see c2rt names stimuli)");
	hint(&genome_stimuli, "slaps me",
	     " (Pointer slaps me, Creature slaps me hold it; see c2rt names stimuli)");
	hint(&genome_stimuli, "action",
	     " (<spare action>, Involuntary Action 0, involuntary action 1, Involuntary Action 2"
	     " ... hold it; see c2rt names stimuli)");
	hint(&genome_stimuli, "xyzzy", " (see c2rt names stimuli)");
	hint(&genome_drives, "Hungr", " (did you mean Hunger? see c2rt names drives)");
	hint(&genome_body_parts, "hed", " (did you mean head?)"); /* no topic */
	hint(&genome_body_parts, "xyzzy", "");
	char buf[200], small[12];
	genome_stage_hint("banana", 6, buf, sizeof buf);
	assert_string_equal(buf, " (stages: embryo, child, adolescent, youth, adult, old, senile;"
	                         " see c2rt names stages)");
	genome_stage_hint("adlt", 4, buf, sizeof buf);
	assert_string_equal(buf, " (did you mean adult? see c2rt names stages)");
	genome_vocab_hint(&genome_stimuli, "pats", 4, small, sizeof small); /* cut, terminated */
	assert_int_equal(strlen(small), sizeof small - 1);
}

/* ---- organ names (genome/organs.h) ---------------------------------------- */

/* A genome of four organs: a heart (its reactions), a lung and a second
 * lung (the same chemistry), and one holding nothing a standard organ has. */
static const char ORGANS_TEXT[] =
	"gene organ id=1\n"
	"gene reaction\n    r1 Glucose\n    p1 Pyruvate\n    p2 Energy\n"
	"gene reaction\n    r1 Energy\n    r2 ADP\n    p1 ATP\n"
	"gene organ id=2\n"
	"gene reaction\n    r1 Air\n    p1 Oxygen\n"
	"gene receptor\n    organ creature\n    tissue 1\n    locus 0\n    chemical Carbon Dioxide\n"
	"gene organ id=3\n"
	"gene reaction\n    r1 Air\n    p1 Oxygen\n"
	"gene reaction\n    r1 Histamine A\n"
	"gene organ id=4\n"
	"gene reaction\n    r1 Glucose\n    p1 Starch\n";

static void organs_genome(genome *g)
{
	c2_err err;
	if (genome_text_parse(ORGANS_TEXT, sizeof ORGANS_TEXT - 1, g, &err) != 0)
		fail_msg("line %ld: %s", err.line, err.msg);
}

static void test_organ_names(void **state)
{
	(void)state;
	genome g;
	organs_genome(&g);
	genome_organ_names o;
	assert_int_equal(genome_organ_names_make(&o, &g, NULL), 0);
	assert_int_equal(o.n, 4);
	assert_string_equal(genome_organ_names_of(&o, 0), "Heart");
	assert_string_equal(genome_organ_names_of(&o, 3), "Lung");
	assert_string_equal(genome_organ_names_of(&o, 6), "Lung 2");
	assert_null(genome_organ_names_of(&o, 9)); /* one mark is not enough */
	assert_null(genome_organ_names_of(&o, 1)); /* not an organ gene */
	assert_null(genome_organ_names_of(NULL, 0));
	/* the same genome, the same names */
	genome_organ_names again;
	assert_int_equal(genome_organ_names_make(&again, &g, NULL), 0);
	for (size_t i = 0; i < o.n; i++)
		assert_string_equal(o.v[i].name, again.v[i].name);
	genome_organ_names_free(&again);
	genome_organ_names_free(&o);

	/* Notes name organs first; a reserved or empty description falls back
	 * to what the organ holds; repeats get numbers. */
	char d0[] = "009 HEART - Organ", d1[] = "CNS: TIME'S ARROW (new) - Organ", d2[] = "organ12",
	     d3[] = "HEART", note[] = "";
	genome_gno_entry e[4] = {
		{3, 0, 1, d0, note}, {3, 0, 2, d1, note}, {3, 0, 3, d2, note}, {3, 0, 4, d3, note}};
	genome_gno gno = {e, 4, 0};
	assert_int_equal(genome_organ_names_make(&o, &g, &gno), 0);
	assert_string_equal(genome_organ_names_of(&o, 0), "Heart");
	assert_string_equal(genome_organ_names_of(&o, 3), "Times Arrow");
	assert_string_equal(genome_organ_names_of(&o, 6), "Lung");
	assert_string_equal(genome_organ_names_of(&o, 9), "Heart 2");
	genome_organ_names_free(&o);
	genome_free(&g);
}

static void test_organ_tidy(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{"009 HEART - Organ", "Heart"},
		{"001 CNS: DRIVE LOBE SUPPORT - Organ", "Drive Lobe Support"},
		{"005 PANCREAS BETA CELLS (Insulin Activity) - Organ", "Pancreas Beta Cells"},
		{"016 UTERUS (F) - Organ", "Uterus"},
		{"018 TIME'S ARROW - Organ", "Times Arrow"},
		{"my Odd, organ; - x - Organ", "my Odd organ - x"},
		{"  - Organ", ""},
		{"(((", ""},
		{"", ""},
	};
	char out[GENOME_ORGAN_NAME_MAX];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		genome_organ_tidy(cases[i][0], out, sizeof out);
		assert_string_equal(out, cases[i][1]);
	}
	genome_organ_tidy("A VERY LONG ORGAN NAME THAT GOES ON AND ON - Organ", out, sizeof out);
	assert_int_equal(strlen(out), GENOME_ORGAN_NAME_MAX - 1);
}

/* Every mark of the standard organs' table names something (a slip would
 * leave read_marks failing: no organ would ever be named by its contents),
 * and the real norn's organs, without its notes, get the Genetics Kit's
 * names (shared/names/c2-organs.tsv; its second lung is "Lung 2"). */
static void test_organ_norn(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	genome_organ_names o;
	assert_int_equal(genome_organ_names_make(&o, &g, NULL), 0);
	static const char *const want[] = {
		"DriveLobeSupport", "ConceptLobeSupport", "DecisionLobeSupport", "RegulatorLobeSupport",
		"Times Arrow", "Environmental If", "Muscle", "Heart", "Lung", "Lung 2", "Liver",
		"PancreasBeta", "PancreasAlpha", "Tummy", "Kidney", "Bones", "Spleen", "Skin", "Gonad",
		"Uterus"};
	assert_int_equal(o.n, sizeof want / sizeof want[0]);
	for (size_t i = 0; i < o.n; i++)
		assert_string_equal(o.v[i].name, want[i]);
	genome_organ_names_free(&o);
	genome_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_real),
		cmocka_unit_test(test_layout_and_roundtrip_real),
		cmocka_unit_test(test_known_genes_real),
		cmocka_unit_test(test_stage_counts_real),
		cmocka_unit_test(test_in_force_real),
		cmocka_unit_test(test_validate_real),
		cmocka_unit_test(test_truncations_real),
		cmocka_unit_test(test_corruptions_real),
		cmocka_unit_test(test_random_bodies_real),
		cmocka_unit_test(test_export_stream),
		cmocka_unit_test(test_gno_labels_every_gene),
		cmocka_unit_test(test_random_genomes),
		cmocka_unit_test(test_text_errors),
		cmocka_unit_test(test_text_names),
		cmocka_unit_test(test_validate_synthetic),
		cmocka_unit_test(test_near),
		cmocka_unit_test(test_vocab_hint),
		cmocka_unit_test(test_organ_names),
		cmocka_unit_test(test_organ_tidy),
		cmocka_unit_test(test_organ_norn),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
