/* gno.h — Genetics Kit notes files (.gno): a description and an RTF note per
 * gene, keyed by (gene type, subtype, sequence number).
 *
 * Format (little-endian): u16 version (2), u16 entry count, then per entry
 * u16 type, u16 subtype, u32 sequence number, u16 length + description
 * (Latin-1, may end in NUL), u16 length + note (RTF). More entries than genes
 * is normal. */
#ifndef C2_GNO_H
#define C2_GNO_H

#include <stddef.h>
#include <stdint.h>

#include "base/err.h"
#include "genome/genome.h"

typedef struct genome_gno_entry {
	uint16_t type, subtype;
	uint32_t seq;
	char *description; /* UTF-8, NUL-terminated, trailing NULs and spaces trimmed */
	char *note;        /* raw RTF bytes as a NUL-terminated string */
} genome_gno_entry;

typedef struct genome_gno {
	genome_gno_entry *entries;
	size_t n;
	size_t used; /* bytes the entries occupy; real files carry more after them */
} genome_gno;

#define GENOME_GNO_MAX_FILE (64u * 1024u * 1024u)

/* Parse a notes file held in memory; errors carry a byte offset. */
int genome_gno_parse(genome_gno *gno, const uint8_t *buf, size_t len, c2_err *err);
int genome_gno_read_file(genome_gno *gno, const char *path, c2_err *err);
void genome_gno_free(genome_gno *gno);

/* The description of a gene (matched on type, subtype and id), or NULL. */
const char *genome_gno_describe(const genome_gno *gno, const genome_gene *gene);

#endif
