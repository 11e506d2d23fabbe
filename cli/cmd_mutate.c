/* cmd_mutate.c — `c2rt mutate`: breeding copies of a genome (one, or --n
 * of them into a folder), with a log of every mutation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rng.h"
#include "cli/breed_out.h"
#include "cli/cli.h"
#include "cli/journal.h"
#include "genome/breed.h"

static const char *out_path;
static long count;

static const cli_opt opts[] = {
	{"o", OPT_OUT, &out_path, "CHILD|DIR/", "the child (atomically; '-' = stdout), or with --n the folder", 0, 0, NULL},
	{"n", OPT_INT, &count, "N", "make N children DIR/NAME-0000.gen ... with seeds S, S+1, ...", 1, 1000000, NULL},
	{"breeding", OPT_GROUP, cli_breed_opts, NULL, NULL, 0, 0, NULL},
	{0},
};

/* The digits of child numbers 0..count-1 (at least 4). */
static int number_width(long children)
{
	int width = 4;
	for (long n = children - 1; n >= 10000; n /= 10)
		width++;
	return width;
}

/* With --n, -o is the folder of the children DIR/STEM-NNNN.gen. */
static int mutate_paths(cli_paths *ps, const char *const *pos, int npos)
{
	(void)npos;
	cli_path *o = cli_paths_find(ps, "-o");
	if (!count || !o || !strcmp(o->path, "-"))
		return CLI_OK; /* cli_cmd_mutate refuses these */
	char stem[256], prefix[260];
	cli_stem(pos[0], stem, sizeof stem);
	snprintf(prefix, sizeof prefix, "%s-", stem);
	o->kind = OPT_OUT_DIR;
	cli_paths_add_numbered(ps, "-o", out_path, prefix, number_width(count), ".gen", count);
	return CLI_OK;
}

const cli_spec cli_cmd_mutate_spec = {
	"mutate", "GENOME",
	"mutate a genome as breeding does, honouring each gene's mutable/duplicable/deletable flags",
	"Point mutations (one bit of a byte) only in mutable genes, never in the bytes\n"
	"that identify a gene (type, subtype, id, duplicate number) nor in the flags and\n"
	"weight that govern breeding; duplication (the copy's duplicate number raised)\n"
	"only of duplicable genes; deletion only of deletable genes. Each gene's chance\n"
	"follows its mutability weight, scaled by --rate. Child k of --n uses seed S+k,\n"
	"so 'c2rt mutate GENOME --seed S+k' makes it again. The log names every change:\n"
	"gene, field, old -> new.",
	opts, 1, 1, OPT_IN, mutate_paths,
};

/* One child: mutate, write it, add its log entry (to the journal too when
 * j is open). */
static int one_child(const genome *parent, const char *parent_path, const char *child_path,
                     uint64_t seed, c2_wbuf *log, cli_journal *j)
{
	c2_rng rng;
	c2_rng_seed(&rng, seed);
	genome child;
	genome_changes changes = {0};
	c2_err err;
	if (genome_mutate(parent, &child, cli_bargs.rate_v, &rng, &changes, &err) != 0)
		return cli_fail(CLI_BAD, "mutate", "%s", err.msg);
	int rc = CLI_OK;
	/* A log on standard output goes as each child is made, before the
	 * child: a child is renamed into place only once its entry has got
	 * there. A log file goes to its journal once the child is written, and
	 * is written whole at the end. */
	size_t at = log->len;
	bool to_stdout = cli_bargs.log_path && !strcmp(cli_bargs.log_path, "-");
	if (cli_bargs.log_path)
		cli_breed_log_entry(log, &cli_bargs, &parent_path, 1, child_path, seed, &changes, &child);
	if (to_stdout) {
		rc = log->oom ? cli_fail(CLI_BAD, "mutate", "out of memory for the log")
		              : cli_write("mutate", "-", log->data + at, log->len - at);
		log->len = at;
	}
	if (rc == 0)
		rc = cli_write_genome("mutate", child_path, &child);
	int e = rc == 0 && !to_stdout && j->fd >= 0 && !log->oom
	            ? cli_journal_append(j, log->data + at, log->len - at)
	            : 0;
	if (e)
		rc = cli_fail(CLI_BAD, "mutate", "cannot write %s: %s", j->journal_path, strerror(e));
	genome_changes_free(&changes);
	genome_free(&child);
	return rc;
}

int cli_cmd_mutate(int argc, char **argv)
{
	memset(&cli_bargs, 0, sizeof cli_bargs);
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_mutate_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if (!out_path)
		return cli_fail(CLI_USAGE, "mutate", "missing -o CHILD (or -o DIR/ with --n N)");
	if ((rc = cli_breed_args_finish(&cli_bargs, "mutate")) != 0)
		return rc;
	if (count && !strcmp(out_path, "-"))
		return cli_fail(CLI_USAGE, "mutate", "--n needs a folder: -o DIR/");

	genome parent;
	if ((rc = cli_load_genome(pos[0], &parent)) != 0)
		return rc;
	/* The log file through a journal: killed, it keeps the old log and
	 * LOG.journal the entries of the children already written. */
	cli_journal j = {0};
	j.fd = -1;
	if (cli_bargs.log_path && strcmp(cli_bargs.log_path, "-") != 0 &&
	    (rc = cli_journal_lock(&j, "mutate", cli_bargs.log_path)) == 0)
		rc = cli_journal_start(&j, "mutate", "", 0);
	c2_wbuf log = {0};
	if (rc) {
		/* nothing made */
	} else if (!count) {
		rc = one_child(&parent, pos[0], out_path, cli_bargs.seed_v, &log, &j);
	} else if ((rc = cli_mkdir("mutate", out_path)) == 0) {
		char stem[256];
		cli_stem(pos[0], stem, sizeof stem);
		int width = number_width(count);
		size_t dl = strlen(out_path);
		const char *sep = dl && out_path[dl - 1] == '/' ? "" : "/";
		for (long k = 0; k < count && rc == 0; k++) {
			char path[4096];
			int n = snprintf(path, sizeof path, "%s%s%s-%0*ld.gen", out_path, sep, stem, width, k);
			if (n < 0 || (size_t)n >= sizeof path)
				rc = cli_fail(CLI_USAGE, "mutate", "folder name too long: %s", out_path);
			else
				rc = one_child(&parent, pos[0], path, cli_bargs.seed_v + (uint64_t)k, &log, &j);
		}
	}
	if (rc == 0 && cli_bargs.log_path && strcmp(cli_bargs.log_path, "-") != 0) {
		if (log.oom)
			rc = cli_fail(CLI_BAD, "mutate", "out of memory for the log");
		else if (j.fd >= 0)
			rc = cli_journal_commit(&j, "mutate", log.data, log.len);
		else
			rc = cli_write("mutate", cli_bargs.log_path, log.data, log.len);
	}
	cli_journal_close(&j);
	c2_wbuf_free(&log);
	genome_free(&parent);
	return rc;
}
