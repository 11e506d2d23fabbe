/* test_workers.c — tasks in forked worker processes (cli/workers.h): every
 * task's result comes back once, from processes running at once; a worker
 * that dies is its task's failure, with why, and another takes its place;
 * a stop or a refused result kills the workers at once; a worker keeps no
 * descriptor of its parent's and writes nothing to its stdout; afterwards
 * the parent has no child left unreaped and no descriptor more than before.
 *
 * The pool is the CLI's (cli/ is not in the core library), so its one
 * source file is compiled in here; it comes first, for its _GNU_SOURCE. */
#include "cli/workers.c"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

/* What a worker sends back. */
typedef struct result {
	uint64_t task, square;
	int32_t pid;
	int32_t nfds;       /* its open descriptors (0, 1, 2 and its socket) */
	int32_t marker_open; /* the parent's marker descriptor is open in it */
	char out[64];       /* what its stdout is */
} result;

enum { MAX_TASKS = 64 };

/* A job's context: how the work goes, what came back. */
typedef struct ctx {
	int die_on;        /* task whose worker raises SIGKILL (-1: none) */
	int exit_on;       /* task whose worker exits with status 3 (-1: none) */
	int sleep_from;    /* tasks from this one on sleep a minute (-1: none) */
	int marker_fd;     /* a descriptor the parent has open */
	size_t stop_after; /* stop once this many have come back (0: never) */
	size_t refuse_after; /* take refuses the result after this many (0: never) */
	size_t taken, times[MAX_TASKS];
	result got[MAX_TASKS];
	char died[MAX_TASKS][160];
} ctx;

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;
	for (struct dirent *e; d && (e = readdir(d));)
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n - 1; /* the listing's own */
}

static void work(void *vc, size_t task, void *out)
{
	ctx *c = vc;
	result *r = out;
	if ((int)task == c->die_on)
		raise(SIGKILL);
	if ((int)task == c->exit_on)
		_exit(3);
	if (c->sleep_from >= 0 && (int)task >= c->sleep_from)
		sleep(60);
	r->task = task;
	r->square = (uint64_t)task * task;
	r->pid = (int32_t)getpid();
	r->nfds = count_fds();
	r->marker_open = fcntl(c->marker_fd, F_GETFD) != -1;
	ssize_t n = readlink("/proc/self/fd/1", r->out, sizeof r->out - 1);
	r->out[n > 0 ? n : 0] = '\0';
	printf("a worker's stray output\n");
	fflush(stdout);
}

static int take_result(void *vc, size_t task, const void *res, const char *died, double seconds)
{
	ctx *c = vc;
	assert_true(task < MAX_TASKS);
	assert_true(seconds >= 0);
	c->times[task]++;
	c->taken++;
	if (res)
		memcpy(&c->got[task], res, sizeof c->got[task]);
	else
		snprintf(c->died[task], sizeof c->died[task], "%s", died);
	return c->refuse_after && c->taken >= c->refuse_after;
}

static bool stop_now(void *vc)
{
	ctx *c = vc;
	return c->stop_after && c->taken >= c->stop_after;
}

/* Run ntasks tasks 0..ntasks-1 on n workers; the parent's descriptors and
 * children are the same after as before. */
static int run(ctx *c, size_t ntasks, size_t n, size_t *started)
{
	size_t tasks[MAX_TASKS];
	for (size_t i = 0; i < ntasks; i++)
		tasks[i] = i;
	cli_workers_job job = {n, tasks, ntasks, sizeof(result), work, take_result, stop_now, NULL, c};
	int before = count_fds();
	alarm(30); /* a worker not killed on stop would hang the test */
	int rc = cli_workers_run(&job, started);
	alarm(0);
	assert_int_equal(count_fds(), before);
	errno = 0;
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1); /* no child left, not even a zombie */
	assert_int_equal(errno, ECHILD);
	return rc;
}

static void ctx_init(ctx *c)
{
	memset(c, 0, sizeof *c);
	c->die_on = c->exit_on = c->sleep_from = -1;
	int fd = open("/dev/null", O_RDONLY);
	assert_true(fd >= 0);
	c->marker_fd = fcntl(fd, F_DUPFD, 20); /* above the worker's socket (3) */
	assert_true(c->marker_fd >= 20);
	close(fd);
}

static void test_every_task_once(void **state)
{
	(void)state;
	ctx c;
	ctx_init(&c);
	size_t started;
	assert_int_equal(run(&c, 40, 3, &started), 0);
	assert_int_equal(started, 3);
	int32_t pids[3] = {0};
	size_t npids = 0;
	for (size_t t = 0; t < 40; t++) {
		assert_int_equal(c.times[t], 1);
		assert_int_equal(c.got[t].task, t);
		assert_int_equal(c.got[t].square, t * t);
		assert_int_not_equal(c.got[t].pid, getpid());
		assert_int_equal(c.got[t].nfds, 4);
		assert_false(c.got[t].marker_open);
		assert_string_equal(c.got[t].out, "/dev/null");
		size_t k = 0;
		while (k < npids && pids[k] != c.got[t].pid)
			k++;
		assert_true(k < 3); /* never more processes than asked for */
		if (k == npids)
			pids[npids++] = c.got[t].pid;
	}
	assert_int_equal(npids, 3); /* each started worker had a task */
	close(c.marker_fd);
}

static void test_fewer_tasks_than_workers(void **state)
{
	(void)state;
	ctx c;
	ctx_init(&c);
	size_t started;
	assert_int_equal(run(&c, 2, 8, &started), 0);
	assert_int_equal(started, 2);
	assert_int_equal(c.taken, 2);
	close(c.marker_fd);
}

static void test_death_is_the_task_failure(void **state)
{
	(void)state;
	ctx c;
	ctx_init(&c);
	c.die_on = 3;
	c.exit_on = 7;
	size_t started;
	assert_int_equal(run(&c, 12, 2, &started), 0);
	for (size_t t = 0; t < 12; t++) {
		assert_int_equal(c.times[t], 1); /* the others went on, in new workers */
		if (t == 3)
			assert_string_equal(c.died[t], "its worker process was killed by signal 9 (Killed)");
		else if (t == 7)
			assert_string_equal(c.died[t], "its worker process exited with status 3");
		else
			assert_int_equal(c.got[t].square, t * t);
	}
	close(c.marker_fd);
}

static void test_stop_kills_the_workers(void **state)
{
	(void)state;
	ctx c;
	ctx_init(&c);
	c.sleep_from = 2; /* tasks 2.. would take a minute each */
	c.stop_after = 2;
	size_t started;
	assert_int_equal(run(&c, 10, 2, &started), 0);
	assert_int_equal(c.taken, 2); /* the two quick ones; the sleepers abandoned, not reported */
	assert_int_equal(c.times[0] + c.times[1], 2);
	close(c.marker_fd);
}

static void test_refused_result_stops(void **state)
{
	(void)state;
	ctx c;
	ctx_init(&c);
	c.sleep_from = 3;
	c.refuse_after = 1;
	size_t started;
	assert_int_equal(run(&c, 10, 2, &started), 0);
	assert_int_equal(c.taken, 1); /* nothing after the refusal */
	close(c.marker_fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_task_once),
		cmocka_unit_test(test_fewer_tasks_than_workers),
		cmocka_unit_test(test_death_is_the_task_failure),
		cmocka_unit_test(test_stop_kills_the_workers),
		cmocka_unit_test(test_refused_result_stops),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
