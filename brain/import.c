/* import.c — building a brain whose wiring comes from elsewhere (a C2
 * export, exchange/import.c): given dendrite counts, then every neuron and
 * dendrite set one by one, then the derived data recomputed once. */
#include <stdlib.h>
#include <string.h>

#include "brain/brain_impl.h"

int brain_build_shaped(brain **out, const genome *g, genome_sex sex, const brain_options *opts,
                       const uint8_t *counts, size_t ncounts, c2_rng *rng, c2_err *err)
{
	*out = NULL;
	const genome_lobe_gene *lobes[BRAIN_MAX_LOBES];
	size_t n;
	int rc = brain_lobe_genes(g, sex, lobes, &n, err);
	if (rc)
		return rc;
	genome_lobe_dims *dims = calloc(n, sizeof *dims);
	uint8_t(*rnd)[BRAIN_NRULES] = calloc(n, sizeof *rnd);
	if (!dims || !rnd) {
		rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		goto done;
	}
	genome_lobe_dims_compute(lobes, n, dims);
	size_t base = 0;
	for (size_t l = 0; l < n; l++) {
		size_t ln = (size_t)dims[l].w * (size_t)dims[l].h;
		for (size_t i = 0; i < ln && base + i < ncounts / 2; i++)
			for (unsigned t = 0; t < 2; t++)
				if (counts[(base + i) * 2 + t] && !brain_type_present(lobes[l], t, n)) {
					rc = c2_fail(err, C2_EINVAL, -1, -1,
					             "lobe %zu neuron %zu: dendrites of type %u, which its gene "
					             "does not wire", l, i, t);
					goto done;
				}
		base += ln;
	}
	if (ncounts != 2 * base) {
		rc = c2_fail(err, C2_EINVAL, -1, -1, "%zu neurons given, the genome builds %zu",
		             ncounts / 2, base);
		goto done;
	}
	for (size_t l = 0; l < n; l++)
		for (unsigned r = 0; r < BRAIN_NRULES; r++)
			rnd[l][r] = (uint8_t)c2_rng_below(rng, 256);
	rc = brain_assemble(out, lobes, n, opts, counts, (const uint8_t(*)[BRAIN_NRULES])rnd, err);
	if (rc == 0)
		brain_refresh(*out);
done:
	free(dims);
	free(rnd);
	return rc;
}

size_t brain_neuron_total(const brain *b)
{
	size_t n = 0;
	for (uint32_t l = 0; l < b->nlobes; l++)
		n += b->lobes[l].n;
	return n;
}

int brain_neuron_set(brain *b, unsigned lobe, unsigned cell, uint8_t state, uint8_t output)
{
	if (lobe >= b->nlobes || cell >= b->lobes[lobe].n)
		return -1;
	b->lobes[lobe].state[cell] = state;
	b->lobes[lobe].output[cell] = output;
	return 0;
}

int brain_dendrite_set(brain *b, unsigned lobe, unsigned cell, unsigned type, unsigned k,
                       const brain_dendrite_info *d)
{
	if (k >= brain_dendrite_count(b, lobe, cell, type))
		return -1;
	brain_dtype *D = b->lobes[lobe].d[type];
	if (d->src >= b->lobes[D->src_lobe].n)
		return -1;
	uint32_t i = D->first[cell] + k;
	/* the source lists are rebuilt from src[] by brain_refresh */
	D->src[i] = d->src;
	D->stw[i] = d->stw;
	D->ltw[i] = d->ltw;
	D->strength[i] = d->strength;
	D->suscept[i] = d->suscept;
	return 0;
}

void brain_set_ticks(brain *b, uint64_t ticks)
{
	b->ticks = ticks;
}

void brain_refresh(brain *b)
{
	brain_derive(b, true);
	for (uint32_t l = 0; l < b->nlobes; l++)
		brain_lobe_emitters(b, &b->lobes[l]);
}
