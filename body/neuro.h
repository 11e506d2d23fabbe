/* neuro.h — the Framsticks neural network of an f0 body, stepped as the
 * Framsticks simulator steps it.
 *
 * Sources (read, not copied): the Framsticks "Brain simulation" page
 * (framsticks.com/brain_simulation: the N/Nu, D, Thr, *, Rnd and Sin
 * formulas) and the Framsticks SDK's frams/neuro/neuroimpl.cpp (one step:
 * the neurons in three groups — receptors, then the rest, then effectors —
 * each group first computing every new state from the current ones, then
 * committing them; the initial random state of +-randinit/2),
 * neuroimpl-simple.h/.cpp (N, Nu, *, D, Rnd, Sin) and the generated
 * f0-neuroclasses table (property ranges). What the SDK leaves to the
 * simulator proper — touch, gyroscope, muscles — is defined here and in
 * sim.c, and documented in docs/bodies.md.
 *
 * Class names, locations, input counts and property defaults come from the
 * f0 builder's one table (frams_f0_neuro_classes); this file only says how the
 * classes it simulates behave (its `impls` table). Unknown classes, and the
 * known ones not simulated (S, Fuzzy, Sti, LMu, Water, Energy, Ch, ChMux,
 * ChSel, VEye, VMotor), output 0 and are listed as warnings.
 *
 * Two extra classes, not Framsticks', connect the network to a creature:
 *   C2In:s=SIGNAL    outputs the creature signal SIGNAL (set from outside);
 *   C2Out:s=SIGNAL   its weighted input sum is written back to SIGNAL.
 * The network only keeps their SIGNAL strings as "ports"; the engine reads
 * and writes them (engine/body.c). */
#ifndef C2_BODY_NEURO_H
#define C2_BODY_NEURO_H

#include <stdbool.h>
#include <stddef.h>

#include "base/bytes.h"
#include "base/err.h"
#include "base/rng.h"
#include "body/body.h"

typedef struct body_net body_net;

/* What the receptors sense (sim.c answers). */
typedef struct body_net_senses {
	/* Touch of part `part` with range `range` (body units): 1 in contact,
	 * falling to 0 at `range` from the ground. */
	double (*touch)(void *ctx, int part, double range);
	/* Gyroscope on joint `joint`: the stick's elevation, -1..1. */
	double (*gyro)(void *ctx, int joint);
	void *ctx;
} body_net_senses;

/* Build the network of `m` (an f0 body; a model without neurons gives an
 * empty network). Initial states get +-randinit/2 of uniform noise from
 * `rng`. Lines about what is not simulated go to `warn` (may be NULL).
 * Returns 0 or C2_ENOMEM. */
int body_net_new(body_net **out, const body_model *m, double randinit, c2_rng *rng,
                 c2_wbuf *warn, c2_err *err);
void body_net_free(body_net *n);

/* One network step; Rnd neurons draw from `rng`. */
void body_net_step(body_net *n, const body_net_senses *senses, c2_rng *rng);

size_t body_net_size(const body_net *n);
/* Neuron i's output after the last step. */
double body_net_state(const body_net *n, size_t i);
/* Neuron i's weighted input sum in the last step (effectors and C2Out). */
double body_net_input(const body_net *n, size_t i);
/* Does neuron i have inputs? */
bool body_net_has_inputs(const body_net *n, size_t i);
/* A muscle neuron's property: bend muscle p and r, rotation muscle p (as
 * read, clamped to the SDK's ranges); false when i is not a muscle. */
bool body_net_muscle(const body_net *n, size_t i, bool *bend, double *power, double *range);
/* A touch neuron's range r (0..1); false when i is not a T. */
bool body_net_touch_range(const body_net *n, size_t i, double *range);

/* The C2In/C2Out ports, in neuron order. */
size_t body_net_nports(const body_net *n);
const char *body_net_port(const body_net *n, size_t k, bool *writes, int *neuron);
void body_net_port_set(body_net *n, size_t k, double v);

/* Every neuron's state (output, internal variables), as bytes; load reads
 * them into a network built from the same model. */
void body_net_save(const body_net *n, c2_sink *w);
int body_net_load(body_net *n, c2_rbuf *r, c2_err *err);

#endif
