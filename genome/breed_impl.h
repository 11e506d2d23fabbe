/* breed_impl.h — pieces shared by mutate.c, cross.c and diff.c (not public):
 * the alignment of two gene lists and the breeding copy of one gene. */
#ifndef C2_BREED_IMPL_H
#define C2_BREED_IMPL_H

#include <stdbool.h>
#include <stddef.h>

#include "genome/breed.h"

/* One column of an alignment: a gene of A and its counterpart in B, or a
 * gene of one side only (the other index -1). */
typedef struct genome_breed_pair {
	long a, b;
} genome_breed_pair;

typedef struct genome_breed_alignment {
	genome_breed_pair *v;
	size_t n;
} genome_breed_alignment;

/* Align the genes of a and b on identity — type, subtype and id, plus the
 * duplicate number when with_dup — along the longest common subsequence,
 * preferring to pair identical genes (weights: identical 3, same identity
 * 2). Identical genes at both ends are paired first; a middle larger than
 * GENOME_ALIGN_MAX_CELLS is matched greedily within a window (linear).
 * Columns come in order of both genomes. Returns 0 or C2_ENOMEM. */
int genome_breed_align(const genome *a, const genome *b, bool with_dup, genome_breed_alignment *out);
void genome_breed_alignment_free(genome_breed_alignment *al);

/* Are two genes the same bytes (header and body)? */
bool genome_breed_gene_equal(const genome_gene *x, const genome_gene *y);

/* Append a change (NULL log: nothing). Returns 0 or C2_ENOMEM. */
int genome_breed_log(genome_changes *log, const genome_change *ch);

/* The breeding copy of gene `src` (gene `a` of input `from`) onto the end
 * of `child`, as genome_mutate describes: maybe deleted, point mutations,
 * maybe duplicated. Returns 0 or C2_ENOMEM. */
int genome_breed_copy_gene(genome *child, const genome_gene *src, long a, uint8_t from, double rate,
                    c2_rng *rng, genome_changes *log);

/* Give `child` a copy of the format and the bytes after "gend" of `src`.
 * Returns 0 or C2_ENOMEM. */
int genome_breed_copy_rest(genome *child, const genome *src);

/* A change concerning gene `g`, with every index and field unset. */
genome_change genome_breed_change(genome_change_op op, const genome_gene *g);

/* Fill ch's field, old and new bytes for a change of body byte `off` of a
 * gene of kind `kind` whose body was `before` and is now `after`. */
void genome_breed_body_change(genome_change *ch, int kind, size_t off, const uint8_t *before,
                       const uint8_t *after);

#endif
