/* test_biochem_norn.c — the biochemistry of the real standard norn
 * ($C2RT_SHARED/genomes/c2-norn.gen, read at run time, skipped when absent):
 * expression (organs, energy costs §5.8, initial concentrations §5.3,
 * half-lives §5.4), the receptor-group figures of the real C2 export (§5.6),
 * a whole lifetime with its stage transitions (§7.1) and determinism. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "biochem/biochem.h"
#include "genome/vocab.h"
#include "testutil.h"

/* ---------------------------------------------------------------- fixture */

static void load_norn(genome *g)
{
	TEST_LOAD_NORN(g);
}

/* The engine's loci. The brain is replaced by a crude stand-in: a lobe
 * cell's state (receptor loci 19 + n) and its output (emitter loci 3 + n)
 * are the same byte, so the regulator-lobe loops (ADP -> cell 13 -> the
 * glycolysis enzyme 179 ...) close as if each cell copied its input. */
typedef struct creature_engine_loci {
	uint8_t creature[6][256];
	uint8_t cell[16][256];
	uint8_t param[16][2][32];
} creature_engine_loci;

static uint8_t *resolve(void *ctx, genome_locus_dir dir, uint8_t organ, uint8_t tissue, uint8_t locus)
{
	creature_engine_loci *e = ctx;
	if (organ == 1 && tissue < 6)
		return &e->creature[tissue][locus];
	if (organ == 0 && tissue < 16) {
		if (dir == GENOME_RECEPTOR && locus >= 19)
			return &e->cell[tissue][locus - 19];
		if (dir == GENOME_EMITTER && locus >= 3)
			return &e->cell[tissue][locus - 3];
		return &e->param[tissue][dir][locus];
	}
	return NULL;
}

static bc_biochem *hatch(const genome *g, genome_sex sex, creature_engine_loci *e, bc_express_report *rep)
{
	bc_biochem *b;
	c2_err err;
	assert_int_equal(bc_create(&b, NULL, resolve, e, &err), 0);
	size_t *idx = malloc(g->ngenes * sizeof *idx);
	assert_non_null(idx);
	size_t n = genome_switched_on(g, sex, 0, idx);
	assert_int_equal(bc_express(b, g, idx, n, rep, &err), 0);
	free(idx);
	return b;
}

static bc_organ_info organ(const bc_biochem *b, size_t i)
{
	bc_organ_info o;
	assert_true(bc_organ_get(b, i, &o));
	return o;
}

static int chem(const char *name)
{
	int c = genome_vocab_find(&genome_chemicals, name, strlen(name));
	assert_true(c > 0);
	return c;
}

/* §5.8 table, genome organs in gene order (the uterus, last, is female-only). */
static const uint8_t cost[20] = {9, 3, 3, 5, 2, 3, 4, 3, 3, 3, 3, 3, 3, 2, 2, 2, 3, 2, 2, 2};
static const uint8_t clock_start[20] = {127, 43, 175, 133, 104, 1, 164, 101, 63, 63,
                                        148, 34, 252, 122, 26, 123, 98, 2, 65, 55};
static const uint8_t atp_coef[20] = {24, 32, 32, 32, 1, 32, 16, 6, 16, 16,
                                     16, 16, 16, 8, 16, 16, 16, 16, 16, 16};
static const uint8_t lt_repair[20] = {4, 6, 4, 6, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5, 6, 6, 6, 6};

/* ---------------------------------------------------------------- expression */

static void check_organs(const bc_biochem *b, size_t ngenome)
{
	assert_int_equal(bc_organ_count(b), ngenome + 2);
	assert_int_equal(organ(b, 0).kind, BC_ORGAN_BODY);
	assert_int_equal(organ(b, 0).receptors + organ(b, 0).emitters + organ(b, 0).reactions, 0);
	for (size_t i = 0; i < ngenome; i++) {
		bc_organ_info o = organ(b, i + 1);
		assert_int_equal(o.kind, BC_ORGAN_GENOME);
		assert_int_equal(o.energy_cost, cost[i]);
		assert_int_equal(o.clock, clock_start[i]);
		assert_int_equal(o.clock_rate, 127);
		assert_int_equal(o.atp_coef, atp_coef[i]);
		assert_int_equal(o.lt_repair, lt_repair[i]);
		assert_true(o.initial_lf == 1e6);
	}
	long bi = bc_brain_organ_index(b);
	assert_int_equal(bi, (long)ngenome + 1);
	bc_organ_info o = organ(b, (size_t)bi);
	assert_int_equal(o.kind, BC_ORGAN_BRAIN);
	assert_int_equal(o.energy_cost, 22);
	assert_int_equal(o.clock_rate, 128);
	assert_int_equal(o.clock, 52);
	assert_int_equal(o.lt_repair, 16);
	assert_true(o.initial_lf == 1e6);
	assert_true(fabs(o.starve_damage - 250980.392) < 0.001); /* export: 250 980 */
}

static void test_norn_female(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	load_norn(&g);
	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	bc_express_report rep;
	bc_biochem *b = hatch(&g, GENOME_FEMALE, &e, &rep);
	/* 20 genome organs + the brain organ; the body organ is made by us. */
	assert_int_equal(rep.organs, 21);
	check_organs(b, 20);
	/* Drive-lobe support: 20 receptors (for one sex) + 20 emitters + 38
	 * reactions -> 2 + 78/10 = 9 (§5.8 [V]). */
	bc_organ_info o = organ(b, 1);
	assert_int_equal(o.receptors, 20);
	assert_int_equal(o.emitters, 20);
	assert_int_equal(o.reactions, 38);
	assert_int_equal(rep.half_lives, 1);
	assert_int_equal(rep.init_concs, 21); /* 22 genes, "Boredom 74" is dormant */
	assert_int_equal(rep.orphaned, 0);
	assert_int_equal(rep.unbound, 0);
	bc_free(b);
	genome_free(&g);
}

static void test_norn_male(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	load_norn(&g);
	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	bc_express_report rep;
	bc_biochem *b = hatch(&g, GENOME_MALE, &e, &rep);
	/* No uterus: its receptors that are not themselves female-only have no
	 * organ to join (C3 reads an organ's genes only if the organ expresses). */
	assert_int_equal(rep.organs, 20);
	check_organs(b, 19);
	assert_int_equal(rep.orphaned, 3);
	bc_free(b);
	genome_free(&g);
}

static void test_norn_chemicals(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	load_norn(&g);
	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	bc_biochem *b = hatch(&g, GENOME_FEMALE, &e, NULL);
	/* §5.3: the initial concentrations of the standard norn. */
	static const struct {
		const char *name;
		int value;
	} init[] = {
		{"Glycogen", 192}, {"Glucose", 100}, {"Ageing", 255}, {"Antibody 0", 130},
		{"Antibody 1", 140}, {"Antibody 3", 147}, {"Antibody 4", 130}, {"ADP", 255},
		{"ATP", 255}, {"Water", 128}, {"Carbon Dioxide", 31}, {"Fatty Acid", 16},
		{"Amino Acid", 127}, {"Adipose Tissue", 64}, {"Muscle Tissue", 191},
		{"Hunger", 128}, {"Energy", 255}, {"Cholesterol", 128}, {"Oxymyoglobin", 255},
		{"Injury", 0}, {"Suffocation", 0}, {"Boredom", 0} /* dormant gene */,
	};
	for (size_t i = 0; i < sizeof init / sizeof init[0]; i++)
		if (bc_chem_get(b, (uint8_t)chem(init[i].name)) != init[i].value)
			fail_msg("%s = %d, expected %d", init[i].name,
			         bc_chem_get(b, (uint8_t)chem(init[i].name)), init[i].value);
	int nonzero = 0;
	for (int c = 0; c < 256; c++)
		nonzero += bc_chemicals(b)[c] != 0;
	assert_int_equal(nonzero, 19); /* everything else starts at 0 */

	/* §5.4: real half-life bytes. */
	static const struct {
		const char *name;
		int value;
	} half[] = {
		{"Pain", 56}, {"Loneliness", 96}, {"Crowded", 96}, {"Fear", 80}, {"Anger", 72},
		{"Sex Drive", 72}, {"Injury", 72}, {"Thirst", 72}, {"Stress", 112},
		{"Reinforcement", 24}, {"Reward", 248}, {"Punishment", 248}, {"Ageing", 144},
		{"Antibody 0", 128}, {"Antibody 7", 128}, {"Antigen 0", 72}, {"Antigen 7", 72},
	};
	for (size_t i = 0; i < sizeof half / sizeof half[0]; i++)
		if (bc_half_life(b, (uint8_t)chem(half[i].name)) != half[i].value)
			fail_msg("half-life of %s = %d, expected %d", half[i].name,
			         bc_half_life(b, (uint8_t)chem(half[i].name)), half[i].value);
	assert_true(bc_half_life(b, GENOME_CHEM_ATP) >= 248); /* effectively permanent */
	assert_true(bc_half_life(b, GENOME_CHEM_GLUCOSE) >= 248);
	bc_free(b);
	genome_free(&g);
}

/* ---------------------------------------------------------------- export figures */

static void test_norn_export_loci(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	load_norn(&g);
	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	bc_biochem *b = hatch(&g, GENOME_FEMALE, &e, NULL);
	/* The export's young norn: ~83 biochem ticks, brain ticks at half rate. */
	for (int t = 1; t <= 83; t++) {
		if (t % 2 == 0)
			bc_brain_organ_tick(b);
		bc_tick(b);
	}
	/* §5.6 [V]: repair-rate loci hold the averaged nominals, clock rates the
	 * averaged receptor outputs. Organs in gene order: 1 drive-lobe support,
	 * 7 muscle, 8 heart, 11 liver, 14 tummy, 16 bones, 17 spleen. */
	assert_int_equal(organ(b, 1).repair_rate, 2);  /* 2 + 2 */
	assert_int_equal(organ(b, 7).repair_rate, 2);  /* 4 + 0 */
	assert_int_equal(organ(b, 8).repair_rate, 4);  /* 8 + 0 */
	assert_int_equal(organ(b, 16).repair_rate, 5); /* 16 + 0 + 0 */
	assert_int_equal(organ(b, 17).repair_rate, 43); /* 2 + 0 + 128 */
	assert_int_equal(organ(b, 17).clock_rate, 152); /* (176 + 128) / 2 */
	assert_int_equal(organ(b, 11).clock_rate, 37);  /* (80 + 32 + 0) / 3 */
	assert_int_equal(organ(b, 16).clock_rate, 32);
	assert_int_equal(organ(b, 14).clock_rate, 103);
	assert_int_equal(organ(b, 7).clock_rate, 64); /* muscle tissue 191 < threshold 212 */
	/* Drive-lobe support: 20 receptors in 18 groups (the export: 20 and 18). */
	assert_int_equal(organ(b, 1).receptor_groups, 18);
	/* Every organ is healthy and has only aged: ST = LT = 10^6 (1 - 1e-5)^n
	 * with n its activations; clock rate 127 from 127: 41 activations
	 * (export: biotick 41, ST = LT = 999 590.1). */
	for (size_t i = 1; i < bc_organ_count(b); i++) {
		bc_organ_info o = organ(b, i);
		double lf = 1e6;
		for (uint32_t k = 0; k < o.biotick; k++)
			lf -= lf * 1e-5;
		assert_false(o.failed);
		assert_true(o.energy_ok);
		if (fabs(o.st_lf - lf) > 1e-6 || fabs(o.lt_lf - lf) > 1e-6)
			fail_msg("organ %zu: ST %.3f LT %.3f after %u activations, expected %.3f", i,
			         o.st_lf, o.lt_lf, o.biotick, lf);
	}
	assert_int_equal(organ(b, 1).biotick, 41);
	assert_true(fabs(organ(b, 1).st_lf - 999590.08) < 0.005);
	bc_free(b);
	genome_free(&g);
}

/* ---------------------------------------------------------------- a lifetime */

static double seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void test_norn_lifetime(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	load_norn(&g);
	creature_engine_loci e;
	memset(&e, 0, sizeof e);
	bc_biochem *b = hatch(&g, GENOME_FEMALE, &e, NULL);
	size_t *idx = malloc(g.ngenes * sizeof *idx);
	assert_non_null(idx);
	/* The engine's part, done here: ATP kept full (no food, no brain, so
	 * every organ keeps doing all its work), the brain organ on every second
	 * biochem tick, a stage transition when the current somatic locus fires
	 * (§7.1), expressing that stage's genes. */
	uint32_t at[7] = {0};
	int stage = 0;
	uint32_t replaced = 0;
	double t0 = seconds();
	for (uint32_t t = 1; t <= 200000 && stage < 7; t++) {
		bc_chem_set(b, GENOME_CHEM_ATP, 255);
		if (t % 2 == 0)
			bc_brain_organ_tick(b);
		bc_tick(b);
		if (e.creature[0][stage]) {
			at[stage++] = t;
			if (stage < 7) {
				bc_express_report rep;
				c2_err err;
				size_t n = genome_switched_on(&g, GENOME_FEMALE, stage, idx);
				assert_int_equal(bc_express(b, &g, idx, n, &rep, &err), 0);
				replaced += rep.replaced;
			}
		}
	}
	double dt = seconds() - t0;
	print_message("    lifetime: %u biochem ticks in %.3f s\n", at[6], dt);
	/* Ageing (half-life 144: x63897/65536 on every 2048th tick) reaches the
	 * thresholds 229, 194, 165, 132, 19, 10, 5 after 4, 10, 16, 24, 80, 89
	 * and 94 steps (255 -> 228, 193, 163, 130, 19, 10, 5), i.e. on biochem
	 * ticks 8192 ... 192512: exactly §7.1's table. Time's Arrow (clock 127)
	 * reads it at its next activation, 1 or 2 ticks later. */
	static const uint32_t expect[7] = {8194, 20482, 32770, 49154, 163842, 182274, 192513};
	static const uint32_t steps[7] = {4, 10, 16, 24, 80, 89, 94};
	static const uint32_t table[7] = {8192, 20480, 32768, 49152, 163840, 182272, 192512};
	for (int s = 0; s < 7; s++) {
		uint32_t step_tick = steps[s] * 2048;
		assert_int_equal(step_tick, table[s]);
		assert_true(at[s] >= step_tick + 1 && at[s] <= step_tick + 2);
		assert_int_equal(at[s], expect[s]);
	}
	assert_int_equal(replaced, 1); /* "Become bored (adult)" replaces "Become bored" */
	/* Generous: a lifetime costs ~0.15 s at -O2; this guards against
	 * accidental quadratic work even under the sanitizers. */
	assert_true(dt < 30.0);
	/* Bit-identical at -O0, -O2 and under ASan/UBSan (golden value). */
	if (bc_hash(b) != 0xc8e0865761320a4cull)
		fail_msg("lifetime hash %016llx", (unsigned long long)bc_hash(b));
	bc_free(b);
	free(idx);
	genome_free(&g);
}

/* ---------------------------------------------------------------- determinism */

static uint64_t run(const genome *g, int n, creature_engine_loci *e)
{
	memset(e, 0, sizeof *e);
	bc_biochem *b = hatch(g, GENOME_MALE, e, NULL);
	for (int t = 1; t <= n; t++) {
		if (t % 2 == 0)
			bc_brain_organ_tick(b);
		bc_tick(b);
	}
	uint64_t h = bc_hash(b);
	bc_free(b);
	return h;
}

static void test_norn_determinism(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	load_norn(&g);
	creature_engine_loci e1, e2;
	uint64_t a = run(&g, 3000, &e1);
	uint64_t b = run(&g, 3000, &e2);
	assert_true(a == b);
	assert_memory_equal(&e1, &e2, sizeof e1);
	assert_true(run(&g, 3001, &e2) != a);
	genome_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_norn_female),
		cmocka_unit_test(test_norn_male),
		cmocka_unit_test(test_norn_chemicals),
		cmocka_unit_test(test_norn_export_loci),
		cmocka_unit_test(test_norn_lifetime),
		cmocka_unit_test(test_norn_determinism),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
