/* test_view_live.c — the live viewer without a window: speed ladder and
 * tick budget, plot window, name search, chemical history, picker, and
 * whole frames of the tiny fixture (and the real norn when present)
 * rendered headless, with the mouse geometry checked against the pixels. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "engine/engine.h"
#include "genome/text.h"
#include "genome/vocab.h"
#include "testutil.h"
#include "viewer/brainview.h"
#include "viewer/chemhist.h"
#include "viewer/draw.h"
#include "viewer/frame.h"
#include "viewer/live.h"
#include "viewer/match.h"
#include "viewer/pace.h"

/* ---------------------------------------------------------------- pace */

static void test_pace_ladder(void **state)
{
	(void)state;
	view_pace p;
	char b[16];
	view_pace_init(&p, 1);
	assert_int_equal(view_pace_speed(&p), 1);
	assert_string_equal(view_pace_label(&p, b, sizeof b), "x1");
	view_pace_slower(&p);
	assert_int_equal(view_pace_speed(&p), 1); /* stays at the bottom */
	int seen[16], n = 0;
	for (int i = 0; i < 15; i++) {
		seen[n++] = view_pace_speed(&p);
		view_pace_faster(&p);
	}
	assert_int_equal(seen[9], 1000);
	assert_int_equal(seen[10], VIEW_SPEED_MAX);
	assert_int_equal(view_pace_speed(&p), VIEW_SPEED_MAX); /* stays at the top */
	assert_string_equal(view_pace_label(&p, b, sizeof b), "max");
	view_pace_slower(&p);
	assert_int_equal(view_pace_speed(&p), 1000);
	view_pace_set(&p, 3);
	assert_int_equal(view_pace_speed(&p), 5); /* rounded up to a step */
	view_pace_set(&p, 0);
	assert_int_equal(view_pace_speed(&p), VIEW_SPEED_MAX);
	view_pace_set(&p, 100);
	assert_string_equal(view_pace_label(&p, b, sizeof b), "x100");
}

static void test_pace_due(void **state)
{
	(void)state;
	view_pace p;
	view_pace_init(&p, 10); /* 100 ticks per wall second */
	assert_int_equal(view_pace_due(&p, 0.1), 10);
	view_pace_ran(&p, 10, 10);
	assert_int_equal(view_pace_due(&p, 0.05), 5);
	/* Behind: only 3 of 5 ran; the rest is dropped, not carried. */
	view_pace_ran(&p, 5, 3);
	assert_int_equal(view_pace_due(&p, 0.0), 0);
	/* A stall counts as VIEW_PACE_MAX_DT at most. */
	assert_int_equal(view_pace_due(&p, 10.0), 25);
	view_pace_ran(&p, 25, 25);
	/* Fractions add up: x1 is one tick per 0.1 s. */
	view_pace_set(&p, 1);
	assert_int_equal(view_pace_due(&p, 0.06), 0);
	assert_int_equal(view_pace_due(&p, 0.06), 1);
	view_pace_ran(&p, 1, 1);
	/* Paused: nothing; resuming forgets what was owed. */
	view_pace_pause(&p, true);
	assert_int_equal(view_pace_due(&p, 0.2), 0);
	view_pace_pause(&p, false);
	assert_int_equal(view_pace_due(&p, 0.0), 0);
	assert_int_equal(view_pace_due(&p, -1.0), 0); /* a clock going back is no time */
	/* Max: run until the deadline. */
	view_pace_set(&p, VIEW_SPEED_MAX);
	assert_true(view_pace_due(&p, 0.01) == UINT64_MAX);
}

static void test_pace_rate(void **state)
{
	(void)state;
	view_pace p;
	view_pace_init(&p, 1);
	view_pace_count(&p, 10.0, 0);
	view_pace_count(&p, 10.5, 100);
	assert_true(p.rate == 0); /* not a full second yet */
	view_pace_count(&p, 11.0, 100);
	assert_true(fabs(p.rate - 200) < 1e-9);
	view_pace_count(&p, 12.0, 50);
	assert_true(fabs(p.rate - 50) < 1e-9);
}

static void test_pace_window(void **state)
{
	(void)state;
	view_pace p;
	view_pace_init(&p, 1);
	assert_true(view_pace_window(&p) == 60);
	assert_int_equal(view_pace_sample_every(&p), 1);
	/* x1000: about a wall minute would be 60000 s, but a young creature's
	 * whole life is shown instead. */
	view_pace_set(&p, 1000);
	view_pace_update_window(&p, 1000);
	assert_true(view_pace_window(&p) == 1200);
	view_pace_update_window(&p, 50000);
	assert_true(view_pace_window(&p) == 86400);
	assert_int_equal(view_pace_sample_every(&p), 86400 * 10 / 1500);
	/* The user's choice sticks until automatic mode is asked for again. */
	view_pace_zoom(&p, -2);
	assert_true(view_pace_window(&p) == 21600);
	view_pace_update_window(&p, 10);
	assert_true(view_pace_window(&p) == 21600);
	view_pace_zoom(&p, -100);
	assert_true(view_pace_window(&p) == 60);
	view_pace_zoom(&p, 100);
	assert_true(view_pace_window(&p) == 864000);
	view_pace_window_auto(&p);
	view_pace_update_window(&p, 10);
	assert_true(view_pace_window(&p) == 60);
	/* Max: from the measured rate; shrinking waits for two steps. */
	view_pace_set(&p, VIEW_SPEED_MAX);
	p.rate = 1000; /* 100 creature s per wall s: 6000 s a wall minute */
	view_pace_update_window(&p, 1e9);
	assert_true(view_pace_window(&p) == 7200);
	p.rate = 800; /* wants 4800 s: one step down, ignored */
	view_pace_update_window(&p, 1e9);
	assert_true(view_pace_window(&p) == 7200);
	p.rate = 100;
	view_pace_update_window(&p, 1e9);
	assert_true(view_pace_window(&p) == 600);
}

/* ---------------------------------------------------------------- match */

static view_choice chems[256];
static int nchems;

static int setup_chems(void **state)
{
	(void)state;
	nchems = view_choices_from_vocab(chems, 0, 256, &genome_chemicals, 1, 255, NULL, 0, 1);
	return nchems == 255 ? 0 : -1;
}

static int first_match(const char *q)
{
	int out[8];
	int n = view_match(chems, nchems, q, out, 8);
	return n ? chems[out[0]].value : -1;
}

static void test_match(void **state)
{
	(void)state;
	int out[300];
	assert_int_equal(first_match("atp"), GENOME_CHEM_ATP);
	assert_int_equal(first_match("ATP "), GENOME_CHEM_ATP);
	assert_int_equal(first_match("99"), GENOME_CHEM_ATP);
	assert_int_equal(first_match("glucose"), GENOME_CHEM_GLUCOSE);
	/* Prefix matches in table order before word and substring matches. */
	assert_int_equal(first_match("glyc"), GENOME_CHEM_GLYCOGEN);
	assert_int_equal(first_match("need_for-pleasure"), 2);
	assert_int_equal(first_match("cogen"), GENOME_CHEM_GLYCOGEN);
	assert_int_equal(view_match(chems, nchems, "", out, 300), 255);
	assert_int_equal(view_match(chems, nchems, "zzzzqq", out, 300), 0);
	assert_int_equal(view_match(chems, nchems, "", out, 5), 5);
	/* A word of the name: "synthetase" finds Glycogen Synthetase. */
	int n = view_match(chems, nchems, "synthetase", out, 300);
	assert_true(n >= 1);
	int found = 0;
	for (int i = 0; i < n; i++)
		found |= chems[out[i]].value == 154;
	assert_true(found);
	/* Unnamed values are "chemical N" and found by number. */
	for (int i = 0; i < nchems; i++)
		assert_true(chems[i].label[0] != '\0');

	/* Words: a prefix and a tag per table. */
	view_choice w[64];
	int nw = view_choices_from_vocab(w, 0, 64, &genome_actions, 0, genome_actions.n - 1, "verb ", 3, 0);
	assert_int_equal(nw, 14); /* the two unnamed verbs are left out */
	nw = view_choices_from_vocab(w, nw, 64, &genome_categories, 0, genome_categories.n - 1, "noun ", 4, 0);
	int k = view_match(w, nw, "food", out, 8);
	assert_true(k >= 1);
	assert_string_equal(w[out[0]].label, "noun food");
	assert_int_equal(w[out[0]].tag, 4);
	assert_int_equal(w[out[0]].value, GENOME_CAT_FOOD);
}

/* ---------------------------------------------------------------- history */

static void test_hist(void **state)
{
	(void)state;
	int two[] = {GENOME_CHEM_ATP, GENOME_CHEM_GLUCOSE};
	assert_null(view_hist_new(1, two, 2));
	assert_null(view_hist_new(16, two, 0));
	int bad[] = {0}, dup[] = {5, 5};
	assert_null(view_hist_new(16, bad, 1));
	assert_null(view_hist_new(16, dup, 2));
	view_hist *h = view_hist_new(4, two, 2);
	assert_non_null(h);
	uint8_t c[256] = {0};
	for (int t = 0; t < 6; t++) {
		c[GENOME_CHEM_ATP] = (uint8_t)(10 + t);
		c[GENOME_CHEM_GLUCOSE] = (uint8_t)(20 + t);
		c[GENOME_CHEM_GLYCOGEN] = (uint8_t)(30 + t);
		assert_int_equal(view_hist_sample(h, t, c), 0);
	}
	assert_int_equal(view_hist_sample(h, 4.5, c), -1); /* backwards */
	assert_int_equal(view_hist_len(h), 4);               /* the ring kept the newest 4 */
	const trace_series *d = view_hist_plot(h);
	assert_int_equal(trace_series_len(d), 4);
	assert_true(trace_series_time(d, 0) == 2);
	assert_true(trace_series_value(d, 3, 1) == 25);
	/* Adding a chemical shows its past at once. */
	assert_int_equal(view_hist_toggle(h, GENOME_CHEM_GLYCOGEN), 1);
	d = view_hist_plot(h);
	assert_int_equal(trace_series_nseries(d), 3);
	assert_string_equal(trace_series_name(d, 2), "Glycogen");
	assert_int_equal(trace_series_len(d), 4);
	assert_true(trace_series_value(d, 0, 2) == 32);
	assert_true(trace_series_value(d, 3, 2) == 35);
	assert_true(view_hist_has(h, GENOME_CHEM_GLYCOGEN));
	/* Removing one keeps the others' colours in order. */
	assert_int_equal(view_hist_toggle(h, GENOME_CHEM_ATP), 0);
	assert_int_equal(view_hist_count(h), 2);
	assert_int_equal(view_hist_chem(h, 0), GENOME_CHEM_GLUCOSE);
	assert_int_equal(view_hist_chem(h, 1), GENOME_CHEM_GLYCOGEN);
	assert_int_equal(view_hist_chem(h, 2), -1);
	assert_int_equal(view_hist_toggle(h, GENOME_CHEM_GLUCOSE), 0);
	assert_int_equal(view_hist_toggle(h, GENOME_CHEM_GLYCOGEN), -1); /* the last one stays */
	assert_int_equal(view_hist_toggle(h, 0), -1);
	assert_int_equal(view_hist_toggle(h, 256), -1);
	for (int k = 1; k < VIEW_HIST_MAX_CHEMS; k++)
		assert_int_equal(view_hist_toggle(h, 100 + k), 1);
	assert_int_equal(view_hist_count(h), VIEW_HIST_MAX_CHEMS);
	assert_int_equal(view_hist_toggle(h, 200), -1); /* full */
	/* New samples reach the rebuilt plot. */
	c[GENOME_CHEM_GLYCOGEN] = 99;
	assert_int_equal(view_hist_sample(h, 7, c), 0);
	d = view_hist_plot(h);
	assert_true(trace_series_value(d, trace_series_len(d) - 1, 0) == 99);
	view_hist_clear(h);
	assert_int_equal(view_hist_len(h), 0);
	assert_int_equal(trace_series_len(view_hist_plot(h)), 0);
	assert_int_equal(view_hist_sample(h, 1, c), 0); /* time starts over */
	view_hist_free(h);
	view_hist_free(NULL);
}

/* ---------------------------------------------------------------- picker */

static void test_picker(void **state)
{
	(void)state;
	view_picker p;
	view_picker_open(&p, VIEW_PICK_PLOT, chems, nchems);
	assert_int_equal(p.nmatch, 255);
	view_picker_type(&p, "gluc");
	assert_int_equal(view_picker_current(&p)->value, GENOME_CHEM_GLUCOSE);
	view_picker_type(&p, "\x01\xc3\xa9"); /* control and non-ASCII bytes are not typed */
	assert_string_equal(p.text, "gluc");
	view_picker_backspace(&p);
	view_picker_backspace(&p);
	view_picker_backspace(&p);
	view_picker_backspace(&p);
	view_picker_backspace(&p); /* past the start: nothing */
	assert_string_equal(p.text, "");
	assert_int_equal(p.nmatch, 255);
	view_picker_move(&p, 1000);
	assert_int_equal(p.sel, 254);
	view_picker_move(&p, -1000);
	assert_int_equal(p.sel, 0);
	view_picker_type(&p, "no such chemical");
	assert_null(view_picker_current(&p));
	view_picker_move(&p, 1);
	assert_int_equal(p.sel, 0);
	char long_text[200];
	memset(long_text, 'a', sizeof long_text - 1);
	long_text[sizeof long_text - 1] = '\0';
	view_picker_type(&p, long_text);
	assert_true(strlen(p.text) < VIEW_PICK_TEXT);
	view_picker_close(&p);
	assert_int_equal(p.mode, VIEW_PICK_NONE);
}

/* ---------------------------------------------------------------- frames */

/* The tiny fixture: two lobes, no decision lobe, three organs. */
static creature *hatch_text(const char *path)
{
	uint8_t *text;
	size_t len;
	c2_err err;
	assert_int_equal(c2_read_file(path, 1 << 20, &text, &len, &err), 0);
	genome g;
	assert_int_equal(genome_text_parse((const char *)text, len, &g, &err), 0);
	free(text);
	creature_config cfg;
	creature_config_default(&cfg);
	creature *c;
	assert_int_equal(creature_hatch(&c, &g, &cfg, &err), 0);
	genome_free(&g);
	return c;
}

static uint32_t pixel(SDL_Surface *s, int x, int y)
{
	return ((uint32_t *)((uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch))[x];
}

static int colour_is(SDL_Surface *s, int x, int y, SDL_Color c)
{
	uint8_t r, g, b;
	SDL_GetRGB(pixel(s, x, y), s->format, &r, &g, &b);
	return r == c.r && g == c.g && b == c.b;
}

typedef struct frame_fixture {
	creature *c;
	view_pace pace;
	view_hist *hist;
	view_frame fr;
} frame_fixture;

static void fixture_run(frame_fixture *x, creature *c, int ticks)
{
	x->c = c;
	view_pace_init(&x->pace, 1);
	int chems3[] = {GENOME_CHEM_ATP, GENOME_CHEM_GLUCOSE, GENOME_CHEM_ADRENALINE};
	x->hist = view_hist_new(4096, chems3, 3);
	assert_non_null(x->hist);
	for (int t = 0; t < ticks; t++) {
		creature_step(c, NULL);
		view_hist_sample(x->hist, creature_seconds(c), bc_chemicals(creature_biochem_const(c)));
	}
	view_pace_update_window(&x->pace, creature_seconds(c));
	view_frame_init(&x->fr);
	x->fr.title = "tiny.gen";
	x->fr.pace = &x->pace;
	x->fr.hist = x->hist;
}

static void fixture_free(frame_fixture *x)
{
	view_frame_free(&x->fr);
	view_hist_free(x->hist);
	creature_free(x->c);
}

/* Every neuron of every lobe is where the mouse finds it, in its colour. */
static void check_neurons(frame_fixture *x, SDL_Surface *s)
{
	const brain *b = creature_brain_const(x->c);
	for (unsigned l = 0; l < brain_lobe_count(b); l++) {
		brain_lobe_info li;
		assert_int_equal(brain_lobe_info_get(b, l, &li), 0);
		for (unsigned i = 0; i < li.neurons; i++) {
			double cx = x->fr.grid_x + (li.x + (int)(i % (unsigned)li.width) + 0.5) * x->fr.cell;
			double cy = x->fr.grid_y + (li.y + (int)(i / (unsigned)li.width) + 0.5) * x->fr.cell;
			int lobe = -1, cell = -1;
			assert_true(view_frame_neuron_at(&x->fr, x->c, (int)cx, (int)cy, &lobe, &cell));
			assert_int_equal(lobe, (int)l);
			assert_int_equal(cell, (int)i);
			assert_true(colour_is(s, (int)cx, (int)cy, view_neuron_colour(brain_output(b, l, i))));
		}
	}
	/* The grid's corner holds no neuron in these genomes; outside the
	 * panel nothing is found. */
	int lobe, cell;
	assert_false(view_frame_neuron_at(&x->fr, x->c, x->fr.grid_x + 1, x->fr.grid_y + 1, &lobe, &cell));
	assert_false(view_frame_neuron_at(&x->fr, x->c, s->w - 1, s->h - 1, &lobe, &cell));
}

static void test_frame_tiny(void **state)
{
	(void)state;
	frame_fixture x;
	fixture_run(&x, hatch_text("tests/fixtures/tiny.txt"), 300);
	static const int sizes[][2] = {{1280, 800}, {1024, 640}, {640, 400}, {1920, 1080}};
	char err[300];
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		SDL_Surface *s = view_surface_new(sizes[k][0], sizes[k][1]);
		assert_non_null(s);
		if (view_frame_render(s, &x.fr, x.c, err, sizeof err) != 0)
			fail_msg("%dx%d: %s", s->w, s->h, err);
		assert_true(x.fr.cell >= 3);
		check_neurons(&x, s);
		/* The panels tile the surface without overlapping. */
		const SDL_Rect *r[] = {&x.fr.status_r, &x.fr.brain_r, &x.fr.drives_r,
		                       &x.fr.organs_r, &x.fr.plot_r,  &x.fr.hint_r};
		for (int i = 0; i < 6; i++) {
			assert_true(r[i]->w > 0 && r[i]->h > 0);
			assert_true(r[i]->x >= 0 && r[i]->y >= 0);
			assert_true(r[i]->x + r[i]->w <= s->w && r[i]->y + r[i]->h <= s->h);
			for (int j = 0; j < i; j++)
				assert_false(SDL_HasIntersection(r[i], r[j]));
		}
		assert_true(view_frame_over_plot(&x.fr, x.fr.plot_r.x + 5, x.fr.plot_r.y + 5));
		assert_false(view_frame_over_plot(&x.fr, x.fr.brain_r.x + 5, x.fr.brain_r.y + 5));
		SDL_FreeSurface(s);
	}
	fixture_free(&x);
}

/* Overlays: picker rows under the mouse, the help, a pinned neuron and its
 * tooltip; too small or wrong surfaces are refused. */
static void test_frame_overlays(void **state)
{
	(void)state;
	frame_fixture x;
	fixture_run(&x, hatch_text("tests/fixtures/tiny.txt"), 100);
	char err[300];
	SDL_Surface *s = view_surface_new(1280, 800);
	assert_non_null(s);

	view_picker_open(&x.fr.picker, VIEW_PICK_PLOT, chems, nchems);
	view_picker_type(&x.fr.picker, "gly");
	assert_int_equal(view_frame_render(s, &x.fr, x.c, err, sizeof err), 0);
	assert_true(x.fr.picker.shown > 3);
	SDL_Rect L = x.fr.pick_list;
	assert_int_equal(view_frame_picker_at(&x.fr, L.x + 10, L.y + 1), 0);
	assert_int_equal(view_frame_picker_at(&x.fr, L.x + 10, L.y + x.fr.pick_row_h + 1), 1);
	assert_int_equal(view_frame_picker_at(&x.fr, L.x - 5, L.y + 1), -1);
	/* Scrolling keeps the highlight on screen. */
	view_picker_close(&x.fr.picker);
	view_picker_open(&x.fr.picker, VIEW_PICK_INJECT, chems, nchems);
	assert_int_equal(view_frame_render(s, &x.fr, x.c, err, sizeof err), 0);
	view_picker_move(&x.fr.picker, 200);
	assert_int_equal(view_frame_render(s, &x.fr, x.c, err, sizeof err), 0);
	assert_true(x.fr.picker.top <= 200 && 200 < x.fr.picker.top + x.fr.picker.shown);
	view_picker_open(&x.fr.picker, VIEW_PICK_AMOUNT, NULL, 0);
	x.fr.picker.chem = GENOME_CHEM_GLUCOSE;
	assert_int_equal(view_frame_render(s, &x.fr, x.c, err, sizeof err), 0);
	assert_int_equal(view_frame_picker_at(&x.fr, L.x + 10, L.y + 1), -1);
	view_picker_close(&x.fr.picker);
	assert_int_equal(view_frame_picker_at(&x.fr, L.x + 10, L.y + 1), -1);

	/* A pinned neuron: white outline around it, the tooltip next to it. */
	x.fr.pin_lobe = 1;
	x.fr.pin_cell = 2;
	x.fr.by_state = true;
	strcpy(x.fr.message, "a message");
	assert_int_equal(view_frame_render(s, &x.fr, x.c, err, sizeof err), 0);
	const brain *b = creature_brain_const(x.c);
	brain_lobe_info li;
	brain_lobe_info_get(b, 1, &li);
	int nx = x.fr.grid_x + (int)lround((li.x + 2) * x.fr.cell);
	int ny = x.fr.grid_y + (int)lround(li.y * x.fr.cell);
	assert_true(colour_is(s, nx - 2, ny + 2, (SDL_Color){255, 255, 255, 255}));
	/* A pinned neuron that does not exist (a snapshot of another genome)
	 * is ignored. */
	x.fr.pin_lobe = 7;
	assert_int_equal(view_frame_render(s, &x.fr, x.c, err, sizeof err), 0);
	x.fr.pin_lobe = 0;
	x.fr.pin_cell = 9999;
	assert_int_equal(view_frame_render(s, &x.fr, x.c, err, sizeof err), 0);
	/* Hovering with the mouse. */
	x.fr.mouse_x = nx + 2;
	x.fr.mouse_y = ny + 2;
	assert_int_equal(view_frame_render(s, &x.fr, x.c, err, sizeof err), 0);
	x.fr.help = true;
	assert_int_equal(view_frame_render(s, &x.fr, x.c, err, sizeof err), 0);
	SDL_FreeSurface(s);

	s = view_surface_new(600, 399);
	assert_int_equal(view_frame_render(s, &x.fr, x.c, err, sizeof err), -1);
	assert_non_null(strstr(err, "too small"));
	SDL_FreeSurface(s);
	s = SDL_CreateRGBSurfaceWithFormat(0, 800, 600, 24, SDL_PIXELFORMAT_RGB24);
	assert_int_equal(view_frame_render(s, &x.fr, x.c, err, sizeof err), -1);
	SDL_FreeSurface(s);
	fixture_free(&x);
}

/* Pixels of the action names' colour on the brain panel's grid rows
 * (the names are the grid's only text in it). */
static int names_pixels(SDL_Surface *s, const view_frame *fr)
{
	const SDL_Rect *r = &fr->brain_r;
	int n = 0;
	for (int y = fr->grid_y; y < r->y + r->h; y++)
		for (int x = r->x; x < r->x + r->w; x++)
			n += colour_is(s, x, y, VC(BRAIN_DIM));
	return n;
}

/* The real norn: every lobe where the mouse finds it, the decision
 * winner's names beside its column at the default size. */
/* A render's pixels in rectangle r, packed. */
static uint32_t *grab(SDL_Surface *s, const SDL_Rect *r)
{
	uint32_t *p = malloc(sizeof *p * (size_t)r->w * (size_t)r->h);
	assert_non_null(p);
	for (int y = 0; y < r->h; y++)
		for (int x = 0; x < r->w; x++)
			p[y * r->w + x] = pixel(s, r->x + x, r->y + y);
	return p;
}

/* The organs panel shows the organs' names (x.fr.organs): the Heart's row
 * is found under its name, whose cell holds text, and is not what the row
 * shows without names ("organ8"). */
static void check_organ_names(frame_fixture *x, SDL_Surface *s)
{
	char name[64];
	const SDL_Rect *f = &x->fr.organ_names_r;
	long heart = -1;
	for (size_t i = 0; i < x->fr.organ_rows && heart < 0; i++) {
		int cx = f->x + (int)(i / (size_t)x->fr.organ_per_col) * x->fr.organ_col_w + 2;
		int cy = f->y + (int)(i % (size_t)x->fr.organ_per_col) * f->h + f->h / 2;
		if (view_frame_organ_at(&x->fr, x->c, cx, cy, name, sizeof name) == (long)i &&
		    !strcmp(name, "Heart"))
			heart = (long)i;
	}
	assert_int_equal(heart, 8); /* body, then the organs in gene order */
	SDL_Rect cell = {f->x + (int)(heart / x->fr.organ_per_col) * x->fr.organ_col_w,
	                 f->y + (int)(heart % x->fr.organ_per_col) * f->h, f->w - 4, f->h};
	uint32_t *named = grab(s, &cell);
	size_t ink = 0;
	for (int k = 1; k < cell.w * cell.h; k++)
		ink += named[k] != named[0];
	assert_true(ink > 20);
	const genome_organ_names *keep = x->fr.organs;
	char msg[300];
	x->fr.organs = NULL;
	assert_int_equal(view_frame_render(s, &x->fr, x->c, msg, sizeof msg), 0);
	assert_int_equal(view_frame_organ_at(&x->fr, x->c, cell.x + 2, cell.y + cell.h / 2, name,
	                                     sizeof name), heart);
	assert_string_equal(name, "organ8");
	/* Where both renders hold only the name (the names' column is
	 * narrower without names): different text. */
	SDL_Rect both = cell;
	both.w = x->fr.organ_names_r.w - 4 < cell.w ? x->fr.organ_names_r.w - 4 : cell.w;
	free(named);
	x->fr.organs = keep;
	assert_int_equal(view_frame_render(s, &x->fr, x->c, msg, sizeof msg), 0);
	named = grab(s, &both);
	x->fr.organs = NULL;
	assert_int_equal(view_frame_render(s, &x->fr, x->c, msg, sizeof msg), 0);
	uint32_t *numbered = grab(s, &both);
	assert_true(memcmp(named, numbered, sizeof *named * (size_t)both.w * (size_t)both.h) != 0);
	free(named);
	free(numbered);
	x->fr.organs = keep;
	assert_int_equal(view_frame_render(s, &x->fr, x->c, msg, sizeof msg), 0);
}

static void test_frame_norn(void **state)
{
	(void)state;
	genome g;
	TEST_LOAD_NORN(&g);
	creature_config cfg;
	creature_config_default(&cfg);
	creature *c;
	c2_err err;
	assert_int_equal(creature_hatch(&c, &g, &cfg, &err), 0);
	genome_organ_names names;
	assert_int_equal(genome_organ_names_make(&names, &g, NULL), 0);
	genome_free(&g);
	frame_fixture x;
	fixture_run(&x, c, 2000);
	char msg[300];
	SDL_Surface *s = view_surface_new(1280, 800);
	x.fr.organs = &names;
	assert_int_equal(view_frame_render(s, &x.fr, x.c, msg, sizeof msg), 0);
	assert_true(x.fr.cell >= 8);
	check_neurons(&x, s);
	assert_true(names_pixels(s, &x.fr) > 100); /* decision names drawn */
	check_organ_names(&x, s);
	/* Pin a decision neuron with hundreds of dendrites. */
	x.fr.pin_lobe = GENOME_LOBE_DECISION;
	x.fr.pin_cell = 0;
	assert_int_equal(view_frame_render(s, &x.fr, x.c, msg, sizeof msg), 0);
	SDL_FreeSurface(s);
	genome_organ_names_free(&names);
	fixture_free(&x);
}

static void test_neuron_colour(void **state)
{
	(void)state;
	double prev = -1;
	for (int v = 1; v <= 255; v++) {
		SDL_Color c = view_neuron_colour(v);
		double lum = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
		assert_true(lum >= prev - 0.6); /* brighter as it fires harder (rounding aside) */
		prev = lum;
	}
	SDL_Color z = view_neuron_colour(0), one = view_neuron_colour(1);
	assert_true(z.r != one.r || z.g != one.g || z.b != one.b);
	SDL_Color big = view_neuron_colour(1000), top = view_neuron_colour(255);
	assert_true(big.r == top.r && big.g == top.g && big.b == top.b);
}

static void test_keys_syntax(void **state)
{
	(void)state;
	char err[200];
	assert_int_equal(view_live_check_keys("cglyc<Enter><Esc>i50<BS><Up><Down>?+ <F1><F12><Tab><S-Tab>",
	                                      err, sizeof err),
	                 0);
	assert_int_equal(view_live_check_keys("", err, sizeof err), 0);
	assert_int_equal(view_live_check_keys("a<Home>", err, sizeof err), -1);
	assert_non_null(strstr(err, "<Home>"));
	assert_int_equal(view_live_check_keys("a\tb", err, sizeof err), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pace_ladder),
		cmocka_unit_test(test_pace_due),
		cmocka_unit_test(test_pace_rate),
		cmocka_unit_test(test_pace_window),
		cmocka_unit_test(test_match),
		cmocka_unit_test(test_hist),
		cmocka_unit_test(test_picker),
		cmocka_unit_test(test_neuron_colour),
		cmocka_unit_test(test_keys_syntax),
		cmocka_unit_test(test_frame_tiny),
		cmocka_unit_test(test_frame_overlays),
		cmocka_unit_test(test_frame_norn),
	};
	return cmocka_run_group_tests(tests, setup_chems, NULL);
}
