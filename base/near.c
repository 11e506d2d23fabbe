/* near.c — the nearest name to a mistyped one (near.h). */
#include "base/near.h"

#include <ctype.h>
#include <string.h>

enum { MAXN = 48 };

static int fold(int c, bool loose)
{
	if (!loose)
		return c;
	if (c == '-' || c == '_')
		return ' ';
	return tolower((unsigned char)c);
}

/* Edit distance with transpositions (optimal string alignment); the names
 * compared are short, longer ones count as far. */
static int edit_distance(const char *a, size_t n, const char *b, bool loose)
{
	size_t m = strlen(b);
	if (n > MAXN || m > MAXN)
		return MAXN;
	int d[MAXN + 1][MAXN + 1];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			int ai = fold(a[i - 1], loose), bj = fold(b[j - 1], loose);
			int v = d[i - 1][j - 1] + (ai != bj);
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && ai == fold(b[j - 2], loose) && fold(a[i - 2], loose) == bj &&
			    d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[n][m];
}

static bool starts(const char *cand, const char *word, size_t n, bool loose)
{
	for (size_t i = 0; i < n; i++)
		if (!cand[i] || fold(cand[i], loose) != fold(word[i], loose))
			return false;
	return true;
}

void c2_near_init(c2_near *q, const char *word, size_t len, bool loose)
{
	q->word = word;
	q->len = len;
	q->loose = loose;
	q->best = NULL;
	q->score = 0;
}

void c2_near_add(c2_near *q, const char *cand)
{
	size_t n = q->len;
	/* The start of a longer name counts as one edit (--max for --max-ticks);
	 * otherwise a third of the word may be wrong, at least one letter (none
	 * in a one-letter word, to which anything would be "near"). */
	int score = n >= 3 && strlen(cand) > n && starts(cand, q->word, n, q->loose)
	                ? 1
	                : edit_distance(q->word, n, cand, q->loose);
	int limit = n < 2 ? 0 : n < 6 ? 1 : (int)(n / 3);
	if (score > 0 && score <= limit && (!q->best || score < q->score)) {
		q->best = cand;
		q->score = score;
	}
}

const char *c2_near_best(const c2_near *q)
{
	return q->best;
}

bool c2_near_contains(const char *cand, const char *word, size_t len)
{
	if (len == 0)
		return false;
	for (; *cand; cand++)
		if (starts(cand, word, len, true))
			return true;
	return false;
}
