/* match.c — loose, ranked name search for the viewer's pickers (see match.h). */
#include "viewer/match.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int view_choices_from_vocab(view_choice *out, int n, int max, const genome_vocab *v, int first,
                            int last, const char *prefix, int tag, int unnamed)
{
	if (!prefix)
		prefix = "";
	for (int i = first; i <= last && n < max; i++) {
		const char *name = genome_vocab_name(v, i);
		if (name)
			snprintf(out[n].label, sizeof out[n].label, "%s%s", prefix, name);
		else if (unnamed)
			snprintf(out[n].label, sizeof out[n].label, "%s%s %d", prefix, v->what, i);
		else
			continue;
		out[n].value = i;
		out[n].tag = tag;
		n++;
	}
	return n;
}

/* The loose form of a character: lower case, and '_' / '-' as a space. */
static int fold(int c)
{
	c = tolower((unsigned char)c);
	return c == '_' || c == '-' ? ' ' : c;
}

/* Does s start with q (loosely)? */
static int starts(const char *s, const char *q)
{
	for (; *q; s++, q++)
		if (!*s || fold(*s) != fold(*q))
			return 0;
	return 1;
}

/* 1 + rank of a match (lower is better), or 0 for none. */
static int rank(const view_choice *c, const char *q, int qnum)
{
	if (qnum >= 0 && c->value == qnum)
		return 1;
	const char *s = c->label;
	if (starts(s, q))
		return strlen(s) == strlen(q) ? 2 : 3;
	for (const char *p = s + 1; *p; p++)
		if (fold(p[-1]) == ' ' && starts(p, q))
			return 4;
	for (const char *p = s + 1; *p; p++)
		if (starts(p, q))
			return 5;
	return 0;
}

int view_match(const view_choice *all, int n, const char *query, int *out, int max)
{
	/* Leading and trailing blanks do not count. */
	while (*query == ' ')
		query++;
	char q[VIEW_CHOICE_LABEL * 2];
	snprintf(q, sizeof q, "%s", query);
	size_t ql = strlen(q);
	while (ql && q[ql - 1] == ' ')
		q[--ql] = '\0';
	int qnum = -1;
	if (ql && ql <= 4 && strspn(q, "0123456789") == ql)
		qnum = atoi(q);
	int got = 0;
	/* One pass per rank keeps table order within a rank, without sorting.
	 * (An empty query starts every label: rank 3 for all.) */
	for (int r = 1; r <= 5 && got < max; r++)
		for (int i = 0; i < n && got < max; i++)
			if (rank(&all[i], q, qnum) == r)
				out[got++] = i;
	return got;
}
