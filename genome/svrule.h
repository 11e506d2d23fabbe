/* svrule.h — the SV-rule opcode table (reference §3.2) and its text form.
 *
 * This is the ONE list of SV-rule opcodes. The evaluator (brain/svrule_vm.c),
 * the disassembler and assembler below, the genome text form, `c2rt svrule`,
 * the docs and the viewer's labels all derive from SVRULE_OPCODES. It lives in
 * genome/ because the genome's text form must name opcodes and genome/ may
 * not depend on brain/.
 *
 * Text names are single tokens (multi-word opcodes are hyphenated, e.g.
 * `move-twrds`), compared case-insensitively. Opcodes with no entry (42..255)
 * are written `<N>`; `<N>` is accepted for any byte. Because some opcode
 * NAMES are numerals ("0" is byte 1, "255" is byte 4), a rule given as a
 * list of numbers is ambiguous: see genome_svrule_parse. */
#ifndef C2_SVRULE_H
#define C2_SVRULE_H

#include <stddef.h>
#include <stdint.h>

#include "base/err.h"

typedef enum genome_svrule_kind {
	SVK_END,     /* stop; result = accumulator */
	SVK_VALUE,   /* loads a value into the accumulator */
	SVK_GUARD,   /* aborts the rule with result 0 unless the condition holds */
	SVK_UNARY,   /* modifies the accumulator */
	SVK_BINARY,  /* consumes the next opcode as an operand */
	SVK_TERNARY, /* consumes the next two opcodes as operands */
	SVK_INVALID  /* unknown: evaluates as value 0 */
} genome_svrule_kind;

/* What a value opcode loads: the `value` column (with its `arg`: the
 * constant, the chemical slot or the dendrite type). SVV_NONE for opcodes
 * that are not values. The evaluator (brain/svrule_vm.c) binds loads from
 * this column, so a value opcode is defined here and nowhere else. */
typedef enum genome_svrule_value {
	SVV_NONE,
	SVV_CONST,       /* the constant `arg` */
	SVV_CHEM,        /* lobe chemical slot `arg` (0..5) */
	SVV_THRES,       /* the lobe's threshold */
	SVV_STATE,       /* state of the (destination) neuron */
	SVV_OUTPUT,      /* output of the (destination) neuron */
	SVV_TYPE,        /* weighted input sum of dendrite type `arg` */
	SVV_ANDED,       /* the same, or 0 unless every source of type `arg` fires */
	SVV_INPUT,       /* dendrite rules: output of the source neuron */
	SVV_SUSCEPT,     /* dendrite susceptibility */
	SVV_STW,         /* dendrite short-term weight */
	SVV_LTW,         /* dendrite long-term weight */
	SVV_STRENGTH,    /* dendrite strength */
	SVV_RND_CONST,   /* the rule's random constant */
	SVV_LEAK_IN,     /* the neuron's leak-in register */
	SVV_LEAK_OUT,    /* the neuron's leak-out register */
	SVV_SRC_LEAK_IN  /* leak-in of the dendrite's source neuron */
} genome_svrule_value;

/* X(ENUM, code, text name, kind, value, arg, synopsis) */
#define SVRULE_OPCODES(X)                                                          \
	X(END, 0, "<end>", SVK_END, SVV_NONE, 0, "stop; the result is the accumulator")            \
	X(ZERO, 1, "0", SVK_VALUE, SVV_CONST, 0, "acc = 0")                                          \
	X(ONE, 2, "1", SVK_VALUE, SVV_CONST, 1, "acc = 1")                                           \
	X(C64, 3, "64", SVK_VALUE, SVV_CONST, 64, "acc = 64")                                         \
	X(C255, 4, "255", SVK_VALUE, SVV_CONST, 255, "acc = 255")                                      \
	X(CHEM0, 5, "chem0", SVK_VALUE, SVV_CHEM, 0, "acc = lobe chemical slot 0 (receptor locus 13)") \
	X(CHEM1, 6, "chem1", SVK_VALUE, SVV_CHEM, 1, "acc = lobe chemical slot 1 (locus 14)")       \
	X(CHEM2, 7, "chem2", SVK_VALUE, SVV_CHEM, 2, "acc = lobe chemical slot 2 (locus 15)")       \
	X(CHEM3, 8, "chem3", SVK_VALUE, SVV_CHEM, 3, "acc = lobe chemical slot 3 (locus 16)")       \
	X(STATE, 9, "state", SVK_VALUE, SVV_STATE, 0, "acc = state of the (destination) neuron")     \
	X(OUTPUT, 10, "output", SVK_VALUE, SVV_OUTPUT, 0, "acc = output of the (destination) neuron") \
	X(THRES, 11, "thres", SVK_VALUE, SVV_THRES, 0, "acc = the lobe's current threshold")          \
	X(TYPE0, 12, "type0", SVK_VALUE, SVV_TYPE, 0, "acc = weighted input sum of type-0 dendrites") \
	X(TYPE1, 13, "type1", SVK_VALUE, SVV_TYPE, 1, "acc = weighted input sum of type-1 dendrites") \
	X(ANDED0, 14, "anded0", SVK_VALUE, SVV_ANDED, 0, "acc = type0 if every type-0 source fires, else 0") \
	X(ANDED1, 15, "anded1", SVK_VALUE, SVV_ANDED, 1, "acc = type1 if every type-1 source fires, else 0") \
	X(INPUT, 16, "input", SVK_VALUE, SVV_INPUT, 0, "acc = output of this dendrite's source neuron (0 in neuron rules)") \
	X(CONDUCT, 17, "conduct", SVK_VALUE, SVV_CONST, 0, "acc = 0 (unknown in C2)")                \
	X(SUSCEPT, 18, "suscept", SVK_VALUE, SVV_SUSCEPT, 0, "acc = dendrite susceptibility")          \
	X(STW, 19, "STW", SVK_VALUE, SVV_STW, 0, "acc = dendrite short-term weight")              \
	X(LTW, 20, "LTW", SVK_VALUE, SVV_LTW, 0, "acc = dendrite long-term weight")               \
	X(STRENGTH, 21, "strength", SVK_VALUE, SVV_STRENGTH, 0, "acc = dendrite strength")              \
	X(C32, 22, "32", SVK_VALUE, SVV_CONST, 32, "acc = 32")                                        \
	X(C128, 23, "128", SVK_VALUE, SVV_CONST, 128, "acc = 128")                                     \
	X(RND_CONST, 24, "rnd-const", SVK_VALUE, SVV_RND_CONST, 0, "acc = a random byte fixed per rule when the brain is built") \
	X(CHEM4, 25, "chem4", SVK_VALUE, SVV_CHEM, 4, "acc = lobe chemical slot 4 (locus 17)")      \
	X(CHEM5, 26, "chem5", SVK_VALUE, SVV_CHEM, 5, "acc = lobe chemical slot 5 (locus 18)")      \
	X(LEAK_IN, 27, "leak-in", SVK_VALUE, SVV_LEAK_IN, 0, "acc = neuron's leak-in register")        \
	X(LEAK_OUT, 28, "leak-out", SVK_VALUE, SVV_LEAK_OUT, 0, "acc = neuron's leak-out register")     \
	X(SRC_LEAK_IN, 29, "curr-src-leak-in", SVK_VALUE, SVV_SRC_LEAK_IN, 0, "acc = leak-in of this dendrite's source neuron") \
	X(TRUE, 30, "TRUE", SVK_GUARD, SVV_NONE, 0, "if acc == 0 the rule returns 0")               \
	X(PLUS, 31, "PLUS", SVK_BINARY, SVV_NONE, 0, "acc = min(255, acc + x)")                     \
	X(MINUS, 32, "MINUS", SVK_BINARY, SVV_NONE, 0, "acc = max(0, acc - x)")                     \
	X(TIMES, 33, "TIMES", SVK_BINARY, SVV_NONE, 0, "acc = acc * x / 256")                       \
	X(INCR, 34, "INCR", SVK_UNARY, SVV_NONE, 0, "acc = min(255, acc + 1)")                      \
	X(DECR, 35, "DECR", SVK_UNARY, SVV_NONE, 0, "acc = max(0, acc - 1)")                        \
	X(FALSE, 36, "FALSE", SVK_GUARD, SVV_NONE, 0, "if acc != 0 the rule returns 0")             \
	X(MULTIPLY, 37, "multiply", SVK_BINARY, SVV_NONE, 0, "acc = min(255, acc * x)")             \
	X(AVERAGE, 38, "average", SVK_BINARY, SVV_NONE, 0, "acc = (acc + x) / 2")                   \
	X(MOVE_TWRDS, 39, "move-twrds", SVK_TERNARY, SVV_NONE, 0, "acc = acc + (t - acc) * k / 256") \
	X(RANDOM, 40, "random", SVK_TERNARY, SVV_NONE, 0, "acc = uniform integer in [lo, hi]")      \
	X(ERROR, 41, "<ERROR>", SVK_INVALID, SVV_NONE, 0, "invalid opcode: evaluates as value 0")

enum genome_svrule_op {
#define X(E, code, name, kind, val, arg, syn) SVOP_##E = code,
	SVRULE_OPCODES(X)
#undef X
	SVOP_COUNT = 42 /* codes with a table entry: 0..41 */
};

typedef struct genome_svrule_opinfo {
	const char *name;
	genome_svrule_kind kind;
	genome_svrule_value value; /* SVK_VALUE rows: what is loaded */
	uint8_t arg;        /* the constant, chemical slot or dendrite type */
	const char *synopsis;
} genome_svrule_opinfo;

/* Entries for codes 0..SVOP_COUNT-1. */
extern const genome_svrule_opinfo genome_svrule_ops[SVOP_COUNT];

/* Kind of any byte (codes >= SVOP_COUNT are SVK_INVALID). */
static inline genome_svrule_kind genome_svrule_kind_of(uint8_t op)
{
	return op < SVOP_COUNT ? genome_svrule_ops[op].kind : SVK_INVALID;
}

/* Name of one opcode: the table name, or "<N>" written into buf (>= 6 bytes). */
const char *genome_svrule_op_name(uint8_t op, char *buf, size_t cap);

/* Look up one token: a table name (case-insensitive) or "<N>" with N in
 * 0..255. Returns the byte, or -1. */
int genome_svrule_op_by_name(const char *tok, size_t len);

/* Disassemble `len` bytes: the opcodes up to the last non-zero byte, space
 * separated (an all-zero rule is "<end>"). Returns buf. */
char *genome_svrule_disasm(const uint8_t *rule, size_t len, char *buf, size_t cap);

/* Assemble opcode names (as genome_svrule_disasm prints them) into rule[0..len),
 * zero-filling the rest. Fails on an unknown token or more than `len`
 * opcodes; err->offset is the 0-based token index. */
int genome_svrule_asm(const char *text, uint8_t *rule, size_t len, c2_err *err);

/* Parse a rule given either as opcode names or as up to `len` byte values
 * (decimal, 0..255). A text whose every token is a plain decimal number is
 * read as byte values; anything else is read as names. */
int genome_svrule_parse(const char *text, uint8_t *rule, size_t len, c2_err *err);

#endif
