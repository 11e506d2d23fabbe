/* json.c — the body model as JSON (body_json_write): everything the model
 * holds, so that another program can rebuild or check it. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "body/body.h"
#include "framsticks/f0.h"

/* The shortest decimal that reads back as the same double; an exponent only
 * for very small or very large magnitudes (so -10, not -1e+01). */
void body_json_num(c2_wbuf *w, double v)
{
	if (!isfinite(v)) {
		c2_w_str(w, "null");
		return;
	}
	if (v == 0)
		v = 0; /* no "-0" */
	bool plain = fabs(v) >= 1e-4 && fabs(v) < 1e15;
	char buf[40];
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, sizeof buf, "%.*g", prec, v);
		if (strtod(buf, NULL) == v && (!plain || !strchr(buf, 'e')))
			break;
	}
	c2_w_str(w, buf);
}

void body_json_str(c2_wbuf *w, const char *s)
{
	if (s)
		c2_w_json_cstr(w, s);
	else
		c2_w_str(w, "null");
}

void body_json_vec(c2_wbuf *w, const double *v, int n, const char *sep)
{
	c2_w_u8(w, '[');
	for (int i = 0; i < n; i++) {
		if (i)
			c2_w_str(w, sep);
		body_json_num(w, v[i]);
	}
	c2_w_u8(w, ']');
}

void body_json_mat(c2_wbuf *w, const double R[3][3], const char *sep)
{
	c2_w_u8(w, '[');
	for (int r = 0; r < 3; r++) {
		if (r)
			c2_w_str(w, sep);
		body_json_vec(w, R[r], 3, sep);
	}
	c2_w_u8(w, ']');
}

static void jarr(c2_wbuf *w, const double *v, int n)
{
	body_json_vec(w, v, n, ",");
}

static void jvec(c2_wbuf *w, const char *key, const double *v, int n)
{
	c2_w_printf(w, ",\"%s\":", key);
	jarr(w, v, n);
}

/* A matrix as its rows. */
static void jmat(c2_wbuf *w, const char *key, const double R[3][3])
{
	c2_w_printf(w, ",\"%s\":", key);
	body_json_mat(w, R, ",");
}

static void jkey(c2_wbuf *w, const char *key, double v)
{
	c2_w_printf(w, ",\"%s\":", key);
	body_json_num(w, v);
}

static void jkeystr(c2_wbuf *w, const char *key, const char *s)
{
	c2_w_printf(w, ",\"%s\":", key);
	body_json_str(w, s);
}

static void part_json(c2_wbuf *w, const body_part *p, bool f0)
{
	c2_w_str(w, "{\"name\":");
	body_json_str(w, p->name);
	jvec(w, "pos", p->pos, 3);
	jmat(w, "R", p->R);
	jkey(w, "mass", p->mass);
	jvec(w, "com", p->com, 3);
	jmat(w, "inertia", p->inertia);
	jkey(w, "friction", p->friction);
	jkey(w, "density", p->density);
	c2_w_printf(w, ",\"parent\":%d,\"enabled\":%s,\"gravity\":%s", p->parent,
	            p->enabled ? "true" : "false", p->gravity ? "true" : "false");
	jvec(w, "lin_vel", p->lin_vel, 3);
	jvec(w, "ang_vel", p->ang_vel, 3);
	jvec(w, "force", p->force, 3);
	jvec(w, "torque", p->torque, 3);
	if (f0) {
		c2_w_str(w, ",\"f0\":");
		frams_f0_json_part(p, w);
	}
	c2_w_u8(w, '}');
}

static void geom_json(c2_wbuf *w, const body_geom *g)
{
	c2_w_str(w, "{\"name\":");
	body_json_str(w, g->name);
	jkeystr(w, "shape", body_shape_name(g->shape));
	c2_w_printf(w, ",\"part\":%d", g->part);
	jvec(w, "pos", g->pos, 3);
	jmat(w, "R", g->R);
	jvec(w, "size", g->size, 3);
	if (g->shape == BODY_SHAPE_PLANE)
		jvec(w, "plane", g->plane, 4);
	if (g->shape == BODY_SHAPE_TRIMESH) {
		c2_w_str(w, ",\"verts\":[");
		for (size_t i = 0; i < g->nverts * 3; i++) {
			if (i)
				c2_w_u8(w, ',');
			body_json_num(w, g->verts[i]);
		}
		c2_w_str(w, "],\"tris\":[");
		for (size_t i = 0; i < g->ntris * 3; i++)
			c2_w_printf(w, "%s%u", i ? "," : "", g->tris[i]);
		c2_w_u8(w, ']');
	}
	c2_w_u8(w, '}');
}

static void joint_json(c2_wbuf *w, const body_joint *j, bool f0)
{
	c2_w_str(w, "{\"name\":");
	body_json_str(w, j->name);
	jkeystr(w, "kind", body_joint_kind_name(j->kind));
	c2_w_printf(w, ",\"p1\":%d,\"p2\":%d", j->p1, j->p2);
	jvec(w, "anchor", j->anchor, 3);
	c2_w_str(w, ",\"axes\":[");
	for (int a = 0; a < j->naxes && a < 3; a++) {
		const body_axis *x = &j->axis[a];
		c2_w_str(w, a ? ",{" : "{");
		c2_w_printf(w, "\"given\":%u", x->given);
		jvec(w, "dir", x->dir, 3);
		const double v[] = {x->lo_stop,  x->hi_stop,  x->vel,      x->fmax,
		                    x->fudge,    x->bounce,   x->cfm,      x->stop_erp,
		                    x->stop_cfm, x->susp_erp, x->susp_cfm};
		static const char *const k[] = {"lo_stop", "hi_stop",  "vel",      "fmax",
		                                "fudge",   "bounce",   "cfm",      "stop_erp",
		                                "stop_cfm", "susp_erp", "susp_cfm"};
		for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
			if (x->given & (1u << i))
				jkey(w, k[i], v[i]);
		c2_w_u8(w, '}');
	}
	c2_w_u8(w, ']');
	if (f0) {
		c2_w_str(w, ",\"f0\":");
		frams_f0_json_joint(j, w);
	}
	c2_w_u8(w, '}');
}

void body_json_write(const body_model *m, c2_wbuf *w)
{
	const frams_f0_info *fi = frams_f0_info_of(m);
	bool f0 = m->format == BODY_F0;
	c2_w_str(w, "{\"format\":");
	body_json_str(w, f0 ? "f0" : "xode");
	jkeystr(w, "name", m->name);
	if (fi) {
		c2_w_printf(w, ",\"valid\":%s", fi->valid ? "true" : "false");
		jkeystr(w, "shape", frams_f0_shape_name(fi->shape));
		jkey(w, "se", fi->se);
		jkeystr(w, "vstyle", fi->vstyle);
		if (fi->f1_genes) /* converted from f1: the genes it came from */
			jkeystr(w, "f1_genes", fi->f1_genes);
	}
	jvec(w, "gravity", m->gravity, 3);
	c2_w_printf(w, ",\"total_mass\":");
	body_json_num(w, body_total_mass(m));
	c2_w_str(w, ",\n\"parts\":[");
	for (size_t i = 0; i < m->nparts; i++) {
		c2_w_str(w, i ? ",\n" : "\n");
		part_json(w, &m->parts[i], f0);
	}
	c2_w_str(w, "],\n\"geoms\":[");
	for (size_t i = 0; i < m->ngeoms; i++) {
		c2_w_str(w, i ? ",\n" : "\n");
		geom_json(w, &m->geoms[i]);
	}
	c2_w_str(w, "],\n\"joints\":[");
	for (size_t i = 0; i < m->njoints; i++) {
		c2_w_str(w, i ? ",\n" : "\n");
		joint_json(w, &m->joints[i], f0);
	}
	c2_w_str(w, "],\n\"neurons\":[");
	for (size_t i = 0; i < m->nneurons; i++) {
		const body_neuron *n = &m->neurons[i];
		const frams_f0_neuro_class *nc = frams_f0_neuro_class_find(n->cls);
		c2_w_str(w, i ? ",\n{\"class\":" : "\n{\"class\":");
		body_json_str(w, n->cls);
		jkeystr(w, "props", n->props);
		c2_w_printf(w, ",\"known\":%s", nc ? "true" : "false");
		if (nc)
			c2_w_printf(w, ",\"class_inputs\":%d,\"class_output\":%s,\"class_location\":\"%s\"",
			            nc->inputs, nc->output ? "true" : "false",
			            nc->location == FRAMS_F0_LOC_PART    ? "part"
			            : nc->location == FRAMS_F0_LOC_JOINT ? "joint"
			                                           : "none");
		c2_w_printf(w, ",\"part\":%d,\"joint\":%d,\"line\":%ld", n->part, n->joint, n->line);
		jkeystr(w, "info", n->info);
		jkeystr(w, "vstyle", n->vstyle);
		c2_w_u8(w, '}');
	}
	c2_w_str(w, "],\n\"connections\":[");
	for (size_t i = 0; i < m->nconns; i++) {
		const body_conn *c = &m->conns[i];
		c2_w_printf(w, "%s{\"to\":%d,\"from\":%d", i ? ",\n" : "\n", c->to, c->from);
		jkey(w, "weight", c->weight);
		c2_w_printf(w, ",\"line\":%ld", c->line);
		jkeystr(w, "info", c->info);
		c2_w_u8(w, '}');
	}
	c2_w_str(w, "],\n\"warnings\":[");
	for (size_t i = 0; i < m->nwarnings; i++) {
		c2_w_printf(w, "%s{\"line\":%ld,\"message\":", i ? ",\n" : "\n", m->warnings[i].line);
		body_json_str(w, m->warnings[i].msg);
		c2_w_u8(w, '}');
	}
	c2_w_u8(w, ']');
	if (fi) {
		c2_w_str(w, ",\n\"messages\":[");
		for (size_t i = 0; i < fi->log.n; i++) {
			const frams_msg *g = &fi->log.v[i];
			c2_w_printf(w, "%s{\"level\":\"%s\",\"line\":%ld,\"where\":", i ? ",\n" : "\n",
			            g->level == FRAMS_ERROR ? "error" : "warning", g->line);
			body_json_str(w, g->where);
			jkeystr(w, "text", g->text);
			c2_w_u8(w, '}');
		}
		c2_w_u8(w, ']');
	}
	c2_w_str(w, "}\n");
}
