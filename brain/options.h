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

typedef struct brain_options {
#define X(name, def, lo, hi, vals, help) int name;
	BRAIN_OPTIONS(X)
#undef X
} brain_options;

/* One row of the table (name, default, range, value names, help, offset). */
typedef c2_option brain_option_info;

extern const brain_option_info brain_option_table[];
extern const size_t brain_option_count;
/* The same table for the generic option functions (base/options.h). */
extern const c2_option_table brain_option_tab;

/* The recommended defaults. */
brain_options brain_options_default(void);

/* The table entry called `name`, or NULL. */
const brain_option_info *brain_option_find(const char *name, size_t len);

/* Current value of option `info` in `o`. */
int brain_option_get(const brain_options *o, const brain_option_info *info);

/* Set option `name` to `value`. Fails (C2_EINVAL, message in err, o
 * untouched) on an unknown name or a value outside [min, max]. */
int brain_options_set(brain_options *o, const char *name, int value, c2_err *err);

/* Apply "NAME=VALUE" where VALUE is a number or one of the option's value
 * names. Fails like brain_options_set, and on malformed text. */
int brain_options_parse(brain_options *o, const char *text, c2_err *err);

/* Name of `value` for an option with value names (e.g. "stw"), or NULL. The
 * returned text is written to buf (>= 32 bytes). */
const char *brain_option_value_name(const brain_option_info *info, int value, char *buf,
                                    size_t cap);

/* Check every option is in range (for options read from a snapshot). */
int brain_options_check(const brain_options *o, c2_err *err);

#endif
