/* cmd_svrule.c — `c2rt svrule disasm|asm|eval|check`: SV-rules by hand and
 * the corpus checker that pins their semantics (reference §3).
 *
 * The value options of `eval` and the input names of a corpus are the
 * evaluator's slot names (brain/svrule_vm.h), so both follow the VM. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/near.h"
#include "base/words.h"
#include "brain/svrule_vm.h"
#include "cli/brain_opts.h"
#include "cli/cli.h"
#include "genome/svrule.h"

/* One evaluation: a rule and everything it may read. */
typedef struct sv_case {
	uint8_t rule[GENOME_RULE_LEN];
	uint8_t v[SVS_COUNT];
	brain_svrule_scope scope;
	uint64_t seed;
	int rnd; /* -1: drawn from the seed, as at brain construction */
	brain_options opts;
} sv_case;

static void case_init(sv_case *c)
{
	memset(c, 0, sizeof *c);
	c->scope = SVRULE_DENDRITE;
	c->seed = 1;
	c->rnd = -1;
	c2_options_default(&brain_option_tab, &c->opts);
}

static uint8_t eval_case(const sv_case *c, uint64_t seed)
{
	c2_rng rng;
	c2_rng_seed(&rng, seed);
	uint8_t rnd = c->rnd >= 0 ? (uint8_t)c->rnd : (uint8_t)c2_rng_below(&rng, 256);
	brain_svrule_prog p;
	uint8_t table[SVRULE_TABLE];
	brain_svrule_compile(&p, table, c->rule, c->scope, rnd, &c->opts);
	return brain_svrule_exec(&p, c->v, &rng);
}

/* Join argv[0..n) with spaces into buf. */
static const char *join(const char **args, int n, char *buf, size_t cap)
{
	size_t pos = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && pos < cap; i++) {
		int w = snprintf(buf + pos, cap - pos, "%s%s", i ? " " : "", args[i]);
		if (w < 0)
			break;
		pos += (size_t)w;
	}
	return buf;
}

/* ---- reading a rule ----------------------------------------------------------- */

/* The opcode nearest to the unknown name `tok` (loosely: without case, as
 * names are read), or NULL. */
static const char *nearest_op(const char *tok, size_t len)
{
	c2_near q;
	c2_near_init(&q, tok, len, true);
	for (int op = 0; op < SVOP_COUNT; op++)
		if (genome_svrule_ops[op].kind != SVK_INVALID)
			c2_near_add(&q, genome_svrule_ops[op].name);
	return c2_near_best(&q);
}

/* Parse `text` (names, or byte values unless names_only) into rule, as
 * command `cmd` (its RULE argument called `what`): CLI_OK, or CLI_BAD after
 * saying which token is wrong, with the nearest opcode name when there is
 * one. A rule that holds an invalid opcode is read (genomes hold them: the
 * brain evaluates one as the value 0), and the command says so. */
static int read_rule(const char *cmd, const char *what, const char *text, bool names_only,
                     uint8_t *rule)
{
	c2_err err;
	int bad = names_only ? genome_svrule_asm(text, rule, GENOME_RULE_LEN, &err)
	                     : genome_svrule_parse(text, rule, GENOME_RULE_LEN, &err);
	if (bad) {
		size_t at = 0, tl = 0, n = strlen(text);
		const char *t = NULL;
		for (long k = 0; k <= err.offset && c2_next_word(text, n, &at, &t, &tl); k++)
			;
		bool unknown = t && strstr(err.msg, "unknown SV-rule opcode");
		if (unknown && strspn(t, "0123456789") >= tl)
			return cli_fail(CLI_BAD, cmd, "%stoken %ld: %s (among names, byte %.*s is written "
			                "<%.*s>)", what, err.offset + 1, err.msg, (int)tl, t, (int)tl, t);
		const char *best = unknown ? nearest_op(t, tl) : NULL;
		if (best)
			return cli_fail(CLI_BAD, cmd, "%stoken %ld: %s (did you mean '%s'? 'c2rt svrule ops' "
			                "lists them)", what, err.offset + 1, err.msg, best);
		return cli_fail(CLI_BAD, cmd, "%stoken %ld: %s%s", what, err.offset + 1, err.msg,
		                strstr(err.msg, "unknown SV-rule opcode") ? " ('c2rt svrule ops' lists them)"
		                                                          : "");
	}
	for (size_t i = 0; i < GENOME_RULE_LEN; i++)
		if (genome_svrule_kind_of(rule[i]) == SVK_INVALID)
			cli_msg(stderr, cmd, "%stoken %zu: %u is not an SV-rule opcode (0..%d are): it "
			        "evaluates as the value 0", what, i + 1, rule[i], SVOP_ERROR - 1);
	return CLI_OK;
}

/* ---- disasm / asm ------------------------------------------------------------ */

static const cli_opt no_opts[] = {{0}};

static bool disasm_explain, ops_markdown;
static const cli_opt disasm_opts[] = {
	{"explain", OPT_FLAG, &disasm_explain, NULL,
	 "one opcode per line with its operands and what it does", 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_svrule_disasm_spec = {
	"svrule disasm", "BYTE... | \"BYTE ...\"",
	"print an SV-rule given as byte values (or names) as opcode names", NULL, disasm_opts, 1, 12,
	OPT_STR, NULL,
};

static const cli_opt ops_opts[] = {
	{"markdown", OPT_FLAG, &ops_markdown, NULL, "as a Markdown table (the one in docs/commands/svrule.md)", 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_svrule_ops_spec = {
	"svrule ops", "", "list the SV-rule opcodes: byte, name, kind and what each does",
	"The opcode table of the evaluator itself (genome/svrule.h), so this list,\n"
	"'disasm --explain' and docs/commands/svrule.md's table cannot disagree with it.",
	ops_opts, 0, 0, OPT_STR, NULL,
};

static const char *const kind_names[] = {
	[SVK_END] = "end", [SVK_VALUE] = "value", [SVK_GUARD] = "guard", [SVK_UNARY] = "unary",
	[SVK_BINARY] = "binary", [SVK_TERNARY] = "ternary", [SVK_INVALID] = "invalid",
};

/* What byte `op` does: the synopsis column of the opcode table. */
static const char *synopsis(uint8_t op)
{
	return op < SVOP_COUNT ? genome_svrule_ops[op].synopsis : "unknown opcode: evaluates as value 0";
}

int cli_cmd_svrule_ops(int argc, char **argv)
{
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_svrule_ops_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if (ops_markdown)
		printf("| byte | name | kind | what it does |\n|---:|---|---|---|\n");
	for (int op = 0; op < SVOP_COUNT; op++) {
		const genome_svrule_opinfo *o = &genome_svrule_ops[op];
		if (ops_markdown)
			printf("| %d | `%s` | %s | %s |\n", op, o->name, kind_names[o->kind], o->synopsis);
		else
			printf("%3d  %-18s %-8s %s\n", op, o->name, kind_names[o->kind], o->synopsis);
	}
	return CLI_OK;
}

/* --explain: each opcode on its own line, with the synopsis of the opcode
 * table; an operator's operands follow it, indented. */
static void explain(const uint8_t *rule, size_t len)
{
	size_t end = len;
	while (end > 0 && rule[end - 1] == 0)
		end--;
	int operands = 0;
	for (size_t i = 0; i < (end ? end : 1); i++) {
		char name[8], left[32];
		uint8_t op = rule[i];
		const char *what = synopsis(op);
		if (operands) {
			/* An operand is read, not loaded: "acc = 64" reads as "64". */
			if (!strncmp(what, "acc = ", 6))
				what += 6;
			snprintf(left, sizeof left, "  %s", genome_svrule_op_name(op, name, sizeof name));
			operands--;
		} else {
			snprintf(left, sizeof left, "%s", genome_svrule_op_name(op, name, sizeof name));
			operands = genome_svrule_kind_of(op) == SVK_BINARY ? 1 : genome_svrule_kind_of(op) == SVK_TERNARY ? 2 : 0;
		}
		printf("%2zu  %3u  %-20s %s\n", i, op, left, what);
	}
}

const cli_spec cli_cmd_svrule_asm_spec = {
	"svrule asm", "\"NAME ...\"", "print the 12 bytes of an SV-rule given as opcode names",
	"Names are those of 'c2rt svrule disasm' (case-insensitive); <N> is byte N.", no_opts, 1,
	12, OPT_STR, NULL,
};

int cli_cmd_svrule_disasm(int argc, char **argv)
{
	const char *pos[12];
	int npos;
	int rc = cli_parse(&cli_cmd_svrule_disasm_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	char text[512], out[512];
	uint8_t rule[GENOME_RULE_LEN];
	if (read_rule("svrule disasm", "", join(pos, npos, text, sizeof text), false, rule))
		return CLI_BAD;
	if (disasm_explain)
		explain(rule, sizeof rule);
	else
		printf("%s\n", genome_svrule_disasm(rule, sizeof rule, out, sizeof out));
	return CLI_OK;
}

int cli_cmd_svrule_asm(int argc, char **argv)
{
	const char *pos[12];
	int npos;
	int rc = cli_parse(&cli_cmd_svrule_asm_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	char text[512];
	uint8_t rule[GENOME_RULE_LEN];
	if (read_rule("svrule asm", "", join(pos, npos, text, sizeof text), true, rule))
		return CLI_BAD;
	for (size_t i = 0; i < sizeof rule; i++)
		printf("%s%u", i ? " " : "", rule[i]);
	putchar('\n');
	return CLI_OK;
}

/* ---- eval ---------------------------------------------------------------------- */

static long eval_vals[SVS_COUNT];
static uint64_t eval_seed;
static long eval_rnd;
static bool eval_neuron;
static brain_options eval_opts;
static cli_opt eval_opts_table[SVS_COUNT + 5];
static char eval_help[SVS_COUNT][48];

const cli_spec cli_cmd_svrule_eval_spec = {
	"svrule eval", "RULE",
	"evaluate one SV-rule and print its result (0..255)",
	"RULE is one argument: opcode names (\"state PLUS type0\") or up to 12 byte\n"
	"values (\"9 31 12\"). Values not given are 0. The rule is evaluated as a\n"
	"dendrite rule unless --neuron is given.",
	eval_opts_table, 1, 1, OPT_STR, NULL,
};

/* The options of eval: one per value a rule reads, named from the VM's
 * slot table, then the rest. Filled before main() runs, so the help, the
 * man page and the completion see the whole table. */
__attribute__((constructor)) static void eval_fill(void)
{
	int k = 0;
	for (int s = 1; s < SVS_COUNT; s++) {
		snprintf(eval_help[s], sizeof eval_help[s], "value of '%s' (default 0)",
		         brain_svrule_slot_name((brain_svrule_slot)s));
		cli_opt o = {brain_svrule_slot_name((brain_svrule_slot)s), OPT_INT, &eval_vals[s], "N", eval_help[s],
		             0, 255, NULL};
		eval_opts_table[k++] = o;
	}
	cli_opt rest[] = {
		{"rnd", OPT_INT, &eval_rnd, "N", "the rule's rnd-const (default: drawn from the seed)",
		 0, 255, NULL},
		{"seed", OPT_U64, &eval_seed, "S", "seed of the random stream (default 1)", 0, -1, NULL},
		{"neuron", OPT_FLAG, &eval_neuron, NULL,
		 "evaluate as a neuron (state) rule: dendrite values read 0", 0, -1, NULL},
		{"opt", OPT_CALL, &eval_opts, "NAME=VALUE", CLI_BRAIN_OPT_HELP, 0, -1, cli_brain_opt},
	};
	for (size_t i = 0; i < sizeof rest / sizeof rest[0]; i++)
		eval_opts_table[k++] = rest[i];
	memset(&eval_opts_table[k], 0, sizeof eval_opts_table[k]);
}

int cli_cmd_svrule_eval(int argc, char **argv)
{
	memset(eval_vals, 0, sizeof eval_vals);
	eval_seed = 1;
	eval_rnd = -1;
	eval_neuron = false;
	c2_options_default(&brain_option_tab, &eval_opts);
	const cli_spec *spec = &cli_cmd_svrule_eval_spec;
	const char *pos[1];
	int npos;
	int rc = cli_parse(spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	sv_case c;
	case_init(&c);
	if (read_rule("svrule eval", "RULE ", pos[0], false, c.rule))
		return CLI_BAD;
	for (int s = 1; s < SVS_COUNT; s++)
		c.v[s] = (uint8_t)eval_vals[s];
	c.scope = eval_neuron ? SVRULE_NEURON : SVRULE_DENDRITE;
	c.seed = eval_seed;
	c.rnd = (int)eval_rnd;
	c.opts = eval_opts;
	printf("%u\n", eval_case(&c, c.seed));
	return CLI_OK;
}

/* ---- check -------------------------------------------------------------------- */

/* Seeds tried by an `every LO..HI` expectation. */
#define EVERY_SEEDS 4096u
/* A corpus is text written by people: 64 MiB is far beyond any. */
#define CORPUS_MAX (64u << 20)

typedef struct expect {
	int lo, hi;
	bool every;
} expect;

static bool parse_byte(const char *s, size_t n, int *out)
{
	if (n == 0 || n > 3)
		return false;
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (s[i] - '0');
	}
	if (v > 255)
		return false;
	*out = v;
	return true;
}

static bool parse_expect(const char *s, expect *e)
{
	while (*s == ' ')
		s++;
	e->every = strncmp(s, "every ", 6) == 0;
	if (e->every)
		s += 6;
	size_t n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	const char *dots = strstr(s, "..");
	if (dots && (size_t)(dots - s) < n)
		return parse_byte(s, (size_t)(dots - s), &e->lo) &&
		       parse_byte(dots + 2, n - (size_t)(dots - s) - 2, &e->hi) && e->lo <= e->hi;
	if (e->every)
		return false;
	if (!parse_byte(s, n, &e->lo))
		return false;
	e->hi = e->lo;
	return true;
}

/* Apply "NAME=VALUE ..." (or "-") to a case; on error write why. */
static bool parse_inputs(char *s, sv_case *c, char *why, size_t cap)
{
	for (char *tok = strtok(s, " "); tok; tok = strtok(NULL, " ")) {
		if (strcmp(tok, "-") == 0)
			continue;
		char *eq = strchr(tok, '=');
		if (!eq) {
			snprintf(why, cap, "input '%s' is not NAME=VALUE", tok);
			return false;
		}
		size_t nl = (size_t)(eq - tok);
		const char *val = eq + 1;
		int s_ = brain_svrule_slot_by_name(tok, nl);
		int b;
		if (s_ > 0) {
			if (!parse_byte(val, strlen(val), &b)) {
				snprintf(why, cap, "'%s': value is not 0..255", tok);
				return false;
			}
			c->v[s_] = (uint8_t)b;
		} else if (nl == 3 && strncmp(tok, "rnd", 3) == 0) {
			if (!parse_byte(val, strlen(val), &b)) {
				snprintf(why, cap, "'%s': value is not 0..255", tok);
				return false;
			}
			c->rnd = b;
		} else if (nl == 4 && strncmp(tok, "seed", 4) == 0) {
			char *end;
			errno = 0;
			unsigned long long sd = strtoull(val, &end, 10);
			if (errno || *end || !*val) {
				snprintf(why, cap, "'%s': bad seed", tok);
				return false;
			}
			c->seed = sd;
		} else if (nl == 5 && strncmp(tok, "scope", 5) == 0) {
			if (strcmp(val, "neuron") == 0)
				c->scope = SVRULE_NEURON;
			else if (strcmp(val, "dendrite") == 0)
				c->scope = SVRULE_DENDRITE;
			else {
				snprintf(why, cap, "scope must be neuron or dendrite");
				return false;
			}
		} else {
			c2_err err;
			if (!c2_option_find(&brain_option_tab, tok, nl)) {
				snprintf(why, cap, "unknown input '%.*s' (a value name as in 'svrule eval', "
				         "rnd, seed, scope, or a brain option)", (int)nl, tok);
				return false;
			}
			if (c2_option_parse(&brain_option_tab, &c->opts, tok, &err)) {
				snprintf(why, cap, "%s", err.msg);
				return false;
			}
		}
	}
	return true;
}

const cli_spec cli_cmd_svrule_check_spec = {
	"svrule check", "CORPUS.tsv",
	"evaluate every case of a corpus and report each mismatch as FILE:LINE",
	"Each non-blank line not starting with '#' is RULE<TAB>INPUTS<TAB>EXPECTED\n"
	"[<TAB>comment]. INPUTS: '-' or space-separated NAME=VALUE: the value names of\n"
	"'svrule eval' (state, type0, chem5, leakin ...), rnd=N, seed=S,\n"
	"scope=neuron|dendrite, or a brain option (wrap_arithmetic=1). EXPECTED: N;\n"
	"LO..HI (the result lies in the range); or 'every LO..HI' (over seeds\n"
	"1..4096 the results are exactly the values LO..HI). Exit 2 on any mismatch.",
	no_opts, 1, 1, OPT_IN, NULL,
};

/* 'every LO..HI': over seeds 1..EVERY_SEEDS the results of case c are
 * exactly the values LO..HI. False (reported as FILE:LINE) when one falls
 * outside or one never occurs. */
static bool check_every(const char *path, long lineno, char *const field[], const sv_case *c,
                        const expect *e)
{
	bool seen[256] = {false};
	int outside = -1;
	for (uint64_t s = 1; s <= EVERY_SEEDS; s++) {
		int got = eval_case(c, s);
		seen[got] = true;
		if ((got < e->lo || got > e->hi) && outside < 0)
			outside = got;
	}
	int missing = -1;
	for (int v = e->lo; v <= e->hi && missing < 0; v++)
		if (!seen[v])
			missing = v;
	if (outside >= 0)
		cli_line(stdout, "%s:%ld: %s [%s]: got %d, expected every %d..%d", path, lineno,
		         field[0], field[1], outside, e->lo, e->hi);
	else if (missing >= 0)
		cli_line(stdout, "%s:%ld: %s [%s]: %d never occurred in %u seeds, expected every %d..%d",
		         path, lineno, field[0], field[1], missing, EVERY_SEEDS, e->lo, e->hi);
	return outside < 0 && missing < 0;
}

/* One case of the corpus, its line split at tabs into nf fields: RULE,
 * INPUTS, EXPECTED. False (reported as FILE:LINE) when it is malformed or
 * its result is not the expected one. */
static bool check_case(const char *path, long lineno, char *const field[], int nf)
{
	if (nf < 3) {
		cli_line(stdout, "%s:%ld: expected RULE<TAB>INPUTS<TAB>EXPECTED", path, lineno);
		return false;
	}
	sv_case c;
	case_init(&c);
	c2_err err;
	char why[200];
	expect e;
	char inputs[512];
	snprintf(inputs, sizeof inputs, "%s", field[1]);
	if (genome_svrule_parse(field[0], c.rule, sizeof c.rule, &err)) {
		cli_line(stdout, "%s:%ld: rule: %s", path, lineno, err.msg);
		return false;
	}
	if (!parse_inputs(inputs, &c, why, sizeof why)) {
		cli_line(stdout, "%s:%ld: inputs: %s", path, lineno, why);
		return false;
	}
	if (!parse_expect(field[2], &e)) {
		cli_line(stdout, "%s:%ld: expected value '%s' is not N, LO..HI or 'every LO..HI'", path,
		         lineno, field[2]);
		return false;
	}
	if (e.every)
		return check_every(path, lineno, field, &c, &e);
	int got = eval_case(&c, c.seed);
	if (got < e.lo || got > e.hi) {
		cli_line(stdout, "%s:%ld: %s [%s]: got %d, expected %s", path, lineno, field[0],
		         field[1], got, field[2]);
		return false;
	}
	return true;
}

int cli_cmd_svrule_check(int argc, char **argv)
{
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_svrule_check_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	const char *path = pos[0];
	uint8_t *text;
	size_t len;
	c2_err rerr;
	if (c2_read_file(path, CORPUS_MAX, &text, &len, &rerr) != 0)
		return cli_report(path, &rerr);
	char line[1024];
	long lineno = 0, cases = 0, bad = 0;
	for (size_t at = 0; at < len;) {
		lineno++;
		const uint8_t *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
		const uint8_t *start = text + at;
		at += n + (nl != NULL);
		if (n >= sizeof line) {
			cli_line(stdout, "%s:%ld: line longer than %zu bytes", path, lineno, sizeof line - 1);
			cases++;
			bad++;
			continue;
		}
		memcpy(line, start, n);
		line[n] = '\0';
		while (n && line[n - 1] == '\r')
			line[--n] = '\0';
		const char *p = line;
		while (*p == ' ')
			p++;
		if (!*p || *p == '#')
			continue;
		char copy[1024];
		snprintf(copy, sizeof copy, "%s", line);
		char *field[4] = {0};
		int nf = 0;
		char *save = copy;
		while (nf < 4 && save) {
			field[nf++] = save;
			char *tab = strchr(save, '\t');
			if (tab)
				*tab++ = '\0';
			save = tab;
		}
		cases++;
		if (!check_case(path, lineno, field, nf))
			bad++;
	}
	free(text);
	if (cases == 0)
		return cli_fail(CLI_BAD, "svrule check", "%s: no cases (every line is blank or a comment)",
		                path);
	cli_line(stdout, "%s: %ld cases, %ld mismatches", path, cases, bad);
	return bad ? CLI_BAD : CLI_OK;
}

/* ---- dispatch --------------------------------------------------------------------- */

static const cli_opt svrule_opts[] = {{0}};
const cli_spec cli_cmd_svrule_spec = {
	"svrule", "SUBCOMMAND ...",
	"SV-rules: list the opcodes, disassemble, assemble, evaluate, check a corpus",
	"  c2rt svrule ops                             -> the opcode table\n"
	"  c2rt svrule disasm 9 31 12 32 13            -> state PLUS type0 MINUS type1\n"
	"  c2rt svrule asm \"state PLUS type0\"          -> 9 31 12 0 0 0 0 0 0 0 0 0\n"
	"  c2rt svrule eval \"state PLUS type0\" --state 10 --type0 5   -> 15\n"
	"  c2rt svrule check tests/svrule/corpus.tsv\n"
	"'c2rt svrule SUBCOMMAND --help' describes each.",
	svrule_opts, 1, 1, OPT_STR, NULL,
};

int cli_cmd_svrule(int argc, char **argv)
{
	return cli_run_sub(&cli_cmd_svrule_spec, argc, argv);
}
