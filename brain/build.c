/* build.c — brain construction (§4.1, §4.2): the arena, lobes, wiring.
 * The data derived from it and the queries live in brain/query.c. */
#include <stdlib.h>
#include <string.h>

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

/* Carve every array; called twice (measure, then for real). */
static void carve(brain *b, arena *a, const uint8_t *counts, size_t max_lobe)
{
	size_t base = 0;
	for (uint32_t l = 0; l < b->nlobes; l++) {
		brain_lobe *L = &b->lobes[l];
		size_t n = L->n;
		L->state = take(a, n, 1);
		L->output = take(a, n, 1);
		L->leak_in = take(a, n, 1);
		L->leak_out = take(a, n, 1);
		L->firing = take(a, n * sizeof(uint16_t), sizeof(uint16_t));
		for (unsigned t = 0; t < 2; t++) {
			brain_dtype *D = &L->d[t];
			if (!D->present)
				continue;
			D->first = take(a, (n + 1) * sizeof(uint32_t), sizeof(uint32_t));
			uint32_t total = 0;
			for (size_t i = 0; i < n; i++) {
				if (a->base)
					D->first[i] = total;
				total += counts[(base + i) * 2 + t];
			}
			if (a->base)
				D->first[n] = total;
			D->total = total;
			D->src = take(a, total * sizeof(uint16_t), sizeof(uint16_t));
			D->stw = take(a, total, 1);
			D->ltw = take(a, total, 1);
			D->strength = take(a, total, 1);
			D->suscept = take(a, total, 1);
			D->nloose = take(a, n, 1);
			size_t srcn = b->lobes[D->src_lobe].n;
			D->rhead = take(a, srcn * sizeof(uint32_t), sizeof(uint32_t));
			D->rnext = take(a, total * sizeof(uint32_t), sizeof(uint32_t));
			D->owner = take(a, total * sizeof(uint16_t), sizeof(uint16_t));
		}
		base += n;
	}
	b->sum_acc = take(a, max_lobe * sizeof(uint32_t), sizeof(uint32_t));
	b->sum_hits = take(a, max_lobe, 1);
	b->touched = take(a, max_lobe * sizeof(uint16_t), sizeof(uint16_t));
	for (unsigned k = 0; k < 4; k++)
		b->wide[k] = take(a, max_lobe, 1);
	b->vals = take(a, max_lobe, 1);
	b->percept_block = take(a, b->nlobes ? b->lobes[0].n : 0, 1);
	b->scratch = take(a, max_lobe * sizeof(uint16_t), sizeof(uint16_t));
	b->picks = take(a, 2 * 256 * sizeof(uint16_t), sizeof(uint16_t));
}

/* A lobe's dendrite rules need the plain per-dendrite path when a rule draws
 * random numbers, reads a value that dendrite updates change (the input sums,
 * the leak registers) or writes one (propagation). */
static bool needs_general(const brain_lobe *L)
{
	const uint32_t volatile_slots = (1u << SVS_TYPE0) | (1u << SVS_TYPE1) |
	                                (1u << SVS_ANDED0) | (1u << SVS_ANDED1) |
	                                (1u << SVS_LEAK_IN) | (1u << SVS_LEAK_OUT) |
	                                (1u << SVS_SRC_LEAK_IN);
	for (unsigned t = 0; t < 2; t++) {
		const brain_dtype *D = &L->d[t];
		if (!D->present)
			continue;
		for (unsigned r = 0; r < BRAIN_NDRULES; r++) {
			const svrule_prog *p = &D->rule[r];
			if (p->impure || (p->reads & volatile_slots))
				return true;
		}
		if (D->rule[BRAIN_DRULE_BACKPROP].n || D->rule[BRAIN_DRULE_FWDPROP].n)
			return true;
	}
	return false;
}

static void compute_order(brain *b)
{
	uint32_t k = 0;
	if (b->opts.lobe_order == 1) {
		for (uint32_t l = 0; l < b->nlobes; l++)
			b->order[k++] = (uint16_t)l;
	} else {
		/* openc2e (§4.8): lobes without dendrites, then perceptible lobes
		 * with dendrites, then the rest; index order within each group. */
		for (int pass = 0; pass < 3; pass++)
			for (uint32_t l = 0; l < b->nlobes; l++) {
				const brain_lobe *L = &b->lobes[l];
				bool dend = L->d[0].total + L->d[1].total > 0;
				int group = !dend ? 0 : L->gene.perceptible ? 1 : 2;
				if (group == pass)
					b->order[k++] = (uint16_t)l;
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
	if (!b || !dims) {
		free(b);
		free(dims);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	b->lobes = calloc(n, sizeof *b->lobes);
	if (!b->lobes) {
		free(dims);
		free(b);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	if (opts)
		b->opts = *opts;
	else
		c2_options_default(&brain_option_tab, &b->opts);
	b->nlobes = (uint32_t)n;
	genome_lobe_dims_compute(genes, n, dims);
	size_t max_lobe = 1;
	for (size_t l = 0; l < n; l++) {
		brain_lobe *L = &b->lobes[l];
		L->gene = *genes[l];
		L->dims = dims[l];
		L->n = (uint32_t)(dims[l].w * dims[l].h);
		if (L->n > max_lobe)
			max_lobe = L->n;
		for (unsigned t = 0; t < 2; t++) {
			L->d[t].present = brain_type_present(&L->gene, t, n);
			L->d[t].src_lobe = L->gene.dendrite[t].source_lobe;
			L->d[t].migration = L->gene.dendrite[t].migration;
		}
	}
	free(dims);

	arena a = {NULL, 0};
	carve(b, &a, counts, max_lobe);
	size_t total = 0;
	for (uint32_t l = 0; l < b->nlobes; l++)
		total += b->lobes[l].d[0].total + b->lobes[l].d[1].total;
	if (total > BRAIN_MAX_DENDRITES) {
		brain_free(b);
		return c2_fail(err, C2_ETOOBIG, -1, -1, "%zu dendrites (at most %u)", total,
		               BRAIN_MAX_DENDRITES);
	}
	b->arena = calloc(1, a.used);
	if (!b->arena) {
		brain_free(b);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	a.base = b->arena;
	a.used = 0;
	carve(b, &a, counts, max_lobe);

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
		memcpy(L->rnd, rnd[l], BRAIN_NRULES);
		memset(L->state, g->rest, L->n);
		memset(L->output, g->rest, L->n);
		svrule_compile(&L->state_rule, g->state_rule, SVRULE_NEURON,
		               L->rnd[BRAIN_RULE_STATE], &b->opts);
		for (unsigned t = 0; t < 2; t++) {
			const genome_dendrite_gene *dg = &g->dendrite[t];
			const uint8_t *rules[BRAIN_NDRULES] = {
				dg->strength_gain_rule, dg->strength_loss_rule, dg->suscept_rule,
				dg->reinforce_rule,     dg->backprop_rule,      dg->fwdprop_rule,
			};
			for (unsigned r = 0; r < BRAIN_NDRULES; r++)
				svrule_compile(&L->d[t].rule[r], rules[r], SVRULE_DENDRITE,
				               L->rnd[BRAIN_RULE_DENDRITE + BRAIN_NDRULES * t + r], &b->opts);
		}
		L->general = needs_general(L);
		for (unsigned t = 0; t < 2; t++)
			if (L->d[t].present && (L->d[t].rule[BRAIN_DRULE_BACKPROP].n ||
			                        L->d[t].rule[BRAIN_DRULE_FWDPROP].n))
				b->any_prop = true;
	}
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
			brain_dtype *D = &L->d[t];
			if (!D->present)
				continue;
			const genome_dendrite_gene *dg = &L->gene.dendrite[t];
			const brain_lobe *S = &b->lobes[D->src_lobe];
			int W = S->dims.w, H = S->dims.h, f = dg->fanout;
			bool percept = D->src_lobe == C2_LOBE_PERCEPTION;
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
						src = wrap_at(bx + c2_rng_range(rng, -f, f), by + c2_rng_range(rng, -f, f),
						              W, H);
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
	free(b->lobes);
	free(b->inst);
	free(b);
}
