/* cmd_plot.c — `c2rt plot`: draw chemical concentrations from a trace (CSV
 * or NDJSON) into a PNG, headless. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/helper.h"
#include "engine/trace.h"
#include "genome/vocab.h"
#include "viewer/trace_csv.h"

enum { MAX_CHEM_ARGS = 64, MAX_BAD_LINES = 20 };

typedef struct chem_args {
	const char *v[MAX_CHEM_ARGS];
	int n;
} chem_args;

/* --chem may be given several times; each holds a comma-separated list. */
static int add_chem(const char *arg, void *ctx)
{
	chem_args *c = ctx;
	if (c->n >= MAX_CHEM_ARGS)
		return cli_fail(CLI_USAGE, "plot", "too many --chem options (at most %d)", MAX_CHEM_ARGS);
	c->v[c->n++] = arg;
	return 0;
}

static chem_args chems;
static const char *out_path, *size_arg = "1200x700", *title;

static const cli_opt plot_opts[] = {
	{"o", OPT_OUT, &out_path, "FILE.png", "write the picture here (required; - for stdout)", 0, 0, NULL},
	{"chem", OPT_CALL, &chems, "NAME,...",
	 "chemicals to plot, loosely named (atp,glucose) or by number; repeatable; default: all in the file",
	 0, 0, add_chem},
	{"size", OPT_STR, &size_arg, "WxH", "image size in pixels (default 1200x700)", 0, 0, NULL},
	{"title", OPT_STR, &title, "TEXT", "title above the plot (default: the file's name)", 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_plot_spec = {
	"plot",
	"TRACE",
	"plot chemical concentrations over time from a trace (CSV or NDJSON) into a PNG",
	"TRACE is what `c2rt run --trace` writes (- reads stdin), CSV or NDJSON (told\n"
	"apart by the first line). CSV: a header\n"
	"tick,seconds,stage,alive,action,object,drive:<name> x17,lf:<organ>...,chem:<name>...\n"
	"then one line per sample; NDJSON: one object per line with those keys.\n"
	"Time runs along x in creature seconds, minutes or hours; concentrations\n"
	"0..255 up y. Needs no display; c2rt's viewer program (c2rt-view) draws the\n"
	"picture. A bad line is reported as FILE:LINE: reason\n"
	"(exit 2) and no picture is written.",
	plot_opts,
	1,
	1,
	OPT_IN,
	NULL,
};

typedef struct report_ctx {
	const char *path;
} report_ctx;

static void report_line(void *ctx, long line, const char *reason)
{
	cli_msg(stderr, NULL, "%s:%ld: %s", ((report_ctx *)ctx)->path, line, reason);
}

/* "1200x700" -> w, h; false unless both are whole numbers in range. */
static bool parse_size(const char *s, int *w, int *h)
{
	const char *x = strchr(s, 'x');
	if (!x || x == s || (size_t)(x - s) >= 16)
		return false;
	char ws[16];
	memcpy(ws, s, (size_t)(x - s));
	ws[x - s] = '\0';
	long lw, lh;
	if (!cli_parse_long(ws, CLI_PLOT_MIN_W, CLI_PLOT_MAX_SIDE, &lw) ||
	    !cli_parse_long(x + 1, CLI_PLOT_MIN_H, CLI_PLOT_MAX_SIDE, &lh))
		return false;
	*w = (int)lw;
	*h = (int)lh;
	return true;
}

/* Resolve the --chem names to columns of r. Returns CLI_OK, CLI_USAGE (not
 * a chemical) or CLI_BAD (the file has no such column). */
static int pick_columns(const plot_csv *r, const char *path, int *cols, int *ncols)
{
	*ncols = 0;
	if (chems.n == 0) {
		for (int c = 0; c < plot_csv_ncols(r); c++)
			if (plot_csv_col_kind(r, c) == PLOT_CSV_CHEM)
				cols[(*ncols)++] = c;
		if (*ncols == 0)
			return cli_fail(CLI_BAD, "plot", "%s: no chem: columns to plot", path);
		return CLI_OK;
	}
	for (int a = 0; a < chems.n; a++) {
		const char *p = chems.v[a];
		for (;;) {
			size_t len = strcspn(p, ",");
			const char *s = p;
			size_t n = len;
			while (n && (*s == ' ' || *s == '\t'))
				s++, n--;
			while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
				n--;
			if (n) {
				int chem = trace_chem_find(s, n); /* a name, a label or a number */
				if (chem < 0)
					return cli_fail(CLI_USAGE, "plot", "unknown chemical '%.*s'", (int)n, s);
				int col = plot_csv_chem_col(r, chem);
				if (col < 0) {
					char label[64];
					trace_chem_label((uint8_t)chem, label, sizeof label);
					return cli_fail(CLI_BAD, "plot", "%s: no column for chemical %d (chem:%s)",
					                path, chem, label);
				}
				int dup = 0;
				for (int j = 0; j < *ncols; j++)
					dup |= cols[j] == col;
				if (!dup)
					cols[(*ncols)++] = col;
			}
			if (!p[len])
				break;
			p += len + 1;
		}
	}
	if (*ncols == 0)
		return cli_fail(CLI_USAGE, "plot", "--chem names no chemical");
	return CLI_OK;
}

/* The file's name without its directories, for the default title. */
static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

int cli_cmd_plot(int argc, char **argv)
{
	chems.n = 0;
	out_path = title = NULL;
	size_arg = "1200x700";
	const char *pos[1];
	int npos = 0;
	int rc = cli_parse(&cli_cmd_plot_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	const char *path = pos[0];
	if (!out_path)
		return cli_fail(CLI_USAGE, "plot", "missing -o FILE.png");
	int w, h;
	if (!parse_size(size_arg, &w, &h))
		return cli_fail(CLI_USAGE, "plot", "--size '%s' is not WxH within %dx%d..%dx%d", size_arg,
		                CLI_PLOT_MIN_W, CLI_PLOT_MIN_H, CLI_PLOT_MAX_SIDE, CLI_PLOT_MAX_SIDE);
	if ((rc = cli_helper_check("plot", NULL)) != 0)
		return rc;

	plot_csv_err e;
	plot_csv *r = plot_csv_open(path, &e);
	if (!r) {
		if (e.line)
			cli_msg(stderr, NULL, "%s:%ld: %s", path, e.line, e.msg);
		else
			cli_msg(stderr, NULL, "%s: %s", path, e.msg);
		return CLI_BAD;
	}
	int *cols = malloc((size_t)plot_csv_ncols(r) * sizeof *cols);
	const char **names = malloc((size_t)plot_csv_ncols(r) * sizeof *names);
	plot_data *d = NULL;
	int ncols = 0;
	if (!cols || !names) {
		rc = cli_fail(CLI_BAD, "plot", "out of memory");
		goto done;
	}
	rc = pick_columns(r, path, cols, &ncols);
	if (rc != CLI_OK)
		goto done;
	for (int j = 0; j < ncols; j++)
		names[j] = plot_csv_col_label(r, cols[j]);
	d = plot_data_new(ncols, names, 0);
	if (!d) {
		rc = cli_fail(CLI_BAD, "plot", "out of memory");
		goto done;
	}
	report_ctx rctx = {path};
	long bad = plot_csv_read(r, cols, ncols, d, report_line, &rctx, MAX_BAD_LINES);
	if (bad != 0) {
		rc = CLI_BAD;
		goto done;
	}
	if (plot_data_len(d) == 0) {
		cli_msg(stderr, NULL, "%s:%ld: no data lines after the header", path,
		        plot_csv_line(r) + 1);
		rc = CLI_BAD;
		goto done;
	}

	cli_plot_req q;
	cli_plot_req_default(&q);
	q.w = w;
	q.h = h;
	char deftitle[256];
	snprintf(deftitle, sizeof deftitle, "Chemicals \u2014 %s", base_name(path));
	q.title = title ? title : strcmp(path, "-") == 0 ? "Chemicals" : deftitle;
	rc = cli_plot("plot", NULL, out_path, &q, d);
done:
	plot_data_free(d);
	free(names);
	free(cols);
	plot_csv_close(r);
	return rc;
}
