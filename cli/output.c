/* output.c — how every c2rt command writes files: checked before the work,
 * streamed to a temporary file, renamed into place at the end (cli.h). */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

/* ---- removing temporary files when interrupted ----------------------------------
 * A SIGKILL cannot be caught (its temporary file stays beside the target,
 * named PATH.tmp.PID.N, and the target is untouched); Ctrl-C, SIGTERM and
 * SIGHUP remove the temporary files of the outputs still open, then end the
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
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
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
		if (fflush(stdout) != 0 || ferror(stdout))
			return cli_fail(CLI_BAD, cmd, "cannot write to standard output: %s", strerror(errno));
		return CLI_OK;
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

/* ---- checking paths before the work -------------------------------------------- */

/* What a path names: an existing file (device and inode), or a name that
 * does not exist yet (its directory's device and inode, and the last
 * component), so "a.csv" and "./a.csv" are found to be the same output. */
typedef struct file_id {
	bool exists, known;
	dev_t dev;
	ino_t ino;
	const char *base;
} file_id;

static file_id identify(const char *path)
{
	file_id id = {false, false, 0, 0, NULL};
	struct stat st;
	if (stat(path, &st) == 0) {
		id.exists = id.known = true;
		id.dev = st.st_dev;
		id.ino = st.st_ino;
		return id;
	}
	const char *slash = strrchr(path, '/');
	id.base = slash ? slash + 1 : path;
	char dir[4096];
	size_t n = !slash ? 1 : slash == path ? 1 : (size_t)(slash - path);
	if (n >= sizeof dir)
		return id;
	memcpy(dir, !slash ? "." : path, n);
	dir[n] = '\0';
	if (stat(dir, &st) == 0) {
		id.known = true;
		id.dev = st.st_dev;
		id.ino = st.st_ino;
	}
	return id;
}

static bool same_id(const file_id *a, const file_id *b)
{
	if (!a->known || !b->known || a->exists != b->exists || a->dev != b->dev || a->ino != b->ino)
		return false;
	return a->exists || strcmp(a->base, b->base) == 0;
}

int cli_check_paths(const char *cmd, const cli_path *outs, size_t nout, const cli_path *ins,
                    size_t nin)
{
	for (size_t i = 0; i < nout; i++) {
		const char *p = outs[i].path;
		if (!p)
			continue;
		if (!is_stdout(p)) {
			c2_err err;
			if (c2_out_check(p, &err) != 0)
				return cli_fail(CLI_BAD, cmd, "cannot write %s %s: %s", outs[i].what, p, err.msg);
		}
		file_id id = identify(p);
		for (size_t j = 0; j < nin; j++) {
			const char *q = ins[j].path;
			if (!q || is_stdout(q) || is_stdout(p))
				continue;
			file_id in = identify(q);
			if (in.exists && same_id(&id, &in))
				return cli_fail(CLI_BAD, cmd, "%s %s is the %s input: refusing to overwrite it",
				                outs[i].what, p, ins[j].what);
		}
		for (size_t j = 0; j < i; j++) {
			const char *q = outs[j].path;
			if (!q)
				continue;
			if (is_stdout(p) && is_stdout(q))
				return cli_fail(CLI_BAD, cmd, "%s and %s both write to standard output",
				                outs[j].what, outs[i].what);
			if (is_stdout(p) || is_stdout(q))
				continue;
			file_id other = identify(q);
			if (same_id(&id, &other))
				return cli_fail(CLI_BAD, cmd, "%s and %s name the same file %s", outs[j].what,
				                outs[i].what, p);
		}
	}
	return CLI_OK;
}
