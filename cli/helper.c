/* helper.c — finding c2rt-view and running it: `c2rt view` exec'd, PNG
 * plots drawn through a pipe (helper.h). */
#include "cli/helper.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"

extern char **environ;

/* DIR/c2rt-view when that is an executable file: a new string, else NULL.
 * The folder is added to `tried` either way. */
static char *try_dir(const char *dir, char *tried, size_t n)
{
	size_t used = strlen(tried);
	if (used + 1 < n)
		snprintf(tried + used, n - used, "%s%s", used ? ", " : "", dir);
	char path[PATH_MAX];
	int len = snprintf(path, sizeof path, "%s/%s", dir, CLI_HELPER_NAME);
	struct stat st;
	if (len < 0 || (size_t)len >= sizeof path || stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
	    access(path, X_OK) != 0)
		return NULL;
	return strdup(path);
}

char *cli_helper_find(char *tried, size_t n)
{
	if (n)
		tried[0] = '\0';
	const char *env = getenv(CLI_HELPER_ENV);
	char *found = env && *env ? try_dir(env, tried, n) : NULL;
	if (found)
		return found;
	/* Beside this program, then where an install keeps it. */
	char exe[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len <= 0)
		return NULL;
	exe[len] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	if ((found = try_dir(exe, tried, n)) != NULL)
		return found;
	char lib[PATH_MAX];
	if ((size_t)snprintf(lib, sizeof lib, "%s/%s", exe, CLI_HELPER_LIBEXEC) >= sizeof lib)
		return NULL;
	return try_dir(lib, tried, n);
}

/* "c2rt CMD: [WHAT: ]SUBJECT needs c2rt-view, not found in ..." */
static int not_found(const char *cmd, const char *what, const char *subject, const char *tried)
{
	return cli_fail(CLI_BAD, cmd,
	                "%s%s%s needs " CLI_HELPER_NAME ", not found in %s; install c2rt's viewer "
	                "(make install), or name its folder in " CLI_HELPER_ENV,
	                what ? what : "", what ? ": " : "", subject, tried[0] ? tried : "(nowhere)");
}

int cli_helper_check(const char *cmd, const char *what)
{
	char tried[4 * PATH_MAX];
	char *helper = cli_helper_find(tried, sizeof tried);
	free(helper);
	return helper ? CLI_OK : not_found(cmd, what, "drawing", tried);
}

int cli_helper_exec(const char *cmd, int argc, char **argv)
{
	char tried[4 * PATH_MAX];
	char *helper = cli_helper_find(tried, sizeof tried);
	if (!helper)
		return not_found(cmd, NULL, "the window", tried);
	char **args = malloc(((size_t)argc + 2) * sizeof *args);
	if (!args) {
		free(helper);
		return cli_fail(CLI_BAD, cmd, "out of memory");
	}
	args[0] = helper;
	for (int i = 0; i < argc; i++)
		args[i + 1] = argv[i];
	args[argc + 1] = NULL;
	/* Nothing printed so far may be lost with this process's buffers. */
	if (cli_stdout_check(cmd) == CLI_OK) {
		fflush(stderr);
		execv(helper, args);
		cli_fail(CLI_BAD, cmd, "cannot run %s: %s", helper, strerror(errno));
	}
	free(args);
	free(helper);
	return CLI_BAD;
}

/* ---- drawing ------------------------------------------------------------------ */

/* A child's end of the conversation: its standard input (a socket, so that
 * writing to a child that has gone fails with EPIPE instead of SIGPIPE),
 * the file it writes the PNG to, and its standard error. */
typedef struct child {
	pid_t pid;
	int in, err; /* our ends */
} child;

/* A pipe (or with `sock`, a socket pair) whose ends close on exec. */
static int channel(int fd[2], int sock)
{
	if ((sock ? socketpair(AF_UNIX, SOCK_STREAM, 0, fd) : pipe(fd)) != 0)
		return -1;
	fcntl(fd[0], F_SETFD, FD_CLOEXEC);
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	return 0;
}

static int spawn(char *helper, int out_fd, child *c, char *why, size_t n)
{
	int sv[2], ep[2];
	if (channel(sv, 1) != 0) {
		snprintf(why, n, "cannot run %s: %s", helper, strerror(errno));
		return -1;
	}
	if (channel(ep, 0) != 0) {
		snprintf(why, n, "cannot run %s: %s", helper, strerror(errno));
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
	posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	posix_spawn_file_actions_adddup2(&fa, ep[1], 2);
	char draw[] = "draw";
	char *argv[] = {helper, draw, NULL};
	int rc = posix_spawn(&c->pid, helper, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(sv[1]);
	close(ep[1]);
	if (rc != 0) {
		snprintf(why, n, "cannot run %s: %s", helper, strerror(rc));
		close(sv[0]);
		close(ep[0]);
		return -1;
	}
	c->in = sv[0];
	c->err = ep[0];
	return 0;
}

/* Send the request (stopping early when the child has gone: it says why),
 * collect what it says on standard error, and wait for it. Returns 0 when
 * it drew the picture, else -1 with the reason in why. */
static int converse(const char *helper, child *c, const c2_wbuf *req, char *why, size_t n)
{
	for (size_t off = 0; off < req->len;) {
		ssize_t k = send(c->in, req->data + off, req->len - off, MSG_NOSIGNAL);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		off += (size_t)k;
	}
	close(c->in);
	size_t got = 0;
	for (;;) {
		char buf[512];
		ssize_t k = read(c->err, buf, sizeof buf);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		for (ssize_t i = 0; i < k && got + 1 < n; i++)
			why[got++] = buf[i];
	}
	close(c->err);
	while (got && (why[got - 1] == '\n' || why[got - 1] == '\r'))
		got--;
	if (n)
		why[got] = '\0';
	int status;
	while (waitpid(c->pid, &status, 0) < 0)
		if (errno != EINTR) {
			snprintf(why, n, "cannot wait for %s: %s", helper, strerror(errno));
			return -1;
		}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (got)
		return -1;
	if (WIFSIGNALED(status))
		snprintf(why, n, "%s was killed by signal %d", helper, WTERMSIG(status));
	else
		snprintf(why, n, "%s failed (exit %d) without saying why", helper, WEXITSTATUS(status));
	return -1;
}

int cli_plot(const char *cmd, const char *what, const char *path, const cli_plot_req *q,
             const trace_series *d)
{
	const char *pre = what ? what : "", *sep = what ? ": " : "";
	char tried[4 * PATH_MAX], why[2048];
	char *helper = cli_helper_find(tried, sizeof tried);
	if (!helper)
		return not_found(cmd, what, "drawing", tried);
	c2_wbuf req = {0};
	int rc = CLI_BAD;
	cli_out o;
	if (cli_plot_encode(q, d, &req) != 0 || req.oom)
		cli_fail(CLI_BAD, cmd, "%s%s%s", pre, sep, req.oom ? "out of memory" : "nothing to draw");
	else if ((rc = cli_out_open(&o, cmd, path)) == CLI_OK) {
		/* The child writes into o's file (or our standard output) itself. */
		child c;
		if (fflush(o.f) != 0 || spawn(helper, fileno(o.f), &c, why, sizeof why) != 0 ||
		    converse(helper, &c, &req, why, sizeof why) != 0) {
			cli_out_abort(&o);
			rc = cli_fail(CLI_BAD, cmd, "%s%s%s", pre, sep, why);
		} else {
			rc = cli_out_commit(&o, cmd);
		}
	}
	c2_wbuf_free(&req);
	free(helper);
	return rc;
}
