/* vocab.c — the C2 name tables and their look-ups. */
#include "genome/vocab.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/near.h"
#include "genome/genome.h"

#define VOCAB(var, what, arr, topic) \
	const genome_vocab var = {what, arr, (int)(sizeof arr / sizeof arr[0]), topic}

static const char *const chemical_names[256] = {
	[0] = "<NOTHING>",
#define X(n, id, name) [n] = name,
#include "genome/chemicals.def"
#undef X
};
VOCAB(genome_chemicals, "chemical", chemical_names, "chemicals");

/* The name arrays, generated from the tables of vocab.h. */
#define NAME(id, name) name,
#define NAMES(var, what, LIST, topic)                          \
	static const char *const var##_names[] = {LIST(NAME)}; \
	const genome_vocab var = {what, var##_names,             \
	                          (int)(sizeof var##_names / sizeof var##_names[0]), topic}

NAMES(genome_drives, "drive", GENOME_DRIVES, "drives");
NAMES(genome_stimuli, "stimulus", GENOME_STIMULI, "stimuli");
NAMES(genome_lobes, "lobe", GENOME_LOBES, NULL);
NAMES(genome_actions, "action", GENOME_ACTIONS, "actions");
NAMES(genome_categories, "category", GENOME_CATEGORIES, "categories");
NAMES(genome_senses, "sense", GENOME_SENSES, NULL);
NAMES(genome_involuntary, "involuntary action", GENOME_INVOLUNTARY, NULL);
NAMES(genome_body_parts, "body part", GENOME_BODY_PARTS, NULL);
NAMES(genome_species, "species", GENOME_SPECIES, NULL);
NAMES(genome_colours, "colour", GENOME_COLOURS, NULL);
NAMES(genome_spreads, "spread", GENOME_SPREADS, NULL);
NAMES(genome_migrations, "migration", GENOME_MIGRATIONS, NULL);
NAMES(genome_perceptible, "perceptible flag", GENOME_PERCEPTIBLE, NULL);
NAMES(genome_sensorimotor_emitters, "sensorimotor emitter locus", GENOME_SENSORIMOTOR, NULL);

#define ORGAN_NAME(id, name, marks) name,
#define ORGAN_MARKS(id, name, marks) marks,
static const char *const standard_organ_names[] = {GENOME_STANDARD_ORGANS(ORGAN_NAME)};
static const char *const standard_organ_marks[] = {GENOME_STANDARD_ORGANS(ORGAN_MARKS)};
const genome_vocab genome_standard_organs = {"organ", standard_organ_names,
                                             GENOME_NSTANDARD_ORGANS, "organs"};

const char *genome_standard_organ_marks(int i)
{
	return i >= 0 && i < GENOME_NSTANDARD_ORGANS ? standard_organ_marks[i] : NULL;
}

const char *genome_vocab_name(const genome_vocab *v, int value)
{
	if (value < 0 || value >= v->n)
		return NULL;
	return v->names[value];
}

/* Spaces, '-' and '_' are one separator class; case is ignored. */
static int norm(int c)
{
	if (c == '-' || c == '_')
		return ' ';
	return tolower((unsigned char)c);
}

int genome_name_eq(const char *a, size_t alen, const char *b)
{
	size_t blen = strlen(b);
	if (alen != blen)
		return 0;
	for (size_t i = 0; i < alen; i++)
		if (norm(a[i]) != norm(b[i]))
			return 0;
	return 1;
}

int genome_vocab_find(const genome_vocab *v, const char *s, size_t len)
{
	for (int i = 0; i < v->n; i++)
		if (v->names[i] && genome_name_eq(s, len, v->names[i]))
			return i;
	return -1;
}

const char *genome_lobe_cell_name(int lobe, int cell)
{
	switch (lobe) {
	case GENOME_LOBE_DRIVE:
		return genome_vocab_name(&genome_drives, cell);
	case GENOME_LOBE_VERB:
	case GENOME_LOBE_DECISION:
		return genome_vocab_name(&genome_actions, cell);
	case GENOME_LOBE_SOURCE:
	case GENOME_LOBE_NOUN:
	case GENOME_LOBE_ATTENTION:
		return genome_vocab_name(&genome_categories, cell);
	case GENOME_LOBE_SENSE:
		return genome_vocab_name(&genome_senses, cell);
	default:
		return NULL;
	}
}

/* Append a, b and c to buf[*at..cap) (cut at cap). */
static void put(char *buf, size_t cap, size_t *at, const char *a, const char *b, const char *c)
{
	if (*at < cap) {
		int k = snprintf(buf + *at, cap - *at, "%s%s%s", a, b, c);
		*at += k > 0 ? (size_t)k : 0;
	}
}

void genome_names_hint(const char *const *names, size_t n, const char *topic, const char *s,
                       size_t len, char *buf, size_t cap)
{
	enum { LISTED = 4 };
	size_t at = 0;
	if (cap == 0)
		return;
	buf[0] = '\0';
	c2_near q;
	c2_near_init(&q, s, len, true);
	const char *hold[LISTED + 1];
	size_t nhold = 0;
	for (size_t i = 0; i < n; i++) {
		if (!names[i])
			continue;
		c2_near_add(&q, names[i]);
		if (nhold <= LISTED && len >= 3 && c2_near_contains(names[i], s, len))
			hold[nhold++] = names[i];
	}
	const char *best = c2_near_best(&q), *see = "; see c2rt names ";
	if (best) {
		put(buf, cap, &at, " (did you mean ", best, "?");
		see = " see c2rt names ";
	} else if (nhold) {
		for (size_t i = 0; i < nhold && i < LISTED; i++)
			put(buf, cap, &at, i ? ", " : " (", hold[i], "");
		put(buf, cap, &at, nhold > LISTED ? " ... hold it" : nhold > 1 ? " hold it" : " holds it",
		    "", "");
	}
	if (topic)
		put(buf, cap, &at, at ? see : " (see c2rt names ", topic, ")");
	else if (at)
		put(buf, cap, &at, ")", "", "");
}

void genome_vocab_hint(const genome_vocab *v, const char *s, size_t len, char *buf, size_t cap)
{
	genome_names_hint(v->names, (size_t)v->n, v->topic, s, len, buf, cap);
}

void genome_stage_hint(const char *s, size_t len, char *buf, size_t cap)
{
	const char *names[GENOME_NSTAGES];
	for (int i = 0; i < GENOME_NSTAGES; i++)
		names[i] = genome_stage_name(i);
	c2_near q;
	c2_near_init(&q, s, len, true);
	for (int i = 0; i < GENOME_NSTAGES; i++)
		c2_near_add(&q, names[i]);
	size_t at = 0;
	if (cap == 0)
		return;
	buf[0] = '\0';
	if (c2_near_best(&q)) {
		put(buf, cap, &at, " (did you mean ", c2_near_best(&q), "? see c2rt names stages)");
		return;
	}
	for (int i = 0; i < GENOME_NSTAGES; i++) /* only seven: all of them */
		put(buf, cap, &at, i ? ", " : " (stages: ", names[i], "");
	put(buf, cap, &at, "; see c2rt names stages)", "", "");
}
