/* options.c — engine options, and the creature configuration that gathers
 * the option tables of every module under one NAME=VALUE namespace. */
#include <string.h>

#include "engine/engine.h"

static const engine_option_info table[] = {
#define X(field, def, lo, hi, help) {#field, def, lo, hi, NULL, help, offsetof(engine_options, field), 0},
	ENGINE_OPTIONS(X)
#undef X
};

const c2_option_table engine_option_tab = {"engine", table, sizeof table / sizeof table[0]};

void engine_options_default(engine_options *o)
{
	c2_options_default(&engine_option_tab, o);
}

const engine_option_info *engine_option_table(size_t *n)
{
	*n = engine_option_tab.n;
	return table;
}

int engine_options_set(engine_options *o, const char *name, long value, c2_err *err)
{
	return c2_option_set(&engine_option_tab, o, name, value, err);
}

const c2_option_table *creature_option_table(size_t i)
{
	static const c2_option_table *const tables[CREATURE_OPTION_TABLES] = {
		&brain_option_tab, &bc_option_tab, &engine_option_tab,
	};
	return i < CREATURE_OPTION_TABLES ? tables[i] : NULL;
}

void *creature_option_struct(creature_config *cfg, size_t i)
{
	switch (i) {
	case 0: return &cfg->brain;
	case 1: return &cfg->biochem;
	case 2: return &cfg->engine;
	default: return NULL;
	}
}

const void *creature_option_cstruct(const creature_config *cfg, size_t i)
{
	switch (i) {
	case 0: return &cfg->brain;
	case 1: return &cfg->biochem;
	case 2: return &cfg->engine;
	default: return NULL;
	}
}

void creature_config_default(creature_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->sex = GENOME_FEMALE;
	cfg->seed = 1;
	for (size_t i = 0; i < CREATURE_OPTION_TABLES; i++)
		c2_options_default(creature_option_table(i), creature_option_struct(cfg, i));
}

/* The table that has an option called name[0..len), or -1. */
static int owner(const char *name, size_t len)
{
	for (size_t i = 0; i < CREATURE_OPTION_TABLES; i++)
		if (c2_option_find(creature_option_table(i), name, len))
			return (int)i;
	return -1;
}

int creature_config_set(creature_config *cfg, const char *name, long value, c2_err *err)
{
	int t = owner(name, strlen(name));
	if (t < 0)
		return c2_fail(err, C2_EINVAL, -1, -1, "unknown option '%s' (see 'c2rt options')", name);
	return c2_option_set(creature_option_table((size_t)t), creature_option_struct(cfg, (size_t)t),
	                     name, value, err);
}

int creature_config_parse(creature_config *cfg, const char *text, c2_err *err)
{
	const char *eq = strchr(text, '=');
	if (!eq || eq == text)
		return c2_fail(err, C2_EINVAL, -1, -1, "expected NAME=VALUE, got '%s'", text);
	int t = owner(text, (size_t)(eq - text));
	if (t < 0)
		return c2_fail(err, C2_EINVAL, -1, -1, "unknown option '%.*s' (see 'c2rt options')",
		               (int)(eq - text), text);
	return c2_option_parse(creature_option_table((size_t)t), creature_option_struct(cfg, (size_t)t),
	                       text, err);
}
