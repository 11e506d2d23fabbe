/* lobes.c — effective lobe sizes and positions (reference §4.1), shared by
 * validation and brain construction so both agree on every cell index. */
#include "genome/lobes.h"

#include "genome/vocab.h"

/* Minimum neurons the engine needs in lobes 1..7 (openc2e's C2 minima, §4.1;
 * the drive lobe needs one cell per drive). */
static const int role_minimum[GENOME_NLOBE_ROLES] = {
	[GENOME_LOBE_DRIVE] = 17, [GENOME_LOBE_SOURCE] = 40, [GENOME_LOBE_VERB] = 16,
	[GENOME_LOBE_NOUN] = 40,  [GENOME_LOBE_SENSE] = 32,  [GENOME_LOBE_DECISION] = 16,
	[GENOME_LOBE_ATTENTION] = 40,
};

int genome_lobe_role_minimum(size_t lobe)
{
	return lobe < GENOME_NLOBE_ROLES ? role_minimum[lobe] : 0;
}

/* Widen (never heighten) until w*h >= need, as openc2e does; then enforce
 * the 1 024-neuron cap. */
static void ensure(genome_lobe_dims *d, int need)
{
	if (need > GENOME_MAX_LOBE_CELLS)
		need = GENOME_MAX_LOBE_CELLS;
	while (d->w * d->h < need)
		d->w++;
}

static void cap_size(genome_lobe_dims *d)
{
	if (d->w * d->h > GENOME_MAX_LOBE_CELLS) {
		d->w = 32;
		d->h = 32;
	}
}

static void place_on_grid(genome_lobe_dims *d)
{
	/* Keep the lobe on the 64x48 grid when it fits there; the position only
	 * matters for display, the size decides the neurons. */
	int maxx = GENOME_BRAIN_GRID_W - (d->w < GENOME_BRAIN_GRID_W ? d->w : GENOME_BRAIN_GRID_W);
	int maxy = GENOME_BRAIN_GRID_H - (d->h < GENOME_BRAIN_GRID_H ? d->h : GENOME_BRAIN_GRID_H);
	if (d->x > maxx)
		d->x = maxx;
	if (d->y > maxy)
		d->y = maxy;
}

void genome_lobe_dims_compute(const genome_lobe_gene *const *lobes, size_t n,
                              genome_lobe_dims *out)
{
	for (size_t i = 0; i < n; i++) {
		genome_lobe_dims *d = &out[i];
		d->x = lobes[i]->x;
		d->y = lobes[i]->y;
		d->w = lobes[i]->width ? lobes[i]->width : 1;
		d->h = lobes[i]->height ? lobes[i]->height : 1;
		ensure(d, genome_lobe_role_minimum(i));
		cap_size(d);
	}
	/* The perception lobe must hold a copy of every perceptible lobe. */
	if (n > 0) {
		int total = 0;
		for (size_t i = 1; i < n; i++)
			if (lobes[i]->perceptible)
				total += out[i].w * out[i].h;
		ensure(&out[0], total);
		cap_size(&out[0]);
	}
	for (size_t i = 0; i < n; i++)
		place_on_grid(&out[i]);
}
