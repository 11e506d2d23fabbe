/* fuzz_gno.c — libFuzzer target for the Genetics Kit notes (.gno) reader. */
#include <stdint.h>

#include "genome/gno.h"

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
	genome_gno_free(&gno);
	return 0;
}
