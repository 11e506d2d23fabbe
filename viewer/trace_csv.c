/* trace_csv.c — the bounded trace CSV reader (format in trace_csv.h). */
#include "viewer/trace_csv.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genome/vocab.h"

struct plot_csv {
	FILE *f;
	int own;                /* fclose f at the end (not stdin) */
	long lineno;
	char *buf;              /* PLOT_CSV_LINE_MAX + 1 */
	int ncols;
	char **names;           /* header text of each column */
	char **labels;          /* legend name of each column */
	plot_csv_kind *kind;
	int *chem;              /* chemical of each chem: column, else -1 */
	int chem_col[256];      /* column of each chemical, or -1 */
	char **field;           /* the current line split, ncols + 1 slots */
	double prev_seconds;
	int have_prev;
};

static const char *const fixed_names[PLOT_CSV_FIXED] = {
	"tick", "seconds", "stage", "alive", "action", "object",
};

/* What read_line found besides the text. */
enum { LINE_OK, LINE_EOF, LINE_TOO_LONG, LINE_NUL, LINE_IO };

/* Read one line into r->buf (its end and a CR before it stripped). A line
 * too long or holding a NUL byte is read to its end and refused. */
static int read_line(plot_csv *r, size_t *len)
{
	size_t n = 0;
	int c, any = 0, too_long = 0, nul = 0;
	while ((c = getc_unlocked(r->f)) != EOF) {
		any = 1;
		if (c == '\n')
			break;
		if (c == '\0')
			nul = 1;
		if (n < PLOT_CSV_LINE_MAX)
			r->buf[n++] = (char)c;
		else
			too_long = 1;
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
static int split(plot_csv *r, size_t len, int max, int *nf, char *why, size_t whyn)
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

/* A whole decimal number 0..255 (the chemicals without a name). */
static int chem_number(const char *s)
{
	int v = 0;
	if (!*s || strlen(s) > 3)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (*s - '0');
	}
	return v <= 255 ? v : -1;
}

/* The chemical named s. Some names belong to several chemicals (236..239
 * are all "Unknown Toxin"): each further column of that name takes the
 * next one, so a header written from c2_vocab_name reads back. */
static int chem_by_name(const plot_csv *r, const char *s)
{
	int first = -1;
	size_t n = strlen(s);
	for (int c = 0; c < c2_chemicals.n; c++) {
		const char *name = c2_vocab_name(&c2_chemicals, c);
		if (!name || !c2_name_eq(s, n, name))
			continue;
		if (r->chem_col[c] < 0)
			return c;
		if (first < 0)
			first = c;
	}
	return first; /* all taken: reported as a repeat */
}

static void fail(plot_csv_err *e, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void fail(plot_csv_err *e, long line, const char *fmt, ...)
{
	va_list ap;
	e->line = line;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
}

/* Check the header's columns (in r->field[0..n)) and record them. */
static int take_header(plot_csv *r, int n, plot_csv_err *e)
{
	if (n < PLOT_CSV_FIXED + C2_NDRIVES) {
		fail(e, 1, "header has %d columns; expected tick,seconds,stage,alive,action,object "
		           "and %d drive: columns at least", n, C2_NDRIVES);
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
		char num[PLOT_NAME_MAX];
		const char *h = r->field[i];
		const char *label = h;
		int chem = -1;
		plot_csv_kind k;
		if (i < PLOT_CSV_FIXED) {
			if (strcmp(h, fixed_names[i]) != 0) {
				fail(e, 1, "column %d is '%.40s'; expected '%s'", i + 1, h, fixed_names[i]);
				return -1;
			}
			k = (plot_csv_kind)i;
		} else if (i < PLOT_CSV_FIXED + C2_NDRIVES) {
			const char *want = c2_vocab_name(&c2_drives, i - PLOT_CSV_FIXED);
			if (!has_prefix(h, "drive:") || !c2_name_eq(h + 6, strlen(h + 6), want)) {
				fail(e, 1, "column %d is '%.40s'; expected 'drive:%s'", i + 1, h, want);
				return -1;
			}
			k = PLOT_CSV_DRIVE;
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
			for (int j = PLOT_CSV_FIXED + C2_NDRIVES; j < i; j++)
				if (c2_name_eq(h, strlen(h), r->names[j])) {
					fail(e, 1, "column %d: '%.40s' repeats column %d", i + 1, h, j + 1);
					return -1;
				}
			stage = 1;
			k = PLOT_CSV_LF;
			label = h + 3;
		} else if (has_prefix(h, "chem:")) {
			const char *s = h + 5;
			chem = chem_by_name(r, s);
			if (chem < 0)
				chem = chem_number(s);
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
			k = PLOT_CSV_CHEM;
			label = plot_chem_label(chem, num, sizeof num);
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

plot_csv *plot_csv_open(const char *path, plot_csv_err *e)
{
	e->line = 0;
	e->msg[0] = '\0';
	plot_csv *r = calloc(1, sizeof *r);
	if (!r) {
		fail(e, 0, "out of memory");
		return NULL;
	}
	for (int c = 0; c < 256; c++)
		r->chem_col[c] = -1;
	r->buf = malloc(PLOT_CSV_LINE_MAX + 1);
	r->field = malloc((PLOT_CSV_COLS_MAX + 1) * sizeof *r->field);
	if (!r->buf || !r->field) {
		fail(e, 0, "out of memory");
		plot_csv_close(r);
		return NULL;
	}
	if (strcmp(path, "-") == 0) {
		r->f = stdin;
	} else {
		r->f = fopen(path, "rb");
		r->own = 1;
		if (!r->f) {
			fail(e, 0, "cannot open: %s", strerror(errno));
			plot_csv_close(r);
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
		fail(e, 1, "header longer than %d bytes", PLOT_CSV_LINE_MAX);
	else if (st == LINE_NUL)
		fail(e, 1, "NUL byte in the header");
	if (e->msg[0]) {
		plot_csv_close(r);
		return NULL;
	}
	/* A UTF-8 byte-order mark, as some spreadsheets write: not a column. */
	char *hdr = r->buf;
	if (len >= 3 && memcmp(hdr, "\xEF\xBB\xBF", 3) == 0) {
		memmove(hdr, hdr + 3, len - 2); /* with the terminating NUL */
		len -= 3;
	}
	if (split(r, len, PLOT_CSV_COLS_MAX, &n, why, sizeof why) != 0)
		fail(e, 1, "%s", why);
	else if (n > PLOT_CSV_COLS_MAX)
		fail(e, 1, "header has %d columns; at most %d are allowed", n, PLOT_CSV_COLS_MAX);
	else if (take_header(r, n, e) == 0)
		return r;
	plot_csv_close(r);
	return NULL;
}

void plot_csv_close(plot_csv *r)
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
	free(r);
}

int plot_csv_ncols(const plot_csv *r)
{
	return r->ncols;
}

plot_csv_kind plot_csv_col_kind(const plot_csv *r, int col)
{
	return r->kind[col];
}

const char *plot_csv_col_name(const plot_csv *r, int col)
{
	return r->names[col];
}

const char *plot_csv_col_label(const plot_csv *r, int col)
{
	return r->labels[col];
}

int plot_csv_col_chem(const plot_csv *r, int col)
{
	return r->chem[col];
}

int plot_csv_chem_col(const plot_csv *r, int chem)
{
	return chem >= 0 && chem < 256 ? r->chem_col[chem] : -1;
}

long plot_csv_line(const plot_csv *r)
{
	return r->lineno;
}

static int is_numeric(plot_csv_kind k)
{
	return k == PLOT_CSV_TICK || k == PLOT_CSV_SECONDS || k == PLOT_CSV_ALIVE ||
	       k == PLOT_CSV_DRIVE || k == PLOT_CSV_LF || k == PLOT_CSV_CHEM;
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
static int take_row(plot_csv *r, int n, const int *cols, int ncols, float *vals, double *secs,
                    char *why, size_t whyn)
{
	if (n != r->ncols) {
		snprintf(why, whyn, "%d fields; the header has %d", n, r->ncols);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const char *s = r->field[i];
		double v = 0;
		switch (r->kind[i]) {
		case PLOT_CSV_TICK:
			if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 19) {
				snprintf(why, whyn, "tick '%.40s' is not a whole number", s);
				return -1;
			}
			break;
		case PLOT_CSV_SECONDS:
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
		case PLOT_CSV_ALIVE:
			if (strcmp(s, "0") != 0 && strcmp(s, "1") != 0) {
				snprintf(why, whyn, "alive '%.40s' is not 0 or 1", s);
				return -1;
			}
			break;
		case PLOT_CSV_STAGE:
		case PLOT_CSV_ACTION:
		case PLOT_CSV_OBJECT:
			break; /* words: anything */
		case PLOT_CSV_DRIVE:
		case PLOT_CSV_LF:
		case PLOT_CSV_CHEM:
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
		parse_num(r->field[cols[j]], &v); /* checked above */
		vals[j] = (float)v;
	}
	return 0;
}

static void ignore_report(void *ctx, long line, const char *reason)
{
	(void)ctx;
	(void)line;
	(void)reason;
}

long plot_csv_read(plot_csv *r, const int *cols, int ncols, plot_data *d,
                   plot_csv_report_fn report, void *ctx, long max_errors)
{
	if (!report)
		report = ignore_report;
	if (ncols != plot_data_nseries(d)) {
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
		int st = read_line(r, &len);
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
		if (st == LINE_TOO_LONG)
			snprintf(why, sizeof why, "line longer than %d bytes", PLOT_CSV_LINE_MAX);
		else if (st == LINE_NUL)
			snprintf(why, sizeof why, "NUL byte in the line");
		else if (len == 0)
			continue; /* blank line */
		if (st == LINE_OK && split(r, len, r->ncols + 1, &n, why, sizeof why) == 0 &&
		    take_row(r, n, cols, ncols, vals, &secs, why, sizeof why) == 0) {
			if (plot_data_push(d, secs, vals) != 0) {
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
