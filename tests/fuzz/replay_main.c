/* replay_main.c — run a libFuzzer target over files, without libFuzzer.
 *
 * Linked with each tests/fuzz/fuzz_*.c into BUILD/tests/fuzz_*_replay so
 * that every saved crasher (tests/fuzz/regressions/) and seed runs in every
 * `make test`, under the sanitizers too. Arguments are files or directories
 * (directories are read one level deep); missing directories are fine. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "cannot open %s\n", path);
		return 1;
	}
	size_t cap = 1 << 16, n = 0;
	uint8_t *buf = malloc(cap);
	size_t r;
	while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap) {
			uint8_t *nb = realloc(buf, cap *= 2);
			if (!nb) {
				free(buf);
				buf = NULL;
			}
			buf = nb;
		}
	}
	fclose(f);
	if (!buf)
		return 1;
	/* An exact-size copy, so the sanitizer sees reads past the end. */
	uint8_t *exact = malloc(n ? n : 1);
	if (!exact) {
		free(buf);
		return 1;
	}
	memcpy(exact, buf, n);
	free(buf);
	LLVMFuzzerTestOneInput(exact, n);
	free(exact);
	return 0;
}

int main(int argc, char **argv)
{
	int files = 0, bad = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0)
			continue;
		if (!S_ISDIR(st.st_mode)) {
			bad |= run_file(argv[i]);
			files++;
			continue;
		}
		DIR *d = opendir(argv[i]);
		if (!d)
			continue;
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			if (e->d_name[0] == '.')
				continue;
			char path[4096];
			snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
			if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
				bad |= run_file(path);
				files++;
			}
		}
		closedir(d);
	}
	printf("replayed %d inputs\n", files);
	return bad;
}
