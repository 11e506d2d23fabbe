/* cmd_sweep.c — `c2rt sweep`: one field of one gene set to each of a list of
 * values, the variants written and batch-run, the outcome tabulated and
 * plotted against the value. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fileio.h"
#include "batch/batch.h"
#include "cli/batch_exec.h"
#include "cli/breed_out.h"
#include "cli/cli.h"
#include "cli/creature_open.h"
#include "cli/helper.h"
#include "cli/journal.h"
#include "genome/breed.h"
#include "genome/fields.h"
#include "trace/columns.h"
#include "trace/series.h"

static const char *gene_arg, *field_arg, *values_arg, *variants_dir, *plot_path;
/* Is the plot drawn? Not by a shard, nor, without --plot, where c2rt's
 * viewer (which draws) is not installed: said before the work. */
static bool draws;

enum { MAX_VALUES = 256 };
static int parse_values(const char *arg, int *v, size_t *n);

/* Where a sweep writes: the variants' folder and the plot (beside -o
 * unless given), and what each variant is called. */
typedef struct sweep_names {
	char vdir[4096], png[4096], stem[256], field[64];
} sweep_names;

/* RESULTS without its extension, plus suffix. */
static void beside(const char *results, const char *suffix, char *buf, size_t cap)
{
	const char *slash = strrchr(results, '/'), *dot = strrchr(results, '.');
	size_t n = dot && (!slash || dot > slash + 1) ? (size_t)(dot - results) : strlen(results);
	snprintf(buf, cap, "%.*s%s", (int)n, results, suffix);
}

static void sweep_names_of(sweep_names *nm, const char *genome_path)
{
	snprintf(nm->vdir, sizeof nm->vdir, "%s", variants_dir ? variants_dir : "");
	if (!variants_dir)
		beside(cli_batch.out, "-variants", nm->vdir, sizeof nm->vdir);
	if (plot_path)
		snprintf(nm->png, sizeof nm->png, "%s", plot_path);
	else
		beside(cli_batch.out, ".png", nm->png, sizeof nm->png);
	cli_stem(genome_path, nm->stem, sizeof nm->stem);
	snprintf(nm->field, sizeof nm->field, "%s", field_arg);
	for (char *c = nm->field; *c; c++)
		if (*c == ':' || *c == '/' || *c == ' ')
			*c = '_';
}

static void variant_path(const sweep_names *nm, int value, char *buf, size_t cap)
{
	/* Three digits (values are bytes): the files sort as the values do. */
	snprintf(buf, cap, "%s/%s-%s-%03d.gen", nm->vdir, nm->stem, nm->field, value);
}

/* The variants, the plot (unless given) and the table on standard output
 * are outputs too. */
static int sweep_paths(cli_paths *ps, const char *const *pos, int npos)
{
	(void)npos;
	if (!cli_batch.out || !strcmp(cli_batch.out, "-") || !field_arg || !values_arg)
		return CLI_OK; /* cli_cmd_sweep refuses these */
	int values[MAX_VALUES];
	size_t n;
	int rc = parse_values(values_arg, values, &n);
	sweep_names *nm = malloc(sizeof *nm);
	if (!rc && !nm)
		rc = cli_fail(CLI_BAD, "sweep", "out of memory");
	if (!rc) {
		sweep_names_of(nm, pos[0]);
		if (!variants_dir)
			cli_paths_add(ps, OPT_OUT_DIR, "--variants", nm->vdir);
		for (size_t v = 0; v < n; v++) {
			char p[4096 + 512];
			variant_path(nm, values[v], p, sizeof p);
			cli_paths_add(ps, OPT_OUT, "--variants", p);
		}
		if (!cli_batch.shard) {
			cli_paths_add(ps, OPT_OUT, "--plot", plot_path ? NULL : nm->png);
			cli_paths_add(ps, OPT_OUT, "the table", "-");
		}
	}
	free(nm);
	return rc;
}

static const cli_opt opts[] = {
	{"gene", OPT_STR, &gene_arg, "KIND:ID[:DUP]|N", "the gene: kind and id (and duplicate number), or its index N", 0, 0, NULL},
	{"field", OPT_STR, &field_arg, "NAME", "its field as 'c2rt dump' names it (threshold, d0.min ...), stage, mut, or halflife:CHEM", 0, 0, NULL},
	{"values", OPT_STR, &values_arg, "LIST|A..B[/STEP]", "the values: 0,16,32 or 0..255/16", 0, 0, NULL},
	{"variants", OPT_OUT_DIR, &variants_dir, "DIR", "where the variants go (default: next to -o, RESULTS-variants/)", 0, 0, NULL},
	{"plot", OPT_OUT, &plot_path, "FILE.png", "plot lifespan against the value (default: RESULTS.png, where c2rt's viewer is installed)", 0, 0, NULL},
	{"creature", OPT_GROUP, cli_creature_opts, NULL, NULL, 0, 0, NULL},
	{"batch", OPT_GROUP, cli_batch_opts, NULL, NULL, 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_sweep_spec = {
	"sweep", "GENOME",
	"a one-factor sweep: set one field of one gene to each value, batch-run the variants",
	"Writes one variant per value (VARIANTS/NAME-FIELD-VALUE.gen, VALUE in three digits\n"
	"so that they sort), runs them as 'c2rt batch' does (every batch option applies:\n"
	"--seeds, --until death, --events, --world, --jobs, --resume ...; rows in -o), then\n"
	"prints a table per value — runs, deaths, lifespan mean, min and max in creature\n"
	"hours of those that died, the mean of each --chem, those alive at the end and\n"
	"their mean age, causes of death — and plots the lifespan against the value.",
	opts, 1, 1, OPT_IN, sweep_paths,
};

/* "KIND:ID[:DUP]" or a gene index. */
static int find_gene(const genome *g, const char *arg, size_t *out)
{
	long v;
	if (cli_parse_long(arg, 0, (long)g->ngenes - 1, &v)) {
		*out = (size_t)v;
		return CLI_OK;
	}
	char kind[32];
	const char *c1 = strchr(arg, ':');
	if (!c1 || (size_t)(c1 - arg) >= sizeof kind)
		return cli_fail(CLI_USAGE, "sweep", "--gene: KIND:ID[:DUP] (e.g. receptor:12) or a gene index, not '%s'", arg);
	memcpy(kind, arg, (size_t)(c1 - arg));
	kind[c1 - arg] = '\0';
	int k = genome_kind_by_name(kind);
	char idbuf[16];
	const char *c2 = strchr(c1 + 1, ':');
	size_t idlen = c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1);
	long id, dup = 0;
	if (idlen >= sizeof idbuf)
		idlen = sizeof idbuf - 1;
	memcpy(idbuf, c1 + 1, idlen);
	idbuf[idlen] = '\0';
	if (k < 0 || !cli_parse_long(idbuf, 0, 255, &id) || (c2 && !cli_parse_long(c2 + 1, 0, 255, &dup)))
		return cli_fail(CLI_USAGE, "sweep", "--gene: KIND:ID[:DUP] with a gene kind and numbers 0..255, not '%s'", arg);
	size_t found = 0, first = 0;
	for (size_t i = 0; i < g->ngenes; i++)
		if (g->genes[i].kind == k && g->genes[i].id == id && g->genes[i].dup == dup && !found++)
			first = i;
	if (!found)
		return cli_fail(CLI_BAD, "sweep", "--gene %s: no such gene", arg);
	if (found > 1)
		return cli_fail(CLI_BAD, "sweep", "--gene %s: %zu genes have that identity; give the index (the first is %zu)",
		                arg, found, first);
	*out = first;
	return CLI_OK;
}

/* The byte the field names in `gene` (body offset, or a header byte). */
static int find_field(genome_gene *gene, const char *name, uint8_t **byte)
{
	static const genome_header_key sweepable[] = {GENOME_HDR_STAGE, GENOME_HDR_FLAGS, GENOME_HDR_MUT};
	for (size_t k = 0; k < sizeof sweepable / sizeof sweepable[0]; k++)
		if (!strcmp(name, genome_header_keys[sweepable[k]])) {
			*byte = genome_header_byte(gene, sweepable[k]);
			return CLI_OK;
		}
	genome_field_list fl = genome_fields((genome_kind)gene->kind);
	for (size_t f = 0; f < fl.n; f++) {
		const genome_field *fd = &fl.fields[f];
		size_t n = strlen(fd->name);
		/* "halflife:CHEM", or "halflife CHEM" as the log and diff spell it. */
		if (fd->kind == GF_HALFLIVES && !strncmp(name, fd->name, n) && (name[n] == ':' || name[n] == ' ')) {
			int chem = genome_vocab_find(&genome_chemicals, name + n + 1, strlen(name + n + 1));
			long num;
			if (chem < 0 && cli_parse_long(name + n + 1, 0, 255, &num))
				chem = (int)num;
			if (chem < 0)
				return cli_fail(CLI_USAGE, "sweep", "--field %s: unknown chemical", name);
			*byte = gene->u.raw + fd->offset + chem;
			return CLI_OK;
		}
		if (strcmp(name, fd->name) != 0)
			continue;
		if (fd->len != 1)
			return cli_fail(CLI_USAGE, "sweep", "--field %s: %u bytes; only one-byte fields can be swept",
			                name, fd->len);
		*byte = gene->u.raw + fd->offset;
		return CLI_OK;
	}
	return cli_fail(CLI_USAGE, "sweep", "--field: a %s gene has no field '%s' (see 'c2rt dump')",
	                genome_kinds[gene->kind].name, name);
}

/* The numbers of --values, as given: a list or a range. */
static int parse_value_list(const char *arg, int *v, size_t *n)
{
	*n = 0;
	const char *dots = strstr(arg, "..");
	if (dots) {
		char a[16], b[16], st[16] = "1";
		const char *slash = strchr(dots, '/');
		size_t al = (size_t)(dots - arg), bl = slash ? (size_t)(slash - dots - 2) : strlen(dots + 2);
		long lo, hi, step;
		if (al >= sizeof a || bl >= sizeof b || (slash && strlen(slash + 1) >= sizeof st))
			return cli_fail(CLI_USAGE, "sweep", "--values: A..B[/STEP], not '%s'", arg);
		memcpy(a, arg, al);
		a[al] = '\0';
		memcpy(b, dots + 2, bl);
		b[bl] = '\0';
		if (slash)
			strcpy(st, slash + 1);
		if (!cli_parse_long(a, 0, 255, &lo) || !cli_parse_long(b, lo, 255, &hi) ||
		    !cli_parse_long(st, 1, 255, &step))
			return cli_fail(CLI_USAGE, "sweep", "--values: A..B[/STEP] with 0 <= A <= B <= 255, STEP >= 1, not '%s'", arg);
		for (long x = lo; x <= hi; x += step)
			v[(*n)++] = (int)x;
		return CLI_OK;
	}
	const char *p = arg;
	for (;;) {
		const char *q = strchr(p, ',');
		size_t len = q ? (size_t)(q - p) : strlen(p);
		char num[16];
		long x;
		if (len >= sizeof num || *n == MAX_VALUES)
			return cli_fail(CLI_USAGE, "sweep", "--values: at most %d numbers 0..255", MAX_VALUES);
		memcpy(num, p, len);
		num[len] = '\0';
		if (!cli_parse_long(num, 0, 255, &x))
			return cli_fail(CLI_USAGE, "sweep", "--values: '%s' is not 0..255", num);
		v[(*n)++] = (int)x;
		if (!q)
			return CLI_OK;
		p = q + 1;
	}
}

/* "0,16,32" or "A..B" or "A..B/STEP", each 0..255 and each once (a
 * variant file per value). */
static int parse_values(const char *arg, int *v, size_t *n)
{
	int rc = parse_value_list(arg, v, n);
	bool seen[256] = {false};
	for (size_t i = 0; rc == CLI_OK && i < *n; i++) {
		if (seen[v[i]])
			rc = cli_fail(CLI_USAGE, "sweep", "--values: %d given twice", v[i]);
		seen[v[i]] = true;
	}
	return rc;
}

/* Per value: what its runs came to. */
/* Lifespans are of the runs that died; the runs alive at the end (--ticks,
 * --max-ticks) have their age apart. */
typedef struct outcome {
	size_t runs, died, failed, alive;
	double sum_h, min_h, max_h; /* the lifespans of those that died */
	double age_sum_h;           /* the ages at the end of those alive */
	size_t causes[8]; /* by creature_death */
	double chem_sum[256];
} outcome;

static double cell_number(const char *text, const batch_file *bf, batch_format f, size_t i,
                          const char *col)
{
	char buf[64];
	if (!batch_cell(text, bf, f, i, col, buf, sizeof buf) || !buf[0])
		return NAN;
	return strtod(buf, NULL);
}

/* Read the finished results back and sum them up per value. */
static int tabulate(const batch_spec *s, const char *path, outcome *oc, size_t nvalues)
{
	uint8_t *text;
	size_t len;
	c2_err err;
	if (batch_read_results(path, &text, &len, &err) != 0)
		return cli_report(path, &err);
	batch_file bf;
	if (batch_file_parse((const char *)text, len, s->format, &bf, &err) != 0) {
		free(text);
		return cli_report(path, &err);
	}
	for (size_t v = 0; v < nvalues; v++)
		oc[v] = (outcome){.min_h = INFINITY, .max_h = -INFINITY};
	const char *t = (const char *)text;
	for (size_t i = 0; i < bf.nrows; i++) {
		outcome *o = &oc[bf.rows[i].run / s->nseeds];
		char cause[32];
		o->runs++;
		double h = cell_number(t, &bf, s->format, i, "lifespan_s") / 3600;
		double age = cell_number(t, &bf, s->format, i, "age_s") / 3600;
		if (batch_row_failed(t, &bf, s->format, i) || isnan(age)) {
			o->failed++;
			continue;
		}
		if (isnan(h)) {
			o->alive++;
			o->age_sum_h += age;
		} else {
			o->sum_h += h;
			o->min_h = fmin(o->min_h, h);
			o->max_h = fmax(o->max_h, h);
		}
		if (batch_cell(t, &bf, s->format, i, "cause", cause, sizeof cause))
			for (int c = 0; c < 8; c++)
				if (!strcmp(cause, creature_death_name((creature_death)c)))
					o->causes[c]++, o->died += c != CREATURE_ALIVE;
		for (size_t k = 0; k < s->nchem; k++) {
			char col[80], lab[64];
			trace_chem_label(s->chem[k], lab, sizeof lab);
			snprintf(col, sizeof col, "avg:chem:%s", lab);
			o->chem_sum[k] += cell_number(t, &bf, s->format, i, col);
		}
	}
	batch_file_free(&bf);
	free(text);
	return CLI_OK;
}

static void print_table(const batch_spec *s, const char *what, const int *values, size_t n,
                        const outcome *oc)
{
	printf("# %s: %u seed%s per value, %s\n", what, s->nseeds, s->nseeds == 1 ? "" : "s",
	       s->ticks ? "fixed ticks" : "until death");
	printf("%5s %5s %5s %10s %8s %8s", "value", "runs", "died", "lifespan_h", "min_h", "max_h");
	for (size_t k = 0; k < s->nchem; k++) {
		char lab[64];
		trace_chem_label(s->chem[k], lab, sizeof lab);
		printf(" %10.10s", lab);
	}
	printf(" %5s %8s  causes\n", "alive", "age_h");
	for (size_t v = 0; v < n; v++) {
		const outcome *o = &oc[v];
		size_t ok = o->runs - o->failed, dead = ok - o->alive;
		printf("%5d %5zu %5zu", values[v], o->runs, o->died);
		if (dead)
			printf(" %10.2f %8.2f %8.2f", o->sum_h / dead, o->min_h, o->max_h);
		else
			printf(" %10s %8s %8s", "-", "-", "-");
		for (size_t k = 0; k < s->nchem; k++)
			if (ok)
				printf(" %10.1f", o->chem_sum[k] / ok);
			else
				printf(" %10s", "-");
		printf(" %5zu", o->alive);
		if (o->alive)
			printf(" %8.2f", o->age_sum_h / o->alive);
		else
			printf(" %8s", "-");
		printf(" ");
		for (int c = 0; c < 8; c++)
			if (o->causes[c])
				printf(" %s %zu", creature_death_name((creature_death)c), o->causes[c]);
		if (o->failed)
			printf(" failed %zu", o->failed);
		printf("\n");
	}
}

static int draw_plot(const char *path, const char *what, const char *field, const int *values,
                     size_t n, const outcome *oc)
{
	static const char *const names[] = {"mean lifespan", "shortest", "longest"};
	trace_series *d = trace_series_new(3, names, 0);
	if (!d)
		return cli_fail(CLI_BAD, "sweep", "out of memory");
	/* Values in increasing order (the plot's x must not go back). */
	int order[MAX_VALUES];
	for (size_t i = 0; i < n; i++)
		order[i] = (int)i;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && values[order[j]] < values[order[j - 1]]; j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	double top = 0;
	for (size_t i = 0; i < n; i++) {
		const outcome *o = &oc[order[i]];
		size_t dead = o->runs - o->failed - o->alive;
		float row[3] = {NAN, NAN, NAN};
		if (dead) {
			row[0] = (float)(o->sum_h / dead);
			row[1] = (float)o->min_h;
			row[2] = (float)o->max_h;
			top = fmax(top, o->max_h);
		}
		trace_series_push(d, values[order[i]], row);
	}
	char pw[4200];
	snprintf(pw, sizeof pw, "--plot %s", path);
	/* The diet: the events file the runs lived under (none: the engine's
	 * default world stand-in). */
	char title[CLI_PLOT_TEXT_MAX + 1];
	const char *ev = cli_cargs.events_path;
	snprintf(title, sizeof title, "%s; diet: %s", what, ev ? (strrchr(ev, '/') ? strrchr(ev, '/') + 1 : ev)
	                                                      : "no events file");
	cli_plot_req q;
	cli_plot_req_default(&q);
	q.title = title;
	q.style = CLI_PLOT_POINTS; /* a few values: each a marker, the widest first */
	q.x_label = field;
	q.y_label = "lifespan (creature hours)";
	q.ymin = 0;
	q.ymax = top > 0 ? ceil(top * 1.1) : 1;
	int rc = cli_plot("sweep", pw, path, &q, d);
	trace_series_free(d);
	return rc;
}

/* What is swept, for the table and the plot. */
static void sweep_what(char *what, size_t cap, const sweep_names *nm, const genome_gene *gene,
                       size_t gi)
{
	snprintf(what, cap, "%s: %s id=%u dup=%u (gene %zu), field %s", nm->stem,
	         genome_kinds[gene->kind].name, gene->id, gene->dup, gi, field_arg);
}

/* The variants' paths (in *paths, n of them; cli_parse checked them against
 * the results file, the plot and the inputs through sweep_paths), and their
 * folder made. */
static int variant_paths(const sweep_names *nm, const int *values, size_t n, char **paths)
{
	int rc = cli_mkdir("sweep", nm->vdir);
	for (size_t v = 0; v < n && rc == CLI_OK; v++) {
		char p[4096 + 512];
		variant_path(nm, values[v], p, sizeof p);
		if (!(paths[v] = strdup(p)))
			rc = cli_fail(CLI_BAD, "sweep", "out of memory");
	}
	return rc;
}

/* The variants: the genome with the one byte set to each value. */
static int write_variants(genome *g, uint8_t *byte, const int *values, size_t n, char **paths)
{
	uint8_t original = *byte;
	int rc = CLI_OK;
	for (size_t v = 0; v < n && rc == CLI_OK; v++) {
		*byte = (uint8_t)values[v];
		rc = cli_write_genome("sweep", paths[v], g);
	}
	*byte = original;
	return rc;
}

/* The table and plot, from the results file (which holds every run). */
static int report(const batch_spec *s, const sweep_names *nm, const char *what, const int *values,
                  size_t n)
{
	outcome *oc = calloc(n, sizeof *oc);
	int rc = oc ? tabulate(s, cli_batch.out, oc, n) : cli_fail(CLI_BAD, "sweep", "out of memory");
	if (rc == CLI_OK) {
		print_table(s, what, values, n, oc);
		if ((rc = cli_stdout_check("sweep")) == CLI_OK && draws)
			rc = draw_plot(nm->png, what, field_arg, values, n, oc);
	}
	free(oc);
	return rc;
}

/* Everything after the genome, gene and field are known. */
static int sweep(genome *g, const char *genome_path, size_t gi, uint8_t *byte, const int *values,
                 size_t n)
{
	sweep_names nm;
	char what[512];
	sweep_names_of(&nm, genome_path);
	sweep_what(what, sizeof what, &nm, &g->genes[gi], gi);
	batch_spec s;
	cli_batch_inputs in;
	cli_journal j = {0};
	uint64_t *hashes = NULL;
	cli_batch_tally t;
	char **paths = calloc(n, sizeof *paths);
	/* The run options first: a usage error writes nothing. */
	int rc = paths ? cli_batch_spec(&s, "sweep", &in) : cli_fail(CLI_BAD, "sweep", "out of memory");
	if (rc == CLI_OK)
		rc = variant_paths(&nm, values, n, paths);
	if (rc == CLI_OK)
		rc = cli_batch_lock("sweep", &j);
	if (rc == CLI_OK)
		rc = write_variants(g, byte, values, n, paths);
	if (rc == CLI_OK)
		rc = cli_batch_genomes("sweep", &s, (const char *const *)paths, n, &hashes);
	if (rc == CLI_OK)
		rc = cli_batch_check_body("sweep", &s, g);
	if (rc == CLI_OK)
		rc = cli_batch_execute("sweep", &s, &j, &t);
	/* The table and plot need every run: not for a shard alone. */
	if (rc == CLI_OK && !cli_batch.shard)
		rc = report(&s, &nm, what, values, n);
	if (rc == CLI_OK)
		rc = cli_batch_verdict("sweep", &t, cli_batch.out);
	cli_journal_close(&j);
	free(hashes);
	cli_batch_inputs_free(&in);
	for (size_t v = 0; paths && v < n; v++)
		free(paths[v]);
	free(paths);
	return rc;
}

int cli_cmd_sweep(int argc, char **argv)
{
	cli_creature_args_init(&cli_cargs);
	cli_cargs.world_ok = true; /* with --world */
	cli_batch_args_init(&cli_batch);
	gene_arg = field_arg = values_arg = variants_dir = plot_path = NULL;
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_sweep_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if (!gene_arg || !field_arg || !values_arg)
		return cli_fail(CLI_USAGE, "sweep", "needs --gene, --field and --values");
	if (!cli_batch.out || !strcmp(cli_batch.out, "-"))
		return cli_fail(CLI_USAGE, "sweep", "needs -o RESULTS (a file: the table is read back from it)");
	if (plot_path && cli_batch.shard)
		return cli_fail(CLI_USAGE, "sweep", "--plot: a shard draws no plot (the table and the plot need every run)");
	int values[MAX_VALUES];
	size_t nvalues;
	if ((rc = parse_values(values_arg, values, &nvalues)) != 0)
		return rc;
	draws = !cli_batch.shard;
	if (draws) {
		/* --plot needs the drawing program; the default plot is left out
		 * without it (a note, not a failure: a cluster node has no viewer). */
		char png[4096], what[4200];
		beside(cli_batch.out, ".png", png, sizeof png);
		if (plot_path)
			snprintf(what, sizeof what, "--plot %s", plot_path);
		else
			snprintf(what, sizeof what, "%s not drawn", png);
		if (cli_helper_check("sweep", what) != CLI_OK) {
			if (plot_path)
				return CLI_BAD;
			draws = false;
		}
	}
	genome g;
	if ((rc = cli_load_genome(pos[0], &g)) != 0)
		return rc;
	size_t gi = 0;
	uint8_t *byte = NULL;
	if ((rc = find_gene(&g, gene_arg, &gi)) == 0 && (rc = find_field(&g.genes[gi], field_arg, &byte)) == 0)
		rc = sweep(&g, pos[0], gi, byte, values, nvalues);
	genome_free(&g);
	return rc;
}
