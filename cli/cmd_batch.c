/* cmd_batch.c — `c2rt batch`: every genome × K seeds headless, in parallel,
 * one row per run as it finishes; shards, resume and merge. */
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "cli/batch_exec.h"
#include "cli/cli.h"
#include "cli/creature_open.h"
#include "engine/batch.h"

static const char *dir;
static bool merge;

static const cli_opt opts[] = {
	{"dir", OPT_IN_DIR, &dir, "DIR", "run every DIR/*.gen (in name order), after any GENOME given", 0, 0, NULL},
	{"creature", OPT_GROUP, cli_creature_opts, NULL, NULL, 0, 0, NULL},
	{"batch", OPT_GROUP, cli_batch_opts, NULL, NULL, 0, 0, NULL},
	{"merge", OPT_FLAG, &merge, NULL, "join the results files given (shards) into -o, in run order", 0, 0, NULL},
	{0},
};

static bool is_gen(const char *name)
{
	size_t n = strlen(name);
	return n > 4 && strcmp(name + n - 4, ".gen") == 0 && name[0] != '.';
}

/* The genomes of --dir are inputs too. */
static int batch_paths(cli_paths *ps, const char *const *pos, int npos)
{
	(void)pos;
	(void)npos;
	if (dir)
		cli_paths_add_dir(ps, "--dir", dir, is_gen);
	return CLI_OK;
}

const cli_spec cmd_batch_spec = {
	"batch", "[GENOME...]",
	"run many genomes × seeds headless, in parallel; one results row per run",
	"Run r is genome r / K with seed S + r % K (K = --seeds, S = --seed). Each run is\n"
	"hatched and stepped exactly as 'c2rt run' does; its row (appended to -o as it\n"
	"finishes) gives the genome and its hash, seed, sex, ticks, lifespan, last stage,\n"
	"cause of death, the mean and last levels of --chem and --drive, the ticks spent\n"
	"on each decision (act:NAME), wall time and any error. At the end the file is put\n"
	"in run order. Interrupted (Ctrl-C, SIGTERM, a kill), the finished rows stay;\n"
	"the same command with --resume runs only the rest. --shard I/N runs a fixed\n"
	"1/N of the runs; 'c2rt batch --merge SHARD... -o ALL' joins the shards' files\n"
	"in run order (byte for byte the file one unsharded batch writes, wall times\n"
	"aside). scripts/batch-parallel.sh and scripts/batch-slurm.sh spread shards\n"
	"over machines with GNU parallel or a Slurm job array.",
	opts, 0, INT_MAX, OPT_IN, batch_paths,
};

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The genomes: the positional ones, then the .gen files of DIR sorted. Paths made here
 * are listed in *owned for freeing. */
static int list_genomes(const char **pos, int npos, const char ***out, size_t *n, char ***owned,
                        size_t *nowned)
{
	*out = NULL;
	*owned = NULL;
	*n = *nowned = 0;
	size_t cap = (size_t)npos + 16;
	const char **v = malloc(cap * sizeof *v);
	if (!v)
		return cli_fail(CLI_BAD, "batch", "out of memory");
	for (int i = 0; i < npos; i++)
		v[(*n)++] = pos[i];
	if (dir) {
		DIR *d = opendir(dir);
		if (!d) {
			free(v);
			return cli_fail(CLI_BAD, "batch", "cannot read folder %s", dir);
		}
		char **names = NULL;
		size_t nn = 0, nc = 0;
		struct dirent *e;
		int rc = CLI_OK;
		while ((e = readdir(d)) != NULL && rc == CLI_OK) {
			if (!is_gen(e->d_name))
				continue;
			if (nn == nc) {
				size_t ncap = nc ? 2 * nc : 64;
				char **nv = realloc(names, ncap * sizeof *nv);
				if (!nv) {
					rc = cli_fail(CLI_BAD, "batch", "out of memory");
					break;
				}
				names = nv;
				nc = ncap;
			}
			size_t len = strlen(dir) + strlen(e->d_name) + 2;
			if (!(names[nn] = malloc(len))) {
				rc = cli_fail(CLI_BAD, "batch", "out of memory");
				break;
			}
			bool slash = dir[strlen(dir) - 1] == '/';
			snprintf(names[nn++], len, "%s%s%s", dir, slash ? "" : "/", e->d_name);
		}
		closedir(d);
		if (rc == CLI_OK && nn) {
			qsort(names, nn, sizeof *names, by_name);
			const char **nv = realloc(v, (*n + nn) * sizeof *nv);
			if (!nv)
				rc = cli_fail(CLI_BAD, "batch", "out of memory");
			else
				v = nv;
		}
		for (size_t i = 0; i < nn && rc == CLI_OK; i++)
			v[(*n)++] = names[i];
		*owned = names;
		*nowned = nn;
		if (rc) {
			free(v);
			return rc;
		}
	}
	*out = v;
	return CLI_OK;
}

static int do_merge(const char **files, int n)
{
	const char *out = cli_batch.out;
	if (!out)
		return cli_fail(CLI_USAGE, "batch", "--merge needs -o ALL.csv");
	if (n < 1)
		return cli_fail(CLI_USAGE, "batch", "--merge: which results files?");
	int fmt = cli_batch_format(&cli_batch, out, "batch");
	if (fmt < 0)
		return CLI_USAGE;
	uint8_t **texts = calloc((size_t)n, sizeof *texts);
	size_t *lens = calloc((size_t)n, sizeof *lens);
	int rc = texts && lens ? CLI_OK : cli_fail(CLI_BAD, "batch", "out of memory");
	c2_err err;
	for (int i = 0; i < n && rc == CLI_OK; i++)
		if (c2_read_file(files[i], (size_t)8 << 30, &texts[i], &lens[i], &err) != 0)
			rc = cli_report(files[i], &err);
	c2_wbuf w = {0};
	size_t missing = 0, bad = 0;
	if (rc == CLI_OK &&
	    batch_merge((const char *const *)texts, lens, (size_t)n, (batch_format)fmt, &w, &missing,
	                &bad, &err) != 0)
		rc = cli_report(files[bad], &err);
	if (rc == CLI_OK && missing)
		rc = cli_fail(CLI_BAD, "batch", "--merge: %zu runs of the batch are in none of the files "
		                                "(a shard missing or unfinished?); nothing written",
		              missing);
	if (rc == CLI_OK)
		rc = cli_write("batch", out, w.data, w.len);
	c2_wbuf_free(&w);
	for (int i = 0; texts && i < n; i++)
		free(texts[i]);
	free(texts);
	free(lens);
	return rc;
}

int cmd_batch(int argc, char **argv)
{
	cli_creature_args_init(&cli_cargs);
	cli_batch_args_init(&cli_batch);
	dir = NULL;
	merge = false;
	const char **pos = malloc(((size_t)argc + 1) * sizeof *pos);
	if (!pos)
		return cli_fail(CLI_BAD, "batch", "out of memory");
	int npos;
	int rc = cli_parse(&cmd_batch_spec, argc, argv, pos, &npos);
	if (rc) {
		free(pos);
		return rc < 0 ? CLI_OK : rc;
	}
	static const char *const merge_opts[] = {"merge", "o", "format", NULL};
	const char *other = merge ? cli_given_other(merge_opts) : NULL;
	if (merge) {
		rc = dir ? cli_fail(CLI_USAGE, "batch", "--merge takes results files, not --dir")
		   : other ? cli_fail(CLI_USAGE, "batch", "--merge joins results files: %s%s does nothing there",
		                      other[1] ? "--" : "-", other)
		           : do_merge(pos, npos);
		free(pos);
		return rc;
	}
	const char **paths;
	char **owned;
	size_t n, nowned;
	if ((rc = list_genomes(pos, npos, &paths, &n, &owned, &nowned)) != 0) {
		free(pos);
		return rc;
	}
	batch_spec s;
	events ev = {0};
	uint8_t *events_text = NULL;
	uint64_t *hashes = NULL;
	if (n == 0)
		rc = cli_fail(CLI_USAGE, "batch", "no genomes: give GENOME... or --dir DIR");
	if (rc == CLI_OK)
		rc = cli_batch_spec(&s, "batch", &ev, &events_text);
	if (rc == CLI_OK)
		rc = cli_batch_hash_genomes("batch", paths, n, &hashes);
	if (rc == CLI_OK) {
		s.ngenomes = n;
		s.genome_paths = paths;
		s.genome_hashes = hashes;
		rc = cli_batch_execute("batch", &s);
	}
	free(hashes);
	events_free(&ev);
	free(events_text);
	for (size_t i = 0; i < nowned; i++)
		free(owned[i]);
	free(owned);
	free(paths);
	free(pos);
	return rc;
}
