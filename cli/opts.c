/* opts.c — table-driven option parsing and help for c2rt subcommands. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "cli/cli.h"

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

void cli_print_help(const cli_spec *spec, FILE *f)
{
	fprintf(f, "usage: c2rt %s %s\n\n%s\n", spec->name, spec->usage, spec->summary);
	if (spec->details)
		fprintf(f, "\n%s\n", spec->details);
	int any = 0;
	for (const cli_opt *o = spec->opts; o && o->name; o++) {
		if (!any++)
			fprintf(f, "\noptions:\n");
		char left[48];
		const char *dash = o->name[1] ? "--" : "-"; /* one-letter options are -o */
		if (o->kind == OPT_FLAG)
			snprintf(left, sizeof left, "%s%s", dash, o->name);
		else
			snprintf(left, sizeof left, "%s%s %s", dash, o->name, o->arg ? o->arg : "VALUE");
		fprintf(f, "  %-24s %s\n", left, o->help);
	}
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
	fprintf(stderr, "\nusage: c2rt %s %s\n", spec->name, spec->usage);
	return CLI_USAGE;
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
		size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
		const cli_opt *o = spec->opts;
		while (o && o->name && !(strlen(o->name) == nlen && strncmp(o->name, name, nlen) == 0))
			o++;
		if (!o || !o->name)
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
