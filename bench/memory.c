/* memory.c — bytes of heap per creature: one process hatches 100 standard
 * norns (c2-norn.gen from $C2RT_SHARED, or --genome) and runs each --ticks N
 * world ticks (fed), and the memory allocated (glibc mallinfo2: the heap in
 * use plus the blocks malloc maps on its own, which big allocations get)
 * before and after, divided by 100, is a creature's size; the genome each
 * was hatched from is freed first, so what is counted is what a creature
 * keeps.
 *
 * Output (read by scripts/bench.sh): "ticks N", "bytes_per_creature B".
 * Exit 77 when the genome is missing. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "engine/engine.h"
#include "engine/events.h"

enum { CREATURES = 100 };

/* Bytes allocated now: in the heap and in blocks of their own. */
static size_t allocated(void)
{
	struct mallinfo2 m = mallinfo2();
	return m.uordblks + m.hblkhd;
}

static const char FEED[] = "every 100 inject Glucose 80\nevery 100 inject Hunger_Decrease 20\n";

int main(int argc, char **argv)
{
	const char *path = NULL;
	long ticks = 100;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--ticks") && i + 1 < argc)
			ticks = strtol(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--genome") && i + 1 < argc)
			path = argv[++i];
		else {
			fprintf(stderr, "usage: memory [--ticks N] [--genome FILE]\n");
			return 1;
		}
	}
	char buf[4096];
	if (!path)
		path = bench_shared("genomes/c2-norn.gen", buf, sizeof buf);
	c2_err err;
	creature_events ev;
	if (creature_events_parse(&ev, FEED, sizeof FEED - 1, &err) != 0)
		return 1;
	creature_config cfg;
	creature_config_default(&cfg);
	static creature *c[CREATURES];
	size_t before = allocated();
	for (int k = 0; k < CREATURES; k++) {
		genome g;
		if (genome_read_file(&g, path, &err) != 0) {
			fprintf(stderr, "no genome at %s: %s\n", path, err.msg);
			return 77;
		}
		cfg.seed = (uint64_t)k + 1;
		if (creature_hatch(&c[k], &g, &cfg, &err) != 0) {
			fprintf(stderr, "hatch: %s\n", err.msg);
			return 1;
		}
		genome_free(&g);
		for (long t = 0; t < ticks; t++)
			creature_step(c[k], &ev);
	}
	size_t after = allocated();
	printf("ticks %ld\nbytes_per_creature %zu\n", ticks, (after - before) / CREATURES);
	for (int k = 0; k < CREATURES; k++)
		creature_free(c[k]);
	creature_events_free(&ev);
	return 0;
}
