/* fileio.h — bounded whole-file reads, and outputs that appear whole or not
 * at all.
 *
 * Readers refuse files above a caller-given cap (untrusted input never makes
 * us allocate without bound): a regular file from its size, before reading;
 * a pipe, a device or stdin once one byte more than the cap has come. Every output goes through c2_out: it is
 * written, as a stream or at once, to a temporary file in the target's
 * directory, and only c2_out_commit renames it into place. A crash, a kill,
 * a full disk or a failed run therefore leaves either the old file or the
 * complete new one under the target name, never half a file. */
#ifndef C2_FILEIO_H
#define C2_FILEIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/err.h"

/* Read all of `path` ("-" means standard input) into a new buffer of at most
 * `cap` bytes. On success *out (free with free()) and *len are set and 0 is
 * returned; on failure an error code is returned and `err` says why. A NUL is
 * appended after the data (not counted in *len) so text parsers may rely on
 * it. */
int c2_read_file(const char *path, size_t cap, uint8_t **out, size_t *len, c2_err *err);

/* Said about the first bytes of a file being read: 0 to go on, or an error
 * code with err filled to refuse it. */
typedef int (*c2_head_check)(const uint8_t *head, size_t n, c2_err *err);

/* As c2_read_file, and as soon as the first `head` bytes are in (or all of
 * a shorter file), check(data, min(size, head), err) may refuse them: a
 * stream that is not what the caller reads (a snapshot's magic missing from
 * /dev/zero) is refused after `head` bytes instead of at the cap. */
int c2_read_file_checked(const char *path, size_t cap, size_t head, c2_head_check check,
                         uint8_t **out, size_t *len, c2_err *err);

/* The file a path names as an output: when its last component is a
 * symbolic link, the file the link points to (followed link by link; it
 * need not exist yet), else the path itself. A new string (free()), or NULL
 * with err set (a loop of links, out of memory). Writing an output writes
 * through its links: the link stays, the file it names is replaced. */
char *c2_path_follow(const char *path, c2_err *err);

/* Can `path` be an output? The file it names (c2_path_follow) must not be
 * an existing directory, device, FIFO or socket (only a regular file is
 * replaced), its directory must exist and be writable, its name must fit
 * the file system, and in a sticky directory (/tmp) an existing file must
 * be ours to replace. Returns 0, or C2_EIO with the reason in err (e.g. "is
 * a directory", "directory 'out' does not exist"). It does not create
 * anything. */
int c2_out_check(const char *path, c2_err *err);

/* An output being written. Fields are for reading only. */
typedef struct c2_out {
	char *path; /* the target (its symlinks followed) */
	char *tmp;  /* the temporary file beside it; NULL when not open */
	FILE *f;    /* open for writing on tmp */
} c2_out;

/* Check `path` (c2_out_check) and create the temporary file
 * "NAME.tmp.PID.N" beside the file it names (NAME shortened when the whole
 * would be too long a name), open for writing at o->f. A new file gets the
 * permissions 0666 less the umask; an existing target keeps its own.
 * Returns 0, or an error code (err says why; *o is then closed). */
int c2_out_open(c2_out *o, const char *path, c2_err *err);

/* Would c2_out_open succeed? It checks and creates the temporary file, then
 * removes it: what only trying finds (a read-only file system, no inodes
 * left, an ACL) is found before the work. Returns 0 or an error code. */
int c2_out_probe(const char *path, c2_err *err);

/* Append len bytes. Returns 0 or C2_EIO. */
int c2_out_write(c2_out *o, const void *data, size_t len, c2_err *err);

/* Flush, sync and close the temporary file, then rename it over the target.
 * Returns 0, or an error code with the temporary file removed. Either way o
 * is closed afterwards. */
int c2_out_commit(c2_out *o, c2_err *err);

/* Drop the temporary file; the target is untouched. Safe on a closed or
 * zeroed c2_out. */
void c2_out_abort(c2_out *o);

/* Write `len` bytes to `path` atomically (c2_out_open, _write, _commit).
 * Returns 0 or an error code. (The core never writes to standard output;
 * the CLI handles "-".) */
int c2_write_file_atomic(const char *path, const void *data, size_t len, c2_err *err);

#endif
