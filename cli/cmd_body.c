/* cmd_body.c — `c2rt body`: load an alternative body (an f0 genotype, one
 * from a Framsticks genotype file, or an XODE scene) and show it: a summary,
 * the Framsticks SDK's own report, the re-saved f0 text, JSON, XODE.
 *
 * The format is picked by the core's one table of body formats
 * (body/load.h); XODE scenes are shown by cli/body_xode.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "body/body.h"
#include "framsticks/f0.h"
#include "framsticks/f1.h"
#include "framsticks/frams.h"
#include "body/load.h"
#include "cli/body_simulate.h"
#include "cli/body_xode.h"
#include "cli/cli.h"

static const char *genotype_sel, *export_path;
static const char *format = "summary";
static bool list, simulate;
static const char *seconds_arg, *trace_path, *seed_arg;
static body_options sim_opts;

static int body_opt(const char *arg, void *ctx)
{
	c2_err err;
	if (c2_option_parse(&body_option_tab, ctx, arg, &err) != 0) {
		fprintf(stderr, "c2rt: --opt %s: %s\n", arg, err.msg);
		return CLI_USAGE;
	}
	return 0;
}

static const cli_opt opts[] = {
	{"format", OPT_STR, &format, "summary|sdk|f0|json",
	 "what to print (default summary)", 0, 0, NULL},
	{"genotype", OPT_STR, &genotype_sel, "N|NAME",
	 "genotype files: the genotype to load (default: the first f0 one)", 0, 0, NULL},
	{"list", OPT_FLAG, &list, NULL,
	 "genotype files: list the genotypes, their formats and whether they load", 0, 0, NULL},
	{"simulate", OPT_FLAG, &simulate, NULL,
	 "simulate the body alone on ODE (f0: moved by its own neurons; XODE: by its motors)", 0, 0,
	 NULL},
	{"seconds", OPT_STR, &seconds_arg, "S", "--simulate: creature seconds (default 10)", 0, 0, NULL},
	{"trace", OPT_OUT, &trace_path, "FILE.csv",
	 "--simulate: time, centre of mass, speed, height, work and each effector's signal per tick", 0,
	 0, NULL},
	{"seed", OPT_STR, &seed_arg, "S", "--simulate: seed of the body's random stream (default 1)", 0,
	 0, NULL},
	{"opt", OPT_CALL, &sim_opts, "NAME=VALUE",
	 "--simulate: a body option (see 'c2rt options'); repeatable", 0, 0, body_opt},
	{"export", OPT_OUT, &export_path, "OUT.xode",
	 "XODE: also write the scene back, nothing lost (atomically; - for standard output)", 0, 0,
	 NULL},
	{0},
};

const cli_spec cli_cmd_body_spec = {
	"body", "FILE",
	"load an alternative body (Framsticks f0 or f1 .f0/.gen, or XODE .xode) and show it",
	"FILE is an f0 genotype (.f0: starting with //0 or /*0*/; /*1*/ for f1), a\n"
	"Framsticks genotype file (.gen: org objects; f1 genotypes are converted to\n"
	"f0 as the SDK does) or an XODE 1.0r23 scene (.xode). Formats:\n"
	"summary (readable; text is the same), sdk (f0: the Framsticks SDK 5.0rc10\n"
	"report: its messages, valid=/parts=/..., one line per part, joint and neuron,\n"
	"the genes as given and as re-saved), f0 (the genotype as the SDK re-saves it,\n"
	"defaults skipped), json (the whole model). --list prints the SDK loader's\n"
	"listing of a .gen file, then each genotype's format and whether it loads\n"
	"(its size, or why not), then how many load. An invalid body prints\n"
	"FILE:LINE: reason and exits 2 (with --format sdk the report is printed first).\n"
	"--simulate runs the body alone on ODE (docs/bodies.md) and prints\n"
	"its effectors and how far its centre of mass went.",
	opts, 1, 1, OPT_IN, NULL,
};

/* The output formats (--format); "text" is the XODE front end's name for
 * the summary. */
enum { FMT_SUMMARY, FMT_SDK, FMT_F0, FMT_JSON, NFORMATS };
static const char *const formats[NFORMATS] = {"summary", "sdk", "f0", "json"};

/* What the genotype-file lister gets. */
typedef struct body_input {
	const char *path;
	const char *text; /* the whole file, NUL-terminated */
	size_t len;
	frams_file gen;   /* .gen: the objects read */
} body_input;

/* Messages of a log on stderr as FILE:LINE: ..., the first 20 of them (a
 * broken file can have thousands). */
static void print_log(const char *path, const frams_log *log, bool warnings_only)
{
	enum { SHOWN = 20 };
	size_t shown = 0, more = log->dropped;
	for (size_t i = 0; i < log->n; i++) {
		if (warnings_only && log->v[i].level != FRAMS_WARN)
			continue;
		if (shown++ >= SHOWN) {
			more++;
			continue;
		}
		fprintf(stderr, "c2rt: %s:%ld: %s: %s\n", path, log->v[i].line,
		        log->v[i].level == FRAMS_ERROR ? "error" : "warning", log->v[i].text);
	}
	if (more)
		fprintf(stderr, "c2rt: %s: %zu more messages not shown\n", path,
		        more);
}

/* The body's warnings (the f0 builder's and the genotype file reader's),
 * the first 20 of them. */
static void print_warnings(const char *path, const body_model *m)
{
	enum { SHOWN = 20 };
	for (size_t i = 0; i < m->nwarnings && i < SHOWN; i++)
		fprintf(stderr, "c2rt: %s:%ld: warning: %s\n", path, m->warnings[i].line,
		        m->warnings[i].msg);
	if (m->nwarnings > SHOWN)
		fprintf(stderr, "c2rt: %s: %zu more messages not shown\n", path, m->nwarnings - SHOWN);
}

static int read_gen(body_input *in)
{
	c2_err err;
	const frams_class *classes[] = {&frams_org_class};
	if (frams_read(in->text, in->len, classes, 1, &in->gen, &err) != 0)
		return cli_report(in->path, &err);
	print_log(in->path, &in->gen.log, false);
	return CLI_OK;
}

static int list_gen(body_input *in)
{
	int rc = read_gen(in);
	if (rc)
		return rc;
	size_t n = frams_genotypes(&in->gen, NULL, 0), chars = 0;
	frams_genotype *g = calloc(n + 1, sizeof *g);
	if (!g)
		return cli_fail(CLI_BAD, "body", "out of memory");
	frams_genotypes(&in->gen, g, n);
	/* The SDK loader test's listing, then the formats. */
	for (size_t i = 0; i < n; i++) {
		printf("%zu. %s\t(%zu characters)\n", i + 1, g[i].name, g[i].len);
		chars += g[i].len;
	}
	printf("\ntotal: %zu items, %zu characters\n", n, chars);
	/* Then each genotype's format and whether it builds (f0 and f1 do). */
	printf("\nformats:\n");
	size_t nok = 0;
	for (size_t i = 0; i < n; i++) {
		frams_geno gi;
		frams_geno_marker(g[i].genes, g[i].len, &gi);
		body_model m;
		c2_err err;
		int brc = frams_genotype_build(g[i].genes, g[i].len, g[i].name, g[i].line, &m, &err);
		if (gi.format)
			printf("%zu. f%c", i + 1, gi.format);
		else
			printf("%zu. invalid format declaration", i + 1);
		if (brc == 0)
			printf(", loadable: %zu parts, %zu joints, %zu neurons\n", m.nparts, m.njoints,
			       m.nneurons);
		else if (gi.format == '0' || gi.format == '1')
			printf(", not loadable: line %ld: %s\n", err.line, err.msg);
		else
			printf("\n");
		nok += brc == 0;
		body_free(&m);
	}
	printf("\nloadable: %zu of %zu genotypes\n", nok, n);
	free(g);
	return CLI_OK;
}

/* ---- output ----------------------------------------------------------------------- */

static void fmt3(char *buf, size_t cap, const double v[3])
{
	snprintf(buf, cap, "(%.4g, %.4g, %.4g)", v[0], v[1], v[2]);
}

/* The parts: shape, place, mass, friction and (f0) rotation. */
static void print_parts(const body_model *m)
{
	static const char *const f0_shapes[] = {"ball", "ellipsoid", "cuboid", "cylinder"};
	const frams_f0_info *fi = frams_f0_info_of(m);
	char a[96];
	if (m->nparts)
		printf("parts:\n");
	for (size_t i = 0; i < m->nparts; i++) {
		const body_part *p = &m->parts[i];
		fmt3(a, sizeof a, p->pos);
		const char *shape = fi && p->f0.sh >= 0 && p->f0.sh < 4
		                        ? f0_shapes[p->f0.sh]
		                        : body_shape_name(i < m->ngeoms ? m->geoms[i].shape
		                                                        : BODY_SHAPE_POINT);
		printf("  P%-3zu %-9s at %-28s mass %-4g friction %g", i, shape, a, p->mass,
		       p->friction);
		if (p->f0.rot[0] || p->f0.rot[1] || p->f0.rot[2]) {
			fmt3(a, sizeof a, p->f0.rot);
			printf("  rot %s", a);
		}
		printf("\n");
	}
}

/* The joints: the parts they join, their kind and length. */
static void print_joints(const body_model *m)
{
	if (m->njoints)
		printf("joints:\n");
	for (size_t i = 0; i < m->njoints; i++) {
		const body_joint *j = &m->joints[i];
		double len = 0;
		if (j->p1 >= 0 && j->p2 >= 0) {
			const double *u = m->parts[j->p1].pos, *v = m->parts[j->p2].pos;
			len = sqrt((v[0] - u[0]) * (v[0] - u[0]) + (v[1] - u[1]) * (v[1] - u[1]) +
			           (v[2] - u[2]) * (v[2] - u[2]));
		}
		printf("  J%-3zu P%d-P%d  %-6s length %.4g%s\n", i, j->p1, j->p2,
		       body_joint_kind_name(j->kind), len, j->f0.usedelta ? " (delta)" : "");
	}
}

/* The f0 neurons: class, where they sit, their properties and inputs. */
static void print_neurons(const body_model *m)
{
	size_t *start, *order;
	if (!m->nneurons || !body_conns_by_target(m, &start, &order))
		return;
	printf("neurons:\n");
	for (size_t i = 0; i < m->nneurons; i++) {
		const body_neuron *n = &m->neurons[i];
		const frams_f0_neuro_class *nc = frams_f0_neuro_class_find(n->cls);
		char line[160];
		int len = snprintf(line, sizeof line, "  N%-3zu %-6s %-16s", i, n->cls,
		                   nc ? nc->longname : "(unknown class)");
		if (n->part >= 0 || n->joint >= 0)
			len += snprintf(line + len, sizeof line - (size_t)len, " on %c%d",
			                n->part >= 0 ? 'P' : 'J', n->part >= 0 ? n->part : n->joint);
		while (len > 0 && line[len - 1] == ' ')
			line[--len] = '\0';
		printf("%s%s%s", line, *n->props ? "  " : "", n->props);
		for (size_t k = start[i]; k < start[i + 1]; k++)
			printf("%s N%d*%g", k > start[i] ? "," : "  <-", m->conns[order[k]].from,
			       m->conns[order[k]].weight);
		printf("\n");
	}
	free(start);
	free(order);
}

/* --format summary: what the body is, its counts and warnings, then its
 * parts, joints and neurons one a line. */
static void print_summary(const char *path, const body_model *m)
{
	const frams_f0_info *fi = frams_f0_info_of(m);
	const char *kind = m->format != BODY_F0 ? "XODE body"
	                   : fi && fi->f1_genes ? "f1 body (converted to f0)"
	                                        : "f0 body";
	printf("%s: %s%s\n", path, kind, fi ? (fi->valid ? ", valid" : ", INVALID") : "");
	if (m->name)
		printf("name      %s\n", m->name);
	if (fi)
		printf("shape     %s\n", frams_f0_shape_name(fi->shape));
	double lo[3], hi[3];
	body_extent(m, lo, hi);
	printf("size      %.4g x %.4g x %.4g (extent of the part positions)\n", hi[0] - lo[0],
	       hi[1] - lo[1], hi[2] - lo[2]);
	printf("mass      %.6g (parts' total)\n", body_total_mass(m));
	size_t ndelta = 0, unknown = 0;
	for (size_t i = 0; i < m->njoints; i++)
		ndelta += m->joints[i].f0.usedelta;
	for (size_t i = 0; i < m->nneurons; i++)
		unknown += frams_f0_neuro_class_find(m->neurons[i].cls) == NULL;
	printf("parts     %zu\n", m->nparts);
	printf("joints    %zu (%zu placed by delta)\n", m->njoints, ndelta);
	printf("neurons   %zu (%zu of unknown classes), %zu connections\n", m->nneurons, unknown,
	       m->nconns);
	printf("warnings  %zu\n", m->nwarnings);
	for (size_t i = 0; i < m->nwarnings; i++)
		printf("  line %ld: %s\n", m->warnings[i].line, m->warnings[i].msg);
	print_parts(m);
	print_joints(m);
	print_neurons(m);
}

/* The options that go together, --seconds, --seed (into *sa) and --format
 * (*fmt); CLI_OK or a usage error. */
static int check_args(cli_body_sim_args *sa, int *fmt)
{
	if (!simulate && (seconds_arg || trace_path || seed_arg || cli_given("opt")))
		return cli_fail(CLI_USAGE, "body", "--seconds, --trace, --seed and --opt go with --simulate");
	/* What --simulate and --list print is their own. */
	if ((simulate || list) && (export_path || cli_given("format")))
		return cli_fail(CLI_USAGE, "body", "--export and --format go without --%s",
		                simulate ? "simulate" : "list");
	if (simulate && list)
		return cli_fail(CLI_USAGE, "body", "--simulate and --list exclude each other");
	if (seconds_arg) {
		char *end;
		sa->seconds = strtod(seconds_arg, &end);
		if (*end || !(sa->seconds >= 0) || sa->seconds > 1e7)
			return cli_fail(CLI_USAGE, "body", "--seconds: '%s' is not a time in seconds",
			                seconds_arg);
	}
	if (seed_arg) {
		char *end;
		if (!*seed_arg || *seed_arg == '-' || (sa->seed = strtoull(seed_arg, &end, 10), *end))
			return cli_fail(CLI_USAGE, "body", "--seed: '%s' is not a non-negative number",
			                seed_arg);
	}
	*fmt = strcmp(format, "text") == 0 ? FMT_SUMMARY : -1;
	for (int i = 0; i < NFORMATS; i++)
		if (strcmp(format, formats[i]) == 0)
			*fmt = i;
	if (*fmt < 0)
		return cli_fail(CLI_USAGE, "body", "--format: '%s' is not summary, sdk, f0 or json",
		                format);
	return CLI_OK;
}

/* An f0 or genotype body, loaded into *m and written in format fmt: the
 * summary, the SDK's report, f0 or JSON. */
static int show_body(const body_input *in, int src, int fmt, body_model *m)
{
	c2_err err;
	int rc;
	int lrc = body_load_source((body_source)src, in->text, in->len, genotype_sel, m, &err);
	const frams_f0_info *fi = frams_f0_info_of(m);
	if ((fmt == FMT_SDK || fmt == FMT_F0) && lrc == 0 && !fi) {
		rc = cli_fail(CLI_USAGE, "body", "--format %s is for f0 bodies", formats[fmt]);
	} else if (fmt == FMT_SDK) {
		c2_wbuf w = {0};
		frams_f0_sdk_report(m, &w);
		rc = cli_write("body", "-", w.data ? (const void *)w.data : "", w.len);
		c2_wbuf_free(&w);
		/* the report has the SDK's reasons; say why when there was no f0 */
		if (lrc && !fi)
			cli_report(in->path, &err);
		if (rc == CLI_OK && lrc)
			rc = CLI_BAD;
	} else {
		/* Warnings first, then the reason an invalid body is refused. */
		print_warnings(in->path, m);
		if (lrc) {
			rc = cli_report(in->path, &err);
		} else if (fmt == FMT_SUMMARY) {
			print_summary(in->path, m);
			rc = CLI_OK;
		} else {
			c2_wbuf w = {0};
			if (fmt == FMT_F0)
				frams_f0_write(m, &w);
			else
				body_json_write(m, &w);
			rc = w.oom ? cli_fail(CLI_BAD, "body", "out of memory")
			           : cli_write("body", "-", w.data ? (const void *)w.data : "", w.len);
			c2_wbuf_free(&w);
		}
	}
	return rc;
}

int cli_cmd_body(int argc, char **argv)
{
	const char *pos[1];
	int npos;
	c2_options_default(&body_option_tab, &sim_opts);
	int rc = cli_parse(&cli_cmd_body_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	cli_body_sim_args sa = {10, trace_path, 1, sim_opts};
	int fmt;
	if ((rc = check_args(&sa, &fmt)) != CLI_OK)
		return rc;
	body_input in = {pos[0], NULL, 0, {0}};
	uint8_t *data;
	c2_err err;
	if (c2_read_file(in.path, 64u << 20, &data, &in.len, &err) != 0)
		return cli_report(in.path, &err);
	in.text = (const char *)data;
	int src = body_source_pick(in.path, in.text, in.len, &err);
	body_model m = {0};
	if (src < 0) {
		/* a Creatures genome is a mistaken argument; other bytes a bad file */
		rc = cli_fail(src == BODY_SOURCE_CREATURES ? CLI_USAGE : CLI_BAD, "body", "%s: %s", in.path,
		              err.msg);
	} else if (genotype_sel && src != BODY_SOURCE_GEN) {
		rc = cli_fail(CLI_USAGE, "body", "--genotype is for genotype files (.gen)");
	} else if (list) {
		rc = src == BODY_SOURCE_GEN
		         ? list_gen(&in)
		         : cli_fail(CLI_USAGE, "body", "--list is for genotype files (.gen)");
	} else if (simulate) {
		rc = body_load_source((body_source)src, in.text, in.len, genotype_sel, &m, &err);
		print_warnings(in.path, &m);
		rc = rc ? cli_report(in.path, &err) : cli_body_simulate(in.path, &m, &sa);
	} else if (src == BODY_SOURCE_XODE) {
		if (fmt == FMT_SDK || fmt == FMT_F0)
			rc = cli_fail(CLI_USAGE, "body", "--format %s is for f0 bodies", formats[fmt]);
		else
			rc = cli_body_xode(in.path, fmt == FMT_JSON, export_path);
	} else if (export_path) {
		rc = cli_fail(CLI_USAGE, "body", "--export is for XODE scenes");
	} else {
		rc = show_body(&in, src, fmt, &m);
	}
	body_free(&m);
	frams_file_free(&in.gen);
	free(data);
	return rc;
}
