/* options.c — the biochemistry's option table (reference §9), generated from
 * the BC_OPTIONS X-macro so the struct, the defaults, the CLI listing and
 * the setter cannot disagree. */
#include "biochem/biochem.h"

#include <stddef.h>
#include <string.h>

static const bc_option_info option_table[] = {
#define X(field, def, lo, hi, help) {#field, def, lo, hi, help, offsetof(bc_options, field)},
	BC_OPTIONS(X)
#undef X
};

enum { NOPTIONS = sizeof option_table / sizeof option_table[0] };

void bc_options_default(bc_options *o)
{
#define X(field, def, lo, hi, help) o->field = def;
	BC_OPTIONS(X)
#undef X
}

const bc_option_info *bc_option_table(size_t *n)
{
	if (n)
		*n = NOPTIONS;
	return option_table;
}

static const bc_option_info *find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < NOPTIONS; i++)
		if (strcmp(option_table[i].name, name) == 0)
			return &option_table[i];
	return NULL;
}

int bc_options_set(bc_options *o, const char *name, long value, c2_err *err)
{
	const bc_option_info *info = find(name);
	if (!info)
		return c2_fail(err, C2_EINVAL, -1, -1, "unknown biochemistry option '%s'",
		               name ? name : "(null)");
	if (value < info->min || value > info->max)
		return c2_fail(err, C2_EINVAL, -1, -1, "biochemistry option %s must be %d..%d, not %ld",
		               info->name, info->min, info->max, value);
	int v = (int)value;
	memcpy((char *)o + info->offset, &v, sizeof v);
	return 0;
}

int bc_options_get(const bc_options *o, const char *name, long *value)
{
	const bc_option_info *info = find(name);
	if (!info)
		return C2_EINVAL;
	int v;
	memcpy(&v, (const char *)o + info->offset, sizeof v);
	*value = v;
	return 0;
}
