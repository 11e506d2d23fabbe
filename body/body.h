/* body.h — one body model for every alternative body: Framsticks f0
 * genotypes and XODE scenes load into it, the ODE simulation reads it.
 *
 * A body is rigid parts (an f0 part, an XODE <body>) carrying geoms
 * (collision/visual shapes), joined by typed joints, with an optional
 * Framsticks neural network (neurons located on parts or joints, weighted
 * connections). Every position and orientation is in world coordinates, as
 * the loaders compute them; what a format says beyond that (f0's delta
 * joints and re-save defaults, XODE's unknown elements for +retain) is kept
 * in the format's own block so that a writer loses nothing.
 *
 * Conventions:
 * - A rotation matrix R is row-major, R[row][col]; its COLUMNS are the
 *   body's local x, y and z axes in world coordinates (f0's ox, oy, oz), so
 *   world = pos + R * local.
 * - Units are the format's own: f0 lengths in Framsticks units, XODE in
 *   whatever its document uses; masses likewise.
 * - Indices are 0-based; -1 means "none" (a joint to the static world, a
 *   space-level geom, a neuron located nowhere).
 *
 * The model owns every string and array it points to; body_free releases
 * them. The core never prints: loaders return errors as c2_err values (a line
 * and a reason) and collect warnings in the model. */
#ifndef C2_BODY_H
#define C2_BODY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/err.h"

typedef enum body_format {
	BODY_F0,  /* a Framsticks f0 genotype (.f0, or an org in a .gen file) */
	BODY_XODE /* an XODE 1.0r23 document */
} body_format;

/* ---- geometry ------------------------------------------------------------- */

typedef enum body_shape {
	BODY_SHAPE_POINT,     /* f0 ball-and-stick part: no volume of its own */
	BODY_SHAPE_SPHERE,    /* size[0] = radius */
	BODY_SHAPE_ELLIPSOID, /* size = the three radii */
	BODY_SHAPE_BOX,       /* size = full edge lengths along local x, y, z */
	BODY_SHAPE_CYLINDER,  /* size[0] = radius, size[1] = length (local z axis) */
	BODY_SHAPE_CAPSULE,   /* XODE cappedCylinder: radius, length of the straight part */
	BODY_SHAPE_PLANE,     /* plane[] = a, b, c, d of ax + by + cz = d (static only) */
	BODY_SHAPE_RAY,       /* size[0] = length along local z */
	BODY_SHAPE_TRIMESH    /* verts/tris */
} body_shape;

typedef struct body_geom {
	char *name;         /* NULL when unnamed */
	body_shape shape;
	int part;           /* the part it moves with, or -1 for a static geom */
	double pos[3];      /* world position of its centre */
	double R[3][3];     /* world orientation */
	double size[3];
	double plane[4];
	double *verts;      /* trimesh: nverts * 3 coordinates (local frame) */
	uint32_t *tris;     /* trimesh: ntris * 3 vertex indices */
	size_t nverts, ntris;
} body_geom;

/* ---- parts (rigid bodies) --------------------------------------------------- */

typedef struct body_part {
	char *name;        /* XODE body name; f0: NULL */
	double pos[3];     /* world position of the part's frame origin */
	double R[3][3];    /* world orientation */
	double mass;       /* total mass */
	double com[3];     /* centre of mass, in the part's frame */
	double inertia[3][3]; /* about the centre of mass, in the part's frame; all
	                      zero when the format gives none (the simulation
	                      derives it from the geoms) */
	double friction;   /* f0 fr; XODE: -1 (use the world's default) */
	double density;    /* f0 dn; XODE: the mass_shape density or 0 */
	int parent;        /* XODE: the enclosing body, or -1 */
	bool enabled;      /* XODE enabled=; f0: true */
	bool gravity;      /* XODE gravitymode=; f0: true */
	double lin_vel[3], ang_vel[3], force[3], torque[3]; /* XODE initial state */

	/* f0 only (0 for XODE): the p: line's own values, as given or defaulted. */
	struct body_f0_part {
		int sh;            /* 0 ball-and-stick, 1 ellipsoid, 2 cuboid, 3 cylinder */
		double s;          /* size */
		double scale[3];   /* sx, sy, sz */
		double rot[3];     /* rx, ry, rz as written (radians) */
		double h, ing, as, vs;
		double vcolor[3];  /* vr, vg, vb */
		char *info, *vstyle;
		long line;         /* the p: line, for messages */
	} f0;

	/* XODE only (0 for f0): ODE body state with no f0 counterpart. */
	struct body_xode_part {
		int finite_mode;       /* <finiteRotation mode>: 0 infinitesimal, 1 finite */
		double finite_axis[3]; /* <finiteRotation> axis, as written */
		int world;             /* index of its <world> in document order */
		long line;             /* the <body> element, for messages */
	} xode;
} body_part;

/* ---- joints ----------------------------------------------------------------- */

typedef enum body_joint_kind {
	BODY_JOINT_STICK,     /* f0 sh=0: an elastic ball-and-stick joint (stif, rotstif) */
	BODY_JOINT_FIXED,     /* f0 sh=1 solids; XODE <fixed> */
	BODY_JOINT_BALL,
	BODY_JOINT_HINGE,
	BODY_JOINT_HINGE2,
	BODY_JOINT_SLIDER,
	BODY_JOINT_UNIVERSAL,
	BODY_JOINT_AMOTOR
} body_joint_kind;

/* Which body_axis fields a document gave (a writer writes only those). */
enum {
	BODY_AXIS_LO_STOP = 1 << 0,
	BODY_AXIS_HI_STOP = 1 << 1,
	BODY_AXIS_VEL = 1 << 2,
	BODY_AXIS_FMAX = 1 << 3,
	BODY_AXIS_FUDGE = 1 << 4,
	BODY_AXIS_BOUNCE = 1 << 5,
	BODY_AXIS_CFM = 1 << 6,
	BODY_AXIS_STOP_ERP = 1 << 7,
	BODY_AXIS_STOP_CFM = 1 << 8,
	BODY_AXIS_SUSP_ERP = 1 << 9,
	BODY_AXIS_SUSP_CFM = 1 << 10
};

typedef struct body_axis {
	double dir[3]; /* world coordinates, normalised */
	double lo_stop, hi_stop, vel, fmax, fudge, bounce, cfm;
	double stop_erp, stop_cfm, susp_erp, susp_cfm;
	unsigned given; /* BODY_AXIS_* bits */
} body_axis;

typedef struct body_joint {
	char *name;          /* NULL when unnamed */
	body_joint_kind kind;
	int p1, p2;          /* parts, -1 = the static world */
	double anchor[3];    /* world coordinates */
	int naxes;           /* 0..3, as the kind requires */
	body_axis axis[3];

	/* f0 only: the j: line's values. */
	struct body_f0_joint {
		int sh;            /* 0 ball-and-stick, 1 fixed/solid */
		double rot[3];     /* rx, ry, rz */
		double d[3];       /* dx, dy, dz: the delta offset (usedelta) or p2 - p1 */
		bool usedelta;
		double stif, rotstif, stam;
		double vcolor[3];
		char *info, *vstyle;
		long line;
	} f0;

	/* XODE only. */
	struct body_xode_joint {
		bool anchor_given; /* false: anchor[] is ODE's default, the first linked body's origin */
		long line;         /* the <joint> element, for messages */
	} xode;
} body_joint;

/* ---- Framsticks neural network (f0) ------------------------------------------ */

typedef struct body_neuron {
	char *cls;     /* class name as written ("N", "|", "G", an unknown one ...) */
	char *props;   /* the class's properties as written after ':' ("" when none) */
	int part;      /* located on a part, or -1 */
	int joint;     /* located on a joint, or -1 */
	char *info, *vstyle;
	long line;
} body_neuron;

typedef struct body_conn {
	int to;        /* the neuron that receives (c:A,... : A) */
	int from;      /* its input (c:...,B : B) */
	double weight;
	char *info;
	long line;
} body_conn;

/* ---- the model --------------------------------------------------------------- */

typedef struct body_warning {
	long line;     /* 0 when no line is to blame */
	char *msg;
} body_warning;

/* The most a body may have; a loader refuses more ("N parts, more than the
 * limit of 10000", at the line of the first one past it). At these sizes a
 * tick costs under a tenth of a second (sim.h's work budget steps a big
 * body more coarsely) and the whole process stays under 200 MB (10 000
 * boxes with 20 000 joints: 0.07 s a tick, 178 MB); the bodies of
 * Framsticks and PyBrain have tens of parts. */
enum { BODY_MAX_PARTS = 10000, BODY_MAX_JOINTS = 20000, BODY_MAX_GEOMS = 20000 };

typedef struct body_model {
	body_format format;
	char *name;            /* genotype name (f0 in a .gen) or the XODE root's name=; may be NULL */
	body_part *parts;
	size_t nparts;
	body_geom *geoms;
	size_t ngeoms;
	body_joint *joints;
	size_t njoints;
	body_neuron *neurons;
	size_t nneurons;
	body_conn *conns;
	size_t nconns;
	body_warning *warnings;
	size_t nwarnings;
	double gravity[3];     /* XODE world gravity when given; f0: 0, 0, -9.81 scaled by the sim */

	/* Format-private data a writer needs to lose nothing (f0's model line,
	 * XODE's retained document tree), released by extra_free. */
	void *extra;
	void (*extra_free)(void *extra);
} body_model;

/* Release everything the model owns (not the struct itself); NULL is fine. */
void body_free(body_model *m);

/* Append a warning (printf-style). Returns 0, or C2_ENOMEM. */
int body_warn(body_model *m, long line, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/* Sum of every part's mass. */
double body_total_mass(const body_model *m);

/* Names for messages and JSON ("sphere", "hinge" ...; "?" out of range). */
const char *body_shape_name(body_shape s);
const char *body_joint_kind_name(body_joint_kind k);

/* The box spanned by the part positions (frame origins): min and max per
 * axis. Returns false, leaving them 0, when there are no parts. */
bool body_extent(const body_model *m, double min[3], double max[3]);

/* The connections grouped by the neuron that receives them, each group in
 * the order the inputs were added: order[start[k] .. start[k+1]) indexes
 * m->conns for neuron k (a stable counting sort, linear time). Both arrays
 * are new (free them); false when out of memory. */
bool body_conns_by_target(const body_model *m, size_t **start, size_t **order);

/* JSON pieces the body writers share: a number that reads back to the same
 * double (null when not finite); a string (NULL: null). */
void body_json_num(c2_wbuf *w, double v);
void body_json_str(c2_wbuf *w, const char *s);
/* An array of n numbers, and a matrix as its rows, items joined by sep. */
void body_json_vec(c2_wbuf *w, const double *v, int n, const char *sep);
void body_json_mat(c2_wbuf *w, const double R[3][3], const char *sep);

/* Append the whole model as one JSON object: parts, geoms, joints, neurons,
 * connections, warnings, and the f0 block for f0 bodies. Numbers are
 * written so that they read back to the same double (null when not
 * finite). */
void body_json_write(const body_model *m, c2_wbuf *out);

/* ---- queries every format answers the same way (body/query.c) ------------ */

/* Index of the part called `name`, or -1 (also for parts without a name). */
int body_find_part(const body_model *m, const char *name);

/* World coordinates of the point `local` given in part `part`'s frame
 * (pos + R * local). `part` must be a valid index. */
void body_part_point(const body_model *m, size_t part, const double local[3], double world[3]);

/* How many geoms move with part `part` (-1: the static geoms). */
size_t body_part_ngeoms(const body_model *m, int part);

/* Every part's geoms at once, in one pass (counting sort): afterwards the
 * geoms of part p, in model order, are order[first[p + 1] .. first[p + 2]),
 * the static ones order[first[0] .. first[1]). `first` has nparts + 2
 * entries, `order` ngeoms. */
void body_geoms_by_part(const body_model *m, size_t *first, size_t *order);

/* Geom `g`'s placement relative to the part it moves with, as a physics
 * engine wants it (ODE's dGeomSetOffsetPosition / Rotation): pos = R_p^T
 * (pos_g - pos_p), R = R_p^T R_g. A static geom's offset is its world
 * placement. `g` must be a valid index. */
void body_geom_offset(const body_model *m, size_t g, double pos[3], double R[3][3]);

#endif
