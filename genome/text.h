/* text.h — the genome text form (for diffing, editing and hand-writing
 * genomes) and the JSON form.
 *
 * Text form, line by line ('#' starts a comment outside quotes):
 *
 *     format dna2                      (or "stream": no magic, as in a C2 export)
 *     gene receptor id=12 dup=0 stage=embryo flags=mutable,duplicable mut=128
 *         organ 1          # creature
 *         chemical 3       # Hunger
 *         flags digital,inverted
 *     ...
 *     tail zeros 16968                 (bytes after "gend": zero runs ...)
 *     tail hex 00 ff 12                (... and other bytes)
 *
 * A `gene KIND` line starts a gene; the header keys are optional when writing
 * by hand (defaults: id = 1 + genes of that kind so far, dup=0, stage=embryo,
 * flags=mutable,duplicable,deletable, mut=128). Field lines are `NAME VALUE`
 * in any order; a missing field is 0. Values are numbers or names (chemicals,
 * lobes, stimuli, actions ... by name, flags as comma-separated words, SV-rules
 * as opcode names, byte strings quoted with \xNN escapes). The dump prints
 * numbers and puts names in comments, so that `dump | asm` reproduces every
 * byte of every genome the codec accepts. */
#ifndef C2_TEXT_H
#define C2_TEXT_H

#include <stddef.h>

#include "base/bytes.h"
#include "base/err.h"
#include "genome/fields.h"
#include "genome/genome.h"
#include "genome/gno.h"

typedef struct genome_text_opts {
	const genome_gno *gno;   /* descriptions to add as comments, or NULL */
	const char *source_name; /* shown in the first comment line, or NULL */
} genome_text_opts;

/* Append the text form of `g` to `out`. Returns 0, or C2_ENOMEM. */
int genome_text_write(const genome *g, const genome_text_opts *opts, c2_wbuf *out);

/* Parse a text form of `len` bytes (need not be NUL-terminated) into *g
 * (free with genome_free). Errors name the line and the field. */
int genome_text_parse(const char *text, size_t len, genome *g, c2_err *err);

/* A genome in either form: the bytes of a dna2 file or a gene stream (what
 * genome_parse reads), or the text form (genome_text_parse). Binary is told
 * by its first four bytes ("dna2", or a "gene"/"gend" marker not followed by
 * a blank, as the text form's `gene KIND` line is) or by any control byte
 * other than tab, CR and LF, which text never holds; the rest is text.
 * *is_text (may be NULL) says which reader was used, for messages. */
int genome_parse_any(genome *g, const uint8_t *buf, size_t len, bool *is_text, c2_err *err);

/* Append the JSON form: {"format":…, "genes":[{…}, …], "tail":{…}}, one
 * object per gene carrying the same fields as the text form. */
int genome_json_write(const genome *g, const genome_gno *gno, c2_wbuf *out);

/* Field f of `gene` as the dump writes it: the value (a number, flag words,
 * an SV-rule as opcode names, a quoted byte string) into val, and the name
 * the dump puts in the line's comment (chemical, lobe, locus, action ...)
 * into name, "" when there is none. The mutation log and `c2rt diff` show
 * fields through this, so a value reads the same everywhere. For the
 * 256-byte half-life table (GF_HALFLIVES) both are left empty: it is one
 * `halflife CHEM RATE` line per chemical. */
void genome_field_text(const genome_gene *gene, const genome_field *f, char *val,
                       size_t vcap, char *name, size_t ncap);

/* One line describing a gene's content, e.g. "Hunger -> creature drives:
 * drive 2 (Hunger)" for a receptor. */
void genome_gene_summary(const genome_gene *gene, char *buf, size_t cap);

#endif
