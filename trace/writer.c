/* writer.c — CSV and NDJSON rows of a creature's state over time, column
 * by column as the table says (columns.h). */
#include "trace/writer.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

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
	if (strcmp(list, "none") == 0) { /* no chemical columns: drives, body, world only */
		t->nchem = 0;
		return 0;
	}
	while (*p) {
		const char *q = strchr(p, ',');
		size_t len = q ? (size_t)(q - p) : strlen(p);
		while (len && *p == ' ')
			p++, len--;
		while (len && p[len - 1] == ' ')
			len--;
		int chem = trace_chem_find(p, len);
		if (chem <= 0) {
			char hint[160];
			genome_vocab_hint(&genome_chemicals, p, len, hint, sizeof hint);
			return c2_fail(err, C2_EINVAL, -1, -1, "unknown chemical '%.*s'%s", (int)len, p, hint);
		}
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

/* ---- the sources of a row: `s` in the table's expressions --------------- */

typedef struct src {
	const creature *c;
	const bc_biochem *bc;
	const trace_cfg *t;
	body_reading body;  /* when the creature has a body */
	world_creature_info wc; /* when it lives in a world */
	bool wide;          /* every column at its widest (trace_size_estimate) */
	uint64_t last_tick; /* the widest row's tick */
} src;

static void src_init(src *s, const creature *c, const trace_cfg *t, const uint64_t *widest)
{
	*s = (src){.c = c, .bc = creature_biochem_const(c), .t = t, .wide = widest != NULL,
	           .last_tick = widest ? *widest : 0};
	if (!s->wide && creature_has_body(c))
		body_sim_read(creature_body_sim(c), &s->body);
	if (!s->wide && t->in_world)
		world_creature_get(t->in_world, t->creature, &s->wc);
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

static const char *category_name(int cat)
{
	const char *o = genome_vocab_name(&genome_categories, cat);
	return o ? o : "none";
}

/* Organ i's short-term life force as a share of a whole organ's. */
static double organ_life_force(const src *s, size_t i)
{
	bc_organ_info oi;
	bc_organ_get(s->bc, i, &oi);
	return oi.st_lf / BC_BASE_LIFE_FORCE;
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

static const char *longest_stage(void)
{
	const char *best = "";
	for (int k = 0; k < GENOME_NSTAGES; k++)
		if (strlen(genome_stage_name(k)) > strlen(best))
			best = genome_stage_name(k);
	return best;
}

static const char *longest_action(void)
{
	static const char *const others[] = {"dead", "dreaming", "asleep", "none", NULL};
	return longest(&genome_actions, others);
}

static const char *longest_category(void)
{
	static const char *const others[] = {"none", NULL};
	return longest(&genome_categories, others);
}

/* The widest number "%.6g" prints: a sign, six digits, a point and an
 * exponent. */
#define WIDEST_G -1.23457e-05

/* The room the creature is in. */
static const char *room_name(const src *s)
{
	world_room_info ri;
	return world_room(s->t->in_world, (size_t)s->wc.room, &ri) == 0 ? ri.name : "none";
}

/* A world object's name: IT, what the creature carries; "none" for -1. */
static const char *object_name(const src *s, int id)
{
	world_object_info oi;
	return id >= 0 && world_object(s->t->in_world, (size_t)id, &oi) == 0 ? oi.name : "none";
}

/* The longest name a world gives a room or an object. */
#define WIDEST_NAME "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"
_Static_assert(sizeof WIDEST_NAME == WORLD_MAX_NAME, "a world name's widest");

/* A traced neuron's output (0..255; -1 where the brain has no such
 * neuron, which run refuses before it starts). */
static int neuron_output(const src *s, size_t i)
{
	return brain_output(creature_brain_const(s->c), s->t->neuron[i][0], s->t->neuron[i][1]);
}

int trace_set_neurons(trace_cfg *t, const char *list, c2_err *err)
{
	size_t n = 0;
	for (const char *p = list; *p;) {
		unsigned lobe, cell;
		int used = 0;
		if (sscanf(p, "%5u:%5u%n", &lobe, &cell, &used) != 2 || (p[used] && p[used] != ',') ||
		    lobe > 0xFFFF || cell > 0xFFFF)
			return c2_fail(err, C2_EFORMAT, -1, -1, "expected LOBE:CELL,... (numbers), got '%.40s'", p);
		for (size_t k = 0; k < n; k++)
			if (t->neuron[k][0] == lobe && t->neuron[k][1] == cell)
				return c2_fail(err, C2_EFORMAT, -1, -1, "neuron %u:%u listed twice", lobe, cell);
		if (n >= TRACE_NEURONS_MAX)
			return c2_fail(err, C2_EFORMAT, -1, -1, "more than %d neurons", TRACE_NEURONS_MAX);
		t->neuron[n][0] = (uint16_t)lobe;
		t->neuron[n][1] = (uint16_t)cell;
		n++;
		p += used + (p[used] == ',');
	}
	t->nneuron = n;
	return 0;
}

int trace_neuron_missing(const creature *c, const trace_cfg *t)
{
	for (size_t i = 0; i < t->nneuron; i++)
		if (brain_output(creature_brain_const(c), t->neuron[i][0], t->neuron[i][1]) < 0)
			return (int)i;
	return -1;
}

/* ---- groups and conditions ------------------------------------------------ */

static bool present(trace_when when, const src *s)
{
	switch (when) {
	case TRACE_WHEN_BODY:
		return creature_has_body(s->c);
	case TRACE_WHEN_WORLD:
		return s->t->in_world != NULL;
	default:
		return true;
	}
}

static size_t group_count(trace_group g, const src *s)
{
	switch (g) {
	case TRACE_GROUP_DRIVES:
		return GENOME_NDRIVES;
	case TRACE_GROUP_ORGANS:
		return bc_organ_count(s->bc);
	case TRACE_GROUP_CHEMS:
		return s->t->nchem;
	case TRACE_GROUP_NEURONS:
		return s->t->nneuron;
	default:
		return 1;
	}
}

/* What follows a group's prefix in column i's name ("" for one column):
 * the drive's name; the organ's (bc_organ_label: body, its name or
 * organI, brain); the
 * chemical's label. */
static void group_label(trace_group g, const src *s, size_t i, char *buf, size_t cap)
{
	switch (g) {
	case TRACE_GROUP_DRIVES:
		snprintf(buf, cap, "%s", genome_drives.names[i]);
		break;
	case TRACE_GROUP_ORGANS:
		bc_organ_label(s->bc, i, s->t->organs, buf, cap);
		break;
	case TRACE_GROUP_CHEMS:
		trace_chem_label(s->t->chem[i], buf, cap);
		break;
	case TRACE_GROUP_NEURONS:
		snprintf(buf, cap, "%u:%u", s->t->neuron[i][0], s->t->neuron[i][1]);
		break;
	default:
		buf[0] = '\0';
	}
}

/* ---- the header and the rows ---------------------------------------------- */

void trace_header(const creature *c, const trace_cfg *t, c2_wbuf *w)
{
	if (t->format != TRACE_CSV)
		return;
	src s; /* as for the widest row: no values are read */
	src_init(&s, c, t, &(uint64_t){0});
	char label[64];
	bool first = true;
	for (int k = 0; k < TRACE_NCOLS; k++) {
		const trace_column *col = &trace_columns[k];
		if (!present(col->when, &s))
			continue;
		for (size_t i = 0, n = group_count(col->group, &s); i < n; i++, first = false) {
			group_label(col->group, &s, i, label, sizeof label);
			c2_w_printf(w, "%s%s%s", first ? "" : ",", col->name, label);
		}
	}
	c2_w_str(w, "\n");
}

/* The separator before a value, and in NDJSON its key. */
static void put_key(const src *s, c2_wbuf *w, const trace_column *col, size_t i, bool first)
{
	if (!first)
		c2_w_u8(w, ',');
	if (s->t->format == TRACE_CSV)
		return;
	char label[64];
	group_label(col->group, s, i, label, sizeof label);
	c2_w_printf(w, "\"%s%s\":", col->name, label);
}

/* A value of each kind. Words go in quotes in NDJSON; a GAP's missing
 * value (NaN) is an empty field in CSV and null in NDJSON. */
#define PUT_TICK(w, csv, fmt, v) c2_w_printf(w, fmt, v)
#define PUT_SECONDS(w, csv, fmt, v) c2_w_printf(w, fmt, v)
#define PUT_ALIVE(w, csv, fmt, v) c2_w_printf(w, fmt, v)
#define PUT_NUMBER(w, csv, fmt, v) c2_w_printf(w, fmt, v)
#define PUT_WORD(w, csv, fmt, v) c2_w_printf(w, (csv) ? fmt : "\"" fmt "\"", v)
#define PUT_GAP(w, csv, fmt, v)                  \
	do {                                          \
		double gap_ = (v);                        \
		if (!isnan(gap_))                         \
			c2_w_printf(w, fmt, gap_);            \
		else if (!(csv))                          \
			c2_w_str(w, "null");                  \
	} while (0)

/* One row: the creature's state, or in the widest row every column at its
 * widest — one writer for both, so the size estimate cannot drift from the
 * rows. */
static void write_row(const src *s, c2_wbuf *w)
{
	bool csv = s->t->format == TRACE_CSV, first = true;
	if (!csv)
		c2_w_u8(w, '{');
#define TRACE_X_PUT(ID, name, group, when, kind, format, value, widest)                 \
	if (present(TRACE_WHEN_##when, s))                                                   \
		for (size_t i = 0, n = group_count(TRACE_GROUP_##group, s); i < n; i++) {        \
			put_key(s, w, &trace_columns[TRACE_COL_##ID], i, first);                     \
			first = false;                                                               \
			PUT_##kind(w, csv, format, s->wide ? (widest) : (value));                   \
		}
	TRACE_COLUMNS(TRACE_X_PUT)
#undef TRACE_X_PUT
	c2_w_str(w, csv ? "\n" : "}\n");
}

void trace_row(const creature *c, const trace_cfg *t, c2_wbuf *w)
{
	src s;
	src_init(&s, c, t, NULL);
	write_row(&s, w);
}

uint64_t trace_size_estimate(const creature *c, const trace_cfg *t, uint64_t rows,
                             uint64_t last_tick)
{
	c2_wbuf w = {0};
	trace_header(c, t, &w);
	size_t head = w.len;
	src s;
	src_init(&s, c, t, &last_tick);
	write_row(&s, &w);
	uint64_t row = w.len - head;
	bool oom = w.oom;
	c2_wbuf_free(&w);
	if (oom)
		return 0;
	return rows > (UINT64_MAX - head) / row ? UINT64_MAX : head + rows * row;
}
