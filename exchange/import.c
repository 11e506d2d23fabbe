/* import.c — a C2 export as a c2rt creature (see import.h), and what the
 * import and the comparison share: the export-shaped view of a c2rt
 * creature, organ matching and instinct detection. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/assemble.h"
#include "exchange/import.h"
#include "genome/lobes.h"
#include "genome/vocab.h"

bool exchange_export_age(const exchange_file *x, uint64_t *biochem_ticks)
{
	if (!x->has_biochem || x->norgans == 0)
		return false;
	/* The body organ: engine-made, first, without genes. */
	const exchange_organ *o = &x->organs[0];
	if (o->clock_rate != BC_BODY_CLOCK_RATE || o->nreceptors || o->nemitters || o->nreactions)
		return false;
	uint64_t sum = (uint64_t)o->biotick * 255u + o->clock - BC_BODY_CLOCK_START;
	if (sum % BC_BODY_CLOCK_RATE)
		return false;
	*biochem_ticks = sum / BC_BODY_CLOCK_RATE;
	return true;
}

/* ---- the export-shaped view of a c2rt creature --------------------------------------- */

static int oom(c2_err *err)
{
	return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
}

static void view_dtype(const brain *b, unsigned l, unsigned t, const genome_dendrite_gene *g,
                       exchange_dtype *d)
{
	d->source_lobe = g->source_lobe;
	d->min = g->min;
	d->max = g->max;
	d->spread = g->spread;
	d->fanout = g->fanout;
	d->min_ltw = g->min_ltw;
	d->max_ltw = g->max_ltw;
	d->min_strength = g->min_strength;
	d->max_strength = g->max_strength;
	d->migration = g->migration;
	int base = BRAIN_RL_DENDRITE + 5 * (int)t;
	d->relax_suscept = (uint8_t)brain_receptor_value(b, l, (unsigned)base + BRAIN_RATE_RELAX_SUSCEPT);
	d->relax_stw = (uint8_t)brain_receptor_value(b, l, (unsigned)base + BRAIN_RATE_RELAX_STW);
	d->ltw_gain = (uint8_t)brain_receptor_value(b, l, (unsigned)base + BRAIN_RATE_LTW_GAIN);
	d->gain_every = (uint8_t)brain_receptor_value(b, l, (unsigned)base + BRAIN_RATE_STRENGTH_GAIN);
	d->lose_every = (uint8_t)brain_receptor_value(b, l, (unsigned)base + BRAIN_RATE_STRENGTH_LOSS);
	const uint8_t *rules[EXCHANGE_NDRULES] = {g->strength_gain_rule, g->strength_loss_rule,
	                                       g->suscept_rule,      g->reinforce_rule,
	                                       g->backprop_rule,     g->fwdprop_rule};
	for (int k = 0; k < EXCHANGE_NDRULES; k++)
		memcpy(d->rules[k], rules[k], EXCHANGE_RULE);
}

static int view_brain(const brain *b, exchange_file *v, c2_err *err)
{
	v->nlobes = (uint32_t)brain_lobe_count(b);
	v->lobes = calloc(v->nlobes ? v->nlobes : 1, sizeof *v->lobes);
	v->order = calloc(v->nlobes ? v->nlobes : 1, sizeof *v->order);
	if (!v->lobes || !v->order)
		return oom(err);
	for (unsigned l = 0; l < v->nlobes; l++) {
		brain_lobe_info li;
		brain_lobe_info_get(b, l, &li);
		exchange_lobe *L = &v->lobes[l];
		L->x = (uint32_t)li.x;
		L->y = (uint32_t)li.y;
		L->width = (uint32_t)li.width;
		L->height = (uint32_t)li.height;
		L->unknown[0] = li.perceptible;
		L->threshold = (uint8_t)brain_receptor_value(b, l, BRAIN_RL_THRESHOLD);
		L->leakage = (uint8_t)brain_receptor_value(b, l, BRAIN_RL_LEAKAGE);
		L->rest = (uint8_t)brain_receptor_value(b, l, BRAIN_RL_REST);
		L->gain = li.gene->gain;
		memcpy(L->state_rule, li.gene->state_rule, EXCHANGE_RULE);
		L->flags = li.gene->flags;
		L->cells = li.neurons;
		for (unsigned t = 0; t < 2; t++) {
			view_dtype(b, l, t, &li.gene->dendrite[t], &L->d[t]);
			L->ndend[t] = li.dendrites[t];
			L->dend[t] = calloc(li.dendrites[t] ? li.dendrites[t] : 1, sizeof *L->dend[t]);
		}
		L->neurons = calloc(li.neurons ? li.neurons : 1, sizeof *L->neurons);
		if (!L->neurons || !L->dend[0] || !L->dend[1])
			return oom(err);
		uint32_t at[2] = {0, 0};
		for (unsigned i = 0; i < li.neurons; i++) {
			exchange_neuron *n = &L->neurons[i];
			n->x = (uint8_t)(i % (unsigned)li.width);
			n->y = (uint8_t)(i / (unsigned)li.width);
			n->state = (uint8_t)brain_state(b, l, i);
			n->output = (uint8_t)brain_output(b, l, i);
			for (unsigned t = 0; t < 2; t++) {
				n->count[t] = (uint8_t)brain_dendrite_count(b, l, i, t);
				n->first[t] = at[t];
				brain_lobe_info si;
				brain_lobe_info_get(b, li.source_lobe[t], &si);
				for (unsigned k = 0; k < n->count[t]; k++) {
					brain_dendrite_info d;
					brain_dendrite_get(b, l, i, t, k, &d);
					exchange_dendrite *o = &L->dend[t][at[t]++];
					o->src = d.src;
					o->x = (uint8_t)(d.src % (unsigned)si.width);
					o->y = (uint8_t)(d.src / (unsigned)si.width);
					o->suscept = d.suscept;
					o->stw = d.stw;
					o->ltw = d.ltw;
					o->strength = d.strength;
				}
			}
		}
		L->dendrites_in = li.dendrites[0] + li.dendrites[1];
	}
	for (unsigned r = 0; r < v->nlobes; r++)
		v->order[r] = (uint32_t)brain_lobe_at_rank(b, r);
	v->has_order = true;
	v->brain_updates = (uint32_t)brain_ticks(b);
	v->has_updates = true;
	v->has_brain = true;
	return 0;
}

static int view_organ(const bc_biochem *bc, size_t i, exchange_organ *o, c2_err *err)
{
	bc_organ_info oi;
	bc_organ_get(bc, i, &oi);
	memset(o, 0, sizeof *o);
	o->key = (uint32_t)i;
	o->clock_rate = oi.clock_rate;
	o->clock = oi.clock;
	o->biotick = oi.biotick;
	o->initial_lf = oi.initial_lf;
	o->st_lf = oi.st_lf;
	o->lt_lf = oi.lt_lf;
	o->lt_repair = oi.lt_repair;
	o->repair_rate = oi.repair_rate;
	o->injury = oi.injury;
	o->energy_cost = oi.energy_cost;
	o->starve_damage = (uint32_t)oi.starve_damage;
	o->energy_ok = oi.energy_ok;
	o->nreceptors = oi.receptors;
	o->ngroups = oi.receptor_groups;
	o->nemitters = oi.emitters;
	o->nreactions = oi.reactions;
	o->receptors = calloc(oi.receptors ? oi.receptors : 1, sizeof *o->receptors);
	o->emitters = calloc(oi.emitters ? oi.emitters : 1, sizeof *o->emitters);
	o->reactions = calloc(oi.reactions ? oi.reactions : 1, sizeof *o->reactions);
	if (!o->receptors || !o->emitters || !o->reactions)
		return oom(err);
	uint32_t got[3] = {0, 0, 0};
	for (int k = BC_RECEPTOR; k <= BC_REACTION; k++) {
		size_t n = bc_elem_count(bc, (bc_elem_kind)k);
		for (size_t e = 0; e < n; e++) {
			bc_elem_info ei;
			if (!bc_elem_get(bc, (bc_elem_kind)k, e, &ei) || ei.organ != i)
				continue;
			if (k == BC_RECEPTOR && got[0] < oi.receptors)
				memcpy(o->receptors[got[0]++], ei.bytes, 8);
			else if (k == BC_EMITTER && got[1] < oi.emitters)
				memcpy(o->emitters[got[1]++], ei.bytes, 8);
			else if (k == BC_REACTION && got[2] < oi.reactions)
				memcpy(o->reactions[got[2]++], ei.bytes, 9);
		}
	}
	return 0;
}

int exchange_from_creature(const creature *c, exchange_file *v, c2_err *err)
{
	memset(v, 0, sizeof *v);
	v->sex = (uint32_t)creature_sex(c);
	v->stage = (uint8_t)creature_stage(c);
	int rc = view_brain(creature_brain_const(c), v, err);
	const bc_biochem *bc = creature_biochem_const(c);
	long bi = bc_brain_organ_index(bc);
	size_t total = bc_organ_count(bc);
	v->norgans = bi >= 0 ? total - 1 : total;
	v->organs = calloc(v->norgans ? v->norgans : 1, sizeof *v->organs);
	if (!rc && !v->organs)
		rc = oom(err);
	for (size_t i = 0; !rc && i < v->norgans; i++)
		rc = view_organ(bc, i, &v->organs[i], err);
	if (!rc && bi >= 0)
		rc = view_organ(bc, (size_t)bi, &v->brain_organ, err);
	for (int k = 0; k < 256; k++) {
		v->chem[k] = bc_chem_get(bc, (uint8_t)k);
		v->half[k] = bc_half_life(bc, (uint8_t)k);
	}
	v->has_biochem = true;
	if (rc)
		exchange_free(v);
	return rc;
}

/* ---- organ matching ------------------------------------------------------------------- */

static int cmp8(const void *a, const void *b) { return memcmp(a, b, 8); }
static int cmp9(const void *a, const void *b) { return memcmp(a, b, 9); }

/* A gene body as C2 expresses it: a codon outside its range is wrapped into
 * it (C3's Genome::GetCodon: c % (max - min + 1) + min) — the export shows
 * a receptor whose organ byte mutated to 3 stored with organ 0, and a
 * reaction amount mutated to 0 stored as 1. */
void exchange_expressed_bytes(bc_elem_kind kind, const uint8_t *in, uint8_t *out)
{
	size_t n = kind == BC_REACTION ? 9 : 8;
	memcpy(out, in, n);
	if (kind == BC_REACTION) {
		for (int a = 0; a < 8; a += 2)
			if (out[a] == 0)
				out[a] = 1; /* amounts 1..255: 0 % 255 + 1 */
	} else {
		out[0] = (uint8_t)(out[0] % 3); /* organ 0..2 */
	}
}

/* Elements of one kind that differ between two organs, as multisets of
 * expressed bodies (-1 when out of memory). */
static long element_diff(const uint8_t *a, const uint8_t *b, size_t n, bc_elem_kind kind,
                         bool expressed)
{
	size_t w = kind == BC_REACTION ? 9 : 8;
	if (n == 0)
		return 0;
	uint8_t *sa = malloc(n * w), *sb = malloc(n * w);
	long diff = -1;
	if (sa && sb) {
		memcpy(sa, a, n * w);
		memcpy(sb, b, n * w);
		for (size_t i = 0; expressed && i < n; i++) {
			exchange_expressed_bytes(kind, a + i * w, sa + i * w);
			exchange_expressed_bytes(kind, b + i * w, sb + i * w);
		}
		qsort(sa, n, w, w == 8 ? cmp8 : cmp9);
		qsort(sb, n, w, w == 8 ? cmp8 : cmp9);
		size_t i = 0, j = 0, same = 0;
		while (i < n && j < n) {
			int c = memcmp(sa + i * w, sb + j * w, w);
			if (c == 0) {
				same++;
				i++;
				j++;
			} else if (c < 0) {
				i++;
			} else {
				j++;
			}
		}
		diff = (long)(n - same);
	}
	free(sa);
	free(sb);
	return diff;
}

long exchange_organ_diff(const exchange_organ *a, const exchange_organ *b, bool expressed)
{
	if (a->lt_repair != b->lt_repair || fabs(a->initial_lf - b->initial_lf) >= 1.0 ||
	    a->nreceptors != b->nreceptors || a->nemitters != b->nemitters ||
	    a->nreactions != b->nreactions)
		return -1;
	long r = element_diff(a->receptors[0], b->receptors[0], a->nreceptors, BC_RECEPTOR, expressed);
	long e = element_diff(a->emitters[0], b->emitters[0], a->nemitters, BC_EMITTER, expressed);
	long x = element_diff(a->reactions[0], b->reactions[0], a->nreactions, BC_REACTION, expressed);
	return r < 0 || e < 0 || x < 0 ? -1 : r + e + x;
}

size_t exchange_match_organs(const exchange_file *x, const exchange_file *mine, long *map)
{
	size_t matched = 0;
	bool *used = calloc(mine->norgans ? mine->norgans : 1, 1);
	for (size_t i = 0; i < x->norgans; i++) {
		map[i] = -1;
		long best = -1;
		for (size_t j = 0; used && j < mine->norgans; j++) {
			long d = used[j] ? -1
			                 : exchange_organ_diff(&x->organs[i], &mine->organs[j], true);
			/* the closest organ of the same shape; at most a quarter of its genes
			 * may differ (mutations) */
			size_t genes = x->organs[i].nreceptors + x->organs[i].nemitters +
			               x->organs[i].nreactions;
			if (d >= 0 && (size_t)d * 4 <= genes && (best < 0 || d < best)) {
				best = d;
				map[i] = (long)j;
			}
		}
		if (map[i] >= 0) {
			used[map[i]] = true;
			matched++;
		}
	}
	free(used);
	return matched;
}

/* ---- instinct detection ----------------------------------------------------------------- */

bool exchange_instinct_wired(const creature *c, const exchange_file *v,
                             const genome_instinct_gene *g)
{
	uint16_t in[3];
	unsigned n = brain_instinct_inputs(creature_brain_const(c), g, in);
	if (n == 0 || v->nlobes <= GENOME_LOBE_CONCEPT)
		return false;
	const exchange_lobe *C = &v->lobes[GENOME_LOBE_CONCEPT],
	                    *D = &v->lobes[GENOME_LOBE_DECISION];
	unsigned t = g->reinforcer == GENOME_CHEM_PUNISHMENT ? 1 : 0;
	if (g->action >= D->cells)
		return false;
	const exchange_neuron *act = &D->neurons[g->action];
	for (uint32_t i = 0; i < C->cells; i++) {
		const exchange_neuron *cn = &C->neurons[i];
		if (cn->count[0] != n)
			continue;
		bool match = true;
		for (unsigned k = 0; k < n && match; k++) {
			const exchange_dendrite *d = &C->dend[0][cn->first[0] + k];
			match = d->src == in[k] && d->ltw == g->level && d->strength > 0;
		}
		if (!match)
			continue;
		for (unsigned k = 0; k < act->count[t]; k++) {
			const exchange_dendrite *d = &D->dend[t][act->first[t] + k];
			if (d->src == i && d->ltw == g->level && d->strength > 0)
				return true;
		}
	}
	return false;
}

/* ---- the import ------------------------------------------------------------------------ */

static void note(exchange_import_report *rep, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

static void note(exchange_import_report *rep, const char *fmt, ...)
{
	if (rep->nnotes == EXCHANGE_IMPORT_NOTES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(rep->notes[rep->nnotes++], sizeof rep->notes[0], fmt, ap);
	va_end(ap);
}

/* Does the export's brain have the shape the genome builds? */
static bool brain_shape_ok(const exchange_file *x, const genome *g, genome_sex sex,
                           exchange_import_report *rep)
{
	size_t n = genome_lobe_list(g, (int)sex, NULL, NULL, 0);
	if (!x->has_brain || n != x->nlobes || n == 0) {
		if (x->has_brain)
			note(rep, "brain: the export has %lu lobes, its genome builds %zu: brain built "
			          "fresh from the genome", (unsigned long)x->nlobes, n);
		return false;
	}
	const genome_lobe_gene **lobes = calloc(n, sizeof *lobes);
	genome_lobe_dims *dims = calloc(n, sizeof *dims);
	bool ok = lobes && dims;
	if (ok) {
		genome_lobe_list(g, (int)sex, lobes, NULL, n);
		genome_lobe_dims_compute(lobes, n, dims);
	}
	for (size_t l = 0; ok && l < n; l++) {
		const exchange_lobe *L = &x->lobes[l];
		ok = L->cells == (uint32_t)(dims[l].w * dims[l].h);
		for (unsigned t = 0; ok && t < 2; t++)
			ok = L->ndend[t] == 0 || L->d[t].source_lobe == lobes[l]->dendrite[t].source_lobe;
		if (!ok)
			note(rep, "brain: lobe %zu of the export (%lu neurons) does not match its gene "
			          "(%dx%d): brain built fresh from the genome", l, (unsigned long)L->cells,
			     dims[l].w, dims[l].h);
	}
	free(lobes);
	free(dims);
	return ok;
}

/* Copy the export's neurons, dendrites and lobe loci into brain b. */
static void import_brain(brain *b, const exchange_file *x)
{
	for (unsigned l = 0; l < x->nlobes; l++) {
		const exchange_lobe *L = &x->lobes[l];
		*brain_receptor_locus(b, l, BRAIN_RL_THRESHOLD) = L->threshold;
		*brain_receptor_locus(b, l, BRAIN_RL_LEAKAGE) = L->leakage;
		*brain_receptor_locus(b, l, BRAIN_RL_REST) = L->rest;
		for (unsigned t = 0; t < 2; t++) {
			uint8_t *r = brain_receptor_locus(b, l, BRAIN_RL_DENDRITE + 5 * t);
			r[BRAIN_RATE_RELAX_SUSCEPT] = L->d[t].relax_suscept;
			r[BRAIN_RATE_RELAX_STW] = L->d[t].relax_stw;
			r[BRAIN_RATE_LTW_GAIN] = L->d[t].ltw_gain;
			r[BRAIN_RATE_STRENGTH_GAIN] = L->d[t].gain_every;
			r[BRAIN_RATE_STRENGTH_LOSS] = L->d[t].lose_every;
		}
		for (unsigned i = 0; i < L->cells; i++) {
			const exchange_neuron *n = &L->neurons[i];
			brain_neuron_set(b, l, i, n->state, n->output);
			for (unsigned t = 0; t < 2; t++)
				for (unsigned k = 0; k < n->count[t]; k++) {
					const exchange_dendrite *e = &L->dend[t][n->first[t] + k];
					brain_dendrite_info d = {0, (uint16_t)e->src, e->stw, e->ltw, e->strength,
					                         e->suscept};
					(void)brain_dendrite_set(b, l, i, t, k, &d); /* shapes were checked */
				}
		}
	}
	if (x->has_updates)
		brain_set_ticks(b, x->brain_updates);
	brain_refresh(b);
}

/* Build the brain of creature c (in the first phase of its assembly) into
 * *b, with its random stream: the export's own when its shape fits the
 * genome. g: the creature's genome (the creature keeps it packed). */
static int build_brain(brain **b, creature *c, const genome *g, const exchange_file *x,
                       exchange_import_report *rep, c2_err *err)
{
	const creature_config *cfg = creature_get_config(c);
	c2_rng *rng = creature_assemble_rng(c);
	if (!brain_shape_ok(x, g, cfg->sex, rep)) {
		if (!x->has_brain)
			note(rep, "brain: no CBrain block: brain built fresh from the genome");
		return brain_build(b, g, cfg->sex, &cfg->brain, rng, err);
	}
	size_t neurons = 0;
	for (uint32_t l = 0; l < x->nlobes; l++)
		neurons += x->lobes[l].cells;
	uint8_t *counts = calloc(2 * neurons + 1, 1);
	if (!counts)
		return oom(err);
	size_t at = 0;
	for (uint32_t l = 0; l < x->nlobes; l++)
		for (uint32_t i = 0; i < x->lobes[l].cells; i++, at++)
			for (unsigned t = 0; t < 2; t++)
				counts[2 * at + t] = x->lobes[l].neurons[i].count[t];
	int rc = brain_build_shaped(b, g, cfg->sex, &cfg->brain, counts, 2 * neurons, rng, err);
	free(counts);
	if (rc)
		return rc;
	import_brain(*b, x);
	rep->brain = true;
	rep->lobes = x->nlobes;
	rep->neurons = neurons;
	rep->dendrites = exchange_dendrites(x, &rep->loose);
	return 0;
}

/* Keep pending only the expressed instincts after the last one the export
 * shows wired (the FIFO was processed in order, §6.2). */
static int requeue_instincts(creature *c, const genome *g, const exchange_file *x,
                             exchange_import_report *rep,
                             c2_err *err)
{
	size_t n = brain_instinct_pending(creature_brain_const(c));
	genome_instinct_gene *q = malloc((n ? n : 1) * sizeof *q);
	if (!q)
		return oom(err);
	/* The queue in expression order: by stage, then gene order. */
	size_t k = 0, last = 0;
	bool any = false;
	for (int s = 0; s <= creature_stage(c); s++)
		for (size_t i = 0; i < g->ngenes && k < n; i++) {
			const genome_gene *gene = &g->genes[i];
			if (gene->kind != GK_INSTINCT || !genome_gene_switches_on(gene, creature_sex(c), s))
				continue;
			q[k] = gene->u.instinct;
			if (exchange_instinct_wired(c, x, &q[k])) {
				rep->instincts_wired++;
				last = k + 1;
				any = true;
			}
			k++;
		}
	rep->instincts = k;
	if (!any && k)
		note(rep, "instincts: none of the %zu expressed instincts is visibly wired; none "
		          "queued again", k);
	size_t from = any ? last : k;
	int rc = creature_assemble_instincts(c, q + from, k - from, err);
	rep->instincts_pending = any ? k - last : 0;
	free(q);
	return rc;
}

/* Copy the chemicals and every matched organ's running state. */
static int import_biochem(creature *c, const exchange_file *x, exchange_import_report *rep,
                          c2_err *err)
{
	if (!x->has_biochem) {
		note(rep, "biochemistry: no CBiochemistry block: chemicals and organs as at hatching");
		return 0;
	}
	bc_biochem *bc = creature_assemble_biochem(c);
	for (int k = 1; k < 256; k++) {
		bc_chem_set(bc, (uint8_t)k, x->chem[k]);
		bc_half_life_set(bc, (uint8_t)k, x->half[k]);
	}
	rep->chemicals = true;
	exchange_file mine;
	int rc = exchange_from_creature(c, &mine, err);
	if (rc)
		return rc;
	long *map = calloc(x->norgans ? x->norgans : 1, sizeof *map);
	if (!map) {
		exchange_free(&mine);
		return oom(err);
	}
	rep->organs = x->norgans;
	rep->organs_matched = exchange_match_organs(x, &mine, map);
	for (size_t i = 0; i < x->norgans; i++) {
		const exchange_organ *o = &x->organs[i];
		bc_organ_state s = {o->clock, o->clock_rate, o->repair_rate, o->injury, o->biotick,
		                    o->st_lf, o->lt_lf, o->energy_ok != 0};
		if (map[i] >= 0)
			bc_organ_set_state(bc, (size_t)map[i], &s);
		else
			note(rep, "organ at offset %zu (%lu receptors, %lu emitters, %lu reactions) has no "
			          "counterpart among the genome's organs: not imported", o->offset,
			     (unsigned long)o->nreceptors, (unsigned long)o->nemitters,
			     (unsigned long)o->nreactions);
	}
	long bi = bc_brain_organ_index(bc);
	if (bi >= 0 && x->has_brain) {
		const exchange_organ *o = &x->brain_organ;
		bc_organ_state s = {o->clock, o->clock_rate, o->repair_rate, o->injury, o->biotick,
		                    o->st_lf, o->lt_lf, o->energy_ok != 0};
		rep->brain_organ = bc_organ_set_state(bc, (size_t)bi, &s);
	}
	free(map);
	exchange_free(&mine);
	return 0;
}

int exchange_import(creature **out, const exchange_file *x, const creature_config *cfg0,
                    exchange_import_report *rep0, c2_err *err)
{
	exchange_import_report local;
	exchange_import_report *rep = rep0 ? rep0 : &local;
	memset(rep, 0, sizeof *rep);
	*out = NULL;
	if (!x->has_genome)
		return c2_fail(err, C2_EFORMAT, -1, -1,
		               "the export has no CGenome block: nothing to build the creature from");
	if (x->sex != GENOME_MALE && x->sex != GENOME_FEMALE)
		return c2_fail(err, C2_EFORMAT, (long)x->genes_offset - 5, -1,
		               "CGenome sex %lu is neither 1 (male) nor 2 (female)",
		               (unsigned long)x->sex);
	if (x->stage >= GENOME_NSTAGES)
		return c2_fail(err, C2_EFORMAT, (long)x->genes_offset - 1, -1,
		               "CGenome life stage %u is not 0..6", x->stage);
	genome g;
	int rc = genome_parse(&g, x->genes, x->ngenes_bytes, err);
	if (rc) {
		err->offset = err->offset >= 0 ? err->offset + (long)x->genes_offset : -1;
		return rc;
	}
	g.format = GENOME_DNA2; /* the creature's genome, as a .gen file holds it */
	memcpy(rep->moniker, x->moniker, sizeof rep->moniker);
	rep->genes = g.ngenes;
	creature_config cfg = *cfg0;
	cfg.sex = (genome_sex)x->sex;
	rep->sex = cfg.sex;
	rep->stage = x->stage;
	rep->age_known = exchange_export_age(x, &rep->biochem_ticks);
	rep->world_ticks = rep->biochem_ticks * CREATURE_BIOCHEM_PERIOD;
	if (!rep->age_known)
		note(rep, "age: the body organ's clock does not give it; the creature continues at "
		          "tick 0");

	creature *c;
	rc = creature_assemble_begin(&c, &g, &cfg, err);
	if (rc) {
		genome_free(&g);
		return rc;
	}
	brain *b = NULL;
	if ((rc = build_brain(&b, c, &g, x, rep, err)) != 0 ||
	    (rc = creature_assemble_express(c, b, x->stage, err)) != 0 ||
	    (rc = requeue_instincts(c, &g, x, rep, err)) != 0 ||
	    (rc = import_biochem(c, x, rep, err)) != 0)
		goto fail;
	/* It was dreaming its instincts (in the egg): it goes on at the same pace. */
	size_t pending = brain_instinct_pending(creature_brain_const(c));
	uint32_t pace = (uint32_t)creature_get_config(c)->engine.dream_ticks_per_instinct;
	creature_assembly_clock clk = {rep->world_ticks, (uint32_t)rep->biochem_ticks,
	                               (unsigned)pending,
	                               pending && x->has_updates ? x->brain_updates % pace : 0};
	if ((rc = creature_assemble_finish(c, &clk, err)) != 0)
		goto fail;
	note(rep, "not in the blocks read: creature loci (drives, life-stage and floating loci), "
	          "lobe chemical loci chem0-5 and other receptor-driven bytes: the receptors set "
	          "them again at their organs' next activations");
	*out = c;
	genome_free(&g);
	return 0;
fail:
	creature_free(c);
	genome_free(&g);
	return rc;
}
