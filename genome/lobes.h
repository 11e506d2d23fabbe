/* lobes.h — effective lobe geometry from lobe genes (reference §4.1).
 *
 * Rules, applied in this order: width or height 0 counts as 1; lobes 1..7
 * are widened to the engine's minimum cell count; a lobe over 1 024 cells
 * becomes 32x32; the perception lobe (0) is widened to hold every perceptible
 * lobe (capped at 1 024 cells: perceptible cells beyond it are not copied);
 * finally the position is moved so the lobe lies on the 64x48 brain grid
 * when it fits. Widening only ever grows the width, as openc2e does. */
#ifndef C2_LOBES_H
#define C2_LOBES_H

#include <stddef.h>

#include "genome/genome.h"

enum {
	GENOME_BRAIN_GRID_W = 64,
	GENOME_BRAIN_GRID_H = 48,
	GENOME_MAX_LOBE_CELLS = 1024
};

typedef struct genome_lobe_dims {
	int x, y, w, h;
} genome_lobe_dims;

/* Minimum number of cells the engine needs in lobe number `lobe` (0 if none). */
int genome_lobe_role_minimum(size_t lobe);

/* Geometry of `n` lobes given in lobe order (lobe i = lobes[i]). */
void genome_lobe_dims_compute(const genome_lobe_gene *const *lobes, size_t n,
                              genome_lobe_dims *out);

#endif
