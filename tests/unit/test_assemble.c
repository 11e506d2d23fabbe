/* test_assemble.c — the engine's assembly interface (engine/assemble.h):
 * a creature assembled from the parts hatching makes is the hatched
 * creature, bit for bit, for as long as it runs; the clock, stages, dream
 * and instinct queue are set as the contracts say; every call refuses a
 * creature out of its phase and changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/assemble.h"
#include "testutil.h"

static creature_config config(unsigned hatch_dream)
{
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.sex = GENOME_MALE;
	cfg.seed = 11;
	cfg.engine.hatch_dream = (int)hatch_dream;
	return cfg;
}

/* Phases 1 and 2 with the brain hatching would build: brain_build on the
 * creature's own stream. */
static creature *assemble_expressed(const genome *g, const creature_config *cfg, int stage)
{
	creature *c;
	c2_err err;
	assert_int_equal(creature_assemble_begin(&c, g, cfg, &err), 0);
	brain *b;
	assert_int_equal(brain_build(&b, g, cfg->sex, &cfg->brain, creature_assemble_rng(c), &err), 0);
	assert_int_equal(creature_assemble_express(c, b, stage, &err), 0);
	return c;
}

/* Hatching is begin, the brain, stage 0, and (with hatch_dream) a dream of
 * every birth instinct from its start: assembled so, the creature is the
 * hatched one at tick 0 and stays it. */
static void test_assembled_is_hatched(void **state)
{
	(void)state;
	genome g;
	test_load_text_genome("genomes/starter.txt", &g);
	for (unsigned dream = 0; dream < 2; dream++) {
		creature_config cfg = config(dream);
		c2_err err;
		creature *h;
		assert_int_equal(creature_hatch(&h, &g, &cfg, &err), 0);
		creature *a = assemble_expressed(&g, &cfg, 0);
		size_t pending = brain_instinct_pending(creature_brain_const(a));
		assert_true(pending > 0); /* the starter has birth instincts */
		creature_assembly_clock clk = {0, 0, dream ? (unsigned)pending : 0, 0};
		assert_int_equal(creature_assemble_finish(a, &clk, &err), 0);
		assert_int_equal(creature_dreaming(a), dream != 0);
		assert_true(creature_hash(a) == creature_hash(h));
		for (int t = 0; t < 600; t++) {
			creature_step(a, NULL);
			creature_step(h, NULL);
		}
		assert_true(creature_hash(a) == creature_hash(h));
		assert_int_equal(creature_action(a), creature_action(h));
		creature_free(a);
		creature_free(h);
	}
	genome_free(&g);
}

/* The clock, the stages, the dream and the instinct queue as set. */
static void test_clock_stage_dream(void **state)
{
	(void)state;
	genome g;
	test_load_text_genome("genomes/starter.txt", &g);
	creature_config cfg = config(0);
	creature *c = assemble_expressed(&g, &cfg, 2);
	assert_int_equal(creature_stage(c), 2);
	genome_instinct_gene q[2];
	size_t n = 0;
	for (size_t i = 0; i < g.ngenes && n < 2; i++)
		if (g.genes[i].kind == GK_INSTINCT)
			q[n++] = g.genes[i].u.instinct;
	assert_int_equal(n, 2);
	c2_err err;
	assert_int_equal(creature_assemble_instincts(c, q, 2, &err), 0);
	assert_int_equal(brain_instinct_pending(creature_brain_const(c)), 2);
	bc_biochem *bc = creature_assemble_biochem(c);
	assert_non_null(bc);
	bc_chem_set(bc, GENOME_CHEM_ATP, 77);
	creature_assembly_clock clk = {1000, 500, 2, 1};
	assert_int_equal(creature_assemble_finish(c, &clk, &err), 0);
	assert_int_equal(creature_ticks(c), 1000);
	assert_int_equal(bc_tick_count(creature_biochem_const(c)), 500);
	assert_int_equal(bc_chem_get(creature_biochem_const(c), GENOME_CHEM_ATP), 77);
	assert_true(creature_dreaming(c) && creature_asleep(c));
	/* It steps, saves and loads like any creature: the same hash after. */
	for (int t = 0; t < 100; t++)
		creature_step(c, NULL);
	assert_int_equal(creature_ticks(c), 1100);
	c2_wbuf w = {0};
	assert_int_equal(creature_save(c, NULL, 0, &w), 0);
	creature *d;
	assert_int_equal(creature_load(&d, w.data, w.len, NULL, NULL, &err), 0);
	assert_true(creature_hash(c) == creature_hash(d));
	free(w.data);
	creature_free(d);
	creature_free(c);
	genome_free(&g);
}

/* Every call out of its phase is refused and changes nothing; a refused
 * brain is freed (ASan would see a leak), and a creature is freed whatever
 * its phase. */
static void test_phases(void **state)
{
	(void)state;
	genome g;
	test_load_text_genome("genomes/starter.txt", &g);
	creature_config cfg = config(0);
	c2_err err;
	creature *c;
	cfg.sex = (genome_sex)3;
	assert_int_equal(creature_assemble_begin(&c, &g, &cfg, &err), C2_EINVAL);
	assert_null(c);
	cfg.sex = GENOME_FEMALE;

	/* phase 1: no biochemistry to set, no instincts, no finish */
	assert_int_equal(creature_assemble_begin(&c, &g, &cfg, &err), 0);
	assert_null(creature_assemble_biochem(c));
	assert_int_equal(creature_assemble_instincts(c, NULL, 0, &err), C2_EINVAL);
	creature_assembly_clock clk = {10, 5, 0, 0};
	assert_int_equal(creature_assemble_finish(c, &clk, &err), C2_EINVAL);
	brain *b;
	assert_int_equal(brain_build(&b, &g, cfg.sex, &cfg.brain, creature_assemble_rng(c), &err), 0);
	assert_int_equal(creature_assemble_express(c, b, GENOME_NSTAGES, &err), C2_EINVAL);
	assert_non_null(creature_assemble_rng(c)); /* still in phase 1 */
	assert_int_equal(brain_build(&b, &g, cfg.sex, &cfg.brain, creature_assemble_rng(c), &err), 0);
	assert_int_equal(creature_assemble_express(c, b, 0, &err), 0);

	/* phase 2: no stream, no second brain */
	assert_null(creature_assemble_rng(c));
	c2_rng other;
	c2_rng_seed(&other, 3);
	assert_int_equal(brain_build(&b, &g, cfg.sex, &cfg.brain, &other, &err), 0);
	uint64_t before = creature_hash(c);
	assert_int_equal(creature_assemble_express(c, b, 0, &err), C2_EINVAL);
	assert_true(creature_hash(c) == before);
	assert_int_equal(creature_assemble_finish(c, &clk, &err), 0);

	/* whole: the assembly calls refuse it */
	assert_null(creature_assemble_rng(c));
	assert_null(creature_assemble_biochem(c));
	assert_int_equal(creature_assemble_instincts(c, NULL, 0, &err), C2_EINVAL);
	assert_int_equal(creature_assemble_finish(c, &clk, &err), C2_EINVAL);
	assert_int_equal(creature_ticks(c), 10);
	creature_free(c);

	/* freed in phase 1 and in phase 2 */
	assert_int_equal(creature_assemble_begin(&c, &g, &cfg, &err), 0);
	creature_free(c);
	creature_free(assemble_expressed(&g, &cfg, 1));
	genome_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_assembled_is_hatched),
		cmocka_unit_test(test_clock_stage_dream),
		cmocka_unit_test(test_phases),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
