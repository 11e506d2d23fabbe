/* cmd_options.c — `c2rt options`: the run-time options (the open choices of
 * reference §9) of the brain, the biochemistry and the engine, with their
 * values, defaults and meanings, listed from each module's one table. */
#include <stdio.h>
#include <string.h>

#include "brain/options.h"
#include "cli/cli.h"
#include "engine/engine.h"
#include "world/world.h"

static creature_config cfg;
static world_options wopt;
static bool json;

/* --opt NAME=VALUE: any module's option, as `c2rt run` takes it. */
static int set_opt(const char *arg, void *ctx)
{
	(void)ctx;
	c2_err err;
	const char *eq = strchr(arg, '=');
	if (eq && c2_option_find(&world_option_tab, arg, (size_t)(eq - arg))) {
		if (c2_option_parse(&world_option_tab, &wopt, arg, &err) == 0)
			return 0;
		cli_msg(stderr, "options", "--opt %s: %s", arg, err.msg);
		return 1;
	}
	if (creature_config_parse(&cfg, arg, &err) != 0) {
		cli_msg(stderr, "options", "--opt %s: %s", arg, err.msg);
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

const cli_spec cli_cmd_options_spec = {
	"options",
	"",
	"list the run-time options (the reference's open questions) of every module",
	"Commands that run a creature take --opt NAME=VALUE for every option below\n"
	"(the world's with 'c2rt run --world' only);\n"
	"'c2rt brain' and 'c2rt svrule' take the brain options. VALUE is a number\n"
	"or, where listed, a name. A '*' marks a value that is not the default.",
	options_opts,
	0,
	0,
	OPT_STR,
	NULL,
};

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
static const char *value_text(const c2_option *o, int v, char *buf, size_t cap)
{
	const char *n = c2_option_value_name(o, v, buf, cap);
	if (n)
		return n;
	snprintf(buf, cap, "%d", v);
	return buf;
}

static void print_row(const char *module, const c2_option *o, int value, bool first)
{
	if (json) {
		printf("%s\n {\"module\":\"%s\",\"name\":", first ? "" : ",", module);
		json_string(o->name);
		printf(",\"value\":%d,\"default\":%d,\"min\":%d,\"max\":%d,\"values\":", value, o->def,
		       o->min, o->max);
		if (o->values)
			json_string(o->values);
		else
			printf("null");
		printf(",\"help\":");
		json_string(o->help);
		putchar('}');
		return;
	}
	char vb[32], db[32], range[96], left[80];
	if (o->values) {
		snprintf(range, sizeof range, "%s", o->values);
		for (char *p = range; *p; p++)
			if (*p == ',')
				*p = '|';
	} else {
		snprintf(range, sizeof range, "%d..%d", o->min, o->max);
	}
	snprintf(left, sizeof left, "%s = %s%s", o->name, value_text(o, value, vb, sizeof vb),
	         value != o->def ? " *" : "");
	printf("%-34s [%s] default %s\n    %s\n", left, range, value_text(o, o->def, db, sizeof db),
	       o->help);
}

int cli_cmd_options(int argc, char **argv)
{
	creature_config_default(&cfg);
	world_options_default(&wopt);
	json = false;
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_options_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if (json)
		putchar('[');
	bool first = true;
	for (size_t t = 0; t <= CREATURE_OPTION_TABLES; t++) { /* then the world's */
		bool w = t == CREATURE_OPTION_TABLES;
		const c2_option_table *tab = w ? &world_option_tab : creature_option_table(t);
		const void *values = w ? (const void *)&wopt : creature_option_cstruct(&cfg, t);
		if (!json)
			printf("%s# %s\n", t ? "\n" : "", tab->module);
		for (size_t k = 0; k < tab->n; k++) {
			print_row(tab->module, &tab->v[k], c2_option_get(&tab->v[k], values), first);
			first = false;
		}
	}
	if (json)
		printf("\n]\n");
	return CLI_OK;
}
