/* frams.h — the Framsticks text file format (.gen, .expt ...): objects of
 * `name:value` fields, `~` multi-line values, @Serialized values, and the
 * genotype format marker — read as the Framsticks SDK 5.0rc10's
 * MultiParamLoader reads them.
 *
 * A file is a sequence of objects. An object starts with a line `Class:`
 * and ends at a blank line (or end of file); two objects with no blank line
 * between them merge (the second `Class:` line is then a field of the
 * first). `#` in column 0 is a comment, and inside an object after leading
 * blanks too. A field is `key:value`, the value being everything after the
 * first colon; `key:~` starts a multi-line value, which runs from the next
 * line up to the first `~` not preceded by a backslash (the rest of that
 * line is dropped; `\~` stands for `~`; CR characters are removed). Lines end
 * at LF; a CR before it is dropped. What the SDK only warns about — unknown
 * classes and fields, colon-less lines, a repeated field, an unclosed `~` —
 * are warnings here too (with their lines); `#include` is refused.
 *
 * Classes the caller knows are described by frams_class tables (fparam.h):
 * their fields are typed and clamped as the SDK does. Fields of other
 * classes are kept as raw text. */
#ifndef C2_BODY_FRAMS_H
#define C2_BODY_FRAMS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/bytes.h"
#include "base/err.h"
#include "framsticks/fparam.h"

/* ---- @Serialized values -------------------------------------------------------- */

typedef enum frams_vkind {
	FRAMS_V_NULL,    /* null */
	FRAMS_V_INVALID, /* invalid */
	FRAMS_V_INT,
	FRAMS_V_DOUBLE,
	FRAMS_V_STRING,  /* "text" with \" \\ \n \r \t escapes */
	FRAMS_V_VECTOR,  /* [a,b,...] */
	FRAMS_V_DICT,    /* {"key":value,...} */
	FRAMS_V_REF,     /* ^N: the N-th object of this value (numbered from 0 = the root) */
	FRAMS_V_OPAQUE,  /* Class<anything>: an object that cannot be serialized */
	FRAMS_V_OBJECT   /* Class[...], Class{...} or Class"...": an object of a named class */
} frams_vkind;

typedef struct frams_value {
	frams_vkind kind;
	long i;                     /* INT; REF: the object number */
	double d;                   /* DOUBLE */
	char *s;                    /* STRING: the text; OPAQUE, OBJECT: the class name */
	size_t slen;                /* STRING: its length */
	char *opaque;               /* OPAQUE: the text between < and > */
	struct frams_value *items;  /* VECTOR elements, DICT values, OBJECT: items[0] = its data */
	char **keys;                /* DICT keys (strings; may hold NUL bytes) */
	size_t *klen;
	size_t n;
	long num;                   /* VECTOR, DICT, OBJECT: its object number */
} frams_value;

/* Decode the text after "@Serialized:" (s[0..n), all of it). Objects
 * (vectors, dictionaries, class-prefixed values) are numbered left to right
 * from 0; numbers, strings, nulls and opaque objects are not; ^N must name
 * an object already begun (so a vector may hold itself). Returns 0, or
 * C2_EFORMAT with err->offset the byte offset of the problem (also for
 * nesting deeper than 200), or C2_ENOMEM. Linear time. */
int frams_deserialize(const char *s, size_t n, frams_value *out, c2_err *err);
void frams_value_free(frams_value *v);
/* Append v in the @Serialized syntax (without the prefix). */
void frams_serialize(const frams_value *v, c2_wbuf *out);

/* ---- files ---------------------------------------------------------------------- */

typedef struct frams_field {
	char *key;          /* as written (not trimmed) */
	int prop;           /* its property in the object's class, or -1 */
	char *value;        /* the value text (multi-line values already unescaped) */
	size_t len;
	long line;          /* line of the `key:` */
	long value_line;    /* line where the value text starts */
	bool multiline;
	bool serialized_ok; /* an 'x'/'o' value: its @Serialized text decoded (see val) */
	frams_value val;    /* 'x' and 'o' properties: the value (number, string or decoded) */
} frams_field;

typedef struct frams_object {
	char *cls;                 /* the class name of its `Class:` line */
	long line;
	const frams_class *schema; /* the caller's table for this class, or NULL */
	frams_slot *slots;         /* schema: the typed values (schema->n slots) */
	frams_field *fields;       /* every field, in file order */
	size_t nfields;
} frams_object;

typedef struct frams_file {
	frams_object *objs;
	size_t nobjs;
	frams_log log; /* warnings (unknown classes and fields, unexpected lines ...) */
} frams_file;

/* Limits that bound the memory a hostile file can make us use (a real
 * genotype file has hundreds of objects). */
enum { FRAMS_MAX_OBJECTS = 100000, FRAMS_MAX_FIELDS = 1000000 };

/* Read text[0..n). `classes` (may be NULL) are the classes whose fields are
 * typed; objects of other classes are kept with raw fields and a warning
 * (the SDK skips them). Returns 0, or C2_EFORMAT (err->line) for what we
 * refuse (#include), C2_ETOOBIG past the limits above (err->line), or
 * C2_ENOMEM. Linear in n.
 * Free with frams_file_free even after an error. */
int frams_read(const char *text, size_t n, const frams_class *const *classes, size_t nclasses,
               frams_file *out, c2_err *err);
void frams_file_free(frams_file *f);

/* The last field of `o` called `key` (the one in force), or NULL. */
const frams_field *frams_object_field(const frams_object *o, const char *key);

/* ---- genotype files ------------------------------------------------------------- */

/* The "org" object of genotype files (SDK GenotypeMini): name, genotype,
 * info ..., typed and ranged as the SDK's table says. */
extern const frams_class frams_org_class;

/* A genotype as listed by the SDK's loader: the org objects, in order. */
typedef struct frams_genotype {
	const frams_object *obj;
	const char *name;   /* "" when the object has no name */
	const char *genes;  /* the genotype field's text, with its format marker */
	size_t len;         /* its length in bytes ("characters" in the SDK's listing) */
	long line;          /* input line where the genotype text starts */
} frams_genotype;

/* The org objects of `f`, in file order, into out[0..cap); returns how many
 * there are (which may exceed cap). */
size_t frams_genotypes(const frams_file *f, frams_genotype *out, size_t cap);

/* The genotype format marker (SDK Geno): "//F" and a line break (or end of
 * text), or the five characters slash, star, F, star, slash; no marker means
 * format '1'. A declaration that is not exactly one letter or digit is
 * invalid (format '\0'). */
typedef struct frams_geno {
	char format;       /* '0', '1', '4', 'B' ...; '\0': invalid declaration */
	size_t genes;      /* offset of the genes after the marker */
	long marker_lines; /* line breaks inside the marker (1 for "//0\n", else 0) */
} frams_geno;
void frams_geno_marker(const char *g, size_t n, frams_geno *out);
/* "genotype format f1 is not supported", "invalid genotype format
 * declaration" ... for a format that is not f0; "f0" for f0. */
void frams_geno_describe(const frams_geno *gi, char *buf, size_t cap);

#endif
