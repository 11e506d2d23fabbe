/* brain.c — brain ticks per second for the real norn at adult stage.
 *
 * Builds the standard norn's brain (c2-norn.gen from $C2RT_SHARED, or
 * --genome), queues and processes every instinct of stages 0..4 (male), then
 * runs --ticks N brain ticks while feeding it a deterministic stand-in for
 * the engine's input: drive levels that drift, a heard verb and noun now and
 * then, stimuli on the source and sense lobes, reward/punishment pulses and
 * atrophy signals on the lobe chemicals. The input has its own random
 * stream, so the brain's stream is the one a real run would use.
 *
 * --quiet runs without input (the brain idles at rest).
 *
 * Output (read by scripts/bench.sh): "ticks N", "seconds S",
 * "ticks_per_second R". With --ticks 0 it only builds, which gives
 * callgrind the baseline to subtract. Exit 77 when the genome is missing. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/bench.h"
#include "brain/brain.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void set_locus(brain *b, unsigned lobe, unsigned locus, uint8_t v)
{
	uint8_t *p = brain_receptor_locus(b, lobe, locus);
	if (p)
		*p = v;
}

/* One tick's worth of engine input (§4.10), from the input stream. */
static void feed(brain *b, c2_rng *in, long t, uint8_t *drives)
{
	/* Drives drift; each tick the drive lobe mirrors them. */
	for (unsigned k = 0; k < 17; k++) {
		int d = drives[k] + c2_rng_range(in, -3, 3);
		drives[k] = (uint8_t)(d < 0 ? 0 : d > 255 ? 255 : d);
		brain_set_state(b, 1, k, drives[k]);
	}
	if (t % 25 == 0) { /* a word is heard */
		brain_set_state(b, 3, c2_rng_below(in, 14), 255);
		brain_set_state(b, 4, c2_rng_below(in, 40), 255);
	}
	if (t % 10 == 0) { /* stimuli: significance on a category, a sense cell */
		brain_add_state(b, 2, c2_rng_below(in, 40), 128);
		brain_add_state(b, 5, c2_rng_below(in, 32), 255);
	}
	/* Reward / punishment pulses reach the decision lobe's chem0/chem1 and,
	 * as reinforcement, the concept lobe's chem0. */
	uint8_t reward = t % 40 < 4 ? 64 : 0, punish = t % 55 < 3 ? 48 : 0;
	set_locus(b, 6, BRAIN_RL_CHEM + 0, reward);
	set_locus(b, 6, BRAIN_RL_CHEM + 1, punish);
	set_locus(b, 8, BRAIN_RL_CHEM + 0, reward | punish ? 32 : 0);
	/* Atrophy signals (16 - DecASH, 4 - ConASH) while few dendrites are loose. */
	uint8_t *l0 = brain_emitter_locus(b, 6, BRAIN_EL_LOOSE0);
	uint8_t *l1 = brain_emitter_locus(b, 6, BRAIN_EL_LOOSE1);
	uint8_t *lc = brain_emitter_locus(b, 8, BRAIN_EL_LOOSE0);
	set_locus(b, 6, BRAIN_RL_CHEM + 2, l0 && *l0 < 16 ? (uint8_t)(16 - *l0) : 0);
	set_locus(b, 6, BRAIN_RL_CHEM + 3, l1 && *l1 < 16 ? (uint8_t)(16 - *l1) : 0);
	set_locus(b, 8, BRAIN_RL_CHEM + 1, lc && *lc < 4 ? (uint8_t)(4 - *lc) : 0);
	/* A little noise in perception, as the MAOI receptor would give. */
	set_locus(b, 0, BRAIN_RL_CHEM + 5, 8);
}

int main(int argc, char **argv)
{
	long ticks = 10000;
	bool quiet = false;
	const char *path = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--ticks") == 0 && i + 1 < argc)
			ticks = strtol(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--genome") == 0 && i + 1 < argc)
			path = argv[++i];
		else if (strcmp(argv[i], "--quiet") == 0)
			quiet = true;
		else {
			fprintf(stderr, "usage: brain [--ticks N] [--genome FILE.gen] [--quiet]\n");
			return 1;
		}
	}
	genome g;
	c2_err err;
	if (bench_genome(&g, path, "brain") != 0)
		return 77;
	c2_rng rng, in;
	c2_rng_seed(&rng, 1);
	c2_rng_seed(&in, 2);
	brain *b;
	if (brain_build(&b, &g, GENOME_MALE, NULL, &rng, &err)) {
		fprintf(stderr, "bench brain: %s\n", err.msg);
		return 2;
	}
	size_t *on = malloc(g.ngenes * sizeof *on);
	if (!on)
		return 2;
	for (int stage = 0; stage <= GENOME_STAGE_ADULT; stage++) {
		size_t n = genome_switched_on(&g, GENOME_MALE, stage, on);
		for (size_t k = 0; k < n; k++)
			if (g.genes[on[k]].kind == GK_INSTINCT &&
			    brain_instinct_push(b, &g.genes[on[k]].u.instinct, &err))
				return 2;
	}
	free(on);
	unsigned wired = 0;
	brain_instinct_result r;
	while ((r = brain_instinct_process(b, NULL)) != BRAIN_INSTINCT_NONE)
		wired += r == BRAIN_INSTINCT_WIRED;
	uint8_t drives[17];
	for (unsigned k = 0; k < 17; k++)
		drives[k] = (uint8_t)c2_rng_below(&in, 128);

	double t0 = now();
	for (long t = 0; t < ticks; t++) {
		if (!quiet)
			feed(b, &in, t, drives);
		brain_tick(b, &rng);
	}
	double secs = now() - t0;
	printf("bench brain: real norn, stage 4, %u instincts wired, %s\n", wired,
	       quiet ? "no input" : "stimulated input");
	printf("ticks %ld\n", ticks);
	printf("seconds %.3f\n", secs);
	printf("ticks_per_second %.0f\n", secs > 0 ? (double)ticks / secs : 0.0);
	printf("hash %016llx\n", (unsigned long long)brain_hash(b));
	brain_free(b);
	genome_free(&g);
	return 0;
}
