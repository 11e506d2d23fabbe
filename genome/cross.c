/* cross.c — crossover of two parents aligned on gene identity, with
 * crossing-over points, each copied gene going through the breeding copy
 * (mutate.c); the child's genus gene names its parents (see breed.h). */
#include <string.h>

#include "genome/breed_impl.h"

/* Write the parents' monikers into the child's first genus gene. */
static int name_parents(genome *child, const uint8_t *mum, const uint8_t *dad,
                        genome_changes *log)
{
	for (size_t i = 0; i < child->ngenes; i++) {
		genome_gene *g = &child->genes[i];
		if (g->kind != GK_GENUS)
			continue;
		const uint8_t *name[2] = {mum, dad};
		uint8_t *dst[2] = {g->u.genus.mother, g->u.genus.father};
		for (int k = 0; k < 2; k++) {
			if (!name[k] || memcmp(dst[k], name[k], 4) == 0)
				continue;
			uint8_t before[sizeof g->u.genus];
			memcpy(before, &g->u.genus, sizeof before);
			memcpy(dst[k], name[k], 4);
			genome_change ch = genome_breed_change(GENOME_CH_SET, g);
			ch.b = (long)i;
			genome_breed_body_change(&ch, g->kind, (size_t)(dst[k] - g->u.raw), before, g->u.raw);
			if (genome_breed_log(log, &ch))
				return C2_ENOMEM;
		}
		return 0;
	}
	return 0;
}

int genome_cross(const genome *mum, const genome *dad, const uint8_t *mum_moniker,
                 const uint8_t *dad_moniker, double rate, c2_rng *rng, genome *child,
                 genome_changes *log, c2_err *err)
{
	genome_init(child);
	size_t logged = log ? log->n : 0;
	genome_breed_alignment al = {0};
	int rc = genome_breed_copy_rest(child, mum);
	if (!rc)
		rc = genome_breed_align(mum, dad, false, &al);
	const genome *parent[2] = {mum, dad};
	uint8_t strand = (uint8_t)c2_rng_below(rng, 2);
	for (size_t k = 0; k < al.n && !rc; k++) {
		long idx[2] = {al.v[k].a, al.v[k].b};
		if (idx[0] >= 0 && idx[1] >= 0 && c2_rng_below(rng, GENOME_LINKAGE) == 0) {
			strand ^= 1;
			genome_change ch = genome_breed_change(GENOME_CH_CROSS, NULL);
			ch.b = (long)child->ngenes;
			ch.a = idx[strand];
			ch.from = strand;
			rc = genome_breed_log(log, &ch);
		}
		if (rc || idx[strand] < 0)
			continue; /* a gene only the other strand has */
		rc = genome_breed_copy_gene(child, &parent[strand]->genes[idx[strand]], idx[strand], strand,
		                     rate, rng, log);
	}
	genome_breed_alignment_free(&al);
	if (!rc)
		rc = name_parents(child, mum_moniker, dad_moniker, log);
	if (rc) {
		genome_free(child);
		if (log)
			log->n = logged;
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory while crossing genomes");
	}
	return 0;
}
