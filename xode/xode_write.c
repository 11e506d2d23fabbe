/* xode_write.c — a loaded XODE scene written out: back as XODE from the
 * retained document (+retain: nothing lost, the same lines), and as JSON in
 * world coordinates. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xode/xode_impl.h"

/* ---- XODE -------------------------------------------------------------------------- */

/* An attribute value: besides markup, the quote and the whitespace that
 * attribute-value normalisation would turn into spaces. */
static void write_value(c2_wbuf *w, const char *s, char quote)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': c2_w_str(w, "&amp;"); break;
		case '<': c2_w_str(w, "&lt;"); break;
		case '"': c2_w_str(w, quote == '"' ? "&quot;" : "\""); break;
		case '\'': c2_w_str(w, quote == '\'' ? "&apos;" : "'"); break;
		case '\t': c2_w_str(w, "&#9;"); break;
		case '\n': c2_w_str(w, "&#10;"); break;
		case '\r': c2_w_str(w, "&#13;"); break;
		default: c2_w_u8(w, (uint8_t)*s); break;
		}
	}
}

static void write_node(const xode_tree *t, int i, c2_wbuf *w)
{
	const xt_node *n = &t->nodes[i];
	switch ((xt_kind)n->kind) {
	case XT_DOC:
		for (int c = n->first; c >= 0; c = t->nodes[c].next)
			write_node(t, c, w);
		break;
	case XT_ELEM:
		c2_w_printf(w, "<%s", xt_str(t, n->name));
		for (size_t k = 0; k < n->nattr; k++) {
			const xt_attr *a = &t->attrs[n->attr + k];
			char q = a->quote == '\'' ? '\'' : '"';
			c2_w_printf(w, "%s%s%s%c", xt_str(t, a->ws), xt_str(t, a->name), xt_str(t, a->eq), q);
			write_value(w, xt_str(t, a->value), q);
			c2_w_u8(w, (uint8_t)q);
		}
		c2_w_str(w, xt_str(t, n->tail));
		if (n->first < 0 && n->selfclose) {
			c2_w_str(w, "/>");
			break;
		}
		c2_w_u8(w, '>');
		for (int c = n->first; c >= 0; c = t->nodes[c].next)
			write_node(t, c, w);
		c2_w_printf(w, "</%s%s>", xt_str(t, n->name), xt_str(t, n->etail));
		break;
	case XT_TEXT: /* escaped as it was read (xode_tree.c) */
		c2_w_bytes(w, t->esc + n->esc, n->esclen);
		break;
	case XT_CDATA:
		c2_w_str(w, "<![CDATA[");
		c2_w_bytes(w, xt_str(t, n->text), n->len);
		c2_w_str(w, "]]>");
		break;
	case XT_COMMENT:
		c2_w_printf(w, "<!--%s-->", xt_str(t, n->text));
		break;
	case XT_PI:
		c2_w_printf(w, "<?%s%s%s?>", xt_str(t, n->name), n->tail ? xt_str(t, n->tail) : n->len ? " " : "",
		            xt_str(t, n->text));
		break;
	}
}

int xode_export(const body_model *m, c2_wbuf *w, c2_err *err)
{
	if (m->format != BODY_XODE || !m->extra || m->extra_free != xode_extra_free)
		return c2_fail(err, C2_EINVAL, -1, -1, "this body was not loaded from XODE");
	const xode_tree *t = m->extra;
	if (t->decl) {
		/* expat hands us UTF-8, whatever the source's encoding was. */
		c2_w_str(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"");
		if (t->standalone >= 0)
			c2_w_printf(w, " standalone=\"%s\"", t->standalone ? "yes" : "no");
		c2_w_str(w, "?>");
		for (int i = 0; i < t->decl_lines; i++)
			c2_w_u8(w, '\n');
	}
	write_node(t, 0, w);
	if (w->oom)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	return 0;
}

/* ---- JSON ---------------------------------------------------------------------------- */

static void json_key_num(c2_wbuf *w, const char *key, double v)
{
	c2_w_printf(w, ", \"%s\": ", key);
	body_json_num(w, v);
}

static void json_geom(c2_wbuf *w, const body_geom *g)
{
	c2_w_str(w, "{\"name\": ");
	body_json_str(w, g->name);
	c2_w_printf(w, ", \"type\": \"%s\", \"pos\": ", xode_shape_name(g->shape));
	body_json_vec(w, g->pos, 3, ", ");
	c2_w_str(w, ", \"R\": ");
	body_json_mat(w, g->R, ", ");
	switch (g->shape) {
	case BODY_SHAPE_BOX:
		json_key_num(w, "sizex", g->size[0]);
		json_key_num(w, "sizey", g->size[1]);
		json_key_num(w, "sizez", g->size[2]);
		break;
	case BODY_SHAPE_SPHERE:
		json_key_num(w, "radius", g->size[0]);
		break;
	case BODY_SHAPE_CAPSULE:
	case BODY_SHAPE_CYLINDER:
		json_key_num(w, "radius", g->size[0]);
		json_key_num(w, "length", g->size[1]);
		break;
	case BODY_SHAPE_PLANE:
		json_key_num(w, "a", g->plane[0]);
		json_key_num(w, "b", g->plane[1]);
		json_key_num(w, "c", g->plane[2]);
		json_key_num(w, "d", g->plane[3]);
		break;
	case BODY_SHAPE_RAY:
		json_key_num(w, "length", g->size[0]);
		break;
	case BODY_SHAPE_TRIMESH:
		c2_w_str(w, ", \"vertices\": [");
		for (size_t i = 0; i < g->nverts; i++) {
			c2_w_str(w, i ? ", " : "");
			body_json_vec(w, g->verts + 3 * i, 3, ", ");
		}
		c2_w_str(w, "], \"triangles\": [");
		for (size_t i = 0; i < g->ntris; i++)
			c2_w_printf(w, "%s[%u, %u, %u]", i ? ", " : "", g->tris[3 * i], g->tris[3 * i + 1],
			            g->tris[3 * i + 2]);
		c2_w_u8(w, ']');
		break;
	default:
		break;
	}
	c2_w_u8(w, '}');
}

/* Body i, with its geoms order[first[i + 1] .. first[i + 2]) (body_geoms_by_part). */
static void json_body(c2_wbuf *w, const body_model *m, size_t i, const size_t *first, const size_t *order)
{
	const body_part *p = &m->parts[i];
	c2_w_str(w, "{\"name\": ");
	body_json_str(w, p->name);
	c2_w_printf(w, ", \"index\": %zu, \"world\": %d, \"parent\": ", i, p->xode.world);
	if (p->parent >= 0)
		c2_w_printf(w, "%d", p->parent);
	else
		c2_w_str(w, "null");
	c2_w_str(w, ", \"pos\": ");
	body_json_vec(w, p->pos, 3, ", ");
	c2_w_str(w, ", \"R\": ");
	body_json_mat(w, p->R, ", ");
	json_key_num(w, "mass", p->mass);
	/* Centre of mass and inertia in world coordinates, like everything here. */
	double com[3], RI[3][3], I[3][3];
	body_part_point(m, i, p->com, com);
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			RI[r][c] = p->R[r][0] * p->inertia[0][c] + p->R[r][1] * p->inertia[1][c] +
			           p->R[r][2] * p->inertia[2][c];
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			I[r][c] = RI[r][0] * p->R[c][0] + RI[r][1] * p->R[c][1] + RI[r][2] * p->R[c][2];
	c2_w_str(w, ", \"com\": ");
	body_json_vec(w, com, 3, ", ");
	c2_w_str(w, ", \"inertia\": ");
	body_json_mat(w, I, ", ");
	c2_w_printf(w, ", \"enabled\": %s, \"gravitymode\": %s", p->enabled ? "true" : "false",
	            p->gravity ? "true" : "false");
	c2_w_str(w, ", \"linearVel\": ");
	body_json_vec(w, p->lin_vel, 3, ", ");
	c2_w_str(w, ", \"angularVel\": ");
	body_json_vec(w, p->ang_vel, 3, ", ");
	c2_w_str(w, ", \"force\": ");
	body_json_vec(w, p->force, 3, ", ");
	c2_w_str(w, ", \"torque\": ");
	body_json_vec(w, p->torque, 3, ", ");
	c2_w_printf(w, ", \"finiteRotation\": {\"mode\": %d, \"axis\": ", p->xode.finite_mode);
	body_json_vec(w, p->xode.finite_axis, 3, ", ");
	c2_w_str(w, "}, \"geoms\": [");
	for (size_t k = first[i + 1]; k < first[i + 2]; k++) {
		c2_w_str(w, k > first[i + 1] ? ",\n      " : "\n      ");
		json_geom(w, &m->geoms[order[k]]);
	}
	c2_w_str(w, "]}");
}

static void json_joint(c2_wbuf *w, const body_model *m, const body_joint *j)
{
	c2_w_str(w, "{\"name\": ");
	body_json_str(w, j->name);
	c2_w_printf(w, ", \"type\": \"%s\"", xode_joint_name(j->kind));
	int p[2] = {j->p1, j->p2};
	for (int k = 0; k < 2; k++) {
		c2_w_printf(w, ", \"body%d\": ", k + 1);
		body_json_str(w, p[k] >= 0 ? m->parts[p[k]].name : NULL);
		c2_w_printf(w, ", \"body%d_index\": %d", k + 1, p[k]);
	}
	c2_w_str(w, ", \"anchor\": ");
	if (j->xode.anchor_given)
		body_json_vec(w, j->anchor, 3, ", ");
	else
		c2_w_str(w, "null");
	c2_w_str(w, ", \"axes\": [");
	for (int a = 0; a < j->naxes; a++) {
		const body_axis *ax = &j->axis[a];
		c2_w_str(w, a ? ", {\"dir\": " : "{\"dir\": ");
		body_json_vec(w, ax->dir, 3, ", ");
		for (size_t k = 0; k < xode_naxis_params; k++) {
			const xode_axis_param *ap = &xode_axis_params[k];
			if (ax->given & ap->bit)
				json_key_num(w, ap->attr, *(const double *)((const char *)ax + ap->offset));
		}
		c2_w_u8(w, '}');
	}
	c2_w_str(w, "]}");
}

int xode_json(const body_model *m, c2_wbuf *w)
{
	const xode_tree *t = m->extra_free == xode_extra_free ? m->extra : NULL;
	size_t *first = malloc((m->nparts + 2) * sizeof *first), *order = malloc((m->ngeoms + 1) * sizeof *order);
	if (!first || !order) {
		free(first);
		free(order);
		return C2_ENOMEM;
	}
	body_geoms_by_part(m, first, order);
	c2_w_str(w, "{\n  \"format\": \"xode\", \"version\": ");
	body_json_str(w, t ? xt_attr_get(t, t->root, "version") : NULL);
	c2_w_str(w, ", \"name\": ");
	body_json_str(w, m->name);
	c2_w_str(w, ",\n  \"bodies\": [");
	for (size_t i = 0; i < m->nparts; i++) {
		c2_w_str(w, i ? ",\n    " : "\n    ");
		json_body(w, m, i, first, order);
	}
	c2_w_str(w, m->nparts ? "\n  ],\n  \"geoms\": [" : "],\n  \"geoms\": [");
	for (size_t k = first[0]; k < first[1]; k++) {
		c2_w_str(w, k ? ",\n    " : "\n    ");
		json_geom(w, &m->geoms[order[k]]);
	}
	c2_w_str(w, first[1] ? "\n  ],\n  \"joints\": [" : "],\n  \"joints\": [");
	free(first);
	free(order);
	for (size_t j = 0; j < m->njoints; j++) {
		c2_w_str(w, j ? ",\n    " : "\n    ");
		json_joint(w, m, &m->joints[j]);
	}
	c2_w_str(w, m->njoints ? "\n  ],\n  \"total_mass\": " : "],\n  \"total_mass\": ");
	body_json_num(w, body_total_mass(m));
	c2_w_str(w, ",\n  \"warnings\": [");
	for (size_t i = 0; i < m->nwarnings; i++) {
		c2_w_printf(w, "%s{\"line\": %ld, \"message\": ", i ? ", " : "", m->warnings[i].line);
		body_json_str(w, m->warnings[i].msg);
		c2_w_u8(w, '}');
	}
	c2_w_str(w, "]\n}\n");
	return w->oom ? C2_ENOMEM : 0;
}
