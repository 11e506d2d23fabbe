/* test_pop.c — populations (world/pop.c, docs/populations.md): creatures
 * seen as objects of their genus, stimuli between creatures, a need heard,
 * the breeding rules one at a time (fertile male, receptive female, same
 * genus, her pregnancy, the chance), laying on the lay-egg locus, hatching,
 * the child's genome, monikers and generations, the genealogy, the hand's
 * commands at a named creature, snapshots with pregnancies and eggs; and
 * two standard norns (the shared data) that breed in the garden.
 *
 * The small creature is world_breed_tiny.h: its reproductive loci follow
 * chemicals a test injects; a test decides for it by setting its decision
 * and attention cells before each step, as test_world does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "genome/breed.h"
#include "genome/text.h"
#include "genome/vocab.h"
#include "testutil.h"
#include "tests/fixtures/world_breed_tiny.h"
#include "world/internal.h"
#include "world/world.h"

enum { OESTROGEN = 105, PROGESTERONE = 108, LH = 110, CHOLESTEROL = 113 };

static creature *tiny(genome_sex sex, uint64_t seed)
{
	genome g;
	c2_err err;
	if (genome_text_parse(WORLD_BREED_TINY, sizeof WORLD_BREED_TINY - 1, &g, &err) != 0)
		fail_msg("genome line %ld: %s", err.line, err.msg);
	creature *c = test_hatch(&g, sex, seed);
	genome_free(&g);
	return c;
}

/* A room 1000 px wide, looking every tick; creatures at 200, 300, ... */
static const char ROOM[] = "room r 0 1000\ncreature 200\ncreature 300 west\ncreature 600\n";

static world *population(world_options *o, const genome_sex *sexes, size_t n)
{
	world_options d;
	world_options_default(&d);
	d.perceive_period = 1;
	world *w;
	c2_err err;
	assert_int_equal(world_load(&w, ROOM, strlen(ROOM), o ? o : &d, 1, &err), 0);
	for (size_t k = 0; k < n; k++)
		if (world_add_creature(w, tiny(sexes[k], 10 + k), &err) != 0)
			fail_msg("add: %s", err.msg);
	world_set_log(w, true);
	return w;
}

/* Step, creature k deciding `action` on category `cat` (the others stand),
 * ATP kept full. */
static void run(world *w, int n, size_t k, int action, int cat)
{
	for (int t = 0; t < n; t++) {
		creature *c = world_creature(w, k);
		creature_hear(c, GENOME_LOBE_DECISION, (unsigned)action);
		if (cat >= 0)
			creature_hear(c, GENOME_LOBE_ATTENTION, (unsigned)cat);
		for (size_t j = 0; j < world_creature_count(w); j++)
			creature_inject(world_creature(w, j), GENOME_CHEM_ATP, 255);
		world_step(w, NULL);
	}
}

static int stim_count(const world *w, int k, int number)
{
	int n = 0;
	for (size_t i = 0; i < w->nlog; i++)
		if (w->log[i].type == LOG_STIMULUS && w->log[i].creature == k && w->log[i].a == number)
			n++;
	return n;
}

/* The genealogy drained: lines of `type`. */
static int gen_count(world *w, c2_wbuf *g, const char *type)
{
	world_genealogy_ndjson(w, g);
	char key[64];
	snprintf(key, sizeof key, "\"type\":\"%s\"", type);
	int n = 0;
	size_t kl = strlen(key);
	for (size_t i = 0; i + kl <= g->len; i++)
		n += !memcmp(g->data + i, key, kl);
	return n;
}

static void fertile(world *w, size_t k, bool on)
{
	creature_inject(world_creature(w, k), OESTROGEN, on ? 200 : -255);
	creature_inject(world_creature(w, k), LH, on ? 200 : -255);
}

/* ---- seeing, touching, hearing ----------------------------------------------------- */

static void test_lone_creature_adds_nothing(void **state)
{
	(void)state;
	genome_sex s[] = {GENOME_FEMALE};
	world *w = population(NULL, s, 1);
	size_t nobjs = world_object_count(w), nkinds = w->nkinds;
	run(w, 50, 0, GENOME_ACT_QUIESCENT, -1);
	assert_false(w->pop);
	assert_int_equal(world_object_count(w), nobjs);
	assert_int_equal(w->nkinds, nkinds);
	world_creature_info ci;
	assert_int_equal(world_creature_get(w, 0, &ci), 0);
	assert_int_equal(ci.object, -1);
	assert_int_equal(strlen(ci.moniker), 4);
	assert_int_equal(ci.mother, -1);
	assert_int_equal(ci.generation, 0);
	world_free(w);
}

static void test_creatures_see_each_other(void **state)
{
	(void)state;
	genome_sex s[] = {GENOME_FEMALE, GENOME_MALE};
	world *w = population(NULL, s, 2);
	assert_true(w->pop);
	world_creature_info a, b;
	world_creature_get(w, 0, &a);
	world_creature_get(w, 1, &b);
	assert_true(a.object > 0 && b.object > 0 && a.object != b.object);
	world_object_info oi;
	assert_int_equal(world_object(w, (size_t)b.object, &oi), 0);
	assert_int_equal(oi.category, GENOME_CAT_NORN);
	assert_int_equal(oi.creature, 1);
	assert_string_equal(oi.name, b.moniker);
	assert_string_not_equal(a.moniker, b.moniker);
	run(w, 2, 0, GENOME_ACT_QUIESCENT, -1);
	/* each sees the other as its norn, not itself */
	assert_int_equal(w->crts[0].rep[GENOME_CAT_NORN], b.object);
	assert_int_equal(w->crts[1].rep[GENOME_CAT_NORN], a.object);
	assert_true(stim_count(w, 0, GENOME_STIM_OBJECT_IN_VIEW) >= 1);
	/* the object follows its creature */
	run(w, 30, 1, GENOME_ACT_RIGHT, -1);
	world_creature_get(w, 1, &b);
	world_object(w, (size_t)b.object, &oi);
	assert_true(oi.x == b.x && b.x > 300);
	world_free(w);
}

static void test_push_pat_hit_between_creatures(void **state)
{
	(void)state;
	genome_sex s[] = {GENOME_FEMALE, GENOME_FEMALE};
	world *w = population(NULL, s, 2);
	run(w, 120, 1, GENOME_ACT_PUSH, GENOME_CAT_NORN);
	/* the pushed one gets crt_push_stim (2, creature pats me) from a norn;
	 * two females: no mating */
	assert_true(stim_count(w, 0, 2) >= 1);
	assert_int_equal(stim_count(w, 0, GENOME_STIM_MATE), 0);
	assert_int_equal(stim_count(w, 1, GENOME_STIM_ACTIVATED1) >= 1, 1);
	w->nlog = 0;
	run(w, 60, 1, GENOME_ACT_HIT, GENOME_CAT_NORN);
	assert_true(stim_count(w, 0, 4) >= 1); /* creature slaps me */
	w->nlog = 0;
	run(w, 60, 1, GENOME_ACT_EAT, GENOME_CAT_NORN); /* not edible: refused */
	assert_true(stim_count(w, 1, GENOME_STIM_DISAPPOINTMENT) >= 1);
	world_free(w);
}

static void test_need_heard(void **state)
{
	(void)state;
	genome_sex s[] = {GENOME_FEMALE, GENOME_MALE};
	world *w = population(NULL, s, 2);
	run(w, 8, 0, GENOME_ACT_THINK, GENOME_CAT_FOOD);
	assert_true(stim_count(w, 1, GENOME_STIM_HEARD_CREATURE) >= 1);
	world_options o = w->opt;
	o.hear_creatures = 0;
	world_free(w);
	o.perceive_period = 1;
	w = population(&o, s, 2);
	run(w, 8, 0, GENOME_ACT_THINK, GENOME_CAT_FOOD);
	assert_int_equal(stim_count(w, 1, GENOME_STIM_HEARD_CREATURE), 0);
	world_free(w);
}

/* ---- breeding ------------------------------------------------------------------------- */

/* He (creature 1) pushes her (creature 0) for n ticks. */
static void courts(world *w, int n)
{
	run(w, n, 1, GENOME_ACT_PUSH, GENOME_CAT_NORN);
}

static void test_conception_rules(void **state)
{
	(void)state;
	genome_sex s[] = {GENOME_FEMALE, GENOME_MALE};
	c2_wbuf g = {0};
	/* neither fertile nor receptive: pats, no mating */
	world *w = population(NULL, s, 2);
	courts(w, 150);
	assert_true(stim_count(w, 0, 2) >= 1);
	assert_int_equal(stim_count(w, 0, GENOME_STIM_MATE), 0);
	assert_int_equal(w->crts[0].unborn, -1);
	/* he fertile, she not receptive: none */
	creature_inject(world_creature(w, 1), OESTROGEN, 200);
	courts(w, 150);
	assert_int_equal(stim_count(w, 0, GENOME_STIM_MATE), 0);
	/* she receptive too: both get 45 Mate, she conceives */
	fertile(w, 0, true);
	courts(w, 150);
	assert_true(stim_count(w, 0, GENOME_STIM_MATE) >= 1);
	assert_true(stim_count(w, 1, GENOME_STIM_MATE) >= 1);
	assert_true(w->crts[0].unborn >= 0);
	world_creature_info ci;
	world_creature_get(w, 0, &ci);
	assert_true(ci.pregnant);
	assert_int_equal(gen_count(w, &g, "conceive"), 1);
	/* pregnant: more mating conceives nothing more */
	courts(w, 150);
	assert_int_equal(w->nunborn, 1);
	world_free(w);
	/* breeding off: nothing */
	world_options o;
	world_options_default(&o);
	o.perceive_period = 1;
	o.breeding = 0;
	w = population(&o, s, 2);
	fertile(w, 0, true);
	fertile(w, 1, true);
	courts(w, 150);
	assert_int_equal(stim_count(w, 0, GENOME_STIM_MATE), 0);
	world_free(w);
	/* she pushes him: the male must be the one who pushes */
	w = population(NULL, s, 2);
	fertile(w, 0, true);
	fertile(w, 1, true);
	run(w, 150, 0, GENOME_ACT_PUSH, GENOME_CAT_NORN);
	assert_int_equal(stim_count(w, 1, GENOME_STIM_MATE), 0);
	world_free(w);
	/* conceive_chance 0: mating without conception */
	o.breeding = 1;
	o.conceive_chance = 0;
	w = population(&o, s, 2);
	fertile(w, 0, true);
	fertile(w, 1, true);
	courts(w, 150);
	assert_true(stim_count(w, 0, GENOME_STIM_MATE) >= 1);
	assert_int_equal(w->nunborn, 0);
	world_free(w);
	c2_wbuf_free(&g);
}

/* A child conceived, laid and hatched; its genome crossed from its
 * parents' (identical here: at rate 0 it is theirs gene for gene but the
 * genus gene's monikers). */
static void test_lay_and_hatch(void **state)
{
	(void)state;
	genome_sex s[] = {GENOME_FEMALE, GENOME_MALE};
	world_options o;
	world_options_default(&o);
	o.perceive_period = 1;
	o.mutation_loci = 2; /* strict: the loci are 0, no mutation */
	o.egg_hatch_ticks = 100;
	world *w = population(&o, s, 2);
	c2_wbuf g = {0};
	fertile(w, 0, true);
	fertile(w, 1, true);
	courts(w, 200);
	assert_int_equal(w->nunborn, 1);
	run(w, 50, 0, GENOME_ACT_QUIESCENT, -1);
	assert_int_equal(w->unborn[0].egg, -1); /* no lay-egg locus yet */
	creature_inject(world_creature(w, 0), PROGESTERONE, 200);
	run(w, 10, 0, GENOME_ACT_QUIESCENT, -1);
	int egg = w->unborn[0].egg;
	assert_true(egg > 0);
	world_object_info oi;
	world_object(w, (size_t)egg, &oi);
	assert_int_equal(oi.category, GENOME_CAT_EGG);
	assert_string_equal(oi.kind, "egg");
	assert_int_equal(strncmp(oi.name, "egg.", 4), 0);
	assert_string_equal(oi.child, w->unborn[0].moniker);
	assert_int_equal(oi.hatches_as, -1);
	assert_false(w->crts[0].unborn >= 0);
	assert_int_equal(gen_count(w, &g, "lay"), 1);
	creature_inject(world_creature(w, 0), PROGESTERONE, -255);
	run(w, 101, 0, GENOME_ACT_QUIESCENT, -1);
	assert_int_equal(world_creature_count(w), 3);
	world_creature_info ci;
	world_creature_get(w, 2, &ci);
	assert_int_equal(ci.mother, 0);
	assert_int_equal(ci.father, 1);
	assert_int_equal(ci.generation, 1);
	assert_int_equal(ci.egg, egg);
	assert_true(ci.alive && ci.object > 0);
	world_object(w, (size_t)egg, &oi);
	assert_int_equal(oi.state, WORLD_OBJ_REMOVED);
	assert_int_equal(oi.hatches_as, 2);
	g.len = 0;
	assert_int_equal(gen_count(w, &g, "hatch"), 1);
	assert_int_equal(world_alive_count(w), 3);
	/* the child's genome: the parents' genes, its genus gene naming them */
	genome mum, child;
	assert_int_equal(creature_genome(world_creature(w, 0), &mum, NULL), 0);
	assert_int_equal(creature_genome(world_creature(w, 2), &child, NULL), 0);
	assert_int_equal(child.ngenes, mum.ngenes);
	for (size_t i = 0; i < child.ngenes; i++) {
		if (child.genes[i].kind == GK_GENUS) {
			assert_memory_equal(child.genes[i].u.genus.mother, world_creature_moniker(w, 0), 4);
			assert_memory_equal(child.genes[i].u.genus.father, world_creature_moniker(w, 1), 4);
		}
	}
	genome_changes d = {0};
	assert_int_equal(genome_diff(&mum, &child, &d, NULL), 0);
	for (size_t i = 0; i < d.n; i++)
		assert_int_equal(child.genes[d.v[i].b].kind, GK_GENUS);
	genome_changes_free(&d);
	genome_free(&mum);
	genome_free(&child);
	c2_wbuf_free(&g);
	world_free(w);
}

/* The mutation rate follows the mother's loci: strict 0 -> none; high ->
 * many (each logged in the conceive record). */
static void test_mutation_loci(void **state)
{
	(void)state;
	genome_sex s[] = {GENOME_FEMALE, GENOME_MALE};
	world_options o;
	world_options_default(&o);
	o.perceive_period = 1;
	o.mutation_loci = 2;
	world *w = population(&o, s, 2);
	c2_wbuf g = {0};
	fertile(w, 0, true);
	fertile(w, 1, true);
	creature_inject(world_creature(w, 0), CHOLESTEROL, 255); /* chance, degree 255: rate ~4 */
	courts(w, 200);
	world_genealogy_ndjson(w, &g);
	c2_w_u8(&g, 0);
	assert_non_null(strstr((const char *)g.data, "\"mutation_chance\":255,\"mutation_degree\":255"));
	world_free(w);
	c2_wbuf_free(&g);
}

static void test_mother_dies(void **state)
{
	(void)state;
	genome_sex s[] = {GENOME_FEMALE, GENOME_MALE};
	world *w = population(NULL, s, 2);
	c2_wbuf g = {0};
	fertile(w, 0, true);
	fertile(w, 1, true);
	courts(w, 200);
	assert_int_equal(w->nunborn, 1);
	creature_kill(world_creature(w, 0));
	run(w, 2, 1, GENOME_ACT_QUIESCENT, -1);
	assert_int_equal(w->nunborn, 0);
	assert_int_equal(gen_count(w, &g, "lost"), 1);
	g.len = 0;
	world_object_info oi;
	world_object(w, (size_t)w->crts[0].obj, &oi);
	assert_false(oi.visible); /* the dead are not seen */
	assert_int_equal(world_alive_count(w), 1);
	c2_wbuf_free(&g);
	world_free(w);
}

/* ---- events at a creature ------------------------------------------------------------- */

static void test_events_name_creatures(void **state)
{
	(void)state;
	genome_sex s[] = {GENOME_FEMALE, GENOME_MALE, GENOME_MALE};
	world *w = population(NULL, s, 3);
	char text[256];
	snprintf(text, sizeof text, "at 1 pat @1\nat 2 slap %s\nat 3 yes every\nat 4 no\n",
	         world_creature_moniker(w, 2));
	world_events *ev;
	c2_err err;
	assert_int_equal(world_events_parse(&ev, w, text, strlen(text), &err), 0);
	for (int t = 0; t < 6; t++)
		world_step(w, ev);
	assert_int_equal(stim_count(w, 1, GENOME_STIM_POINTER_PATS), 1);
	assert_int_equal(stim_count(w, 0, GENOME_STIM_POINTER_PATS), 0);
	assert_int_equal(stim_count(w, 2, GENOME_STIM_POINTER_SLAPS), 1);
	for (int k = 0; k < 3; k++)
		assert_int_equal(stim_count(w, k, GENOME_STIM_POINTER_YES), 1);
	assert_int_equal(stim_count(w, 0, GENOME_STIM_POINTER_NO), 1);
	world_events_free(ev);
	/* errors name their line */
	static const char *bad[] = {"at 1 pat @x\n", "at 1 pat somebody\n", "at 1 bring food to\n",
	                            "at 1 drop 10 to\n", "when @1\n", "at 1 pat @1 @2\n"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		assert_int_not_equal(world_events_parse(&ev, w, bad[i], strlen(bad[i]), &err), 0);
		assert_int_equal(err.line, 1);
	}
	/* a moniker not in the world: parsed, does nothing */
	const char *ghost = "at 1 pat ZZZZ\nwhen ZZZZ eat pat\nat 2 bring food to ZZZZ\n";
	assert_int_equal(world_events_parse(&ev, w, ghost, strlen(ghost), &err), 0);
	world_events_free(ev);
	world_free(w);
}

/* Creature 1 pushes creature 0 for 150 ticks under the rules of E: the
 * pats creature 1 gets. */
static int pats_for_pushes(const char *E)
{
	genome_sex s[] = {GENOME_FEMALE, GENOME_MALE};
	world *w = population(NULL, s, 2);
	world_events *ev;
	c2_err err;
	assert_int_equal(world_events_parse(&ev, w, E, strlen(E), &err), 0);
	int acts = 0;
	for (int t = 0; t < 150; t++) {
		creature_hear(world_creature(w, 1), GENOME_LOBE_DECISION, GENOME_ACT_PUSH);
		creature_hear(world_creature(w, 1), GENOME_LOBE_ATTENTION, GENOME_CAT_NORN);
		world_step(w, ev);
		world_creature_info ci;
		world_creature_get(w, 1, &ci);
		acts += ci.acted_event == WORLD_EV_PUSH;
	}
	assert_true(acts >= 2);
	int n = stim_count(w, 1, GENOME_STIM_POINTER_PATS);
	assert_int_equal(stim_count(w, 0, GENOME_STIM_POINTER_PATS), 0);
	world_events_free(ev);
	world_free(w);
	return n;
}

static void test_when_every(void **state)
{
	(void)state;
	assert_true(pats_for_pushes("when every push pat\n") >= 2);
	assert_true(pats_for_pushes("when @1 push pat\n") >= 2);
	assert_int_equal(pats_for_pushes("when push pat\n"), 0); /* the first creature's acts only */
	assert_int_equal(pats_for_pushes("when @0 push pat\n"), 0);
}

/* ---- snapshots -------------------------------------------------------------------------- */

static void test_pop_snapshot_resume(void **state)
{
	(void)state;
	genome_sex s[] = {GENOME_FEMALE, GENOME_MALE, GENOME_FEMALE};
	world_options o;
	world_options_default(&o);
	o.perceive_period = 1;
	o.egg_hatch_ticks = 300;
	world *a = population(&o, s, 3), *b;
	fertile(a, 0, true);
	fertile(a, 1, true);
	courts(a, 200);
	creature_inject(world_creature(a, 0), PROGESTERONE, 200);
	run(a, 5, 0, GENOME_ACT_QUIESCENT, -1);
	creature_inject(world_creature(a, 0), PROGESTERONE, -255);
	fertile(a, 2, true);
	assert_int_equal(a->nunborn, 1);
	assert_true(a->unborn[0].egg > 0);
	/* a second pregnancy in the other female, in progress */
	for (int t = 0; t < 200 && a->crts[2].unborn < 0; t++)
		run(a, 1, 1, GENOME_ACT_PUSH, GENOME_CAT_NORN);
	c2_wbuf sa = {0}, ga = {0}, gb = {0};
	assert_int_equal(world_save(a, NULL, 0, &sa), 0);
	c2_err err;
	if (world_restore(&b, sa.data, sa.len, NULL, NULL, &err) != 0)
		fail_msg("restore: %s", err.msg);
	assert_int_equal(world_hash(a), world_hash(b));
	c2_wbuf s2 = {0};
	assert_int_equal(world_save(b, NULL, 0, &s2), 0);
	assert_int_equal(s2.len, sa.len);
	assert_memory_equal(s2.data, sa.data, sa.len);
	world_set_log(b, true);
	for (int t = 0; t < 600; t++) {
		run(a, 1, 1, GENOME_ACT_PUSH, GENOME_CAT_NORN);
		run(b, 1, 1, GENOME_ACT_PUSH, GENOME_CAT_NORN);
	}
	assert_int_equal(world_creature_count(a), world_creature_count(b));
	assert_true(world_creature_count(a) >= 4); /* the egg hatched in both */
	assert_int_equal(world_hash(a), world_hash(b));
	world_genealogy_ndjson(a, &ga);
	world_genealogy_ndjson(b, &gb);
	assert_int_equal(ga.len, gb.len);
	assert_memory_equal(ga.data, gb.data, ga.len);
	/* corrupt population sections are refused */
	for (size_t cut = sa.len - 40; cut < sa.len; cut += 7) {
		world *bad;
		assert_int_not_equal(world_restore(&bad, sa.data, cut, NULL, NULL, &err), 0);
	}
	c2_wbuf_free(&sa);
	c2_wbuf_free(&s2);
	c2_wbuf_free(&ga);
	c2_wbuf_free(&gb);
	world_free(a);
	world_free(b);
}

static void test_full_world(void **state)
{
	(void)state;
	genome_sex s[] = {GENOME_FEMALE};
	world *w = population(NULL, s, 1);
	c2_err err;
	while (world_creature_count(w) < WORLD_MAX_CREATURES) {
		creature *c = tiny(GENOME_MALE, world_creature_count(w));
		assert_int_equal(world_add_creature(w, c, &err), 0);
	}
	creature *c = tiny(GENOME_MALE, 1);
	assert_int_equal(world_add_creature(w, c, &err), C2_ETOOBIG);
	creature_free(c);
	/* monikers unique */
	for (size_t i = 0; i < 40; i++)
		for (size_t j = i + 1; j < 40; j++)
			assert_string_not_equal(world_creature_moniker(w, i), world_creature_moniker(w, j));
	c = tiny(GENOME_MALE, 1);
	assert_int_equal(world_add_founder(w, c, "ab12", NULL, &err), C2_EINVAL);
	creature_free(c);
	world_free(w);
}

/* ---- the standard norns -------------------------------------------------------------- */

static void test_norns_breed_in_garden(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	uint8_t *text, *teach;
	size_t len, tlen;
	c2_err err;
	assert_int_equal(c2_read_file("worlds/garden.world", 1u << 20, &text, &len, &err), 0);
	assert_int_equal(c2_read_file("worlds/garden.teach", 1u << 20, &teach, &tlen, &err), 0);
	world_options o;
	world_options_default(&o);
	o.goal_direction = 1;
	world *w;
	assert_int_equal(world_load(&w, (const char *)text, len, &o, 1, &err), 0);
	assert_int_equal(world_add_founder(w, test_hatch(&g, GENOME_FEMALE, 1), "MUMS", "n", &err), 0);
	assert_int_equal(world_add_founder(w, test_hatch(&g, GENOME_MALE, 2), "DADS", "n", &err), 0);
	world_events *ev;
	assert_int_equal(world_events_parse(&ev, w, (const char *)teach, tlen, &err), 0);
	/* seed 1 (bench/world_breed): conceived at 41096, hatched at 47953 */
	while (world_creature_count(w) < 3 && world_ticks(w) < 60000)
		world_step(w, ev);
	assert_int_equal(world_creature_count(w), 3);
	world_creature_info ci;
	world_creature_get(w, 2, &ci);
	assert_int_equal(ci.mother, 0);
	assert_int_equal(ci.father, 1);
	genome child;
	assert_int_equal(creature_genome(world_creature(w, 2), &child, NULL), 0);
	genome_changes d = {0};
	assert_int_equal(genome_diff(&g, &child, &d, NULL), 0);
	assert_true(d.n < 10); /* the genus gene, and a mutation or two at rate 1 */
	genome_changes_free(&d);
	genome_free(&child);
	world_events_free(ev);
	world_free(w);
	free(text);
	free(teach);
	genome_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lone_creature_adds_nothing),
		cmocka_unit_test(test_creatures_see_each_other),
		cmocka_unit_test(test_push_pat_hit_between_creatures),
		cmocka_unit_test(test_need_heard),
		cmocka_unit_test(test_conception_rules),
		cmocka_unit_test(test_lay_and_hatch),
		cmocka_unit_test(test_mutation_loci),
		cmocka_unit_test(test_mother_dies),
		cmocka_unit_test(test_events_name_creatures),
		cmocka_unit_test(test_when_every),
		cmocka_unit_test(test_pop_snapshot_resume),
		cmocka_unit_test(test_full_world),
		cmocka_unit_test(test_norns_breed_in_garden),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
