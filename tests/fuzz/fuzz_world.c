/* fuzz_world.c — libFuzzer target for the world: world files, the world's
 * events lines, and world snapshots.
 *
 * An input starting like a world snapshot ("C2RTWRLD") goes to
 * world_restore, its length and checksum patched to match (as
 * fuzz_snapshot does): whatever restores must run, save and restore again
 * to the same hash. Any other input is a world file, optionally followed
 * by a line "%%" and an events file: a refused file must name its line; a
 * world that loads (with options drawn from the input's hash: goal
 * direction, kept representatives ...) gets a small creature (whose decisions and attention
 * the input's bytes drive, so that every action meets every object) and
 * runs 300 ticks with its events; then it must save and restore to the
 * same hash. With a bit of the hash, a population: a female and a male
 * that breed (world_breed_tiny.h, made fertile and receptive, laying and
 * hatching within the run), which the events' commands may name. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "genome/text.h"
#include "genome/vocab.h"
#include "tests/fixtures/world_breed_tiny.h"
#include "tests/fixtures/world_tiny.h"
#include "tests/fuzz/fuzz_util.h"
#include "world/world.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void roundtrip(const world *w)
{
	c2_wbuf s = {0};
	c2_err err;
	world *v;
	if (world_save(w, "x", 1, &s) != 0 || world_restore(&v, s.data, s.len, NULL, NULL, &err) != 0)
		__builtin_trap();
	if (world_hash(v) != world_hash(w))
		__builtin_trap();
	world_free(v);
	c2_wbuf_free(&s);
}

static void snapshot(const uint8_t *data, size_t size)
{
	uint8_t *buf = fuzz_patched_snapshot(data, size);
	if (!buf)
		return;
	world *w;
	c2_err err;
	if (world_restore(&w, buf, size, NULL, NULL, &err) == 0) {
		for (int t = 0; t < 50; t++)
			world_step(w, NULL);
		roundtrip(w);
		world_free(w);
	}
	free(buf);
}

/* A creature of `text` added to w (NULL when the world refuses it). */
static creature *add(world *w, const char *text, size_t len, genome_sex sex)
{
	genome g;
	c2_err err;
	if (genome_text_parse(text, len, &g, &err) != 0)
		__builtin_trap();
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.sex = sex;
	creature *c;
	if (creature_hatch(&c, &g, &cfg, &err) != 0)
		__builtin_trap();
	genome_free(&g);
	if (world_add_creature(w, c, &err) != 0) {
		creature_free(c);
		return NULL;
	}
	return c;
}

static void live(world *w, const char *ev_text, size_t ev_len, uint64_t h)
{
	c2_err err;
	bool pop = h >> 20 & 1;
	creature *c = pop ? add(w, WORLD_BREED_TINY, sizeof WORLD_BREED_TINY - 1, GENOME_FEMALE)
	                  : add(w, WORLD_TINY, sizeof WORLD_TINY - 1, GENOME_FEMALE);
	creature *m = pop ? add(w, WORLD_BREED_TINY, sizeof WORLD_BREED_TINY - 1, GENOME_MALE) : NULL;
	if (!c)
		return;
	world_events *ev = NULL;
	if (ev_text && world_events_parse(&ev, w, ev_text, ev_len, &err) != 0) {
		if (err.line < 1 && err.code != C2_ENOMEM)
			__builtin_trap();
		return;
	}
	world_set_log(w, true);
	c2_wbuf log = {0};
	for (int t = 0; t < 300; t++) {
		if (t % 8 == 0) { /* a new decision and attention from the input's hash */
			h = h * 6364136223846793005ull + 1442695040888963407ull;
			creature_hear(c, GENOME_LOBE_DECISION, (unsigned)(h >> 33) % GENOME_NACTIONS);
			creature_hear(c, GENOME_LOBE_ATTENTION, (unsigned)(h >> 45) % GENOME_NCATEGORIES);
		}
		if (m) { /* each tick: he courts her (push a norn) or does what the hash says */
			bool court = h >> 60 & 1;
			creature_hear(m, GENOME_LOBE_DECISION, court ? GENOME_ACT_PUSH : (unsigned)(h >> 20) % GENOME_NACTIONS);
			creature_hear(m, GENOME_LOBE_ATTENTION, court ? GENOME_CAT_NORN : (unsigned)(h >> 26) % GENOME_NCATEGORIES);
			/* fertile, receptive (Oestrogen, LH), ready to lay (Progesterone) or
			 * not, and ATP to walk with */
			creature_inject(c, 105, 200);
			creature_inject(c, 110, 200);
			creature_inject(m, 105, 200);
			creature_inject(c, 108, (h >> 61 & 1) ? 200 : -255);
			creature_inject(c, GENOME_CHEM_ATP, 255);
			creature_inject(m, GENOME_CHEM_ATP, 255);
		}
		world_step(w, ev);
		world_log_ndjson(w, &log);
		log.len = 0;
	}
	c2_wbuf_free(&log);
	roundtrip(w);
	world_events_free(ev);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (world_snapshot_is(data, size)) {
		snapshot(data, size);
		return 0;
	}
	const char *text = (const char *)data, *ev = NULL;
	size_t len = size, ev_len = 0;
	for (size_t i = 0; i + 4 <= size; i++)
		if (!memcmp(data + i, "%%\n", 3) && (i == 0 || data[i - 1] == '\n')) {
			len = i;
			ev = text + i + 3;
			ev_len = size - i - 3;
			break;
		}
	/* the input's hash also turns on C1's attention options, so that goal
	 * direction, kept representatives, the hand leaving ... meet every world */
	uint64_t h = c2_hash_bytes(C2_HASH_INIT, data, size);
	world_options o;
	world_options_default(&o);
	o.goal_direction = h & 1;
	o.keep_unseen = h >> 1 & 1;
	o.it_near = h >> 2 & 1;
	o.decision_switch = h >> 3 & 1;
	o.perceive_period = 1 + (int)(h >> 4 & 7);
	o.goal_period = 1 + (int)(h >> 7 & 31);
	o.hand_leaves = (int)(h >> 12 & 15);
	o.sight_facing = h >> 16 & 1;
	o.representative = (int)(h >> 17 & 1) * 2;
	o.egg_hatch_ticks = 1 + (int)(h >> 21 & 63); /* hatching within the run */
	o.mutation_loci = (int)(h >> 27 & 1) * 2;
	world *w;
	c2_err err;
	if (world_load(&w, text, len, &o, 7, &err) != 0) {
		if (err.line < 1 && err.code != C2_ENOMEM)
			__builtin_trap();
		return 0;
	}
	live(w, ev, ev_len, h);
	world_free(w);
	return 0;
}
