/* synth_export.h — export-shaped files made from a c2rt creature, in the
 * layout exchange/export.c reads: the unit tests' inputs and the fuzz seeds
 * of fuzz_import (tests/fuzz/make_export_seeds.c). Made from our own
 * genomes only, never from a game file. Header-only: both users include it. */
#ifndef C2_SYNTH_EXPORT_H
#define C2_SYNTH_EXPORT_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "exchange/export.h"
#include "exchange/import.h"

/* Class references the synthetic archive uses after a class's first marker. */
enum { SX_ORGAN_REF = 0x8003, SX_RECEPTOR_REF = 0x8004 };

typedef struct sx_options {
	bool unknown_blocks; /* add blocks the reader must skip ("CGallery", "CThing") */
	uint32_t sex;        /* CGenome sex (1 male, 2 female) */
	uint8_t stage;       /* CGenome life stage */
} sx_options;

static inline void sx_marker(c2_wbuf *w, const char *name)
{
	c2_w_u16(w, 0xFFFF);
	c2_w_u16(w, 1);
	c2_w_u16(w, (uint16_t)strlen(name));
	c2_w_bytes(w, name, strlen(name));
}

/* Bytes that hold no class marker (0xFF never follows 0xFF). */
static inline void sx_filler(c2_wbuf *w, size_t n, uint8_t seed)
{
	for (size_t i = 0; i < n; i++)
		c2_w_u8(w, (uint8_t)((seed + i * 37) % 251));
}

static inline void sx_f32(c2_wbuf *w, double v)
{
	float f = (float)v;
	uint32_t bits;
	memcpy(&bits, &f, sizeof bits);
	c2_w_u32(w, bits);
}

static inline void sx_organ(c2_wbuf *w, const exchange_organ *o, bool *receptor_named)
{
	c2_w_u32(w, o->key);
	c2_w_u8(w, o->clock_rate);
	c2_w_u8(w, o->clock);
	c2_w_u32(w, o->biotick);
	c2_w_u8(w, 254);
	sx_f32(w, o->initial_lf);
	sx_f32(w, o->st_lf);
	sx_f32(w, o->lt_lf);
	c2_w_u8(w, o->lt_repair);
	c2_w_u8(w, o->repair_rate);
	c2_w_u8(w, o->injury);
	c2_w_u32(w, o->energy_cost);
	c2_w_u32(w, o->starve_damage);
	c2_w_u32(w, o->energy_ok);
	c2_w_u32(w, o->nreceptors);
	c2_w_u32(w, o->ngroups);
	/* groups: runs of receptors with one address */
	for (uint32_t r = 0; r < o->nreceptors;) {
		uint32_t n = 1;
		while (r + n < o->nreceptors && !memcmp(o->receptors[r], o->receptors[r + n], 3))
			n++;
		c2_w_u16(w, (uint16_t)n);
		for (uint32_t k = 0; k < n; k++, r++) {
			if (!*receptor_named) {
				sx_marker(w, "CReceptor");
				*receptor_named = true;
			} else {
				c2_w_u16(w, SX_RECEPTOR_REF);
			}
			c2_w_bytes(w, o->receptors[r], 8);
		}
	}
	c2_w_u32(w, o->nemitters);
	c2_w_bytes(w, o->emitters, (size_t)o->nemitters * 8);
	c2_w_u32(w, o->nreactions);
	for (uint32_t k = 0; k < o->nreactions; k++) {
		const uint8_t *x = o->reactions[k]; /* gene order -> archive order */
		c2_w_bytes(w, x, 4);
		c2_w_u8(w, x[8]);
		c2_w_bytes(w, x + 4, 4);
	}
}

static inline void sx_lobe(c2_wbuf *w, const exchange_lobe *L)
{
	c2_w_u32(w, L->x);
	c2_w_u32(w, L->y);
	c2_w_u32(w, L->width);
	c2_w_u32(w, L->height);
	c2_w_bytes(w, L->unknown, sizeof L->unknown);
	c2_w_u8(w, L->threshold);
	c2_w_u8(w, L->leakage);
	c2_w_u8(w, L->rest);
	c2_w_u8(w, L->gain);
	c2_w_bytes(w, L->state_rule, EXCHANGE_RULE);
	uint8_t fl[4] = {0, 0, 0, L->flags};
	c2_w_bytes(w, fl, 4);
	for (unsigned t = 0; t < 2; t++) {
		const exchange_dtype *d = &L->d[t];
		c2_w_u32(w, d->source_lobe);
		uint8_t f[14] = {d->min,        d->max,           d->spread,     d->fanout,
		                 d->min_ltw,    d->max_ltw,       d->min_strength, d->max_strength,
		                 d->migration,  d->relax_suscept, d->relax_stw,  d->ltw_gain,
		                 d->gain_every, d->lose_every};
		c2_w_bytes(w, f, sizeof f);
		for (int k = 0; k < EXCHANGE_NDRULES; k++) {
			c2_w_bytes(w, d->rules[k], EXCHANGE_RULE);
			sx_filler(w, 3, (uint8_t)k);
		}
	}
	c2_w_u32(w, L->cells);
	c2_w_u32(w, L->dendrites_in);
}

static inline void sx_neurons(c2_wbuf *w, const exchange_lobe *L)
{
	for (uint32_t i = 0; i < L->cells; i++) {
		const exchange_neuron *n = &L->neurons[i];
		uint8_t head[8] = {n->x, n->y, n->output, n->state, 0, 0, 0, 0};
		c2_w_bytes(w, head, sizeof head);
		for (unsigned t = 0; t < 2; t++) {
			c2_w_u8(w, n->count[t]);
			c2_w_u32(w, (uint32_t)t << 31 | i << 16);
			for (unsigned k = 0; k < n->count[t]; k++) {
				const exchange_dendrite *d = &L->dend[t][n->first[t] + k];
				c2_w_u32(w, d->src);
				uint8_t b[6] = {d->x, d->y, d->suscept, d->stw, d->ltw, d->strength};
				c2_w_bytes(w, b, sizeof b);
			}
		}
	}
}

/* Append an export of view `v` (exchange_from_creature) whose genome is the
 * gene stream genes[0..n) (genes and "gend", no "dna2"). */
static inline void sx_export(c2_wbuf *w, const exchange_file *v, const uint8_t *genes, size_t n,
                             const char *moniker, const sx_options *o)
{
	sx_marker(w, "Creature");
	sx_filler(w, 40, 1);
	if (o->unknown_blocks) {
		sx_marker(w, "CGallery");
		sx_filler(w, 300, 2);
	}
	sx_marker(w, "CBrain");
	bool receptor_named = false;
	sx_organ(w, &v->brain_organ, &receptor_named);
	c2_w_u32(w, v->nlobes);
	for (uint32_t l = 0; l < v->nlobes; l++)
		sx_lobe(w, &v->lobes[l]);
	for (uint32_t l = 0; l < v->nlobes; l++)
		sx_neurons(w, &v->lobes[l]);
	for (uint32_t l = 0; l < v->nlobes; l++)
		c2_w_u32(w, v->order[l]);
	sx_filler(w, 24, 3);
	c2_w_u32(w, v->brain_updates);
	if (o->unknown_blocks) {
		sx_marker(w, "CThing");
		sx_filler(w, 77, 4);
	}
	sx_marker(w, "CBiochemistry");
	c2_w_u16(w, 2);
	for (int c = 0; c < 256; c++) {
		c2_w_u8(w, v->chem[c]);
		c2_w_u8(w, v->half[c]);
	}
	for (size_t i = 0; i < v->norgans; i++) {
		if (i == 0)
			sx_marker(w, "COrgan");
		else
			c2_w_u16(w, SX_ORGAN_REF);
		sx_organ(w, &v->organs[i], &receptor_named);
	}
	c2_w_u16(w, 0);
	sx_filler(w, 100, 5);
	sx_marker(w, "CGenome");
	c2_w_u32(w, (uint32_t)n);
	c2_w_bytes(w, moniker, 4);
	c2_w_u32(w, o->sex);
	c2_w_u8(w, o->stage);
	c2_w_bytes(w, genes, n);
}

/* An export of creature `c` as it is now. Returns 0 or an error code. */
static inline int sx_creature(c2_wbuf *w, const creature *c, const char *moniker, bool unknown_blocks,
                              c2_err *err)
{
	exchange_file v;
	int rc = exchange_from_creature(c, &v, err);
	if (rc)
		return rc;
	genome g;
	if ((rc = creature_genome(c, &g, err)) != 0) {
		exchange_free(&v);
		return rc;
	}
	g.format = GENOME_STREAM;
	g.ntail = 0; /* the stream ends at "gend" */
	size_t n = genome_encoded_size(&g);
	uint8_t *genes = malloc(n ? n : 1);
	if (!genes) {
		genome_free(&g);
		exchange_free(&v);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	genome_encode(&g, genes, n);
	genome_free(&g);
	sx_options o = {unknown_blocks, (uint32_t)creature_sex(c), (uint8_t)creature_stage(c)};
	sx_export(w, &v, genes, n, moniker, &o);
	free(genes);
	exchange_free(&v);
	return w->oom ? c2_fail(err, C2_ENOMEM, -1, -1, "out of memory") : 0;
}

#endif
