/* test_biochem_state.c — saving, loading and hashing a biochemistry:
 * round trips (bytes, hash and continued runs equal; loci re-bound through
 * the loader's resolver), and truncated, corrupted and randomly damaged
 * states failing cleanly (C2_EFORMAT, nothing leaked, no bad read). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/rng.h"
#include "biochem/biochem.h"
#include "genome/vocab.h"
#include "testutil.h"

/* ---------------------------------------------------------------- fixture */

typedef struct creature_engine_loci {
	uint8_t creature[6][256];
	uint8_t brain[16][2][256];
} creature_engine_loci;

static uint8_t *resolve(void *ctx, genome_locus_dir dir, uint8_t organ, uint8_t tissue, uint8_t locus)
{
	creature_engine_loci *e = ctx;
	if (organ == 1 && tissue < 6)
		return &e->creature[tissue][locus];
	if (organ == 0 && tissue < 16)
		return &e->brain[tissue][dir][locus];
	return NULL;
}

static void add_gene(genome *g, genome_kind kind, const uint8_t *body)
{
	genome_gene gene;
	genome_gene_init(&gene, kind);
	memcpy(gene.u.raw, body, genome_kinds[kind].body_size);
	c2_err err;
	assert_int_equal(genome_append(g, &gene, &err), 0);
}

#define GENE(g, kind, ...)                            \
	do {                                              \
		const uint8_t body_[] = {__VA_ARGS__};        \
		add_gene((g), (kind), body_);                 \
	} while (0)

/* Every element kind, two organs, the brain organ, a receptor group of two
 * and an orphan receptor on the body organ. */
static void small_genome(genome *g)
{
	genome_init(g);
	GENE(g, GK_RECEPTOR, 1, 1, 9, 40, 0, 3, 0, 0);       /* body organ */
	GENE(g, GK_BRAIN_ORGAN, 128, 16, 255, 52, 64);
	GENE(g, GK_ORGAN, 255, 5, 255, 0, 10);
	GENE(g, GK_RECEPTOR, 1, 1, 0, 40, 100, 8, 200, 0);   /* group A */
	GENE(g, GK_RECEPTOR, 1, 1, 0, 43, 10, 0, 255, 1);    /* group A */
	GENE(g, GK_RECEPTOR, 1, 1, 1, 40, 0, 1, 255, 2);     /* group B */
	GENE(g, GK_RECEPTOR, 2, 0, 1, 42, 0, 20, 255, 0);    /* own repair rate */
	GENE(g, GK_RECEPTOR, 0, 3, 13, 42, 0, 0, 255, 0);    /* brain lobe 3 chem 0 */
	GENE(g, GK_EMITTER, 1, 1, 2, 41, 10, 2, 5, 3);       /* digital, clear */
	GENE(g, GK_EMITTER, 0, 3, 0, 45, 0, 1, 255, 0);      /* lobe activity */
	GENE(g, GK_REACTION, 1, 40, 0, 0, 1, 42, 0, 0, 24);
	GENE(g, GK_ORGAN, 127, 6, 255, 100, 16);
	GENE(g, GK_REACTION, 1, 42, 1, 43, 2, 44, 0, 0, 8);
	GENE(g, GK_REACTION, 1, 44, 0, 0, 1, 43, 0, 0, 72);
	GENE(g, GK_EMITTER, 2, 0, 0, 46, 100, 1, 1, 2);      /* own clock rate */
	uint8_t half[256];
	memset(half, 72, sizeof half);
	half[GENOME_CHEM_ATP] = 255;
	add_gene(g, GK_HALF_LIVES, half);
	GENE(g, GK_INIT_CONC, GENOME_CHEM_ATP, 200);
	GENE(g, GK_INIT_CONC, 40, 150);
	GENE(g, GK_INIT_CONC, 43, 90);
}

static bc_biochem *hatch(const genome *g, const bc_options *opt, creature_engine_loci *e)
{
	bc_biochem *b;
	c2_err err;
	assert_int_equal(bc_create(&b, opt, resolve, e, &err), 0);
	size_t *idx = malloc(g->ngenes * sizeof *idx);
	assert_non_null(idx);
	size_t n = genome_switched_on(g, GENOME_FEMALE, 0, idx);
	assert_int_equal(bc_express(b, g, idx, n, NULL, &err), 0);
	free(idx);
	return b;
}

/* World ticks t0+1 .. t0+n of an engine: brain organ every 4, biochemistry
 * every 2; it also pokes a locus and the ATP so that every path runs. */
static void run(bc_biochem *b, creature_engine_loci *e, int t0, int n)
{
	for (int t = t0 + 1; t <= t0 + n; t++) {
		if (t % 7 == 0)
			e->creature[1][2] = (uint8_t)(t * 13);
		if (t % 4 == 0)
			bc_brain_organ_tick(b);
		if (t % 2 == 0)
			bc_tick(b);
		if (t % 50 == 0)
			bc_chem_add(b, GENOME_CHEM_ATP, 40);
		if (t % 90 == 0)
			bc_organ_set_injury(b, 1, 200);
	}
}

static c2_wbuf save(const bc_biochem *b)
{
	c2_wbuf w = {0};
	assert_int_equal(bc_save(b, &w), 0);
	assert_true(w.len > 0);
	return w;
}

static int load(const uint8_t *data, size_t len, creature_engine_loci *e, bc_biochem **out, c2_err *err)
{
	c2_rbuf r = c2_rbuf_make(data, len);
	return bc_load(out, &r, resolve, e, err);
}

static void load_norn(genome *g)
{
	TEST_LOAD_NORN(g);
}

/* Save `a`, load it against a copy of its engine loci, and check that the
 * two then run identically for `more` world ticks. */
static void check_roundtrip(bc_biochem *a, creature_engine_loci *ea, int t0, int more)
{
	c2_wbuf w = save(a);
	creature_engine_loci *eb = malloc(sizeof *eb);
	assert_non_null(eb);
	memcpy(eb, ea, sizeof *eb);
	bc_biochem *b;
	c2_err err;
	c2_rbuf r = c2_rbuf_make(w.data, w.len);
	assert_int_equal(bc_load(&b, &r, resolve, eb, &err), 0);
	assert_int_equal(r.pos, w.len);
	assert_true(bc_hash(a) == bc_hash(b));
	c2_wbuf w2 = save(b);
	assert_int_equal(w2.len, w.len);
	assert_memory_equal(w2.data, w.data, w.len);
	assert_memory_equal(bc_get_options(a), bc_get_options(b), sizeof(bc_options));
	assert_int_equal(bc_organ_count(a), bc_organ_count(b));
	for (size_t i = 0; i < bc_organ_count(a); i++) {
		bc_organ_info oa, ob;
		assert_true(bc_organ_get(a, i, &oa));
		assert_true(bc_organ_get(b, i, &ob));
		assert_memory_equal(&oa, &ob, sizeof oa);
	}
	/* b's loci are bound to eb (not ea): both worlds evolve alike. */
	run(a, ea, t0, more);
	run(b, eb, t0, more);
	assert_true(bc_hash(a) == bc_hash(b));
	assert_memory_equal(ea, eb, sizeof *ea);
	bc_free(b);
	free(eb);
	c2_wbuf_free(&w);
	c2_wbuf_free(&w2);
}

/* ---------------------------------------------------------------- round trips */

static void test_roundtrip_small(void **state)
{
	(void)state;
	genome g;
	small_genome(&g);
	bc_options opt;
	c2_options_default(&bc_option_tab, &opt);
	opt.brain_energy_cost = 30;
	opt.emitter_clear_always = 1;
	creature_engine_loci *e = calloc(1, sizeof *e);
	bc_biochem *a = hatch(&g, &opt, e);
	assert_int_equal(bc_organ_count(a), 4); /* body, two organs, brain */
	check_roundtrip(a, e, 0, 0);            /* fresh */
	run(a, e, 0, 401);
	check_roundtrip(a, e, 401, 600); /* mid-run, odd tick */
	bc_free(a);

	/* Only the body organ. */
	bc_biochem *empty;
	c2_err err;
	assert_int_equal(bc_create(&empty, NULL, NULL, NULL, &err), 0);
	check_roundtrip(empty, e, 0, 100);
	bc_free(empty);
	free(e);
	genome_free(&g);
}

static void test_roundtrip_norn(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	load_norn(&g);
	creature_engine_loci *e = calloc(1, sizeof *e);
	bc_biochem *a = hatch(&g, NULL, e);
	run(a, e, 0, 4000);
	check_roundtrip(a, e, 4000, 4000);
	bc_free(a);
	free(e);
	genome_free(&g);
}

static void test_hash(void **state)
{
	(void)state;
	genome g;
	small_genome(&g);
	creature_engine_loci *e1 = calloc(1, sizeof *e1), *e2 = calloc(1, sizeof *e2);
	bc_biochem *a = hatch(&g, NULL, e1), *b = hatch(&g, NULL, e2);
	assert_true(bc_hash(a) == bc_hash(b));
	/* The hash is the hash of the saved bytes. */
	c2_wbuf w = save(a);
	assert_true(bc_hash(a) == c2_hash_finish(c2_hash_bytes(C2_HASH_INIT, w.data, w.len)));
	c2_wbuf_free(&w);
	bc_tick(a);
	assert_true(bc_hash(a) != bc_hash(b));
	bc_tick(b);
	assert_true(bc_hash(a) == bc_hash(b));
	/* Options are state. */
	bc_options opt;
	c2_options_default(&bc_option_tab, &opt);
	opt.die_locus_or = 0;
	bc_biochem *c = hatch(&g, &opt, e2);
	bc_tick(c);
	assert_true(bc_hash(c) != bc_hash(b));
	bc_free(a);
	bc_free(b);
	bc_free(c);
	free(e1);
	free(e2);
	genome_free(&g);
}

/* ---------------------------------------------------------------- bad data */

static void test_truncated(void **state)
{
	(void)state;
	genome g;
	small_genome(&g);
	creature_engine_loci *e = calloc(1, sizeof *e);
	bc_biochem *a = hatch(&g, NULL, e);
	run(a, e, 0, 300);
	c2_wbuf w = save(a);
	for (size_t len = 0; len < w.len; len++) {
		bc_biochem *b = (bc_biochem *)1;
		c2_err err;
		int rc = load(w.data, len, e, &b, &err);
		if (rc != C2_EFORMAT)
			fail_msg("prefix of %zu/%zu bytes: rc %d", len, w.len, rc);
		assert_null(b);
		assert_true(err.offset >= 0 && (size_t)err.offset <= len);
	}
	/* Trailing bytes are left to the caller. */
	uint8_t *longer = malloc(w.len + 5);
	memcpy(longer, w.data, w.len);
	memset(longer + w.len, 0xEE, 5);
	c2_rbuf r = c2_rbuf_make(longer, w.len + 5);
	bc_biochem *b;
	c2_err err;
	assert_int_equal(bc_load(&b, &r, resolve, e, &err), 0);
	assert_int_equal(r.pos, w.len);
	bc_free(b);
	free(longer);
	c2_wbuf_free(&w);
	bc_free(a);
	free(e);
	genome_free(&g);
}

/* Offsets inside a saved state (see the layout in biochem/state.c). */
/* Options are saved by name (c2_options_save): u32 count, then per option a
 * length byte, the name and a u32 value; offsets follow from the table. */
enum { OFF_VERSION = 4, OFF_NOPT = 8 };
static size_t option_block(void)
{
	size_t n = bc_option_tab.n, size = 4;
	const c2_option *t = bc_option_tab.v;
	for (size_t i = 0; i < n; i++)
		if (!t[i].transient) /* modes are never saved */
			size += 1 + strlen(t[i].name) + 4;
	return size;
}
static size_t saved_options(void)
{
	size_t k = 0;
	for (size_t i = 0; i < bc_option_tab.n; i++)
		k += !bc_option_tab.v[i].transient;
	return k;
}
#define NOPT saved_options()
#define OFF_OPT0 (OFF_NOPT + 4 + 1 + strlen(bc_option_tab.v[0].name))
#define OFF_HAVE_HALF (OFF_NOPT + option_block() + 4)
#define OFF_NORGANS (OFF_HAVE_HALF + 1 + 512)
#define OFF_ORGAN(i) (OFF_NORGANS + 4 + 34 * (i))
enum { O_KIND = 0, O_GENE = 1, O_FAILED = 12, O_ST = 18, O_LT = 26 };

static void put_u32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put_f64(uint8_t *p, double d)
{
	uint64_t bits;
	memcpy(&bits, &d, sizeof bits);
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(bits >> (8 * i));
}

static void swap_records(uint8_t *p, size_t size)
{
	uint8_t tmp[32];
	memcpy(tmp, p, size);
	memcpy(p, p + size, size);
	memcpy(p + size, tmp, size);
}

static void expect_bad(const c2_wbuf *w, creature_engine_loci *e, void (*mutate)(uint8_t *, size_t),
                       const char *what)
{
	uint8_t *d = malloc(w->len);
	memcpy(d, w->data, w->len);
	mutate(d, w->len);
	bc_biochem *b = (bc_biochem *)1;
	c2_err err;
	int rc = load(d, w->len, e, &b, &err);
	if (rc != C2_EFORMAT)
		fail_msg("%s: accepted (rc %d)", what, rc);
	assert_null(b);
	if (!strstr(err.msg, "biochemistry state"))
		fail_msg("%s: message '%s'", what, err.msg);
	free(d);
}

/* The small genome's state: 4 organs, then has_brain + brain organ, then 6
 * receptors (body organ 1, organ 1 5: A A B repair lobe) ... */
#define OFF_BRAIN_FLAG OFF_ORGAN(3)
#define OFF_NREC (OFF_BRAIN_FLAG + 1 + 34)
#define OFF_REC(i) (OFF_NREC + 4 + 16 * (i))
#define OFF_NEM OFF_REC(6)
#define OFF_NRX (OFF_NEM + 4 + 16 * 3)
#define OFF_RX(i) (OFF_NRX + 4 + 17 * (i))

static void m_magic(uint8_t *d, size_t n) { (void)n; d[0] = 'X'; }
static void m_version(uint8_t *d, size_t n) { (void)n; put_u32(d + OFF_VERSION, 2); }
static void m_nopt(uint8_t *d, size_t n) { (void)n; put_u32(d + OFF_NOPT, (uint32_t)NOPT + 1); }
static void m_opt(uint8_t *d, size_t n) { (void)n; put_u32(d + OFF_OPT0, 2); }
static void m_have_half(uint8_t *d, size_t n) { (void)n; d[OFF_HAVE_HALF] = 2; }
static void m_no_organs(uint8_t *d, size_t n) { (void)n; put_u32(d + OFF_NORGANS, 0); }
static void m_many_organs(uint8_t *d, size_t n) { (void)n; put_u32(d + OFF_NORGANS, 0x7FFFFFFF); }
static void m_body_kind(uint8_t *d, size_t n) { (void)n; d[OFF_ORGAN(0) + O_KIND] = BC_ORGAN_GENOME; }
static void m_body_gene(uint8_t *d, size_t n) { (void)n; put_u32(d + OFF_ORGAN(0) + O_GENE, 5); }
static void m_organ_order(uint8_t *d, size_t n) { (void)n; put_u32(d + OFF_ORGAN(2) + O_GENE, 1); }
static void m_nan(uint8_t *d, size_t n) { (void)n; put_f64(d + OFF_ORGAN(1) + O_ST, NAN); }
static void m_negative(uint8_t *d, size_t n) { (void)n; put_f64(d + OFF_ORGAN(1) + O_LT, -1.0); }
static void m_failed(uint8_t *d, size_t n) { (void)n; d[OFF_ORGAN(1) + O_FAILED] = 1; }
static void m_flag(uint8_t *d, size_t n) { (void)n; d[OFF_ORGAN(1) + O_FAILED] = 7; }
static void m_brain_flag(uint8_t *d, size_t n) { (void)n; d[OFF_BRAIN_FLAG] = 3; }
static void m_brain_kind(uint8_t *d, size_t n) { (void)n; d[OFF_BRAIN_FLAG + 1] = BC_ORGAN_BODY; }
static void m_nrec(uint8_t *d, size_t n) { (void)n; put_u32(d + OFF_NREC, 0xFFFFFFFF); }
static void m_rec_organ(uint8_t *d, size_t n) { (void)n; put_u32(d + OFF_REC(5), 9); }
static void m_rec_gene(uint8_t *d, size_t n) { (void)n; put_u32(d + OFF_REC(2) + 4, 0x80000000u); }
static void m_split(uint8_t *d, size_t n) { (void)n; swap_records(d + OFF_REC(2), 16); }
static void m_rx_order(uint8_t *d, size_t n) { (void)n; swap_records(d + OFF_RX(0), 17); }

static void test_corrupted(void **state)
{
	(void)state;
	genome g;
	small_genome(&g);
	creature_engine_loci *e = calloc(1, sizeof *e);
	bc_biochem *a = hatch(&g, NULL, e);
	run(a, e, 0, 200);
	c2_wbuf w = save(a);
	/* The offsets above assume this shape. */
	assert_int_equal(bc_elem_count(a, BC_RECEPTOR), 6);
	assert_int_equal(bc_elem_count(a, BC_EMITTER), 3);
	assert_int_equal(bc_elem_count(a, BC_REACTION), 3);
	assert_int_equal(w.len, (size_t)OFF_RX(3));
	bc_elem_info ei;
	assert_true(bc_elem_get(a, BC_RECEPTOR, 2, &ei) && ei.bytes[2] == 0); /* group A */
	assert_true(bc_elem_get(a, BC_RECEPTOR, 3, &ei) && ei.bytes[2] == 1); /* group B */
	assert_true(bc_elem_get(a, BC_REACTION, 0, &ei) && ei.organ == 1);
	assert_true(bc_elem_get(a, BC_REACTION, 1, &ei) && ei.organ == 2);

	expect_bad(&w, e, m_magic, "magic");
	expect_bad(&w, e, m_version, "version");
	expect_bad(&w, e, m_nopt, "option count");
	expect_bad(&w, e, m_opt, "option value");
	expect_bad(&w, e, m_have_half, "have_half");
	expect_bad(&w, e, m_no_organs, "no organs");
	expect_bad(&w, e, m_many_organs, "huge organ count");
	expect_bad(&w, e, m_body_kind, "body organ kind");
	expect_bad(&w, e, m_body_gene, "body organ gene");
	expect_bad(&w, e, m_organ_order, "organ order");
	expect_bad(&w, e, m_nan, "NaN life force");
	expect_bad(&w, e, m_negative, "negative life force");
	expect_bad(&w, e, m_failed, "failure flag");
	expect_bad(&w, e, m_flag, "flag value");
	expect_bad(&w, e, m_brain_flag, "brain flag");
	expect_bad(&w, e, m_brain_kind, "brain kind");
	expect_bad(&w, e, m_nrec, "huge receptor count");
	expect_bad(&w, e, m_rec_organ, "receptor organ");
	expect_bad(&w, e, m_rec_gene, "receptor gene");
	expect_bad(&w, e, m_split, "split receptor group");
	expect_bad(&w, e, m_rx_order, "reaction order");

	/* Random damage: either a clean C2_EFORMAT, or a state that loads and
	 * runs (any byte of a chemical, a clock or a gene body is legal). Run
	 * under the sanitizers, this checks that nothing reads out of bounds. */
	c2_rng rng;
	c2_rng_seed(&rng, 4);
	uint8_t *d = malloc(w.len);
	int accepted = 0, rejected = 0;
	for (int i = 0; i < 3000; i++) {
		memcpy(d, w.data, w.len);
		int flips = 1 + (int)c2_rng_below(&rng, 4);
		for (int k = 0; k < flips; k++)
			d[c2_rng_below(&rng, (uint32_t)w.len)] ^= (uint8_t)(1u << c2_rng_below(&rng, 8));
		bc_biochem *b;
		c2_err err;
		int rc = load(d, w.len, e, &b, &err);
		if (rc == 0) {
			accepted++;
			run(b, e, 0, 40);
			c2_wbuf w2 = save(b);
			c2_wbuf_free(&w2);
			bc_free(b);
		} else {
			assert_int_equal(rc, C2_EFORMAT);
			assert_null(b);
			rejected++;
		}
	}
	assert_true(accepted > 0 && rejected > 0);
	free(d);
	c2_wbuf_free(&w);
	bc_free(a);
	free(e);
	genome_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip_small),
		cmocka_unit_test(test_roundtrip_norn),
		cmocka_unit_test(test_hash),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_corrupted),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
