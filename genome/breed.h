/* breed.h — what breeding does to genomes, and how two genomes differ.
 *
 * genome_mutate (mutate.c) copies a genome as a breeding copy does: point
 * mutations only in mutable genes, duplication only of duplicable genes,
 * deletion only of deletable genes, each gene's chance set by its
 * mutability weight and scaled by a rate. genome_cross (cross.c) recombines
 * two parents aligned on gene identity, with crossing-over points, then
 * mutates the result. genome_diff (diff.c) lists the differences of two
 * genomes by gene identity, field by field.
 *
 * All three report in one currency, a list of genome_change, which change.c
 * writes as text or JSON with the field names of the field tables (fields.h)
 * and the values named as the dump names them (genome_field_text), so a
 * mutation log and a diff of the same child read alike and can be compared.
 * Randomness comes only from the c2_rng passed in: the same seed gives the
 * same child. Nothing here prints.
 *
 * The semantics (docs/semantics/ §2.2-2.3) gives the header
 * flags ("mutable, duplicable, deletable: breeding only") and the weight,
 * not the engine's rates; the rates below are c2rt's, chosen so that a
 * standard norn child carries one or two point mutations and about one
 * child in ten a duplicated or deleted gene. */
#ifndef C2_BREED_H
#define C2_BREED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/err.h"
#include "base/rng.h"
#include "genome/fields.h"
#include "genome/genome.h"

/* At rate 1 and the usual mutability weight 128, one mutable byte in
 * GENOME_MUTATION_ODDS changes (chance ∝ weight: 255 doubles it, 0 never),
 * and a duplicable (deletable) gene is duplicated (deleted) once in
 * GENOME_DUPLICATION_ODDS (GENOME_DELETION_ODDS) copies. A crossover picks
 * the other parent's strand at an aligned gene once in GENOME_LINKAGE genes. */
enum {
	GENOME_MUTATION_ODDS = 4800,
	GENOME_DUPLICATION_ODDS = 4000,
	GENOME_DELETION_ODDS = 4000,
	GENOME_WEIGHT_UNIT = 128,
	GENOME_LINKAGE = 50
};

/* Longest field a change carries whole (pose strings are 15 bytes). */
enum { GENOME_CHANGE_MAX = 16 };

typedef enum genome_change_op {
	GENOME_CH_POINT, /* a field of gene b changed: old -> new (a mutation, or a diff's field) */
	GENOME_CH_SET,   /* a field set on purpose (cross: the genus gene's parents; sweep) */
	GENOME_CH_DUP,   /* gene b is a copy of input gene a, its duplicate number raised */
	GENOME_CH_DEL,   /* input gene a is not in the output */
	GENOME_CH_ADD,   /* diff: gene b has no counterpart in A */
	GENOME_CH_CROSS, /* crossover: from output gene b on, the strand of parent `from` */
	GENOME_CH_FORMAT,/* diff: one is a dna2 file, the other a headerless stream */
	GENOME_CH_TAIL   /* diff: the bytes after "gend" differ (old/new: lengths) */
} genome_change_op;

/* One difference. The gene is named by its identity (kind, id, dup) and its
 * index in the input (a: parent, or genome A; `from` says which parent in a
 * cross) and in the output (b: child, or genome B); -1 when it has none. A
 * field change names a body field (field >= 0, an index into
 * genome_fields(kind); for the half-life table also elem = the chemical) or a
 * header byte (hdr >= 0), and carries the field's bytes before and after. */
typedef struct genome_change {
	genome_change_op op;
	uint8_t kind, id, dup;
	uint8_t from;     /* 0: A / the parent / mum; 1: dad */
	long a, b;
	int16_t field;    /* body field index, or -1 */
	int16_t hdr;      /* genome_header_key, or -1 */
	uint16_t elem;    /* GF_HALFLIVES: the chemical whose byte changed */
	uint8_t len;      /* bytes in old/new */
	uint8_t old[GENOME_CHANGE_MAX], new_[GENOME_CHANGE_MAX];
	uint32_t old_len, new_len; /* GENOME_CH_TAIL: tail lengths */
} genome_change;

typedef struct genome_changes {
	genome_change *v;
	size_t n, cap;
} genome_changes;

void genome_changes_free(genome_changes *c);

/* Copy `parent` into `child` (initialised here; free with genome_free) as a
 * breeding copy does, at `rate` (>= 0; 1 = as the genes say, 0 = an exact
 * copy) drawing from `rng`:
 *   - a deletable gene is left out with chance rate·weight/128/DELETION_ODDS;
 *   - every eligible byte of a mutable gene has one random bit flipped with
 *     chance rate·weight/128/MUTATION_ODDS. Eligible: the body, the switch-on
 *     stage and the sex and dormant flag bits; never type, subtype, id or
 *     duplicate number (the gene's identity), nor the mutable, duplicable and
 *     deletable bits and the weight, which govern breeding itself;
 *   - a duplicable gene is then copied once more (with mutations of its own)
 *     just after itself, its duplicate number one higher (at most 255).
 * A gene without the mutable flag is copied byte for byte. The format and
 * the bytes after "gend" are kept. Every change is appended to `log` (may
 * be NULL). Returns 0, or C2_ENOMEM (child and log then freed/unchanged). */
int genome_mutate(const genome *parent, genome *child, double rate, c2_rng *rng,
                  genome_changes *log, c2_err *err);

/* Cross `mum` and `dad` into `child`: the parents are aligned on gene
 * identity (type, subtype, id: the longest common subsequence, so genes
 * present in only one parent keep their place); one strand is chosen at
 * random and copied gene by gene, and at each gene both parents have, the
 * copy switches to the other strand with chance 1/GENOME_LINKAGE (a
 * crossing-over point, logged); a gene only one parent has is copied when
 * its parent's strand is the current one. Every copied gene goes through
 * the breeding copy of genome_mutate at `rate`. With monikers (4 bytes each,
 * may be NULL) the child's first genus gene names its mother and father.
 * The child takes mum's format and tail. Crossing a genome with itself at
 * rate 0 gives it back. Returns 0, or C2_ENOMEM. */
int genome_cross(const genome *mum, const genome *dad, const uint8_t *mum_moniker,
                 const uint8_t *dad_moniker, double rate, c2_rng *rng, genome *child,
                 genome_changes *log, c2_err *err);

/* The differences from `a` to `b`, appended to `out` in B's gene order:
 * genes are matched by identity (type, subtype, id, duplicate number) along
 * the longest common subsequence — a gene only A has is GENOME_CH_DEL, only
 * B has GENOME_CH_ADD — and matched genes are compared header key by header
 * key and field by field (GENOME_CH_POINT; the half-life table chemical by
 * chemical). No change means the two encode to the same bytes. Time and
 * memory are bounded: beyond GENOME_ALIGN_MAX_CELLS the alignment falls back
 * to a linear greedy match. Returns 0, or C2_ENOMEM. */
int genome_diff(const genome *a, const genome *b, genome_changes *out, c2_err *err);

/* Write the changes as text, one line each:
 *     gene 124 receptor id=12 dup=0: chemical 70 (Glucose) -> 71 (Pyruvate)
 *     gene 45 organ id=2 dup=1: duplicate of gene 44
 *     gene 300 instinct id=5 dup=0: deleted
 *     gene 120: crossover to dad's strand
 * `out` is the output genome (the child, or B), whose genes give the
 * context that names some values (a receptor's locus by its organ and
 * tissue). */
void genome_changes_text(const genome_changes *c, const genome *out, c2_wbuf *w);

/* The same as a JSON array of objects with keys op, gene (b), was (a),
 * from, kind, type, subtype, id, dup, field, old, new, old_name, new_name. */
void genome_changes_json(const genome_changes *c, const genome *out, c2_wbuf *w);

/* The name of a change's field, as the text form spells it ("threshold",
 * "d0.suscept_rule", "stage", "halflife Glucose"), or "" for changes of a
 * whole gene. */
void genome_change_field_name(const genome_change *ch, char *buf, size_t cap);

/* Cells of the alignment table beyond which diff and cross match greedily. */
#define GENOME_ALIGN_MAX_CELLS (4u * 1024u * 1024u)

#endif
