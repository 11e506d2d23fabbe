/* decision_trace.c — what one decision cell learns, tick by tick, in a world:
 * the evidence behind the README's "why the slap does not teach" (issue 23).
 *
 *   decision_trace GENOME WORLD [--events FILE] [--seed S] [--ticks N]
 *                  [--cell C] [--opt NAME=VALUE]...
 *
 * Makes the creature and its world as `c2rt run GENOME --world WORLD --seed S
 * [--events FILE] [--opt ...]` does (the same seed for the creature and the
 * world, so the same life: bench/world_learn.py --why reads `c2rt run`'s log
 * beside it), and prints a CSV row after every world tick:
 *
 *   tick          the tick just stepped (the log's tick)
 *   decision      the decision lobe's winner, it          the attention winner
 *   out, state    the output and state of decision cell C (default 1, push)
 *   reward, punishment   the chemicals 52 and 53 in the blood
 *   chem0, chem1  the decision lobe's receptor loci the genome's "Reward
 *                 reinforct" and punishment receptors write (what its
 *                 dendrites' reinforcement rules read)
 *   stw0, ltw0, sus0    cell C's type-0 (reward) dendrites: summed STW and
 *                 LTW, the largest susceptibility; stw1, ltw1, sus1 type 1
 *                 (punishment, inhibitory)
 *
 * Exit 77 when the genome is missing (the bench contract). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "bench/bench.h"
#include "engine/engine.h"
#include "world/world.h"

enum { DECISION = 6, ATTENTION = 7, REWARD = 52, PUNISHMENT = 53, CHEM0_LOCUS = 13 };

typedef struct args {
	const char *genome, *world, *events;
	unsigned long long seed;
	long ticks;
	unsigned cell;
	world_options opts;
} args;

typedef struct dsum {
	int stw, ltw, sus;
} dsum;

static dsum dendrites(const brain *b, unsigned cell, unsigned type)
{
	dsum s = {0, 0, 0};
	unsigned n = brain_dendrite_count(b, DECISION, cell, type);
	for (unsigned k = 0; k < n; k++) {
		brain_dendrite_info d;
		if (brain_dendrite_get(b, DECISION, cell, type, k, &d) != 0)
			continue;
		s.stw += d.stw;
		s.ltw += d.ltw;
		if (d.suscept > s.sus)
			s.sus = d.suscept;
	}
	return s;
}

static int usage(void)
{
	fprintf(stderr, "usage: decision_trace GENOME WORLD [--events FILE] [--seed S] [--ticks N] "
	                "[--cell C] [--opt NAME=VALUE]...\n");
	return 1;
}

static int parse(args *a, int argc, char **argv)
{
	*a = (args){.seed = 1, .ticks = 36000, .cell = 1};
	world_options_default(&a->opts);
	if (argc < 3)
		return usage();
	a->genome = argv[1];
	a->world = argv[2];
	for (int i = 3; i < argc; i++) {
		c2_err err;
		if (i + 1 >= argc)
			return usage();
		const char *v = argv[++i];
		if (!strcmp(argv[i - 1], "--events"))
			a->events = v;
		else if (!strcmp(argv[i - 1], "--seed"))
			a->seed = strtoull(v, NULL, 10);
		else if (!strcmp(argv[i - 1], "--ticks"))
			a->ticks = strtol(v, NULL, 10);
		else if (!strcmp(argv[i - 1], "--cell"))
			a->cell = (unsigned)strtoul(v, NULL, 10);
		else if (!strcmp(argv[i - 1], "--opt")) {
			if (c2_option_parse(&world_option_tab, &a->opts, v, &err) != 0) {
				fprintf(stderr, "decision_trace: %s\n", err.msg);
				return 1;
			}
		} else
			return usage();
	}
	return 0;
}

/* The world of a->world with the hatched creature in it, and its events. */
static int open_world(const args *a, creature *c, world **w, world_events **ev)
{
	uint8_t *text;
	size_t len;
	c2_err err;
	*ev = NULL;
	if (c2_read_file(a->world, 16u << 20, &text, &len, &err) != 0)
		goto fail_c;
	int rc = world_load(w, (const char *)text, len, &a->opts, a->seed, &err);
	free(text);
	if (rc != 0)
		goto fail_c;
	if (world_add_creature(*w, c, &err) != 0) {
		world_free(*w);
		goto fail_c;
	}
	if (!a->events)
		return 0;
	if (c2_read_file(a->events, 16u << 20, &text, &len, &err) != 0)
		goto fail_w;
	rc = world_events_parse(ev, *w, (const char *)text, len, &err);
	free(text);
	if (rc == 0)
		return 0;
fail_w:
	world_free(*w);
	fprintf(stderr, "decision_trace: %s: %s\n", a->events, err.msg);
	return 1;
fail_c:
	creature_free(c);
	fprintf(stderr, "decision_trace: %s: %s\n", a->world, err.msg);
	return 1;
}

static void row(world *w, const creature *c, unsigned cell)
{
	const brain *b = creature_brain_const(c);
	const bc_biochem *bc = creature_biochem_const(c);
	dsum d0 = dendrites(b, cell, 0), d1 = dendrites(b, cell, 1);
	printf("%llu,%d,%d,%d,%d,%u,%u,%d,%d,%d,%d,%d,%d,%d,%d\n",
	       (unsigned long long)world_ticks(w) - 1, brain_winner(b, DECISION),
	       brain_winner(b, ATTENTION), brain_output(b, DECISION, cell),
	       brain_state(b, DECISION, cell), bc_chem_get(bc, REWARD), bc_chem_get(bc, PUNISHMENT),
	       brain_receptor_value(b, DECISION, CHEM0_LOCUS),
	       brain_receptor_value(b, DECISION, CHEM0_LOCUS + 1), d0.stw, d0.ltw, d0.sus, d1.stw,
	       d1.ltw, d1.sus);
}

int main(int argc, char **argv)
{
	args a;
	if (parse(&a, argc, argv) != 0)
		return 1;
	genome g;
	c2_err err;
	if (bench_genome(&g, a.genome, "decision_trace") != 0)
		return 77;
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.seed = a.seed;
	creature *c;
	int rc = creature_hatch(&c, &g, &cfg, &err);
	genome_free(&g);
	if (rc != 0) {
		fprintf(stderr, "decision_trace: %s\n", err.msg);
		return 1;
	}
	world *w;
	world_events *ev;
	if (open_world(&a, c, &w, &ev) != 0)
		return 1;
	printf("tick,decision,it,out,state,reward,punishment,chem0,chem1,"
	       "stw0,ltw0,sus0,stw1,ltw1,sus1\n");
	for (long t = 0; t < a.ticks && creature_alive(c); t++) {
		world_step(w, ev);
		row(w, c, a.cell);
	}
	world_events_free(ev);
	world_free(w);
	return 0;
}
