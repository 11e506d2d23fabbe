/* loci.c — receptor/emitter locus tables and their look-ups. */
#include "genome/loci.h"

#include <stdio.h>

#include "genome/vocab.h"

const c2_locus_info c2_receptor_loci[C2_RL_COUNT] = {
#define X(E, o, t, f, l, n, v) [C2_RL_##E] = {o, t, f, l, n, v},
	C2_RECEPTOR_LOCI(X)
#undef X
};

const c2_locus_info c2_emitter_loci[C2_EL_COUNT] = {
#define X(E, o, t, f, l, n, v) [C2_EL_##E] = {o, t, f, l, n, v},
	C2_EMITTER_LOCI(X)
#undef X
};

int c2_locus_find(c2_locus_dir dir, uint8_t organ, uint8_t tissue, uint8_t locus, int *index)
{
	const c2_locus_info *t = dir == C2_RECEPTOR ? c2_receptor_loci : c2_emitter_loci;
	int n = dir == C2_RECEPTOR ? C2_RL_COUNT : C2_EL_COUNT;
	for (int i = 0; i < n; i++) {
		if (t[i].organ != organ)
			continue;
		if (t[i].tissue != C2_ANY_TISSUE && t[i].tissue != tissue)
			continue;
		if (locus < t[i].first || locus > t[i].last)
			continue;
		if (index)
			*index = locus - t[i].first;
		return i;
	}
	return -1;
}

static const char *const creature_tissues[] = {
	"somatic", "circulatory", "reproductive", "immune", "sensorimotor", "drives",
};

const char *c2_locus_organ_name(uint8_t organ)
{
	static const char *const names[] = {"brain", "creature", "organ"};
	return organ < 3 ? names[organ] : NULL;
}

const char *c2_locus_tissue_name(uint8_t organ, uint8_t tissue)
{
	if (organ == 0)
		return c2_vocab_name(&c2_lobes, tissue);
	if (organ == 1 && tissue < 6)
		return creature_tissues[tissue];
	if (organ == 2 && tissue == 0)
		return "own";
	return NULL;
}

void c2_locus_describe(c2_locus_dir dir, uint8_t organ, uint8_t tissue, uint8_t locus,
                       char *buf, size_t cap)
{
	int idx = 0;
	int e = c2_locus_find(dir, organ, tissue, locus, &idx);
	if (e < 0) {
		snprintf(buf, cap, "unknown locus %u/%u/%u", organ, tissue, locus);
		return;
	}
	const c2_locus_info *li = dir == C2_RECEPTOR ? &c2_receptor_loci[e] : &c2_emitter_loci[e];
	char where[48];
	if (organ == 0) {
		const char *lobe = c2_vocab_name(&c2_lobes, tissue);
		if (lobe)
			snprintf(where, sizeof where, "brain lobe %u (%s)", tissue, lobe);
		else
			snprintf(where, sizeof where, "brain lobe %u", tissue);
	} else if (organ == 1) {
		snprintf(where, sizeof where, "creature %s", creature_tissues[tissue]);
	} else {
		snprintf(where, sizeof where, "own organ");
	}
	if (li->first == li->last) {
		snprintf(buf, cap, "%s: %s", where, li->name);
		return;
	}
	const char *sub = li->index_names ? c2_vocab_name(li->index_names, idx) : NULL;
	if (sub)
		snprintf(buf, cap, "%s: %s %d (%s)", where, li->name, idx, sub);
	else
		snprintf(buf, cap, "%s: %s %d", where, li->name, idx);
}
