/* bytes.c — little-endian byte writer and bounded reader. */
#include "base/bytes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void c2_wbuf_free(c2_wbuf *w)
{
	free(w->data);
	w->data = NULL;
	w->len = w->cap = 0;
}

void c2_w_bytes(c2_wbuf *w, const void *p, size_t n)
{
	if (w->oom)
		return;
	if (w->len + n > w->cap) {
		size_t ncap = w->cap ? w->cap : 1024;
		while (ncap < w->len + n)
			ncap *= 2;
		uint8_t *nd = realloc(w->data, ncap);
		if (!nd) {
			w->oom = true;
			return;
		}
		w->data = nd;
		w->cap = ncap;
	}
	if (n)
		memcpy(w->data + w->len, p, n);
	w->len += n;
}

/* The writer's fixed-width fields are the sink's (one encoding). */
void c2_w_u8(c2_wbuf *w, uint8_t v) { c2_w_bytes(w, &v, 1); }
void c2_w_u16(c2_wbuf *w, uint16_t v) { c2_sink s = c2_sink_to(w); c2_put_u16(&s, v); }
void c2_w_u32(c2_wbuf *w, uint32_t v) { c2_sink s = c2_sink_to(w); c2_put_u32(&s, v); }
void c2_w_u64(c2_wbuf *w, uint64_t v) { c2_sink s = c2_sink_to(w); c2_put_u64(&s, v); }

void c2_w_printf(c2_wbuf *w, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof small) {
		c2_w_bytes(w, small, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (!big) {
		w->oom = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	c2_w_bytes(w, big, (size_t)n);
	free(big);
}

void c2_w_json_cstr(c2_wbuf *w, const char *s)
{
	c2_w_json_str(w, s, strlen(s), false);
}

void c2_w_str(c2_wbuf *w, const char *s)
{
	c2_w_bytes(w, s, strlen(s));
}

void c2_w_json_str(c2_wbuf *w, const char *s, size_t n, bool latin1)
{
	c2_w_u8(w, '"');
	for (size_t i = 0; i < n; i++) {
		uint8_t c = (uint8_t)s[i];
		if (c == '"' || c == '\\')
			c2_w_printf(w, "\\%c", c);
		else if (c < 0x20 || c == 0x7f || (c >= 0x80 && latin1))
			c2_w_printf(w, "\\u%04x", c);
		else
			c2_w_u8(w, c);
	}
	c2_w_u8(w, '"');
}

void c2_put(c2_sink *s, const void *p, size_t n)
{
	if (s->w)
		c2_w_bytes(s->w, p, n);
	else
		s->h = c2_hash_bytes(s->h, p, n);
}

static void put_le(c2_sink *s, uint64_t v, int n)
{
	uint8_t b[8];
	for (int i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	c2_put(s, b, (size_t)n);
}

void c2_put_u8(c2_sink *s, uint8_t v) { c2_put(s, &v, 1); }
void c2_put_u16(c2_sink *s, uint16_t v) { put_le(s, v, 2); }
void c2_put_u32(c2_sink *s, uint32_t v) { put_le(s, v, 4); }
void c2_put_u64(c2_sink *s, uint64_t v) { put_le(s, v, 8); }

void c2_put_f64(c2_sink *s, double v)
{
	uint64_t bits;
	memcpy(&bits, &v, sizeof bits);
	put_le(s, bits, 8);
}

bool c2_r_bytes(c2_rbuf *r, void *out, size_t n)
{
	if (r->bad || r->len - r->pos < n) {
		r->bad = true;
		memset(out, 0, n);
		return false;
	}
	memcpy(out, r->data + r->pos, n);
	r->pos += n;
	return true;
}

const uint8_t *c2_r_take(c2_rbuf *r, size_t n)
{
	if (r->bad || r->len - r->pos < n) {
		r->bad = true;
		return NULL;
	}
	const uint8_t *p = r->data + r->pos;
	r->pos += n;
	return p;
}

static uint64_t r_le(c2_rbuf *r, int n)
{
	uint8_t b[8];
	if (!c2_r_bytes(r, b, (size_t)n))
		return 0;
	uint64_t v = 0;
	for (int i = n - 1; i >= 0; i--)
		v = (v << 8) | b[i];
	return v;
}

uint8_t c2_r_u8(c2_rbuf *r) { return (uint8_t)r_le(r, 1); }
uint16_t c2_r_u16(c2_rbuf *r) { return (uint16_t)r_le(r, 2); }
uint32_t c2_r_u32(c2_rbuf *r) { return (uint32_t)r_le(r, 4); }
uint64_t c2_r_u64(c2_rbuf *r) { return r_le(r, 8); }

double c2_r_f64(c2_rbuf *r)
{
	uint64_t bits = r_le(r, 8);
	double v;
	memcpy(&v, &bits, sizeof v);
	return v;
}

uint32_t c2_r_count(c2_rbuf *r, uint32_t max)
{
	uint32_t n = c2_r_u32(r);
	if (n > max) {
		r->bad = true;
		return 0;
	}
	return n;
}
