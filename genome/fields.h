/* fields.h — the field table of every gene kind: name, byte offset and
 * value kind. The text form (dump and asm), the JSON output and the mutation
 * tools all walk this table, so a field is described in exactly one place. */
#ifndef C2_FIELDS_H
#define C2_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "genome/genome.h"
#include "genome/vocab.h"

typedef enum genome_field_kind {
	GF_BYTE,     /* plain number 0..255 */
	GF_ENUM,     /* number with a name from `vocab` (printed as a comment) */
	GF_CHEM,     /* chemical number, named from genome_chemicals */
	GF_LOBE,     /* lobe number, named from genome_lobes */
	GF_FLAGS,    /* bit set; bit names in `bits` */
	GF_RULE,     /* 12-byte SV-rule, as opcode names */
	GF_CHARS,    /* `len` bytes shown as a quoted string */
	GF_ORGAN,    /* receptor/emitter organ byte (0 brain, 1 creature, 2 own organ) */
	GF_TISSUE,   /* receptor/emitter tissue byte */
	GF_RLOCUS,   /* receptor locus byte (described from organ/tissue/locus) */
	GF_ELOCUS,   /* emitter locus byte */
	GF_HALFLIVES /* the 256-byte half-life table, one `halflife CHEM RATE` line each */
} genome_field_kind;

typedef struct genome_field {
	const char *name;
	uint16_t offset;
	uint16_t len; /* bytes: 1, 12 for rules, n for chars, 256 for half-lives */
	genome_field_kind kind;
	const genome_vocab *vocab;      /* GF_ENUM */
	const char *const *bits;    /* GF_FLAGS: names of bits 0..7 (NULL: "bitN") */
} genome_field;

typedef struct genome_field_list {
	const genome_field *fields;
	size_t n;
} genome_field_list;

/* The fields of one gene kind, in body order. */
genome_field_list genome_fields(genome_kind kind);

/* The header bytes a `gene KIND` line of the text form sets, by their keys
 * there: X(ENUM, key). The mutation log and `c2rt diff` name header changes
 * with these keys. */
#define GENOME_HEADER_KEYS(X) X(ID, "id") X(DUP, "dup") X(STAGE, "stage") X(FLAGS, "flags") X(MUT, "mut")

typedef enum genome_header_key {
#define X(E, key) GENOME_HDR_##E,
	GENOME_HEADER_KEYS(X)
#undef X
	GENOME_HDR_COUNT
} genome_header_key;

extern const char *const genome_header_keys[GENOME_HDR_COUNT];

/* The byte of `gene` that header key k names. */
uint8_t *genome_header_byte(genome_gene *gene, genome_header_key k);

/* Names of the header flag bits (mutable, duplicable, ... dormant). */
extern const char *const genome_header_flag_names[8];
/* Names of the stimulus gene's feature bits ("modulate", "add-offset" ...). */
extern const char *const genome_stim_feature_names[8];

/* Format a flag byte as comma-separated names ("none" for 0; "bitN" for an
 * unnamed bit). */
void genome_format_flags(uint8_t v, const char *const *bits, char *buf, size_t cap);

/* Parse that form (or a decimal number) back; -1 on an unknown word. */
int genome_parse_flags(const char *s, size_t len, const char *const *bits);

#endif
