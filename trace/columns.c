/* columns.c — the column table as data, and the chemicals' labels that
 * name the chem: columns (columns.h). */
#include "trace/columns.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/words.h"
#include "genome/vocab.h"

#define TRACE_X_ROW(ID, name, group, when, kind, format, value, widest) \
	{name, TRACE_GROUP_##group, TRACE_WHEN_##when, TRACE_KIND_##kind},
const trace_column trace_columns[TRACE_NCOLS] = {TRACE_COLUMNS(TRACE_X_ROW)};
#undef TRACE_X_ROW

/* Does chem share its name with the chemical before it? Chemicals of one
 * name (236..239 are all "Unknown Toxin") stand together in the table
 * (test_trace checks), so looking one back finds every repeat, in O(1)
 * for each of a row's keys. */
static bool name_repeats(uint8_t chem, const char *name)
{
	const char *prev = chem ? genome_vocab_name(&genome_chemicals, chem - 1) : NULL;
	return prev && strcmp(prev, name) == 0;
}

void trace_chem_label(uint8_t chem, char *buf, size_t cap)
{
	const char *nm = genome_vocab_name(&genome_chemicals, chem);
	if (nm && name_repeats(chem, nm))
		snprintf(buf, cap, "%s %u", nm, chem);
	else if (nm)
		snprintf(buf, cap, "%s", nm);
	else
		snprintf(buf, cap, "%u", chem);
}

int trace_chem_find(const char *s, size_t n)
{
	int chem = genome_vocab_find(&genome_chemicals, s, n);
	if (chem >= 0)
		return chem;
	/* "NAME N": chemical N, when NAME is its name. */
	size_t d = n;
	while (d > 0 && isdigit((unsigned char)s[d - 1]))
		d--;
	int num = c2_word_byte(s + d, n - d);
	if (num >= 0 && d >= 2 && strchr(" _-", s[d - 1])) {
		const char *name = genome_vocab_name(&genome_chemicals, num);
		if (name && genome_name_eq(s, d - 1, name))
			return num;
	}
	return c2_word_byte(s, n);
}

const char *trace_chem_legend(int chem, char *buf, size_t n)
{
	if (genome_vocab_name(&genome_chemicals, chem))
		trace_chem_label((uint8_t)chem, buf, n); /* unique: "Unknown Toxin 237" */
	else
		snprintf(buf, n, "chemical %d", chem);
	return buf;
}
