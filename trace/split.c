/* split.c — one line of a trace into its fields, CSV or a flat JSON
 * object, in place (internal.h). */
#include "trace/internal.h"

#include <stdio.h>
#include <string.h>

int trace_split_csv(char *buf, size_t len, char **field, int max, int *nf, char *why,
                    size_t whyn)
{
	char *p = buf, *end = buf + len;
	int n = 0;
	for (;;) {
		char *start = p, *out = p;
		if (p < end && *p == '"') {
			p++;
			for (;;) {
				if (p >= end) {
					snprintf(why, whyn, "field %d: unterminated quoted field", n + 1);
					return -1;
				}
				if (*p == '"') {
					if (p + 1 < end && p[1] == '"') {
						*out++ = '"';
						p += 2;
						continue;
					}
					p++;
					break;
				}
				*out++ = *p++;
			}
			if (p < end && *p != ',') {
				snprintf(why, whyn, "field %d: text after the closing quote", n + 1);
				return -1;
			}
		} else {
			while (p < end && *p != ',') {
				if (*p == '"') {
					snprintf(why, whyn, "field %d: quote inside an unquoted field", n + 1);
					return -1;
				}
				p++;
			}
			out = p;
		}
		int more = p < end; /* p is at a comma */
		*out = '\0';
		if (n < max)
			field[n] = start;
		n++;
		if (!more)
			break;
		p++;
	}
	*nf = n;
	return 0;
}

/* ---- NDJSON ----------------------------------------------------------------- */

static char *skip_ws(char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++;
	return p;
}

static int hex4(const char *p, const char *end, unsigned *out)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		if (p + i >= end)
			return -1;
		char c = p[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/* A JSON string at *pp (on its opening quote), decoded in place: the
 * decoded text never outgrows the escaped one. Returns its start, or NULL
 * with why. *pp ends after the closing quote. */
static char *json_string(char **pp, const char *end, char *why, size_t whyn)
{
	char *p = *pp + 1, *start = p, *out = p;
	for (;;) {
		if (p >= end) {
			snprintf(why, whyn, "unterminated string");
			return NULL;
		}
		unsigned char c = (unsigned char)*p;
		if (c == '"')
			break;
		if (c < 0x20) {
			snprintf(why, whyn, "control byte 0x%02x inside a string", c);
			return NULL;
		}
		if (c != '\\') {
			*out++ = *p++;
			continue;
		}
		if (p + 1 >= end) {
			snprintf(why, whyn, "unterminated string");
			return NULL;
		}
		char e = p[1];
		p += 2;
		const char *simple = strchr("\"\\/bfnrt", e);
		if (e && simple) {
			*out++ = "\"\\/\b\f\n\r\t"[simple - "\"\\/bfnrt"];
			continue;
		}
		unsigned u;
		if (e != 'u' || hex4(p, end, &u) != 0) {
			snprintf(why, whyn, "bad escape in a string");
			return NULL;
		}
		p += 4;
		if (u >= 0xd800 && u < 0xdc00) { /* a surrogate pair */
			unsigned lo;
			if (p + 6 > end || p[0] != '\\' || p[1] != 'u' || hex4(p + 2, end, &lo) != 0 ||
			    lo < 0xdc00 || lo >= 0xe000) {
				snprintf(why, whyn, "lone UTF-16 surrogate in a string");
				return NULL;
			}
			p += 6;
			u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
		} else if (u >= 0xdc00 && u < 0xe000) {
			snprintf(why, whyn, "lone UTF-16 surrogate in a string");
			return NULL;
		}
		if (u == 0) {
			snprintf(why, whyn, "NUL (\\u0000) inside a string");
			return NULL;
		}
		if (u < 0x80) {
			*out++ = (char)u;
		} else if (u < 0x800) {
			*out++ = (char)(0xc0 | (u >> 6));
			*out++ = (char)(0x80 | (u & 0x3f));
		} else if (u < 0x10000) {
			*out++ = (char)(0xe0 | (u >> 12));
			*out++ = (char)(0x80 | ((u >> 6) & 0x3f));
			*out++ = (char)(0x80 | (u & 0x3f));
		} else {
			*out++ = (char)(0xf0 | (u >> 18));
			*out++ = (char)(0x80 | ((u >> 12) & 0x3f));
			*out++ = (char)(0x80 | ((u >> 6) & 0x3f));
			*out++ = (char)(0x80 | (u & 0x3f));
		}
	}
	*out = '\0';
	*pp = p + 1;
	return start;
}

/* Does s[0..n) follow JSON's number grammar? */
static int json_number(const char *s, size_t n)
{
	const char *p = s, *end = s + n;
	if (p < end && *p == '-')
		p++;
	if (p < end && *p == '0')
		p++;
	else if (p < end && *p >= '1' && *p <= '9')
		while (p < end && *p >= '0' && *p <= '9')
			p++;
	else
		return 0;
	if (p < end && *p == '.') {
		p++;
		if (p >= end || !(*p >= '0' && *p <= '9'))
			return 0;
		while (p < end && *p >= '0' && *p <= '9')
			p++;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		if (p >= end || !(*p >= '0' && *p <= '9'))
			return 0;
		while (p < end && *p >= '0' && *p <= '9')
			p++;
	}
	return p == end;
}

/* The value at *p: a string, null or a number, NUL-terminated in place,
 * its type in *type. *pp ends after it, and *next is the byte after it (a
 * ',' or '}' in a good line, saved before the terminating NUL may overwrite
 * it). Returns the value, or NULL with why. */
static char *json_value(char **pp, const char *end, const char *key, unsigned char *type,
                        char *next, char *why, size_t whyn)
{
	char *p = *pp, *v;
	if (p < end && *p == '"') {
		if (!(v = json_string(&p, end, why, whyn)))
			return NULL;
		*type = TRACE_SPLIT_STRING;
		p = skip_ws(p, end);
		*next = p < end ? *p : '\0';
		*pp = p;
		return v;
	}
	v = p;
	if (end - p >= 4 && memcmp(p, "null", 4) == 0) {
		p += 4;
		*type = TRACE_SPLIT_NULL;
	} else {
		while (p < end && (strchr("+-.eE", *p) || (*p >= '0' && *p <= '9')))
			p++;
		if (!json_number(v, (size_t)(p - v))) {
			snprintf(why, whyn, "key '%.40s': the value is not a number or a string", key);
			return NULL;
		}
		*type = TRACE_SPLIT_NUMBER;
	}
	char *vend = p;
	p = skip_ws(p, end);
	*next = p < end ? *p : '\0';
	*vend = '\0'; /* may overwrite next's byte: it was saved */
	if (*type == TRACE_SPLIT_NULL)
		v[0] = '\0';
	*pp = p;
	return v;
}

int trace_split_json(char *buf, size_t len, trace_split_pairs *out, int max, int *nf, char *why,
                     size_t whyn)
{
	char *p = buf, *end = buf + len;
	int n = 0;
	p = skip_ws(p, end);
	if (p >= end || *p != '{') {
		snprintf(why, whyn, "expected a JSON object '{...}' on every line");
		return -1;
	}
	p = skip_ws(p + 1, end);
	if (p < end && *p == '}') {
		p++;
	} else {
		for (;;) {
			if (p >= end || *p != '"') {
				snprintf(why, whyn, "pair %d: expected a \"key\"", n + 1);
				return -1;
			}
			char *k = json_string(&p, end, why, whyn);
			if (!k)
				return -1;
			p = skip_ws(p, end);
			if (p >= end || *p != ':') {
				snprintf(why, whyn, "key '%.40s': expected ':'", k);
				return -1;
			}
			p = skip_ws(p + 1, end);
			unsigned char type;
			char next;
			char *v = json_value(&p, end, k, &type, &next, why, whyn);
			if (!v)
				return -1;
			if (n < max) {
				out->key[n] = k;
				out->value[n] = v;
				out->type[n] = type;
			}
			n++;
			if (next == ',') {
				p = skip_ws(p + 1, end);
				continue;
			}
			if (next == '}') {
				p++;
				break;
			}
			snprintf(why, whyn, "key '%.40s': expected ',' or '}' after the value", k);
			return -1;
		}
	}
	p = skip_ws(p, end);
	if (p < end) {
		snprintf(why, whyn, "text after the closing '}'");
		return -1;
	}
	*nf = n;
	return 0;
}

bool trace_split_is_json(const char *buf, size_t len)
{
	size_t i = 0;
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r'))
		i++;
	return i < len && buf[i] == '{';
}
