/* opts.c — table-driven option parsing and help for c2rt subcommands. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "cli/cli.h"

int cli_parse_sex(const char *s)
{
	if (!strcmp(s, "m") || !strcmp(s, "male"))
		return GENOME_MALE;
	if (!strcmp(s, "f") || !strcmp(s, "female"))
		return GENOME_FEMALE;
	return -1;
}

bool cli_parse_long(const char *s, long min, long max, long *out)
{
	if (!s || !*s)
		return false;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return false;
	*out = v;
	return true;
}

static bool parse_u64(const char *s, uint64_t *out)
{
	if (!s || !*s || *s == '-')
		return false;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end)
		return false;
	*out = (uint64_t)v;
	return true;
}

/* The options of a table in order, groups expanded: calls fn(o, ctx) for
 * each and stops at the first non-zero return, which it returns. */
static int each_opt(const cli_opt *t, int (*fn)(const cli_opt *o, void *ctx), void *ctx)
{
	for (const cli_opt *o = t; o && o->name; o++) {
		int rc = o->kind == OPT_GROUP ? each_opt(o->ptr, fn, ctx) : fn(o, ctx);
		if (rc)
			return rc;
	}
	return 0;
}

static const char *dash(const cli_opt *o)
{
	return o->name[1] ? "--" : "-"; /* one-letter options are -o */
}

typedef struct usage_line {
	FILE *f;
	size_t col, indent;
} usage_line;

static void usage_word(usage_line *u, const char *w)
{
	size_t n = strlen(w);
	if (u->col + 1 + n > 96 && u->col > u->indent) {
		fprintf(u->f, "\n%*s", (int)u->indent, "");
		u->col = u->indent;
	} else {
		fputc(' ', u->f);
		u->col++;
	}
	fputs(w, u->f);
	u->col += n;
}

static int usage_opt(const cli_opt *o, void *ctx)
{
	char w[96];
	if (o->kind == OPT_FLAG)
		snprintf(w, sizeof w, "[%s%s]", dash(o), o->name);
	else
		snprintf(w, sizeof w, "[%s%s %s]%s", dash(o), o->name, o->arg ? o->arg : "VALUE",
		         o->kind == OPT_CALL ? "..." : "");
	usage_word(ctx, w);
	return 0;
}

void cli_print_usage(const cli_spec *spec, FILE *f)
{
	usage_line u = {f, 0, 0};
	fprintf(f, "usage: c2rt %s", spec->name);
	u.col = u.indent = strlen("usage: c2rt ") + strlen(spec->name);
	if (spec->usage && *spec->usage)
		usage_word(&u, spec->usage);
	each_opt(spec->opts, usage_opt, &u);
	fputc('\n', f);
}

static int help_opt(const cli_opt *o, void *ctx)
{
	char left[48];
	if (o->kind == OPT_FLAG)
		snprintf(left, sizeof left, "%s%s", dash(o), o->name);
	else
		snprintf(left, sizeof left, "%s%s %s", dash(o), o->name, o->arg ? o->arg : "VALUE");
	fprintf(ctx, "  %-24s %s\n", left, o->help);
	return 0;
}

void cli_print_help(const cli_spec *spec, FILE *f)
{
	cli_print_usage(spec, f);
	fprintf(f, "\n%s\n", spec->summary);
	if (spec->details)
		fprintf(f, "\n%s\n", spec->details);
	fprintf(f, "\noptions:\n");
	each_opt(spec->opts, help_opt, f);
	fprintf(f, "  %-24s %s\n", "--help", "show this help");
}

static int usage_error(const cli_spec *spec, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int usage_error(const cli_spec *spec, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "c2rt %s: ", spec->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	cli_print_usage(spec, stderr);
	return CLI_USAGE;
}

typedef struct find_opt {
	const char *name;
	size_t len;
	const cli_opt *found;
} find_opt;

static int match_opt(const cli_opt *o, void *ctx)
{
	find_opt *q = ctx;
	if (strlen(o->name) == q->len && strncmp(o->name, q->name, q->len) == 0) {
		q->found = o;
		return 1;
	}
	return 0;
}

int cli_parse(const cli_spec *spec, int argc, char **argv, const char **pos, int *npos)
{
	*npos = 0;
	int only_pos = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (only_pos || a[0] != '-' || strcmp(a, "-") == 0) {
			if (*npos >= spec->max_pos)
				return usage_error(spec, "unexpected argument '%s'", a);
			pos[(*npos)++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_pos = 1;
			continue;
		}
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			cli_print_help(spec, stdout);
			return -1;
		}
		/* Accept --name VALUE and --name=VALUE. */
		const char *name = a + (a[1] == '-' ? 2 : 1);
		const char *eq = strchr(name, '=');
		find_opt q = {name, eq ? (size_t)(eq - name) : strlen(name), NULL};
		each_opt(spec->opts, match_opt, &q);
		const cli_opt *o = q.found;
		if (!o)
			return usage_error(spec, "unknown option '%s'", a);
		if (o->kind == OPT_FLAG) {
			if (eq)
				return usage_error(spec, "option --%s takes no value", o->name);
			*(bool *)o->ptr = true;
			continue;
		}
		const char *val = eq ? eq + 1 : NULL;
		if (!val) {
			if (i + 1 >= argc)
				return usage_error(spec, "option --%s needs a value (%s)", o->name,
				                   o->arg ? o->arg : "VALUE");
			val = argv[++i];
		}
		switch (o->kind) {
		case OPT_INT: {
			long lo = o->min, hi = o->max, v;
			if (lo > hi) {
				lo = -2147483647L;
				hi = 2147483647L;
			}
			if (!cli_parse_long(val, lo, hi, &v))
				return usage_error(spec, "--%s: '%s' is not a number in %ld..%ld", o->name, val,
				                   lo, hi);
			*(long *)o->ptr = v;
			break;
		}
		case OPT_U64:
			if (!parse_u64(val, (uint64_t *)o->ptr))
				return usage_error(spec, "--%s: '%s' is not a non-negative number", o->name, val);
			break;
		case OPT_STR:
			*(const char **)o->ptr = val;
			break;
		case OPT_CALL:
			if (o->fn(val, o->ptr) != 0)
				return CLI_USAGE;
			break;
		case OPT_FLAG:
		case OPT_GROUP:
			break;
		}
	}
	if (*npos < spec->min_pos)
		return usage_error(spec, "missing argument");
	return CLI_OK;
}

int cli_report(const char *path, const c2_err *err)
{
	char buf[512];
	c2_err_format(err, path, buf, sizeof buf);
	fprintf(stderr, "c2rt: %s\n", buf);
	return CLI_BAD;
}

int cli_fail(int code, const char *cmd, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "c2rt %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return code;
}

int cli_write(const char *path, const void *data, size_t len)
{
	if (strcmp(path, "-") == 0) {
		if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0)
			return cli_fail(CLI_BAD, "write", "standard output: write failed");
		return CLI_OK;
	}
	c2_err err;
	if (c2_write_file_atomic(path, data, len, &err) != 0)
		return cli_report(path, &err);
	return CLI_OK;
}

int cli_load_genome(const char *path, genome *g)
{
	c2_err err;
	if (genome_read_file(g, path, &err) != 0)
		return cli_report(path, &err);
	return CLI_OK;
}
