/* test_read_cap.c — whole-file reads stop at their cap, whatever the file:
 * a regular file above it is refused from its size, a device or a pipe
 * once one byte more has come (issue 21: /dev/zero was read to twice the
 * cap, or for ever); the refusal names the cap and no offset (nor does a
 * parser's refusal by size); a head check refuses a stream of the wrong
 * kind after a few bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <fcntl.h>
#include <unistd.h>

#include "base/fileio.h"
#include "xode/xode.h"
#include "genome/genome.h"
#include "testutil.h"

static void expect_too_big(const char *path, size_t cap)
{
	static uint8_t mark;
	uint8_t *buf = &mark;
	size_t len = 99;
	c2_err err;
	assert_int_equal(c2_read_file(path, cap, &buf, &len, &err), C2_ETOOBIG);
	assert_null(buf);
	assert_int_equal(len, 0);
	char want[64];
	snprintf(want, sizeof want, "the %zu-byte limit", cap);
	if (!strstr(err.msg, want))
		fail_msg("%s: message '%s' lacks '%s'", path, err.msg, want);
	/* Not "FILE:1000: ..." — a cap is no place in the file. */
	assert_int_equal(err.offset, -1);
	assert_int_equal(err.line, 0);
	char line[300];
	c2_err_format(&err, path, line, sizeof line);
	char prefix[300];
	snprintf(prefix, sizeof prefix, "%s: file larger than", path);
	if (strncmp(line, prefix, strlen(prefix)) != 0)
		fail_msg("formatted as '%s'", line);
}

static void test_device_stops_at_the_cap(void **state)
{
	(void)state;
	expect_too_big("/dev/zero", 1000);
	expect_too_big("/dev/zero", 0);
	expect_too_big("/dev/zero", 4096); /* the first buffer's size exactly */
}

static void test_regular_file_at_and_over_the_cap(void **state)
{
	(void)state;
	char path[] = "/tmp/c2rt-read-cap.XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	char block[1001];
	memset(block, 'x', sizeof block);
	assert_int_equal(write(fd, block, sizeof block), (ssize_t)sizeof block);
	close(fd);
	expect_too_big(path, 1000);
	uint8_t *buf;
	size_t len;
	c2_err err;
	assert_int_equal(c2_read_file(path, 1001, &buf, &len, &err), 0);
	assert_int_equal(len, 1001);
	assert_int_equal(buf[len], 0);
	free(buf);
	unlink(path);
}

/* A pipe holding more than the cap: refused, and no more than cap + 1
 * bytes (plus what stdio reads ahead, one buffer) were taken from it. */
static void test_pipe_stops_at_the_cap(void **state)
{
	(void)state;
	int p[2];
	assert_int_equal(pipe(p), 0);
	static char data[60000];
	memset(data, 'y', sizeof data);
	assert_int_equal(write(p[1], data, sizeof data), (ssize_t)sizeof data);
	close(p[1]);
	char path[64];
	snprintf(path, sizeof path, "/dev/fd/%d", p[0]);
	expect_too_big(path, 1000);
	size_t left = 0;
	ssize_t n;
	while ((n = read(p[0], data, sizeof data)) > 0)
		left += (size_t)n;
	if (left + 1001 + 8192 < sizeof data)
		fail_msg("%zu of %zu bytes taken from the pipe for a cap of 1000", sizeof data - left,
		         sizeof data);
	close(p[0]);
}

static int zeros_are_no_magic(const uint8_t *head, size_t n, c2_err *err)
{
	if (n < 8)
		return 0; /* too short to tell: the parser will say */
	for (size_t i = 0; i < n; i++)
		if (head[i])
			return 0;
	return c2_fail(err, C2_EFORMAT, 0, -1, "no magic in %zu bytes", n);
}

static void test_head_check_refuses_early(void **state)
{
	(void)state;
	uint8_t *buf;
	size_t len;
	c2_err err;
	/* With a cap of 1 GiB, reading /dev/zero to the cap would take a while
	 * and a gigabyte: the check refuses after 8 bytes. */
	assert_int_equal(c2_read_file_checked("/dev/zero", (size_t)1 << 30, 8, zeros_are_no_magic, &buf,
	                                      &len, &err),
	                 C2_EFORMAT);
	assert_string_equal(err.msg, "no magic in 8 bytes");
	/* A short file is checked whole; a file that passes is read whole. */
	assert_int_equal(c2_read_file_checked("/dev/null", 100, 8, zeros_are_no_magic, &buf, &len, &err),
	                 0);
	assert_int_equal(len, 0);
	free(buf);
}

/* Parsers that refuse an input by its size alone say so without a place. */
static void test_size_refusals_have_no_offset(void **state)
{
	(void)state;
	static const uint8_t tiny[8] = "dna2";
	c2_err err;
	genome g;
	assert_int_equal(genome_parse(&g, tiny, (size_t)GENOME_MAX_FILE + 1, &err), C2_ETOOBIG);
	assert_int_equal(err.offset, -1);
	assert_int_equal(err.line, 0);
	body_model m;
	assert_int_equal(xode_load(&m, "<xode/>", XODE_MAX_BYTES + 1, &err), C2_ETOOBIG);
	assert_int_equal(err.offset, -1);
	assert_int_equal(err.line, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_device_stops_at_the_cap),
		cmocka_unit_test(test_regular_file_at_and_over_the_cap),
		cmocka_unit_test(test_pipe_stops_at_the_cap),
		cmocka_unit_test(test_head_check_refuses_early),
		cmocka_unit_test(test_size_refusals_have_no_offset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
