/* biochem.c — creating a biochemistry, expressing genes into it (§2.6),
 * binding loci (§5.9) and the read-only queries. The per-tick code is in
 * tick.c, save/load/hash in state.c. */
#include "biochem/internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genome/rates.h"
#include "genome/vocab.h"

/* ---- organs --------------------------------------------------------------- */

void bc_organ_init(bc_organ *o, bc_organ_kind kind, long gene, const genome_organ_gene *gb)
{
	memset(o, 0, sizeof *o);
	o->kind = (uint8_t)kind;
	o->gene = gene;
	o->clock_rate = gb->clock_rate; /* the locus starts at the gene's rate */
	o->clock = gb->clock_start;
	o->lt_repair = gb->lt_repair;
	o->lf_byte = gb->life_force;
	o->atp_coef = gb->atp_damage;
	o->initial_lf = gb->life_force * BC_BASE_LIFE_FORCE / 255.0;
	o->st = o->lt = o->initial_lf;
	o->starve = gb->atp_damage * o->initial_lf / 255.0;
	o->energy_ok = 1;
	/* An organ born with no life force (LF byte 0) is failed from the start. */
	o->failed = o->lt <= BC_ORGAN_FAIL_LF;
	o->clock_group = -1;
}

static const genome_organ_gene body_organ_gene = {
	BC_BODY_CLOCK_RATE, BC_BODY_LT_REPAIR, BC_BODY_LIFE_FORCE, BC_BODY_CLOCK_START,
	BC_BODY_ATP_COEF};

/* ---- lifecycle --------------------------------------------------------------- */

static int check_options(const bc_options *o, c2_err *err)
{
	return c2_options_check(&bc_option_tab, o, err);
}

int bc_create(bc_biochem **out, const bc_options *opts, bc_locus_resolver resolve, void *ctx,
              c2_err *err)
{
	*out = NULL;
	bc_options o;
	if (opts)
		o = *opts;
	else
		c2_options_default(&bc_option_tab, &o);
	int rc = check_options(&o, err);
	if (rc)
		return rc;
	bc_biochem *b = calloc(1, sizeof *b);
	if (!b || !(b->organs = malloc(sizeof *b->organs))) {
		free(b);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory creating a biochemistry");
	}
	b->opt = o;
	b->resolve = resolve;
	b->ctx = ctx;
	b->organ_cap = 1;
	b->norgans = 1;
	bc_organ_init(&b->organs[0], BC_ORGAN_BODY, -1, &body_organ_gene);
	bc_compile(b);
	*out = b;
	return 0;
}

void bc_free(bc_biochem *b)
{
	if (!b)
		return;
	free(b->organs);
	free(b->rec);
	free(b->grp);
	free(b->em);
	free(b->rx);
	free(b);
}

const bc_options *bc_get_options(const bc_biochem *b)
{
	return &b->opt;
}

/* ---- binding and compiling ----------------------------------------------------- */

/* Pointer for a locus address, or NULL when it is not a real locus. */
static uint8_t *resolve_locus(bc_biochem *b, genome_locus_dir dir, uint32_t organ, const uint8_t *addr)
{
	int index;
	int e = genome_locus_find(dir, addr[0], addr[1], addr[2], &index);
	if (e < 0)
		return NULL;
	if (addr[0] == 2) { /* the gene's own organ */
		bc_organ *o = &b->organs[organ];
		if (dir == GENOME_RECEPTOR) {
			switch ((genome_receptor_locus)e) {
			case GENOME_RL_ORGAN_CLOCK_RATE: return &o->clock_rate;
			case GENOME_RL_ORGAN_REPAIR_RATE: return &o->repair_rate;
			case GENOME_RL_ORGAN_INJURY: return &o->injury;
			default: return NULL;
			}
		}
		switch ((genome_emitter_locus)e) {
		case GENOME_EL_ORGAN_CLOCK_RATE: return &o->clock_rate;
		case GENOME_EL_ORGAN_REPAIR_RATE: return &o->repair_rate;
		case GENOME_EL_ORGAN_INJURY: return &o->injury;
		default: return NULL;
		}
	}
	if (!b->resolve)
		return NULL;
	return b->resolve(b->ctx, dir, addr[0], addr[1], addr[2]);
}

static bool is_die_locus(const uint8_t *addr)
{
	int index;
	return genome_locus_find(GENOME_RECEPTOR, addr[0], addr[1], addr[2], &index) == GENOME_RL_DIE;
}

static bool is_own_clock_locus(const uint8_t *addr)
{
	int index;
	return genome_locus_find(GENOME_RECEPTOR, addr[0], addr[1], addr[2], &index) ==
	       GENOME_RL_ORGAN_CLOCK_RATE;
}

static uint32_t energy_cost(uint32_t genes)
{
	return BC_COST_BASE + genes / BC_COST_PER;
}

/* Damage per activation without ATP (§5.8). The export's body organ (LF
 * byte 128, coefficient 1) stores 3 921 = 10^6 / 255: the scale is a full
 * organ's life force, not the organ's own initial one (option
 * starve_full_scale); for organs of LF byte 255 both readings agree. */
static double starve_damage(const bc_biochem *b, const bc_organ *o)
{
	double scale = b->opt.starve_full_scale ? BC_BASE_LIFE_FORCE : o->initial_lf;
	return o->atp_coef * scale / 255.0;
}

/* Which chemicals decay at each of the BC_DUE_K tick phases (the
 * half-lives' rate masks), so a biochemistry tick decays only those. */
static void compile_due(bc_biochem *b)
{
	memset(b->due, 0, sizeof b->due);
	for (unsigned c = 1; c < BC_NCHEM; c++) {
		uint32_t mask = genome_rate_mask(b->half[c]); /* 2^m - 1 */
		for (unsigned k = 0; k < BC_DUE_K; k++)
			if (!(mask & (1u << k)))
				b->due[k][c / 64] |= 1ull << (c % 64);
	}
}

/* Receptors are sorted by organ: each organ's range, and the groups of
 * one locus address within it, each bound to its locus (§2.7). */
static void compile_groups(bc_biochem *b)
{
	b->ngrp = 0;
	for (size_t i = 0; i < b->nrec; i++) {
		bc_receptor *r = &b->rec[i];
		bc_organ *o = &b->organs[r->organ];
		if (o->rec_n++ == 0)
			o->rec_first = (uint32_t)i;
		const uint8_t *addr = &r->g.organ;
		bool new_group = i == 0 || b->rec[i - 1].organ != r->organ ||
		                 !bc_same_address(&b->rec[i - 1].g.organ, addr);
		if (new_group) {
			bc_group *g = &b->grp[b->ngrp];
			uint8_t *p = resolve_locus(b, GENOME_RECEPTOR, r->organ, addr);
			g->first = (uint32_t)i;
			g->n = 0;
			g->last = BC_GRP_STALE;
			g->c0 = r->g.chemical;
			g->dest = p ? p : &b->dummy_rec;
			g->mode = !p ? BC_GRP_INERT
			          : (b->opt.die_locus_or && is_die_locus(addr)) ? BC_GRP_OR
			                                                        : BC_GRP_AVERAGE;
			if (o->grp_n++ == 0)
				o->grp_first = (uint32_t)b->ngrp;
			if (p && is_own_clock_locus(addr))
				o->clock_group = (int32_t)b->ngrp;
			b->ngrp++;
		}
		bc_group *g = &b->grp[b->ngrp - 1];
		g->n++;
		r->bound = g->mode != BC_GRP_INERT;
	}
}

/* A group whose receptors all read chemical 0 does nothing (§2.7); the
 * others' mean nominal and their counts of each sign are fixed (tick.c:
 * eval_group). */
static void compile_group_means(bc_biochem *b)
{
	for (size_t k = 0; k < b->ngrp; k++) {
		bc_group *g = &b->grp[k];
		uint32_t n = 0, nsub = 0;
		uint64_t sum_nom = 0;
		for (uint32_t j = 0; j < g->n; j++) {
			const genome_receptor_gene *rg = &b->rec[g->first + j].g;
			if (!rg->chemical)
				continue;
			n++;
			nsub += (rg->flags & GENOME_RECEPTOR_INVERTED) != 0;
			sum_nom += rg->nominal;
		}
		g->nom = (uint8_t)(n ? sum_nom / n : 0);
		bool many = n - nsub >= BC_GRP_MANY || nsub >= BC_GRP_MANY;
		g->nadd = (uint8_t)(many ? BC_GRP_MANY : n - nsub);
		g->nsub = (uint8_t)(many ? BC_GRP_MANY : nsub);
		if (!n)
			g->mode = BC_GRP_INERT;
		if (g->mode == BC_GRP_INERT) {
			/* it never writes: as if it wrote what its locus holds from
			 * chemical 0, which is always 0 (tick.c: run_groups skips it
			 * at the first test) */
			g->c0 = g->s0 = 0;
			g->last = b->opt.biochem_reference ? BC_GRP_STALE : *g->dest;
		}
	}
}

/* Each organ's emitters, bound to their loci, each sampling every so many
 * activations (em_slow: every one of the organ's less often than every
 * activation). */
static void compile_emitters(bc_biochem *b)
{
	for (size_t i = 0; i < b->nem; i++) {
		bc_emitter *e = &b->em[i];
		bc_organ *o = &b->organs[e->organ];
		if (o->em_n++ == 0)
			o->em_first = (uint32_t)i;
		uint8_t *p = resolve_locus(b, GENOME_EMITTER, e->organ, &e->g.organ);
		e->src = p ? p : &b->dummy_em;
		unsigned rate = e->g.sample_rate;
		e->every = !p ? 0 : rate > 1 ? (uint8_t)rate : rate == 1 || b->opt.emitter_rate0_as_1;
		if (o->em_n == 1)
			o->em_slow = 1;
		if (e->every == 1)
			o->em_slow = 0;
	}
}

/* Each organ's reactions, with the option of zero amounts as 1 and the
 * rate's mask and multiplier. */
static void compile_reactions(bc_biochem *b)
{
	for (size_t i = 0; i < b->nrx; i++) {
		bc_reaction *x = &b->rx[i];
		bc_organ *o = &b->organs[x->organ];
		if (o->rx_n++ == 0)
			o->rx_first = (uint32_t)i;
		const genome_reaction_gene *g = &x->g;
		bool one = b->opt.reaction_zero_amount_as_1;
		x->a1 = g->r1_amount || !one ? g->r1_amount : 1;
		x->a2 = g->r2_amount || !one ? g->r2_amount : 1;
		x->b1 = g->p1_amount || !one ? g->p1_amount : 1;
		x->b2 = g->p2_amount || !one ? g->p2_amount : 1;
		x->r1 = x->a1 ? g->r1 : 0;
		x->r2 = x->a2 ? g->r2 : 0;
		if (!x->r1) /* no reactant: limits nothing (tick.c tests chem[0] < 0) */
			x->a1 = 0;
		if (!x->r2)
			x->a2 = 0;
		x->p1 = x->b1 ? g->p1 : 0;
		x->p2 = x->b2 ? g->p2 : 0;
		x->mask = genome_rate_mask(g->rate);
		x->mult = (uint16_t)genome_rate_multiplier(g->rate);
	}
}

void bc_compile(bc_biochem *b)
{
	compile_due(b);
	for (size_t i = 0; i < b->norgans; i++) {
		bc_organ *o = &b->organs[i];
		o->rec_first = o->rec_n = o->grp_first = o->grp_n = 0;
		o->em_next = 0;
		o->em_slow = 0;
		o->em_first = o->em_n = o->rx_first = o->rx_n = 0;
		o->clock_group = -1;
	}
	compile_groups(b);
	compile_group_means(b);
	for (size_t i = 0; i < b->norgans; i++) {
		bc_organ *o = &b->organs[i];
		if (o->clock_group >= 0 && b->grp[o->clock_group].mode == BC_GRP_INERT)
			o->clock_group = -1;
	}
	compile_emitters(b);
	compile_reactions(b);
	for (size_t i = 0; i < b->norgans; i++) {
		bc_organ *o = &b->organs[i];
		o->energy_cost = energy_cost(o->rec_n + o->em_n + o->rx_n);
		o->starve = starve_damage(b, o);
	}
	b->brain.energy_cost = (uint32_t)b->opt.brain_energy_cost;
	b->brain.starve = starve_damage(b, &b->brain);
	b->brain.clock_group = -1;
	/* Room was made for a group per receptor; keep what the groups use
	 * (a smaller realloc that fails leaves the block as it was). */
	if (b->ngrp && b->ngrp < b->grp_cap) {
		bc_group *g = realloc(b->grp, b->ngrp * sizeof *g);
		if (g) {
			b->grp = g;
			b->grp_cap = b->ngrp;
		}
	}
}

/* ---- expression ------------------------------------------------------------------ */

/* Room for `need` elements, exactly: a creature expresses its genes a few
 * times in its life, and a byte not allocated is a byte not kept. */
static int grow(void **p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return 0;
	size_t ncap = need;
	void *np = realloc(*p, ncap * size);
	if (!np)
		return C2_ENOMEM;
	*p = np;
	*cap = ncap;
	return 0;
}

static bool gene_present(const bc_biochem *b, int kind, long gene)
{
	switch (kind) {
	case GK_RECEPTOR:
		for (size_t i = 0; i < b->nrec; i++)
			if (b->rec[i].gene == gene)
				return true;
		return false;
	case GK_EMITTER:
		for (size_t i = 0; i < b->nem; i++)
			if (b->em[i].gene == gene)
				return true;
		return false;
	case GK_REACTION:
		for (size_t i = 0; i < b->nrx; i++)
			if (b->rx[i].gene == gene)
				return true;
		return false;
	case GK_ORGAN:
		for (size_t i = 1; i < b->norgans; i++)
			if (b->organs[i].gene == gene)
				return true;
		return false;
	default:
		return false;
	}
}

/* Organ index owning gene i, or -1 when its organ gene is not expressed. */
static long owner_index(const bc_biochem *b, const genome *g, size_t i)
{
	long og = genome_owner_organ(g, i);
	if (og == -1)
		return 0; /* orphan: the body organ */
	for (size_t k = 1; k < b->norgans; k++)
		if (b->organs[k].gene == og)
			return (long)k;
	return -1;
}

/* Index just past the last element of organs <= `organ` in an element
 * array sorted by its `organ` field (a macro: the three arrays differ in
 * type). New elements of an organ go there, keeping expression order. */
#define END_OF_ORGAN(arr, n, organ, out)                   \
	do {                                                   \
		size_t e_ = (n);                                   \
		while (e_ > 0 && (arr)[e_ - 1].organ > (organ))    \
			e_--;                                          \
		(out) = e_;                                        \
	} while (0)

static void insert_receptor(bc_biochem *b, uint32_t organ, long gene, const genome_receptor_gene *rg)
{
	/* After the last receptor of the same organ and address (joining its
	 * group), else at the end of the organ's range (a new group). */
	size_t pos;
	END_OF_ORGAN(b->rec, b->nrec, organ, pos);
	for (size_t i = pos; i-- > 0 && b->rec[i].organ == organ;) {
		if (bc_same_address(&b->rec[i].g.organ, &rg->organ)) {
			pos = i + 1;
			break;
		}
	}
	memmove(&b->rec[pos + 1], &b->rec[pos], (b->nrec - pos) * sizeof *b->rec);
	bc_receptor *r = &b->rec[pos];
	memset(r, 0, sizeof *r);
	r->gene = (int32_t)gene;
	r->organ = organ;
	r->g = *rg;
	b->nrec++;
}

/* Returns true when it replaced an existing emitter. */
static bool insert_emitter(bc_biochem *b, uint32_t organ, long gene, const genome_emitter_gene *eg)
{
	size_t pos;
	END_OF_ORGAN(b->em, b->nem, organ, pos);
	for (size_t i = pos; i-- > 0 && b->em[i].organ == organ;) {
		bc_emitter *e = &b->em[i];
		if (bc_same_address(&e->g.organ, &eg->organ) && e->g.chemical == eg->chemical) {
			/* §2.6: same locus and chemical replaces, in place (C3). */
			e->g = *eg;
			e->gene = (int32_t)gene;
			return true;
		}
	}
	memmove(&b->em[pos + 1], &b->em[pos], (b->nem - pos) * sizeof *b->em);
	bc_emitter *e = &b->em[pos];
	memset(e, 0, sizeof *e);
	e->gene = (int32_t)gene;
	e->organ = organ;
	e->g = *eg;
	b->nem++;
	return false;
}

static void insert_reaction(bc_biochem *b, uint32_t organ, long gene, const genome_reaction_gene *xg)
{
	size_t pos;
	END_OF_ORGAN(b->rx, b->nrx, organ, pos);
	memmove(&b->rx[pos + 1], &b->rx[pos], (b->nrx - pos) * sizeof *b->rx);
	bc_reaction *x = &b->rx[pos];
	memset(x, 0, sizeof *x);
	x->gene = (int32_t)gene;
	x->organ = organ;
	x->g = *xg;
	b->nrx++;
}

/* What expressing genes[0..n) adds: new elements of each kind. */
typedef struct express_counts {
	size_t organs, rec, em, rx;
} express_counts;

/* Pass 1 of bc_express: validate and count, so that pass 2 cannot fail. */
static int express_check(const bc_biochem *b, const genome *g, const size_t *genes, size_t n,
                         express_counts *c, c2_err *err)
{
	memset(c, 0, sizeof *c);
	long last_organ_gene = b->norgans > 1 ? b->organs[b->norgans - 1].gene : -1;
	for (size_t k = 0; k < n; k++) {
		size_t i = genes[k];
		if (i >= g->ngenes)
			return c2_fail(err, C2_EINVAL, -1, -1, "gene index %zu out of range (%zu genes)", i,
			               g->ngenes);
		if (k > 0 && i <= genes[k - 1])
			return c2_fail(err, C2_EINVAL, -1, (int)i, "gene indices must be strictly increasing");
		const genome_gene *gene = &g->genes[i];
		switch (gene->kind) {
		case GK_ORGAN:
			if (gene->stage != 0)
				break;
			if ((long)i <= last_organ_gene)
				return c2_fail(err, C2_EINVAL, gene->offset, (int)i,
				               "organ gene expressed twice or out of gene order");
			last_organ_gene = (long)i;
			c->organs++;
			break;
		case GK_RECEPTOR:
		case GK_EMITTER:
		case GK_REACTION:
			if (gene_present(b, gene->kind, (long)i))
				return c2_fail(err, C2_EINVAL, gene->offset, (int)i, "gene already expressed");
			c->rec += gene->kind == GK_RECEPTOR;
			c->em += gene->kind == GK_EMITTER;
			c->rx += gene->kind == GK_REACTION;
			break;
		default:
			break;
		}
	}
	return 0;
}

/* A receptor, emitter or reaction gene i into its organ (pass 2). */
static void express_element(bc_biochem *b, const genome *g, size_t i, bc_express_report *r)
{
	const genome_gene *gene = &g->genes[i];
	long owner = owner_index(b, g, i);
	if (owner < 0) {
		r->orphaned++;
		return;
	}
	if (gene->kind == GK_RECEPTOR) {
		insert_receptor(b, (uint32_t)owner, (long)i, &gene->u.receptor);
		r->receptors++;
	} else if (gene->kind == GK_EMITTER) {
		if (insert_emitter(b, (uint32_t)owner, (long)i, &gene->u.emitter))
			r->replaced++;
		else
			r->emitters++;
	} else {
		insert_reaction(b, (uint32_t)owner, (long)i, &gene->u.reaction);
		r->reactions++;
	}
}

/* Pass 2 of bc_express: gene i applied (room was made). */
static void express_one(bc_biochem *b, const genome *g, size_t i, bc_express_report *r)
{
	const genome_gene *gene = &g->genes[i];
	switch (gene->kind) {
	case GK_ORGAN:
		if (gene->stage != 0) { /* Q19: organs exist from birth only */
			r->ignored++;
			break;
		}
		bc_organ_init(&b->organs[b->norgans++], BC_ORGAN_GENOME, (long)i, &gene->u.organ);
		r->organs++;
		break;
	case GK_BRAIN_ORGAN:
		if (gene->stage != 0) {
			r->ignored++;
			break;
		}
		/* A later brain-organ gene replaces an earlier one (§2.6 key). */
		bc_organ_init(&b->brain, BC_ORGAN_BRAIN, (long)i, &gene->u.organ);
		/* No gene writes the brain organ's repair locus; the export's
		 * brain organ holds 32 (option brain_repair_rate). */
		b->brain.repair_rate = (uint8_t)b->opt.brain_repair_rate;
		b->has_brain = 1;
		r->organs++;
		break;
	case GK_RECEPTOR:
	case GK_EMITTER:
	case GK_REACTION:
		express_element(b, g, i, r);
		break;
	case GK_HALF_LIVES:
		memcpy(b->half, gene->u.half_lives.rate, BC_NCHEM);
		b->have_half = 1;
		r->half_lives++;
		break;
	case GK_INIT_CONC:
		bc_chem_set(b, gene->u.init_conc.chemical, gene->u.init_conc.amount);
		r->init_concs++;
		break;
	default:
		r->ignored++;
		break;
	}
}

int bc_express(bc_biochem *b, const genome *g, const size_t *genes, size_t n,
               bc_express_report *rep, c2_err *err)
{
	bc_express_report r;
	memset(&r, 0, sizeof r);
	express_counts c;
	int rc = express_check(b, g, genes, n, &c, err);
	if (rc)
		return rc;
	if (grow((void **)&b->organs, &b->organ_cap, b->norgans + c.organs, sizeof *b->organs) ||
	    grow((void **)&b->rec, &b->rec_cap, b->nrec + c.rec, sizeof *b->rec) ||
	    grow((void **)&b->grp, &b->grp_cap, b->nrec + c.rec, sizeof *b->grp) ||
	    grow((void **)&b->em, &b->em_cap, b->nem + c.em, sizeof *b->em) ||
	    grow((void **)&b->rx, &b->rx_cap, b->nrx + c.rx, sizeof *b->rx)) {
		/* Grown arrays are fine to keep; pointers into the organs may have
		 * moved, so re-bind before reporting. */
		bc_compile(b);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory expressing genes");
	}
	/* Pass 2: apply, in gene order. */
	for (size_t k = 0; k < n; k++)
		express_one(b, g, genes[k], &r);
	bc_compile(b);
	for (size_t k = 0; k < n; k++) {
		size_t i = genes[k];
		int kind = g->genes[i].kind;
		if (kind == GK_RECEPTOR) {
			for (size_t j = 0; j < b->nrec; j++)
				if (b->rec[j].gene == (long)i && !b->rec[j].bound)
					r.unbound++;
		} else if (kind == GK_EMITTER) {
			for (size_t j = 0; j < b->nem; j++)
				if (b->em[j].gene == (long)i && !bc_emitter_bound(b, &b->em[j]))
					r.unbound++;
		}
	}
	if (rep)
		*rep = r;
	return 0;
}

/* ---- chemicals --------------------------------------------------------------------- */

uint8_t bc_chem_get(const bc_biochem *b, uint8_t chem)
{
	return chem ? b->chem[chem] : 0;
}

void bc_chem_set(bc_biochem *b, uint8_t chem, uint8_t value)
{
	if (chem)
		b->chem[chem] = value;
}

void bc_chem_add(bc_biochem *b, uint8_t chem, unsigned amount)
{
	if (!chem)
		return;
	unsigned v = b->chem[chem] + (amount > 255 ? 255u : amount);
	b->chem[chem] = (uint8_t)(v > 255 ? 255 : v);
}

void bc_chem_sub(bc_biochem *b, uint8_t chem, unsigned amount)
{
	if (!chem)
		return;
	b->chem[chem] = (uint8_t)(amount >= b->chem[chem] ? 0 : b->chem[chem] - amount);
}

const uint8_t *bc_chemicals(const bc_biochem *b)
{
	return b->chem;
}

uint8_t bc_half_life(const bc_biochem *b, uint8_t chem)
{
	return b->half[chem];
}

uint32_t bc_tick_count(const bc_biochem *b)
{
	return b->counter;
}

/* ---- organ queries ----------------------------------------------------------------- */

size_t bc_organ_count(const bc_biochem *b)
{
	return b->norgans + (b->has_brain ? 1 : 0);
}

long bc_brain_organ_index(const bc_biochem *b)
{
	return b->has_brain ? (long)b->norgans : -1;
}

/* Organ i in the public numbering (brain organ last), or NULL. */
static bc_organ *organ_at(bc_biochem *b, size_t i)
{
	if (i < b->norgans)
		return &b->organs[i];
	if (i == b->norgans && b->has_brain)
		return &b->brain;
	return NULL;
}

static const bc_organ *organ_at_c(const bc_biochem *b, size_t i)
{
	if (i < b->norgans)
		return &b->organs[i];
	if (i == b->norgans && b->has_brain)
		return &b->brain;
	return NULL;
}

void bc_organ_label(const bc_biochem *b, size_t i, const genome_organ_names *names, char *buf,
                    size_t cap)
{
	bc_organ_info oi;
	const char *name;
	if (!bc_organ_get(b, i, &oi))
		snprintf(buf, cap, "%s", "");
	else if (oi.kind == BC_ORGAN_BODY)
		snprintf(buf, cap, "body");
	else if (oi.kind == BC_ORGAN_BRAIN)
		snprintf(buf, cap, "brain");
	else if ((name = genome_organ_names_of(names, oi.gene)) != NULL)
		snprintf(buf, cap, "%s", name);
	else
		snprintf(buf, cap, "organ%zu", i);
}

bool bc_organ_get(const bc_biochem *b, size_t i, bc_organ_info *out)
{
	const bc_organ *o = organ_at_c(b, i);
	if (!o)
		return false;
	memset(out, 0, sizeof *out); /* padding too: callers may compare with memcmp */
	out->kind = (bc_organ_kind)o->kind;
	out->gene = o->gene;
	out->initial_lf = o->initial_lf;
	out->st_lf = o->st;
	out->lt_lf = o->lt;
	out->starve_damage = o->starve;
	out->failed = o->failed;
	out->energy_ok = o->energy_ok;
	out->clock = o->clock;
	out->clock_rate = o->clock_rate;
	out->repair_rate = o->repair_rate;
	out->injury = o->injury;
	out->lt_repair = o->lt_repair;
	out->atp_coef = o->atp_coef;
	out->biotick = o->biotick;
	out->energy_cost = o->energy_cost;
	out->receptors = o->rec_n;
	out->emitters = o->em_n;
	out->reactions = o->rx_n;
	out->receptor_groups = o->grp_n;
	return true;
}

bool bc_organ_set_injury(bc_biochem *b, size_t i, uint8_t value)
{
	bc_organ *o = organ_at(b, i);
	if (!o)
		return false;
	o->injury = value;
	return true;
}

bool bc_organ_set_state(bc_biochem *b, size_t i, const bc_organ_state *s)
{
	bc_organ *o = organ_at(b, i);
	if (!o || !(isfinite(s->st_lf) && s->st_lf >= 0.0) || !(isfinite(s->lt_lf) && s->lt_lf >= 0.0))
		return false;
	o->clock = s->clock;
	o->clock_rate = s->clock_rate;
	o->repair_rate = s->repair_rate;
	o->injury = s->injury;
	o->biotick = s->biotick;
	o->st = s->st_lf;
	o->lt = s->lt_lf;
	o->energy_ok = s->energy_ok;
	o->failed = o->lt <= BC_ORGAN_FAIL_LF;
	return true;
}

void bc_half_life_set(bc_biochem *b, uint8_t chem, uint8_t value)
{
	b->half[chem] = value;
	b->have_half = 1;
}

void bc_tick_count_set(bc_biochem *b, uint32_t ticks)
{
	b->counter = ticks;
}

bool bc_brain_organ_failed(const bc_biochem *b)
{
	return b->has_brain && b->brain.failed;
}

bool bc_all_body_organs_failed(const bc_biochem *b)
{
	for (size_t i = 0; i < b->norgans; i++)
		if (!b->organs[i].failed)
			return false;
	return true;
}

/* ---- element queries ------------------------------------------------------------- */

size_t bc_elem_count(const bc_biochem *b, bc_elem_kind kind)
{
	switch (kind) {
	case BC_RECEPTOR: return b->nrec;
	case BC_EMITTER: return b->nem;
	case BC_REACTION: return b->nrx;
	}
	return 0;
}

bool bc_elem_get(const bc_biochem *b, bc_elem_kind kind, size_t i, bc_elem_info *out)
{
	if (i >= bc_elem_count(b, kind))
		return false;
	memset(out, 0, sizeof *out);
	out->kind = kind;
	switch (kind) {
	case BC_RECEPTOR:
		out->organ = b->rec[i].organ;
		out->gene = b->rec[i].gene;
		out->bound = b->rec[i].bound;
		memcpy(out->bytes, &b->rec[i].g, sizeof b->rec[i].g);
		break;
	case BC_EMITTER:
		out->organ = b->em[i].organ;
		out->gene = b->em[i].gene;
		out->bound = bc_emitter_bound(b, &b->em[i]);
		memcpy(out->bytes, &b->em[i].g, sizeof b->em[i].g);
		break;
	case BC_REACTION:
		out->organ = b->rx[i].organ;
		out->gene = b->rx[i].gene;
		out->bound = true;
		memcpy(out->bytes, &b->rx[i].g, sizeof b->rx[i].g);
		break;
	}
	return true;
}
