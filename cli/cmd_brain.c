/* cmd_brain.c — `c2rt brain`: build a genome's brain, optionally dream its
 * instincts, run brain ticks, and print the structure, the full state as
 * JSON, or state hashes. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "brain/brain.h"
#include "cli/brain_opts.h"
#include "cli/cli.h"
#include "genome/svrule.h"
#include "genome/vocab.h"

#define MAX_LOCI 64

typedef struct locus_set {
	unsigned lobe, locus;
	uint8_t value;
} locus_set;

static struct {
	uint64_t seed;
	const char *stage, *sex;
	long ticks, hash_every;
	bool json, hash, dream;
	brain_options opts;
	locus_set loci[MAX_LOCI];
	int nloci;
} a;

/* --locus LOBE:LOCUS=VALUE, repeatable. */
static int add_locus(const char *arg, void *ctx)
{
	(void)ctx;
	unsigned lobe, locus, value;
	char tail;
	/* Which lobes and loci there are depends on the genome: check_loci
	 * says, once the brain is built; here only the form and the byte. */
	if (sscanf(arg, "%u:%u=%u%c", &lobe, &locus, &value, &tail) != 3 || strchr(arg, '-') ||
	    lobe > 1000000 || locus > 1000000) {
		cli_msg(stderr, "brain", "--locus '%s' is not LOBE:LOCUS=VALUE", arg);
		return 1;
	}
	if (value > 255) {
		cli_msg(stderr, "brain", "--locus '%s': VALUE is a byte, 0..255", arg);
		return 1;
	}
	if (a.nloci == MAX_LOCI) {
		cli_msg(stderr, "brain", "at most %d --locus options", MAX_LOCI);
		return 1;
	}
	a.loci[a.nloci].lobe = lobe;
	a.loci[a.nloci].locus = locus;
	a.loci[a.nloci].value = (uint8_t)value;
	a.nloci++;
	return 0;
}

static const cli_opt brain_opts_table[] = {
	{"seed", OPT_U64, &a.seed, "S", "seed of the random stream (default 1)", 0, -1, NULL},
	{"stage", OPT_STR, &a.stage, "STAGE",
	 "life stage 0..6 or name: instincts of stages 0..STAGE are queued (default embryo)", 0, -1,
	 NULL},
	{"sex", OPT_STR, &a.sex, "m|f", "sex of the creature: m(ale) or f(emale) (default m)", 0, -1, NULL},
	{"ticks", OPT_INT, &a.ticks, "N", "brain ticks to run (default 0)", 0, 100000000, NULL},
	{"dream", OPT_FLAG, &a.dream, NULL,
	 "process every queued instinct before the first tick (and report each)", 0, -1, NULL},
	{"locus", OPT_CALL, NULL, "L:N=V",
	 "write receptor locus N of lobe L before every tick (e.g. 0:18=40 sets chem5)", 0, -1,
	 add_locus},
	{"json", OPT_FLAG, &a.json, NULL, "print the full brain state as JSON", 0, -1, NULL},
	{"hash", OPT_FLAG, &a.hash, NULL, "print the 64-bit hash of the brain state", 0, -1, NULL},
	{"hash-every", OPT_INT, &a.hash_every, "K", "print 'tick T HASH' every K ticks", 1,
	 100000000, NULL},
	{"opt", OPT_CALL, &a.opts, "NAME=VALUE", CLI_BRAIN_OPT_HELP, 0, -1, cli_brain_opt},
	{0},
};

const cli_spec cli_cmd_brain_spec = {
	"brain",
	"GENOME",
	"build a genome's brain, run brain ticks, print its structure or state",
	"The brain is built from the genome's stage-0 lobe genes with the seeded\n"
	"random stream. The instinct genes of stages 0..STAGE (for this sex, in\n"
	"expression order) are queued; --dream processes all of them before the\n"
	"first tick, as happens in the egg, and prints one line per instinct (to\n"
	"stderr with --json/--hash). Without --dream they stay pending. The ticks\n"
	"run with no sensory input; --locus writes receptor loci (chemicals,\n"
	"thresholds, cell states) before each tick to drive activity.",
	brain_opts_table,
	1,
	1,
	OPT_IN,
	NULL,
};

static void json_dendrites(const brain *b, unsigned l, unsigned i, unsigned t)
{
	putchar('[');
	unsigned n = brain_dendrite_count(b, l, i, t);
	for (unsigned k = 0; k < n; k++) {
		brain_dendrite_info d;
		brain_dendrite_get(b, l, i, t, k, &d);
		printf("%s{\"src_lobe\":%u,\"src\":%u,\"stw\":%u,\"ltw\":%u,\"strength\":%u,"
		       "\"suscept\":%u}",
		       k ? "," : "", d.src_lobe, d.src, d.stw, d.ltw, d.strength, d.suscept);
	}
	putchar(']');
}

static void print_json(brain *b)
{
	printf("{\"ticks\":%" PRIu64 ",\"hash\":\"%016" PRIx64 "\",\"pending_instincts\":%zu,"
	       "\"lobes\":[",
	       brain_ticks(b), brain_hash(b), brain_instinct_pending(b));
	for (unsigned l = 0; l < brain_lobe_count(b); l++) {
		brain_lobe_info li;
		brain_lobe_info_get(b, l, &li);
		char rule[256];
		printf("%s\n{\"index\":%u,\"name\":\"%s\",\"x\":%d,\"y\":%d,\"width\":%d,\"height\":%d,"
		       "\"wta\":%s,\"perceptible\":%u,\"state_rule\":\"%s\",\"winner\":%d,"
		       "\"loci\":{\"threshold\":%u,\"leakage\":%u,\"rest\":%u,\"activity\":%u,"
		       "\"loose0\":%u,\"loose1\":%u},\"neurons\":[",
		       l ? "," : "", l, li.name, li.x, li.y, li.width, li.height, li.wta ? "true" : "false",
		       li.perceptible, genome_svrule_disasm(li.gene->state_rule, GENOME_RULE_LEN, rule, sizeof rule),
		       brain_winner(b, l), *brain_receptor_locus(b, l, BRAIN_RL_THRESHOLD),
		       *brain_receptor_locus(b, l, BRAIN_RL_LEAKAGE),
		       *brain_receptor_locus(b, l, BRAIN_RL_REST),
		       *brain_emitter_locus(b, l, BRAIN_EL_ACTIVITY),
		       *brain_emitter_locus(b, l, BRAIN_EL_LOOSE0),
		       *brain_emitter_locus(b, l, BRAIN_EL_LOOSE1));
		for (unsigned i = 0; i < li.neurons; i++) {
			printf("%s{\"state\":%d,\"output\":%d,\"dendrites\":[", i ? "," : "",
			       brain_state(b, l, i), brain_output(b, l, i));
			json_dendrites(b, l, i, 0);
			putchar(',');
			json_dendrites(b, l, i, 1);
			printf("]}");
		}
		printf("]}");
	}
	printf("\n]}\n");
}

static void print_type(brain *b, unsigned l, const brain_lobe_info *li, unsigned t)
{
	if (!li->has_dendrites[t]) {
		printf("  type %u: none\n", t);
		return;
	}
	unsigned hist[256] = {0}, loose = 0;
	for (unsigned i = 0; i < li->neurons; i++) {
		hist[brain_dendrite_count(b, l, i, t)]++;
		loose += brain_loose_count(b, l, i, t);
	}
	const char *src = genome_vocab_name(&genome_lobes, li->source_lobe[t]);
	printf("  type %u: from lobe %u (%s), %u dendrites, per neuron", t, li->source_lobe[t],
	       src ? src : "Lobe", li->dendrites[t]);
	for (unsigned k = 0; k < 256; k++)
		if (hist[k])
			printf(" %u:%u", k, hist[k]);
	printf("; loose %u (emitter locus %u)\n", loose,
	       *brain_emitter_locus(b, l, BRAIN_EL_LOOSE0 + t));
}

static void print_text(brain *b, const genome *g, const char *path)
{
	(void)g;
	size_t nl = brain_lobe_count(b);
	unsigned neurons = 0, dendrites = 0;
	for (unsigned l = 0; l < nl; l++) {
		brain_lobe_info li;
		brain_lobe_info_get(b, (unsigned)l, &li);
		neurons += li.neurons;
		dendrites += li.dendrites[0] + li.dendrites[1];
	}
	printf("brain of %s: %zu lobes, %u neurons, %u dendrites; %" PRIu64
	       " ticks, %zu instincts pending\n",
	       path, nl, neurons, dendrites, brain_ticks(b), brain_instinct_pending(b));
	printf("processing order:");
	for (unsigned r = 0; r < nl; r++)
		printf(" %d", brain_lobe_at_rank(b, r));
	putchar('\n');
	for (unsigned l = 0; l < nl; l++) {
		brain_lobe_info li;
		brain_lobe_info_get(b, l, &li);
		char rule[256];
		printf("lobe %u %s: %dx%d = %u neurons at (%d,%d)%s%s; threshold %u, leakage %u, rest "
		       "%u, gain %u\n",
		       l, li.name, li.width, li.height, li.neurons, li.x, li.y, li.wta ? ", WTA" : "",
		       li.perceptible == 2   ? ", perceptible (exclusive)"
		       : li.perceptible == 1 ? ", perceptible"
		                             : "",
		       *brain_receptor_locus(b, l, BRAIN_RL_THRESHOLD),
		       *brain_receptor_locus(b, l, BRAIN_RL_LEAKAGE),
		       *brain_receptor_locus(b, l, BRAIN_RL_REST), li.gene->gain);
		printf("  state rule: %s\n",
		       genome_svrule_disasm(li.gene->state_rule, GENOME_RULE_LEN, rule, sizeof rule));
		for (unsigned t = 0; t < 2; t++)
			print_type(b, l, &li, t);
		int w = brain_winner(b, l);
		printf("  active %u, activity %u, winner ", li.firing,
		       *brain_emitter_locus(b, l, BRAIN_EL_ACTIVITY));
		if (w < 0)
			printf("-\n");
		else
			printf("%d (output %d)\n", w, brain_output(b, l, (unsigned)w));
	}
}

/* One line per processed instinct. */
static void report_instinct(FILE *f, unsigned k, size_t gene, brain_instinct_result r,
                            const brain_instinct_report *rep)
{
	const genome_instinct_gene *g = &rep->gene;
	fprintf(f, "instinct %u (gene %zu): %u:%u %u:%u %u:%u -> action %u, %s %u: %s", k, gene,
	        g->input[0].lobe, g->input[0].cell, g->input[1].lobe, g->input[1].cell,
	        g->input[2].lobe, g->input[2].cell, g->action,
	        g->reinforcer == GENOME_CHEM_PUNISHMENT ? "punish" : "reward", g->level,
	        brain_instinct_result_name(r));
	if (r == BRAIN_INSTINCT_WIRED) {
		fprintf(f, ": concept %d (%u dendrite%s) <- perception", rep->concept,
		        rep->concept_dendrites, rep->concept_dendrites == 1 ? "" : "s");
		for (unsigned i = 0; i < rep->ninputs; i++)
			fprintf(f, " %u", rep->perception[i]);
		fprintf(f, "; decision %u type %u dendrite %d", g->action, rep->type, rep->dendrite);
	} else if (r == BRAIN_INSTINCT_NO_CANDIDATE) {
		fprintf(f, " (no concept cell with %u dendrite%s)", rep->ninputs,
		        rep->ninputs == 1 ? "" : "s");
	}
	fputc('\n', f);
}

static int parse_stage(const char *s)
{
	if (!s)
		return 0;
	long v;
	if (cli_parse_long(s, 0, GENOME_NSTAGES - 1, &v))
		return (int)v;
	return genome_stage_by_name(s);
}

/* Queue the instinct genes of every stage up to `stage`, in expression
 * order, their gene numbers in queued[]. CLI_OK or an error (printed). */
static int queue_instincts(brain *b, const genome *g, genome_sex sex, int stage, size_t *queued,
                           const char *path)
{
	size_t *on = malloc((g->ngenes + 1) * sizeof *on);
	if (!on)
		return cli_fail(CLI_BAD, "brain", "out of memory");
	size_t nq = 0;
	c2_err err;
	for (int s = 0; s <= stage; s++) {
		size_t n = genome_switched_on(g, sex, s, on);
		for (size_t k = 0; k < n; k++)
			if (g->genes[on[k]].kind == GK_INSTINCT) {
				if (brain_instinct_push(b, &g->genes[on[k]].u.instinct, &err)) {
					free(on);
					return cli_report(path, &err);
				}
				queued[nq++] = on[k];
			}
	}
	free(on);
	return CLI_OK;
}

/* --dream: process the queued instincts, one line each (on stderr when
 * stdout carries JSON or hashes). */
static void dream(brain *b, const size_t *queued)
{
	FILE *f = a.json || a.hash || a.hash_every ? stderr : stdout;
	unsigned wired = 0, k = 0;
	brain_instinct_report rep;
	brain_instinct_result r;
	while ((r = brain_instinct_process(b, &rep)) != BRAIN_INSTINCT_NONE) {
		report_instinct(f, k, queued[k], r, &rep);
		wired += r == BRAIN_INSTINCT_WIRED;
		k++;
	}
	fprintf(f, "instincts: %u processed, %u wired, %u dropped\n", k, wired, k - wired);
}

/* --ticks: each tick the --locus values set, then the brain ticked; the
 * state hash every --hash-every ticks. CLI_OK or a usage error. */
static int run_ticks(brain *b, c2_rng *rng)
{
	for (long t = 1; t <= a.ticks; t++) {
		for (int k = 0; k < a.nloci; k++) {
			uint8_t *p = brain_receptor_locus(b, a.loci[k].lobe, a.loci[k].locus);
			if (!p)
				return cli_fail(CLI_USAGE, "brain", "no receptor locus %u of lobe %u",
				                a.loci[k].locus, a.loci[k].lobe);
			*p = a.loci[k].value;
		}
		brain_tick(b, rng);
		if (a.hash_every && t % a.hash_every == 0)
			printf("tick %ld %016" PRIx64 "\n", t, brain_hash(b));
	}
	return CLI_OK;
}

/* Every --locus names a receptor locus this brain has: else a usage error
 * with the ranges there are (checked once, before any tick). */
static int check_loci(const brain *b)
{
	for (int k = 0; k < a.nloci; k++) {
		const locus_set *s = &a.loci[k];
		char arg[32];
		snprintf(arg, sizeof arg, "%u:%u=%u", s->lobe, s->locus, s->value);
		brain_lobe_info li;
		if (cli_brain_lobe("brain", "--locus", arg, b, s->lobe, &li))
			return CLI_USAGE;
		if (s->locus >= BRAIN_RL_CELL + li.neurons)
			return cli_fail(CLI_USAGE, "brain", "--locus %s: lobe %u (%s, %u cells) has receptor "
			                "loci 0..%u: 0 threshold, 1 leakage, 2 rest, 3..12 dendrite rates, "
			                "13..18 chem0..chem5, %d..%u the cells' states", arg, s->lobe, li.name,
			                li.neurons, BRAIN_RL_CELL + li.neurons - 1, BRAIN_RL_CELL,
			                BRAIN_RL_CELL + li.neurons - 1);
	}
	return CLI_OK;
}

int cli_cmd_brain(int argc, char **argv)
{
	memset(&a, 0, sizeof a);
	a.seed = 1;
	c2_options_default(&brain_option_tab, &a.opts);
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_brain_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	int stage = parse_stage(a.stage);
	if (stage < 0)
		return cli_fail(CLI_USAGE, "brain", "--stage '%s' is not 0..6 or a stage name", a.stage);
	genome_sex sex = GENOME_MALE;
	if (a.sex && (rc = cli_sex_option("brain", a.sex, &sex)) != 0)
		return rc;
	if ((a.nloci || a.hash_every) && !a.ticks)
		return cli_fail(CLI_USAGE, "brain", "--locus and --hash-every act on ticks: they go with --ticks");
	if (a.json && a.hash)
		return cli_fail(CLI_USAGE, "brain", "--json and --hash exclude each other");

	genome g;
	genome_init(&g);
	if (cli_load_genome(pos[0], &g) != CLI_OK)
		return CLI_BAD;
	c2_rng rng;
	c2_rng_seed(&rng, a.seed);
	brain *b;
	c2_err err;
	if (brain_build(&b, &g, sex, &a.opts, &rng, &err)) {
		genome_free(&g);
		return cli_report(pos[0], &err);
	}
	size_t *queued = malloc((g.ngenes * GENOME_NSTAGES + 1) * sizeof *queued);
	rc = !queued ? cli_fail(CLI_BAD, "brain", "out of memory")
	     : check_loci(b) ? CLI_USAGE
	                      : queue_instincts(b, &g, sex, stage, queued, pos[0]);
	if (rc == CLI_OK && a.dream)
		dream(b, queued);
	if (rc == CLI_OK)
		rc = run_ticks(b, &rng);
	if (rc == CLI_OK) {
		if (a.json)
			print_json(b);
		else if (a.hash)
			printf("%016" PRIx64 "\n", brain_hash(b));
		else if (!a.hash_every)
			print_text(b, &g, pos[0]);
	}
	free(queued);
	brain_free(b);
	genome_free(&g);
	return rc;
}
