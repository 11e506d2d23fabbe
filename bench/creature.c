/* creature.c — world ticks per second for the real norn at adult stage, and
 * the CPU time of a whole standard-norn lifetime.
 *
 * Hatches the standard norn (c2-norn.gen from $C2RT_SHARED, or --genome)
 * and runs its first --ticks N world ticks while it is fed and stimulated
 * ("every 100 inject Glucose 80", "every 100 inject Hunger_Decrease 20",
 * "every 37 stimulus 26": issue 16's fed norn). With --lifetime it instead
 * runs a fresh norn, so fed, until it dies, reporting the CPU seconds that
 * took.
 *
 * With --world FILE the same fed norn lives in that world (worlds/garden.world
 * for make bench): the same events, the world stepping it, so the Ir per
 * world tick against the norn alone is what the world costs (issue 23: at
 * most 10% more).
 *
 * Output (read by scripts/bench.sh): "ticks N", "seconds S",
 * "ticks_per_second R", and "lifetime_estimate_s E" (385,000 world ticks at
 * that speed). With --ticks 0 it only sets up (callgrind's baseline). Exit 77
 * when the genome is missing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/bench.h"
#include "engine/engine.h"
#include "base/fileio.h"
#include "engine/events.h"
#include "world/world.h"

static const char FEED[] = "every 100 inject Glucose 80\nevery 100 inject Hunger_Decrease 20\n"
                           "every 37 stimulus 26\n";
enum { LIFETIME_TICKS = 385000 };

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The fed norn `c` put into the world of file `path` (which then owns it),
 * with the fed norn's events as the world's; returns 0, or 1 after saying why
 * (c is freed). */
static int enter_world(world **w, world_events **wev, creature *c, const char *path)
{
	uint8_t *text;
	size_t len;
	c2_err err;
	int rc = c2_read_file(path, 16u << 20, &text, &len, &err) != 0;
	if (rc == 0) {
		rc = world_load(w, (const char *)text, len, NULL, 2026, &err) != 0;
		free(text);
	}
	if (rc == 0 && world_add_creature(*w, c, &err) != 0) {
		world_free(*w);
		rc = 1;
	}
	if (rc == 0 && world_events_parse(wev, *w, FEED, sizeof FEED - 1, &err) == 0)
		return 0;
	fprintf(stderr, "%s: %s\n", path, err.msg);
	if (rc != 0)
		creature_free(c);
	else
		world_free(*w);
	return 1;
}

/* One world tick of the fed norn: alone, or its world's. */
static void step(creature *c, const creature_events *ev, world *w, const world_events *wev)
{
	if (w)
		world_step(w, wev);
	else
		creature_step(c, ev);
}

int main(int argc, char **argv)
{
	const char *path = NULL, *world_path = NULL;
	long ticks = 20000;
	int lifetime = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--ticks") && i + 1 < argc)
			ticks = strtol(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--genome") && i + 1 < argc)
			path = argv[++i];
		else if (!strcmp(argv[i], "--world") && i + 1 < argc)
			world_path = argv[++i];
		else if (!strcmp(argv[i], "--lifetime"))
			lifetime = 1;
		else {
			fprintf(stderr, "usage: creature [--ticks N] [--genome FILE] [--lifetime] "
			                "[--world FILE]\n");
			return 1;
		}
	}
	genome g;
	c2_err err;
	if (bench_genome(&g, path, "creature") != 0)
		return 77;
	creature_events ev;
	if (creature_events_parse(&ev, FEED, sizeof FEED - 1, &err) != 0)
		return 1;
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.sex = GENOME_MALE;
	cfg.seed = 2026;
	creature *c;
	if (creature_hatch(&c, &g, &cfg, &err) != 0) {
		fprintf(stderr, "hatch: %s\n", err.msg);
		return 1;
	}

	world *w = NULL;
	world_events *wev = NULL;
	if (world_path && enter_world(&w, &wev, c, world_path) != 0) {
		creature_events_free(&ev);
		genome_free(&g);
		return 1;
	}
	if (lifetime) {
		double t0 = cpu_now();
		while (creature_alive(c)) {
			step(c, &ev, w, wev);
		}
		double cpu = cpu_now() - t0;
		printf("lifetime_ticks %llu\nlifetime_hours %.2f\nlifetime_cause %s\nlifetime_cpu_s %.2f\n",
		       (unsigned long long)creature_ticks(c), creature_seconds(c) / 3600.0,
		       creature_death_name(creature_cause_of_death(c)), cpu);
	} else {
		double t0 = cpu_now();
		for (long t = 0; t < ticks && creature_alive(c); t++) {
			step(c, &ev, w, wev);
		}
		double s = cpu_now() - t0;
		double rate = s > 0 ? ticks / s : 0;
		printf("ticks %ld\nseconds %.3f\nticks_per_second %.0f\n", ticks, s, rate);
		if (ticks > 0)
			printf("lifetime_estimate_s %.2f\nalive %d\n", rate > 0 ? LIFETIME_TICKS / rate : 0.0,
			       creature_alive(c));
	}
	creature_events_free(&ev);
	if (w) {
		world_events_free(wev);
		world_free(w); /* and the creature it owns */
	} else {
		creature_free(c);
	}
	genome_free(&g);
	return 0;
}
