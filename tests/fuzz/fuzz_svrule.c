/* fuzz_svrule.c — libFuzzer target for the SV-rule text parser (RULE in
 * `c2rt svrule` and corpora: opcode names or byte values).
 *
 * Whatever parses must disassemble and assemble back to the same bytes, and
 * compile and evaluate in both scopes, with values drawn from the input. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "brain/svrule_vm.h"
#include "genome/svrule.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return 0; /* a rule is one command-line argument */
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	uint8_t rule[GENOME_RULE_LEN];
	c2_err err;
	if (genome_svrule_parse(text, rule, sizeof rule, &err) == 0) {
		char dis[512];
		genome_svrule_disasm(rule, sizeof rule, dis, sizeof dis);
		uint8_t back[GENOME_RULE_LEN];
		if (genome_svrule_asm(dis, back, sizeof back, &err) != 0 || memcmp(back, rule, sizeof rule) != 0)
			__builtin_trap();
		brain_options o;
		c2_options_default(&brain_option_tab, &o);
		uint8_t v[SVS_COUNT];
		for (int s = 0; s < SVS_COUNT; s++)
			v[s] = size ? data[(size_t)s % size] : 0;
		c2_rng rng;
		c2_rng_seed(&rng, size);
		for (int scope = 0; scope < 2; scope++) {
			brain_svrule_prog p;
			uint8_t table[SVRULE_TABLE];
			brain_svrule_compile(&p, table, rule, (brain_svrule_scope)scope, v[0], &o);
			(void)brain_svrule_exec(&p, v, &rng);
		}
	}
	free(text);
	return 0;
}
