/* fuzz_gno.c — libFuzzer target for the Genetics Kit notes (.gno) reader. */
#include <stdint.h>

#include <ctype.h>
#include <string.h>

#include "genome/gno.h"
#include "genome/organs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	genome_gno gno;
	c2_err err;
	if (genome_gno_parse(&gno, data, size, &err) != 0)
		return 0;
	if (gno.used > size)
		__builtin_trap();
	genome_gene gene;
	genome_gene_init(&gene, GK_RECEPTOR);
	(void)genome_gno_describe(&gno, &gene);
	/* A tidied description is a name: letters, digits, ' ', '-', '_', '.',
	 * no space at either end, shorter than the limit. */
	for (size_t i = 0; i < gno.n; i++) {
		char name[GENOME_ORGAN_NAME_MAX];
		genome_organ_tidy(gno.entries[i].description, name, sizeof name);
		size_t n = strlen(name);
		if (n >= sizeof name || (n && (name[0] == ' ' || name[n - 1] == ' ')))
			__builtin_trap();
		for (size_t k = 0; k < n; k++)
			if (!isalnum((unsigned char)name[k]) && !strchr(" -_.", name[k]))
				__builtin_trap();
	}
	genome_gno_free(&gno);
	return 0;
}
