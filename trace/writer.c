/* writer.c — CSV and NDJSON rows of a creature's state over time. */
#include "trace/writer.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/words.h"
#include "genome/vocab.h"

void trace_default_chems(trace_cfg *t)
{
	static const uint8_t def[] = {
		GENOME_CHEM_ATP, GENOME_CHEM_ADP, GENOME_CHEM_GLUCOSE, GENOME_CHEM_GLYCOGEN, GENOME_CHEM_REWARD,
		GENOME_CHEM_PUNISHMENT, GENOME_CHEM_AGEING, GENOME_CHEM_INJURY, GENOME_CHEM_ADRENALINE,
	};
	t->nchem = sizeof def;
	memcpy(t->chem, def, sizeof def);
}

int trace_set_chems(trace_cfg *t, const char *list, c2_err *err)
{
	size_t n = 0;
	const char *p = list;
	bool seen[256] = {false};
	while (*p) {
		const char *q = strchr(p, ',');
		size_t len = q ? (size_t)(q - p) : strlen(p);
		while (len && *p == ' ')
			p++, len--;
		while (len && p[len - 1] == ' ')
			len--;
		int chem = trace_chem_find(p, len);
		if (chem <= 0)
			return c2_fail(err, C2_EINVAL, -1, -1, "unknown chemical '%.*s'", (int)len, p);
		/* One column per chemical: two of one name could not be told apart. */
		if (seen[chem])
			return c2_fail(err, C2_EINVAL, -1, -1, "chemical '%.*s' is listed twice", (int)len, p);
		if (n == 256)
			return c2_fail(err, C2_EINVAL, -1, -1, "too many chemicals");
		seen[chem] = true;
		t->chem[n++] = (uint8_t)chem;
		if (!q)
			break;
		p = q + 1;
	}
	if (n == 0)
		return c2_fail(err, C2_EINVAL, -1, -1, "empty chemical list");
	t->nchem = n;
	return 0;
}

/* Does chem share its name with the chemical before it? Chemicals of one
 * name (236..239 are all "Unknown Toxin") stand together in the table
 * (test_engine checks), so looking one back finds every repeat, in O(1)
 * for each of a row's keys. */
static bool name_repeats(uint8_t chem, const char *name)
{
	const char *prev = chem ? genome_vocab_name(&genome_chemicals, chem - 1) : NULL;
	return prev && strcmp(prev, name) == 0;
}

void trace_chem_label(uint8_t chem, char *buf, size_t cap)
{
	const char *nm = genome_vocab_name(&genome_chemicals, chem);
	if (nm && name_repeats(chem, nm))
		snprintf(buf, cap, "%s %u", nm, chem);
	else if (nm)
		snprintf(buf, cap, "%s", nm);
	else
		snprintf(buf, cap, "%u", chem);
}

int trace_chem_find(const char *s, size_t n)
{
	int chem = genome_vocab_find(&genome_chemicals, s, n);
	if (chem >= 0)
		return chem;
	/* "NAME N": chemical N, when NAME is its name. */
	size_t d = n;
	while (d > 0 && isdigit((unsigned char)s[d - 1]))
		d--;
	int num = c2_word_byte(s + d, n - d);
	if (num >= 0 && d >= 2 && strchr(" _-", s[d - 1])) {
		const char *name = genome_vocab_name(&genome_chemicals, num);
		if (name && genome_name_eq(s, d - 1, name))
			return num;
	}
	return c2_word_byte(s, n);
}

/* Column name of organ i: body, organ1..organN, brain. */
static void organ_label(const bc_biochem *bc, size_t i, char *buf, size_t cap)
{
	bc_organ_info oi;
	bc_organ_get(bc, i, &oi);
	if (oi.kind == BC_ORGAN_BODY)
		snprintf(buf, cap, "body");
	else if (oi.kind == BC_ORGAN_BRAIN)
		snprintf(buf, cap, "brain");
	else
		snprintf(buf, cap, "organ%zu", i);
}

const char *trace_action_name(const creature *c)
{
	if (!creature_alive(c))
		return "dead";
	if (creature_dreaming(c))
		return "dreaming";
	if (creature_asleep(c))
		return "asleep";
	const char *a = genome_vocab_name(&genome_actions, creature_action(c));
	return a ? a : "none";
}

static const char *object_name(const creature *c)
{
	const char *o = genome_vocab_name(&genome_categories, creature_object(c));
	return o ? o : "none";
}

/* A body's columns: its centre of mass, speed and the work its muscles did. */
static const char *const body_columns[] = {"x", "y", "z", "speed", "energy"};

static void body_values(const creature *c, double v[5])
{
	body_reading r;
	body_sim_read(creature_body_sim(c), &r);
	v[0] = r.com[0];
	v[1] = r.com[1];
	v[2] = r.com[2];
	v[3] = r.speed;
	v[4] = r.energy;
}

void trace_header(const creature *c, const trace_cfg *t, c2_wbuf *w)
{
	if (t->format != TRACE_CSV)
		return;
	c2_w_str(w, "tick,seconds,stage,alive,action,object");
	for (int d = 0; d < GENOME_NDRIVES; d++)
		c2_w_printf(w, ",drive:%s", genome_drives.names[d]);
	const bc_biochem *bc = creature_biochem_const(c);
	char buf[64];
	for (size_t i = 0; i < bc_organ_count(bc); i++) {
		organ_label(bc, i, buf, sizeof buf);
		c2_w_printf(w, ",lf:%s", buf);
	}
	for (size_t k = 0; k < t->nchem; k++) {
		trace_chem_label(t->chem[k], buf, sizeof buf);
		c2_w_printf(w, ",chem:%s", buf);
	}
	if (creature_has_body(c))
		for (size_t k = 0; k < sizeof body_columns / sizeof body_columns[0]; k++)
			c2_w_printf(w, ",body:%s", body_columns[k]);
	c2_w_str(w, "\n");
}

/* The longest name of v, and of extra (NULL-terminated). */
static const char *longest(const genome_vocab *v, const char *const *extra)
{
	const char *best = "";
	for (int k = 0; v && k < v->n; k++)
		if (v->names[k] && strlen(v->names[k]) > strlen(best))
			best = v->names[k];
	for (; extra && *extra; extra++)
		if (strlen(*extra) > strlen(best))
			best = *extra;
	return best;
}

/* One row: the creature's state, or with `widest` set every field at its
 * widest (the tick *widest, the longest words, drives and chemicals at
 * 255, a whole organ's life force, 12-character body figures) — one
 * format for both, so the size estimate cannot drift from the rows. */
static void write_row(const creature *c, const trace_cfg *t, c2_wbuf *w, const uint64_t *widest)
{
	static const char *const actions[] = {"dead", "dreaming", "asleep", "none", NULL};
	static const char *const objects[] = {"none", NULL};
	const bc_biochem *bc = creature_biochem_const(c);
	uint64_t tick = widest ? *widest : creature_ticks(c);
	double secs = widest ? (double)tick / CREATURE_TICKS_PER_SECOND : creature_seconds(c);
	const char *stage = genome_stage_name(creature_stage(c));
	const char *action = widest ? longest(&genome_actions, actions) : trace_action_name(c);
	const char *object = widest ? longest(&genome_categories, objects) : object_name(c);
	for (int k = 0; widest && k < GENOME_NSTAGES; k++)
		if (strlen(genome_stage_name(k)) > strlen(stage))
			stage = genome_stage_name(k);
	bool csv = t->format == TRACE_CSV;
	char buf[64];
	if (csv)
		c2_w_printf(w, "%llu,%.1f,%s,%d,%s,%s", (unsigned long long)tick, secs, stage,
		            widest ? 1 : creature_alive(c), action, object);
	else
		c2_w_printf(w, "{\"tick\":%llu,\"seconds\":%.1f,\"stage\":\"%s\",\"alive\":%d,"
		               "\"action\":\"%s\",\"object\":\"%s\"",
		            (unsigned long long)tick, secs, stage, widest ? 1 : creature_alive(c), action,
		            object);
	for (unsigned d = 0; d < GENOME_NDRIVES; d++) {
		unsigned v = widest ? 255 : creature_drive(c, d);
		if (csv)
			c2_w_printf(w, ",%u", v);
		else
			c2_w_printf(w, ",\"drive:%s\":%u", genome_drives.names[d], v);
	}
	for (size_t i = 0; i < bc_organ_count(bc); i++) {
		bc_organ_info oi;
		bc_organ_get(bc, i, &oi);
		double lf = widest ? 1.0 : oi.st_lf / BC_BASE_LIFE_FORCE;
		if (csv) {
			c2_w_printf(w, ",%.4f", lf);
		} else {
			organ_label(bc, i, buf, sizeof buf);
			c2_w_printf(w, ",\"lf:%s\":%.4f", buf, lf);
		}
	}
	for (size_t k = 0; k < t->nchem; k++) {
		unsigned v = widest ? 255 : bc_chem_get(bc, t->chem[k]);
		if (csv) {
			c2_w_printf(w, ",%u", v);
		} else {
			trace_chem_label(t->chem[k], buf, sizeof buf);
			c2_w_printf(w, ",\"chem:%s\":%u", buf, v);
		}
	}
	if (creature_has_body(c)) {
		double v[5] = {-1.23457e-05, -1.23457e-05, -1.23457e-05, -1.23457e-05, -1.23457e-05};
		if (!widest)
			body_values(c, v);
		for (size_t k = 0; k < 5; k++) {
			if (csv)
				c2_w_printf(w, ",%.6g", v[k]);
			else
				c2_w_printf(w, ",\"body:%s\":%.6g", body_columns[k], v[k]);
		}
	}
	c2_w_str(w, csv ? "\n" : "}\n");
}

void trace_row(const creature *c, const trace_cfg *t, c2_wbuf *w)
{
	write_row(c, t, w, NULL);
}

uint64_t trace_size_estimate(const creature *c, const trace_cfg *t, uint64_t rows,
                             uint64_t last_tick)
{
	c2_wbuf w = {0};
	trace_header(c, t, &w);
	size_t head = w.len;
	write_row(c, t, &w, &last_tick);
	uint64_t row = w.len - head;
	bool oom = w.oom;
	c2_wbuf_free(&w);
	if (oom)
		return 0;
	return rows > (UINT64_MAX - head) / row ? UINT64_MAX : head + rows * row;
}
