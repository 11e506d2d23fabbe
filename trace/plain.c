/* plain.c — plain numeric CSV traces (plain.h). */
#include "trace/plain.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { MAX_COLS = TRACE_READER_COLS_MAX };

struct trace_plain {
	FILE *f;
	char *buf;       /* TRACE_READER_LINE_MAX + 1 */
	char *header;    /* the header's names, NUL-separated, in place */
	char *name[MAX_COLS];
	int ncols;       /* without time */
	long lineno;
	double prev;
	bool have_prev;
};

bool trace_plain_is_header(const char *line, size_t len)
{
	return len >= 5 && memcmp(line, "time,", 5) == 0;
}

/* One line into p->buf: 1, 0 at the end, -1 too long (not read on). */
static int get_line(trace_plain *p, size_t *len)
{
	int ch;
	*len = 0;
	while ((ch = getc(p->f)) != EOF && ch != '\n') {
		if (*len >= TRACE_READER_LINE_MAX)
			return -1;
		p->buf[(*len)++] = (char)ch;
	}
	if (*len && p->buf[*len - 1] == '\r')
		(*len)--;
	p->buf[*len] = '\0';
	if (ch != EOF || *len)
		p->lineno++;
	return ch == EOF && *len == 0 ? 0 : 1;
}

/* Split buf at commas into f (at most max); the count, or -1 for more. */
static int split(char *buf, char **f, int max)
{
	int n = 0;
	for (char *s = buf;; s++) {
		if (n >= max)
			return -1;
		f[n++] = s;
		s = strchr(s, ',');
		if (!s)
			return n;
		*s = '\0';
	}
}

trace_plain *trace_plain_open(const char *path, trace_reader_err *e)
{
	trace_plain *p = calloc(1, sizeof *p);
	e->line = 0;
	if (!p || !(p->buf = malloc(TRACE_READER_LINE_MAX + 1))) {
		snprintf(e->msg, sizeof e->msg, "out of memory");
		trace_plain_close(p);
		return NULL;
	}
	if (!(p->f = fopen(path, "rb"))) {
		snprintf(e->msg, sizeof e->msg, "cannot open: %s", strerror(errno));
		trace_plain_close(p);
		return NULL;
	}
	size_t len;
	int st = get_line(p, &len);
	char *f[MAX_COLS + 1];
	int n = st > 0 && trace_plain_is_header(p->buf, len) ? split(p->buf, f, MAX_COLS + 1) : -1;
	e->line = 1;
	if (n < 2) {
		snprintf(e->msg, sizeof e->msg, "not a plain trace (a header time,NAME,...)");
		trace_plain_close(p);
		return NULL;
	}
	if (!(p->header = malloc(len + 1))) {
		snprintf(e->msg, sizeof e->msg, "out of memory");
		trace_plain_close(p);
		return NULL;
	}
	memcpy(p->header, p->buf, len + 1);
	for (int i = 1; i < n; i++)
		p->name[i - 1] = p->header + (f[i] - p->buf);
	p->ncols = n - 1;
	return p;
}

void trace_plain_close(trace_plain *p)
{
	if (!p)
		return;
	if (p->f)
		fclose(p->f);
	free(p->buf);
	free(p->header);
	free(p);
}

int trace_plain_ncols(const trace_plain *p)
{
	return p->ncols;
}

const char *trace_plain_name(const trace_plain *p, int col)
{
	return p->name[col];
}

int trace_plain_find(const trace_plain *p, const char *s, size_t n)
{
	for (int c = 0; c < p->ncols; c++)
		if (strlen(p->name[c]) == n && strncasecmp(p->name[c], s, n) == 0)
			return c;
	return -1;
}

/* A finite number, the whole field. */
static bool number(const char *s, double *v)
{
	char *end;
	if (!*s)
		return false;
	*v = strtod(s, &end);
	return !*end && isfinite(*v);
}

/* One data line split into f (n fields): its values into vals. */
static int take(trace_plain *p, char **f, int n, const int *cols, int ncols, float *vals,
                double *t, char *why, size_t whyn)
{
	if (n != p->ncols + 1) {
		snprintf(why, whyn, "%d fields; the header has %d", n, p->ncols + 1);
		return -1;
	}
	if (!number(f[0], t) || *t < 0 || (p->have_prev && *t < p->prev)) {
		snprintf(why, whyn, "time '%.40s' is not a number >= 0 and >= the line before's", f[0]);
		return -1;
	}
	for (int i = 1; i < n; i++) {
		double v;
		if (!number(f[i], &v)) {
			snprintf(why, whyn, "column %d (%.40s): '%.40s' is not a number", i + 1, p->name[i - 1], f[i]);
			return -1;
		}
	}
	for (int j = 0; j < ncols; j++) {
		double v = 0;
		number(f[cols[j] + 1], &v);
		vals[j] = (float)v;
	}
	return 0;
}

static void ignore(void *ctx, long line, const char *reason)
{
	(void)ctx;
	(void)line;
	(void)reason;
}

long trace_plain_read(trace_plain *p, const int *cols, int ncols, trace_series *d,
                      trace_reader_report_fn report, void *ctx, long max_errors)
{
	if (!report)
		report = ignore;
	float *vals = malloc((size_t)(ncols > 0 ? ncols : 1) * sizeof *vals);
	char **f = malloc((MAX_COLS + 1) * sizeof *f);
	char why[256];
	long bad = 0;
	size_t len;
	int st;
	if (!vals || !f) {
		report(ctx, p->lineno, "out of memory");
		bad = -1;
	}
	while (bad >= 0 && (st = get_line(p, &len)) != 0) {
		double t;
		if (st < 0) {
			snprintf(why, sizeof why, "line longer than %d bytes; stopped reading", TRACE_READER_LINE_MAX);
			report(ctx, p->lineno + 1, why);
			bad++;
			break;
		}
		if (len == 0)
			continue;
		int n = memchr(p->buf, '\0', len) ? -2 : split(p->buf, f, MAX_COLS + 1);
		if (n == -2)
			snprintf(why, sizeof why, "NUL byte in the line");
		else if (n < 0)
			snprintf(why, sizeof why, "more than %d fields", MAX_COLS + 1);
		if (n >= 0 && take(p, f, n, cols, ncols, vals, &t, why, sizeof why) == 0) {
			if (trace_series_push(d, t, vals) != 0) {
				report(ctx, p->lineno, "out of memory");
				bad = -1;
				break;
			}
			p->prev = t;
			p->have_prev = true;
			continue;
		}
		report(ctx, p->lineno, why);
		if (++bad >= max_errors) {
			report(ctx, p->lineno, "too many bad lines; stopped reading");
			break;
		}
	}
	if (bad >= 0 && ferror(p->f)) {
		report(ctx, p->lineno + 1, "read error");
		bad = -1;
	}
	free(vals);
	free(f);
	return bad;
}
