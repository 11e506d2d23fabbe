/* build.c — brain construction (§4.1, §4.2): the arena, lobes, wiring.
 * The data derived from it and the queries live in brain/query.c. */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "brain/brain_impl.h"
#include "genome/vocab.h"

bool brain_type_present(const genome_lobe_gene *g, unsigned t, size_t nlobes)
{
	const genome_dendrite_gene *dg = &g->dendrite[t];
	return dg->source_lobe < nlobes && (dg->min > 0 || dg->max > 0);
}

/* ---- the arena: one allocation carved into aligned arrays ------------------ */

typedef struct arena {
	unsigned char *base; /* NULL while measuring */
	size_t used;
} arena;

static void *take(arena *a, size_t n, size_t align)
{
	a->used = (a->used + align - 1) / align * align;
	void *p = a->base ? a->base + a->used : NULL;
	a->used += n ? n : 1;
	return p;
}

#define TAKE(a, n, type) ((type *)take((a), (size_t)(n) * sizeof(type), _Alignof(type)))

/* Bit s of a rule's reads for the sums of type t. */
static uint32_t sum_slots_of(unsigned t)
{
	return 1u << (SVS_TYPE0 + t) | 1u << (SVS_ANDED0 + t);
}


/* Every type that is not wired: no state, nothing present (one for all
 * brains; it lives in read-only memory, so a write would fault). */
static const brain_dtype brain_unwired;

/* Carve the arrays of dendrite type t of lobe L (n neurons, whose counts
 * start at counts[base * 2]); the type's blocks, when more than *max_blocks,
 * go there. */
static void carve_type(brain *b, arena *a, brain_lobe *L, unsigned t, const uint8_t *counts,
                       size_t base, size_t *max_blocks)
{
	brain_dtype *D = L->d[t];
	size_t n = L->n;
	D->first = TAKE(a, n + 1, uint32_t);
	uint32_t total = 0;
	unsigned per = n ? counts[base * 2 + t] : 0;
	for (size_t i = 0; i < n; i++) {
		if (a->base)
			D->first[i] = total;
		unsigned c = counts[(base + i) * 2 + t];
		total += c;
		if (c != per)
			per = 0;
	}
	if (a->base)
		D->first[n] = total;
	D->total = total;
	D->per = (uint8_t)per;
	D->nblocks = (total + BRAIN_BLOCK - 1) / BRAIN_BLOCK;
	size_t padded = (size_t)D->nblocks * BRAIN_BLOCK;
	D->wide = padded >= 0xffff;
	D->nil = D->wide ? 0 : (uint16_t)padded;
	if (D->nblocks > *max_blocks)
		*max_blocks = D->nblocks;
	D->src = TAKE(a, total, uint16_t);
	/* the weights (stw or strength: brain_weights) of a type whose lists
	 * are ordered by weight (kept sums without anded ones:
	 * brain_lists_order) have one byte more, never written: the lists'
	 * end, `nil` (sums.c) */
	size_t tail = !D->wide && D->keep && !D->anded;
	D->stw = take(a, padded + tail, BRAIN_BLOCK);
	D->ltw = take(a, padded, BRAIN_BLOCK);
	D->strength = take(a, padded + tail, BRAIN_BLOCK);
	D->suscept = take(a, padded, BRAIN_BLOCK);
	D->nloose = TAKE(a, n, uint8_t);
	size_t srcn = b->lobes[D->src_lobe].n;
	D->rhead16 = D->wide ? NULL : TAKE(a, srcn, uint16_t);
	D->rnext16 = D->wide ? NULL : TAKE(a, total, uint16_t);
	D->rhead32 = D->wide ? TAKE(a, srcn, uint32_t) : NULL;
	D->rnext32 = D->wide ? TAKE(a, total, uint32_t) : NULL;
	D->owner = per ? NULL : TAKE(a, total, uint16_t);
	D->live = TAKE(a, brain_words(D->nblocks), uint64_t);
	D->susb = TAKE(a, brain_words(D->nblocks), uint64_t);
	D->cells = TAKE(a, brain_words((uint32_t)n), uint64_t);
	if (D->keep) {
		D->acc = TAKE(a, n, uint16_t);
		D->nsil = TAKE(a, n, uint8_t);
		/* both types reading one source share their copy of it */
		const brain_dtype *D0 = L->d[0];
		D->snap = t == 1 && D0->keep && D0->src_lobe == D->src_lobe ? D0->snap
		                                                          : TAKE(a, srcn, uint8_t);
		D->dirty = TAKE(a, brain_words((uint32_t)n), uint64_t);
		D->wnz = TAKE(a, brain_words(D->nblocks), uint64_t);
		/* only a rule with "input TRUE" looks at it (visit.c) */
		bool input = false;
		for (unsigned r = 0; r < BRAIN_NDRULES; r++)
			input |= (D->rule[r]->reads >> SVS_INPUT & 1) != 0;
		D->infire = input ? TAKE(a, brain_words(total), uint64_t) : NULL;
	}
}

/* Carve every array; called twice (measure, then for real). Sizes that
 * depend on the structure only (never on the state) are set here too. */
static void carve(brain *b, arena *a, const uint8_t *counts)
{
	size_t base = 0, max_lobe = 1, max_blocks = 1;
	for (uint32_t l = 0; l < b->nlobes; l++) {
		brain_lobe *L = &b->lobes[l];
		size_t n = L->n;
		if (n > max_lobe)
			max_lobe = n;
		L->state = TAKE(a, n, uint8_t);
		L->output = TAKE(a, n, uint8_t);
		/* Only propagation writes the leak registers: without it they
		 * stay 0 and take no room (NULL). */
		L->leak_in = b->any_prop ? TAKE(a, n, uint8_t) : NULL;
		L->leak_out = b->any_prop ? TAKE(a, n, uint8_t) : NULL;
		L->firing = TAKE(a, n, uint16_t);
		uint32_t reads = L->state_rule->reads;
		for (unsigned s = 0; s < 4; s++) {
			unsigned t = s & 1;
			bool wanted = reads & 1u << (SVS_TYPE0 + s);
			L->sumv[s] = wanted && (L->d[t]->keep || !L->d[t]->present) ? TAKE(a, n, uint8_t) : NULL;
		}
		for (unsigned t = 0; t < 2; t++)
			if (L->d[t]->present)
				carve_type(b, a, L, t, counts, base, &max_blocks);
		base += n;
	}
	b->fresh = TAKE(a, max_blocks, uint16_t);
	b->sblk = TAKE(a, brain_words((uint32_t)max_blocks), uint64_t);
	b->percept_block = TAKE(a, b->nlobes ? b->lobes[0].n : 0, uint8_t);
	/* The neuron phase's values, the sums' list of moved sources and
	 * migration's pool and picks are never in use at once (vals is
	 * written after the sums are synced): one buffer. */
	b->scratch = TAKE(a, max_lobe + 2 * 256, uint16_t);
	b->picks = b->scratch ? b->scratch + max_lobe : NULL;
	b->vals = (uint8_t *)b->scratch;
}

/* How a lobe's dendrite rules can run (brain_dmode): the plain
 * per-dendrite loop when a rule draws random numbers, reads a value that
 * other dendrites' updates change (the leak registers) or writes one
 * (propagation); neuron by neuron with kept sums when one reads the sums. */
static brain_dmode dendrite_mode(const brain_lobe *L)
{
	const uint32_t leak_slots =
		(1u << SVS_LEAK_IN) | (1u << SVS_LEAK_OUT) | (1u << SVS_SRC_LEAK_IN);
	bool sums = false;
	for (unsigned t = 0; t < 2; t++) {
		const brain_dtype *D = L->d[t];
		if (!D->present)
			continue;
		for (unsigned r = 0; r < BRAIN_NDRULES; r++) {
			const brain_svrule_prog *p = D->rule[r];
			if (p->impure || (p->reads & leak_slots))
				return BRAIN_DGENERAL;
			sums |= (p->reads & (sum_slots_of(0) | sum_slots_of(1))) != 0;
		}
		if (D->rule[BRAIN_DRULE_BACKPROP]->n || D->rule[BRAIN_DRULE_FWDPROP]->n)
			return BRAIN_DGENERAL;
	}
	return sums ? BRAIN_DSUMS : BRAIN_DFAST;
}

/* Does type t of lobe l need kept sums? When the lobe's state rule reads
 * them on the wide path (a lobe reading its own outputs goes neuron by
 * neuron and sums as it goes), or its dendrite rules run with the sums. */
static bool keeps_sums(const brain *b, uint32_t l, unsigned t)
{
	const brain_lobe *L = &b->lobes[l];
	const brain_dtype *D = L->d[t];
	if (!D->present)
		return false;
	if (L->dmode == BRAIN_DSUMS)
		return true;
	bool self = D->src_lobe == l;
	return (L->state_rule->reads & sum_slots_of(t)) && !self && !b->opts.openc2e_leak;
}

/* Does a rule that runs with the kept sums read anded_t? */
static bool reads_anded(const brain_lobe *L, unsigned t)
{
	uint32_t bit = 1u << (SVS_ANDED0 + t);
	bool any = L->state_rule->reads & bit;
	for (unsigned u = 0; u < 2 && L->dmode == BRAIN_DSUMS; u++)
		for (unsigned r = 0; r < BRAIN_NDRULES && L->d[u]->present; r++)
			any |= (L->d[u]->rule[r]->reads & bit) != 0;
	return any;
}

/* ---- compiled rules, each distinct program once ------------------------------ */

/* An open-addressing set of fixed-size items, for interning. */
typedef struct iset {
	uint8_t *items;
	size_t size;    /* bytes of an item */
	uint32_t n;
	uint32_t *slot; /* index + 1, 0 empty */
	uint32_t cap;   /* power of two */
} iset;

static bool iset_init(iset *s, size_t size, size_t max)
{
	s->size = size;
	s->n = 0;
	s->cap = 1;
	while (s->cap < 2 * max)
		s->cap *= 2;
	s->items = malloc(max * size);
	s->slot = calloc(s->cap, sizeof *s->slot);
	return s->items && s->slot;
}

/* Index of the item at p, adding it when new. */
static uint32_t iset_intern(iset *s, const void *p)
{
	uint64_t h = c2_hash_finish(c2_hash_bytes(C2_HASH_INIT, p, s->size));
	for (uint32_t k = (uint32_t)h & (s->cap - 1);; k = (k + 1) & (s->cap - 1)) {
		uint32_t x = s->slot[k];
		if (!x) {
			memcpy(s->items + (size_t)s->n * s->size, p, s->size);
			s->slot[k] = ++s->n;
			return s->n - 1;
		}
		if (memcmp(s->items + (size_t)(x - 1) * s->size, p, s->size) == 0)
			return x - 1;
	}
}

/* The brain looks a rule's result up in its table only for a slot of the
 * dendrite (brain/plan_impl.h: brain_rule_at); elsewhere it runs the program,
 * which gives the same. */
static bool table_kept(const brain_svrule_prog *p)
{
	switch (p->rest_slot) {
	case SVS_INPUT: case SVS_SUSCEPT: case SVS_STW: case SVS_LTW: case SVS_STRENGTH:
		return true;
	default:
		return false;
	}
}

/* Compile every rule of every lobe into b->progs, each distinct table once
 * in b->tables; idx[l * 13 + r] is the program of lobe l's rule r
 * (BRAIN_RULE_* order). */
static int compile_rules(brain *b, uint32_t *idx, c2_err *err)
{
	size_t nrules = (size_t)b->nlobes * BRAIN_NRULES;
	iset progs, tables;
	bool ok = iset_init(&progs, sizeof(brain_svrule_prog), nrules);
	ok &= iset_init(&tables, SVRULE_TABLE, nrules);
	brain_svrule_prog p; /* compiled programs are zero-filled, so memcmp compares them */
	uint8_t table[SVRULE_TABLE];
	for (uint32_t l = 0; l < b->nlobes && ok; l++) {
		const genome_lobe_gene *g = &b->lobes[l].gene;
		const uint8_t *rnd = b->lobes[l].rnd;
		for (unsigned k = 0; k < BRAIN_NRULES; k++) {
			if (k == BRAIN_RULE_STATE) {
				brain_svrule_compile(&p, table, g->state_rule, SVRULE_NEURON, rnd[k], &b->opts);
			} else {
				const genome_dendrite_gene *dg =
					&g->dendrite[(k - BRAIN_RULE_DENDRITE) / BRAIN_NDRULES];
				const uint8_t *rules[BRAIN_NDRULES] = {
					dg->strength_gain_rule, dg->strength_loss_rule, dg->suscept_rule,
					dg->reinforce_rule,     dg->backprop_rule,      dg->fwdprop_rule,
				};
				brain_svrule_compile(&p, table, rules[(k - BRAIN_RULE_DENDRITE) % BRAIN_NDRULES],
				               SVRULE_DENDRITE, rnd[k], &b->opts);
			}
			/* Until the tables have their place, a program names its table
			 * by number + 1 where the pointer will be. */
			if (table_kept(&p)) {
				p.rest_table = (const uint8_t *)(uintptr_t)(iset_intern(&tables, table) + 1);
			} else {
				p.rest_slot = SVRULE_NOT_SINGLE;
				p.rest_table = NULL;
				p.rest_identity = 0;
			}
			idx[(size_t)l * BRAIN_NRULES + k] = iset_intern(&progs, &p);
		}
	}
	free(progs.slot);
	free(tables.slot);
	b->nprogs = progs.n;
	b->progs = ok ? realloc(progs.items, progs.n * sizeof *b->progs) : NULL;
	b->tables = ok && tables.n ? realloc(tables.items, (size_t)tables.n * SVRULE_TABLE) : NULL;
	if (!ok || !b->progs || (tables.n && !b->tables)) {
		if (!b->progs)
			free(progs.items);
		if (!b->tables)
			free(tables.items);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	if (!tables.n)
		free(tables.items);
	for (uint32_t k = 0; k < b->nprogs; k++)
		if (b->progs[k].rest_table)
			b->progs[k].rest_table =
				b->tables + ((uintptr_t)b->progs[k].rest_table - 1) * SVRULE_TABLE;
	return 0;
}

/* ---- the lobes ------------------------------------------------------------------ */

static void compute_order(brain *b)
{
	uint32_t k = 0;
	if (b->opts.lobe_order == 1) {
		for (uint32_t l = 0; l < b->nlobes; l++)
			b->order[k++] = (uint8_t)l;
	} else {
		/* openc2e (§4.8): lobes without dendrites, then perceptible lobes
		 * with dendrites, then the rest; index order within each group. */
		for (int pass = 0; pass < 3; pass++)
			for (uint32_t l = 0; l < b->nlobes; l++) {
				const brain_lobe *L = &b->lobes[l];
				bool dend = L->d[0]->total + L->d[1]->total > 0;
				int group = !dend ? 0 : L->gene.perceptible ? 1 : 2;
				if (group == pass)
					b->order[k++] = (uint8_t)l;
			}
	}
	for (uint32_t r = 0; r < b->nlobes; r++)
		b->lobes[b->order[r]].rank = r;
}

/* Perception offsets of the perceptible lobes and, per perception neuron,
 * the mutually exclusive (flag 2) lobe it copies, for the wiring rule. */
static void compute_perception(brain *b)
{
	uint32_t off = 0;
	uint32_t np = b->nlobes ? b->lobes[0].n : 0;
	if (np)
		memset(b->percept_block, 0, np);
	for (uint32_t l = 0; l < b->nlobes; l++)
		b->lobes[l].percept_offset = -1;
	for (uint32_t l = 1; l < b->nlobes; l++) {
		brain_lobe *L = &b->lobes[l];
		if (!L->gene.perceptible)
			continue;
		L->percept_offset = off < np ? (int)off : -1;
		for (uint32_t i = 0; i < L->n; i++, off++)
			if (off < np && L->gene.perceptible == 2)
				b->percept_block[off] = (uint8_t)l;
	}
}

/* Each lobe's gene, size and rnd-consts, and its dendrite types: the
 * wired ones take the next record of b->dtypes, the others the shared
 * unwired one. The dendrites they will hold are counted into *total. */
static void lay_out_lobes(brain *b, const genome_lobe_gene *const *genes,
                          const genome_lobe_dims *dims, const uint8_t *counts,
                          const uint8_t (*rnd)[BRAIN_NRULES], size_t *total)
{
	size_t n = b->nlobes, base = 0, ntypes = 0;
	for (size_t l = 0; l < n; l++) {
		brain_lobe *L = &b->lobes[l];
		L->gene = *genes[l];
		L->dims = dims[l];
		L->n = (uint32_t)(dims[l].w * dims[l].h);
		memcpy(L->rnd, rnd[l], BRAIN_NRULES);
		for (unsigned t = 0; t < 2; t++) {
			if (!brain_type_present(&L->gene, t, n)) {
				/* read only: every writer looks at `present` first */
				L->d[t] = (brain_dtype *)(uintptr_t)&brain_unwired;
				continue;
			}
			brain_dtype *D = L->d[t] = &b->dtypes[ntypes++];
			D->present = true;
			D->src_lobe = L->gene.dendrite[t].source_lobe;
			D->migration = L->gene.dendrite[t].migration;
			for (uint32_t i = 0; i < L->n; i++)
				*total += counts[(base + i) * 2 + t];
		}
		base += L->n;
	}
}

/* Every lobe's rules from the compiled programs (idx: BRAIN_NRULES
 * program numbers a lobe), and what they decide: how the dendrite rules
 * run, whether any propagates, which types keep their sums. */
static void bind_rules(brain *b, const uint32_t *idx)
{
	for (uint32_t l = 0; l < b->nlobes; l++) {
		brain_lobe *L = &b->lobes[l];
		const uint32_t *k = &idx[(size_t)l * BRAIN_NRULES];
		L->state_rule = &b->progs[k[BRAIN_RULE_STATE]];
		for (unsigned r = 0; r < BRAIN_NRULES; r++)
			L->rules[r] = (uint16_t)k[r];
		for (unsigned t = 0; t < 2; t++)
			for (unsigned r = 0; r < BRAIN_NDRULES && L->d[t]->present; r++)
				L->d[t]->rule[r] = &b->progs[k[BRAIN_RULE_DENDRITE + BRAIN_NDRULES * t + r]];
		L->dmode = (uint8_t)dendrite_mode(L);
		for (unsigned t = 0; t < 2; t++)
			if (L->d[t]->present && (L->d[t]->rule[BRAIN_DRULE_BACKPROP]->n ||
			                        L->d[t]->rule[BRAIN_DRULE_FWDPROP]->n))
				b->any_prop = true;
	}
	for (uint32_t l = 0; l < b->nlobes; l++)
		for (unsigned t = 0; t < 2; t++)
			if (b->lobes[l].d[t]->present) {
				b->lobes[l].d[t]->keep = keeps_sums(b, l, t);
				b->lobes[l].d[t]->anded = reads_anded(&b->lobes[l], t);
			}
}

/* The receptor loci from the genes, every neuron at rest. */
static void init_lobes(brain *b)
{
	for (uint32_t l = 0; l < b->nlobes; l++) {
		brain_lobe *L = &b->lobes[l];
		const genome_lobe_gene *g = &L->gene;
		L->rloc[BRAIN_RL_THRESHOLD] = g->threshold;
		L->rloc[BRAIN_RL_LEAKAGE] = g->leakage;
		L->rloc[BRAIN_RL_REST] = g->rest;
		for (unsigned t = 0; t < 2; t++) {
			const genome_dendrite_gene *dg = &g->dendrite[t];
			uint8_t *r = &L->rloc[BRAIN_RL_DENDRITE + 5 * t];
			r[BRAIN_RATE_RELAX_SUSCEPT] = dg->relax_suscept;
			r[BRAIN_RATE_RELAX_STW] = dg->relax_stw;
			r[BRAIN_RATE_LTW_GAIN] = dg->ltw_gain;
			r[BRAIN_RATE_STRENGTH_GAIN] = dg->strength_gain_rate;
			r[BRAIN_RATE_STRENGTH_LOSS] = dg->strength_loss_rate;
		}
		memset(L->state, g->rest, L->n);
		memset(L->output, g->rest, L->n);
	}
}

/* brain_assemble's failure: what it allocated freed, the error made. */
static int assemble_fail(brain *b, genome_lobe_dims *dims, uint32_t *idx, c2_err *err, int code,
                         const char *msg)
{
	free(dims);
	free(idx);
	brain_free(b);
	return c2_fail(err, code, -1, -1, "%s", msg);
}

int brain_assemble(brain **out, const genome_lobe_gene *const *genes, size_t n,
                   const brain_options *opts, const uint8_t *counts,
                   const uint8_t (*rnd)[BRAIN_NRULES], c2_err *err)
{
	*out = NULL;
	if (n == 0)
		return c2_fail(err, C2_EFORMAT, -1, -1, "the genome has no brain lobe genes");
	if (n > BRAIN_MAX_LOBES)
		return c2_fail(err, C2_EFORMAT, -1, -1, "%zu lobes (at most %d)", n, BRAIN_MAX_LOBES);
	brain *b = calloc(1, sizeof *b);
	genome_lobe_dims *dims = calloc(n, sizeof *dims);
	uint32_t *idx = calloc(n * BRAIN_NRULES, sizeof *idx);
	if (b)
		b->lobes = calloc(n, sizeof *b->lobes);
	if (!b || !dims || !idx || !b->lobes)
		return assemble_fail(b, dims, idx, err, C2_ENOMEM, "out of memory");
	if (opts)
		b->opts = *opts;
	else
		c2_options_default(&brain_option_tab, &b->opts);
	b->nlobes = (uint32_t)n;
	genome_lobe_dims_compute(genes, n, dims);
	size_t total = 0, ntypes = 0;
	for (size_t l = 0; l < n; l++)
		for (unsigned t = 0; t < 2; t++)
			ntypes += brain_type_present(genes[l], t, n);
	b->dtypes = calloc(ntypes ? ntypes : 1, sizeof *b->dtypes);
	if (!b->dtypes)
		return assemble_fail(b, dims, idx, err, C2_ENOMEM, "out of memory");
	lay_out_lobes(b, genes, dims, counts, rnd, &total);
	free(dims);
	if (total > BRAIN_MAX_DENDRITES) {
		free(idx);
		brain_free(b);
		return c2_fail(err, C2_ETOOBIG, -1, -1, "%zu dendrites (at most %u)", total,
		               BRAIN_MAX_DENDRITES);
	}
	int rc = compile_rules(b, idx, err);
	if (rc) {
		free(idx);
		brain_free(b);
		return rc;
	}
	bind_rules(b, idx);
	free(idx);
	/* the arena: measured, then carved */
	arena a = {NULL, 0};
	carve(b, &a, counts);
	b->arena = calloc(1, a.used);
	if (!b->arena)
		return assemble_fail(b, NULL, NULL, err, C2_ENOMEM, "out of memory");
	a.base = b->arena;
	a.used = 0;
	carve(b, &a, counts);
	init_lobes(b);
	compute_order(b);
	compute_perception(b);
	*out = b;
	return 0;
}

/* ---- wiring (§4.2) ---------------------------------------------------------- */

/* Dendrite count for one neuron: min + a spread-shaped draw in [0, max-min]. */
static uint8_t draw_count(const genome_dendrite_gene *dg, c2_rng *rng)
{
	int lo = dg->min, hi = dg->max;
	if (hi < lo) {
		int t = lo;
		lo = hi;
		hi = t;
	}
	int range = hi - lo;
	int u = c2_rng_range(rng, 0, range);
	int saw = abs(2 * u - range);
	switch (dg->spread) {
	case 2: /* saw: most neurons at the ends of the range */
		return (uint8_t)(lo + saw);
	case 3: /* waS: most neurons in the middle (for 1..3: 1 or 3, never 2) */
		return (uint8_t)(lo + range - saw);
	default: /* 0 flat, 1 "normal" (no better information), others */
		return (uint8_t)(lo + u);
	}
}

static void init_weights(const genome_dendrite_gene *dg, brain_dtype *D, uint32_t d,
                         c2_rng *rng)
{
	uint8_t ltw = (uint8_t)c2_rng_range(rng, dg->min_ltw, dg->max_ltw);
	D->ltw[d] = ltw;
	D->stw[d] = ltw;
	D->strength[d] = (uint8_t)c2_rng_range(rng, dg->min_strength, dg->max_strength);
	D->suscept[d] = 0;
}

/* Does a perception neuron `p` collide with the sources already chosen for
 * dendrites first..d-1 under the mutually-exclusive rule? */
static bool mutex_collides(const brain *b, const brain_dtype *D, uint32_t first, uint32_t d,
                           uint16_t p)
{
	uint8_t block = b->percept_block[p];
	if (!block)
		return false;
	for (uint32_t k = first; k < d; k++)
		if (b->percept_block[D->src[k]] == block)
			return true;
	return false;
}

/* The source cell at (x, y), wrapping around the source lobe. */
static uint16_t wrap_at(int x, int y, int W, int H)
{
	x %= W;
	y %= H;
	if (x < 0)
		x += W;
	if (y < 0)
		y += H;
	return (uint16_t)(y * W + x);
}

/* The first cell of the fanout window around (bx, by), row by row, that
 * does not collide; else, as openc2e does, the first such cell of the
 * whole source lobe (a window can lie entirely inside exclusive blocks:
 * perception cells 16 and 17 of the standard layout); else `fallback`. */
static uint16_t window_scan(const brain *b, const brain_dtype *D, uint32_t first, uint32_t d,
                            int bx, int by, int f, int W, int H, uint16_t fallback)
{
	for (int dy = -f; dy <= f; dy++)
		for (int dx = -f; dx <= f; dx++) {
			uint16_t s = wrap_at(bx + dx, by + dy, W, H);
			if (!mutex_collides(b, D, first, d, s))
				return s;
		}
	for (int s = 0; s < W * H; s++)
		if (!mutex_collides(b, D, first, d, (uint16_t)s))
			return (uint16_t)s;
	return fallback;
}

static void wire(brain *b, c2_rng *rng)
{
	for (uint32_t l = 0; l < b->nlobes; l++) {
		brain_lobe *L = &b->lobes[l];
		for (unsigned t = 0; t < 2; t++) {
			brain_dtype *D = L->d[t];
			if (!D->present)
				continue;
			const genome_dendrite_gene *dg = &L->gene.dendrite[t];
			const brain_lobe *S = &b->lobes[D->src_lobe];
			int W = S->dims.w, H = S->dims.h, f = dg->fanout;
			bool percept = D->src_lobe == GENOME_LOBE_PERCEPTION;
			for (uint32_t i = 0; i < L->n; i++) {
				uint32_t first = D->first[i], cnt = D->first[i + 1] - first;
				/* Base source: the same relative position in the source. */
				uint32_t base = (uint32_t)((uint64_t)i * S->n / L->n);
				int bx = (int)(base % (uint32_t)W), by = (int)(base / (uint32_t)W);
				for (uint32_t k = 0; k < cnt; k++) {
					uint32_t d = first + k;
					uint16_t src = (uint16_t)base;
					/* Others: independent dx, dy in [-fanout, fanout]
					 * around the base, wrapping (not openc2e's y). */
					for (uint32_t attempt = 0; k > 0; attempt++) {
						/* dy is drawn before dx: in one call's
						 * arguments the order would be the
						 * compiler's (gcc took dy first, clang dx,
						 * and their runs parted at tick 1) */
						int dy = c2_rng_range(rng, -f, f);
						int dx = c2_rng_range(rng, -f, f);
						src = wrap_at(bx + dx, by + dy, W, H);
						if (!percept || !mutex_collides(b, D, first, d, src))
							break;
						if (attempt + 1 >= 2 * cnt) {
							/* Re-drawing keeps failing: take the first
							 * allowed cell of the fanout window, if any
							 * (the export has no collisions at all). */
							src = window_scan(b, D, first, d, bx, by, f, W, H, src);
							break;
						}
					}
					D->src[d] = src;
					init_weights(dg, D, d, rng);
				}
			}
		}
	}
}

/* Can these lobe genes make a brain? At least one lobe, at most
 * BRAIN_MAX_LOBES, and at most BRAIN_MAX_DENDRITES dendrites even if every
 * neuron drew its largest count: the answer must not depend on the random
 * draws, so that a genome is accepted or refused whatever the seed, and
 * `c2rt validate` can say which beforehand. */
static int check_lobes(const genome_lobe_gene *const *lobes, size_t n, c2_err *err)
{
	if (n == 0)
		return c2_fail(err, C2_EFORMAT, -1, -1, "the genome has no brain lobe genes");
	if (n > BRAIN_MAX_LOBES)
		return c2_fail(err, C2_EFORMAT, -1, -1, "%zu lobes (at most %d)", n, BRAIN_MAX_LOBES);
	genome_lobe_dims dims[BRAIN_MAX_LOBES];
	genome_lobe_dims_compute(lobes, n, dims);
	uint64_t most = 0;
	for (size_t l = 0; l < n; l++)
		for (unsigned t = 0; t < 2; t++)
			if (brain_type_present(lobes[l], t, n)) {
				const genome_dendrite_gene *dg = &lobes[l]->dendrite[t];
				unsigned hi = dg->max > dg->min ? dg->max : dg->min;
				most += (uint64_t)dims[l].w * (uint64_t)dims[l].h * hi;
			}
	if (most > BRAIN_MAX_DENDRITES)
		return c2_fail(err, C2_ETOOBIG, -1, -1,
		               "up to %llu dendrites (the lobe genes' maximum counts; at most %u)",
		               (unsigned long long)most, BRAIN_MAX_DENDRITES);
	return 0;
}

int brain_check_genome(const genome *g, genome_sex sex, c2_err *err)
{
	const genome_lobe_gene *lobes[BRAIN_MAX_LOBES];
	size_t n;
	int rc = brain_lobe_genes(g, sex, lobes, &n, err);
	return rc ? rc : check_lobes(lobes, n, err);
}

int brain_build_lobes(brain **out, const genome_lobe_gene *const *lobes, size_t n,
                      const brain_options *opts, c2_rng *rng, c2_err *err)
{
	*out = NULL;
	int rc = check_lobes(lobes, n, err);
	if (rc)
		return rc;
	genome_lobe_dims *dims = calloc(n, sizeof *dims);
	uint8_t (*rnd)[BRAIN_NRULES] = calloc(n, sizeof *rnd);
	if (!dims || !rnd) {
		free(dims);
		free(rnd);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	genome_lobe_dims_compute(lobes, n, dims);
	size_t neurons = 0;
	for (size_t l = 0; l < n; l++)
		neurons += (size_t)dims[l].w * (size_t)dims[l].h;
	uint8_t *counts = calloc(neurons * 2 + 1, 1);
	if (!counts) {
		free(dims);
		free(rnd);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	/* Draws: per lobe its rnd-consts, then per neuron both counts. */
	size_t base = 0;
	for (size_t l = 0; l < n; l++) {
		for (unsigned r = 0; r < BRAIN_NRULES; r++)
			rnd[l][r] = (uint8_t)c2_rng_below(rng, 256);
		size_t ln = (size_t)dims[l].w * (size_t)dims[l].h;
		for (size_t i = 0; i < ln; i++)
			for (unsigned t = 0; t < 2; t++)
				if (brain_type_present(lobes[l], t, n))
					counts[(base + i) * 2 + t] = draw_count(&lobes[l]->dendrite[t], rng);
		base += ln;
	}
	free(dims);
	brain *b;
	rc = brain_assemble(&b, lobes, n, opts, counts, (const uint8_t(*)[BRAIN_NRULES])rnd, err);
	free(counts);
	free(rnd);
	if (rc)
		return rc;
	wire(b, rng);
	brain_derive(b, true);
	*out = b;
	return 0;
}

int brain_lobe_genes(const genome *g, genome_sex sex, const genome_lobe_gene **lobes, size_t *n,
                     c2_err *err)
{
	*n = genome_lobe_list(g, (int)sex, NULL, NULL, 0);
	if (*n == 0 || *n > BRAIN_MAX_LOBES)
		return check_lobes(NULL, *n, err);
	genome_lobe_list(g, (int)sex, lobes, NULL, *n);
	return 0;
}

int brain_build(brain **out, const genome *g, genome_sex sex, const brain_options *opts,
                c2_rng *rng, c2_err *err)
{
	*out = NULL;
	const genome_lobe_gene *lobes[BRAIN_MAX_LOBES];
	size_t n;
	int rc = brain_lobe_genes(g, sex, lobes, &n, err);
	return rc ? rc : brain_build_lobes(out, lobes, n, opts, rng, err);
}

void brain_free(brain *b)
{
	if (!b)
		return;
	free(b->arena);
	free(b->progs);
	free(b->tables);
	free(b->dtypes);
	free(b->lobes);
	free(b->inst);
	free(b);
}
