/* test_engine.c — the living creature: schedule, life stages, death,
 * stimuli, events, determinism and snapshots, on the real norn (read from
 * $C2RT_SHARED) and on synthetic input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine/events.h"
#include "genome/text.h"
#include "genome/vocab.h"
#include "engine/internal.h"
#include "testutil.h"

static const char FEED[] = "every 100 inject Glucose 80\nevery 100 inject Hunger_Decrease 20\n";

static void parse_events(creature_events *ev, const char *text)
{
	c2_err err;
	if (creature_events_parse(ev, text, strlen(text), &err) != 0)
		fail_msg("events line %ld: %s", err.line, err.msg);
}

static void test_hatch_norn(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	creature *f = test_hatch(&g, GENOME_FEMALE, 1), *m = test_hatch(&g, GENOME_MALE, 1);
	assert_true(creature_alive(f));
	assert_int_equal(creature_stage(f), 0);
	assert_true(creature_dreaming(f)); /* birth instincts are processed in the egg */
	assert_int_equal(brain_lobe_count(creature_brain_const(f)), 10);
	/* Body organ + 20 genome organs + brain organ; the uterus is female-only. */
	assert_int_equal(bc_organ_count(creature_biochem_const(f)), 22);
	assert_int_equal(bc_organ_count(creature_biochem_const(m)), 21);
	assert_int_equal(bc_chem_get(creature_biochem_const(f), GENOME_CHEM_AGEING), 255);
	/* The dream ends once the queue of stage-0 instincts is empty. */
	for (int t = 0; t < 400 && creature_dreaming(f); t++)
		creature_step(f, NULL);
	assert_false(creature_dreaming(f));
	assert_false(creature_asleep(f));
	assert_int_equal(brain_instinct_pending(creature_brain_const(f)), 0);
	creature_free(f);
	creature_free(m);
	genome_free(&g);
}

/* A fed norn lives through every stage and dies of old age (§7.1). Each
 * transition must follow the moment Ageing falls to its receptor's
 * threshold within a few ticks (the Time's Arrow organ activates about
 * every second biochem tick), at the biochem tick the decay table gives. */
static void test_lifetime_norn(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	creature *c = test_hatch(&g, GENOME_FEMALE, 3);
	creature_events ev;
	parse_events(&ev, FEED);
	/* Thresholds of the seven ageing receptors and the biochem tick at which
	 * the decay of Ageing (byte 144: 2.5 % every 2 048 biochem ticks) first
	 * reaches them: §7.1's table. */
	const int threshold[7] = {229, 194, 165, 132, 19, 10, 5};
	const long table[7] = {8192, 20480, 32768, 49152, 163840, 182272, 192512};
	uint64_t crossed[7] = {0}, entered[7] = {0};
	while (creature_alive(c) && creature_ticks(c) < 500000) {
		int before = creature_stage(c);
		creature_step(c, &ev);
		uint8_t ageing = bc_chem_get(creature_biochem_const(c), GENOME_CHEM_AGEING);
		for (int s = 0; s < 7; s++)
			if (!crossed[s] && ageing <= threshold[s])
				crossed[s] = creature_ticks(c);
		if (creature_stage(c) != before)
			entered[before] = creature_ticks(c);
	}
	assert_false(creature_alive(c));
	assert_int_equal(creature_cause_of_death(c), CREATURE_DEATH_OLD_AGE);
	entered[6] = creature_death_tick(c) + 1;
	for (int s = 0; s < 7; s++) {
		long biochem = (long)crossed[s] / CREATURE_BIOCHEM_PERIOD;
		if (labs(biochem - table[s]) > 2)
			fail_msg("Ageing reached %d at biochem tick %ld, table says %ld", threshold[s], biochem,
			         table[s]);
		if (entered[s] < crossed[s] || entered[s] - crossed[s] > 8)
			fail_msg("stage %d ended at tick %llu, Ageing crossed at %llu", s,
			         (unsigned long long)entered[s], (unsigned long long)crossed[s]);
	}
	/* 10.7 creature-hours (§7.1). */
	double hours = creature_seconds(c) / 3600.0;
	assert_true(hours > 10.6 && hours < 10.8);
	creature_events_free(&ev);
	creature_free(c);
	genome_free(&g);
}

/* ATP held at 0: organs cannot pay their activations, take starvation
 * damage, and the creature dies of organ failure. */
static void test_starvation_kills(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	creature *c = test_hatch(&g, GENOME_MALE, 5);
	creature_events ev;
	parse_events(&ev, "every 1 from 0 inject ATP -255\n");
	bc_organ_info first;
	assert_true(bc_organ_get(creature_biochem_const(c), 1, &first));
	bool lf_fell = false;
	while (creature_alive(c) && creature_ticks(c) < 50000) {
		creature_step(c, &ev);
		bc_organ_info oi;
		bc_organ_get(creature_biochem_const(c), 1, &oi);
		lf_fell |= oi.st_lf < first.st_lf * 0.5;
	}
	assert_true(lf_fell);
	assert_false(creature_alive(c));
	assert_int_equal(creature_cause_of_death(c), CREATURE_DEATH_ORGAN_FAILURE);
	assert_true(creature_death_tick(c) < 20000);
	creature_events_free(&ev);
	creature_free(c);
	genome_free(&g);
}

static void test_determinism(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	creature *a = test_hatch(&g, GENOME_FEMALE, 11), *b = test_hatch(&g, GENOME_FEMALE, 11),
	         *d = test_hatch(&g, GENOME_FEMALE, 12);
	assert_int_equal(creature_hash(a), creature_hash(b));
	for (int t = 0; t < 3000; t++) {
		creature_step(a, NULL);
		creature_step(b, NULL);
		creature_step(d, NULL);
		if (t % 500 == 0)
			assert_int_equal(creature_hash(a), creature_hash(b));
	}
	assert_int_equal(creature_hash(a), creature_hash(b));
	assert_int_not_equal(creature_hash(a), creature_hash(d));
	creature_free(a);
	creature_free(b);
	creature_free(d);
	genome_free(&g);
}

static void test_snapshot_roundtrip(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	creature *a = test_hatch(&g, GENOME_FEMALE, 21);
	creature_events ev;
	parse_events(&ev, FEED);
	for (int t = 0; t < 2000; t++) {
		creature_step(a, &ev);
	}
	c2_wbuf w = {0};
	assert_int_equal(creature_save(a, "extra", 5, &w), 0);
	creature *b;
	uint8_t *extra;
	size_t nextra;
	c2_err err;
	int rc = creature_load(&b, w.data, w.len, &extra, &nextra, &err);
	if (rc)
		fail_msg("load: %s", err.msg);
	assert_int_equal(nextra, 5);
	assert_memory_equal(extra, "extra", 5);
	free(extra);
	assert_int_equal(creature_hash(a), creature_hash(b));
	/* Saving the loaded creature gives the same bytes. */
	c2_wbuf w2 = {0};
	assert_int_equal(creature_save(b, "extra", 5, &w2), 0);
	assert_int_equal(w2.len, w.len);
	assert_memory_equal(w2.data, w.data, w.len);
	for (int t = 0; t < 3000; t++) {
		creature_step(a, &ev);
		creature_step(b, &ev);
	}
	assert_int_equal(creature_hash(a), creature_hash(b));
	c2_wbuf_free(&w2);
	c2_wbuf_free(&w);
	creature_events_free(&ev);
	creature_free(a);
	creature_free(b);
	genome_free(&g);
}

static void test_snapshot_corrupt(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	creature *a = test_hatch(&g, GENOME_MALE, 2);
	for (int t = 0; t < 100; t++)
		creature_step(a, NULL);
	c2_wbuf w = {0};
	assert_int_equal(creature_save(a, NULL, 0, &w), 0);
	c2_err err;
	creature *b;
	/* Every truncation is refused, without a crash. */
	for (size_t n = 0; n < w.len; n += 1 + n / 8) {
		uint8_t *cut = malloc(n ? n : 1);
		memcpy(cut, w.data, n);
		assert_int_not_equal(creature_load(&b, cut, n, NULL, NULL, &err), 0);
		assert_null(b);
		free(cut);
	}
	/* A flipped byte anywhere is caught by the checksum (or the header). */
	for (size_t i = 0; i < w.len; i += 97) {
		w.data[i] ^= 0x40;
		assert_int_not_equal(creature_load(&b, w.data, w.len, NULL, NULL, &err), 0);
		w.data[i] ^= 0x40;
	}
	w.data[w.len - 1] ^= 1;
	assert_int_equal(creature_load(&b, w.data, w.len, NULL, NULL, &err), C2_ECHECK);
	assert_non_null(strstr(err.msg, "checksum"));
	c2_wbuf_free(&w);
	creature_free(a);
	genome_free(&g);
}

static void expect_event_error(const char *text, long line, const char *frag)
{
	creature_events ev;
	c2_err err;
	if (creature_events_parse(&ev, text, strlen(text), &err) == 0)
		fail_msg("accepted '%s'", text);
	assert_int_equal(err.line, line);
	if (!strstr(err.msg, frag))
		fail_msg("message '%s' lacks '%s'", err.msg, frag);
}

static void test_events_parse(void **state)
{
	(void)state;
	creature_events ev;
	parse_events(&ev, "# comment\n\nat 1200 inject Glucose 80\nat 2m inject ATP -50\n"
	                  "every 600 stimulus 26\nevery 30s from 0 until 1h stimulus Pointer pats me from hand\n"
	                  "at 5000 word verb push\nat 100 sleep\nat 150 wake\nat 200 dream 20\n"
	                  "at 9000 set-stage adult\nat 50 stim 64 patted 255 asleep Reward 32 from hand\n"
	                  "at 10 food 20 Starch 60 Glucose 20\nat 0 env light_level 40\nat 7000 injure 3 200\n"
	                  "at 9999 kill\n");
	assert_int_equal(ev.n, 14);
	assert_int_equal(ev.v[0].at, 1200);
	assert_int_equal(ev.v[0].a, GENOME_CHEM_GLUCOSE);
	assert_int_equal(ev.v[0].b, 80);
	assert_int_equal(ev.v[1].at, 1200); /* 2 minutes of creature time */
	assert_int_equal(ev.v[1].b, -50);
	assert_int_equal(ev.v[2].every, 600);
	assert_int_equal(ev.v[2].at, 600);
	assert_int_equal(ev.v[3].at, 0);
	assert_int_equal(ev.v[3].every, 300);
	assert_int_equal(ev.v[3].until, 36000);
	assert_int_equal(ev.v[3].a, 1);
	assert_int_equal(ev.v[3].from, GENOME_CAT_HAND);
	assert_int_equal(ev.v[4].a, GENOME_LOBE_VERB);
	assert_int_equal(ev.v[4].b, GENOME_ACT_PUSH);
	assert_int_equal(ev.v[7].a, 20);
	assert_int_equal(ev.v[8].a, GENOME_STAGE_ADULT);
	assert_int_equal(ev.v[9].stim.significance, 64);
	assert_int_equal(ev.v[9].stim.sense, 0);
	assert_int_equal(ev.v[9].stim.features, GENOME_STIM_ASLEEP);
	assert_int_equal(ev.v[9].stim.dose[0].chemical, GENOME_CHEM_REWARD);
	assert_int_equal(ev.v[10].a, 20);
	assert_int_equal(ev.v[10].n, 2);
	assert_int_equal(ev.v[11].a, 4);
	creature_events_free(&ev);

	expect_event_error("at 10 inject Glucose\n", 1, "usage: inject");
	expect_event_error("\nat 10 inject Unobtainium 5\n", 2, "unknown chemical 'Unobtainium'");
	expect_event_error("at ten inject Glucose 5\n", 1, "usage: at TIME");
	expect_event_error("every 0 wake\n", 1, "usage: every");
	expect_event_error("at 5 fly\n", 1, "unknown command 'fly'");
	expect_event_error("at 5 stimulus Nonsense\n", 1, "unknown stimulus 'Nonsense'");
	expect_event_error("at 5 stimulus 1 from nowhere\n", 1, "unknown object category 'nowhere'");
	expect_event_error("at 5 word adjective big\n", 1, "expected 'verb' or 'noun'");
	expect_event_error("at 5 set-stage teen\n", 1, "unknown stage 'teen'");
	expect_event_error("at 5 sleep now\n", 1, "takes no arguments");
	expect_event_error("hello\n", 1, "starts with 'at TIME'");
	expect_event_error("at 5 env asleep 3\n", 1, "maintained by the engine");
	expect_event_error("at 5 food 3 Starch\n", 1, "has no amount");
}

static void test_events_schedule(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	creature *c = test_hatch(&g, GENOME_FEMALE, 1), *ref = test_hatch(&g, GENOME_FEMALE, 1);
	creature_events ev;
	/* Ageing is touched by nothing but its slow decay: a clean counter. */
	parse_events(&ev, "at 3 inject Ageing -1\nevery 4 from 2 until 14 inject Ageing -10\n"
	                  "at 100 kill\n");
	for (int t = 0; t < 20; t++) {
		creature_step(c, &ev);
		creature_step(ref, NULL);
	}
	/* at 3: -1; every 4 from 2 until 14: ticks 2, 6, 10, 14 → -40 */
	assert_int_equal(bc_chem_get(creature_biochem_const(ref), GENOME_CHEM_AGEING) -
	                     bc_chem_get(creature_biochem_const(c), GENOME_CHEM_AGEING),
	                 41);
	assert_true(creature_alive(c));
	creature_events_free(&ev);
	creature_free(ref);
	creature_free(c);
	genome_free(&g);
}

/* The events due at t by the definition: every event checked, in order. */
static size_t due_by_scan(const creature_events *ev, uint64_t t, uint32_t *out)
{
	size_t n = 0;
	for (size_t i = 0; i < ev->n; i++)
		if (creature_events_is_due(&ev->v[i], t))
			out[n++] = (uint32_t)i;
	return n;
}

static void expect_same_due(const creature_events *ev, creature_events_cursor *cur, uint64_t t, uint32_t *want)
{
	const uint32_t *got;
	size_t n = due_by_scan(ev, t, want);
	long k = creature_events_due(ev, cur, t, &got);
	if (k != (long)n)
		fail_msg("tick %llu: %ld events due, the scan finds %zu", (unsigned long long)t, k, n);
	for (size_t i = 0; i < n; i++)
		if (got[i] != want[i])
			fail_msg("tick %llu: due[%zu] is event %u, the scan says %u",
			         (unsigned long long)t, i, got[i], want[i]);
}

/* A random line: `at` or `every` (with from/until, some ending before
 * they begin), ticks bunched so that many fall on one tick. */
static int random_event_line(c2_rng *r, char *buf, size_t n)
{
	uint64_t x = c2_rng_next(r);
	unsigned at = (unsigned)(x % 97), every = (unsigned)((x >> 8) % 13) + 1;
	unsigned until = (unsigned)((x >> 16) % 120);
	switch ((x >> 24) % 4) {
	case 0:
		return snprintf(buf, n, "at %u inject ATP 1\n", at);
	case 1:
		return snprintf(buf, n, "every %u inject ATP 1\n", every);
	case 2:
		return snprintf(buf, n, "every %u from %u inject ATP 1\n", every, at);
	default:
		return snprintf(buf, n, "every %u from %u until %u inject ATP 1\n", every, at, until);
	}
}

/* The cursor's answers equal the scan's: tick after tick, after a jump
 * forward or back (a rebuild), after lines are appended mid-run, and with
 * a second list at the same cursor. */
static void test_events_cursor(void **state)
{
	(void)state;
	c2_rng r;
	c2_rng_seed(&r, 21);
	for (int round = 0; round < 40; round++) {
		char text[64 * 200], line[64];
		size_t len = 0;
		int lines = 1 + (int)(c2_rng_next(&r) % 150);
		for (int k = 0; k < lines; k++)
			len += (size_t)random_event_line(&r, text + len, sizeof text - len);
		creature_events ev, other;
		parse_events(&ev, text);
		parse_events(&other, "at 5 kill\nevery 3 wake\n");
		uint32_t want[2 * 200 + 8];
		creature_events_cursor cur = {0};
		for (uint64_t t = 0; t < 150; t++)
			expect_same_due(&ev, &cur, t, want);
		expect_same_due(&ev, &cur, 40, want);  /* back */
		expect_same_due(&ev, &cur, 41, want);
		expect_same_due(&ev, &cur, 400, want); /* forward */
		expect_same_due(&other, &cur, 401, want);
		expect_same_due(&ev, &cur, 402, want);
		/* Appended at tick 60 (as the viewer's keys are), then on. */
		for (uint64_t t = 50; t < 60; t++)
			expect_same_due(&ev, &cur, t, want);
		for (int k = 0; k < 5; k++) {
			random_event_line(&r, line, sizeof line);
			c2_err err;
			assert_int_equal(creature_events_append(&ev, line, strlen(line), &err), 0);
		}
		for (uint64_t t = 60; t < 200; t++)
			expect_same_due(&ev, &cur, t, want);
		creature_events_cursor_free(&cur);
		creature_events_free(&other);
		creature_events_free(&ev);
	}
	/* Far ticks: no wrap-around near UINT64_MAX. */
	creature_events ev;
	parse_events(&ev, "every 99999999999999h inject ATP 1\nat 999999999999999 kill\n");
	uint64_t every = 99999999999999ull * 36000;
	uint32_t want[4];
	creature_events_cursor cur = {0};
	expect_same_due(&ev, &cur, UINT64_MAX - 1, want);
	expect_same_due(&ev, &cur, UINT64_MAX, want);
	expect_same_due(&ev, &cur, 5 * every - 1, want);
	expect_same_due(&ev, &cur, 5 * every, want);
	assert_int_equal(creature_events_due(&ev, &cur, 5 * every, &(const uint32_t *){NULL}), 1);
	expect_same_due(&ev, &cur, 999999999999999ull, want);
	creature_events_cursor_free(&cur);
	creature_events_free(&ev);
}

/* The list holds EVENTS_MAX events and refuses the next one, saying so. */
static void test_events_limit(void **state)
{
	(void)state;
	size_t n = EVENTS_MAX + 1, len = 0;
	char *text = malloc(n * 16 + 1);
	assert_non_null(text);
	for (size_t i = 0; i < n; i++)
		len += (size_t)sprintf(text + len, "at %zu kill\n", i % 100000);
	creature_events ev;
	c2_err err;
	assert_int_not_equal(creature_events_parse(&ev, text, len, &err), 0);
	assert_int_equal(err.line, EVENTS_MAX + 1);
	if (!strstr(err.msg, "more than 100000 events"))
		fail_msg("message '%s'", err.msg);
	len -= strlen("at 0 kill\n"); /* the last line was "at 0 kill" */
	assert_int_equal(creature_events_parse(&ev, text, len, &err), 0);
	assert_int_equal(ev.n, EVENTS_MAX);
	creature_events_free(&ev);
	free(text);
	/* Times past UINT64_MAX ticks are refused, not wrapped. */
	expect_event_error("at 999999999999999h kill\n", 1, "usage: at TIME");
}

/* §6.1: asleep flag, halving while asleep, modulation, source significance. */
static void test_stimulus_flags(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	creature *c = test_hatch(&g, GENOME_FEMALE, 1);
	while (creature_dreaming(c))
		creature_step(c, NULL);
	/* Quiet the two cells first: a test may reach inside (engine/internal.h);
	 * front ends change a creature only through the engine. */
	brain *b = c->brain;
	genome_stimulus_gene s = {0};
	s.significance = 100;
	s.sense = 3;
	s.intensity = 80;
	s.dose[0].chemical = 200;
	s.dose[0].amount = 40;

	brain_set_state(b, GENOME_LOBE_SENSE, 3, 0);
	brain_set_state(b, GENOME_LOBE_SOURCE, GENOME_CAT_FOOD, 0);
	creature_stimulus_explicit(c, &s, GENOME_CAT_FOOD, 255);
	assert_int_equal(brain_state(b, GENOME_LOBE_SENSE, 3), 80);
	assert_int_equal(brain_state(b, GENOME_LOBE_SOURCE, GENOME_CAT_FOOD), 100);
	assert_int_equal(bc_chem_get(creature_biochem_const(c), 200), 40);

	creature_sleep(c);
	brain_set_state(b, GENOME_LOBE_SENSE, 3, 0);
	creature_stimulus_explicit(c, &s, -1, 255); /* not sensed asleep: nothing */
	assert_int_equal(brain_state(b, GENOME_LOBE_SENSE, 3), 0);
	assert_int_equal(bc_chem_get(creature_biochem_const(c), 200), 40);
	s.features = GENOME_STIM_ASLEEP; /* sensed asleep, at half strength */
	creature_stimulus_explicit(c, &s, -1, 255);
	assert_int_equal(brain_state(b, GENOME_LOBE_SENSE, 3), 40);
	assert_int_equal(bc_chem_get(creature_biochem_const(c), 200), 80);
	creature_wake(c);

	s.features = GENOME_STIM_MODULATE; /* scaled by the event's magnitude */
	brain_set_state(b, GENOME_LOBE_SENSE, 3, 0);
	creature_stimulus_explicit(c, &s, -1, 51);
	assert_int_equal(brain_state(b, GENOME_LOBE_SENSE, 3), 16);
	assert_int_equal(bc_chem_get(creature_biochem_const(c), 200), 88);

	/* The creature's own gene: stimulus 1 "Pointer pats me" gives Reward 32. */
	uint8_t reward = bc_chem_get(creature_biochem_const(c), GENOME_CHEM_REWARD);
	assert_true(creature_stimulus(c, 1, GENOME_CAT_HAND, 255));
	assert_int_equal(bc_chem_get(creature_biochem_const(c), GENOME_CHEM_REWARD), reward + 32 > 255 ? 255 : reward + 32);
	assert_false(creature_stimulus(c, 27, -1, 255)); /* no gene for 27 */
	creature_free(c);
	genome_free(&g);
}

/* Found by fuzzing snapshots: an organ whose LT repair byte is 255 moves LT
 * the whole way to ST in one step, and floating-point rounding could leave
 * it a hair below 0 — a state the snapshot loader refuses. */
static void test_life_force_never_negative(void **state)
{
	(void)state;
	/* About 0.2 % of starting values round below 0, once per organ (when its
	 * ST first reaches 0): 2 000 varied organs make that certain. */
	enum { NORGANS = 2000 };
	size_t cap = 128 + NORGANS * 96, o;
	char *text = malloc(cap);
	assert_non_null(text);
	o = (size_t)snprintf(text, cap, "gene lobe\n width 2\n height 2\n");
	for (int k = 0; k < NORGANS; k++)
		o += (size_t)snprintf(text + o, cap - o,
		                      "gene organ\n clock_rate %d\n lt_repair 255\n life_force %d\n"
		                      " atp_damage %d\n",
		                      50 + (k * 13) % 200, 1 + k % 255, 1 + (k * 7) % 255);
	genome g;
	c2_err err;
	assert_int_equal(genome_text_parse(text, o, &g, &err), 0);
	free(text);
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.engine.organ_failure_death = 0; /* keep ticking the failing organs */
	creature *c;
	assert_int_equal(creature_hatch(&c, &g, &cfg, &err), 0);
	for (int t = 0; t < 3000; t++) {
		creature_step(c, NULL);
		const bc_biochem *b = creature_biochem_const(c);
		for (size_t i = 0; i < bc_organ_count(b); i++) {
			bc_organ_info oi;
			bc_organ_get(b, i, &oi);
			if (!(oi.lt_lf >= 0.0) || !(oi.st_lf >= 0.0))
				fail_msg("tick %d organ %zu: ST %g LT %g", t, i, oi.st_lf, oi.lt_lf);
		}
	}
	c2_wbuf w = {0};
	assert_int_equal(creature_save(c, NULL, 0, &w), 0);
	creature *d;
	int rc = creature_load(&d, w.data, w.len, NULL, NULL, &err);
	if (rc)
		fail_msg("reload: %s", err.msg);
	creature_free(d);
	c2_wbuf_free(&w);
	creature_free(c);
	genome_free(&g);
}

/* One check behind validate and run: on random brains, some past the
 * dendrite cap, some with lobes for one sex only, creature_check_genome
 * accepts exactly the genomes creature_hatch hatches, whatever the seed,
 * and refuses the others with hatch's own reason. */
static void test_check_genome_is_hatch(void **state)
{
	(void)state;
	c2_rng rng;
	c2_rng_seed(&rng, 99);
	int accepted = 0, refused = 0;
	for (int t = 0; t < 40; t++) {
		char text[16384];
		/* One genome in four is heavy: up to twelve full lobes of dense
		 * dendrites, around the cap of BRAIN_MAX_DENDRITES. */
		bool heavy = c2_rng_below(&rng, 4) == 0;
		int n = 0, nl = t == 0 ? 0 : heavy ? 9 + (int)c2_rng_below(&rng, 4) : (int)c2_rng_below(&rng, 12);
		n += snprintf(text + n, sizeof text - (size_t)n, "format dna2\ngene organ\n");
		for (int l = 0; l < nl; l++) {
			const char *flags = c2_rng_below(&rng, 8) == 0 ? "male" : "mutable";
			unsigned side = heavy ? 32 : 1 + (unsigned)c2_rng_below(&rng, 32);
			unsigned lo = heavy ? 200 : (unsigned)c2_rng_below(&rng, 128);
			unsigned src = (unsigned)c2_rng_below(&rng, heavy ? (uint64_t)nl : 14);
			n += snprintf(text + n, sizeof text - (size_t)n,
			              "gene lobe flags=%s\n width %u\n height %u\n state_rule state\n"
			              " d0.source %u\n d0.min %u\n d0.max %u\n d0.spread %u\n"
			              " d1.source %u\n d1.min %u\n d1.max %u\n",
			              flags, side, side, src, lo, lo + (unsigned)c2_rng_below(&rng, 256 - lo),
			              (unsigned)c2_rng_below(&rng, 4), src, lo,
			              lo + (unsigned)c2_rng_below(&rng, 256 - lo));
		}
		genome g;
		c2_err err;
		assert_int_equal(genome_text_parse(text, (size_t)n, &g, &err), 0);
		for (int sex = GENOME_MALE; sex <= GENOME_FEMALE; sex++) {
			c2_err cerr, herr;
			int check = creature_check_genome(&g, (genome_sex)sex, &cerr);
			creature_config cfg;
			creature_config_default(&cfg);
			cfg.sex = (genome_sex)sex;
			cfg.seed = c2_rng_next(&rng);
			creature *c = NULL;
			int hatch = creature_hatch(&c, &g, &cfg, &herr);
			assert_int_equal(check != 0, hatch != 0);
			if (check) {
				assert_int_equal(check, hatch);
				assert_string_equal(cerr.msg, herr.msg);
				refused++;
			} else {
				accepted++;
			}
			creature_free(c);
		}
		genome_free(&g);
	}
	/* Both answers were exercised. */
	assert_true(accepted > 5);
	assert_true(refused > 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hatch_norn),
		cmocka_unit_test(test_lifetime_norn),
		cmocka_unit_test(test_starvation_kills),
		cmocka_unit_test(test_determinism),
		cmocka_unit_test(test_snapshot_roundtrip),
		cmocka_unit_test(test_snapshot_corrupt),
		cmocka_unit_test(test_events_parse),
		cmocka_unit_test(test_events_schedule),
		cmocka_unit_test(test_events_cursor),
		cmocka_unit_test(test_events_limit),
		cmocka_unit_test(test_stimulus_flags),
		cmocka_unit_test(test_life_force_never_negative),
		cmocka_unit_test(test_check_genome_is_hatch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
