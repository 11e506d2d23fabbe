/* options.c — table-driven named integer options (see options.h). */
#include "base/options.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int *slot(const c2_option *o, void *opts)
{
	return (int *)((char *)opts + o->offset);
}

void c2_options_default(const c2_option_table *t, void *opts)
{
	for (size_t i = 0; i < t->n; i++)
		*slot(&t->v[i], opts) = t->v[i].def;
}

const c2_option *c2_option_find(const c2_option_table *t, const char *name, size_t len)
{
	for (size_t i = 0; i < t->n; i++)
		if (strlen(t->v[i].name) == len && strncmp(t->v[i].name, name, len) == 0)
			return &t->v[i];
	return NULL;
}

int c2_option_get(const c2_option *o, const void *opts)
{
	int v;
	memcpy(&v, (const char *)opts + o->offset, sizeof v);
	return v;
}

static int set_checked(const c2_option_table *t, const c2_option *o, void *opts, long value,
                       c2_err *err)
{
	if (value < o->min || value > o->max)
		return c2_fail(err, C2_EINVAL, -1, -1, "%s option %s: %ld is outside %d..%d", t->module,
		               o->name, value, o->min, o->max);
	*slot(o, opts) = (int)value;
	return 0;
}

void c2_option_near(const c2_option_table *t, c2_near *q)
{
	for (size_t k = 0; k < t->n; k++)
		c2_near_add(q, t->v[k].name);
}

/* " (did you mean NAME? see c2rt options)", or " (see c2rt options)". */
static void unknown_hint(const c2_option_table *t, const char *name, size_t len, char *buf,
                         size_t cap)
{
	c2_near q;
	c2_near_init(&q, name, len, false);
	c2_option_near(t, &q);
	if (c2_near_best(&q))
		snprintf(buf, cap, " (did you mean %s? see c2rt options)", c2_near_best(&q));
	else
		snprintf(buf, cap, " (see c2rt options)");
}

int c2_option_set(const c2_option_table *t, void *opts, const char *name, long value,
                  c2_err *err)
{
	const c2_option *o = name ? c2_option_find(t, name, strlen(name)) : NULL;
	if (!o) {
		char hint[96];
		unknown_hint(t, name ? name : "", name ? strlen(name) : 0, hint, sizeof hint);
		return c2_fail(err, C2_EINVAL, -1, -1, "unknown %s option '%s'%s", t->module,
		               name ? name : "(null)", hint);
	}
	return set_checked(t, o, opts, value, err);
}

const char *c2_option_value_name(const c2_option *o, int value, char *buf, size_t cap)
{
	if (!o->values || value < 0 || cap == 0)
		return NULL;
	const char *p = o->values;
	for (int i = 0; i < value && p; i++) {
		p = strchr(p, ',');
		if (p)
			p++;
	}
	if (!p || !*p)
		return NULL;
	size_t n = strcspn(p, ",");
	if (n >= cap)
		n = cap - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return buf;
}

/* The value whose name is s, or -1. */
static int value_by_name(const c2_option *o, const char *s)
{
	char buf[32];
	for (int v = o->min; v <= o->max && v >= 0; v++) {
		const char *n = c2_option_value_name(o, v, buf, sizeof buf);
		if (n && strcmp(n, s) == 0)
			return v;
	}
	return -1;
}

int c2_option_parse(const c2_option_table *t, void *opts, const char *text, c2_err *err)
{
	const char *eq = strchr(text, '=');
	if (!eq || eq == text || !eq[1])
		return c2_fail(err, C2_EINVAL, -1, -1, "'%s' is not NAME=VALUE", text);
	const c2_option *o = c2_option_find(t, text, (size_t)(eq - text));
	if (!o) {
		char hint[96];
		unknown_hint(t, text, (size_t)(eq - text), hint, sizeof hint);
		return c2_fail(err, C2_EINVAL, -1, -1, "unknown %s option '%.*s'%s", t->module,
		               (int)(eq - text), text, hint);
	}
	const char *val = eq + 1;
	char *end;
	long v = strtol(val, &end, 10);
	if (*end || end == val) {
		int named = value_by_name(o, val);
		if (named < 0)
			return c2_fail(err, C2_EINVAL, -1, -1, "option %s: '%s' is neither a number nor one of %s",
			               o->name, val, o->values ? o->values : "its values");
		v = named;
	}
	return set_checked(t, o, opts, v, err);
}

int c2_options_check(const c2_option_table *t, const void *opts, c2_err *err)
{
	for (size_t i = 0; i < t->n; i++) {
		int v = c2_option_get(&t->v[i], opts);
		if (v < t->v[i].min || v > t->v[i].max)
			return c2_fail(err, C2_EINVAL, -1, -1, "%s option %s: %d is outside %d..%d", t->module,
			               t->v[i].name, v, t->v[i].min, t->v[i].max);
	}
	return 0;
}

/* Is option o of the struct at opts saved? */
static bool saved(const c2_option *o, const void *opts)
{
	return !o->transient && (!o->late || c2_option_get(o, opts) != o->def);
}

void c2_options_save(const c2_option_table *t, const void *opts, c2_sink *s)
{
	uint32_t n = 0;
	for (size_t i = 0; i < t->n; i++)
		n += saved(&t->v[i], opts);
	c2_put_u32(s, n);
	for (size_t i = 0; i < t->n; i++) {
		if (!saved(&t->v[i], opts))
			continue;
		size_t len = strlen(t->v[i].name);
		c2_put_u8(s, (uint8_t)len);
		c2_put(s, t->v[i].name, len);
		c2_put_u32(s, (uint32_t)c2_option_get(&t->v[i], opts));
	}
}

int c2_options_load(const c2_option_table *t, void *opts, c2_rbuf *r, c2_err *err)
{
	c2_options_default(t, opts);
	uint32_t n = c2_r_count(r, 1024);
	for (uint32_t i = 0; i < n && !r->bad; i++) {
		char name[256];
		uint8_t len = c2_r_u8(r);
		c2_r_bytes(r, name, len);
		name[len] = '\0';
		int32_t v = (int32_t)c2_r_u32(r);
		if (r->bad)
			break;
		const c2_option *o = c2_option_find(t, name, len);
		if (!o || o->transient) /* a transient option is never saved */
			return c2_fail(err, C2_EFORMAT, (long)r->pos, -1, "unknown %s option '%s'", t->module,
			               name);
		if (v < o->min || v > o->max)
			return c2_fail(err, C2_EFORMAT, (long)r->pos, -1, "%s option %s out of range",
			               t->module, name);
		*slot(o, opts) = v;
	}
	if (r->bad)
		return c2_fail(err, C2_EFORMAT, (long)r->pos, -1, "truncated %s options", t->module);
	return 0;
}
