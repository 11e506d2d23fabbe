/* export.h — a bounded reader for Creatures 2 export files (.exp): the live
 * creature the original engine saved — its genome, its brain with every
 * lobe, neuron and dendrite, its 256 chemicals and its organs.
 *
 * An export is an MFC archive. Objects of a class seen for the first time
 * start with a class marker: u16 0xFFFF, u16 schema, u16 name length, the
 * class name ("Creature", "CGallery", "Body", "Limb", "CBrain",
 * "CBiochemistry", "COrgan", "CReceptor", "CGenome"); later objects of that
 * class start with a u16 class reference (0x8000 | index). The layout of the
 * brain follows the public Kaitai file Creatures2/c2exp.ksy of the
 * repository mnemoli/creaturesstructs; the biochemistry, organ and genome
 * layouts were read off the real export and are checked field by field
 * against the genome's values (reference §5.8, §5.8.1; docs/commands/import.md).
 *
 * The reader understands three top-level blocks — CBrain, CBiochemistry and
 * CGenome — and parses them field by field, checking every length and count
 * against the bytes that remain before it is used. Everything else (the
 * creature object, its sprite gallery, body and limbs, and the bytes between
 * and after the understood blocks) is skipped and listed by name, offset and
 * length in `blocks`, never guessed at. All three must be there (a real
 * export ends with CGenome). Truncated or corrupted input is refused with
 * C2_EFORMAT and the byte offset; the cost is linear in the input size.
 * The core never prints. */
#ifndef C2_EXCHANGE_EXPORT_H
#define C2_EXCHANGE_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/err.h"

/* Largest export accepted (a real one is ~110 KB). */
#define EXCHANGE_MAX_FILE (64u << 20)

enum {
	EXCHANGE_NAME = 32,       /* class names longer than this are not markers */
	EXCHANGE_MAX_BLOCKS = 64, /* blocks listed; more are counted, not listed */
	EXCHANGE_RULE = 12,       /* SV-rule bytes */
	EXCHANGE_NDRULES = 6,     /* rules of a dendrite type, in gene order */
	EXCHANGE_LOBE_UNKNOWN = 11
};

/* One stretch of the file: a class marker and what follows it up to the
 * next top-level block, or bytes after an understood block. */
typedef struct exchange_block {
	char name[EXCHANGE_NAME]; /* class name, or "after CBrain" etc. */
	size_t offset, length;
	bool parsed; /* understood and read; false = skipped */
} exchange_block;

typedef struct exchange_dendrite {
	uint32_t src;          /* source neuron (index in the source lobe) */
	uint8_t x, y;          /* the source's grid position when it was wired */
	uint8_t suscept, stw, ltw, strength;
} exchange_dendrite;

typedef struct exchange_neuron {
	uint8_t x, y, output, state;
	uint8_t extra[4];  /* not understood (perception cells hold their source lobe) */
	uint8_t count[2];  /* dendrites of type 0 / 1 */
	uint32_t first[2]; /* index of the first in exchange_lobe.dend[type] */
} exchange_neuron;

/* A dendrite type of a lobe, as the lobe header holds it. */
typedef struct exchange_dtype {
	uint32_t source_lobe;
	uint8_t min, max, spread, fanout, min_ltw, max_ltw, min_strength, max_strength;
	uint8_t migration, relax_suscept, relax_stw, ltw_gain, gain_every, lose_every;
	/* gain, loss, susceptibility, reinforcement, back- and forward-propagation
	 * rules: the gene's bytes, each followed by 3 bytes not understood */
	uint8_t rules[EXCHANGE_NDRULES][EXCHANGE_RULE];
} exchange_dtype;

typedef struct exchange_lobe {
	size_t offset;
	uint32_t x, y, width, height;
	uint8_t unknown[EXCHANGE_LOBE_UNKNOWN]; /* not understood; byte 0 = perceptible flag */
	uint8_t threshold, leakage, rest, gain;
	uint8_t state_rule[EXCHANGE_RULE];
	uint8_t flags; /* bit 0: winner-takes-all */
	exchange_dtype d[2];
	uint32_t cells, dendrites_in; /* neurons; dendrites reaching this lobe */
	exchange_neuron *neurons;        /* cells entries */
	exchange_dendrite *dend[2];      /* every dendrite of each type, neuron by neuron */
	uint32_t ndend[2];
} exchange_lobe;

/* An organ (COrgan, or the brain organ inside CBrain). Receptors, emitters
 * and reactions are kept as gene bodies: reactions are reordered from the
 * archive's (reactants, rate, products) into gene order. */
typedef struct exchange_organ {
	size_t offset;
	uint32_t key;         /* not understood: 0 body, 1 brain, then mostly gene order */
	uint8_t clock_rate, clock;
	uint32_t biotick;
	uint8_t unknown;      /* not understood (254 in every organ seen) */
	double initial_lf, st_lf, lt_lf; /* stored as 32-bit floats */
	uint8_t lt_repair, repair_rate, injury;
	uint32_t energy_cost, starve_damage, energy_ok;
	uint32_t nreceptors, ngroups, nemitters, nreactions;
	uint8_t (*receptors)[8]; /* in group order */
	uint8_t (*emitters)[8];
	uint8_t (*reactions)[9];
} exchange_organ;

typedef struct exchange_file {
	exchange_block blocks[EXCHANGE_MAX_BLOCKS];
	size_t nblocks, blocks_dropped;

	/* CGenome: u32 length, moniker, u32 sex, u8 life stage, the gene stream */
	bool has_genome;
	char moniker[5];
	uint32_t sex;   /* 1 male, 2 female (as C3's Genome keeps mySex) */
	uint8_t stage;  /* life stage the genes were expressed to (C3's myAge) */
	uint8_t *genes; /* `ngenes_bytes` bytes: genes and "gend", no "dna2" */
	size_t ngenes_bytes, genes_offset;

	/* CBrain */
	bool has_brain;
	exchange_organ brain_organ;
	uint32_t nlobes;
	exchange_lobe *lobes;
	bool has_order;     /* the lobe list after the neurons */
	uint32_t *order;    /* nlobes entries (each < nlobes) */
	bool has_updates;   /* the u32 that closes CBrain */
	uint32_t brain_updates;

	/* CBiochemistry */
	bool has_biochem;
	uint8_t chem[256], half[256];
	exchange_organ *organs; /* the body organ first, as stored */
	size_t norgans;
} exchange_file;

/* Parse `len` bytes. On success returns 0 and fills *x (free with
 * exchange_free); on failure returns C2_EFORMAT (or C2_ENOMEM), leaves *x empty,
 * and err holds the byte offset and the reason. Never reads outside
 * data[0..len). */
int exchange_parse(exchange_file *x, const uint8_t *data, size_t len, c2_err *err);

/* Read and parse a file (at most EXCHANGE_MAX_FILE bytes). */
int exchange_read_file(exchange_file *x, const char *path, c2_err *err);

/* Free what exchange_parse allocated; *x becomes empty. NULL is fine. */
void exchange_free(exchange_file *x);

/* Total dendrites of the brain, and those with strength 0 (loose). */
size_t exchange_dendrites(const exchange_file *x, size_t *loose);

#endif
