/* compare.c — an export beside c2rt's own run of the export's genome, row
 * by row (see import.h): organs, the brain organ, lobes and their dendrites,
 * the instinct wiring, chemicals. Each row says what decides it; rows the
 * genome alone decides must agree. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exchange/import.h"
#include "genome/vocab.h"

static const char *const verdict_names[] = {
#define X(n, t) t,
	EXCHANGE_VERDICTS(X)
#undef X
};
static const char *const basis_names[] = {
#define X(n, t, m) t,
	EXCHANGE_BASES(X)
#undef X
};
static const char *const basis_meanings[] = {
#define X(n, t, m) m,
	EXCHANGE_BASES(X)
#undef X
};

const char *exchange_verdict_name(exchange_verdict v)
{
	return v < EXCHANGE_NVERDICTS ? verdict_names[v] : "?";
}

const char *exchange_basis_name(exchange_basis b)
{
	return b < EXCHANGE_NBASES ? basis_names[b] : "?";
}

const char *exchange_basis_meaning(exchange_basis b)
{
	return b < EXCHANGE_NBASES ? basis_meanings[b] : "?";
}

/* Tolerances of "close" (stated in the rows' notes). */
#define CLOSE_SHARE 0.10 /* 10%, as the reference's Q6 target for loose counts */
#define CLOSE_CHEM 3     /* chemicals: or within 3 units */

/* ---- rows ------------------------------------------------------------------------------ */

typedef struct ctx {
	exchange_compare *cmp;
	int rc;
} ctx;

static void row(ctx *k, const char *item, const char *field, const char *e, const char *m,
                exchange_verdict v, exchange_basis b, const char *note)
{
	exchange_compare *cmp = k->cmp;
	if (k->rc)
		return;
	if (cmp->n == cmp->cap) {
		size_t cap = cmp->cap ? 2 * cmp->cap : 256;
		exchange_compare_row *r = realloc(cmp->rows, cap * sizeof *r);
		if (!r) {
			k->rc = C2_ENOMEM;
			return;
		}
		cmp->rows = r;
		cmp->cap = cap;
	}
	exchange_compare_row *r = &cmp->rows[cmp->n++];
	memset(r, 0, sizeof *r);
	snprintf(r->item, sizeof r->item, "%s", item);
	snprintf(r->field, sizeof r->field, "%s", field);
	snprintf(r->exp, sizeof r->exp, "%s", e);
	snprintf(r->mine, sizeof r->mine, "%s", m);
	snprintf(r->note, sizeof r->note, "%s", note ? note : "");
	r->verdict = v;
	r->basis = b;
	cmp->count[v][b]++;
}

/* An integer row: equal, close (within `share` of the export's value, or
 * `absolute`), or different. */
static void row_int(ctx *k, const char *item, const char *field, long e, long m, double share,
                    long absolute, exchange_basis b, const char *note)
{
	char es[32], ms[32];
	snprintf(es, sizeof es, "%ld", e);
	snprintf(ms, sizeof ms, "%ld", m);
	long d = labs(e - m);
	exchange_verdict v = d == 0 ? EXCHANGE_EQUAL
	                     : (d <= absolute || d <= share * (double)labs(e)) ? EXCHANGE_CLOSE
	                                                                      : EXCHANGE_DIFFERENT;
	row(k, item, field, es, ms, v, b, note);
}

static void row_eq(ctx *k, const char *item, const char *field, long e, long m, exchange_basis b,
                   const char *note)
{
	row_int(k, item, field, e, m, 0.0, 0, b, note);
}

/* A life force: the export keeps 32-bit floats that C2 accumulated in
 * single precision; they agree when they part by less than one unit. */
static void row_lf(ctx *k, const char *item, const char *field, double e, double m,
                   exchange_basis b, const char *note)
{
	char es[32], ms[32];
	snprintf(es, sizeof es, "%.2f", e);
	snprintf(ms, sizeof ms, "%.2f", m);
	row(k, item, field, es, ms, fabs(e - m) < 1.0 ? EXCHANGE_EQUAL : EXCHANGE_DIFFERENT, b,
	    note);
}

static void row_text(ctx *k, const char *item, const char *field, const char *e, const char *m,
                     exchange_basis b, const char *note)
{
	row(k, item, field, e, m, strcmp(e, m) == 0 ? EXCHANGE_EQUAL : EXCHANGE_DIFFERENT, b, note);
}

static const char *yes(bool v)
{
	return v ? "yes" : "no";
}

/* ---- what moved during c2rt's run ------------------------------------------------------ */

typedef struct track {
	size_t n;
	uint8_t *rate, *repair;
	bool *rate_moved, *repair_moved, *disturbed;
} track;

static int track_init(track *t, size_t n)
{
	memset(t, 0, sizeof *t);
	t->n = n;
	t->rate = calloc(n, 1);
	t->repair = calloc(n, 1);
	t->rate_moved = calloc(n, 1);
	t->repair_moved = calloc(n, 1);
	t->disturbed = calloc(n, 1);
	return t->rate && t->repair && t->rate_moved && t->repair_moved && t->disturbed ? 0 : C2_ENOMEM;
}

static void track_free(track *t)
{
	free(t->rate);
	free(t->repair);
	free(t->rate_moved);
	free(t->repair_moved);
	free(t->disturbed);
}

/* After each world tick: loci that moved since the first tick (receptors
 * reading chemicals that changed), organs that starved or were injured. */
static void track_tick(track *t, const bc_biochem *bc, bool first)
{
	for (size_t i = 0; i < t->n; i++) {
		bc_organ_info o;
		if (!bc_organ_get(bc, i, &o))
			continue;
		if (first) {
			t->rate[i] = o.clock_rate;
			t->repair[i] = o.repair_rate;
		}
		t->rate_moved[i] |= o.clock_rate != t->rate[i];
		t->repair_moved[i] |= o.repair_rate != t->repair[i];
		t->disturbed[i] |= !o.energy_ok || o.injury != 0 || o.failed;
	}
}

/* ---- organs ---------------------------------------------------------------------------- */

/* Does some receptor of `v` write (organ, tissue, locus)? `own` restricts
 * the search to one organ (for the organ's own loci). */
static bool receptor_on(const exchange_file *v, const exchange_organ *own, uint8_t organ,
                        uint8_t tissue, uint8_t locus)
{
	for (size_t i = 0; i < v->norgans; i++) {
		const exchange_organ *o = &v->organs[i];
		if (own && o != own)
			continue;
		for (uint32_t r = 0; r < o->nreceptors; r++)
			if (o->receptors[r][0] == organ && o->receptors[r][1] == tissue &&
			    o->receptors[r][2] == locus)
				return true;
	}
	return false;
}

static void organ_rows(ctx *k, const char *item, const exchange_organ *e, const exchange_organ *m,
                       bool receptor_clock, bool rate_moved, bool repair_moved, bool disturbed,
                       bool is_brain)
{
	exchange_basis clock_b = rate_moved ? EXCHANGE_BASIS_WORLD : EXCHANGE_BASIS_GENOME;
	const char *clock_note =
		rate_moved ? "its clock-rate receptors read chemicals the world moves: the rate "
		             "changed during c2rt's run (reference 5.8.1)"
		: receptor_clock ? "rate set by receptors from the first biochem tick (option "
		                   "clock_receptors_first; 5.8.1)"
		: is_brain ? "brain ticks: the first comes one brain period after hatching (option "
		          "late_brain_start; 5.8.1)"
		        : NULL;
	row_eq(k, item, "clock rate", e->clock_rate, m->clock_rate, clock_b, clock_note);
	row_eq(k, item, "clock", e->clock, m->clock, clock_b, clock_note);
	row_eq(k, item, "bioticks", e->biotick, m->biotick, clock_b, clock_note);
	const char *lf_note = "whole units: the export keeps 32-bit floats";
	/* life force ages once per activation: it follows the bioticks */
	exchange_basis lf_b =
	    disturbed || rate_moved ? EXCHANGE_BASIS_WORLD : EXCHANGE_BASIS_GENOME;
	row_lf(k, item, "initial life force", e->initial_lf, m->initial_lf, EXCHANGE_BASIS_GENOME,
	       lf_note);
	row_lf(k, item, "short-term life force", e->st_lf, m->st_lf, lf_b, lf_note);
	row_lf(k, item, "long-term life force", e->lt_lf, m->lt_lf, lf_b, lf_note);
	row_eq(k, item, "LT repair rate", e->lt_repair, m->lt_repair, EXCHANGE_BASIS_GENOME, NULL);
	row_eq(k, item, "repair-rate locus", e->repair_rate, m->repair_rate,
	       repair_moved ? EXCHANGE_BASIS_WORLD : EXCHANGE_BASIS_GENOME,
	       is_brain ? "no gene sets it; the export holds 32 (option brain_repair_rate)"
	             : "mean of its receptors' nominals while their chemicals stay below "
	               "threshold (5.6)");
	row_eq(k, item, "injury locus", e->injury, m->injury,
	       disturbed ? EXCHANGE_BASIS_WORLD : EXCHANGE_BASIS_GENOME, NULL);
	row_eq(k, item, "energy cost", e->energy_cost, m->energy_cost, EXCHANGE_BASIS_GENOME,
	       is_brain ? "option brain_energy_cost (Q10)" : "2 + genes / 10 (5.8)");
	row_eq(k, item, "damage without energy", e->starve_damage, m->starve_damage,
	       EXCHANGE_BASIS_GENOME,
	       "ATP coefficient x 10^6 / 255, truncated (option starve_full_scale; 5.8.1)");
	row_eq(k, item, "energy available", e->energy_ok != 0, m->energy_ok != 0,
	       disturbed ? EXCHANGE_BASIS_WORLD : EXCHANGE_BASIS_GENOME, NULL);
	row_eq(k, item, "receptors", e->nreceptors, m->nreceptors, EXCHANGE_BASIS_GENOME, NULL);
	row_eq(k, item, "receptor groups", e->ngroups, m->ngroups, EXCHANGE_BASIS_GENOME, NULL);
	row_eq(k, item, "emitters", e->nemitters, m->nemitters, EXCHANGE_BASIS_GENOME, NULL);
	row_eq(k, item, "reactions", e->nreactions, m->nreactions, EXCHANGE_BASIS_GENOME, NULL);
}

static void compare_organs(ctx *k, const exchange_file *x, const exchange_file *v,
                           const creature *c, const track *t)
{
	long *map = calloc(x->norgans ? x->norgans : 1, sizeof *map);
	if (!map) {
		k->rc = C2_ENOMEM;
		return;
	}
	/* Organs by name, as everywhere (by what they hold: an export has no
	 * notes file beside it); numbered when the names cannot be made. */
	genome_organ_names names = {0};
	genome g;
	c2_err err;
	if (creature_genome(c, &g, &err) == 0) {
		(void)genome_organ_names_make(&names, &g, NULL);
		genome_free(&g);
	}
	size_t matched = exchange_match_organs(x, v, map);
	row_eq(k, "organs", "matched by their genes", (long)x->norgans, (long)matched,
	       EXCHANGE_BASIS_GENOME, "export organs with a c2rt organ of the same genes");
	for (size_t i = 0; i < x->norgans; i++) {
		char item[sizeof k->cmp->rows[0].item];
		long j = map[i];
		if (j < 0) {
			snprintf(item, sizeof item, "export organ @%zu", x->organs[i].offset);
			row(k, item, "counterpart", "present", "none", EXCHANGE_DIFFERENT,
			    EXCHANGE_BASIS_GENOME, "no c2rt organ has its genes");
			continue;
		}
		bc_organ_info oi;
		bc_organ_get(creature_biochem_const(c), (size_t)j, &oi);
		const char *name = genome_organ_names_of(&names, oi.gene);
		if (oi.kind == BC_ORGAN_BODY)
			snprintf(item, sizeof item, "body organ");
		else if (name)
			snprintf(item, sizeof item, "%s (organ %ld, gene %ld)", name, j, oi.gene);
		else
			snprintf(item, sizeof item, "organ %ld (gene %ld)", j, oi.gene);
		const exchange_organ *m = &v->organs[j];
		long raw = exchange_organ_diff(&x->organs[i], m, false);
		long expressed = exchange_organ_diff(&x->organs[i], m, true);
		row_eq(k, item, "genes unlike c2rt's", raw, 0,
		       raw && expressed == 0 ? EXCHANGE_BASIS_ENGINE : EXCHANGE_BASIS_GENOME,
		       raw == 0 ? NULL
		       : expressed == 0
		           ? "C2 wraps a mutated out-of-range codon into range when it expresses a "
		             "gene (organ 3 -> 0, amount 0 -> 1; C3 Genome::GetCodon); c2rt keeps the "
		             "byte (a dummy locus, amount 0)"
		           : "the export's organ holds genes its own CGenome lacks");
		organ_rows(k, item, &x->organs[i], m, receptor_on(v, m, 2, 0, 0), t->rate_moved[j],
		           t->repair_moved[j], t->disturbed[j], false);
	}
	free(map);
	genome_organ_names_free(&names);
	long bi = bc_brain_organ_index(creature_biochem_const(c));
	if (x->has_brain && bi >= 0)
		organ_rows(k, "brain organ", &x->brain_organ, &v->brain_organ, false,
		           t->rate_moved[bi], t->repair_moved[bi], t->disturbed[bi], true);
}

/* ---- brain ----------------------------------------------------------------------------- */

static void order_text(const exchange_file *v, char *buf, size_t cap)
{
	size_t at = 0;
	buf[0] = 0;
	for (uint32_t i = 0; v->has_order && i < v->nlobes && at < cap; i++)
		at += (size_t)snprintf(buf + at, cap - at, "%s%lu", i ? " " : "", (unsigned long)v->order[i]);
}

/* Loose dendrites of a type; fully loose cells; loose ones that kept a
 * weight; susceptible ones. */
typedef struct dstats {
	long total, loose, cells, weighted, loose_susceptible, susceptible;
} dstats;

static dstats dendrite_stats(const exchange_lobe *L, unsigned t)
{
	dstats s = {0, 0, 0, 0, 0, 0};
	for (uint32_t i = 0; i < L->cells; i++) {
		const exchange_neuron *n = &L->neurons[i];
		unsigned loose = 0;
		for (unsigned j = 0; j < n->count[t]; j++) {
			const exchange_dendrite *d = &L->dend[t][n->first[t] + j];
			s.total++;
			s.susceptible += d->suscept != 0;
			if (d->strength)
				continue;
			loose++;
			s.loose++;
			s.weighted += d->stw || d->ltw;
			s.loose_susceptible += d->suscept != 0;
		}
		s.cells += n->count[t] && loose == n->count[t];
	}
	return s;
}

static exchange_basis locus_basis(const exchange_file *v, unsigned lobe, unsigned locus)
{
	return receptor_on(v, NULL, 0, (uint8_t)lobe, (uint8_t)locus) ? EXCHANGE_BASIS_WORLD
	                                                               : EXCHANGE_BASIS_GENOME;
}

static void lobe_rows(ctx *k, unsigned l, const exchange_lobe *e, const exchange_lobe *m,
                      const exchange_file *v)
{
	char item[48];
	const char *role = genome_vocab_name(&genome_lobes, (int)l);
	snprintf(item, sizeof item, "lobe %u %s", l, role ? role : "");
	const exchange_basis G = EXCHANGE_BASIS_GENOME;
	row_eq(k, item, "x", e->x, m->x, G, NULL);
	row_eq(k, item, "y", e->y, m->y, G, NULL);
	row_eq(k, item, "width", e->width, m->width, G, NULL);
	row_eq(k, item, "height", e->height, m->height, G, NULL);
	row_eq(k, item, "neurons", e->cells, m->cells, G, NULL);
	row_eq(k, item, "perceptible", e->unknown[0], m->unknown[0], G, NULL);
	row_eq(k, item, "winner-takes-all", e->flags & 1, m->flags & 1, G, NULL);
	row_eq(k, item, "threshold", e->threshold, m->threshold, locus_basis(v, l, BRAIN_RL_THRESHOLD),
	       NULL);
	row_eq(k, item, "leakage", e->leakage, m->leakage, locus_basis(v, l, BRAIN_RL_LEAKAGE), NULL);
	row_eq(k, item, "rest state", e->rest, m->rest, locus_basis(v, l, BRAIN_RL_REST), NULL);
	row_eq(k, item, "input gain", e->gain, m->gain, G, NULL);
	row_eq(k, item, "state rule", memcmp(e->state_rule, m->state_rule, EXCHANGE_RULE) == 0, 1,
	       G, "1 = the export's rule bytes are the gene's");
	long firing_e = 0, firing_m = 0;
	for (uint32_t i = 0; i < e->cells; i++)
		firing_e += e->neurons[i].output != 0;
	for (uint32_t i = 0; i < m->cells; i++)
		firing_m += m->neurons[i].output != 0;
	row_eq(k, item, "firing neurons", firing_e, firing_m, EXCHANGE_BASIS_WORLD,
	       "what the creature senses and does at that moment");
	for (unsigned t = 0; t < 2; t++) {
		const exchange_dtype *de = &e->d[t], *dm = &m->d[t];
		dstats se = dendrite_stats(e, t), sm = dendrite_stats(m, t);
		if (se.total == 0 && sm.total == 0)
			continue;
		char f[32];
#define F(name) (snprintf(f, sizeof f, "type %u %s", t, name), f)
		row_eq(k, item, F("source lobe"), de->source_lobe, dm->source_lobe, G, NULL);
		unsigned rl = BRAIN_RL_DENDRITE + 5 * t;
		row_eq(k, item, F("relax suscept"), de->relax_suscept, dm->relax_suscept,
		       locus_basis(v, l, rl + BRAIN_RATE_RELAX_SUSCEPT), NULL);
		row_eq(k, item, F("relax STW"), de->relax_stw, dm->relax_stw,
		       locus_basis(v, l, rl + BRAIN_RATE_RELAX_STW), NULL);
		row_eq(k, item, F("LTW gain"), de->ltw_gain, dm->ltw_gain,
		       locus_basis(v, l, rl + BRAIN_RATE_LTW_GAIN), NULL);
		row_eq(k, item, F("gain every"), de->gain_every, dm->gain_every,
		       locus_basis(v, l, rl + BRAIN_RATE_STRENGTH_GAIN), NULL);
		row_eq(k, item, F("lose every"), de->lose_every, dm->lose_every,
		       locus_basis(v, l, rl + BRAIN_RATE_STRENGTH_LOSS), NULL);
		row_eq(k, item, F("rules"), memcmp(de->rules, dm->rules, sizeof de->rules) == 0, 1, G,
		       "1 = the export's six rules are the gene's");
		bool drawn = dm->min != dm->max;
		row_int(k, item, F("dendrites"), se.total, sm.total, CLOSE_SHARE, 0,
		        drawn ? EXCHANGE_BASIS_RANDOM : G,
		        drawn ? "counts per neuron are drawn at birth (4.2); close = within 10%" : NULL);
		row_int(k, item, F("loose dendrites"), se.loose, sm.loose, CLOSE_SHARE, 0,
		        EXCHANGE_BASIS_RANDOM,
		        "random initial strengths, atrophy (4.6, Q6), and migration to firing "
		        "sources, which the world drives: close = within 10%");
		if (dm->migration == 2)
			row_int(k, item, F("fully loose cells"), se.cells, sm.cells, CLOSE_SHARE, 0,
			        EXCHANGE_BASIS_RANDOM,
			        "the count the ConASH emitter reads (4.6): close = within 10%");
		row_eq(k, item, F("loose with STW or LTW"), se.weighted, sm.weighted, G,
		       "a dendrite going loose clears STW, LTW and susceptibility (4.5; option "
		       "loose_clears_weights)");
		row_int(k, item, F("loose, susceptible"), se.loose_susceptible, sm.loose_susceptible,
		        CLOSE_SHARE, 0, EXCHANGE_BASIS_WORLD,
		        "the susceptibility rule still runs on loose dendrites whose source and "
		        "neuron fire");
		row_int(k, item, F("susceptible"), se.susceptible, sm.susceptible, CLOSE_SHARE, 0,
		        EXCHANGE_BASIS_WORLD,
		        "dendrites of the recent winners (move-twrds 255 64: 63, 111, 174 ...; 4.5)");
#undef F
	}
}

static void compare_brain(ctx *k, const exchange_file *x, const exchange_file *v)
{
	if (!x->has_brain)
		return;
	if (x->has_updates)
		row_eq(k, "brain", "brain ticks", x->brain_updates, v->brain_updates,
		       EXCHANGE_BASIS_GENOME,
		       "the u32 closing CBrain; the first brain tick comes one brain period after "
		       "hatching (option late_brain_start)");
	if (x->has_order) {
		char oe[64], om[64];
		order_text(x, oe, sizeof oe);
		order_text(v, om, sizeof om);
		row_text(k, "brain", "lobe order", oe, om, EXCHANGE_BASIS_ENGINE,
		         "Q17: c2rt runs openc2e's order (option lobe_order); the list after the "
		         "export's neurons puts perception after the lobes without dendrites (4.8)");
	}
	row_eq(k, "brain", "lobes", x->nlobes, v->nlobes, EXCHANGE_BASIS_GENOME, NULL);
	for (unsigned l = 0; l < x->nlobes && l < v->nlobes; l++)
		lobe_rows(k, l, &x->lobes[l], &v->lobes[l], v);
}

/* ---- instincts --------------------------------------------------------------------------- */

static void compare_instincts(ctx *k, const exchange_file *x, const exchange_file *v,
                              const creature *c, const genome *g)
{
	const brain *b = creature_brain_const(c);
	genome_sex sex = creature_sex(c);
	int stage = creature_stage(c);
	size_t idx = 0, pending = brain_instinct_pending(b), total = 0;
	for (int s = 0; s <= stage; s++)
		for (size_t i = 0; i < g->ngenes; i++)
			total += g->genes[i].kind == GK_INSTINCT &&
			         genome_gene_switches_on(&g->genes[i], sex, s);
	for (int s = 0; s <= stage; s++)
		for (size_t i = 0; i < g->ngenes; i++) {
			const genome_gene *gene = &g->genes[i];
			if (gene->kind != GK_INSTINCT || !genome_gene_switches_on(gene, sex, s))
				continue;
			const genome_instinct_gene *ig = &gene->u.instinct;
			char item[48];
			snprintf(item, sizeof item, "instinct %zu (gene %zu)", idx, i);
			uint16_t in[3];
			unsigned n = brain_instinct_inputs(b, ig, in);
			const char *why = NULL;
			if (idx >= total - pending)
				why = "not yet dreamt: one instinct per 2 brain ticks (option "
				      "dream_ticks_per_instinct; 5.8.1)";
			else if (n == 2)
				why = "no concept cell has 2 dendrites: dropped (6.2, Q12)";
			bool we = exchange_instinct_wired(c, x, ig),
			     wm = exchange_instinct_wired(c, v, ig);
			row_text(k, item, "wired", yes(we), yes(wm), EXCHANGE_BASIS_GENOME, why);
			idx++;
		}
}

/* ---- chemicals ---------------------------------------------------------------------------- */

static void compare_chemicals(ctx *k, const exchange_file *x, const exchange_file *v)
{
	if (!x->has_biochem)
		return;
	long same = 0;
	for (int c = 1; c < 256; c++)
		same += x->half[c] == v->half[c];
	row_eq(k, "chemicals", "half-lives equal", 255, same, EXCHANGE_BASIS_GENOME,
	       "of chemicals 1..255: the genome's half-lives gene");
	for (int c = 1; c < 256; c++) {
		char item[48];
		const char *name = genome_vocab_name(&genome_chemicals, c);
		snprintf(item, sizeof item, "chemical %d %s", c, name ? name : "");
		if (x->half[c] != v->half[c])
			row_eq(k, item, "half-life", x->half[c], v->half[c], EXCHANGE_BASIS_GENOME,
			       NULL);
		if (!x->chem[c] && !v->chem[c])
			continue;
		row_int(k, item, "concentration", x->chem[c], v->chem[c], CLOSE_SHARE, CLOSE_CHEM,
		        EXCHANGE_BASIS_WORLD,
		        "food, objects, stimuli and actions of the missing world; close = within 10% "
		        "or 3");
	}
}

/* ---- the comparison ---------------------------------------------------------------------- */

int exchange_compare_export(const exchange_file *x, const creature_config *cfg0,
                            exchange_compare *out, c2_err *err)
{
	memset(out, 0, sizeof *out);
	if (!x->has_genome)
		return c2_fail(err, C2_EFORMAT, -1, -1, "the export has no CGenome block: nothing to compare");
	if (x->sex != GENOME_MALE && x->sex != GENOME_FEMALE)
		return c2_fail(err, C2_EFORMAT, (long)x->genes_offset - 5, -1,
		               "CGenome sex %lu is neither 1 (male) nor 2 (female)", (unsigned long)x->sex);
	if (!exchange_export_age(x, &out->biochem_ticks))
		return c2_fail(err, C2_EFORMAT, -1, -1,
		               "the export's age cannot be read off its body organ: nothing to run to");
	genome g;
	int rc = genome_parse(&g, x->genes, x->ngenes_bytes, err);
	if (rc) {
		err->offset = err->offset >= 0 ? err->offset + (long)x->genes_offset : -1;
		return rc;
	}
	creature_config cfg = *cfg0;
	cfg.sex = (genome_sex)x->sex;
	creature *c;
	rc = creature_hatch(&c, &g, &cfg, err);
	if (rc) {
		genome_free(&g);
		return rc;
	}
	memcpy(out->moniker, x->moniker, sizeof out->moniker);
	out->sex = cfg.sex;
	out->stage = x->stage;
	out->seed = cfg.seed;
	out->nseeds = 1;
	out->world_ticks = out->biochem_ticks * CREATURE_BIOCHEM_PERIOD;

	track t;
	if (track_init(&t, bc_organ_count(creature_biochem_const(c))) != 0) {
		creature_free(c);
		track_free(&t);
		genome_free(&g);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	for (uint64_t i = 0; i < out->world_ticks; i++) {
		creature_step(c, NULL);
		track_tick(&t, creature_biochem_const(c), i == 0);
	}
	exchange_file v;
	rc = exchange_from_creature(c, &v, err);
	if (rc == 0) {
		ctx k = {out, 0};
		row_eq(&k, "creature", "sex", (long)x->sex, (long)creature_sex(c),
		       EXCHANGE_BASIS_GENOME, "1 male, 2 female");
		row_eq(&k, "creature", "life stage", x->stage, creature_stage(c),
		       EXCHANGE_BASIS_GENOME, NULL);
		compare_organs(&k, x, &v, c, &t);
		compare_brain(&k, x, &v);
		compare_instincts(&k, x, &v, c, &g);
		compare_chemicals(&k, x, &v);
		if (k.rc)
			rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		exchange_free(&v);
	}
	track_free(&t);
	creature_free(c);
	genome_free(&g);
	if (rc)
		exchange_compare_free(out);
	return rc;
}

/* A row's value as a whole number, if it is one ("75"; not "1.50" or "yes"). */
static bool row_long(const char *s, long *v)
{
	char *end;
	if (!*s)
		return false;
	*v = strtol(s, &end, 10);
	return *end == 0;
}

/* The row of `cmp` with this item and field, looked for from `hint` on
 * (the runs list their rows in the same order, give or take the chemicals
 * that one run holds and another does not). */
static const exchange_compare_row *find_row(const exchange_compare *cmp,
                                            const exchange_compare_row *r, size_t hint)
{
	for (size_t k = 0; k < cmp->n; k++) {
		const exchange_compare_row *o = &cmp->rows[(hint + k) % cmp->n];
		if (!strcmp(o->item, r->item) && !strcmp(o->field, r->field))
			return o;
	}
	return NULL;
}

/* A row of the random wiring with its spread over the seeds (at least two
 * gathered) judged against that distribution, not against one draw: equal
 * when every seed gave the export's value; close when the value is a
 * plausible draw of c2rt's — inside its range and within 3 standard
 * deviations of its mean; different otherwise. The counts follow, and the
 * note's tolerance (what follows "close = ", the one-seed rule) says so. */
static void judge_by_spread(exchange_compare *cmp, exchange_compare_row *r, unsigned nseeds)
{
	const exchange_spread *sp = &r->spread;
	long e;
	if (sp->n < 2 || !row_long(r->exp, &e))
		return;
	exchange_verdict v = sp->min == e && sp->max == e ? EXCHANGE_EQUAL
	                     : sp->inside && fabs((double)e - sp->mean) <= 3 * sp->sd ? EXCHANGE_CLOSE
	                                                                             : EXCHANGE_DIFFERENT;
	cmp->count[r->verdict][r->basis]--;
	cmp->count[v][r->basis]++;
	r->verdict = v;
	char *rule = strstr(r->note, "close = ");
	size_t keep = rule ? (size_t)(rule - r->note) : strlen(r->note);
	char tail[sizeof r->note];
	snprintf(tail, sizeof tail, "%sover %u seeds: close = in c2rt's range and within 3 sd of its mean",
	         rule || !keep ? "" : "; ", nseeds);
	snprintf(r->note + keep, sizeof r->note - keep, "%s", tail);
}

int exchange_compare_seeds(const exchange_file *x, const creature_config *cfg, unsigned nseeds,
                           exchange_compare *out, c2_err *err)
{
	int rc = exchange_compare_export(x, cfg, out, err);
	if (rc || nseeds <= 1)
		return rc;
	/* Welford's running mean and sum of squares, seed by seed in order, so
	 * the figures are the same bits on every build. */
	double *m2 = calloc(out->n, sizeof *m2);
	if (!m2) {
		exchange_compare_free(out);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	for (size_t i = 0; i < out->n; i++) {
		exchange_compare_row *r = &out->rows[i];
		long v;
		if (r->basis == EXCHANGE_BASIS_RANDOM && row_long(r->mine, &v))
			r->spread = (exchange_spread){1, v, v, (double)v, 0.0, false};
	}
	for (unsigned s = 1; s < nseeds && rc == 0; s++) {
		creature_config c = *cfg;
		c.seed = cfg->seed + s;
		exchange_compare more;
		if ((rc = exchange_compare_export(x, &c, &more, err)) != 0)
			break;
		for (size_t i = 0; i < out->n; i++) {
			exchange_spread *sp = &out->rows[i].spread;
			const exchange_compare_row *o;
			long v;
			if (!sp->n || !(o = find_row(&more, &out->rows[i], i)) || !row_long(o->mine, &v))
				continue;
			sp->n++;
			sp->min = v < sp->min ? v : sp->min;
			sp->max = v > sp->max ? v : sp->max;
			double d = (double)v - sp->mean;
			sp->mean += d / sp->n;
			m2[i] += d * ((double)v - sp->mean);
		}
		exchange_compare_free(&more);
	}
	for (size_t i = 0; i < out->n && rc == 0; i++) {
		exchange_compare_row *r = &out->rows[i];
		long e;
		if (!r->spread.n)
			continue;
		r->spread.sd = sqrt(m2[i] / r->spread.n);
		r->spread.inside = row_long(r->exp, &e) && e >= r->spread.min && e <= r->spread.max;
		judge_by_spread(out, r, nseeds);
	}
	free(m2);
	if (rc)
		exchange_compare_free(out);
	else
		out->nseeds = nseeds;
	return rc;
}

void exchange_compare_free(exchange_compare *cmp)
{
	free(cmp->rows);
	memset(cmp, 0, sizeof *cmp);
}
