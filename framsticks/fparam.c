/* fparam.c — Framsticks property tables: parsing, clamping, single-line
 * load and save, with the SDK 5.0rc10's messages (see fparam.h). */
#include "framsticks/fparam.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- messages ---------------------------------------------------------------- */

char *frams_dup(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

void frams_log_add(frams_log *log, frams_level level, long line, const char *where,
                   const char *fmt, ...)
{
	if (log->n >= FRAMS_LOG_MAX) {
		log->dropped++;
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	int need = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *text = need >= 0 ? malloc((size_t)need + 1) : NULL;
	char *w = frams_dup(where, strlen(where));
	if (log->n == log->cap) {
		size_t cap = log->cap ? log->cap * 2 : 8;
		frams_msg *nv = realloc(log->v, cap * sizeof *nv);
		if (nv) {
			log->v = nv;
			log->cap = cap;
		}
	}
	if (!text || !w || log->n == log->cap) {
		free(text);
		free(w);
		log->oom = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(text, (size_t)need + 1, fmt, ap);
	va_end(ap);
	log->v[log->n++] = (frams_msg){level, line, w, text};
}

void frams_log_free(frams_log *log)
{
	for (size_t i = 0; i < log->n; i++) {
		free(log->v[i].where);
		free(log->v[i].text);
	}
	free(log->v);
	memset(log, 0, sizeof *log);
}

size_t frams_log_count(const frams_log *log, frams_level level)
{
	size_t k = 0;
	for (size_t i = 0; i < log->n; i++)
		k += log->v[i].level == level;
	return k;
}

/* ---- numbers ------------------------------------------------------------------ */

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* strtod needs a NUL-terminated string: copy the candidate bytes (only the
 * characters a number can contain, so the copy stays short). */
static size_t scan_decimal(const char *s, size_t n, double *out, bool *intlike)
{
	size_t m = 0;
	while (m < n && (isalnum((unsigned char)s[m]) || s[m] == '.' || s[m] == '+' ||
	                 s[m] == '-' || s[m] == '(' || s[m] == ')' || s[m] == '_'))
		m++;
	char small[64];
	char *buf = m < sizeof small ? small : malloc(m + 1);
	if (!buf)
		return 0;
	memcpy(buf, s, m);
	buf[m] = '\0';
	errno = 0;
	char *after;
	double v = strtod(buf, &after);
	size_t used = (size_t)(after - buf);
	int bad = errno != 0;
	bool special = memchr(buf, '.', used) || memchr(buf, 'e', used) || memchr(buf, 'E', used);
	if (buf != small)
		free(buf);
	if (used == 0 || bad)
		return 0;
	*out = v;
	*intlike = !special && v == floor(v) && v >= INT32_MIN && v <= INT32_MAX;
	return used;
}

size_t frams_parse_number(const char *s, size_t n, frams_num want, bool *is_int, long *i,
                          double *d)
{
	size_t p = 0;
	while (p < n && isspace((unsigned char)s[p]))
		p++;
	bool minus = p < n && s[p] == '-';
	size_t q = p + (p < n && (s[p] == '-' || s[p] == '+'));
	if (q + 1 < n && s[q] == '0' && (s[q + 1] == 'x' || s[q + 1] == 'X')) {
		/* The SDK reads hexadecimal as an unsigned 32-bit value (strtoul),
		 * negated when a minus precedes it. */
		q += 2;
		size_t start = q;
		uint64_t v = 0;
		while (q < n && hexval(s[q]) >= 0) {
			v = v * 16 + (uint64_t)hexval(s[q++]);
			if (v > 0xffffffffu)
				return 0;
		}
		if (q == start)
			return 0;
		if (want == FRAMS_NUM_DOUBLE) {
			*is_int = false;
			*d = minus ? -(double)v : (double)v;
		} else {
			uint32_t u = minus ? (uint32_t)(0u - (uint32_t)v) : (uint32_t)v;
			*is_int = true;
			*i = (long)(int32_t)u;
		}
		return q;
	}
	double v;
	bool intlike;
	size_t used = scan_decimal(s + p, n - p, &v, &intlike);
	if (used == 0)
		return 0;
	if (want == FRAMS_NUM_INT && !intlike)
		return 0;
	if (want != FRAMS_NUM_DOUBLE && intlike) {
		*is_int = true;
		*i = (long)v;
	} else {
		*is_int = false;
		*d = v;
	}
	return p + used;
}

bool frams_parse_double(const char *s, size_t n, double *out)
{
	bool is_int;
	long i;
	return n > 0 && frams_parse_number(s, n, FRAMS_NUM_DOUBLE, &is_int, &i, out) == n;
}

bool frams_parse_int(const char *s, size_t n, bool strict, long *out)
{
	bool is_int;
	long i = 0;
	double d = 0;
	if (n == 0 || frams_parse_number(s, n, strict ? FRAMS_NUM_INT : FRAMS_NUM_ANY, &is_int, &i,
	                                 &d) != n)
		return false;
	if (!is_int) {
		/* A lax integer takes a double's integral part, saturated to 32 bits. */
		if (!(d > INT32_MIN))
			d = d != d ? 0 : INT32_MIN;
		else if (d > INT32_MAX)
			d = INT32_MAX;
		i = (long)d;
	}
	*out = i;
	return true;
}

size_t frams_fmt_double(double d, char *buf)
{
	if (d != d)
		return (size_t)snprintf(buf, FRAMS_DBL_MAX, "nan");
	if (isinf(d))
		return (size_t)snprintf(buf, FRAMS_DBL_MAX, d < 0 ? "-inf" : "inf");
	for (int p = 15; p <= 17; p++) {
		snprintf(buf, FRAMS_DBL_MAX, "%.*g", p, d);
		if (strtod(buf, NULL) == d)
			break;
	}
	size_t n = strlen(buf);
	if (!strchr(buf, '.') && !strchr(buf, 'e')) {
		memcpy(buf + n, ".0", 3);
		n += 2;
	}
	return n;
}

/* ---- quoting ------------------------------------------------------------------ */

void frams_unquote(c2_wbuf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '\\') {
			if (++i >= n)
				break;
			c = s[i];
			c = c == 'n' ? '\n' : c == 'r' ? '\r' : c == 't' ? '\t' : c;
		}
		c2_w_u8(out, (uint8_t)c);
	}
}

void frams_quote(c2_wbuf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		const char *e = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n"
		              : c == '\r' ? "\\r" : c == '\t' ? "\\t" : NULL;
		if (e)
			c2_w_str(out, e);
		else
			c2_w_u8(out, (uint8_t)c);
	}
}

/* ---- property tables ----------------------------------------------------------- */

void frams_slots_init(const frams_class *c, frams_slot *v)
{
	for (size_t k = 0; k < c->n; k++)
		v[k] = (frams_slot){false, (long)c->props[k].def, c->props[k].def, NULL, 0};
}

void frams_slots_free(const frams_class *c, frams_slot *v)
{
	for (size_t k = 0; k < c->n; k++) {
		free(v[k].s);
		v[k].s = NULL;
	}
}

const char *frams_slot_str(const frams_class *c, const frams_slot *v, size_t k, size_t *len)
{
	const char *s = v[k].s ? v[k].s : c->props[k].sdef ? c->props[k].sdef : "";
	if (len)
		*len = v[k].s ? v[k].slen : strlen(s);
	return s;
}

int frams_find(const frams_class *c, const char *name, size_t len)
{
	for (size_t k = 0; k < c->n; k++)
		if (strlen(c->props[k].id) == len && memcmp(c->props[k].id, name, len) == 0)
			return (int)k;
	return -1;
}

/* The SDK's range warning (SimpleAbstractParam::messageOnExceedRange). */
static void range_msg(const frams_class *c, size_t k, bool big, const char *asked,
                      const char *got, frams_log *log, long line)
{
	frams_log_add(log, FRAMS_WARN, line, "Param.set",
	              "Setting %s.%s = '%s' exceeded allowed range (too %s). Adjusted to '%s'.",
	              c->name, c->props[k].id, asked, big ? "big" : "small", got);
}

static bool store_string(frams_slot *v, const char *s, size_t n)
{
	char *d = frams_dup(s, n);
	if (!d)
		return false;
	free(v->s);
	v->s = d;
	v->slen = n;
	return true;
}

bool frams_set(const frams_class *c, frams_slot *v, size_t k, const char *s, size_t n,
               bool strict, frams_log *log, long line)
{
	const frams_prop *p = &c->props[k];
	frams_slot *slot = &v[k];
	if (p->flags & FRAMS_READONLY) {
		/* The SDK parses an integer before it finds it cannot store it. */
		long x;
		if (p->type == 'd' && !frams_parse_int(s, n, strict, &x)) {
			frams_log_add(log, FRAMS_ERROR, line, "ExtValue.parseInt", "Could not parse '%.*s'%s",
			              (int)n, s, strict ? " (strict)" : "");
			return false;
		}
		return true;
	}
	slot->given = true;
	switch (p->type) {
	case 'd': {
		long x;
		if (!frams_parse_int(s, n, strict, &x)) {
			frams_log_add(log, FRAMS_ERROR, line, "ExtValue.parseInt", "Could not parse '%.*s'%s",
			              (int)n, s, strict ? " (strict)" : "");
			slot->i = (long)p->def;
			return false;
		}
		long lo = (long)p->min, hi = (long)p->max;
		if (p->ranged && lo <= hi && (x < lo || x > hi)) {
			char a[24], b[24];
			snprintf(a, sizeof a, "%ld", x);
			snprintf(b, sizeof b, "%ld", x < lo ? lo : hi);
			range_msg(c, k, x > hi, a, b, log, line);
			x = x < lo ? lo : hi;
		}
		slot->i = x;
		return true;
	}
	case 'f': {
		double x;
		if (!frams_parse_double(s, n, &x)) {
			frams_log_add(log, FRAMS_ERROR, line, "ExtValue.parseDouble", "Could not parse '%.*s'",
			              (int)n, s);
			slot->d = p->def;
			return false;
		}
		if (p->ranged && p->min <= p->max && (x < p->min || x > p->max)) {
			char a[FRAMS_DBL_MAX], b[FRAMS_DBL_MAX];
			double to = x < p->min ? p->min : p->max;
			frams_fmt_double(x, a);
			frams_fmt_double(to, b);
			range_msg(c, k, x > p->max, a, b, log, line);
			x = to;
		}
		slot->d = x;
		return true;
	}
	case 's':
		if (p->ranged && p->max > 0 && (double)n > p->max) {
			frams_log_add(log, FRAMS_WARN, line, "Param.set",
			              "Setting %s.%s = \"%.*s...\" exceeded allowed range (too long). "
			              "Truncated to %ld characters.",
			              c->name, p->id, n < 30 ? (int)n : 30, s, (long)p->max);
			n = (size_t)p->max;
		}
		if (!store_string(slot, s, n))
			log->oom = true;
		return true;
	case 'x':
	case 'o':
		if (!store_string(slot, s, n))
			log->oom = true;
		return true;
	default: /* procedures cannot be set from a file */
		return true;
	}
}

/* The closing quote of a quoted value starting after its opening quote, or
 * `end` when there is none; a backslash escapes the next character. */
static const char *skip_quoted(const char *t, const char *end)
{
	while (t < end) {
		if (*t == '"')
			return t;
		if (*t == '\\')
			t++;
		t++;
	}
	return end;
}

static const char *find_in(const char *t, const char *end, char ch)
{
	return t < end ? memchr(t, ch, (size_t)(end - t)) : NULL;
}

/* One field of a field list: where it ends (before its trailing blanks),
 * where the next one begins, its quotes (NULL: none) and its '=' (NULL:
 * none before the value). */
typedef struct field {
	const char *end, *next, *quote, *quote2, *equals;
} field;

/* The field that starts at t (not a blank) in a list that ends at end. */
static void find_field(const char *t, const char *end, field *f)
{
	f->end = find_in(t, end, ',');
	if (!f->end)
		f->end = end;
	f->next = f->end;
	while (f->end > t && (f->end[-1] == ' ' || f->end[-1] == '\t'))
		f->end--;
	f->quote = find_in(t, f->end, '"');
	f->quote2 = NULL;
	if (!f->quote) {
		f->equals = find_in(t, f->end, '=');
		return;
	}
	f->quote2 = skip_quoted(f->quote + 1, end);
	if (f->quote2 > f->end) {
		/* A quoted value runs over commas: the field ends at the first
		 * comma after the closing quote. */
		f->end = f->quote2 < end ? find_in(f->quote2 + 1, end, ',') : NULL;
		if (!f->end)
			f->end = end;
		f->next = f->end;
	}
	f->equals = find_in(t, f->quote, '=');
}

bool frams_load_line(const frams_class *c, frams_slot *v, const char *s, size_t n,
                     frams_log *log, long line)
{
	/* The field list is one line: anything from a line break on is not ours,
	 * and trailing line-break characters do not count. */
	const char *lf = memchr(s, '\n', n);
	const char *end = lf ? lf : s + n;
	while (end > s && (end[-1] == '\r' || end[-1] == '\n'))
		end--;
	bool failed = false;
	long i = 0; /* the property a bare value fills; -1 after an unknown name */
	const char *t = s;
	c2_wbuf tmp = {0};
	while (t < end) {
		while (t < end && isspace((unsigned char)*t))
			t++;
		if (t >= end)
			break;
		field f;
		find_field(t, end, &f);
		const char *field_end = f.end, *next_field = f.next;
		const char *quote = f.quote, *quote2 = f.quote2, *equals = f.equals;
		if (equals == t) { /* "=value": no name */
			t++;
			equals = NULL;
		}
		if (field_end == t) { /* an empty field skips one property (the SDK
		                       * counts on from 0 after an unknown name) */
			t++;
			i++;
			continue;
		}
		if (equals) {
			i = frams_find(c, t, (size_t)(equals - t));
			if (i < 0)
				frams_log_add(log, FRAMS_WARN, line, "Param.loadSingleLine",
				              "Unknown property '%s.%.*s' (ignored)", c->name, (int)(equals - t), t);
			t = equals + 1;
		} else if (i < 0) {
			frams_log_add(log, FRAMS_WARN, line, "Param.loadSingleLine",
			              "Missing property name in '%s' (value after an unknown property ignored)",
			              c->name);
		} else if ((size_t)i >= c->n) {
			frams_log_add(log, FRAMS_WARN, line, "Param.loadSingleLine",
			              "Value after the last property of '%s'", c->name);
		} else if (!(c->props[i].flags & FRAMS_CANOMITNAME)) {
			frams_log_add(log, FRAMS_WARN, line, "Param.loadSingleLine",
			              "Missing property name in '%s' (assuming '%s')", c->name,
			              c->props[i].id);
		}
		if (i >= 0 && (size_t)i < c->n) {
			bool ok;
			if (quote) {
				tmp.len = 0;
				frams_unquote(&tmp, quote + 1, (size_t)(quote2 - quote - 1));
				ok = frams_set(c, v, (size_t)i, tmp.len ? (const char *)tmp.data : "", tmp.len,
				               true, log, line);
			} else {
				ok = frams_set(c, v, (size_t)i, t, (size_t)(field_end - t), true, log, line);
			}
			failed |= !ok;
		}
		if (i >= 0)
			i++;
		t = next_field + 1;
	}
	if (tmp.oom)
		log->oom = true;
	c2_wbuf_free(&tmp);
	return !failed;
}

size_t frams_save_line(const frams_class *c, const frams_slot *v, int skip, c2_wbuf *out)
{
	bool needlabel = false;
	size_t written = 0;
	for (size_t k = 0; k < c->n; k++) {
		const frams_prop *p = &c->props[k];
		if ((p->flags & (FRAMS_DONTSAVE | skip)) || !strchr("dfs", p->type))
			continue;
		size_t len = 0;
		const char *str = p->type == 's' ? frams_slot_str(c, v, k, &len) : NULL;
		bool isdef = !(p->flags & FRAMS_NODEFAULT) &&
		             (p->type == 'd'   ? v[k].i == (long)p->def
		              : p->type == 'f' ? v[k].d == p->def
		                               : len == strlen(p->sdef) && memcmp(str, p->sdef, len) == 0);
		if (isdef) {
			needlabel = true;
			continue;
		}
		if (written++)
			c2_w_str(out, ", ");
		if (needlabel || !(p->flags & FRAMS_CANOMITNAME)) {
			c2_w_str(out, p->id);
			c2_w_u8(out, '=');
			needlabel = false;
		}
		char buf[FRAMS_DBL_MAX];
		if (p->type == 'd') {
			c2_w_printf(out, "%ld", v[k].i);
		} else if (p->type == 'f') {
			c2_w_bytes(out, buf, frams_fmt_double(v[k].d, buf));
		} else {
			bool q = false;
			for (size_t j = 0; j < len && !q; j++)
				q = strchr(", \\\n\r\t\"", str[j]) != NULL && str[j] != '\0';
			if (q)
				c2_w_u8(out, '"');
			if (q)
				frams_quote(out, str, len);
			else
				c2_w_bytes(out, str, len);
			if (q)
				c2_w_u8(out, '"');
		}
	}
	c2_w_u8(out, '\n');
	return written;
}
