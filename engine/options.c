/* options.c — engine options, and the creature configuration that gathers
 * the option tables of every module under one NAME=VALUE namespace. */
#include <string.h>

#include "engine/engine.h"

#define C2_OPTION_STRUCT creature_engine_options
C2_OPTION_TABLE(creature_engine_option_tab, "engine", CREATURE_ENGINE_OPTIONS);

const c2_option_table *creature_option_table(size_t i)
{
	static const c2_option_table *const tables[CREATURE_OPTION_TABLES] = {
		&brain_option_tab, &bc_option_tab, &creature_engine_option_tab, &body_option_tab,
	};
	return i < CREATURE_OPTION_TABLES ? tables[i] : NULL;
}

void *creature_option_struct(creature_config *cfg, size_t i)
{
	switch (i) {
	case 0: return &cfg->brain;
	case 1: return &cfg->biochem;
	case 2: return &cfg->engine;
	case 3: return &cfg->body;
	default: return NULL;
	}
}

const void *creature_option_cstruct(const creature_config *cfg, size_t i)
{
	switch (i) {
	case 0: return &cfg->brain;
	case 1: return &cfg->biochem;
	case 2: return &cfg->engine;
	case 3: return &cfg->body;
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

int creature_config_parse(creature_config *cfg, const char *text, c2_err *err)
{
	const char *eq = strchr(text, '=');
	if (!eq || eq == text)
		return c2_fail(err, C2_EINVAL, -1, -1, "expected NAME=VALUE, got '%s'", text);
	int t = owner(text, (size_t)(eq - text));
	if (t < 0) {
		c2_near q;
		c2_near_init(&q, text, (size_t)(eq - text), false);
		for (size_t i = 0; i < CREATURE_OPTION_TABLES; i++)
			c2_option_near(creature_option_table(i), &q);
		if (c2_near_best(&q))
			return c2_fail(err, C2_EINVAL, -1, -1,
			               "unknown option '%.*s' (did you mean %s? see 'c2rt options')",
			               (int)(eq - text), text, c2_near_best(&q));
		return c2_fail(err, C2_EINVAL, -1, -1, "unknown option '%.*s' (see 'c2rt options')",
		               (int)(eq - text), text);
	}
	return c2_option_parse(creature_option_table((size_t)t), creature_option_struct(cfg, (size_t)t),
	                       text, err);
}
