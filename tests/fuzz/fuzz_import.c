/* fuzz_import.c — libFuzzer target for the export reader and the import.
 *
 * Any input must be either refused with an offset or read; what is read is
 * imported (if it holds a genome), stepped, saved and loaded again with an
 * equal hash, and — when its age is short — compared with c2rt's own run.
 * Seeds: synthetic exports written from our own genomes
 * (tests/fuzz/make_export_seeds.c), plus the real export at run time. */
#include <stdint.h>
#include <stdlib.h>

#include "exchange/import.h"
#include "tests/fuzz/fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > (1u << 20))
		return 0;
	exchange_file x;
	c2_err err;
	if (exchange_parse(&x, data, size, &err) != 0) {
		if (err.code != C2_EFORMAT || err.offset < 0 || (size_t)err.offset > size)
			__builtin_trap(); /* refusals name a place in the input */
		return 0;
	}
	size_t loose;
	if (exchange_dendrites(&x, &loose) < loose)
		__builtin_trap();
	creature_config cfg;
	creature_config_default(&cfg);
	creature *c;
	if (exchange_import(&c, &x, &cfg, NULL, &err) == 0) {
		for (int t = 0; t < 20; t++)
			creature_step(c, NULL);
		fuzz_check_roundtrip(c);
		creature_free(c);
	}
	uint64_t age;
	if (exchange_export_age(&x, &age) && age <= 200) {
		exchange_compare cmp;
		if (exchange_compare_export(&x, &cfg, &cmp, &err) == 0)
			exchange_compare_free(&cmp);
	}
	exchange_free(&x);
	return 0;
}
