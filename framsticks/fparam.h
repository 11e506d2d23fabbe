/* fparam.h — Framsticks property tables ("Param"), as the Framsticks SDK
 * 5.0rc10 reads and writes them: numbers, range clamping, single-line
 * `name=value,...` fields (f0 lines), quoting, and the SDK's messages.
 *
 * A class (an f0 line kind, the "org" object of a genotype file) is a table
 * of properties; an object is an array of slots, one per property, that
 * starts at the class defaults. Loading a field parses its text by the
 * property's type, clamps it into the property's range with the SDK's
 * warning, and reports what the SDK reports. Messages go to a frams_log:
 * each has a level, the SDK's "Class.method" origin, the SDK's text and the
 * line of the input it concerns, so a front end can print them either as the
 * SDK does ("[WARN] Param.set: ...") or as FILE:LINE: messages. */
#ifndef C2_BODY_FPARAM_H
#define C2_BODY_FPARAM_H

#include <stdbool.h>
#include <stddef.h>

#include "base/bytes.h"

/* ---- messages ---------------------------------------------------------------- */

typedef enum frams_level { FRAMS_WARN, FRAMS_ERROR } frams_level;

typedef struct frams_msg {
	frams_level level;
	long line;   /* input line it concerns, 0 when none */
	char *where; /* the SDK's origin, "Param.set", "Model.internalCheck" ... */
	char *text;  /* the SDK's message text */
} frams_msg;

typedef struct frams_log {
	frams_msg *v;
	size_t n, cap;
	size_t dropped; /* messages past FRAMS_LOG_MAX, counted but not kept */
	bool oom;       /* sticky: a message could not be stored */
} frams_log;

/* A log keeps at most this many messages, so that hostile input cannot make
 * it grow without bound. */
enum { FRAMS_LOG_MAX = 10000 };

/* Append a message (printf-style text). Never fails: past FRAMS_LOG_MAX the
 * message is only counted; on allocation failure it is dropped and
 * log->oom is set. */
void frams_log_add(frams_log *log, frams_level level, long line, const char *where,
                   const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;
void frams_log_free(frams_log *log);
/* Number of messages of `level`. */
size_t frams_log_count(const frams_log *log, frams_level level);

/* A NUL-terminated copy of s[0..n) (which may hold NUL bytes), or NULL when
 * out of memory. */
char *frams_dup(const char *s, size_t n);

/* ---- numbers ------------------------------------------------------------------ */

typedef enum frams_num { FRAMS_NUM_ANY, FRAMS_NUM_INT, FRAMS_NUM_DOUBLE } frams_num;

/* Parse a number at the start of s[0..n) as the SDK's ExtValue::parseNumber:
 * leading white space, an optional sign, hexadecimal 0x... (at most 32 bits)
 * or a decimal/exponent number (strtod, C locale). `want` INT accepts only an
 * integer literal in the 32-bit range; ANY yields an integer when the text is
 * one, else a double. Returns the number of bytes consumed (0 = not a number)
 * and sets *is_int and *i or *d. Works on at most n bytes, NUL or not. */
size_t frams_parse_number(const char *s, size_t n, frams_num want, bool *is_int, long *i,
                          double *d);

/* The whole of s[0..n) as a double / a 32-bit integer (strict: an integer
 * literal; lax: any number, truncated). false when it is not one. */
bool frams_parse_double(const char *s, size_t n, double *out);
bool frams_parse_int(const char *s, size_t n, bool strict, long *out);

/* Format a double as the SDK saves it (SString::valueOf): the shortest of
 * %.15g, %.16g, %.17g that reads back to the same double, and ".0" appended
 * when the text has neither '.' nor an exponent ("1.0", "0.1", "1e-05").
 * Returns the length; buf holds at least FRAMS_DBL_MAX bytes. */
enum { FRAMS_DBL_MAX = 40 };
size_t frams_fmt_double(double d, char *buf);

/* ---- quoting ------------------------------------------------------------------ */

/* Append s[0..n) with the SDK's backslash escapes undone (\n \r \t, any
 * other escaped character stands for itself, a lone final backslash is
 * dropped). */
void frams_unquote(c2_wbuf *out, const char *s, size_t n);
/* Append s[0..n) escaped for a quoted value (\" \\ \n \r \t). */
void frams_quote(c2_wbuf *out, const char *s, size_t n);

/* ---- property tables ----------------------------------------------------------- */

enum {
	FRAMS_CANOMITNAME = 1024, /* SDK PARAM_CANOMITNAME: may be given (and is saved) without its name */
	FRAMS_READONLY = 1,       /* SDK PARAM_READONLY: a value is parsed but not stored */
	FRAMS_DONTSAVE = 1 << 20, /* never written */
	FRAMS_NODEFAULT = 1 << 21 /* the object default can never equal a value: always written */
};

typedef struct frams_prop {
	const char *id;
	char type;        /* 'd' int, 'f' double, 's' string, 'x' any, 'o' object, 'p' procedure */
	int flags;        /* FRAMS_* */
	bool ranged;      /* min..max applies ('d', 'f'; for 's' max is the length limit, 0 = none) */
	double min, max;
	double def;       /* the object default ('d', 'f') */
	const char *sdef; /* the object default ('s'), never NULL for 's' */
} frams_prop;

typedef struct frams_class {
	const char *name; /* as in messages: "p", "j", "org" */
	const frams_prop *props;
	size_t n;
} frams_class;

/* One property's value in an object. Strings are owned (NULL = the class
 * default); 'x' and 'o' keep their text (the caller decodes @Serialized). */
typedef struct frams_slot {
	bool given; /* set by the input */
	long i;
	double d;
	char *s;
	size_t slen;
} frams_slot;

/* Fill v[0..c->n) with the class defaults (nothing given). */
void frams_slots_init(const frams_class *c, frams_slot *v);
void frams_slots_free(const frams_class *c, frams_slot *v);
/* The string value of slot k (its default when not set), and its length. */
const char *frams_slot_str(const frams_class *c, const frams_slot *v, size_t k, size_t *len);

/* Index of the property called name[0..len), or -1. */
int frams_find(const frams_class *c, const char *name, size_t len);

/* Set property k from text s[0..n) as the SDK's setFromString: parse by type
 * (a number that does not parse logs the SDK's error and leaves the default),
 * clamp into range with the SDK's warning, truncate long strings. Returns
 * false when the text did not parse. `strict` is the SDK's strict integer
 * parsing (single-line fields are strict, multi-line objects are not). */
bool frams_set(const frams_class *c, frams_slot *v, size_t k, const char *s, size_t n,
               bool strict, frams_log *log, long line);

/* Load one single-line field list (ParamInterface::loadSingleLine) from
 * s[0..n) into v: comma-separated `name=value` or bare values (a bare value
 * fills the next property; after `name=` counting continues from that
 * property), empty fields skip a slot, names are not trimmed, values may be
 * quoted with escapes. Unknown names and names missing where the SDK wants
 * them are warnings. Returns false when a value did not parse (the SDK's
 * parse_failed: the line is invalid). */
bool frams_load_line(const frams_class *c, frams_slot *v, const char *s, size_t n,
                     frams_log *log, long line);

/* Append v as the SDK saves a single line (saveSingleLine, defaults
 * skipped), leaving out the properties with any of the `skip` flags:
 * ", "-separated, a value equal to its default is left out and the next
 * written one then carries its name, as does any property without
 * FRAMS_CANOMITNAME; strings with a comma, space, quote, backslash, tab or
 * line break are quoted. Ends with '\n'. Returns the number of values
 * written. */
size_t frams_save_line(const frams_class *c, const frams_slot *v, int skip, c2_wbuf *out);

#endif
