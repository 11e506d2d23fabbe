/* test_brain_alloc.c — brain_tick, brain_instinct_process and brain_hash
 * never allocate: malloc, calloc and realloc are interposed in this test
 * binary and counted while the norn's brain runs with input. (Skipped under
 * AddressSanitizer, which provides its own allocator.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "brain/brain.h"
#include "testutil.h"

#if defined(__SANITIZE_ADDRESS__)
#define COUNTING_AVAILABLE 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COUNTING_AVAILABLE 0
#endif
#endif
#ifndef COUNTING_AVAILABLE
#define COUNTING_AVAILABLE 1
#endif

static volatile int counting;
static volatile long allocations;

#if COUNTING_AVAILABLE
/* glibc's own entry points, which the interposed functions forward to. */
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);

void *malloc(size_t n)
{
	if (counting)
		allocations++;
	return __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
	if (counting)
		allocations++;
	return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
	if (counting)
		allocations++;
	return __libc_realloc(p, n);
}
#endif

static void test_tick_does_not_allocate(void **state)
{
	(void)state;
	if (!COUNTING_AVAILABLE)
		skip();
	genome g;
	genome_init(&g);
	TEST_LOAD_NORN(&g);
	/* the counter works */
	counting = 1;
	void *probe = malloc(16);
	counting = 0;
	free(probe);
	assert_int_equal(allocations, 1);
	allocations = 0;

	c2_rng rng, in;
	c2_rng_seed(&rng, 1);
	c2_rng_seed(&in, 2);
	brain *b;
	c2_err err;
	assert_int_equal(brain_build(&b, &g, GENOME_MALE, NULL, &rng, &err), 0);
	size_t *on = malloc(g.ngenes * sizeof *on);
	assert_non_null(on);
	for (int s = 0; s <= GENOME_STAGE_ADULT; s++) {
		size_t n = genome_switched_on(&g, GENOME_MALE, s, on);
		for (size_t k = 0; k < n; k++)
			if (g.genes[on[k]].kind == GK_INSTINCT)
				assert_int_equal(brain_instinct_push(b, &g.genes[on[k]].u.instinct, &err), 0);
	}
	free(on);
	counting = 1;
	while (brain_instinct_process(b, NULL) != BRAIN_INSTINCT_NONE)
		;
	for (long t = 0; t < 3000; t++) {
		/* input as an engine gives it: cell states and receptor loci */
		for (unsigned k = 0; k < 17; k++)
			brain_set_state(b, 1, k, (uint8_t)c2_rng_below(&in, 256));
		if (t % 20 == 0)
			brain_set_state(b, 3, c2_rng_below(&in, 14), 255);
		*brain_receptor_locus(b, 0, BRAIN_RL_CHEM + 5) = 10;
		*brain_receptor_locus(b, 6, BRAIN_RL_CHEM + 0) = t % 30 < 3 ? 60 : 0;
		*brain_receptor_locus(b, 6, BRAIN_RL_CHEM + 2) = t % 200 < 100 ? 5 : 0;
		*brain_receptor_locus(b, 8, BRAIN_RL_CHEM + 0) = t % 30 < 3 ? 30 : 0;
		*brain_receptor_locus(b, 8, BRAIN_RL_CHEM + 1) = t % 300 < 150 ? 2 : 0;
		brain_tick(b, &rng);
		if (t % 100 == 0)
			(void)brain_hash(b);
	}
	counting = 0;
	assert_int_equal(allocations, 0);
	brain_free(b);
	genome_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tick_does_not_allocate),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
