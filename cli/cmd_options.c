/* cmd_options.c — `c2rt options`: list the brain options (the open choices of
 * reference §9) with their values, defaults and meanings, from the one table
 * in brain/options.h. */
#include <stdio.h>
#include <string.h>

#include "brain/options.h"
#include "cli/brain_opts.h"
#include "cli/cli.h"

static brain_options opts;
static bool json;

static const cli_opt options_opts[] = {
	{"opt", OPT_CALL, &opts, "NAME=VALUE", "show the values after this setting (repeatable)", 0,
	 -1, cli_brain_opt},
	{"json", OPT_FLAG, &json, NULL, "print a JSON array", 0, -1, NULL},
	{0},
};

const cli_spec cmd_options_spec = {
	"options",
	"[--opt NAME=VALUE ...] [--json]",
	"list the brain options (open questions of the reference, section 9)",
	"Every command that builds a brain accepts --opt NAME=VALUE for each option\n"
	"below; VALUE is a number or one of the listed names. A '*' marks a value\n"
	"that differs from the recommended default.",
	options_opts,
	0,
	0,
};

/* A value as text: its name when the option has names, else the number. */
static const char *value_text(const brain_option_info *info, int v, char *buf, size_t cap)
{
	const char *n = brain_option_value_name(info, v, buf, cap);
	if (!n) {
		snprintf(buf, cap, "%d", v);
		n = buf;
	}
	return n;
}

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

int cmd_options(int argc, char **argv)
{
	opts = brain_options_default();
	json = false;
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cmd_options_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if (json)
		putchar('[');
	for (size_t k = 0; k < brain_option_count; k++) {
		const brain_option_info *info = &brain_option_table[k];
		int v = brain_option_get(&opts, info);
		char vb[32], db[32], range[96];
		const char *vt = value_text(info, v, vb, sizeof vb);
		const char *dt = value_text(info, info->def, db, sizeof db);
		if (info->values) {
			snprintf(range, sizeof range, "%s", info->values);
			for (char *p = range; *p; p++)
				if (*p == ',')
					*p = '|';
		} else {
			snprintf(range, sizeof range, "%d..%d", info->min, info->max);
		}
		if (json) {
			printf("%s\n {\"name\":", k ? "," : "");
			json_string(info->name);
			printf(",\"value\":%d,\"default\":%d,\"min\":%d,\"max\":%d,\"values\":", v,
			       info->def, info->min, info->max);
			if (info->values)
				json_string(info->values);
			else
				printf("null");
			printf(",\"help\":");
			json_string(info->help);
			putchar('}');
		} else {
			char left[64];
			snprintf(left, sizeof left, "%s = %s%s", info->name, vt, v != info->def ? " *" : "");
			printf("%-34s [%s] default %s\n    %s\n", left, range, dt, info->help);
		}
	}
	if (json)
		printf("\n]\n");
	return CLI_OK;
}
