/* lineage.h — reading a genealogy log (the NDJSON a world writes through
 * world_genealogy_ndjson, one record a line) back into a family: every
 * creature with its parents, sex, generation, birth, death and the
 * mutations it carries, and a summary per generation. `c2rt lineage`
 * prints them; `c2rt evolve` writes its per-generation CSV from the same
 * summary, so the two cannot disagree.
 *
 * Records (docs/commands/lineage.md has the full form; keys in any order,
 * unknown keys ignored, an optional "replicate":N on every line — evolve's
 * lineage.ndjson holds several worlds, and a moniker is unique in its
 * world only):
 *     found     creature, sex, generation       a founder enters the world
 *     conceive  mother, father, child, generation, mutations[]
 *     lay       mother, child, egg              the egg is laid
 *     hatch     child, sex, generation          the child enters the world
 *     death     creature, cause, age_ticks      it died
 *     lost      child, reason                   conceived, never hatched
 *
 * Distance from the founders: a creature's `load` is the number of
 * mutations it is expected to carry — its own (the conception's
 * "mutations" list, crossover points not counted) plus half of each
 * parent's load (a child takes each gene from one parent, at random, so
 * it inherits about half of each parent's mutations); founders carry 0.
 *
 * The parser is strict about what it needs (a record naming an unknown
 * creature, a creature born twice, a malformed line: C2_EFORMAT with the
 * line) and linear: time and memory grow with the log, never faster; a
 * line is at most BATCH_LINEAGE_MAX_LINE bytes, nesting at most 64 deep.
 * Nothing here prints. */
#ifndef C2_BATCH_LINEAGE_H
#define C2_BATCH_LINEAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/err.h"

enum {
	BATCH_LINEAGE_MAX_LINE = 1 << 22, /* bytes of one record */
	BATCH_LINEAGE_MONIKER = 8,        /* longest moniker accepted */
	BATCH_LINEAGE_MAX_CAUSES = 8      /* distinct causes of death in one log */
};

/* The record types: the ONE table. X(ID, name). */
#define BATCH_LINEAGE_TYPES(X)                                                  \
	X(FOUND, "found") X(CONCEIVE, "conceive") X(LAY, "lay") X(HATCH, "hatch") \
	X(DEATH, "death") X(LOST, "lost")
#define BATCH_X_LT(id, name) BATCH_LT_##id,
typedef enum batch_lineage_type { BATCH_LINEAGE_TYPES(BATCH_X_LT) BATCH_LT_COUNT } batch_lineage_type;
#undef BATCH_X_LT

typedef enum batch_lineage_sex { BATCH_SEX_UNKNOWN, BATCH_SEX_MALE, BATCH_SEX_FEMALE } batch_lineage_sex;
const char *batch_lineage_sex_name(batch_lineage_sex s); /* "male", "female", "?" */

typedef struct batch_lineage_creature {
	char moniker[BATCH_LINEAGE_MONIKER + 1];
	long replicate;        /* -1 when the log has none */
	long mother, father;   /* indexes into the family, -1 for founders */
	unsigned generation;
	batch_lineage_sex sex;
	bool founder, laid, born, dead, lost;
	uint64_t conceived_tick, born_tick, death_tick, age_ticks;
	int cause;             /* index into the family's causes, -1 alive */
	char lost_reason[64];
	uint32_t mutations;    /* its own, at conception */
	double load;           /* expected mutations carried (see above) */
	long line;             /* where it first appears */
} batch_lineage_creature;

/* One generation of one replicate. Lifespans are of the dead, in ticks. */
typedef struct batch_lineage_gen {
	long replicate;
	unsigned generation;
	size_t conceived, lost, born, males, females, alive, dead;
	size_t deaths[BATCH_LINEAGE_MAX_CAUSES]; /* by cause (the family's causes) */
	uint64_t life_min, life_max;
	double life_mean;
	double load_mean, load_max, mutations_mean; /* over the born */
} batch_lineage_gen;

typedef struct batch_lineage {
	batch_lineage_creature *v;
	size_t n, cap;
	char causes[BATCH_LINEAGE_MAX_CAUSES][24]; /* in order of first death */
	size_t ncauses;
	size_t records;        /* lines read */
	uint64_t last_tick;    /* the largest tick seen */
	/* the index from (replicate, moniker) to a creature: open addressing */
	long *slots;
	size_t nslots;
} batch_lineage;

/* Parse a genealogy log text[0..len) into *out (free with
 * batch_lineage_free, also after an error). Blank lines are skipped; the
 * last line may lack its newline. 0, or C2_EFORMAT / C2_ETOOBIG with the
 * line in err, or C2_ENOMEM. */
int batch_lineage_parse(batch_lineage *out, const char *text, size_t len, c2_err *err);
void batch_lineage_free(batch_lineage *l);

/* The per-generation summary, in (replicate, generation) order, into a new
 * array *out (free with free()) of *n rows. 0 or C2_ENOMEM. */
int batch_lineage_generations(const batch_lineage *l, batch_lineage_gen **out, size_t *n);

/* The family tree as text: each founder, then under each creature the
 * children its mother bore (with their father), indented by depth (capped:
 * the line gives the generation). */
void batch_lineage_tree_text(const batch_lineage *l, c2_wbuf *w);
/* The summary as a text table. */
void batch_lineage_generations_text(const batch_lineage *l, const batch_lineage_gen *g, size_t n,
                                    c2_wbuf *w);
/* JSON: {"creatures":[...]} and/or {"generations":[...]} in one object. */
void batch_lineage_json(const batch_lineage *l, bool creatures, const batch_lineage_gen *g,
                        size_t n, c2_wbuf *w);

#endif
