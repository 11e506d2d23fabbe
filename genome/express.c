/* express.c — which genes a creature expresses, by sex and life stage (§2.6),
 * and which organ owns each biochemistry gene. */
#include "genome/genome.h"

#include <stdlib.h>

bool genome_gene_switches_on(const genome_gene *gene, genome_sex sex, int stage)
{
	if (gene->flags & GENOME_FLAG_DORMANT)
		return false;
	if (gene->stage != stage || stage >= GENOME_NSTAGES)
		return false;
	bool male_only = gene->flags & GENOME_FLAG_MALE;
	bool female_only = gene->flags & GENOME_FLAG_FEMALE;
	if (male_only && female_only)
		return false; /* can never be expressed (§2.3) */
	if (male_only && sex != GENOME_MALE)
		return false;
	if (female_only && sex != GENOME_FEMALE)
		return false;
	return true;
}

size_t genome_switched_on(const genome *g, genome_sex sex, int stage, size_t *out)
{
	size_t n = 0;
	for (size_t i = 0; i < g->ngenes; i++)
		if (genome_gene_switches_on(&g->genes[i], sex, stage))
			out[n++] = i;
	return n;
}

bool genome_gene_key(const genome_gene *gene, uint32_t *key)
{
	const uint8_t *b = gene->u.raw;
	switch ((genome_kind)gene->kind) {
	case GK_EMITTER: /* same locus AND same chemical (§2.6) */
		*key = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
		return true;
	case GK_STIMULUS: /* stimulus number */
	case GK_POSE:     /* pose number */
	case GK_GAIT:     /* gait number */
	case GK_APPEARANCE: /* body part */
		*key = b[0];
		return true;
	case GK_HALF_LIVES: /* one table per creature */
	case GK_BRAIN_ORGAN:
		*key = 0;
		return true;
	default:
		return false;
	}
}

size_t genome_in_force(const genome *g, genome_sex sex, int stage, size_t *out,
                       long *replaced_by)
{
	size_t n = 0;
	bool have_genus = false;
	if (replaced_by)
		for (size_t i = 0; i < g->ngenes; i++)
			replaced_by[i] = -1;
	for (int s = 0; s <= stage && s < GENOME_NSTAGES; s++) {
		for (size_t i = 0; i < g->ngenes; i++) {
			const genome_gene *gene = &g->genes[i];
			if (!genome_gene_switches_on(gene, sex, s))
				continue;
			/* Brain structure and organs exist from birth only (Q19). */
			if (s > 0 && (gene->kind == GK_LOBE || gene->kind == GK_ORGAN ||
			              gene->kind == GK_BRAIN_ORGAN))
				continue;
			if (gene->kind == GK_GENUS) { /* the first genus gene wins */
				if (have_genus)
					continue;
				have_genus = true;
			}
			uint32_t key;
			if (genome_gene_key(gene, &key)) {
				for (size_t j = 0; j < n; j++) {
					const genome_gene *old = &g->genes[out[j]];
					uint32_t okey;
					if (old->kind == gene->kind && genome_gene_key(old, &okey) && okey == key) {
						if (replaced_by)
							replaced_by[out[j]] = (long)i;
						for (size_t k = j + 1; k < n; k++)
							out[k - 1] = out[k];
						n--;
						break; /* keys are unique among genes in force */
					}
				}
			}
			out[n++] = i;
		}
	}
	return n;
}

long genome_owner_organ(const genome *g, size_t i)
{
	if (i >= g->ngenes)
		return -2;
	int k = g->genes[i].kind;
	if (k != GK_RECEPTOR && k != GK_EMITTER && k != GK_REACTION)
		return -2;
	for (size_t j = i; j-- > 0;)
		if (g->genes[j].kind == GK_ORGAN)
			return (long)j;
	return -1; /* orphan: belongs to the engine's body organ */
}
