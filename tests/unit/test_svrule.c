/* test_svrule.c — the SV-rule compiler and evaluator (reference §3) against
 * an independent oracle, the verified facts, guards and folding, the option
 * table and parser, and corpus coverage of every rule of the real norn. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "brain/options.h"
#include "brain/svrule_vm.h"
#include "genome/svrule.h"
#include "testutil.h"

/* ---- the oracle: §3.1 written out directly, byte codes from §3.2 ---------- */

typedef struct oracle_opts {
	int wrap, div255, noswap, end_stop, rnd_zero;
} oracle_opts;

static int o_value(uint8_t op, const uint8_t *v, int neuron, uint8_t rnd, int rnd_zero)
{
	switch (op) {
	case 1: return 0;
	case 2: return 1;
	case 3: return 64;
	case 4: return 255;
	case 5: return v[SVS_CHEM0];
	case 6: return v[SVS_CHEM0 + 1];
	case 7: return v[SVS_CHEM0 + 2];
	case 8: return v[SVS_CHEM0 + 3];
	case 9: return v[SVS_STATE];
	case 10: return v[SVS_OUTPUT];
	case 11: return v[SVS_THRES];
	case 12: return v[SVS_TYPE0];
	case 13: return v[SVS_TYPE1];
	case 14: return v[SVS_ANDED0];
	case 15: return v[SVS_ANDED1];
	case 16: return neuron ? 0 : v[SVS_INPUT];
	case 17: return 0; /* conduct */
	case 18: return neuron ? 0 : v[SVS_SUSCEPT];
	case 19: return neuron ? 0 : v[SVS_STW];
	case 20: return neuron ? 0 : v[SVS_LTW];
	case 21: return neuron ? 0 : v[SVS_STRENGTH];
	case 22: return 32;
	case 23: return 128;
	case 24: return rnd_zero ? 0 : rnd;
	case 25: return v[SVS_CHEM0 + 4];
	case 26: return v[SVS_CHEM0 + 5];
	case 27: return v[SVS_LEAK_IN];
	case 28: return v[SVS_LEAK_OUT];
	case 29: return neuron ? 0 : v[SVS_SRC_LEAK_IN];
	default: return 0; /* <end>, operators and >= 41 as values */
	}
}

static int o_sat(int x, int wrap)
{
	if (wrap)
		return x & 255;
	return x < 0 ? 0 : x > 255 ? 255 : x;
}

static int oracle(const uint8_t r[12], const uint8_t *v, int neuron, uint8_t rnd,
                  const oracle_opts *o, c2_rng *rng)
{
	int acc = 0, i = 0;
	while (i < 12) {
		uint8_t op = r[i++];
		if (op == 0)
			break;
		if (op <= 29 || op >= 41) {
			acc = o_value(op, v, neuron, rnd, o->rnd_zero);
			continue;
		}
		if (op == 30) {
			if (acc == 0)
				return 0;
			continue;
		}
		if (op == 36) {
			if (acc != 0)
				return 0;
			continue;
		}
		if (op == 34) {
			acc = o_sat(acc + 1, o->wrap);
			continue;
		}
		if (op == 35) {
			acc = o_sat(acc - 1, o->wrap);
			continue;
		}
		int nops = op == 39 || op == 40 ? 2 : 1, x[2] = {0, 0};
		for (int k = 0; k < nops; k++) {
			if (i == 12)
				return acc; /* an operator with no operand left */
			uint8_t b = r[i++];
			if (b == 0 && o->end_stop)
				return acc;
			x[k] = o_value(b, v, neuron, rnd, o->rnd_zero);
		}
		switch (op) {
		case 31: acc = o_sat(acc + x[0], o->wrap); break;
		case 32: acc = o_sat(acc - x[0], o->wrap); break;
		case 33: acc = acc * x[0] / (o->div255 ? 255 : 256); break;
		case 37: acc = o_sat(acc * x[0], o->wrap); break;
		case 38: acc = (acc + x[0]) / 2; break;
		case 39: acc = acc + (x[0] - acc) * x[1] / 256; break;
		case 40:
			if (o->noswap && x[0] > x[1])
				acc = x[0];
			else
				acc = c2_rng_range(rng, x[0], x[1]);
			break;
		}
	}
	return acc;
}

static oracle_opts oracle_of(const brain_options *b)
{
	oracle_opts o = {b->wrap_arithmetic, b->times_divisor == 255, !b->random_swap,
	                 b->end_operand, b->rnd_const};
	return o;
}

static uint8_t run_rule(const char *text, const uint8_t *v, int neuron, const brain_options *o)
{
	uint8_t r[12];
	c2_err err;
	assert_int_equal(genome_svrule_parse(text, r, 12, &err), 0);
	brain_svrule_prog p;
	uint8_t table[SVRULE_TABLE];
	brain_svrule_compile(&p, table, r, neuron ? SVRULE_NEURON : SVRULE_DENDRITE, 77, o);
	c2_rng rng;
	c2_rng_seed(&rng, 1);
	return brain_svrule_exec(&p, v, &rng);
}

/* ---- the compiled VM equals the oracle on random rules ------------------- */

static uint8_t random_op(c2_rng *r)
{
	/* mostly real opcodes, some <end>, some unknown bytes */
	uint32_t k = c2_rng_below(r, 100);
	if (k < 8)
		return 0;
	if (k < 14)
		return (uint8_t)(41 + c2_rng_below(r, 215));
	return (uint8_t)c2_rng_below(r, 41);
}

static void test_vm_matches_oracle(void **state)
{
	(void)state;
	c2_rng gen;
	c2_rng_seed(&gen, 2024);
	for (int n = 0; n < 200000; n++) {
		uint8_t r[12];
		for (int i = 0; i < 12; i++)
			r[i] = random_op(&gen);
		uint8_t v[SVS_COUNT];
		for (int s = 0; s < SVS_COUNT; s++) {
			/* small values and extremes, so guards and saturation both fire */
			uint32_t k = c2_rng_below(&gen, 4);
			v[s] = k == 0 ? 0 : k == 1 ? 255 : (uint8_t)c2_rng_below(&gen, 256);
		}
		brain_options o;
		c2_options_default(&brain_option_tab, &o);
		if (n % 3 == 1) {
			o.wrap_arithmetic = 1;
			o.times_divisor = 255;
			o.random_swap = 0;
		}
		if (n % 5 == 2) {
			o.end_operand = 1;
			o.rnd_const = 1;
		}
		int neuron = n % 4 == 3;
		uint8_t rnd = (uint8_t)c2_rng_below(&gen, 256);
		brain_svrule_prog p;
		uint8_t table[SVRULE_TABLE];
		brain_svrule_compile(&p, table, r, neuron ? SVRULE_NEURON : SVRULE_DENDRITE, rnd, &o);
		uint64_t seed = c2_rng_next(&gen);
		c2_rng a, b;
		c2_rng_seed(&a, seed);
		c2_rng_seed(&b, seed);
		oracle_opts oo = oracle_of(&o);
		int want = oracle(r, v, neuron, rnd, &oo, &a);
		int got = brain_svrule_exec(&p, v, &b);
		if (want != got) {
			char text[256];
			fail_msg("rule [%s] (case %d): oracle %d, VM %d",
			         genome_svrule_disasm(r, 12, text, sizeof text), n, want, got);
		}
		/* both drew the same numbers */
		assert_memory_equal(&a, &b, sizeof a);

		/* a pure rule reads only what it says it reads, and constant rules
		 * are folded correctly */
		if (!p.impure) {
			uint8_t w[SVS_COUNT];
			for (int s = 0; s < SVS_COUNT; s++)
				w[s] = (p.reads >> s) & 1 ? v[s] : (uint8_t)(v[s] ^ 0x5a);
			c2_rng c;
			c2_rng_seed(&c, 1);
			assert_int_equal(brain_svrule_exec(&p, w, &c), got);
			if (p.level == SVL_CONST)
				assert_int_equal(p.konst, got);
		}
		/* the recorded guards are necessary conditions, and running after
		 * them gives the same result when they hold */
		bool hold = true;
		for (unsigned g = 0; g < p.nguard; g++)
			hold &= (v[p.guard[g].slot] != 0) == p.guard[g].nonzero;
		char text[256];
		if (!hold && got != 0)
			fail_msg("rule [%s]: a recorded guard fails but the result is %d",
			         genome_svrule_disasm(r, 12, text, sizeof text), got);
		if (hold && !p.impure) {
			c2_rng c;
			c2_rng_seed(&c, 1);
			assert_int_equal(brain_svrule_exec_unguarded(&p, v, &c), got);
		}
		/* lobe-level folding then running the rest gives the same result */
		int acc0;
		int start = brain_svrule_fold_lobe(&p, v, &acc0);
		c2_rng c;
		c2_rng_seed(&c, seed);
		int folded = start < 0 ? 0 : brain_svrule_run(&p, (unsigned)start, acc0, v, &c);
		assert_int_equal(folded, got);
		/* single-load programs are what they say */
		if (p.single != SVRULE_NOT_SINGLE && p.single != SVS_IMM)
			assert_int_equal(v[p.single], got);
	}
}

/* ---- verified facts and edge cases (§3.1, §3.2) --------------------------- */

static void test_move_twrds_verified(void **state)
{
	(void)state;
	/* The export's decision susceptibilities are successive results of
	 * move-twrds 255 64 from 0: 63, 111, (147), 174, 194, (209), 220, 228,
	 * (234), 239, 243. */
	const int seq[] = {0, 63, 111, 147, 174, 194, 209, 220, 228, 234, 239, 243};
	brain_options o;
	c2_options_default(&brain_option_tab, &o);
	uint8_t v[SVS_COUNT] = {0};
	v[SVS_INPUT] = 9;
	v[SVS_OUTPUT] = 30;
	for (size_t k = 0; k + 1 < sizeof seq / sizeof seq[0]; k++) {
		v[SVS_SUSCEPT] = (uint8_t)seq[k];
		assert_int_equal(run_rule("input TRUE output TRUE suscept move-twrds 255 64", v, 0, &o),
		                 seq[k + 1]);
	}
	/* moving down truncates toward acc, too: 255 -> 0 at 64 gives 192 */
	v[SVS_SUSCEPT] = 255;
	assert_int_equal(run_rule("suscept move-twrds 0 64", v, 0, &o), 192);
}

static void test_edges(void **state)
{
	(void)state;
	brain_options o;
	c2_options_default(&brain_option_tab, &o);
	uint8_t v[SVS_COUNT] = {0};
	v[SVS_STATE] = 200;
	v[SVS_TYPE0] = 100;
	v[SVS_TYPE1] = 250;
	/* saturation both ends (Q3), and wrap when asked */
	assert_int_equal(run_rule("state PLUS type0", v, 1, &o), 255);
	assert_int_equal(run_rule("state PLUS type0 MINUS type1", v, 1, &o), 5);
	assert_int_equal(run_rule("type0 MINUS type1", v, 1, &o), 0);
	brain_options w = o;
	w.wrap_arithmetic = 1;
	assert_int_equal(run_rule("state PLUS type0", v, 1, &w), 44);
	assert_int_equal(run_rule("type0 MINUS type1", v, 1, &w), 106);
	/* TIMES is /256 (Q4), /255 when asked */
	assert_int_equal(run_rule("255 TIMES 255", v, 1, &o), 254);
	brain_options d = o;
	d.times_divisor = 255;
	assert_int_equal(run_rule("255 TIMES 255", v, 1, &d), 255);
	/* an operator with no operand left returns the accumulator */
	assert_int_equal(run_rule("9 9 9 9 9 9 9 9 9 9 9 31", v, 1, &o), 200);
	assert_int_equal(run_rule("9 9 9 9 9 9 9 9 9 9 39 4", v, 1, &o), 200);
	/* <end> as an operand reads 0 and evaluation goes on; or stops */
	assert_int_equal(run_rule("9 33 0 4", v, 1, &o), 255);
	brain_options e = o;
	e.end_operand = 1;
	assert_int_equal(run_rule("9 33 0 4", v, 1, &e), 200);
	/* operators and unknown bytes as operands read 0; a lone unknown loads 0 */
	assert_int_equal(run_rule("state PLUS PLUS", v, 1, &o), 200);
	assert_int_equal(run_rule("state <41>", v, 1, &o), 0);
	assert_int_equal(run_rule("state <200>", v, 1, &o), 0);
	assert_int_equal(run_rule("state PLUS <250>", v, 1, &o), 200);
	/* dendrite values read 0 in neuron rules */
	v[SVS_STW] = 50;
	assert_int_equal(run_rule("STW", v, 1, &o), 0);
	assert_int_equal(run_rule("STW", v, 0, &o), 50);
	/* random: fixed value when lo == hi; inclusive range with either order */
	assert_int_equal(run_rule("random 64 64", v, 1, &o), 64);
	uint8_t r[12];
	c2_err err;
	assert_int_equal(genome_svrule_parse("random 255 0", r, 12, &err), 0);
	brain_svrule_prog p;
	uint8_t table[SVRULE_TABLE];
	brain_svrule_compile(&p, table, r, SVRULE_NEURON, 0, &o);
	assert_true(p.impure);
	bool seen[256] = {false};
	c2_rng rng;
	c2_rng_seed(&rng, 3);
	for (int k = 0; k < 20000; k++)
		seen[brain_svrule_exec(&p, v, &rng)] = true;
	for (int k = 0; k < 256; k++)
		assert_true(seen[k]);
	brain_options ns = o;
	ns.random_swap = 0;
	assert_int_equal(run_rule("random 255 0", v, 1, &ns), 255);
	/* rnd-const is the compiled constant, or 0 (openc2e) */
	assert_int_equal(run_rule("rnd-const", v, 1, &o), 77);
	brain_options z = o;
	z.rnd_const = 1;
	assert_int_equal(run_rule("rnd-const", v, 1, &z), 0);
}

static void test_compile_analysis(void **state)
{
	(void)state;
	brain_options o;
	c2_options_default(&brain_option_tab, &o);
	uint8_t r[12];
	c2_err err;
	brain_svrule_prog p;
	uint8_t table[SVRULE_TABLE];
	/* the decision susceptibility rule: guards input (dendrite) and output
	 * (neuron); the rest runs from instruction 4 */
	assert_int_equal(genome_svrule_parse("16 30 10 30 18 39 4 3", r, 12, &err), 0);
	brain_svrule_compile(&p, table, r, SVRULE_DENDRITE, 0, &o);
	assert_int_equal(p.nguard, 2);
	assert_int_equal(p.guard[0].slot, SVS_INPUT);
	assert_int_equal(p.guard[0].level, SVL_DENDRITE);
	assert_int_equal(p.guard[1].slot, SVS_OUTPUT);
	assert_int_equal(p.guard[1].level, SVL_NEURON);
	assert_int_equal(p.prefix, 4);
	assert_int_equal(p.level, SVL_DENDRITE);
	/* chem2 TRUE 1: a lobe-level rule */
	assert_int_equal(genome_svrule_parse("chem2 TRUE 1", r, 12, &err), 0);
	brain_svrule_compile(&p, table, r, SVRULE_DENDRITE, 0, &o);
	assert_int_equal(p.level, SVL_LOBE);
	assert_int_equal(p.nguard, 1);
	/* a guard that ends the rule is not recorded (its value is the result) */
	assert_int_equal(genome_svrule_parse("chem2 TRUE", r, 12, &err), 0);
	brain_svrule_compile(&p, table, r, SVRULE_DENDRITE, 0, &o);
	assert_int_equal(p.nguard, 0);
	/* a failing constant guard folds the rule to 0, even with random after */
	assert_int_equal(genome_svrule_parse("0 TRUE random 0 255", r, 12, &err), 0);
	brain_svrule_compile(&p, table, r, SVRULE_DENDRITE, 0, &o);
	assert_int_equal(p.n, 0);
	assert_false(p.impure);
	/* constants fold; single loads are recognised */
	assert_int_equal(genome_svrule_parse("64 PLUS 32 TIMES 128", r, 12, &err), 0);
	brain_svrule_compile(&p, table, r, SVRULE_DENDRITE, 0, &o);
	assert_int_equal(p.level, SVL_CONST);
	assert_int_equal(p.konst, 48);
	assert_int_equal(p.single, SVS_IMM);
	assert_int_equal(genome_svrule_parse("anded0", r, 12, &err), 0);
	brain_svrule_compile(&p, table, r, SVRULE_NEURON, 0, &o);
	assert_int_equal(p.single, SVS_ANDED0);
	/* the table's value column drives every load */
	for (int op = 0; op < SVOP_COUNT; op++) {
		if (genome_svrule_ops[op].kind != SVK_VALUE)
			continue;
		memset(r, 0, sizeof r);
		r[0] = (uint8_t)op;
		brain_svrule_compile(&p, table, r, SVRULE_DENDRITE, 9, &o);
		assert_int_equal(p.n, 1);
		if (genome_svrule_ops[op].value == SVV_CONST)
			assert_int_equal(p.single, SVS_IMM);
		else if (genome_svrule_ops[op].value == SVV_RND_CONST)
			assert_int_equal(p.konst, 9);
		else
			assert_int_not_equal(p.single, SVS_IMM);
	}
	/* slot names round-trip */
	for (int s = 1; s < SVS_COUNT; s++) {
		const char *n = brain_svrule_slot_name((brain_svrule_slot)s);
		assert_non_null(n);
		assert_int_equal(brain_svrule_slot_by_name(n, strlen(n)), s);
	}
	assert_int_equal(brain_svrule_slot_by_name("nope", 4), -1);
}

/* ---- options (§9) --------------------------------------------------------- */

static void test_options(void **state)
{
	(void)state;
	brain_options o;
	c2_options_default(&brain_option_tab, &o);
	c2_err err;
	assert_int_equal(o.wrap_arithmetic, 0);
	assert_int_equal(o.times_divisor, 256);
	assert_int_equal(o.random_swap, 1);
	assert_int_equal(c2_option_set(&brain_option_tab, &o, "wrap_arithmetic", 1, &err), 0);
	assert_int_equal(o.wrap_arithmetic, 1);
	assert_int_not_equal(c2_option_set(&brain_option_tab, &o, "wrap_arithmetic", 2, &err), 0);
	assert_int_equal(o.wrap_arithmetic, 1);
	assert_int_not_equal(c2_option_set(&brain_option_tab, &o, "no_such_option", 1, &err), 0);
	assert_int_equal(c2_option_parse(&brain_option_tab, &o, "input_weight=strength", &err), 0);
	assert_int_equal(o.input_weight, 1);
	assert_int_equal(c2_option_parse(&brain_option_tab, &o, "input_weight=0", &err), 0);
	assert_int_equal(o.input_weight, 0);
	assert_int_equal(c2_option_parse(&brain_option_tab, &o, "times_divisor=255", &err), 0);
	assert_int_not_equal(c2_option_parse(&brain_option_tab, &o, "times_divisor=254", &err), 0);
	assert_int_not_equal(c2_option_parse(&brain_option_tab, &o, "loose_count=bogus", &err), 0);
	assert_int_not_equal(c2_option_parse(&brain_option_tab, &o, "loose_count", &err), 0);
	assert_int_not_equal(c2_option_parse(&brain_option_tab, &o, "=1", &err), 0);
	assert_int_equal(c2_option_parse(&brain_option_tab, &o, "loose_count=cells", &err), 0);
	assert_int_equal(o.loose_count, 2);
	/* every table entry: default within range, value names resolve */
	for (size_t k = 0; k < brain_option_tab.n; k++) {
		const c2_option *info = &brain_option_tab.v[k];
		assert_true(info->def >= info->min && info->def <= info->max);
		assert_ptr_equal(c2_option_find(&brain_option_tab, info->name, strlen(info->name)), info);
		brain_options d;
		c2_options_default(&brain_option_tab, &d);
		assert_int_equal(c2_option_get(info, &d), info->def);
		char buf[32], text[96];
		for (int v = info->min; v <= info->max && info->values; v++) {
			const char *n = c2_option_value_name(info, v, buf, sizeof buf);
			assert_non_null(n);
			snprintf(text, sizeof text, "%s=%s", info->name, n);
			assert_int_equal(c2_option_parse(&brain_option_tab, &d, text, &err), 0);
			assert_int_equal(c2_option_get(info, &d), v);
		}
	}
	assert_int_equal(c2_options_check(&brain_option_tab, &o, &err), 0);
	o.lobe_order = 7;
	assert_int_not_equal(c2_options_check(&brain_option_tab, &o, &err), 0);
}

/* ---- the corpus covers every rule of the real norn (§3.4) ------------------ */

static void test_corpus_covers_norn(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	TEST_LOAD_NORN(&g);
	FILE *f = fopen("tests/svrule/corpus.tsv", "r");
	assert_non_null(f);
	/* rules of the corpus, with how many cases each has */
	static uint8_t rules[2048][12];
	static int cases[2048];
	int nrules = 0;
	char line[1024];
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab = '\0';
		uint8_t r[12];
		c2_err err;
		if (genome_svrule_parse(line, r, 12, &err))
			continue;
		int k = 0;
		while (k < nrules && memcmp(rules[k], r, 12))
			k++;
		if (k == nrules && nrules < 2048)
			memcpy(rules[nrules++], r, 12);
		cases[k]++;
	}
	fclose(f);
	const genome_lobe_gene *lobes[64];
	size_t n = genome_lobe_list(&g, 0, lobes, NULL, 64);
	int distinct = 0;
	for (size_t l = 0; l < n; l++) {
		const uint8_t *list[13];
		int m = 0;
		list[m++] = lobes[l]->state_rule;
		for (int t = 0; t < 2; t++) {
			const genome_dendrite_gene *dg = &lobes[l]->dendrite[t];
			list[m++] = dg->strength_gain_rule;
			list[m++] = dg->strength_loss_rule;
			list[m++] = dg->suscept_rule;
			list[m++] = dg->reinforce_rule;
			list[m++] = dg->backprop_rule;
			list[m++] = dg->fwdprop_rule;
		}
		for (int j = 0; j < m; j++) {
			if (list[j][0] == 0)
				continue; /* empty rules yield 0 */
			int k = 0;
			while (k < nrules && memcmp(rules[k], list[j], 12))
				k++;
			char text[256];
			if (k == nrules || cases[k] < 3)
				fail_msg("norn rule [%s] (lobe %zu) has fewer than 3 corpus cases",
				         genome_svrule_disasm(list[j], 12, text, sizeof text), l);
			distinct++;
		}
	}
	assert_true(distinct >= 13);
	genome_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vm_matches_oracle),
		cmocka_unit_test(test_move_twrds_verified),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_compile_analysis),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_corpus_covers_norn),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
