/* test_biochem.c — every biochemistry mechanism (reference §5) on small
 * synthetic genomes, each against values computed by hand in the comments:
 * options, chemicals, half-life decay, reactions, receptors and receptor
 * groups, emitters, organ clocks, ATP, starvation, injury, repair, failure,
 * the brain organ and the expression rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "biochem/biochem.h"
#include "genome/vocab.h"

/* ---------------------------------------------------------------- fixture */

/* The engine's locus bytes, as a resolver sees them: creature tissues 0..5
 * and brain lobes 0..3 (locus bytes used directly as the index). Lobe
 * numbers >= 4 have no storage, so the resolver returns NULL for them. */
typedef struct creature_engine_loci {
	uint8_t creature[6][256];
	uint8_t brain[4][256];
	int calls;
} creature_engine_loci;

static uint8_t *resolve(void *ctx, genome_locus_dir dir, uint8_t organ, uint8_t tissue, uint8_t locus)
{
	creature_engine_loci *e = ctx;
	(void)dir;
	e->calls++;
	if (organ == 1 && tissue < 6)
		return &e->creature[tissue][locus];
	if (organ == 0 && tissue < 4)
		return &e->brain[tissue][locus];
	return NULL;
}

static void add_gene(genome *g, genome_kind kind, int stage, const uint8_t *body)
{
	genome_gene gene;
	genome_gene_init(&gene, kind);
	gene.stage = (uint8_t)stage;
	memcpy(gene.u.raw, body, genome_kinds[kind].body_size);
	c2_err err;
	assert_int_equal(genome_append(g, &gene, &err), 0);
}

static void organ_gene(genome *g, uint8_t clock_rate, uint8_t lt_repair, uint8_t lf,
                       uint8_t start, uint8_t coef)
{
	uint8_t b[5] = {clock_rate, lt_repair, lf, start, coef};
	add_gene(g, GK_ORGAN, 0, b);
}

static void receptor(genome *g, uint8_t o, uint8_t t, uint8_t l, uint8_t chem, uint8_t thr,
                     uint8_t nom, uint8_t gain, uint8_t flags)
{
	uint8_t b[8] = {o, t, l, chem, thr, nom, gain, flags};
	add_gene(g, GK_RECEPTOR, 0, b);
}

static void emitter_at(genome *g, int stage, uint8_t o, uint8_t t, uint8_t l, uint8_t chem,
                       uint8_t thr, uint8_t rate, uint8_t gain, uint8_t flags)
{
	uint8_t b[8] = {o, t, l, chem, thr, rate, gain, flags};
	add_gene(g, GK_EMITTER, stage, b);
}

static void emitter(genome *g, uint8_t o, uint8_t t, uint8_t l, uint8_t chem, uint8_t thr,
                    uint8_t rate, uint8_t gain, uint8_t flags)
{
	emitter_at(g, 0, o, t, l, chem, thr, rate, gain, flags);
}

static void reaction(genome *g, uint8_t a1, uint8_t r1, uint8_t a2, uint8_t r2, uint8_t b1,
                     uint8_t p1, uint8_t b2, uint8_t p2, uint8_t rate)
{
	uint8_t b[9] = {a1, r1, a2, r2, b1, p1, b2, p2, rate};
	add_gene(g, GK_REACTION, 0, b);
}

/* A half-lives gene: every chemical `all`, then (chem, byte) pairs. */
static void half_lives(genome *g, uint8_t all, int npairs, const uint8_t *pairs)
{
	uint8_t b[256];
	memset(b, all, sizeof b);
	for (int i = 0; i < npairs; i++)
		b[pairs[2 * i]] = pairs[2 * i + 1];
	add_gene(g, GK_HALF_LIVES, 0, b);
}

static void init_conc(genome *g, uint8_t chem, uint8_t amount)
{
	uint8_t b[2] = {chem, amount};
	add_gene(g, GK_INIT_CONC, 0, b);
}

/* Express every gene of `g` of stage `stage` (any sex flags are ignored). */
static int express_stage(bc_biochem *b, const genome *g, int stage, bc_express_report *rep)
{
	size_t *idx = malloc((g->ngenes + 1) * sizeof *idx);
	assert_non_null(idx);
	size_t n = 0;
	for (size_t i = 0; i < g->ngenes; i++)
		if (g->genes[i].stage == stage)
			idx[n++] = i;
	c2_err err;
	int rc = bc_express(b, g, idx, n, rep, &err);
	free(idx);
	return rc;
}

static bc_biochem *make(const genome *g, const bc_options *opt, creature_engine_loci *e)
{
	bc_biochem *b;
	c2_err err;
	assert_int_equal(bc_create(&b, opt, e ? resolve : NULL, e, &err), 0);
	assert_int_equal(express_stage(b, g, 0, NULL), 0);
	return b;
}

static bc_organ_info organ(const bc_biochem *b, size_t i)
{
	bc_organ_info o;
	assert_true(bc_organ_get(b, i, &o));
	return o;
}

static void ticks(bc_biochem *b, int n)
{
	for (int i = 0; i < n; i++)
		bc_tick(b);
}

#define assert_near(a, b, eps)                                                         \
	do {                                                                           \
		double a_ = (a), b_ = (b);                                             \
		if (!(fabs(a_ - b_) <= (eps)))                                         \
			fail_msg("%s = %.9f, expected %.9f", #a, a_, b_);              \
	} while (0)

/* An organ that activates on every tick (clock rate 255, start 0), LF 255,
 * given LT repair and ATP coefficient. */
static void fast_organ(genome *g, uint8_t lt_repair, uint8_t coef)
{
	organ_gene(g, 255, lt_repair, 255, 0, coef);
}

/* ---------------------------------------------------------------- options */

static void test_options(void **state)
{
	(void)state;
	bc_options o;
	c2_options_default(&bc_option_tab, &o);
	assert_int_equal(o.injury_chemical, 1);
	assert_int_equal(o.brain_energy_cost, 22);
	assert_int_equal(o.emitter_clear_always, 0);
	assert_int_equal(o.emitter_rate0_as_1, 1);
	assert_int_equal(o.reaction_zero_amount_as_1, 0);
	assert_int_equal(o.clock_receptors_every_tick, 1);
	assert_int_equal(o.die_locus_or, 1);
	assert_int_equal(o.decay_first_tick, 0);
	assert_int_equal(o.clock_receptors_first, 1);
	assert_int_equal(o.brain_repair_rate, 32);
	assert_int_equal(o.starve_full_scale, 1);
	assert_int_equal(o.biochem_reference, 0);

	size_t n = bc_option_tab.n;
	const c2_option *t = bc_option_tab.v;
	assert_int_equal(n, 12);
	assert_true(t[11].transient); /* the mode: never saved */
	for (size_t i = 0; i < n; i++) {
		assert_ptr_equal(c2_option_find(&bc_option_tab, t[i].name, strlen(t[i].name)), &t[i]);
		assert_int_equal(c2_option_get(&t[i], &o), t[i].def);
		assert_true(t[i].help && strlen(t[i].help) > 10);
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(t[i].name, t[j].name);
	}

	c2_err err;
	assert_int_equal(c2_option_set(&bc_option_tab, &o, "brain_energy_cost", 30, &err), 0);
	assert_int_equal(o.brain_energy_cost, 30);
	assert_int_equal(c2_option_set(&bc_option_tab, &o, "brain_energy_cost", 256, &err), C2_EINVAL);
	assert_int_equal(c2_option_set(&bc_option_tab, &o, "injury_chemical", -1, &err), C2_EINVAL);
	assert_int_equal(c2_option_set(&bc_option_tab, &o, "no_such_option", 1, &err), C2_EINVAL);
	assert_non_null(strstr(err.msg, "no_such_option"));
	assert_int_equal(o.brain_energy_cost, 30); /* unchanged by the failures */
	assert_int_equal(o.injury_chemical, 1);
	assert_null(c2_option_find(&bc_option_tab, "nope", 4));

	/* bc_create refuses options out of range. */
	o.die_locus_or = 7;
	bc_biochem *b;
	assert_int_equal(bc_create(&b, &o, NULL, NULL, &err), C2_EINVAL);
	assert_null(b);
}

/* ---------------------------------------------------------------- chemicals */

static void test_chemicals(void **state)
{
	(void)state;
	bc_biochem *b;
	c2_err err;
	assert_int_equal(bc_create(&b, NULL, NULL, NULL, &err), 0);
	bc_chem_set(b, 0, 77); /* chemical 0 is nothing */
	bc_chem_add(b, 0, 5);
	assert_int_equal(bc_chem_get(b, 0), 0);
	assert_int_equal(bc_chemicals(b)[0], 0);
	bc_chem_set(b, 9, 250);
	bc_chem_add(b, 9, 10);
	assert_int_equal(bc_chem_get(b, 9), 255);
	bc_chem_set(b, 9, 5);
	bc_chem_sub(b, 9, 10);
	assert_int_equal(bc_chem_get(b, 9), 0);
	bc_chem_add(b, 9, 100000);
	assert_int_equal(bc_chem_get(b, 9), 255);
	bc_chem_sub(b, 9, 55);
	assert_int_equal(bc_chemicals(b)[9], 200);
	/* Only the body organ exists: organ 0, clock 128, LF byte 128. */
	assert_int_equal(bc_organ_count(b), 1);
	assert_int_equal(bc_brain_organ_index(b), -1);
	bc_organ_info o = organ(b, 0);
	assert_int_equal(o.kind, BC_ORGAN_BODY);
	assert_int_equal(o.gene, -1);
	assert_int_equal(o.clock_rate, 128);
	assert_int_equal(o.lt_repair, 10);
	assert_int_equal(o.atp_coef, 1);
	assert_int_equal(o.energy_cost, 2);
	assert_near(o.initial_lf, 501960.784313725, 1e-6); /* 128e6/255: export 501 961 */
	/* starvation damage on a full organ's scale: 10^6/255, the export's 3 921 */
	assert_near(o.starve_damage, 3921.568627451, 1e-6);
	assert_false(bc_organ_get(b, 1, &o));
	bc_free(b);
	bc_free(NULL);
	/* the reference's formula, on the organ's own initial life force */
	bc_options opt;
	c2_options_default(&bc_option_tab, &opt);
	opt.starve_full_scale = 0;
	assert_int_equal(bc_create(&b, &opt, NULL, NULL, NULL), 0);
	assert_near(organ(b, 0).starve_damage, 1968.473663975, 1e-6);
	bc_free(b);
}

/* ---------------------------------------------------------------- decay */

static int ticks_until(bc_biochem *b, uint8_t chem, int at_most)
{
	for (int t = 1; t <= 5000; t++) {
		bc_tick(b);
		if (bc_chem_get(b, chem) <= at_most)
			return t;
	}
	return -1;
}

static void test_decay(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	const uint8_t pairs[] = {1, 56, 2, 72, 3, 0, 4, 255};
	half_lives(&g, 255, 4, pairs);
	bc_biochem *b = make(&g, NULL, NULL);
	assert_int_equal(bc_half_life(b, 1), 56);

	/* Byte 56: r = 7, every tick, x63897/65536: 255 -> 127 after 25 steps,
	 * 0 after 99 (opencreatures1's tests). */
	bc_chem_set(b, 1, 255);
	assert_int_equal(ticks_until(b, 1, 127), 25);
	bc_chem_set(b, 1, 255);
	assert_int_equal(ticks_until(b, 1, 0), 99);

	genome_free(&g);
	bc_free(b);

	/* Byte 72: r = 9, one step every 4 ticks, on ticks 4, 8, 12 ...: the
	 * 25th step comes on tick 100, the 99th on tick 396 (opencreatures1's
	 * figures). */
	genome_init(&g);
	half_lives(&g, 255, 4, pairs);
	b = make(&g, NULL, NULL);
	bc_chem_set(b, 2, 255);
	assert_int_equal(ticks_until(b, 2, 127), 100);
	assert_int_equal(bc_tick_count(b), 100);
	bc_free(b);
	b = make(&g, NULL, NULL);
	bc_chem_set(b, 2, 255);
	assert_int_equal(ticks_until(b, 2, 0), 396);
	/* Byte 0 clears in one tick. Byte 255 has a period of 2^24 ticks: no
	 * step in a lifetime. */
	bc_chem_set(b, 3, 200);
	bc_chem_set(b, 4, 200);
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, 3), 0);
	ticks(b, 1000);
	assert_int_equal(bc_chem_get(b, 4), 200);
	bc_free(b);

	/* openc2e's phase (option decay_first_tick): ticks 1, 5, 9 ... so
	 * 97 / 393, and byte 255 moves once at once (200 * 65535 >> 16 = 199). */
	bc_options o;
	c2_options_default(&bc_option_tab, &o);
	o.decay_first_tick = 1;
	b = make(&g, &o, NULL);
	bc_chem_set(b, 2, 255);
	bc_chem_set(b, 4, 200);
	assert_int_equal(ticks_until(b, 2, 127), 97);
	assert_int_equal(bc_chem_get(b, 4), 199);
	bc_free(b);
	b = make(&g, &o, NULL);
	bc_chem_set(b, 2, 255);
	assert_int_equal(ticks_until(b, 2, 0), 393);
	bc_free(b);
	genome_free(&g);

	/* Without a half-lives gene nothing decays. */
	genome_init(&g);
	b = make(&g, NULL, NULL);
	bc_chem_set(b, 1, 255);
	ticks(b, 100);
	assert_int_equal(bc_chem_get(b, 1), 255);
	assert_int_equal(bc_half_life(b, 1), 0);
	bc_free(b);
	genome_free(&g);
}

/* ---------------------------------------------------------------- reactions */

static void test_reaction_example(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	fast_organ(&g, 0, 0);
	/* 1 glucose + 2 hexokinase -> 1 pyruvate, rate 24 */
	reaction(&g, 1, GENOME_CHEM_GLUCOSE, 2, 173, 1, 69, 0, 0, 24);
	init_conc(&g, GENOME_CHEM_GLUCOSE, 153);
	init_conc(&g, 173, 74);
	init_conc(&g, GENOME_CHEM_ATP, 255);
	bc_biochem *b = make(&g, NULL, NULL);
	assert_int_equal(organ(b, 1).energy_cost, 2); /* 2 + 1/10 */

	/* avail = min(153/1, 74/2) = 37; r = 3, mult 0xAABB = 43707:
	 * 37 * 43707 >> 16 = 24, so n = 37 - 24 = 13. */
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_GLUCOSE), 140); /* 153 - 13 */
	assert_int_equal(bc_chem_get(b, 173), 48);              /* 74 - 26 */
	assert_int_equal(bc_chem_get(b, 69), 13);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_ATP), 253); /* the organ's cost */
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_ADP), 2);
	/* Next: avail = min(140, 24) = 24; 24 * 43707 >> 16 = 16; n = 8. */
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_GLUCOSE), 132);
	assert_int_equal(bc_chem_get(b, 173), 32);
	assert_int_equal(bc_chem_get(b, 69), 21);
	/* Tick 2 also activated the body organ (clock 128 + 128 >= 255): 2 more. */
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_ATP), 249);
	bc_free(b);
	genome_free(&g);
}

static void test_reaction_rates(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	fast_organ(&g, 0, 0);
	reaction(&g, 1, 20, 0, 0, 1, 21, 0, 0, 72);  /* r = 9: on bioticks 4, 8 ... */
	reaction(&g, 1, 22, 6, 23, 6, 24, 0, 0, 0);  /* rate 0: all at once */
	bc_biochem *b = make(&g, NULL, NULL);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_chem_set(b, 20, 200);
	bc_chem_set(b, 22, 10);
	bc_chem_set(b, 23, 255);
	bc_tick(b);
	/* avail = min(10, 255/6 = 42) = 10, mult 0: n = 10. */
	assert_int_equal(bc_chem_get(b, 22), 0);
	assert_int_equal(bc_chem_get(b, 23), 195);
	assert_int_equal(bc_chem_get(b, 24), 60);
	ticks(b, 2);
	assert_int_equal(organ(b, 1).biotick, 3);
	assert_int_equal(bc_chem_get(b, 20), 200); /* bioticks 1..3: not due */
	bc_tick(b);
	/* biotick 4: n = 200 - (200 * 63897 >> 16 = 194) = 6 */
	assert_int_equal(bc_chem_get(b, 20), 194);
	assert_int_equal(bc_chem_get(b, 21), 6);

	/* No ATP for the activation: no reaction, and starvation instead. */
	bc_chem_set(b, GENOME_CHEM_ATP, 1);
	bc_chem_set(b, 22, 10);
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, 22), 10);
	assert_false(organ(b, 1).energy_ok);
	bc_free(b);
	genome_free(&g);
}

static void test_reaction_zero_amount(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	fast_organ(&g, 0, 0);
	reaction(&g, 0, 30, 1, 31, 1, 32, 0, 0, 0); /* 0*R1 + 1*R2 -> 1*P */
	bc_biochem *b = make(&g, NULL, NULL);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_chem_set(b, 30, 5);
	bc_chem_set(b, 31, 10);
	bc_tick(b);
	/* Default: R1 with amount 0 limits nothing and is not consumed. */
	assert_int_equal(bc_chem_get(b, 30), 5);
	assert_int_equal(bc_chem_get(b, 31), 0);
	assert_int_equal(bc_chem_get(b, 32), 10);
	bc_free(b);

	bc_options o;
	c2_options_default(&bc_option_tab, &o);
	o.reaction_zero_amount_as_1 = 1;
	b = make(&g, &o, NULL);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_chem_set(b, 30, 5);
	bc_chem_set(b, 31, 10);
	bc_tick(b);
	/* As 1: avail = min(5, 10) = 5. */
	assert_int_equal(bc_chem_get(b, 30), 0);
	assert_int_equal(bc_chem_get(b, 31), 5);
	assert_int_equal(bc_chem_get(b, 32), 5);
	bc_free(b);
	genome_free(&g);
}

/* ---------------------------------------------------------------- receptors */

enum { DIG = GENOME_RECEPTOR_DIGITAL, INV = GENOME_RECEPTOR_INVERTED };

static void test_receptor_variants(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	fast_organ(&g, 0, 0);
	/* Floating loci 1/1/n hold the results. Chemical 40 = 100, 41 = 40. */
	receptor(&g, 1, 1, 0, 40, 50, 10, 128, 0);         /* analog */
	receptor(&g, 1, 1, 1, 40, 50, 10, 128, DIG);       /* digital */
	receptor(&g, 1, 1, 2, 40, 50, 100, 255, INV);      /* inverted analog */
	receptor(&g, 1, 1, 3, 40, 50, 10, 200, INV | DIG); /* inverted digital */
	receptor(&g, 1, 1, 4, 41, 50, 10, 255, 0);         /* below threshold */
	receptor(&g, 1, 1, 5, 41, 50, 10, 255, DIG);       /* below, digital */
	receptor(&g, 1, 1, 6, 40, 100, 10, 255, DIG);      /* at threshold */
	receptor(&g, 1, 1, 7, 40, 50, 200, 100, DIG);      /* saturates */
	receptor(&g, 1, 1, 8, 0, 0, 99, 255, 0);           /* chemical 0: inert */
	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	e.creature[1][8] = 42;
	bc_biochem *b = make(&g, NULL, &e);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_chem_set(b, 40, 100);
	bc_chem_set(b, 41, 40);
	bc_tick(b);
	const uint8_t *f = e.creature[1];
	assert_int_equal(f[0], 35);  /* 10 + (100-50)*128/255 = 10 + 25 */
	assert_int_equal(f[1], 138); /* 10 + 128 */
	assert_int_equal(f[2], 50);  /* 100 - 50*255/255 */
	assert_int_equal(f[3], 0);   /* 10 - 200, clamped */
	assert_int_equal(f[4], 10);  /* nominal only */
	assert_int_equal(f[5], 10);
	assert_int_equal(f[6], 10);  /* conc == threshold: no signal */
	assert_int_equal(f[7], 255); /* 200 + 100, clamped */
	assert_int_equal(f[8], 42);  /* untouched */
	/* Inverted digital (the ageing receptors): nominal once at/below threshold. */
	bc_chem_set(b, 40, 50);
	bc_tick(b);
	assert_int_equal(f[3], 10);
	assert_int_equal(f[2], 100);
	bc_free(b);
	genome_free(&g);
}

static void test_receptor_groups(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	fast_organ(&g, 0, 0);
	/* Chemical 50 = 0, 51 = 200 (digital receptors above threshold). */
	receptor(&g, 1, 1, 0, 50, 10, 8, 255, 0); /* Heart repair: 8 + 0 -> 4 */
	receptor(&g, 1, 1, 0, 50, 10, 0, 255, 0);
	receptor(&g, 1, 1, 1, 50, 10, 2, 255, 0); /* Spleen: 2 + 0 + 128 -> 43 */
	receptor(&g, 1, 1, 1, 50, 10, 0, 255, 0);
	receptor(&g, 1, 1, 1, 50, 10, 128, 255, INV);
	/* Mixed: nominals (30 + 0 + 90)/3 = 40, added terms (60 + 0)/2 = 30,
	 * subtracted 30/1 = 30 -> 40. */
	receptor(&g, 1, 1, 2, 51, 0, 30, 60, DIG);
	receptor(&g, 1, 1, 2, 50, 10, 0, 255, 0);
	receptor(&g, 1, 1, 2, 51, 0, 90, 30, DIG | INV);
	/* Interleaved: a receptor of group 0 declared after the others joins it:
	 * (8 + 0 + 20) / 3 = 9. */
	receptor(&g, 1, 1, 3, 50, 10, 8, 255, 0);
	receptor(&g, 1, 1, 3, 50, 10, 0, 255, 0);
	receptor(&g, 1, 1, 4, 50, 10, 77, 255, 0);
	receptor(&g, 1, 1, 3, 50, 10, 20, 255, 0);
	/* Die locus: an OR. Terms 10 and 0: OR gives 255 (an average would give 5). */
	receptor(&g, 1, 3, 0, 51, 190, 0, 255, 0); /* (200-190)*255/255 = 10 */
	receptor(&g, 1, 3, 0, 50, 10, 0, 255, 0);
	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	bc_biochem *b = make(&g, NULL, &e);
	bc_organ_info o = organ(b, 1);
	assert_int_equal(o.receptors, 14);
	assert_int_equal(o.receptor_groups, 6);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_chem_set(b, 51, 200);
	bc_tick(b);
	const uint8_t *f = e.creature[1];
	assert_int_equal(f[0], 4);
	assert_int_equal(f[1], 43);
	assert_int_equal(f[2], 40);
	assert_int_equal(f[3], 9);
	assert_int_equal(f[4], 77);
	assert_int_equal(e.creature[3][0], 255);
	/* Nothing contributes: the OR writes 0. */
	bc_chem_set(b, 51, 0);
	bc_tick(b);
	assert_int_equal(e.creature[3][0], 0);
	bc_free(b);

	bc_options opt;
	c2_options_default(&bc_option_tab, &opt);
	opt.die_locus_or = 0;
	memset(&e, 0, sizeof e);
	b = make(&g, &opt, &e);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_chem_set(b, 51, 200);
	bc_tick(b);
	assert_int_equal(e.creature[3][0], 5); /* averaged: (10 + 0) / 2 */
	bc_free(b);
	genome_free(&g);
}

/* One organ (clock rate 10) whose clock-rate receptor reads chemical 30 =
 * 50: its clock after one and after two biochem ticks. */
static void clock_case(const genome *g, const bc_options *o, int after1, int rate1, int after2)
{
	bc_biochem *b = make(g, o, NULL);
	bc_chem_set(b, 30, 50);
	bc_tick(b);
	assert_int_equal(organ(b, 1).clock, after1);
	assert_int_equal(organ(b, 1).clock_rate, rate1);
	bc_tick(b);
	assert_int_equal(organ(b, 1).clock, after2);
	bc_free(b);
}

/* A group of more receptors than a byte counts: its means are the same
 * integer means. 300 adding receptors of nominal 1 or 2 and terms of 100
 * or 0, and 60 subtracting ones of nominal 0 and term 30. */
static void test_receptor_group_large(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	fast_organ(&g, 0, 0);
	for (int k = 0; k < 300; k++) /* 50 = 100 -> term 100; 52 = 0 -> term 0 */
		receptor(&g, 1, 1, 0, k % 3 ? 50 : 52, 0, (uint8_t)(1 + k % 2), 255, 0);
	for (int k = 0; k < 60; k++)
		receptor(&g, 1, 1, 0, 51, 0, 0, 30, DIG | INV);
	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	bc_biochem *b = make(&g, NULL, &e);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_chem_set(b, 50, 100);
	bc_chem_set(b, 51, 200);
	bc_tick(b);
	/* nominals (150 * 1 + 150 * 2 + 60 * 0) / 360 = 1; added 200 * 100 /
	 * 300 = 66; subtracted 30 -> 37 */
	assert_int_equal(e.creature[1][0], 37);
	bc_free(b);
	genome_free(&g);
}

static void test_receptor_clock_rate_each_tick(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	organ_gene(&g, 10, 0, 255, 0, 0);
	receptor(&g, 2, 0, 0, 30, 0, 0, 255, 0); /* clock rate := chemical 30 */
	/* the clock receptor runs first: clock 0 + 50 (the export) */
	clock_case(&g, NULL, 50, 50, 100);
	/* clock_receptors_first=0: 0 + 10, no activation, then the receptor runs */
	bc_options o;
	c2_options_default(&bc_option_tab, &o);
	o.clock_receptors_first = 0;
	clock_case(&g, &o, 10, 50, 60);
	/* clock_receptors_every_tick=0: only on activations */
	c2_options_default(&bc_option_tab, &o);
	o.clock_receptors_every_tick = 0;
	clock_case(&g, &o, 10, 10, 20);
	genome_free(&g);
}

/* ---------------------------------------------------------------- emitters */

enum { CLR = GENOME_EMITTER_CLEAR, EDIG = GENOME_EMITTER_DIGITAL, EINV = GENOME_EMITTER_INVERT };

static void test_emitters(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	fast_organ(&g, 0, 0);
	emitter(&g, 1, 1, 0, 60, 100, 1, 128, 0);         /* analog */
	emitter(&g, 1, 1, 1, 61, 100, 1, 7, EDIG);        /* digital */
	emitter(&g, 1, 1, 2, 62, 100, 1, 7, EDIG);        /* at threshold: no */
	emitter(&g, 1, 1, 3, 63, 100, 1, 255, EINV);      /* inverted analog */
	emitter(&g, 1, 1, 4, 64, 0, 3, 9, EDIG);          /* every 3 activations */
	emitter(&g, 1, 1, 5, 65, 100, 1, 1, EDIG | CLR);  /* clears after emitting */
	emitter(&g, 1, 1, 6, 66, 100, 1, 1, EDIG | CLR);  /* below: keeps the locus */
	emitter(&g, 1, 1, 7, 67, 0, 0, 4, EDIG);          /* sample rate 0 */
	emitter(&g, 1, 9, 9, 68, 0, 1, 50, EDIG | EINV);  /* no such locus: inert */
	emitter(&g, 2, 0, 0, 69, 200, 1, 3, EDIG);        /* own clock rate (255) */
	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	uint8_t *f = e.creature[1];
	f[0] = 200;
	f[1] = 200;
	f[2] = 100;
	f[3] = 50;
	f[4] = 1;
	f[5] = 200;
	f[6] = 50;
	f[7] = 1;
	bc_biochem *b;
	c2_err err;
	bc_express_report rep;
	assert_int_equal(bc_create(&b, NULL, resolve, &e, &err), 0);
	assert_int_equal(express_stage(b, &g, 0, &rep), 0);
	assert_int_equal(rep.emitters, 10);
	assert_int_equal(rep.unbound, 1);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, 60), 50);  /* (200-100)*128/255 */
	assert_int_equal(bc_chem_get(b, 61), 7);
	assert_int_equal(bc_chem_get(b, 62), 0);
	assert_int_equal(bc_chem_get(b, 63), 105); /* 255-50 = 205 > 100: 105*255/255 */
	assert_int_equal(bc_chem_get(b, 64), 0);   /* biotick 1 */
	assert_int_equal(bc_chem_get(b, 65), 1);
	assert_int_equal(f[5], 0);                 /* cleared */
	assert_int_equal(f[6], 50);                /* not emitted: kept (Q16) */
	assert_int_equal(bc_chem_get(b, 67), 4);   /* rate 0 samples every activation */
	assert_int_equal(bc_chem_get(b, 68), 0);
	assert_int_equal(bc_chem_get(b, 69), 3);
	assert_int_equal(f[0], 200);               /* no clear flag: kept */
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, 64), 0);
	assert_int_equal(bc_chem_get(b, 65), 1);   /* its source is 0 now */
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, 64), 9);   /* biotick 3 */
	assert_int_equal(bc_chem_get(b, 60), 150);
	ticks(b, 3);
	assert_int_equal(bc_chem_get(b, 64), 18);  /* biotick 6 */
	bc_free(b);

	bc_options o;
	c2_options_default(&bc_option_tab, &o);
	o.emitter_clear_always = 1;
	o.emitter_rate0_as_1 = 0;
	f[5] = 200;
	f[6] = 50;
	b = make(&g, &o, &e);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_tick(b);
	assert_int_equal(f[6], 0);                 /* cleared on the sample (openc2e) */
	assert_int_equal(bc_chem_get(b, 66), 0);
	assert_int_equal(bc_chem_get(b, 67), 0);   /* rate 0: never */
	bc_free(b);

	/* No ATP: emitters do not run. */
	f[1] = 200;
	b = make(&g, NULL, &e);
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, 61), 0);
	bc_free(b);
	genome_free(&g);
}

static void test_emitter_replacement(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	fast_organ(&g, 0, 0);
	emitter_at(&g, 0, 1, 1, 0, 11, 0, 1, 5, EDIG);
	emitter_at(&g, 2, 1, 1, 0, 11, 0, 1, 9, EDIG); /* same locus + chemical: replaces */
	emitter_at(&g, 2, 1, 1, 0, 12, 0, 1, 3, EDIG); /* other chemical: adds */
	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	e.creature[1][0] = 255;
	bc_biochem *b = make(&g, NULL, &e);
	assert_int_equal(organ(b, 1).emitters, 1);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, 11), 5);
	bc_express_report rep;
	assert_int_equal(express_stage(b, &g, 2, &rep), 0);
	assert_int_equal(rep.replaced, 1);
	assert_int_equal(rep.emitters, 1);
	assert_int_equal(organ(b, 1).emitters, 2);
	bc_elem_info ei;
	assert_true(bc_elem_get(b, BC_EMITTER, 0, &ei));
	assert_int_equal(ei.gene, 2); /* the replacing gene, in the old slot */
	assert_int_equal(ei.bytes[6], 9);
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, 11), 14);
	assert_int_equal(bc_chem_get(b, 12), 3);
	bc_free(b);
	genome_free(&g);
}

/* ---------------------------------------------------------------- organs */

static void test_organ_clock(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	organ_gene(&g, 127, 0, 255, 127, 0);
	organ_gene(&g, 127, 0, 255, 252, 0);
	organ_gene(&g, 0, 0, 255, 0, 0);
	organ_gene(&g, 127, 0, 255, 0, 0);
	bc_biochem *b = make(&g, NULL, NULL);
	assert_int_equal(bc_organ_count(b), 5);
	assert_int_equal(organ(b, 1).clock, 127);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_tick(b);
	assert_int_equal(organ(b, 1).clock, 254); /* 127 + 127 */
	assert_int_equal(organ(b, 1).biotick, 0);
	assert_int_equal(organ(b, 2).clock, 124); /* 252 + 127 - 255 */
	assert_int_equal(organ(b, 2).biotick, 1);
	bc_tick(b);
	assert_int_equal(organ(b, 1).clock, 126); /* 381 - 255 */
	assert_int_equal(organ(b, 1).biotick, 1);
	bc_tick(b);
	bc_tick(b);
	assert_int_equal(organ(b, 1).clock, 125);
	assert_int_equal(organ(b, 1).biotick, 2);
	assert_int_equal(organ(b, 3).biotick, 0); /* clock rate 0: never */
	bc_free(b);

	/* The export: clock rate 127 from 0 for 83 biochem ticks = 41
	 * activations, ST = LT = 10^6 (1 - 1e-5)^41 = 999 590.08 (natural
	 * ageing only, once per activation). */
	b = make(&g, NULL, NULL);
	for (int t = 0; t < 83; t++) { /* plenty of ATP: ageing is the only loss */
		bc_chem_set(b, GENOME_CHEM_ATP, 255);
		bc_tick(b);
	}
	bc_organ_info o = organ(b, 4);
	assert_int_equal(o.biotick, 41); /* 127 * 83 = 10541 = 41 * 255 + 86 */
	assert_int_equal(o.clock, 86);
	double lf = 1e6;
	for (int i = 0; i < 41; i++)
		lf -= lf * 1e-5;
	assert_near(o.st_lf, lf, 1e-9);
	assert_near(o.lt_lf, lf, 1e-9);
	assert_near(o.st_lf, 999590.08, 0.005);
	assert_true(o.energy_ok);
	bc_free(b);
	genome_free(&g);
}

static void test_energy_cost(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	fast_organ(&g, 0, 0);
	/* Drive-lobe support at birth for one sex: 20 + 20 + 38 -> 2 + 78/10 = 9.
	 * Chemical-0 genes are inert but still cost energy (§2.7). */
	for (int i = 0; i < 20; i++)
		receptor(&g, 1, 1, (uint8_t)i, 0, 0, 0, 0, 0);
	for (int i = 0; i < 20; i++)
		emitter(&g, 1, 1, (uint8_t)i, 0, 0, 1, 0, 0);
	for (int i = 0; i < 38; i++)
		reaction(&g, 1, 0, 1, 0, 1, 0, 1, 0, 0);
	fast_organ(&g, 0, 0);
	for (int i = 0; i < 9; i++)
		receptor(&g, 1, 1, 0, 0, 0, 0, 0, 0); /* 2 + 9/10 = 2 */
	fast_organ(&g, 0, 0);
	for (int i = 0; i < 10; i++)
		receptor(&g, 1, 1, 0, 0, 0, 0, 0, 0); /* 2 + 10/10 = 3 */
	bc_biochem *b = make(&g, NULL, NULL);
	bc_organ_info o = organ(b, 1);
	assert_int_equal(o.receptors, 20);
	assert_int_equal(o.emitters, 20);
	assert_int_equal(o.reactions, 38);
	assert_int_equal(o.energy_cost, 9);
	assert_int_equal(organ(b, 2).energy_cost, 2);
	assert_int_equal(organ(b, 3).energy_cost, 3);
	/* Tick 1: organs 1..3 activate (the body organ not yet): 9 + 2 + 3 ATP
	 * become ADP. */
	bc_chem_set(b, GENOME_CHEM_ATP, 200);
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_ATP), 186);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_ADP), 14);
	/* Exactly enough is enough; one short is starvation. Tick 2: the body
	 * organ (first in order, clock 128 + 128) takes 2, organ 1 the
	 * remaining 9, organs 2 and 3 starve. */
	bc_chem_set(b, GENOME_CHEM_ATP, 11);
	bc_tick(b);
	assert_true(organ(b, 0).energy_ok);
	assert_true(organ(b, 1).energy_ok);
	assert_false(organ(b, 2).energy_ok);
	assert_false(organ(b, 3).energy_ok);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_ATP), 0);
	bc_chem_set(b, GENOME_CHEM_ATP, 8); /* tick 3: the body organ is idle */
	bc_tick(b);
	assert_false(organ(b, 1).energy_ok);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_ATP), 8 - 2 - 3); /* organs 2 and 3 ran */
	bc_free(b);
	genome_free(&g);
}

static void test_starvation(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	fast_organ(&g, 4, 24);
	receptor(&g, 1, 1, 0, 50, 0, 0, 255, 0); /* floating 0 := chemical 50 */
	bc_biochem *b = make(&g, NULL, NULL);
	bc_organ_info o = organ(b, 1);
	assert_near(o.starve_damage, 94117.647058824, 1e-6); /* 24 * 10^6 / 255 */

	/* Tick 1, no ATP: ST = 10^6 - 94117.647 = 905882.353; LT follows the
	 * gap by 4/255: 10^6 - 94117.647 * 4/255 = 998523.645; both then age
	 * by 1e-5. The Injury chemical rises by exactly the coefficient (Q9). */
	bc_tick(b);
	o = organ(b, 1);
	assert_false(o.energy_ok);
	assert_near(o.st_lf, 905873.294117647, 1e-6);
	assert_near(o.lt_lf, 998513.659515571, 1e-6);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_INJURY), 24);
	bc_free(b);

	bc_options opt;
	c2_options_default(&bc_option_tab, &opt);
	opt.injury_chemical = 0;
	b = make(&g, &opt, NULL);
	bc_tick(b);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_INJURY), 0);
	assert_near(organ(b, 1).st_lf, 905873.294117647, 1e-6);
	bc_free(b);

	/* Starve to failure: ST hits 0 after 11 activations, LT follows by
	 * 4/255 of the gap per activation and fails at <= 0.5. */
	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	b = make(&g, NULL, &e);
	int t = 0;
	while (!organ(b, 1).failed && t < 5000) {
		bc_tick(b);
		t++;
	}
	o = organ(b, 1);
	assert_true(o.failed);
	assert_true(o.lt_lf <= 0.5);
	assert_true(t > 800 && t < 1200); /* ln(2e6) / -ln(1 - 4/255) ~ 918 */
	/* A failed organ does nothing: no clock, no receptors, no ageing. */
	bc_chem_set(b, 50, 123);
	ticks(b, 10);
	bc_organ_info o2 = organ(b, 1);
	assert_int_equal(o2.biotick, o.biotick);
	assert_int_equal(o2.clock, o.clock);
	assert_true(o2.lt_lf == o.lt_lf && o2.st_lf == o.st_lf);
	assert_int_not_equal(e.creature[1][0], 123);
	/* The body organ starves too (coefficient 1: 3921.6 per activation). */
	while (!bc_all_body_organs_failed(b) && t < 20000) {
		bc_tick(b);
		t++;
	}
	assert_true(bc_all_body_organs_failed(b));
	assert_false(bc_brain_organ_failed(b)); /* there is none */
	bc_free(b);
	genome_free(&g);
}

static void test_injury_and_repair(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	fast_organ(&g, 0, 0);
	receptor(&g, 2, 0, 1, 50, 0, 51, 0, 0); /* repair rate := 51 */
	fast_organ(&g, 51, 0);
	receptor(&g, 2, 0, 2, 52, 0, 0, 100, DIG); /* injury := 100 while chem 52 > 0 */
	bc_biochem *b = make(&g, NULL, NULL);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);

	/* INJR-style injury of 255 on organ 1: a tenth of the initial life force
	 * (10^5), applied at the activation; Injury += 255/10 = 25. */
	assert_true(bc_organ_set_injury(b, 1, 255));
	assert_false(bc_organ_set_injury(b, 9, 255));
	bc_tick(b);
	bc_organ_info o = organ(b, 1);
	assert_int_equal(o.injury, 0);
	assert_int_equal(o.repair_rate, 51);
	assert_near(o.st_lf, 899991.0, 1e-6); /* 9e5 (1 - 1e-5) */
	assert_near(o.lt_lf, 999990.0, 1e-6);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_INJURY), 25);

	/* Tick 2: gap 99999; heal 99999 * 51/255 = 19999.8 (energy available);
	 * Injury -= floor(255 * 19999.8 / 10^6) = 5. The body organ also ran
	 * (its repair rate is 0: nothing to heal). */
	bc_tick(b);
	o = organ(b, 1);
	assert_near(o.st_lf, 919981.600092, 1e-6); /* 919990.8 (1 - 1e-5) */
	assert_near(o.lt_lf, 999980.0001, 1e-6);   /* LT repair 0: only ageing */
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_INJURY), 20);

	/* Organ 2 (LT repair 51): receptor-driven injury of 100 is applied on the
	 * next activation: 100/255 * 10^6 / 10 = 39215.686, Injury += 10; LT then
	 * follows the gap by 51/255 at the activation after. */
	bc_free(b);
	b = make(&g, NULL, NULL);
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_chem_set(b, 52, 1);
	bc_tick(b); /* sets the locus */
	assert_int_equal(organ(b, 2).injury, 100);
	assert_near(organ(b, 2).st_lf, 999990.0, 1e-6);
	bc_chem_set(b, 52, 0);
	bc_chem_set(b, GENOME_CHEM_INJURY, 0);
	bc_tick(b);
	o = organ(b, 2);
	/* LT moved before the injury (gap 0 then): only ageing. */
	assert_near(o.lt_lf, 999980.0001, 1e-6);
	assert_near(o.st_lf, (999990.0 - 100e6 / 2550.0) * (1 - 1e-5), 1e-6);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_INJURY), 10);
	double gap = o.lt_lf - o.st_lf;
	double lt = o.lt_lf;
	bc_tick(b);
	o = organ(b, 2);
	assert_near(o.lt_lf, (lt - gap * 51 / 255.0) * (1 - 1e-5), 1e-6);
	bc_free(b);
	genome_free(&g);
}

static void test_brain_organ(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	uint8_t bo[5] = {128, 16, 255, 52, 64}; /* the standard norn's brain organ */
	add_gene(&g, GK_BRAIN_ORGAN, 0, bo);
	fast_organ(&g, 0, 0);
	bc_biochem *b = make(&g, NULL, NULL);
	assert_int_equal(bc_organ_count(b), 3);
	assert_int_equal(bc_brain_organ_index(b), 2);
	bc_organ_info o = organ(b, 2);
	assert_int_equal(o.kind, BC_ORGAN_BRAIN);
	assert_int_equal(o.gene, 0);
	assert_int_equal(o.energy_cost, 22); /* Q10 */
	assert_int_equal(o.clock, 52);
	assert_int_equal(o.clock_rate, 128);
	assert_int_equal(o.lt_repair, 16);
	assert_near(o.starve_damage, 250980.392156863, 1e-6); /* export: 250 980 */
	assert_int_equal(o.repair_rate, 32); /* no gene sets it; the export holds 32 */
	assert_int_equal(organ(b, 1).kind, BC_ORGAN_GENOME);

	/* bc_tick leaves it alone; bc_brain_organ_tick runs it. */
	bc_chem_set(b, GENOME_CHEM_ATP, 100);
	ticks(b, 10);
	assert_int_equal(organ(b, 2).biotick, 0);
	bc_chem_set(b, GENOME_CHEM_ATP, 100);
	bc_brain_organ_tick(b); /* 52 + 128 = 180 */
	assert_int_equal(organ(b, 2).biotick, 0);
	bc_brain_organ_tick(b); /* 308 -> 53, activation */
	o = organ(b, 2);
	assert_int_equal(o.biotick, 1);
	assert_int_equal(o.clock, 53);
	assert_int_equal(bc_chem_get(b, GENOME_CHEM_ATP), 78);

	/* Without ATP it starves and fails; that is the engine's death fact. */
	assert_false(bc_brain_organ_failed(b));
	bc_chem_set(b, GENOME_CHEM_ATP, 0);
	for (int i = 0; i < 2000 && !bc_brain_organ_failed(b); i++)
		bc_brain_organ_tick(b);
	assert_true(bc_brain_organ_failed(b));
	bc_free(b);

	bc_options opt;
	c2_options_default(&bc_option_tab, &opt);
	opt.brain_energy_cost = 30;
	opt.brain_repair_rate = 0;
	b = make(&g, &opt, NULL);
	assert_int_equal(organ(b, 2).energy_cost, 30);
	assert_int_equal(organ(b, 2).repair_rate, 0);
	bc_free(b);
	genome_free(&g);
}

/* ---------------------------------------------------------------- expression */

static void test_expression_rules(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	receptor(&g, 1, 1, 0, 50, 0, 7, 0, 0);   /* 0: before any organ -> body organ */
	organ_gene(&g, 255, 0, 255, 0, 0);       /* 1 */
	receptor(&g, 1, 1, 1, 50, 0, 8, 0, 0);   /* 2 */
	receptor(&g, 1, 9, 0, 50, 0, 8, 0, 0);   /* 3: no such locus: dummy */
	receptor(&g, 0, 7, 0, 50, 0, 8, 0, 0);   /* 4: lobe 7: the resolver says NULL */
	organ_gene(&g, 255, 0, 255, 0, 0);       /* 5: female only */
	g.genes[5].flags |= GENOME_FLAG_FEMALE;
	reaction(&g, 1, 60, 0, 0, 1, 61, 0, 0, 0); /* 6: belongs to organ 5 */
	init_conc(&g, 70, 10);                   /* 7 */
	init_conc(&g, 70, 20);                   /* 8: the later one wins */
	organ_gene(&g, 255, 0, 255, 0, 0);       /* 9: stage 1 organ: ignored (Q19) */
	g.genes[9].stage = 1;
	reaction(&g, 1, 62, 0, 0, 1, 63, 0, 0, 0); /* 10: stage 1, owner 9 never expressed */
	g.genes[10].stage = 1;
	uint8_t pose[16] = {0};
	add_gene(&g, GK_POSE, 0, pose);          /* 11: not biochemistry */

	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	bc_biochem *b;
	c2_err err;
	assert_int_equal(bc_create(&b, NULL, resolve, &e, &err), 0);
	size_t *idx = malloc(g.ngenes * sizeof *idx);
	size_t n = genome_switched_on(&g, GENOME_MALE, 0, idx);
	bc_express_report rep;
	assert_int_equal(bc_express(b, &g, idx, n, &rep, &err), 0);
	assert_int_equal(rep.organs, 1);
	assert_int_equal(rep.receptors, 4);
	assert_int_equal(rep.reactions, 0);
	assert_int_equal(rep.orphaned, 1); /* the reaction of the male's missing organ */
	assert_int_equal(rep.unbound, 2);
	assert_int_equal(rep.init_concs, 2);
	assert_int_equal(rep.ignored, 1);
	assert_int_equal(bc_organ_count(b), 2);
	assert_int_equal(organ(b, 0).receptors, 1);
	assert_int_equal(organ(b, 1).receptors, 3);
	assert_int_equal(organ(b, 1).gene, 1);
	assert_int_equal(organ(b, 1).energy_cost, 2);
	assert_int_equal(bc_chem_get(b, 70), 20);
	assert_int_equal(bc_elem_count(b, BC_RECEPTOR), 4);
	bc_elem_info ei;
	assert_true(bc_elem_get(b, BC_RECEPTOR, 0, &ei));
	assert_int_equal(ei.organ, 0);
	assert_int_equal(ei.gene, 0);
	assert_true(ei.bound);
	assert_true(bc_elem_get(b, BC_RECEPTOR, 2, &ei));
	assert_int_equal(ei.gene, 3);
	assert_false(ei.bound);
	assert_false(bc_elem_get(b, BC_RECEPTOR, 4, &ei));

	/* Errors leave everything as it was. */
	uint64_t h = bc_hash(b);
	size_t bad_range[1] = {99};
	assert_int_equal(bc_express(b, &g, bad_range, 1, NULL, &err), C2_EINVAL);
	size_t bad_order[2] = {3, 2};
	assert_int_equal(bc_express(b, &g, bad_order, 2, NULL, &err), C2_EINVAL);
	size_t again[2] = {7, 2}; /* receptor 2 is already expressed */
	assert_int_equal(bc_express(b, &g, again + 1, 1, NULL, &err), C2_EINVAL);
	size_t organ_again[1] = {1};
	assert_int_equal(bc_express(b, &g, organ_again, 1, NULL, &err), C2_EINVAL);
	assert_true(bc_hash(b) == h);

	/* Stage 1: the stage-1 organ gene is ignored and its gene orphaned. */
	n = genome_switched_on(&g, GENOME_MALE, 1, idx);
	assert_int_equal(bc_express(b, &g, idx, n, &rep, &err), 0);
	assert_int_equal(rep.ignored, 1);
	assert_int_equal(rep.orphaned, 1);
	assert_int_equal(bc_organ_count(b), 2);

	/* A body-organ receptor runs on the body organ's clock (128: tick 2). */
	bc_chem_set(b, GENOME_CHEM_ATP, 255);
	bc_tick(b);
	assert_int_equal(e.creature[1][0], 0);
	assert_int_equal(e.creature[1][1], 8);
	bc_tick(b);
	assert_int_equal(e.creature[1][0], 7);
	bc_free(b);

	/* A female gets the second organ and its reaction. */
	assert_int_equal(bc_create(&b, NULL, NULL, NULL, &err), 0);
	n = genome_switched_on(&g, GENOME_FEMALE, 0, idx);
	assert_int_equal(bc_express(b, &g, idx, n, &rep, &err), 0);
	assert_int_equal(rep.organs, 2);
	assert_int_equal(rep.reactions, 1);
	assert_int_equal(rep.unbound, 4); /* no resolver: every engine locus */
	assert_int_equal(organ(b, 2).reactions, 1);
	assert_int_equal(organ(b, 2).gene, 5);
	bc_free(b);
	free(idx);
	genome_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_chemicals),
		cmocka_unit_test(test_decay),
		cmocka_unit_test(test_reaction_example),
		cmocka_unit_test(test_reaction_rates),
		cmocka_unit_test(test_reaction_zero_amount),
		cmocka_unit_test(test_receptor_variants),
		cmocka_unit_test(test_receptor_groups),
		cmocka_unit_test(test_receptor_group_large),
		cmocka_unit_test(test_receptor_clock_rate_each_tick),
		cmocka_unit_test(test_emitters),
		cmocka_unit_test(test_emitter_replacement),
		cmocka_unit_test(test_organ_clock),
		cmocka_unit_test(test_energy_cost),
		cmocka_unit_test(test_starvation),
		cmocka_unit_test(test_injury_and_repair),
		cmocka_unit_test(test_brain_organ),
		cmocka_unit_test(test_expression_rules),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
