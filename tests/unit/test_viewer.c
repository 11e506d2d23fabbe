/* test_viewer.c — the drawing library headless: time axis, plot pixels
 * (lines, spikes, colours, clipping, summarised runs), the plot request c2rt
 * sends c2rt-view (the same pixels after the trip), and PNG files written
 * atomically and read back with SDL2_image. (The sample table and the trace
 * reader are tested without SDL in test_trace.c.) */
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

#include <SDL2/SDL_image.h>

#include "cli/plotreq.h"
#include "genome/vocab.h"
#include "trace/series.h"
#include "viewer/draw.h"
#include "viewer/font.h"
#include "viewer/plot.h"
#include "testutil.h"

/* ---------------------------------------------------------------- helpers */

static uint32_t get_px(SDL_Surface *s, int x, int y)
{
	return ((const uint32_t *)((const uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch))[x];
}

static uint32_t rgb(SDL_Surface *s, SDL_Color c)
{
	return SDL_MapRGB(s->format, c.r, c.g, c.b);
}

/* Pixels of exact colour c inside rectangle r. */
static long count_colour(SDL_Surface *s, const SDL_Rect *r, SDL_Color c)
{
	uint32_t want = rgb(s, c) | s->format->Amask, mask = ~s->format->Amask;
	long n = 0;
	for (int y = r->y; y < r->y + r->h; y++)
		for (int x = r->x; x < r->x + r->w; x++)
			n += ((get_px(s, x, y) ^ want) & mask) == 0;
	return n;
}

static int open_fonts(view_fonts *f)
{
	char err[256];
	int rc = view_fonts_open(f, 13, err, sizeof err);
	if (rc != 0)
		print_error("fonts: %s\n", err);
	return rc;
}

/* ---------------------------------------------------------------- time axis */

static void test_time_axis(void **state)
{
	(void)state;
	view_plot_time_axis ax;
	char buf[32];
	assert_int_equal(view_plot_time_axis_make(0, 60, 10, &ax), 0);
	assert_string_equal(ax.unit_name, "s");
	assert_true(ax.step == 10.0);
	assert_int_equal(view_plot_time_axis_make(0, 20 * 60, 12, &ax), 0);
	assert_string_equal(ax.unit_name, "min");
	assert_true(ax.step == 120.0);
	view_plot_time_label(&ax, 240, buf, sizeof buf);
	assert_string_equal(buf, "4");
	assert_int_equal(view_plot_time_axis_make(0, 3600, 5, &ax), 0);
	assert_true(ax.step == 15 * 60.0); /* 15 min, a sexagesimal step */
	assert_int_equal(view_plot_time_axis_make(0, 11 * 3600, 12, &ax), 0);
	assert_string_equal(ax.unit_name, "h");
	assert_true(ax.step == 3600.0);
	assert_int_equal(view_plot_time_axis_make(0, 10 * 86400, 6, &ax), 0);
	assert_string_equal(ax.unit_name, "d");
	assert_true(ax.step == 2 * 86400.0);
	assert_int_equal(view_plot_time_axis_make(0, 2, 6, &ax), 0);
	assert_true(fabs(ax.step - 0.5) < 1e-12);
	assert_int_equal(ax.decimals, 1);
	view_plot_time_label(&ax, 1.5, buf, sizeof buf);
	assert_string_equal(buf, "1.5");
	/* A scrolled window starts at the first round tick inside it. */
	assert_int_equal(view_plot_time_axis_make(1234.5, 1294.5, 7, &ax), 0);
	assert_true(ax.first >= 1234.5 && ax.first - ax.step < 1234.5);
	assert_int_equal(view_plot_time_axis_make(5, 5, 7, &ax), -1);
	assert_int_equal(view_plot_time_axis_make(0, INFINITY, 7, &ax), -1);
}

/* ---------------------------------------------------------------- drawing */

static void test_palette(void **state)
{
	(void)state;
	/* At least 12 colours, all pairwise far apart. */
	assert_true(VIEW_PALETTE_SIZE >= 12);
	for (int i = 0; i < VIEW_PALETTE_SIZE; i++)
		for (int j = i + 1; j < VIEW_PALETTE_SIZE; j++) {
			SDL_Color a = view_palette(i), b = view_palette(j);
			int d = abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b);
			if (d < 60)
				fail_msg("palette %d and %d are too close (%d)", i, j, d);
		}
	SDL_Color w = view_palette(VIEW_PALETTE_SIZE + 3), c = view_palette(3);
	assert_true(w.r == c.r && w.g == c.g && w.b == c.b);
}

static bool same(SDL_Color a, SDL_Color b)
{
	return a.r == b.r && a.g == b.g && a.b == b.b;
}

/* Every chemical and drive keeps its colour from plot to plot; no two
 * series of one plot share one, however many. */
static void test_series_colours(void **state)
{
	(void)state;
	enum { N = 300 };
	int keys[N];
	SDL_Color a[N], b[N];
	/* ATP and Glucose alone, and among others in another order. */
	int k1[] = {GENOME_CHEM_ATP, GENOME_CHEM_GLUCOSE};
	int k2[] = {GENOME_CHEM_ADRENALINE, GENOME_CHEM_GLUCOSE, CLI_PLOT_KEY_DRIVE + 2, GENOME_CHEM_ATP};
	view_series_colours(k1, 2, a);
	view_series_colours(k2, 4, b);
	assert_true(same(a[0], b[3]) && same(a[1], b[1]));
	assert_true(same(a[0], view_key_colour(GENOME_CHEM_ATP)));
	/* The drive bars' colour is the drive's plot colour. */
	assert_true(same(b[2], view_key_colour(CLI_PLOT_KEY_DRIVE + 2)));
	/* The 17 drives: 17 colours. */
	for (int d = 0; d < GENOME_NDRIVES; d++)
		keys[d] = CLI_PLOT_KEY_DRIVE + d;
	view_series_colours(keys, GENOME_NDRIVES, a);
	for (int i = 0; i < GENOME_NDRIVES; i++) {
		assert_true(same(a[i], view_key_colour(keys[i])));
		for (int j = 0; j < i; j++)
			assert_false(same(a[i], a[j]));
	}
	/* All 256 chemicals and then series without keys: none repeats. */
	for (int i = 0; i < N; i++)
		keys[i] = i < 256 ? CLI_PLOT_KEY_CHEM + i : CLI_PLOT_KEY_NONE;
	view_series_colours(keys, N, a);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < i; j++)
			if (same(a[i], a[j]))
				fail_msg("series %d and %d share a colour", j, i);
	/* Without keys: the palette in order, as before keys. */
	view_series_colours(NULL, 3, a);
	assert_true(same(a[0], view_palette(0)) && same(a[2], view_palette(2)));
}

static void test_plot_pixels(void **state)
{
	(void)state;
	view_fonts f;
	assert_int_equal(open_fonts(&f), 0);
	enum { NS = 14, ROWS = 20000 };
	const char *names[NS] = {"ATP", "ADP", "Glucose", "Glycogen", "Pain", "Hunger", "Reward",
	                         "Punishment", "Adrenaline", "Injury", "Ageing", "Oxygen", "Water",
	                         "Fat"};
	trace_series *d = trace_series_new(NS, names, 0);
	assert_non_null(d);
	for (int i = 0; i < ROWS; i++) {
		float v[NS];
		for (int s = 0; s < NS; s++)
			v[s] = (float)(128 + 100 * sin(i / 2000.0 + s * 0.45));
		/* Series 0 is flat at 20 but for one sample: a one-row spike to
		 * 255 that per-column min/max must keep. */
		v[0] = i == 12345 ? 255.0f : 20.0f;
		assert_int_equal(trace_series_push(d, i * 0.2, v), 0);
	}
	/* Draw into the middle of a bigger surface painted magenta, to check
	 * nothing outside the rectangle is touched. */
	SDL_Surface *s = view_surface_new(1000, 700);
	assert_non_null(s);
	SDL_Color magenta = {255, 0, 255, 255};
	view_fill(s, NULL, magenta);
	SDL_Rect r = {50, 40, 900, 600}, area;
	view_plot_style st;
	view_plot_style_default(&st);
	st.title = "test";
	char err[256];
	double t0, t1;
	int rc = view_plot_render(s, &r, d, &st, &f, &area, &t0, &t1, err, sizeof err);
	if (rc)
		fail_msg("%s", err);
	assert_true(t0 == 0.0 && fabs(t1 - (ROWS - 1) * 0.2) < 1e-9);
	assert_true(area.x > r.x && area.y > r.y && area.x + area.w < r.x + r.w &&
	            area.y + area.h < r.y + r.h);
	assert_true(area.w > 400 && area.h > 400);
	long outside = (long)s->w * s->h - (long)r.w * r.h;
	SDL_Rect all = {0, 0, s->w, s->h};
	assert_int_equal(count_colour(s, &all, magenta) , outside);

	/* Every series shows in the data area in its own colour. */
	for (int k = 0; k < NS; k++) {
		long n = count_colour(s, &area, view_palette(k));
		if (n < 50)
			fail_msg("series %d: only %ld pixels of its colour", k, n);
	}
	/* The spike reaches the top: series 0's colour near 255, at its time. */
	int sx = area.x + (int)(12345 * 0.2 / t1 * area.w);
	SDL_Rect top = {sx - 3, area.y, 7, 4};
	assert_true(count_colour(s, &top, view_palette(0)) > 0);
	/* And the flat part sits at 20 (y = 20/255 up from the bottom). */
	/* (Within a few pixels: the data area reaches a little beyond 0..255,
	 * so that lines at the ends are not hidden under the frame.) */
	int y20 = area.y + (int)lround((255 - 20) * (area.h - 1) / 255.0);
	SDL_Rect flat = {area.x + 10, y20 - 6, 50, 12};
	assert_true(count_colour(s, &flat, view_palette(0)) > 40);
	SDL_FreeSurface(s);
	trace_series_free(d);
	view_fonts_close(&f);
}

/* A summarised run draws what its every sample draws, but for the columns
 * a bucket straddles (there its extremes go to the column holding its
 * middle, and the lines between columns start and end at the bucket's
 * first and last samples instead of the column's): on this jittery signal
 * 4% of the pixels differ, nearly all by a shade of anti-aliasing, fewer
 * than 0.1% by more than a quarter of full scale. */
static void test_plot_summary_pixels(void **state)
{
	(void)state;
	view_fonts f;
	assert_int_equal(open_fonts(&f), 0);
	enum { NS = 3 };
	const char *names[NS] = {"ATP", "Glucose", "Pain"};
	long n = 2000000;
	trace_series *whole = trace_series_new(NS, names, 0), *all = trace_series_new(NS, names, (size_t)n);
	assert_non_null(whole);
	assert_non_null(all);
	for (long i = 0; i < n; i++) {
		float v[NS] = {test_signal(i), test_signal(i * 3) / 2, (float)((i / 50000) % 2 ? 30 : 200)};
		assert_int_equal(trace_series_push(whole, i * 0.1, v), 0);
		assert_int_equal(trace_series_push(all, i * 0.1, v), 0);
	}
	assert_true(trace_series_summarised(whole));
	assert_false(trace_series_summarised(all));
	SDL_Surface *a = view_surface_new(1000, 700), *b = view_surface_new(1000, 700);
	assert_non_null(a);
	assert_non_null(b);
	SDL_Rect r = {0, 0, 1000, 700};
	char err[256];
	assert_int_equal(view_plot_render(a, &r, whole, NULL, &f, NULL, NULL, NULL, err, sizeof err), 0);
	assert_int_equal(view_plot_render(b, &r, all, NULL, &f, NULL, NULL, NULL, err, sizeof err), 0);
	long differ = 0, far = 0;
	for (int y = 0; y < 700; y++)
		for (int x = 0; x < 1000; x++) {
			uint32_t p = get_px(a, x, y), q = get_px(b, x, y);
			int d = 0;
			for (int sh = 0; sh < 24; sh += 8)
				d = abs((int)((p >> sh) & 255) - (int)((q >> sh) & 255)) > d
				        ? abs((int)((p >> sh) & 255) - (int)((q >> sh) & 255))
				        : d;
			differ += d > 0;
			far += d > 64;
		}
	print_message("summary vs every sample: %ld of 700000 pixels differ, %ld by more than 64\n",
	              differ, far);
	assert_true(differ < 700000 / 20);
	assert_true(far < 700);
	SDL_FreeSurface(a);
	SDL_FreeSurface(b);
	trace_series_free(whole);
	trace_series_free(all);
	view_fonts_close(&f);
}

static void test_plot_scrolling(void **state)
{
	(void)state;
	view_fonts f;
	assert_int_equal(open_fonts(&f), 0);
	const char *names[] = {"Glucose", "ATP"};
	trace_series *d = trace_series_new(2, names, 500); /* a live ring */
	SDL_Surface *s = view_surface_new(640, 400);
	assert_non_null(d);
	assert_non_null(s);
	view_plot_style st;
	view_plot_style_default(&st);
	st.window = 60;
	st.legend_values = 1;
	char err[256];
	SDL_Rect r = {0, 0, 640, 400}, area;
	double t0, t1;
	/* No samples yet: axes and a note, no failure. */
	assert_int_equal(view_plot_render(s, &r, d, &st, &f, &area, &t0, &t1, err, sizeof err), 0);
	assert_true(t0 == 0 && t1 == 60);
	for (int i = 0; i < 2000; i++) {
		float v[2] = {(float)(i % 256), i % 100 < 50 ? 200.0f : NAN}; /* gaps */
		assert_int_equal(trace_series_push(d, i * 0.2, v), 0);
		if (i == 100) {
			/* Shorter than the window: it fills from the left. */
			assert_int_equal(view_plot_render(s, &r, d, &st, &f, &area, &t0, &t1, err, sizeof err), 0);
			assert_true(t0 == 0 && t1 == 60);
		}
	}
	assert_int_equal(view_plot_render(s, &r, d, &st, &f, &area, &t0, &t1, err, sizeof err), 0);
	assert_true(fabs(t1 - 1999 * 0.2) < 1e-9 && fabs(t1 - t0 - 60) < 1e-9);
	assert_true(count_colour(s, &area, view_palette(0)) > 50);
	assert_true(count_colour(s, &area, view_palette(1)) > 50);
	/* A hidden series is not drawn. */
	uint8_t hidden[2] = {0, 1};
	st.hidden = hidden;
	assert_int_equal(view_plot_render(s, &r, d, &st, &f, &area, &t0, &t1, err, sizeof err), 0);
	assert_int_equal(count_colour(s, &area, view_palette(1)), 0);
	/* Too small a rectangle is an error, not a mess. */
	SDL_Rect tiny = {0, 0, 60, 40};
	assert_int_equal(view_plot_render(s, &tiny, d, &st, &f, NULL, NULL, NULL, err, sizeof err), -1);
	SDL_FreeSurface(s);
	trace_series_free(d);
	view_fonts_close(&f);
}

/* Render d with q's style into a new w x h surface. */
static SDL_Surface *render_req(const cli_plot_req *q, const trace_series *d, const view_fonts *f)
{
	view_plot_style st;
	view_plot_style_of(&st, q);
	SDL_Surface *s = view_surface_new(q->w, q->h);
	char err[256];
	if (!s || view_plot_render(s, &(SDL_Rect){0, 0, q->w, q->h}, d, &st, f, NULL, NULL, NULL, err,
	                      sizeof err) != 0)
		fail_msg("render: %s", err);
	return s;
}

/* What c2rt-view draws from a request is what c2rt's table would draw: the
 * same pixels, for exact rows and for a long run's buckets; every cut of a
 * request is refused at a byte of it, and so are its lies. */
static void test_plot_request(void **state)
{
	(void)state;
	view_fonts f;
	assert_int_equal(open_fonts(&f), 0);
	const char *names[] = {"ATP", "Glucose", "Pain"};
	for (int summary = 0; summary < 2; summary++) {
		trace_series *d = trace_series_new(3, names, 0);
		assert_non_null(d);
		int n = summary ? 800000 : 500; /* 800000 rows outgrow TRACE_SERIES_EXACT_BYTES */
		for (int i = 0; i < n; i++) {
			float v[3] = {(float)(i % 200), i % 1000 < 10 ? NAN : 100.0f + (float)(i % 7),
			              (float)(255 - i % 120)};
			assert_int_equal(trace_series_push(d, i * 0.1, v), 0);
		}
		assert_int_equal(trace_series_summarised(d), summary);
		cli_plot_req q;
		cli_plot_req_default(&q);
		q.w = 900;
		q.h = 500;
		q.title = "trip";
		q.y_label = summary ? "level" : NULL;
		/* Keys, marks and a style travel too (the exact table's). */
		static const int keys[3] = {GENOME_CHEM_ATP, CLI_PLOT_KEY_NONE, CLI_PLOT_KEY_DRIVE};
		static const cli_plot_mark marks[2] = {{10, CLI_PLOT_MARK_STAGE, "child"},
		                                       {30.5, CLI_PLOT_MARK_EVENT, NULL}};
		if (!summary) {
			q.keys = keys;
			q.marks = marks;
			q.nmarks = 2;
			q.style = CLI_PLOT_POINTS;
		}
		c2_wbuf w = {0};
		assert_int_equal(cli_plot_encode(&q, d, &w), 0);
		assert_false(w.oom);
		cli_plot_decoded p;
		c2_err err;
		if (cli_plot_decode(w.data, w.len, &p, &err) != 0)
			fail_msg("decode: %s", err.msg);
		assert_int_equal(trace_series_len(p.d), trace_series_len(d));
		assert_int_equal(trace_series_summarised(p.d), summary);
		assert_string_equal(p.q.title, "trip");
		assert_null(p.q.x_label);
		assert_int_equal(p.q.style, q.style);
		assert_int_equal(p.q.nmarks, q.nmarks);
		for (int k = 0; !summary && k < 3; k++)
			assert_int_equal(p.q.keys[k], keys[k]);
		if (!summary) {
			assert_true(p.q.marks[0].t == 10 && p.q.marks[0].kind == CLI_PLOT_MARK_STAGE);
			assert_string_equal(p.q.marks[0].label, "child");
			assert_null(p.q.marks[1].label);
		}
		SDL_Surface *a = render_req(&q, d, &f), *b = render_req(&p.q, p.d, &f);
		assert_int_equal(memcmp(a->pixels, b->pixels, (size_t)a->pitch * (size_t)a->h), 0);
		SDL_FreeSurface(a);
		SDL_FreeSurface(b);
		/* A table rebuilt from buckets takes no more samples. */
		float v[3] = {1, 2, 3};
		assert_int_equal(trace_series_push(p.d, 1e9, v), summary ? -1 : 0);
		cli_plot_decoded_free(&p);
		/* Every shorter request, and any byte more, is refused. */
		for (size_t len = 0; len < w.len; len += summary ? 4099 : 1)
			assert_int_not_equal(cli_plot_decode(w.data, len, &p, &err), 0);
		c2_w_u8(&w, 0);
		assert_int_not_equal(cli_plot_decode(w.data, w.len, &p, &err), 0);
		assert_non_null(strstr(err.msg, "after the last row"));
		c2_wbuf_free(&w);
		trace_series_free(d);
	}
	view_fonts_close(&f);
}

static void test_plot_request_lies(void **state)
{
	(void)state;
	const char *names[] = {"ATP"};
	trace_series *d = trace_series_new(1, names, 0);
	assert_non_null(d);
	float v = 5;
	assert_int_equal(trace_series_push(d, 1.0, &v), 0);
	cli_plot_req q;
	cli_plot_req_default(&q);
	c2_wbuf w = {0};
	assert_int_equal(cli_plot_encode(&q, d, &w), 0);
	/* magic | u16 w | u16 h | f64 ymin | f64 ymax | 3 texts (u32 none) |
	 * u8 style | u32 nseries | u8 3 "ATP" u16 key | u8 kind | u32 rows |
	 * f64 t | f32 v | u32 nmarks */
	enum {
		W = 8, STYLE = 8 + 4 + 16 + 12, NSER = STYLE + 1, KEY = NSER + 4 + 4, KIND = KEY + 2,
		ROWS = KIND + 1, T = ROWS + 4, MARKS = T + 8 + 4
	};
	struct {
		size_t at;
		uint8_t byte;
		const char *why;
	} lies[] = {
		{0, 'X', "not one"},
		{W + 1, 0, "image size"},       /* w = 1200 & 0xFF < 240 */
		{STYLE, 9, "unknown style"},
		{NSER, 0, "number of series"},  /* 0 series */
		{KEY + 1, 0x40, "unknown series key"},
		{MARKS, 1, "bad mark"},          /* 1 mark, no data for it */
		{KIND, 7, "kind"},
		{ROWS, 2, "number of rows"},    /* 2 rows, data for 1 */
		{T + 7, 0xFF, "not finite"},    /* the time a NaN */
	};
	for (size_t i = 0; i < sizeof lies / sizeof lies[0]; i++) {
		c2_wbuf x = {0};
		c2_w_bytes(&x, w.data, w.len);
		x.data[lies[i].at] = lies[i].byte;
		if (lies[i].at == T + 7)
			x.data[T + 6] = 0xFF;
		cli_plot_decoded p;
		c2_err err;
		assert_int_not_equal(cli_plot_decode(x.data, x.len, &p, &err), 0);
		if (!strstr(err.msg, lies[i].why))
			fail_msg("lie %zu: '%s' lacks '%s'", i, err.msg, lies[i].why);
		assert_true(err.offset >= 0 && (size_t)err.offset <= x.len);
		c2_wbuf_free(&x);
	}
	/* A bucket whose least value is above its first one. */
	trace_series *b = trace_series_new(1, names, 0);
	trace_bucket k = {.t0 = 0, .t1 = 1, .first = 5, .last = 6, .lo = 5.5f, .hi = 7};
	assert_int_equal(trace_series_push_bucket(b, &k), -1);
	k.lo = 4;
	assert_int_equal(trace_series_push_bucket(b, &k), 0);
	k.t0 = 0.5; /* before the last bucket's end */
	assert_int_equal(trace_series_push_bucket(b, &k), -1);
	trace_series_free(b);
	c2_wbuf_free(&w);
	trace_series_free(d);
}

static void test_png_roundtrip(void **state)
{
	(void)state;
	const char *names[] = {"ATP", "Glucose", "Pain"};
	trace_series *d = trace_series_new(3, names, 0);
	assert_non_null(d);
	for (int i = 0; i < 300; i++) {
		float v[3] = {(float)(i % 200), 100.0f, (float)(255 - i % 120)};
		assert_int_equal(trace_series_push(d, i * 12.0, v), 0);
	}
	char path[600], err[256];
	test_tmp_path(path, sizeof path, "plot.png");
	view_plot_style st;
	view_plot_style_default(&st);
	st.title = "round trip";
	if (view_plot_write_png(path, 800, 500, d, &st, err, sizeof err) != 0)
		fail_msg("%s", err);
	SDL_Surface *img = IMG_Load(path);
	assert_non_null(img);
	assert_int_equal(img->w, 800);
	assert_int_equal(img->h, 500);
	SDL_Surface *s = SDL_ConvertSurfaceFormat(img, SDL_PIXELFORMAT_ARGB8888, 0);
	assert_non_null(s);
	SDL_Rect all = {0, 0, 800, 500};
	for (int k = 0; k < 3; k++)
		assert_true(count_colour(s, &all, view_palette(k)) > 100);
	SDL_FreeSurface(s);
	SDL_FreeSurface(img);

	/* Only the PNG is left in the directory: no temporary file. */
	DIR *dir = opendir(test_tmpdir());
	assert_non_null(dir);
	struct dirent *e;
	while ((e = readdir(dir)))
		if (strstr(e->d_name, ".tmp"))
			fail_msg("temporary file left: %s", e->d_name);
	closedir(dir);

	/* A directory that does not exist: an error, nothing written. */
	test_tmp_path(path, sizeof path, "no/such/dir/plot.png");
	assert_int_equal(view_plot_write_png(path, 800, 500, d, &st, err, sizeof err), -1);
	assert_non_null(strstr(err, "no/such/dir"));
	assert_int_equal(view_plot_write_png("x.png", 10, 10, d, &st, err, sizeof err), -1);
	assert_non_null(strstr(err, "size"));
	trace_series_free(d);
}

static void test_font_missing(void **state)
{
	(void)state;
	char path[4096], err[512];
	assert_int_equal(view_font_find(path, sizeof path, err, sizeof err), 0);
	assert_int_equal(access(path, R_OK), 0);
	setenv("C2RT_FONT", "/nonexistent/font.ttf", 1);
	view_fonts f;
	assert_int_equal(view_fonts_open(&f, 12, err, sizeof err), -1);
	assert_non_null(strstr(err, "/nonexistent/font.ttf"));
	assert_null(f.label);
	view_fonts_close(&f); /* harmless after a failure */
	unsetenv("C2RT_FONT");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_time_axis),
		cmocka_unit_test(test_palette),
		cmocka_unit_test(test_series_colours),
		cmocka_unit_test(test_plot_pixels),
		cmocka_unit_test(test_plot_summary_pixels),
		cmocka_unit_test(test_plot_scrolling),
		cmocka_unit_test(test_plot_request),
		cmocka_unit_test(test_plot_request_lies),
		cmocka_unit_test(test_png_roundtrip),
		cmocka_unit_test(test_font_missing),
	};
	return cmocka_run_group_tests(tests, test_tmp_setup, test_tmp_teardown);
}
