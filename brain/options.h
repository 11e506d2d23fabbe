/* options.h — the brain's open choices (reference §9) as named run-time options.
 *
 * Where the sources disagree or are silent, the brain implements the
 * recommended reading by default and the alternative behind an option, so a
 * choice can be flipped when better evidence appears. BRAIN_OPTIONS is the ONE
 * table: the struct, the defaults, `c2rt options`, the `--opt NAME=VALUE`
 * parser and snapshots all derive from it.
 *
 * Every option is a small integer in [min, max]; options with named values
 * list them (comma-separated, value 0 first) and accept either the name or
 * the number. */
#ifndef C2_BRAIN_OPTIONS_H
#define C2_BRAIN_OPTIONS_H

#include <stddef.h>

#include "base/err.h"
#include "base/options.h"

/* X(name, default, min, max, value names or NULL, help) */
#define BRAIN_OPTIONS(X)                                                                   \
	X(input_weight, 0, 0, 1, "stw,strength",                                               \
	  "Q1: weight of a dendrite in the type0/type1 sums: STW/255 (CDR) or strength/255 "   \
	  "(openc2e)")                                                                         \
	X(wrap_arithmetic, 0, 0, 1, NULL,                                                      \
	  "Q3: SV-rule PLUS, MINUS, INCR, DECR and multiply wrap modulo 256 (openc2e) "        \
	  "instead of saturating at 0..255")                                                   \
	X(times_divisor, 256, 255, 256, NULL, "Q4: the SV-rule TIMES operator is acc*x/DIVISOR") \
	X(strength_rates, 0, 0, 1, "every_n,rate_table",                                       \
	  "Q5: strength gain/loss rate bytes mean 'every N brain ticks, 0 never', or a "       \
	  "period from the shared rate table")                                                 \
	X(ltw_gain, 0, 0, 1, "relax,step",                                                     \
	  "Q5: LTW relaxes toward STW through the rate table, or steps by 1 every N brain "    \
	  "ticks (openc2e; 0 never)")                                                          \
	X(loose_count, 0, 0, 2, "by_migration,dendrites,cells",                                \
	  "Q6: emitter '# loose dendrites/cells': loose dendrites for migrate-0/1 lobes and "  \
	  "fully loose cells for migrate-2 lobes, or always dendrites, or always cells")       \
	X(reinforce, 0, 0, 1, "max,set",                                                       \
	  "Q7: reinforcement x = suscept*r/255 sets STW = max(STW, LTW + x), or STW = LTW + x") \
	X(instinct_fallback, 0, 0, 1, NULL,                                                    \
	  "Q12: an instinct with no concept cell of exactly its input count uses the "         \
	  "weakest cell with more dendrites and leaves the extra ones loose (not original)")   \
	X(dendrites_before_wta, 0, 0, 1, NULL,                                                 \
	  "Q15: update dendrites before winner-takes-all (openc2e) instead of after")          \
	X(lobe_order, 0, 0, 1, "openc2e,index",                                                \
	  "Q17: process lobes without dendrites, then perceptible ones, then the rest "        \
	  "(openc2e), or simply in index order")                                               \
	X(rnd_const, 0, 0, 1, "per_rule,zero",                                                 \
	  "Q18: 'rnd-const' is a random byte drawn per (lobe, rule) at construction, or 0 "    \
	  "(openc2e)")                                                                         \
	X(random_swap, 1, 0, 1, NULL,                                                          \
	  "Q20: 'random lo hi' with lo > hi draws from [hi, lo]; 0: it yields lo")            \
	X(end_operand, 0, 0, 1, "zero,stop",                                                   \
	  "an <end> byte in an operand slot reads as 0 and evaluation goes on (openc2e), or "  \
	  "ends the rule with the accumulator")                                                \
	X(empty_sum, 0, 0, 1, "zero,gain",                                                     \
	  "type0/anded0 of a neuron with no dendrites of that type: 0, or the input gain "     \
	  "(openc2e)")                                                                         \
	X(openc2e_leak, 0, 0, 1, NULL,                                                         \
	  "leak before thresholding and snap values below rest to rest (openc2e) instead of "  \
	  "thresholding the un-leaked value and relaxing from both sides")                     \
	X(loose_clears_weights, 1, 0, 1, NULL,                                                 \
	  "a dendrite whose strength reaches 0 also loses its STW, LTW and susceptibility "    \
	  "(the export: every loose dendrite has all three at 0; openc2e too); 0 keeps them")

/* Modes of running the brain that must not change a single bit of its state
 * (same X shape). They are transient (base/options.h): left out of
 * snapshots and state hashes, so a run and its reference run hash alike. */
#define BRAIN_MODES(X)                                                                     \
	X(brain_reference, 0, 0, 1, NULL,                                                      \
	  "run the brain without any shortcut: every rule of every neuron and dendrite "       \
	  "evaluated in the plain order of the reference (tests compare state hashes; "        \
	  "not kept in snapshots)")                                                          \
	X(brain_avx2, 1, 0, 1, NULL,                                                           \
	  "run the dendrite steps and the neuron updates 32 at a time with AVX2 where the "   \
	  "CPU has it; 0: 16 at a time with SSE2 (the same bits: tests compare state "        \
	  "hashes; not kept in snapshots)")

typedef struct brain_options {
	BRAIN_OPTIONS(C2_OPTION_FIELD)
	BRAIN_MODES(C2_OPTION_FIELD)
} brain_options;

/* The table for the generic option functions (base/options.h):
 * c2_options_default(&brain_option_tab, &o), c2_option_parse(...), ... */
extern const c2_option_table brain_option_tab;

#endif
