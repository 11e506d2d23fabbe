/* err.c — construction and formatting of c2_err values. */
#include "base/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void c2_err_clear(c2_err *e)
{
	if (!e)
		return;
	e->code = C2_OK;
	e->offset = -1;
	e->line = 0;
	e->gene = -1;
	e->msg[0] = '\0';
}

static void fill(c2_err *e, c2_code code, long offset, long line, int gene,
                 const char *fmt, va_list ap) __attribute__((format(printf, 6, 0)));

static void fill(c2_err *e, c2_code code, long offset, long line, int gene,
                 const char *fmt, va_list ap)
{
	e->code = code;
	e->offset = offset;
	e->line = line;
	e->gene = gene;
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
}

int c2_fail(c2_err *e, c2_code code, long offset, int gene, const char *fmt, ...)
{
	if (e) {
		va_list ap;
		va_start(ap, fmt);
		fill(e, code, offset, 0, gene, fmt, ap);
		va_end(ap);
	}
	return (int)code;
}

int c2_fail_line(c2_err *e, c2_code code, long line, const char *fmt, ...)
{
	if (e) {
		va_list ap;
		va_start(ap, fmt);
		fill(e, code, -1, line, -1, fmt, ap);
		va_end(ap);
	}
	return (int)code;
}

void c2_err_format(const c2_err *e, const char *path, char *buf, size_t cap)
{
	if (cap == 0)
		return;
	if (!path)
		path = "-";
	if (e->line > 0)
		snprintf(buf, cap, "%s:%ld: %s", path, e->line, e->msg);
	else if (e->offset >= 0 && e->gene >= 0)
		snprintf(buf, cap, "%s:%ld: gene %d: %s", path, e->offset, e->gene, e->msg);
	else if (e->offset >= 0)
		snprintf(buf, cap, "%s:%ld: %s", path, e->offset, e->msg);
	else
		snprintf(buf, cap, "%s: %s", path, e->msg);
}
