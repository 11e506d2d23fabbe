/* load.h — a body from the bytes of a file, whatever its format: an f0
 * genotype (.f0), one genotype of a Framsticks genotype file (.gen), or an
 * XODE scene (.xode). The one table of body file formats (load.c) serves
 * `c2rt body`, the creature commands' --body, and snapshots (which keep the
 * file's bytes and rebuild the body from them). */
#ifndef C2_BODY_LOAD_H
#define C2_BODY_LOAD_H

#include <stddef.h>

#include "base/err.h"
#include "body/body.h"

typedef enum body_source {
	BODY_SOURCE_F0,   /* a Framsticks genotype with its marker (//0 f0; none, //1 f1) */
	BODY_SOURCE_GEN,  /* a Framsticks genotype file (org: objects) */
	BODY_SOURCE_XODE, /* an XODE document */
	BODY_SOURCE_N
} body_source;

/* "f0", "gen", "xode" ("?" out of range). */
const char *body_source_name(body_source s);

/* What body_source_pick says of a file that is no body. */
enum { BODY_SOURCE_NONE = -1, BODY_SOURCE_CREATURES = -2 /* a Creatures genome (dna2/dna3) */ };

/* The format of a file called `path` holding text[0..len): by extension
 * (.f0, .gen, .xode in any case), else by content. Returns the format, or
 * BODY_SOURCE_NONE / BODY_SOURCE_CREATURES (a .gen file may be either kind)
 * with the reason in err. */
int body_source_pick(const char *path, const char *text, size_t len, c2_err *err);

/* Build *m (overwritten; free it with body_free, also after an error) from
 * text[0..len) in format `s`. `genotype` picks a genotype of a .gen file by
 * number (1-based) or name; NULL takes the first f0 one; ignored for other
 * formats. The genotype file reader's warnings are appended to m->warnings.
 * Returns 0, or C2_EFORMAT / C2_EINVAL / C2_ENOMEM with err (an invalid f0
 * body is built as far as it goes, as frams_f0_build does). */
int body_load_source(body_source s, const char *text, size_t len, const char *genotype,
                     body_model *m, c2_err *err);

#endif
