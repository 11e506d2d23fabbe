/* frams.c — the Framsticks text file reader, @Serialized values and the
 * genotype format marker (see frams.h). Reference: Framsticks SDK 5.0rc10
 * frams/param/multiparamload.cpp, param.cpp (loadMultiLine), extvalue.cpp
 * (deserialize) and geno.cpp. */
#include "framsticks/frams.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- @Serialized values -------------------------------------------------------- */

enum { MAX_DEPTH = 200 };

typedef struct des {
	const char *s;
	size_t n, p;
	long nobj; /* objects begun so far: the next one's number */
	int depth;
	c2_err *err;
} des;

static int des_fail(des *d, const char *what)
{
	return c2_fail(d->err, C2_EFORMAT, (long)d->p, -1, "@Serialized: %s at byte %zu", what, d->p);
}

static int des_oom(des *d)
{
	return c2_fail(d->err, C2_ENOMEM, (long)d->p, -1, "out of memory");
}

static int des_value(des *d, frams_value *v, long own_num);

/* Append an element to a growing array of values (and keys). */
static bool push_item(frams_value *v, size_t *cap, bool keyed)
{
	if (v->n < *cap)
		return true;
	size_t nc = *cap ? *cap * 2 : 4;
	frams_value *ni = realloc(v->items, nc * sizeof *ni);
	if (!ni)
		return false;
	v->items = ni;
	if (keyed) {
		char **nk = realloc(v->keys, nc * sizeof *nk);
		if (!nk)
			return false;
		v->keys = nk;
		size_t *nl = realloc(v->klen, nc * sizeof *nl);
		if (!nl)
			return false;
		v->klen = nl;
	}
	*cap = nc;
	return true;
}

/* A vector or dictionary from its opening bracket; `own_num` >= 0 when it is
 * the data of a class-prefixed object that already took a number. */
static int des_container(des *d, frams_value *v, bool dict, long own_num)
{
	char close = dict ? '}' : ']';
	v->kind = dict ? FRAMS_V_DICT : FRAMS_V_VECTOR;
	v->num = own_num >= 0 ? own_num : d->nobj++;
	if (++d->depth > MAX_DEPTH)
		return des_fail(d, "nesting too deep");
	d->p++;
	size_t cap = 0;
	for (;;) {
		if (d->p >= d->n)
			return des_fail(d, dict ? "missing '}'" : "missing ']'");
		if (d->s[d->p] == close) {
			d->p++;
			break;
		}
		if (!push_item(v, &cap, dict))
			return des_oom(d);
		frams_value *it = &v->items[v->n];
		memset(it, 0, sizeof *it);
		if (dict)
			v->keys[v->n] = NULL;
		v->n++;
		if (dict) {
			if (d->s[d->p] != '"')
				return des_fail(d, "a dictionary key must be a string");
			frams_value key = {0};
			int rc = des_value(d, &key, -1);
			if (rc)
				return rc;
			v->keys[v->n - 1] = key.s;
			v->klen[v->n - 1] = key.slen;
			if (d->p >= d->n || d->s[d->p] != ':')
				return des_fail(d, "missing ':' in dictionary");
			d->p++;
		}
		int rc = des_value(d, it, -1);
		if (rc)
			return rc;
		if (d->p < d->n && d->s[d->p] == ',')
			d->p++;
		else if (d->p >= d->n || d->s[d->p] != close)
			return des_fail(d, dict ? "missing ',' in dictionary" : "missing ',' in vector");
	}
	d->depth--;
	return 0;
}

static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* A quoted string at d's place, its escapes undone. */
static int des_string(des *d, frams_value *v)
{
	const char *s = d->s + d->p;
	size_t left = d->n - d->p;
	size_t q = 1;
	while (q < left && s[q] != '"')
		q += s[q] == '\\' ? 2 : 1;
	if (q >= left)
		return des_fail(d, "missing closing '\"' of a string");
	c2_wbuf w = {0};
	frams_unquote(&w, s + 1, q - 1);
	c2_w_u8(&w, 0);
	if (w.oom) {
		c2_wbuf_free(&w);
		return des_oom(d);
	}
	v->kind = FRAMS_V_STRING;
	v->s = (char *)w.data;
	v->slen = w.len - 1;
	d->p += q + 1;
	return 0;
}

/* A value that begins with a name: an unserializable object (Name<...>),
 * or class-prefixed data (Name[...], Name{...}, Name"..."), which takes an
 * object number its data shares. own_num >= 0: inside such data, where no
 * name may come. */
static int des_named(des *d, frams_value *v, long own_num)
{
	const char *s = d->s + d->p;
	size_t left = d->n - d->p;
	size_t w = 0;
	while (w < left && word_char(s[w]))
		w++;
	if (own_num >= 0 || w == 0 || isdigit((unsigned char)s[0]))
		return des_fail(d, "bad syntax");
	v->s = frams_dup(s, w);
	if (!v->s)
		return des_oom(d);
	if (w < left && s[w] == '<') {
		const char *gt = memchr(s + w, '>', left - w);
		if (!gt)
			return des_fail(d, "missing '>' of an unserializable object");
		v->kind = FRAMS_V_OPAQUE;
		v->opaque = frams_dup(s + w + 1, (size_t)(gt - s - w - 1));
		if (!v->opaque)
			return des_oom(d);
		d->p += (size_t)(gt - s) + 1;
		return 0;
	}
	if (w >= left || (s[w] != '[' && s[w] != '{' && s[w] != '"')) {
		d->p += w;
		return des_fail(d, "an object's class name must be followed by [...], {...}, \"...\" or <...>");
	}
	v->kind = FRAMS_V_OBJECT;
	v->num = d->nobj++;
	v->items = calloc(1, sizeof *v->items);
	if (!v->items)
		return des_oom(d);
	v->n = 1;
	d->p += w;
	return des_value(d, v->items, v->num);
}

static int des_value(des *d, frams_value *v, long own_num)
{
	memset(v, 0, sizeof *v);
	if (d->p >= d->n)
		return des_fail(d, "value expected");
	const char *s = d->s + d->p;
	size_t left = d->n - d->p;
	char c = *s;
	bool is_int;
	size_t used;
	if (c == '[' || c == '{')
		return des_container(d, v, c == '{', own_num);
	if (c == '"')
		return des_string(d, v);
	if (own_num < 0 && (used = frams_parse_number(s, left, FRAMS_NUM_ANY, &is_int, &v->i, &v->d))) {
		v->kind = is_int ? FRAMS_V_INT : FRAMS_V_DOUBLE;
		d->p += used;
		return 0;
	}
	if (own_num < 0 && left >= 4 && memcmp(s, "null", 4) == 0) {
		v->kind = FRAMS_V_NULL;
		d->p += 4;
		return 0;
	}
	if (own_num < 0 && left >= 7 && memcmp(s, "invalid", 7) == 0) {
		v->kind = FRAMS_V_INVALID;
		d->p += 7;
		return 0;
	}
	if (own_num < 0 && c == '^') {
		long r;
		used = frams_parse_number(s + 1, left - 1, FRAMS_NUM_INT, &is_int, &r, &v->d);
		if (!used || r < 0 || r >= d->nobj)
			return des_fail(d, "invalid reference (^N must name an object begun before it)");
		v->kind = FRAMS_V_REF;
		v->i = r;
		d->p += 1 + used;
		return 0;
	}
	return des_named(d, v, own_num);
}

int frams_deserialize(const char *s, size_t n, frams_value *out, c2_err *err)
{
	c2_err_clear(err);
	des d = {s, n, 0, 0, 0, err};
	int rc = des_value(&d, out, -1);
	if (rc == 0 && d.p != n)
		rc = des_fail(&d, "unexpected text after the value");
	if (rc)
		frams_value_free(out);
	return rc;
}

void frams_value_free(frams_value *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->n; i++) {
		if (v->items)
			frams_value_free(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->klen);
	free(v->s);
	free(v->opaque);
	memset(v, 0, sizeof *v);
}

static void ser_string(const char *s, size_t n, c2_wbuf *out)
{
	c2_w_u8(out, '"');
	frams_quote(out, s, n);
	c2_w_u8(out, '"');
}

void frams_serialize(const frams_value *v, c2_wbuf *out)
{
	char buf[FRAMS_DBL_MAX];
	switch (v->kind) {
	case FRAMS_V_NULL: c2_w_str(out, "null"); break;
	case FRAMS_V_INVALID: c2_w_str(out, "invalid"); break;
	case FRAMS_V_INT: c2_w_printf(out, "%ld", v->i); break;
	case FRAMS_V_DOUBLE: c2_w_bytes(out, buf, frams_fmt_double(v->d, buf)); break;
	case FRAMS_V_STRING: ser_string(v->s, v->slen, out); break;
	case FRAMS_V_REF: c2_w_printf(out, "^%ld", v->i); break;
	case FRAMS_V_OPAQUE: c2_w_printf(out, "%s<%s>", v->s, v->opaque); break;
	case FRAMS_V_OBJECT:
		c2_w_str(out, v->s);
		frams_serialize(&v->items[0], out);
		break;
	case FRAMS_V_VECTOR:
	case FRAMS_V_DICT:
		c2_w_u8(out, v->kind == FRAMS_V_DICT ? '{' : '[');
		for (size_t i = 0; i < v->n; i++) {
			if (i)
				c2_w_u8(out, ',');
			if (v->kind == FRAMS_V_DICT) {
				ser_string(v->keys[i], v->klen[i], out);
				c2_w_u8(out, ':');
			}
			frams_serialize(&v->items[i], out);
		}
		c2_w_u8(out, v->kind == FRAMS_V_DICT ? '}' : ']');
		break;
	}
}

/* ---- files ---------------------------------------------------------------------- */

/* SDK GenotypeMini's table (frams/_demos/genotypemini.cpp). */
static const frams_prop org_props[] = {
	{"name", 's', 0, 1, 0, 40, 0, ""},
	{"genotype", 's', 0, 0, 0, 0, 0, ""},
	{"info_timestamp", 'f', 0, 0, 0, -1, 0, NULL},
	{"info_author", 's', 0, 1, 0, 100, 0, ""},
	{"info_author_ispublic", 'd', 0, 1, 0, 1, 1, NULL},
	{"info_email", 's', 0, 1, 0, 100, 0, ""},
	{"info_email_ispublic", 'd', 0, 1, 0, 1, 0, NULL},
	{"info", 's', 0, 1, 0, 1000, 0, ""},
	{"info_origin", 'd', 0, 1, 0, 4, 0, NULL},
	{"info_how_created", 's', 0, 1, 0, 1000, 0, ""},
	{"info_performance", 's', 0, 1, 0, 1000, 0, ""},
	{"energy0", 'f', 0, 0, 0, -1, 0, NULL},
	{"numparts", 'd', 0, 0, 0, 0, 0, NULL},
	{"numjoints", 'd', 0, 0, 0, 0, 0, NULL},
	{"numneurons", 'd', 0, 0, 0, 0, 0, NULL},
	{"numconnections", 'd', 0, 0, 0, 0, 0, NULL},
	{"num", 'd', 0, 0, 0, 0, 0, NULL},
	{"gnum", 'd', 0, 0, 0, 0, 0, NULL},
	{"instances", 'd', 0, 0, 0, 0, 0, NULL},
	{"lifespan", 'f', 0, 0, 0, 0, 0, NULL},
	{"velocity", 'f', 0, 0, 0, 0, 0, NULL},
	{"distance", 'f', 0, 0, 0, 0, 0, NULL},
	{"vertvel", 'f', 0, 0, 0, 0, 0, NULL},
	{"vertpos", 'f', 0, 0, 0, 0, 0, NULL},
	{"user1", 'x', 0, 0, 0, 0, 0, NULL},
	{"user2", 'x', 0, 0, 0, 0, 0, NULL},
	{"user3", 'x', 0, 0, 0, 0, 0, NULL},
	{"data", 'o', 0, 0, 0, 0, 0, NULL},
	{"is_valid", 'd', 0, 1, -1, 1, -1, NULL},
	{"uid", 's', 0, 0, 0, 0, 0, ""},
	{"mutate", 'p', 0, 0, 0, 0, 0, NULL},
};
const frams_class frams_org_class = {"org", org_props, sizeof org_props / sizeof org_props[0]};

typedef struct reader {
	const char *s;
	size_t n, p;
	long line; /* of the last line read */
	frams_file *f;
	c2_err *err;
	bool oom;
	size_t nfields; /* in the whole file */
	long toobig;    /* the line that went past a limit, or 0 */
} reader;

/* The next line, without its LF and one CR before it; false at the end. */
static bool next_line(reader *r, const char **ls, size_t *len)
{
	if (r->p >= r->n)
		return false;
	const char *st = r->s + r->p, *nl = memchr(st, '\n', r->n - r->p);
	size_t l = nl ? (size_t)(nl - st) : r->n - r->p;
	r->p += l + (nl != NULL);
	r->line++;
	if (l && st[l - 1] == '\r')
		l--;
	*ls = st;
	*len = l;
	return true;
}

/* The SDK's unexpected-line warnings: one for the first of a run, then one
 * saying more followed. */
static void unexpected(reader *r, int *run, const char *where, const char *cls)
{
	if (*run == 0) {
		if (cls)
			frams_log_add(&r->f->log, FRAMS_WARN, r->line, where,
			              "Ignored unexpected line %ld while reading object '%s'", r->line, cls);
		else
			frams_log_add(&r->f->log, FRAMS_WARN, r->line, where, "Ignored unexpected line %ld",
			              r->line);
	} else if (*run == 1) {
		frams_log_add(&r->f->log, FRAMS_WARN, r->line, where,
		              "The following line(s) were also unexpected and were ignored");
	}
	(*run)++;
}

/* A multi-line value: from the current position (the line after `key:~`)
 * up to the first '~' not preceded by a backslash; the rest of its line is
 * skipped. CRs are removed and "\~" becomes "~". On return r->line is the
 * line of the closing '~' (the last line read). */
static bool read_tilde(reader *r, c2_wbuf *out)
{
	char last = 0;
	bool found = false;
	size_t st = r->p;
	while (r->p < r->n) {
		char c = r->s[r->p++];
		if (c == '~' && last != '\\') {
			found = true;
			break;
		}
		last = c;
	}
	size_t end = found ? r->p - 1 : r->p;
	long breaks = 0;
	for (size_t i = st; i < end; i++) {
		breaks += r->s[i] == '\n';
		if (r->s[i] == '\r' || (r->s[i] == '\\' && i + 1 < end && r->s[i + 1] == '~'))
			continue;
		c2_w_u8(out, (uint8_t)r->s[i]);
	}
	r->line += breaks + (end > st || found);
	if (found) {
		const char *nl = memchr(r->s + r->p, '\n', r->n - r->p);
		r->p = nl ? (size_t)(nl - r->s) + 1 : r->n;
	}
	return found;
}

/* Single-line values: only "\~" is unescaped. */
static void untilde(c2_wbuf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!(s[i] == '\\' && i + 1 < n && s[i + 1] == '~'))
			c2_w_u8(out, (uint8_t)s[i]);
}

/* An 'x' or 'o' value: @Serialized text, else a number, else a string. */
static void decode_any(reader *r, frams_object *o, frams_field *fd)
{
	static const char prefix[] = "@Serialized:";
	const size_t pl = sizeof prefix - 1;
	bool is_int;
	if (fd->len >= pl && memcmp(fd->value, prefix, pl) == 0) {
		c2_err e;
		int rc = frams_deserialize(fd->value + pl, fd->len - pl, &fd->val, &e);
		fd->serialized_ok = rc == 0;
		if (rc == C2_ENOMEM)
			r->oom = true;
		else if (rc)
			frams_log_add(&r->f->log, FRAMS_WARN, fd->value_line, "ParamInterface.set",
			              "serialization format mismatch in %s.%s (%s)", o->cls, fd->key, e.msg);
	} else if (fd->len && frams_parse_number(fd->value, fd->len, FRAMS_NUM_ANY, &is_int,
	                                         &fd->val.i, &fd->val.d) == fd->len) {
		fd->val.kind = is_int ? FRAMS_V_INT : FRAMS_V_DOUBLE;
	} else {
		fd->val.kind = FRAMS_V_STRING;
		fd->val.s = frams_dup(fd->value, fd->len);
		fd->val.slen = fd->len;
		r->oom |= !fd->val.s;
	}
}

static frams_field *new_field(reader *r, frams_object *o, size_t *cap)
{
	if (r->nfields >= FRAMS_MAX_FIELDS) {
		r->toobig = r->line;
		return NULL;
	}
	r->nfields++;
	if (o->nfields == *cap) {
		size_t nc = *cap ? *cap * 2 : 8;
		frams_field *nf = realloc(o->fields, nc * sizeof *nf);
		if (!nf) {
			r->oom = true;
			return NULL;
		}
		o->fields = nf;
		*cap = nc;
	}
	frams_field *fd = &o->fields[o->nfields++];
	memset(fd, 0, sizeof *fd);
	fd->prop = -1;
	return fd;
}

/* The fields of an object, up to a blank line or the end (loadMultiLine). */
static void read_object(reader *r, frams_object *o)
{
	size_t cap = 0;
	int run = 0;
	const frams_class *c = o->schema;
	bool *seen = c ? calloc(c->n, sizeof *seen) : NULL;
	if (c && !seen) {
		r->oom = true;
		return;
	}
	const char *ls;
	size_t len;
	c2_wbuf val = {0};
	while (!r->oom && next_line(r, &ls, &len)) {
		size_t b = 0;
		while (b < len && (ls[b] == ' ' || ls[b] == '\t'))
			b++;
		if (b == len)
			break;
		if (ls[b] == '#') {
			run = 0;
			continue;
		}
		const char *colon = memchr(ls + b, ':', len - b);
		if (!colon) {
			unexpected(r, &run, "ParamInterface.load", o->cls);
			continue;
		}
		run = 0;
		const char *key = ls + b;
		size_t klen = (size_t)(colon - key);
		int k = c && klen ? frams_find(c, key, klen) : -1;
		if (k >= 0 && seen[k])
			frams_log_add(&r->f->log, FRAMS_WARN, r->line, "ParamInterface.load",
			              "Multiple '%s.%s' properties found", o->cls, c->props[k].id);
		else if (k >= 0)
			seen[k] = true;
		else if (c)
			frams_log_add(&r->f->log, FRAMS_WARN, r->line, "ParamInterface.load",
			              "Ignored unknown property '%s.%.*s'", o->cls, (int)klen, key);
		frams_field *fd = new_field(r, o, &cap);
		if (!fd)
			break;
		fd->key = frams_dup(key, klen);
		fd->prop = k;
		fd->line = r->line;
		val.len = 0;
		if (colon + 1 < ls + len && colon[1] == '~') {
			fd->multiline = true;
			fd->value_line = r->line + 1;
			if (!read_tilde(r, &val)) {
				if (k >= 0)
					frams_log_add(&r->f->log, FRAMS_WARN, fd->line, "ParamInterface.load",
					              "Closing '~' (tilde) not found in '%s.%s'", o->cls,
					              c->props[k].id);
				else
					frams_log_add(&r->f->log, FRAMS_WARN, fd->line, "ParamInterface.load",
					              "Closing '~' (tilde) not found in unknown property of '%s'",
					              o->cls);
			}
		} else {
			fd->value_line = r->line;
			untilde(&val, colon + 1, (size_t)(ls + len - colon - 1));
		}
		fd->value = frams_dup(val.len ? (const char *)val.data : "", val.len);
		fd->len = val.len;
		r->oom |= !fd->key || !fd->value || val.oom;
		if (r->oom)
			break;
		if (k >= 0) {
			frams_set(c, o->slots, (size_t)k, fd->value, fd->len, false, &r->f->log,
			          fd->value_line);
			if (c->props[k].type == 'x' || c->props[k].type == 'o')
				decode_any(r, o, fd);
		}
	}
	c2_wbuf_free(&val);
	free(seen);
}

int frams_read(const char *text, size_t n, const frams_class *const *classes, size_t nclasses,
               frams_file *out, c2_err *err)
{
	c2_err_clear(err);
	memset(out, 0, sizeof *out);
	reader r = {text, n, 0, 0, out, err, false, 0, 0};
	size_t cap = 0;
	int run = 0;
	const char *ls;
	size_t len;
	while (!r.oom && !r.toobig && next_line(&r, &ls, &len)) {
		if (len && ls[0] == '#') {
			run = 0;
			if (len >= 8 && memcmp(ls, "#include", 8) == 0)
				return c2_fail_line(err, C2_EFORMAT, r.line,
				                    "#include is not supported (Framsticks applications never "
				                    "write it; paste the included file instead)");
			continue;
		}
		size_t a = 0, b = len;
		while (a < b && isspace((unsigned char)ls[a]))
			a++;
		while (b > a && isspace((unsigned char)ls[b - 1]))
			b--;
		if (a == b) {
			run = 0;
			continue;
		}
		if (b - a < 2 || ls[b - 1] != ':') {
			unexpected(&r, &run, "MultiParamLoader.go", NULL);
			continue;
		}
		run = 0;
		if (out->nobjs >= FRAMS_MAX_OBJECTS) {
			r.toobig = r.line;
			break;
		}
		if (out->nobjs == cap) {
			size_t nc = cap ? cap * 2 : 16;
			frams_object *no = realloc(out->objs, nc * sizeof *no);
			if (!no) {
				r.oom = true;
				break;
			}
			out->objs = no;
			cap = nc;
		}
		frams_object *o = &out->objs[out->nobjs++];
		memset(o, 0, sizeof *o);
		o->cls = frams_dup(ls + a, b - a - 1);
		o->line = r.line;
		if (!o->cls) {
			r.oom = true;
			break;
		}
		for (size_t i = 0; classes && i < nclasses; i++)
			if (strcmp(classes[i]->name, o->cls) == 0)
				o->schema = classes[i];
		if (o->schema) {
			o->slots = malloc(o->schema->n * sizeof *o->slots);
			if (!o->slots) {
				r.oom = true;
				break;
			}
			frams_slots_init(o->schema, o->slots);
		} else {
			frams_log_add(&out->log, FRAMS_WARN, r.line, "MultiParamLoader.go",
			              "Skipping object '%s'", o->cls);
		}
		read_object(&r, o);
	}
	if (r.oom || out->log.oom)
		return c2_fail_line(err, C2_ENOMEM, r.line, "out of memory");
	if (r.toobig)
		return c2_fail_line(err, C2_ETOOBIG, r.toobig,
		                    "more than %d objects or %d fields: not a genotype file we read",
		                    FRAMS_MAX_OBJECTS, FRAMS_MAX_FIELDS);
	return 0;
}

void frams_file_free(frams_file *f)
{
	for (size_t i = 0; i < f->nobjs; i++) {
		frams_object *o = &f->objs[i];
		for (size_t k = 0; k < o->nfields; k++) {
			free(o->fields[k].key);
			free(o->fields[k].value);
			frams_value_free(&o->fields[k].val);
		}
		if (o->slots)
			frams_slots_free(o->schema, o->slots);
		free(o->slots);
		free(o->fields);
		free(o->cls);
	}
	free(f->objs);
	frams_log_free(&f->log);
	memset(f, 0, sizeof *f);
}

const frams_field *frams_object_field(const frams_object *o, const char *key)
{
	for (size_t k = o->nfields; k-- > 0;)
		if (strcmp(o->fields[k].key, key) == 0)
			return &o->fields[k];
	return NULL;
}

size_t frams_genotypes(const frams_file *f, frams_genotype *out, size_t cap)
{
	size_t k = 0;
	for (size_t i = 0; i < f->nobjs; i++) {
		const frams_object *o = &f->objs[i];
		if (o->schema != &frams_org_class)
			continue;
		if (k < cap) {
			frams_genotype *g = &out[k];
			g->obj = o;
			g->name = frams_slot_str(o->schema, o->slots, 0, NULL);
			g->genes = frams_slot_str(o->schema, o->slots, 1, &g->len);
			const frams_field *fd = frams_object_field(o, "genotype");
			g->line = fd ? fd->value_line : o->line;
		}
		k++;
	}
	return k;
}

/* ---- genotype format marker ------------------------------------------------------- */

void frams_geno_marker(const char *g, size_t n, frams_geno *out)
{
	out->format = '1';
	out->genes = 0;
	out->marker_lines = 0;
	if (n < 2 || g[0] != '/' || (g[1] != '/' && g[1] != '*'))
		return;
	out->format = n > 2 ? g[2] : '\0';
	size_t end;
	if (g[1] == '/') {
		const char *nl = memchr(g, '\n', n);
		end = nl ? (size_t)(nl - g) : n;
		out->genes = nl ? end + 1 : n;
		out->marker_lines = nl != NULL;
		if (end > 0 && g[end - 1] == '\r')
			end--;
		if (end != 3)
			out->format = '\0';
	} else {
		const char *st = NULL;
		for (size_t i = 2; i + 1 < n && !st; i++)
			if (g[i] == '*' && g[i + 1] == '/')
				st = g + i;
		end = st ? (size_t)(st - g) : n;
		out->genes = st ? end + 2 : n;
		for (size_t i = 0; i < out->genes; i++)
			out->marker_lines += g[i] == '\n';
		if (!st || end != 3)
			out->format = '\0';
	}
	if (!isalnum((unsigned char)out->format))
		out->format = '\0';
}

void frams_geno_describe(const frams_geno *gi, char *buf, size_t cap)
{
	if (gi->format == '0')
		snprintf(buf, cap, "f0");
	else if (gi->format == '\0')
		snprintf(buf, cap, "invalid genotype format declaration (expected //F or /*F*/ "
		                   "with F one letter or digit)");
	else
		snprintf(buf, cap, "genotype format f%c is not supported (only f0: a genotype that "
		                   "starts with //0 or /*0*/)", gi->format);
}
