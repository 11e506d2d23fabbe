/* reader.c — the bounded trace reader, CSV or NDJSON (formats in
 * reader.h). */
#include "trace/reader.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genome/vocab.h"
#include "trace/writer.h"

struct trace_reader {
	FILE *f;
	int own;                /* fclose f at the end (not stdin) */
	long lineno;
	char *buf;              /* TRACE_READER_LINE_MAX + 1 */
	int ncols;
	char **names;           /* header text of each column */
	char **labels;          /* legend name of each column */
	trace_reader_kind *kind;
	int *chem;              /* chemical of each chem: column, else -1 */
	int chem_col[256];      /* column of each chemical, or -1 */
	char **field;           /* the current line split, ncols + 1 slots */
	double prev_seconds;
	int have_prev;
	/* NDJSON: the keys and whether each value was a string, as split; the
	 * values in column order; per column the row that last set it; the
	 * columns sorted by name (to find a key); the first line, which is
	 * both the header and the first row. */
	int ndjson;
	char **key;
	unsigned char *isstr;
	char **row;
	unsigned char *rowstr;
	long *seen;
	int *by_name;
	char *first;
	size_t first_len;
};

static const char *const fixed_names[TRACE_READER_FIXED] = {
	"tick", "seconds", "stage", "alive", "action", "object",
};

/* What read_line found besides the text. */
enum { LINE_OK, LINE_EOF, LINE_TOO_LONG, LINE_NUL, LINE_IO };

/* Read one line into r->buf (its end and a CR before it stripped). A line
 * holding a NUL byte is read to its end and refused. A line too long is
 * refused at its first byte past the cap, the rest left unread: a device or
 * a pipe may never send a line end (/dev/zero), and reading on to find one
 * would never stop. */
static int read_line(trace_reader *r, size_t *len)
{
	size_t n = 0;
	int c, any = 0, too_long = 0, nul = 0;
	while ((c = getc_unlocked(r->f)) != EOF) {
		any = 1;
		if (c == '\n')
			break;
		if (c == '\0')
			nul = 1;
		if (n == TRACE_READER_LINE_MAX) {
			too_long = 1;
			break;
		}
		r->buf[n++] = (char)c;
	}
	if (ferror(r->f))
		return LINE_IO;
	if (!any)
		return LINE_EOF;
	r->lineno++;
	if (n > 0 && r->buf[n - 1] == '\r' && !too_long)
		n--;
	r->buf[n] = '\0';
	*len = n;
	return too_long ? LINE_TOO_LONG : nul ? LINE_NUL : LINE_OK;
}

/* Split r->buf[0..len) at commas into r->field, unquoting "..." fields in
 * place. At most max fields are kept; *nf counts all of them. Returns 0, or
 * -1 with the reason in why. */
static int split(trace_reader *r, size_t len, int max, int *nf, char *why, size_t whyn)
{
	char *p = r->buf, *end = r->buf + len;
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
			r->field[n] = start;
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

/* Split one NDJSON line, a flat object {"key": number or "string", ...},
 * in place into r->key / r->field / r->isstr (at most max pairs; *nf counts
 * them all). Returns 0, or -1 with the reason in why. */
static int split_json(trace_reader *r, size_t len, int max, int *nf, char *why, size_t whyn)
{
	char *p = r->buf, *end = r->buf + len;
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
			char *v;
			int str = p < end && *p == '"';
			char next;
			if (str) {
				v = json_string(&p, end, why, whyn);
				if (!v)
					return -1;
				p = skip_ws(p, end);
				next = p < end ? *p : '\0';
			} else {
				v = p;
				while (p < end && (strchr("+-.eE", *p) || (*p >= '0' && *p <= '9')))
					p++;
				if (!json_number(v, (size_t)(p - v))) {
					snprintf(why, whyn, "key '%.40s': the value is not a number or a string", k);
					return -1;
				}
				char *numend = p;
				p = skip_ws(p, end);
				next = p < end ? *p : '\0';
				*numend = '\0'; /* may overwrite next's byte: it was saved */
			}
			if (n < max) {
				r->key[n] = k;
				r->field[n] = v;
				r->isstr[n] = (unsigned char)str;
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

/* A column and its name, to sort the columns by name without a context
 * that qsort cannot pass (a global would be writable state in the core). */
typedef struct named_col {
	const char *name;
	int col;
} named_col;

/* By name, then by column: columns of one name in the order they came. */
static int by_name_cmp(const void *a, const void *b)
{
	const named_col *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->col > y->col) - (x->col < y->col);
}

/* The column for key on the current line: the first column of that name
 * the line has not filled yet (traces written before chemical labels were
 * unique have one key, "chem:Unknown Toxin", for several chemicals: the
 * k-th on a line is the k-th column), else the last of them (a repeat
 * then), or -1 when no column has that name. Binary search. */
static int column_of(const trace_reader *r, const char *key)
{
	int lo = 0, hi = r->ncols; /* the first entry whose name is >= key */
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (strcmp(r->names[r->by_name[mid]], key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	int c = -1;
	for (int k = lo; k < r->ncols && strcmp(r->names[r->by_name[k]], key) == 0; k++) {
		c = r->by_name[k];
		if (r->seen[c] != r->lineno)
			break;
	}
	return c;
}

/* Put the n pairs of an NDJSON line into column order (r->row), checking
 * that every key is a column, given once, and that no column is missing. */
static int json_row(trace_reader *r, int n, char *why, size_t whyn)
{
	for (int i = 0; i < n; i++) {
		int c = i < r->ncols && r->seen[i] != r->lineno && strcmp(r->key[i], r->names[i]) == 0
		            ? i
		            : column_of(r, r->key[i]);
		if (c < 0) {
			snprintf(why, whyn, "key '%.40s' is not in the first line", r->key[i]);
			return -1;
		}
		if (r->seen[c] == r->lineno) {
			snprintf(why, whyn, "key '%.40s' given twice", r->key[i]);
			return -1;
		}
		r->seen[c] = r->lineno;
		r->row[c] = r->field[i];
		r->rowstr[c] = r->isstr[i];
	}
	if (n != r->ncols)
		for (int c = 0; c < r->ncols; c++)
			if (r->seen[c] != r->lineno) {
				snprintf(why, whyn, "no key '%.40s' (every line has the first line's keys)",
				         r->names[c]);
				return -1;
			}
	return 0;
}

/* The first line's keys in the columns' order (the fixed six, the drives in
 * drive order, then lf: and chem: as they come), into r->field for
 * take_header. JSON objects are unordered; the columns are not. */
static int json_header(trace_reader *r, int n, trace_reader_err *e, int *nout);

static int has_prefix(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static char *dup_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

/* The chemical named s. Some names belong to several chemicals (236..239
 * are all "Unknown Toxin"): each further column of that name takes the
 * next one, so a header written from genome_vocab_name reads back. */
static int chem_by_name(const trace_reader *r, const char *s)
{
	int first = -1;
	size_t n = strlen(s);
	for (int c = 0; c < genome_chemicals.n; c++) {
		const char *name = genome_vocab_name(&genome_chemicals, c);
		if (!name || !genome_name_eq(s, n, name))
			continue;
		if (r->chem_col[c] < 0)
			return c;
		if (first < 0)
			first = c;
	}
	return first; /* all taken: reported as a repeat */
}

static void fail(trace_reader_err *e, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void fail(trace_reader_err *e, long line, const char *fmt, ...)
{
	va_list ap;
	e->line = line;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
}

/* Check the header's columns (in r->field[0..n)) and record them. */
static int take_header(trace_reader *r, int n, trace_reader_err *e)
{
	if (n < TRACE_READER_FIXED + GENOME_NDRIVES) {
		fail(e, 1, "header has %d columns; expected tick,seconds,stage,alive,action,object "
		           "and %d drive: columns at least", n, GENOME_NDRIVES);
		return -1;
	}
	r->ncols = n;
	r->names = calloc((size_t)n, sizeof *r->names);
	r->labels = calloc((size_t)n, sizeof *r->labels);
	r->kind = calloc((size_t)n, sizeof *r->kind);
	r->chem = calloc((size_t)n, sizeof *r->chem);
	if (!r->names || !r->labels || !r->kind || !r->chem) {
		fail(e, 1, "out of memory");
		return -1;
	}
	int stage = 0; /* 0 fixed/drives, 1 lf:, 2 chem: — the groups' order */
	for (int i = 0; i < n; i++) {
		char num[TRACE_SERIES_NAME_MAX];
		const char *h = r->field[i];
		const char *label = h;
		int chem = -1;
		trace_reader_kind k;
		if (i < TRACE_READER_FIXED) {
			if (strcmp(h, fixed_names[i]) != 0) {
				fail(e, 1, "column %d is '%.40s'; expected '%s'", i + 1, h, fixed_names[i]);
				return -1;
			}
			k = (trace_reader_kind)i;
		} else if (i < TRACE_READER_FIXED + GENOME_NDRIVES) {
			const char *want = genome_vocab_name(&genome_drives, i - TRACE_READER_FIXED);
			if (!has_prefix(h, "drive:") || !genome_name_eq(h + 6, strlen(h + 6), want)) {
				fail(e, 1, "column %d is '%.40s'; expected 'drive:%s'", i + 1, h, want);
				return -1;
			}
			k = TRACE_READER_DRIVE;
			label = h + 6;
		} else if (has_prefix(h, "lf:")) {
			if (stage > 1) {
				fail(e, 1, "column %d: '%.40s' after the chem: columns", i + 1, h);
				return -1;
			}
			if (!h[3]) {
				fail(e, 1, "column %d: lf: without an organ name", i + 1);
				return -1;
			}
			for (int j = TRACE_READER_FIXED + GENOME_NDRIVES; j < i; j++)
				if (genome_name_eq(h, strlen(h), r->names[j])) {
					fail(e, 1, "column %d: '%.40s' repeats column %d", i + 1, h, j + 1);
					return -1;
				}
			stage = 1;
			k = TRACE_READER_LF;
			label = h + 3;
		} else if (has_prefix(h, "chem:")) {
			const char *s = h + 5;
			chem = chem_by_name(r, s);
			if (chem < 0) /* a number, or a label "NAME N" */
				chem = trace_chem_find(s, strlen(s));
			if (chem < 0) {
				fail(e, 1, "column %d: unknown chemical '%.40s'", i + 1, s);
				return -1;
			}
			if (r->chem_col[chem] >= 0) {
				fail(e, 1, "column %d: '%.40s' repeats column %d", i + 1, h, r->chem_col[chem] + 1);
				return -1;
			}
			r->chem_col[chem] = i;
			stage = 2;
			k = TRACE_READER_CHEM;
			label = trace_chem_legend(chem, num, sizeof num);
		} else {
			fail(e, 1, "column %d: unknown column '%.40s' (expected drive:, lf: or chem:)", i + 1, h);
			return -1;
		}
		r->kind[i] = k;
		r->chem[i] = chem;
		r->names[i] = dup_str(h);
		r->labels[i] = dup_str(label);
		if (!r->names[i] || !r->labels[i]) {
			fail(e, 1, "out of memory");
			return -1;
		}
	}
	return 0;
}

static int json_header(trace_reader *r, int n, trace_reader_err *e, int *nout)
{
	unsigned char *used = calloc((size_t)n + 1, 1);
	char **hk = malloc(((size_t)n + 1) * sizeof *hk);
	if (!used || !hk) {
		free(used);
		free(hk);
		fail(e, 1, "out of memory");
		return -1;
	}
	int k = 0, rc = 0;
	for (int i = 0; i < TRACE_READER_FIXED + GENOME_NDRIVES && rc == 0; i++) {
		const char *drive = i < TRACE_READER_FIXED ? NULL : genome_vocab_name(&genome_drives, i - TRACE_READER_FIXED);
		int found = -1;
		for (int j = 0; j < n && found < 0; j++) {
			const char *key = r->key[j];
			if (used[j])
				continue;
			if (drive ? has_prefix(key, "drive:") && genome_name_eq(key + 6, strlen(key + 6), drive)
			          : strcmp(key, fixed_names[i]) == 0)
				found = j;
		}
		if (found < 0) {
			fail(e, 1, "no key '%s%s'", drive ? "drive:" : fixed_names[i], drive ? drive : "");
			rc = -1;
			break;
		}
		used[found] = 1;
		hk[k++] = r->key[found];
	}
	/* Then lf:, then chem:, then whatever else (take_header names it). */
	for (int pass = 0; pass < 3 && rc == 0; pass++)
		for (int j = 0; j < n; j++) {
			if (used[j])
				continue;
			int lf = has_prefix(r->key[j], "lf:"), chem = has_prefix(r->key[j], "chem:");
			if ((pass == 0 && lf) || (pass == 1 && chem) || (pass == 2 && !lf && !chem)) {
				used[j] = 1;
				hk[k++] = r->key[j];
			}
		}
	if (rc == 0) {
		memcpy(r->field, hk, (size_t)n * sizeof *hk);
		*nout = n;
	}
	free(used);
	free(hk);
	return rc;
}

/* NDJSON: the per-column arrays, and the columns sorted by name. */
static int json_alloc(trace_reader *r, trace_reader_err *e)
{
	size_t n = (size_t)r->ncols;
	r->row = calloc(n, sizeof *r->row);
	r->rowstr = calloc(n, 1);
	r->seen = calloc(n, sizeof *r->seen);
	r->by_name = malloc(n * sizeof *r->by_name);
	if (!r->row || !r->rowstr || !r->seen || !r->by_name) {
		fail(e, 1, "out of memory");
		return -1;
	}
	named_col *nc = malloc(n * sizeof *nc);
	if (!nc) {
		fail(e, 1, "out of memory");
		return -1;
	}
	for (int c = 0; c < r->ncols; c++)
		nc[c] = (named_col){r->names[c], c};
	qsort(nc, n, sizeof *nc, by_name_cmp);
	for (int c = 0; c < r->ncols; c++)
		r->by_name[c] = nc[c].col;
	free(nc);
	/* Keys of one name got past take_header only as chem: columns of
	 * distinct chemicals that share the name (chem_by_name): kept. */
	return 0;
}

trace_reader *trace_reader_open(const char *path, trace_reader_err *e)
{
	e->line = 0;
	e->msg[0] = '\0';
	trace_reader *r = calloc(1, sizeof *r);
	if (!r) {
		fail(e, 0, "out of memory");
		return NULL;
	}
	for (int c = 0; c < 256; c++)
		r->chem_col[c] = -1;
	r->buf = malloc(TRACE_READER_LINE_MAX + 1);
	r->field = malloc((TRACE_READER_COLS_MAX + 1) * sizeof *r->field);
	r->key = malloc((TRACE_READER_COLS_MAX + 1) * sizeof *r->key);
	r->isstr = malloc(TRACE_READER_COLS_MAX + 1);
	if (!r->buf || !r->field || !r->key || !r->isstr) {
		fail(e, 0, "out of memory");
		trace_reader_close(r);
		return NULL;
	}
	if (strcmp(path, "-") == 0) {
		r->f = stdin;
	} else {
		r->f = fopen(path, "rb");
		r->own = 1;
		if (!r->f) {
			fail(e, 0, "cannot open: %s", strerror(errno));
			trace_reader_close(r);
			return NULL;
		}
	}
	size_t len;
	int st = read_line(r, &len);
	int n = 0;
	char why[160];
	if (st == LINE_IO)
		fail(e, 0, "cannot read: %s", strerror(errno));
	else if (st == LINE_EOF)
		fail(e, 1, "empty file; expected a header line");
	else if (st == LINE_TOO_LONG)
		fail(e, 1, "header longer than %d bytes", TRACE_READER_LINE_MAX);
	else if (st == LINE_NUL)
		fail(e, 1, "NUL byte in the header");
	if (e->msg[0]) {
		trace_reader_close(r);
		return NULL;
	}
	/* A UTF-8 byte-order mark, as some spreadsheets write: not a column. */
	char *hdr = r->buf;
	if (len >= 3 && memcmp(hdr, "\xEF\xBB\xBF", 3) == 0) {
		memmove(hdr, hdr + 3, len - 2); /* with the terminating NUL */
		len -= 3;
	}
	/* NDJSON when the first line is an object: its keys name the columns,
	 * and it is the first row too (kept, as splitting decodes in place). */
	size_t lead = (size_t)(skip_ws(hdr, hdr + len) - hdr);
	r->ndjson = lead < len && hdr[lead] == '{';
	if (r->ndjson) {
		r->first = malloc(len + 1);
		if (!r->first) {
			fail(e, 1, "out of memory");
			trace_reader_close(r);
			return NULL;
		}
		memcpy(r->first, hdr, len + 1);
		r->first_len = len;
	}
	int rc = r->ndjson ? split_json(r, len, TRACE_READER_COLS_MAX, &n, why, sizeof why)
	                   : split(r, len, TRACE_READER_COLS_MAX, &n, why, sizeof why);
	if (rc != 0)
		fail(e, 1, "%s", why);
	else if (n > TRACE_READER_COLS_MAX)
		fail(e, 1, "header has %d columns; at most %d are allowed", n, TRACE_READER_COLS_MAX);
	else if ((!r->ndjson || json_header(r, n, e, &n) == 0) && take_header(r, n, e) == 0 &&
	         (!r->ndjson || json_alloc(r, e) == 0))
		return r;
	trace_reader_close(r);
	return NULL;
}

void trace_reader_close(trace_reader *r)
{
	if (!r)
		return;
	if (r->own && r->f)
		fclose(r->f);
	for (int i = 0; i < r->ncols; i++) {
		if (r->names)
			free(r->names[i]);
		if (r->labels)
			free(r->labels[i]);
	}
	free(r->names);
	free(r->labels);
	free(r->kind);
	free(r->chem);
	free(r->field);
	free(r->buf);
	free(r->key);
	free(r->isstr);
	free(r->row);
	free(r->rowstr);
	free(r->seen);
	free(r->by_name);
	free(r->first);
	free(r);
}

int trace_reader_ncols(const trace_reader *r)
{
	return r->ncols;
}

trace_reader_kind trace_reader_col_kind(const trace_reader *r, int col)
{
	return r->kind[col];
}

const char *trace_reader_col_name(const trace_reader *r, int col)
{
	return r->names[col];
}

const char *trace_reader_col_label(const trace_reader *r, int col)
{
	return r->labels[col];
}

int trace_reader_col_chem(const trace_reader *r, int col)
{
	return r->chem[col];
}

int trace_reader_chem_col(const trace_reader *r, int chem)
{
	return chem >= 0 && chem < 256 ? r->chem_col[chem] : -1;
}

long trace_reader_line(const trace_reader *r)
{
	return r->lineno;
}

static int is_numeric(trace_reader_kind k)
{
	return k == TRACE_READER_TICK || k == TRACE_READER_SECONDS || k == TRACE_READER_ALIVE ||
	       k == TRACE_READER_DRIVE || k == TRACE_READER_LF || k == TRACE_READER_CHEM;
}

/* A whole field as a finite number (no spaces, no hex, no inf/nan). */
static int parse_num(const char *s, double *out)
{
	if (!(*s >= '0' && *s <= '9') && *s != '-' && *s != '+' && *s != '.')
		return -1;
	for (const char *p = s; *p; p++)
		if (*p == 'x' || *p == 'X')
			return -1;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (*end || !isfinite(v) || (errno == ERANGE && fabs(v) > 1))
		return -1;
	*out = v;
	return 0;
}

/* Check one data line (already split into n fields); fill vals. */
static int take_row(trace_reader *r, char **f, int n, const int *cols, int ncols, float *vals,
                    double *secs, char *why, size_t whyn)
{
	if (n != r->ncols) {
		snprintf(why, whyn, "%d fields; the header has %d", n, r->ncols);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const char *s = f[i];
		double v = 0;
		/* NDJSON: words are strings, everything else a number. */
		int word = r->kind[i] == TRACE_READER_STAGE || r->kind[i] == TRACE_READER_ACTION ||
		           r->kind[i] == TRACE_READER_OBJECT;
		if (r->ndjson && r->rowstr[i] != word) {
			snprintf(why, whyn, "'%.40s' should be a %s", r->names[i], word ? "string" : "number");
			return -1;
		}
		switch (r->kind[i]) {
		case TRACE_READER_TICK:
			if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 19) {
				snprintf(why, whyn, "tick '%.40s' is not a whole number", s);
				return -1;
			}
			break;
		case TRACE_READER_SECONDS:
			if (parse_num(s, &v) != 0 || v < 0) {
				snprintf(why, whyn, "seconds '%.40s' is not a number >= 0", s);
				return -1;
			}
			if (r->have_prev && v < r->prev_seconds) {
				snprintf(why, whyn, "seconds %.40s is before the previous line's %g", s,
				         r->prev_seconds);
				return -1;
			}
			*secs = v;
			break;
		case TRACE_READER_ALIVE:
			if (strcmp(s, "0") != 0 && strcmp(s, "1") != 0) {
				snprintf(why, whyn, "alive '%.40s' is not 0 or 1", s);
				return -1;
			}
			break;
		case TRACE_READER_STAGE:
		case TRACE_READER_ACTION:
		case TRACE_READER_OBJECT:
			break; /* words: anything */
		case TRACE_READER_DRIVE:
		case TRACE_READER_LF:
		case TRACE_READER_CHEM:
			if (parse_num(s, &v) != 0 || fabs(v) > FLT_MAX) {
				snprintf(why, whyn, "column %d (%.40s): '%.40s' is not a number", i + 1,
				         r->names[i], s);
				return -1;
			}
			break;
		}
	}
	for (int j = 0; j < ncols; j++) {
		double v = 0;
		parse_num(f[cols[j]], &v); /* checked above */
		vals[j] = (float)v;
	}
	return 0;
}

/* Split a data line into the fields of its columns: r->field for CSV,
 * r->row (in column order) for NDJSON. Returns 0 with *n fields, or -1. */
static int split_row(trace_reader *r, size_t len, int *n, char *why, size_t whyn)
{
	if (!r->ndjson)
		return split(r, len, r->ncols + 1, n, why, whyn);
	if (split_json(r, len, r->ncols + 1, n, why, whyn) != 0)
		return -1;
	if (*n > r->ncols) {
		snprintf(why, whyn, "%d keys; the first line has %d", *n, r->ncols);
		return -1;
	}
	if (json_row(r, *n, why, whyn) != 0)
		return -1;
	*n = r->ncols;
	return 0;
}

static void ignore_report(void *ctx, long line, const char *reason)
{
	(void)ctx;
	(void)line;
	(void)reason;
}

long trace_reader_read(trace_reader *r, const int *cols, int ncols, trace_series *d,
                   trace_reader_report_fn report, void *ctx, long max_errors)
{
	if (!report)
		report = ignore_report;
	if (ncols != trace_series_nseries(d)) {
		report(ctx, r->lineno, "internal error: column count differs from the series count");
		return -1;
	}
	for (int j = 0; j < ncols; j++)
		if (cols[j] < 0 || cols[j] >= r->ncols || !is_numeric(r->kind[cols[j]])) {
			report(ctx, r->lineno, "internal error: a selected column is not numeric");
			return -1;
		}
	float *vals = malloc((size_t)(ncols > 0 ? ncols : 1) * sizeof *vals);
	if (!vals) {
		report(ctx, r->lineno, "out of memory");
		return -1;
	}
	long bad = 0;
	char why[256];
	for (;;) {
		size_t len;
		int st;
		if (r->first) { /* NDJSON: the first line is a row too */
			memcpy(r->buf, r->first, r->first_len + 1);
			len = r->first_len;
			st = LINE_OK;
			free(r->first);
			r->first = NULL;
		} else {
			st = read_line(r, &len);
		}
		if (st == LINE_EOF)
			break;
		if (st == LINE_IO) {
			snprintf(why, sizeof why, "read error: %s", strerror(errno));
			report(ctx, r->lineno + 1, why);
			free(vals);
			return -1;
		}
		int n = 0;
		double secs = 0;
		if (st == LINE_TOO_LONG) {
			/* Its end is not read: nothing after it can be trusted to
			 * start a line. */
			snprintf(why, sizeof why, "line longer than %d bytes; stopped reading",
			         TRACE_READER_LINE_MAX);
			report(ctx, r->lineno, why);
			bad++;
			break;
		}
		if (st == LINE_NUL)
			snprintf(why, sizeof why, "NUL byte in the line");
		else if (len == 0)
			continue; /* blank line */
		char **f = r->ndjson ? r->row : r->field;
		if (st == LINE_OK && split_row(r, len, &n, why, sizeof why) == 0 &&
		    take_row(r, f, n, cols, ncols, vals, &secs, why, sizeof why) == 0) {
			if (trace_series_push(d, secs, vals) != 0) {
				report(ctx, r->lineno, "out of memory");
				free(vals);
				return -1;
			}
			r->prev_seconds = secs;
			r->have_prev = 1;
			continue;
		}
		report(ctx, r->lineno, why);
		if (++bad >= max_errors) {
			report(ctx, r->lineno, "too many bad lines; stopped reading");
			break;
		}
	}
	free(vals);
	return bad;
}
