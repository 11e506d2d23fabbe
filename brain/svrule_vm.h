/* svrule_vm.h — the SV-rule compiler and evaluator (reference §3).
 *
 * A 12-byte SV-rule is compiled once, when the brain is built, into a short
 * program: constants and the rule's random constant are resolved, operands
 * are bound to value slots, option variants (wrap/saturate, TIMES divisor,
 * random bound order, <end> as an operand) are baked into the instructions,
 * and the program records what it reads so the brain can hoist it:
 *
 *   SVL_CONST    only constants               -> folded into `konst`
 *   SVL_LOBE     + lobe chemicals / threshold -> once per lobe per tick
 *   SVL_NEURON   + the neuron's values        -> once per neuron
 *   SVL_DENDRITE + a dendrite's values        -> once per dendrite
 *
 * A rule containing `random` is `impure`: it draws at every evaluation and is
 * never hoisted. The leading `VALUE TRUE` / `VALUE FALSE` pairs are recorded
 * as guards (those followed by a load): every one must hold for a non-zero
 * result, and they have no side effects, so the brain may test them in any
 * order to skip work, and then run the rule from after them.
 *
 * Semantics (the model of §3.1): one accumulator, starting at 0; a value
 * opcode replaces it; an operator takes the next opcode(s) as operands (an
 * operand slot holding anything but a value opcode reads 0); TRUE/FALSE abort
 * the rule with 0 when the accumulator is zero/non-zero; an operator with no
 * operand left ends the rule with the accumulator; arithmetic saturates to
 * 0..255 after every operation; `move-twrds t k` is acc + (t - acc)*k/256
 * truncated toward acc; `random lo hi` is uniform in [lo, hi] inclusive;
 * bytes >= 41 load 0. */
#ifndef C2_BRAIN_SVRULE_VM_H
#define C2_BRAIN_SVRULE_VM_H

#include <stdbool.h>
#include <stdint.h>

#include "base/rng.h"
#include "brain/options.h"
#include "genome/genome.h"
#include "genome/svrule.h"

/* Value slots: the evaluation context is a uint8_t array indexed by these. */
typedef enum brain_svrule_slot {
	SVS_IMM = 0, /* not a slot: the operand is an immediate */
	SVS_CHEM0,   /* .. SVS_CHEM0 + 5 */
	SVS_THRES = SVS_CHEM0 + 6,
	SVS_STATE,
	SVS_OUTPUT,
	SVS_TYPE0,
	SVS_TYPE1,
	SVS_ANDED0,
	SVS_ANDED1,
	SVS_LEAK_IN,
	SVS_LEAK_OUT,
	SVS_INPUT,
	SVS_SUSCEPT,
	SVS_STW,
	SVS_LTW,
	SVS_STRENGTH,
	SVS_SRC_LEAK_IN,
	SVS_COUNT
} brain_svrule_slot;

typedef enum brain_svrule_level { SVL_CONST, SVL_LOBE, SVL_NEURON, SVL_DENDRITE } brain_svrule_level;

/* Neuron rules (the state rule) see no dendrite: input, suscept, STW, LTW,
 * strength and curr-src-leak-in read 0 there. */
typedef enum brain_svrule_scope { SVRULE_NEURON, SVRULE_DENDRITE } brain_svrule_scope;

typedef struct brain_svrule_operand {
	uint8_t slot; /* brain_svrule_slot, or SVS_IMM */
	uint8_t imm;
} brain_svrule_operand;

typedef struct brain_svrule_insn {
	uint8_t op; /* an SVOP_* code, or one of the evaluator's variants */
	brain_svrule_operand a, b;
} brain_svrule_insn;

typedef struct brain_svrule_guard {
	uint8_t slot;    /* never SVS_IMM: constant guards are folded */
	uint8_t nonzero; /* 1: TRUE (must be non-zero); 0: FALSE (must be zero) */
	uint8_t level;   /* brain_svrule_slot_level of the slot in the rule's scope */
} brain_svrule_guard;

#define SVRULE_MAX_GUARDS 6
#define SVRULE_NOT_SINGLE 0xff

typedef struct brain_svrule_prog {
	uint8_t n;      /* instructions; 0: the rule yields 0 */
	uint8_t empty;  /* the rule's first byte is <end> */
	uint8_t level;  /* brain_svrule_level of the slots it reads */
	uint8_t impure; /* contains `random` */
	uint8_t konst;  /* the result, when level == SVL_CONST and !impure */
	uint8_t nguard;
	uint8_t prefix; /* instructions of the recorded guards (2 * nguard) */
	uint8_t single; /* the program is one load of this slot (SVS_IMM: of konst),
	                   or SVRULE_NOT_SINGLE */
	uint32_t reads; /* bit s: slot s is read (guards included) */
	/* When what runs after the recorded guards is pure and reads one slot
	 * (e.g. "suscept move-twrds 255 64"), its result for every value of
	 * that slot, so the brain can look it up instead of running it. */
	uint8_t rest_slot; /* that slot, or SVRULE_NOT_SINGLE */
	uint8_t rest_level; /* brain_svrule_level of the slots read after the guards */
	uint8_t rest_identity; /* the table maps every value to itself */
	brain_svrule_guard guard[SVRULE_MAX_GUARDS];
	brain_svrule_insn insn[GENOME_RULE_LEN];
	/* SVRULE_TABLE results when rest_slot is a slot: storage the caller
	 * of brain_svrule_compile provided (a brain keeps one copy of each distinct
	 * table, and none for most rules) */
	const uint8_t *rest_table;
} brain_svrule_prog;

/* Bytes of a rule's table. */
#define SVRULE_TABLE 256

/* Level of slot `s` in rules of `scope` (in dendrite rules the sums and the
 * leak registers count as dendrite values: dendrite updates change them). */
brain_svrule_level brain_svrule_slot_level(brain_svrule_slot s, brain_svrule_scope scope);

/* Compile `rule` (GENOME_RULE_LEN bytes). `rnd_const` is the rule's random
 * constant (used unless o->rnd_const says zero). `table` is room for
 * SVRULE_TABLE bytes the program may point to (p->rest_table), or NULL for
 * none. Never fails: every byte sequence is a valid rule. */
void brain_svrule_compile(brain_svrule_prog *p, uint8_t *table, const uint8_t *rule, brain_svrule_scope scope,
                    uint8_t rnd_const, const brain_options *o);

/* Instruction codes beyond the opcode table: a load, and option variants
 * (so the evaluator never tests an option). */
enum {
	SVX_LOAD = 64,     /* acc = operand a */
	SVX_PLUS_WRAP,     /* acc = (acc + x) mod 256 */
	SVX_MINUS_WRAP,    /* acc = (acc - x) mod 256 */
	SVX_INCR_WRAP,     /* acc = (acc + 1) mod 256 */
	SVX_DECR_WRAP,     /* acc = (acc - 1) mod 256 */
	SVX_MULTIPLY_WRAP, /* acc = (acc * x) mod 256 */
	SVX_TIMES_255,     /* acc = acc * x / 255 */
	SVX_RANDOM_NOSWAP  /* lo > hi yields lo */
};

/* The evaluator is small; the brain's loops inline it. */
#if defined(__GNUC__)
#define SVRULE_INLINE static inline __attribute__((always_inline))
#else
#define SVRULE_INLINE static inline
#endif

SVRULE_INLINE int brain_svrule_operand_value(const brain_svrule_operand *o, const uint8_t *v)
{
	return o->slot ? v[o->slot] : o->imm;
}

/* One instruction: the new accumulator, or -1 when a guard aborts the rule
 * (which then yields 0). What each opcode does is its synopsis in
 * SVRULE_OPCODES (genome/svrule.h; `c2rt svrule ops` prints them) and each
 * variant's is in the SVX_ enum above: the cases implement them and comment
 * only on how, so no synopsis is typed twice. */
SVRULE_INLINE int brain_svrule_step(const brain_svrule_insn *in, int acc, const uint8_t *v, c2_rng *rng)
{
	int x = brain_svrule_operand_value(&in->a, v);
	switch (in->op) {
	case SVX_LOAD:
		acc = x;
		break;
	case SVOP_TRUE:
		if (acc == 0)
			return -1;
		break;
	case SVOP_FALSE:
		if (acc != 0)
			return -1;
		break;
	case SVOP_PLUS:
		acc += x;
		if (acc > 255)
			acc = 255;
		break;
	case SVX_PLUS_WRAP:
		acc = (acc + x) & 255;
		break;
	case SVOP_MINUS:
		acc -= x;
		if (acc < 0)
			acc = 0;
		break;
	case SVX_MINUS_WRAP:
		acc = (acc - x) & 255;
		break;
	case SVOP_TIMES:
		acc = acc * x / 256;
		break;
	case SVX_TIMES_255:
		acc = acc * x / 255;
		break;
	case SVOP_INCR:
		if (acc < 255)
			acc++;
		break;
	case SVX_INCR_WRAP:
		acc = (acc + 1) & 255;
		break;
	case SVOP_DECR:
		if (acc > 0)
			acc--;
		break;
	case SVX_DECR_WRAP:
		acc = (acc - 1) & 255;
		break;
	case SVOP_MULTIPLY:
		acc *= x;
		if (acc > 255)
			acc = 255;
		break;
	case SVX_MULTIPLY_WRAP:
		acc = (acc * x) & 255;
		break;
	case SVOP_AVERAGE:
		acc = (acc + x) / 2;
		break;
	case SVOP_MOVE_TWRDS:
		/* C division truncates toward zero, i.e. toward acc: the step
		 * never overshoots t (verified: 0, 63, 111, 147, 174 ...). */
		acc = acc + (x - acc) * brain_svrule_operand_value(&in->b, v) / 256;
		break;
	case SVOP_RANDOM:
		acc = c2_rng_range(rng, x, brain_svrule_operand_value(&in->b, v));
		break;
	case SVX_RANDOM_NOSWAP: {
		int hi = brain_svrule_operand_value(&in->b, v);
		acc = x > hi ? x : c2_rng_range(rng, x, hi);
		break;
	}
	default: /* not produced by brain_svrule_compile */
		break;
	}
	return acc;
}

/* Run p from instruction `start` with the accumulator at `acc`. */
SVRULE_INLINE uint8_t brain_svrule_run(const brain_svrule_prog *p, unsigned start, int acc,
                                 const uint8_t *v, c2_rng *rng)
{
	for (unsigned i = start; i < p->n && acc >= 0; i++)
		acc = brain_svrule_step(&p->insn[i], acc, v, rng);
	return acc < 0 ? 0 : (uint8_t)acc;
}

/* Evaluate: `v` holds SVS_COUNT values (only the slots in p->reads are
 * looked at). `rng` is drawn from by `random` only (never when
 * !p->impure). Returns the result, 0..255. */
SVRULE_INLINE uint8_t brain_svrule_exec(const brain_svrule_prog *p, const uint8_t *v, c2_rng *rng)
{
	return brain_svrule_run(p, 0, 0, v, rng);
}

/* As brain_svrule_exec, skipping the guard prefix: the caller has checked that
 * every recorded guard holds (each is followed by a load, so the result
 * does not depend on the accumulator the prefix leaves). */
SVRULE_INLINE uint8_t brain_svrule_exec_unguarded(const brain_svrule_prog *p, const uint8_t *v,
                                           c2_rng *rng)
{
	if (p->rest_slot != SVRULE_NOT_SINGLE)
		return p->rest_table[v[p->rest_slot]];
	return brain_svrule_run(p, p->prefix, 0, v, rng);
}

/* Partial evaluation for one lobe tick: run the leading instructions that
 * read only constants and lobe values (v holds those) and draw nothing —
 * a `random` whose bounds are equal draws nothing either. Returns the
 * number of instructions done and the accumulator in *acc, or -1 when a
 * guard already failed (the rule yields 0 for every neuron). */
int brain_svrule_fold_lobe(const brain_svrule_prog *p, const uint8_t *v, int *acc);

/* Name of a slot as used by `c2rt svrule eval` and corpora ("state",
 * "chem0", "leakin" ...), and the inverse (-1 if unknown). */
const char *brain_svrule_slot_name(brain_svrule_slot s);
int brain_svrule_slot_by_name(const char *name, size_t len);

#endif
