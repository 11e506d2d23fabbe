/* test_starter.c — the starter creature (genomes/starter.txt) learns: its
 * birth instincts are wired into the decision lobe, and reward changes what
 * it does. The training experiment pats the creature (stimulus 1, which
 * carries Reward) every time it chooses "hit" -- an action no instinct asks
 * for -- and compares how often it hits in its second half-hour with an
 * untouched twin (same seed). Learning in one creature is a noisy affair, so
 * the comparison is over several seeds (genomes/README.md, "Learning"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "base/fileio.h"
#include "brain/brain.h"
#include "engine/engine.h"
#include "genome/text.h"
#include "genome/vocab.h"
#include "testutil.h"

/* Dendrites of decision cell `action` of `type` with LTW >= `min`. */
static unsigned strong_links(const brain *b, unsigned action, unsigned type, unsigned min)
{
	unsigned n = 0, nd = brain_dendrite_count(b, GENOME_LOBE_DECISION, action, type);
	for (unsigned k = 0; k < nd; k++) {
		brain_dendrite_info d;
		assert_int_equal(brain_dendrite_get(b, GENOME_LOBE_DECISION, action, type, k, &d), 0);
		n += d.ltw >= min;
	}
	return n;
}

static void test_instincts_wired(void **state)
{
	(void)state;
	genome g;
	test_load_text_genome("genomes/starter.txt", &g);
	creature *c = test_hatch(&g, GENOME_FEMALE, 1);
	while (creature_dreaming(c))
		creature_step(c, NULL);
	const brain *b = creature_brain_const(c);
	/* hungry -> eat (255), hungry & food -> eat (200), verb eat -> eat (200) */
	assert_int_equal(strong_links(b, GENOME_ACT_EAT, 0, 200), 3);
	/* sleepy -> rest, tired -> rest (128), verb rest -> rest (200) */
	assert_int_equal(strong_links(b, GENOME_ACT_REST, 0, 128), 3);
	/* hungry -> do not rest: one inhibitory link */
	assert_int_equal(strong_links(b, GENOME_ACT_REST, 1, 160), 1);
	/* fear -> run, pain -> run */
	assert_int_equal(strong_links(b, GENOME_ACT_RUN, 0, 160), 2);
	assert_int_equal(brain_instinct_pending(b), 0);
	creature_free(c);
	genome_free(&g);
}

enum { TRAIN_TICKS = 36000, PAT_GAP = 50, SEEDS = 8 };

/* Share of awake time in the second half-hour spent on `action`; with
 * `train`, a pat follows every choice of it (at most one per 5 s). */
static double run_one(const genome *g, uint64_t seed, int action, bool train, unsigned *learned)
{
	creature *c = test_hatch(g, GENOME_FEMALE, seed);
	static const uint8_t chems[2] = {73, 79}, amounts[2] = {30, 10}; /* Starch, Protein */
	uint64_t last_pat = 0;
	long hits = 0, awake = 0;
	for (uint64_t t = 0; t < TRAIN_TICKS; t++) {
		if (t % 1200 == 0)
			creature_feed(c, 12, chems, amounts, 2);
		creature_step(c, NULL);
		bool up = !creature_asleep(c);
		if (train && up && creature_action(c) == action && t - last_pat >= PAT_GAP) {
			creature_stimulus(c, 1, GENOME_CAT_HAND, 255); /* Pointer pats me */
			last_pat = t;
		}
		if (t >= TRAIN_TICKS / 2 && up) {
			awake++;
			hits += creature_action(c) == action;
		}
	}
	assert_true(creature_alive(c));
	if (learned)
		*learned = strong_links(creature_brain_const(c), (unsigned)action, 0, 8);
	creature_free(c);
	return awake ? (double)hits / (double)awake : 0.0;
}

static void test_pats_teach(void **state)
{
	(void)state;
	genome g;
	test_load_text_genome("genomes/starter.txt", &g);
	double plain = 0, trained = 0;
	unsigned learned = 0;
	for (uint64_t s = 1; s <= SEEDS; s++) {
		unsigned l = 0;
		double p = run_one(&g, s, GENOME_ACT_HIT, false, NULL);
		double q = run_one(&g, s, GENOME_ACT_HIT, true, &l);
		print_message("seed %llu: hit %.4f untouched, %.4f patted (%u learned links)\n",
		              (unsigned long long)s, p, q, l);
		plain += p / SEEDS;
		trained += q / SEEDS;
		learned += l;
	}
	print_message("mean: hit %.4f untouched, %.4f patted\n", plain, trained);
	/* The rewarded action gains excitatory weight and is chosen several
	 * times as often on average (about 15 times when this was written). */
	assert_true(learned > 0);
	assert_true(trained >= 0.01);
	assert_true(trained >= 3.0 * plain);
	genome_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_instincts_wired),
		cmocka_unit_test(test_pats_teach),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
