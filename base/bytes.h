/* bytes.h — a growable little-endian byte writer and a bounded reader.
 *
 * Used by every module that saves state (snapshots): the writer appends
 * fixed-width little-endian fields; the reader fails (sticky error, no read
 * past the end) when the data is short, so a truncated or corrupted snapshot
 * can never make us read out of bounds. */
#ifndef C2_BYTES_H
#define C2_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/hash.h"

typedef struct c2_wbuf {
	uint8_t *data;
	size_t len, cap;
	bool oom; /* sticky: an allocation failed */
} c2_wbuf;

void c2_wbuf_free(c2_wbuf *w);
void c2_w_bytes(c2_wbuf *w, const void *p, size_t n);
void c2_w_u8(c2_wbuf *w, uint8_t v);
void c2_w_u16(c2_wbuf *w, uint16_t v);
void c2_w_u32(c2_wbuf *w, uint32_t v);
void c2_w_u64(c2_wbuf *w, uint64_t v);
/* Append formatted text (no NUL is appended). */
void c2_w_printf(c2_wbuf *w, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
void c2_w_str(c2_wbuf *w, const char *s);
/* Append s[0..n) as a quoted JSON string. Bytes >= 0x80 are copied as they
 * are (UTF-8), or, with latin1, escaped as the Latin-1 code points they are. */
void c2_w_json_str(c2_wbuf *w, const char *s, size_t n, bool latin1);
/* The same for a NUL-terminated UTF-8 string. */
void c2_w_json_cstr(c2_wbuf *w, const char *s);

/* A sink: one serializer that either appends to a c2_wbuf or, with w NULL,
 * folds the very same bytes into a 64-bit hash — so a state's hash covers
 * exactly what its snapshot holds, and hashing allocates nothing. */
typedef struct c2_sink {
	c2_wbuf *w;
	uint64_t h;
} c2_sink;

static inline c2_sink c2_sink_to(c2_wbuf *w)
{
	c2_sink s = {w, 0};
	return s;
}

static inline c2_sink c2_sink_hash(void)
{
	c2_sink s = {NULL, C2_HASH_INIT};
	return s;
}

void c2_put(c2_sink *s, const void *p, size_t n);
void c2_put_u8(c2_sink *s, uint8_t v);
void c2_put_u16(c2_sink *s, uint16_t v);
void c2_put_u32(c2_sink *s, uint32_t v);
void c2_put_u64(c2_sink *s, uint64_t v);
void c2_put_f64(c2_sink *s, double v); /* IEEE-754 bits, little-endian */

typedef struct c2_rbuf {
	const uint8_t *data;
	size_t len, pos;
	bool bad; /* sticky: a read ran past the end or a value was out of range */
} c2_rbuf;

static inline c2_rbuf c2_rbuf_make(const uint8_t *data, size_t len)
{
	c2_rbuf r = {data, len, 0, false};
	return r;
}

/* Each reader returns 0 (and sets r->bad) when fewer bytes remain. */
bool c2_r_bytes(c2_rbuf *r, void *out, size_t n);
/* The next n bytes in place (no copy), or NULL (and r->bad) when fewer remain. */
const uint8_t *c2_r_take(c2_rbuf *r, size_t n);
uint8_t c2_r_u8(c2_rbuf *r);
uint16_t c2_r_u16(c2_rbuf *r);
uint32_t c2_r_u32(c2_rbuf *r);
uint64_t c2_r_u64(c2_rbuf *r);
double c2_r_f64(c2_rbuf *r);

/* A u32 count that must be <= max (else r->bad); for sizing allocations
 * from untrusted data. */
uint32_t c2_r_count(c2_rbuf *r, uint32_t max);

#endif
