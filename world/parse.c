/* parse.c — the words of world files and of the world's events lines. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/words.h"
#include "world/internal.h"

int w_tokenize(w_line *p, const char *s, size_t n)
{
	const char *hash = memchr(s, '#', n);
	if (hash)
		n = (size_t)(hash - s);
	if (n >= WORLD_MAX_LINE)
		return w_fail(p, "line longer than %d characters", WORLD_MAX_LINE - 1);
	p->nt = 0;
	size_t i = 0, wn;
	const char *word;
	while (c2_next_word(s, n, &i, &word, &wn)) {
		if (p->nt == W_MAX_TOKENS)
			return w_fail(p, "line has more than %d words", W_MAX_TOKENS);
		if (memchr(word, '\0', wn))
			return w_fail(p, "NUL byte in the line");
		p->t[p->nt].s = word;
		p->t[p->nt].n = wn;
		p->nt++;
	}
	return 0;
}

bool w_tok_is(const w_tok *t, const char *word)
{
	return t->n == strlen(word) && !strncmp(t->s, word, t->n);
}

bool w_tok_int(const w_tok *t, long lo, long hi, long *out)
{
	if (t->n == 0 || t->n > 12)
		return false;
	size_t i = t->s[0] == '-' || t->s[0] == '+';
	if (i == t->n)
		return false;
	for (size_t k = i; k < t->n; k++)
		if (!isdigit((unsigned char)t->s[k]))
			return false;
	char b[16];
	memcpy(b, t->s, t->n);
	b[t->n] = '\0';
	long v = strtol(b, NULL, 10);
	if (v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

int w_int(w_line *p, int i, long lo, long hi, const char *what, long *out)
{
	if (i >= p->nt)
		return w_fail(p, "missing %s (a number %ld..%ld)", what, lo, hi);
	if (!w_tok_int(&p->t[i], lo, hi, out))
		return w_fail(p, "%s must be a number %ld..%ld, not '%.*s'", what, lo, hi,
		              (int)p->t[i].n, p->t[i].s);
	return 0;
}

int w_vocab(w_line *p, int i, const genome_vocab *v, int *out)
{
	if (i >= p->nt)
		return w_fail(p, "missing %s", v->what);
	long num;
	if (w_tok_int(&p->t[i], 0, v->n - 1, &num)) {
		*out = (int)num;
		return 0;
	}
	int x = genome_vocab_find(v, p->t[i].s, p->t[i].n);
	if (x < 0) {
		char hint[160];
		genome_vocab_hint(v, p->t[i].s, p->t[i].n, hint, sizeof hint);
		return w_fail(p, "unknown %s '%.*s'%s", v->what, (int)p->t[i].n, p->t[i].s, hint);
	}
	*out = x;
	return 0;
}

int w_name(w_line *p, int i, const char *what, char out[WORLD_MAX_NAME])
{
	if (i >= p->nt)
		return w_fail(p, "missing %s name", what);
	const w_tok *t = &p->t[i];
	if (t->n >= WORLD_MAX_NAME)
		return w_fail(p, "%s name '%.*s' is longer than %d characters", what, (int)t->n, t->s,
		              WORLD_MAX_NAME - 1);
	for (size_t k = 0; k < t->n; k++) {
		unsigned char ch = (unsigned char)t->s[k];
		if (!isalnum(ch) && ch != '_' && ch != '-')
			return w_fail(p, "%s name '%.*s': only letters, digits, '_' and '-'", what,
			              (int)t->n, t->s);
	}
	memcpy(out, t->s, t->n);
	out[t->n] = '\0';
	return 0;
}

int w_engine_cmd(w_line *p, int when_n, const char *cmd, int i, creature_event *out)
{
	char buf[WORLD_MAX_LINE + 64];
	size_t o = 0;
	if (when_n == 0) {
		memcpy(buf, "at 0", 4);
		o = 4;
	}
	for (int k = 0; k < when_n; k++) {
		memcpy(buf + o, p->t[k].s, p->t[k].n); /* the line fits: so do its words */
		o += p->t[k].n;
		buf[o++] = ' ';
	}
	o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s", when_n ? "" : " ", cmd);
	for (int k = i; k < p->nt; k++) {
		buf[o++] = ' ';
		memcpy(buf + o, p->t[k].s, p->t[k].n);
		o += p->t[k].n;
	}
	creature_events ev = {0};
	ev.lines = p->line - 1; /* its errors name this line */
	int rc = creature_events_append(&ev, buf, o, p->err);
	if (rc == 0)
		*out = ev.v[0];
	creature_events_free(&ev);
	return rc;
}
