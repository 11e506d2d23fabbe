/* words.h — the one way the text parsers (genome text form, events files,
 * SV-rule names) split their input: into lines, and a line into words
 * separated by white space. Bounded by the given length, never by a NUL. */
#ifndef C2_WORDS_H
#define C2_WORDS_H

#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>

/* The next line of text[0..len) from *pos: sets *line and *n (without the
 * '\n'), moves *pos past it. false when *pos is at the end. */
static inline bool c2_next_line(const char *text, size_t len, size_t *pos, const char **line,
                                size_t *n)
{
	if (*pos >= len)
		return false;
	size_t end = *pos;
	while (end < len && text[end] != '\n')
		end++;
	*line = text + *pos;
	*n = end - *pos;
	*pos = end + 1;
	return true;
}

/* The next white-space separated word of s[0..n) from *pos: sets *word and
 * *wn, moves *pos past it. false when only white space is left. */
static inline bool c2_next_word(const char *s, size_t n, size_t *pos, const char **word,
                                size_t *wn)
{
	size_t i = *pos;
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	size_t st = i;
	while (i < n && !isspace((unsigned char)s[i]))
		i++;
	*pos = i;
	if (i == st)
		return false;
	*word = s + st;
	*wn = i - st;
	return true;
}

/* A decimal 0..255 occupying exactly s[0..n) (at most three digits, no
 * sign or space), or -1: chemical and SV-rule numbers. */
static inline int c2_word_byte(const char *s, size_t n)
{
	if (n == 0 || n > 3)
		return -1;
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v <= 255 ? v : -1;
}

#endif
