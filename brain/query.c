/* query.c — the brain's derived data (recomputed after building, loading and
 * every change; never saved or hashed), its accessors and its loci. */
#include <stdlib.h>
#include <string.h>

#include "brain/brain_impl.h"
#include "genome/vocab.h"

const brain_options *brain_get_options(const brain *b)
{
	return &b->opts;
}

void brain_set_reference_mode(brain *b, bool on)
{
	b->opts.brain_reference = on;
}

/* ---- derived data ------------------------------------------------------------ */

void brain_derive_neuron(brain *b, brain_lobe *L, unsigned type, uint32_t i)
{
	(void)b;
	brain_dtype *D = &L->d[type];
	uint32_t loose = 0;
	for (uint32_t d = D->first[i]; d < D->first[i + 1]; d++)
		loose += D->strength[d] == 0;
	uint32_t cnt = D->first[i + 1] - D->first[i];
	bool was_cell = cnt && D->nloose[i] == cnt;
	D->loose_dendrites += loose;
	D->loose_dendrites -= D->nloose[i];
	D->nloose[i] = (uint8_t)loose;
	bool is_cell = cnt && loose == cnt;
	D->loose_cells += (uint32_t)is_cell - (uint32_t)was_cell;
}

void brain_set_source(brain_dtype *D, uint32_t d, uint16_t src)
{
	/* unlink d from its old source's list (lists are short: the fan-out) */
	uint32_t *link = &D->rhead[D->src[d]];
	while (*link != d)
		link = &D->rnext[*link];
	*link = D->rnext[d];
	D->src[d] = src;
	D->rnext[d] = D->rhead[src];
	D->rhead[src] = d;
}

/* Rebuild the per-source lists and owners of a type from src[]. */
static void build_lists(brain_dtype *D, uint32_t n, uint32_t srcn)
{
	for (uint32_t s = 0; s < srcn; s++)
		D->rhead[s] = BRAIN_NONE;
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t d = D->first[i]; d < D->first[i + 1]; d++)
			D->owner[d] = (uint16_t)i;
	for (uint32_t d = D->total; d-- > 0;) {
		D->rnext[d] = D->rhead[D->src[d]];
		D->rhead[D->src[d]] = d;
	}
}

void brain_count_weights(brain_dtype *D)
{
	D->nsusc = D->ndiff = 0;
	for (uint32_t d = 0; d < D->total; d++) {
		D->nsusc += D->suscept[d] != 0;
		D->ndiff += D->stw[d] != D->ltw[d];
	}
}

void brain_derive(brain *b, bool firing)
{
	for (uint32_t l = 0; l < b->nlobes; l++) {
		brain_lobe *L = &b->lobes[l];
		if (firing) {
			L->nfiring = 0;
			for (uint32_t i = 0; i < L->n; i++)
				if (L->output[i])
					L->firing[L->nfiring++] = (uint16_t)i;
		}
		for (unsigned t = 0; t < 2; t++) {
			brain_dtype *D = &L->d[t];
			if (!D->present)
				continue;
			memset(D->nloose, 0, L->n);
			D->loose_dendrites = D->loose_cells = 0;
			for (uint32_t i = 0; i < L->n; i++)
				brain_derive_neuron(b, L, t, i);
			brain_count_weights(D);
			build_lists(D, L->n, b->lobes[D->src_lobe].n);
		}
	}
}

/* The emitter loci of a lobe (§4.6): activity, and the loose counts —
 * dendrites, or fully loose cells for migrate-2 lobes (option loose_count). */
void brain_lobe_emitters(const brain *b, brain_lobe *L)
{
	L->eloc[BRAIN_EL_ACTIVITY] = (uint8_t)(L->nfiring * 255u / L->n);
	for (unsigned t = 0; t < 2; t++) {
		const brain_dtype *D = &L->d[t];
		uint32_t v = 0;
		if (D->present) {
			bool cells = b->opts.loose_count == 2 ||
			             (b->opts.loose_count == 0 && D->migration == 2);
			v = cells ? D->loose_cells : D->loose_dendrites;
		}
		L->eloc[BRAIN_EL_LOOSE0 + t] = (uint8_t)(v > 255 ? 255 : v);
	}
}

/* ---- accessors ------------------------------------------------------------------ */

uint64_t brain_ticks(const brain *b)
{
	return b->ticks;
}

size_t brain_lobe_count(const brain *b)
{
	return b->nlobes;
}

int brain_lobe_info_get(const brain *b, unsigned lobe, brain_lobe_info *out)
{
	if (lobe >= b->nlobes)
		return -1;
	const brain_lobe *L = &b->lobes[lobe];
	memset(out, 0, sizeof *out);
	out->x = L->dims.x;
	out->y = L->dims.y;
	out->width = L->dims.w;
	out->height = L->dims.h;
	out->neurons = L->n;
	const char *name = c2_vocab_name(&c2_lobes, (int)lobe);
	out->name = name ? name : "Lobe";
	out->gene = &L->gene;
	out->wta = L->gene.flags & 1;
	out->perceptible = L->gene.perceptible;
	out->perception_offset = L->percept_offset;
	for (unsigned t = 0; t < 2; t++) {
		out->has_dendrites[t] = L->d[t].present;
		out->source_lobe[t] = L->d[t].src_lobe;
		out->dendrites[t] = L->d[t].present ? L->d[t].total : 0;
	}
	out->firing = L->nfiring;
	out->process_rank = L->rank;
	return 0;
}

int brain_lobe_at_rank(const brain *b, unsigned rank)
{
	return rank < b->nlobes ? b->order[rank] : -1;
}

const svrule_prog *brain_lobe_rule(const brain *b, unsigned lobe, unsigned rule)
{
	if (lobe >= b->nlobes || rule >= BRAIN_NRULES)
		return NULL;
	const brain_lobe *L = &b->lobes[lobe];
	if (rule == BRAIN_RULE_STATE)
		return &L->state_rule;
	rule -= BRAIN_RULE_DENDRITE;
	return &L->d[rule / BRAIN_NDRULES].rule[rule % BRAIN_NDRULES];
}

int brain_state(const brain *b, unsigned lobe, unsigned cell)
{
	if (lobe >= b->nlobes || cell >= b->lobes[lobe].n)
		return -1;
	return b->lobes[lobe].state[cell];
}

int brain_output(const brain *b, unsigned lobe, unsigned cell)
{
	if (lobe >= b->nlobes || cell >= b->lobes[lobe].n)
		return -1;
	return b->lobes[lobe].output[cell];
}

int brain_winner(const brain *b, unsigned lobe)
{
	if (lobe >= b->nlobes)
		return -1;
	const brain_lobe *L = &b->lobes[lobe];
	int best = -1;
	uint8_t bestv = 0;
	for (uint32_t i = 0; i < L->n; i++)
		if (L->output[i] > bestv) {
			bestv = L->output[i];
			best = (int)i;
		}
	return best;
}

int brain_set_state(brain *b, unsigned lobe, unsigned cell, uint8_t value)
{
	if (lobe >= b->nlobes || cell >= b->lobes[lobe].n)
		return -1;
	b->lobes[lobe].state[cell] = value;
	return 0;
}

int brain_add_state(brain *b, unsigned lobe, unsigned cell, int delta)
{
	if (lobe >= b->nlobes || cell >= b->lobes[lobe].n)
		return -1;
	int v = b->lobes[lobe].state[cell] + delta;
	b->lobes[lobe].state[cell] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
	return 0;
}

unsigned brain_dendrite_count(const brain *b, unsigned lobe, unsigned cell, unsigned type)
{
	if (lobe >= b->nlobes || type > 1 || cell >= b->lobes[lobe].n)
		return 0;
	const brain_dtype *D = &b->lobes[lobe].d[type];
	return D->present ? D->first[cell + 1] - D->first[cell] : 0;
}

int brain_dendrite_get(const brain *b, unsigned lobe, unsigned cell, unsigned type, unsigned k,
                       brain_dendrite_info *out)
{
	if (k >= brain_dendrite_count(b, lobe, cell, type))
		return -1;
	const brain_dtype *D = &b->lobes[lobe].d[type];
	uint32_t d = D->first[cell] + k;
	out->src_lobe = D->src_lobe;
	out->src = D->src[d];
	out->stw = D->stw[d];
	out->ltw = D->ltw[d];
	out->strength = D->strength[d];
	out->suscept = D->suscept[d];
	return 0;
}

unsigned brain_loose_count(const brain *b, unsigned lobe, unsigned cell, unsigned type)
{
	if (brain_dendrite_count(b, lobe, cell, type) == 0)
		return 0;
	return b->lobes[lobe].d[type].nloose[cell];
}

uint8_t *brain_receptor_locus(brain *b, unsigned lobe, unsigned locus)
{
	if (lobe >= b->nlobes)
		return NULL;
	brain_lobe *L = &b->lobes[lobe];
	if (locus < BRAIN_RL_CELL)
		return &L->rloc[locus];
	if (locus - BRAIN_RL_CELL < L->n)
		return &L->state[locus - BRAIN_RL_CELL];
	return NULL;
}

uint8_t *brain_emitter_locus(brain *b, unsigned lobe, unsigned locus)
{
	if (lobe >= b->nlobes)
		return NULL;
	brain_lobe *L = &b->lobes[lobe];
	if (locus < BRAIN_EL_CELL)
		return &L->eloc[locus];
	if (locus - BRAIN_EL_CELL < L->n)
		return &L->output[locus - BRAIN_EL_CELL];
	return NULL;
}

int brain_receptor_value(const brain *b, unsigned lobe, unsigned locus)
{
	if (lobe >= b->nlobes)
		return -1;
	const brain_lobe *L = &b->lobes[lobe];
	if (locus < BRAIN_RL_CELL)
		return L->rloc[locus];
	if (locus - BRAIN_RL_CELL < L->n)
		return L->state[locus - BRAIN_RL_CELL];
	return -1;
}
