/* f1.c — the f1 to f0 converter (see f1.h).
 *
 * Sources, read and not copied (this is our own code, written from what they
 * say the converter does):
 *  - Framsticks SDK frams/genetics/f1/f1_conv.cpp (GenoConv_f1 and its
 *    Builder: grow, growPart, growJoint, growNeuro, growConnection,
 *    countBranches, skipNeuro, addPendingInputs) and
 *    frams/genetics/geneprops.cpp (GeneProps: the modifiers' formulas,
 *    propagateAlong, normalizeBiol4), SDK 2018-2019, as kept in public
 *    mirrors;
 *  - frams/model/modelparts.cpp (a new Part has mass 1; Neuro::getDetails,
 *    setClassName), frams/param/param.cpp and syntparam.cpp (a neuron's class
 *    properties are saved as "name=value" pairs joined by ", ", defaults left
 *    out; a value that does not parse sets the default),
 *    frams/util/extvalue.cpp (ExtValue::parseNumber, getInt, getDouble) and
 *    sstring.cpp (SString::valueOf: full precision);
 *  - framsticks.com "Genotype (format f1)" (a/al_geno_f1.html: sticks,
 *    branches, modifiers, neurons) and "Genotype (format f0)" (its f1
 *    examples with their f0, used by tests/unit/test_f1.c).
 *
 * The SDK builds its Model directly and prints it as f0 (getF0Geno); we write
 * the f0 lines it builds its model from (parts and delta joints, with every
 * number the SDK formats with %lg rounded the same way) and let the f0
 * builder place them, which is the SDK's own arithmetic (f0.c). What is not
 * done as the SDK does is listed in docs/bodies.md ("Framsticks f1"). */
#include "framsticks/f1.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "framsticks/f0.h"
#include "framsticks/frams.h"

/* ---- gene properties (SDK GeneProps) ------------------------------------------------ */

/* M_PI and M_PI_2 of the SDK's math.h (not ISO C). */
#define F1_PI 3.14159265358979323846
#define F1_HALF_PI 1.57079632679489661923

typedef struct gprops {
	double length, weight, friction, curvedness, twist, energy;
	double muscle_power, assimilation, stamina, ingestion;
	double muscle_bend_range;
	bool muscle_reset_range;
	double visual_size, cred, cgreen, cblue;
} gprops;

/* GeneProps::standard_values (normalizeBiol4 leaves the four 0.25s alone). */
static const gprops standard = {1.0,  1.0,  0.4,  0.0, 0.0, 1.0, 0.25, 0.25, 0.25,
                                0.25, 1.0, true, 0.2, 0.5, 0.5, 0.5};

enum { MOD_PLAIN, MOD_BIOL, MOD_MAXJOINT, MOD_MINJOINT };

/* X(letter, property, target, rate, kind): the letter moves the property a
 * `rate` share of the way to `target`; MOD_BIOL then renormalises the four
 * biological properties, MOD_MAXJOINT / MOD_MINJOINT clamp the length to
 * the f0 joint's dx range (2, -2), as GeneProps::executeModifier does. */
#define F1_MODIFIERS(X)                                                                         \
	X('L', length, 2.0, 0.3, MOD_MAXJOINT) X('l', length, 0.33, 0.3, MOD_MINJOINT)              \
	X('W', weight, 2.0, 0.3, MOD_PLAIN) X('w', weight, 0.5, 0.3, MOD_PLAIN)                     \
	X('F', friction, 4.0, 0.2, MOD_PLAIN) X('f', friction, 0.0, 0.2, MOD_PLAIN)                 \
	X('C', curvedness, 2.0, 0.25, MOD_PLAIN) X('c', curvedness, -2.0, 0.25, MOD_PLAIN)          \
	X('Q', twist, F1_HALF_PI, 0.3, MOD_PLAIN) X('q', twist, -F1_HALF_PI, 0.3, MOD_PLAIN)               \
	X('E', energy, 10.0, 0.1, MOD_PLAIN) X('e', energy, 0.0, 0.1, MOD_PLAIN)                    \
	X('A', assimilation, 1.0, 0.8, MOD_BIOL) X('a', assimilation, 0.0, 0.4, MOD_BIOL)           \
	X('I', ingestion, 1.0, 0.8, MOD_BIOL) X('i', ingestion, 0.0, 0.4, MOD_BIOL)                 \
	X('S', stamina, 1.0, 0.8, MOD_BIOL) X('s', stamina, 0.0, 0.4, MOD_BIOL)                     \
	X('M', muscle_power, 1.0, 0.8, MOD_BIOL) X('m', muscle_power, 0.0, 0.4, MOD_BIOL)           \
	X('D', cred, 1.0, 0.25, MOD_PLAIN) X('d', cred, 0.0, 0.25, MOD_PLAIN)                       \
	X('G', cgreen, 1.0, 0.25, MOD_PLAIN) X('g', cgreen, 0.0, 0.25, MOD_PLAIN)                   \
	X('B', cblue, 1.0, 0.25, MOD_PLAIN) X('b', cblue, 0.0, 0.25, MOD_PLAIN)                     \
	X('H', visual_size, 0.7, 0.25, MOD_PLAIN) X('h', visual_size, 0.05, 0.25, MOD_PLAIN)

static const struct modifier {
	char letter;
	size_t field;
	double target, rate;
	int kind;
} modifiers[] = {
#define MOD_ROW(ch, fld, tg, rt, kd) {ch, offsetof(gprops, fld), tg, rt, kd},
	F1_MODIFIERS(MOD_ROW)
#undef MOD_ROW
};

static void normalize_biol4(gprops *p)
{
	double sum = p->muscle_power + p->assimilation + p->stamina + p->ingestion;
	if (sum == 0) {
		p->muscle_power = p->assimilation = p->stamina = p->ingestion = 0.25;
	} else {
		p->muscle_power /= sum;
		p->assimilation /= sum;
		p->stamina /= sum;
		p->ingestion /= sum;
	}
}

/* Apply modifier letter ch; false when ch is none. */
static bool modify(gprops *p, char ch)
{
	for (size_t i = 0; i < sizeof modifiers / sizeof modifiers[0]; i++) {
		const struct modifier *md = &modifiers[i];
		if (md->letter != ch)
			continue;
		double *v = (double *)((char *)p + md->field);
		*v += (md->target - *v) * md->rate;
		if (md->kind == MOD_BIOL)
			normalize_biol4(p);
		else if (md->kind == MOD_MAXJOINT && *v > 2.0)
			*v = 2.0;
		else if (md->kind == MOD_MINJOINT && *v < -2.0)
			*v = -2.0;
		return true;
	}
	return false;
}

/* GeneProps::propagateAlong(true): what a stick passes on to the next. */
static void propagate(gprops *p)
{
	p->length = 0.5 * p->length + 0.5 * standard.length;
	p->weight += (standard.weight - p->weight) * 0.5;
	p->friction = 0.8 * p->friction + 0.2 * standard.friction;
	p->curvedness = 0.66 * p->curvedness;
	p->twist = 0.66 * p->twist;
	p->assimilation = 0.8 * p->assimilation + 0.2 * standard.assimilation;
	p->ingestion = 0.8 * p->ingestion + 0.2 * standard.ingestion;
	p->stamina = 0.8 * p->stamina + 0.2 * standard.stamina;
	p->muscle_power = 0.8 * p->muscle_power + 0.2 * standard.muscle_power;
	normalize_biol4(p);
	p->visual_size = 0.5 * p->visual_size + 0.5 * standard.visual_size;
	if (p->muscle_reset_range)
		p->muscle_bend_range = 1.0;
	else
		p->muscle_reset_range = true;
}

/* ---- the model being made ------------------------------------------------------------ */

typedef struct f1part {
	double dn, fr, ing, as, vs, vr, vg, vb;
	double mass; /* the SDK's count for the density average */
	size_t off;
} f1part;

typedef struct f1joint {
	int p1, p2;
	double dx, rot[3], stam, vr, vg, vb;
	size_t off;
} f1joint;

typedef struct f1neuro {
	char *cls, *props;  /* class name and class properties (details = cls:props) */
	char *info, *vstyle; /* NULL: not given */
	int part, joint;
	size_t off;
} f1neuro;

typedef struct f1conn {
	long to, from; /* f0 neurons (pending ones: f1 neuron numbers until resolved) */
	double w;
	size_t off;
} f1conn;

/* The class properties of the neuron being read (the SDK's SyntParam). */
enum { PSET_MAX = 8, PSET_NAME = 16 };
typedef struct pset {
	bool created;
	frams_class cls;
	frams_prop props[PSET_MAX];
	char names[PSET_MAX][PSET_NAME], sdefs[PSET_MAX][PSET_NAME];
	frams_slot v[PSET_MAX];
} pset;

typedef struct conv {
	const char *g;
	size_t n;
	long first_line;
	size_t *nl; /* offsets of the line breaks of g */
	size_t nnl;
	f1part *parts;
	f1joint *joints;
	f1neuro *neurons;
	f1conn *conns, *pending;
	size_t nparts, njoints, nneurons, nconns, npending;
	size_t cap_parts, cap_joints, cap_neurons, cap_conns, cap_pending;
	long *f1_to_f0; /* the f0 neuron of each f1 neuron ([...]) */
	size_t nf1, cap_f1;
	double model_energy;
	long model_energy_count;
	double lastjoint_muscle_power;
	pset ps;
	frams_log *log;
	c2_err *err;
	int rc; /* the first failure */
} conv;

static char at(const conv *cv, size_t i)
{
	return i < cv->n ? cv->g[i] : '\0';
}

/* The SDK's `*t <= ' '` on a signed char: control characters, the space and
 * bytes 0x80-0xff (negative), not the end. */
static bool sdk_blank(char c)
{
	return c != '\0' && (signed char)c <= ' ';
}

/* Input line of offset `off`. */
static long line_at(const conv *cv, size_t off)
{
	size_t lo = 0, hi = cv->nnl;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cv->nl[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return cv->first_line + (long)lo;
}

static bool fail(conv *cv, int code, size_t off, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static bool fail(conv *cv, int code, size_t off, const char *fmt, ...)
{
	if (cv->rc)
		return false;
	cv->rc = code;
	c2_err_clear(cv->err);
	cv->err->code = (c2_code)code;
	cv->err->line = code == C2_ENOMEM ? 0 : line_at(cv, off);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cv->err->msg, sizeof cv->err->msg, fmt, ap);
	va_end(ap);
	return false;
}

/* Room for one more of `elem` bytes in arr (cap *cap, count n, at most
 * `limit`): the array to use, or NULL (and the failure recorded) when out
 * of memory or past the limit. */
static void *reserve(conv *cv, void *arr, size_t *cap, size_t n, size_t elem, size_t limit,
                     const char *what, size_t off)
{
	if (n >= limit) {
		fail(cv, C2_ETOOBIG, off, "more than %zu %s (the limit)", limit, what);
		return NULL;
	}
	if (n < *cap)
		return arr;
	size_t ncap = *cap ? *cap * 2 : 16;
	void *p = realloc(arr, ncap * elem);
	if (!p) {
		fail(cv, C2_ENOMEM, off, "out of memory");
		return NULL;
	}
	*cap = ncap;
	return p;
}

/* A number as the SDK's "%lg" writes it and its loader reads it back. */
static double g6(double x)
{
	char buf[40];
	snprintf(buf, sizeof buf, "%g", x);
	return strtod(buf, NULL);
}

static char *dup_range(conv *cv, const char *s, size_t n)
{
	char *d = frams_dup(s, n);
	if (!d)
		fail(cv, C2_ENOMEM, 0, "out of memory");
	return d;
}

/* ---- parts and joints (Builder::growPart, growJoint) ------------------------------------ */

static int grow_part(conv *cv, const gprops *c, size_t off)
{
	f1part *v = reserve(cv, cv->parts, &cv->cap_parts, cv->nparts, sizeof *v, BODY_MAX_PARTS,
	                    "parts", off);
	if (!v)
		return -1;
	cv->parts = v;
	cv->parts[cv->nparts] = (f1part){g6(1.0 / c->weight), g6(c->friction), g6(c->ingestion),
	                                 g6(c->assimilation), g6(c->visual_size), g6(c->cred),
	                                 g6(c->cgreen), g6(c->cblue), 1.0, off};
	return (int)cv->nparts++;
}

static bool grow_joint(conv *cv, int p1, int p2, const double k[3], const gprops *c, size_t off)
{
	f1joint *v = reserve(cv, cv->joints, &cv->cap_joints, cv->njoints, sizeof *v,
	                     BODY_MAX_JOINTS, "joints", off);
	if (!v)
		return false;
	cv->joints = v;
	double len = c->length < 2.0 ? c->length : 2.0;
	cv->joints[cv->njoints++] = (f1joint){p1, p2, g6(len), {g6(k[0]), g6(k[1]), g6(k[2])},
	                                      g6(c->stamina), g6(c->cred), g6(c->cgreen), g6(c->cblue),
	                                      off};
	cv->lastjoint_muscle_power = c->muscle_power;
	return true;
}

/* ---- neurons ------------------------------------------------------------------------ */

/* A new neuron of class `cls` (owned by it on success), on nothing yet. */
static f1neuro *add_neuron(conv *cv, char *cls, size_t off)
{
	f1neuro *v = cls ? reserve(cv, cv->neurons, &cv->cap_neurons, cv->nneurons, sizeof *v,
	                           FRAMS_F0_MAX_ITEMS, "neurons", off)
	                 : NULL;
	if (!v) {
		free(cls);
		return NULL;
	}
	cv->neurons = v;
	f1neuro *nu = &cv->neurons[cv->nneurons++];
	*nu = (f1neuro){cls, NULL, NULL, NULL, -1, -1, off};
	return nu;
}

static bool add_conn(conv *cv, bool pending, long to, long from, double w, size_t off)
{
	f1conn **arr = pending ? &cv->pending : &cv->conns;
	size_t *n = pending ? &cv->npending : &cv->nconns;
	f1conn *v = reserve(cv, *arr, pending ? &cv->cap_pending : &cv->cap_conns, *n, sizeof *v,
	                    FRAMS_F0_MAX_ITEMS - (pending ? cv->nconns : cv->npending),
	                    "connections", off);
	if (!v)
		return false;
	*arr = v;
	(*arr)[(*n)++] = (f1conn){to, from, w, off};
	return true;
}

static int last_part(const conv *cv)
{
	return cv->joints[cv->njoints - 1].p2;
}

/* Attach neuron i where its class wants to be (Neuro::attachToPart/Joint:
 * one excludes the other); a class that wants no place leaves it as it is. */
static void attach_by_class(conv *cv, size_t i)
{
	f1neuro *nu = &cv->neurons[i];
	const frams_f0_neuro_class *nc = frams_f0_neuro_class_find(nu->cls);
	if (nc && nc->location == FRAMS_F0_LOC_JOINT) {
		nu->joint = (int)cv->njoints - 1;
		nu->part = -1;
	} else if (nc && nc->location == FRAMS_F0_LOC_PART) {
		nu->part = last_part(cv);
		nu->joint = -1;
	}
}

/* The class properties of neuron i as a table (Neuro::classProperties),
 * when its class is known and the table not made yet. */
static void pset_create(conv *cv, size_t i)
{
	pset *ps = &cv->ps;
	const frams_f0_neuro_class *nc = frams_f0_neuro_class_find(cv->neurons[i].cls);
	if (ps->created || !nc)
		return;
	size_t np = 0;
	for (const char *d = nc->props; *d && np < PSET_MAX; np++) {
		const char *end = strchr(d, ',');
		size_t len = end ? (size_t)(end - d) : strlen(d);
		const char *eq = memchr(d, '=', len);
		size_t nl = eq ? (size_t)(eq - d) : len, vl = eq ? len - nl - 1 : 0;
		frams_prop *p = &ps->props[np];
		snprintf(ps->names[np], PSET_NAME, "%.*s", (int)nl, d);
		snprintf(ps->sdefs[np], PSET_NAME, "%.*s", (int)vl, eq ? eq + 1 : "");
		*p = (frams_prop){ps->names[np], 's', 0, false, 0, 0, 0, ps->sdefs[np]};
		if (vl && frams_parse_double(eq + 1, vl, &p->def))
			p->type = 'f';
		d = end ? end + 1 : d + len;
	}
	ps->cls = (frams_class){nc->name, ps->props, np};
	frams_slots_init(&ps->cls, ps->v);
	ps->created = true;
}

/* setDoubleById / setById on the class properties of neuron i: a name the
 * class does not have is ignored. */
static void pset_double(conv *cv, size_t i, const char *name, double v)
{
	pset_create(cv, i);
	int k = cv->ps.created ? frams_find(&cv->ps.cls, name, strlen(name)) : -1;
	if (k >= 0 && cv->ps.props[k].type == 'f')
		cv->ps.v[k].d = v;
}

static void pset_text(conv *cv, size_t i, const char *name, size_t nl, const char *v, size_t vl,
                      size_t off)
{
	pset_create(cv, i);
	int k = cv->ps.created ? frams_find(&cv->ps.cls, name, nl) : -1;
	if (k >= 0)
		frams_set(&cv->ps.cls, cv->ps.v, (size_t)k, v, vl, false, cv->log, line_at(cv, off));
}

/* SyntParam's destructor: the non-default values become neuron i's class
 * properties. */
static void pset_finish(conv *cv, size_t i)
{
	pset *ps = &cv->ps;
	if (!ps->created)
		return;
	c2_wbuf w = {0};
	frams_save_line(&ps->cls, ps->v, 0, &w);
	frams_slots_free(&ps->cls, ps->v);
	ps->created = false;
	free(cv->neurons[i].props);
	cv->neurons[i].props = w.oom ? NULL : dup_range(cv, (const char *)w.data, w.len - 1);
	if (w.oom)
		fail(cv, C2_ENOMEM, 0, "out of memory");
	c2_wbuf_free(&w);
}

/* s[0..n) without the SDK's trim() blanks at both ends. */
static void trim(const char **s, size_t *n)
{
	while (*n && isspace((unsigned char)**s))
		(*s)++, (*n)--;
	while (*n && isspace((unsigned char)(*s)[*n - 1]))
		(*n)--;
}

/* ExtValue::getDouble / getInt of trimmed text: 0 (and the SDK's error)
 * when it is not a number. */
static double get_double(conv *cv, size_t a, size_t b)
{
	const char *s = cv->g + a;
	size_t n = b - a;
	trim(&s, &n);
	double v;
	if (frams_parse_double(s, n, &v))
		return v;
	frams_log_add(cv->log, FRAMS_ERROR, line_at(cv, a), "ExtValue.parseDouble",
	              "Could not parse '%.*s'", (int)n, s);
	return 0;
}

static long get_int(conv *cv, size_t a, size_t b)
{
	const char *s = cv->g + a;
	size_t n = b - a;
	trim(&s, &n);
	long v;
	if (frams_parse_int(s, n, false, &v))
		return v;
	frams_log_add(cv->log, FRAMS_ERROR, line_at(cv, a), "ExtValue.parseInt",
	              "Could not parse '%.*s'", (int)n, s);
	return 0;
}

/* The muscle props the SDK formats with %lg ("p=0.25" or "p=0.25,r=1"). */
static char *muscle_props(conv *cv, char kind, const gprops *c)
{
	char buf[80];
	if (kind == '@')
		snprintf(buf, sizeof buf, "p=%g", cv->lastjoint_muscle_power);
	else
		snprintf(buf, sizeof buf, "p=%g,r=%g", cv->lastjoint_muscle_power, c->muscle_bend_range);
	return dup_range(cv, buf, strlen(buf));
}

/* A receptor ("G:1") or an output (">|:1") of f1 neuron `me`. */
static void grow_io(conv *cv, size_t me, size_t begin, size_t colon, size_t end, const gprops *c)
{
	bool out = cv->g[begin] == '>';
	const char *name = cv->g + begin + out;
	size_t nl = out ? end - colon - 1 : colon - begin; /* the SDK's length for '>' */
	if (!out)
		trim(&name, &nl);
	double w = get_double(cv, colon + 1, end);
	size_t k = cv->nneurons;
	f1neuro *nu = add_neuron(cv, dup_range(cv, name, nl), begin);
	if (!nu)
		return;
	if (out && (name[0] == '@' || name[0] == '|') && !(nu->props = muscle_props(cv, name[0], c)))
		return;
	attach_by_class(cv, k);
	if (out)
		add_conn(cv, false, (long)k, (long)me, w, begin);
	else
		add_conn(cv, false, (long)me, (long)k, w, begin);
}

/* One "name:value" field of f1 neuron `me` (Builder::growConnection). */
static void grow_connection(conv *cv, size_t me, size_t begin, size_t colon, size_t end,
                            const gprops *c)
{
	while (sdk_blank(at(cv, begin)))
		begin++;
	char b0 = at(cv, begin);
	f1neuro *nu = &cv->neurons[me];
	size_t nl = colon - begin;
	if (isdigit((unsigned char)b0) || b0 == '-') {
		double w = get_double(cv, colon + 1, end);
		long rel = get_int(cv, begin, colon);
		long self = (long)cv->nf1 - 1;
		add_conn(cv, true, self, self + rel, w, begin);
	} else if ((nl == 1 && b0 == 'i') || (nl == 6 && memcmp(cv->g + begin, "Vstyle", 6) == 0)) {
		/* Neuro's extra properties. The SDK hands setFromString the rest of
		 * the genotype (a C string from the colon on); we take the field,
		 * which keeps a genotype of many of them linear. */
		char **dst = nl == 1 ? &nu->info : &nu->vstyle;
		free(*dst);
		*dst = dup_range(cv, cv->g + colon + 1, end - colon - 1);
	} else if (isupper((unsigned char)b0) || strchr("*|@", b0) ||
	           (b0 == '>' && at(cv, begin + 1))) {
		grow_io(cv, me, begin, colon, end, c);
	} else if (b0 == '!' || b0 == '=' || b0 == '/') {
		pset_double(cv, me, b0 == '!' ? "fo" : b0 == '=' ? "in" : "si",
		            get_double(cv, colon + 1, end));
	} else if (islower((unsigned char)b0)) {
		pset_text(cv, me, cv->g + begin, nl, cv->g + colon + 1, end - colon - 1, begin);
	}
}

/* The first field without a colon names the class of f1 neuron `me`; a
 * muscle class takes the stick's muscle power (and bending range). */
static void set_class(conv *cv, size_t me, size_t begin, size_t end, const gprops *c)
{
	const char *s = cv->g + begin;
	size_t n = end - begin;
	trim(&s, &n);
	char *cls = dup_range(cv, s, n);
	if (!cls)
		return;
	free(cv->neurons[me].cls);
	cv->neurons[me].cls = cls;
	if (!frams_f0_neuro_class_find(cls))
		return;
	attach_by_class(cv, me);
	pset_create(cv, me);
	bool bend = strcmp(cls, "|") == 0;
	if (bend || strcmp(cls, "@") == 0)
		pset_double(cv, me, "p", cv->lastjoint_muscle_power);
	if (bend)
		pset_double(cv, me, "r", c->muscle_bend_range);
}

/* "[|..." or "[@..." followed by more than a separator: a muscle on the
 * stick driven by the new neuron (the old muscle syntax). True when it was
 * one (t is then past the symbol). */
static bool old_muscle(conv *cv, size_t me, size_t *t, const gprops *c)
{
	char c0 = at(cv, *t);
	size_t next = c0 ? *t + 1 : *t;
	while (sdk_blank(at(cv, next)))
		next++;
	if (!c0 || at(cv, next) == ',' || at(cv, next) == ']' || (c0 != '@' && c0 != '|') ||
	    at(cv, *t + 1) == ':')
		return false;
	size_t k = cv->nneurons;
	f1neuro *mu = add_neuron(cv, dup_range(cv, &c0, 1), *t);
	if (mu && (mu->props = muscle_props(cv, c0, c)) != NULL) {
		mu->joint = (int)cv->njoints - 1;
		add_conn(cv, false, (long)k, (long)me, 1.0, *t);
	}
	(*t)++;
	return true;
}

/* A neuron "[...]" whose text starts at t (Builder::growNeuro); returns
 * where it ends (its ']', a ')' or the end). */
static size_t grow_neuro(conv *cv, size_t t, const gprops *c)
{
	size_t me = cv->nneurons;
	long *v = add_neuron(cv, dup_range(cv, "N", 1), t - 1)
	              ? reserve(cv, cv->f1_to_f0, &cv->cap_f1, cv->nf1, sizeof *v, FRAMS_F0_MAX_ITEMS,
	                        "neurons", t)
	              : NULL;
	if (!v)
		return cv->n;
	cv->f1_to_f0 = v;
	cv->neurons[me].part = last_part(cv);
	cv->f1_to_f0[cv->nf1++] = (long)me;
	while (sdk_blank(at(cv, t)))
		t++;
	bool haveclass = old_muscle(cv, me, &t, c);
	while (sdk_blank(at(cv, t)))
		t++;
	size_t begin = t, colon = SIZE_MAX;
	for (bool finished = false; !finished && !cv->rc; t++) {
		char ch = at(cv, t);
		if (ch == ':')
			colon = t;
		if (ch != '\0' && ch != ']' && ch != ')' && ch != ',')
			continue;
		finished = ch != ',';
		if (!haveclass && colon == SIZE_MAX && t > begin) {
			haveclass = true;
			set_class(cv, me, begin, t, c);
		} else if (colon != SIZE_MAX && colon > begin) {
			grow_connection(cv, me, begin, colon, t, c);
		}
		if (ch != ',')
			t--;
		begin = t + 1;
		colon = SIZE_MAX;
	}
	pset_finish(cv, me);
	return cv->rc ? cv->n : t;
}

/* Builder::skipNeuro: the last character before the neuron's end. */
static size_t skip_neuro(const conv *cv, size_t z)
{
	while (at(cv, z) && at(cv, z) != ']' && at(cv, z) != ')')
		z++;
	return z - 1;
}

/* ---- branches ------------------------------------------------------------------------ */

/* For every '(' the number of its branches (count[]) and, linked through
 * next[] from the '(' itself, the commas that separate them, as
 * Builder::countBranches finds them (brackets of both kinds nest, a closer
 * of either kind closes the innermost opener), in one pass. */
typedef struct branches {
	uint32_t *next, *count;
} branches;

enum { NO_SEP = UINT32_MAX };

static bool find_branches(conv *cv, branches *br)
{
	size_t n = cv->n;
	br->next = malloc((n + 1) * sizeof *br->next);
	br->count = malloc((n + 1) * sizeof *br->count);
	uint32_t (*open)[2] = malloc((n + 1) * sizeof *open); /* opener, its last comma */
	if (!br->next || !br->count || !open) {
		free(open);
		return fail(cv, C2_ENOMEM, 0, "out of memory");
	}
	size_t depth = 0;
	for (size_t i = 0; i < n; i++) {
		char ch = cv->g[i];
		br->next[i] = NO_SEP;
		if (ch == '(' || ch == '[') {
			br->count[i] = 1;
			open[depth][0] = open[depth][1] = (uint32_t)i;
			depth++;
		} else if ((ch == ')' || ch == ']') && depth) {
			depth--;
		} else if (ch == ',' && depth && cv->g[open[depth - 1][0]] == '(') {
			br->next[open[depth - 1][1]] = (uint32_t)i;
			open[depth - 1][1] = (uint32_t)i;
			br->count[open[depth - 1][0]]++;
		}
	}
	free(open);
	return true;
}

/* ---- growing (Builder::grow) ------------------------------------------------------------ */

/* A '(' whose branches are being grown, one after the other. */
typedef struct frame {
	int part1;
	double k[3];
	gprops c;
	uint32_t cursor; /* the character after which the next branch starts */
	uint32_t i, count;
} frame;

typedef struct fstack {
	frame *v;
	size_t n, cap;
} fstack;

/* A stick X from part1 (-1: the first one) in direction k. */
static bool stick(conv *cv, int *part1, double k[3], gprops *c, size_t g)
{
	bool fresh = false;
	if (*part1 < 0 && cv->nparts > 0) {
		*part1 = 0;
	} else if (*part1 < 0) {
		if ((*part1 = grow_part(cv, c, g)) < 0)
			return false;
		fresh = true;
	}
	if (!fresh) {
		f1part *p = &cv->parts[*part1];
		p->dn = ((p->mass * p->dn) + 1.0 / c->weight) / (p->mass + 1.0);
		p->mass += 1.0;
	}
	cv->model_energy += 0.9 * c->energy + 0.1;
	cv->model_energy_count++;
	int part2 = grow_part(cv, c, g);
	if (part2 < 0 || !grow_joint(cv, *part1, part2, k, c, g))
		return false;
	propagate(c);
	*part1 = part2;
	k[0] = 0.0 + c->twist;
	k[1] = 0.0;
	k[2] = 0.0 + c->curvedness;
	return true;
}

static void push_branches(conv *cv, fstack *fs, const branches *br, int part1, size_t g,
                          const double k[3], gprops *c)
{
	uint32_t count = br->count[g];
	c->muscle_reset_range = false;
	c->muscle_bend_range = 1.0 / count;
	if (fs->n >= FRAMS_F1_MAX_DEPTH) {
		fail(cv, C2_ETOOBIG, g, "branches nested more than %d deep (the limit)",
		     FRAMS_F1_MAX_DEPTH);
		return;
	}
	if (fs->n == fs->cap) {
		size_t ncap = fs->cap ? fs->cap * 2 : 16;
		frame *v = realloc(fs->v, ncap * sizeof *v);
		if (!v) {
			fail(cv, C2_ENOMEM, g, "out of memory");
			return;
		}
		fs->v = v;
		fs->cap = ncap;
	}
	fs->v[fs->n++] = (frame){part1, {k[0], k[1], k[2]}, *c, (uint32_t)g, 0, count};
}

/* One call of the SDK's grow with its chain of sticks (the SDK recurses for
 * each X; a branching pushes a frame and ends the call). */
static void run(conv *cv, fstack *fs, const branches *br, int part1, size_t g, double k[3],
                gprops c)
{
	k[0] += c.twist;
	k[1] += 0.0;
	k[2] += c.curvedness;
	for (; !cv->rc; g++) {
		char ch = at(cv, g);
		if (modify(&c, ch))
			continue;
		switch (ch) {
		case '\0': case ',': case ')':
			return;
		case 'R': k[0] += 0.7853; break;
		case 'r': k[0] -= 0.7853; break;
		case '[':
			if (cv->njoints) {
				g = grow_neuro(cv, g + 1, &c);
			} else {
				frams_log_add(cv->log, FRAMS_WARN, line_at(cv, g), "GenoConv_F1.grow",
				              "Illegal neuron position (ignored)");
				g = skip_neuro(cv, g + 1);
			}
			break;
		case 'X':
			if (!stick(cv, &part1, k, &c, g))
				return;
			break;
		case '(':
			push_branches(cv, fs, br, part1, g, k, &c);
			return;
		case ' ': case '\t': case '\n': case '\r':
			break;
		default:
			fail(cv, C2_EFORMAT, g, "invalid f1 genotype: character %zu ('%s%c') is no stick, "
			     "branch, neuron or modifier", g + 1, isprint((unsigned char)ch) ? "" : "\\",
			     isprint((unsigned char)ch) ? ch : '?');
			return;
		}
	}
}

static void grow_all(conv *cv, const branches *br)
{
	fstack fs = {0};
	double k0[3] = {0, 0, 0};
	run(cv, &fs, br, -1, 0, k0, standard);
	while (!cv->rc && fs.n) {
		frame *f = &fs.v[fs.n - 1];
		if (f->i == f->count) {
			fs.n--;
			continue;
		}
		size_t start = (size_t)f->cursor + 1;
		f->cursor = br->next[f->cursor];
		double angle = -F1_PI + (double)(f->i + 1) * (2 * F1_PI / (double)(f->count + 1));
		double k[3] = {f->k[0] + 0.0, f->k[1] + 0.0, f->k[2] + angle};
		f->i++;
		run(cv, &fs, br, f->part1, start, k, f->c);
	}
	free(fs.v);
}

/* Builder::addPendingInputs: the relative inputs, once every neuron is
 * there. */
static void add_pending(conv *cv)
{
	size_t np = cv->npending;
	cv->npending = 0; /* they move to the connections, within the same limit */
	for (size_t i = 0; i < np && !cv->rc; i++) {
		const f1conn *p = &cv->pending[i];
		if (p->to < 0 || p->from < 0 || p->to >= (long)cv->nf1 || p->from >= (long)cv->nf1)
			frams_log_add(cv->log, FRAMS_WARN, line_at(cv, p->off), "GenoConvF1.addInput",
			              "illegal neuron connection %ld <- %ld (ignored)", p->to, p->from);
		else
			add_conn(cv, false, cv->f1_to_f0[p->to], cv->f1_to_f0[p->from], p->w, p->off);
	}
}

/* ---- the f0 text ----------------------------------------------------------------------- */

/* prefix ("dn=", ",fr=" ...) and v at full precision. */
static void w_num(c2_wbuf *w, const char *prefix, double v)
{
	char buf[FRAMS_DBL_MAX];
	c2_w_str(w, prefix);
	c2_w_bytes(w, buf, frams_fmt_double(v, buf));
}

static void w_quoted(c2_wbuf *w, const char *prefix, const char *s)
{
	c2_w_str(w, prefix);
	c2_w_u8(w, '"');
	frams_quote(w, s, strlen(s));
	c2_w_u8(w, '"');
}

static void w_neuron(c2_wbuf *w, const f1neuro *nu)
{
	c2_w_str(w, "n:");
	if (nu->part >= 0)
		c2_w_printf(w, "p=%d,", nu->part);
	else if (nu->joint >= 0)
		c2_w_printf(w, "j=%d,", nu->joint);
	/* Neuro::getDetails: "Class" or "Class:props" ("N:props" for no class) */
	bool props = nu->props && *nu->props;
	const char *cls = *nu->cls || !props ? nu->cls : "N";
	c2_w_str(w, "d=\"");
	frams_quote(w, cls, strlen(cls));
	if (props) {
		c2_w_u8(w, ':');
		frams_quote(w, nu->props, strlen(nu->props));
	}
	c2_w_u8(w, '"');
	if (nu->info)
		w_quoted(w, ",i=", nu->info);
	if (nu->vstyle)
		w_quoted(w, ",Vstyle=", nu->vstyle);
}

/* Append the f0 lines (and the input line of each to lines[]). */
static bool emit(conv *cv, c2_wbuf *w, long *lines)
{
	size_t k = 0;
	c2_w_str(w, "m:");
	w_num(w, "se=", cv->model_energy_count > 0 ? cv->model_energy / (double)cv->model_energy_count
	                                           : 1.0);
	c2_w_u8(w, '\n');
	lines[k++] = cv->first_line;
	for (size_t i = 0; i < cv->nparts; i++, k++) {
		const f1part *p = &cv->parts[i];
		c2_w_str(w, "p:");
		w_num(w, "dn=", p->dn);
		const char *names[] = {",fr=", ",ing=", ",as=", ",vs=", ",vr=", ",vg=", ",vb="};
		const double v[] = {p->fr, p->ing, p->as, p->vs, p->vr, p->vg, p->vb};
		for (size_t j = 0; j < 7; j++)
			w_num(w, names[j], v[j]);
		c2_w_u8(w, '\n');
		lines[k] = line_at(cv, p->off);
	}
	for (size_t i = 0; i < cv->njoints; i++, k++) {
		const f1joint *j = &cv->joints[i];
		c2_w_printf(w, "j:p1=%d,p2=%d", j->p1, j->p2);
		const char *names[] = {",dx=", ",rx=", ",ry=", ",rz=", ",stam=", ",vr=", ",vg=", ",vb="};
		const double v[] = {j->dx, j->rot[0], j->rot[1], j->rot[2], j->stam, j->vr, j->vg, j->vb};
		for (size_t m = 0; m < 8; m++)
			w_num(w, names[m], v[m]);
		c2_w_u8(w, '\n');
		lines[k] = line_at(cv, j->off);
	}
	for (size_t i = 0; i < cv->nneurons; i++, k++) {
		w_neuron(w, &cv->neurons[i]);
		c2_w_u8(w, '\n');
		lines[k] = line_at(cv, cv->neurons[i].off);
	}
	/* Model::makeGeno writes each neuron's inputs in order, neuron by neuron. */
	size_t *start = calloc(cv->nneurons + 1, sizeof *start), *order = malloc((cv->nconns + 1) * sizeof *order);
	if (!start || !order) {
		free(start);
		free(order);
		return fail(cv, C2_ENOMEM, 0, "out of memory");
	}
	for (size_t i = 0; i < cv->nconns; i++)
		start[cv->conns[i].to + 1]++;
	for (size_t i = 0; i < cv->nneurons; i++)
		start[i + 1] += start[i];
	for (size_t i = 0; i < cv->nconns; i++)
		order[start[cv->conns[i].to]++] = i;
	for (size_t i = 0; i < cv->nconns; i++, k++) {
		const f1conn *c = &cv->conns[order[i]];
		c2_w_printf(w, "c:%ld,%ld,", c->to, c->from);
		w_num(w, "", c->w);
		c2_w_u8(w, '\n');
		lines[k] = line_at(cv, c->off);
	}
	free(start);
	free(order);
	return !w->oom || fail(cv, C2_ENOMEM, 0, "out of memory");
}

/* ---- the converter ------------------------------------------------------------------------ */

static void conv_free(conv *cv)
{
	for (size_t i = 0; i < cv->nneurons; i++) {
		free(cv->neurons[i].cls);
		free(cv->neurons[i].props);
		free(cv->neurons[i].info);
		free(cv->neurons[i].vstyle);
	}
	if (cv->ps.created)
		frams_slots_free(&cv->ps.cls, cv->ps.v);
	free(cv->neurons);
	free(cv->parts);
	free(cv->joints);
	free(cv->conns);
	free(cv->pending);
	free(cv->f1_to_f0);
	free(cv->nl);
}

/* The line breaks of the genes, for line_at. */
static bool find_lines(conv *cv)
{
	for (size_t i = 0; i < cv->n; i++)
		cv->nnl += cv->g[i] == '\n';
	cv->nl = malloc((cv->nnl + 1) * sizeof *cv->nl);
	if (!cv->nl)
		return fail(cv, C2_ENOMEM, 0, "out of memory");
	for (size_t i = 0, k = 0; i < cv->n; i++)
		if (cv->g[i] == '\n')
			cv->nl[k++] = i;
	return true;
}

int frams_f1_to_f0(const char *genes, size_t n, long first_line, c2_wbuf *f0, long **line_of,
                   frams_log *log, c2_err *err)
{
	c2_err_clear(err);
	if (line_of)
		*line_of = NULL;
	const char *nul = memchr(genes, '\0', n);
	if (nul)
		n = (size_t)(nul - genes);
	if (n > FRAMS_F1_MAX_LEN)
		return c2_fail_line(err, C2_ETOOBIG, first_line,
		                    "an f1 genotype of %zu characters, more than the limit of %d", n,
		                    FRAMS_F1_MAX_LEN);
	conv cv = {0};
	cv.g = genes;
	cv.n = n;
	cv.first_line = first_line;
	cv.log = log;
	cv.err = err;
	branches br = {0};
	if (find_lines(&cv) && find_branches(&cv, &br)) {
		grow_all(&cv, &br);
		add_pending(&cv);
	}
	free(br.next);
	free(br.count);
	size_t nlines = 1 + cv.nparts + cv.njoints + cv.nneurons + cv.nconns;
	long *lines = cv.rc ? NULL : malloc(nlines * sizeof *lines);
	if (!cv.rc && !lines)
		fail(&cv, C2_ENOMEM, 0, "out of memory");
	if (!cv.rc && emit(&cv, f0, lines) && line_of)
		*line_of = lines;
	else
		free(lines);
	conv_free(&cv);
	return cv.rc;
}

/* The line of f0 line L (1-based) of the converted text. */
static long map_line(const long *lines, size_t nlines, long l)
{
	return l >= 1 && (size_t)l <= nlines ? lines[l - 1] : 0;
}

/* Every line of `m` (built from the converted text) becomes the line of the
 * f1 text that made it, and the converter's messages (`log`, taken over)
 * come first in its f0 block and its warnings. */
static int remap(body_model *m, const long *lines, size_t nlines, frams_log *log)
{
	frams_f0_info *fi = frams_f0_info_of(m) ? m->extra : NULL;
	for (size_t i = 0; i < m->nparts; i++)
		m->parts[i].f0.line = map_line(lines, nlines, m->parts[i].f0.line);
	for (size_t i = 0; i < m->njoints; i++)
		m->joints[i].f0.line = map_line(lines, nlines, m->joints[i].f0.line);
	for (size_t i = 0; i < m->nneurons; i++)
		m->neurons[i].line = map_line(lines, nlines, m->neurons[i].line);
	for (size_t i = 0; i < m->nconns; i++)
		m->conns[i].line = map_line(lines, nlines, m->conns[i].line);
	for (size_t i = 0; fi && i < fi->log.n; i++)
		fi->log.v[i].line = map_line(lines, nlines, fi->log.v[i].line);
	/* the converter's messages, then the builder's */
	body_warning *old = m->warnings;
	size_t nold = m->nwarnings;
	m->warnings = NULL;
	m->nwarnings = 0;
	int rc = 0;
	for (size_t i = 0; i < log->n; i++)
		if (log->v[i].level == FRAMS_WARN && body_warn(m, log->v[i].line, "%s", log->v[i].text))
			rc = C2_ENOMEM;
	for (size_t i = 0; i < nold; i++) {
		if (body_warn(m, map_line(lines, nlines, old[i].line), "%s", old[i].msg))
			rc = C2_ENOMEM;
		free(old[i].msg);
	}
	free(old);
	if (fi) {
		for (size_t i = 0; i < fi->log.n; i++)
			frams_log_add(log, fi->log.v[i].level, fi->log.v[i].line, fi->log.v[i].where, "%s",
			              fi->log.v[i].text);
		frams_log_free(&fi->log);
		fi->log = *log;
		*log = (frams_log){0};
		rc = fi->log.oom ? C2_ENOMEM : rc;
	}
	return rc;
}

int frams_f1_build(const char *genes, size_t n, const char *name, long first_line,
                   body_model *m, c2_err *err)
{
	memset(m, 0, sizeof *m);
	c2_wbuf f0 = {0};
	long *lines = NULL;
	frams_log log = {0};
	int rc = frams_f1_to_f0(genes, n, first_line, &f0, &lines, &log, err);
	if (rc == 0) {
		size_t nlines = 0;
		for (size_t i = 0; i < f0.len; i++)
			nlines += f0.data[i] == '\n';
		rc = frams_f0_build((const char *)f0.data, f0.len, name, 1, m, err);
		if (rc && err->line > 0)
			err->line = map_line(lines, nlines, err->line);
		int rc2 = remap(m, lines, nlines, &log);
		frams_f0_info *fi = frams_f0_info_of(m) ? m->extra : NULL;
		const char *nul = memchr(genes, '\0', n);
		size_t ng = nul ? (size_t)(nul - genes) : n;
		if (fi && (fi->f1_genes = frams_dup(genes, ng)) != NULL)
			fi->nf1_genes = ng;
		if ((rc2 || (fi && !fi->f1_genes)) && rc != C2_ENOMEM)
			rc = c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	}
	frams_log_free(&log);
	free(lines);
	c2_wbuf_free(&f0);
	return rc;
}

int frams_genotype_build(const char *g, size_t n, const char *name, long first_line,
                         body_model *m, c2_err *err)
{
	memset(m, 0, sizeof *m);
	frams_geno gi;
	frams_geno_marker(g, n, &gi);
	long line = first_line + gi.marker_lines;
	if (gi.format == '0')
		return frams_f0_build(g + gi.genes, n - gi.genes, name, line, m, err);
	if (gi.format == '1')
		return frams_f1_build(g + gi.genes, n - gi.genes, name, line, m, err);
	char what[160];
	if (gi.format)
		snprintf(what, sizeof what, "genotype format f%c is not supported (f0 and f1 are)",
		         gi.format);
	else
		frams_geno_describe(&gi, what, sizeof what);
	return c2_fail_line(err, C2_EFORMAT, first_line, "%s", what);
}
