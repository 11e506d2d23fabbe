/* cmd_body.c — `c2rt body`: load an alternative body (an f0 genotype, or one
 * from a Framsticks genotype file) and show it: a summary, the Framsticks
 * SDK's own report, the re-saved f0 text, or JSON.
 *
 * Each input format is one row of `loaders` (extension, content sniffer,
 * loader, optional lister); the format is picked in one place, body_pick. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "body/body.h"
#include "body/f0.h"
#include "body/frams.h"
#include "cli/cli.h"

static const char *genotype_sel;
static const char *format = "summary";
static bool list;

static const cli_opt opts[] = {
	{"format", OPT_STR, &format, "summary|sdk|f0|json",
	 "what to print (default summary)", 0, 0, NULL},
	{"genotype", OPT_STR, &genotype_sel, "N|NAME",
	 "genotype files: the genotype to load (default: the first f0 one)", 0, 0, NULL},
	{"list", OPT_FLAG, &list, NULL, "genotype files: list the genotypes and their formats", 0, 0,
	 NULL},
	{0},
};

const cli_spec cmd_body_spec = {
	"body", "FILE [--format summary|sdk|f0|json] [--genotype N|NAME] [--list]",
	"load an alternative body (Framsticks f0 genotype, .f0 or .gen file) and show it",
	"FILE is an f0 genotype (.f0: starting with //0 or /*0*/) or a Framsticks\n"
	"genotype file (.gen: org objects). Formats: summary (readable), sdk (the\n"
	"Framsticks SDK 5.0rc10 report: its messages, valid=/parts=/..., one line per\n"
	"part, joint and neuron, the genes as given and as re-saved), f0 (the genotype\n"
	"as the SDK re-saves it, defaults skipped), json (the whole model).\n"
	"--list prints the SDK loader's listing of a .gen file, then each genotype's\n"
	"format. An invalid body prints FILE:LINE: reason and exits 2 (with --format\n"
	"sdk the report is printed first).",
	opts, 1, 1,
};

/* What a loader gets and gives. */
typedef struct body_input {
	const char *path;
	const char *text; /* the whole file, NUL-terminated */
	size_t len;
	frams_file gen;   /* .gen: the objects read */
} body_input;

typedef struct body_loader {
	const char *name;
	const char *ext;
	bool (*sniff)(const char *text, size_t len);
	/* Fill m (also when the body is invalid, as far as it was built).
	 * Returns 0, C2_EFORMAT with err (invalid body; m may be empty when the
	 * input was not a body at all), or another code. */
	int (*load)(body_input *in, body_model *m, c2_err *err);
	int (*list)(body_input *in); /* --list, or NULL */
} body_loader;

/* ---- f0 files ------------------------------------------------------------------ */

static bool sniff_f0(const char *text, size_t len)
{
	return len >= 2 && text[0] == '/' && (text[1] == '/' || text[1] == '*');
}

static int load_f0(body_input *in, body_model *m, c2_err *err)
{
	return f0_build_genotype(in->text, in->len, NULL, 1, m, err);
}

/* ---- Framsticks genotype files -------------------------------------------------- */

static bool sniff_gen(const char *text, size_t len)
{
	/* an org: object header line anywhere */
	for (size_t i = 0; i + 4 <= len; i++)
		if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, "org:", 4) == 0)
			return true;
	return false;
}

static void print_log(const char *path, const frams_log *log)
{
	for (size_t i = 0; i < log->n; i++)
		fprintf(stderr, "c2rt: %s:%ld: %s: %s\n", path, log->v[i].line,
		        log->v[i].level == FRAMS_ERROR ? "error" : "warning", log->v[i].text);
}

static int read_gen(body_input *in)
{
	c2_err err;
	const frams_class *classes[] = {&frams_org_class};
	if (frams_read(in->text, in->len, classes, 1, &in->gen, &err) != 0)
		return cli_report(in->path, &err);
	print_log(in->path, &in->gen.log);
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
	printf("\nformats:\n");
	for (size_t i = 0; i < n; i++) {
		frams_geno gi;
		frams_geno_marker(g[i].genes, g[i].len, &gi);
		if (gi.format)
			printf("%zu. f%c\n", i + 1, gi.format);
		else
			printf("%zu. invalid format declaration\n", i + 1);
	}
	free(g);
	return CLI_OK;
}

static int load_gen(body_input *in, body_model *m, c2_err *err)
{
	memset(m, 0, sizeof *m);
	if (read_gen(in) != CLI_OK)
		return c2_fail_line(err, C2_EIO, 0, "could not read the genotype file");
	size_t n = frams_genotypes(&in->gen, NULL, 0);
	frams_genotype *g = calloc(n + 1, sizeof *g);
	if (!g)
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	frams_genotypes(&in->gen, g, n);
	size_t pick = n;
	long num;
	if (genotype_sel && cli_parse_long(genotype_sel, 1, (long)n, &num)) {
		pick = (size_t)num - 1;
	} else if (genotype_sel) {
		for (size_t i = 0; i < n && pick == n; i++)
			if (strcmp(g[i].name, genotype_sel) == 0)
				pick = i;
	} else {
		for (size_t i = 0; i < n && pick == n; i++) {
			frams_geno gi;
			frams_geno_marker(g[i].genes, g[i].len, &gi);
			if (gi.format == '0')
				pick = i;
		}
	}
	int rc;
	if (pick == n && genotype_sel)
		rc = c2_fail_line(err, C2_EINVAL, 0,
		                  "no genotype '%s' (there are %zu; --list shows them)", genotype_sel, n);
	else if (pick == n)
		rc = c2_fail_line(err, C2_EINVAL, 0, "no f0 genotype among the %zu (--list shows them)",
		                  n);
	else
		rc = f0_build_genotype(g[pick].genes, g[pick].len, g[pick].name, g[pick].line, m, err);
	free(g);
	return rc;
}

/* ---- the one table of formats ----------------------------------------------------- */

static const body_loader loaders[] = {
	{"f0", ".f0", sniff_f0, load_f0, NULL},
	{"gen", ".gen", sniff_gen, load_gen, list_gen},
};
enum { NLOADERS = sizeof loaders / sizeof loaders[0] };

/* By extension, else by content. */
static const body_loader *body_pick(const body_input *in)
{
	const char *dot = strrchr(in->path, '.');
	for (int i = 0; dot && i < NLOADERS; i++)
		if (strcmp(dot, loaders[i].ext) == 0)
			return &loaders[i];
	for (int i = 0; i < NLOADERS; i++)
		if (loaders[i].sniff(in->text, in->len))
			return &loaders[i];
	return NULL;
}

/* ---- output ----------------------------------------------------------------------- */

static const char *const shape_names[] = {"unknown", "mixed (illegal)", "ball-and-stick",
                                          "solids"};

static void fmt3(char *buf, size_t cap, const double v[3])
{
	snprintf(buf, cap, "(%.4g, %.4g, %.4g)", v[0], v[1], v[2]);
}

static void print_summary(const char *path, const body_model *m)
{
	static const char *const f0_shapes[] = {"ball", "ellipsoid", "cuboid", "cylinder"};
	const f0_info *fi = f0_info_of(m);
	char a[96];
	printf("%s: %s body%s\n", path, m->format == BODY_F0 ? "f0" : "XODE",
	       fi ? (fi->valid ? ", valid" : ", INVALID") : "");
	if (m->name)
		printf("name      %s\n", m->name);
	if (fi)
		printf("shape     %s\n", shape_names[fi->shape]);
	double lo[3], hi[3];
	body_extent(m, lo, hi);
	printf("size      %.4g x %.4g x %.4g (extent of the part positions)\n", hi[0] - lo[0],
	       hi[1] - lo[1], hi[2] - lo[2]);
	printf("mass      %.6g (parts' total)\n", body_total_mass(m));
	size_t ndelta = 0, unknown = 0;
	for (size_t i = 0; i < m->njoints; i++)
		ndelta += m->joints[i].f0.usedelta;
	for (size_t i = 0; i < m->nneurons; i++)
		unknown += f0_neuro_class_find(m->neurons[i].cls) == NULL;
	printf("parts     %zu\n", m->nparts);
	printf("joints    %zu (%zu placed by delta)\n", m->njoints, ndelta);
	printf("neurons   %zu (%zu of unknown classes), %zu connections\n", m->nneurons, unknown,
	       m->nconns);
	printf("warnings  %zu\n", m->nwarnings);
	for (size_t i = 0; i < m->nwarnings; i++)
		printf("  line %ld: %s\n", m->warnings[i].line, m->warnings[i].msg);
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
	size_t *start, *order;
	if (m->nneurons && body_conns_by_target(m, &start, &order)) {
		printf("neurons:\n");
		for (size_t i = 0; i < m->nneurons; i++) {
			const body_neuron *n = &m->neurons[i];
			const f0_neuro_class *nc = f0_neuro_class_find(n->cls);
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
}

int cmd_body(int argc, char **argv)
{
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cmd_body_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	static const char *const formats[] = {"summary", "sdk", "f0", "json"};
	int fmt = -1;
	for (int i = 0; i < 4; i++)
		if (strcmp(format, formats[i]) == 0)
			fmt = i;
	if (fmt < 0)
		return cli_fail(CLI_USAGE, "body", "--format: '%s' is not summary, sdk, f0 or json",
		                format);
	body_input in = {pos[0], NULL, 0, {0}};
	uint8_t *data;
	c2_err err;
	if (c2_read_file(in.path, 64u << 20, &data, &in.len, &err) != 0)
		return cli_report(in.path, &err);
	in.text = (const char *)data;
	const body_loader *ld = body_pick(&in);
	body_model m = {0};
	if (!ld) {
		rc = cli_fail(CLI_BAD, "body", "%s: not a body file this tool reads (%s)", in.path,
		              ".f0, .gen");
	} else if (list) {
		rc = ld->list ? ld->list(&in)
		              : cli_fail(CLI_USAGE, "body", "--list is for genotype files (.gen)");
	} else {
		int lrc = ld->load(&in, &m, &err);
		const f0_info *fi = f0_info_of(&m);
		if (fmt == 1) {
			c2_wbuf w = {0};
			f0_sdk_report(&m, &w);
			rc = cli_write("-", w.data ? (const void *)w.data : "", w.len);
			c2_wbuf_free(&w);
			if (rc == CLI_OK && lrc)
				rc = CLI_BAD;
		} else {
			/* Warnings first, then the reason an invalid body is refused. */
			if (fi)
				for (size_t i = 0; i < fi->log.n; i++)
					if (fi->log.v[i].level == FRAMS_WARN)
						fprintf(stderr, "c2rt: %s:%ld: warning: %s\n", in.path, fi->log.v[i].line,
						        fi->log.v[i].text);
			if (lrc) {
				rc = cli_report(in.path, &err);
			} else if (fmt == 0) {
				print_summary(in.path, &m);
				rc = CLI_OK;
			} else {
				c2_wbuf w = {0};
				if (fmt == 2)
					f0_write(&m, &w);
				else
					body_json_write(&m, &w);
				rc = w.oom ? cli_fail(CLI_BAD, "body", "out of memory")
				           : cli_write("-", w.data ? (const void *)w.data : "", w.len);
				c2_wbuf_free(&w);
			}
		}
	}
	body_free(&m);
	frams_file_free(&in.gen);
	free(data);
	return rc;
}
