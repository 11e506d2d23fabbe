/* writer.h — rows describing a creature over time, as CSV or NDJSON.
 *
 * CSV columns: tick, seconds, stage, alive, action, object; the 17 drives
 * (`drive:Pain` ...); each organ's short-term life force as a share of a
 * full organ's (1.0 = 10^6), `lf:body`, `lf:organ1` ... `lf:organN` (genome
 * organs in gene order), `lf:brain`; then the chosen chemicals
 * (`chem:ATP` ...); for a creature with a body, `body:x`, `body:y`, `body:z` (its
 * centre of mass), `body:speed` and `body:energy` (the work its muscles did). `action` is the decision winner's name, or "asleep" /
 * "dreaming" / "dead" / "none"; `object` the attention winner's category.
 * NDJSON rows carry the same keys. The writers append to a c2_wbuf; the
 * caller owns the file. */
#ifndef C2_TRACE_WRITER_H
#define C2_TRACE_WRITER_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "engine/engine.h"

typedef enum trace_format { TRACE_CSV, TRACE_NDJSON } trace_format;

typedef struct trace_cfg {
	trace_format format;
	size_t nchem;
	uint8_t chem[256];
} trace_cfg;

/* ATP, ADP, Glucose, Glycogen, Reward, Punishment, Ageing, Injury,
 * Adrenaline. */
void trace_default_chems(trace_cfg *t);

/* Replace the chemical list with "NAME,NAME,..." (names, labels or
 * numbers as trace_chem_find reads them; '_' or '-' may stand for spaces).
 * A chemical listed twice is refused: its columns would share a key. */
int trace_set_chems(trace_cfg *t, const char *list, c2_err *err);

/* The CSV header line (nothing for NDJSON). */
void trace_header(const creature *c, const trace_cfg *t, c2_wbuf *w);

/* One row for the creature's current state. */
void trace_row(const creature *c, const trace_cfg *t, c2_wbuf *w);

/* About how many bytes a trace of `rows` rows of creature c will take: its
 * header and `rows` rows as wide as a row can get by tick last_tick (every
 * drive and chemical at 255, the longest words), so rather more than less.
 * For a warning before a run; 0 when memory ran out. */
uint64_t trace_size_estimate(const creature *c, const trace_cfg *t, uint64_t rows,
                             uint64_t last_tick);

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

/* Name of the current action column value (see above). */
const char *trace_action_name(const creature *c);

#endif
