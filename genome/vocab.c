/* vocab.c — the C2 name tables and their look-ups. */
#include "genome/vocab.h"

#include <ctype.h>
#include <string.h>

#define VOCAB(var, what, arr) \
	const genome_vocab var = {what, arr, (int)(sizeof arr / sizeof arr[0])}

static const char *const chemical_names[256] = {
	[0] = "<NOTHING>",
#define X(n, id, name) [n] = name,
#include "genome/chemicals.def"
#undef X
};
VOCAB(genome_chemicals, "chemical", chemical_names);

/* The name arrays, generated from the tables of vocab.h. */
#define NAME(id, name) name,
#define NAMES(var, what, LIST)                               \
	static const char *const var##_names[] = {LIST(NAME)}; \
	const genome_vocab var = {what, var##_names, (int)(sizeof var##_names / sizeof var##_names[0])}

NAMES(genome_drives, "drive", GENOME_DRIVES);
NAMES(genome_stimuli, "stimulus", GENOME_STIMULI);
NAMES(genome_lobes, "lobe", GENOME_LOBES);
NAMES(genome_actions, "action", GENOME_ACTIONS);
NAMES(genome_categories, "category", GENOME_CATEGORIES);
NAMES(genome_senses, "sense", GENOME_SENSES);
NAMES(genome_involuntary, "involuntary action", GENOME_INVOLUNTARY);
NAMES(genome_body_parts, "body part", GENOME_BODY_PARTS);
NAMES(genome_species, "species", GENOME_SPECIES);
NAMES(genome_colours, "colour", GENOME_COLOURS);
NAMES(genome_spreads, "spread", GENOME_SPREADS);
NAMES(genome_migrations, "migration", GENOME_MIGRATIONS);
NAMES(genome_perceptible, "perceptible flag", GENOME_PERCEPTIBLE);
NAMES(genome_sensorimotor_emitters, "sensorimotor emitter locus", GENOME_SENSORIMOTOR);

#define ORGAN_NAME(id, name, marks) name,
#define ORGAN_MARKS(id, name, marks) marks,
static const char *const standard_organ_names[] = {GENOME_STANDARD_ORGANS(ORGAN_NAME)};
static const char *const standard_organ_marks[] = {GENOME_STANDARD_ORGANS(ORGAN_MARKS)};
const genome_vocab genome_standard_organs = {"organ", standard_organ_names,
                                             GENOME_NSTANDARD_ORGANS};

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
