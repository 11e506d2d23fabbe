/* cmd_names.c — `c2rt names [TOPIC]`: the names c2rt knows (chemicals,
 * drives, stimuli, heard words, object categories, actions, life stages,
 * the standard organs, receptor and emitter loci, options), each listed from
 * its one table in the core, so this list can never disagree with what the
 * parsers accept. The "unknown ..." messages point here. */
#include <stdio.h>
#include <string.h>

#include "base/near.h"
#include "cli/cli.h"
#include "engine/engine.h"
#include "genome/loci.h"
#include "genome/vocab.h"
#include "world/world.h"

static const char *format_arg;

static const cli_opt names_opts[] = {
	{"format", OPT_STR, &format_arg, "text|json", "output format (default text)", 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_names_spec = {
	"names",
	"[TOPIC]",
	"list the names c2rt knows: chemicals, drives, stimuli, words, ...",
	"Without TOPIC, the topics and how many names each has. With one, its names,\n"
	"one a line with the number files may use instead: chemicals, drives,\n"
	"stimuli, words (what 'word verb|noun WORD' events say), categories, actions,\n"
	"stages, organs (the Genetics Kit's standard organs and what marks each, by\n"
	"which an organ without notes is named), loci (receptor and emitter loci:\n"
	"organ, tissue, locus range) or options (every module's --opt names). Names\n"
	"match loosely wherever they are read: case, spaces, '-' and '_' alike.\n"
	"--format json prints a JSON array of objects instead.",
	names_opts,
	0,
	1,
	OPT_STR,
	NULL,
};

/* ---- the listing: one row at a time, as text or a JSON object ---------------- */

typedef struct lister {
	c2_wbuf w;
	bool json;
	size_t rows;
} lister;

/* A row: the number (or -1: none) and the name; as text the line `text`
 * when given, else "NUMBER  NAME"; as JSON an object with json's members
 * (",\"marks\":...", already JSON) after them. */
static void row(lister *l, long value, const char *name, const char *text, const char *json)
{
	if (l->json) {
		c2_w_str(&l->w, l->rows ? ",\n {" : "\n {");
		if (value >= 0)
			c2_w_printf(&l->w, "\"value\":%ld,", value);
		c2_w_str(&l->w, "\"name\":");
		c2_w_json_cstr(&l->w, name);
		c2_w_str(&l->w, json ? json : "");
		c2_w_str(&l->w, "}");
	} else if (text) {
		c2_w_printf(&l->w, "%s\n", text);
	} else if (value >= 0) {
		c2_w_printf(&l->w, "%3ld  %s\n", value, name);
	} else {
		c2_w_printf(&l->w, "%s\n", name);
	}
	l->rows++;
}

static void list_vocab(lister *l, const genome_vocab *v, long first)
{
	for (int i = 0; i < v->n; i++)
		if (v->names[i] && (i > 0 || v != &genome_chemicals)) /* 0 is "<NOTHING>" */
			row(l, i + first, v->names[i], NULL, NULL);
}

static void list_chemicals(lister *l)
{
	list_vocab(l, &genome_chemicals, 0);
}

static void list_drives(lister *l)
{
	list_vocab(l, &genome_drives, 0);
}

static void list_stimuli(lister *l)
{
	list_vocab(l, &genome_stimuli, 0);
}

static void list_categories(lister *l)
{
	list_vocab(l, &genome_categories, 0);
}

static void list_actions(lister *l)
{
	list_vocab(l, &genome_actions, 0);
}

/* What a creature hears: the verb lobe's cells are actions, the noun lobe's
 * object categories. */
static void list_words(lister *l)
{
	const genome_vocab *v[2] = {&genome_actions, &genome_categories};
	const char *lobe[2] = {"verb", "noun"};
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < v[k]->n; i++) {
			if (!v[k]->names[i])
				continue;
			char word[64], json[32];
			snprintf(word, sizeof word, "%s %s", lobe[k], v[k]->names[i]);
			snprintf(json, sizeof json, ",\"lobe\":\"%s\"", lobe[k]);
			row(l, i, word, NULL, json);
		}
}

static void list_stages(lister *l)
{
	for (int s = 0; s < GENOME_NSTAGES; s++)
		row(l, s, genome_stage_name(s), NULL, NULL);
}

/* Numbered from 1, as the Genetics Kit's list (shared/names/c2-organs.tsv). */
static void list_organs(lister *l)
{
	for (int i = 0; i < genome_standard_organs.n; i++) {
		const char *marks = genome_standard_organ_marks(i);
		c2_wbuf j = {0};
		c2_w_str(&j, ",\"marks\":");
		c2_w_json_cstr(&j, marks);
		c2_w_u8(&j, 0);
		char text[200];
		snprintf(text, sizeof text, "%3d  %-22s %s", i + 1, genome_standard_organs.names[i],
		         *marks ? marks : "(the brain organ gene)");
		row(l, i + 1, genome_standard_organs.names[i], text, j.oom ? "" : (const char *)j.data);
		c2_wbuf_free(&j);
	}
}

static void list_loci_of(lister *l, genome_locus_dir dir)
{
	const genome_locus_info *t = dir == GENOME_RECEPTOR ? genome_receptor_loci : genome_emitter_loci;
	int n = dir == GENOME_RECEPTOR ? GENOME_RL_COUNT : GENOME_EL_COUNT;
	const char *d = dir == GENOME_RECEPTOR ? "receptor" : "emitter";
	for (int i = 0; i < n; i++) {
		char tissue[8], text[160], json[160];
		if (t[i].tissue == GENOME_ANY_TISSUE)
			snprintf(tissue, sizeof tissue, "*");
		else
			snprintf(tissue, sizeof tissue, "%d", t[i].tissue);
		char addr[48];
		snprintf(addr, sizeof addr, "%u/%s/%u..%u (%s)", t[i].organ, tissue, t[i].first, t[i].last,
		         genome_locus_organ_name(t[i].organ));
		snprintf(text, sizeof text, "%-8s %-24s %s", d, addr, t[i].name);
		snprintf(json, sizeof json,
		         ",\"dir\":\"%s\",\"organ\":%u,\"tissue\":%s,\"first\":%u,\"last\":%u", d,
		         t[i].organ, t[i].tissue == GENOME_ANY_TISSUE ? "null" : tissue, t[i].first,
		         t[i].last);
		row(l, -1, t[i].name, text, json);
	}
}

static void list_loci(lister *l)
{
	list_loci_of(l, GENOME_RECEPTOR);
	list_loci_of(l, GENOME_EMITTER);
}

static void list_option_table(lister *l, const c2_option_table *t)
{
	for (size_t k = 0; k < t->n; k++) {
		char text[96], json[64];
		snprintf(text, sizeof text, "%-14s %s", t->module, t->v[k].name);
		snprintf(json, sizeof json, ",\"module\":\"%s\"", t->module);
		row(l, -1, t->v[k].name, text, json);
	}
}

static void list_options(lister *l)
{
	for (size_t t = 0; t < CREATURE_OPTION_TABLES; t++)
		list_option_table(l, creature_option_table(t));
	list_option_table(l, &world_option_tab);
}

/* The topics: X(name, what it lists, lister). */
#define NAMES_TOPICS(X)                                                                   \
	X(chemicals, "chemicals by number (genome/chemicals.def)", list_chemicals)             \
	X(drives, "drives (drive N is chemical N + 1)", list_drives)                           \
	X(stimuli, "stimuli by their gene number", list_stimuli)                               \
	X(words, "words a creature hears: verb ACTION, noun CATEGORY", list_words)             \
	X(categories, "object categories (noun, source and attention cells)", list_categories) \
	X(actions, "actions (decision and verb cells)", list_actions)                          \
	X(stages, "life stages", list_stages)                                                  \
	X(organs, "the Genetics Kit's standard organs and their marks", list_organs)           \
	X(loci, "receptor and emitter loci (organ/tissue/locus)", list_loci)                   \
	X(options, "run-time options (--opt NAME=VALUE; 'c2rt options' tells more)", list_options)

static const struct {
	const char *name, *what;
	void (*list)(lister *l);
} topics[] = {
#define X(n, w, f) {#n, w, f},
	NAMES_TOPICS(X)
#undef X
};
enum { NTOPICS = sizeof topics / sizeof topics[0] };

/* The topics themselves, with how many names each lists. */
static void list_topics(lister *l)
{
	for (size_t k = 0; k < NTOPICS; k++) {
		lister count = {{0}, true, 0};
		topics[k].list(&count);
		c2_wbuf_free(&count.w);
		char text[160], json[200];
		snprintf(text, sizeof text, "%-12s %4zu  %s", topics[k].name, count.rows, topics[k].what);
		snprintf(json, sizeof json, ",\"count\":%zu,\"what\":\"%s\"", count.rows, topics[k].what);
		row(l, -1, topics[k].name, text, json);
	}
}

static int unknown_topic(const char *t)
{
	c2_near q;
	c2_near_init(&q, t, strlen(t), true);
	for (size_t k = 0; k < NTOPICS; k++)
		c2_near_add(&q, topics[k].name);
	if (c2_near_best(&q))
		return cli_fail(CLI_USAGE, "names", "unknown topic '%s' (did you mean %s?)", t,
		                c2_near_best(&q));
	return cli_fail(CLI_USAGE, "names", "unknown topic '%s' ('c2rt names' lists them)", t);
}

int cli_cmd_names(int argc, char **argv)
{
	format_arg = NULL;
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_names_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	lister l = {{0}, false, 0};
	if (format_arg && strcmp(format_arg, "text") != 0 && !(l.json = !strcmp(format_arg, "json")))
		return cli_fail(CLI_USAGE, "names", "--format: text or json, not '%s'", format_arg);
	size_t k = 0;
	while (npos && k < NTOPICS && !genome_name_eq(pos[0], strlen(pos[0]), topics[k].name))
		k++;
	if (npos && k == NTOPICS)
		return unknown_topic(pos[0]);
	if (npos)
		topics[k].list(&l);
	else
		list_topics(&l);
	if (l.json)
		c2_w_str(&l.w, l.rows ? "\n]\n" : "]\n");
	if (l.w.oom) {
		c2_wbuf_free(&l.w);
		return cli_fail(CLI_BAD, "names", "out of memory");
	}
	if (l.json)
		fputc('[', stdout);
	fwrite(l.w.data, 1, l.w.len, stdout);
	c2_wbuf_free(&l.w);
	return cli_stdout_check("names");
}
