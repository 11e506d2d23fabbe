/* xode.h — XODE 1.0r23 scenes (XML ODE Data Interchange Format) read with
 * expat into the body model, and written back out (as XODE with nothing lost,
 * and as JSON).
 *
 * What the loader implements (docs/commands/body.md, "XODE bodies", has the
 * details and worked examples):
 * - every element of the format: world, space, group, jointgroup, body
 *   (nested), geom (box, cappedCylinder, cylinder, sphere, plane, ray,
 *   trimesh; nested), joint (amotor, ball, fixed, hinge, hinge2, slider,
 *   universal with exactly 3, 0, 0, 1, 2, 1, 2 axes), mass (mass_struct,
 *   mass_shape, transform, adjust, nested masses), transform, ext;
 * - bgig (a geom in a group in a body is placed through every transform up to
 *   the body) and postlink (a joint may link a body defined later);
 * - +retain: the whole document (unknown extension blocks, namespaced
 *   elements and attributes, comments, layout) is kept in the model's `extra`
 *   and written back by xode_export.
 *
 * Transform conventions (column vectors, R row-major as in body.h):
 * - a <transform>'s local matrix is T(position) * R(rotation) * S(scale),
 *   S = diag(<scale x y z>) * the scale= attribute: scale resizes what the
 *   node holds (its sizes, its children's offsets) but never moves the node;
 * - a node's world matrix is its parent's world matrix times its local matrix,
 *   or the local matrix alone with absolute="true" (bodies, groups, spaces,
 *   worlds and geoms alike; a joint uses its parent's frame);
 * - <euler x y z>: about the fixed X axis first, then Y, then Z: R = Rz Ry Rx;
 *   radians unless aformat="degrees" (also for <axisangle angle>);
 * - <axisangle x y z angle>: right-handed rotation about the normalised axis;
 * - <quaternion x y z w>: the rotation of the normalised quaternion w + xi + yj + zk;
 * - <matrix4f m00 .. m33>: mRC is row R, column C of the 4x4 matrix acting on
 *   column vectors (javax.vecmath's Matrix4f): the translation is m03 m13 m23
 *   and the bottom row must be 0 0 0 1.
 */
#ifndef C2_XODE_H
#define C2_XODE_H

#include <stddef.h>

#include "base/bytes.h"
#include "base/err.h"
#include "body/body.h"

/* The version and compliance string the XODE draft asks every
 * implementation to advertise: 1.0r23 with bgig and postlink, and +retain. */
#define XODE_COMPLIANCE "XODE 1.0r23 +retain"

/* Documents larger than this are refused before parsing (the largest
 * real ones are tens of kilobytes; this bounds the retained tree to a few
 * hundred megabytes whatever the document holds). */
#define XODE_MAX_BYTES ((size_t)16 << 20)

/* Elements nested deeper than this are refused (bounded recursion). */
#define XODE_MAX_DEPTH 200

/* Load the XODE document data[0..len) into *m (which is overwritten; free
 * it with body_free). On success returns 0; the model holds every body,
 * geom and joint in world coordinates, warnings in m->warnings, and the
 * retained document in m->extra. On failure returns an error code, *m is
 * empty, and err has the line and the reason (malformed XML, an unknown or
 * misplaced element or attribute, a missing attribute, a bad number, a
 * duplicate name, a link to a body that never appears, a wrong axis count,
 * an impossible transform or mass ...). Never reads outside data, and costs
 * time linear in len. */
int xode_load(body_model *m, const char *data, size_t len, c2_err *err);

/* As xode_load, reading the file at `path` (at most XODE_MAX_BYTES). */
int xode_load_file(body_model *m, const char *path, c2_err *err);

/* Append the document a model loaded from XODE holds, as XODE (UTF-8), to w:
 * every element, attribute, extension block, comment and piece of layout of
 * the original, so that loading the result gives the same scene. Returns 0,
 * C2_EINVAL when the model did not come from xode_load, or C2_ENOMEM. */
int xode_export(const body_model *m, c2_wbuf *w, c2_err *err);

/* Append the scene of an XODE model as JSON to w (one object, a newline at
 * the end): {"format", "version", "name", "bodies": [{"name", "pos", "R",
 * "mass", "geoms": [...], ...}], "geoms": [static geoms], "joints": [...],
 * "total_mass", "warnings"}; positions and matrices in world coordinates, R
 * row by row. Returns 0 or C2_ENOMEM. */
int xode_json(const body_model *m, c2_wbuf *w);

/* The rotation conventions above, as functions (tests pin them by hand).
 * Angles in radians. The axis and quaternion forms return -1 (R untouched)
 * when the axis or the quaternion has no length. */
void xode_euler(double x, double y, double z, double R[3][3]);
int xode_axisangle(double x, double y, double z, double angle, double R[3][3]);
int xode_quaternion(double x, double y, double z, double w, double R[3][3]);

/* Name of the XODE element for a shape ("box", "cappedCylinder", ...) and
 * for a joint kind ("hinge", ...); "?" for kinds XODE does not have. */
const char *xode_shape_name(body_shape s);
const char *xode_joint_name(body_joint_kind k);

#endif
