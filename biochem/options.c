/* options.c — the biochemistry's option table (reference §9), generated from
 * the BC_OPTIONS X-macro; base/options.c does the rest. */
#include "biochem/biochem.h"

#include <stddef.h>
#include <string.h>

static const bc_option_info option_table[] = {
#define X(field, def, lo, hi, help) {#field, def, lo, hi, NULL, help, offsetof(bc_options, field), 0},
	BC_OPTIONS(X)
#undef X
};

const c2_option_table bc_option_tab = {
	"biochemistry", option_table, sizeof option_table / sizeof option_table[0],
};

void bc_options_default(bc_options *o)
{
	c2_options_default(&bc_option_tab, o);
}

const bc_option_info *bc_option_table(size_t *n)
{
	if (n)
		*n = bc_option_tab.n;
	return option_table;
}

int bc_options_set(bc_options *o, const char *name, long value, c2_err *err)
{
	return c2_option_set(&bc_option_tab, o, name, value, err);
}

int bc_options_get(const bc_options *o, const char *name, long *value)
{
	const c2_option *info = name ? c2_option_find(&bc_option_tab, name, strlen(name)) : NULL;
	if (!info)
		return C2_EINVAL;
	*value = c2_option_get(info, o);
	return 0;
}
