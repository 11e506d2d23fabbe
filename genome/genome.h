/* genome.h — Creatures 2 `dna2` genomes: gene types, typed gene structs,
 * byte-exact reading and writing, validation and expression.
 *
 * Layouts follow docs/semantics/ §2. Every field of a C2 gene is
 * one byte, so each typed struct below is a plain array of uint8_t members
 * whose layout *is* the gene body (checked by static asserts); decoding and
 * encoding are copies. Reading is strict (gene sizes come from the type
 * table, never from searching for markers); everything after the first
 * `gend` is kept verbatim so that writing reproduces the input exactly.
 *
 * Naming: public names start with `genome_` (functions, types) or
 * `GENOME_`/`GK_` (constants). */
#ifndef C2_GENOME_H
#define C2_GENOME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/err.h"

/* ---- gene kinds: the one table of gene types ------------------------------
 * X(ENUM, type, subtype, body bytes, text name, display name) */
#define GENOME_GENE_KINDS(X)                                                    \
	X(LOBE, 0, 0, 196, "lobe", "Brain lobe")                                    \
	X(BRAIN_ORGAN, 0, 1, 5, "brain-organ", "Brain organ")                       \
	X(RECEPTOR, 1, 0, 8, "receptor", "Receptor")                                \
	X(EMITTER, 1, 1, 8, "emitter", "Emitter")                                   \
	X(REACTION, 1, 2, 9, "reaction", "Reaction")                                \
	X(HALF_LIVES, 1, 3, 256, "half-lives", "Half-lives")                        \
	X(INIT_CONC, 1, 4, 2, "initial-concentration", "Initial concentration")     \
	X(STIMULUS, 2, 0, 13, "stimulus", "Stimulus")                               \
	X(GENUS, 2, 1, 9, "genus", "Genus")                                         \
	X(APPEARANCE, 2, 2, 3, "appearance", "Appearance")                          \
	X(POSE, 2, 3, 16, "pose", "Pose")                                           \
	X(GAIT, 2, 4, 9, "gait", "Gait")                                            \
	X(INSTINCT, 2, 5, 9, "instinct", "Instinct")                                \
	X(PIGMENT, 2, 6, 2, "pigment", "Pigment")                                   \
	X(PIGMENT_BLEED, 2, 7, 2, "pigment-bleed", "Pigment bleed")                 \
	X(ORGAN, 3, 0, 5, "organ", "Organ")

typedef enum genome_kind {
#define X(E, t, s, n, name, disp) GK_##E,
	GENOME_GENE_KINDS(X)
#undef X
	GK_COUNT
} genome_kind;

typedef struct genome_kind_info {
	uint8_t type, subtype;
	uint16_t body_size;
	const char *name;    /* lower-case token used by the text form */
	const char *display; /* human name */
} genome_kind_info;

extern const genome_kind_info genome_kinds[GK_COUNT];

/* The kind for (type, subtype), or -1 if C2 has no such gene. */
int genome_kind_of(int type, int subtype);
/* The kind whose text name is `name` (case-insensitive), or -1. */
int genome_kind_by_name(const char *name);

/* ---- header flags and life stages (§2.3) ---------------------------------- */
/* Flag words: X(ID, bit, "name"); the constants here and the names that the
 * text form, JSON and events print and parse (genome/fields.h) both come from
 * these tables. */
#define GENOME_HEADER_FLAGS(X)                                                     \
	X(MUTABLE, 0, "mutable") X(DUPLICABLE, 1, "duplicable") X(DELETABLE, 2, "deletable") \
	X(MALE, 3, "male") X(FEMALE, 4, "female") X(DORMANT, 5, "dormant")
#define GENOME_LOBE_FLAGS(X) X(WTA, 0, "wta")
#define GENOME_RECEPTOR_FLAGS(X) X(INVERTED, 0, "inverted") X(DIGITAL, 1, "digital")
#define GENOME_EMITTER_FLAGS(X) X(CLEAR, 0, "clear") X(DIGITAL, 1, "digital") X(INVERT, 2, "invert")
#define GENOME_STIM_FEATURES(X) X(MODULATE, 0, "modulate") X(ADD_OFFSET, 1, "add-offset") X(ASLEEP, 2, "asleep")

#define GENOME_X_FLAG(id, bit, name) GENOME_FLAG_##id = 1 << (bit),
#define GENOME_X_LOBE(id, bit, name) GENOME_LOBE_##id = 1 << (bit),
#define GENOME_X_RECEPTOR(id, bit, name) GENOME_RECEPTOR_##id = 1 << (bit),
#define GENOME_X_EMITTER(id, bit, name) GENOME_EMITTER_##id = 1 << (bit),
#define GENOME_X_STIM(id, bit, name) GENOME_STIM_##id = 1 << (bit),
enum { GENOME_HEADER_FLAGS(GENOME_X_FLAG) };
enum { GENOME_LOBE_FLAGS(GENOME_X_LOBE) };
enum { GENOME_RECEPTOR_FLAGS(GENOME_X_RECEPTOR) };
enum { GENOME_EMITTER_FLAGS(GENOME_X_EMITTER) };
enum { GENOME_STIM_FEATURES(GENOME_X_STIM) };

/* X(ENUM, value, text name) */
#define GENOME_STAGES(X)          \
	X(EMBRYO, 0, "embryo")        \
	X(CHILD, 1, "child")          \
	X(ADOLESCENT, 2, "adolescent") \
	X(YOUTH, 3, "youth")          \
	X(ADULT, 4, "adult")          \
	X(OLD, 5, "old")              \
	X(SENILE, 6, "senile")

enum {
#define X(E, v, n) GENOME_STAGE_##E = v,
	GENOME_STAGES(X)
#undef X
	GENOME_NSTAGES = 7
};

/* Name of stage 0..6, or NULL. */
const char *genome_stage_name(int stage);
/* Stage number for a name (case-insensitive; "baby" is accepted for 0), or -1. */
int genome_stage_by_name(const char *name);

typedef enum genome_sex { GENOME_MALE = 1, GENOME_FEMALE = 2 } genome_sex;

/* ---- typed gene bodies (§2.5) ---------------------------------------------- */
#define GENOME_RULE_LEN 12

typedef struct genome_dendrite_gene { /* 87 bytes */
	uint8_t source_lobe, min, max, spread, fanout;
	uint8_t min_ltw, max_ltw, min_strength, max_strength;
	uint8_t migration, relax_suscept, relax_stw, ltw_gain;
	uint8_t strength_gain_rate;
	uint8_t strength_gain_rule[GENOME_RULE_LEN];
	uint8_t strength_loss_rate;
	uint8_t strength_loss_rule[GENOME_RULE_LEN];
	uint8_t suscept_rule[GENOME_RULE_LEN];
	uint8_t reinforce_rule[GENOME_RULE_LEN];
	uint8_t backprop_rule[GENOME_RULE_LEN];
	uint8_t fwdprop_rule[GENOME_RULE_LEN];
} genome_dendrite_gene;

typedef struct genome_lobe_gene { /* 196 bytes */
	uint8_t x, y, width, height;
	uint8_t perceptible; /* 0 no, 1 perceptible, 2 perceptible + mutually exclusive */
	uint8_t threshold, leakage, rest, gain;
	uint8_t state_rule[GENOME_RULE_LEN];
	uint8_t flags; /* bit 0: winner takes all */
	genome_dendrite_gene dendrite[2];
} genome_lobe_gene;

typedef struct genome_organ_gene { /* 5 bytes; also the brain organ (0/1) */
	uint8_t clock_rate, lt_repair, life_force, clock_start, atp_damage;
} genome_organ_gene;

typedef struct genome_receptor_gene { /* 8 bytes */
	uint8_t organ, tissue, locus, chemical, threshold, nominal, gain, flags;
} genome_receptor_gene;

typedef struct genome_emitter_gene { /* 8 bytes */
	uint8_t organ, tissue, locus, chemical, threshold, sample_rate, gain, flags;
} genome_emitter_gene;

typedef struct genome_reaction_gene { /* 9 bytes, in gene order */
	uint8_t r1_amount, r1, r2_amount, r2, p1_amount, p1, p2_amount, p2, rate;
} genome_reaction_gene;

typedef struct genome_half_lives_gene { /* 256 bytes */
	uint8_t rate[256];
} genome_half_lives_gene;

typedef struct genome_init_conc_gene { /* 2 bytes */
	uint8_t chemical, amount;
} genome_init_conc_gene;

typedef struct genome_stimulus_gene { /* 13 bytes */
	uint8_t number, significance, sense, intensity, features;
	struct {
		uint8_t chemical, amount;
	} dose[4];
} genome_stimulus_gene;

typedef struct genome_genus_gene { /* 9 bytes */
	uint8_t species;
	uint8_t mother[4], father[4];
} genome_genus_gene;

typedef struct genome_appearance_gene { /* 3 bytes */
	uint8_t part, variant, species;
} genome_appearance_gene;

typedef struct genome_pose_gene { /* 16 bytes */
	uint8_t number;
	uint8_t chars[15];
} genome_pose_gene;

typedef struct genome_gait_gene { /* 9 bytes */
	uint8_t number;
	uint8_t pose[8];
} genome_gait_gene;

typedef struct genome_instinct_gene { /* 9 bytes */
	struct {
		uint8_t lobe, cell;
	} input[3];
	uint8_t action, reinforcer, level;
} genome_instinct_gene;

typedef struct genome_pigment_gene { /* 2 bytes */
	uint8_t colour, amount;
} genome_pigment_gene;

typedef struct genome_bleed_gene { /* 2 bytes */
	uint8_t rotation, swap;
} genome_bleed_gene;

/* One gene: its 7-byte header and its typed body. */
typedef struct genome_gene {
	uint8_t kind; /* genome_kind */
	uint8_t type, subtype;
	uint8_t id;    /* "sequence number"; Genetics-Kit identity, not used at run time */
	uint8_t dup;   /* generation / duplicate number */
	uint8_t stage; /* switch-on stage, 0..6 (larger values never express) */
	uint8_t flags; /* GENOME_FLAG_* */
	uint8_t mut;   /* mutability weight */
	uint32_t offset; /* where the "gene" marker was in the input */
	union {
		genome_lobe_gene lobe;
		genome_organ_gene organ; /* GK_ORGAN and GK_BRAIN_ORGAN */
		genome_receptor_gene receptor;
		genome_emitter_gene emitter;
		genome_reaction_gene reaction;
		genome_half_lives_gene half_lives;
		genome_init_conc_gene init_conc;
		genome_stimulus_gene stimulus;
		genome_genus_gene genus;
		genome_appearance_gene appearance;
		genome_pose_gene pose;
		genome_gait_gene gait;
		genome_instinct_gene instinct;
		genome_pigment_gene pigment;
		genome_bleed_gene bleed;
		uint8_t raw[256];
	} u;
} genome_gene;

/* ---- the genome ------------------------------------------------------------ */
typedef enum genome_format {
	GENOME_DNA2,  /* a .gen file: "dna2" magic, genes, "gend", tail */
	GENOME_STREAM /* a headerless gene stream as embedded in a C2 export */
} genome_format;

typedef struct genome {
	genome_format format;
	genome_gene *genes;
	size_t ngenes, cap;
	uint8_t *tail; /* bytes after "gend", kept verbatim */
	size_t ntail;
	uint32_t gend_offset; /* where "gend" was (or will be) */
} genome;

/* Largest genome input accepted: far above any real file (36 KB). */
#define GENOME_MAX_FILE (16u * 1024u * 1024u)

/* Parse `len` bytes. Accepts a `dna2` file or a headerless stream starting at
 * "gene". On success returns 0 and fills *g (free with genome_free); on
 * failure returns an error code, leaves *g empty, and `err` carries the byte
 * offset, the gene index (when inside a gene) and a reason. Never reads
 * outside buf[0..len). */
int genome_parse(genome *g, const uint8_t *buf, size_t len, c2_err *err);

/* Read and parse a file ("-" for standard input). */
int genome_read_file(genome *g, const char *path, c2_err *err);

/* Bytes genome_encode will produce. */
size_t genome_encoded_size(const genome *g);

/* Encode into out[0..cap); returns the number of bytes written, or 0 if `cap`
 * is too small. Gene offsets and gend_offset are NOT updated (g is const). */
size_t genome_encode(const genome *g, uint8_t *out, size_t cap);

/* The GENOME_HEADER_LEN header bytes of a gene, in .gen order (type,
 * subtype, id, dup, stage, flags, mut). */
enum { GENOME_HEADER_LEN = 7 };
void genome_gene_head(const genome_gene *gene, uint8_t *h);

/* Do two genomes have the same format and genes (the tail after "gend"
 * and the offsets aside)? */
bool genome_same_genes(const genome *a, const genome *b);


void genome_init(genome *g);
void genome_free(genome *g);

/* Append a copy of `gene` (its kind, type and subtype must agree). Returns 0
 * or C2_ENOMEM / C2_EINVAL. */
int genome_append(genome *g, const genome_gene *gene, c2_err *err);

/* Set a gene's header and zero its body for `kind`. */
void genome_gene_init(genome_gene *gene, genome_kind kind);

/* Encode and write atomically (temporary file, then rename). */
int genome_write_file(const genome *g, const char *path, c2_err *err);

/* Number of genes of each kind. */
void genome_count_kinds(const genome *g, size_t counts[GK_COUNT]);

/* ---- validation (§2.7) ----------------------------------------------------- */
typedef struct genome_warning {
	int gene;        /* gene index, or -1 for the whole genome */
	uint32_t offset; /* byte offset of that gene */
	char msg[120];
} genome_warning;

typedef struct genome_warnings {
	genome_warning *items;
	size_t n, cap;
} genome_warnings;

/* Apply the §2.7 checklist; findings that do not stop loading are appended
 * to *w (free with genome_warnings_free). Returns the number of warnings, or
 * -1 if memory ran out. */
int genome_validate(const genome *g, genome_warnings *w);
void genome_warnings_free(genome_warnings *w);

/* ---- expression (§2.6) ----------------------------------------------------- */

/* Would `gene` be switched on when a creature of `sex` enters `stage`?
 * (Not dormant, sex bits allow it, switch-on stage equals `stage`.) */
bool genome_gene_switches_on(const genome_gene *gene, genome_sex sex, int stage);

/* Indices of the genes switched on when entering `stage`, in gene order.
 * `out` must hold g->ngenes entries; returns the count. */
size_t genome_switched_on(const genome *g, genome_sex sex, int stage, size_t *out);

/* Indices of the genes in force once a creature of `sex` has reached
 * `stage`, after the add/replace rules of §2.6 (a later gene with the same
 * key replaces an earlier one for emitters, stimuli, poses, gaits,
 * appearance, half-lives and the brain organ; genus keeps the first; lobes
 * and organs after stage 0 are ignored). In expression order (by stage, then
 * gene order). `out` must hold g->ngenes entries; returns the count.
 * If `replaced_by` is non-NULL (g->ngenes entries), it receives for every
 * gene the index of the gene that replaced it, or -1. */
size_t genome_in_force(const genome *g, genome_sex sex, int stage, size_t *out,
                       long *replaced_by);

/* Lobe genes a creature of `sex` (0: either sex) builds its brain from, in
 * lobe order (lobe number = position): stage 0 and not dormant. Fills up to
 * `cap` entries of `out` and/or `idx` (gene indices; either may be NULL) and
 * returns the total count. */
size_t genome_lobe_list(const genome *g, int sex, const genome_lobe_gene **out, size_t *idx,
                        size_t cap);

/* The organ that owns gene `i` (receptor, emitter or reaction): the index of
 * the nearest preceding organ gene (GK_ORGAN), or -1 meaning the engine's
 * body organ. Returns -2 for genes of other kinds. */
long genome_owner_organ(const genome *g, size_t i);

/* The replacement key of a gene (§2.6): genes of the same kind with equal
 * keys replace each other; returns false for kinds that always add. */
bool genome_gene_key(const genome_gene *gene, uint32_t *key);

#endif
