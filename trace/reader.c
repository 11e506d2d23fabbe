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
#include "trace/internal.h"

struct trace_reader {
	FILE *f;
	int own;                /* fclose f at the end (not stdin) */
	long lineno;
	char *buf;              /* TRACE_READER_LINE_MAX + 1 */
	int ncols;
	char **names;           /* header text of each column */
	char **labels;          /* legend name of each column */
	trace_col *col;         /* the table's row of each column */
	int *chem;              /* chemical of each chem: column, else -1 */
	int chem_col[256];      /* column of each chemical, or -1 */
	char **field;           /* the current line split, ncols + 1 slots */
	double prev_seconds;
	int have_prev;
	/* NDJSON: the pairs as split; the values and their types in column
	 * order; per column the line that last set it; the columns sorted by
	 * name (to find a key); the first line, which is both the header and
	 * the first row. */
	int ndjson;
	trace_split_pairs pairs;
	char **row;
	unsigned char *rowtype;
	long *seen;
	int *by_name;
	char *first;
	size_t first_len;
	trace_reader_row_fn on_row; /* each good row's fields, or NULL */
	void *on_row_ctx;
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
		const char *key = r->pairs.key[i];
		int c = i < r->ncols && r->seen[i] != r->lineno && strcmp(key, r->names[i]) == 0
		            ? i
		            : column_of(r, key);
		if (c < 0) {
			snprintf(why, whyn, "key '%.40s' is not in the first line", key);
			return -1;
		}
		if (r->seen[c] == r->lineno) {
			snprintf(why, whyn, "key '%.40s' given twice", key);
			return -1;
		}
		r->seen[c] = r->lineno;
		r->row[c] = r->pairs.value[i];
		r->rowtype[c] = r->pairs.type[i];
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

/* ---- the header: the column table's order -------------------------------- */

/* The columns every trace has come first, in the table's order: its ALWAYS
 * rows, one column each but for a group of drives, one per drive. The k-th
 * of them: its row, and the drive's name after the row's prefix (NULL for
 * a column of its own); -1 past them. */
static int required_col(int k, const char **drive)
{
	for (int c = 0; c < TRACE_NCOLS; c++) {
		if (trace_columns[c].when != TRACE_WHEN_ALWAYS)
			continue;
		int n = trace_columns[c].group == TRACE_GROUP_DRIVES ? GENOME_NDRIVES : 1;
		if (k < n) {
			*drive = n > 1 ? genome_vocab_name(&genome_drives, k) : NULL;
			return c;
		}
		k -= n;
	}
	return -1;
}

static int required_count(void)
{
	int n = 0;
	const char *drive;
	while (required_col(n, &drive) >= 0)
		n++;
	return n;
}

/* Is header text h the k-th required column? */
static bool is_required(int k, const char *h)
{
	const char *drive;
	const trace_column *tc = &trace_columns[required_col(k, &drive)];
	if (!drive)
		return strcmp(h, tc->name) == 0;
	size_t n = strlen(tc->name);
	return strncmp(h, tc->name, n) == 0 && genome_name_eq(h + n, strlen(h + n), drive);
}

/* Does header text h belong to table row c (its name, or its prefix for a
 * group)? */
static bool row_matches(int c, const char *h)
{
	const trace_column *tc = &trace_columns[c];
	if (tc->group == TRACE_GROUP_ONE)
		return strcmp(h, tc->name) == 0;
	return strncmp(h, tc->name, strlen(tc->name)) == 0;
}

/* The table row of an optional column h, or -1 when it is none. */
static int optional_row(const char *h)
{
	for (int c = 0; c < TRACE_NCOLS; c++)
		if (trace_columns[c].when != TRACE_WHEN_ALWAYS && row_matches(c, h))
			return c;
	return -1;
}

/* The length of a column name's family: "chem:" of "chem:", "body:" of
 * "body:x". */
static size_t family_len(const char *name)
{
	const char *colon = strchr(name, ':');
	return colon ? (size_t)(colon - name) + 1 : strlen(name);
}

/* "lf:, chem:, body: or world:": the families of the optional columns,
 * for a message. */
static void families(char *buf, size_t cap)
{
	const char *fam[TRACE_NCOLS];
	size_t len[TRACE_NCOLS], n = 0, used = 0;
	for (int c = 0; c < TRACE_NCOLS; c++) {
		const char *name = trace_columns[c].name;
		size_t f = family_len(name);
		if (trace_columns[c].when != TRACE_WHEN_ALWAYS &&
		    !(n && len[n - 1] == f && !strncmp(fam[n - 1], name, f)))
			fam[n] = name, len[n++] = f;
	}
	buf[0] = '\0';
	for (size_t k = 0; k < n && used < cap; k++)
		used += (size_t)snprintf(buf + used, cap - used, "%s%.*s",
		                         k == 0 ? "" : k + 1 == n ? " or " : ", ", (int)len[k], fam[k]);
}

/* Required column i of the header (r->field[i]): *label gets its legend. */
static int take_required(trace_reader *r, int i, const char **label, trace_reader_err *e)
{
	const char *h = r->field[i], *drive;
	int c = required_col(i, &drive);
	if (!is_required(i, h)) {
		fail(e, 1, "column %d is '%.40s'; expected '%s%s'", i + 1, h, trace_columns[c].name,
		     drive ? drive : "");
		return -1;
	}
	r->col[i] = (trace_col)c;
	*label = drive ? h + strlen(trace_columns[c].name) : h;
	return 0;
}

/* Optional column i of the header (r->field[i]), of table row c: an organ
 * named once, a chemical once, any other column once. *label gets its
 * legend (num holds a chemical's). */
static int take_member(trace_reader *r, int i, int c, const char **label, char *num, size_t numn,
                       trace_reader_err *e)
{
	const char *h = r->field[i], *rest = h + strlen(trace_columns[c].name);
	*label = trace_columns[c].group == TRACE_GROUP_ONE ? h : rest;
	for (int j = 0; j < i && trace_columns[c].group != TRACE_GROUP_CHEMS; j++)
		if ((int)r->col[j] == c && genome_name_eq(h, strlen(h), r->names[j])) {
			fail(e, 1, "column %d: '%.40s' repeats column %d", i + 1, h, j + 1);
			return -1;
		}
	if (trace_columns[c].group == TRACE_GROUP_ORGANS && !*rest) {
		fail(e, 1, "column %d: %s without an organ name", i + 1, trace_columns[c].name);
		return -1;
	}
	if (trace_columns[c].group != TRACE_GROUP_CHEMS)
		return 0;
	int chem = chem_by_name(r, rest);
	if (chem < 0) /* a number, or a label "NAME N" */
		chem = trace_chem_find(rest, strlen(rest));
	if (chem < 0) {
		fail(e, 1, "column %d: unknown chemical '%.40s'", i + 1, rest);
		return -1;
	}
	if (r->chem_col[chem] >= 0) {
		fail(e, 1, "column %d: '%.40s' repeats column %d", i + 1, h, r->chem_col[chem] + 1);
		return -1;
	}
	r->chem_col[chem] = i;
	r->chem[i] = chem;
	*label = trace_chem_legend(chem, num, numn);
	return 0;
}

/* Optional column i of the header: a column of the table's, after those
 * before it in the table (*last: the row of the one before). */
static int take_optional(trace_reader *r, int i, int *last, const char **label, char *num,
                         size_t numn, trace_reader_err *e)
{
	const char *h = r->field[i];
	int c = optional_row(h);
	if (c < 0) {
		char fam[128];
		families(fam, sizeof fam);
		fail(e, 1, "column %d: unknown column '%.40s' (expected %s)", i + 1, h, fam);
		return -1;
	}
	if (c < *last && trace_columns[c].group == TRACE_GROUP_ONE) {
		for (int j = 0; j < i; j++)
			if ((int)r->col[j] == c) {
				fail(e, 1, "column %d: '%.40s' repeats column %d", i + 1, h, j + 1);
				return -1;
			}
	}
	if (c < *last) {
		const char *after = trace_columns[*last].name;
		size_t f = family_len(after);
		if (strncmp(h, after, f) != 0)
			fail(e, 1, "column %d: '%.40s' after the %.*s columns", i + 1, h, (int)f, after);
		else
			fail(e, 1, "column %d: '%.40s' after '%.40s'", i + 1, h, r->names[i - 1]);
		return -1;
	}
	*last = c;
	r->col[i] = (trace_col)c;
	return take_member(r, i, c, label, num, numn, e);
}

/* Check the header's columns (in r->field[0..n)) and record them. */
static int take_header(trace_reader *r, int n, trace_reader_err *e)
{
	int nreq = required_count();
	if (n < nreq) {
		fail(e, 1, "header has %d columns; expected tick,seconds,stage,alive,action,object "
		           "and %d drive: columns at least", n, GENOME_NDRIVES);
		return -1;
	}
	r->ncols = n;
	r->names = calloc((size_t)n, sizeof *r->names);
	r->labels = calloc((size_t)n, sizeof *r->labels);
	r->col = calloc((size_t)n, sizeof *r->col);
	r->chem = calloc((size_t)n, sizeof *r->chem);
	if (!r->names || !r->labels || !r->col || !r->chem) {
		fail(e, 1, "out of memory");
		return -1;
	}
	int last = 0;
	for (int i = 0; i < n; i++) {
		char num[TRACE_SERIES_NAME_MAX];
		const char *label;
		r->chem[i] = -1;
		if ((i < nreq ? take_required(r, i, &label, e)
		              : take_optional(r, i, &last, &label, num, sizeof num, e)) != 0)
			return -1;
		r->names[i] = dup_str(r->field[i]);
		r->labels[i] = dup_str(label);
		if (!r->names[i] || !r->labels[i]) {
			fail(e, 1, "out of memory");
			return -1;
		}
	}
	return 0;
}

/* The first line's keys in the columns' order, into r->field for
 * take_header: the required ones in theirs, then the others by the table's
 * rows, each row's as they come, and any unknown ones last (take_header
 * names them). JSON objects are unordered; the columns are not. */
static int json_header(trace_reader *r, int n, trace_reader_err *e)
{
	unsigned char *used = calloc((size_t)n + 1, 1);
	char **hk = malloc(((size_t)n + 1) * sizeof *hk);
	if (!used || !hk) {
		free(used);
		free(hk);
		fail(e, 1, "out of memory");
		return -1;
	}
	char **key = r->pairs.key;
	int k = 0, rc = 0, nreq = required_count();
	for (int i = 0; i < nreq && rc == 0; i++) {
		int found = -1;
		for (int j = 0; j < n && found < 0; j++)
			if (!used[j] && is_required(i, key[j]))
				found = j;
		if (found < 0) {
			const char *drive;
			int c = required_col(i, &drive);
			fail(e, 1, "no key '%s%s'", trace_columns[c].name, drive ? drive : "");
			rc = -1;
			break;
		}
		used[found] = 1;
		hk[k++] = key[found];
	}
	for (int c = 0; c <= TRACE_NCOLS && rc == 0; c++)
		for (int j = 0; j < n; j++)
			if (!used[j] && (c == TRACE_NCOLS || optional_row(key[j]) == c)) {
				used[j] = 1;
				hk[k++] = key[j];
			}
	if (rc == 0)
		memcpy(r->field, hk, (size_t)n * sizeof *hk);
	free(used);
	free(hk);
	return rc;
}

/* NDJSON: the per-column arrays, and the columns sorted by name. */
static int json_alloc(trace_reader *r, trace_reader_err *e)
{
	size_t n = (size_t)r->ncols;
	r->row = calloc(n, sizeof *r->row);
	r->rowtype = calloc(n, 1);
	r->seen = calloc(n, sizeof *r->seen);
	r->by_name = malloc(n * sizeof *r->by_name);
	named_col *nc = malloc(n * sizeof *nc);
	if (!r->row || !r->rowtype || !r->seen || !r->by_name || !nc) {
		free(nc);
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

/* The reader of path ("-": standard input) with its buffers, before the
 * header is read; NULL with *e filled. */
static trace_reader *reader_new(const char *path, trace_reader_err *e)
{
	trace_reader *r = calloc(1, sizeof *r);
	if (!r) {
		fail(e, 0, "out of memory");
		return NULL;
	}
	for (int c = 0; c < 256; c++)
		r->chem_col[c] = -1;
	size_t slots = TRACE_READER_COLS_MAX + 1;
	r->buf = malloc(TRACE_READER_LINE_MAX + 1);
	r->field = malloc(slots * sizeof *r->field);
	r->pairs.key = malloc(slots * sizeof *r->pairs.key);
	r->pairs.value = malloc(slots * sizeof *r->pairs.value);
	r->pairs.type = malloc(slots);
	if (!r->buf || !r->field || !r->pairs.key || !r->pairs.value || !r->pairs.type) {
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
	return r;
}

/* Read the header line into r->buf: 0 with its length, or -1 with *e. */
static int read_header_line(trace_reader *r, size_t *len, trace_reader_err *e)
{
	int st = read_line(r, len);
	if (st == LINE_IO)
		fail(e, 0, "cannot read: %s", strerror(errno));
	else if (st == LINE_EOF)
		fail(e, 1, "empty file; expected a header line");
	else if (st == LINE_TOO_LONG)
		fail(e, 1, "header longer than %d bytes", TRACE_READER_LINE_MAX);
	else if (st == LINE_NUL)
		fail(e, 1, "NUL byte in the header");
	else
		return 0;
	return -1;
}

trace_reader *trace_reader_open(const char *path, trace_reader_err *e)
{
	e->line = 0;
	e->msg[0] = '\0';
	trace_reader *r = reader_new(path, e);
	size_t len;
	if (!r || read_header_line(r, &len, e) != 0) {
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
	r->ndjson = trace_split_is_json(hdr, len);
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
	int n = 0;
	char why[160];
	int rc = r->ndjson
	             ? trace_split_json(hdr, len, &r->pairs, TRACE_READER_COLS_MAX, &n, why, sizeof why)
	             : trace_split_csv(hdr, len, r->field, TRACE_READER_COLS_MAX, &n, why, sizeof why);
	if (rc != 0)
		fail(e, 1, "%s", why);
	else if (n > TRACE_READER_COLS_MAX)
		fail(e, 1, "header has %d columns; at most %d are allowed", n, TRACE_READER_COLS_MAX);
	else if ((!r->ndjson || json_header(r, n, e) == 0) && take_header(r, n, e) == 0 &&
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
	free(r->col);
	free(r->chem);
	free(r->field);
	free(r->buf);
	free(r->pairs.key);
	free(r->pairs.value);
	free(r->pairs.type);
	free(r->row);
	free(r->rowtype);
	free(r->seen);
	free(r->by_name);
	free(r->first);
	free(r);
}

int trace_reader_ncols(const trace_reader *r)
{
	return r->ncols;
}

trace_col trace_reader_col(const trace_reader *r, int col)
{
	return r->col[col];
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

/* "lf:organK" (K a whole number), the name organ K's column had before
 * organs had names: K, or -1 for another name. */
static long organ_alias(const char *s, size_t n)
{
	static const char prefix[] = "lf:organ";
	size_t p = sizeof prefix - 1;
	if (n <= p || n > p + 6 || !genome_name_eq(s, p, prefix))
		return -1;
	long k = 0;
	for (size_t i = p; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		k = k * 10 + (s[i] - '0');
	}
	return k;
}

int trace_reader_col_find(const trace_reader *r, const char *s, size_t n)
{
	for (int c = 0; c < r->ncols; c++)
		if (genome_name_eq(s, n, r->names[c]))
			return c;
	/* An old name of a named organ: the lf: columns are every organ's in
	 * organ order (lf:body is organ 0), so organ K's is the K-th of them. */
	long k = organ_alias(s, n);
	for (int c = 0; k >= 0 && c < r->ncols; c++)
		if (r->col[c] == TRACE_COL_LF && k-- == 0)
			return c;
	return -1;
}

void trace_reader_on_row(trace_reader *r, trace_reader_row_fn fn, void *ctx)
{
	r->on_row = fn;
	r->on_row_ctx = ctx;
}

long trace_reader_line(const trace_reader *r)
{
	return r->lineno;
}

/* ---- the rows --------------------------------------------------------------- */

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

/* Check value s of column i as its kind says; the seconds go to *secs. */
static int take_value(trace_reader *r, int i, const char *s, double *secs, char *why, size_t whyn)
{
	trace_kind kind = trace_columns[r->col[i]].kind;
	double v = 0;
	/* NDJSON: words are strings, everything else a number (or null, for
	 * nothing in a GAP column). */
	if (r->ndjson) {
		int want = kind == TRACE_KIND_WORD ? TRACE_SPLIT_STRING : TRACE_SPLIT_NUMBER;
		int type = r->rowtype[i];
		if (type != want && !(kind == TRACE_KIND_GAP && type == TRACE_SPLIT_NULL)) {
			snprintf(why, whyn, "'%.40s' should be a %s", r->names[i],
			         want == TRACE_SPLIT_STRING ? "string" : "number");
			return -1;
		}
	}
	switch (kind) {
	case TRACE_KIND_TICK:
		if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 19) {
			snprintf(why, whyn, "tick '%.40s' is not a whole number", s);
			return -1;
		}
		break;
	case TRACE_KIND_SECONDS:
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
	case TRACE_KIND_ALIVE:
		if (strcmp(s, "0") != 0 && strcmp(s, "1") != 0) {
			snprintf(why, whyn, "alive '%.40s' is not 0 or 1", s);
			return -1;
		}
		break;
	case TRACE_KIND_WORD:
		break; /* words: anything */
	case TRACE_KIND_GAP:
	case TRACE_KIND_NUMBER:
		if (kind == TRACE_KIND_GAP && !*s)
			break; /* nothing: a gap */
		if (parse_num(s, &v) != 0 || fabs(v) > FLT_MAX) {
			snprintf(why, whyn, "column %d (%.40s): '%.40s' is not a number", i + 1,
			         r->names[i], s);
			return -1;
		}
		break;
	}
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
	for (int i = 0; i < n; i++)
		if (take_value(r, i, f[i], secs, why, whyn) != 0)
			return -1;
	for (int j = 0; j < ncols; j++) {
		double v = 0;
		vals[j] = parse_num(f[cols[j]], &v) == 0 ? (float)v : NAN; /* checked above */
	}
	return 0;
}

/* Split a data line into the fields of its columns: r->field for CSV,
 * r->row (in column order) for NDJSON. Returns 0 with *n fields, or -1. */
static int split_row(trace_reader *r, size_t len, int *n, char *why, size_t whyn)
{
	if (!r->ndjson)
		return trace_split_csv(r->buf, len, r->field, r->ncols + 1, n, why, whyn);
	if (trace_split_json(r->buf, len, &r->pairs, r->ncols + 1, n, why, whyn) != 0)
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
	if (d ? ncols != trace_series_nseries(d) : ncols != 0) {
		report(ctx, r->lineno, "internal error: column count differs from the series count");
		return -1;
	}
	for (int j = 0; j < ncols; j++)
		if (cols[j] < 0 || cols[j] >= r->ncols || trace_columns[r->col[cols[j]]].kind == TRACE_KIND_WORD) {
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
			if (r->on_row)
				r->on_row(r->on_row_ctx, secs, (const char *const *)f);
			if (d && trace_series_push(d, secs, vals) != 0) {
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
