/* cases.c — a case filter for every cmocka test binary: C2RT_CASES=GLOB
 * (make test-one T=test_brain:test_norn_*) runs only the cases whose names match
 * it. Linked into each unit test with -Wl,--wrap=_cmocka_run_group_tests
 * (what cmocka_run_group_tests expands to), so no test's main changes. A
 * binary with no case the filter matches is skipped (exit 77: T=test_brain
 * also picks test_brain_alloc); tests/run.sh fails a run in which the
 * filter matched no case at all, so that a misspelt name does not pass as
 * "0 tests, all fine". */
#include <fnmatch.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

int __real__cmocka_run_group_tests(const char *group_name, const struct CMUnitTest *const tests,
                                   const size_t num_tests, CMFixtureFunction group_setup,
                                   CMFixtureFunction group_teardown);
int __wrap__cmocka_run_group_tests(const char *group_name, const struct CMUnitTest *const tests,
                                   const size_t num_tests, CMFixtureFunction group_setup,
                                   CMFixtureFunction group_teardown);

int __wrap__cmocka_run_group_tests(const char *group_name, const struct CMUnitTest *const tests,
                                   const size_t num_tests, CMFixtureFunction group_setup,
                                   CMFixtureFunction group_teardown)
{
	const char *glob = getenv("C2RT_CASES");
	if (glob && *glob) {
		size_t hits = 0;
		for (size_t i = 0; i < num_tests; i++)
			hits += fnmatch(glob, tests[i].name, 0) == 0;
		if (!hits) {
			fprintf(stderr, "no case of %s matches '%s'\n", group_name, glob);
			exit(77);
		}
		cmocka_set_test_filter(glob);
	}
	return __real__cmocka_run_group_tests(group_name, tests, num_tests, group_setup,
	                                      group_teardown);
}
