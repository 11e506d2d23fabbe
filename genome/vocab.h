/* vocab.h — the name tables of Creatures 2: chemicals, drives, stimuli, lobes,
 * brain cells, body parts and the small enumerations inside genes.
 *
 * One table per vocabulary; the text form, the JSON output, the event parser,
 * the trace headers and the viewer all look names up here. Sources:
 * the TSV files in shared/names/ and docs/c2-runtime-reference.md §4.9 and §5.3. Names
 * compare case-insensitively with spaces, '-' and '_' treated alike, so
 * "need_for_pleasure" finds "Need for Pleasure". */
#ifndef C2_VOCAB_H
#define C2_VOCAB_H

#include <stddef.h>

/* A vocabulary: names[i] is the name of value i (NULL: no name). */
typedef struct c2_vocab {
	const char *what; /* e.g. "chemical", for messages */
	const char *const *names;
	int n;
} c2_vocab;

/* Name of value v, or NULL when v has none. */
const char *c2_vocab_name(const c2_vocab *v, int value);
/* Value whose name matches s[0..len) (first match), or -1. */
int c2_vocab_find(const c2_vocab *v, const char *s, size_t len);
/* Do two names match under the loose rule above? */
int c2_name_eq(const char *a, size_t alen, const char *b);

extern const c2_vocab c2_chemicals;   /* 0..255 (0 is "<NOTHING>") */
extern const c2_vocab c2_drives;      /* 0..16: drive i is chemical i+1 */
extern const c2_vocab c2_stimuli;     /* 0..45 */
extern const c2_vocab c2_lobes;       /* 0..9: engine lobe roles by index */
extern const c2_vocab c2_actions;     /* decision/verb cells 0..15 */
extern const c2_vocab c2_categories;  /* noun/source/attention cells 0..39 */
extern const c2_vocab c2_senses;      /* general-sense cells 0..31 */
extern const c2_vocab c2_involuntary; /* involuntary actions 0..7 */
extern const c2_vocab c2_body_parts;  /* appearance body parts 0..4 */
extern const c2_vocab c2_species;     /* genus 0..3 */
extern const c2_vocab c2_colours;     /* pigment colours 0..2 */
extern const c2_vocab c2_spreads;     /* dendrite spread 0..3 */
extern const c2_vocab c2_migrations;  /* dendrite migration 0..2 */
extern const c2_vocab c2_perceptible; /* lobe perceptible flag 0..2 */
extern const c2_vocab c2_sensorimotor_emitters; /* creature/4 emitter loci 0..13 */

/* Name of cell `cell` of engine lobe `lobe` (drive, action, object category
 * or general sense, by the lobe's role), or NULL. */
const char *c2_lobe_cell_name(int lobe, int cell);

/* Chemicals the engine itself refers to (reference §5). */
enum {
	C2_CHEM_NONE = 0,
	C2_CHEM_PAIN = 1,
	C2_CHEM_HUNGER = 3,
	C2_CHEM_INJURY = 14,
	C2_CHEM_REWARD = 52,
	C2_CHEM_PUNISHMENT = 53,
	C2_CHEM_REINFORCEMENT = 54,
	C2_CHEM_GLUCOSE = 70,
	C2_CHEM_GLYCOGEN = 72,
	C2_CHEM_AGEING = 76,
	C2_CHEM_ATP = 99,
	C2_CHEM_ADP = 100,
	C2_CHEM_ADRENALINE = 172
};

enum { C2_NDRIVES = 17, C2_NLOBE_ROLES = 10 };

/* Drives and object categories the engine itself refers to (§4.9). */
enum { C2_DRIVE_HUNGER = 2, C2_DRIVE_TIREDNESS = 5, C2_DRIVE_SLEEPINESS = 6 };
enum { C2_CAT_SELF = 0, C2_CAT_HAND = 1, C2_CAT_FOOD = 6 };
/* Decision cells (actions) the engine itself refers to. */
enum {
	C2_ACT_QUIESCENT = 0,
	C2_ACT_PUSH = 1,
	C2_ACT_PULL = 2,
	C2_ACT_STOP = 3,
	C2_ACT_COME = 4,
	C2_ACT_RUN = 5,
	C2_ACT_GET = 6,
	C2_ACT_DROP = 7,
	C2_ACT_THINK = 8,
	C2_ACT_REST = 9,
	C2_ACT_LEFT = 10,
	C2_ACT_RIGHT = 11,
	C2_ACT_EAT = 12,
	C2_ACT_HIT = 13
};

/* Engine lobe roles (lobe numbers in gene order; §4.1, §4.9). */
enum {
	C2_LOBE_PERCEPTION = 0,
	C2_LOBE_DRIVE = 1,
	C2_LOBE_SOURCE = 2,
	C2_LOBE_VERB = 3,
	C2_LOBE_NOUN = 4,
	C2_LOBE_SENSE = 5,
	C2_LOBE_DECISION = 6,
	C2_LOBE_ATTENTION = 7,
	C2_LOBE_CONCEPT = 8,
	C2_LOBE_REGULATOR = 9
};

#endif
