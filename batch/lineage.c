/* lineage.c — a genealogy log read back into a family, its summary per
 * generation and its family tree (see lineage.h). */
#include "batch/lineage.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *batch_lineage_sex_name(batch_lineage_sex s)
{
	return s == BATCH_SEX_MALE ? "male" : s == BATCH_SEX_FEMALE ? "female" : "?";
}

static const char *const type_names[] = {
#define X(id, name) name,
	BATCH_LINEAGE_TYPES(X)
#undef X
};

/* ---- one JSON line --------------------------------------------------------- */

enum { MAX_DEPTH = 64, MAX_STR = 64 };

typedef struct scan {
	const char *s;
	size_t n, i;
	long line;
	c2_err *err;
} scan;

/* A value as the records need it: a short string, a number, or the count
 * of an array's elements. */
typedef struct jval {
	char kind;       /* 's' string, 'n' number, 'a' array, 'o' object, 'l' literal */
	char str[MAX_STR];
	bool str_long;   /* the string did not fit (kept: its first bytes) */
	bool is_uint;    /* a whole number 0..2^64-1, in u */
	uint64_t u;
	size_t elements; /* an array's */
} jval;

static int bad(scan *sc, const char *what)
{
	return c2_fail_line(sc->err, C2_EFORMAT, sc->line, "%s at column %zu", what, sc->i + 1);
}

static void ws(scan *sc)
{
	while (sc->i < sc->n && (sc->s[sc->i] == ' ' || sc->s[sc->i] == '\t' || sc->s[sc->i] == '\r'))
		sc->i++;
}

static bool eat(scan *sc, char c)
{
	ws(sc);
	if (sc->i < sc->n && sc->s[sc->i] == c) {
		sc->i++;
		return true;
	}
	return false;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
	     : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A JSON string at sc->i (its quote), its first bytes into v->str. */
static int string(scan *sc, jval *v)
{
	size_t k = 0;
	v->kind = 's';
	v->str_long = false;
	sc->i++; /* the quote */
	while (sc->i < sc->n && sc->s[sc->i] != '"') {
		char c = sc->s[sc->i++];
		if ((unsigned char)c < 0x20)
			return bad(sc, "a control byte in a string");
		if (c == '\\') {
			if (sc->i >= sc->n)
				break;
			char e = sc->s[sc->i++];
			const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
			const char *p = strchr(from, e);
			if (e == 'u') {
				if (sc->i + 4 > sc->n)
					return bad(sc, "a short \\u escape");
				int cp = 0;
				for (int d = 0; d < 4; d++) {
					int h = hexval(sc->s[sc->i++]);
					if (h < 0)
						return bad(sc, "a bad \\u escape");
					cp = cp * 16 + h;
				}
				c = cp < 0x80 ? (char)cp : '?';
			} else if (e && p) {
				c = to[p - from];
			} else {
				return bad(sc, "a bad escape in a string");
			}
		}
		if (k + 1 < sizeof v->str)
			v->str[k++] = c;
		else
			v->str_long = true;
	}
	v->str[k] = '\0';
	if (sc->i >= sc->n)
		return bad(sc, "an unfinished string");
	sc->i++;
	return 0;
}

static bool digit(const scan *sc)
{
	return sc->i < sc->n && sc->s[sc->i] >= '0' && sc->s[sc->i] <= '9';
}

/* A JSON number: checked against the grammar; whole numbers kept exactly. */
static int number(scan *sc, jval *v)
{
	v->kind = 'n';
	v->is_uint = true;
	v->u = 0;
	if (sc->i < sc->n && sc->s[sc->i] == '-') {
		v->is_uint = false;
		sc->i++;
	}
	if (!digit(sc))
		return bad(sc, "a bad number");
	size_t start = sc->i;
	while (digit(sc)) {
		unsigned d = (unsigned)(sc->s[sc->i++] - '0');
		if (v->u > (UINT64_MAX - d) / 10)
			v->is_uint = false;
		else
			v->u = v->u * 10 + d;
	}
	if (sc->i - start > 1 && sc->s[start] == '0')
		return bad(sc, "a number with a leading zero");
	if (sc->i < sc->n && sc->s[sc->i] == '.') {
		sc->i++;
		v->is_uint = false;
		if (!digit(sc))
			return bad(sc, "a bad number");
		while (digit(sc))
			sc->i++;
	}
	if (sc->i < sc->n && (sc->s[sc->i] == 'e' || sc->s[sc->i] == 'E')) {
		sc->i++;
		v->is_uint = false;
		if (sc->i < sc->n && (sc->s[sc->i] == '+' || sc->s[sc->i] == '-'))
			sc->i++;
		if (!digit(sc))
			return bad(sc, "a bad number");
		while (digit(sc))
			sc->i++;
	}
	return 0;
}

static int literal(scan *sc, jval *v)
{
	static const char *const words[] = {"true", "false", "null"};
	v->kind = 'l';
	for (size_t k = 0; k < 3; k++) {
		size_t m = strlen(words[k]);
		if (sc->n - sc->i >= m && !memcmp(sc->s + sc->i, words[k], m)) {
			sc->i += m;
			return 0;
		}
	}
	return bad(sc, "not a JSON value");
}

static int scalar(scan *sc, jval *v)
{
	ws(sc);
	if (sc->i >= sc->n)
		return bad(sc, "a missing value");
	char c = sc->s[sc->i];
	return c == '"' ? string(sc, v) : (c == '-' || (c >= '0' && c <= '9')) ? number(sc, v) : literal(sc, v);
}

/* An array or object at sc->i, walked without recursion (a stack of the
 * open brackets); v->elements counts the outer one's elements. */
static int nested(scan *sc, jval *v)
{
	char stack[MAX_DEPTH];
	int depth = 0;
	jval tmp;
	v->kind = sc->s[sc->i] == '[' ? 'a' : 'o';
	v->elements = 0;
	for (;;) {
		ws(sc);
		if (sc->i >= sc->n)
			return bad(sc, "an unfinished array or object");
		char c = sc->s[sc->i];
		if (c == '[' || c == '{') {
			if (depth == MAX_DEPTH)
				return bad(sc, "nested too deep");
			if (depth == 1)
				v->elements++;
			stack[depth++] = c;
			sc->i++;
			if (c == '{' && eat(sc, '}'))
				goto closed;
			if (c == '[' && eat(sc, ']'))
				goto closed;
			if (c == '{')
				goto key;
			continue;
		}
		if (depth == 1 && stack[0] == '[')
			v->elements++;
		if (scalar(sc, &tmp))
			return C2_EFORMAT;
	after:
		if (eat(sc, ',')) {
			if (stack[depth - 1] == '{')
				goto key;
			continue;
		}
		if (!eat(sc, stack[depth - 1] == '[' ? ']' : '}'))
			return bad(sc, "a missing comma or closing bracket");
	closed:
		if (--depth == 0)
			return 0;
		goto after;
	key:
		ws(sc);
		if (sc->i >= sc->n || sc->s[sc->i] != '"' || string(sc, &tmp) || !eat(sc, ':'))
			return sc->err->code ? C2_EFORMAT : bad(sc, "an object key expected");
	}
}

/* ---- records ----------------------------------------------------------------- */

/* The fields of one record (`has` bit per field). */
#define REC_FIELDS(X)                                                                       \
	X(TYPE, "type") X(TICK, "tick") X(REPLICATE, "replicate") X(CREATURE, "creature")     \
	X(CHILD, "child") X(MOTHER, "mother") X(FATHER, "father") X(SEX, "sex")                 \
	X(GENERATION, "generation") X(CAUSE, "cause") X(AGE, "age_ticks") X(REASON, "reason")  \
	X(MUTATIONS, "mutations")
#define X(id, name) F_##id,
enum { REC_FIELDS(X) F_COUNT };
#undef X
static const char *const field_names[] = {
#define X(id, name) name,
	REC_FIELDS(X)
#undef X
};

typedef struct rec {
	unsigned has;
	jval f[F_COUNT];
	int type;
} rec;

static int take_field(scan *sc, rec *r, const char *key, const jval *v)
{
	for (int k = 0; k < F_COUNT; k++) {
		if (strcmp(key, field_names[k]) != 0)
			continue;
		if (r->has & (1u << k))
			return c2_fail_line(sc->err, C2_EFORMAT, sc->line, "\"%s\" twice", key);
		r->has |= 1u << k;
		r->f[k] = *v;
		return 0;
	}
	return 0; /* a key of no concern here */
}

static int parse_line(scan *sc, rec *r)
{
	memset(r, 0, sizeof *r);
	if (!eat(sc, '{'))
		return bad(sc, "a record is a JSON object: '{' expected");
	if (!eat(sc, '}'))
		for (;;) {
			jval key, v;
			ws(sc);
			if (sc->i >= sc->n || sc->s[sc->i] != '"')
				return bad(sc, "an object key expected");
			if (string(sc, &key))
				return C2_EFORMAT;
			if (!eat(sc, ':'))
				return bad(sc, "':' expected");
			ws(sc);
			int rc = sc->i < sc->n && (sc->s[sc->i] == '[' || sc->s[sc->i] == '{') ? nested(sc, &v)
			                                                                      : scalar(sc, &v);
			if (rc || (rc = take_field(sc, r, key.str, &v)))
				return rc;
			if (eat(sc, ','))
				continue;
			if (eat(sc, '}'))
				break;
			return bad(sc, "',' or '}' expected");
		}
	ws(sc);
	if (sc->i != sc->n)
		return bad(sc, "text after the record");
	return 0;
}

/* ---- the index: (replicate, moniker) -> creature ------------------------------ */

static uint64_t key_hash(long replicate, const char *m)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)replicate;
	for (; *m; m++)
		h = (h ^ (unsigned char)*m) * 1099511628211ull;
	return h ^ (h >> 29);
}

static long find(const batch_lineage *l, long replicate, const char *m)
{
	if (!l->nslots)
		return -1;
	for (size_t s = key_hash(replicate, m) & (l->nslots - 1);; s = (s + 1) & (l->nslots - 1)) {
		long c = l->slots[s];
		if (c < 0)
			return -1;
		if (l->v[c].replicate == replicate && !strcmp(l->v[c].moniker, m))
			return c;
	}
}

static void place(batch_lineage *l, long c)
{
	size_t s = key_hash(l->v[c].replicate, l->v[c].moniker) & (l->nslots - 1);
	while (l->slots[s] >= 0)
		s = (s + 1) & (l->nslots - 1);
	l->slots[s] = c;
}

/* A new creature, indexed. NULL when out of memory. */
static batch_lineage_creature *add(batch_lineage *l, long replicate, const char *m, long line)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		batch_lineage_creature *v = realloc(l->v, cap * sizeof *v);
		if (!v)
			return NULL;
		l->v = v;
		l->cap = cap;
	}
	if (2 * (l->n + 1) > l->nslots) { /* keep the table at most half full */
		size_t ns = l->nslots ? 2 * l->nslots : 128;
		long *slots = malloc(ns * sizeof *slots);
		if (!slots)
			return NULL;
		free(l->slots);
		l->slots = slots;
		l->nslots = ns;
		for (size_t i = 0; i < ns; i++)
			slots[i] = -1;
		for (size_t i = 0; i < l->n; i++)
			place(l, (long)i);
	}
	batch_lineage_creature *c = &l->v[l->n];
	memset(c, 0, sizeof *c);
	snprintf(c->moniker, sizeof c->moniker, "%s", m);
	c->replicate = replicate;
	c->mother = c->father = -1;
	c->cause = -1;
	c->line = line;
	place(l, (long)l->n++);
	return c;
}

/* ---- applying a record --------------------------------------------------------- */

typedef struct ctx {
	batch_lineage *l;
	scan *sc;
	rec *r;
	long replicate;
	uint64_t tick;
} ctx;

static int fail(ctx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(ctx *x, const char *fmt, ...)
{
	char msg[sizeof x->sc->err->msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return c2_fail_line(x->sc->err, C2_EFORMAT, x->sc->line, "%s", msg);
}

/* The moniker in field k: present, a string of 1..8 letters and digits. */
static int moniker(ctx *x, int k, const char **out)
{
	const jval *v = &x->r->f[k];
	if (!(x->r->has & (1u << k)))
		return fail(x, "a %s record needs \"%s\"", type_names[x->r->type], field_names[k]);
	size_t n = strlen(v->str);
	bool ok = v->kind == 's' && !v->str_long && n >= 1 && n <= BATCH_LINEAGE_MONIKER;
	for (size_t i = 0; ok && i < n; i++) {
		char c = v->str[i];
		ok = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
	}
	if (!ok)
		return fail(x, "\"%s\": a moniker (1 to 8 letters and digits) expected", field_names[k]);
	*out = v->str;
	return 0;
}

/* The creature named in field k, which must be in the log already. */
static int known(ctx *x, int k, long *out)
{
	const char *m;
	int rc = moniker(x, k, &m);
	if (rc)
		return rc;
	*out = find(x->l, x->replicate, m);
	return *out < 0 ? fail(x, "%s %s is not in the log before this line", field_names[k], m) : 0;
}

/* A whole number in field k (optional: *out unchanged when absent). */
static int whole(ctx *x, int k, uint64_t max, uint64_t *out)
{
	const jval *v = &x->r->f[k];
	if (!(x->r->has & (1u << k)))
		return 0;
	if (v->kind != 'n' || !v->is_uint || v->u > max)
		return fail(x, "\"%s\": a whole number expected", field_names[k]);
	*out = v->u;
	return 0;
}

static int sex(ctx *x, batch_lineage_creature *c)
{
	const jval *v = &x->r->f[F_SEX];
	if (!(x->r->has & (1u << F_SEX)))
		return 0;
	if (v->kind == 's' && !strcmp(v->str, "male"))
		c->sex = BATCH_SEX_MALE;
	else if (v->kind == 's' && !strcmp(v->str, "female"))
		c->sex = BATCH_SEX_FEMALE;
	else
		return fail(x, "\"sex\": male or female, not %s", v->kind == 's' ? v->str : "a non-string");
	return 0;
}

/* The generation given must be the one the family says. */
static int generation(ctx *x, unsigned expect)
{
	uint64_t g = expect;
	int rc = whole(x, F_GENERATION, UINT32_MAX, &g);
	if (rc == 0 && g != expect) {
		return fail(x, "generation %llu, but %s %u", (unsigned long long)g,
		            expect ? "its parents make it" : "a founder's is", expect);
	}
	return rc;
}

static int new_creature(ctx *x, int k, batch_lineage_creature **out)
{
	const char *m;
	int rc = moniker(x, k, &m);
	if (rc)
		return rc;
	long old = find(x->l, x->replicate, m);
	if (old >= 0) {
		return fail(x, "%s is in the log already (line %ld)", m, x->l->v[old].line);
	}
	if (!(*out = add(x->l, x->replicate, m, x->sc->line)))
		return c2_fail_line(x->sc->err, C2_ENOMEM, x->sc->line, "out of memory");
	return 0;
}

static int on_found(ctx *x)
{
	batch_lineage_creature *c;
	int rc = new_creature(x, F_CREATURE, &c);
	if (rc || (rc = sex(x, c)) || (rc = generation(x, 0)))
		return rc;
	c->founder = c->born = true;
	c->conceived_tick = c->born_tick = x->tick;
	return 0;
}

static int on_conceive(ctx *x)
{
	long mum, dad;
	int rc = known(x, F_MOTHER, &mum);
	if (rc || (rc = known(x, F_FATHER, &dad)))
		return rc;
	const batch_lineage_creature *m = &x->l->v[mum], *d = &x->l->v[dad];
	unsigned g = (m->generation > d->generation ? m->generation : d->generation) + 1;
	double load = (m->load + d->load) / 2;
	batch_lineage_creature *c;
	if ((rc = new_creature(x, F_CHILD, &c)) || (rc = generation(x, g)))
		return rc;
	if ((x->r->has & (1u << F_MUTATIONS)) && x->r->f[F_MUTATIONS].kind != 'a')
		return fail(x, "\"mutations\": an array expected");
	c->mother = mum;
	c->father = dad;
	c->generation = g;
	c->conceived_tick = x->tick;
	c->mutations = (uint32_t)(x->r->f[F_MUTATIONS].elements > UINT32_MAX ? UINT32_MAX
	                                                                      : x->r->f[F_MUTATIONS].elements);
	c->load = load + c->mutations;
	return 0;
}

/* The child of a lay, hatch or lost record: conceived, not yet born or lost. */
static int unborn(ctx *x, batch_lineage_creature **out)
{
	long c;
	int rc = known(x, F_CHILD, &c);
	if (rc)
		return rc;
	*out = &x->l->v[c];
	if ((*out)->founder || (*out)->born || (*out)->lost)
		return fail(x, "%s is %s already", (*out)->moniker, (*out)->lost ? "lost" : "born");
	return 0;
}

static int on_lay(ctx *x)
{
	batch_lineage_creature *c;
	int rc = unborn(x, &c);
	if (rc == 0 && c->laid)
		return fail(x, "%s is laid already", c->moniker);
	if (rc == 0)
		c->laid = true;
	return rc;
}

static int on_hatch(ctx *x)
{
	batch_lineage_creature *c;
	int rc = unborn(x, &c);
	if (rc || (rc = sex(x, c)) || (rc = generation(x, c->generation)))
		return rc;
	c->born = true;
	c->born_tick = x->tick;
	return 0;
}

static int on_lost(ctx *x)
{
	batch_lineage_creature *c;
	int rc = unborn(x, &c);
	if (rc)
		return rc;
	c->lost = true;
	const jval *v = &x->r->f[F_REASON];
	snprintf(c->lost_reason, sizeof c->lost_reason, "%s",
	         (x->r->has & (1u << F_REASON)) && v->kind == 's' ? v->str : "");
	return 0;
}

/* The cause's index in the family's list (added when new). */
static int cause_of(ctx *x, int *out)
{
	const jval *v = &x->r->f[F_CAUSE];
	const char *name = (x->r->has & (1u << F_CAUSE)) && v->kind == 's' && v->str[0] ? v->str : "unknown";
	batch_lineage *l = x->l;
	for (size_t i = 0; i < l->ncauses; i++)
		if (!strcmp(l->causes[i], name)) {
			*out = (int)i;
			return 0;
		}
	if (strlen(name) >= sizeof l->causes[0] || l->ncauses == BATCH_LINEAGE_MAX_CAUSES)
		return fail(x, "cause \"%s\": too long, or one cause more than the %d a log may have", name,
		            BATCH_LINEAGE_MAX_CAUSES);
	memcpy(l->causes[l->ncauses], name, strlen(name) + 1); /* its length checked above */
	*out = (int)l->ncauses++;
	return 0;
}

static int on_death(ctx *x)
{
	long i;
	int rc = known(x, F_CREATURE, &i);
	if (rc)
		return rc;
	batch_lineage_creature *c = &x->l->v[i];
	if (!c->born || c->dead)
		return fail(x, "%s %s", c->moniker, c->dead ? "is dead already" : "died unborn");
	uint64_t age = x->tick >= c->born_tick ? x->tick - c->born_tick : 0;
	if ((rc = whole(x, F_AGE, UINT64_MAX, &age)) || (rc = cause_of(x, &c->cause)))
		return rc;
	c->dead = true;
	c->death_tick = x->tick;
	c->age_ticks = age;
	return 0;
}

static int apply(ctx *x)
{
	static int (*const on[BATCH_LT_COUNT])(ctx *) = {on_found, on_conceive, on_lay,
	                                                 on_hatch, on_death, on_lost};
	rec *r = x->r;
	const jval *t = &r->f[F_TYPE];
	if (!(r->has & (1u << F_TYPE)) || t->kind != 's')
		return c2_fail_line(x->sc->err, C2_EFORMAT, x->sc->line, "a record needs a \"type\"");
	int type = -1;
	for (int k = 0; k < BATCH_LT_COUNT; k++)
		if (!strcmp(t->str, type_names[k]))
			type = k;
	if (type < 0)
		return fail(x, "unknown record type \"%s\"", t->str);
	r->type = type;
	uint64_t rep = 0;
	int rc = whole(x, F_TICK, UINT64_MAX, &x->tick);
	if (rc || (rc = whole(x, F_REPLICATE, (uint64_t)1 << 40, &rep)))
		return rc;
	if (!(r->has & (1u << F_TICK)))
		return fail(x, "a record needs a \"tick\"");
	x->replicate = r->has & (1u << F_REPLICATE) ? (long)rep : -1;
	if (x->tick > x->l->last_tick)
		x->l->last_tick = x->tick;
	return on[type](x);
}

void batch_lineage_free(batch_lineage *l)
{
	free(l->v);
	free(l->slots);
	memset(l, 0, sizeof *l);
}

int batch_lineage_parse(batch_lineage *out, const char *text, size_t len, c2_err *err)
{
	memset(out, 0, sizeof *out);
	c2_err_clear(err);
	scan sc = {0};
	sc.err = err;
	rec *r = malloc(sizeof *r);
	if (!r)
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	int rc = 0;
	for (size_t pos = 0; pos < len && rc == 0;) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) : len;
		sc.line++;
		sc.s = text + pos;
		sc.n = end - pos;
		sc.i = 0;
		pos = end + 1;
		if (sc.n > BATCH_LINEAGE_MAX_LINE) {
			rc = c2_fail_line(err, C2_ETOOBIG, sc.line, "a record longer than %d bytes",
			                  BATCH_LINEAGE_MAX_LINE);
			break;
		}
		ws(&sc);
		if (sc.i == sc.n)
			continue; /* a blank line */
		if ((rc = parse_line(&sc, r)) != 0)
			break;
		ctx x = {out, &sc, r, -1, 0};
		rc = apply(&x);
		out->records++;
	}
	free(r);
	return rc;
}

/* ---- the summary per generation ---------------------------------------------- */

static int by_rep_gen(const void *a, const void *b)
{
	const batch_lineage_creature *x = *(batch_lineage_creature *const *)a,
	                             *y = *(batch_lineage_creature *const *)b;
	if (x->replicate != y->replicate)
		return x->replicate < y->replicate ? -1 : 1;
	if (x->generation != y->generation)
		return x->generation < y->generation ? -1 : 1;
	return x < y ? -1 : x > y; /* stable: log order */
}

static void gen_add(batch_lineage_gen *g, const batch_lineage_creature *c)
{
	g->conceived += !c->founder;
	g->lost += c->lost;
	if (!c->born)
		return;
	g->born++;
	g->males += c->sex == BATCH_SEX_MALE;
	g->females += c->sex == BATCH_SEX_FEMALE;
	g->load_mean += c->load;
	g->mutations_mean += c->mutations;
	if (c->load > g->load_max)
		g->load_max = c->load;
	if (!c->dead) {
		g->alive++;
		return;
	}
	if (!g->dead || c->age_ticks < g->life_min)
		g->life_min = c->age_ticks;
	if (c->age_ticks > g->life_max)
		g->life_max = c->age_ticks;
	g->dead++;
	g->life_mean += (double)c->age_ticks;
	g->deaths[c->cause]++;
}

static void gen_finish(batch_lineage_gen *g)
{
	if (g->born) {
		g->load_mean /= (double)g->born;
		g->mutations_mean /= (double)g->born;
	}
	if (g->dead)
		g->life_mean /= (double)g->dead;
}

int batch_lineage_generations(const batch_lineage *l, batch_lineage_gen **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	const batch_lineage_creature **order = malloc((l->n ? l->n : 1) * sizeof *order);
	batch_lineage_gen *g = malloc((l->n ? l->n : 1) * sizeof *g);
	if (!order || !g) {
		free(order);
		free(g);
		return C2_ENOMEM;
	}
	for (size_t i = 0; i < l->n; i++)
		order[i] = &l->v[i];
	qsort(order, l->n, sizeof *order, by_rep_gen);
	size_t k = 0;
	for (size_t i = 0; i < l->n; i++) {
		const batch_lineage_creature *c = order[i];
		if (!k || g[k - 1].replicate != c->replicate || g[k - 1].generation != c->generation) {
			if (k)
				gen_finish(&g[k - 1]);
			memset(&g[k], 0, sizeof g[k]);
			g[k].replicate = c->replicate;
			g[k].generation = c->generation;
			k++;
		}
		gen_add(&g[k - 1], c);
	}
	if (k)
		gen_finish(&g[k - 1]);
	free(order);
	*out = g;
	*n = k;
	return 0;
}

/* ---- text ------------------------------------------------------------------------ */

static void creature_line(const batch_lineage *l, const batch_lineage_creature *c, size_t depth,
                          c2_wbuf *w)
{
	size_t indent = depth < 16 ? depth : 16;
	for (size_t i = 0; i < indent; i++)
		c2_w_str(w, "  ");
	c2_w_printf(w, "%-4s %-6s gen %u", c->moniker, batch_lineage_sex_name(c->sex), c->generation);
	if (c->founder)
		c2_w_str(w, "  founder");
	else
		c2_w_printf(w, "  father %s  conceived %llu", l->v[c->father].moniker,
		            (unsigned long long)c->conceived_tick);
	if (c->born)
		c2_w_printf(w, "  born %llu", (unsigned long long)c->born_tick);
	if (c->lost)
		c2_w_printf(w, "  lost (%s)", c->lost_reason[0] ? c->lost_reason : "no reason given");
	else if (!c->born)
		c2_w_str(w, c->laid ? "  egg" : "  unborn");
	else if (c->dead)
		c2_w_printf(w, "  died %llu (%s, lived %llu ticks)", (unsigned long long)c->death_tick,
		            l->causes[c->cause], (unsigned long long)c->age_ticks);
	else
		c2_w_str(w, "  alive");
	if (!c->founder)
		c2_w_printf(w, "  mutations %u, carries %.2f", c->mutations, c->load);
	c2_w_u8(w, '\n');
}

/* Founders in (replicate, log) order, each followed by its mother's line
 * of descendants: a depth-first walk with its own stack (a long line of
 * generations never deepens the C stack). */
void batch_lineage_tree_text(const batch_lineage *l, c2_wbuf *w)
{
	size_t n = l->n ? l->n : 1;
	long *first = malloc(n * sizeof *first), *next = malloc(n * sizeof *next),
	     *last = malloc(n * sizeof *last);
	size_t *stack = malloc(n * sizeof *stack), *depth = malloc(n * sizeof *depth);
	const batch_lineage_creature **roots = malloc(n * sizeof *roots);
	if (!first || !next || !last || !stack || !depth || !roots) {
		w->oom = true;
		goto done;
	}
	size_t nroots = 0;
	for (size_t i = 0; i < l->n; i++)
		first[i] = next[i] = last[i] = -1;
	for (size_t i = 0; i < l->n; i++) {
		long m = l->v[i].mother;
		if (m < 0) {
			roots[nroots++] = &l->v[i];
			continue;
		}
		if (last[m] < 0)
			first[m] = (long)i;
		else
			next[last[m]] = (long)i;
		last[m] = (long)i;
	}
	qsort(roots, nroots, sizeof *roots, by_rep_gen);
	long rep = -2;
	for (size_t r = 0; r < nroots; r++) {
		if (roots[r]->replicate != rep && roots[r]->replicate >= 0)
			c2_w_printf(w, "replicate %ld\n", roots[r]->replicate);
		rep = roots[r]->replicate;
		size_t top = 0;
		stack[top] = (size_t)(roots[r] - l->v);
		depth[top++] = 0;
		while (top) {
			size_t c = stack[--top], d = depth[top];
			creature_line(l, &l->v[c], d, w);
			/* children pushed last first, so they print in log order */
			size_t from = top;
			for (long k = first[c]; k >= 0; k = next[k]) {
				stack[top] = (size_t)k;
				depth[top++] = d + 1;
			}
			for (size_t a = from, b = top; b > a + 1; a++, b--) {
				size_t t = stack[a];
				stack[a] = stack[b - 1];
				stack[b - 1] = t;
			}
		}
	}
done:
	free(first);
	free(next);
	free(last);
	free(stack);
	free(depth);
	free(roots);
}

void batch_lineage_generations_text(const batch_lineage *l, const batch_lineage_gen *g, size_t n,
                                    c2_wbuf *w)
{
	bool reps = n && g[0].replicate >= 0;
	if (reps)
		c2_w_str(w, "rep ");
	c2_w_str(w, "gen conceived lost born  m  f alive dead  life_mean   life_min   life_max "
	            "mutations  carries  max");
	for (size_t c = 0; c < l->ncauses; c++)
		c2_w_printf(w, " | %s", l->causes[c]);
	c2_w_u8(w, '\n');
	for (size_t i = 0; i < n; i++) {
		const batch_lineage_gen *r = &g[i];
		if (reps)
			c2_w_printf(w, "%3ld ", r->replicate);
		c2_w_printf(w, "%3u %9zu %4zu %4zu %2zu %2zu %5zu %4zu", r->generation, r->conceived, r->lost,
		            r->born, r->males, r->females, r->alive, r->dead);
		if (r->dead)
			c2_w_printf(w, " %10.1f %10llu %10llu", r->life_mean, (unsigned long long)r->life_min,
			            (unsigned long long)r->life_max);
		else
			c2_w_printf(w, " %10s %10s %10s", "-", "-", "-");
		c2_w_printf(w, " %9.2f %8.2f %4.1f", r->mutations_mean, r->load_mean, r->load_max);
		for (size_t c = 0; c < l->ncauses; c++)
			c2_w_printf(w, " | %*zu", (int)strlen(l->causes[c]), r->deaths[c]);
		c2_w_u8(w, '\n');
	}
}

/* ---- JSON ---------------------------------------------------------------------- */

static void creature_json(const batch_lineage *l, const batch_lineage_creature *c, c2_wbuf *w)
{
	c2_w_str(w, "{");
	if (c->replicate >= 0)
		c2_w_printf(w, "\"replicate\":%ld,", c->replicate);
	c2_w_str(w, "\"moniker\":");
	c2_w_json_cstr(w, c->moniker);
	c2_w_printf(w, ",\"sex\":\"%s\",\"generation\":%u", batch_lineage_sex_name(c->sex), c->generation);
	if (c->founder)
		c2_w_str(w, ",\"mother\":null,\"father\":null");
	else
		c2_w_printf(w, ",\"mother\":\"%s\",\"father\":\"%s\"", l->v[c->mother].moniker,
		            l->v[c->father].moniker);
	c2_w_printf(w, ",\"conceived\":%llu", (unsigned long long)c->conceived_tick);
	if (c->born)
		c2_w_printf(w, ",\"born\":%llu", (unsigned long long)c->born_tick);
	else
		c2_w_str(w, ",\"born\":null");
	if (c->dead)
		c2_w_printf(w, ",\"died\":%llu,\"cause\":\"%s\",\"age_ticks\":%llu",
		            (unsigned long long)c->death_tick, l->causes[c->cause],
		            (unsigned long long)c->age_ticks);
	else
		c2_w_str(w, ",\"died\":null,\"cause\":null,\"age_ticks\":null");
	c2_w_str(w, ",\"lost\":");
	if (c->lost)
		c2_w_json_cstr(w, c->lost_reason);
	else
		c2_w_str(w, "null");
	c2_w_printf(w, ",\"mutations\":%u,\"carries\":%.4f}", c->mutations, c->load);
}

static void gen_json(const batch_lineage *l, const batch_lineage_gen *r, c2_wbuf *w)
{
	c2_w_str(w, "{");
	if (r->replicate >= 0)
		c2_w_printf(w, "\"replicate\":%ld,", r->replicate);
	c2_w_printf(w, "\"generation\":%u,\"conceived\":%zu,\"lost\":%zu,\"born\":%zu,\"males\":%zu,"
	               "\"females\":%zu,\"alive\":%zu,\"dead\":%zu,",
	            r->generation, r->conceived, r->lost, r->born, r->males, r->females, r->alive, r->dead);
	if (r->dead)
		c2_w_printf(w, "\"life_mean\":%.1f,\"life_min\":%llu,\"life_max\":%llu,", r->life_mean,
		            (unsigned long long)r->life_min, (unsigned long long)r->life_max);
	else
		c2_w_str(w, "\"life_mean\":null,\"life_min\":null,\"life_max\":null,");
	c2_w_str(w, "\"deaths\":{");
	for (size_t c = 0; c < l->ncauses; c++) {
		c2_w_str(w, c ? "," : "");
		c2_w_json_cstr(w, l->causes[c]);
		c2_w_printf(w, ":%zu", r->deaths[c]);
	}
	c2_w_printf(w, "},\"mutations_mean\":%.4f,\"carries_mean\":%.4f,\"carries_max\":%.4f}",
	            r->mutations_mean, r->load_mean, r->load_max);
}

void batch_lineage_json(const batch_lineage *l, bool creatures, const batch_lineage_gen *g,
                        size_t n, c2_wbuf *w)
{
	c2_w_str(w, "{");
	if (creatures) {
		c2_w_str(w, "\"creatures\":[");
		for (size_t i = 0; i < l->n; i++) {
			c2_w_str(w, i ? ",\n" : "\n");
			creature_json(l, &l->v[i], w);
		}
		c2_w_str(w, "]");
	}
	if (g) {
		c2_w_str(w, creatures ? ",\n\"generations\":[" : "\"generations\":[");
		for (size_t i = 0; i < n; i++) {
			c2_w_str(w, i ? ",\n" : "\n");
			gen_json(l, &g[i], w);
		}
		c2_w_str(w, "]");
	}
	c2_w_str(w, "}\n");
}
