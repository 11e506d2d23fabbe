/* cmd_ethogram.c — `c2rt ethogram`: the share of each action (or object)
 * per creature-hour, from a trace or a world log, as a table and a plot
 * (trace/ethogram.h counts; c2rt-view draws). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "cli/cli.h"
#include "cli/helper.h"
#include "trace/ethogram.h"
#include "trace/reader.h"

static const char *of_arg, *format_arg, *plot_path;

static const cli_opt etho_opts[] = {
	{"of", OPT_STR, &of_arg, "action|object",
	 "what to share out: actions (default), or objects (a trace: the one attended; a log: acts by kind)",
	 0, 0, NULL},
	{"format", OPT_STR, &format_arg, "text|csv|json", "the table's form (default text)", 0, 0, NULL},
	{"plot", OPT_OUT, &plot_path, "FILE.png", "also draw the first creature's shares as bars per hour",
	 0, 0, NULL},
	{0},
};

const cli_spec cli_cmd_ethogram_spec = {
	"ethogram",
	"FILE",
	"the share of each action or object per creature-hour, from a trace or a world log",
	"FILE is a trace (`c2rt run --trace`, CSV or NDJSON: its action and object\n"
	"columns) or a world log (`c2rt run --world --log`: its \"action\" records, or\n"
	"with --of object its \"act\" records). A trace row's action lasts until the\n"
	"next row, a log's until the creature's next action or the log's last tick;\n"
	"time is split at each creature hour. Shares are of the time (or the acts)\n"
	"in that hour. text: a table per creature, one row per action, one column\n"
	"per hour and `all`; csv: creature,hour,NAME,seconds|acts,share rows; json:\n"
	"the same rows as objects. A bad line is reported as FILE:LINE: reason\n"
	"(exit 2).",
	etho_opts,
	1,
	1,
	OPT_IN,
	NULL,
};

enum { LOG_LINE_MAX = 65536, MAX_BAD = 20 };

/* A trace's rows: each action (object) lasts until the next row. */
typedef struct trace_ctx {
	trace_etho *e;
	int col;
	char prev[TRACE_ETHO_NAME_LEN];
	double since;
	bool have;
	bool full;
} trace_ctx;

static void on_row(void *ctx, double seconds, const char *const *f)
{
	trace_ctx *t = ctx;
	if (t->have && !t->full && trace_etho_time(t->e, 0, t->prev, t->since, seconds) != 0)
		t->full = true;
	snprintf(t->prev, sizeof t->prev, "%s", f[t->col]);
	t->since = seconds;
	t->have = true;
}

typedef struct report_ctx {
	const char *path;
} report_ctx;

static void report(void *ctx, long line, const char *reason)
{
	cli_msg(stderr, NULL, "%s:%ld: %s", ((report_ctx *)ctx)->path, line, reason);
}

static int read_trace(const char *path, trace_etho *e, bool objects)
{
	trace_reader_err err;
	trace_reader *r = trace_reader_open(path, &err);
	if (!r) {
		if (err.line)
			cli_msg(stderr, NULL, "%s:%ld: %s", path, err.line, err.msg);
		else
			cli_msg(stderr, NULL, "%s: %s", path, err.msg);
		return CLI_BAD;
	}
	trace_ctx t = {.e = e, .col = -1};
	for (int c = 0; c < trace_reader_ncols(r); c++)
		if (trace_reader_col(r, c) == (objects ? TRACE_COL_OBJECT : TRACE_COL_ACTION))
			t.col = c;
	trace_reader_on_row(r, on_row, &t);
	report_ctx rctx = {path};
	long bad = trace_reader_read(r, NULL, 0, NULL, report, &rctx, MAX_BAD);
	trace_reader_close(r);
	if (t.full)
		return cli_fail(CLI_BAD, "ethogram", "%s: more than %d names or %d creature-hours", path,
		                TRACE_ETHO_NAMES_MAX, TRACE_ETHO_ROWS_MAX);
	return bad ? CLI_BAD : CLI_OK;
}

/* One line into buf (at most LOG_LINE_MAX bytes, its end dropped): 1, 0 at
 * the end, -1 too long (the rest is not read: a device may never end one). */
static int get_line(FILE *f, char *buf, size_t *len)
{
	int ch;
	*len = 0;
	while ((ch = getc(f)) != EOF && ch != '\n') {
		if (*len >= LOG_LINE_MAX)
			return -1;
		buf[(*len)++] = (char)ch;
	}
	if (*len && buf[*len - 1] == '\r')
		(*len)--;
	buf[*len] = '\0';
	return ch == EOF && *len == 0 ? 0 : 1;
}

static int read_log(const char *path, FILE *f, trace_etho *e, bool objects)
{
	char *buf = malloc(LOG_LINE_MAX + 1);
	if (!buf)
		return cli_fail(CLI_BAD, "ethogram", "out of memory");
	long line = 0, bad = 0;
	size_t len;
	int st;
	char why[256];
	while (bad < MAX_BAD && (st = get_line(f, buf, &len)) != 0) {
		line++;
		if (st < 0) {
			cli_msg(stderr, NULL, "%s:%ld: line longer than %d bytes; stopped reading", path, line,
			        LOG_LINE_MAX);
			bad++;
			break;
		}
		if (len && memchr(buf, '\0', len)) {
			cli_msg(stderr, NULL, "%s:%ld: NUL byte in the line", path, line);
			bad++;
		} else if (len && trace_etho_log_line(e, objects ? TRACE_ETHO_OBJECTS : TRACE_ETHO_ACTIONS,
		                                      buf, len, why, sizeof why) != 0) {
			cli_msg(stderr, NULL, "%s:%ld: %s", path, line, why);
			bad++;
		}
	}
	free(buf);
	if (ferror(f))
		return cli_fail(CLI_BAD, "ethogram", "%s: read error", path);
	if (!bad && trace_etho_log_end(e) != 0)
		return cli_fail(CLI_BAD, "ethogram", "%s: more than %d creature-hours", path, TRACE_ETHO_ROWS_MAX);
	return bad ? CLI_BAD : CLI_OK;
}

/* A world log starts {"tick":N,"type": ...; anything else is read as a
 * trace (whose reader says what is wrong with it). */
static int read_input(const char *path, trace_etho *e, bool objects)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return cli_fail(CLI_BAD, "ethogram", "cannot open %s", path);
	char head[64] = {0};
	size_t n = fread(head, 1, sizeof head - 1, f);
	bool log = n > 8 && strncmp(head, "{\"tick\":", 8) == 0 && strstr(head, "\"type\":");
	int rc;
	if (log) {
		rewind(f);
		rc = read_log(path, f, e, objects);
		fclose(f);
	} else {
		fclose(f);
		rc = read_trace(path, e, objects);
	}
	return rc;
}

/* The share of name k in row i (0 when the row is empty). */
static double share(const trace_etho *e, size_t i, int k)
{
	double tot = trace_etho_total(e, i);
	return tot > 0 ? trace_etho_amount(e, i, k) / tot : 0;
}

/* Rows [a, b) are creature c's; its whole-life share of name k. */
static double share_all(const trace_etho *e, size_t a, size_t b, int k)
{
	double got = 0, tot = 0;
	for (size_t i = a; i < b; i++)
		got += trace_etho_amount(e, i, k), tot += trace_etho_total(e, i);
	return tot > 0 ? got / tot : 0;
}

/* The end of the creature's rows that start at a. */
static size_t creature_end(const trace_etho *e, size_t a)
{
	int c0, c;
	long h;
	trace_etho_row(e, a, &c0, &h);
	size_t b = a;
	while (b < trace_etho_nrows(e) && (trace_etho_row(e, b, &c, &h), c == c0))
		b++;
	return b;
}

/* text: per creature, one row per name it did, a column per hour (%). */
static void print_text(const trace_etho *e, const char *path, bool objects)
{
	bool counts = trace_etho_counts(e);
	printf("# ethogram of %s: share of %s per creature-hour (%%)\n", path,
	       counts ? "the acts on each kind of object" : objects ? "creature time attending each object"
	                                                  : "creature time in each action");
	for (size_t a = 0, b; a < trace_etho_nrows(e); a = b) {
		b = creature_end(e, a);
		int c;
		long h;
		trace_etho_row(e, a, &c, &h);
		printf("creature %d\n%-22s", c, objects ? "object" : "action");
		for (size_t i = a; i < b; i++) {
			char hh[24];
			trace_etho_row(e, i, &c, &h);
			snprintf(hh, sizeof hh, "h%ld", h);
			printf(" %6s", hh);
		}
		printf(" %6s\n", "all");
		for (int k = 0; k < trace_etho_nnames(e); k++) {
			if (share_all(e, a, b, k) == 0)
				continue;
			printf("%-22.22s", trace_etho_name(e, k));
			for (size_t i = a; i < b; i++)
				printf(" %6.1f", 100 * share(e, i, k));
			printf(" %6.1f\n", 100 * share_all(e, a, b, k));
		}
		printf("%-22s", counts ? "(acts)" : "(seconds)");
		double tot = 0;
		for (size_t i = a; i < b; i++) {
			printf(" %6.0f", trace_etho_total(e, i));
			tot += trace_etho_total(e, i);
		}
		printf(" %6.0f\n", tot);
	}
}

/* csv and json: one record per (creature, hour, name) with an amount. */
static void print_rows(const trace_etho *e, bool json, bool objects)
{
	const char *what = objects ? "object" : "action", *unit = trace_etho_counts(e) ? "acts" : "seconds";
	int dec = trace_etho_counts(e) ? 0 : 1; /* acts are whole */
	if (!json)
		printf("creature,hour,%s,%s,share\n", what, unit);
	int first = 1;
	for (size_t i = 0; i < trace_etho_nrows(e); i++) {
		int c;
		long h;
		trace_etho_row(e, i, &c, &h);
		for (int k = 0; k < trace_etho_nnames(e); k++) {
			double amount = trace_etho_amount(e, i, k);
			if (amount == 0)
				continue;
			if (!json) {
				printf("%d,%ld,%s,%.*f,%.4f\n", c, h, trace_etho_name(e, k), dec, amount, share(e, i, k));
				continue;
			}
			c2_wbuf w = {0};
			c2_w_json_cstr(&w, trace_etho_name(e, k));
			printf("%s{\"creature\":%d,\"hour\":%ld,\"%s\":%.*s,\"%s\":%.*f,\"share\":%.4f}",
			       first ? "[\n" : ",\n", c, h, what, (int)w.len, w.data ? (const char *)w.data : "\"\"",
			       unit, dec, amount, share(e, i, k));
			c2_wbuf_free(&w);
			first = 0;
		}
	}
	if (json)
		printf("%s]\n", first ? "[" : "\n");
}

/* --plot: the first creature's shares, a group of bars per hour. */
static int draw(const trace_etho *e, const char *path, bool objects)
{
	size_t b = creature_end(e, 0);
	int n = trace_etho_nnames(e), c;
	long h;
	const char *names[TRACE_ETHO_NAMES_MAX];
	for (int k = 0; k < n; k++)
		names[k] = trace_etho_name(e, k);
	trace_series *d = trace_series_new(n, names, 0);
	if (!d)
		return cli_fail(CLI_BAD, "ethogram", "out of memory");
	for (size_t i = 0; i < b; i++) {
		float v[TRACE_ETHO_NAMES_MAX];
		for (int k = 0; k < n; k++)
			v[k] = (float)(100 * share(e, i, k));
		trace_etho_row(e, i, &c, &h);
		trace_series_push(d, (double)h, v);
	}
	char title[CLI_PLOT_TEXT_MAX + 1], what[4200];
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	snprintf(title, sizeof title, "Ethogram of %s, creature %d: %s", base, c,
	         trace_etho_counts(e) ? "acts on each kind of object" : objects ? "object attended" : "actions");
	snprintf(what, sizeof what, "--plot %s", plot_path);
	cli_plot_req q;
	cli_plot_req_default(&q);
	q.title = title;
	q.x_label = "creature hour";
	q.y_label = "share (%)";
	q.ymin = 0;
	q.ymax = 100;
	q.style = CLI_PLOT_BARS;
	int rc = cli_plot("ethogram", what, plot_path, &q, d);
	trace_series_free(d);
	return rc;
}

int cli_cmd_ethogram(int argc, char **argv)
{
	of_arg = format_arg = plot_path = NULL;
	const char *pos[1];
	int npos = 0;
	int rc = cli_parse(&cli_cmd_ethogram_spec, argc, argv, pos, &npos);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	const char *path = pos[0];
	if (of_arg && strcmp(of_arg, "action") != 0 && strcmp(of_arg, "object") != 0)
		return cli_fail(CLI_USAGE, "ethogram", "--of '%s': action or object", of_arg);
	if (format_arg && strcmp(format_arg, "text") != 0 && strcmp(format_arg, "csv") != 0 &&
	    strcmp(format_arg, "json") != 0)
		return cli_fail(CLI_USAGE, "ethogram", "--format '%s': text, csv or json", format_arg);
	if (strcmp(path, "-") == 0)
		return cli_fail(CLI_USAGE, "ethogram", "FILE must be a file (it is read twice: a trace or a log?)");
	if (plot_path && (rc = cli_helper_check("ethogram", NULL)) != 0)
		return rc;
	bool objects = of_arg && strcmp(of_arg, "object") == 0;
	trace_etho *e = trace_etho_new();
	if (!e)
		return cli_fail(CLI_BAD, "ethogram", "out of memory");
	rc = read_input(path, e, objects);
	trace_etho_sort(e);
	if (rc == CLI_OK && trace_etho_nrows(e) == 0)
		rc = cli_fail(CLI_BAD, "ethogram", "%s: no %s to share out", path,
		              objects ? "objects attended or acted on" : "actions over time");
	if (rc == CLI_OK) {
		if (!format_arg || strcmp(format_arg, "text") == 0)
			print_text(e, path, objects);
		else
			print_rows(e, strcmp(format_arg, "json") == 0, objects);
		if ((rc = cli_stdout_check("ethogram")) == CLI_OK && plot_path)
			rc = draw(e, path, objects);
	}
	trace_etho_free(e);
	return rc;
}
