/* testutil.h — helpers shared by the cmocka unit tests.
 *
 * Real Creatures 2 data lives outside the repository: tests find it under
 * $C2RT_SHARED (tests/run.sh sets it; default ../shared) and skip when it is
 * absent — except under CI (the CI variable set), where missing data is a
 * failure: a CI run must not pass by skipping. Include after <cmocka.h>. */
#ifndef C2_TESTUTIL_H
#define C2_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "genome/genome.h"
#include "genome/text.h"

/* Path of a file under the shared data directory, in a static buffer, or
 * NULL if that file does not exist. */
static inline const char *test_shared(const char *rel)
{
	static char path[4096];
	const char *root = getenv("C2RT_SHARED");
	snprintf(path, sizeof path, "%s/%s", root ? root : "../shared", rel);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fclose(f);
	return path;
}

/* The shared data is missing: skip the test, or fail it under CI. */
#define TEST_NO_SHARED(rel)                                                          \
	do {                                                                             \
		if (getenv("CI"))                                                            \
			fail_msg("CI: shared data %s is missing (C2RT_SHARED=%s)", (rel),        \
			         getenv("C2RT_SHARED") ? getenv("C2RT_SHARED") : "../shared");  \
		skip();                                                                      \
	} while (0)

/* Load the standard norn into *g, or skip the test when it is absent. */
#define TEST_LOAD_NORN(g)                                                 \
	do {                                                                  \
		const char *np_ = test_shared("genomes/c2-norn.gen");             \
		if (!np_)                                                         \
			TEST_NO_SHARED("genomes/c2-norn.gen");                        \
		c2_err e_;                                                        \
		assert_int_equal(genome_read_file((g), np_, &e_), 0);             \
	} while (0)

/* Read a whole shared file, or skip. */
#define TEST_READ_SHARED(rel, buf, len)                                   \
	do {                                                                  \
		const char *p_ = test_shared(rel);                                \
		if (!p_)                                                          \
			TEST_NO_SHARED(rel);                                          \
		c2_err e_;                                                        \
		assert_int_equal(c2_read_file(p_, 64u << 20, (buf), (len), &e_), 0); \
	} while (0)

/* The standard norn (skipped without the shared data) into g, and its
 * decision lobe's gene, whose rules a test rewrites (genome_svrule_asm). */
#define TEST_NORN_DECISION(g, dec)                                        \
	do {                                                                  \
		TEST_LOAD_NORN(g);                                                \
		size_t idx_[16];                                                  \
		const genome_lobe_gene *lobes_[16];                               \
		assert_true(genome_lobe_list((g), GENOME_MALE, lobes_, idx_, 16) > 6); \
		(dec) = &(g)->genes[idx_[6]].u.lobe;                              \
	} while (0)

/* Assemble one of our own genomes from its text form (a path from the
 * checkout's root, where the tests run: "genomes/starter.txt"). */
static inline void test_load_text_genome(const char *path, genome *g)
{
	uint8_t *text;
	size_t len;
	c2_err err;
	if (c2_read_file(path, 1u << 20, &text, &len, &err) != 0)
		fail_msg("%s: %s", path, err.msg);
	if (genome_text_parse((const char *)text, len, g, &err) != 0)
		fail_msg("%s:%ld: %s", path, err.line, err.msg);
	free(text);
}

#endif
