/* make_export_seeds.c — writes the fuzz_import seeds: each genome given is
 * hatched, run a little and written as an export-shaped file (with and
 * without blocks the reader must skip) by synth_export.h. Our own genomes
 * only; tests/fuzz/make-inputs.sh runs it.
 *
 * Usage: make_export_seeds OUT_DIR GENOME.gen... */
#include <stdio.h>
#include <string.h>

#include "base/fileio.h"
#include "tests/fuzz/synth_export.h"

static int seed_of(const char *dir, const char *path, int i)
{
	genome g;
	c2_err err;
	if (genome_read_file(&g, path, &err) != 0) {
		fprintf(stderr, "make_export_seeds: %s: %s\n", path, err.msg);
		return 1;
	}
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.sex = i % 2 ? GENOME_MALE : GENOME_FEMALE;
	creature *c;
	int rc = creature_hatch(&c, &g, &cfg, &err);
	genome_free(&g);
	if (rc) {
		fprintf(stderr, "make_export_seeds: %s: %s\n", path, err.msg);
		return 1;
	}
	for (int t = 0; t < 300; t++)
		creature_step(c, NULL);
	for (int blocks = 0; blocks < 2 && rc == 0; blocks++) {
		c2_wbuf w = {0};
		char out[4096];
		snprintf(out, sizeof out, "%s/synth-%d%s.exp", dir, i, blocks ? "-blocks" : "");
		rc = sx_creature(&w, c, "TEST", blocks, &err);
		if (rc == 0)
			rc = c2_write_file_atomic(out, w.data, w.len, &err);
		if (rc)
			fprintf(stderr, "make_export_seeds: %s: %s\n", out, err.msg);
		c2_wbuf_free(&w);
	}
	creature_free(c);
	return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: make_export_seeds OUT_DIR GENOME.gen...\n");
		return 1;
	}
	int bad = 0;
	for (int i = 2; i < argc; i++)
		bad |= seed_of(argv[1], argv[i], i - 2);
	return bad;
}
