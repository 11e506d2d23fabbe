/* output.c — how every c2rt command writes files: checked before the work,
 * streamed to a temporary file, renamed into place at the end (cli.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

/* ---- removing temporary files when interrupted ----------------------------------
 * A SIGKILL cannot be caught (its temporary file stays beside the target,
 * named PATH.tmp.PID.N, and the target is untouched); Ctrl-C, SIGTERM,
 * SIGHUP and SIGPIPE (standard output piped to a reader that went away)
 * remove the temporary files of the outputs still open, then end the
 * process as the signal would have. */

enum { MAX_PENDING = 16 };
static char *volatile pending[MAX_PENDING];
static bool handlers_installed;

static void on_signal(int sig)
{
	for (int i = 0; i < MAX_PENDING; i++)
		if (pending[i])
			unlink(pending[i]); /* async-signal-safe */
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install_handlers(void)
{
	if (handlers_installed)
		return;
	handlers_installed = true;
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		struct sigaction old, sa;
		/* A signal someone chose to ignore or handle stays theirs. */
		if (sigaction(sigs[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL)
			continue;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

/* Add or remove a temporary file with the signals blocked, so the handler
 * never sees a slot half-changed. */
static void track(char *tmp, bool add)
{
	sigset_t all, old;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	for (int i = 0; i < MAX_PENDING; i++) {
		if (add && !pending[i]) {
			pending[i] = tmp;
			break;
		}
		if (!add && pending[i] == tmp)
			pending[i] = NULL;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
}

/* ---- outputs ----------------------------------------------------------------- */

static bool is_stdout(const char *path)
{
	return strcmp(path, "-") == 0;
}

int cli_out_open(cli_out *o, const char *cmd, const char *path)
{
	memset(o, 0, sizeof *o);
	o->path = path;
	if (is_stdout(path)) {
		o->f = stdout;
		return CLI_OK;
	}
	install_handlers();
	c2_err err;
	if (c2_out_open(&o->o, path, &err) != 0)
		return cli_fail(CLI_BAD, cmd, "cannot write %s: %s", path, err.msg);
	track(o->o.tmp, true);
	o->f = o->o.f;
	return CLI_OK;
}

int cli_out_commit(cli_out *o, const char *cmd)
{
	if (!o->f)
		return CLI_OK;
	if (o->f == stdout) {
		o->f = NULL;
		return cli_stdout_check(cmd);
	}
	/* Data already printed was lost: the files stay as they were. */
	if (cli_stdout_check(cmd) != CLI_OK) {
		cli_out_abort(o);
		return CLI_BAD;
	}
	track(o->o.tmp, false);
	o->f = NULL;
	c2_err err;
	if (c2_out_commit(&o->o, &err) != 0)
		return cli_fail(CLI_BAD, cmd, "cannot write %s: %s", o->path, err.msg);
	return CLI_OK;
}

void cli_out_abort(cli_out *o)
{
	if (o->f && o->f != stdout) {
		track(o->o.tmp, false);
		c2_out_abort(&o->o);
	}
	o->f = NULL;
}

int cli_write(const char *cmd, const char *path, const void *data, size_t len)
{
	cli_out o;
	int rc = cli_out_open(&o, cmd, path);
	if (rc)
		return rc;
	if (len && fwrite(data, 1, len, o.f) != len) {
		int e = errno;
		cli_out_abort(&o);
		return cli_fail(CLI_BAD, cmd, "cannot write %s: %s", path, strerror(e));
	}
	return cli_out_commit(&o, cmd);
}

/* ---- the standard streams ------------------------------------------------------ */

static bool stdout_failed; /* and said so */

int cli_stdout_check(const char *cmd)
{
	if (stdout_failed)
		return CLI_BAD;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return CLI_OK;
	stdout_failed = true;
	return cli_fail(CLI_BAD, cmd, "cannot write to standard output: %s", strerror(errno));
}

int cli_finish(const char *cmd, int rc)
{
	cli_paths_done();
	int e = cli_stdout_check(cmd);
	errno = 0;
	if (fclose(stdout) != 0 && !stdout_failed) {
		stdout_failed = true;
		e = cli_fail(CLI_BAD, cmd, "cannot write to standard output: %s", strerror(errno));
	}
	return e ? CLI_BAD : rc;
}

void cli_guard_streams(void)
{
	/* Standard output opened read-only: every write to it fails, and
	 * cli_finish says so. Standard input write-only: reading "-" fails.
	 * Standard error on /dev/null: messages are lost, nothing else. */
	static const int modes[3] = {O_WRONLY, O_RDONLY, O_WRONLY};
	for (int fd = 0; fd < 3; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		int got = open("/dev/null", modes[fd]);
		if (got >= 0 && got != fd) { /* a lower one was closed too and took it: move it */
			dup2(got, fd);
			close(got);
		}
	}
}
