/* vocab.c — the C2 name tables and their look-ups. */
#include "genome/vocab.h"

#include <ctype.h>
#include <string.h>

#define VOCAB(var, what, arr) \
	const c2_vocab var = {what, arr, (int)(sizeof arr / sizeof arr[0])}

static const char *const chemical_names[256] = {
	[0] = "<NOTHING>",
#define X(n, id, name) [n] = name,
#include "genome/chemicals.def"
#undef X
};
VOCAB(c2_chemicals, "chemical", chemical_names);

/* The name arrays, generated from the tables of vocab.h. */
#define NAME(id, name) name,
#define NAMES(var, what, LIST)                               \
	static const char *const var##_names[] = {LIST(NAME)}; \
	const c2_vocab var = {what, var##_names, (int)(sizeof var##_names / sizeof var##_names[0])}

NAMES(c2_drives, "drive", C2_DRIVES);
NAMES(c2_stimuli, "stimulus", C2_STIMULI);
NAMES(c2_lobes, "lobe", C2_LOBES);
NAMES(c2_actions, "action", C2_ACTIONS);
NAMES(c2_categories, "category", C2_CATEGORIES);
NAMES(c2_senses, "sense", C2_SENSES);
NAMES(c2_involuntary, "involuntary action", C2_INVOLUNTARY);
NAMES(c2_body_parts, "body part", C2_BODY_PARTS);
NAMES(c2_species, "species", C2_SPECIES);
NAMES(c2_colours, "colour", C2_COLOURS);
NAMES(c2_spreads, "spread", C2_SPREADS);
NAMES(c2_migrations, "migration", C2_MIGRATIONS);
NAMES(c2_perceptible, "perceptible flag", C2_PERCEPTIBLE);
NAMES(c2_sensorimotor_emitters, "sensorimotor emitter locus", C2_SENSORIMOTOR);

const char *c2_vocab_name(const c2_vocab *v, int value)
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

int c2_name_eq(const char *a, size_t alen, const char *b)
{
	size_t blen = strlen(b);
	if (alen != blen)
		return 0;
	for (size_t i = 0; i < alen; i++)
		if (norm(a[i]) != norm(b[i]))
			return 0;
	return 1;
}

int c2_vocab_find(const c2_vocab *v, const char *s, size_t len)
{
	for (int i = 0; i < v->n; i++)
		if (v->names[i] && c2_name_eq(s, len, v->names[i]))
			return i;
	return -1;
}

const char *c2_lobe_cell_name(int lobe, int cell)
{
	switch (lobe) {
	case C2_LOBE_DRIVE:
		return c2_vocab_name(&c2_drives, cell);
	case C2_LOBE_VERB:
	case C2_LOBE_DECISION:
		return c2_vocab_name(&c2_actions, cell);
	case C2_LOBE_SOURCE:
	case C2_LOBE_NOUN:
	case C2_LOBE_ATTENTION:
		return c2_vocab_name(&c2_categories, cell);
	case C2_LOBE_SENSE:
		return c2_vocab_name(&c2_senses, cell);
	default:
		return NULL;
	}
}
