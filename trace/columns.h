/* columns.h — the columns of a creature trace, one table: the writer
 * (writer.c) makes the header, the rows and the size estimate from it, the
 * reader (reader.c) the header's order and each value's check, and
 * `c2rt plot` what it may draw. Adding a column is one line here.
 *
 * X(ID, name, group, when, kind, format, value, widest), in column order:
 *   name    the header's text and the NDJSON key; for a group, the prefix of
 *           its columns' names ("drive:" + "Hunger")
 *   group   ONE      one column
 *           DRIVES   one per drive, in drive order (`drive:Pain` ...)
 *           ORGANS   one per organ: `lf:body`, `lf:organ1` ... in gene order,
 *                    `lf:brain`
 *           CHEMS    one per chosen chemical, labelled by trace_chem_label
 *           NEURONS  one per chosen neuron (`run --neurons`), `neuron:LOBE:CELL`
 *                    (numbers), its output 0..255
 *   when    ALWAYS   in every trace, and the reader requires it (one column,
 *                    or the group of drives)
 *           ANY      in every trace, as many as there are (none is fine)
 *           BODY     when the creature has a body (`--body`)
 *           WORLD    when it lives in a world (`--world`; trace_cfg.in_world)
 *   kind    how a value reads: TICK (a whole number), SECONDS (a number >= 0
 *           that never decreases), ALIVE (0 or 1), WORD (a name: a JSON
 *           string in NDJSON; never plotted), NUMBER (a finite number), GAP (a
 *           number or nothing — empty in CSV, null in NDJSON — a gap in a plot)
 *   format  the printf format the writer prints the value with
 *   value   the writer's expression for it, over `s` (the row's sources,
 *           writer.c) and `i` (the column's place in its group)
 *   widest  the value at its widest: the row of trace_size_estimate
 * Words are names from the genome's vocabularies and the world file (letters,
 * digits, spaces, '_', '-', '.'): they need no quoting in CSV or escaping in
 * JSON. */
#ifndef C2_TRACE_COLUMNS_H
#define C2_TRACE_COLUMNS_H

#include <stddef.h>
#include <stdint.h>

#define TRACE_COLUMNS(X)                                                                            \
	X(TICK, "tick", ONE, ALWAYS, TICK, "%llu", (unsigned long long)creature_ticks(s->c),        \
	  (unsigned long long)s->last_tick)                                                         \
	X(SECONDS, "seconds", ONE, ALWAYS, SECONDS, "%.1f", creature_seconds(s->c),                 \
	  (double)s->last_tick / CREATURE_TICKS_PER_SECOND)                                         \
	X(STAGE, "stage", ONE, ALWAYS, WORD, "%s", genome_stage_name(creature_stage(s->c)),         \
	  longest_stage())                                                                          \
	X(ALIVE, "alive", ONE, ALWAYS, ALIVE, "%d", (int)creature_alive(s->c), 1)                   \
	X(ACTION, "action", ONE, ALWAYS, WORD, "%s", trace_action_name(s->c), longest_action())     \
	X(OBJECT, "object", ONE, ALWAYS, WORD, "%s", category_name(creature_object(s->c)),          \
	  longest_category())                                                                       \
	X(DRIVE, "drive:", DRIVES, ALWAYS, NUMBER, "%u", creature_drive(s->c, (unsigned)i),         \
	  255u)                                                                                     \
	X(LF, "lf:", ORGANS, ANY, NUMBER, "%.4f", organ_life_force(s, i), 1.0)                      \
	X(CHEM, "chem:", CHEMS, ANY, NUMBER, "%u", bc_chem_get(s->bc, s->t->chem[i]), 255u)         \
	X(NEURON, "neuron:", NEURONS, ANY, NUMBER, "%d", neuron_output(s, i), 255)                \
	X(BODY_X, "body:x", ONE, BODY, NUMBER, "%.6g", s->body.com[0], WIDEST_G)                    \
	X(BODY_Y, "body:y", ONE, BODY, NUMBER, "%.6g", s->body.com[1], WIDEST_G)                    \
	X(BODY_Z, "body:z", ONE, BODY, NUMBER, "%.6g", s->body.com[2], WIDEST_G)                    \
	X(BODY_SPEED, "body:speed", ONE, BODY, NUMBER, "%.6g", s->body.speed, WIDEST_G)             \
	X(BODY_ENERGY, "body:energy", ONE, BODY, NUMBER, "%.6g", s->body.energy, WIDEST_G)          \
	X(WORLD_X, "world:x", ONE, WORLD, NUMBER, "%.3f", s->wc.x, (double)WORLD_MAX_X)             \
	X(WORLD_ROOM, "world:room", ONE, WORLD, WORD, "%s", room_name(s), WIDEST_NAME)              \
	X(WORLD_IT, "world:it", ONE, WORLD, WORD, "%s", object_name(s, s->wc.it), WIDEST_NAME)      \
	X(WORLD_IT_DIST, "world:it_dist", ONE, WORLD, GAP, "%.3f",                                  \
	  s->wc.it >= 0 ? s->wc.it_distance : NAN, (double)WORLD_MAX_X)                             \
	X(WORLD_CARRY, "world:carry", ONE, WORLD, WORD, "%s", object_name(s, s->wc.carried),        \
	  WIDEST_NAME)

#define TRACE_X_ID(ID, name, group, when, kind, format, value, widest) TRACE_COL_##ID,
typedef enum trace_col { TRACE_COLUMNS(TRACE_X_ID) TRACE_NCOLS } trace_col;
#undef TRACE_X_ID

typedef enum trace_group {
	TRACE_GROUP_ONE, TRACE_GROUP_DRIVES, TRACE_GROUP_ORGANS, TRACE_GROUP_CHEMS, TRACE_GROUP_NEURONS
} trace_group;
typedef enum trace_when {
	TRACE_WHEN_ALWAYS, TRACE_WHEN_ANY, TRACE_WHEN_BODY, TRACE_WHEN_WORLD
} trace_when;
typedef enum trace_kind {
	TRACE_KIND_TICK, TRACE_KIND_SECONDS, TRACE_KIND_ALIVE, TRACE_KIND_WORD, TRACE_KIND_NUMBER,
	TRACE_KIND_GAP
} trace_kind;

/* The table as data, TRACE_NCOLS rows in column order. */
typedef struct trace_column {
	const char *name;
	trace_group group;
	trace_when when;
	trace_kind kind;
} trace_column;
extern const trace_column trace_columns[TRACE_NCOLS];

/* A chemical's label in column names and keys: its name ("ATP"); its
 * number ("200") when it has none; its name and number ("Unknown Toxin
 * 237") when an earlier chemical has that name, so that every chemical's
 * label is its own (236 stays "Unknown Toxin", the name's first owner).
 * The trace's `chem:` and the batch's `avg:chem:` columns. */
void trace_chem_label(uint8_t chem, char *buf, size_t cap);

/* The chemical that s[0..n) names: a name (loosely: case, '_' and '-' for
 * spaces; a shared name means its first owner), a label "NAME N" (N's name
 * and number), or a number 0..255. -1 when none. Reads what
 * trace_chem_label writes. */
int trace_chem_find(const char *s, size_t n);

/* Legend name of chemical chem (0..255): its label, or "chemical N" when it
 * has no name. Writes buf (n bytes); returns buf. */
const char *trace_chem_legend(int chem, char *buf, size_t n);

#endif
