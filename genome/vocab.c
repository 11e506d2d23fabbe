/* vocab.c — the C2 name tables and their look-ups. */
#include "genome/vocab.h"

#include <ctype.h>
#include <string.h>

#define VOCAB(var, what, arr) \
	const c2_vocab var = {what, arr, (int)(sizeof arr / sizeof arr[0])}

static const char *const chemical_names[256] = {
	[0] = "<NOTHING>",
#define X(n, name) [n] = name,
#include "genome/chemicals.def"
#undef X
};
VOCAB(c2_chemicals, "chemical", chemical_names);

/* shared/names/c2-drives.tsv; drive i is chemical i + 1 (§4.9). */
static const char *const drive_names[] = {
	"Pain", "Need For Pleasure", "Hunger", "Coldness", "Hotness", "Tiredness",
	"Sleepiness", "Loneliness", "Overcrowdedness", "Fear", "Boredom", "Anger",
	"Sex Drive", "Injury", "Suffocation", "Thirst", "Stress",
};
VOCAB(c2_drives, "drive", drive_names);

/* shared/names/c2-stimuli.tsv */
static const char *const stimulus_names[] = {
	"Disappointment", "Pointer pats me", "Creature pats me", "Pointer slaps me",
	"Creature slaps me", "It is approaching", "It is retreating", "I bump into wall",
	"Object comes into view", "Unrecognised word", "Heard user speak",
	"Heard creature speak", "I am quiescent (periodic)", "I've Activated1",
	"I've Activated2", "I've Deactivated", "I am approaching (periodic)",
	"I have retreated", "I have Got", "I have Dropped", "I've stated need",
	"I am Resting (periodic)", "I am sleeping (periodic)", "I am travelling (periodic)",
	"I've been pushed", "I've been hit", "I've eaten something", "<spare action>",
	"Involuntary Action 0", "involuntary action 1", "Involuntary Action 2",
	"involuntary action 3", "involuntary action 4", "involuntary action 5",
	"involuntary action 6", "involuntary action 7", "Approaching edge",
	"Retreating from edge", "Falling through air", "Impact post fall",
	"Pointer says yes", "Creature says yes", "Pointer says no", "Creature says no",
	"Aggression", "Mate",
};
VOCAB(c2_stimuli, "stimulus", stimulus_names);

/* Lobe numbers with engine-defined roles (§4.1); lobe 9 is purely genetic
 * (the standard genome's "Regulator"). */
static const char *const lobe_names[] = {
	"Perception", "Drive", "Source", "Verb", "Noun",
	"Sense", "Decision", "Attention", "Concept", "Regulator",
};
VOCAB(c2_lobes, "lobe", lobe_names);

/* Decision and verb cells (§4.9). */
static const char *const action_names[] = {
	"quiescent", "push", "pull", "stop", "come", "run", "get", "drop",
	"think", "rest", "left", "right", "eat", "hit", NULL, NULL,
};
VOCAB(c2_actions, "action", action_names);

/* Noun, source and attention cells: object categories (§4.9). */
static const char *const category_names[] = {
	"self", "hand", "button", "thing", "plant", "egg", "food", "drink",
	"dispenser", "instrument", "edge", "detritus", "medicine", "toy", "weather",
	"bad plant", "nest", "bad bug", "bug", "bad critter", "critter", "seed",
	"leaf", "root", "flower", "fruit", "mover", "lift", "computer", "media box",
	"message", "left-right", "incubator", "teleporter", NULL, "machine", "norn",
	"grendel", "ettin", "shee",
};
VOCAB(c2_categories, "category", category_names);

/* General-sense cells (§4.9). */
static const char *const sense_names[] = {
	"patted", "slapped", "bumped a wall", "near a wall", "in a vehicle",
	"user spoke", "creature spoke", "own kind spoke", "audible event",
	"visible event", "it is approaching", "it is retreating", "it is near me",
	"it is active", "it is an object", "it is a creature", "it is my sibling",
	"it is my parent", "it is my child", "it is opposite sex", "it pushed me",
	"it hit me", NULL, NULL, NULL, NULL, NULL, NULL, "approaching an edge",
	"retreating from an edge", "falling", "hit the ground",
};
VOCAB(c2_senses, "sense", sense_names);

/* Involuntary actions: creature/sensorimotor receptor loci 0..7 (§5.9). */
static const char *const involuntary_names[] = {
	"flinch", "lay egg", "sneeze", "cough", "shiver", "sleep", "faint", "spare",
};
VOCAB(c2_involuntary, "involuntary action", involuntary_names);

static const char *const body_part_names[] = {"head", "body", "legs", "arms", "tail"};
VOCAB(c2_body_parts, "body part", body_part_names);

static const char *const species_names[] = {"norn", "grendel", "ettin", "shee"};
VOCAB(c2_species, "species", species_names);

static const char *const colour_names[] = {"red", "green", "blue"};
VOCAB(c2_colours, "colour", colour_names);

static const char *const spread_names[] = {"flat", "normal", "saw", "waS"};
VOCAB(c2_spreads, "spread", spread_names);

static const char *const migration_names[] = {"none", "decision", "concept"};
VOCAB(c2_migrations, "migration", migration_names);

static const char *const perceptible_names[] = {"no", "perceptible", "exclusive"};
VOCAB(c2_perceptible, "perceptible flag", perceptible_names);

/* Emitter loci creature/4/n (§5.9). */
static const char *const sensorimotor_emitter_names[] = {
	"always 255", "asleep", "air coldness", "air hotness", "light level",
	"crowdedness", "ambient radiation", "time of day", "season", "air quality",
	"upward slope", "downward slope", "headwind", "tailwind",
};
VOCAB(c2_sensorimotor_emitters, "sensorimotor emitter locus", sensorimotor_emitter_names);

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
