/* test_fileio.c — outputs that appear whole or not at all (c2_out): the
 * target is untouched until commit, an abort leaves nothing behind, paths
 * that cannot be outputs are refused before anything is created, and new
 * files get the umask's permissions while replaced ones keep theirs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fileio.h"
#include "testutil.h"

/* A fresh scratch directory per test (C2RT_TMP from tests/run.sh). */
static char dir[4096];

static int setup(void **state)
{
	(void)state;
	const char *root = getenv("C2RT_TMP");
	snprintf(dir, sizeof dir, "%s/fileio.XXXXXX", root ? root : "/tmp");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2])))
			continue;
		char p[8192];
		snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
		unlink(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	return 0;
}

static const char *path_in(const char *name)
{
	static char p[8192];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	return p;
}

static int entries(void)
{
	int n = 0;
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void assert_file(const char *path, const char *text)
{
	uint8_t *buf;
	size_t len;
	c2_err err;
	assert_int_equal(c2_read_file(path, 1 << 20, &buf, &len, &err), 0);
	assert_int_equal(len, strlen(text));
	assert_memory_equal(buf, text, len);
	free(buf);
}

static void test_commit_replaces_only_at_the_end(void **state)
{
	(void)state;
	char target[8192];
	snprintf(target, sizeof target, "%s", path_in("out.txt"));
	write_text(target, "old\n");
	c2_out o;
	c2_err err;
	assert_int_equal(c2_out_open(&o, target, &err), 0);
	assert_int_equal(c2_out_write(&o, "new ", 4, &err), 0);
	fflush(o.f);
	assert_file(target, "old\n"); /* streaming never touches the target */
	assert_int_equal(entries(), 2);
	assert_int_equal(c2_out_write(&o, "text\n", 5, &err), 0);
	assert_int_equal(c2_out_commit(&o, &err), 0);
	assert_file(target, "new text\n");
	assert_int_equal(entries(), 1); /* the temporary file became the target */
	assert_null(o.f);
}

static void test_abort_leaves_the_old_file(void **state)
{
	(void)state;
	char target[8192];
	snprintf(target, sizeof target, "%s", path_in("keep.txt"));
	write_text(target, "precious\n");
	c2_out o;
	c2_err err;
	assert_int_equal(c2_out_open(&o, target, &err), 0);
	assert_int_equal(c2_out_write(&o, "half a ro", 9, &err), 0);
	c2_out_abort(&o);
	c2_out_abort(&o); /* twice is harmless */
	assert_file(target, "precious\n");
	assert_int_equal(entries(), 1);
	c2_out zero = {0};
	c2_out_abort(&zero);
}

static void test_refused_paths(void **state)
{
	(void)state;
	c2_err err;
	c2_out o;
	/* A directory, a device, a missing directory, a file as a directory:
	 * refused before anything is created. */
	assert_int_not_equal(c2_out_check(dir, &err), 0);
	assert_non_null(strstr(err.msg, "is a directory"));
	assert_int_not_equal(c2_out_open(&o, "/dev/null", &err), 0);
	assert_non_null(strstr(err.msg, "not a regular file"));
	assert_int_not_equal(c2_out_check(path_in("no/such/dir/x.csv"), &err), 0);
	assert_non_null(strstr(err.msg, "does not exist"));
	char file[8192];
	snprintf(file, sizeof file, "%s", path_in("plain"));
	write_text(file, "x");
	char under[8300];
	snprintf(under, sizeof under, "%s/x.csv", file);
	assert_int_not_equal(c2_out_open(&o, under, &err), 0);
	assert_int_not_equal(c2_out_check("", &err), 0);
	assert_int_equal(entries(), 1);
	assert_int_equal(c2_out_check(path_in("fresh.csv"), &err), 0);
	assert_int_equal(entries(), 1); /* checking creates nothing */
}

static void test_permissions(void **state)
{
	(void)state;
	c2_err err;
	mode_t old = umask(027);
	assert_int_equal(c2_write_file_atomic(path_in("new.bin"), "x", 1, &err), 0);
	struct stat st;
	assert_int_equal(stat(path_in("new.bin"), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0640); /* 0666 less the umask */
	umask(077);
	assert_int_equal(c2_write_file_atomic(path_in("private.bin"), "x", 1, &err), 0);
	assert_int_equal(stat(path_in("private.bin"), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	/* Replacing a file keeps the permissions its owner gave it. */
	assert_int_equal(chmod(path_in("new.bin"), 0604), 0);
	assert_int_equal(c2_write_file_atomic(path_in("new.bin"), "yy", 2, &err), 0);
	assert_int_equal(stat(path_in("new.bin"), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0604);
	umask(old);
}

static void test_read_refuses_a_directory(void **state)
{
	(void)state;
	uint8_t *buf;
	size_t len;
	c2_err err;
	assert_int_not_equal(c2_read_file(dir, 1024, &buf, &len, &err), 0);
	assert_non_null(strstr(err.msg, "directory"));
	assert_int_equal(err.offset, -1);
}

/* An output that is a symlink is written through: the link stays, the file
 * it names gets the new bytes (and a dangling link makes its file). */
static void test_symlink_written_through(void **state)
{
	(void)state;
	c2_err err;
	char real[8192], link[8192];
	snprintf(real, sizeof real, "%s", path_in("real.txt"));
	snprintf(link, sizeof link, "%s", path_in("link.txt"));
	write_text(real, "old\n");
	assert_int_equal(symlink("real.txt", link), 0);
	assert_int_equal(c2_write_file_atomic(link, "new\n", 4, &err), 0);
	struct stat st;
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_file(real, "new\n");
	assert_int_equal(entries(), 2); /* no temporary file left beside either */
	/* A chain of links, the last one dangling: the file is made. */
	char chain[8192];
	snprintf(chain, sizeof chain, "%s", path_in("chain.txt"));
	assert_int_equal(symlink(path_in("dangling.txt"), chain), 0);
	assert_int_equal(symlink("made.txt", path_in("dangling.txt")), 0);
	assert_int_equal(c2_write_file_atomic(chain, "x", 1, &err), 0);
	assert_file(path_in("made.txt"), "x");
	char *f = c2_path_follow(chain, &err);
	assert_non_null(f);
	assert_string_equal(f, path_in("made.txt"));
	free(f);
	/* A loop of links is refused, and nothing is made. */
	assert_int_equal(symlink("loop.b", path_in("loop.a")), 0);
	assert_int_equal(symlink("loop.a", path_in("loop.b")), 0);
	int before = entries();
	assert_int_not_equal(c2_write_file_atomic(path_in("loop.a"), "x", 1, &err), 0);
	assert_non_null(strstr(err.msg, "symbolic links"));
	assert_int_equal(entries(), before);
}

/* A name near the file system's limit is written (its temporary file's
 * name is cut short to fit); one over the limit is refused by the check,
 * before anything is made. c2_out_probe makes and removes the temporary
 * file. */
static void test_name_limits(void **state)
{
	(void)state;
	c2_err err;
	long nmax = pathconf(dir, _PC_NAME_MAX);
	if (nmax <= 0 || nmax > 1000)
		nmax = 255;
	char name[1100];
	memset(name, 'n', (size_t)nmax - 1);
	name[nmax - 1] = '\0';
	char target[8192];
	snprintf(target, sizeof target, "%s", path_in(name));
	assert_int_equal(c2_out_probe(target, &err), 0);
	assert_int_equal(entries(), 0);
	assert_int_equal(c2_write_file_atomic(target, "x", 1, &err), 0);
	assert_file(target, "x");
	assert_int_equal(entries(), 1);
	memset(name, 'n', (size_t)nmax + 1);
	name[nmax + 1] = '\0';
	snprintf(target, sizeof target, "%s", path_in(name));
	assert_int_not_equal(c2_out_check(target, &err), 0);
	assert_non_null(strstr(err.msg, "long"));
	assert_int_not_equal(c2_out_probe(target, &err), 0);
	assert_int_equal(entries(), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_commit_replaces_only_at_the_end, setup, teardown),
		cmocka_unit_test_setup_teardown(test_abort_leaves_the_old_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refused_paths, setup, teardown),
		cmocka_unit_test_setup_teardown(test_permissions, setup, teardown),
		cmocka_unit_test_setup_teardown(test_read_refuses_a_directory, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symlink_written_through, setup, teardown),
		cmocka_unit_test_setup_teardown(test_name_limits, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
