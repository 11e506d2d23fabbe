/* bench.h — what the benchmarks share: paths into the shared C2 data
 * ($C2RT_SHARED, default ../shared), and the genome a bench runs. */
#ifndef C2_BENCH_H
#define C2_BENCH_H

#include <stdio.h>
#include <stdlib.h>

#include "genome/genome.h"

/* "$C2RT_SHARED/rel" into buf. */
static inline const char *bench_shared(const char *rel, char *buf, size_t cap)
{
	const char *root = getenv("C2RT_SHARED");
	snprintf(buf, cap, "%s/%s", root ? root : "../shared", rel);
	return buf;
}

/* Read the genome at `path`, or the standard norn when path is NULL.
 * Returns 0, or 77 (the bench contract's "cannot run": scripts/bench.sh)
 * after saying why on stderr. */
static inline int bench_genome(genome *g, const char *path, const char *bench)
{
	char buf[4096];
	if (!path)
		path = bench_shared("genomes/c2-norn.gen", buf, sizeof buf);
	c2_err err;
	if (genome_read_file(g, path, &err) != 0) {
		fprintf(stderr, "bench %s: %s: %s (skipped)\n", bench, path, err.msg);
		return 77;
	}
	return 0;
}

#endif
