/* fileio.c — bounded whole-file reads and atomic (temp + rename) writes. */
#include "base/fileio.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int c2_read_file(const char *path, size_t cap, uint8_t **out, size_t *len, c2_err *err)
{
	*out = NULL;
	*len = 0;
	int is_stdin = strcmp(path, "-") == 0;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (!f)
		return c2_fail(err, C2_EIO, -1, -1, "cannot open: %s", strerror(errno));

	size_t size = 0, alloc = 4096;
	uint8_t *buf = malloc(alloc + 1);
	if (!buf) {
		if (!is_stdin)
			fclose(f);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	int rc = 0;
	for (;;) {
		if (size == alloc) {
			if (alloc > cap) {
				rc = c2_fail(err, C2_ETOOBIG, (long)cap, -1,
				             "file larger than the %zu-byte limit", cap);
				break;
			}
			size_t nalloc = alloc * 2;
			uint8_t *nb = realloc(buf, nalloc + 1);
			if (!nb) {
				rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
				break;
			}
			buf = nb;
			alloc = nalloc;
		}
		size_t n = fread(buf + size, 1, alloc - size, f);
		size += n;
		if (n == 0) {
			if (ferror(f))
				rc = c2_fail(err, C2_EIO, (long)size, -1, "read error: %s", strerror(errno));
			break;
		}
	}
	if (!is_stdin)
		fclose(f);
	if (rc == 0 && size > cap)
		rc = c2_fail(err, C2_ETOOBIG, (long)cap, -1, "file larger than the %zu-byte limit", cap);
	if (rc != 0) {
		free(buf);
		return rc;
	}
	buf[size] = '\0';
	*out = buf;
	*len = size;
	return 0;
}

int c2_write_file_atomic(const char *path, const void *data, size_t len, c2_err *err)
{
	size_t plen = strlen(path);
	char *tmp = malloc(plen + 16);
	if (!tmp)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	memcpy(tmp, path, plen);
	memcpy(tmp + plen, ".tmp.XXXXXX", 12);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		int rc = c2_fail(err, C2_EIO, -1, -1, "cannot create temporary file: %s", strerror(errno));
		free(tmp);
		return rc;
	}
	const uint8_t *p = data;
	size_t left = len;
	while (left > 0) {
		ssize_t n = write(fd, p, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int rc = c2_fail(err, C2_EIO, -1, -1, "write failed: %s", strerror(errno));
			close(fd);
			unlink(tmp);
			free(tmp);
			return rc;
		}
		p += n;
		left -= (size_t)n;
	}
	/* mkstemp makes the file 0600; give it the usual permissions. */
	if (fchmod(fd, 0644) != 0 || fsync(fd) != 0 || close(fd) != 0) {
		int rc = c2_fail(err, C2_EIO, -1, -1, "cannot finish writing: %s", strerror(errno));
		unlink(tmp);
		free(tmp);
		return rc;
	}
	if (rename(tmp, path) != 0) {
		int rc = c2_fail(err, C2_EIO, -1, -1, "cannot rename into place: %s", strerror(errno));
		unlink(tmp);
		free(tmp);
		return rc;
	}
	free(tmp);
	return 0;
}
