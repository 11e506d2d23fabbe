/* near.h — "did you mean": the candidate nearest a word someone mistyped
 * (an option, a command, a chemical's name), and the candidates that hold
 * the word, for messages that suggest what was meant. The command line and
 * the core's parsers (events, world and wiring files) ask the same way, so
 * a slip gets the same help wherever it is made. */
#ifndef C2_NEAR_H
#define C2_NEAR_H

#include <stdbool.h>
#include <stddef.h>

/* The nearest of the candidates given to c2_near_add, or NULL when none is
 * close: a third of the word's letters may be wrong (one in a word of 2 to
 * 5 letters, none in a shorter one), or the word may be the start of a
 * longer candidate (3 letters at least). Loose: letters compare without
 * case, and spaces, '-' and '_' alike (for names such as "Need for
 * Pleasure"); else exactly (option and command names). Ties go to the
 * first candidate. Words and candidates over 48 characters are never near. */
typedef struct c2_near {
	const char *word;
	size_t len;
	bool loose;
	const char *best;
	int score;
} c2_near;

void c2_near_init(c2_near *q, const char *word, size_t len, bool loose);
void c2_near_add(c2_near *q, const char *candidate);
const char *c2_near_best(const c2_near *q);

/* Does `candidate` hold word[0..len) (loosely, as above)? An empty word is
 * in nothing. */
bool c2_near_contains(const char *candidate, const char *word, size_t len);

#endif
