/* xode.c — the XODE loader: checks the retained tree against the element
 * table and the format's rules, and builds the body model: every transform
 * composed into world coordinates, masses as ODE computes them, joints
 * linked once the whole document is read (postlink).
 *
 * Order of checks: an element's attributes, then which children it holds,
 * then its values, then its children in document order; links last. So the
 * first error reported is the first one a reader meets going down the
 * document, except a link to a body that never appears, which can only be
 * known at the end. */
#include "xode/xode.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "xode/xode_impl.h"

#define BIT(e) (UINT64_C(1) << (e))

/* The joint types: element, model kind, and the exact number of axes the
 * XODE draft (2.1.3) requires. */
static const struct {
	xode_elem elem;
	body_joint_kind kind;
	int naxes;
} joint_types[] = {
	{XE_AMOTOR, BODY_JOINT_AMOTOR, 3}, {XE_BALL, BODY_JOINT_BALL, 0},
	{XE_FIXED, BODY_JOINT_FIXED, 0},   {XE_HINGE, BODY_JOINT_HINGE, 1},
	{XE_HINGE2, BODY_JOINT_HINGE2, 2}, {XE_SLIDER, BODY_JOINT_SLIDER, 1},
	{XE_UNIVERSAL, BODY_JOINT_UNIVERSAL, 2},
};

/* The geom shapes: element and model shape. */
static const struct {
	xode_elem elem;
	body_shape shape;
} geom_shapes[] = {
	{XE_BOX, BODY_SHAPE_BOX},         {XE_CAPPEDCYLINDER, BODY_SHAPE_CAPSULE},
	{XE_CYLINDER, BODY_SHAPE_CYLINDER}, {XE_SPHERE, BODY_SHAPE_SPHERE},
	{XE_PLANE, BODY_SHAPE_PLANE},     {XE_RAY, BODY_SHAPE_RAY},
	{XE_TRIMESH, BODY_SHAPE_TRIMESH},
};

/* ODE's defaults: the world's ERP 0.2 and CFM 1e-5, no stops, no motor. */
const xode_axis_param xode_axis_params[] = {
	{"LowStop", offsetof(body_axis, lo_stop), BODY_AXIS_LO_STOP, -INFINITY},
	{"HiStop", offsetof(body_axis, hi_stop), BODY_AXIS_HI_STOP, INFINITY},
	{"Vel", offsetof(body_axis, vel), BODY_AXIS_VEL, 0},
	{"FMax", offsetof(body_axis, fmax), BODY_AXIS_FMAX, 0},
	{"FudgeFactor", offsetof(body_axis, fudge), BODY_AXIS_FUDGE, 1},
	{"Bounce", offsetof(body_axis, bounce), BODY_AXIS_BOUNCE, 0},
	{"CFM", offsetof(body_axis, cfm), BODY_AXIS_CFM, 1e-5},
	{"StopERP", offsetof(body_axis, stop_erp), BODY_AXIS_STOP_ERP, 0.2},
	{"StopCFM", offsetof(body_axis, stop_cfm), BODY_AXIS_STOP_CFM, 1e-5},
	{"SuspensionERP", offsetof(body_axis, susp_erp), BODY_AXIS_SUSP_ERP, 0.2},
	{"SuspensionCFM", offsetof(body_axis, susp_cfm), BODY_AXIS_SUSP_CFM, 1e-5},
};
const size_t xode_naxis_params = sizeof xode_axis_params / sizeof xode_axis_params[0];

const char *xode_shape_name(body_shape s)
{
	for (size_t i = 0; i < sizeof geom_shapes / sizeof geom_shapes[0]; i++)
		if (geom_shapes[i].shape == s)
			return xode_elems[geom_shapes[i].elem].name;
	return "?";
}

const char *xode_joint_name(body_joint_kind k)
{
	for (size_t i = 0; i < sizeof joint_types / sizeof joint_types[0]; i++)
		if (joint_types[i].kind == k)
			return xode_elems[joint_types[i].elem].name;
	return "?";
}

/* ---- loader state ------------------------------------------------------------- */

/* A named element: the names of one kind, sorted, answer "who is called
 * this" and "was it named before" in O(log n) whatever the names are (a
 * hash table could be flooded with colliding names). Kinds do not share
 * names: the PyBrain models name a body and its geom alike. */
typedef struct name_ent {
	int elem;
	int node;
	const char *name;
} name_ent;

typedef struct pending {
	int link[2];   /* the <link1>, <link2> nodes, or -1 */
	int enclosing; /* the nearest enclosing body, or -1 */
	int world;
	int node;      /* the <joint> */
} pending;

typedef struct ld {
	const xode_tree *t;
	body_model *m;
	c2_err *err;
	name_ent *names; /* sorted by element, name, then document order */
	size_t nnames;
	int *first;      /* per node: the first element of its kind and name, if another */
	pending *pend;   /* one per joint */
	uint8_t *read;   /* per node: checked by check_element */
	int *part;       /* per node: the part a <body> became */
	int world;
} ld;

/* Where a node stands: its parent's world frame and the nearest enclosing body. */
typedef struct ctx {
	xode_xf W;
	int body;
} ctx;

static const char *ename(const ld *L, int node)
{
	return xt_str(L->t, L->t->nodes[node].name);
}

static int fail(ld *L, int node, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int fail(ld *L, int node, const char *fmt, ...)
{
	char msg[sizeof L->err->msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return c2_fail_line(L->err, C2_EFORMAT, L->t->nodes[node].line, "%s", msg);
}

static int oom(ld *L)
{
	return c2_fail(L->err, C2_ENOMEM, -1, -1, "out of memory");
}

/* The child of `node` that is of one of its exclusive kinds (a geom's shape,
 * a joint's type ...): check_element made sure there is exactly one. */
static int the_one(const ld *L, int node)
{
	uint64_t mask = xode_elems[L->t->nodes[node].elem].one_of;
	for (int c = L->t->nodes[node].first; c >= 0; c = L->t->nodes[c].next) {
		const xt_node *k = &L->t->nodes[c];
		if (k->kind == XT_ELEM && k->elem >= 0 && (mask & BIT(k->elem)))
			return c;
	}
	return -1;
}

static int child_elem(const ld *L, int node, xode_elem e)
{
	for (int c = L->t->nodes[node].first; c >= 0; c = L->t->nodes[c].next)
		if (L->t->nodes[c].kind == XT_ELEM && L->t->nodes[c].elem == e)
			return c;
	return -1;
}

/* Is `name` in the table's attribute list? *required says whether it is marked '!'. */
static bool attr_listed(const char *list, const char *name, bool *required)
{
	size_t n = strlen(name);
	for (const char *p = list; *p;) {
		while (*p == ' ')
			p++;
		const char *w = p;
		while (*p && *p != ' ' && *p != '!')
			p++;
		bool req = *p == '!';
		if ((size_t)(p - w) == n && n && memcmp(w, name, n) == 0) {
			*required = req;
			return true;
		}
		if (req)
			p++;
	}
	return false;
}

/* ---- names ------------------------------------------------------------------------ */

static int name_cmp(const void *pa, const void *pb)
{
	const name_ent *a = pa, *b = pb;
	if (a->elem != b->elem)
		return a->elem < b->elem ? -1 : 1;
	int c = strcmp(a->name, b->name);
	return c ? c : (a->node > b->node) - (a->node < b->node);
}

/* The first element of kind `elem` called `name`, or -1. */
static int name_find(const ld *L, int elem, const char *name)
{
	size_t lo = 0, hi = L->nnames; /* lower bound of (elem, name) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const name_ent *e = &L->names[mid];
		int c = e->elem != elem ? (e->elem < elem ? -1 : 1) : strcmp(e->name, name);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < L->nnames && L->names[lo].elem == elem && strcmp(L->names[lo].name, name) == 0
	           ? L->names[lo].node
	           : -1;
}

/* Sort every named element once, and mark each repeat with the first of its
 * kind and name. */
static int names_index(ld *L)
{
	const xode_tree *t = L->t;
	size_t n = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < t->nnodes; i++) {
			const xt_node *x = &t->nodes[i];
			bool req;
			const char *name;
			if (x->kind != XT_ELEM || x->elem < 0 || x->elem == XE_EXT ||
			    !attr_listed(xode_elems[x->elem].attrs, "name", &req) ||
			    !(name = xt_attr_get(t, (int)i, "name")))
				continue;
			if (pass)
				L->names[L->nnames++] = (name_ent){x->elem, (int)i, name};
			else
				n++;
		}
		if (!pass && !(L->names = malloc((n + 1) * sizeof *L->names)))
			return oom(L);
	}
	qsort(L->names, L->nnames, sizeof *L->names, name_cmp);
	for (size_t i = 1; i < L->nnames; i++)
		if (L->names[i].elem == L->names[i - 1].elem && strcmp(L->names[i].name, L->names[i - 1].name) == 0)
			L->first[L->names[i].node] = L->first[L->names[i - 1].node] >= 0 ? L->first[L->names[i - 1].node]
			                                                                 : L->names[i - 1].node;
	return 0;
}

/* XODE wants every name unique (2), but only body names are ever referred to
 * (by <link1>/<link2>), and the PyBrain models reuse geom names from body to
 * body: a second body of a name is an error, any other repeat a warning. */
static int name_check(ld *L, int node)
{
	int first = L->first[node];
	if (first < 0)
		return 0;
	const char *name = xt_attr_get(L->t, node, "name");
	if (L->t->nodes[node].elem == XE_BODY)
		return fail(L, node, "a second <body> named '%s' (the first is on line %ld): a link to it would be ambiguous",
		            name, (long)L->t->nodes[first].line);
	if (body_warn(L->m, L->t->nodes[node].line, "a second <%s> named '%s' (the first is on line %ld): XODE wants unique names",
	              ename(L, node), name, (long)L->t->nodes[first].line) != 0)
		return oom(L);
	return 0;
}

/* ---- values ----------------------------------------------------------------------- */

static bool xml_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A decimal number as XML Schema writes one (no hex, no inf or nan),
 * surrounding whitespace allowed; false if it is not one or is out of range. */
static bool parse_number(const char *s, double *out)
{
	const char *p = s;
	while (xml_space(*p))
		p++;
	const char *start = p;
	if (*p == '+' || *p == '-')
		p++;
	int digits = 0;
	while (digit(*p))
		p++, digits++;
	if (*p == '.')
		for (p++; digit(*p); p++)
			digits++;
	if (!digits)
		return false;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!digit(*p))
			return false;
		while (digit(*p))
			p++;
	}
	const char *stop = p;
	while (xml_space(*p))
		p++;
	if (*p)
		return false;
	char *end;
	double v = strtod(start, &end);
	if (end != stop || !isfinite(v))
		return false;
	*out = v;
	return true;
}

static int num(ld *L, int node, const char *attr, double *out)
{
	const char *v = xt_attr_get(L->t, node, attr);
	if (!v)
		return fail(L, node, "<%s> needs the attribute '%s'", ename(L, node), attr);
	if (!parse_number(v, out))
		return fail(L, node, "%s=\"%s\" of <%s> is not a number (or is out of range)", attr, v,
		            ename(L, node));
	return 0;
}

/* An optional number: *out keeps its value when the attribute is absent. */
static int num_opt(ld *L, int node, const char *attr, double *out, bool *given)
{
	*given = xt_attr_get(L->t, node, attr) != NULL;
	return *given ? num(L, node, attr, out) : 0;
}

static int num_min(ld *L, int node, const char *attr, double min, bool strict, double *out)
{
	int rc = num(L, node, attr, out);
	if (!rc && (strict ? !(*out > min) : !(*out >= min)))
		rc = fail(L, node, "%s of <%s> must be %s %g, not %g", attr, ename(L, node),
		          strict ? "greater than" : "at least", min, *out);
	return rc;
}

/* A boolean attribute: true/false or 1/0 (XML Schema's boolean). */
static int boolean(ld *L, int node, const char *attr, bool def, bool *out)
{
	const char *v = xt_attr_get(L->t, node, attr);
	*out = def;
	if (!v)
		return 0;
	if (strcmp(v, "true") == 0 || strcmp(v, "1") == 0)
		*out = true;
	else if (strcmp(v, "false") == 0 || strcmp(v, "0") == 0)
		*out = false;
	else
		return fail(L, node, "%s=\"%s\" of <%s> must be true or false (or 1 or 0)", attr, v,
		            ename(L, node));
	return 0;
}

static int vec3(ld *L, int node, const char *x, const char *y, const char *z, double v[3])
{
	int rc = num(L, node, x, &v[0]);
	if (!rc)
		rc = num(L, node, y, &v[1]);
	if (!rc)
		rc = num(L, node, z, &v[2]);
	return rc;
}

static int dup_name(ld *L, int node, char **out)
{
	const char *v = xt_attr_get(L->t, node, "name");
	*out = NULL;
	if (v && !(*out = strdup(v)))
		return oom(L);
	return 0;
}

/* ---- structure ---------------------------------------------------------------------- */

static void mask_names(uint64_t mask, char *buf, size_t cap)
{
	size_t at = 0;
	buf[0] = '\0';
	for (int e = 0; e < XE_COUNT && at < cap; e++)
		if (mask & BIT(e))
			at += (size_t)snprintf(buf + at, cap - at, "%s<%s>", at ? ", " : "", xode_elems[e].name);
}

/* Check an XODE element against the table: its attributes, which children it
 * holds and how many; register its name. Every element the loader reads goes
 * through here first. */
static int check_element(ld *L, int node)
{
	const xode_tree *t = L->t;
	const xt_node *n = &t->nodes[node];
	const xode_elem_info *info = &xode_elems[n->elem];
	L->read[node] = 1;
	for (size_t i = 0; i < n->nattr; i++) {
		const char *a = xt_str(t, t->attrs[n->attr + i].name);
		bool req;
		if (!xode_name_foreign(a) && !attr_listed(info->attrs, a, &req))
			return fail(L, node, "unknown attribute '%s' on <%s>", a, info->name);
	}
	for (const char *p = info->attrs; *p;) {
		while (*p == ' ')
			p++;
		const char *w = p;
		while (*p && *p != ' ' && *p != '!')
			p++;
		if (*p == '!') {
			char want[32];
			snprintf(want, sizeof want, "%.*s", (int)(p - w), w);
			p++;
			if (!xt_attr_get(t, node, want))
				return fail(L, node, "<%s> needs the attribute '%s'", info->name, want);
		}
	}
	if (n->elem == XE_EXT) /* arbitrary content, kept as it is */
		return 0;
	uint64_t seen = 0;
	for (int c = n->first; c >= 0; c = t->nodes[c].next) {
		const xt_node *k = &t->nodes[c];
		if (k->kind == XT_TEXT || k->kind == XT_CDATA) {
			for (size_t i = 0; i < k->len; i++)
				if (!xml_space(t->pool[k->text + i]))
					return fail(L, c, "text is not allowed in <%s>", info->name);
			continue;
		}
		if (k->kind != XT_ELEM || k->elem == XE_OPAQUE)
			continue; /* comments, processing instructions, foreign elements */
		const char *kn = xt_str(t, k->name);
		if (k->elem == XE_UNKNOWN)
			return fail(L, c, "unknown element <%s> in <%s>", kn, info->name);
		uint64_t b = BIT(k->elem);
		if (!(info->children & b))
			return fail(L, c, "<%s> is not allowed in <%s>", kn, info->name);
		if ((seen & b) && !(info->repeatable & b))
			return fail(L, c, "a second <%s> in <%s>", kn, info->name);
		if ((info->one_of & b) && (seen & info->one_of & ~b))
			return fail(L, c, "<%s> holds only one of its kinds, and <%s> is a second", info->name, kn);
		seen |= b;
		if (k->elem == XE_EXT) { /* nobody else reads it: check it here */
			int rc = check_element(L, c);
			if (rc)
				return rc;
		}
	}
	char list[400];
	if (info->one_of && !(seen & info->one_of)) {
		mask_names(info->one_of, list, sizeof list);
		return fail(L, node, "<%s> needs one of %s", info->name, list);
	}
	uint64_t missing = info->needed & ~seen;
	for (int e = 0; e < XE_COUNT; e++)
		if (missing & BIT(e))
			return fail(L, node, "<%s> needs a <%s>", info->name, xode_elems[e].name);
	return name_check(L, node);
}

/* ---- transforms --------------------------------------------------------------------- */

static int degrees(ld *L, int node, bool *deg)
{
	const char *f = xt_attr_get(L->t, node, "aformat");
	*deg = f && strcmp(f, "degrees") == 0;
	if (!f || *deg || strcmp(f, "radians") == 0)
		return 0;
	return fail(L, node, "aformat=\"%s\" of <%s> must be degrees or radians", f, ename(L, node));
}

static int rotation(ld *L, int node, double R[3][3])
{
	int rc = check_element(L, node);
	int k = rc ? -1 : the_one(L, node);
	if (rc || (rc = check_element(L, k)) != 0)
		return rc;
	double v[4], s[3], c[3];
	bool deg;
	if ((rc = vec3(L, k, "x", "y", "z", v)) != 0)
		return rc;
	switch (L->t->nodes[k].elem) {
	case XE_EULER:
		if ((rc = degrees(L, k, &deg)) != 0)
			return rc;
		for (int i = 0; i < 3; i++)
			xode_sincos(v[i], deg, &s[i], &c[i]);
		xode_euler_sc(s, c, R);
		return 0;
	case XE_AXISANGLE:
		if ((rc = num(L, k, "angle", &v[3])) != 0 || (rc = degrees(L, k, &deg)) != 0)
			return rc;
		xode_sincos(v[3], deg, &s[0], &c[0]);
		if (xode_axisangle_sc(v[0], v[1], v[2], s[0], c[0], R) != 0)
			return fail(L, k, "the axis of <axisangle> has no length");
		return 0;
	default:
		if ((rc = num(L, k, "w", &v[3])) != 0)
			return rc;
		if (xode_quaternion(v[0], v[1], v[2], v[3], R) != 0)
			return fail(L, k, "<quaternion> 0 0 0 0 is no rotation");
		return 0;
	}
}

/* A <transform>'s local matrix T(position) R S, or its <matrix4f>. */
static int transform_local(ld *L, int tn, xode_xf *f, bool *absolute)
{
	int rc = check_element(L, tn);
	if (rc || (rc = boolean(L, tn, "absolute", false, absolute)) != 0)
		return rc;
	double scale = 1;
	if (xt_attr_get(L->t, tn, "scale") && (rc = num_min(L, tn, "scale", 0, true, &scale)) != 0)
		return rc;
	xode_xf_identity(f);
	double s[3] = {scale, scale, scale};
	int mn = child_elem(L, tn, XE_MATRIX4F);
	if (mn >= 0) {
		if (child_elem(L, tn, XE_POSITION) >= 0 || child_elem(L, tn, XE_ROTATION) >= 0 ||
		    child_elem(L, tn, XE_SCALE) >= 0)
			return fail(L, tn, "a <transform> is a <matrix4f> or a <position>/<rotation>/<scale>, not both");
		if ((rc = check_element(L, mn)) != 0)
			return rc;
		double m[4][4];
		for (int r = 0; r < 4; r++)
			for (int c = 0; c < 4; c++) {
				char a[4] = {'m', (char)('0' + r), (char)('0' + c), '\0'};
				if ((rc = num(L, mn, a, &m[r][c])) != 0)
					return rc;
			}
		if (m[3][0] != 0 || m[3][1] != 0 || m[3][2] != 0 || m[3][3] != 1)
			return fail(L, mn,
			            "<matrix4f>'s bottom row m30 m31 m32 m33 is %g %g %g %g, not 0 0 0 1 "
			            "(mRC is row R, column C; the translation is m03 m13 m23)",
			            m[3][0], m[3][1], m[3][2], m[3][3]);
		for (int r = 0; r < 3; r++) {
			f->t[r] = m[r][3];
			for (int c = 0; c < 3; c++)
				f->a[r][c] = m[r][c];
		}
	} else {
		int k = child_elem(L, tn, XE_POSITION);
		if (k >= 0 && ((rc = check_element(L, k)) != 0 || (rc = vec3(L, k, "x", "y", "z", f->t)) != 0))
			return rc;
		k = child_elem(L, tn, XE_ROTATION);
		if (k >= 0 && (rc = rotation(L, k, f->a)) != 0)
			return rc;
		k = child_elem(L, tn, XE_SCALE);
		if (k >= 0) {
			if ((rc = check_element(L, k)) != 0)
				return rc;
			const char *axis[3] = {"x", "y", "z"};
			for (int i = 0; i < 3; i++) {
				double v;
				if ((rc = num_min(L, k, axis[i], 0, true, &v)) != 0)
					return rc;
				s[i] *= v;
			}
		}
	}
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			f->a[r][c] *= s[c];
	return 0;
}

/* The world frame of a node: its parent's frame times its own transform. */
static int node_frame(ld *L, int node, const xode_xf *parent, xode_xf *W)
{
	int tn = child_elem(L, node, XE_TRANSFORM);
	if (tn < 0) {
		*W = *parent;
		return 0;
	}
	xode_xf local;
	bool absolute;
	int rc = transform_local(L, tn, &local, &absolute);
	if (rc)
		return rc;
	if (absolute)
		*W = local;
	else
		xode_xf_mul(parent, &local, W);
	if (!xode_xf_finite(W))
		return fail(L, tn, "this transform takes <%s> out of range", ename(L, node));
	return 0;
}

/* Split a node's world frame into rotation and scale along its own axes. */
static int split(ld *L, int node, const xode_xf *W, double R[3][3], double s[3])
{
	switch (xode_xf_split(W->a, R, s)) {
	case 0:
		return 0;
	case -1:
		return fail(L, node, "<%s> is scaled to nothing (a zero scale or matrix column)", ename(L, node));
	case -2:
		return fail(L, node,
		            "the transforms above <%s> shear it (a non-uniform scale under a rotation): "
		            "an object can only be moved, turned and scaled along its own axes",
		            ename(L, node));
	default:
		return fail(L, node, "the transforms above <%s> mirror it (negative determinant)", ename(L, node));
	}
}

static bool same_scale(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

/* The sizes of a box, sphere, cylinder, cappedCylinder or ray element,
 * scaled by s along its own axes: box lx ly lz; sphere r; cylinders r, l
 * (along z); ray l (along z). */
static int shape_sizes(ld *L, int sn, const double s[3], double size[3])
{
	int rc = check_element(L, sn);
	if (rc)
		return rc;
	size[0] = size[1] = size[2] = 0;
	int e = L->t->nodes[sn].elem;
	switch (e) {
	case XE_BOX: {
		const char *a[3] = {"sizex", "sizey", "sizez"};
		for (int i = 0; i < 3; i++) {
			if ((rc = num_min(L, sn, a[i], 0, false, &size[i])) != 0)
				return rc;
			size[i] *= s[i];
		}
		break;
	}
	case XE_SPHERE:
		if (!same_scale(s[0], s[1]) || !same_scale(s[1], s[2]))
			return fail(L, sn, "<sphere> cannot be scaled unevenly (scale %g %g %g along its axes)",
			            s[0], s[1], s[2]);
		if ((rc = num_min(L, sn, "radius", 0, false, &size[0])) != 0)
			return rc;
		size[0] *= s[0];
		break;
	case XE_CYLINDER:
	case XE_CAPPEDCYLINDER:
		if (!same_scale(s[0], s[1]))
			return fail(L, sn, "<%s> cannot be scaled unevenly across its axis (scale %g %g)",
			            ename(L, sn), s[0], s[1]);
		if ((rc = num_min(L, sn, "radius", 0, false, &size[0])) != 0 ||
		    (rc = num_min(L, sn, "length", 0, false, &size[1])) != 0)
			return rc;
		size[0] *= s[0];
		size[1] *= s[2];
		break;
	default: /* XE_RAY */
		if ((rc = num_min(L, sn, "length", 0, false, &size[0])) != 0)
			return rc;
		size[0] *= s[2];
		break;
	}
	for (int i = 0; i < 3; i++)
		if (!isfinite(size[i]))
			return fail(L, sn, "the scale takes the size of <%s> out of range", ename(L, sn));
	return 0;
}

/* ---- masses --------------------------------------------------------------------------- */

/* Where a body's masses are computed: its node frame (with any scale) and the
 * inverse of its rigid frame (masses are kept in the rigid frame). */
typedef struct mass_ctx {
	xode_xf W, inv;
} mass_ctx;

static int mass_rank(int e)
{
	switch (e) {
	case XE_MASS_STRUCT:
	case XE_MASS_SHAPE:
		return 0;
	case XE_TRANSFORM:
		return 1;
	case XE_ADJUST:
		return 2;
	case XE_MASS:
		return 3;
	default:
		return -1; /* <ext> and foreign elements go anywhere */
	}
}

static int mass_struct(ld *L, int sn, const double s[3], xode_mass *ms)
{
	int rc = check_element(L, sn);
	if (rc || (rc = num_min(L, sn, "total", 0, true, &ms->m)) != 0)
		return rc;
	for (int i = 0; i < 3; i++)
		if (!same_scale(s[i], 1))
			return fail(L, sn, "a <mass_struct> cannot be scaled (its inertia is given as is)");
	int cg = child_elem(L, sn, XE_CENTERGRAVITY), im = child_elem(L, sn, XE_IMATRIX);
	if ((rc = check_element(L, cg)) != 0 || (rc = vec3(L, cg, "x", "y", "z", ms->c)) != 0 ||
	    (rc = check_element(L, im)) != 0)
		return rc;
	double big = 0;
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++) {
			char a[4] = {'m', (char)('0' + r), (char)('0' + c), '\0'};
			if ((rc = num(L, im, a, &ms->I[r][c])) != 0)
				return rc;
			big = fmax(big, fabs(ms->I[r][c]));
		}
	for (int r = 0; r < 3; r++)
		for (int c = r + 1; c < 3; c++)
			if (fabs(ms->I[r][c] - ms->I[c][r]) > 1e-9 * big)
				return fail(L, im, "<imatrix> must be symmetric (m%d%d %g, m%d%d %g)", r, c,
				            ms->I[r][c], c, r, ms->I[c][r]);
	return 0;
}

static int mass_shape(ld *L, int sn, const double s[3], xode_mass *ms, double *density)
{
	int rc = check_element(L, sn);
	if (rc)
		return rc;
	double rho = 1, total = 0;
	bool has_rho, has_total;
	if ((rc = num_opt(L, sn, "density", &rho, &has_rho)) != 0 ||
	    (rc = num_opt(L, sn, "total", &total, &has_total)) != 0)
		return rc;
	if (!has_rho && !has_total)
		return fail(L, sn, "<mass_shape> needs a density or a total");
	if (has_rho && !(rho > 0))
		return fail(L, sn, "density of <mass_shape> must be greater than 0, not %g", rho);
	if (has_rho && has_total &&
	    body_warn(L->m, L->t->nodes[sn].line, "<mass_shape> has a density and a total: the density is used") != 0)
		return oom(L);
	if (!has_rho && !(total > 0))
		return fail(L, sn, "total of <mass_shape> must be greater than 0, not %g", total);
	int k = the_one(L, sn);
	double size[3];
	if ((rc = shape_sizes(L, k, s, size)) != 0)
		return rc;
	switch (L->t->nodes[k].elem) {
	case XE_BOX:
		xode_mass_box(ms, rho, size[0], size[1], size[2]);
		break;
	case XE_SPHERE:
		xode_mass_sphere(ms, rho, size[0]);
		break;
	case XE_CYLINDER:
		xode_mass_cylinder(ms, rho, size[0], size[1]);
		break;
	default:
		xode_mass_capsule(ms, rho, size[0], size[1]);
		break;
	}
	if (!isfinite(ms->m))
		return fail(L, k, "the mass of this <%s> is out of range", ename(L, k));
	if (!has_rho) {
		if (!(ms->m > 0))
			return fail(L, k, "this <%s> has no volume to spread total=%g over", ename(L, k), total);
		xode_mass_adjust(ms, total);
	}
	*density = has_rho ? rho : 0;
	return 0;
}

/* A <mass> in the order the draft fixes (2.1.1): mass_struct or mass_shape,
 * then transform (which moves only that), then adjust, then nested masses,
 * computed on their own in the body's frame and added (dMassAdd). */
static int visit_mass(ld *L, int node, const mass_ctx *mc, xode_mass *out, double *density)
{
	int rc = check_element(L, node);
	if (rc)
		return rc;
	const xode_tree *t = L->t;
	int last = -1, prev = -1, base = -1, nkids = 0;
	for (int c = t->nodes[node].first; c >= 0; c = t->nodes[c].next) {
		int r = t->nodes[c].kind == XT_ELEM ? mass_rank(t->nodes[c].elem) : -1;
		if (r < 0)
			continue;
		if (r < last)
			return fail(L, c,
			            "<%s> must come before <%s> in a <mass> (the order is mass_struct or "
			            "mass_shape, transform, adjust, nested masses)",
			            ename(L, c), ename(L, prev));
		if (r == 0 && base >= 0)
			return fail(L, c, "a <mass> holds a <mass_struct> or a <mass_shape>, not both");
		if (r == 0)
			base = c;
		nkids += r == 3;
		last = r;
		prev = c;
	}
	if (base < 0 && nkids == 0)
		return fail(L, node, "an empty <mass>: give it a <mass_struct>, a <mass_shape> or nested <mass> elements");

	/* The frame of what this mass holds, in the body's rigid frame. */
	xode_xf fw, f;
	if ((rc = node_frame(L, node, &mc->W, &fw)) != 0)
		return rc;
	xode_xf_mul(&mc->inv, &fw, &f);
	double R[3][3], s[3];
	if ((rc = split(L, node, &f, R, s)) != 0)
		return rc;
	memset(out, 0, sizeof *out);
	*density = 0;
	if (base >= 0) {
		rc = t->nodes[base].elem == XE_MASS_STRUCT ? mass_struct(L, base, s, out)
		                                           : mass_shape(L, base, s, out, density);
		if (rc)
			return rc;
		xode_mass_rotate(out, R);
		xode_mass_translate(out, f.t);
	}
	int adj = child_elem(L, node, XE_ADJUST);
	if (adj >= 0) {
		double total;
		if ((rc = check_element(L, adj)) != 0 || (rc = num_min(L, adj, "total", 0, true, &total)) != 0)
			return rc;
		if (!(out->m > 0))
			return fail(L, adj, "<adjust> needs a mass to scale: a <mass_struct> or a <mass_shape> before it");
		xode_mass_adjust(out, total);
	}
	for (int c = t->nodes[node].first; c >= 0; c = t->nodes[c].next) {
		if (t->nodes[c].kind != XT_ELEM || t->nodes[c].elem != XE_MASS)
			continue;
		xode_mass sub;
		double unused;
		if ((rc = visit_mass(L, c, mc, &sub, &unused)) != 0)
			return rc;
		xode_mass_add(out, &sub);
	}
	return 0;
}

/* ---- objects ------------------------------------------------------------------------- */

static int visit_children(ld *L, int node, const ctx *c);

static int visit_container(ld *L, int node, const ctx *parent)
{
	int rc = check_element(L, node);
	if (rc)
		return rc;
	ctx c = {.body = parent->body};
	if ((rc = node_frame(L, node, &parent->W, &c.W)) != 0)
		return rc;
	return visit_children(L, node, &c);
}

static int visit_body(ld *L, int node, const ctx *parent)
{
	int rc = check_element(L, node);
	if (rc)
		return rc;
	body_model *m = L->m;
	size_t b = m->nparts++;
	body_part *p = &m->parts[b];
	L->part[node] = (int)b;
	p->parent = parent->body;
	p->friction = -1;
	p->xode.world = L->world;
	p->xode.line = L->t->nodes[node].line;
	if ((rc = dup_name(L, node, &p->name)) != 0 || (rc = boolean(L, node, "enabled", true, &p->enabled)) != 0 ||
	    (rc = boolean(L, node, "gravitymode", true, &p->gravity)) != 0)
		return rc;
	ctx c = {.body = (int)b};
	double s[3];
	if ((rc = node_frame(L, node, &parent->W, &c.W)) != 0 || (rc = split(L, node, &c.W, p->R, s)) != 0)
		return rc;
	memcpy(p->pos, c.W.t, sizeof p->pos);

	/* Initial state: world-frame vectors, as ODE's dBodySet* take them. */
	static const struct {
		xode_elem e;
		size_t off;
	} vecs[] = {
		{XE_TORQUE, offsetof(body_part, torque)},
		{XE_FORCE, offsetof(body_part, force)},
		{XE_LINEARVEL, offsetof(body_part, lin_vel)},
		{XE_ANGULARVEL, offsetof(body_part, ang_vel)},
	};
	for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++) {
		int k = child_elem(L, node, vecs[i].e);
		if (k >= 0 && ((rc = check_element(L, k)) != 0 ||
		               (rc = vec3(L, k, "x", "y", "z", (double *)((char *)p + vecs[i].off))) != 0))
			return rc;
	}
	int k = child_elem(L, node, XE_FINITEROTATION);
	if (k >= 0) {
		double mode;
		if ((rc = check_element(L, k)) != 0 || (rc = num(L, k, "mode", &mode)) != 0 ||
		    (rc = vec3(L, k, "xaxis", "yaxis", "zaxis", p->xode.finite_axis)) != 0)
			return rc;
		if (mode != 0 && mode != 1)
			return fail(L, k, "mode of <finiteRotation> must be 0 (infinitesimal) or 1 (finite), not %g", mode);
		p->xode.finite_mode = (int)mode;
	}

	k = child_elem(L, node, XE_MASS);
	xode_mass ms;
	if (k >= 0) {
		mass_ctx mc = {.W = c.W};
		xode_xf rigid = {.t = {p->pos[0], p->pos[1], p->pos[2]}};
		memcpy(rigid.a, p->R, sizeof rigid.a);
		xode_xf_rigid_inverse(&rigid, &mc.inv);
		if ((rc = visit_mass(L, k, &mc, &ms, &p->density)) != 0)
			return rc;
		if (!xode_mass_valid(&ms))
			return fail(L, k,
			            "this <mass> is not a valid ODE mass (total %g; the inertia about its centre "
			            "must be positive definite)",
			            ms.m);
	} else {
		/* What ODE gives a body nobody sets a mass on (dBodyCreate). */
		memset(&ms, 0, sizeof ms);
		ms.m = ms.I[0][0] = ms.I[1][1] = ms.I[2][2] = 1;
		if (body_warn(m, p->xode.line, "body '%s' has no <mass>: ODE's default (mass 1, unit inertia) is used",
		              p->name ? p->name : "(unnamed)") != 0)
			return oom(L);
	}
	p = &m->parts[b];
	p->mass = ms.m;
	memcpy(p->com, ms.c, sizeof p->com);
	xode_mass_central(&ms, p->inertia);
	return visit_children(L, node, &c);
}

static int trimesh(ld *L, int tn, const double s[3], body_geom *g)
{
	int rc = check_element(L, tn);
	if (rc)
		return rc;
	int vs = child_elem(L, tn, XE_VERTICES), ts = child_elem(L, tn, XE_TRIANGLES);
	if ((rc = check_element(L, vs)) != 0 || (rc = check_element(L, ts)) != 0)
		return rc;
	const xode_tree *t = L->t;
	size_t nv = 0, nt = 0;
	for (int c = t->nodes[vs].first; c >= 0; c = t->nodes[c].next)
		nv += t->nodes[c].kind == XT_ELEM && t->nodes[c].elem == XE_V;
	for (int c = t->nodes[ts].first; c >= 0; c = t->nodes[c].next)
		nt += t->nodes[c].kind == XT_ELEM && t->nodes[c].elem == XE_T;
	g->verts = malloc(nv * 3 * sizeof *g->verts);
	g->tris = malloc(nt * 3 * sizeof *g->tris);
	if (!g->verts || !g->tris)
		return oom(L);
	for (int c = t->nodes[vs].first; c >= 0; c = t->nodes[c].next) {
		if (t->nodes[c].kind != XT_ELEM || t->nodes[c].elem != XE_V)
			continue;
		double *v = g->verts + 3 * g->nverts;
		if ((rc = check_element(L, c)) != 0 || (rc = vec3(L, c, "x", "y", "z", v)) != 0)
			return rc;
		for (int i = 0; i < 3; i++)
			v[i] *= s[i];
		g->nverts++;
	}
	const char *corner[3] = {"ia", "ib", "ic"};
	for (int c = t->nodes[ts].first; c >= 0; c = t->nodes[c].next) {
		if (t->nodes[c].kind != XT_ELEM || t->nodes[c].elem != XE_T)
			continue;
		if ((rc = check_element(L, c)) != 0)
			return rc;
		for (int i = 0; i < 3; i++) {
			const char *v = xt_attr_get(t, c, corner[i]);
			char *end;
			unsigned long long x = digit(*v) ? strtoull(v, &end, 10) : 0;
			if (!digit(*v) || *end || x >= nv)
				return fail(L, c, "%s=\"%s\" of <t> is not the index of a vertex (0 to %zu)", corner[i], v,
				            nv - 1);
			g->tris[3 * g->ntris + (size_t)i] = (uint32_t)x;
		}
		g->ntris++;
	}
	return 0;
}

static int visit_geom(ld *L, int node, const ctx *parent)
{
	int rc = check_element(L, node);
	if (rc)
		return rc;
	body_model *m = L->m;
	size_t gi = m->ngeoms++;
	body_geom *g = &m->geoms[gi];
	g->part = parent->body;
	ctx c = {.body = parent->body};
	double s[3];
	if ((rc = dup_name(L, node, &g->name)) != 0 || (rc = node_frame(L, node, &parent->W, &c.W)) != 0 ||
	    (rc = split(L, node, &c.W, g->R, s)) != 0)
		return rc;
	memcpy(g->pos, c.W.t, sizeof g->pos);
	int k = the_one(L, node);
	int e = L->t->nodes[k].elem;
	for (size_t i = 0; i < sizeof geom_shapes / sizeof geom_shapes[0]; i++)
		if (geom_shapes[i].elem == e)
			g->shape = geom_shapes[i].shape;
	if (e == XE_PLANE) {
		if (parent->body >= 0)
			return fail(L, node, "a plane cannot belong to a <body>: ODE planes are static");
		double pl[4];
		if ((rc = check_element(L, k)) != 0 || (rc = vec3(L, k, "a", "b", "c", pl)) != 0 ||
		    (rc = num(L, k, "d", &pl[3])) != 0)
			return rc;
		if (pl[0] == 0 && pl[1] == 0 && pl[2] == 0)
			return fail(L, k, "<plane> a b c is its normal and cannot be 0 0 0");
		/* The plane n.x = d seen through the frame x' = R S x + t:
		 * n' = R S^-1 n, d' = d + n'.t. */
		for (int r = 0; r < 3; r++)
			g->plane[r] = g->R[r][0] * pl[0] / s[0] + g->R[r][1] * pl[1] / s[1] + g->R[r][2] * pl[2] / s[2];
		g->plane[3] = pl[3] + g->plane[0] * g->pos[0] + g->plane[1] * g->pos[1] + g->plane[2] * g->pos[2];
		for (int i = 0; i < 4; i++)
			if (!isfinite(g->plane[i]))
				return fail(L, k, "the transforms take this <plane> out of range");
	} else if (e == XE_TRIMESH) {
		if ((rc = trimesh(L, k, s, g)) != 0)
			return rc;
	} else if ((rc = shape_sizes(L, k, s, g->size)) != 0) {
		return rc;
	}
	return visit_children(L, node, &c);
}

/* An <axis> of a joint (node c): its direction, turned into world
 * coordinates by W and made a unit vector, and the ODE parameters its
 * attributes give (ODE's defaults for the others). */
static int read_axis(ld *L, int c, const xode_xf *W, body_axis *ax)
{
	int rc;
	double v[3];
	if ((rc = check_element(L, c)) != 0 || (rc = vec3(L, c, "x", "y", "z", v)) != 0)
		return rc;
	double n = 0;
	for (int r = 0; r < 3; r++) {
		ax->dir[r] = W->a[r][0] * v[0] + W->a[r][1] * v[1] + W->a[r][2] * v[2];
		n += ax->dir[r] * ax->dir[r];
	}
	n = sqrt(n);
	if (!(n > 0) || !isfinite(n))
		return fail(L, c, "<axis> %g %g %g has no direction", v[0], v[1], v[2]);
	for (int r = 0; r < 3; r++)
		ax->dir[r] /= n;
	for (size_t i = 0; i < xode_naxis_params; i++) {
		const xode_axis_param *ap = &xode_axis_params[i];
		double *field = (double *)((char *)ax + ap->offset);
		bool given;
		*field = ap->ode_default;
		if ((rc = num_opt(L, c, ap->attr, field, &given)) != 0)
			return rc;
		if (given)
			ax->given |= ap->bit;
	}
	return 0;
}

static int visit_joint(ld *L, int node, const ctx *parent)
{
	int rc = check_element(L, node);
	if (rc)
		return rc;
	body_model *m = L->m;
	size_t ji = m->njoints++;
	body_joint *j = &m->joints[ji];
	j->xode.line = L->t->nodes[node].line;
	j->p1 = j->p2 = -1;
	pending *pd = &L->pend[ji];
	pd->link[0] = child_elem(L, node, XE_LINK1);
	pd->link[1] = child_elem(L, node, XE_LINK2);
	pd->enclosing = parent->body;
	pd->world = L->world;
	pd->node = node;
	for (int i = 0; i < 2; i++)
		if (pd->link[i] >= 0 && (rc = check_element(L, pd->link[i])) != 0)
			return rc;
	if ((rc = dup_name(L, node, &j->name)) != 0)
		return rc;
	int k = the_one(L, node);
	if ((rc = check_element(L, k)) != 0)
		return rc;
	int want = 0;
	for (size_t i = 0; i < sizeof joint_types / sizeof joint_types[0]; i++)
		if (joint_types[i].elem == L->t->nodes[k].elem) {
			j->kind = joint_types[i].kind;
			want = joint_types[i].naxes;
		}
	int naxes = 0;
	for (int c = L->t->nodes[k].first; c >= 0; c = L->t->nodes[c].next)
		naxes += L->t->nodes[c].kind == XT_ELEM && L->t->nodes[c].elem == XE_AXIS;
	if (naxes != want)
		return fail(L, k, "a%s %s joint needs exactly %d ax%s, this one has %d",
		            ename(L, k)[0] == 'a' ? "n" : "" /* an amotor, a universal */, ename(L, k), want, want == 1 ? "is" : "es",
		            naxes);

	/* Anchor and axes are in the frame of the joint's parent element unless
	 * the anchor says absolute="true" (world coordinates). */
	const xode_xf *W = &parent->W;
	int an = child_elem(L, k, XE_ANCHOR);
	if (an >= 0) {
		double v[3];
		bool absolute;
		if ((rc = check_element(L, an)) != 0 || (rc = vec3(L, an, "x", "y", "z", v)) != 0 ||
		    (rc = boolean(L, an, "absolute", false, &absolute)) != 0)
			return rc;
		for (int r = 0; r < 3; r++)
			j->anchor[r] = absolute ? v[r] : W->a[r][0] * v[0] + W->a[r][1] * v[1] + W->a[r][2] * v[2] + W->t[r];
		j->xode.anchor_given = true;
	}
	for (int c = L->t->nodes[k].first; c >= 0; c = L->t->nodes[c].next) {
		if (L->t->nodes[c].kind != XT_ELEM || L->t->nodes[c].elem != XE_AXIS)
			continue;
		if ((rc = read_axis(L, c, &parent->W, &j->axis[j->naxes])) != 0)
			return rc;
		j->naxes++;
	}
	return 0;
}

static int visit_children(ld *L, int node, const ctx *c)
{
	int rc = 0;
	for (int k = L->t->nodes[node].first; k >= 0 && !rc; k = L->t->nodes[k].next) {
		if (L->t->nodes[k].kind != XT_ELEM)
			continue;
		switch (L->t->nodes[k].elem) {
		case XE_BODY:
			rc = visit_body(L, k, c);
			break;
		case XE_GEOM:
			rc = visit_geom(L, k, c);
			break;
		case XE_JOINT:
			rc = visit_joint(L, k, c);
			break;
		case XE_SPACE:
		case XE_GROUP:
		case XE_JOINTGROUP:
			rc = visit_container(L, k, c);
			break;
		default: /* read by their owner (transform, mass, ...) or foreign */
			break;
		}
	}
	return rc;
}

/* ---- links (postlink) ------------------------------------------------------------------ */

static int resolve_link(ld *L, int link, int *part)
{
	const char *name = xt_attr_get(L->t, link, "body");
	int node = name_find(L, XE_BODY, name);
	if (node >= 0) {
		*part = L->part[node];
		return 0;
	}
	for (int e = 0; e < XE_COUNT; e++) {
		bool req;
		if (e != XE_BODY && attr_listed(xode_elems[e].attrs, "name", &req) && name_find(L, e, name) >= 0)
			return fail(L, link, "<%s body=\"%s\"> names a <%s>, not a <body>", ename(L, link), name,
			            xode_elems[e].name);
	}
	return fail(L, link, "<%s body=\"%s\">: no <body> has that name", ename(L, link), name);
}

static int link_joints(ld *L)
{
	body_model *m = L->m;
	for (size_t ji = 0; ji < m->njoints; ji++) {
		body_joint *j = &m->joints[ji];
		const pending *pd = &L->pend[ji];
		int p[2] = {-2, -2}, rc;
		for (int i = 0; i < 2; i++)
			if (pd->link[i] >= 0 && (rc = resolve_link(L, pd->link[i], &p[i])) != 0)
				return rc;
		/* A missing link is the nearest enclosing body; when both are
		 * missing, link2 is the static world (XODE 2.1.3, as PyODE does). */
		int enclosing = pd->enclosing;
		if (p[0] == -2) {
			p[0] = enclosing;
			enclosing = -1;
		}
		if (p[1] == -2)
			p[1] = enclosing;
		if (p[0] < 0 && p[1] < 0)
			return fail(L, pd->node, "the joint links nothing: no <link1>, no <link2> and no enclosing <body>");
		if (p[0] == p[1])
			return fail(L, pd->node, "the joint links body '%s' to itself",
			            m->parts[p[0]].name ? m->parts[p[0]].name : "(unnamed)");
		for (int i = 0; i < 2; i++)
			if (p[i] >= 0 && m->parts[p[i]].xode.world != pd->world)
				return fail(L, pd->node, "the joint links body '%s' of another <world>",
				            m->parts[p[i]].name ? m->parts[p[i]].name : "(unnamed)");
		j->p1 = p[0];
		j->p2 = p[1];
		if (!j->xode.anchor_given) /* ODE's anchors start at the first body's origin */
			memcpy(j->anchor, m->parts[p[0] >= 0 ? p[0] : p[1]].pos, sizeof j->anchor);
	}
	return 0;
}

/* ---- entry points ---------------------------------------------------------------------- */

void xode_extra_free(void *extra)
{
	xt_free(extra);
	free(extra);
}

/* A scene of more bodies, geoms or joints than body.h allows is refused at
 * the first element past the limit (before anything is allocated for it). */
static int check_limits(ld *L, const size_t count[3])
{
	static const struct {
		xode_elem e;
		int limit;
		const char *what;
	} lim[3] = {{XE_BODY, BODY_MAX_PARTS, "bodies"},
	            {XE_GEOM, BODY_MAX_GEOMS, "geoms"},
	            {XE_JOINT, BODY_MAX_JOINTS, "joints"}};
	for (int k = 0; k < 3; k++) {
		if (count[k] <= (size_t)lim[k].limit)
			continue;
		size_t seen = 0, i = 0;
		for (; i < L->t->nnodes; i++)
			if (L->t->nodes[i].kind == XT_ELEM && L->t->nodes[i].elem == (int)lim[k].e &&
			    ++seen > (size_t)lim[k].limit)
				break;
		return c2_fail_line(L->err, C2_ETOOBIG, L->t->nodes[i].line,
		                    "%zu %s, more than the limit of %d", count[k], lim[k].what, lim[k].limit);
	}
	return 0;
}

static int load(ld *L)
{
	const xode_tree *t = L->t;
	body_model *m = L->m;
	size_t nb = 0, ng = 0, nj = 0;
	for (size_t i = 0; i < t->nnodes; i++) {
		const xt_node *n = &t->nodes[i];
		if (n->kind != XT_ELEM || n->elem < 0)
			continue;
		nb += n->elem == XE_BODY;
		ng += n->elem == XE_GEOM;
		nj += n->elem == XE_JOINT;
	}
	int rc = check_limits(L, (const size_t[3]){nb, ng, nj});
	if (rc)
		return rc;
	L->first = malloc(t->nnodes * sizeof *L->first);
	L->pend = calloc(nj + 1, sizeof *L->pend);
	L->read = calloc(t->nnodes, 1);
	L->part = calloc(t->nnodes, sizeof *L->part);
	m->parts = calloc(nb + 1, sizeof *m->parts);
	m->geoms = calloc(ng + 1, sizeof *m->geoms);
	m->joints = calloc(nj + 1, sizeof *m->joints);
	if (!L->first || !L->pend || !L->read || !L->part || !m->parts || !m->geoms || !m->joints)
		return oom(L);
	for (size_t i = 0; i < t->nnodes; i++)
		L->first[i] = -1;
	if (names_index(L) != 0)
		return C2_ENOMEM;

	int root = t->root;
	rc = check_element(L, root);
	if (rc)
		return rc;
	const char *version = xt_attr_get(t, root, "version");
	if (!version)
		rc = body_warn(m, t->nodes[root].line, "<xode> has no version attribute: read as XODE 1.0r23");
	else if (strcmp(version, "1.0r23") != 0 && strcmp(version, "1.0r22") != 0)
		rc = body_warn(m, t->nodes[root].line, "XODE version '%s' is not 1.0r23: read as 1.0r23", version);
	if (rc)
		return oom(L);
	if ((rc = dup_name(L, root, &m->name)) != 0)
		return rc;
	ctx top = {.body = -1};
	xode_xf_identity(&top.W);
	for (int k = t->nodes[root].first; k >= 0; k = t->nodes[k].next) {
		if (t->nodes[k].kind != XT_ELEM)
			continue;
		if (t->nodes[k].elem == XE_WORLD) {
			if ((rc = visit_container(L, k, &top)) != 0)
				return rc;
			L->world++;
		}
	}
	if ((rc = link_joints(L)) != 0)
		return rc;
	/* Every XODE element must have been read: one that was not would be
	 * data silently dropped. */
	for (size_t i = 0; i < t->nnodes; i++)
		if (t->nodes[i].kind == XT_ELEM && t->nodes[i].elem >= 0 && !L->read[i])
			return fail(L, (int)i, "<%s> was not read (a loader bug: please report it)", ename(L, (int)i));
	return 0;
}

int xode_load(body_model *m, const char *data, size_t len, c2_err *err)
{
	memset(m, 0, sizeof *m);
	m->format = BODY_XODE;
	xode_tree *t = calloc(1, sizeof *t);
	if (!t)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	int rc = xt_parse(t, data, len, err);
	if (rc) {
		free(t);
		return rc;
	}
	m->extra = t;
	m->extra_free = xode_extra_free;
	ld L = {.t = t, .m = m, .err = err};
	rc = load(&L);
	free(L.names);
	free(L.first);
	free(L.pend);
	free(L.read);
	free(L.part);
	if (rc)
		body_free(m);
	return rc;
}

int xode_load_file(body_model *m, const char *path, c2_err *err)
{
	uint8_t *data;
	size_t len;
	memset(m, 0, sizeof *m);
	int rc = c2_read_file(path, XODE_MAX_BYTES, &data, &len, err);
	if (rc)
		return rc;
	rc = xode_load(m, (const char *)data, len, err);
	free(data);
	return rc;
}
