/* journal.c — a target's lock and journal, and the target written whole at
 * the end (journal.h). */
#include "cli/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fileio.h"
#include "cli/cli.h"

/* How often the lock is tried again when the file locked was removed by
 * the writer that had it, between our open and our lock. */
enum { LOCK_TRIES = 8 };

/* The file a symlink names, following links (a relative one from its
 * link's folder) into buf; path itself when it is no link. */
static void follow(const char *path, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s", path);
	for (int depth = 0; depth < 40; depth++) { /* as the kernel's limit on loops */
		struct stat st;
		char link[4096], next[8192];
		ssize_t n;
		if (lstat(buf, &st) != 0 || !S_ISLNK(st.st_mode) ||
		    (n = readlink(buf, link, sizeof link - 1)) <= 0)
			return;
		link[n] = '\0';
		const char *slash = strrchr(buf, '/');
		int dir = link[0] == '/' || !slash ? 0 : (int)(slash - buf) + 1;
		size_t len = (size_t)snprintf(next, sizeof next, "%.*s%s", dir, buf, link);
		if (len >= cap)
			return;
		memcpy(buf, next, len + 1);
	}
}

/* PATH (or, for a symlink, the file it names) plus `suffix`, malloc'd. */
static char *beside(const char *path, const char *suffix)
{
	char base[4096];
	follow(path, base, sizeof base);
	size_t n = strlen(base) + strlen(suffix) + 1;
	char *s = malloc(n);
	if (s)
		snprintf(s, n, "%s%s", base, suffix);
	return s;
}

/* "PID on HOST" of the lock's holder, as it wrote it, into buf. */
static void holder(int fd, char *buf, size_t cap)
{
	char raw[160];
	ssize_t n = pread(fd, raw, sizeof raw - 1, 0);
	raw[n > 0 ? n : 0] = '\0';
	unsigned long pid = 0;
	char host[128] = "";
	if (sscanf(raw, "%lu %127s", &pid, host) >= 1 && pid)
		snprintf(buf, cap, "pid %lu%s%s", pid, host[0] ? " on " : "", host);
	else
		snprintf(buf, cap, "pid unknown");
}

/* Does fd still hold the file named path (not one removed meanwhile)? */
static bool still_named(int fd, const char *path)
{
	struct stat a, b;
	return fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* Lock it: 0, EWOULDBLOCK (held: *fd open on it for holder()), or an errno. */
static int take(const char *lock_path, int *fd)
{
	for (int tries = 0; tries < LOCK_TRIES; tries++) {
		*fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
		if (*fd < 0)
			return errno;
		if (flock(*fd, LOCK_EX | LOCK_NB) != 0) {
			int e = errno;
			if (e != EWOULDBLOCK) {
				close(*fd);
				*fd = -1;
			}
			return e;
		}
		/* The writer before us removes the lock file as it ends: locking
		 * the removed file would lock nothing. */
		if (still_named(*fd, lock_path))
			return 0;
		close(*fd);
	}
	*fd = -1;
	return EAGAIN;
}

int cli_journal_lock(cli_journal *j, const char *cmd, const char *path)
{
	memset(j, 0, sizeof *j);
	j->path = path;
	j->lock_fd = j->fd = -1;
	j->lock_path = beside(path, ".lock");
	j->journal_path = beside(path, ".journal");
	if (!j->lock_path || !j->journal_path) {
		cli_journal_close(j);
		return cli_fail(CLI_BAD, cmd, "out of memory");
	}
	int fd, e = take(j->lock_path, &fd);
	if (e == EWOULDBLOCK) {
		char who[200];
		holder(fd, who, sizeof who);
		close(fd);
		cli_journal_close(j);
		return cli_fail(CLI_BAD, cmd, "%s is being written by another c2rt (%s): wait for it to end, "
		                              "or choose another file",
		                path, who);
	}
	if (e) {
		cli_fail(CLI_BAD, cmd, "cannot lock %s (%s): %s", path, j->lock_path, strerror(e));
		cli_journal_close(j);
		return CLI_BAD;
	}
	j->lock_fd = fd;
	char me[200], host[128] = "";
	if (gethostname(host, sizeof host - 1) != 0)
		host[0] = '\0';
	host[sizeof host - 1] = '\0';
	int n = snprintf(me, sizeof me, "%ld %s\n", (long)getpid(), host);
	/* Who holds it is for messages only: a failure here changes nothing. */
	if (ftruncate(fd, 0) == 0 && pwrite(fd, me, (size_t)n, 0) != n)
		(void)ftruncate(fd, 0);
	return CLI_OK;
}

int cli_journal_read(cli_journal *j, size_t cap, uint8_t **text, size_t *len)
{
	*text = NULL;
	*len = 0;
	struct stat st;
	if (stat(j->journal_path, &st) != 0 && errno == ENOENT)
		return CLI_OK;
	c2_err err;
	if (c2_read_file(j->journal_path, cap, text, len, &err) != 0)
		return cli_report(j->journal_path, &err);
	return CLI_OK;
}

int cli_journal_start(cli_journal *j, const char *cmd, const void *data, size_t len)
{
	c2_err err;
	if (c2_write_file_atomic(j->journal_path, data, len, &err) != 0)
		return cli_fail(CLI_BAD, cmd, "cannot write %s: %s", j->journal_path, err.msg);
	j->fd = open(j->journal_path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (j->fd < 0)
		return cli_fail(CLI_BAD, cmd, "cannot append to %s: %s", j->journal_path, strerror(errno));
	return CLI_OK;
}

int cli_journal_append(cli_journal *j, const void *data, size_t len)
{
	const uint8_t *p = data;
	while (len > 0) {
		ssize_t k = write(j->fd, p, len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return k < 0 ? errno : EIO;
		p += k;
		len -= (size_t)k;
	}
	return 0;
}

int cli_journal_commit(cli_journal *j, const char *cmd, const void *data, size_t len)
{
	if (j->fd >= 0) {
		int e = close(j->fd) != 0 ? errno : 0;
		j->fd = -1;
		if (e)
			return cli_fail(CLI_BAD, cmd, "cannot write %s: %s", j->journal_path, strerror(e));
	}
	int rc = cli_write(cmd, j->path, data, len);
	/* Killed before this unlink, the journal holds the same rows as the
	 * new target: --resume finds nothing left to run. */
	if (rc == CLI_OK && unlink(j->journal_path) != 0 && errno != ENOENT)
		rc = cli_fail(CLI_BAD, cmd, "cannot remove %s: %s", j->journal_path, strerror(errno));
	return rc;
}

void cli_journal_close(cli_journal *j)
{
	if (!j->lock_path && !j->journal_path)
		return; /* zeroed, or closed already */
	if (j->fd >= 0)
		close(j->fd);
	if (j->lock_fd >= 0) {
		/* Removed while still locked: whoever opened it meanwhile finds it
		 * gone once they hold it, and starts again (take). */
		unlink(j->lock_path);
		close(j->lock_fd);
	}
	free(j->lock_path);
	free(j->journal_path);
	memset(j, 0, sizeof *j);
	j->lock_fd = j->fd = -1;
}

int cli_journal_idle(const char *cmd, const char *path)
{
	char *lock_path = beside(path, ".lock");
	if (!lock_path)
		return cli_fail(CLI_BAD, cmd, "out of memory");
	/* Only a look: no lock file is made beside a file we only read. */
	int fd = open(lock_path, O_RDONLY | O_CLOEXEC);
	free(lock_path);
	if (fd < 0)
		return CLI_OK;
	int rc = CLI_OK;
	if (flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
		char who[200];
		holder(fd, who, sizeof who);
		rc = cli_fail(CLI_BAD, cmd, "%s is being written by another c2rt (%s): wait for it to end",
		              path, who);
	}
	close(fd);
	return rc;
}
