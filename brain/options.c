/* options.c — the brain option table; the generic machinery of
 * base/options.c does the rest. */
#include "brain/options.h"

#include <string.h>

const brain_option_info brain_option_table[] = {
#define X(name, def, lo, hi, vals, help) \
	{#name, def, lo, hi, vals, help, offsetof(brain_options, name), 0},
	BRAIN_OPTIONS(X)
#undef X
#define X(name, def, lo, hi, vals, help) \
	{#name, def, lo, hi, vals, help, offsetof(brain_options, name), 1},
	BRAIN_MODES(X)
#undef X
};
const size_t brain_option_count = sizeof brain_option_table / sizeof brain_option_table[0];
const c2_option_table brain_option_tab = {
	"brain", brain_option_table, sizeof brain_option_table / sizeof brain_option_table[0],
};

brain_options brain_options_default(void)
{
	brain_options o;
	c2_options_default(&brain_option_tab, &o);
	return o;
}

const brain_option_info *brain_option_find(const char *name, size_t len)
{
	return c2_option_find(&brain_option_tab, name, len);
}

int brain_option_get(const brain_options *o, const brain_option_info *info)
{
	return c2_option_get(info, o);
}

int brain_options_set(brain_options *o, const char *name, int value, c2_err *err)
{
	return c2_option_set(&brain_option_tab, o, name, value, err);
}

const char *brain_option_value_name(const brain_option_info *info, int value, char *buf,
                                    size_t cap)
{
	return c2_option_value_name(info, value, buf, cap);
}

int brain_options_parse(brain_options *o, const char *text, c2_err *err)
{
	return c2_option_parse(&brain_option_tab, o, text, err);
}

int brain_options_check(const brain_options *o, c2_err *err)
{
	return c2_options_check(&brain_option_tab, o, err);
}
