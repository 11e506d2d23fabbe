/* instinct.c — the pending-instinct FIFO and instinct wiring (reference §6.2).
 *
 * Processing one instinct wires a concept neuron to the instinct's
 * perception inputs and a decision dendrite to that concept, both with the
 * gene's level as LTW, STW and strength — the algorithm that reproduces the
 * real export (and openc2e's processInstinct). Everything is checked before
 * anything is written, so a dropped instinct leaves the brain untouched. */
#include <stdlib.h>
#include <string.h>

#include "brain/brain_impl.h"
#include "genome/vocab.h"

int brain_instinct_push(brain *b, const genome_instinct_gene *gene, c2_err *err)
{
	if (b->inst_len == b->inst_cap) {
		size_t cap = b->inst_cap ? 2 * b->inst_cap : 16;
		genome_instinct_gene *items = malloc(cap * sizeof *items);
		if (!items)
			return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		for (size_t k = 0; k < b->inst_len; k++)
			items[k] = b->inst[(b->inst_head + k) % b->inst_cap];
		free(b->inst);
		b->inst = items;
		b->inst_cap = cap;
		b->inst_head = 0;
	}
	b->inst[(b->inst_head + b->inst_len) % b->inst_cap] = *gene;
	b->inst_len++;
	return 0;
}

size_t brain_instinct_pending(const brain *b)
{
	return b->inst_len;
}

const char *brain_instinct_result_name(brain_instinct_result r)
{
	switch (r) {
	case BRAIN_INSTINCT_NONE: return "none";
	case BRAIN_INSTINCT_WIRED: return "wired";
	case BRAIN_INSTINCT_NO_INPUT: return "no-input";
	case BRAIN_INSTINCT_NO_CANDIDATE: return "no-candidate";
	case BRAIN_INSTINCT_NO_LOBES: return "no-lobes";
	case BRAIN_INSTINCT_BAD_ACTION: return "bad-action";
	}
	return "?";
}

/* Perception neuron for (lobe, cell), or -1. A lobe that is not perceptible
 * is represented by the first perceptible lobe fed from it (source and noun
 * cells reach perception through the attention lobe). */
static long perception_index(const brain *b, unsigned lobe, unsigned cell)
{
	if (lobe == 0 || lobe >= b->nlobes)
		return -1; /* lobe 0 marks an unused slot */
	unsigned p = lobe;
	if (!b->lobes[lobe].gene.perceptible) {
		p = 0;
		for (unsigned j = 1; j < b->nlobes && !p; j++) {
			const genome_lobe_gene *g = &b->lobes[j].gene;
			if (g->perceptible && (g->dendrite[0].source_lobe == lobe ||
			                       g->dendrite[1].source_lobe == lobe))
				p = j;
		}
		if (!p)
			return -1;
	}
	long off = 0;
	for (unsigned j = 1; j < p; j++)
		if (b->lobes[j].gene.perceptible)
			off += b->lobes[j].n;
	off += cell;
	/* The original engine overruns the perception lobe here. */
	return off < (long)b->lobes[0].n ? off : -1;
}

unsigned brain_instinct_inputs(const brain *b, const genome_instinct_gene *gene, uint16_t out[3])
{
	unsigned n = 0;
	for (unsigned k = 0; k < 3; k++) {
		long p = perception_index(b, gene->input[k].lobe, gene->input[k].cell);
		if (p >= 0)
			out[n++] = (uint16_t)p;
	}
	return n;
}

void brain_instinct_clear(brain *b)
{
	b->inst_head = b->inst_len = 0;
}

/* The weakest concept neuron with exactly `want` type-0 dendrites (the one
 * whose strongest dendrite is weakest; lowest index on ties), or with the
 * fallback option the weakest among the fewest dendrites above `want`. */
static long concept_candidate(const brain *b, const brain_dtype *D, uint32_t n, unsigned want)
{
	long best = -1;
	unsigned best_cnt = 0, best_max = 0;
	for (uint32_t i = 0; i < n; i++) {
		unsigned cnt = D->first[i + 1] - D->first[i];
		if (cnt != want && !(b->opts.instinct_fallback && cnt > want))
			continue;
		unsigned mx = 0;
		for (uint32_t d = D->first[i]; d < D->first[i + 1]; d++)
			if (D->strength[d] > mx)
				mx = D->strength[d];
		/* exact matches first; then fewer dendrites; then weaker */
		bool better = best < 0;
		if (!better) {
			bool exact = cnt == want, bexact = best_cnt == want;
			if (exact != bexact)
				better = exact;
			else if (cnt != best_cnt)
				better = cnt < best_cnt;
			else
				better = mx < best_max;
		}
		if (better) {
			best = (long)i;
			best_cnt = cnt;
			best_max = mx;
		}
	}
	return best;
}

brain_instinct_result brain_instinct_process(brain *b, brain_instinct_report *rep)
{
	brain_instinct_report local;
	if (!rep)
		rep = &local;
	memset(rep, 0, sizeof *rep);
	rep->concept = -1;
	rep->dendrite = -1;
	if (!b->inst_len)
		return BRAIN_INSTINCT_NONE;
	genome_instinct_gene g = b->inst[b->inst_head];
	b->inst_head = (b->inst_head + 1) % b->inst_cap;
	b->inst_len--;
	rep->gene = g;

	rep->ninputs = brain_instinct_inputs(b, &g, rep->perception);
	if (!rep->ninputs)
		return BRAIN_INSTINCT_NO_INPUT;
	if (b->nlobes <= GENOME_LOBE_CONCEPT)
		return BRAIN_INSTINCT_NO_LOBES;
	brain_lobe *C = &b->lobes[GENOME_LOBE_CONCEPT], *Dl = &b->lobes[GENOME_LOBE_DECISION];
	brain_dtype *Dc = C->d[0];
	unsigned t = g.reinforcer == GENOME_CHEM_PUNISHMENT ? 1 : 0;
	brain_dtype *Dd = Dl->d[t];
	rep->type = t;
	if (!Dc->present || Dc->src_lobe != GENOME_LOBE_PERCEPTION || !Dd->present ||
	    Dd->src_lobe != GENOME_LOBE_CONCEPT)
		return BRAIN_INSTINCT_NO_LOBES;

	long cn = concept_candidate(b, Dc, C->n, rep->ninputs);
	if (cn < 0)
		return BRAIN_INSTINCT_NO_CANDIDATE;
	if (g.action >= Dl->n || Dd->first[g.action] == Dd->first[g.action + 1])
		return BRAIN_INSTINCT_BAD_ACTION;

	/* The concept neuron listens to exactly the instinct's inputs. */
	uint32_t first = Dc->first[cn], cnt = Dc->first[cn + 1] - first;
	for (uint32_t k = 0; k < cnt; k++) {
		uint32_t d = first + k;
		if (k < rep->ninputs)
			brain_dendrite_write(b, C, 0, d, rep->perception[k], g.level, g.level, g.level,
			                   Dc->suscept[d]);
		else /* fallback: the extra dendrites are loose */
			brain_dendrite_write(b, C, 0, d, Dc->src[d], Dc->stw[d], Dc->ltw[d], 0, Dc->suscept[d]);
	}
	brain_derive_neuron(b, C, 0, (uint32_t)cn);
	rep->concept = (int)cn;
	rep->concept_dendrites = cnt;

	/* The action's weakest dendrite of the reinforcer's type listens to it. */
	uint32_t df = Dd->first[g.action], dl = Dd->first[g.action + 1], best = df;
	for (uint32_t d = df + 1; d < dl; d++)
		if (Dd->strength[d] < Dd->strength[best])
			best = d;
	brain_dendrite_write(b, Dl, t, best, (uint16_t)cn, g.level, g.level, g.level, Dd->suscept[best]);
	brain_derive_neuron(b, Dl, t, g.action);
	rep->dendrite = (int)(best - df);
	return BRAIN_INSTINCT_WIRED;
}
