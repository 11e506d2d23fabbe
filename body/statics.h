/* statics.h — which of a scene's static geoms a moving geom may touch
 * (body/sim.c's broad phase).
 *
 * A body collides only with the static geoms (sim.h), so a step asks, for
 * each moving geom, which statics to hand to dCollide. Asking every static
 * costs moving geoms x static geoms per step; here the finite statics'
 * bounding boxes live in an ODE quadtree space, and each moving geom's box
 * asks it with dSpaceCollide2 (ODE's hash and sweep-and-prune spaces answer
 * one geom by scanning every geom they hold; the quadtree descends). The
 * quadtree splits its own x and y, so the boxes go in as stand-in box geoms
 * with the two world axes most square to "up" as those (an XODE scene's
 * ground is x-z). A stand-in is a little larger than its box; what the tree
 * finds is tested again on the real boxes, exactly as ODE's spaces test
 * them, and sorted into index order, so that the contacts a step makes come
 * in the order they always did (each moving geom's, against the statics in
 * index order). Planes have no finite box: they are asked always, as before
 * the space, whatever their ODE box says (so a contact of zero depth with
 * the ground is made exactly as it was).
 *
 * `brute` asks every static's box by hand instead (no space): the reference
 * the space must match, pair for pair (the body_reference mode, sim.h). */
#ifndef C2_BODY_STATICS_H
#define C2_BODY_STATICS_H

#include <stdbool.h>
#include <stddef.h>

#include <ode/ode.h>

typedef struct body_statics body_statics;

/* Index statics[0..n) (placed static geoms, which must outlive it and never
 * move) in a world whose "up" is `up`. Returns NULL when out of memory. */
body_statics *body_statics_new(dGeomID *statics, size_t n, const double up[3]);
/* Frees the space and the stand-ins (the statics stay, for their owner). */
void body_statics_free(body_statics *st);

/* The statics moving geom `geom` may touch: their indices, ascending, in
 * *idx (valid until the next call); returns how many. */
size_t body_statics_near(body_statics *st, dGeomID geom, bool brute, const size_t **idx);

#endif
