/* xode_impl.h — what the XODE files of body/ share and nobody else sees:
 * the ONE table of XODE elements, the retained document tree (+retain), and
 * the affine and mass arithmetic.
 *
 * The tree is built by expat (xode_tree.c), checked and turned into the body
 * model by the loader (xode.c), and written back by xode_write.c. Nodes live
 * in one array and refer to each other by index; every string (names,
 * values, text) lives in one pool and is referred to by offset, so a
 * document costs a handful of allocations whatever its size. */
#ifndef C2_XODE_IMPL_H
#define C2_XODE_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/err.h"
#include "xode/xode.h"

/* ---- the XODE vocabulary -----------------------------------------------------
 *
 * X(ID, element, attributes, children, repeatable, one_of, needed):
 * - attributes: the unprefixed attributes it may carry, space-separated;
 *   a trailing '!' marks a required one (prefixed ones, "xsi:..." or
 *   "xmlns...", are foreign: kept and not checked);
 * - children: the XODE elements allowed inside; repeatable: those of them that
 *   may appear more than once (the others at most once);
 * - one_of: exactly one of these must appear (a geom's shape, a joint's type,
 *   a rotation's form, a mass shape);
 * - needed: each of these must appear at least once.
 * Ordering rules (a <mass>'s children) and counts that depend on values (a
 * joint's axes) are checked by the loader. <ext> holds anything: its content
 * is kept, never checked. The masses are written with C(NAME) = the bit of
 * XE_NAME, and are only expanded after the enum below exists. */
#define XE_CONTAINER (C(TRANSFORM) | C(BODY) | C(GEOM) | C(JOINT) | C(GROUP) | C(JOINTGROUP) | C(EXT))
#define XE_SHAPES (C(BOX) | C(CAPPEDCYLINDER) | C(CYLINDER) | C(SPHERE) | C(PLANE) | C(RAY) | C(TRIMESH))
#define XE_MASS_SHAPES (C(BOX) | C(CAPPEDCYLINDER) | C(CYLINDER) | C(SPHERE))
#define XE_JOINT_TYPES (C(AMOTOR) | C(BALL) | C(FIXED) | C(HINGE) | C(HINGE2) | C(SLIDER) | C(UNIVERSAL))
#define XE_VEC "x! y! z!"

#define XODE_ELEMENTS(X)                                                                        \
	X(XODE, "xode", "version name", C(WORLD) | C(EXT), C(WORLD) | C(EXT), 0, 0)                  \
	X(WORLD, "world", "name", C(TRANSFORM) | C(SPACE) | C(EXT), C(SPACE) | C(EXT), 0, C(SPACE))  \
	X(SPACE, "space", "name", XE_CONTAINER, XE_CONTAINER & ~C(TRANSFORM), 0, 0)                  \
	X(GROUP, "group", "name", XE_CONTAINER, XE_CONTAINER & ~C(TRANSFORM), 0, 0)                  \
	X(JOINTGROUP, "jointgroup", "name", C(TRANSFORM) | C(JOINT) | C(EXT), C(JOINT) | C(EXT), 0, 0) \
	X(BODY, "body", "name enabled gravitymode",                                                  \
	  XE_CONTAINER | C(MASS) | C(TORQUE) | C(FORCE) | C(LINEARVEL) | C(ANGULARVEL) |             \
	      C(FINITEROTATION),                                                                     \
	  XE_CONTAINER & ~C(TRANSFORM), 0, 0)                                                        \
	X(GEOM, "geom", "name", C(TRANSFORM) | XE_SHAPES | C(GEOM) | C(EXT), C(GEOM) | C(EXT),      \
	  XE_SHAPES, 0)                                                                              \
	X(BOX, "box", "sizex! sizey! sizez!", 0, 0, 0, 0)                                            \
	X(CAPPEDCYLINDER, "cappedCylinder", "radius! length!", 0, 0, 0, 0)                           \
	X(CYLINDER, "cylinder", "radius! length!", 0, 0, 0, 0)                                       \
	X(SPHERE, "sphere", "radius!", 0, 0, 0, 0)                                                   \
	X(PLANE, "plane", "a! b! c! d!", 0, 0, 0, 0)                                                 \
	X(RAY, "ray", "length!", 0, 0, 0, 0)                                                         \
	X(TRIMESH, "trimesh", "", C(VERTICES) | C(TRIANGLES), 0, 0, C(VERTICES) | C(TRIANGLES))      \
	X(VERTICES, "vertices", "", C(V), C(V), 0, C(V))                                             \
	X(V, "v", "x! y! z! e", 0, 0, 0, 0)                                                          \
	X(TRIANGLES, "triangles", "", C(T), C(T), 0, C(T))                                           \
	X(T, "t", "ia! ib! ic!", 0, 0, 0, 0)                                                         \
	X(JOINT, "joint", "name", C(LINK1) | C(LINK2) | XE_JOINT_TYPES | C(EXT), C(EXT),            \
	  XE_JOINT_TYPES, 0)                                                                         \
	X(LINK1, "link1", "body!", 0, 0, 0, 0)                                                       \
	X(LINK2, "link2", "body!", 0, 0, 0, 0)                                                       \
	X(AMOTOR, "amotor", "", C(AXIS), C(AXIS), 0, 0)                                              \
	X(BALL, "ball", "", C(ANCHOR), 0, 0, 0)                                                      \
	X(FIXED, "fixed", "", 0, 0, 0, 0)                                                            \
	X(HINGE, "hinge", "", C(ANCHOR) | C(AXIS), C(AXIS), 0, 0)                                    \
	X(HINGE2, "hinge2", "", C(ANCHOR) | C(AXIS), C(AXIS), 0, 0)                                  \
	X(SLIDER, "slider", "", C(AXIS), C(AXIS), 0, 0)                                              \
	X(UNIVERSAL, "universal", "", C(ANCHOR) | C(AXIS), C(AXIS), 0, 0)                            \
	X(ANCHOR, "anchor", XE_VEC " absolute", 0, 0, 0, 0)                                          \
	X(AXIS, "axis",                                                                              \
	  XE_VEC " LowStop HiStop Vel FMax FudgeFactor Bounce CFM StopERP StopCFM SuspensionERP "    \
	         "SuspensionCFM",                                                                    \
	  0, 0, 0, 0)                                                                                \
	X(MASS, "mass", "name",                                                                      \
	  C(MASS_STRUCT) | C(MASS_SHAPE) | C(TRANSFORM) | C(ADJUST) | C(MASS) | C(EXT),             \
	  C(MASS) | C(EXT), 0, 0)                                                                    \
	X(MASS_STRUCT, "mass_struct", "total!", C(CENTERGRAVITY) | C(IMATRIX), 0, 0,                 \
	  C(CENTERGRAVITY) | C(IMATRIX))                                                             \
	X(CENTERGRAVITY, "centerGravity", XE_VEC, 0, 0, 0, 0)                                        \
	X(IMATRIX, "imatrix", "m00! m01! m02! m10! m11! m12! m20! m21! m22!", 0, 0, 0, 0)            \
	X(MASS_SHAPE, "mass_shape", "density total", XE_MASS_SHAPES, 0, XE_MASS_SHAPES, 0)           \
	X(ADJUST, "adjust", "total!", 0, 0, 0, 0)                                                    \
	X(TRANSFORM, "transform", "absolute scale",                                                  \
	  C(MATRIX4F) | C(POSITION) | C(ROTATION) | C(SCALE), 0, 0, 0)                               \
	X(MATRIX4F, "matrix4f",                                                                      \
	  "m00! m01! m02! m03! m10! m11! m12! m13! m20! m21! m22! m23! m30! m31! m32! m33!", 0, 0,  \
	  0, 0)                                                                                      \
	X(POSITION, "position", XE_VEC, 0, 0, 0, 0)                                                  \
	X(ROTATION, "rotation", "", C(EULER) | C(AXISANGLE) | C(QUATERNION), 0,                      \
	  C(EULER) | C(AXISANGLE) | C(QUATERNION), 0)                                                \
	X(EULER, "euler", XE_VEC " aformat", 0, 0, 0, 0)                                             \
	X(AXISANGLE, "axisangle", XE_VEC " angle! aformat", 0, 0, 0, 0)                              \
	X(QUATERNION, "quaternion", XE_VEC " w!", 0, 0, 0, 0)                                        \
	X(SCALE, "scale", XE_VEC, 0, 0, 0, 0)                                                        \
	X(TORQUE, "torque", XE_VEC, 0, 0, 0, 0)                                                      \
	X(FORCE, "force", XE_VEC, 0, 0, 0, 0)                                                        \
	X(LINEARVEL, "linearVel", XE_VEC, 0, 0, 0, 0)                                                \
	X(ANGULARVEL, "angularVel", XE_VEC, 0, 0, 0, 0)                                              \
	X(FINITEROTATION, "finiteRotation", "mode! xaxis! yaxis! zaxis!", 0, 0, 0, 0)                \
	X(EXT, "ext", "name!", 0, 0, 0, 0)

typedef enum xode_elem {
#define X(id, ...) XE_##id,
	XODE_ELEMENTS(X)
#undef X
	XE_COUNT,
	XE_UNKNOWN = -1, /* an unprefixed name XODE does not have: an error where it stands */
	XE_OPAQUE = -2   /* prefixed (foreign), or inside <ext> or a foreign element: kept, not read */
} xode_elem;

_Static_assert(XE_COUNT <= 64, "element masses are 64-bit");

typedef struct xode_elem_info {
	const char *name;
	const char *attrs;
	uint64_t children, repeatable, one_of, needed;
} xode_elem_info;

extern const xode_elem_info xode_elems[XE_COUNT];

/* The element called name, XE_UNKNOWN, or XE_OPAQUE for a prefixed name. */
xode_elem xode_elem_find(const char *name);

/* Is this attribute or element name foreign (namespace-prefixed, or an
 * xmlns declaration)? Foreign names are kept and never interpreted. */
bool xode_name_foreign(const char *name);

/* The joint axis parameters: attribute, body_axis field, BODY_AXIS_* bit, and
 * ODE's value when a document does not give it. */
typedef struct xode_axis_param {
	const char *attr;
	size_t offset;
	unsigned bit;
	double ode_default;
} xode_axis_param;

extern const xode_axis_param xode_axis_params[];
extern const size_t xode_naxis_params;

/* ---- the retained document --------------------------------------------------- */

typedef enum xt_kind {
	XT_DOC,     /* node 0: the document; its children are the prolog, the root, the epilog */
	XT_ELEM,
	XT_TEXT,    /* character data (entities already expanded) */
	XT_CDATA,   /* a CDATA section */
	XT_COMMENT,
	XT_PI       /* processing instruction: name = target, text = data */
} xt_kind;

typedef struct xt_attr {
	uint32_t name, value; /* pool offsets */
	uint32_t ws;          /* the whitespace written before it in the source (pool offset) */
	uint32_t eq;          /* the '=' with the whitespace around it, as written (pool offset) */
	char quote;         /* the quote it was written with */
} xt_attr;

typedef struct xt_node {
	uint8_t kind;      /* xt_kind */
	bool selfclose;    /* an element written <a/> (else <a>...</a>) */
	int8_t elem;       /* xode_elem for elements */
	/* Offsets and sizes are 32-bit: the document is at most XODE_MAX_BYTES,
	 * and a node costs 60 bytes. */
	uint32_t name;       /* element name or PI target (pool offset) */
	uint32_t text, len;  /* text, CDATA, comment or PI data (pool offset, bytes) */
	uint32_t esc, esclen;/* text: as the export writes it, escaped (esc offset, bytes) */
	uint32_t attr, nattr;/* its attributes: attrs[attr .. attr + nattr) */
	uint32_t tail;       /* whitespace before the start tag's '>' or '/>'; a PI's before its data */
	uint32_t etail;      /* whitespace before the end tag's '>' (pool offset) */
	int parent, first, last, next; /* -1 when none */
	int32_t line;
} xt_node;

typedef struct xode_tree {
	xt_node *nodes;
	size_t nnodes, cnodes;
	xt_attr *attrs;
	size_t nattrs, cattrs;
	char *pool;
	size_t npool, cpool;
	char *esc;         /* the escaped form of every text node (XT_TEXT's esc) */
	size_t nesc, cesc;
	int root;          /* the document element */
	bool decl;         /* the source began with an XML declaration */
	int standalone;    /* its standalone=: -1 absent, 0 no, 1 yes */
	int decl_lines;    /* line breaks inside that declaration (kept in the export) */
} xode_tree;

/* Parse data[0..len) with expat into *t. Returns 0, or an error code with err
 * (line and reason) filled and *t freed. Refuses a DOCTYPE (no entity can
 * expand), nesting deeper than XODE_MAX_DEPTH, and any root but <xode>. */
int xt_parse(xode_tree *t, const char *data, size_t len, c2_err *err);

void xt_free(xode_tree *t);

/* The model's extra_free for a retained tree (also how writers recognise one). */
void xode_extra_free(void *extra);

static inline const char *xt_str(const xode_tree *t, uint32_t off)
{
	return t->pool + off;
}

/* Value of attribute `name` of element `node`, or NULL. */
const char *xt_attr_get(const xode_tree *t, int node, const char *name);

/* ---- arithmetic ----------------------------------------------------------------- */

/* pi to double precision (M_PI is not C11). */
#define XODE_PI 3.14159265358979323846

/* An affine map x -> a x + t (column vectors). */
typedef struct xode_xf {
	double a[3][3];
	double t[3];
} xode_xf;

/* sin and cos of an angle in radians, or in degrees (whole quarter turns exact). */
void xode_sincos(double angle, bool degrees, double *s, double *c);
/* xode_euler and xode_axisangle from the sines and cosines of their angles. */
void xode_euler_sc(const double s[3], const double c[3], double R[3][3]);
int xode_axisangle_sc(double x, double y, double z, double s, double c, double R[3][3]);

void xode_xf_identity(xode_xf *f);
/* out = p * q (apply q first); out may alias neither. */
void xode_xf_mul(const xode_xf *p, const xode_xf *q, xode_xf *out);
/* The inverse of a rigid map (a a rotation). */
void xode_xf_rigid_inverse(const xode_xf *f, xode_xf *out);
/* Split a = R diag(s): 0, or -1 when a column has no length (s_i == 0),
 * -2 when the columns are not orthogonal (a shear: a non-uniform scale under
 * a rotation), -3 when it mirrors (det < 0). */
int xode_xf_split(const double a[3][3], double R[3][3], double s[3]);
bool xode_xf_finite(const xode_xf *f);

/* A mass as ODE's dMass holds it: total, centre of mass, and inertia about
 * the frame's origin (ODE's point of reference), all in one frame. */
typedef struct xode_mass {
	double m;
	double c[3];
	double I[3][3];
} xode_mass;

/* ODE's dMassSet{Sphere,Box,Cylinder,Capsule} for a uniform density, centred
 * at the origin; cylinders and capsules lie along z. */
void xode_mass_sphere(xode_mass *ms, double density, double radius);
void xode_mass_box(xode_mass *ms, double density, double lx, double ly, double lz);
void xode_mass_cylinder(xode_mass *ms, double density, double radius, double length);
void xode_mass_capsule(xode_mass *ms, double density, double radius, double length);
/* dMassAdjust: scale to total `total` (ms->m must be positive). */
void xode_mass_adjust(xode_mass *ms, double total);
/* dMassRotate, dMassTranslate, dMassAdd. */
void xode_mass_rotate(xode_mass *ms, const double R[3][3]);
void xode_mass_translate(xode_mass *ms, const double t[3]);
void xode_mass_add(xode_mass *ms, const xode_mass *b);
/* The inertia about the centre of mass (what body.h keeps). */
void xode_mass_central(const xode_mass *ms, double I[3][3]);
/* ODE's dMassCheck: positive mass and a positive definite central inertia. */
bool xode_mass_valid(const xode_mass *ms);

#endif
