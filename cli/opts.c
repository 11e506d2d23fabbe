/* opts.c — table-driven option parsing and help for c2rt subcommands. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "base/near.h"
#include "cli/cli.h"
#include "genome/text.h"

int cli_parse_sex(const char *s)
{
	if (!strcmp(s, "m") || !strcmp(s, "male"))
		return GENOME_MALE;
	if (!strcmp(s, "f") || !strcmp(s, "female"))
		return GENOME_FEMALE;
	return -1;
}

int cli_sex_option(const char *cmd, const char *arg, genome_sex *out)
{
	int sex = cli_parse_sex(arg);
	if (sex < 0)
		return cli_fail(CLI_USAGE, cmd, "--sex: m, f, male or female, not '%s'", arg);
	*out = (genome_sex)sex;
	return CLI_OK;
}

bool cli_parse_long(const char *s, long min, long max, long *out)
{
	char why[64];
	return cli_number_problem(s, min, max, out, why, sizeof why) == NULL;
}

const char *cli_number_problem(const char *s, long min, long max, long *out, char *buf, size_t n)
{
	if (!s || !*s || isspace((unsigned char)*s)) {
		snprintf(buf, n, "not a whole number");
		return buf;
	}
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (*end || end == s) {
		snprintf(buf, n, "not a whole number");
		return buf;
	}
	if (errno == ERANGE || v < min || v > max) {
		snprintf(buf, n, "out of range %ld..%ld", min, max);
		return buf;
	}
	*out = v;
	return NULL;
}

/* As cli_number_problem for an unsigned 64-bit value at least min (and at
 * most max when max > 0). */
static const char *u64_problem(const char *s, uint64_t min, uint64_t max, uint64_t *out,
                               char *buf, size_t n)
{
	if (!s || !*s || isspace((unsigned char)*s) || (*s == '-' && !isdigit((unsigned char)s[1]))) {
		snprintf(buf, n, "not a whole number");
		return buf;
	}
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s + (*s == '-'), &end, 10);
	if (*end || end == s + (*s == '-')) {
		snprintf(buf, n, "not a whole number");
		return buf;
	}
	if (*s == '-' && v) {
		snprintf(buf, n, "negative (it must be at least %llu)", (unsigned long long)min);
		return buf;
	}
	if (errno == ERANGE || (max && v > max)) {
		snprintf(buf, n, "too large (at most %llu)", max ? (unsigned long long)max : ULLONG_MAX);
		return buf;
	}
	if (v < min) {
		snprintf(buf, n, "too small (it must be at least %llu)", (unsigned long long)min);
		return buf;
	}
	*out = (uint64_t)v;
	return NULL;
}

int cli_each_opt(const cli_opt *t, int (*fn)(const cli_opt *o, void *ctx), void *ctx)
{
	for (const cli_opt *o = t; o && o->name; o++) {
		int rc = o->kind == OPT_GROUP ? cli_each_opt(o->ptr, fn, ctx) : fn(o, ctx);
		if (rc)
			return rc;
	}
	return 0;
}

const char *cli_opt_dash(const cli_opt *o)
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
		snprintf(w, sizeof w, "[%s%s]", cli_opt_dash(o), o->name);
	else
		snprintf(w, sizeof w, "[%s%s %s]%s", cli_opt_dash(o), o->name, o->arg ? o->arg : "VALUE",
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
	cli_each_opt(spec->opts, usage_opt, &u);
	fputc('\n', f);
}

static int help_opt(const cli_opt *o, void *ctx)
{
	char left[48];
	if (o->kind == OPT_FLAG)
		snprintf(left, sizeof left, "%s%s", cli_opt_dash(o), o->name);
	else
		snprintf(left, sizeof left, "%s%s %s", cli_opt_dash(o), o->name, o->arg ? o->arg : "VALUE");
	fprintf(ctx, "  %-24s %s\n", left, o->help);
	return 0;
}

void cli_print_help(const cli_spec *spec, FILE *f)
{
	cli_print_usage(spec, f);
	fprintf(f, "\n%s\n", spec->summary);
	if (spec->details)
		fprintf(f, "\n%s\n", spec->details);
	bool first = true;
	for (int i = 0; i < cli_nsubcommands; i++)
		if (strcmp(cli_subcommands[i].parent, spec->name) == 0) {
			if (first)
				fprintf(f, "\nsubcommands:\n");
			first = false;
			fprintf(f, "  %-24s %s\n", cli_subcommands[i].sub.name,
			        cli_subcommands[i].sub.spec->summary);
		}
	fprintf(f, "\noptions:\n");
	cli_each_opt(spec->opts, help_opt, f);
	fprintf(f, "  %-24s %s\n", "--help", "show this help");
}

static int usage_error(const cli_spec *spec, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int usage_error(const cli_spec *spec, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	cli_vmsg(stderr, spec->name, fmt, ap);
	va_end(ap);
	cli_print_usage(spec, stderr);
	return CLI_USAGE;
}

static int near_opt(const cli_opt *o, void *ctx)
{
	c2_near_add(ctx, o->name);
	return 0;
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

int cli_run_sub(const cli_spec *spec, int argc, char **argv)
{
	if (argc < 2) {
		cli_print_help(spec, stderr);
		return CLI_USAGE;
	}
	const char *sub = argv[1];
	if (strcmp(sub, "--help") == 0 || strcmp(sub, "-h") == 0) {
		cli_print_help(spec, stdout);
		return CLI_OK;
	}
	c2_near near;
	c2_near_init(&near, sub, strlen(sub), false);
	for (int i = 0; i < cli_nsubcommands; i++) {
		const cli_subcommand *c = &cli_subcommands[i];
		if (strcmp(c->parent, spec->name) != 0)
			continue;
		if (strcmp(c->sub.name, sub) == 0)
			return c->sub.run(argc - 1, argv + 1);
		c2_near_add(&near, c->sub.name);
	}
	const char *best = c2_near_best(&near);
	if (best)
		return usage_error(spec, "unknown subcommand '%s' (did you mean '%s'?)", sub, best);
	return usage_error(spec, "unknown subcommand '%s'", sub);
}

/* The options given to the command being parsed (each once), and the
 * value each was given. */
enum { MAX_GIVEN = 128 };
static const cli_opt *given[MAX_GIVEN];
static const char *given_val[MAX_GIVEN];
static int ngiven;

bool cli_given(const char *name)
{
	for (int i = 0; i < ngiven; i++)
		if (strcmp(given[i]->name, name) == 0)
			return true;
	return false;
}

const char *cli_given_other(const char *const *allowed)
{
	for (int i = 0; i < ngiven; i++) {
		bool ok = false;
		for (const char *const *a = allowed; *a && !ok; a++)
			ok = strcmp(given[i]->name, *a) == 0;
		if (!ok)
			return given[i]->name;
	}
	return NULL;
}

/* The NAME=VALUE settings given to a repeatable option (--opt) so far. */
enum { MAX_SETTINGS = 256 };
static const char *settings[MAX_SETTINGS];
static const cli_opt *settings_opt[MAX_SETTINGS];
static int nsettings;

/* A repeatable option of NAME=VALUE settings (--opt) may set each NAME
 * once: setting one twice would drop the first without a word. */
static int note_setting(const cli_spec *spec, const cli_opt *o, const char *val)
{
	if (!o->arg || strncmp(o->arg, "NAME=", 5) != 0)
		return 0;
	size_t n = strcspn(val, "=");
	for (int i = 0; i < nsettings; i++)
		if (settings_opt[i] == o && strncmp(settings[i], val, n) == 0 && settings[i][n] == '=' &&
		    val[n] == '=')
			return usage_error(spec, "%s%s %.*s is given twice ('%s', then '%s'): set it once",
			                   cli_opt_dash(o), o->name, (int)n, val, settings[i] + n + 1,
			                   val + n + 1);
	if (nsettings < MAX_SETTINGS) {
		settings_opt[nsettings] = o;
		settings[nsettings++] = val;
	}
	return 0;
}

/* Note option o given (with value val, NULL for a flag). An option that
 * takes one value given twice is a usage error: one of the two would be
 * dropped without a word, and which one a reader of the command line
 * cannot tell (the repeatable options, OPT_CALL, are marked "..." in the
 * usage; of them, --opt may set each NAME once). */
static int note_given(const cli_spec *spec, const cli_opt *o, const char *val)
{
	if (o->kind == OPT_CALL && note_setting(spec, o, val))
		return CLI_USAGE;
	for (int i = 0; i < ngiven; i++)
		if (given[i] == o) {
			if (o->kind == OPT_CALL)
				return 0;
			if (!val)
				return usage_error(spec, "%s%s is given twice: once is enough", cli_opt_dash(o),
				                   o->name);
			return usage_error(spec, "%s%s is given twice ('%s', then '%s'): it takes one value",
			                   cli_opt_dash(o), o->name, given_val[i], val);
		}
	if (ngiven < MAX_GIVEN) {
		given_val[ngiven] = val;
		given[ngiven++] = o;
	}
	return 0;
}

/* An option the command does not have: a usage error naming the nearest
 * one it has, if one is near. */
static int unknown_option(const cli_spec *spec, const char *a, const char *name, size_t len)
{
	char word[64];
	snprintf(word, sizeof word, "%.*s", (int)len, name);
	c2_near near;
	c2_near_init(&near, word, strlen(word), false);
	cli_each_opt(spec->opts, near_opt, &near);
	c2_near_add(&near, "help");
	const char *best = c2_near_best(&near);
	if (best)
		return usage_error(spec, "unknown option '%s' (did you mean %s%s?)", a,
		                   best[1] ? "--" : "-", best);
	return usage_error(spec, "unknown option '%s'", a);
}

/* Option o's value val, checked against its kind and range and stored;
 * 0, or a usage error. */
static int set_value(const cli_spec *spec, const cli_opt *o, const char *val)
{
	switch (o->kind) {
	case OPT_INT: {
		long lo = o->min, hi = o->max, v;
		if (lo > hi) {
			lo = -2147483647L;
			hi = 2147483647L;
		}
		char why[96];
		if (cli_number_problem(val, lo, hi, &v, why, sizeof why))
			return usage_error(spec, "--%s: '%s' is %s", o->name, val, why);
		*(long *)o->ptr = v;
		break;
	}
	case OPT_U64: {
		char why[96];
		if (u64_problem(val, o->min > 0 ? (uint64_t)o->min : 0,
		                o->max > 0 ? (uint64_t)o->max : 0, (uint64_t *)o->ptr, why, sizeof why))
			return usage_error(spec, "--%s: '%s' is %s", o->name, val, why);
		break;
	}
	case OPT_STR:
	case OPT_IN:
	case OPT_IN_DIR:
	case OPT_OUT:
	case OPT_OUT_DIR:
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
	return 0;
}

int cli_parse(const cli_spec *spec, int argc, char **argv, const char **pos, int *npos)
{
	*npos = 0;
	ngiven = nsettings = 0;
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
		cli_each_opt(spec->opts, match_opt, &q);
		const cli_opt *o = q.found;
		if (!o)
			return unknown_option(spec, a, name, q.len);
		if (o->kind == OPT_FLAG) {
			if (eq)
				return usage_error(spec, "option --%s takes no value", o->name);
			if (note_given(spec, o, NULL))
				return CLI_USAGE;
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
		if (note_given(spec, o, val))
			return CLI_USAGE;
		int rc = set_value(spec, o, val);
		if (rc)
			return rc;
	}
	if (*npos < spec->min_pos)
		return usage_error(spec, "missing argument");
	/* Every path, before the command does anything with them. */
	return cli_paths_parsed(spec, pos, *npos);
}

/* Write s to f with every byte that is not printable text shown as \xNN:
 * control bytes (terminal escape sequences, NULs, carriage returns) and
 * bytes that are not valid UTF-8. Messages quote file contents, and a bad
 * file must never write raw bytes to the terminal; valid UTF-8 (names, our
 * own dashes) passes unchanged. */
static void put_escaped(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		unsigned c = *p;
		size_t len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3
		             : (c & 0xf8) == 0xf0 ? 4 : 0;
		bool ok = len > 0 && !(c >= 0x80 && c < 0xc2) && c <= 0xf4;
		for (size_t k = 1; ok && k < len; k++)
			ok = (p[k] & 0xc0) == 0x80;
		if (ok && len == 3 && ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] >= 0xa0)))
			ok = false; /* overlong, or a UTF-16 surrogate */
		if (ok && len == 4 && ((c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] >= 0x90)))
			ok = false;
		if (ok && len == 1 && (c < 0x20 || c == 0x7f))
			ok = false;
		if (!ok) {
			fprintf(f, "\\x%02x", c);
			p++;
			continue;
		}
		fwrite(p, 1, len, f);
		p += len;
	}
}

void cli_vmsg(FILE *f, const char *cmd, const char *fmt, va_list ap)
{
	char buf[2048];
	vsnprintf(buf, sizeof buf, fmt, ap);
	if (cmd)
		fprintf(f, "c2rt %s: ", cmd);
	else
		fputs("c2rt: ", f);
	put_escaped(f, buf);
	fputc('\n', f);
}

void cli_msg(FILE *f, const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	cli_vmsg(f, cmd, fmt, ap);
	va_end(ap);
}

void cli_line(FILE *f, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	put_escaped(f, buf);
	fputc('\n', f);
}

int cli_report(const char *path, const c2_err *err)
{
	char buf[512];
	c2_err_format(err, path, buf, sizeof buf);
	cli_msg(stderr, NULL, "%s", buf);
	return CLI_BAD;
}

int cli_fail(int code, const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	cli_vmsg(stderr, cmd, fmt, ap);
	va_end(ap);
	return code;
}

int cli_genome_from_bytes(const char *path, const uint8_t *buf, size_t len, genome *g, char *msg,
                          size_t n)
{
	c2_err err;
	bool text;
	if (genome_parse_any(g, buf, len, &text, &err) == 0)
		return CLI_OK;
	char where[400];
	c2_err_format(&err, path, where, sizeof where);
	/* Say how the file was read: a file that is no genome at all (a body, a
	 * trace, a typo in the name of a text genome) gets the forms there are. */
	if (text)
		snprintf(msg, n, "%s (read as the genome text form, as 'c2rt asm' reads it)", where);
	else if (err.code == C2_EFORMAT && err.offset == 0)
		snprintf(msg, n, "%s (a genome is a dna2 file, a gene stream, or the text form "
		         "'c2rt dump' prints and 'c2rt asm' assembles)", where);
	else
		snprintf(msg, n, "%s", where);
	return CLI_BAD;
}

int cli_load_genome(const char *path, genome *g)
{
	uint8_t *buf;
	size_t len;
	c2_err err;
	genome_init(g);
	if (c2_read_file(path, GENOME_MAX_FILE, &buf, &len, &err) != 0)
		return cli_report(path, &err);
	char msg[640];
	int rc = cli_genome_from_bytes(path, buf, len, g, msg, sizeof msg);
	free(buf);
	if (rc)
		cli_msg(stderr, NULL, "%s", msg);
	return rc;
}
