/* test_import.c — the export reader, the import and the comparison: on
 * synthetic exports written from our own starter genome (synth_export.h),
 * truncated and corrupted ones, and the real export when $C2RT_SHARED has
 * it. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "exchange/import.h"
#include "genome/text.h"
#include "testutil.h"
#include "tests/fuzz/synth_export.h"

static genome starter_genome(void)
{
	uint8_t *text;
	size_t len;
	c2_err err;
	if (c2_read_file("genomes/starter.txt", 1u << 20, &text, &len, &err) != 0)
		fail_msg("genomes/starter.txt: %s", err.msg);
	genome g;
	if (genome_text_parse((const char *)text, len, &g, &err) != 0)
		fail_msg("starter.txt:%ld: %s", err.line, err.msg);
	free(text);
	return g;
}

/* The starter creature of `sex`, seed 5, after `ticks` world ticks; *cfg
 * (may be NULL) receives its configuration. */
static creature *hatch_run_cfg(genome_sex sex, unsigned ticks, creature_config *cfg_out)
{
	genome g = starter_genome();
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.sex = sex;
	cfg.seed = 5;
	if (cfg_out)
		*cfg_out = cfg;
	creature *c;
	c2_err err;
	if (creature_hatch(&c, &g, &cfg, &err) != 0)
		fail_msg("hatch: %s", err.msg);
	genome_free(&g);
	for (unsigned t = 0; t < ticks; t++)
		creature_step(c, NULL);
	return c;
}

static creature *hatch_run(genome_sex sex, unsigned ticks)
{
	return hatch_run_cfg(sex, ticks, NULL);
}

static void synth(c2_wbuf *w, const creature *c, bool blocks)
{
	c2_err err;
	if (sx_creature(w, c, "TEST", blocks, &err) != 0)
		fail_msg("synth: %s", err.msg);
}

static void parse_ok(exchange_file *x, const c2_wbuf *w)
{
	c2_err err;
	if (exchange_parse(x, w->data, w->len, &err) != 0)
		fail_msg("parse: %ld: %s", err.offset, err.msg);
}

/* Import with the default configuration, or fail the test. */
static creature *import_ok(const exchange_file *x, exchange_import_report *rep)
{
	creature_config cfg;
	creature_config_default(&cfg);
	creature *d;
	c2_err err;
	if (exchange_import(&d, x, &cfg, rep, &err) != 0)
		fail_msg("import: %ld: %s", err.offset, err.msg);
	return d;
}

/* The brains, chemicals and organ states of two views agree. */
static void assert_same_state(const exchange_file *a, const exchange_file *b)
{
	assert_int_equal(a->nlobes, b->nlobes);
	for (uint32_t l = 0; l < a->nlobes; l++) {
		const exchange_lobe *p = &a->lobes[l], *q = &b->lobes[l];
		assert_int_equal(p->cells, q->cells);
		assert_int_equal(p->threshold, q->threshold);
		assert_int_equal(p->leakage, q->leakage);
		assert_int_equal(p->rest, q->rest);
		assert_memory_equal(p->d, q->d, sizeof p->d);
		for (uint32_t i = 0; i < p->cells; i++) {
			assert_int_equal(p->neurons[i].state, q->neurons[i].state);
			assert_int_equal(p->neurons[i].output, q->neurons[i].output);
			for (unsigned t = 0; t < 2; t++)
				assert_int_equal(p->neurons[i].count[t], q->neurons[i].count[t]);
		}
		for (unsigned t = 0; t < 2; t++) {
			assert_int_equal(p->ndend[t], q->ndend[t]);
			for (uint32_t k = 0; k < p->ndend[t]; k++) {
				const exchange_dendrite *d = &p->dend[t][k], *e = &q->dend[t][k];
				assert_int_equal(d->src, e->src);
				assert_int_equal(d->stw, e->stw);
				assert_int_equal(d->ltw, e->ltw);
				assert_int_equal(d->strength, e->strength);
				assert_int_equal(d->suscept, e->suscept);
			}
		}
	}
	assert_memory_equal(a->chem + 1, b->chem + 1, 255);
	assert_memory_equal(a->half + 1, b->half + 1, 255);
	assert_int_equal(a->norgans, b->norgans);
	for (size_t i = 0; i <= a->norgans; i++) {
		const exchange_organ *o = i < a->norgans ? &a->organs[i] : &a->brain_organ;
		const exchange_organ *p = i < a->norgans ? &b->organs[i] : &b->brain_organ;
		assert_int_equal(o->clock, p->clock);
		assert_int_equal(o->clock_rate, p->clock_rate);
		assert_int_equal(o->biotick, p->biotick);
		assert_int_equal(o->repair_rate, p->repair_rate);
		assert_int_equal(o->injury, p->injury);
		assert_int_equal(o->nreceptors, p->nreceptors);
		if (o->nreceptors)
			assert_memory_equal(o->receptors, p->receptors, (size_t)o->nreceptors * 8);
		/* the archive keeps 32-bit floats */
		assert_true(fabs(o->st_lf - p->st_lf) <= 0.07 && fabs(o->lt_lf - p->lt_lf) <= 0.07);
	}
}

/* ---- reading -------------------------------------------------------------------------- */

static void test_read_synthetic(void **state)
{
	(void)state;
	creature *c = hatch_run(GENOME_MALE, 300);
	c2_wbuf w = {0};
	synth(&w, c, true);
	exchange_file x, v;
	parse_ok(&x, &w);
	c2_err err;
	assert_int_equal(exchange_from_creature(c, &v, &err), 0);

	/* blocks: the understood ones read, the rest skipped by name and offset */
	static const char *const names[] = {"Creature", "CGallery", "CBrain", "CThing",
	                                    "CBiochemistry", "after CBiochemistry", "CGenome"};
	static const bool parsed[] = {false, false, true, false, true, false, true};
	assert_int_equal(x.nblocks, 7);
	size_t end = 0;
	for (size_t i = 0; i < x.nblocks; i++) {
		assert_string_equal(x.blocks[i].name, names[i]);
		assert_int_equal(x.blocks[i].parsed, parsed[i]);
		assert_int_equal(x.blocks[i].offset, end); /* contiguous, nothing unaccounted */
		end += x.blocks[i].length;
	}
	assert_int_equal(end, w.len);
	assert_int_equal(x.blocks[0].offset, 0);

	assert_true(x.has_brain && x.has_biochem && x.has_genome && x.has_order && x.has_updates);
	assert_string_equal(x.moniker, "TEST");
	assert_int_equal(x.sex, GENOME_MALE);
	assert_int_equal(x.stage, 0);
	assert_int_equal(x.brain_updates, brain_ticks(creature_brain_const(c)));
	assert_memory_equal(x.order, v.order, v.nlobes * sizeof *v.order);
	assert_same_state(&x, &v);
	uint64_t age;
	assert_true(exchange_export_age(&x, &age));
	assert_int_equal(age * CREATURE_BIOCHEM_PERIOD, creature_ticks(c));
	size_t loose, n = exchange_dendrites(&x, &loose);
	assert_true(n > 500 && loose > 0 && loose < n);

	/* the embedded genome is the creature's */
	genome g;
	assert_int_equal(genome_parse(&g, x.genes, x.ngenes_bytes, &err), 0);
	genome kept;
	assert_int_equal(creature_genome(c, &kept, &err), 0);
	assert_int_equal(g.ngenes, kept.ngenes);
	genome_free(&kept);
	genome_free(&g);

	exchange_free(&x);
	exchange_free(&v);
	exchange_free(NULL);
	c2_wbuf_free(&w);
	creature_free(c);
}

/* ---- importing ----------------------------------------------------------------------------- */

static void test_import_roundtrip(void **state)
{
	(void)state;
	creature *c = hatch_run(GENOME_FEMALE, 300);
	c2_wbuf w = {0};
	synth(&w, c, false);
	exchange_file x, v, u;
	parse_ok(&x, &w);
	exchange_import_report rep;
	creature *d = import_ok(&x, &rep);
	c2_err err;
	assert_string_equal(rep.moniker, "TEST");
	assert_int_equal(rep.sex, GENOME_FEMALE);
	assert_int_equal(creature_sex(d), GENOME_FEMALE);
	assert_true(rep.age_known);
	assert_int_equal(rep.world_ticks, 300);
	assert_int_equal(creature_ticks(d), 300);
	assert_true(rep.brain && rep.chemicals && rep.brain_organ);
	assert_int_equal(rep.organs_matched, rep.organs);
	assert_int_equal(rep.instincts_pending, brain_instinct_pending(creature_brain_const(c)));
	assert_int_equal(brain_ticks(creature_brain_const(d)), brain_ticks(creature_brain_const(c)));

	/* the imported creature holds the exported state */
	assert_int_equal(exchange_from_creature(c, &v, &err), 0);
	assert_int_equal(exchange_from_creature(d, &u, &err), 0);
	assert_same_state(&v, &u);
	exchange_free(&u);

	/* it saves, loads and runs on; its brain and chemistry move */
	c2_wbuf s = {0};
	assert_int_equal(creature_save(d, NULL, 0, &s), 0);
	creature *e;
	assert_int_equal(creature_load(&e, s.data, s.len, NULL, NULL, &err), 0);
	assert_int_equal(creature_hash(d), creature_hash(e));
	uint64_t bh = brain_hash(creature_brain_const(e));
	uint8_t chem[256];
	memcpy(chem, bc_chemicals(creature_biochem_const(e)), sizeof chem);
	for (int t = 0; t < 2000; t++)
		creature_step(e, NULL);
	assert_int_not_equal(brain_hash(creature_brain_const(e)), bh);
	assert_memory_not_equal(bc_chemicals(creature_biochem_const(e)), chem, sizeof chem);

	creature_free(e);
	c2_wbuf_free(&s);
	exchange_free(&v);
	exchange_free(&x);
	c2_wbuf_free(&w);
	creature_free(d);
	creature_free(c);
}

/* Exported while dreaming its birth instincts: the import infers which are
 * still pending from the wiring and dreams them on, as the original does. */
static void test_import_mid_dream(void **state)
{
	(void)state;
	creature *c = hatch_run(GENOME_MALE, 12);
	size_t pending = brain_instinct_pending(creature_brain_const(c));
	assert_true(pending > 2);
	assert_true(creature_dreaming(c));
	c2_wbuf w = {0};
	synth(&w, c, false);
	exchange_file x;
	parse_ok(&x, &w);
	exchange_import_report rep;
	creature *d = import_ok(&x, &rep);
	c2_err err;
	assert_int_equal(rep.instincts_pending, pending);
	assert_int_equal(brain_instinct_pending(creature_brain_const(d)), pending);
	assert_true(creature_dreaming(d));
	for (int t = 0; t < 400; t++) {
		creature_step(c, NULL);
		creature_step(d, NULL);
	}
	assert_int_equal(brain_instinct_pending(creature_brain_const(d)), 0);
	/* both wired the same instincts */
	exchange_file v, u;
	assert_int_equal(exchange_from_creature(c, &v, &err), 0);
	assert_int_equal(exchange_from_creature(d, &u, &err), 0);
	genome kept;
	assert_int_equal(creature_genome(c, &kept, &err), 0);
	const genome *g = &kept;
	size_t wired = 0;
	for (size_t i = 0; i < g->ngenes; i++)
		if (g->genes[i].kind == GK_INSTINCT && genome_gene_switches_on(&g->genes[i], GENOME_MALE, 0)) {
			bool a = exchange_instinct_wired(c, &v, &g->genes[i].u.instinct);
			bool b = exchange_instinct_wired(d, &u, &g->genes[i].u.instinct);
			assert_int_equal(a, b);
			wired += a;
		}
	assert_true(wired >= pending);
	genome_free(&kept);
	exchange_free(&v);
	exchange_free(&u);
	exchange_free(&x);
	c2_wbuf_free(&w);
	creature_free(d);
	creature_free(c);
}

/* The comparison of an export with c2rt's own run of its genome: the
 * export of a c2rt creature agrees with c2rt on every row the genome
 * decides, and on everything else too when the seed is the same. */
static void test_compare_self(void **state)
{
	(void)state;
	creature_config cfg;
	creature *c = hatch_run_cfg(GENOME_MALE, 300, &cfg);
	c2_err err;
	c2_wbuf w = {0};
	synth(&w, c, true);
	exchange_file x;
	parse_ok(&x, &w);
	exchange_compare cmp;
	if (exchange_compare_export(&x, &cfg, &cmp, &err) != 0)
		fail_msg("compare: %s", err.msg);
	assert_int_equal(cmp.world_ticks, 300);
	assert_true(cmp.n > 100);
	size_t genome_rows = 0;
	for (size_t i = 0; i < cmp.n; i++) {
		const exchange_compare_row *r = &cmp.rows[i];
		if (r->verdict != EXCHANGE_EQUAL)
			fail_msg("%s / %s: %s vs %s (%s)", r->item, r->field, r->exp, r->mine,
			         exchange_basis_name(r->basis));
		genome_rows += r->basis == EXCHANGE_BASIS_GENOME;
	}
	assert_true(genome_rows > 100);
	exchange_compare_free(&cmp);

	/* another seed: the genome's rows still agree; the wiring does not */
	cfg.seed = 6;
	assert_int_equal(exchange_compare_export(&x, &cfg, &cmp, &err), 0);
	size_t random_off = 0;
	for (size_t i = 0; i < cmp.n; i++) {
		const exchange_compare_row *r = &cmp.rows[i];
		if (r->basis == EXCHANGE_BASIS_GENOME && r->verdict != EXCHANGE_EQUAL)
			fail_msg("%s / %s: %s vs %s", r->item, r->field, r->exp, r->mine);
		random_off += r->basis != EXCHANGE_BASIS_GENOME && r->verdict != EXCHANGE_EQUAL;
	}
	assert_true(random_off > 0);
	exchange_compare_free(&cmp);

	/* the spread over seeds 6..13: the wiring's rows get one, with the
	 * run's own value inside it; seed 1 (the export's) is not among them,
	 * so some row parts from the export. The wiring's rows are judged
	 * against the spread (equal: every seed gave the export's value; close:
	 * inside the range and within 3 sd of the mean); the others keep seed
	 * 6's verdicts, and so does every row with --seeds 1. */
	exchange_compare one, many, single;
	assert_int_equal(exchange_compare_export(&x, &cfg, &one, &err), 0);
	assert_int_equal(exchange_compare_seeds(&x, &cfg, 8, &many, &err), 0);
	assert_int_equal(exchange_compare_seeds(&x, &cfg, 1, &single, &err), 0);
	assert_int_equal(many.nseeds, 8);
	assert_int_equal(one.n, many.n);
	assert_int_equal(one.n, single.n);
	assert_memory_equal(one.count, single.count, sizeof one.count);
	size_t spreads = 0, varied = 0, rejudged = 0;
	size_t count[EXCHANGE_NVERDICTS][EXCHANGE_NBASES] = {{0}};
	for (size_t i = 0; i < many.n; i++) {
		const exchange_compare_row *r = &many.rows[i];
		assert_string_equal(r->mine, one.rows[i].mine);
		assert_int_equal(single.rows[i].verdict, one.rows[i].verdict);
		count[r->verdict][r->basis]++;
		if (!r->spread.n) { /* the wiring's rows are all whole numbers */
			assert_int_not_equal(r->basis, EXCHANGE_BASIS_RANDOM);
			assert_int_equal(r->verdict, one.rows[i].verdict);
			continue;
		}
		long ex = atol(r->exp);
		exchange_verdict want =
			r->spread.min == ex && r->spread.max == ex ? EXCHANGE_EQUAL
			: r->spread.inside && fabs((double)ex - r->spread.mean) <= 3 * r->spread.sd
				? EXCHANGE_CLOSE
				: EXCHANGE_DIFFERENT;
		assert_int_equal(r->verdict, want);
		assert_non_null(strstr(r->note, "over 8 seeds: close = in c2rt's range and within 3 sd"));
		rejudged += r->verdict != one.rows[i].verdict;
		spreads++;
		assert_int_equal(r->basis, EXCHANGE_BASIS_RANDOM);
		assert_int_equal(r->spread.n, 8);
		long mine = atol(r->mine), e = atol(r->exp);
		assert_true(r->spread.min <= mine && mine <= r->spread.max);
		assert_true(r->spread.min <= r->spread.mean && r->spread.mean <= r->spread.max);
		assert_int_equal(r->spread.inside, e >= r->spread.min && e <= r->spread.max);
		varied += r->spread.min < r->spread.max && r->spread.sd > 0;
	}
	assert_true(spreads > 0);
	assert_true(varied > 0);
	assert_true(rejudged > 0); /* the distribution decides, not seed 6 */
	assert_memory_equal(count, many.count, sizeof count);
	exchange_compare_free(&one);
	exchange_compare_free(&many);
	exchange_compare_free(&single);
	exchange_free(&x);
	c2_wbuf_free(&w);
	creature_free(c);
}

/* ---- refusing ----------------------------------------------------------------------------- */

static void expect_refused(const uint8_t *data, size_t len, long at_most, const char *what)
{
	exchange_file x;
	c2_err err;
	int rc = exchange_parse(&x, data, len, &err);
	if (rc != C2_EFORMAT)
		fail_msg("%s: parse gave %d, not a format error", what, rc);
	if (err.offset < 0 || err.offset > at_most)
		fail_msg("%s: offset %ld outside 0..%ld (%s)", what, err.offset, at_most, err.msg);
}

static void test_truncated(void **state)
{
	(void)state;
	creature *c = hatch_run(GENOME_MALE, 300);
	c2_wbuf w = {0};
	synth(&w, c, true);
	for (size_t cut = 0; cut < w.len; cut += cut < 64 ? 1 : 7)
		expect_refused(w.data, cut, (long)cut, "truncated");
	expect_refused(w.data, w.len - 1, (long)w.len, "last byte cut");
	c2_wbuf_free(&w);
	creature_free(c);
}

static size_t block_at(const exchange_file *x, const char *name)
{
	for (size_t i = 0; i < x->nblocks; i++)
		if (!strcmp(x->blocks[i].name, name))
			return x->blocks[i].offset;
	fail_msg("no block %s", name);
	return 0;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void test_corrupted(void **state)
{
	(void)state;
	creature *c = hatch_run(GENOME_MALE, 300);
	c2_wbuf w = {0};
	synth(&w, c, false);
	exchange_file y, x; /* y: the good file's layout; x: scratch */
	parse_ok(&y, &w);
	uint8_t *b = malloc(w.len);
	assert_non_null(b);
	c2_err err;
#define FRESH() memcpy(b, w.data, w.len)

	FRESH();
	b[0] = 0;
	expect_refused(b, w.len, 0, "no Creature marker");

	/* the lobe count: after CBrain's marker and the brain organ (54 bytes) */
	size_t cbrain = block_at(&y, "CBrain") + 6 + 6;
	FRESH();
	put32(b + cbrain + 54, 0x7FFFFFFF);
	expect_refused(b, w.len, (long)(cbrain + 54), "lobe count");

	/* a dendrite type's source lobe that does not exist: refused at a dendrite */
	uint32_t l = 0;
	while (l < y.nlobes && y.lobes[l].ndend[0] == 0)
		l++;
	assert_true(l < y.nlobes);
	FRESH();
	put32(b + y.lobes[l].offset + 47, 200);
	expect_refused(b, w.len, (long)w.len, "dendrite source lobe");
	assert_int_equal(exchange_parse(&x, b, w.len, &err), C2_EFORMAT);
	assert_non_null(strstr(err.msg, "dendrite from lobe 200"));
	assert_true(err.offset > (long)y.lobes[y.nlobes - 1].offset);

	/* organs: the body organ's receptor count, its life force, a bad class reference */
	size_t organ = block_at(&y, "CBiochemistry") + 6 + 13 + 2 + 512 + 6 + 6;
	FRESH();
	put32(b + organ + 38, 5);
	expect_refused(b, w.len, (long)w.len, "receptor count");
	FRESH();
	put32(b + organ + 11, 0x7FC00000); /* NaN */
	expect_refused(b, w.len, (long)(organ + 11), "life force");
	assert_int_equal(exchange_parse(&x, b, w.len, &err), C2_EFORMAT);
	assert_int_equal(err.offset, (long)(organ + 11));
	FRESH();
	size_t second = y.organs[1].offset - 2; /* the second organ's class reference */
	assert_int_equal(b[second] | b[second + 1] << 8, SX_ORGAN_REF);
	b[second] = 0x07;
	/* the first reference sets the class; the next organ's no longer matches */
	assert_true(y.norgans > 2);
	expect_refused(b, w.len, (long)w.len, "organ class reference");
	assert_int_equal(exchange_parse(&x, b, w.len, &err), C2_EFORMAT);
	assert_int_equal(err.offset, (long)(y.organs[2].offset - 2));
	FRESH();
	b[second + 1] = 0x00; /* 0x0003: an object reference, not a class */
	expect_refused(b, w.len, (long)second, "object reference");

	/* CGenome: a length past the end; a broken gene stream */
	size_t gen = block_at(&y, "CGenome") + 6 + 7;
	FRESH();
	put32(b + gen, 0xFFFFFF);
	expect_refused(b, w.len, (long)gen, "genome length");
	FRESH();
	b[y.genes_offset] = 'X'; /* "gene" -> "Xene" */
	parse_ok(&x, &(c2_wbuf){b, w.len, w.len, false});
	creature_config cfg;
	creature_config_default(&cfg);
	creature *d;
	assert_int_equal(exchange_import(&d, &x, &cfg, NULL, &err), C2_EFORMAT);
	assert_true(err.offset >= (long)y.genes_offset);
	exchange_free(&x);
	FRESH();
	put32(b + y.genes_offset - 5, 3); /* sex 3 */
	parse_ok(&x, &(c2_wbuf){b, w.len, w.len, false});
	assert_int_equal(exchange_import(&d, &x, &cfg, NULL, &err), C2_EFORMAT);
	assert_int_equal(exchange_compare_export(&x, &cfg, &(exchange_compare){0}, &err),
	                 C2_EFORMAT);
	exchange_free(&x);
#undef FRESH
	exchange_free(&y);
	free(b);
	c2_wbuf_free(&w);
	creature_free(c);
}

/* ---- the real export (skipped without the shared data) ------------------------------------ */

static void test_real_export(void **state)
{
	(void)state;
	const char *path = test_shared("exports/c2-norn-6KUC.exp");
	if (!path)
		skip();
	exchange_file x;
	c2_err err;
	if (exchange_read_file(&x, path, &err) != 0)
		fail_msg("%ld: %s", err.offset, err.msg);
	size_t parsed = 0;
	for (size_t i = 0; i < x.nblocks; i++)
		parsed += x.blocks[i].parsed;
	assert_int_equal(parsed, 3);

	/* its genome is the standard norn's but for the 20 bytes the reference names */
	uint8_t *norn;
	size_t len;
	TEST_READ_SHARED("genomes/c2-norn.gen", &norn, &len);
	assert_true(len >= 4 + x.ngenes_bytes);
	size_t diff = 0;
	for (size_t i = 0; i < x.ngenes_bytes; i++)
		diff += norn[4 + i] != x.genes[i];
	assert_int_equal(diff, 20);
	free(norn);

	/* every row the genome alone decides agrees */
	creature_config cfg;
	creature_config_default(&cfg);
	exchange_compare cmp;
	if (exchange_compare_export(&x, &cfg, &cmp, &err) != 0)
		fail_msg("compare: %s", err.msg);
	for (size_t i = 0; i < cmp.n; i++) {
		const exchange_compare_row *r = &cmp.rows[i];
		if (r->basis == EXCHANGE_BASIS_GENOME && r->verdict != EXCHANGE_EQUAL)
			fail_msg("%s / %s: export %s, c2rt %s", r->item, r->field, r->exp, r->mine);
	}
	exchange_compare_free(&cmp);

	/* imported, it runs 10,000 ticks; its brain and chemistry move */
	exchange_import_report rep;
	creature *c = import_ok(&x, &rep);
	assert_true(rep.brain && rep.chemicals && rep.brain_organ && rep.age_known);
	assert_int_equal(rep.organs_matched, rep.organs);
	uint64_t bh = brain_hash(creature_brain_const(c));
	uint8_t chem[256];
	memcpy(chem, bc_chemicals(creature_biochem_const(c)), sizeof chem);
	for (int t = 0; t < 10000; t++)
		creature_step(c, NULL);
	assert_true(creature_alive(c));
	assert_int_not_equal(brain_hash(creature_brain_const(c)), bh);
	assert_memory_not_equal(bc_chemicals(creature_biochem_const(c)), chem, sizeof chem);
	creature_free(c);
	exchange_free(&x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_synthetic),
		cmocka_unit_test(test_import_roundtrip),
		cmocka_unit_test(test_import_mid_dream),
		cmocka_unit_test(test_compare_self),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_corrupted),
		cmocka_unit_test(test_real_export),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
