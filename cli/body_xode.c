/* body_xode.c — `c2rt body FILE.xode`: load an XODE scene, summarise it or
 * print it as JSON, and write it back (+retain). */
#include "cli/body_xode.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xode/xode.h"
#include "cli/cli.h"

bool cli_body_is_xode(const char *path)
{
	size_t n = strlen(path);
	return n >= 5 && strcasecmp(path + n - 5, ".xode") == 0;
}

static const char *part_name(const body_model *m, int p, char *buf, size_t cap)
{
	if (p < 0)
		return "(world)";
	if (m->parts[p].name)
		return m->parts[p].name;
	snprintf(buf, cap, "#%d", p);
	return buf;
}

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static void print_sizes(const body_geom *g)
{
	switch (g->shape) {
	case BODY_SHAPE_BOX:
		printf(" %g x %g x %g", g->size[0], g->size[1], g->size[2]);
		break;
	case BODY_SHAPE_SPHERE:
		printf(" radius %g", g->size[0]);
		break;
	case BODY_SHAPE_CAPSULE:
	case BODY_SHAPE_CYLINDER:
		printf(" radius %g length %g", g->size[0], g->size[1]);
		break;
	case BODY_SHAPE_PLANE:
		printf(" %gx + %gy + %gz = %g", g->plane[0], g->plane[1], g->plane[2], g->plane[3]);
		break;
	case BODY_SHAPE_RAY:
		printf(" length %g", g->size[0]);
		break;
	case BODY_SHAPE_TRIMESH:
		printf(" %zu %s, %zu %s", g->nverts, plural(g->nverts, "vertex", "vertices"), g->ntris,
		       plural(g->ntris, "triangle", "triangles"));
		break;
	default:
		break;
	}
}

/* first/order: body_geoms_by_part. */
static void print_summary(const char *path, const body_model *m, const size_t *first, const size_t *order)
{
	size_t nstatic = first[1] - first[0];
	printf("%s: XODE scene%s%s%s: %zu %s, %zu %s (%zu static), %zu %s, total mass %g\n", path,
	       m->name ? " '" : "", m->name ? m->name : "", m->name ? "'" : "", m->nparts,
	       plural(m->nparts, "body", "bodies"), m->ngeoms, plural(m->ngeoms, "geom", "geoms"), nstatic,
	       m->njoints, plural(m->njoints, "joint", "joints"), body_total_mass(m));
	char b1[32], b2[32];
	if (m->nparts)
		printf("bodies:\n");
	for (size_t i = 0; i < m->nparts; i++) {
		const body_part *p = &m->parts[i];
		printf("  %-16s pos (%g, %g, %g)  mass %g", part_name(m, (int)i, b1, sizeof b1), p->pos[0],
		       p->pos[1], p->pos[2], p->mass);
		if (p->parent >= 0)
			printf("  inside %s", part_name(m, p->parent, b2, sizeof b2));
		if (!p->enabled)
			printf("  disabled");
		size_t n = first[i + 2] - first[i + 1];
		printf("  %zu %s", n, plural(n, "geom", "geoms"));
		for (size_t k = first[i + 1]; k < first[i + 2]; k++)
			printf("%s%s", k == first[i + 1] ? ": " : ", ", xode_shape_name(m->geoms[order[k]].shape));
		printf("\n");
	}
	if (m->njoints)
		printf("joints:\n");
	for (size_t i = 0; i < m->njoints; i++) {
		const body_joint *j = &m->joints[i];
		char jn[32];
		snprintf(jn, sizeof jn, "#%zu", i);
		printf("  %-16s %-9s %s - %s", j->name ? j->name : jn, xode_joint_name(j->kind),
		       part_name(m, j->p1, b1, sizeof b1), part_name(m, j->p2, b2, sizeof b2));
		if (j->xode.anchor_given)
			printf("  anchor (%g, %g, %g)", j->anchor[0], j->anchor[1], j->anchor[2]);
		for (int a = 0; a < j->naxes; a++)
			printf("  axis (%g, %g, %g)", j->axis[a].dir[0], j->axis[a].dir[1], j->axis[a].dir[2]);
		printf("\n");
	}
	if (nstatic)
		printf("static geoms:\n");
	for (size_t k = first[0]; k < first[1]; k++) {
		const body_geom *geom = &m->geoms[order[k]];
		printf("  %-16s %s", geom->name ? geom->name : "(unnamed)", xode_shape_name(geom->shape));
		print_sizes(geom);
		printf("\n");
	}
	for (size_t i = 0; i < m->nwarnings; i++)
		printf("%s:%ld: warning: %s\n", path, m->warnings[i].line, m->warnings[i].msg);
}

int cli_body_xode(const char *path, bool json, const char *export_path)
{
	body_model m;
	c2_err err;
	if (xode_load_file(&m, path, &err) != 0)
		return cli_report(path, &err);
	int rc = CLI_OK;
	c2_wbuf w = {0};
	/* What is printed first: the export is renamed into place only once it
	 * has reached standard output. */
	if (!(export_path && strcmp(export_path, "-") == 0)) {
		if (json) {
			if (xode_json(&m, &w) != 0)
				rc = cli_fail(CLI_BAD, "body", "out of memory");
			else
				rc = cli_write("body", "-", w.data, w.len);
		} else {
			size_t *first = malloc((m.nparts + 2) * sizeof *first);
			size_t *order = malloc((m.ngeoms + 1) * sizeof *order);
			if (first && order) {
				body_geoms_by_part(&m, first, order);
				print_summary(path, &m, first, order);
			} else {
				rc = cli_fail(CLI_BAD, "body", "out of memory");
			}
			free(first);
			free(order);
		}
	}
	if (rc == CLI_OK && export_path) {
		w.len = 0;
		if (xode_export(&m, &w, &err) != 0)
			rc = cli_report(path, &err);
		else
			rc = cli_write("body", export_path, w.data, w.len);
	}
	c2_wbuf_free(&w);
	body_free(&m);
	return rc;
}
