/* loci.c — receptor/emitter locus tables and their look-ups. */
#include "genome/loci.h"

#include <stdio.h>

#include "genome/vocab.h"

const genome_locus_info genome_receptor_loci[GENOME_RL_COUNT] = {
#define X(E, o, t, f, l, n, v) [GENOME_RL_##E] = {o, t, f, l, n, v},
	GENOME_RECEPTOR_LOCI(X)
#undef X
};

const genome_locus_info genome_emitter_loci[GENOME_EL_COUNT] = {
#define X(E, o, t, f, l, n, v) [GENOME_EL_##E] = {o, t, f, l, n, v},
	GENOME_EMITTER_LOCI(X)
#undef X
};

int genome_locus_find(genome_locus_dir dir, uint8_t organ, uint8_t tissue, uint8_t locus, int *index)
{
	const genome_locus_info *t = dir == GENOME_RECEPTOR ? genome_receptor_loci : genome_emitter_loci;
	int n = dir == GENOME_RECEPTOR ? GENOME_RL_COUNT : GENOME_EL_COUNT;
	for (int i = 0; i < n; i++) {
		if (t[i].organ != organ)
			continue;
		if (t[i].tissue != GENOME_ANY_TISSUE && t[i].tissue != tissue)
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

const char *genome_locus_organ_name(uint8_t organ)
{
	static const char *const names[] = {"brain", "creature", "organ"};
	return organ < 3 ? names[organ] : NULL;
}

const char *genome_locus_tissue_name(uint8_t organ, uint8_t tissue)
{
	if (organ == 0)
		return genome_vocab_name(&genome_lobes, tissue);
	if (organ == 1 && tissue < 6)
		return creature_tissues[tissue];
	if (organ == 2 && tissue == 0)
		return "own";
	return NULL;
}

void genome_locus_describe(genome_locus_dir dir, uint8_t organ, uint8_t tissue, uint8_t locus,
                       char *buf, size_t cap)
{
	int idx = 0;
	int e = genome_locus_find(dir, organ, tissue, locus, &idx);
	if (e < 0) {
		snprintf(buf, cap, "unknown locus %u/%u/%u", organ, tissue, locus);
		return;
	}
	const genome_locus_info *li = dir == GENOME_RECEPTOR ? &genome_receptor_loci[e] : &genome_emitter_loci[e];
	char where[48];
	if (organ == 0) {
		const char *lobe = genome_vocab_name(&genome_lobes, tissue);
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
	const char *sub = li->index_names ? genome_vocab_name(li->index_names, idx) : NULL;
	if (sub)
		snprintf(buf, cap, "%s: %s %d (%s)", where, li->name, idx, sub);
	else
		snprintf(buf, cap, "%s: %s %d", where, li->name, idx);
}
