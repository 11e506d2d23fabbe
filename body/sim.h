/* sim.h — a body in motion: the body model (body.h) as Open Dynamics Engine
 * bodies, geoms and joints on a ground plane, with the Framsticks neural
 * network of f0 bodies (neuro.h) driving its muscles.
 *
 * One world tick (100 ms of creature time) is `substeps` ODE steps of equal
 * length, with `neuro_steps` steps of the neural network spread evenly among
 * them. A step costs about (parts + joints + geoms) x (iterations + 10)
 * (measured: setting up an ODE step costs a part about what 10 solver
 * iterations do); a body for which a tick would cost more than the
 * `work_budget` option steps with fewer iterations, then fewer substeps
 * (body_sim_stepping): every body the project knows (30 parts at most) stays
 * well inside it, and a body of the size limit (body.h) costs a tenth of a
 * second a tick, not minutes. ODE runs in double precision, single-threaded, with its QuickStep
 * solver at a fixed number of iterations; the random constraint order
 * QuickStep uses is seeded from the sim's own stream before every step and
 * read back after it, and at every tick boundary each body's state is put
 * back through the same setters a snapshot restore uses, so a sim restored
 * from body_sim_save's bytes continues bit for bit as the original would.
 *
 * How the model maps onto ODE (docs/bodies.md has the table):
 * - f0 ball-and-stick: each part is an ODE body with a sphere of radius
 *   `part_radius` x s, mass = the SDK's part mass x dn; each stick (joint) is
 *   an ODE ball joint at its first part, softened by stif, plus a 3-axis
 *   angular motor that holds the second part's orientation relative to the
 *   first at a target (a servo of strength stick_torque x rotstif); a bend
 *   muscle `|` on the joint tilts the target about the bend axis, a
 *   rotation muscle `@` turns it about the stick, each adding its power to
 *   the servo's strength.
 * - f0 solids: an ellipsoid (a convex polyhedron), a box or a cylinder of
 *   the part's scale; joints as for sticks, anchored midway.
 * - XODE: bodies, masses, geoms and joints one to one (hinge, slider, ball,
 *   fixed, universal, hinge2, amotor with every axis parameter the document
 *   gives). Each hinge and slider (and each axis of a universal or hinge2
 *   joint) is an effector: driven, it becomes a servo toward a position
 *   inside its stops; undriven, it keeps the document's motor, or else
 *   goes limp (joint_friction: a Coulomb friction of its own, 0 by
 *   default).
 * - the ground: the scene's static planes (XODE), else a plane under the
 *   body; "up" is the first static plane's normal, else +z (f0) or +y (XODE,
 *   PyBrain's convention); gravity points down. A body does not collide with
 *   itself (as in Framsticks and PyBrain's pass pairs), only with the static
 *   geoms, which live in an ODE space (statics.h); contacts are made in a
 *   fixed order (each moving geom's, against the statics in index order), at
 *   most MAX_STEP_CONTACTS a step from at most MAX_STEP_PAIRS pairs (sim.c:
 *   only a scene of piled-up statics, built to be slow, comes near).
 *
 * Nothing here prints; errors are values; no global state of ours (ODE's
 * own random seed is set before and read after each step). */
#ifndef C2_BODY_SIM_H
#define C2_BODY_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/err.h"
#include "base/options.h"
#include "body/body.h"

/* ---- options: X(field, default, min, max, value names, help) ------------------ */
#define BODY_OPTIONS(X)                                                                    \
	X(substeps, 20, 1, 1000, NULL,                                                         \
	  "ODE steps per 100 ms world tick (the step is 100 ms / substeps)")                  \
	X(iterations, 100, 1, 1000, NULL, "ODE QuickStep solver iterations per step")           \
	X(neuro_steps, 40, 1, 1000, NULL,                                                      \
	  "Framsticks neural network steps per world tick (Sin f0 is radians per step)")      \
	X(gravity, 981, 0, 100000, NULL, "gravity, body units per s^2 x 100")                  \
	X(friction, 100, 0, 1000, NULL,                                                        \
	  "percent of each part's friction (f0 fr; XODE: 1.0) used as ODE's Coulomb mu")      \
	X(part_radius, 12, 1, 1000, NULL,                                                      \
	  "radius of an f0 ball-and-stick part at s=1, f0 units x 100")                       \
	X(stick_torque, 50, 0, 100000, NULL,                                                   \
	  "angular stiffness of an f0 joint at rotstif=1 per radian, percent of body weight x " \
	  "size")                                                                              \
	X(muscle_torque, 100, 0, 100000, NULL,                                                 \
	  "angular stiffness an f0 muscle adds at power p=1 per radian, percent of body "      \
	  "weight x size")                                                                     \
	X(servo_gain, 20, 1, 10000, NULL,                                                      \
	  "joint servos: relative speed (1/s) per radian (or length) of error; f0 joints "     \
	  "damp over 1/servo_gain seconds")                                                    \
	X(bend_range, 90, 0, 180, NULL,                                                        \
	  "degrees a bend muscle | with r=1 bends its joint at signal +-1")                   \
	X(rotate_range, 90, 0, 180, NULL,                                                      \
	  "degrees a rotation muscle @ turns its joint at signal +-1")                        \
	X(motor_strength, 100, 0, 100000, NULL,                                                \
	  "XODE joints driven without an FMax: percent of (total mass x g x size / 2)")       \
	X(joint_friction, 0, 0, 100, NULL,                                                     \
	  "XODE joints undriven and without a motor of their own: Coulomb friction, percent " \
	  "of the strength of a driven one (0: limp)")                                        \
	X(motor_range, 45, 0, 180, NULL,                                                       \
	  "XODE joints driven without both stops: degrees (or size/10 for sliders) at +-1")   \
	X(touch_range, 100, 0, 10000, NULL,                                                    \
	  "f0 touch T: proximity range at r=1, f0 units x 100 (the SDK's touchrange)")        \
	X(randinit, 1, 0, 1000, NULL,                                                          \
	  "f0 neurons start at a random state of +- randinit/200 (the SDK's randinit, x 100)") \
	X(rhythm, 100, 0, 10000, NULL,                                                         \
	  "creature wiring: the rhythm's frequency with no gait locus on, Hz x 100")          \
	X(work_full, 100, 1, 1000000, NULL,                                                    \
	  "creature: muscle power that sets the muscle-energy locus to 255, percent of "      \
	  "body weight x size per second")                                                     \
	X(slope_full, 30, 1, 90, NULL,                                                         \
	  "creature: degrees of body pitch that set a slope locus to 255")                    \
	X(wind_full, 50, 1, 100000, NULL,                                                      \
	  "creature: speed along the heading that sets a wind locus to 255, body lengths "    \
	  "per second x 100")                                                                  \
	X(bump, 50, 1, 1000000, NULL,                                                          \
	  "creature: a part hitting the ground faster than this (body lengths per second x "  \
	  "100) fires 'I bump into wall'")                                                     \
	X(stim_gap, 50, 1, 100000, NULL,                                                       \
	  "creature: world ticks at least between two stimuli of one kind from the body")

/* Options added after body snapshots and golden hashes were made (late:
 * base/options.h — saved only when not at their default). */
#define BODY_LATE(X)                                                                       \
	X(work_budget, 500, 0, 1000000, NULL,                                                  \
	  "most ODE work a world tick may take, in thousands of (parts + joints + geoms) x "   \
	  "substeps x (iterations + 10); a bigger body steps with fewer iterations (down to " \
	  "10), then fewer substeps (down to 1), then fewer iterations: coarser physics at a " \
	  "bounded cost (0: no limit)")                                                      \
	X(fall_drop, 50, 1, 100000, NULL,                                                      \
	  "creature: 'Falling through air' when no part touched the ground all tick and the " \
	  "centre of mass goes down as fast as a free fall from this percent of the body's "  \
	  "size [I]")                                                                          \
	X(impact_drop, 25, 0, 100000, NULL,                                                    \
	  "creature: 'Impact post fall' when a body that fell lands with a part hitting the " \
	  "ground as fast as a free fall from this percent of its size [I]")

/* Modes of running a body that must not change a single bit of its state
 * (same X shape): transient (base/options.h), left out of snapshots and
 * state hashes. */
#define BODY_MODES(X)                                                                      \
	X(body_reference, 0, 0, 1, NULL,                                                       \
	  "find the static geoms each moving geom may touch by testing every one's bounding " \
	  "box, not through ODE's quadtree space (the same bits: tests compare state "         \
	  "hashes; not kept in snapshots)")

typedef struct body_options {
	BODY_OPTIONS(C2_OPTION_FIELD)
	BODY_LATE(C2_OPTION_FIELD)
	BODY_MODES(C2_OPTION_FIELD)
} body_options;

extern const c2_option_table body_option_tab;

/* ---- effectors ----------------------------------------------------------------- */

typedef enum body_effector_kind {
	BODY_EFF_BEND,   /* f0 bend muscle | */
	BODY_EFF_ROTATE, /* f0 rotation muscle @ */
	BODY_EFF_HINGE,  /* XODE hinge axis (radians) */
	BODY_EFF_SLIDER  /* XODE slider axis (length) */
} body_effector_kind;

/* How an effector is driven during a tick (body_sim_drive): its signal is
 * gain x base + offset, clamped to -1..1, where base is */
typedef enum body_drive_mode {
	BODY_DRIVE_OWN,    /* f0: the muscle neuron's input from its network;
	                      XODE: nothing (the document's motor, or a free joint) */
	BODY_DRIVE_RHYTHM, /* sin(2 pi (rhythm phase + the effector's phase)) */
	BODY_DRIVE_CONST   /* 1 */
} body_drive_mode;

typedef struct body_effector {
	char name[64];   /* f0: "J5|" / "J5@" (joint and muscle); XODE: the joint's name
	                    (with "#2" for a second axis) or "J5" when unnamed */
	body_effector_kind kind;
	int joint;       /* model joint */
	int axis;        /* XODE: 0 or 1 */
	int neuron;      /* f0: the muscle neuron, else -1 */
	bool has_input;  /* f0: the muscle neuron has inputs in its network */
} body_effector;

/* ---- the simulation ---------------------------------------------------------------- */

typedef struct body_sim body_sim;

/* Build the simulation of `m` (which must outlive it) with options `o`,
 * seeding its random stream (neuron initial states, Rnd neurons, the
 * solver's constraint order) with `seed`. Warnings about what is not
 * simulated (unknown or inert neuron classes, rays, muscles without a joint)
 * are appended to `warn` (may be NULL) as lines. Returns 0, or an error
 * (C2_EINVAL: an invalid f0 body or nothing to simulate; C2_ENOMEM). */
int body_sim_new(body_sim **out, const body_model *m, const body_options *o, uint64_t seed,
                 c2_wbuf *warn, c2_err *err);
void body_sim_free(body_sim *s);

/* One world tick: substeps ODE steps and neuro_steps network steps. */
void body_sim_tick(body_sim *s);

/* The ODE steps per tick and the solver iterations per step this body
 * takes: the options' substeps and iterations, or fewer when they would
 * cost more than work_budget (sim.h's option; docs/bodies.md). */
void body_sim_stepping(const body_sim *s, int *substeps, int *iterations);

/* Effectors, in a fixed order: f0 muscle neurons in neuron order; XODE
 * motorisable axes in joint order. */
size_t body_sim_neffectors(const body_sim *s);
const body_effector *body_sim_effector(const body_sim *s, size_t i);
/* The effector's index called name[0..n) ("J5|", a joint name, or its
 * number "3"), or -1. */
int body_sim_effector_find(const body_sim *s, const char *name, size_t n);

/* Set how effector i is driven from now on (see body_drive_mode); phase in
 * cycles. BODY_DRIVE_OWN with gain 1 and offset 0 is the default. */
void body_sim_drive(body_sim *s, size_t i, body_drive_mode mode, double gain, double offset,
                    double phase);
/* Frequency of the rhythm (Hz of creature time); 0 stops it. */
void body_sim_set_rhythm(body_sim *s, double hz);
/* The signal effector i was given in the last network step (-1..1). */
double body_sim_effector_signal(const body_sim *s, size_t i);

/* ---- readings (after the last tick) ----------------------------------------------- */

typedef struct body_reading {
	double t;          /* creature seconds simulated */
	double com[3];     /* centre of mass, world coordinates */
	double speed;      /* |centre-of-mass displacement| over the last tick / tick length */
	double height;     /* centre of mass above the ground */
	double energy;     /* work done by muscles and motors so far (|power| integrated) */
	double power;      /* that work over the last tick / tick length */
	double forward;    /* speed along the heading (negative: backwards) */
	double pitch;      /* radians the heading points above the horizontal */
	double slope;      /* radians the ground rises along the heading */
	double impact;     /* fastest approach speed of a part hitting the ground this tick */
	double descent;    /* the centre of mass's velocity downward now (negative: rising) */
	double touch;      /* largest f0 touch T output this tick (0 without T neurons) */
	bool grounded;     /* some part touched the ground during the tick */
	bool broken;       /* the simulation ran out of bounds (a hostile file): the body stopped */
	double mass;       /* total mass */
	double size;       /* largest extent of the body at the start */
} body_reading;

void body_sim_read(const body_sim *s, body_reading *r);

/* The world "up" (unit vector) and the ground plane (up . x = ground). */
void body_sim_ground(const body_sim *s, double up[3], double *ground);

/* Part i's frame now (the model's part frame: world = pos + R local). */
void body_sim_part_pose(const body_sim *s, size_t i, double pos[3], double R[3][3]);
/* The radius of part i's collision sphere (f0 ball-and-stick), or a bound
 * of its geoms' size (others). */
double body_sim_part_radius(const body_sim *s, size_t i);
/* Geom g's placement now (a static geom's is fixed). */
void body_sim_geom_pose(const body_sim *s, size_t g, double pos[3], double R[3][3]);
/* The f0 neuron's output (0 for neurons that are not simulated). */
double body_sim_neuron_state(const body_sim *s, size_t neuron);

/* Creature signals for the extra neuron classes (neuro.h): the ports of the
 * network in neuron order. */
size_t body_sim_nports(const body_sim *s);
/* Port k: its spec string (the s= property), whether it writes (C2Out) and
 * its neuron. */
const char *body_sim_port(const body_sim *s, size_t k, bool *writes, int *neuron);
/* Value a reading port feeds into the network (0..1 by convention). */
void body_sim_port_set(body_sim *s, size_t k, double v);
/* Value a writing port's input sum holds after the last network step. */
double body_sim_port_get(const body_sim *s, size_t k);

/* ---- state ----------------------------------------------------------------------- */

/* The dynamic state (every body's position, orientation and velocities, the
 * drives, the rhythm, the neurons, the random streams, the readings) as
 * bytes; body_sim_load reads them into a sim built from the same model and
 * options, after which it continues exactly as the saved one. */
void body_sim_save(const body_sim *s, c2_sink *w);
int body_sim_load(body_sim *s, c2_rbuf *r, c2_err *err);

#endif
