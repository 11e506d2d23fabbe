/* f0.c — the f0 builder, its validity checks, the SDK re-save and the
 * conformance report (see f0.h). References are to the Framsticks SDK
 * 5.0rc10 (frams/model/model.cpp, frams/util/3d.cpp); the arithmetic is done
 * in the SDK's order so that positions come out bit for bit the same. */
#include "framsticks/f0.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "framsticks/frams.h"

/* ---- property tables (SDK 5.0rc10 frams/config/f0-SDK.def) ------------------------ */

/* Joint properties written only by delta joints (the SDK's frams_f0_nodeltajoint
 * table is frams_f0_joint without them). */
#define FRAMS_F0_DELTA (1 << 22)
#define CAN FRAMS_CANOMITNAME
#define TY_f 'f'
#define TY_d 'd'
#define TY_s 's'

/* X(id, type, flags, ranged, min, max, default, string default, model field) */
#define FRAMS_F0_PART_PROPS(X)                                     \
	X(x, f, CAN, 0, 0, 0, 0, NULL, pos[0])                   \
	X(y, f, CAN, 0, 0, 0, 0, NULL, pos[1])                   \
	X(z, f, CAN, 0, 0, 0, 0, NULL, pos[2])                   \
	X(sh, d, 0, 1, 0, 3, 0, NULL, f0.sh)                     \
	X(s, f, 0, 1, 0.1, 10.0, 1.0, NULL, f0.s)                \
	X(sx, f, 0, 1, 0.001, 1000.0, 1.0, NULL, f0.scale[0])    \
	X(sy, f, 0, 1, 0.001, 1000.0, 1.0, NULL, f0.scale[1])    \
	X(sz, f, 0, 1, 0.001, 1000.0, 1.0, NULL, f0.scale[2])    \
	X(h, f, 0, 1, 0, 1, 0, NULL, f0.h)                       \
	X(dn, f, 0, 1, 0.2, 5.0, 1.0, NULL, density)             \
	X(fr, f, 0, 1, 0.0, 4.0, 0.4, NULL, friction)            \
	X(ing, f, 0, 1, 0.0, 1.0, 0.25, NULL, f0.ing)            \
	X(as, f, 0, 1, 0.0, 1.0, 0.25, NULL, f0.as)              \
	X(rx, f, 0, 0, 0, 0, 0, NULL, f0.rot[0])                 \
	X(ry, f, CAN, 0, 0, 0, 0, NULL, f0.rot[1])               \
	X(rz, f, CAN, 0, 0, 0, 0, NULL, f0.rot[2])               \
	X(i, s, 0, 0, 0, 0, 0, "", f0.info)                      \
	X(Vstyle, s, 0, 0, 0, 0, 0, "part", f0.vstyle)           \
	X(vs, f, 0, 1, 0.05, 0.7, 0.2, NULL, f0.vs)              \
	X(vr, f, 0, 1, 0.0, 1.0, 1.0, NULL, f0.vcolor[0])        \
	X(vg, f, CAN, 1, 0.0, 1.0, 1.0, NULL, f0.vcolor[1])      \
	X(vb, f, CAN, 1, 0.0, 1.0, 1.0, NULL, f0.vcolor[2])

/* dx, dy, dz have no usable default: the SDK's default joint holds a marker
 * there, so a delta joint always writes all three. */
#define FRAMS_F0_JOINT_PROPS(X)                                                     \
	X(p1, d, CAN, 1, -1, 999999, -1, NULL, p1)                                \
	X(p2, d, CAN, 1, -1, 999999, -1, NULL, p2)                                \
	X(rx, f, FRAMS_F0_DELTA, 0, 0, 0, 0, NULL, f0.rot[0])                           \
	X(ry, f, CAN | FRAMS_F0_DELTA, 0, 0, 0, 0, NULL, f0.rot[1])                     \
	X(rz, f, CAN | FRAMS_F0_DELTA, 0, 0, 0, 0, NULL, f0.rot[2])                     \
	X(dx, f, FRAMS_F0_DELTA | FRAMS_NODEFAULT, 1, -2, 2, 0, NULL, f0.d[0])          \
	X(dy, f, CAN | FRAMS_F0_DELTA | FRAMS_NODEFAULT, 1, -2, 2, 0, NULL, f0.d[1])    \
	X(dz, f, CAN | FRAMS_F0_DELTA | FRAMS_NODEFAULT, 1, -2, 2, 0, NULL, f0.d[2])    \
	X(sh, d, 0, 1, 0, 1, 0, NULL, f0.sh)                                      \
	X(stif, f, 0, 1, 0.0, 1.0, 1.0, NULL, f0.stif)                            \
	X(rotstif, f, 0, 1, 0.0, 1.0, 1.0, NULL, f0.rotstif)                      \
	X(stam, f, 0, 1, 0.0, 1.0, 0.25, NULL, f0.stam)                           \
	X(i, s, 0, 0, 0, 0, 0, "", f0.info)                                       \
	X(Vstyle, s, 0, 0, 0, 0, 0, "joint", f0.vstyle)                           \
	X(vr, f, 0, 1, 0.0, 1.0, 1.0, NULL, f0.vcolor[0])                         \
	X(vg, f, CAN, 1, 0.0, 1.0, 1.0, NULL, f0.vcolor[1])                       \
	X(vb, f, CAN, 1, 0.0, 1.0, 1.0, NULL, f0.vcolor[2])

#define PROP_ROW(id, ty, fl, rg, mn, mx, df, sd, field) {#id, TY_##ty, fl, rg, mn, mx, df, sd},
#define PART_INDEX(id, ty, fl, rg, mn, mx, df, sd, field) P_##id,
#define JOINT_INDEX(id, ty, fl, rg, mn, mx, df, sd, field) J_##id,

static const frams_prop part_props[] = {FRAMS_F0_PART_PROPS(PROP_ROW)};
static const frams_prop joint_props[] = {FRAMS_F0_JOINT_PROPS(PROP_ROW)};
enum { FRAMS_F0_PART_PROPS(PART_INDEX) NPART_PROPS };
enum { FRAMS_F0_JOINT_PROPS(JOINT_INDEX) NJOINT_PROPS };

/* The neuron's d= goes through the SDK's details getter/setter; the trailing
 * read-only entries are there because a sixth bare value lands on them. */
static const frams_prop neuro_props[] = {
	{"p", 'd', 0, 1, -1, 999999, -1, NULL},
	{"j", 'd', 0, 1, -1, 999999, -1, NULL},
	{"d", 's', 0, 0, 0, 0, 0, "N"},
	{"i", 's', 0, 0, 0, 0, 0, ""},
	{"Vstyle", 's', 0, 0, 0, 0, 0, "neuro"},
	{"getInputCount", 'd', FRAMS_READONLY | FRAMS_DONTSAVE, 0, 0, 0, 0, NULL},
	{"getInputNeuroDef", 'p', FRAMS_READONLY | FRAMS_DONTSAVE, 0, 0, 0, 0, NULL},
	{"getInputNeuroIndex", 'p', FRAMS_READONLY | FRAMS_DONTSAVE, 0, 0, 0, 0, NULL},
	{"getInputWeight", 'p', FRAMS_READONLY | FRAMS_DONTSAVE, 0, 0, 0, 0, NULL},
	{"classObject", 'o', FRAMS_READONLY | FRAMS_DONTSAVE, 0, 0, 0, 0, NULL},
};
enum { N_P, N_J, N_D, N_I, N_VSTYLE, NNEURO_PROPS = 10 };

static const frams_prop conn_props[] = {
	{"n1", 'd', CAN, 1, -1, 999999, -1, NULL},
	{"n2", 'd', CAN, 1, -1, 999999, -1, NULL},
	{"w", 'f', CAN, 1, -999999, 999999, 1.0, NULL},
	{"i", 's', 0, 0, 0, 0, 0, ""},
};
enum { C_N1, C_N2, C_W, C_I, NCONN_PROPS };

/* se has no range or default in its type; the SDK's Model starts at 1. */
static const frams_prop model_props[] = {
	{"se", 'f', CAN, 0, 0, 0, 1.0, NULL},
	{"Vstyle", 's', 0, 0, 0, 0, 0, ""},
};
enum { M_SE, M_VSTYLE, NMODEL_PROPS };

static const frams_class part_class = {"p", part_props, NPART_PROPS};
static const frams_class joint_class = {"j", joint_props, NJOINT_PROPS};
static const frams_class neuro_class = {"n", neuro_props, NNEURO_PROPS};
static const frams_class conn_class = {"c", conn_props, NCONN_PROPS};
static const frams_class model_class = {"m", model_props, NMODEL_PROPS};

/* Slots <-> model fields, by the type of the field. */
static bool get_f(double *dst, const frams_class *c, const frams_slot *v, size_t k)
{
	(void)c;
	*dst = v[k].d;
	return true;
}
static bool get_d(int *dst, const frams_class *c, const frams_slot *v, size_t k)
{
	(void)c;
	*dst = (int)v[k].i;
	return true;
}
static bool get_s(char **dst, const frams_class *c, const frams_slot *v, size_t k)
{
	size_t len;
	const char *s = frams_slot_str(c, v, k, &len);
	free(*dst);
	*dst = frams_dup(s, len);
	return *dst != NULL;
}
static bool put_f(double src, frams_slot *v, size_t k)
{
	v[k].d = src;
	return true;
}
static bool put_d(int src, frams_slot *v, size_t k)
{
	v[k].i = src;
	return true;
}
static bool put_s(const char *src, frams_slot *v, size_t k)
{
	if (!src)
		return true; /* NULL: the default */
	v[k].slen = strlen(src);
	v[k].s = frams_dup(src, v[k].slen);
	return v[k].s != NULL;
}

#define GET_FIELD(id, ty, fl, rg, mn, mx, df, sd, field) ok &= get_##ty(&obj->field, c_, v, k++);
#define PUT_FIELD(id, ty, fl, rg, mn, mx, df, sd, field) ok &= put_##ty(obj->field, v, k++);

/* NAME_from_slots and NAME_to_slots for a model struct and its table. */
#define SLOT_MAPPERS(name, type, PROPS, cls)                       \
	static bool name##_from_slots(type *obj, const frams_slot *v) \
	{                                                             \
		const frams_class *c_ = &cls;                             \
		bool ok = true;                                           \
		size_t k = 0;                                             \
		PROPS(GET_FIELD)                                          \
		return ok;                                                \
	}                                                             \
	static bool name##_to_slots(const type *obj, frams_slot *v)   \
	{                                                             \
		bool ok = true;                                           \
		size_t k = 0;                                             \
		PROPS(PUT_FIELD)                                          \
		return ok;                                                \
	}
SLOT_MAPPERS(part, body_part, FRAMS_F0_PART_PROPS, part_class)
SLOT_MAPPERS(joint, body_joint, FRAMS_F0_JOINT_PROPS, joint_class)

/* ---- neuron classes (SDK 5.0rc10 standard library) -------------------------------- */

/* X(name, long name, inputs, has output, location, properties) */
#define FRAMS_F0_NEURO_CLASSES(X)                                                            \
	X("N", "Neuron", -1, 1, FRAMS_F0_LOC_NONE, "in=0.8,fo=0.04,si=2,s=0")                     \
	X("Nu", "Unipolar neuron", -1, 1, FRAMS_F0_LOC_NONE, "in=0.8,fo=0.04,si=2,s=0")           \
	X("G", "Gyroscope", 0, 1, FRAMS_F0_LOC_JOINT, "")                                        \
	X("T", "Touch", 0, 1, FRAMS_F0_LOC_PART, "r=1")                                          \
	X("S", "Smell", 0, 1, FRAMS_F0_LOC_PART, "")                                             \
	X("*", "Constant", 0, 1, FRAMS_F0_LOC_NONE, "")                                          \
	X("|", "Bend muscle", 1, 0, FRAMS_F0_LOC_JOINT, "p=0.25,r=1")                             \
	X("@", "Rotation muscle", 1, 0, FRAMS_F0_LOC_JOINT, "p=1")                               \
	X("D", "Differentiate", -1, 1, FRAMS_F0_LOC_NONE, "")                                    \
	X("Fuzzy", "Fuzzy system", -1, 1, FRAMS_F0_LOC_NONE, "ns,nr,fs,fr")                       \
	X("Sti", "Sticky", 1, 0, FRAMS_F0_LOC_PART, "")                                          \
	X("LMu", "Linear muscle", 1, 0, FRAMS_F0_LOC_JOINT, "p=1")                               \
	X("Water", "Water detector", 0, 1, FRAMS_F0_LOC_PART, "")                                \
	X("Energy", "Energy level", 0, 1, FRAMS_F0_LOC_NONE, "")                                 \
	X("Ch", "Channelize", -1, 1, FRAMS_F0_LOC_NONE, "")                                      \
	X("ChMux", "Channel multiplexer", 2, 1, FRAMS_F0_LOC_NONE, "")                           \
	X("ChSel", "Channel selector", 1, 1, FRAMS_F0_LOC_NONE, "ch")                            \
	X("Rnd", "Random noise", 0, 1, FRAMS_F0_LOC_NONE, "")                                    \
	X("Sin", "Sinus generator", 1, 1, FRAMS_F0_LOC_NONE, "f0=0.0628,t=0")                    \
	X("VEye", "Vector eye", 1, 1, FRAMS_F0_LOC_PART, "")                                     \
	X("VMotor", "Visual motor", -1, 1, FRAMS_F0_LOC_NONE, "")

const frams_f0_neuro_class frams_f0_neuro_classes[] = {
#define CLASS_ROW(nm, ln, in, out, loc, pr) {nm, ln, in, out, loc, pr},
	FRAMS_F0_NEURO_CLASSES(CLASS_ROW)
#undef CLASS_ROW
};
const size_t frams_f0_neuro_nclasses = sizeof frams_f0_neuro_classes / sizeof frams_f0_neuro_classes[0];

const frams_f0_neuro_class *frams_f0_neuro_class_find(const char *name)
{
	for (size_t i = 0; i < frams_f0_neuro_nclasses; i++)
		if (strcmp(frams_f0_neuro_classes[i].name, name) == 0)
			return &frams_f0_neuro_classes[i];
	return NULL;
}

/* ---- orientation (the SDK's Orient: three axis vectors) --------------------------- */

typedef struct orient {
	double x[3], y[3], z[3]; /* the local axes in world coordinates */
} orient;

static const orient orient_1 = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
static const double HALF_PI = 1.57079632679489661923;

static void rot2d(double s, double c, double *a, double *b)
{
	double t = c * *a - s * *b;
	*b = s * *a + c * *b;
	*a = t;
}

/* Orient::rotate: about x by r[0], then y by -r[1] (the SDK's sign), then z
 * by r[2], each applied to the three axis vectors; zero angles are skipped. */
static void orient_rotate(orient *o, const double r[3])
{
	double *ax[3] = {o->x, o->y, o->z};
	static const int plane[3][2] = {{1, 2}, {0, 2}, {0, 1}};
	for (int k = 0; k < 3; k++) {
		if (r[k] == 0)
			continue;
		double s = sin(r[k]), c = cos(r[k]);
		for (int v = 0; v < 3; v++)
			rot2d(s, c, &ax[v][plane[k][0]], &ax[v][plane[k][1]]);
	}
}

/* world = o applied to local s */
static void orient_apply(const orient *o, double out[3], const double s[3])
{
	for (int r = 0; r < 3; r++)
		out[r] = s[0] * o->x[r] + s[1] * o->y[r] + s[2] * o->z[r];
}

/* local = o's inverse applied to world s */
static void orient_unapply(const orient *o, double out[3], const double s[3])
{
	double t[3];
	t[0] = s[0] * o->x[0] + s[1] * o->x[1] + s[2] * o->x[2];
	t[1] = s[0] * o->y[0] + s[1] * o->y[1] + s[2] * o->y[2];
	t[2] = s[0] * o->z[0] + s[1] * o->z[1] + s[2] * o->z[2];
	memcpy(out, t, sizeof t);
}

static void part_orient(const body_part *p, orient *o)
{
	for (int r = 0; r < 3; r++) {
		o->x[r] = p->R[r][0];
		o->y[r] = p->R[r][1];
		o->z[r] = p->R[r][2];
	}
}

static void set_part_orient(body_part *p, const orient *o)
{
	for (int r = 0; r < 3; r++) {
		p->R[r][0] = o->x[r];
		p->R[r][1] = o->y[r];
		p->R[r][2] = o->z[r];
	}
}

/* Pt3D::getAngle: atan2 that warns on (0, 0). */
static double get_angle(double dx, double dy, frams_log *log, long line)
{
	if (dx == 0 && dy == 0) {
		frams_log_add(log, FRAMS_WARN, line, "Pt3D.getAngle()", "atan2(%g,%g)", dy, dx);
		return 0;
	}
	return atan2(dy, dx);
}

/* Pt3D::getAngles: the rx, ry, rz that Orient::rotate turns into the frame
 * whose x axis is X and whose z axis is dir. */
static void get_angles(double ang[3], const double X[3], const double dir[3], frams_log *log,
                       long line)
{
	double t1[3] = {X[0], X[1], X[2]}, t2[3] = {dir[0], dir[1], dir[2]};
	if (fabs(t1[0]) > 1e-50 || fabs(t1[1]) > 1e-50) {
		ang[2] = atan2(t1[1], t1[0]);
		double k = -ang[2];
		rot2d(sin(k), cos(k), &t1[0], &t1[1]);
		rot2d(sin(k), cos(k), &t2[0], &t2[1]);
		ang[1] = get_angle(t1[0], t1[2], log, line);
	} else {
		ang[2] = 0;
		ang[1] = t1[2] < 0 ? -HALF_PI : HALF_PI; /* straight down or up */
	}
	double k = -ang[1];
	rot2d(sin(k), cos(k), &t2[0], &t2[2]);
	ang[0] = get_angle(t2[2], -t2[1], log, line);
}

static double norm3(const double d[3])
{
	return sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
}

/* ---- the f0 block ---------------------------------------------------------------- */

static void frams_f0_info_free(void *p)
{
	frams_f0_info *fi = p;
	if (!fi)
		return;
	free(fi->vstyle);
	free(fi->genes);
	free(fi->f1_genes);
	frams_log_free(&fi->log);
	free(fi);
}

const char *frams_f0_shape_name(frams_f0_shape s)
{
	static const char *const names[] = {"unknown", "mixed", "ball-and-stick", "solids"};
	_Static_assert(sizeof names / sizeof names[0] == FRAMS_F0_SHAPE_SOLIDS + 1, "a name per shape");
	return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

const frams_f0_info *frams_f0_info_of(const body_model *m)
{
	return m && m->format == BODY_F0 && m->extra_free == frams_f0_info_free ? m->extra : NULL;
}

/* ---- building --------------------------------------------------------------------- */

typedef struct builder {
	body_model *m;
	frams_f0_info *fi;
	size_t cap_parts, cap_joints, cap_neurons, cap_conns;
	char suffix[80];  /* the SDK's nameForErrors(): " in 'NAME'" or "" */
	bool oom;
	long toobig_line; /* the line that went past a limit, or 0 */
	const char *toobig_what;
	char toobig_kind; /* its line kind: 'p', 'j', 'n' or 'c' */
	int toobig_limit;
	/* the first reason the model is invalid */
	bool failed;
	long fail_line;
	char fail_msg[200];
} builder;

static void fail_reason(builder *b, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void fail_reason(builder *b, long line, const char *fmt, ...)
{
	if (b->failed)
		return;
	b->failed = true;
	b->fail_line = line;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(b->fail_msg, sizeof b->fail_msg, fmt, ap);
	va_end(ap);
}

/* Append a zeroed element to one of the model's arrays (NULL when out of
 * memory, which the builder then reports). */
#define DEFINE_PUSH(fn, type, arr, capf, cnt, kind, limit)                      \
	static type *fn(builder *b, long line)                                      \
	{                                                                           \
		if (b->m->cnt >= (limit)) {                                             \
			b->toobig_line = line;                                              \
			b->toobig_what = #arr;                                              \
			b->toobig_kind = kind;                                              \
			b->toobig_limit = limit;                                            \
			return NULL;                                                        \
		}                                                                       \
		if (b->m->cnt == b->capf) {                                             \
			size_t nc = b->capf ? b->capf * 2 : 16;                             \
			type *nv = realloc(b->m->arr, nc * sizeof *nv);                     \
			if (!nv) {                                                          \
				b->oom = true;                                                  \
				return NULL;                                                    \
			}                                                                   \
			b->m->arr = nv;                                                     \
			b->capf = nc;                                                       \
		}                                                                       \
		type *e = &b->m->arr[b->m->cnt++];                                      \
		memset(e, 0, sizeof *e);                                                \
		return e;                                                               \
	}
DEFINE_PUSH(push_part, body_part, parts, cap_parts, nparts, 'p', BODY_MAX_PARTS)
DEFINE_PUSH(push_joint, body_joint, joints, cap_joints, njoints, 'j', BODY_MAX_JOINTS)
DEFINE_PUSH(push_neuron, body_neuron, neurons, cap_neurons, nneurons, 'n', FRAMS_F0_MAX_ITEMS)
DEFINE_PUSH(push_conn, body_conn, conns, cap_conns, nconns, 'c', FRAMS_F0_MAX_ITEMS)

/* The text of the last error logged (why a line did not parse). */
static const char *last_error(const frams_log *log)
{
	for (size_t i = log->n; i-- > 0;)
		if (log->v[i].level == FRAMS_ERROR)
			return log->v[i].text;
	return "a value does not parse";
}

/* Model::build's error for a line that could not be added. */
static void line_error(builder *b, long fline, long lnum, const char *what)
{
	frams_log_add(&b->fi->log, FRAMS_ERROR, fline, "Model.build", "%s, line #%ld%s", what, lnum,
	              b->suffix);
}

/* Load a line's fields into v; a value that does not parse fails the line
 * with the SDK's "Invalid 'p:'" and our reason. */
static bool load_fields(builder *b, const frams_class *c, frams_slot *v, const char *s, size_t n,
                        long fline, long lnum)
{
	if (frams_load_line(c, v, s, n, &b->fi->log, fline))
		return true;
	fail_reason(b, fline, "invalid %s: line: %s", c->name, last_error(&b->fi->log));
	char what[32];
	snprintf(what, sizeof what, "Invalid '%s:'", c->name);
	line_error(b, fline, lnum, what);
	return false;
}

/* A reference to an item not defined before the line: the SDK's message
 * names `sdk_num`, our reason the missing item. Returns false. */
static bool bad_ref(builder *b, long fline, long lnum, const char *kind, long sdk_num,
                    const char *what, long missing)
{
	char msg[64];
	snprintf(msg, sizeof msg, "Invalid reference to %s #%ld", kind, sdk_num);
	line_error(b, fline, lnum, msg);
	fail_reason(b, fline, "%s %s #%ld, which is not defined before this line", what, kind,
	            missing);
	return false;
}

static bool add_part(builder *b, const char *s, size_t n, long fline, long lnum)
{
	frams_slot v[NPART_PROPS];
	frams_slots_init(&part_class, v);
	bool ok = load_fields(b, &part_class, v, s, n, fline, lnum);
	body_part *p;
	if (ok && (p = push_part(b, fline)) != NULL) {
		b->oom |= !part_from_slots(p, v);
		p->f0.line = fline;
		p->parent = -1;
		p->enabled = p->gravity = true;
		orient o = orient_1;
		orient_rotate(&o, p->f0.rot);
		set_part_orient(p, &o);
	}
	frams_slots_free(&part_class, v);
	return ok;
}

static bool add_joint(builder *b, const char *s, size_t n, long fline, long lnum)
{
	frams_slot v[NJOINT_PROPS];
	frams_slots_init(&joint_class, v);
	bool ok = load_fields(b, &joint_class, v, s, n, fline, lnum);
	long np = (long)b->m->nparts;
	long p1 = v[J_p1].i, p2 = v[J_p2].i;
	bool p1_ok = false;
	body_joint *j;
	if (ok && !((p1_ok = p1 >= 0 && p1 < np) && p2 >= 0 && p2 < np)) {
		/* SDK 5.0rc10 names part 1 when it is the good one (its reference
		 * output says "Part #0" for j:0,1 with one part). */
		ok = bad_ref(b, fline, lnum, "Part", p1_ok ? p1 : p2, "j: joins", p1_ok ? p2 : p1);
	} else if (ok && (j = push_joint(b, fline)) != NULL) {
		b->oom |= !joint_from_slots(j, v);
		j->f0.usedelta = v[J_dx].given || v[J_dy].given || v[J_dz].given;
		j->f0.line = fline;
		j->kind = j->f0.sh == 1 ? BODY_JOINT_FIXED : BODY_JOINT_STICK;
	}
	frams_slots_free(&joint_class, v);
	return ok;
}

static bool add_neuron(builder *b, const char *s, size_t n, long fline, long lnum)
{
	frams_slot v[NNEURO_PROPS];
	frams_slots_init(&neuro_class, v);
	bool ok = load_fields(b, &neuro_class, v, s, n, fline, lnum);
	long p = v[N_P].i, j = v[N_J].i;
	body_neuron *nu;
	if (ok && p >= 0 && p >= (long)b->m->nparts) {
		ok = bad_ref(b, fline, lnum, "Part", p, "n: is on", p);
	} else if (ok && j >= 0 && j >= (long)b->m->njoints) {
		ok = bad_ref(b, fline, lnum, "Joint", j, "n: is on", j);
	} else if (ok && (nu = push_neuron(b, fline)) != NULL) {
		/* d= is "Class" or "Class:properties"; an empty class is N. The SDK
		 * attaches to the part, then to the joint, which detaches it from
		 * the part. */
		size_t dl;
		const char *d = frams_slot_str(&neuro_class, v, N_D, &dl);
		const char *colon = memchr(d, ':', dl);
		size_t cl = colon ? (size_t)(colon - d) : dl;
		nu->cls = cl ? frams_dup(d, cl) : frams_dup("N", 1);
		nu->props = colon ? frams_dup(colon + 1, dl - cl - 1) : frams_dup("", 0);
		b->oom |= !nu->cls || !nu->props;
		b->oom |= !get_s(&nu->info, &neuro_class, v, N_I);
		b->oom |= !get_s(&nu->vstyle, &neuro_class, v, N_VSTYLE);
		nu->part = j >= 0 ? -1 : (int)p;
		nu->joint = (int)j;
		nu->line = fline;
	}
	frams_slots_free(&neuro_class, v);
	return ok;
}

static bool add_conn(builder *b, const char *s, size_t n, long fline, long lnum)
{
	frams_slot v[NCONN_PROPS];
	frams_slots_init(&conn_class, v);
	bool ok = load_fields(b, &conn_class, v, s, n, fline, lnum);
	long nn = (long)b->m->nneurons, n1 = v[C_N1].i, n2 = v[C_N2].i;
	bool n1_ok = false;
	body_conn *c;
	if (ok && !((n1_ok = n1 >= 0 && n1 < nn) && n2 >= 0 && n2 < nn)) {
		ok = bad_ref(b, fline, lnum, "Neuro", n1_ok ? n2 : n1, "c: connects", n1_ok ? n2 : n1);
	} else if (ok && (c = push_conn(b, fline)) != NULL) {
		c->to = (int)n1;
		c->from = (int)n2;
		c->weight = v[C_W].d;
		b->oom |= !get_s(&c->info, &conn_class, v, C_I);
		c->line = fline;
	}
	frams_slots_free(&conn_class, v);
	return ok;
}

/* ---- Model::internalcheck ---------------------------------------------------------- */

/* Joints sharing an unordered pair of parts, for the duplicate check: for
 * each joint the next joint (by index) with the same pair, or -1. */
typedef struct pair_key {
	long a, b;
	size_t j;
} pair_key;

static int cmp_pair(const void *x, const void *y)
{
	const pair_key *p = x, *q = y;
	if (p->a != q->a)
		return p->a < q->a ? -1 : 1;
	if (p->b != q->b)
		return p->b < q->b ? -1 : 1;
	return p->j < q->j ? -1 : p->j > q->j;
}

/* Every part reachable from part 0 through joints (either direction): the
 * fixed point the SDK reaches by sweeping the joints until nothing changes,
 * found here by a breadth-first search so that it costs linear time. */
static bool mark_connected(const body_model *m, bool *linked)
{
	size_t np = m->nparts, nj = m->njoints;
	size_t *start = calloc(np + 1, sizeof *start), *adj = malloc((2 * nj + 1) * sizeof *adj);
	size_t *queue = malloc((np + 1) * sizeof *queue);
	if (!start || !adj || !queue) {
		free(start);
		free(adj);
		free(queue);
		return false;
	}
	for (size_t i = 0; i < nj; i++) {
		start[m->joints[i].p1 + 1]++;
		start[m->joints[i].p2 + 1]++;
	}
	for (size_t i = 0; i < np; i++)
		start[i + 1] += start[i];
	size_t *fill = queue; /* reused as the fill cursor before the search */
	memcpy(fill, start, np * sizeof *fill);
	for (size_t i = 0; i < nj; i++) {
		adj[fill[m->joints[i].p1]++] = (size_t)m->joints[i].p2;
		adj[fill[m->joints[i].p2]++] = (size_t)m->joints[i].p1;
	}
	memset(linked, 0, np * sizeof *linked);
	size_t head = 0, tail = 0;
	linked[0] = true;
	queue[tail++] = 0;
	while (head < tail) {
		size_t p = queue[head++];
		for (size_t e = start[p]; e < start[p + 1]; e++)
			if (!linked[adj[e]]) {
				linked[adj[e]] = true;
				queue[tail++] = adj[e];
			}
	}
	free(start);
	free(adj);
	free(queue);
	return true;
}

/* The model's shape, ball-and-stick (sh 0) or solids, from its parts: sets
 * fi->shape, and at the first part that mixes the two marks it illegal with
 * a warning. */
static void check_part_shapes(builder *b)
{
	body_model *m = b->m;
	frams_f0_info *fi = b->fi;
	for (size_t i = 0; i < m->nparts; i++) {
		body_part *p = &m->parts[i];
		p->mass = 0;
		bool bs = p->f0.sh == 0;
		if (fi->shape == FRAMS_F0_SHAPE_UNKNOWN) {
			fi->shape = bs ? FRAMS_F0_SHAPE_BALL_AND_STICK : FRAMS_F0_SHAPE_SOLIDS;
		} else if (fi->shape != FRAMS_F0_SHAPE_ILLEGAL && bs != (fi->shape == FRAMS_F0_SHAPE_BALL_AND_STICK)) {
			fi->shape = FRAMS_F0_SHAPE_ILLEGAL;
			frams_log_add(&fi->log, FRAMS_WARN, p->f0.line, "Model.internalCheck",
			              "Inconsistent part shapes (mixed ball-and-stick and solids shape types)%s",
			              b->suffix);
			fail_reason(b, p->f0.line,
			            "Part #%zu's shape mixes ball-and-stick and solid parts", i);
		}
	}
}

/* A delta joint: the second part's frame is the first's turned by the
 * joint's rotation, and its place the delta in that frame. `linked` marks
 * the parts delta joints placed: a second part placed before closes a
 * cycle, an error (false). */
static bool place_by_delta(builder *b, size_t i, bool *linked)
{
	body_joint *j = &b->m->joints[i];
	body_part *a = &b->m->parts[j->p1], *c = &b->m->parts[j->p2];
	bool ret = true;
	if (linked[j->p2]) {
		ret = false;
		frams_log_add(&b->fi->log, FRAMS_ERROR, j->f0.line, "Model.internalCheck",
		              "Delta joint cycle detected at Joint #%zu%s", i, b->suffix);
		fail_reason(b, j->f0.line, "Delta joint cycle detected at Joint #%zu "
		            "(its second part was placed by an earlier delta joint)", i);
	}
	orient jo = orient_1, o1, o2;
	orient_rotate(&jo, j->f0.rot);
	part_orient(a, &o1);
	orient_apply(&o1, o2.x, jo.x);
	orient_apply(&o1, o2.y, jo.y);
	orient_apply(&o1, o2.z, jo.z);
	set_part_orient(c, &o2);
	double off[3];
	orient_apply(&o2, off, j->f0.d);
	for (int r = 0; r < 3; r++)
		c->pos[r] = off[r] + a->pos[r];
	linked[j->p2] = linked[j->p1] = true;
	return ret;
}

/* Absolute positions: the joint's rotation and delta follow from the parts
 * (the delta in the second part's frame). */
static void joint_from_parts(builder *b, body_joint *j)
{
	const body_part *a = &b->m->parts[j->p1], *c = &b->m->parts[j->p2];
	orient o1, o2, rel;
	part_orient(a, &o1);
	part_orient(c, &o2);
	orient_unapply(&o1, rel.x, o2.x);
	orient_unapply(&o1, rel.y, o2.y);
	orient_unapply(&o1, rel.z, o2.z);
	get_angles(j->f0.rot, rel.x, rel.z, &b->fi->log, j->f0.line);
	double dp[3] = {c->pos[0] - a->pos[0], c->pos[1] - a->pos[1], c->pos[2] - a->pos[2]};
	orient_unapply(&o2, j->f0.d, dp);
}

/* Joint i: its parts' weight (a joint adds 1 to each), its placement, its
 * length (at most 2 but for sh 1), no part joined to itself, a shape that
 * matches the parts'. False on an error (logged, and the reason kept). */
static bool check_joint(builder *b, size_t i, bool *linked)
{
	body_model *m = b->m;
	frams_f0_info *fi = b->fi;
	body_joint *j = &m->joints[i];
	long line = j->f0.line;
	bool ret = true;
	if (j->p1 != j->p2) {
		m->parts[j->p1].mass += 1.0;
		m->parts[j->p2].mass += 1.0;
		if (j->f0.usedelta)
			ret = place_by_delta(b, i, linked);
		else
			joint_from_parts(b, j);
		double len = norm3(j->f0.d);
		if (j->f0.sh != 1 && len > 2.0) {
			ret = false;
			frams_log_add(&fi->log, FRAMS_ERROR, line, "Model.internalCheck",
			              "Joint #%zu too long (its length %g exceeds allowed %g)%s", i, len,
			              2.0, b->suffix);
			fail_reason(b, line, "Joint #%zu too long (its length %g exceeds allowed %g)", i,
			            len, 2.0);
		}
	} else {
		frams_log_add(&fi->log, FRAMS_ERROR, line, "Model.internalCheck",
		              "Illegal part references in Joint #%zu%s", i, b->suffix);
		fail_reason(b, line, "Joint #%zu joins Part #%d to itself", i, j->p1);
		ret = false;
	}
	if (fi->shape != FRAMS_F0_SHAPE_ILLEGAL &&
	    (j->f0.sh == 0) != (fi->shape == FRAMS_F0_SHAPE_BALL_AND_STICK)) {
		fi->shape = FRAMS_F0_SHAPE_ILLEGAL;
		frams_log_add(&fi->log, FRAMS_WARN, line, "Model.internalCheck",
		              "Inconsistent joint shapes (mixed old and new shapes)%s", b->suffix);
		fail_reason(b, line, "Joint #%zu's shape does not match the parts' shapes", i);
	}
	return ret;
}

/* Every part joined to part 0 (`linked`, the SDK's LINKFLAG, is scratch
 * space here): an error at the first that is not. False then, or when out
 * of memory (b->oom). */
static bool check_connected(builder *b, bool *linked)
{
	body_model *m = b->m;
	if (!mark_connected(m, linked)) {
		b->oom = true;
		return false;
	}
	for (size_t i = 0; i < m->nparts; i++)
		if (!linked[i]) {
			frams_log_add(&b->fi->log, FRAMS_ERROR, m->parts[i].f0.line,
			              "Model.internalCheck",
			              "Not all parts connected (eg. Part #0 and Part #%zu)%s", i, b->suffix);
			fail_reason(b, m->parts[i].f0.line,
			            "Part #%zu is not connected to Part #0 by joints", i);
			return false;
		}
	return true;
}

/* Self-joints and duplicate pairs, reported in the SDK's order: for each
 * joint its first later duplicate; the first self-joint ends the scan.
 * False when there is one, or when out of memory (b->oom). */
static bool check_pairs(builder *b)
{
	body_model *m = b->m;
	frams_log *log = &b->fi->log;
	bool ret = true;
	size_t nj = m->njoints;
	pair_key *keys = malloc((nj + 1) * sizeof *keys);
	long *next = malloc((nj + 1) * sizeof *next);
	if (!keys || !next) {
		free(keys);
		free(next);
		b->oom = true;
		return false;
	}
	for (size_t i = 0; i < nj; i++) {
		long p1 = m->joints[i].p1, p2 = m->joints[i].p2;
		keys[i] = (pair_key){p1 < p2 ? p1 : p2, p1 < p2 ? p2 : p1, i};
		next[i] = -1;
	}
	qsort(keys, nj, sizeof *keys, cmp_pair);
	for (size_t t = 0; t + 1 < nj; t++)
		if (keys[t].a == keys[t + 1].a && keys[t].b == keys[t + 1].b)
			next[keys[t].j] = (long)keys[t + 1].j;
	for (size_t i = 0; i < nj; i++) {
		body_joint *j = &m->joints[i];
		if (j->p1 == j->p2) {
			frams_log_add(log, FRAMS_ERROR, j->f0.line, "Model.internalCheck",
			              "Illegal self connection, Joint #%zu%s", i, b->suffix);
			ret = false;
			break;
		}
		if (next[i] >= 0) {
			frams_log_add(log, FRAMS_ERROR, m->joints[next[i]].f0.line, "Model.internalCheck",
			              "Illegal duplicate Joint #%zu and Joint #%ld%s", i, next[i], b->suffix);
			fail_reason(b, m->joints[next[i]].f0.line,
			            "Joint #%ld joins the same two parts as Joint #%zu", next[i], i);
			ret = false;
		}
	}
	free(keys);
	free(next);
	return ret;
}

/* The SDK's Model.internalCheck: the shape, the joints placed and checked,
 * every part connected, no self-joint or duplicate pair. False when the
 * model is invalid (or b->oom). */
static bool internal_check(builder *b)
{
	body_model *m = b->m;
	frams_f0_info *fi = b->fi;
	bool ret = true;
	fi->shape = FRAMS_F0_SHAPE_UNKNOWN;
	if (m->nparts == 0 && m->nneurons == 0) {
		fail_reason(b, fi->first_line, "the genotype has no parts and no neurons");
		return false;
	}
	bool *linked = calloc(m->nparts + 1, sizeof *linked); /* the SDK's LINKFLAG */
	if (!linked) {
		b->oom = true;
		return false;
	}
	check_part_shapes(b);
	for (size_t i = 0; i < m->njoints; i++)
		if (!check_joint(b, i, linked))
			ret = false;
	if (m->nparts) {
		for (size_t i = 0; i < m->nparts; i++) /* a part no joint holds weighs 1 */
			if (m->parts[i].mass <= 0.001)
				m->parts[i].mass = 1.0;
		if (!check_connected(b, linked))
			ret = false;
	}
	free(linked);
	if (!check_pairs(b))
		return false;
	if (fi->shape == FRAMS_F0_SHAPE_ILLEGAL)
		ret = false;
	return ret;
}

/* One geom per part, moving with it: the part's own shape (the simulation
 * reads shapes from geoms, whatever the format). Framsticks sizes are radii;
 * its cylinders lie along the part's x axis, body cylinders along z. */
static bool add_geoms(builder *b)
{
	body_model *m = b->m;
	if (!m->nparts)
		return true;
	m->geoms = calloc(m->nparts, sizeof *m->geoms);
	if (!m->geoms)
		return false;
	m->ngeoms = m->nparts;
	for (size_t i = 0; i < m->nparts; i++) {
		const body_part *p = &m->parts[i];
		body_geom *g = &m->geoms[i];
		g->part = (int)i;
		memcpy(g->pos, p->pos, sizeof g->pos);
		memcpy(g->R, p->R, sizeof g->R);
		const double *sc = p->f0.scale;
		switch (p->f0.sh) {
		case 0:
			g->shape = BODY_SHAPE_POINT;
			g->size[0] = p->f0.s;
			break;
		case 1:
			g->shape = BODY_SHAPE_ELLIPSOID;
			memcpy(g->size, sc, sizeof g->size);
			break;
		case 2:
			g->shape = BODY_SHAPE_BOX;
			for (int k = 0; k < 3; k++)
				g->size[k] = 2 * sc[k];
			break;
		default:
			/* geom axes x, y, z = part axes y, z, x */
			g->shape = BODY_SHAPE_CYLINDER;
			g->size[0] = sc[1];
			g->size[1] = 2 * sc[0];
			for (int r = 0; r < 3; r++) {
				g->R[r][0] = p->R[r][1];
				g->R[r][1] = p->R[r][2];
				g->R[r][2] = p->R[r][0];
			}
			break;
		}
	}
	return true;
}

/* The kind of genes line [ls, le): the letter before its colon ('?' when
 * the colon is not second), 0 for a blank or comment line; *v: where its
 * values start. */
static char line_kind(const char *ls, const char *le, const char **v)
{
	const char *t = ls;
	while (t < le && (*t == ' ' || *t == '\r' || *t == '\t'))
		t++;
	if (t == le || *t == '#')
		return 0;
	const char *colon = memchr(t, ':', (size_t)(le - t));
	char kind = colon && colon == t + 1 ? *t : '?';
	*v = colon ? colon + 1 : le;
	while (*v < le && (**v == ' ' || **v == '\r' || **v == '\t'))
		(*v)++;
	return kind;
}

/* How many lines of genes[0..n) are of `kind` (for a limit's message). */
static size_t count_lines(const char *genes, size_t n, char kind)
{
	size_t count = 0;
	for (size_t pos = 0; pos < n;) {
		const char *ls = genes + pos, *nl = memchr(ls, '\n', n - pos), *v;
		const char *le = nl ? nl : genes + n;
		pos = (size_t)(le - genes) + (nl != NULL);
		count += line_kind(ls, le, &v) == kind;
	}
	return count;
}

/* The genotype's lines, each to its kind's reader; the model's values
 * (m: lines) gathered in mv. False at the first line that fails (or when
 * out of memory, or past a size limit: b says so). */
static bool read_lines(builder *b, const char *genes, size_t n, long first_line, frams_slot *mv)
{
	bool built = true;
	size_t pos = 0;
	for (long lnum = 1; pos < n && built && !b->oom && !b->toobig_line; lnum++) {
		const char *ls = genes + pos, *nl = memchr(ls, '\n', n - pos);
		const char *le = nl ? nl : genes + n;
		pos = (size_t)(le - genes) + (nl != NULL);
		long fline = first_line + lnum - 1;
		const char *v;
		char kind = line_kind(ls, le, &v);
		if (!kind)
			continue;
		size_t vn = (size_t)(le - v);
		switch (kind) {
		case 'p': built = add_part(b, v, vn, fline, lnum); break;
		case 'j': built = add_joint(b, v, vn, fline, lnum); break;
		case 'n': built = add_neuron(b, v, vn, fline, lnum); break;
		case 'c': built = add_conn(b, v, vn, fline, lnum); break;
		/* the model's values persist over several m: lines, as in the SDK */
		case 'm': built = load_fields(b, &model_class, mv, v, vn, fline, lnum); break;
		default:
			line_error(b, fline, lnum, "Invalid f0 code");
			fail_reason(b, fline, "not an f0 line (lines are m:, p:, j:, n: or c:)");
			built = false;
		}
	}
	return built;
}

int frams_f0_build(const char *genes, size_t n, const char *name, long first_line, body_model *m,
             c2_err *err)
{
	c2_err_clear(err);
	memset(m, 0, sizeof *m);
	m->format = BODY_F0;
	m->gravity[2] = -9.81;
	builder b = {0};
	b.m = m;
	b.fi = calloc(1, sizeof *b.fi);
	if (!b.fi)
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	m->extra = b.fi;
	m->extra_free = frams_f0_info_free;
	/* The SDK's genotype is a C string: it ends at a NUL byte. */
	const char *nul = memchr(genes, '\0', n);
	if (nul)
		n = (size_t)(nul - genes);
	b.fi->genes = frams_dup(genes, n);
	b.fi->ngenes = n;
	b.fi->first_line = first_line;
	if (!b.fi->genes)
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	genes = b.fi->genes; /* parse the NUL-terminated copy */
	if (name && *name) {
		m->name = frams_dup(name, strlen(name));
		snprintf(b.suffix, sizeof b.suffix, " in '%.60s'", name);
		b.oom |= !m->name;
	}
	frams_slot mv[NMODEL_PROPS];
	frams_slots_init(&model_class, mv);
	bool built = read_lines(&b, genes, n, first_line, mv);
	b.fi->se = mv[M_SE].d;
	b.oom |= !get_s(&b.fi->vstyle, &model_class, mv, M_VSTYLE);
	frams_slots_free(&model_class, mv);
	if (b.toobig_line && !b.oom)
		return c2_fail_line(err, C2_ETOOBIG, b.toobig_line, "%zu %s, more than the limit of %d",
		                    count_lines(genes, n, b.toobig_kind), b.toobig_what, b.toobig_limit);
	b.fi->valid = built && !b.oom && internal_check(&b);
	b.oom |= !add_geoms(&b) || b.fi->log.oom;
	for (size_t i = 0; i < m->njoints; i++) {
		const body_joint *j = &m->joints[i];
		for (int r = 0; r < 3; r++)
			m->joints[i].anchor[r] = (m->parts[j->p1].pos[r] + m->parts[j->p2].pos[r]) / 2;
	}
	for (size_t i = 0; i < b.fi->log.n; i++)
		if (b.fi->log.v[i].level == FRAMS_WARN && body_warn(m, b.fi->log.v[i].line, "%s",
		                                                    b.fi->log.v[i].text) != 0)
			b.oom = true;
	if (b.oom) {
		b.fi->valid = false;
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	}
	if (!b.fi->valid)
		return c2_fail_line(err, C2_EFORMAT, b.fail_line, "%s",
		                    b.failed ? b.fail_msg : "invalid f0 model");
	return 0;
}

int frams_f0_build_genotype(const char *g, size_t n, const char *name, long first_line,
                      body_model *m, c2_err *err)
{
	memset(m, 0, sizeof *m);
	frams_geno gi;
	frams_geno_marker(g, n, &gi);
	if (gi.format != '0') {
		char what[160];
		frams_geno_describe(&gi, what, sizeof what);
		return c2_fail_line(err, C2_EFORMAT, first_line, "%s", what);
	}
	return frams_f0_build(g + gi.genes, n - gi.genes, name, first_line + gi.marker_lines, m, err);
}

/* ---- writing ------------------------------------------------------------------------ */

static void save_with(const frams_class *c, frams_slot *v, int skip, const char *prefix,
                      c2_wbuf *out)
{
	c2_w_str(out, prefix);
	frams_save_line(c, v, skip, out);
	frams_slots_free(c, v);
}

int frams_f0_write(const body_model *m, c2_wbuf *out)
{
	const frams_f0_info *fi = frams_f0_info_of(m);
	if (!fi || !fi->valid)
		return C2_EINVAL;
	bool ok = true;
	frams_slot mv[NMODEL_PROPS];
	frams_slots_init(&model_class, mv);
	mv[M_SE].d = fi->se;
	ok &= put_s(fi->vstyle, mv, M_VSTYLE);
	c2_wbuf ml = {0};
	if (frams_save_line(&model_class, mv, 0, &ml)) {
		c2_w_str(out, "m:");
		c2_w_bytes(out, ml.data, ml.len);
	}
	ok &= !ml.oom;
	c2_wbuf_free(&ml);
	frams_slots_free(&model_class, mv);
	for (size_t i = 0; i < m->nparts; i++) {
		frams_slot v[NPART_PROPS];
		frams_slots_init(&part_class, v);
		ok &= part_to_slots(&m->parts[i], v);
		save_with(&part_class, v, 0, "p:", out);
	}
	for (size_t i = 0; i < m->njoints; i++) {
		frams_slot v[NJOINT_PROPS];
		frams_slots_init(&joint_class, v);
		ok &= joint_to_slots(&m->joints[i], v);
		save_with(&joint_class, v, m->joints[i].f0.usedelta ? 0 : FRAMS_F0_DELTA, "j:", out);
	}
	for (size_t i = 0; i < m->nneurons; i++) {
		const body_neuron *nu = &m->neurons[i];
		frams_slot v[NNEURO_PROPS];
		frams_slots_init(&neuro_class, v);
		v[N_P].i = nu->part;
		v[N_J].i = nu->joint;
		c2_wbuf d = {0};
		c2_w_str(&d, nu->cls);
		if (nu->props && *nu->props) {
			c2_w_u8(&d, ':');
			c2_w_str(&d, nu->props);
		}
		c2_w_u8(&d, 0);
		ok &= !d.oom && put_s((const char *)d.data, v, N_D);
		c2_wbuf_free(&d);
		ok &= put_s(nu->info, v, N_I) && put_s(nu->vstyle, v, N_VSTYLE);
		save_with(&neuro_class, v, 0, "n:", out);
	}
	/* Connections: each neuron's inputs in the order they were added. */
	size_t *start, *order;
	if (!body_conns_by_target(m, &start, &order))
		return C2_ENOMEM;
	for (size_t k = 0; k < m->nconns; k++) {
		const body_conn *c = &m->conns[order[k]];
		frams_slot v[NCONN_PROPS];
		frams_slots_init(&conn_class, v);
		v[C_N1].i = c->to;
		v[C_N2].i = c->from;
		v[C_W].d = c->weight;
		ok &= put_s(c->info, v, C_I);
		save_with(&conn_class, v, 0, "c:", out);
	}
	free(start);
	free(order);
	return ok && !out->oom ? 0 : C2_ENOMEM;
}

/* ---- JSON ----------------------------------------------------------------------------- */

static void json_slots(const frams_class *c, frams_slot *v, long line, c2_wbuf *out)
{
	c2_w_printf(out, "{\"line\":%ld", line);
	for (size_t k = 0; k < c->n; k++) {
		c2_w_printf(out, ",\"%s\":", c->props[k].id);
		if (c->props[k].type == 'd')
			c2_w_printf(out, "%ld", v[k].i);
		else if (c->props[k].type == 'f')
			body_json_num(out, v[k].d);
		else
			body_json_str(out, frams_slot_str(c, v, k, NULL));
	}
	frams_slots_free(c, v);
}

void frams_f0_json_part(const body_part *p, c2_wbuf *out)
{
	frams_slot v[NPART_PROPS];
	frams_slots_init(&part_class, v);
	out->oom |= !part_to_slots(p, v);
	json_slots(&part_class, v, p->f0.line, out);
	c2_w_u8(out, '}');
}

void frams_f0_json_joint(const body_joint *j, c2_wbuf *out)
{
	frams_slot v[NJOINT_PROPS];
	frams_slots_init(&joint_class, v);
	out->oom |= !joint_to_slots(j, v);
	json_slots(&joint_class, v, j->f0.line, out);
	c2_w_printf(out, ",\"usedelta\":%s}", j->f0.usedelta ? "true" : "false");
}

/* ---- the conformance report ---------------------------------------------------------- */

static void g9(c2_wbuf *out, double v)
{
	c2_w_printf(out, "%.9g", v);
}

static void vec9(c2_wbuf *out, const char *label, double a, double b, double c)
{
	c2_w_printf(out, " %s=(", label);
	g9(out, a);
	c2_w_u8(out, ',');
	g9(out, b);
	c2_w_u8(out, ',');
	g9(out, c);
	c2_w_u8(out, ')');
}

void frams_f0_sdk_report(const body_model *m, c2_wbuf *out)
{
	const frams_f0_info *fi = frams_f0_info_of(m);
	if (fi)
		for (size_t i = 0; i < fi->log.n; i++)
			c2_w_printf(out, "[%s] %s: %s\n", fi->log.v[i].level == FRAMS_ERROR ? "ERROR" : "WARN",
			            fi->log.v[i].where, fi->log.v[i].text);
	bool valid = fi && fi->valid;
	c2_w_printf(out, "valid=%d parts=%zu joints=%zu neurons=%zu shape=%d\n", valid,
	            fi ? m->nparts : 0, fi ? m->njoints : 0, fi ? m->nneurons : 0,
	            fi ? (int)fi->shape : 0);
	if (!valid) {
		c2_w_str(out, "rc=1\n");
		return;
	}
	for (size_t i = 0; i < m->nparts; i++) {
		const body_part *p = &m->parts[i];
		c2_w_printf(out, "P%zu", i);
		vec9(out, "p", p->pos[0], p->pos[1], p->pos[2]);
		vec9(out, "rot", p->f0.rot[0], p->f0.rot[1], p->f0.rot[2]);
		for (int c = 0; c < 3; c++)
			vec9(out, c == 0 ? "ox" : c == 1 ? "oy" : "oz", p->R[0][c], p->R[1][c], p->R[2][c]);
		c2_w_printf(out, " sh=%d s=", p->f0.sh);
		g9(out, p->f0.s);
		vec9(out, "sc", p->f0.scale[0], p->f0.scale[1], p->f0.scale[2]);
		c2_w_str(out, " mass=");
		g9(out, p->mass);
		c2_w_str(out, " dn=");
		g9(out, p->density);
		c2_w_str(out, " fr=");
		g9(out, p->friction);
		c2_w_u8(out, '\n');
	}
	for (size_t i = 0; i < m->njoints; i++) {
		const body_joint *j = &m->joints[i];
		c2_w_printf(out, "J%zu %d-%d", i, j->p1, j->p2);
		vec9(out, "d", j->f0.d[0], j->f0.d[1], j->f0.d[2]);
		vec9(out, "rot", j->f0.rot[0], j->f0.rot[1], j->f0.rot[2]);
		c2_w_str(out, " len=");
		g9(out, norm3(j->f0.d));
		c2_w_printf(out, " usedelta=%d sh=%d stam=", j->f0.usedelta, j->f0.sh);
		g9(out, j->f0.stam);
		c2_w_u8(out, '\n');
	}
	size_t *start, *order;
	if (!body_conns_by_target(m, &start, &order)) {
		out->oom = true;
		return;
	}
	for (size_t i = 0; i < m->nneurons; i++) {
		const body_neuron *nu = &m->neurons[i];
		c2_w_printf(out, "N%zu class=%s details=\"%s%s%s\" part=%d joint=%d inputs=", i, nu->cls,
		            nu->cls, *nu->props ? ":" : "", nu->props, nu->part, nu->joint);
		for (size_t k = start[i]; k < start[i + 1]; k++) {
			const body_conn *c = &m->conns[order[k]];
			c2_w_printf(out, "%s%d:", k > start[i] ? "," : "", c->from);
			g9(out, c->weight);
		}
		c2_w_printf(out, " known=%d\n", frams_f0_neuro_class_find(nu->cls) != NULL);
	}
	free(start);
	free(order);
	/* The genes as given, line breaks normalised (the reference outputs were
	 * made from files read with universal newlines). */
	c2_w_str(out, "F0 (as given):\n");
	for (size_t i = 0; i < fi->ngenes; i++) {
		char c = fi->genes[i];
		if (c == '\r' && i + 1 < fi->ngenes && fi->genes[i + 1] == '\n')
			continue;
		c2_w_u8(out, c == '\r' ? '\n' : (uint8_t)c);
	}
	c2_w_str(out, "\nF0 (re-saved by Model::makeGeno, defaults skipped):\n");
	frams_f0_write(m, out);
	c2_w_str(out, "rc=0\n");
}
