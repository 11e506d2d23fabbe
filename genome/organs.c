/* organs.c — names for a genome's organs: the .gno's description, else the
 * standard organ whose marks the organ's genes hold most of (organs.h). */
#include "genome/organs.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genome/loci.h"
#include "genome/vocab.h"

/* ---- the marks of the standard organs, read from vocab.h's table ---------- */

/* In this order: the kinds from M_RLOCUS on are wiring, and count twice. */
typedef enum mark_kind { M_CHEM, M_REACT, M_RLOCUS, M_ELOCUS, M_LOBE } mark_kind;

typedef struct mark {
	mark_kind kind;
	int a, b; /* chemical (and product), locus table entry, or lobe */
} mark;

enum { MAX_MARKS = 8 };

typedef struct organ_marks {
	mark m[MAX_MARKS];
	int n;
} organ_marks;

static int locus_entry(genome_locus_dir dir, const char *s, size_t n)
{
	const genome_locus_info *t = dir == GENOME_RECEPTOR ? genome_receptor_loci : genome_emitter_loci;
	int count = dir == GENOME_RECEPTOR ? GENOME_RL_COUNT : GENOME_EL_COUNT;
	for (int i = 0; i < count; i++)
		if (genome_name_eq(s, n, t[i].name))
			return i;
	return -1;
}

/* One mark s[0..n); false when it names nothing (a slip in the table, which
 * the unit tests catch). */
static bool read_mark(const char *s, size_t n, mark *m)
{
	const char *gt = memchr(s, '>', n);
	if (n > 2 && (s[0] == 'r' || s[0] == 'e') && s[1] == ':') {
		m->kind = s[0] == 'r' ? M_RLOCUS : M_ELOCUS;
		m->a = locus_entry(s[0] == 'r' ? GENOME_RECEPTOR : GENOME_EMITTER, s + 2, n - 2);
		return m->a >= 0;
	}
	if (n > 5 && !strncmp(s, "lobe:", 5)) {
		m->kind = M_LOBE;
		m->a = 0;
		for (size_t i = 5; i < n && m->a < 256; i++) {
			if (!isdigit((unsigned char)s[i]))
				return false;
			m->a = m->a * 10 + (s[i] - '0');
		}
		return m->a < 256;
	}
	if (gt) {
		m->kind = M_REACT;
		m->a = genome_vocab_find(&genome_chemicals, s, (size_t)(gt - s));
		m->b = genome_vocab_find(&genome_chemicals, gt + 1, n - (size_t)(gt - s) - 1);
		return m->a > 0 && m->b > 0;
	}
	m->kind = M_CHEM;
	m->a = genome_vocab_find(&genome_chemicals, s, n);
	return m->a > 0;
}

/* The marks of every standard organ; false if one names nothing. */
static bool read_marks(organ_marks marks[GENOME_NSTANDARD_ORGANS])
{
	for (int o = 0; o < GENOME_NSTANDARD_ORGANS; o++) {
		const char *s = genome_standard_organ_marks(o);
		marks[o].n = 0;
		while (*s) {
			size_t n = strcspn(s, "|");
			if (marks[o].n == MAX_MARKS || !read_mark(s, n, &marks[o].m[marks[o].n++]))
				return false;
			s += n + (s[n] == '|');
		}
	}
	return true;
}

/* ---- what an organ holds ----------------------------------------------------- */

static bool touches(const genome_gene *g, int chem)
{
	const genome_reaction_gene *r = &g->u.reaction;
	switch (g->kind) {
	case GK_RECEPTOR:
		return g->u.receptor.chemical == chem;
	case GK_EMITTER:
		return g->u.emitter.chemical == chem;
	case GK_REACTION:
		return r->r1 == chem || r->r2 == chem || r->p1 == chem || r->p2 == chem;
	default:
		return false;
	}
}

static bool holds(const genome_gene *g, const mark *m)
{
	const genome_receptor_gene *rc = &g->u.receptor;
	const genome_emitter_gene *em = &g->u.emitter;
	const genome_reaction_gene *r = &g->u.reaction;
	switch (m->kind) {
	case M_CHEM:
		return touches(g, m->a);
	case M_REACT:
		return g->kind == GK_REACTION && (r->r1 == m->a || r->r2 == m->a) &&
		       (r->p1 == m->b || r->p2 == m->b);
	case M_RLOCUS:
		return g->kind == GK_RECEPTOR &&
		       genome_locus_find(GENOME_RECEPTOR, rc->organ, rc->tissue, rc->locus, NULL) == m->a;
	case M_ELOCUS:
		return g->kind == GK_EMITTER &&
		       genome_locus_find(GENOME_EMITTER, em->organ, em->tissue, em->locus, NULL) == m->a;
	case M_LOBE:
		return (g->kind == GK_RECEPTOR && rc->organ == 0 && rc->tissue == m->a) ||
		       (g->kind == GK_EMITTER && em->organ == 0 && em->tissue == m->a);
	}
	return false;
}

int genome_organ_match(const genome_gene *genes, size_t n)
{
	organ_marks marks[GENOME_NSTANDARD_ORGANS];
	if (n == 0 || genes[0].kind != GK_ORGAN || !read_marks(marks))
		return -1;
	int best = -1, best_score = 1; /* at least two chemical marks, or one of wiring */
	for (int o = 0; o < GENOME_NSTANDARD_ORGANS; o++) {
		int score = 0;
		for (int k = 0; k < marks[o].n; k++) {
			size_t i = 1;
			while (i < n && !holds(&genes[i], &marks[o].m[k]))
				i++;
			score += i < n ? 1 + (marks[o].m[k].kind >= M_RLOCUS) : 0;
		}
		if (score > best_score) {
			best = o;
			best_score = score;
		}
	}
	return best;
}

/* ---- names from the notes ------------------------------------------------------ */

/* Keep letters, digits, spaces, '-', '_' and '.'; drop the rest. */
static bool name_char(int c)
{
	return isalnum(c) || c == ' ' || c == '-' || c == '_' || c == '.';
}

/* Words written all in capitals get a capital and small letters. */
static void title_case(char *s)
{
	for (char *w = s; *w;) {
		size_t n = strcspn(w, " ");
		bool upper = true;
		for (size_t i = 0; i < n; i++)
			upper &= !islower((unsigned char)w[i]);
		for (size_t i = 1; upper && i < n; i++)
			w[i] = (char)tolower((unsigned char)w[i]);
		w += n;
		w += *w == ' ';
	}
}

void genome_organ_tidy(const char *d, char *out, size_t cap)
{
	size_t len = strlen(d);
	const char *dash = NULL;
	for (const char *p = d; (p = strstr(p, " - ")) != NULL; p++)
		dash = p; /* "... - Organ": what follows the last dash is the gene kind */
	const char *end = dash ? dash : d + len;
	const char *colon = memchr(d, ':', (size_t)(end - d));
	while (colon && memchr(colon + 1, ':', (size_t)(end - colon - 1)))
		colon = memchr(colon + 1, ':', (size_t)(end - colon - 1));
	const char *p = colon ? colon + 1 : d; /* "CNS: ...": a section, not the name */
	while (p < end && (isdigit((unsigned char)*p) || *p == ' '))
		p++; /* the Genetics Kit's own number */
	size_t o = 0;
	int depth = 0;
	for (; p < end && o + 1 < cap; p++) {
		unsigned char c = (unsigned char)*p;
		depth += c == '(' ? 1 : c == ')' && depth ? -1 : 0;
		if (depth || c == ')' || !name_char(c) || (c == ' ' && (o == 0 || out[o - 1] == ' ')))
			continue;
		out[o++] = (char)c;
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	title_case(out);
}

/* ---- the names, unique ------------------------------------------------------------ */

/* A name an unnamed organ has, or would clash with one: body, brain, organN. */
static bool reserved(const char *s)
{
	size_t n = strlen(s);
	if (genome_name_eq(s, n, "body") || genome_name_eq(s, n, "brain"))
		return true;
	if (n <= 5 || !genome_name_eq(s, 5, "organ"))
		return false;
	for (size_t i = 5; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

static bool taken(const genome_organ_names *o, size_t upto, const char *s)
{
	for (size_t i = 0; i < upto; i++)
		if (genome_name_eq(s, strlen(s), o->v[i].name))
			return true;
	return false;
}

/* Make o->v[k].name (base) unique among the names before it. */
static void make_unique(genome_organ_names *o, size_t k, const char *base)
{
	char *dst = o->v[k].name;
	snprintf(dst, GENOME_ORGAN_NAME_MAX, "%s", base);
	for (unsigned i = 2; taken(o, k, dst); i++) {
		char suffix[16];
		int sn = snprintf(suffix, sizeof suffix, " %u", i);
		int keep = GENOME_ORGAN_NAME_MAX - 1 - sn;
		snprintf(dst, GENOME_ORGAN_NAME_MAX, "%.*s%s", keep, base, suffix);
	}
}

/* The genes organ gene `at` owns: up to the next organ gene. */
static size_t owned_end(const genome *g, size_t at)
{
	size_t j = at + 1;
	while (j < g->ngenes && g->genes[j].kind != GK_ORGAN)
		j++;
	return j;
}

int genome_organ_names_make(genome_organ_names *out, const genome *g, const genome_gno *gno)
{
	out->v = NULL;
	out->n = 0;
	size_t n = 0;
	for (size_t i = 0; i < g->ngenes; i++)
		n += g->genes[i].kind == GK_ORGAN;
	if (n == 0)
		return 0;
	out->v = calloc(n, sizeof *out->v);
	if (!out->v)
		return C2_ENOMEM;
	/* The notes' description of each organ id (a gene's id is a byte), found
	 * in one pass: the first entry for an id wins, as genome_gno_describe. */
	const char *notes[256] = {0};
	for (size_t e = gno ? gno->n : 0; e-- > 0;) {
		const genome_gno_entry *x = &gno->entries[e];
		if (x->type == genome_kinds[GK_ORGAN].type && x->subtype == genome_kinds[GK_ORGAN].subtype &&
		    x->seq < 256)
			notes[x->seq] = x->description;
	}
	for (size_t i = 0; i < g->ngenes; i++) {
		if (g->genes[i].kind != GK_ORGAN)
			continue;
		char base[GENOME_ORGAN_NAME_MAX] = "";
		const char *d = notes[g->genes[i].id];
		if (d)
			genome_organ_tidy(d, base, sizeof base);
		if (!base[0] || reserved(base)) {
			int s = genome_organ_match(&g->genes[i], owned_end(g, i) - i);
			snprintf(base, sizeof base, "%s", s >= 0 ? genome_standard_organs.names[s] : "");
		}
		out->v[out->n].gene = (long)i;
		if (base[0])
			make_unique(out, out->n, base);
		out->n++;
	}
	return 0;
}

void genome_organ_names_free(genome_organ_names *o)
{
	free(o->v);
	o->v = NULL;
	o->n = 0;
}

const char *genome_organ_names_of(const genome_organ_names *o, long gene)
{
	if (!o)
		return NULL;
	size_t lo = 0, hi = o->n; /* in gene order: a binary search */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (o->v[mid].gene < gene)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < o->n && o->v[lo].gene == gene && o->v[lo].name[0] ? o->v[lo].name : NULL;
}
