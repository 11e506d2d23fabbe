/* svrule_vm.c — compile SV-rules once into short programs and evaluate them.
 *
 * Structure comes from the opcode table (genome/svrule.h): the kind column
 * says how many operands an opcode takes, the value column what a value
 * opcode loads. The evaluator itself (brain_svrule_run, one case per operator with
 * its synopsis) is inline in svrule_vm.h so the brain's loops can inline it. */
#include "brain/svrule_vm.h"

#include <string.h>

#include "genome/svrule.h"

static const char *const slot_names[SVS_COUNT] = {
	[SVS_IMM] = NULL,
	[SVS_CHEM0] = "chem0", [SVS_CHEM0 + 1] = "chem1", [SVS_CHEM0 + 2] = "chem2",
	[SVS_CHEM0 + 3] = "chem3", [SVS_CHEM0 + 4] = "chem4", [SVS_CHEM0 + 5] = "chem5",
	[SVS_THRES] = "thres", [SVS_STATE] = "state", [SVS_OUTPUT] = "output",
	[SVS_TYPE0] = "type0", [SVS_TYPE1] = "type1", [SVS_ANDED0] = "anded0",
	[SVS_ANDED1] = "anded1", [SVS_LEAK_IN] = "leakin", [SVS_LEAK_OUT] = "leakout",
	[SVS_INPUT] = "input", [SVS_SUSCEPT] = "suscept", [SVS_STW] = "stw", [SVS_LTW] = "ltw",
	[SVS_STRENGTH] = "strength", [SVS_SRC_LEAK_IN] = "srcleakin",
};

const char *brain_svrule_slot_name(brain_svrule_slot s)
{
	return (unsigned)s < SVS_COUNT ? slot_names[s] : NULL;
}

int brain_svrule_slot_by_name(const char *name, size_t len)
{
	for (int s = 1; s < SVS_COUNT; s++)
		if (strlen(slot_names[s]) == len && strncmp(slot_names[s], name, len) == 0)
			return s;
	return -1;
}

brain_svrule_level brain_svrule_slot_level(brain_svrule_slot s, brain_svrule_scope scope)
{
	switch (s) {
	case SVS_IMM:
		return SVL_CONST;
	case SVS_THRES:
		return SVL_LOBE;
	case SVS_STATE:
	case SVS_OUTPUT:
		return SVL_NEURON;
	case SVS_TYPE0:
	case SVS_TYPE1:
	case SVS_ANDED0:
	case SVS_ANDED1:
	case SVS_LEAK_IN:
	case SVS_LEAK_OUT:
		/* Dendrite updates change STW (hence the sums) and the leak
		 * registers while a neuron's dendrites are being processed. */
		return scope == SVRULE_NEURON ? SVL_NEURON : SVL_DENDRITE;
	case SVS_INPUT:
	case SVS_SUSCEPT:
	case SVS_STW:
	case SVS_LTW:
	case SVS_STRENGTH:
	case SVS_SRC_LEAK_IN:
		return SVL_DENDRITE;
	default:
		return s < SVS_CHEM0 + 6 ? SVL_LOBE : SVL_DENDRITE;
	}
}

static brain_svrule_operand imm(uint8_t v)
{
	brain_svrule_operand o = {SVS_IMM, v};
	return o;
}

static brain_svrule_operand slot(brain_svrule_slot s)
{
	brain_svrule_operand o = {(uint8_t)s, 0};
	return o;
}

/* The operand an opcode byte denotes, from the table's value column. Anything
 * that is not a value opcode (an operator, <end>, bytes >= 41) reads 0. */
static brain_svrule_operand operand_of(uint8_t op, brain_svrule_scope scope, uint8_t rnd)
{
	if (genome_svrule_kind_of(op) != SVK_VALUE)
		return imm(0);
	const genome_svrule_opinfo *info = &genome_svrule_ops[op];
	bool dend = scope == SVRULE_DENDRITE;
	switch (info->value) {
	case SVV_CONST:
		return imm(info->arg);
	case SVV_CHEM:
		return slot((brain_svrule_slot)(SVS_CHEM0 + info->arg));
	case SVV_THRES:
		return slot(SVS_THRES);
	case SVV_STATE:
		return slot(SVS_STATE);
	case SVV_OUTPUT:
		return slot(SVS_OUTPUT);
	case SVV_TYPE:
		return slot((brain_svrule_slot)(SVS_TYPE0 + info->arg));
	case SVV_ANDED:
		return slot((brain_svrule_slot)(SVS_ANDED0 + info->arg));
	case SVV_INPUT:
		return dend ? slot(SVS_INPUT) : imm(0);
	case SVV_SUSCEPT:
		return dend ? slot(SVS_SUSCEPT) : imm(0);
	case SVV_STW:
		return dend ? slot(SVS_STW) : imm(0);
	case SVV_LTW:
		return dend ? slot(SVS_LTW) : imm(0);
	case SVV_STRENGTH:
		return dend ? slot(SVS_STRENGTH) : imm(0);
	case SVV_SRC_LEAK_IN:
		return dend ? slot(SVS_SRC_LEAK_IN) : imm(0);
	case SVV_RND_CONST:
		return imm(rnd);
	case SVV_LEAK_IN:
		return slot(SVS_LEAK_IN);
	case SVV_LEAK_OUT:
		return slot(SVS_LEAK_OUT);
	case SVV_NONE:
		break;
	}
	return imm(0);
}

/* Take the next opcode as an operand; false when none is left (the rule then
 * ends with the accumulator). */
static bool take(const uint8_t *rule, unsigned *i, brain_svrule_operand *out, brain_svrule_scope scope,
                 uint8_t rnd, const brain_options *o)
{
	if (*i >= GENOME_RULE_LEN)
		return false;
	uint8_t x = rule[(*i)++];
	if (x == SVOP_END && o->end_operand)
		return false;
	*out = operand_of(x, scope, rnd);
	return true;
}

static uint8_t variant(uint8_t op, const brain_options *o)
{
	if (o->wrap_arithmetic) {
		switch (op) {
		case SVOP_PLUS: return SVX_PLUS_WRAP;
		case SVOP_MINUS: return SVX_MINUS_WRAP;
		case SVOP_INCR: return SVX_INCR_WRAP;
		case SVOP_DECR: return SVX_DECR_WRAP;
		case SVOP_MULTIPLY: return SVX_MULTIPLY_WRAP;
		default: break;
		}
	}
	if (op == SVOP_TIMES && o->times_divisor == 255)
		return SVX_TIMES_255;
	if (op == SVOP_RANDOM && !o->random_swap)
		return SVX_RANDOM_NOSWAP;
	return op;
}

/* Tabulate what runs after the recorded guards when it is pure and reads
 * exactly one slot (the slot's level does not matter: any value is
 * covered). Slot 0 is never read, so v[0] stays 0. */
static void tabulate_rest(brain_svrule_prog *p, uint8_t *table, c2_rng *unused)
{
	p->rest_slot = SVRULE_NOT_SINGLE;
	p->rest_table = NULL;
	p->rest_identity = 0;
	if (!table || p->impure || p->prefix >= p->n)
		return;
	int slot = -1;
	for (unsigned k = p->prefix; k < p->n; k++) {
		const brain_svrule_operand *ops[2] = {&p->insn[k].a, &p->insn[k].b};
		for (int j = 0; j < 2; j++) {
			if (ops[j]->slot == SVS_IMM)
				continue;
			if (slot >= 0 && slot != ops[j]->slot)
				return; /* two slots */
			slot = ops[j]->slot;
		}
	}
	if (slot < 0)
		return; /* constant after the guards: the level analysis folds it */
	uint8_t v[SVS_COUNT] = {0};
	p->rest_identity = 1;
	for (int x = 0; x < SVRULE_TABLE; x++) {
		v[slot] = (uint8_t)x;
		table[x] = brain_svrule_run(p, p->prefix, 0, v, unused);
		p->rest_identity &= table[x] == x;
	}
	p->rest_slot = (uint8_t)slot;
	p->rest_table = table;
}

static void analyse(brain_svrule_prog *p, uint8_t *table, brain_svrule_scope scope)
{
	static const uint8_t zeros[SVS_COUNT];
	p->level = SVL_CONST;
	for (unsigned k = 0; k < p->n; k++) {
		const brain_svrule_insn *in = &p->insn[k];
		const brain_svrule_operand *ops[2] = {&in->a, &in->b};
		for (int j = 0; j < 2; j++) {
			if (ops[j]->slot == SVS_IMM)
				continue;
			p->reads |= 1u << ops[j]->slot;
			brain_svrule_level l = brain_svrule_slot_level((brain_svrule_slot)ops[j]->slot, scope);
			if (l > p->level)
				p->level = (uint8_t)l;
		}
		if (in->op == SVOP_RANDOM || in->op == SVX_RANDOM_NOSWAP)
			p->impure = 1;
	}
	/* Leading VALUE TRUE / VALUE FALSE pairs: independent conditions on
	 * single values, all of which must hold for a non-zero result. */
	bool recording = true;
	for (unsigned k = 0; k + 1 < p->n; k += 2) {
		const brain_svrule_insn *ld = &p->insn[k], *g = &p->insn[k + 1];
		if (ld->op != SVX_LOAD || (g->op != SVOP_TRUE && g->op != SVOP_FALSE))
			break;
		uint8_t nonzero = g->op == SVOP_TRUE;
		if (ld->a.slot == SVS_IMM) {
			if ((ld->a.imm != 0) != nonzero) {
				/* A constant guard that fails: the rule always yields 0,
				 * before anything (even `random`) is evaluated. */
				p->n = 0;
				p->nguard = 0;
				p->reads = 0;
				p->level = SVL_CONST;
				p->impure = 0;
				break;
			}
			continue;
		}
		/* Record a contiguous run of guards from the start, each followed by
		 * a load: what runs after the recorded ones then does not depend on
		 * the accumulator they leave ("chem0 TRUE PLUS 64" does). */
		if (k + 2 >= p->n || p->insn[k + 2].op != SVX_LOAD || p->nguard == SVRULE_MAX_GUARDS ||
		    2u * p->nguard != k)
			recording = false;
		if (recording) {
			p->guard[p->nguard].slot = ld->a.slot;
			p->guard[p->nguard].nonzero = nonzero;
			p->guard[p->nguard].level = (uint8_t)brain_svrule_slot_level((brain_svrule_slot)ld->a.slot, scope);
			p->nguard++;
		}
	}
	p->prefix = (uint8_t)(2 * p->nguard);
	p->rest_level = SVL_CONST;
	for (unsigned k = p->prefix; k < p->n; k++) {
		const brain_svrule_operand *ops[2] = {&p->insn[k].a, &p->insn[k].b};
		for (int j = 0; j < 2; j++) {
			brain_svrule_level l = ops[j]->slot == SVS_IMM ? SVL_CONST
			                 : brain_svrule_slot_level((brain_svrule_slot)ops[j]->slot, scope);
			if (l > p->rest_level)
				p->rest_level = (uint8_t)l;
		}
	}
	c2_rng unused = {{0}}; /* a pure program never draws */
	if (p->level == SVL_CONST && !p->impure)
		p->konst = brain_svrule_exec(p, zeros, &unused);
	p->single = SVRULE_NOT_SINGLE;
	if (p->n == 0 || (p->level == SVL_CONST && !p->impure))
		p->single = SVS_IMM; /* yields konst */
	else if (p->n == 1 && p->insn[0].op == SVX_LOAD)
		p->single = p->insn[0].a.slot;
	tabulate_rest(p, table, &unused);
}

void brain_svrule_compile(brain_svrule_prog *p, uint8_t *table, const uint8_t *rule, brain_svrule_scope scope,
                    uint8_t rnd_const, const brain_options *o)
{
	memset(p, 0, sizeof *p);
	p->empty = rule[0] == SVOP_END;
	uint8_t rnd = o->rnd_const ? 0 : rnd_const;
	unsigned i = 0;
	while (i < GENOME_RULE_LEN) {
		uint8_t op = rule[i++];
		brain_svrule_insn in;
		memset(&in, 0, sizeof in);
		switch (genome_svrule_kind_of(op)) {
		case SVK_END:
			goto done;
		case SVK_VALUE:
		case SVK_INVALID: /* a lone unknown opcode loads 0 */
			in.op = SVX_LOAD;
			in.a = operand_of(op, scope, rnd);
			break;
		case SVK_GUARD:
			in.op = op;
			break;
		case SVK_UNARY:
			in.op = variant(op, o);
			break;
		case SVK_BINARY:
			if (!take(rule, &i, &in.a, scope, rnd, o))
				goto done;
			in.op = variant(op, o);
			break;
		case SVK_TERNARY:
			if (!take(rule, &i, &in.a, scope, rnd, o) || !take(rule, &i, &in.b, scope, rnd, o))
				goto done;
			in.op = variant(op, o);
			break;
		}
		p->insn[p->n++] = in;
	}
done:
	analyse(p, table, scope);
}

int brain_svrule_fold_lobe(const brain_svrule_prog *p, const uint8_t *v, int *acc)
{
	c2_rng unused = {{0}}; /* only steps that draw nothing are run */
	int a = 0;
	unsigned i = 0;
	for (; i < p->n; i++) {
		const brain_svrule_insn *in = &p->insn[i];
		bool lobe_only = true;
		const brain_svrule_operand *ops[2] = {&in->a, &in->b};
		for (int j = 0; j < 2; j++)
			if (ops[j]->slot != SVS_IMM &&
			    brain_svrule_slot_level((brain_svrule_slot)ops[j]->slot, SVRULE_NEURON) > SVL_LOBE)
				lobe_only = false;
		if (!lobe_only)
			break;
		if (in->op == SVOP_RANDOM || in->op == SVX_RANDOM_NOSWAP) {
			int lo = brain_svrule_operand_value(&in->a, v), hi = brain_svrule_operand_value(&in->b, v);
			if (lo == hi || (in->op == SVX_RANDOM_NOSWAP && lo > hi)) {
				a = lo;
				continue;
			}
			break;
		}
		a = brain_svrule_step(in, a, v, &unused);
		if (a < 0)
			return -1;
	}
	*acc = a;
	return (int)i;
}
