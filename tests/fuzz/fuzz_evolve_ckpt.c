/* fuzz_evolve_ckpt.c — libFuzzer target for evolve's checkpoints
 * (batch/evolve.h): `c2rt evolve --resume` reads DIR/checkpoints/ files,
 * which may be damaged or another run's. A replicate of two small founders
 * in a one-room world runs 40 ticks and is saved; the input then either
 * replaces the checkpoint's own bytes after the world (the world's
 * snapshot around them kept valid, as world_save writes it), or flips bytes
 * of the whole checkpoint where its bytes say. batch_evolve_restore must
 * refuse it with an error, or restore a replicate that steps, saves, and
 * restores again to the same world hash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "batch/evolve.h"
#include "genome/text.h"
#include "tests/fixtures/world_tiny.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char WORLD[] = "room garden 0 2000\nkind carrot food edible\nobject carrot 300\n";

static void check(const batch_evolve_spec *s, const uint8_t *ck, size_t len)
{
	batch_evolve_run run, again;
	c2_err err;
	if (batch_evolve_restore(s, 0, ck, len, &run, &err) != 0) {
		if (!err.msg[0])
			__builtin_trap(); /* a refusal says why */
		return;
	}
	batch_evolve_step(s, &run, 5);
	c2_wbuf w = {0};
	if (batch_evolve_save(s, &run, &w) != 0 || batch_evolve_restore(s, 0, w.data, w.len, &again, &err) != 0)
		__builtin_trap();
	if (world_hash(again.w) != world_hash(run.w) || again.lineage.len != run.lineage.len)
		__builtin_trap();
	batch_evolve_free(&again);
	batch_evolve_free(&run);
	c2_wbuf_free(&w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	genome g[2];
	c2_err err;
	if (genome_text_parse(WORLD_TINY, sizeof WORLD_TINY - 1, &g[0], &err) != 0 ||
	    genome_text_parse(WORLD_TINY, sizeof WORLD_TINY - 1, &g[1], &err) != 0)
		__builtin_trap();
	static const genome_sex sexes[2] = {GENOME_MALE, GENOME_FEMALE};
	static const char *const names[2] = {"a", "b"};
	static const uint64_t hashes[2] = {1, 2};
	batch_evolve_spec s;
	memset(&s, 0, sizeof s);
	creature_config_default(&s.cfg);
	s.world_text = WORLD;
	s.world_len = sizeof WORLD - 1;
	/* creatures unseen by each other: their kinds, added to the world's,
	 * are not what this target is about */
	world_options o;
	world_options_default(&o);
	o.see_creatures = 0;
	s.world_opts = &o;
	s.nfounders = 2;
	s.founders = g;
	s.sexes = sexes;
	s.founder_names = names;
	s.founder_hashes = hashes;
	s.ticks = 100;
	s.replicates = 1;
	s.ngenes = 1;
	batch_evolve_gene_parse("lobe:0", &s.genes[0], &err);
	batch_evolve_run run;
	if (batch_evolve_start(&s, 0, &run, &err) != 0)
		__builtin_trap();
	batch_evolve_step(&s, &run, 40);
	c2_wbuf ck = {0};
	if (size && data[0] & 1) { /* the input as evolve's own bytes */
		world_save(run.w, data + 1, size - 1, &ck);
	} else if (batch_evolve_save(&s, &run, &ck) == 0 && ck.len) {
		for (size_t i = 1; i + 2 < size; i += 3) /* (position, value) pairs */
			ck.data[((size_t)data[i] << 8 | data[i + 1]) * 7 % ck.len] ^= data[i + 2];
	}
	if (!ck.oom)
		check(&s, ck.data, ck.len);
	c2_wbuf_free(&ck);
	batch_evolve_free(&run);
	genome_free(&g[0]);
	genome_free(&g[1]);
	return 0;
}
