/* fileio.c — bounded whole-file reads; outputs written to a temporary file
 * beside the target and renamed into place on commit. */
#include "base/fileio.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The cap as a refusal: the same words for a regular file (refused from its
 * size before reading) and for a pipe, device or stdin (refused once one
 * byte more than the cap has arrived). No offset: the file is not wrong at
 * any one place, and text formats count lines, not bytes. */
static int too_big(c2_err *err, size_t cap)
{
	return c2_fail(err, C2_ETOOBIG, -1, -1, "file larger than the %zu-byte limit", cap);
}

/* The sticky bit (XSI, not in plain POSIX headers). */
#ifndef S_ISVTX
#define S_ISVTX 01000
#endif

int c2_read_file(const char *path, size_t cap, uint8_t **out, size_t *len, c2_err *err)
{
	return c2_read_file_checked(path, cap, 0, NULL, out, len, err);
}

int c2_read_file_checked(const char *path, size_t cap, size_t head, c2_head_check check,
                         uint8_t **out, size_t *len, c2_err *err)
{
	*out = NULL;
	*len = 0;
	int is_stdin = strcmp(path, "-") == 0;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (!f)
		return c2_fail(err, C2_EIO, -1, -1, "cannot open: %s", strerror(errno));
	struct stat st;
	int rc = 0, known = fstat(fileno(f), &st) == 0;
	if (known && S_ISDIR(st.st_mode))
		rc = c2_fail(err, C2_EIO, -1, -1, "is a directory, not a file");
	else if (known && S_ISREG(st.st_mode) && (uintmax_t)st.st_size > cap)
		rc = too_big(err, cap);
	/* Never more than cap + 1 bytes, whatever the file: a device or a pipe
	 * (/dev/zero) has no size to check first. */
	size_t limit = cap < SIZE_MAX - 1 ? cap + 1 : SIZE_MAX - 1;
	size_t size = 0, alloc = limit < 4096 ? limit : 4096;
	uint8_t *buf = rc ? NULL : malloc(alloc + 1);
	if (!rc && !buf)
		rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	while (rc == 0) {
		if (size == alloc) {
			if (size > cap) {
				rc = too_big(err, cap);
				break;
			}
			size_t nalloc = alloc <= limit / 2 ? alloc * 2 : limit;
			uint8_t *nb = realloc(buf, nalloc + 1);
			if (!nb) {
				rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
				break;
			}
			buf = nb;
			alloc = nalloc;
		}
		size_t want = alloc - size;
		if (check && size < head && want > head - size)
			want = head - size; /* the head alone first */
		size_t n = fread(buf + size, 1, want, f);
		size += n;
		if (check && (size >= head || n == 0)) {
			if ((rc = check(buf, size < head ? size : head, err)) != 0)
				break;
			check = NULL;
		}
		if (n == 0) {
			if (ferror(f))
				rc = c2_fail(err, C2_EIO, -1, -1, "read error after %zu bytes: %s", size,
				             strerror(errno));
			break;
		}
	}
	if (!is_stdin)
		fclose(f);
	if (rc == 0 && size > cap)
		rc = too_big(err, cap);
	if (rc != 0) {
		free(buf);
		return rc;
	}
	buf[size] = '\0';
	*out = buf;
	*len = size;
	return 0;
}

/* ---- outputs ---------------------------------------------------------------- */

/* The directory part of path ("." when there is none), in a new string. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t n = !slash ? 1 : slash == path ? 1 : (size_t)(slash - path);
	char *d = malloc(n + 1);
	if (!d)
		return NULL;
	memcpy(d, !slash ? "." : path, n);
	d[n] = '\0';
	return d;
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

char *c2_path_follow(const char *path, c2_err *err)
{
	char *cur = strdup(path);
	if (!cur) {
		c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		return NULL;
	}
	/* Only the last component: the kernel follows the directories' links
	 * itself when the file is made there, and so does stat(). */
	for (int hops = 0;; hops++) {
		struct stat st;
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		char target[4096];
		ssize_t n = hops < 40 ? readlink(cur, target, sizeof target - 1) : -1;
		if (n <= 0) {
			c2_fail(err, C2_EIO, -1, -1, "%s",
			        hops < 40 ? strerror(errno) : "too many levels of symbolic links");
			free(cur);
			return NULL;
		}
		target[n] = '\0';
		size_t dl = target[0] == '/' || !strchr(cur, '/') ? 0 : (size_t)(base_of(cur) - cur);
		char *next = malloc(dl + (size_t)n + 1);
		if (!next) {
			free(cur);
			c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
			return NULL;
		}
		memcpy(next, cur, dl); /* the link's directory, with its slash */
		memcpy(next + dl, target, (size_t)n + 1);
		free(cur);
		cur = next;
	}
}

/* The longest name the file system of `dir` takes (NAME_MAX when it does
 * not say). */
static size_t name_max(const char *dir)
{
	long n = pathconf(dir, _PC_NAME_MAX);
	return n > 0 ? (size_t)n : 255;
}

/* Can `dir` hold a new name, and can `st` (the target, when it exists) be
 * replaced there? */
static int check_dir(const char *dir, const char *base, const struct stat *target, c2_err *err)
{
	struct stat st;
	if (stat(dir, &st) != 0)
		return c2_fail(err, C2_EIO, -1, -1, "directory '%s': %s", dir,
		               errno == ENOENT ? "does not exist" : strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return c2_fail(err, C2_EIO, -1, -1, "'%s' is not a directory", dir);
	if (access(dir, W_OK | X_OK) != 0)
		return c2_fail(err, C2_EIO, -1, -1, "directory '%s' is not writable: %s", dir,
		               strerror(errno));
	size_t nmax = name_max(dir);
	if (strlen(base) > nmax)
		return c2_fail(err, C2_EIO, -1, -1, "the name is too long (%zu bytes; the file system "
		                                    "of '%s' takes at most %zu)",
		               strlen(base), dir, nmax);
	/* In a sticky directory (/tmp) only the owner of a file, or of the
	 * directory, may rename over it. */
	uid_t me = geteuid();
	if (target && (st.st_mode & S_ISVTX) && me != 0 && target->st_uid != me && st.st_uid != me)
		return c2_fail(err, C2_EIO, -1, -1, "directory '%s' is sticky and the file belongs to "
		                                    "another user: it cannot be replaced",
		               dir);
	return 0;
}

/* c2_out_check on a path whose last component is not a symlink. */
static int check_followed(const char *path, c2_err *err)
{
	if (!*path)
		return c2_fail(err, C2_EIO, -1, -1, "an empty file name");
	if (strlen(path) >= 4096)
		return c2_fail(err, C2_EIO, -1, -1, "the path is too long (%zu bytes)", strlen(path));
	struct stat st;
	bool exists = stat(path, &st) == 0;
	if (exists) {
		if (S_ISDIR(st.st_mode))
			return c2_fail(err, C2_EIO, -1, -1, "is a directory");
		if (!S_ISREG(st.st_mode))
			return c2_fail(err, C2_EIO, -1, -1,
			               "is not a regular file (a device, FIFO or socket is never replaced)");
	} else if (errno != ENOENT) {
		return c2_fail(err, C2_EIO, -1, -1, "%s", strerror(errno));
	}
	if (!*base_of(path))
		return c2_fail(err, C2_EIO, -1, -1, "names a directory");
	/* The temporary file is created in the target's directory, and even an
	 * existing target is replaced by a rename there. */
	char *dir = dir_of(path);
	if (!dir)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	int rc = check_dir(dir, base_of(path), exists ? &st : NULL, err);
	free(dir);
	return rc;
}

int c2_out_check(const char *path, c2_err *err)
{
	char *real = c2_path_follow(path, err);
	if (!real)
		return C2_EIO;
	int rc = check_followed(real, err);
	free(real);
	return rc;
}

void c2_out_abort(c2_out *o)
{
	if (o->f)
		fclose(o->f);
	if (o->tmp)
		unlink(o->tmp);
	free(o->tmp);
	free(o->path);
	o->f = NULL;
	o->tmp = o->path = NULL;
}

/* The k-th temporary name beside `path`: "NAME.tmp.PID.K", NAME cut short
 * when the whole would not fit the file system's name limit (a target
 * name near the limit must not fail only because of the suffix). */
static void tmp_name(char *buf, size_t cap, const char *path, size_t nmax, unsigned k)
{
	char suffix[48];
	int sl = snprintf(suffix, sizeof suffix, ".tmp.%ld.%u", (long)getpid(), k);
	const char *base = base_of(path);
	size_t keep = strlen(base);
	if (keep + (size_t)sl > nmax)
		keep = nmax > (size_t)sl ? nmax - (size_t)sl : 1;
	snprintf(buf, cap, "%.*s%.*s%s", (int)(base - path), path, (int)keep, base, suffix);
}

int c2_out_open(c2_out *o, const char *path, c2_err *err)
{
	o->f = NULL;
	o->tmp = NULL;
	/* A symlink is written through: the file it names is replaced, the
	 * link stays. */
	o->path = c2_path_follow(path, err);
	if (!o->path)
		return C2_EIO;
	int rc = check_followed(o->path, err);
	if (rc) {
		c2_out_abort(o);
		return rc;
	}
	size_t n = strlen(o->path);
	o->tmp = malloc(n + 48);
	char *dir = dir_of(o->path);
	if (!o->tmp || !dir) {
		free(dir);
		c2_out_abort(o);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	size_t nmax = name_max(dir);
	free(dir);
	/* open() applies the umask to 0666, as for any new file; O_EXCL never
	 * reuses a file, and the counter steps past leftovers of a killed run
	 * that had our process id. */
	int fd = -1;
	for (unsigned k = 0; fd < 0 && k < 1000; k++) {
		tmp_name(o->tmp, n + 48, o->path, nmax, k);
		fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		rc = c2_fail(err, C2_EIO, -1, -1, "cannot create a temporary file beside it: %s",
		             strerror(errno));
		free(o->tmp); /* nothing was created */
		o->tmp = NULL;
		c2_out_abort(o);
		return rc;
	}
	struct stat st;
	if (stat(o->path, &st) == 0 && S_ISREG(st.st_mode))
		(void)fchmod(fd, st.st_mode & 0777); /* replacing a file keeps its permissions */
	o->f = fdopen(fd, "wb");
	if (!o->f) {
		rc = c2_fail(err, C2_EIO, -1, -1, "%s", strerror(errno));
		close(fd);
		c2_out_abort(o);
		return rc;
	}
	return 0;
}

int c2_out_probe(const char *path, c2_err *err)
{
	c2_out o;
	int rc = c2_out_open(&o, path, err);
	if (rc == 0)
		c2_out_abort(&o);
	return rc;
}

int c2_out_write(c2_out *o, const void *data, size_t len, c2_err *err)
{
	if (len && fwrite(data, 1, len, o->f) != len)
		return c2_fail(err, C2_EIO, -1, -1, "write failed: %s", strerror(errno));
	return 0;
}

int c2_out_commit(c2_out *o, c2_err *err)
{
	int rc = 0;
	if (fflush(o->f) != 0 || ferror(o->f))
		rc = c2_fail(err, C2_EIO, -1, -1, "write failed: %s", strerror(errno));
	else if (fsync(fileno(o->f)) != 0)
		rc = c2_fail(err, C2_EIO, -1, -1, "cannot sync to disk: %s", strerror(errno));
	FILE *f = o->f;
	o->f = NULL;
	if (fclose(f) != 0 && rc == 0)
		rc = c2_fail(err, C2_EIO, -1, -1, "write failed: %s", strerror(errno));
	if (rc == 0 && rename(o->tmp, o->path) != 0)
		rc = c2_fail(err, C2_EIO, -1, -1, "cannot rename the temporary file into place: %s",
		             strerror(errno));
	if (rc == 0) {
		free(o->tmp); /* renamed: nothing to remove */
		o->tmp = NULL;
	}
	c2_out_abort(o);
	return rc;
}

int c2_write_file_atomic(const char *path, const void *data, size_t len, c2_err *err)
{
	c2_out o;
	int rc = c2_out_open(&o, path, err);
	if (rc)
		return rc;
	if ((rc = c2_out_write(&o, data, len, err)) != 0) {
		c2_out_abort(&o);
		return rc;
	}
	return c2_out_commit(&o, err);
}
