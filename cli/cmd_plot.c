/* cmd_plot.c — `c2rt plot`: draw chemical concentrations from a trace (CSV
 * or NDJSON) into a PNG, headless. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "cli/cli.h"
#include "cli/helper.h"
#include "cli/plot_batch.h"
#include "cli/plotmarks.h"
#include "engine/engine.h"
#include "engine/events.h"
#include "genome/vocab.h"
#include "trace/columns.h"
#include "trace/plain.h"
#include "trace/reader.h"

enum { MAX_CHEM_ARGS = 64, MAX_BAD_LINES = 20 };

typedef struct chem_args {
	const char *v[MAX_CHEM_ARGS];
	int n;
} chem_args;

/* --chem and --column may be given several times; each holds a
 * comma-separated list. */
static int add_chem(const char *arg, void *ctx)
{
	chem_args *c = ctx;
	if (c->n >= MAX_CHEM_ARGS)
		return cli_fail(CLI_USAGE, "plot", "too many --chem or --column options (at most %d)",
		                MAX_CHEM_ARGS);
	c->v[c->n++] = arg;
	return 0;
}

static chem_args chems, columns;
static const char *out_path, *size_arg = "1200x700", *title, *events_path, *batch_kind;

static const cli_opt plot_opts[] = {
	{"o", OPT_OUT, &out_path, "FILE.png", "write the picture here (required; - for stdout)", 0, 0, NULL},
	{"chem", OPT_CALL, &chems, "NAME,...",
	 "chemicals to plot, loosely named (atp,glucose) or by number; repeatable; default: all in the file",
	 0, 0, add_chem},
	{"columns", OPT_CALL, &columns, "NAME,...",
	 "any numeric columns by name (drive:Hunger, lf:body, body:speed, world:x, chem:ATP); repeatable",
	 0, 0, add_chem},
	{"column", OPT_CALL, &columns, "NAME,...", "the same as --columns", 0, 0, add_chem},
	{"events", OPT_IN, &events_path, "FILE",
	 "the events file of the run: each event marked at its time, the file named in the title", 0, 0,
	 NULL},
	{"batch", OPT_STR, &batch_kind, "lifespan|causes",
	 "FILE is a batch's results: draw the lifespans of those that died, or the runs by cause", 0, 0,
	 NULL},
	{"size", OPT_STR, &size_arg, "WxH", "image size in pixels (default 1200x700)", 0, 0, NULL},
	{"title", OPT_STR, &title, "TEXT", "title above the plot (default: the file's name)", 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_plot_spec = {
	"plot",
	"TRACE",
	"draw any numeric column of a trace (chemicals, drives, life force, body, world) into a PNG",
	"TRACE is what `c2rt run --trace` writes (- reads stdin), CSV or NDJSON (told\n"
	"apart by the first line): a header\n"
	"tick,seconds,stage,alive,action,object,drive:<name> x17,lf:<organ>...,chem:<name>...\n"
	"(then body: and world: columns, if the run had them), then one line per\n"
	"sample; or a plain trace, time,NAME,... (`c2rt body --simulate --trace`).\n"
	"--chem and --columns choose what is drawn (default: every chemical; a plain\n"
	"trace's every column); words such as world:room are not drawn. Time runs\n"
	"along x in creature seconds, minutes or hours; values up y, 0..255 for\n"
	"chemicals and drives, else the data's range. Every chemical and drive has\n"
	"its own colour, in every plot and in the viewer; stages and death are\n"
	"marked, and with --events each event. --batch draws a batch's results file\n"
	"instead. Needs no display; c2rt's viewer program (c2rt-view) draws the\n"
	"picture. A bad line is reported as FILE:LINE: reason (exit 2) and no\n"
	"picture is written.",
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

/* The column of r a --chem item s[0..n) names (a chemical's name, label
 * or number): CLI_OK with *col, CLI_USAGE (not a chemical) or CLI_BAD (the
 * file has no such column), said. */
static int chem_column(const trace_reader *r, const char *path, const char *s, size_t n, int *col)
{
	int chem = trace_chem_find(s, n);
	if (chem < 0) {
		char hint[160];
		genome_vocab_hint(&genome_chemicals, s, n, hint, sizeof hint);
		return cli_fail(CLI_USAGE, "plot", "unknown chemical '%.*s'%s", (int)n, s, hint);
	}
	if ((*col = trace_reader_chem_col(r, chem)) < 0) {
		char label[64];
		trace_chem_label((uint8_t)chem, label, sizeof label);
		return cli_fail(CLI_BAD, "plot", "%s: no column for chemical %d (chem:%s)", path, chem,
		                label);
	}
	return CLI_OK;
}

/* The column of r a --column item s[0..n) names: one of its numbers (a
 * word column, such as world:room, draws no line). */
static int named_column(const trace_reader *r, const char *path, const char *s, size_t n, int *col)
{
	if ((*col = trace_reader_col_find(r, s, n)) < 0)
		return cli_fail(CLI_BAD, "plot", "%s: no column '%.*s'", path, (int)n, s);
	if (trace_columns[trace_reader_col(r, *col)].kind == TRACE_KIND_WORD)
		return cli_fail(CLI_BAD, "plot", "%s: column '%.*s' holds words, not numbers", path, (int)n, s);
	return CLI_OK;
}

typedef int (*column_fn)(const trace_reader *r, const char *path, const char *s, size_t n, int *col);

/* Add the columns that the comma-separated items of args name (find says
 * how), each once, in the order named. */
static int add_columns(const trace_reader *r, const char *path, const chem_args *args, column_fn find,
                       int *cols, int *ncols)
{
	for (int a = 0; a < args->n; a++)
		for (const char *p = args->v[a];; p++) {
			size_t len = strcspn(p, ",");
			const char *s = p;
			size_t n = len;
			while (n && (*s == ' ' || *s == '\t'))
				s++, n--;
			while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
				n--;
			int col, rc, dup = 0;
			if (n && (rc = find(r, path, s, n, &col)) != CLI_OK)
				return rc;
			for (int j = 0; n && j < *ncols; j++)
				dup |= cols[j] == col;
			if (n && !dup)
				cols[(*ncols)++] = col;
			p += len;
			if (!*p)
				break;
		}
	return CLI_OK;
}

/* The columns to draw: those --chem and --column name, or every chem:
 * column of the file. */
static int pick_columns(const trace_reader *r, const char *path, int *cols, int *ncols)
{
	*ncols = 0;
	if (chems.n == 0 && columns.n == 0) {
		for (int c = 0; c < trace_reader_ncols(r); c++)
			if (trace_reader_col(r, c) == TRACE_COL_CHEM)
				cols[(*ncols)++] = c;
		if (*ncols == 0)
			return cli_fail(CLI_BAD, "plot", "%s: no chem: columns to plot", path);
		return CLI_OK;
	}
	int rc = add_columns(r, path, &chems, chem_column, cols, ncols);
	if (rc == CLI_OK)
		rc = add_columns(r, path, &columns, named_column, cols, ncols);
	if (rc == CLI_OK && *ncols == 0)
		rc = cli_fail(CLI_USAGE, "plot", "%s names no column", columns.n ? "--column" : "--chem");
	return rc;
}

/* The value axis: 0..255 for concentrations and drives, said on the axis;
 * the data's range (from 0, or below it) when another column is drawn. */
static void value_axis(const trace_reader *r, const int *cols, int ncols, const trace_series *d,
                       cli_plot_req *q)
{
	int nchem = 0, ndrive = 0, nneuron = 0;
	for (int j = 0; j < ncols; j++) {
		trace_col c = trace_reader_col(r, cols[j]);
		nchem += c == TRACE_COL_CHEM;
		ndrive += c == TRACE_COL_DRIVE;
		nneuron += c == TRACE_COL_NEURON;
	}
	if (nchem + ndrive + nneuron == ncols) {
		q->y_label = nchem == ncols     ? NULL
		           : ndrive == ncols    ? "drive (0\u2013255)"
		           : nneuron == ncols   ? "neuron output (0\u2013255)"
		                                : "level (0\u2013255)";
		return;
	}
	double lo, hi;
	if (trace_series_range(d, &lo, &hi) != 0)
		return;
	q->y_label = "value";
	q->ymin = lo < 0 ? lo : 0;
	q->ymax = hi > q->ymin ? hi : q->ymin + 1;
}

/* Each drawn column's key (cli/plotreq.h): its colour in every plot. */
static void column_keys(const trace_reader *r, const int *cols, int ncols, int *keys)
{
	for (int j = 0; j < ncols; j++) {
		trace_col c = trace_reader_col(r, cols[j]);
		const char *label = trace_reader_col_label(r, cols[j]);
		int d = c == TRACE_COL_DRIVE ? genome_vocab_find(&genome_drives, label, strlen(label)) : -1;
		keys[j] = c == TRACE_COL_CHEM ? CLI_PLOT_KEY_CHEM + trace_reader_col_chem(r, cols[j])
		        : d >= 0             ? CLI_PLOT_KEY_DRIVE + d
		                             : CLI_PLOT_KEY_NONE;
	}
}

/* The trace's stages and death, as marks (trace_reader_on_row). */
typedef struct life_ctx {
	cli_marks *m;
	int stage_col, alive_col;
} life_ctx;

static void on_row(void *ctx, double seconds, const char *const *f)
{
	life_ctx *l = ctx;
	cli_marks_life(l->m, seconds, f[l->stage_col], strcmp(f[l->alive_col], "0") != 0);
}

static int find_col(const trace_reader *r, trace_col want)
{
	for (int c = 0; c < trace_reader_ncols(r); c++)
		if (trace_reader_col(r, c) == want)
			return c;
	return -1;
}

/* --events: the file's events as marks, up to the trace's last second. */
static int event_marks(cli_marks *m, const trace_series *d)
{
	uint8_t *text = NULL;
	size_t len = 0;
	c2_err err;
	creature_events ev = {0};
	if (c2_read_file(events_path, 16u << 20, &text, &len, &err) != 0 ||
	    creature_events_parse(&ev, (const char *)text, len, &err) != 0) {
		free(text);
		creature_events_free(&ev);
		return cli_report(events_path, &err);
	}
	double t0, t1;
	trace_series_span(d, &t0, &t1);
	cli_marks_events(m, &ev, (uint64_t)(t1 * CREATURE_TICKS_PER_SECOND + 0.5));
	if (m->events_left_out)
		cli_msg(stderr, "plot", "%s: the first %d events marked, %s%ld more not", events_path,
		        m->nevents, m->events_left_out > 1000000 ? "over " : "",
		        m->events_left_out > 1000000 ? 1000000L : m->events_left_out);
	free(text);
	creature_events_free(&ev);
	return CLI_OK;
}

/* The file's name without its directories, for the default title. */
static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* The title: --title, else what is drawn and from which file, and the
 * events file when one is named. */
static void make_title(const char *path, bool plain, char *buf, size_t n)
{
	bool stdin_path = strcmp(path, "-") == 0;
	const char *what = columns.n || plain ? "" : "Chemicals \u2014 ";
	if (title)
		snprintf(buf, n, "%s", title);
	else
		snprintf(buf, n, "%s%s", what, stdin_path ? "standard input" : base_name(path));
	if (events_path)
		snprintf(buf + strlen(buf), n - strlen(buf), " (events %s)", base_name(events_path));
}

/* Read the trace into a new table of the chosen columns, its stages and
 * death into m. */
static int read_trace(trace_reader *r, const char *path, cli_marks *m, int *cols, int *ncols,
                      int *keys, trace_series **d)
{
	const char **names = malloc((size_t)trace_reader_ncols(r) * sizeof *names);
	if (!names)
		return cli_fail(CLI_BAD, "plot", "out of memory");
	int rc = pick_columns(r, path, cols, ncols);
	/* Chemicals by their names; other columns by their full names when
	 * --columns chose them (lf:body, drive:Hunger: not "body", "Hunger",
	 * which a chemical may be called too). */
	for (int j = 0; rc == CLI_OK && j < *ncols; j++)
		names[j] = trace_reader_col(r, cols[j]) == TRACE_COL_CHEM || !columns.n
		                   ? trace_reader_col_label(r, cols[j])
		                   : trace_reader_col_name(r, cols[j]);
	if (rc == CLI_OK && !(*d = trace_series_new(*ncols, names, 0)))
		rc = cli_fail(CLI_BAD, "plot", "out of memory");
	free(names);
	if (rc != CLI_OK)
		return rc;
	column_keys(r, cols, *ncols, keys);
	life_ctx life = {m, find_col(r, TRACE_COL_STAGE), find_col(r, TRACE_COL_ALIVE)};
	trace_reader_on_row(r, on_row, &life);
	report_ctx rctx = {path};
	if (trace_reader_read(r, cols, *ncols, *d, report_line, &rctx, MAX_BAD_LINES) != 0)
		return CLI_BAD;
	if (trace_series_len(*d) == 0) {
		cli_msg(stderr, NULL, "%s:%ld: no data lines after the header", path,
		        trace_reader_line(r) + 1);
		return CLI_BAD;
	}
	return CLI_OK;
}

/* Is path a plain trace (trace/plain.h: a header time,NAME,...)? Standard
 * input is never taken for one: it cannot be looked at first. */
static bool is_plain(const char *path)
{
	char head[8] = {0};
	FILE *f = strcmp(path, "-") != 0 ? fopen(path, "rb") : NULL;
	size_t n = f ? fread(head, 1, 5, f) : 0;
	if (f)
		fclose(f);
	return trace_plain_is_header(head, n);
}

/* The columns of a plain trace that --columns names, or all of them. */
static int plain_columns(const trace_plain *p, const char *path, int *cols, int *ncols)
{
	*ncols = 0;
	for (int a = 0; a < columns.n; a++)
		for (const char *s = columns.v[a]; *s;) {
			size_t n = strcspn(s, ",");
			size_t lead = strspn(s, " \t"), len = n > lead ? n - lead : 0;
			while (len && (s[lead + len - 1] == ' ' || s[lead + len - 1] == '\t'))
				len--;
			int c = len ? trace_plain_find(p, s + lead, len) : -2;
			if (c == -1)
				return cli_fail(CLI_BAD, "plot", "%s: no column '%.*s'", path, (int)len, s + lead);
			bool dup = false;
			for (int j = 0; j < *ncols; j++)
				dup |= cols[j] == c;
			if (c >= 0 && !dup)
				cols[(*ncols)++] = c;
			s += n + (s[n] == ',');
		}
	for (int c = 0; columns.n == 0 && c < trace_plain_ncols(p); c++)
		cols[(*ncols)++] = c;
	return *ncols ? CLI_OK : cli_fail(CLI_USAGE, "plot", "--columns names no column");
}

/* A plain trace (`c2rt body --simulate --trace`): its numbers over time. */
static int plot_plain(const char *path, cli_plot_req *q)
{
	if (chems.n)
		return cli_fail(CLI_USAGE, "plot", "%s: a plain trace (time,...) has no chemicals: use --columns", path);
	trace_reader_err e;
	trace_plain *p = trace_plain_open(path, &e);
	if (!p) {
		cli_msg(stderr, NULL, "%s:%ld: %s", path, e.line, e.msg);
		return CLI_BAD;
	}
	int n = trace_plain_ncols(p), cols[TRACE_READER_COLS_MAX], ncols;
	const char *names[TRACE_READER_COLS_MAX];
	trace_series *d = NULL;
	int rc = plain_columns(p, path, cols, &ncols);
	for (int j = 0; rc == CLI_OK && j < ncols && j < n; j++)
		names[j] = trace_plain_name(p, cols[j]);
	if (rc == CLI_OK && !(d = trace_series_new(ncols, names, 0)))
		rc = cli_fail(CLI_BAD, "plot", "out of memory");
	report_ctx rctx = {path};
	if (rc == CLI_OK && trace_plain_read(p, cols, ncols, d, report_line, &rctx, MAX_BAD_LINES) != 0)
		rc = CLI_BAD;
	if (rc == CLI_OK && trace_series_len(d) == 0)
		rc = cli_fail(CLI_BAD, "plot", "%s: no data lines after the header", path);
	double lo, hi;
	if (rc == CLI_OK && trace_series_range(d, &lo, &hi) == 0) {
		q->y_label = "value";
		q->ymin = lo < 0 ? lo : 0;
		q->ymax = hi > q->ymin ? hi : q->ymin + 1;
	}
	char tbuf[CLI_PLOT_TEXT_MAX + 1];
	make_title(path, true, tbuf, sizeof tbuf);
	q->title = tbuf;
	cli_marks m;
	cli_marks_init(&m);
	if (rc == CLI_OK && events_path && (rc = event_marks(&m, d)) == CLI_OK)
		cli_marks_put(&m, q);
	if (rc == CLI_OK)
		rc = cli_plot("plot", NULL, out_path, q, d);
	trace_series_free(d);
	trace_plain_close(p);
	return rc;
}

int cli_cmd_plot(int argc, char **argv)
{
	chems.n = columns.n = 0;
	out_path = title = events_path = batch_kind = NULL;
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
	if (batch_kind) {
		if (chems.n || columns.n || events_path)
			return cli_fail(CLI_USAGE, "plot", "--batch draws a results file: no --chem, --columns or --events");
		cli_plot_req q;
		cli_plot_req_default(&q);
		q.w = w;
		q.h = h;
		q.title = title;
		return cli_plot_batch(path, batch_kind, out_path, &q);
	}
	if (is_plain(path)) {
		cli_plot_req q;
		cli_plot_req_default(&q);
		q.w = w;
		q.h = h;
		return plot_plain(path, &q);
	}

	trace_reader_err e;
	trace_reader *r = trace_reader_open(path, &e);
	if (!r) {
		if (e.line)
			cli_msg(stderr, NULL, "%s:%ld: %s", path, e.line, e.msg);
		else
			cli_msg(stderr, NULL, "%s: %s", path, e.msg);
		return CLI_BAD;
	}
	int *cols = malloc((size_t)trace_reader_ncols(r) * sizeof *cols);
	int *keys = malloc((size_t)trace_reader_ncols(r) * sizeof *keys);
	cli_marks *m = malloc(sizeof *m);
	trace_series *d = NULL;
	int ncols = 0;
	if (!cols || !keys || !m) {
		rc = cli_fail(CLI_BAD, "plot", "out of memory");
		goto done;
	}
	cli_marks_init(m);
	rc = read_trace(r, path, m, cols, &ncols, keys, &d);
	if (rc == CLI_OK && events_path)
		rc = event_marks(m, d);
	if (rc != CLI_OK)
		goto done;
	cli_plot_req q;
	cli_plot_req_default(&q);
	q.w = w;
	q.h = h;
	q.keys = keys;
	cli_marks_put(m, &q);
	value_axis(r, cols, ncols, d, &q);
	char tbuf[CLI_PLOT_TEXT_MAX + 1];
	make_title(path, false, tbuf, sizeof tbuf);
	q.title = strcmp(path, "-") == 0 && !columns.n && !title && !events_path ? "Chemicals" : tbuf;
	rc = cli_plot("plot", NULL, out_path, &q, d);
done:
	trace_series_free(d);
	free(m);
	free(keys);
	free(cols);
	trace_reader_close(r);
	return rc;
}
