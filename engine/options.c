/* options.c — engine options and the creature configuration that gathers the
 * options of every module under one NAME=VALUE namespace. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"

static const engine_option_info table[] = {
#define X(field, def, lo, hi, help) {#field, def, lo, hi, help, offsetof(engine_options, field)},
	ENGINE_OPTIONS(X)
#undef X
};

void engine_options_default(engine_options *o)
{
#define X(field, def, lo, hi, help) o->field = def;
	ENGINE_OPTIONS(X)
#undef X
}

const engine_option_info *engine_option_table(size_t *n)
{
	*n = sizeof table / sizeof table[0];
	return table;
}

int engine_options_set(engine_options *o, const char *name, long value, c2_err *err)
{
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
		if (strcmp(table[i].name, name) != 0)
			continue;
		if (value < table[i].min || value > table[i].max)
			return c2_fail(err, C2_EINVAL, -1, -1, "option %s: %ld is outside %d..%d", name,
			               value, table[i].min, table[i].max);
		*(int *)((char *)o + table[i].offset) = (int)value;
		return 0;
	}
	return c2_fail(err, C2_EINVAL, -1, -1, "unknown option '%s'", name);
}

void creature_config_default(creature_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->sex = GENOME_FEMALE;
	cfg->seed = 1;
	cfg->brain = brain_options_default();
	bc_options_default(&cfg->biochem);
	engine_options_default(&cfg->engine);
}

int creature_config_set(creature_config *cfg, const char *name, long value, c2_err *err)
{
	size_t n;
	const engine_option_info *et = engine_option_table(&n);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(et[i].name, name))
			return engine_options_set(&cfg->engine, name, value, err);
	const bc_option_info *bt = bc_option_table(&n);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(bt[i].name, name))
			return bc_options_set(&cfg->biochem, name, value, err);
	if (brain_option_find(name, strlen(name)))
		return brain_options_set(&cfg->brain, name, (int)value, err);
	return c2_fail(err, C2_EINVAL, -1, -1, "unknown option '%s' (see 'c2rt options')", name);
}

int creature_config_parse(creature_config *cfg, const char *text, c2_err *err)
{
	const char *eq = strchr(text, '=');
	if (!eq || eq == text)
		return c2_fail(err, C2_EINVAL, -1, -1, "expected NAME=VALUE, got '%s'", text);
	char name[64];
	size_t nl = (size_t)(eq - text);
	if (nl >= sizeof name)
		return c2_fail(err, C2_EINVAL, -1, -1, "unknown option '%.*s'", (int)nl, text);
	memcpy(name, text, nl);
	name[nl] = '\0';
	/* Brain options may take value names ("input_weight=strength"). */
	if (brain_option_find(name, nl))
		return brain_options_parse(&cfg->brain, text, err);
	const char *v = eq + 1;
	char *end;
	long value = strtol(v, &end, 10);
	if (!*v || *end || isspace((unsigned char)*v))
		return c2_fail(err, C2_EINVAL, -1, -1, "option %s: '%s' is not a number", name, v);
	return creature_config_set(cfg, name, value, err);
}
