/* world_many.c — the cost of a population: N norns in one world against N
 * lone norns, each in a world of its own (issue 24: a world of 16 norns
 * may cost at most 10% more instructions per creature-tick than 16 lone
 * norns). scripts/bench.sh runs it under callgrind, once with TICKS and
 * once with 0 ticks (the set-up, subtracted), and divides by the
 * creature-ticks it prints: the ticks each creature lived, summed (a
 * population's children count from their hatching on).
 *
 * Usage: world_many [--lone] N TICKS [WORLD [GENOME]]
 *   (default worlds/garden.world and the standard norn; founders
 *   alternately male and female, seeds 1..N; world seed 1) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "bench/bench.h"
#include "world/world.h"

static world *open_world(const char *text, size_t len)
{
	world *w;
	c2_err err;
	if (world_load(&w, text, len, NULL, 1, &err) != 0) {
		fprintf(stderr, "world_many: %s\n", err.msg);
		exit(1);
	}
	return w;
}

static void add(world *w, const genome *g, size_t i)
{
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.sex = i % 2 ? GENOME_FEMALE : GENOME_MALE;
	cfg.seed = i + 1;
	creature *c;
	c2_err err;
	if (creature_hatch(&c, g, &cfg, &err) != 0 || world_add_founder(w, c, NULL, "norn", &err) != 0) {
		fprintf(stderr, "world_many: %s\n", err.msg);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	bool lone = argc > 1 && !strcmp(argv[1], "--lone");
	if (lone) {
		argv++;
		argc--;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: world_many [--lone] N TICKS [WORLD [GENOME]]\n");
		return 1;
	}
	size_t n = strtoul(argv[1], NULL, 10), nworlds = lone ? n : 1;
	unsigned long ticks = strtoul(argv[2], NULL, 10);
	genome g;
	int rc = bench_genome(&g, argc > 4 ? argv[4] : NULL, "world_many");
	if (rc)
		return rc;
	uint8_t *text;
	size_t len;
	c2_err err;
	const char *path = argc > 3 ? argv[3] : "worlds/garden.world";
	if (c2_read_file(path, 16u << 20, &text, &len, &err) != 0) {
		fprintf(stderr, "world_many: %s: %s\n", path, err.msg);
		return 1;
	}
	world **w = calloc(nworlds, sizeof *w);
	for (size_t k = 0; k < nworlds; k++)
		w[k] = open_world((const char *)text, len);
	for (size_t i = 0; i < n; i++)
		add(w[lone ? i : 0], &g, i);
	unsigned long long creature_ticks = 0;
	for (unsigned long t = 0; t < ticks; t++)
		for (size_t k = 0; k < nworlds; k++) {
			creature_ticks += world_alive_count(w[k]);
			world_step(w[k], NULL);
		}
	size_t all = 0;
	for (size_t k = 0; k < nworlds; k++) {
		all += world_creature_count(w[k]);
		world_free(w[k]);
	}
	printf("creature_ticks %llu creatures %zu\n", creature_ticks, all);
	free(w);
	free(text);
	genome_free(&g);
	return 0;
}
