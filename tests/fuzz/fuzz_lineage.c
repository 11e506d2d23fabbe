/* fuzz_lineage.c — libFuzzer target for the genealogy reader
 * (batch/lineage.h), which `c2rt lineage` feeds any file: parsing never
 * reads out of bounds and fails with a line inside the input; what it
 * accepts is a consistent family (parents before their children, one
 * generation more than the elder parent, causes in range), its summary
 * counts every creature once, and the tree and JSON writers run on it.
 * Built with clang by `make fuzz`, and with tests/fuzz/replay_main.c for
 * `make test`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "batch/lineage.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_family(const batch_lineage *l)
{
	for (size_t i = 0; i < l->n; i++) {
		const batch_lineage_creature *c = &l->v[i];
		if (c->founder != (c->mother < 0) || (c->mother < 0) != (c->father < 0))
			__builtin_trap();
		if (c->mother >= (long)i || c->father >= (long)i)
			__builtin_trap(); /* parents come first */
		if (c->mother >= 0) {
			unsigned m = l->v[c->mother].generation, d = l->v[c->father].generation;
			if (c->generation != (m > d ? m : d) + 1)
				__builtin_trap();
		}
		if (c->dead != (c->cause >= 0) || (c->cause >= 0 && (size_t)c->cause >= l->ncauses))
			__builtin_trap();
		if (c->dead && !c->born)
			__builtin_trap();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* A copy without a terminating NUL: the reader must not look past size. */
	char *text = malloc(size ? size : 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	batch_lineage l;
	c2_err err;
	if (batch_lineage_parse(&l, text, size, &err) != 0) {
		long lines = 1;
		for (size_t i = 0; i < size; i++)
			lines += text[i] == '\n';
		if (err.code != C2_ENOMEM && (err.line < 1 || err.line > lines))
			__builtin_trap(); /* an error names a line of the input */
	} else {
		check_family(&l);
		batch_lineage_gen *g;
		size_t n, total = 0;
		if (batch_lineage_generations(&l, &g, &n) == 0) {
			for (size_t i = 0; i < n; i++)
				total += g[i].conceived + (g[i].generation == 0 ? g[i].born : 0);
			if (total != l.n)
				__builtin_trap(); /* every creature counted once */
			c2_wbuf w = {0};
			batch_lineage_tree_text(&l, &w);
			batch_lineage_generations_text(&l, g, n, &w);
			batch_lineage_json(&l, true, g, n, &w);
			c2_wbuf_free(&w);
			free(g);
		}
	}
	batch_lineage_free(&l);
	free(text);
	return 0;
}
