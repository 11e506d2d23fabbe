/* assemble.h — a creature assembled from parts made outside the engine: a
 * brain built by the caller, a running biochemical state, a clock that does
 * not start at 0. The import of a C2 export (exchange/import.c) is the user:
 * it rebuilds a creature as another engine left it, which hatching cannot.
 *
 * Assembly goes through three phases, in this order, on one creature:
 *
 *   1. creature_assemble_begin: the creature holds the genome and the
 *      configuration and its random stream is seeded, as at hatching; it has
 *      no brain and no biochemistry yet. The caller builds a brain with the
 *      creature's random stream (creature_assemble_rng), so the draws are
 *      the ones hatching would make, and sets in it whatever it carries over.
 *   2. creature_assemble_express: the creature takes that brain, makes its
 *      biochemistry and expresses the genes of stages 0..stage in order, as
 *      hatching and growing up would (biochemistry, instincts queued,
 *      stimulus genes), at tick 0 and without the hatchling's dream. The
 *      caller may now set the biochemistry's running state through biochem's
 *      own API (creature_assemble_biochem) and replace the queue of pending
 *      instincts (creature_assemble_instincts).
 *   3. creature_assemble_finish: the clock, the winners and the dream are
 *      set; the creature is then like any other — stepped, saved, hashed —
 *      and the assembly calls refuse it.
 *
 * Between begin and finish the creature may be read (creature_stage,
 * creature_sex, creature_get_config, creature_brain_const once it has a
 * brain, creature_biochem_const ...), dreamt (creature_dream, in phase 2)
 * and freed (creature_free frees every part it holds, whatever the phase),
 * but not stepped, saved or hashed. A call made out of its phase changes
 * nothing and says so (C2_EINVAL, or NULL). */
#ifndef C2_ENGINE_ASSEMBLE_H
#define C2_ENGINE_ASSEMBLE_H

#include <stdint.h>

#include "engine/engine.h"

/* Phase 1: a creature holding a copy of `g`'s genes and `cfg` (its sex
 * included), its random stream seeded with cfg->seed; no brain, no
 * biochemistry. The genome is not checked here: the brain the caller builds
 * checks it (brain_build, brain_build_shaped). 0 and *out set, or
 * C2_EINVAL (a sex neither male nor female) / C2_ENOMEM with *out NULL. */
int creature_assemble_begin(creature **out, const genome *g, const creature_config *cfg,
                            c2_err *err);

/* The creature's random stream, to build its brain with (phase 1 only;
 * NULL otherwise). Hatching draws the brain's wiring first, so a brain
 * built from this stream with brain_build draws what hatching would. */
c2_rng *creature_assemble_rng(creature *c);

/* Phase 1 -> 2: `b` becomes the creature's brain; then its biochemistry is
 * made with cfg's options and the genes of stages 0..stage are expressed,
 * stage by stage (creature_stage is then `stage`). `b` must have been built
 * from the creature's genome for its sex. The call takes `b` in every case:
 * on success and on an error of expression (C2_ENOMEM) it is the
 * creature's; when the creature is not in phase 1 or `stage` is not 0..6
 * (C2_EINVAL) it is freed and the creature is unchanged. After an error
 * the creature can only be freed. */
int creature_assemble_express(creature *c, brain *b, int stage, c2_err *err);

/* The creature's biochemistry, to set its running state in phase 2
 * (bc_chem_set, bc_half_life_set, bc_organ_set_state ...: everything
 * creature_assemble_finish does not set); NULL in any other phase. */
bc_biochem *creature_assemble_biochem(creature *c);

/* Replace the brain's pending instincts by q[0..n), in that order (the
 * instincts the caller knows were processed already are left out). Phase 2
 * only: C2_EINVAL otherwise; C2_ENOMEM leaves the queue partly filled. */
int creature_assemble_instincts(creature *c, const genome_instinct_gene *q, size_t n,
                                c2_err *err);

/* Where the assembled creature's clocks stand. */
typedef struct creature_assembly_clock {
	uint64_t world_ticks;   /* the creature's age: creature_ticks from now on */
	uint32_t biochem_ticks; /* the biochemistry's tick count (the half-lives' phase) */
	unsigned dream;         /* dream this many pending instincts from now on (0: awake) */
	uint32_t dream_wait;    /* with dream: brain ticks already spent on the first of them
	                           (below the option dream_ticks_per_instinct) */
} creature_assembly_clock;

/* Phase 2 -> done: the tick counter becomes clk->world_ticks and the
 * biochemistry's clk->biochem_ticks; stage 0 counts as entered at tick 0
 * and every later stage up to the current one at world_ticks (when it was
 * entered is not known); the decision and attention winners are read off
 * the brain as after a brain tick; with clk->dream the creature dreams
 * (creature_dream) clk->dream_wait brain ticks into the first instinct.
 * The brain's own tick counter is the caller's (brain_set_ticks before
 * phase 2). 0, or C2_EINVAL (not in phase 2) and nothing changed. */
int creature_assemble_finish(creature *c, const creature_assembly_clock *clk, c2_err *err);

#endif
