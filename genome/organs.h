/* organs.h — names for a genome's organs, so that people read "Heart" where
 * the engine counts organ 9.
 *
 * Each organ gene (3/0) is named, in this order of preference:
 *   1. by the genome's Genetics Kit notes (.gno): its description, tidied
 *      ("009 HEART - Organ" -> "Heart", "CNS: DRIVE LOBE SUPPORT - Organ" ->
 *      "Drive Lobe Support");
 *   2. by what it holds: the standard organ of genome/vocab.h
 *      (GENOME_STANDARD_ORGANS) with the most of its marks among the
 *      organ's receptors, emitters and reactions (a locus counts twice), when
 *      it holds marks worth at least two (ties go to the earlier row);
 *   3. not at all (the caller numbers it: "organ7").
 * Names are unique (loosely: case, spaces, '-' and '_' alike): a repeat gets
 * " 2", " 3" ... in gene order ("Lung", "Lung 2"). A name is made of letters,
 * digits, spaces, '-', '_' and '.', so it needs no quoting in a trace, and
 * is never "body", "brain" or "organN", the names organs have without one.
 * The same genome and notes always give the same names. */
#ifndef C2_GENOME_ORGANS_H
#define C2_GENOME_ORGANS_H

#include <stddef.h>

#include "genome/genome.h"
#include "genome/gno.h"

enum { GENOME_ORGAN_NAME_MAX = 32 }; /* bytes, with the NUL */

typedef struct genome_organ_name {
	long gene;                        /* index of the organ gene */
	char name[GENOME_ORGAN_NAME_MAX]; /* "" when nothing names it */
} genome_organ_name;

typedef struct genome_organ_names {
	genome_organ_name *v; /* one per organ gene, in gene order */
	size_t n;
} genome_organ_names;

/* Name every organ gene of g (gno may be NULL). 0, or C2_ENOMEM with *out
 * empty. Linear in the genome's genes and the notes' entries. */
int genome_organ_names_make(genome_organ_names *out, const genome *g, const genome_gno *gno);
void genome_organ_names_free(genome_organ_names *o);

/* The name of the organ made by gene `gene`, or NULL (no such organ gene, or
 * nothing names it; o may be NULL). */
const char *genome_organ_names_of(const genome_organ_names *o, long gene);

/* The standard organ whose marks a run of genes holds most of (see above),
 * or -1: genes[0] is the organ gene, the rest are the genes it owns. For
 * tests; genome_organ_names_make uses it. */
int genome_organ_match(const genome_gene *genes, size_t n);

/* "009 HEART - Organ" -> "Heart" (see above); "" when nothing is left. */
void genome_organ_tidy(const char *description, char *out, size_t cap);

#endif
