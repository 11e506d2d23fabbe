/* internal.h — trace/'s internals (never installed): the reader's line
 * splitting (split.c), one line of a trace into its fields, in place: CSV
 * (quoted fields unquoted) or a flat JSON object (keys and values decoded).
 * It knows nothing of columns. */
#ifndef C2_TRACE_INTERNAL_H
#define C2_TRACE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

/* Split buf[0..len) at commas into field[], unquoting "..." fields ("" for
 * a quote inside) in place. At most max fields are kept; *nf counts all of
 * them. Returns 0, or -1 with the reason in why. */
int trace_split_csv(char *buf, size_t len, char **field, int max, int *nf, char *why,
                    size_t whyn);

/* What a JSON value was. */
enum { TRACE_SPLIT_NUMBER, TRACE_SPLIT_STRING, TRACE_SPLIT_NULL };

/* A JSON line's pairs: key[i], value[i] (a decoded string, a number's text,
 * or "" for null) and type[i], each max slots. */
typedef struct trace_split_pairs {
	char **key;
	char **value;
	unsigned char *type;
} trace_split_pairs;

/* Split one NDJSON line buf[0..len), a flat object {"key": number, "string"
 * or null, ...}, in place into out (at most max pairs; *nf counts them all).
 * Returns 0, or -1 with the reason in why. */
int trace_split_json(char *buf, size_t len, trace_split_pairs *out, int max, int *nf, char *why,
                     size_t whyn);

/* Does buf[0..len) start (after blanks) like a JSON object? */
bool trace_split_is_json(const char *buf, size_t len);

#endif
