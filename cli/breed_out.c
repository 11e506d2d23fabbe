/* breed_out.c — the breeding options and the writing of children and their
 * logs, shared by mutate, cross and sweep. */
#include "cli/breed_out.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

cli_breed_args cli_bargs;

cli_opt cli_breed_opts[] = {
	{"seed", OPT_STR, &cli_bargs.seed, "S", "seed of the breeding random stream (default 1)", 0, 0, NULL},
	{"rate", OPT_STR, &cli_bargs.rate, "R", "mutation rate: 1 = as each gene's weight says (default), 0 = none", 0, 0, NULL},
	{"log", OPT_OUT, &cli_bargs.log_path, "FILE", "write every mutation (gene, field, old -> new) here; '-' = stdout", 0, 0, NULL},
	{"log-format", OPT_STR, &cli_bargs.log_format, "text|json", "log format (default text; json for FILE.json)", 0, 0, NULL},
	{0},
};

int cli_breed_args_finish(cli_breed_args *a, const char *cmd)
{
	a->seed_v = 1;
	a->rate_v = 1;
	if (a->log_format && !a->log_path)
		return cli_fail(CLI_USAGE, cmd, "--log-format goes with --log");
	if (a->seed) {
		char *end;
		errno = 0;
		unsigned long long v = strtoull(a->seed, &end, 10);
		if (!*a->seed || *a->seed == '-' || *end || errno)
			return cli_fail(CLI_USAGE, cmd, "--seed: '%s' is not a non-negative number", a->seed);
		a->seed_v = v;
	}
	if (a->rate) {
		char *end;
		double v = strtod(a->rate, &end);
		if (!*a->rate || *end || !isfinite(v) || v < 0 || v > 1e6)
			return cli_fail(CLI_USAGE, cmd, "--rate: '%s' is not a number in 0..1000000", a->rate);
		a->rate_v = v;
	}
	if (a->log_format) {
		if (!strcmp(a->log_format, "json"))
			a->json = true;
		else if (strcmp(a->log_format, "text") != 0)
			return cli_fail(CLI_USAGE, cmd, "--log-format: text or json, not '%s'", a->log_format);
	} else if (a->log_path) {
		size_t n = strlen(a->log_path);
		a->json = n >= 5 && !strcmp(a->log_path + n - 5, ".json");
	}
	return CLI_OK;
}

int cli_write_genome(const char *cmd, const char *path, const genome *g)
{
	size_t n = genome_encoded_size(g);
	uint8_t *bytes = malloc(n ? n : 1);
	if (!bytes)
		return cli_fail(CLI_BAD, cmd, "out of memory");
	int rc = cli_write(cmd, path, bytes, genome_encode(g, bytes, n));
	free(bytes);
	return rc;
}

void cli_breed_log_entry(c2_wbuf *w, const cli_breed_args *a, const char *const *parents,
                         int nparents, const char *child_path, uint64_t seed,
                         const genome_changes *log, const genome *child)
{
	if (a->json) {
		c2_w_str(w, "{\"parents\":[");
		for (int i = 0; i < nparents; i++) {
			if (i)
				c2_w_u8(w, ',');
			c2_w_json_cstr(w, parents[i]);
		}
		c2_w_str(w, "],\"child\":");
		c2_w_json_cstr(w, child_path);
		c2_w_printf(w, ",\"seed\":%llu,\"rate\":%.17g,\"changes\":", (unsigned long long)seed,
		            a->rate_v);
		genome_changes_json(log, child, w);
		c2_w_str(w, "}\n");
		return;
	}
	c2_w_str(w, "# ");
	for (int i = 0; i < nparents; i++)
		c2_w_printf(w, "%s%s", i ? " x " : "", parents[i]);
	c2_w_printf(w, " -> %s, seed %llu, rate %g: %zu change%s\n", child_path,
	            (unsigned long long)seed, a->rate_v, log->n, log->n == 1 ? "" : "s");
	genome_changes_text(log, child, w);
}

void cli_stem(const char *path, char *buf, size_t cap)
{
	const char *s = strrchr(path, '/');
	s = s ? s + 1 : path;
	const char *dot = strrchr(s, '.');
	size_t n = dot && dot != s ? (size_t)(dot - s) : strlen(s);
	snprintf(buf, cap, "%.*s", (int)n, s);
}

int cli_mkdir(const char *cmd, const char *dir)
{
	char path[4096];
	if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path)
		return cli_fail(CLI_BAD, cmd, "folder name too long: %s", dir);
	/* As mkdir -p: each missing parent first. */
	for (char *p = path + 1;; p++) {
		bool end = *p == '\0';
		if (*p != '/' && !end)
			continue;
		*p = '\0';
		struct stat st;
		if (mkdir(path, 0777) != 0 &&
		    !(errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode)))
			return cli_fail(CLI_BAD, cmd, "cannot make directory %s: %s", path, strerror(errno));
		if (end)
			return CLI_OK;
		*p = '/';
		while (p[1] == '/')
			p++;
		if (p[1] == '\0')
			return CLI_OK; /* a trailing slash */
	}
}
