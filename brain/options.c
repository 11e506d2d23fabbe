/* options.c — the brain option table, its defaults and its NAME=VALUE parser. */
#include "brain/options.h"

#include <stdlib.h>
#include <string.h>

const brain_option_info brain_option_table[] = {
#define X(name, def, lo, hi, vals, help) \
	{#name, def, lo, hi, vals, help, offsetof(brain_options, name)},
	BRAIN_OPTIONS(X)
#undef X
};
const size_t brain_option_count = sizeof brain_option_table / sizeof brain_option_table[0];

brain_options brain_options_default(void)
{
	brain_options o = {
#define X(name, def, lo, hi, vals, help) .name = def,
		BRAIN_OPTIONS(X)
#undef X
	};
	return o;
}

const brain_option_info *brain_option_find(const char *name, size_t len)
{
	for (size_t i = 0; i < brain_option_count; i++) {
		const char *n = brain_option_table[i].name;
		if (strlen(n) == len && strncmp(n, name, len) == 0)
			return &brain_option_table[i];
	}
	return NULL;
}

int brain_option_get(const brain_options *o, const brain_option_info *info)
{
	int v;
	memcpy(&v, (const char *)o + info->offset, sizeof v);
	return v;
}

static int set_info(brain_options *o, const brain_option_info *info, int value, c2_err *err)
{
	if (value < info->min || value > info->max)
		return c2_fail(err, C2_EINVAL, -1, -1, "option %s: %d is outside %d..%d", info->name,
		               value, info->min, info->max);
	memcpy((char *)o + info->offset, &value, sizeof value);
	return 0;
}

int brain_options_set(brain_options *o, const char *name, int value, c2_err *err)
{
	const brain_option_info *info = brain_option_find(name, strlen(name));
	if (!info)
		return c2_fail(err, C2_EINVAL, -1, -1, "unknown brain option '%s' (see c2rt options)",
		               name);
	return set_info(o, info, value, err);
}

const char *brain_option_value_name(const brain_option_info *info, int value, char *buf,
                                    size_t cap)
{
	if (!info->values || value < 0 || cap == 0)
		return NULL;
	const char *p = info->values;
	for (int i = 0; i < value && p; i++) {
		p = strchr(p, ',');
		if (p)
			p++;
	}
	if (!p || !*p)
		return NULL;
	size_t n = strcspn(p, ",");
	if (n >= cap)
		n = cap - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return buf;
}

/* The number whose value name is s[0..len), or -1. */
static int value_by_name(const brain_option_info *info, const char *s, size_t len)
{
	char buf[32];
	for (int v = info->min; v <= info->max; v++) {
		const char *n = brain_option_value_name(info, v, buf, sizeof buf);
		if (n && strlen(n) == len && strncmp(n, s, len) == 0)
			return v;
	}
	return -1;
}

int brain_options_parse(brain_options *o, const char *text, c2_err *err)
{
	const char *eq = strchr(text, '=');
	if (!eq || eq == text || !eq[1])
		return c2_fail(err, C2_EINVAL, -1, -1, "'%s' is not NAME=VALUE", text);
	const brain_option_info *info = brain_option_find(text, (size_t)(eq - text));
	if (!info)
		return c2_fail(err, C2_EINVAL, -1, -1, "unknown brain option '%.*s' (see c2rt options)",
		               (int)(eq - text), text);
	const char *val = eq + 1;
	char *end;
	long v = strtol(val, &end, 10);
	if (*end || end == val) {
		int named = value_by_name(info, val, strlen(val));
		if (named < 0)
			return c2_fail(err, C2_EINVAL, -1, -1, "option %s: '%s' is neither a number nor "
			               "one of %s", info->name, val, info->values ? info->values : "-");
		v = named;
	}
	if (v < info->min || v > info->max)
		return c2_fail(err, C2_EINVAL, -1, -1, "option %s: %ld is outside %d..%d", info->name,
		               v, info->min, info->max);
	return set_info(o, info, (int)v, err);
}

int brain_options_check(const brain_options *o, c2_err *err)
{
	for (size_t i = 0; i < brain_option_count; i++) {
		const brain_option_info *info = &brain_option_table[i];
		int v = brain_option_get(o, info);
		if (v < info->min || v > info->max)
			return c2_fail(err, C2_EINVAL, -1, -1, "option %s: %d is outside %d..%d",
			               info->name, v, info->min, info->max);
	}
	return 0;
}
