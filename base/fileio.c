/* fileio.c — bounded whole-file reads; outputs written to a temporary file
 * beside the target and renamed into place on commit. */
#include "base/fileio.h"

#include <errno.h>
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

int c2_out_check(const char *path, c2_err *err)
{
	if (!*path)
		return c2_fail(err, C2_EIO, -1, -1, "an empty file name");
	struct stat st;
	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return c2_fail(err, C2_EIO, -1, -1, "is a directory");
		if (!S_ISREG(st.st_mode))
			return c2_fail(err, C2_EIO, -1, -1,
			               "is not a regular file (a device, FIFO or socket is never replaced)");
	} else if (errno != ENOENT) {
		return c2_fail(err, C2_EIO, -1, -1, "%s", strerror(errno));
	}
	/* The temporary file is created in the target's directory, and even an
	 * existing target is replaced by a rename there. */
	char *dir = dir_of(path);
	if (!dir)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	int rc = 0;
	if (stat(dir, &st) != 0)
		rc = c2_fail(err, C2_EIO, -1, -1, "directory '%s': %s", dir,
		             errno == ENOENT ? "does not exist" : strerror(errno));
	else if (!S_ISDIR(st.st_mode))
		rc = c2_fail(err, C2_EIO, -1, -1, "'%s' is not a directory", dir);
	else if (access(dir, W_OK | X_OK) != 0)
		rc = c2_fail(err, C2_EIO, -1, -1, "directory '%s' is not writable: %s", dir,
		             strerror(errno));
	free(dir);
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

int c2_out_open(c2_out *o, const char *path, c2_err *err)
{
	o->f = NULL;
	o->tmp = o->path = NULL;
	int rc = c2_out_check(path, err);
	if (rc)
		return rc;
	size_t n = strlen(path);
	o->path = malloc(n + 1);
	o->tmp = malloc(n + 48);
	if (!o->path || !o->tmp) {
		c2_out_abort(o);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	memcpy(o->path, path, n + 1);
	/* open() applies the umask to 0666, as for any new file; O_EXCL never
	 * reuses a file, and the counter steps past leftovers of a killed run
	 * that had our process id. */
	int fd = -1;
	for (unsigned k = 0; fd < 0 && k < 1000; k++) {
		snprintf(o->tmp, n + 48, "%s.tmp.%ld.%u", path, (long)getpid(), k);
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
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
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
