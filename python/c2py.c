/* c2py.c — the flat C face of the core for the Python package: opaque
 * handles, scalars and buffers (python/c2rt/c2py.h says why). A front end
 * like cli/: it uses only the core's public headers and steps creatures
 * through creature_step alone. */
#include "python/c2rt/c2py.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "base/err.h"
#include "base/rng.h"
#include "biochem/biochem.h"
#include "brain/brain.h"
#include "engine/engine.h"
#include "genome/gno.h"
#include "engine/events.h"
#include "genome/breed.h"
#include "genome/genome.h"
#include "genome/text.h"
#include "genome/vocab.h"
#include "trace/writer.h"
#include "world/world.h"

_Static_assert(sizeof(((c2py_err *)0)->msg) == sizeof(((c2_err *)0)->msg), "c2py_err.msg");

static void err_out(c2py_err *e, const c2_err *err)
{
	if (!e)
		return;
	e->code = (int)err->code;
	e->offset = err->offset;
	e->line = err->line;
	e->gene = err->gene;
	memcpy(e->msg, err->msg, sizeof e->msg);
	e->msg[sizeof e->msg - 1] = '\0';
}

static void err_set(c2py_err *e, int code, const char *msg)
{
	c2_err err;
	c2_fail(&err, (c2_code)code, -1, -1, "%s", msg);
	err_out(e, &err);
}

size_t c2py_sizeof(int what)
{
	switch (what) {
	case 0: return sizeof(c2py_err);
	case 1: return sizeof(c2py_lobe_info);
	case 2: return sizeof(c2py_organ_info);
	case 3: return sizeof(c2py_object_info);
	case 4: return sizeof(c2py_place_info);
	default: return 0;
	}
}

void c2py_free(void *p)
{
	free(p);
}

/* Hand a write buffer's bytes to the caller (NUL-terminated, for text). */
static int wbuf_out(c2_wbuf *w, uint8_t **out, size_t *len)
{
	c2_w_u8(w, 0);
	if (w->oom) {
		c2_wbuf_free(w);
		*out = NULL;
		*len = 0;
		return C2_ENOMEM;
	}
	*out = w->data;
	*len = w->len - 1;
	return 0;
}

/* ---- genomes ------------------------------------------------------------------ */

/* A genome the core filled (rc 0) moved to the heap for Python to hold;
 * NULL with e filled when the core failed (rc, err) or memory ran out. */
static genome *genome_box(genome *g, int rc, const c2_err *err, c2py_err *e)
{
	if (rc != 0) {
		err_out(e, err);
		return NULL;
	}
	genome *box = malloc(sizeof *box);
	if (!box) {
		genome_free(g);
		err_set(e, C2_ENOMEM, "out of memory");
		return NULL;
	}
	*box = *g;
	return box;
}

genome *c2py_genome_parse(const uint8_t *buf, size_t len, c2py_err *e)
{
	genome g;
	c2_err err;
	int rc = genome_parse(&g, buf, len, &err);
	return genome_box(&g, rc, &err, e);
}

genome *c2py_genome_text_parse(const char *text, size_t len, c2py_err *e)
{
	genome g;
	c2_err err;
	int rc = genome_text_parse(text, len, &g, &err);
	return genome_box(&g, rc, &err, e);
}

void c2py_genome_free(genome *g)
{
	if (g)
		genome_free(g);
	free(g);
}

size_t c2py_genome_ngenes(const genome *g)
{
	return g->ngenes;
}

int c2py_genome_encode(const genome *g, uint8_t **out, size_t *len)
{
	size_t n = genome_encoded_size(g);
	*out = malloc(n ? n : 1);
	*len = 0;
	if (!*out)
		return C2_ENOMEM;
	*len = genome_encode(g, *out, n);
	return 0;
}

int c2py_genome_text(const genome *g, const char *source, char **out, size_t *len)
{
	c2_wbuf w = {0};
	genome_text_opts opts = {NULL, source}; /* source: the first comment line, as `c2rt dump` */
	if (genome_text_write(g, &opts, &w) != 0) {
		c2_wbuf_free(&w);
		return C2_ENOMEM;
	}
	return wbuf_out(&w, (uint8_t **)out, len);
}

int c2py_genome_json(const genome *g, char **out, size_t *len)
{
	c2_wbuf w = {0};
	if (genome_json_write(g, NULL, &w) != 0) {
		c2_wbuf_free(&w);
		return C2_ENOMEM;
	}
	return wbuf_out(&w, (uint8_t **)out, len);
}

size_t c2py_genome_express(const genome *g, int sex, int stage, int in_force, size_t *out)
{
	return in_force ? genome_in_force(g, (genome_sex)sex, stage, out, NULL)
	                : genome_switched_on(g, (genome_sex)sex, stage, out);
}

genome *c2py_genome_mutate(const genome *g, double rate, uint64_t seed, c2py_err *e)
{
	c2_rng rng;
	c2_rng_seed(&rng, seed);
	genome child;
	c2_err err;
	int rc = genome_mutate(g, &child, rate, &rng, NULL, &err);
	return genome_box(&child, rc, &err, e);
}

genome *c2py_genome_cross(const genome *mum, const genome *dad, const uint8_t *mum_moniker,
                          const uint8_t *dad_moniker, double rate, uint64_t seed, c2py_err *e)
{
	c2_rng rng;
	c2_rng_seed(&rng, seed);
	genome child;
	c2_err err;
	int rc = genome_cross(mum, dad, mum_moniker, dad_moniker, rate, &rng, &child, NULL, &err);
	return genome_box(&child, rc, &err, e);
}

int c2py_genome_check(const genome *g, int sex, c2py_err *e)
{
	c2_err err;
	int rc = creature_check_genome(g, (genome_sex)sex, &err);
	if (rc)
		err_out(e, &err);
	return rc;
}

/* The vocabularies c2py_name reads, by number (c2py.h). */
static const genome_vocab *vocab_of(int vocab)
{
	static const genome_vocab *const tab[] = {&genome_chemicals, &genome_drives, &genome_lobes,
	                                          &genome_stimuli, &genome_actions,
	                                          &genome_categories};
	return vocab >= 0 && vocab < (int)(sizeof tab / sizeof tab[0]) ? tab[vocab] : NULL;
}

const char *c2py_name(int vocab, int value)
{
	const genome_vocab *v = vocab_of(vocab);
	return v && value >= 0 && value < v->n ? genome_vocab_name(v, value) : NULL;
}

int c2py_find(int vocab, const char *name, size_t len)
{
	const genome_vocab *v = vocab_of(vocab);
	return v ? genome_vocab_find(v, name, len) : -1;
}

int c2py_vocab_size(int vocab)
{
	const genome_vocab *v = vocab_of(vocab);
	return v ? v->n : 0;
}

/* ---- creatures ------------------------------------------------------------------ */

/* Apply NAME=VALUE lines with `parse` (one line, NUL-terminated); a bad
 * one is named by its line. */
typedef int (*option_parser)(void *opts, const char *text, c2_err *err);

static int each_option(const char *text, size_t len, option_parser parse, void *opts,
                       c2_err *err)
{
	long line = 0;
	for (size_t i = 0; i < len;) {
		size_t j = i;
		while (j < len && text[j] != '\n')
			j++;
		line++;
		char buf[256];
		if (j - i >= sizeof buf)
			return c2_fail_line(err, C2_EINVAL, line, "option too long");
		memcpy(buf, text + i, j - i);
		buf[j - i] = '\0';
		if (j > i && parse(opts, buf, err) != 0) {
			err->line = line;
			return err->code;
		}
		i = j + 1;
	}
	return 0;
}

static int creature_option(void *cfg, const char *text, c2_err *err)
{
	return creature_config_parse(cfg, text, err);
}

static int world_option(void *wo, const char *text, c2_err *err)
{
	return c2_option_parse(&world_option_tab, wo, text, err);
}

creature *c2py_hatch(const genome *g, int sex, uint64_t seed, const char *opts, size_t len,
                     c2py_err *e)
{
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.sex = (genome_sex)sex;
	cfg.seed = seed;
	c2_err err;
	creature *c = NULL;
	if (each_option(opts, len, creature_option, &cfg, &err) != 0 || creature_hatch(&c, g, &cfg, &err) != 0) {
		err_out(e, &err);
		return NULL;
	}
	return c;
}

creature_events *c2py_events_parse(const char *text, size_t len, c2py_err *e)
{
	creature_events *ev = calloc(1, sizeof *ev);
	c2_err err;
	if (!ev) {
		err_set(e, C2_ENOMEM, "out of memory");
		return NULL;
	}
	if (creature_events_parse(ev, text, len, &err) != 0) {
		err_out(e, &err);
		free(ev);
		return NULL;
	}
	return ev;
}

void c2py_events_free(creature_events *ev)
{
	if (ev)
		creature_events_free(ev);
	free(ev);
}

/* One run, as cli/cmd_run.c's run loop: up to n ticks, stopping at death
 * or at a kill between ticks; hashes and trace rows as there. In a world
 * (world set) the world steps and is hashed, following creature c (its first). */
typedef struct run_out {
	world *world;
	const world_events *wev;
	uint64_t hash_every, *hashes;
	size_t cap, nhashes;
	uint64_t every; /* trace rows (0: no trace) */
	const trace_cfg *tc;
	c2_wbuf *w;
} run_out;

static uint64_t run_loop(creature *c, const creature_events *ev, uint64_t n, run_out *o)
{
	uint64_t ran = 0;
	while (ran < n) {
		uint64_t before = creature_ticks(c);
		if (o->world)
			world_step(o->world, o->wev);
		else
			creature_step(c, ev);
		uint64_t t = creature_ticks(c);
		if (t == before) { /* killed before its tick: its death row repeats tick t */
			if (o->every && t % o->every == 0)
				trace_row(c, o->tc, o->w);
			break;
		}
		ran++;
		if (o->every && t % o->every == 0)
			trace_row(c, o->tc, o->w);
		if (o->hash_every && t % o->hash_every == 0 && o->nhashes < o->cap) {
			o->hashes[2 * o->nhashes] = t;
			o->hashes[2 * o->nhashes + 1] = o->world ? world_hash(o->world) : creature_hash(c);
			o->nhashes++;
		}
		if (!creature_alive(c))
			break;
	}
	return ran;
}

uint64_t c2py_step(creature *c, const creature_events *ev, uint64_t n, uint64_t hash_every,
                   uint64_t *hashes, size_t cap, size_t *nhashes)
{
	run_out o = {NULL, NULL, hash_every, hashes, hashes ? cap : 0, 0, 0, NULL, NULL};
	uint64_t ran = run_loop(c, ev, n, &o);
	if (nhashes)
		*nhashes = o.nhashes;
	return ran;
}

/* Creature c's organs' names: by the notes file gno (when it reads), else
 * by what they hold; empty when memory ran out (the organs keep their
 * numbers). */
static void organ_names(const creature *c, const char *gno_path, genome_organ_names *out)
{
	genome g;
	genome_gno gno = {0};
	c2_err err;
	out->v = NULL;
	out->n = 0;
	bool have = gno_path && genome_gno_read_file(&gno, gno_path, &err) == 0;
	if (creature_genome(c, &g, &err) == 0) {
		(void)genome_organ_names_make(out, &g, have ? &gno : NULL);
		genome_free(&g);
	}
	genome_gno_free(&gno);
}

long c2py_organ_names(const creature *c, const char *gno, char *buf, size_t cap)
{
	genome_organ_names names;
	organ_names(c, gno, &names);
	const bc_biochem *b = creature_biochem_const(c);
	size_t at = 0;
	for (size_t i = 0, n = bc_organ_count(b); i < n; i++) {
		char name[GENOME_ORGAN_NAME_MAX + 16];
		bc_organ_label(b, i, &names, name, sizeof name);
		size_t k = strlen(name);
		if (at + k + 2 > cap) {
			genome_organ_names_free(&names);
			return -1;
		}
		memcpy(buf + at, name, k);
		buf[at + k] = '\n';
		at += k + 1;
	}
	buf[at] = '\0';
	genome_organ_names_free(&names);
	return (long)at;
}

/* The trace run of c2py_trace and c2py_world_trace: creature c alone (its
 * events ev) or creature `who` of world w (w's events wev), followed until it
 * dies; organs named by the notes file gno (may be NULL) or what they hold. */
static int trace_run(creature *c, const creature_events *ev, world *w, const world_events *wev,
                     size_t who, uint64_t n, uint64_t every, const char *chems, const char *gno,
                     char **out, size_t *len, uint64_t *ran, c2py_err *e)
{
	trace_cfg tc;
	memset(&tc, 0, sizeof tc);
	trace_default_chems(&tc);
	tc.format = TRACE_CSV;
	tc.in_world = w;
	tc.creature = who;
	c2_err err;
	*out = NULL;
	*len = 0;
	*ran = 0;
	if (chems && trace_set_chems(&tc, chems, &err) != 0) {
		err_out(e, &err);
		return err.code;
	}
	genome_organ_names names;
	organ_names(c, gno, &names);
	tc.organs = &names;
	c2_wbuf b = {0};
	trace_header(c, &tc, &b);
	if (creature_ticks(c) == 0)
		trace_row(c, &tc, &b);
	run_out o = {w, wev, 0, NULL, 0, 0, every ? every : 1, &tc, &b};
	*ran = run_loop(c, ev, n, &o);
	if (!creature_alive(c) && creature_ticks(c) % o.every != 0)
		trace_row(c, &tc, &b); /* the death row, whatever `every` says */
	genome_organ_names_free(&names);
	int rc = wbuf_out(&b, (uint8_t **)out, len);
	if (rc)
		err_set(e, rc, "out of memory");
	return rc;
}

int c2py_trace(creature *c, const creature_events *ev, uint64_t n, uint64_t every,
               const char *chems, const char *gno, char **out, size_t *len, uint64_t *ran,
               c2py_err *e)
{
	return trace_run(c, ev, NULL, NULL, 0, n, every, chems, gno, out, len, ran, e);
}

int c2py_world_trace(world *w, const world_events *ev, size_t who, uint64_t n, uint64_t every,
                     const char *chems, const char *gno, char **out, size_t *len, uint64_t *ran,
                     c2py_err *e)
{
	*out = NULL;
	*len = 0;
	*ran = 0;
	if (who >= world_creature_count(w)) {
		err_set(e, C2_EINVAL, "the world has no such creature");
		return C2_EINVAL;
	}
	return trace_run(world_creature(w, who), NULL, w, ev, who, n, every, chems, gno, out, len,
	                 ran, e);
}

int c2py_world_log_take(world *w, char **out, size_t *len)
{
	c2_wbuf b = {0};
	world_log_ndjson(w, &b);
	return wbuf_out(&b, (uint8_t **)out, len);
}

const char *c2py_death(const creature *c)
{
	return creature_death_name(creature_cause_of_death(c));
}

int c2py_sex(const creature *c)
{
	return (int)creature_sex(c);
}

uint64_t c2py_seed(const creature *c)
{
	return creature_get_config(c)->seed;
}

genome *c2py_creature_genome(const creature *c, c2py_err *e)
{
	genome g;
	c2_err err;
	int rc = creature_genome(c, &g, &err);
	return genome_box(&g, rc, &err, e);
}

void c2py_chemicals(const creature *c, uint8_t *out)
{
	memcpy(out, bc_chemicals(creature_biochem_const(c)), 256);
}

const uint8_t *c2py_chemicals_at(const creature *c)
{
	return bc_chemicals(creature_biochem_const(c));
}

const uint8_t *c2py_drives_at(const creature *c)
{
	return creature_drives(c);
}

const uint8_t *c2py_lobe_cells_at(const creature *c, unsigned lobe, int which)
{
	return brain_cells(creature_brain_const(c), lobe, which);
}

size_t c2py_drives(const creature *c, uint8_t *out, size_t cap)
{
	size_t n = cap < GENOME_NDRIVES ? cap : GENOME_NDRIVES;
	for (size_t i = 0; i < n; i++)
		out[i] = creature_drive(c, (unsigned)i);
	return n;
}

size_t c2py_lobe_count(const creature *c)
{
	return brain_lobe_count(creature_brain_const(c));
}

int c2py_lobe(const creature *c, unsigned lobe, c2py_lobe_info *out)
{
	brain_lobe_info li;
	if (brain_lobe_info_get(creature_brain_const(c), lobe, &li) != 0)
		return -1;
	memset(out, 0, sizeof *out);
	snprintf(out->name, sizeof out->name, "%s", li.name ? li.name : "Lobe");
	out->x = li.x;
	out->y = li.y;
	out->width = li.width;
	out->height = li.height;
	out->neurons = li.neurons;
	out->wta = li.wta;
	for (int t = 0; t < 2; t++) {
		out->source_lobe[t] = li.has_dendrites[t] ? li.source_lobe[t] : -1;
		out->dendrites[t] = li.dendrites[t];
	}
	return 0;
}

long c2py_lobe_cells(const creature *c, unsigned lobe, int which, uint8_t *out, size_t cap)
{
	const brain *b = creature_brain_const(c);
	brain_lobe_info li;
	if (brain_lobe_info_get(b, lobe, &li) != 0 || cap < li.neurons)
		return -1;
	for (unsigned i = 0; i < li.neurons; i++)
		out[i] = (uint8_t)(which ? brain_output(b, lobe, i) : brain_state(b, lobe, i));
	return (long)li.neurons;
}

long c2py_dendrites(const creature *c, unsigned lobe, unsigned type, uint16_t *out, size_t cap)
{
	const brain *b = creature_brain_const(c);
	brain_lobe_info li;
	if (type > 1 || brain_lobe_info_get(b, lobe, &li) != 0 || cap < li.dendrites[type])
		return -1;
	size_t n = 0;
	for (unsigned cell = 0; cell < li.neurons; cell++) {
		unsigned nd = brain_dendrite_count(b, lobe, cell, type);
		for (unsigned k = 0; k < nd && n < cap; k++) {
			brain_dendrite_info d;
			if (brain_dendrite_get(b, lobe, cell, type, k, &d) != 0)
				continue;
			uint16_t *row = out + 8 * n++;
			row[0] = (uint16_t)cell;
			row[1] = (uint16_t)k;
			row[2] = d.src_lobe;
			row[3] = d.src;
			row[4] = d.stw;
			row[5] = d.ltw;
			row[6] = d.strength;
			row[7] = d.suscept;
		}
	}
	return (long)n;
}

size_t c2py_organ_count(const creature *c)
{
	return bc_organ_count(creature_biochem_const(c));
}

int c2py_organ(const creature *c, size_t i, c2py_organ_info *out)
{
	bc_organ_info o;
	if (!bc_organ_get(creature_biochem_const(c), i, &o))
		return -1;
	*out = (c2py_organ_info){(int)o.kind, o.gene, o.initial_lf, o.st_lf, o.lt_lf, o.failed,
	                    o.clock_rate, o.repair_rate, o.injury, o.biotick, o.energy_cost,
	                    o.receptors, o.emitters, o.reactions};
	return 0;
}

int c2py_save(const creature *c, const char *extra, size_t nextra, uint8_t **out, size_t *len)
{
	c2_wbuf w = {0};
	*out = NULL;
	*len = 0;
	if (creature_save(c, extra, extra ? nextra : 0, &w) != 0) {
		c2_wbuf_free(&w);
		return C2_ENOMEM;
	}
	return wbuf_out(&w, out, len);
}

int c2py_save_file(const creature *c, const char *path, const char *extra, size_t nextra,
                   c2py_err *e)
{
	c2_err err;
	int rc = creature_save_file(c, path, extra, extra ? nextra : 0, &err);
	if (rc)
		err_out(e, &err);
	return rc;
}

creature *c2py_load(const uint8_t *data, size_t len, uint8_t **extra, size_t *nextra, c2py_err *e)
{
	creature *c = NULL;
	c2_err err;
	if (creature_load(&c, data, len, extra, nextra, &err) != 0) {
		err_out(e, &err);
		return NULL;
	}
	return c;
}

creature *c2py_load_file(const char *path, uint8_t **extra, size_t *nextra, c2py_err *e)
{
	creature *c = NULL;
	c2_err err;
	if (creature_load_file(&c, path, extra, nextra, &err) != 0) {
		err_out(e, &err);
		return NULL;
	}
	return c;
}

/* ---- worlds ------------------------------------------------------------------------ */

world *c2py_world_load(const char *text, size_t len, const char *opts, size_t optlen,
                       uint64_t seed, c2py_err *e)
{
	world_options wo;
	world_options_default(&wo);
	c2_err err;
	world *w = NULL;
	if (each_option(opts, optlen, world_option, &wo, &err) != 0) {
		err_out(e, &err);
		return NULL;
	}
	if (world_load(&w, text, len, &wo, seed, &err) != 0) {
		err_out(e, &err);
		return NULL;
	}
	return w;
}

int c2py_world_add(world *w, creature *c, c2py_err *e)
{
	c2_err err;
	int rc = world_add_creature(w, c, &err);
	if (rc)
		err_out(e, &err);
	return rc;
}

world_events *c2py_world_events_parse(const world *w, const char *text, size_t len, c2py_err *e)
{
	world_events *ev = NULL;
	c2_err err;
	if (world_events_parse(&ev, w, text, len, &err) != 0) {
		err_out(e, &err);
		return NULL;
	}
	return ev;
}

uint64_t c2py_world_step(world *w, const world_events *ev, uint64_t n, uint64_t hash_every,
                         uint64_t *hashes, size_t cap, size_t *nhashes)
{
	if (nhashes)
		*nhashes = 0;
	if (world_creature_count(w) == 0)
		return 0;
	run_out o = {w, ev, hash_every, hashes, hashes ? cap : 0, 0, 0, NULL, NULL};
	uint64_t ran = run_loop(world_creature(w, 0), NULL, n, &o);
	if (nhashes)
		*nhashes = o.nhashes;
	return ran;
}

int c2py_world_object(const world *w, size_t id, c2py_object_info *out)
{
	world_object_info o;
	if (world_object(w, id, &o) != 0)
		return -1;
	memset(out, 0, sizeof *out);
	snprintf(out->name, sizeof out->name, "%s", o.name ? o.name : "");
	snprintf(out->kind, sizeof out->kind, "%s", o.kind ? o.kind : "");
	out->category = o.category;
	out->x = o.x;
	out->width = o.width;
	out->state = (int)o.state;
	out->visible = o.visible;
	out->carrier = o.carrier;
	return 0;
}

int c2py_world_place(const world *w, size_t i, c2py_place_info *out)
{
	world_creature_info p;
	if (world_creature_get(w, i, &p) != 0)
		return -1;
	memset(out, 0, sizeof *out);
	out->x = p.x;
	out->facing = p.facing;
	out->room = p.room;
	out->it = p.it;
	out->it_distance = p.it_distance;
	out->carried = p.carried;
	out->action = p.action;
	snprintf(out->phase, sizeof out->phase, "%s", p.phase ? p.phase : "");
	return 0;
}

int c2py_world_save(const world *w, const char *extra, size_t nextra, uint8_t **out, size_t *len)
{
	c2_wbuf b = {0};
	*out = NULL;
	*len = 0;
	if (world_save(w, extra, extra ? nextra : 0, &b) != 0) {
		c2_wbuf_free(&b);
		return C2_ENOMEM;
	}
	return wbuf_out(&b, out, len);
}

world *c2py_world_restore(const uint8_t *data, size_t len, uint8_t **extra, size_t *nextra,
                          c2py_err *e)
{
	world *w = NULL;
	c2_err err;
	if (world_restore(&w, data, len, extra, nextra, &err) != 0) {
		err_out(e, &err);
		return NULL;
	}
	return w;
}
