/* test_trace.c — traces without SDL: the writer's columns and chemical
 * labels, the sample table (rings, whole runs summarised in bounded
 * memory) and the bounded CSV and NDJSON reader. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "genome/vocab.h"
#include "trace/reader.h"
#include "trace/series.h"
#include "trace/writer.h"
#include "world/world.h"
#include "testutil.h"
#include "tests/fixtures/world_tiny.h"

static const char FIXTURE[] = "tests/fixtures/plot_trace.csv";

/* ---------------------------------------------------------------- helpers */

static void write_file(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* The fixture's header line (the format's columns, written by hand once). */
static char *fixture_header(void)
{
	FILE *f = fopen(FIXTURE, "rb");
	assert_non_null(f);
	static char line[8192];
	assert_non_null(fgets(line, sizeof line, f));
	fclose(f);
	line[strcspn(line, "\r\n")] = '\0';
	return line;
}

/* Number of fields in a CSV line without quotes. */
static int count_fields(const char *s)
{
	int n = 1;
	for (; *s; s++)
		n += *s == ',';
	return n;
}

/* A data line for the fixture header: seconds t, every number v. */
static void data_line(char *buf, size_t n, int nfields, long tick, const char *secs, int v)
{
	int k = snprintf(buf, n, "%ld,%s,adult,1,rest,food", tick, secs);
	for (int i = 6; i < nfields; i++)
		k += snprintf(buf + k, n - (size_t)k, ",%d", v);
}

/* ---------------------------------------------------------------- writer */

/* Every chemical's label is its own and reads back to it; chemicals that
 * share a name stand together in the table (trace_chem_label looks one
 * back for a repeat); a chemical listed twice is refused. */
static void test_trace_chem_labels(void **state)
{
	(void)state;
	char labels[256][64];
	for (int c = 0; c < 256; c++) {
		trace_chem_label((uint8_t)c, labels[c], sizeof labels[c]);
		assert_int_equal(trace_chem_find(labels[c], strlen(labels[c])), c);
		for (int d = 0; d < c; d++)
			if (!strcmp(labels[c], labels[d]))
				fail_msg("chemicals %d and %d share the label '%s'", d, c, labels[c]);
		const char *name = genome_vocab_name(&genome_chemicals, c);
		for (int d = 0; name && d + 1 < c; d++) {
			const char *other = genome_vocab_name(&genome_chemicals, d);
			if (other && !strcmp(other, name) && strcmp(genome_vocab_name(&genome_chemicals, c - 1), name))
				fail_msg("chemical %d is named '%s' as %d is, but not next to it", c, name, d);
		}
	}
	assert_string_equal(labels[236], "Unknown Toxin");
	assert_string_equal(labels[237], "Unknown Toxin 237");
	assert_int_equal(trace_chem_find("unknown_toxin-239", 17), 239);
	assert_int_equal(trace_chem_find("ATP 236", 7), -1); /* 236 is not ATP */
	assert_int_equal(trace_chem_find("256", 3), -1);
	trace_cfg t = {0};
	c2_err err;
	assert_int_equal(trace_set_chems(&t, "236,Unknown Toxin 237, unknown_toxin_238", &err), 0);
	assert_int_equal(t.nchem, 3);
	assert_int_equal(t.chem[2], 238);
	assert_int_not_equal(trace_set_chems(&t, "ATP,Glucose,atp", &err), 0);
	assert_non_null(strstr(err.msg, "'atp' is listed twice"));
	assert_int_not_equal(trace_set_chems(&t, "Unknown Toxin,236", &err), 0);
}

/* The header and a row have one field per column: the fixed six, the 17
 * drives, the organs, the chemicals; --chem lists read loosely. */
static void test_trace_columns(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	creature *c = test_hatch(&g, GENOME_MALE, 1);
	trace_cfg t = {0};
	trace_default_chems(&t);
	c2_wbuf w = {0};
	trace_header(c, &t, &w);
	trace_row(c, &t, &w);
	c2_w_u8(&w, 0);
	const char *s = (const char *)w.data;
	const char *nl = strchr(s, '\n');
	assert_non_null(nl);
	size_t head = 1, row = 1;
	for (const char *p = s; p < nl; p++)
		head += *p == ',';
	for (const char *p = nl + 1; *p && *p != '\n'; p++)
		row += *p == ',';
	assert_int_equal(head, 6 + 17 + 21 + 9);
	assert_int_equal(row, head);
	assert_non_null(strstr(s, "drive:Hunger"));
	assert_non_null(strstr(s, "lf:brain"));
	assert_non_null(strstr(s, "chem:ATP"));
	c2_err err;
	assert_int_equal(trace_set_chems(&t, "glucose, Need_for_Pleasure,99", &err), 0);
	assert_int_equal(t.nchem, 3);
	assert_int_equal(t.chem[1], 2);
	assert_int_not_equal(trace_set_chems(&t, "glucose,bogus", &err), 0);
	c2_wbuf_free(&w);
	creature_free(c);
	genome_free(&g);
}

/* With names (genome/organs.h) the lf: columns carry them, in CSV and as
 * NDJSON keys; the reader finds each organ also by its old number
 * (lf:organ8 is the Heart), and an unnamed organ keeps its number. */
static void test_organ_columns(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	creature *c = test_hatch(&g, GENOME_FEMALE, 1);
	genome_organ_names names;
	assert_int_equal(genome_organ_names_make(&names, &g, NULL), 0);
	trace_cfg t = {0};
	trace_default_chems(&t);
	t.organs = &names;
	c2_wbuf w = {0};
	trace_header(c, &t, &w);
	trace_row(c, &t, &w);
	c2_w_u8(&w, 0);
	assert_non_null(strstr((const char *)w.data, ",lf:body,lf:DriveLobeSupport,"));
	assert_non_null(strstr((const char *)w.data, ",lf:Heart,lf:Lung,lf:Lung 2,lf:Liver,"));
	assert_non_null(strstr((const char *)w.data, ",lf:Uterus,lf:brain,"));
	w.len--;
	char path[600];
	test_tmp_path(path, sizeof path, "organs.csv");
	write_file(path, (const char *)w.data, w.len);
	trace_reader_err e;
	trace_reader *r = trace_reader_open(path, &e);
	if (!r)
		fail_msg("%ld: %s", e.line, e.msg);
	int heart = trace_reader_col_find(r, "lf:heart", 8);
	assert_true(heart > 0);
	assert_string_equal(trace_reader_col_label(r, heart), "Heart");
	assert_int_equal(trace_reader_col_find(r, "lf:organ8", 9), heart);
	assert_int_equal(trace_reader_col_find(r, "LF:Organ0", 9), trace_reader_col_find(r, "lf:body", 7));
	assert_int_equal(trace_reader_col_find(r, "lf:organ21", 10), trace_reader_col_find(r, "lf:brain", 8));
	assert_int_equal(trace_reader_col_find(r, "lf:organ22", 10), -1);
	assert_int_equal(trace_reader_col_find(r, "lf:organ", 8), -1);
	assert_int_equal(trace_reader_col_find(r, "lf:organ8x", 10), -1);
	trace_reader_close(r);
	/* NDJSON keys; an organ without a name keeps its number */
	names.v[7].name[0] = '\0'; /* the Heart: organ 8, the 8th organ gene */
	t.format = TRACE_NDJSON;
	c2_wbuf nd = {0};
	trace_row(c, &t, &nd);
	c2_w_u8(&nd, 0);
	assert_non_null(strstr((const char *)nd.data, "\"lf:Muscle\":1.0000,\"lf:organ8\":1.0000,\"lf:Lung\":"));
	c2_wbuf_free(&nd);
	c2_wbuf_free(&w);
	genome_organ_names_free(&names);
	creature_free(c);
	genome_free(&g);
}

/* ---------------------------------------------------------------- series */

static void test_series_ring(void **state)
{
	(void)state;
	const char *names[] = {"a", "b"};
	trace_series *d = trace_series_new(2, names, 4);
	assert_non_null(d);
	for (int i = 0; i < 10; i++) {
		float v[2] = {(float)i, (float)(100 + i)};
		assert_int_equal(trace_series_push(d, i * 0.5, v), 0);
	}
	/* Only the newest 4 stay, oldest first. */
	assert_int_equal(trace_series_len(d), 4);
	assert_true(trace_series_time(d, 0) == 3.0);
	assert_true(trace_series_value(d, 0, 0) == 6.0f);
	assert_true(trace_series_value(d, 3, 1) == 109.0f);
	double t0, t1;
	assert_int_equal(trace_series_span(d, &t0, &t1), 0);
	assert_true(t0 == 3.0 && t1 == 4.5);
	assert_int_equal(trace_series_lower_bound(d, 3.7), 2);
	assert_int_equal(trace_series_lower_bound(d, 0), 0);
	assert_int_equal(trace_series_lower_bound(d, 99), 4);
	double lo, hi; /* over every series: 6..9 and 106..109 */
	assert_int_equal(trace_series_range(d, &lo, &hi), 0);
	assert_true(lo == 6.0 && hi == 109.0);
	/* Time never goes back; non-finite times are refused. */
	float v[2] = {0, 0};
	assert_int_equal(trace_series_push(d, 4.0, v), -1);
	assert_int_equal(trace_series_push(d, NAN, v), -1);
	assert_int_equal(trace_series_len(d), 4);
	assert_string_equal(trace_series_name(d, 1), "b");
	trace_series_clear(d);
	assert_int_equal(trace_series_len(d), 0);
	assert_int_equal(trace_series_span(d, &t0, &t1), -1);
	assert_int_equal(trace_series_range(d, &lo, &hi), -1);
	trace_series_free(d);
	assert_null(trace_series_new(0, names, 0));
}

static void test_series_chems(void **state)
{
	(void)state;
	const int chems[] = {99, 70, 200};
	trace_series *d = trace_series_new_chems(chems, 3, 10);
	assert_non_null(d);
	assert_string_equal(trace_series_name(d, 0), "ATP");
	assert_string_equal(trace_series_name(d, 1), "Glucose");
	assert_string_equal(trace_series_name(d, 2), "chemical 200");
	trace_series_free(d);
	const int bad[] = {99, 256};
	assert_null(trace_series_new_chems(bad, 2, 0));
}

static void test_series_grows(void **state)
{
	(void)state;
	const char *names[] = {"x"};
	trace_series *d = trace_series_new(1, names, 0);
	assert_non_null(d);
	for (int i = 0; i < 5000; i++) {
		float v = (float)(i % 256);
		assert_int_equal(trace_series_push(d, i, &v), 0);
	}
	assert_int_equal(trace_series_len(d), 5000);
	assert_true(trace_series_time(d, 4999) == 4999.0);
	assert_true(trace_series_value(d, 300, 0) == 44.0f);
	trace_series_free(d);
}

/* A whole-run table keeps its rows exactly up to TRACE_SERIES_EXACT_BYTES, then
 * buckets: never more than TRACE_SERIES_SUMMARY_BUCKETS of them however many
 * samples come, and together they keep the first and last samples, every
 * extreme and every gap. */
static void test_series_summary(void **state)
{
	(void)state;
	const char *names[] = {"x"};
	trace_series *d = trace_series_new(1, names, 0);
	assert_non_null(d);
	long exact = TRACE_SERIES_EXACT_BYTES / (sizeof(double) + sizeof(float)), n = 3000000;
	float lo = INFINITY, hi = -INFINITY;
	for (long i = 0; i < n; i++) {
		float v = test_signal(i);
		assert_int_equal(trace_series_push(d, i * 0.1, &v), 0);
		if (i == exact / 2)
			assert_false(trace_series_summarised(d));
		if (!isnan(v)) {
			lo = fminf(lo, v);
			hi = fmaxf(hi, v);
		}
		assert_true(trace_series_len(d) <= (size_t)(trace_series_summarised(d) ? TRACE_SERIES_SUMMARY_BUCKETS : exact));
	}
	assert_true(trace_series_summarised(d));
	size_t len = trace_series_len(d);
	assert_true(len > TRACE_SERIES_SUMMARY_BUCKETS / 4);
	double t0, t1;
	assert_int_equal(trace_series_span(d, &t0, &t1), 0);
	assert_true(t0 == 0.0 && t1 == (n - 1) * 0.1);
	float blo = INFINITY, bhi = -INFINITY;
	int gaps = 0, spikes = 0;
	double prev = -1;
	for (size_t i = 0; i < len; i++) {
		trace_bucket b;
		trace_series_bucket(d, i, 0, &b);
		assert_true(b.t0 > prev && b.t1 >= b.t0);
		prev = b.t1;
		assert_true(trace_series_time(d, i) == b.t0 && trace_series_time_last(d, i) == b.t1);
		if (!isnan(b.lo)) {
			assert_true(b.lo <= b.first && b.first <= b.hi && b.lo <= b.last && b.last <= b.hi);
			assert_true(trace_series_value(d, i, 0) == b.last);
			blo = fminf(blo, b.lo);
			bhi = fmaxf(bhi, b.hi);
		}
		gaps += b.gap;
		spikes += b.hi == 255.0f;
		/* A bucket holds the samples of its cell, no more. */
		if (b.gap)
			assert_true(b.t1 >= 1500000 * 0.1 - 1e-6 && b.t0 <= 1500099 * 0.1 + 1e-6);
	}
	assert_true(blo == lo && bhi == hi);
	double rlo, rhi; /* the range of the buckets, the gap left out */
	assert_int_equal(trace_series_range(d, &rlo, &rhi), 0);
	assert_true(rlo == lo && rhi == hi);
	assert_true(gaps >= 1 && gaps <= 2);
	assert_int_equal(spikes, (int)((n - 7 + 99990) / 99991));
	trace_bucket b;
	trace_series_bucket(d, 0, 0, &b);
	assert_true(b.first == test_signal(0) && b.t0 == 0.0);
	trace_series_bucket(d, len - 1, 0, &b);
	assert_true(b.last == test_signal(n - 1));
	/* Time still never goes back, and a span no axis can show is refused. */
	float v = 1;
	assert_int_equal(trace_series_push(d, 1.0, &v), -1);
	assert_int_equal(trace_series_push(d, 1e308, &v), 0);
	assert_true(trace_series_len(d) <= TRACE_SERIES_SUMMARY_BUCKETS);
	/* Cleared, it holds exact rows again, and summarises again later. */
	trace_series_clear(d);
	assert_false(trace_series_summarised(d));
	assert_int_equal(trace_series_push(d, -1e308, &v), 0);
	assert_int_equal(trace_series_len(d), 1);
	for (long i = 1; i <= exact + 1; i++)
		assert_int_equal(trace_series_push(d, -1e308 + 1e292 * (double)i, &v), 0);
	assert_true(trace_series_summarised(d));
	assert_int_equal(trace_series_push(d, 1e308, &v), -1);
	trace_series_free(d);
}


/* ---------------------------------------------------------------- CSV */

static void test_csv_fixture(void **state)
{
	(void)state;
	trace_reader_err e;
	trace_reader *r = trace_reader_open(FIXTURE, &e);
	if (!r)
		fail_msg("%s:%ld: %s", FIXTURE, e.line, e.msg);
	int atp = trace_reader_chem_col(r, 99), glu = trace_reader_chem_col(r, 70);
	assert_true(atp > 0 && glu > 0);
	assert_string_equal(trace_reader_col_name(r, atp), "chem:ATP");
	assert_string_equal(trace_reader_col_label(r, glu), "Glucose");
	assert_int_equal(trace_reader_col(r, 6), TRACE_COL_DRIVE);
	assert_string_equal(trace_reader_col_label(r, 8), "Hunger");
	assert_int_equal(trace_reader_col(r, 6 + 17), TRACE_COL_LF);
	assert_int_equal(trace_reader_col_chem(r, 0), -1);
	assert_int_equal(trace_reader_chem_col(r, 2), -1); /* no Need for Pleasure column */
	int cols[2] = {atp, glu};
	const char *names[2] = {"ATP", "Glucose"};
	trace_series *d = trace_series_new(2, names, 0);
	assert_non_null(d);
	assert_int_equal(trace_reader_read(r, cols, 2, d, NULL, NULL, 5), 0);
	assert_int_equal(trace_series_len(d), 41);
	assert_true(trace_series_time(d, 40) == 1200.0);
	trace_series_free(d);
	trace_reader_close(r);
}

typedef struct reports {
	int n;
	long line[8];
	char why[8][256];
} reports;

static void collect(void *ctx, long line, const char *why)
{
	reports *r = ctx;
	if (r->n < 8) {
		r->line[r->n] = line;
		snprintf(r->why[r->n], sizeof r->why[0], "%s", why);
	}
	r->n++;
}

/* Read text as a trace; returns the bad-line count (or -2 when the header
 * was refused, its line and reason in *e) and the rows read in *rows. */
static long read_text(const char *text, size_t len, reports *rep, trace_reader_err *e, size_t *rows)
{
	char path[600];
	test_tmp_path(path, sizeof path, "t.csv");
	write_file(path, text, len);
	memset(rep, 0, sizeof *rep);
	trace_reader *r = trace_reader_open(path, e);
	if (!r)
		return -2;
	int col = trace_reader_chem_col(r, 99);
	assert_true(col > 0);
	const char *name = "ATP";
	trace_series *d = trace_series_new(1, &name, 0);
	long bad = trace_reader_read(r, &col, 1, d, collect, rep, 3);
	*rows = trace_series_len(d);
	trace_series_free(d);
	trace_reader_close(r);
	return bad;
}

static void test_csv_bad_lines(void **state)
{
	(void)state;
	const char *hdr = fixture_header();
	int nf = count_fields(hdr);
	size_t cap = 1 << 20;
	char *text = malloc(cap);
	char l1[4096], l2[4096];
	assert_non_null(text);
	reports rep;
	trace_reader_err e;
	size_t rows;

	/* CRLF ends, a quoted word, a blank line: all fine. */
	data_line(l1, sizeof l1, nf, 0, "0", 10);
	data_line(l2, sizeof l2, nf, 2, "0.2", 20);
	char *q = strstr(l2, "food");
	assert_non_null(q);
	int k = snprintf(text, cap, "%s\r\n%s\r\n\r\n", hdr, l1);
	k += snprintf(text + k, cap - (size_t)k, "%.*s\"fo\"\"od\"%s\r\n", (int)(q - l2), l2, q + 4);
	assert_int_equal(read_text(text, (size_t)k, &rep, &e, &rows), 0);
	assert_int_equal(rows, 2);

	/* A byte-order mark before the header is not part of "tick". */
	k = snprintf(text, cap, "\xEF\xBB\xBF%s\n%s\n", hdr, l1);
	assert_int_equal(read_text(text, (size_t)k, &rep, &e, &rows), 0);
	assert_int_equal(rows, 1);

	/* Each bad line is reported with its number and skipped. */
	k = snprintf(text, cap, "%s\n%s\n", hdr, l1);           /* line 2 good */
	k += snprintf(text + k, cap - (size_t)k, "1,0.1,adult\n"); /* 3: too few fields */
	data_line(l2, sizeof l2, nf, 2, "abc", 1);
	k += snprintf(text + k, cap - (size_t)k, "%s\n", l2);      /* 4: seconds not a number */
	data_line(l2, sizeof l2, nf, 2, "5", 1);
	k += snprintf(text + k, cap - (size_t)k, "%s\n", l2);      /* 5: good */
	assert_int_equal(read_text(text, (size_t)k, &rep, &e, &rows), 2);
	assert_int_equal(rows, 2);
	assert_int_equal(rep.line[0], 3);
	assert_non_null(strstr(rep.why[0], "fields"));
	assert_int_equal(rep.line[1], 4);
	assert_non_null(strstr(rep.why[1], "seconds"));

	/* Time going back, a word where a number belongs, a NUL byte. */
	data_line(l1, sizeof l1, nf, 0, "10", 1);
	data_line(l2, sizeof l2, nf, 1, "9.5", 1);
	k = snprintf(text, cap, "%s\n%s\n%s\n", hdr, l1, l2);
	assert_int_equal(read_text(text, (size_t)k, &rep, &e, &rows), 1);
	assert_int_equal(rep.line[0], 3);
	assert_non_null(strstr(rep.why[0], "before"));
	data_line(l2, sizeof l2, nf, 1, "11", 1);
	char *last = strrchr(l2, ',');
	snprintf(last, 8, ",nan");
	k = snprintf(text, cap, "%s\n%s\n", hdr, l2);
	assert_int_equal(read_text(text, (size_t)k, &rep, &e, &rows), 1);
	assert_non_null(strstr(rep.why[0], "not a number"));
	k = snprintf(text, cap, "%s\n%s\n", hdr, l1);
	text[k - 3] = '\0';
	assert_int_equal(read_text(text, (size_t)k, &rep, &e, &rows), 1);
	assert_non_null(strstr(rep.why[0], "NUL"));

	/* A line over the limit stops the reading there (its end is never
	 * looked for: a device may send none); so do too many bad lines. */
	k = snprintf(text, cap, "%s\n%s\n", hdr, l1);
	memset(text + k, '7', TRACE_READER_LINE_MAX + 10);
	k += TRACE_READER_LINE_MAX + 10;
	k += snprintf(text + k, cap - (size_t)k, "\n%s\n", l1);
	assert_int_equal(read_text(text, (size_t)k, &rep, &e, &rows), 1);
	assert_int_equal(rep.line[0], 3);
	assert_non_null(strstr(rep.why[0], "longer than 65536 bytes; stopped reading"));
	assert_int_equal(rows, 1);
	k = snprintf(text, cap, "%s\nx\n\"y\nz\nw\n", hdr);
	assert_int_equal(read_text(text, (size_t)k, &rep, &e, &rows), 3);
	assert_int_equal(rep.n, 4);
	assert_non_null(strstr(rep.why[1], "unterminated"));
	assert_non_null(strstr(rep.why[3], "too many"));
	free(text);
}

static void test_csv_bad_header(void **state)
{
	(void)state;
	reports rep;
	trace_reader_err e;
	size_t rows;
	char text[8192];
	const char *hdr = fixture_header();

	assert_int_equal(read_text("", 0, &rep, &e, &rows), -2);
	assert_int_equal(e.line, 1);
	assert_non_null(strstr(e.msg, "empty"));
	/* A device with no line end: refused at the cap, not read for ever. */
	assert_null(trace_reader_open("/dev/zero", &e));
	assert_int_equal(e.line, 1);
	assert_non_null(strstr(e.msg, "header longer than 65536 bytes"));
	int k = snprintf(text, sizeof text, "tick,secs,stage\n");
	assert_int_equal(read_text(text, (size_t)k, &rep, &e, &rows), -2);
	assert_int_equal(e.line, 1);
	/* Drives out of order. */
	k = snprintf(text, sizeof text, "%s\n", hdr);
	char *p = strstr(text, "drive:Hunger");
	assert_non_null(p);
	memcpy(p, "drive:Hungry", 12);
	assert_int_equal(read_text(text, (size_t)k, &rep, &e, &rows), -2);
	assert_non_null(strstr(e.msg, "drive:Hunger"));
	/* Columns after the required ones: an unknown chemical, a repeated one,
	 * an unknown family; the optional ones in the table's order, each once
	 * (NULL: the header is fine). */
	static const struct {
		const char *more, *msg;
	} cases[] = {
		{",chem:Kryptonite", "Kryptonite"},
		{",chem:atp", "repeats"},
		{",brain:x", "unknown column 'brain:x' (expected lf:, chem:, neuron:, body: or world:)"},
		{",body:x,body:energy,world:x,world:carry", NULL},
		{",world:x,body:x", "'body:x' after the world: columns"},
		{",body:speed,body:x", "'body:x' after 'body:speed'"},
		{",world:room,world:room", "'world:room' repeats column"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		k = snprintf(text, sizeof text, "%s%s\n", hdr, cases[i].more);
		long got = read_text(text, (size_t)k, &rep, &e, &rows);
		if (cases[i].msg ? got != -2 || !strstr(e.msg, cases[i].msg) : got != 0)
			fail_msg("header +'%s': %ld, '%s'", cases[i].more, got, got == -2 ? e.msg : "");
	}
}

static void test_csv_shared_names(void **state)
{
	(void)state;
	/* Chemicals 236..239 share one name; columns written from the
	 * vocabulary read back in order; numbers name unnamed chemicals. */
	char text[8192], path[600];
	int k = snprintf(text, sizeof text, "%s,chem:Unknown Toxin,chem:Unknown Toxin,chem:200\n",
	                 fixture_header());
	test_tmp_path(path, sizeof path, "names.csv");
	write_file(path, text, (size_t)k);
	trace_reader_err e;
	trace_reader *r = trace_reader_open(path, &e);
	if (!r)
		fail_msg("%ld: %s", e.line, e.msg);
	int n = trace_reader_ncols(r);
	assert_int_equal(trace_reader_col_chem(r, n - 3), 236);
	assert_int_equal(trace_reader_col_chem(r, n - 2), 237);
	assert_int_equal(trace_reader_col_chem(r, n - 1), 200);
	assert_string_equal(trace_reader_col_label(r, n - 1), "chemical 200");
	trace_reader_close(r);
}

/* ---------------------------------------------------------------- world */

/* Two rooms, a carrot to carry, the creature between them. */
static const char WORLD[] =
	"room garden 0 1000\n"
	"room meadow 1000 2000\n"
	"kind carrot food width 20 edible carry\n"
	"object carrot 700\n"
	"creature 500 east\n";

/* A world of WORLD with world_tiny's creature in it: its decision and
 * attention lobes are plain, so a test decides for it (test_world.c). */
static world *tiny_world(void)
{
	creature *c = test_hatch_text(WORLD_TINY, sizeof WORLD_TINY - 1, 1);
	world *w;
	c2_err err;
	if (world_load(&w, WORLD, sizeof WORLD - 1, NULL, 1, &err) != 0)
		fail_msg("world line %ld: %s", err.line, err.msg);
	if (world_add_creature(w, c, &err) != 0)
		fail_msg("add: %s", err.msg);
	return w;
}

/* Step w one tick deciding `action` with attention on `cat`. */
static void step_deciding(world *w, int action, int cat)
{
	creature *c = world_creature(w, 0);
	creature_hear(c, GENOME_LOBE_DECISION, (unsigned)action);
	creature_hear(c, GENOME_LOBE_ATTENTION, (unsigned)cat);
	creature_inject(c, GENOME_CHEM_ATP, 255); /* strength to walk */
	world_step(w, NULL);
}

/* The last n fields of the last line of w's text (CSV), into f[]. */
static void last_fields(const c2_wbuf *w, char f[][64], int n)
{
	const char *text = (const char *)w->data;
	size_t end = w->len - 1; /* the line's '\n' */
	size_t start = end;
	while (start > 0 && text[start - 1] != '\n')
		start--;
	int k = n;
	size_t e = end;
	for (size_t p = end; k > 0; p--) {
		if (p == start || text[p - 1] == ',') {
			k--;
			snprintf(f[k], 64, "%.*s", (int)(e - p), text + p);
			e = p - 1;
		}
		if (p == start)
			break;
	}
	assert_int_equal(k, 0);
}

/* What the world says of creature 0, as the world: columns print it: its
 * x, room, IT, the distance between their centres (from both positions,
 * not from world_creature_get's own distance), what it carries. */
static void expected_fields(const world *w, char f[5][64])
{
	world_creature_info ci;
	world_room_info ri;
	world_object_info it, carried;
	assert_int_equal(world_creature_get(w, 0, &ci), 0);
	assert_int_equal(world_room(w, (size_t)ci.room, &ri), 0);
	snprintf(f[0], 64, "%.3f", ci.x);
	snprintf(f[1], 64, "%s", ri.name);
	snprintf(f[2], 64, "none");
	f[3][0] = '\0';
	snprintf(f[4], 64, "none");
	if (ci.it >= 0) {
		assert_int_equal(world_object(w, (size_t)ci.it, &it), 0);
		snprintf(f[2], 64, "%s", it.name);
		snprintf(f[3], 64, "%.3f", fabs(it.x - ci.x));
	}
	if (ci.carried >= 0) {
		assert_int_equal(world_object(w, (size_t)ci.carried, &carried), 0);
		snprintf(f[4], 64, "%s", carried.name);
	}
}

/* A creature in a world: the world: columns after all the others, each row
 * exactly what the world says — x, room, IT, IT's distance (empty without
 * IT), what it carries — through getting the carrot (IT at a distance,
 * then carried) and walking into the next room with it. The same trace read
 * back: x as the world has it, NaN where there is no IT. Without a world,
 * no world: columns. */
static void test_world_columns(void **state)
{
	(void)state;
	world *w = tiny_world();
	const creature *c = world_creature_const(w, 0);
	trace_cfg t = {0};
	trace_default_chems(&t);
	c2_wbuf plain = {0}, csv = {0};
	trace_header(c, &t, &plain);
	c2_w_u8(&plain, 0);
	assert_null(strstr((const char *)plain.data, "world:"));
	t.in_world = w;
	trace_header(c, &t, &csv);
	c2_w_u8(&csv, 0);
	const char *want_header = ",world:x,world:room,world:it,world:it_dist,world:carry\n";
	assert_non_null(strstr((const char *)csv.data, want_header));
	assert_int_equal(strlen(strstr((const char *)csv.data, ",world:")), strlen(want_header));
	csv.len--;
	int with_it = 0, carrying = 0, in_meadow = 0, rows = 0;
	double xs[400];
	int it[400];
	for (int tick = 0; tick < 400; tick++) {
		int action = carrying ? GENOME_ACT_RIGHT : GENOME_ACT_GET;
		step_deciding(w, action, GENOME_CAT_FOOD);
		trace_row(c, &t, &csv);
		char got[5][64], want[5][64];
		last_fields(&csv, got, 5);
		expected_fields(w, want);
		for (int k = 0; k < 5; k++)
			if (strcmp(got[k], want[k]))
				fail_msg("tick %d, world column %d: '%s', the world says '%s'", tick, k, got[k],
				         want[k]);
		with_it += strcmp(got[2], "none") != 0 && atof(got[3]) > 0;
		carrying += strcmp(got[4], "carrot.1") == 0;
		in_meadow += carrying && strcmp(got[1], "meadow") == 0;
		world_creature_info ci;
		world_creature_get(w, 0, &ci);
		xs[rows] = ci.x;
		it[rows++] = ci.it;
	}
	/* every column was seen doing something */
	assert_true(with_it > 0 && carrying > 0 && in_meadow > 0);

	char path[600];
	test_tmp_path(path, sizeof path, "world.csv");
	write_file(path, (const char *)csv.data, csv.len);
	trace_reader_err e;
	trace_reader *r = trace_reader_open(path, &e);
	if (!r)
		fail_msg("%ld: %s", e.line, e.msg);
	int n = trace_reader_ncols(r);
	assert_int_equal(trace_reader_col(r, n - 5), TRACE_COL_WORLD_X);
	assert_int_equal(trace_reader_col(r, n - 1), TRACE_COL_WORLD_CARRY);
	int cols[2] = {n - 5, n - 2};
	const char *names[2] = {"x", "it"};
	trace_series *d = trace_series_new(2, names, 0);
	assert_int_equal(trace_reader_read(r, cols, 2, d, NULL, NULL, 5), 0);
	assert_int_equal(trace_series_len(d), rows);
	for (int i = 0; i < rows; i++) {
		assert_true(trace_series_value(d, (size_t)i, 0) == (float)xs[i]);
		assert_true(isnan(trace_series_value(d, (size_t)i, 1)) == (it[i] < 0));
	}
	trace_series_free(d);
	trace_reader_close(r);
	c2_wbuf_free(&plain);
	c2_wbuf_free(&csv);
	world_free(w);
}

/* NDJSON: a GAP column's nothing is null, and null is refused elsewhere;
 * CSV: its nothing is an empty field, and an empty field is refused
 * elsewhere. Words are strings, numbers numbers. */
static void test_world_ndjson(void **state)
{
	(void)state;
	world *w = tiny_world();
	const creature *c = world_creature_const(w, 0);
	trace_cfg t = {0};
	trace_default_chems(&t);
	t.format = TRACE_NDJSON;
	t.in_world = w;
	c2_wbuf nd = {0};
	trace_row(c, &t, &nd);
	c2_w_u8(&nd, 0);
	assert_non_null(strstr((const char *)nd.data,
	                       ",\"world:x\":500.000,\"world:room\":\"garden\",\"world:it\":\"none\","
	                       "\"world:it_dist\":null,\"world:carry\":\"none\"}\n"));
	nd.len--;
	world_creature_info ci = {.it = -1};
	for (int k = 0; k < 40 && ci.it < 0; k++) {
		step_deciding(w, GENOME_ACT_GET, GENOME_CAT_FOOD);
		world_creature_get(w, 0, &ci);
	}
	trace_row(c, &t, &nd);
	c2_w_u8(&nd, 0);
	const char *second = strchr((const char *)nd.data, '\n') + 1;
	assert_non_null(strstr(second, "\"world:it\":\"carrot.1\",\"world:it_dist\":"));
	nd.len--;
	/* read back: null and a number in the GAP column */
	char path[600];
	test_tmp_path(path, sizeof path, "world.ndjson");
	write_file(path, (const char *)nd.data, nd.len);
	reports rep = {0};
	trace_reader_err e;
	trace_reader *r = trace_reader_open(path, &e);
	if (!r)
		fail_msg("%ld: %s", e.line, e.msg);
	int col = trace_reader_col_find(r, "world:it_dist", 13);
	assert_int_equal(trace_reader_col(r, col), TRACE_COL_WORLD_IT_DIST);
	assert_int_equal(trace_reader_col_find(r, "World:IT-Dist", 13), col); /* loosely */
	const char *name = "d";
	trace_series *d = trace_series_new(1, &name, 0);
	assert_int_equal(trace_reader_read(r, &col, 1, d, collect, &rep, 5), 0);
	assert_int_equal(trace_series_len(d), 2);
	assert_true(isnan(trace_series_value(d, 0, 0)));
	assert_false(isnan(trace_series_value(d, 1, 0)));
	trace_series_free(d);
	trace_reader_close(r);
	/* null where a number must be: refused with the column's name */
	char *bad = strdup((const char *)nd.data);
	char *x = strstr(bad, "500.000");
	memcpy(x, "null   ", 7);
	write_file(path, bad, strlen(bad));
	r = trace_reader_open(path, &e);
	assert_non_null(r);
	d = trace_series_new(1, &name, 0);
	assert_int_equal(trace_reader_read(r, &col, 1, d, collect, &rep, 5), 1);
	assert_non_null(strstr(rep.why[0], "'world:x' should be a number"));
	trace_series_free(d);
	trace_reader_close(r);
	free(bad);
	c2_wbuf_free(&nd);
	world_free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trace_columns),
		cmocka_unit_test(test_trace_chem_labels),
		cmocka_unit_test(test_series_ring),
		cmocka_unit_test(test_series_chems),
		cmocka_unit_test(test_series_grows),
		cmocka_unit_test(test_series_summary),
		cmocka_unit_test(test_csv_fixture),
		cmocka_unit_test(test_csv_bad_lines),
		cmocka_unit_test(test_csv_bad_header),
		cmocka_unit_test(test_csv_shared_names),
		cmocka_unit_test(test_world_columns),
		cmocka_unit_test(test_world_ndjson),
		cmocka_unit_test(test_organ_columns),
	};
	return cmocka_run_group_tests(tests, test_tmp_setup, test_tmp_teardown);
}
