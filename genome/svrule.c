/* svrule.c — SV-rule opcode table, disassembler and assembler. */
#include "genome/svrule.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/words.h"

const genome_svrule_opinfo genome_svrule_ops[SVOP_COUNT] = {
#define X(E, code, name, kind, val, arg, syn) [code] = {name, kind, val, arg, syn},
	SVRULE_OPCODES(X)
#undef X
};

const char *genome_svrule_op_name(uint8_t op, char *buf, size_t cap)
{
	if (op < SVOP_COUNT)
		return genome_svrule_ops[op].name;
	snprintf(buf, cap, "<%u>", (unsigned)op);
	return buf;
}

static int tok_eq(const char *tok, size_t len, const char *name)
{
	size_t n = strlen(name);
	if (n != len)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (tolower((unsigned char)tok[i]) != tolower((unsigned char)name[i]))
			return 0;
	return 1;
}


int genome_svrule_op_by_name(const char *tok, size_t len)
{
	for (int op = 0; op < SVOP_COUNT; op++)
		if (tok_eq(tok, len, genome_svrule_ops[op].name))
			return op;
	if (len >= 3 && tok[0] == '<' && tok[len - 1] == '>')
		return c2_word_byte(tok + 1, len - 2);
	return -1;
}

char *genome_svrule_disasm(const uint8_t *rule, size_t len, char *buf, size_t cap)
{
	size_t last = 0; /* one past the last non-zero byte */
	for (size_t i = 0; i < len; i++)
		if (rule[i])
			last = i + 1;
	if (cap == 0)
		return buf;
	buf[0] = '\0';
	if (last == 0) {
		snprintf(buf, cap, "%s", genome_svrule_ops[SVOP_END].name);
		return buf;
	}
	size_t pos = 0;
	for (size_t i = 0; i < last && pos < cap; i++) {
		char tmp[8];
		const char *name = genome_svrule_op_name(rule[i], tmp, sizeof tmp);
		int n = snprintf(buf + pos, cap - pos, "%s%s", i ? " " : "", name);
		if (n < 0)
			break;
		pos += (size_t)n;
	}
	return buf;
}

int genome_svrule_asm(const char *text, uint8_t *rule, size_t len, c2_err *err)
{
	memset(rule, 0, len);
	size_t n = 0, tl, tlen = strlen(text);
	const char *t;
	for (size_t at = 0; c2_next_word(text, tlen, &at, &t, &tl);) {
		int op = genome_svrule_op_by_name(t, tl);
		if (op < 0)
			return c2_fail(err, C2_EFORMAT, (long)n, -1, "unknown SV-rule opcode '%.*s'",
			               (int)tl, t);
		if (n == len)
			return c2_fail(err, C2_EFORMAT, (long)n, -1, "more than %zu opcodes", len);
		rule[n++] = (uint8_t)op;
	}
	return 0;
}

int genome_svrule_parse(const char *text, uint8_t *rule, size_t len, c2_err *err)
{
	size_t tl, tlen = strlen(text);
	const char *t;
	int all_numbers = 1, any = 0;
	for (size_t at = 0; c2_next_word(text, tlen, &at, &t, &tl);) {
		any = 1;
		for (size_t i = 0; i < tl; i++)
			if (!isdigit((unsigned char)t[i]))
				all_numbers = 0;
	}
	if (!any || !all_numbers)
		return genome_svrule_asm(text, rule, len, err);

	memset(rule, 0, len);
	size_t n = 0;
	for (size_t at = 0; c2_next_word(text, tlen, &at, &t, &tl);) {
		int v = c2_word_byte(t, tl);
		if (v < 0)
			return c2_fail(err, C2_EFORMAT, (long)n, -1, "'%.*s' is not a byte (0..255)",
			               (int)tl, t);
		if (n == len)
			return c2_fail(err, C2_EFORMAT, (long)n, -1, "more than %zu bytes", len);
		rule[n++] = (uint8_t)v;
	}
	return 0;
}
