/* err.h — errors as values, shared by every module of the core.
 *
 * The core never prints. A function that can fail takes a `c2_err *` and, on
 * failure, fills it with a code, where it went wrong (byte offset in a binary
 * input, or line in a text input), the gene index when the error is inside a
 * gene, and a one-line reason. Front ends format it as `FILE:OFFSET: gene N:
 * reason` (binary) or `FILE:LINE: reason` (text). */
#ifndef C2_ERR_H
#define C2_ERR_H

#include <stddef.h>

typedef enum c2_code {
	C2_OK = 0,
	C2_EIO,       /* could not open, read or write a file */
	C2_EFORMAT,   /* input is malformed */
	C2_ETOOBIG,   /* input larger than the sane cap */
	C2_ENOMEM,    /* allocation failed */
	C2_EINVAL,    /* caller passed a value outside the allowed range */
	C2_ECHECK     /* a consistency check failed (e.g. snapshot checksum) */
} c2_code;

typedef struct c2_err {
	c2_code code;
	long offset; /* byte offset in a binary input, or -1 */
	long line;   /* 1-based line in a text input, or 0 */
	int gene;    /* 0-based gene index, or -1 when not inside a gene */
	char msg[200];
} c2_err;

/* Clear `e` to "no error". `e` may be NULL. */
void c2_err_clear(c2_err *e);

/* Fill `e` (may be NULL) and return `code`, so a failing function can say
 * `return c2_fail(err, C2_EFORMAT, off, gene, "truncated %s gene", name);`. */
int c2_fail(c2_err *e, c2_code code, long offset, int gene, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;

/* As c2_fail, for text inputs: records a line instead of an offset. */
int c2_fail_line(c2_err *e, c2_code code, long line, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* Format `e` for a human: "PATH:OFFSET: gene N: reason", "PATH:LINE: reason"
 * or "PATH: reason". Always NUL-terminates `buf` (when cap > 0). */
void c2_err_format(const c2_err *e, const char *path, char *buf, size_t cap);

#endif
