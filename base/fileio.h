/* fileio.h — bounded whole-file reads and atomic writes.
 *
 * Readers refuse files above a caller-given cap (untrusted input never makes
 * us allocate without bound). Writers go to a temporary file in the target's
 * directory and rename() it into place, so a crash or a full disk never leaves
 * a half-written file under the target name. */
#ifndef C2_FILEIO_H
#define C2_FILEIO_H

#include <stddef.h>
#include <stdint.h>

#include "base/err.h"

/* Read all of `path` ("-" means standard input) into a new buffer of at most
 * `cap` bytes. On success *out (free with free()) and *len are set and 0 is
 * returned; on failure an error code is returned and `err` says why. A NUL is
 * appended after the data (not counted in *len) so text parsers may rely on
 * it. */
int c2_read_file(const char *path, size_t cap, uint8_t **out, size_t *len, c2_err *err);

/* Write `len` bytes to `path` atomically. Returns 0 or an error code. (The
 * core never writes to standard output; the CLI handles "-".) */
int c2_write_file_atomic(const char *path, const void *data, size_t len, c2_err *err);

#endif
