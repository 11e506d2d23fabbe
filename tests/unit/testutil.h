/* testutil.h — helpers shared by the cmocka unit tests.
 *
 * Real Creatures 2 data lives outside the repository: tests find it under
 * $C2RT_SHARED (tests/run.sh sets it; default ../shared) and skip when it is
 * absent — except under CI (the CI variable set), where missing data is a
 * failure: a CI run must not pass by skipping. Include after <cmocka.h>. */
#ifndef C2_TESTUTIL_H
#define C2_TESTUTIL_H

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/fileio.h"
#include "engine/engine.h"
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

/* Hatch a creature of g with this sex and seed (the other options at
 * their defaults), or fail the test. */
static inline creature *test_hatch(const genome *g, genome_sex sex, uint64_t seed)
{
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.sex = sex;
	cfg.seed = seed;
	creature *c;
	c2_err err;
	if (creature_hatch(&c, g, &cfg, &err) != 0)
		fail_msg("hatch: %s", err.msg);
	return c;
}

/* Hatch a creature from a genome's text form (one of the tests' fixtures),
 * the other options at their defaults, or fail the test. */
static inline creature *test_hatch_text(const char *text, size_t len, uint64_t seed)
{
	genome g;
	c2_err err;
	if (genome_text_parse(text, len, &g, &err) != 0)
		fail_msg("genome line %ld: %s", err.line, err.msg);
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.seed = seed;
	creature *c;
	if (creature_hatch(&c, &g, &cfg, &err) != 0)
		fail_msg("hatch: %s", err.msg);
	genome_free(&g);
	return c;
}

/* A wavy signal with spikes, and NaN (a gap) in a stretch of it: what
 * the sample table summarises (test_trace) and the plot draws
 * (test_viewer). */
static inline float test_signal(long i)
{
	if (i >= 1500000 && i < 1500100)
		return NAN;
	if (i % 99991 == 7)
		return 255.0f;
	return (float)(128 + 100 * sin(i / 30000.0) + (i % 17));
}

/* A scratch folder for a test binary's files: made under $C2RT_TMP (else
 * /tmp) by test_tmp_setup, a cmocka group setup; emptied and removed by
 * test_tmp_teardown; test_tmp_path names a file in it. */
static inline char *test_tmpdir(void)
{
	static char dir[512];
	return dir;
}

static inline int test_tmp_setup(void **state)
{
	(void)state;
	const char *base = getenv("C2RT_TMP");
	snprintf(test_tmpdir(), 512, "%s/unit.XXXXXX", base && *base ? base : "/tmp");
	return mkdtemp(test_tmpdir()) ? 0 : -1;
}

static inline int test_tmp_teardown(void **state)
{
	(void)state;
	DIR *dir = opendir(test_tmpdir());
	if (dir) {
		struct dirent *e;
		char p[1024];
		while ((e = readdir(dir)))
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
				snprintf(p, sizeof p, "%s/%s", test_tmpdir(), e->d_name);
				unlink(p);
			}
		closedir(dir);
	}
	rmdir(test_tmpdir());
	return 0;
}

static inline void test_tmp_path(char *buf, size_t n, const char *name)
{
	snprintf(buf, n, "%s/%s", test_tmpdir(), name);
}

#endif
