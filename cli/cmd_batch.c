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
#include "cli/journal.h"
#include "batch/batch.h"
#include "genome/breed.h"

static const char *dir, *parent;
static bool merge;

static const cli_opt opts[] = {
	{"dir", OPT_IN_DIR, &dir, "DIR", "run every DIR/*.gen (in name order), after any GENOME given", 0, 0, NULL},
	{"parent", OPT_IN, &parent, "GENOME", "add a mutations column: each genome's changes from GENOME, as 'c2rt diff' names them", 0, 0, NULL},
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

const cli_spec cli_cmd_batch_spec = {
	"batch", "[GENOME...]",
	"run many genomes × seeds headless, in parallel; one results row per run",
	"Run r is genome r / K with seed S + r % K (K = --seeds, S = --seed). Each run is\n"
	"hatched and stepped exactly as 'c2rt run' does (with --body, its body too; with\n"
	"--world, in its own copy of the world); its row gives the genome and its hash,\n"
	"seed, sex, body, world, ticks, lifespan, last stage, cause of death, the final\n"
	"state hash, the mean and last levels of --chem and --drive, the ticks spent on\n"
	"each decision (act:NAME), with a world its acts on objects, eats, eats of food\n"
	"and share of life with no IT (world:NAME), wall time, any error and a check of\n"
	"the row. Rows go to RESULTS.journal as runs end; RESULTS is written\n"
	"whole, in run order, at the end. Interrupted (Ctrl-C, SIGTERM, a kill, a full\n"
	"disk), RESULTS is as it was and the journal keeps the finished rows: the same\n"
	"command with --resume runs only the rest (and any row altered since). One batch\n"
	"at a time writes a results file (RESULTS.lock). Any failed run makes the exit\n"
	"status 2. --shard I/N runs a fixed 1/N of the runs; 'c2rt batch --merge\n"
	"SHARD... -o ALL' joins the shards' files in run order (byte for byte the file\n"
	"one unsharded batch writes, wall times aside). scripts/batch-parallel.sh and\n"
	"scripts/batch-slurm.sh spread shards over machines with GNU parallel or a\n"
	"Slurm job array.",
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

/* Read the results files to merge: none of them being written. */
static int read_shards(const char **files, int n, uint8_t **texts, size_t *lens)
{
	c2_err err;
	for (int i = 0; i < n; i++) {
		int rc = cli_journal_idle("batch", files[i]);
		if (rc)
			return rc;
		if (batch_read_results(files[i], &texts[i], &lens[i], &err) != 0)
			return cli_report(files[i], &err);
	}
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
	int rc = texts && lens ? read_shards(files, n, texts, lens) : cli_fail(CLI_BAD, "batch", "out of memory");
	/* Locked after the shards were looked at: the lock is not a writer of
	 * an input that is also the output (which the path checks refuse). */
	cli_journal j = {0};
	if (rc == CLI_OK && strcmp(out, "-") != 0)
		rc = cli_journal_lock(&j, "batch", out);
	c2_wbuf w = {0};
	size_t rows = 0, missing = 0, bad = 0;
	c2_err err;
	if (rc == CLI_OK &&
	    batch_merge((const char *const *)texts, lens, (size_t)n, (batch_format)fmt, &w, &rows,
	                &missing, &bad, &err) != 0)
		rc = cli_report(files[bad], &err);
	if (rc == CLI_OK && rows == 0)
		rc = cli_fail(CLI_BAD, "batch", "--merge: no rows in %s; nothing written",
		              n == 1 ? files[0] : "any of the files");
	if (rc == CLI_OK && missing)
		rc = cli_fail(CLI_BAD, "batch", "--merge: %zu runs of the batch are in none of the files "
		                                "(a shard missing or unfinished?); nothing written",
		              missing);
	if (rc == CLI_OK)
		rc = cli_write("batch", out, w.data, w.len);
	cli_journal_close(&j);
	c2_wbuf_free(&w);
	for (int i = 0; texts && i < n; i++)
		free(texts[i]);
	free(texts);
	free(lens);
	return rc;
}

/* One genome's changes from the parent's, as 'c2rt diff' prints them, one
 * per "; ", into *out (malloc'd; "" when they are the same, or when the
 * genome does not load: its runs' rows say why). CLI_OK or CLI_BAD. */
static int changes_of(const genome *p, const char *path, char **out)
{
	genome g;
	c2_wbuf w = {0};
	char msg[8];
	uint8_t *buf;
	size_t len;
	c2_err err;
	if (c2_read_file(path, GENOME_MAX_FILE + 1, &buf, &len, &err) == 0) {
		if (cli_genome_from_bytes(path, buf, len, &g, msg, sizeof msg) == CLI_OK) {
			genome_changes ch = {0};
			if (genome_diff(p, &g, &ch, &err) == 0)
				genome_changes_text(&ch, &g, &w);
			genome_changes_free(&ch);
			genome_free(&g);
		}
		free(buf);
	}
	/* One change per line: "a\nb\n" becomes "a; b". */
	c2_wbuf joined = {0};
	for (size_t i = 0; !w.oom && i < w.len; i++)
		if (w.data[i] != '\n')
			c2_w_u8(&joined, w.data[i]);
		else if (i + 1 < w.len)
			c2_w_str(&joined, "; ");
	c2_w_u8(&joined, 0);
	bool oom = w.oom || joined.oom;
	c2_wbuf_free(&w);
	*out = oom ? NULL : (char *)joined.data;
	if (oom) {
		c2_wbuf_free(&joined);
		return cli_fail(CLI_BAD, "batch", "out of memory");
	}
	return CLI_OK;
}

/* The mutations column: each genome's changes from --parent. */
static int mutations(batch_spec *s, char ***out)
{
	*out = NULL;
	if (!parent)
		return CLI_OK;
	genome p;
	int rc = cli_load_genome(parent, &p);
	if (rc)
		return rc;
	char **v = calloc(s->ngenomes ? s->ngenomes : 1, sizeof *v);
	rc = v ? CLI_OK : cli_fail(CLI_BAD, "batch", "out of memory");
	for (size_t i = 0; rc == CLI_OK && i < s->ngenomes; i++)
		rc = changes_of(&p, s->genome_paths[i], &v[i]);
	genome_free(&p);
	*out = v;
	s->genome_mutations = (const char *const *)v;
	return rc;
}

static void free_mutations(char **v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

/* The genomes' batch, run into -o. */
static int do_batch(const char **paths, size_t n)
{
	batch_spec s;
	cli_batch_inputs in;
	cli_journal j = {0};
	uint64_t *hashes = NULL;
	char **muts = NULL;
	cli_batch_tally t;
	int rc = cli_batch_spec(&s, "batch", &in);
	if (rc == CLI_OK)
		rc = cli_batch_lock("batch", &j);
	if (rc == CLI_OK)
		rc = cli_batch_genomes("batch", &s, paths, n, &hashes);
	if (rc == CLI_OK)
		rc = mutations(&s, &muts);
	if (rc == CLI_OK)
		rc = cli_batch_check_body("batch", &s, NULL);
	if (rc == CLI_OK)
		rc = cli_batch_execute("batch", &s, &j, &t);
	if (rc == CLI_OK)
		rc = cli_batch_verdict("batch", &t, cli_batch.out);
	cli_journal_close(&j);
	free(hashes);
	free_mutations(muts, n);
	cli_batch_inputs_free(&in);
	return rc;
}

int cli_cmd_batch(int argc, char **argv)
{
	cli_creature_args_init(&cli_cargs);
	cli_cargs.world_ok = true; /* with --world */
	cli_batch_args_init(&cli_batch);
	dir = parent = NULL;
	merge = false;
	const char **pos = malloc(((size_t)argc + 1) * sizeof *pos);
	if (!pos)
		return cli_fail(CLI_BAD, "batch", "out of memory");
	int npos;
	int rc = cli_parse(&cli_cmd_batch_spec, argc, argv, pos, &npos);
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
	rc = n ? do_batch(paths, n) : cli_fail(CLI_USAGE, "batch", "no genomes: give GENOME... or --dir DIR");
	for (size_t i = 0; i < nowned; i++)
		free(owned[i]);
	free(owned);
	free(paths);
	free(pos);
	return rc;
}
