/* body.c — the body model's life cycle and the queries every format shares. */
#include "body/body.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void body_free(body_model *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nparts; i++) {
		free(m->parts[i].name);
		free(m->parts[i].f0.info);
		free(m->parts[i].f0.vstyle);
	}
	for (size_t i = 0; i < m->ngeoms; i++) {
		free(m->geoms[i].name);
		free(m->geoms[i].verts);
		free(m->geoms[i].tris);
	}
	for (size_t i = 0; i < m->njoints; i++) {
		free(m->joints[i].name);
		free(m->joints[i].f0.info);
		free(m->joints[i].f0.vstyle);
	}
	for (size_t i = 0; i < m->nneurons; i++) {
		free(m->neurons[i].cls);
		free(m->neurons[i].props);
		free(m->neurons[i].info);
		free(m->neurons[i].vstyle);
	}
	for (size_t i = 0; i < m->nconns; i++)
		free(m->conns[i].info);
	for (size_t i = 0; i < m->nwarnings; i++)
		free(m->warnings[i].msg);
	if (m->extra_free)
		m->extra_free(m->extra);
	free(m->name);
	free(m->parts);
	free(m->geoms);
	free(m->joints);
	free(m->neurons);
	free(m->conns);
	free(m->warnings);
	memset(m, 0, sizeof *m);
}

int body_warn(body_model *m, long line, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	char *msg = malloc(strlen(buf) + 1);
	body_warning *nv = realloc(m->warnings, (m->nwarnings + 1) * sizeof *nv);
	if (!msg || !nv) {
		free(msg);
		if (nv)
			m->warnings = nv;
		return C2_ENOMEM;
	}
	strcpy(msg, buf);
	m->warnings = nv;
	m->warnings[m->nwarnings].line = line;
	m->warnings[m->nwarnings].msg = msg;
	m->nwarnings++;
	return 0;
}

double body_total_mass(const body_model *m)
{
	double t = 0;
	for (size_t i = 0; i < m->nparts; i++)
		t += m->parts[i].mass;
	return t;
}

const char *body_shape_name(body_shape s)
{
	static const char *const names[] = {"point",    "sphere", "ellipsoid", "box",    "cylinder",
	                                    "capsule", "plane",  "ray",       "trimesh"};
	_Static_assert(sizeof names / sizeof names[0] == BODY_SHAPE_TRIMESH + 1, "a name per shape");
	return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

const char *body_joint_kind_name(body_joint_kind k)
{
	static const char *const names[] = {"stick",  "fixed",  "ball",      "hinge",
	                                    "hinge2", "slider", "universal", "amotor"};
	_Static_assert(sizeof names / sizeof names[0] == BODY_JOINT_AMOTOR + 1, "a name per kind");
	return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}

bool body_extent(const body_model *m, double min[3], double max[3])
{
	for (int k = 0; k < 3; k++)
		min[k] = max[k] = m->nparts ? m->parts[0].pos[k] : 0;
	for (size_t i = 1; i < m->nparts; i++)
		for (int k = 0; k < 3; k++) {
			double v = m->parts[i].pos[k];
			min[k] = v < min[k] ? v : min[k];
			max[k] = v > max[k] ? v : max[k];
		}
	return m->nparts > 0;
}

bool body_conns_by_target(const body_model *m, size_t **startp, size_t **orderp)
{
	size_t nn = m->nneurons, nc = m->nconns;
	size_t *start = calloc(nn + 2, sizeof *start), *order = malloc((nc + 1) * sizeof *order);
	if (!start || !order) {
		free(start);
		free(order);
		return false;
	}
	/* Counts land two places on, so that after the prefix sums placing
	 * through start[k + 1] leaves start[k] at group k's beginning. */
	for (size_t i = 0; i < nc; i++)
		start[m->conns[i].to + 2]++;
	for (size_t k = 2; k < nn + 2; k++)
		start[k] += start[k - 1];
	for (size_t i = 0; i < nc; i++)
		order[start[m->conns[i].to + 1]++] = i;
	*startp = start;
	*orderp = order;
	return true;
}
