/* world_breed.c — issue 24's acceptance figure: two standard norns, a
 * female (world creature 0, seed S) and a male (creature 1, seed S + 1, as
 * `c2rt run --creature GENOME:male` makes him), in the garden, taught with
 * garden.teach (every creature), --opt goal_direction=1; for each seed, do
 * they conceive, lay AND hatch an egg within their lives? Each run stops at
 * the first hatching of the founders' child, when both founders are dead,
 * or at --max-ticks. The first child that hatches is checked gene by gene
 * against both parents and the genealogy's mutation log: each gene equals
 * the mother's or the father's (aligned by identity, genome_diff), or it
 * differs where the log names it and its flags allow it (point: mutable;
 * duplicate: duplicable; a gene gone: deletable); the genus gene differs
 * only in the parents' monikers.
 *
 * Usage: build/bench/world_breed [--seeds N] [--from S] [--max-ticks T]
 *        [--world W] [--events E] [--opt NAME=VALUE]...
 * Paths default to worlds/garden.world and worlds/garden.teach (run from
 * the repository) and $C2RT_SHARED/genomes/c2-norn.gen. Prints a line per
 * seed (conceived / laid / hatched at which tick, the first child's gene
 * check; else why not: the founders' stages at death, how often he pushed
 * her, fertile and receptive ticks) and "breed N/M". Exit 77 without the
 * genome. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "bench/bench.h"
#include "engine/engine.h"
#include "genome/breed.h"
#include "world/world.h"

typedef struct outcome {
	long conceived, laid, hatched; /* tick of the first, or -1 */
	long pushes;      /* acts of the male on the female's object (push) */
	long ripe;        /* of those, while he was fertile and she receptive */
	long her_pushes;  /* acts of the female on the male's object (push) */
	long male_fertile, female_receptive; /* ticks */
	int stage_f, stage_m;
	bool dead_f, dead_m;
	char child[5], mum[5], dad[5];
	char check[160];
	char conceive_line[1 << 16];
} outcome;

/* One change of the conceive record's "mutations": its op's first letter
 * (p point, d dup or del: 'x' for del), the child gene ("gene", -1) and
 * the parent gene ("input", -1). */
typedef struct logged {
	char op;
	long gene, input;
} logged;

static long key_after(const char *p, const char *end, const char *key)
{
	const char *k = strstr(p, key);
	return k && k < end ? strtol(k + strlen(key), NULL, 10) : -1;
}

static size_t logged_changes(const char *line, logged *out, size_t cap)
{
	const char *m = strstr(line, "\"mutations\":["), *end = m ? strstr(m, "],\"mutation_chance\"") : NULL;
	size_t n = 0;
	for (const char *p = m ? strstr(m, "{\"op\":\"") : NULL; p && p < end && n < cap;) {
		const char *next = strstr(p + 1, "{\"op\":\"");
		const char *stop = next && next < end ? next : end;
		out[n].op = !strncmp(p + 7, "del", 3) ? 'x' : p[7];
		out[n].gene = key_after(p, stop, "\"gene\":");
		out[n].input = key_after(p, stop, "\"input\":");
		n++;
		p = next;
	}
	return n;
}

/* Is child gene b logged with an op its flags allow (point: mutable; dup:
 * duplicable)? */
static bool logged_ok(const logged *v, size_t n, long b, uint8_t flags)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].gene == b && ((v[i].op == 'p' && (flags & GENOME_FLAG_MUTABLE)) ||
		                       (v[i].op == 'd' && (flags & GENOME_FLAG_DUPLICABLE))))
			return true;
	return false;
}

/* Which child genes differ from parent p: bit b of diff[b] |= bit. */
static int mark(const genome *p, const genome *child, uint8_t *diff, uint8_t bit, size_t *dels)
{
	genome_changes ch = {0};
	if (genome_diff(p, child, &ch, NULL) != 0)
		return -1;
	for (size_t i = 0; i < ch.n; i++) {
		if (ch.v[i].b >= 0 && (size_t)ch.v[i].b < child->ngenes)
			diff[ch.v[i].b] |= bit;
		else if (ch.v[i].op == GENOME_CH_DEL)
			dels[bit - 1]++;
	}
	genome_changes_free(&ch);
	return 0;
}

/* The gene-by-gene check of the child against mum, dad and the log. */
static void check_child(const genome *mum, const genome *dad, const genome *child, outcome *o)
{
	static logged log[4096];
	size_t nlog = logged_changes(o->conceive_line, log, 4096);
	uint8_t *diff = calloc(child->ngenes ? child->ngenes : 1, 1);
	size_t dels[2] = {0, 0};
	if (!diff || mark(mum, child, diff, 1, dels) || mark(dad, child, diff, 2, dels)) {
		snprintf(o->check, sizeof o->check, "check failed: out of memory");
		free(diff);
		return;
	}
	size_t same = 0, mutated = 0, bad = 0, genus = 0, ndel = 0;
	for (size_t b = 0; b < child->ngenes; b++) {
		const genome_gene *g = &child->genes[b];
		if (diff[b] != 3)
			same++;
		else if (g->kind == GK_GENUS)
			genus++; /* its parents' monikers (checked below) */
		else if (logged_ok(log, nlog, (long)b, g->flags))
			mutated++;
		else
			bad++;
	}
	/* the genus gene names the parents (genome_cross sets them) */
	for (size_t b = 0; b < child->ngenes; b++)
		if (child->genes[b].kind == GK_GENUS) {
			const genome_genus_gene *gg = &child->genes[b].u.genus;
			bad += memcmp(gg->mother, o->mum, 4) != 0 || memcmp(gg->father, o->dad, 4) != 0;
			break;
		}
	/* every gene gone is a logged deletion of a deletable gene (the two
	 * parents are one genome here: the parent gene is mum's) */
	for (size_t i = 0; i < nlog; i++)
		if (log[i].op == 'x') {
			ndel++;
			bad += log[i].input < 0 || (size_t)log[i].input >= mum->ngenes ||
			       !(mum->genes[log[i].input].flags & GENOME_FLAG_DELETABLE);
		}
	bad += dels[0] != ndel || dels[1] != ndel;
	snprintf(o->check, sizeof o->check,
	         "genes %zu: %zu from a parent, %zu mutated as logged, %zu deleted as logged "
	         "(%zu logged), %zu genus, %zu unexplained%s",
	         child->ngenes, same, mutated, dels[0], nlog, genus, bad, bad ? "  <-- FAIL" : "");
	free(diff);
}

/* Scan the genealogy drained this tick. */
static void scan(const c2_wbuf *g, const char *mum, const char *dad, outcome *o, uint64_t tick)
{
	const char *p = (const char *)g->data, *end = p + g->len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char line[sizeof o->conceive_line];
		snprintf(line, sizeof line, "%.*s", (int)n, p);
		char parents[64];
		snprintf(parents, sizeof parents, "\"mother\":\"%s\",\"father\":\"%s\"", mum, dad);
		if (strstr(line, "\"type\":\"conceive\"") && strstr(line, parents) && o->conceived < 0) {
			o->conceived = (long)tick;
			snprintf(o->conceive_line, sizeof o->conceive_line, "%s", line);
		}
		if (strstr(line, "\"type\":\"lay\"") && o->laid < 0 && strstr(line, mum))
			o->laid = (long)tick;
		if (strstr(line, "\"type\":\"hatch\"") && strstr(line, parents) && o->hatched < 0) {
			o->hatched = (long)tick;
			const char *c = strstr(line, "\"child\":\"");
			if (c)
				snprintf(o->child, sizeof o->child, "%.4s", c + 9);
		}
		p += n + 1;
	}
}

typedef struct setup {
	const char *world_text, *events_text;
	size_t world_len, events_len;
	world_options wo;
	const genome *g;
	uint64_t max_ticks;
} setup;

static int add(world *w, const genome *g, genome_sex sex, uint64_t seed)
{
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.sex = sex;
	cfg.seed = seed;
	creature *c;
	c2_err err;
	if (creature_hatch(&c, g, &cfg, &err) != 0 || world_add_founder(w, c, NULL, "c2-norn.gen", &err) != 0) {
		fprintf(stderr, "world_breed: %s\n", err.msg);
		return 1;
	}
	return 0;
}

/* The first child of the founders hatched: its genome checked. */
static void check(world *w, const setup *st, outcome *o)
{
	int k = world_creature_find(w, o->child);
	genome child;
	if (k < 0 || creature_genome(world_creature_const(w, (size_t)k), &child, NULL) != 0) {
		snprintf(o->check, sizeof o->check, "child not found");
		return;
	}
	check_child(st->g, st->g, &child, o);
	genome_free(&child);
}

static int one(const setup *st, uint64_t seed, outcome *o)
{
	memset(o, 0, sizeof *o);
	o->conceived = o->laid = o->hatched = -1;
	world *w;
	world_events *ev;
	c2_err err;
	if (world_load(&w, st->world_text, st->world_len, &st->wo, seed, &err) != 0) {
		fprintf(stderr, "world_breed: world: %s\n", err.msg);
		return 1;
	}
	if (add(w, st->g, GENOME_FEMALE, seed) || add(w, st->g, GENOME_MALE, seed + 1) ||
	    world_events_parse(&ev, w, st->events_text, st->events_len, &err) != 0) {
		fprintf(stderr, "world_breed: %s\n", err.msg);
		world_free(w);
		return 1;
	}
	char *mum = o->mum, *dad = o->dad;
	snprintf(mum, 5, "%s", world_creature_moniker(w, 0));
	snprintf(dad, 5, "%s", world_creature_moniker(w, 1));
	c2_wbuf g = {0};
	int her = -1;
	for (uint64_t t = 0; t < st->max_ticks && o->hatched < 0; t++) {
		const creature *f = world_creature_const(w, 0), *m = world_creature_const(w, 1);
		if (!creature_alive(f) && !creature_alive(m))
			break;
		world_step(w, ev);
		g.len = 0;
		world_genealogy_ndjson(w, &g);
		scan(&g, mum, dad, o, world_ticks(w));
		world_creature_info fi, mi;
		world_creature_get(w, 0, &fi);
		world_creature_get(w, 1, &mi);
		her = fi.object;
		if (mi.acted_event == 1 /* push */ && her >= 0) {
			world_object_info oi;
			if (world_object(w, (size_t)mi.it, &oi) == 0 && oi.creature == 0) {
				o->pushes++;
				o->ripe += creature_repro_locus(m, 0) > 0 && creature_repro_locus(f, 1) > 0;
			}
		}
		if (fi.acted_event == 1 && fi.it >= 0) {
			world_object_info oi;
			if (world_object(w, (size_t)fi.it, &oi) == 0 && oi.creature == 1)
				o->her_pushes++;
		}
		o->male_fertile += creature_alive(m) && creature_repro_locus(m, 0) > 0;
		o->female_receptive += creature_alive(f) && creature_repro_locus(f, 1) > 0;
	}
	o->stage_f = creature_stage(world_creature_const(w, 0));
	o->stage_m = creature_stage(world_creature_const(w, 1));
	o->dead_f = !creature_alive(world_creature_const(w, 0));
	o->dead_m = !creature_alive(world_creature_const(w, 1));
	if (o->hatched >= 0)
		check(w, st, o);
	c2_wbuf_free(&g);
	world_events_free(ev);
	world_free(w);
	return 0;
}

static char *slurp(const char *path, size_t *len)
{
	uint8_t *d;
	c2_err err;
	if (c2_read_file(path, 16u << 20, &d, len, &err) != 0) {
		fprintf(stderr, "world_breed: %s: %s\n", path, err.msg);
		exit(1);
	}
	return (char *)d;
}

int main(int argc, char **argv)
{
	long seeds = 20, from = 1;
	const char *wpath = "worlds/garden.world", *epath = "worlds/garden.teach";
	setup st = {.max_ticks = 400000};
	world_options_default(&st.wo);
	st.wo.goal_direction = 1;
	for (int i = 1; i + 1 < argc; i += 2) {
		c2_err err;
		if (!strcmp(argv[i], "--seeds"))
			seeds = atol(argv[i + 1]);
		else if (!strcmp(argv[i], "--from"))
			from = atol(argv[i + 1]);
		else if (!strcmp(argv[i], "--max-ticks"))
			st.max_ticks = strtoull(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "--world"))
			wpath = argv[i + 1];
		else if (!strcmp(argv[i], "--events"))
			epath = argv[i + 1];
		else if (!strcmp(argv[i], "--opt") && c2_option_parse(&world_option_tab, &st.wo, argv[i + 1], &err) == 0)
			;
		else {
			fprintf(stderr, "usage: world_breed [--seeds N] [--from S] [--max-ticks T] [--world W] "
			                "[--events E] [--opt NAME=VALUE]...\n");
			return 2;
		}
	}
	genome g;
	int rc = bench_genome(&g, NULL, "world_breed");
	if (rc)
		return rc;
	st.g = &g;
	char *wtext = slurp(wpath, &st.world_len), *etext = slurp(epath, &st.events_len);
	st.world_text = wtext;
	st.events_text = etext;
	long ok = 0;
	static outcome o;
	for (long s = from; s < from + seeds; s++) {
		if (one(&st, (uint64_t)s, &o) != 0)
			return 1;
		ok += o.conceived >= 0 && o.laid >= 0 && o.hatched >= 0;
		printf("seed %ld: conceived %ld laid %ld hatched %ld child %s | he pushed her %ld (%ld while "
		       "he fertile and she receptive), she pushed him %ld, male fertile %ld "
		       "ticks, female receptive %ld ticks, female %s %s, male %s %s%s%s\n",
		       s, o.conceived, o.laid, o.hatched, o.hatched >= 0 ? o.child : "-", o.pushes, o.ripe,
		       o.her_pushes,
		       o.male_fertile, o.female_receptive, o.dead_f ? "dead" : "alive",
		       genome_stage_name(o.stage_f), o.dead_m ? "dead" : "alive", genome_stage_name(o.stage_m),
		       o.hatched >= 0 ? " | " : "", o.hatched >= 0 ? o.check : "");
		fflush(stdout);
	}
	printf("breed %ld/%ld\n", ok, seeds);
	genome_free(&g);
	free(wtext);
	free(etext);
	return 0;
}
