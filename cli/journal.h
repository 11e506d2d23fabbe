/* journal.h — files a command fills while it works (the results of `c2rt
 * batch` and `sweep`, the log of `c2rt mutate`), written so that nothing
 * finished is lost and nothing is torn or interleaved. Beside the target
 * PATH:
 *
 *   PATH.lock     held (flock) for the whole command and holding "PID HOST":
 *                 a second writer of PATH is refused, and told who writes;
 *   PATH.journal  the work so far: started whole (atomically), then appended
 *                 record by record with one write(2) each, so a kill tears at
 *                 most the last record;
 *   PATH          untouched until the end, when the final text is written
 *                 beside it and renamed over it, and the journal removed.
 *
 * Killed (SIGKILL included), on a full disk or interrupted, PATH is the old
 * file or the complete new one, and the journal holds the finished work for
 * the command's --resume. A symlink PATH has its lock and journal beside the
 * file it points to, so every name of one file shares one lock. */
#ifndef C2_CLI_JOURNAL_H
#define C2_CLI_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cli_journal {
	const char *path;   /* the target, as given */
	char *lock_path;    /* PATH.lock */
	char *journal_path; /* PATH.journal */
	int lock_fd, fd;    /* -1 when not open (set by cli_journal_lock, even failing) */
} cli_journal;

/* Take the lock of `path` before any work. CLI_OK, or CLI_BAD after
 * printing why: "PATH is being written by another c2rt (pid N on HOST)", or
 * the lock file cannot be made (its folder is missing or not writable, its
 * name too long). On success the journal is not open yet. */
int cli_journal_lock(cli_journal *j, const char *cmd, const char *path);

/* The journal an interrupted command left (up to cap bytes): *text (free
 * with free(); NUL-terminated) and *len, or *text NULL when there is none.
 * CLI_OK or CLI_BAD (printed). */
int cli_journal_read(cli_journal *j, size_t cap, uint8_t **text, size_t *len);

/* Start the journal with data[0..len) (replacing any old one atomically:
 * killed meanwhile, the old one stays) and open it for appending. CLI_OK or
 * CLI_BAD (printed). */
int cli_journal_start(cli_journal *j, const char *cmd, const void *data, size_t len);

/* Append one record whole. 0, or the errno of the failed write. Not
 * thread-safe: callers that write from several threads hold a lock. */
int cli_journal_append(cli_journal *j, const void *data, size_t len);

/* The end: close the journal, write data[0..len) to the target (beside it,
 * renamed into place), remove the journal. CLI_OK, or CLI_BAD (printed) with
 * the target and the journal as they were. */
int cli_journal_commit(cli_journal *j, const char *cmd, const void *data, size_t len);

/* Close the journal (it stays, for --resume) and release the lock. Safe on
 * a zeroed or closed cli_journal. */
void cli_journal_close(cli_journal *j);

/* Is a command writing `path` now (its lock held)? CLI_OK when not; CLI_BAD
 * after printing who does. For readers of results files (--merge). */
int cli_journal_idle(const char *cmd, const char *path);

#endif
