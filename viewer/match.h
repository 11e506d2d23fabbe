/* match.h — incremental search over the name tables, for the live viewer's
 * pickers (chemicals, stimuli, words): what you type narrows a list of
 * choices, best matches first. No SDL here. */
#ifndef C2_VIEWER_MATCH_H
#define C2_VIEWER_MATCH_H

#include <stddef.h>

#include "genome/vocab.h"

enum { VIEW_CHOICE_LABEL = 48 };

/* One thing to pick: its label, its number in its table, and a tag the
 * picker's user gives it (e.g. the lobe of a word). */
typedef struct view_choice {
	char label[VIEW_CHOICE_LABEL];
	int value;
	int tag;
} view_choice;

/* Append the values first..last of v to out[*n..max) as choices tagged
 * `tag`, labelled "PREFIXname" (PREFIX may be NULL). A value without a name
 * is labelled "PREFIX<what> N" when `unnamed` is nonzero and skipped
 * otherwise. Returns the new count. */
int view_choices_from_vocab(view_choice *out, int n, int max, const genome_vocab *v, int first,
                            int last, const char *prefix, int tag, int unnamed);

/* The choices matching `query`, best first, as indices into all[0..n) in
 * out[0..max); returns how many. Names compare loosely (case, and ' ', '_'
 * and '-' alike, as genome_name_eq). Ranks: the whole label, then the label
 * starting with the query, then a word of it starting with it, then the
 * query anywhere in it; a query that is a number also matches that value
 * (first). Ties keep table order. An empty query matches everything. */
int view_match(const view_choice *all, int n, const char *query, int *out, int max);

#endif
