/* query.c — read-only questions about a body model that every format answers
 * the same way (f0 and XODE alike), so front ends and the simulation never
 * look at which loader filled the model. */
#include <string.h>

#include "body/body.h"

int body_find_part(const body_model *m, const char *name)
{
	for (size_t i = 0; i < m->nparts; i++)
		if (m->parts[i].name && strcmp(m->parts[i].name, name) == 0)
			return (int)i;
	return -1;
}

void body_part_point(const body_model *m, size_t part, const double local[3], double world[3])
{
	const body_part *p = &m->parts[part];
	for (int r = 0; r < 3; r++)
		world[r] = p->pos[r] + p->R[r][0] * local[0] + p->R[r][1] * local[1] +
		           p->R[r][2] * local[2];
}

size_t body_part_ngeoms(const body_model *m, int part)
{
	size_t n = 0;
	for (size_t i = 0; i < m->ngeoms; i++)
		n += m->geoms[i].part == part;
	return n;
}

void body_geoms_by_part(const body_model *m, size_t *first, size_t *order)
{
	memset(first, 0, (m->nparts + 2) * sizeof *first);
	for (size_t g = 0; g < m->ngeoms; g++)
		first[m->geoms[g].part + 2]++; /* count into the slot after the part's */
	for (size_t p = 1; p < m->nparts + 2; p++)
		first[p] += first[p - 1];
	for (size_t g = 0; g < m->ngeoms; g++)
		order[first[m->geoms[g].part + 1]++] = g;
	/* first[p + 1] now ends part p's run: shift back to starts. */
	for (size_t p = m->nparts + 1; p > 0; p--)
		first[p] = first[p - 1];
	first[0] = 0;
}

void body_geom_offset(const body_model *m, size_t g, double pos[3], double R[3][3])
{
	const body_geom *geom = &m->geoms[g];
	if (geom->part < 0 || (size_t)geom->part >= m->nparts) {
		memcpy(pos, geom->pos, sizeof geom->pos);
		memcpy(R, geom->R, sizeof geom->R);
		return;
	}
	const body_part *p = &m->parts[geom->part];
	double d[3];
	for (int i = 0; i < 3; i++)
		d[i] = geom->pos[i] - p->pos[i];
	for (int r = 0; r < 3; r++) {
		/* Row r of R_p^T is column r of R_p. */
		pos[r] = p->R[0][r] * d[0] + p->R[1][r] * d[1] + p->R[2][r] * d[2];
		for (int c = 0; c < 3; c++)
			R[r][c] = p->R[0][r] * geom->R[0][c] + p->R[1][r] * geom->R[1][c] +
			          p->R[2][r] * geom->R[2][c];
	}
}
