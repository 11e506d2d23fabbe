/* query.c — the brain's derived data (recomputed after building, loading and
 * every change; never saved or hashed), its accessors and its loci. */
#include <stdlib.h>
#include <string.h>

#include "brain/brain_impl.h"
#include "brain/simd.h"
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

void brain_note_cell(brain_lobe *L, unsigned type, uint32_t i)
{
	brain_dtype *D = L->d[type];
	uint32_t cnt = D->first[i + 1] - D->first[i];
	brain_bit_put(D->cells, i, cnt && D->nloose[i] == cnt);
}

void brain_loose_moved(brain_lobe *L, unsigned type, uint32_t i, bool was, bool now)
{
	if (was == now)
		return;
	brain_dtype *D = L->d[type];
	uint32_t cnt = D->first[i + 1] - D->first[i];
	bool was_cell = D->nloose[i] == cnt;
	if (now) {
		D->nloose[i]++;
		D->loose_dendrites++;
	} else {
		D->nloose[i]--;
		D->loose_dendrites--;
	}
	bool is_cell = D->nloose[i] == cnt;
	D->loose_cells += (uint32_t)is_cell - (uint32_t)was_cell;
	if (is_cell != was_cell)
		brain_note_cell(L, type, i);
}

void brain_derive_neuron(brain *b, brain_lobe *L, unsigned type, uint32_t i)
{
	(void)b;
	brain_dtype *D = L->d[type];
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
	brain_note_cell(L, type, i);
}

static void link_set_head(brain_dtype *D, uint32_t s, uint32_t d)
{
	if (D->wide)
		D->rhead32[s] = d;
	else
		D->rhead16[s] = d == BRAIN_NONE ? D->nil : (uint16_t)d;
}

static void link_set_next(brain_dtype *D, uint32_t d, uint32_t next)
{
	if (D->wide)
		D->rnext32[d] = next;
	else
		D->rnext16[d] = next == BRAIN_NONE ? D->nil : (uint16_t)next;
}

/* Take dendrite d out of source s's list. */
static void unlink_from(brain_dtype *D, uint32_t s, uint32_t d)
{
	/* lists are short: the fan-out */
	uint32_t prev = BRAIN_NONE;
	for (uint32_t e = brain_rhead(D, s); e != d; e = brain_rnext(D, e))
		prev = e;
	if (prev == BRAIN_NONE)
		link_set_head(D, s, brain_rnext(D, d));
	else
		link_set_next(D, prev, brain_rnext(D, d));
}

/* Add dendrite d to the end of source s's list. */
static void append_to(brain_dtype *D, uint32_t s, uint32_t d)
{
	uint32_t last = BRAIN_NONE;
	for (uint32_t e = brain_rhead(D, s); e != BRAIN_NONE; e = brain_rnext(D, e))
		last = e;
	link_set_next(D, d, BRAIN_NONE);
	if (last == BRAIN_NONE)
		link_set_head(D, s, d);
	else
		link_set_next(D, last, d);
}

void brain_relink(brain_dtype *D, uint32_t d, bool weighted)
{
	uint32_t s = D->src[d];
	unlink_from(D, s, d);
	if (weighted) {
		link_set_next(D, d, brain_rhead(D, s));
		link_set_head(D, s, d);
	} else {
		append_to(D, s, d);
	}
}

void brain_lists_order(const brain *b, brain_dtype *D, uint32_t srcn)
{
	/* afresh from src[] (as build_lists): the dendrites without a weight
	 * pushed first, then those with one in front of them */
	const uint8_t *w = brain_weights(b, D);
	const uint16_t *src = D->src;
	if (D->wide) {
		for (uint32_t s = 0; s < srcn; s++)
			D->rhead32[s] = BRAIN_NONE;
		for (int pass = 0; pass < 2; pass++)
			for (uint32_t d = D->total; d-- > 0;)
				if ((w[d] != 0) == pass) {
					D->rnext32[d] = D->rhead32[src[d]];
					D->rhead32[src[d]] = d;
				}
		D->ordered = true;
		return;
	}
	uint16_t *head = D->rhead16, *next = D->rnext16;
	for (uint32_t s = 0; s < srcn; s++)
		head[s] = D->nil;
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t d = D->total; d-- > 0;)
			if ((w[d] != 0) == pass) {
				next[d] = head[src[d]];
				head[src[d]] = (uint16_t)d;
			}
	D->ordered = true;
}

/* Move dendrite d to source neuron `src`, keeping the lists. */
static void set_source(brain_dtype *D, uint32_t d, uint16_t src)
{
	unlink_from(D, D->src[d], d);
	D->src[d] = src;
	link_set_next(D, d, brain_rhead(D, src));
	link_set_head(D, src, d);
}

/* Rebuild the per-source lists and owners of a type from src[]. */
static void build_lists(brain_dtype *D, uint32_t n, uint32_t srcn)
{
	for (uint32_t s = 0; s < srcn; s++)
		link_set_head(D, s, BRAIN_NONE);
	if (D->owner)
		for (uint32_t i = 0; i < n; i++)
			for (uint32_t d = D->first[i]; d < D->first[i + 1]; d++)
				D->owner[d] = (uint16_t)i;
	for (uint32_t d = D->total; d-- > 0;) {
		link_set_next(D, d, brain_rhead(D, D->src[d]));
		link_set_head(D, D->src[d], d);
	}
}

/* The live and weight bits of every block, exactly. */
static void live_rebuild(const brain *b, brain_dtype *D)
{
	memset(D->live, 0, brain_words(D->nblocks) * sizeof *D->live);
	memset(D->susb, 0, brain_words(D->nblocks) * sizeof *D->susb);
	for (uint32_t d = 0; d < D->total; d++) {
		if (D->suscept[d] || D->stw[d] != D->ltw[d])
			brain_bit_set(D->live, d / BRAIN_BLOCK);
		if (D->suscept[d])
			brain_bit_set(D->susb, d / BRAIN_BLOCK);
	}
	if (!D->wnz)
		return;
	memset(D->wnz, 0, brain_words(D->nblocks) * sizeof *D->wnz);
	const uint8_t *w = brain_weights(b, D);
	for (uint32_t d = 0; d < D->total; d++)
		brain_wnz_note(D, d, w[d]);
}

void brain_live_all(brain_dtype *D)
{
	for (uint32_t w = 0; w < brain_words(D->nblocks); w++) {
		uint64_t m = brain_word_mask(D->nblocks, w);
		D->live[w] = D->susb[w] = m;
		if (D->wnz)
			D->wnz[w] = m;
	}
}

void brain_derive_type(brain *b, brain_lobe *L, unsigned t)
{
	brain_dtype *D = L->d[t];
	if (!D->present)
		return;
	memset(D->nloose, 0, L->n);
	memset(D->cells, 0, brain_words(L->n) * sizeof *D->cells);
	D->loose_dendrites = D->loose_cells = 0;
	for (uint32_t i = 0; i < L->n; i++)
		brain_derive_neuron(b, L, t, i);
	build_lists(D, L->n, b->lobes[D->src_lobe].n);
	D->ordered = false;
	if (D->keep && !D->anded) /* in the order the kept sums walk */
		brain_lists_order(b, D, b->lobes[D->src_lobe].n);
	live_rebuild(b, D);
	D->kvalid = false;
	D->hollow = false;
	for (uint32_t i = 0; i < L->n; i++)
		D->hollow |= D->first[i] == D->first[i + 1];
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
		for (unsigned t = 0; t < 2; t++)
			brain_derive_type(b, L, t);
		/* A sum over a type that is not wired is the empty sum everywhere. */
		uint8_t empty = b->opts.empty_sum ? L->gene.gain : 0;
		for (unsigned s = 0; s < 4; s++) {
			if (L->sumv[s] && !L->d[s & 1]->present)
				memset(L->sumv[s], empty, L->n);
			L->sumnz[s] = 0;
			for (uint32_t i = 0; L->sumv[s] && i < L->n; i++)
				L->sumnz[s] += L->sumv[s][i] != 0;
		}
		/* States and outputs may have been written directly (a load, an
		 * import): nothing kept about them holds. */
		L->fvalid = L->uvalid = L->settled = false;
	}
}

/* The emitter loci of a lobe (§4.6): activity, and the loose counts —
 * dendrites, or fully loose cells for migrate-2 lobes (option loose_count). */
void brain_lobe_emitters(const brain *b, brain_lobe *L)
{
	L->eloc[BRAIN_EL_ACTIVITY] = (uint8_t)(L->nfiring * 255u / L->n);
	for (unsigned t = 0; t < 2; t++) {
		const brain_dtype *D = L->d[t];
		uint32_t v = 0;
		if (D->present) {
			bool cells = b->opts.loose_count == 2 ||
			             (b->opts.loose_count == 0 && D->migration == 2);
			v = cells ? D->loose_cells : D->loose_dendrites;
		}
		L->eloc[BRAIN_EL_LOOSE0 + t] = (uint8_t)(v > 255 ? 255 : v);
	}
}

void brain_dendrite_write(brain *b, brain_lobe *L, unsigned t, uint32_t d, uint16_t src,
                          uint8_t stw, uint8_t ltw, uint8_t strength, uint8_t suscept)
{
	brain_dtype *D = L->d[t];
	uint32_t i = brain_owner(D, d);
	uint8_t *w = brain_weights(b, D);
	if (D->kvalid) {
		uint32_t o = D->snap[D->src[d]];
		D->acc[i] = (uint16_t)(D->acc[i] - o * w[d] / 255u);
		D->nsil[i] = (uint8_t)(D->nsil[i] - !o);
	}
	if (src != D->src[d])
		set_source(D, d, src);
	D->stw[d] = stw;
	D->ltw[d] = ltw;
	D->strength[d] = strength;
	D->suscept[d] = suscept;
	if (D->kvalid) {
		uint32_t o = D->snap[src];
		D->acc[i] = (uint16_t)(D->acc[i] + o * w[d] / 255u);
		D->nsil[i] = (uint8_t)(D->nsil[i] + !o);
		if (D->infire)
			brain_bit_put(D->infire, d, o != 0);
		brain_bit_set(D->dirty, i);
		D->anydirty = true;
	}
	if (D->ordered)
		brain_relink(D, d, w[d] != 0);
	if (suscept || stw != ltw)
		brain_bit_set(D->live, d / BRAIN_BLOCK);
	if (suscept)
		brain_bit_set(D->susb, d / BRAIN_BLOCK);
	brain_wnz_note(D, d, w[d]);
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
	const char *name = genome_vocab_name(&genome_lobes, (int)lobe);
	out->name = name ? name : "Lobe";
	out->gene = &L->gene;
	out->wta = L->gene.flags & 1;
	out->perceptible = L->gene.perceptible;
	out->perception_offset = L->percept_offset;
	for (unsigned t = 0; t < 2; t++) {
		out->has_dendrites[t] = L->d[t]->present;
		out->source_lobe[t] = L->gene.dendrite[t].source_lobe;
		out->dendrites[t] = L->d[t]->present ? L->d[t]->total : 0;
	}
	out->firing = L->nfiring;
	out->process_rank = L->rank;
	return 0;
}

int brain_lobe_at_rank(const brain *b, unsigned rank)
{
	return rank < b->nlobes ? b->order[rank] : -1;
}

const brain_svrule_prog *brain_lobe_rule(const brain *b, unsigned lobe, unsigned rule)
{
	if (lobe >= b->nlobes || rule >= BRAIN_NRULES)
		return NULL;
	return &b->progs[b->lobes[lobe].rules[rule]];
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

const uint8_t *brain_cells(const brain *b, unsigned lobe, int which)
{
	if (lobe >= b->nlobes)
		return NULL;
	return which ? b->lobes[lobe].output : b->lobes[lobe].state;
}

int brain_winner(const brain *b, unsigned lobe)
{
	if (lobe >= b->nlobes)
		return -1;
	const brain_lobe *L = &b->lobes[lobe];
	if (!L->n)
		return -1;
	/* the first largest output, unless every output is 0 */
	uint32_t i = brain_simd_argmax(L->output, L->n);
	return L->output[i] ? (int)i : -1;
}

int brain_set_wta_mask(brain *b, unsigned lobe, uint32_t allowed)
{
	if (lobe >= b->nlobes)
		return -1;
	b->lobes[lobe].wta_deny = ~allowed;
	return 0;
}

int brain_set_state(brain *b, unsigned lobe, unsigned cell, uint8_t value)
{
	if (lobe >= b->nlobes || cell >= b->lobes[lobe].n)
		return -1;
	b->lobes[lobe].state[cell] = value;
	b->lobes[lobe].settled = b->lobes[lobe].uvalid = false;
	return 0;
}

int brain_add_state(brain *b, unsigned lobe, unsigned cell, int delta)
{
	if (lobe >= b->nlobes || cell >= b->lobes[lobe].n)
		return -1;
	int v = b->lobes[lobe].state[cell] + delta;
	b->lobes[lobe].state[cell] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
	b->lobes[lobe].settled = b->lobes[lobe].uvalid = false;
	return 0;
}

unsigned brain_dendrite_count(const brain *b, unsigned lobe, unsigned cell, unsigned type)
{
	if (lobe >= b->nlobes || type > 1 || cell >= b->lobes[lobe].n)
		return 0;
	const brain_dtype *D = b->lobes[lobe].d[type];
	return D->present ? D->first[cell + 1] - D->first[cell] : 0;
}

int brain_dendrite_get(const brain *b, unsigned lobe, unsigned cell, unsigned type, unsigned k,
                       brain_dendrite_info *out)
{
	if (k >= brain_dendrite_count(b, lobe, cell, type))
		return -1;
	const brain_dtype *D = b->lobes[lobe].d[type];
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
	return b->lobes[lobe].d[type]->nloose[cell];
}

uint8_t *brain_receptor_locus(brain *b, unsigned lobe, unsigned locus)
{
	if (lobe >= b->nlobes)
		return NULL;
	brain_lobe *L = &b->lobes[lobe];
	if (locus < BRAIN_RL_CELL)
		return &L->rloc[locus];
	if (locus - BRAIN_RL_CELL < L->n) {
		L->state_exposed = true; /* written unseen from now on */
		return &L->state[locus - BRAIN_RL_CELL];
	}
	return NULL;
}

uint8_t *brain_emitter_locus(brain *b, unsigned lobe, unsigned locus)
{
	if (lobe >= b->nlobes)
		return NULL;
	brain_lobe *L = &b->lobes[lobe];
	if (locus < BRAIN_EL_CELL)
		return &L->eloc[locus];
	if (locus - BRAIN_EL_CELL < L->n) {
		L->out_exposed = true; /* may be cleared unseen from now on */
		return &L->output[locus - BRAIN_EL_CELL];
	}
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
