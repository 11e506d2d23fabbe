/* loci.h — the C2 receptor and emitter locus tables (reference §5.9).
 *
 * A locus is addressed by (organ, tissue, locus) bytes in a receptor or
 * emitter gene. Organ 0 is the brain (tissue = lobe number), 1 the creature,
 * 2 the gene's own organ. This is the ONE table of loci: the genome text form
 * names loci from it and biochem/ binds receptor and emitter genes through it
 * (it lives in genome/ because the text form needs the names and genome/ may
 * not depend on biochem/). Entries cover a range first..last of locus
 * numbers; the position inside the range is the entry's index (cell n, drive
 * n, chem slot n ...).
 *
 * A gene whose address matches no entry is kept but bound to a dummy locus
 * (§2.7). */
#ifndef C2_LOCI_H
#define C2_LOCI_H

#include <stddef.h>
#include <stdint.h>

#include "genome/vocab.h"

typedef enum genome_locus_dir { GENOME_RECEPTOR = 0, GENOME_EMITTER = 1 } genome_locus_dir;

#define GENOME_ANY_TISSUE (-1)
#define GENOME_NFLOATING 32 /* floating (circulatory) loci per creature */

/* X(ENUM, organ, tissue, first, last, name, vocab-of-index or NULL) */
#define GENOME_RECEPTOR_LOCI(X)                                                        \
	X(LOBE_THRESHOLD, 0, GENOME_ANY_TISSUE, 0, 0, "threshold", NULL)                   \
	X(LOBE_LEAKAGE, 0, GENOME_ANY_TISSUE, 1, 1, "leakage rate", NULL)                  \
	X(LOBE_REST, 0, GENOME_ANY_TISSUE, 2, 2, "rest state", NULL)                       \
	X(D0_RELAX_SUSCEPT, 0, GENOME_ANY_TISSUE, 3, 3, "type-0 relax susceptibility", NULL) \
	X(D0_RELAX_STW, 0, GENOME_ANY_TISSUE, 4, 4, "type-0 relax STW", NULL)              \
	X(D0_LTW_GAIN, 0, GENOME_ANY_TISSUE, 5, 5, "type-0 LTW gain rate", NULL)           \
	X(D0_STRENGTH_GAIN, 0, GENOME_ANY_TISSUE, 6, 6, "type-0 strength gain rate", NULL) \
	X(D0_STRENGTH_LOSS, 0, GENOME_ANY_TISSUE, 7, 7, "type-0 strength loss rate", NULL) \
	X(D1_RELAX_SUSCEPT, 0, GENOME_ANY_TISSUE, 8, 8, "type-1 relax susceptibility", NULL) \
	X(D1_RELAX_STW, 0, GENOME_ANY_TISSUE, 9, 9, "type-1 relax STW", NULL)              \
	X(D1_LTW_GAIN, 0, GENOME_ANY_TISSUE, 10, 10, "type-1 LTW gain rate", NULL)         \
	X(D1_STRENGTH_GAIN, 0, GENOME_ANY_TISSUE, 11, 11, "type-1 strength gain rate", NULL) \
	X(D1_STRENGTH_LOSS, 0, GENOME_ANY_TISSUE, 12, 12, "type-1 strength loss rate", NULL) \
	X(LOBE_CHEM, 0, GENOME_ANY_TISSUE, 13, 18, "chem", NULL)                           \
	X(CELL_STATE, 0, GENOME_ANY_TISSUE, 19, 255, "state of cell", NULL)                \
	X(BECOME_CHILD, 1, 0, 0, 0, "become a child", NULL)                            \
	X(BECOME_ADOLESCENT, 1, 0, 1, 1, "become an adolescent", NULL)                 \
	X(BECOME_YOUTH, 1, 0, 2, 2, "become a youth", NULL)                            \
	X(BECOME_ADULT, 1, 0, 3, 3, "become an adult", NULL)                           \
	X(BECOME_OLD, 1, 0, 4, 4, "become old", NULL)                                  \
	X(BECOME_SENILE, 1, 0, 5, 5, "become senile", NULL)                            \
	X(DIE_OF_OLD_AGE, 1, 0, 6, 6, "die of old age", NULL)                          \
	X(FLOATING, 1, 1, 0, GENOME_NFLOATING - 1, "floating locus", NULL)                 \
	X(OVULATE, 1, 2, 0, 0, "become fertile (ovulate)", NULL)                       \
	X(RECEPTIVE, 1, 2, 1, 1, "receptive to sperm", NULL)                           \
	X(MUTATION_CHANCE, 1, 2, 2, 2, "chance of mutation", NULL)                     \
	X(MUTATION_DEGREE, 1, 2, 3, 3, "degree of mutation", NULL)                     \
	X(DIE, 1, 3, 0, 0, "die if non-zero", NULL)                                    \
	X(INVOLUNTARY, 1, 4, 0, GENOME_NINVOLUNTARY - 1, "involuntary action", &genome_involuntary)              \
	X(GAIT, 1, 4, 8, 24, "gait", NULL)                                             \
	X(DRIVE, 1, 5, 0, GENOME_NDRIVES - 1, "drive", &genome_drives)                                     \
	X(ORGAN_CLOCK_RATE, 2, 0, 0, 0, "clock rate", NULL)                            \
	X(ORGAN_REPAIR_RATE, 2, 0, 1, 1, "repair rate", NULL)                          \
	X(ORGAN_INJURY, 2, 0, 2, 2, "injury to apply", NULL)

#define GENOME_EMITTER_LOCI(X)                                                         \
	X(LOBE_ACTIVITY, 0, GENOME_ANY_TISSUE, 0, 0, "lobe activity", NULL)                \
	X(LOOSE0, 0, GENOME_ANY_TISSUE, 1, 1, "# loose dendrites/cells type 0", NULL)      \
	X(LOOSE1, 0, GENOME_ANY_TISSUE, 2, 2, "# loose dendrites/cells type 1", NULL)      \
	X(CELL_OUTPUT, 0, GENOME_ANY_TISSUE, 3, 255, "output of cell", NULL)               \
	X(MUSCLE_ENERGY, 1, 0, 0, 0, "muscle energy used", NULL)                       \
	X(FLOATING, 1, 1, 0, GENOME_NFLOATING - 1, "floating locus", NULL)                 \
	X(FERTILE, 1, 2, 0, 0, "I am fertile", NULL)                                   \
	X(PREGNANT, 1, 2, 1, 1, "I am pregnant", NULL)                                 \
	X(DEAD, 1, 3, 0, 0, "I'm dead", NULL)                                          \
	X(SENSORIMOTOR, 1, 4, 0, GENOME_NSENSORIMOTOR - 1, "sensorimotor", &genome_sensorimotor_emitters)        \
	X(DRIVE, 1, 5, 0, GENOME_NDRIVES - 1, "drive", &genome_drives)                                     \
	X(ORGAN_CLOCK_RATE, 2, 0, 0, 0, "clock rate", NULL)                            \
	X(ORGAN_REPAIR_RATE, 2, 0, 1, 1, "repair rate", NULL)                          \
	X(ORGAN_INJURY, 2, 0, 2, 2, "injury to apply", NULL)

typedef enum genome_receptor_locus {
#define X(E, o, t, f, l, n, v) GENOME_RL_##E,
	GENOME_RECEPTOR_LOCI(X)
#undef X
	GENOME_RL_COUNT
} genome_receptor_locus;

/* How many loci each entry covers: GENOME_RL_GAIT_N is the number of gaits. */
enum {
#define X(E, o, t, f, l, n, v) GENOME_RL_##E##_N = (l) - (f) + 1,
	GENOME_RECEPTOR_LOCI(X)
#undef X
};
enum {
#define X(E, o, t, f, l, n, v) GENOME_EL_##E##_N = (l) - (f) + 1,
	GENOME_EMITTER_LOCI(X)
#undef X
};

typedef enum genome_emitter_locus {
#define X(E, o, t, f, l, n, v) GENOME_EL_##E,
	GENOME_EMITTER_LOCI(X)
#undef X
	GENOME_EL_COUNT
} genome_emitter_locus;

struct genome_vocab;
typedef struct genome_locus_info {
	uint8_t organ;
	int16_t tissue; /* GENOME_ANY_TISSUE: any lobe number */
	uint8_t first, last;
	const char *name;
	const struct genome_vocab *index_names; /* names for positions in the range */
} genome_locus_info;

extern const genome_locus_info genome_receptor_loci[GENOME_RL_COUNT];
extern const genome_locus_info genome_emitter_loci[GENOME_EL_COUNT];

/* Find the table entry for an address: returns the entry number
 * (genome_receptor_locus or genome_emitter_locus) and sets *index to the position
 * inside its range; -1 if the address is outside the tables. */
int genome_locus_find(genome_locus_dir dir, uint8_t organ, uint8_t tissue, uint8_t locus, int *index);

/* Describe an address for humans, e.g. "brain lobe 6 (Decision): chem 0",
 * "creature drives: drive 2 (Hunger)", or "unknown locus 1/9/3". */
void genome_locus_describe(genome_locus_dir dir, uint8_t organ, uint8_t tissue, uint8_t locus,
                       char *buf, size_t cap);

/* Names of the organ byte (0 brain, 1 creature, 2 organ) and of the creature
 * tissues (0 somatic ... 5 drives); NULL outside the tables. */
const char *genome_locus_organ_name(uint8_t organ);
const char *genome_locus_tissue_name(uint8_t organ, uint8_t tissue);

#endif
