/* workers.h — tasks run in forked worker processes, each result sent back
 * to the parent over a socket. For work that keeps state for the whole
 * process and so cannot run in threads side by side: ODE, which moves
 * bodies, keeps its solver's random seed and its trimesh colliders' caches
 * in globals (Debian's libode has no thread-local storage), so two bodies
 * stepped at once in one process disturb each other. A worker process
 * has its own copy of all of it.
 *
 * The parent does everything but the work: it hands out the tasks one at
 * a time (the next to the first worker free), takes each result as it
 * arrives, and keeps every file (a worker closes every descriptor it
 * inherited but its socket, and points stdin and stdout at /dev/null). A
 * worker that dies (a crash, a kill, out of memory) is reported with its
 * task and why, and another takes its place for the remaining tasks.
 * Asked to stop, the parent kills its workers (SIGKILL), keeps the results
 * already sent and reaps every worker before it returns: no zombie, no
 * descriptor left open. A worker dies with the parent (PR_SET_PDEATHSIG)
 * and ignores SIGINT and SIGTERM: sent to a whole process group (Ctrl-C, a
 * batch system's time limit) they reach the parent too, which ends it. */
#ifndef C2_CLI_WORKERS_H
#define C2_CLI_WORKERS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cli_workers_job {
	size_t nworkers;     /* processes at once (>= 1; no more than the tasks are started) */
	const size_t *tasks; /* what to do, in the order to hand it out */
	size_t ntasks;
	size_t result_size;  /* bytes of one result */
	/* In a worker: do `task`, its result into out[0..result_size). */
	void (*work)(void *ctx, size_t task, void *out);
	/* In the parent, as results arrive: `task`'s result, or (result NULL)
	 * why its worker died without one; seconds since the task was handed
	 * out. Non-zero: take no more (the parent stops, as by `stop`). */
	int (*take)(void *ctx, size_t task, const void *result, const char *died, double seconds);
	/* In the parent, between results and at least every 200 ms: true to
	 * stop (the workers are killed; their tasks are not reported). */
	bool (*stop)(void *ctx);
	void (*idle)(void *ctx); /* may be NULL: called as `stop` is (progress) */
	void *ctx;
} cli_workers_job;

/* Run the job's tasks until they are done or it stops. *started: the
 * workers started at first (0 when none could be). Returns 0, or the errno
 * of the failure (fork, socketpair, memory) that left tasks undone with no
 * worker to do them. */
int cli_workers_run(const cli_workers_job *job, size_t *started);

#endif
