/* writer.h — rows describing a creature over time, as CSV or NDJSON: the
 * columns of columns.h, in its order (docs/commands/run.md lists them);
 * in a world, where it is, its room, IT and what it carries.
 * `action` is the decision winner's name, or "asleep" / "dreaming" / "dead"
 * / "none"; `object` the attention winner's category. NDJSON rows carry the
 * same names as keys. The writers append to a c2_wbuf; the caller owns the
 * file. */
#ifndef C2_TRACE_WRITER_H
#define C2_TRACE_WRITER_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "engine/engine.h"
#include "trace/columns.h"
#include "world/world.h"

typedef enum trace_format { TRACE_CSV, TRACE_NDJSON } trace_format;

/* What a trace holds besides what every trace has: its format, its
 * chemicals, and the world columns of a creature in a world. */
enum { TRACE_NEURONS_MAX = 64 };

typedef struct trace_cfg {
	trace_format format;
	size_t nchem;
	uint8_t chem[256];
	size_t nneuron;                        /* neurons traced (neuron: columns) */
	uint16_t neuron[TRACE_NEURONS_MAX][2]; /* each its lobe and cell */
	const world *in_world; /* NULL: no world: columns; else the creature's world */
	size_t creature;       /* and its index there (world_creature) */
	/* The organs' names for the lf: columns (genome/organs.h), or NULL:
	 * lf:organ1 ... as traces had before organs had names. The caller
	 * keeps them while the trace is written. */
	const genome_organ_names *organs;
} trace_cfg;

/* ATP, ADP, Glucose, Glycogen, Reward, Punishment, Ageing, Injury,
 * Adrenaline. */
void trace_default_chems(trace_cfg *t);

/* Replace the chemical list with "NAME,NAME,..." (names, labels or
 * numbers as trace_chem_find reads them; '_' or '-' may stand for spaces),
 * or "none": no chemical columns. A chemical listed twice is refused: its
 * columns would share a key. */
int trace_set_chems(trace_cfg *t, const char *list, c2_err *err);

/* Replace the neuron list with "LOBE:CELL,..." (numbers; at most
 * TRACE_NEURONS_MAX, none twice). Whether the creature's brain has them is
 * the caller's to check (trace_neuron_missing). */
int trace_set_neurons(trace_cfg *t, const char *list, c2_err *err);

/* The first traced neuron creature c's brain lacks (its index), or -1. */
int trace_neuron_missing(const creature *c, const trace_cfg *t);

/* The CSV header line (nothing for NDJSON). */
void trace_header(const creature *c, const trace_cfg *t, c2_wbuf *w);

/* One row for the creature's current state. */
void trace_row(const creature *c, const trace_cfg *t, c2_wbuf *w);

/* About how many bytes a trace of `rows` rows of creature c will take: its
 * header and `rows` rows as wide as a row can get by tick last_tick (every
 * column at its widest in the table), so rather more than less. For a
 * warning before a run; 0 when memory ran out. */
uint64_t trace_size_estimate(const creature *c, const trace_cfg *t, uint64_t rows,
                             uint64_t last_tick);

/* Name of the current action column value (see above). */
const char *trace_action_name(const creature *c);

#endif
