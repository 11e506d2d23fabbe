/* cmd_options.c — `c2rt options`: the run-time options (the open choices of
 * reference §9) of the brain, the biochemistry and the engine, with their
 * values, defaults and meanings, listed from each module's one table. */
#include <stdio.h>
#include <string.h>

#include "brain/options.h"
#include "cli/cli.h"
#include "engine/engine.h"

static creature_config cfg;
static bool json;

/* --opt NAME=VALUE: any module's option, as `c2rt run` takes it. */
static int set_opt(const char *arg, void *ctx)
{
	(void)ctx;
	c2_err err;
	if (creature_config_parse(&cfg, arg, &err) != 0) {
		fprintf(stderr, "c2rt options: --opt %s: %s\n", arg, err.msg);
		return 1;
	}
	return 0;
}

static const cli_opt options_opts[] = {
	{"opt", OPT_CALL, NULL, "NAME=VALUE", "show the values after this setting (repeatable)", 0,
	 -1, set_opt},
	{"json", OPT_FLAG, &json, NULL, "print a JSON array", 0, -1, NULL},
	{0},
};

const cli_spec cmd_options_spec = {
	"options",
	"[--opt NAME=VALUE ...] [--json]",
	"list the run-time options (the reference's open questions) of every module",
	"Commands that run a creature take --opt NAME=VALUE for every option below;\n"
	"'c2rt brain' and 'c2rt svrule' take the brain options. VALUE is a number\n"
	"or, where listed, a name. A '*' marks a value that is not the default.",
	options_opts,
	0,
	0,
};

/* One option of any module, as printed. */
typedef struct row {
	const char *module, *name, *values, *help;
	int value, def, min, max;
} row;

static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			putchar('\\');
		putchar(*s);
	}
	putchar('"');
}

/* A value as text: its name when the option has names, else the number. */
static const char *value_text(const row *r, int v, char *buf, size_t cap)
{
	if (r->values) {
		const brain_option_info *info = brain_option_find(r->name, strlen(r->name));
		const char *n = info ? brain_option_value_name(info, v, buf, cap) : NULL;
		if (n)
			return n;
	}
	snprintf(buf, cap, "%d", v);
	return buf;
}

static void print_row(const row *r, bool first)
{
	if (json) {
		printf("%s\n {\"module\":\"%s\",\"name\":", first ? "" : ",", r->module);
		json_string(r->name);
		printf(",\"value\":%d,\"default\":%d,\"min\":%d,\"max\":%d,\"values\":", r->value, r->def,
		       r->min, r->max);
		if (r->values)
			json_string(r->values);
		else
			printf("null");
		printf(",\"help\":");
		json_string(r->help);
		putchar('}');
		return;
	}
	char vb[32], db[32], range[96], left[80];
	if (r->values) {
		snprintf(range, sizeof range, "%s", r->values);
		for (char *p = range; *p; p++)
			if (*p == ',')
				*p = '|';
	} else {
		snprintf(range, sizeof range, "%d..%d", r->min, r->max);
	}
	snprintf(left, sizeof left, "%s = %s%s", r->name, value_text(r, r->value, vb, sizeof vb),
	         r->value != r->def ? " *" : "");
	printf("%-34s [%s] default %s\n    %s\n", left, range, value_text(r, r->def, db, sizeof db),
	       r->help);
}

int cmd_options(int argc, char **argv)
{
	creature_config_default(&cfg);
	json = false;
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cmd_options_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if (json)
		putchar('[');
	bool first = true;
	if (!json)
		printf("# brain\n");
	for (size_t k = 0; k < brain_option_count; k++) {
		const brain_option_info *b = &brain_option_table[k];
		row r = {"brain", b->name, b->values, b->help, brain_option_get(&cfg.brain, b), b->def,
		         b->min, b->max};
		print_row(&r, first);
		first = false;
	}
	size_t n;
	const bc_option_info *bt = bc_option_table(&n);
	if (!json)
		printf("\n# biochemistry\n");
	for (size_t k = 0; k < n; k++) {
		int v;
		memcpy(&v, (const char *)&cfg.biochem + bt[k].offset, sizeof v);
		row r = {"biochem", bt[k].name, NULL, bt[k].help, v, bt[k].def, bt[k].min, bt[k].max};
		print_row(&r, first);
		first = false;
	}
	const engine_option_info *et = engine_option_table(&n);
	if (!json)
		printf("\n# engine\n");
	for (size_t k = 0; k < n; k++) {
		int v;
		memcpy(&v, (const char *)&cfg.engine + et[k].offset, sizeof v);
		row r = {"engine", et[k].name, NULL, et[k].help, v, et[k].def, et[k].min, et[k].max};
		print_row(&r, first);
		first = false;
	}
	if (json)
		printf("\n]\n");
	return CLI_OK;
}
