/* workers.c — tasks in forked worker processes, results back over sockets
 * (workers.h). */
#define _GNU_SOURCE /* close_range, strsignal: a worker keeps none of its parent's descriptors */
#include "cli/workers.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The parent asks `stop` at least this often (ms); a worker's socket is
 * this descriptor in the worker. */
enum { POLL_MS = 200, WORKER_FD = 3 };

typedef struct worker {
	pid_t pid;          /* 0: no process in this place */
	int fd;             /* the parent's end of its socket */
	bool busy;          /* a task handed out, its result not back */
	size_t task;        /* that task */
	double since;       /* when it was handed out */
	size_t got;         /* bytes of the result read so far */
	unsigned char *buf; /* job->result_size bytes */
} worker;

typedef struct pool {
	const cli_workers_job *job;
	worker *w;
	size_t n;      /* places in w */
	size_t next;   /* the next task to hand out */
	bool stopping; /* workers killed: results already sent are still taken */
	bool taking;   /* take() has not refused */
	int err;       /* why a worker could not be started, or 0 */
} pool;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* All n bytes read from fd, or sent through it (without SIGPIPE, which
 * would kill us when the other end is gone): 0, or -1 at the end of the
 * stream or an error. */
static int transfer(int fd, void *p, size_t n, bool send_them)
{
	unsigned char *c = p;
	while (n > 0) {
		ssize_t k = send_them ? send(fd, c, n, MSG_NOSIGNAL) : read(fd, c, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		c += k;
		n -= (size_t)k;
	}
	return 0;
}

/* In a new worker: its socket moved to WORKER_FD, every other inherited
 * descriptor closed (the results' lock and journal stay the parent's
 * alone: a worker outliving a killed parent must not hold the lock),
 * stdin and stdout on /dev/null (nothing of a worker's may reach the rows
 * on stdout); stderr stays, for a crash's last words. */
static void keep_only(int fd)
{
	if (fd != WORKER_FD && dup2(fd, WORKER_FD) < 0)
		_exit(127);
	if (close_range(WORKER_FD + 1, ~0u, 0) != 0) { /* a kernel before 5.9 */
		long max = sysconf(_SC_OPEN_MAX);
		for (long i = WORKER_FD + 1; i < (max > 0 && max < 65536 ? max : 65536); i++)
			close((int)i);
	}
	int null = open("/dev/null", O_RDWR);
	if (null < 0)
		_exit(127);
	for (int i = 0; i < WORKER_FD; i++)
		if (i != null && (i < 2 || i == fd))
			dup2(null, i);
	if (null > 2)
		close(null);
}

/* A worker's life: a task in, its result out, until the parent closes its
 * end of the socket (or dies). */
static _Noreturn void worker_main(const cli_workers_job *job, int fd, pid_t parent)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent) /* the parent died before prctl */
		_exit(0);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	/* Ctrl-C, or a SIGTERM to every process of a job (a Slurm time limit),
	 * reaches the parent too, which ends us: a worker that died of it
	 * first would pass for a failed run. */
	sa.sa_handler = SIG_IGN;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	keep_only(fd);
	unsigned char *out = malloc(job->result_size);
	uint64_t task;
	while (out && transfer(WORKER_FD, &task, sizeof task, false) == 0) {
		memset(out, 0, job->result_size);
		job->work(job->ctx, (size_t)task, out);
		if (transfer(WORKER_FD, out, job->result_size, true) != 0)
			break;
	}
	/* _exit: no atexit handlers, no stdio buffers of the parent's flushed
	 * twice, nothing of the parent's (its lock) released. */
	_exit(out ? 0 : 1);
}

/* Start a worker in place w. 0 or an errno. */
static int spawn(pool *p, worker *w)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
		return errno;
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid < 0) {
		int e = errno;
		close(sv[0]);
		close(sv[1]);
		return e;
	}
	if (pid == 0) {
		close(sv[0]);
		worker_main(p->job, sv[1], parent);
	}
	close(sv[1]);
	w->pid = pid;
	w->fd = sv[0];
	w->busy = false;
	w->got = 0;
	return 0;
}

/* Stop: every worker killed (each is reaped as its socket ends). */
static void stop_all(pool *p)
{
	p->stopping = true;
	for (size_t i = 0; i < p->n; i++)
		if (p->w[i].pid)
			kill(p->w[i].pid, SIGKILL);
}

static void take(pool *p, size_t task, const void *result, const char *died, double seconds)
{
	if (p->taking && p->job->take(p->job->ctx, task, result, died, seconds) != 0) {
		p->taking = false;
		stop_all(p);
	}
}

/* Hand w the next task; with none left (or stopping), close its input:
 * it ends. A worker gone meanwhile shows as the end of its socket. */
static void give(pool *p, worker *w)
{
	if (p->stopping || p->next >= p->job->ntasks) {
		shutdown(w->fd, SHUT_WR);
		return;
	}
	w->task = p->job->tasks[p->next++];
	w->busy = true;
	w->since = now();
	uint64_t t = w->task;
	transfer(w->fd, &t, sizeof t, true);
}

/* w's process waited for and its socket closed; why it ended, for a task
 * it left unfinished, in why. */
static void reap(worker *w, char *why, size_t cap)
{
	int status = 0;
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFSIGNALED(status))
		snprintf(why, cap, "its worker process was killed by signal %d (%s)", WTERMSIG(status),
		         strsignal(WTERMSIG(status)));
	else if (WIFEXITED(status) && WEXITSTATUS(status))
		snprintf(why, cap, "its worker process exited with status %d", WEXITSTATUS(status));
	else
		snprintf(why, cap, "its worker process ended without a result");
	close(w->fd);
	w->fd = -1;
	w->pid = 0;
}

/* Read what w sent: a whole result is taken and w handed the next task;
 * the end of its socket means it ended: reaped, its unfinished task
 * reported, and another started in its place while tasks remain. */
static void on_input(pool *p, worker *w)
{
	size_t size = p->job->result_size;
	ssize_t k = read(w->fd, w->buf + w->got, size - w->got);
	if (k < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (k > 0) {
		w->got += (size_t)k;
		if (w->got == size) {
			w->got = 0;
			w->busy = false;
			take(p, w->task, w->buf, NULL, now() - w->since);
			give(p, w);
		}
		return;
	}
	char why[160];
	bool lost = w->busy;
	size_t task = w->task;
	double seconds = now() - w->since;
	reap(w, why, sizeof why);
	if (lost && !p->stopping)
		take(p, task, NULL, why, seconds);
	if (!p->stopping && p->next < p->job->ntasks) {
		int e = spawn(p, w);
		if (e)
			p->err = e;
		else
			give(p, w);
	}
}

/* Wait for what the live workers send, until none is left. */
static void serve(pool *p, struct pollfd *pf, size_t *at)
{
	const cli_workers_job *job = p->job;
	double shown = now();
	for (;;) {
		if (!p->stopping && job->stop(job->ctx))
			stop_all(p);
		size_t m = 0;
		for (size_t i = 0; i < p->n; i++)
			if (p->w[i].pid) {
				pf[m].fd = p->w[i].fd;
				pf[m].events = POLLIN;
				pf[m].revents = 0;
				at[m++] = i;
			}
		if (m == 0)
			return;
		int k = poll(pf, (nfds_t)m, POLL_MS);
		if (k < 0 && errno != EINTR) { /* cannot wait for them: end them */
			stop_all(p);
			for (size_t i = 0; i < p->n; i++) {
				char why[160];
				if (p->w[i].pid)
					reap(&p->w[i], why, sizeof why);
			}
			return;
		}
		for (size_t j = 0; k > 0 && j < m; j++)
			if (pf[j].revents)
				on_input(p, &p->w[at[j]]);
		if (job->idle && now() - shown >= POLL_MS / 1000.0) {
			job->idle(job->ctx);
			shown = now();
		}
	}
}

int cli_workers_run(const cli_workers_job *job, size_t *started)
{
	*started = 0;
	pool p;
	memset(&p, 0, sizeof p);
	p.job = job;
	p.taking = true;
	p.n = job->nworkers < job->ntasks ? job->nworkers : job->ntasks;
	size_t cap = p.n ? p.n : 1;
	p.w = calloc(cap, sizeof *p.w);
	struct pollfd *pf = calloc(cap, sizeof *pf);
	size_t *at = calloc(cap, sizeof *at);
	int rc = p.w && pf && at ? 0 : ENOMEM;
	for (size_t i = 0; rc == 0 && i < p.n; i++) {
		p.w[i].fd = -1;
		if (!(p.w[i].buf = malloc(job->result_size)))
			rc = ENOMEM;
	}
	for (size_t i = 0; rc == 0 && i < p.n; i++) {
		if ((p.err = spawn(&p, &p.w[i])) != 0)
			break; /* those started do the work */
		(*started)++;
		give(&p, &p.w[i]);
	}
	if (rc == 0)
		serve(&p, pf, at);
	if (rc == 0 && p.err && !p.stopping && p.next < job->ntasks)
		rc = p.err;
	for (size_t i = 0; p.w && i < p.n; i++)
		free(p.w[i].buf);
	free(p.w);
	free(pf);
	free(at);
	return rc;
}
