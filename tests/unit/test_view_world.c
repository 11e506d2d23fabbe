/* test_view_world.c — the viewer's world strip drawn headless: its scale
 * (the whole floor, or following the creature in a world too wide), the
 * pixels of objects and the creature where the geometry says they are, and
 * what the mouse finds there (the creature's head and bottom, an object,
 * the floor's x) — the hit test the hand's clicks go through; with a
 * population, the selected creature's marks, and the watch's lines, the
 * egg and the newborn's ring through a birth. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tests/fixtures/world_breed_tiny.h"
#include "tests/fixtures/world_tiny.h"
#include "viewer/draw.h"
#include "viewer/font.h"
#include "viewer/popwatch.h"
#include "viewer/worldview.h"
#include "world/world.h"

static world *with_tiny(const char *text)
{
	world *w;
	c2_err err;
	if (world_load(&w, text, strlen(text), NULL, 1, &err) != 0)
		fail_msg("world line %ld: %s", err.line, err.msg);
	if (world_add_creature(w, test_hatch_text(WORLD_TINY, sizeof WORLD_TINY - 1, 1), &err) != 0)
		fail_msg("add: %s", err.msg);
	return w;
}

static int colour_is(SDL_Surface *s, int x, int y, SDL_Color c)
{
	uint32_t p = ((uint32_t *)((uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch))[x];
	uint8_t r, g, b;
	SDL_GetRGB(p, s->format, &r, &g, &b);
	return r == c.r && g == c.g && b == c.b;
}

static const char GARDEN[] = "room west 0 1000 temperature 60\n"
                             "room east 1000 2000 temperature 200 light 120\n"
                             "kind ball toy width 40 carry\n"
                             "object ball 700\n"
                             "creature 300 east\n";

/* The strip of a 2000 px world in 1200 px: all of it; a click finds the
 * creature's head (east of its middle: it faces east) and bottom, the ball,
 * and the floor's x elsewhere. */
static void test_strip_fit_and_hits(void **state)
{
	(void)state;
	world *w = with_tiny(GARDEN);
	SDL_Surface *s = view_surface_new(1200, 200);
	assert_non_null(s);
	view_fonts f;
	char err[200];
	assert_int_equal(view_fonts_open(&f, 13, err, sizeof err), 0);
	view_world_geom g;
	SDL_Rect r = {0, 0, 1200, 200};
	view_world_draw(s, &r, &f, w, NULL, -1, -1, &g);
	assert_false(g.follow);
	assert_true(fabs(g.scale - (1200.0 - 2 * g.pad) / 2000) < 1e-9);
	assert_int_equal(view_world_screen_x(&g, 0), g.pad);
	assert_int_equal(view_world_screen_x(&g, 2000), 1200 - g.pad);

	int y = g.floor_y - 2, cx = view_world_screen_x(&g, 300), q = (int)lround(50 * g.scale / 4);
	view_world_hit h = view_world_at(&g, w, cx + q, y);
	assert_int_equal(h.what, VIEW_WORLD_CREATURE);
	assert_int_equal(h.index, 0);
	assert_true(h.front);
	h = view_world_at(&g, w, cx - q, y);
	assert_int_equal(h.what, VIEW_WORLD_CREATURE);
	assert_false(h.front);
	assert_true(colour_is(s, cx - q, y, VC(WORLD_CREATURE)));  /* its body ... */
	assert_true(colour_is(s, cx + q + 1, g.floor_y - g.crt_h + 2, VC(WORLD_WALL))); /* ... its head */

	int bx = view_world_screen_x(&g, 700);
	h = view_world_at(&g, w, bx, y);
	assert_int_equal(h.what, VIEW_WORLD_OBJECT);
	world_object_info oi;
	assert_int_equal(world_object(w, (size_t)h.index, &oi), 0);
	assert_string_equal(oi.name, "ball.1");
	assert_true(colour_is(s, bx, y, view_palette(oi.category)));

	int fx = view_world_screen_x(&g, 1500);
	h = view_world_at(&g, w, fx, y);
	assert_int_equal(h.what, VIEW_WORLD_FLOOR);
	assert_true(fabs(h.x - 1500) <= 1 / g.scale);
	assert_true(colour_is(s, fx, g.floor_y + 1, VC(WORLD_GROUND)));
	/* the rooms are tinted apart: the cold room bluer than the warm one */
	uint8_t r0, g0, b0, r1, g1, b1;
	uint32_t *row = (uint32_t *)((uint8_t *)s->pixels + (size_t)(g.floor_y - g.crt_h - 20) * (size_t)s->pitch);
	SDL_GetRGB(row[view_world_screen_x(&g, 100)], s->format, &r0, &g0, &b0);
	SDL_GetRGB(row[view_world_screen_x(&g, 1900)], s->format, &r1, &g1, &b1);
	assert_true(b0 > r0 && r1 > b1);
	/* outside the strip: nothing */
	assert_int_equal(view_world_at(&g, w, 10, 250).what, VIEW_WORLD_NOTHING);
	view_fonts_close(&f);
	SDL_FreeSurface(s);
	world_free(w);
}

/* 9000 px of world in 1000 px is under the least scale: the strip shows
 * the floor at that scale, centred on the creature, clamped to the west
 * wall while it stands near it. */
static void test_strip_follows(void **state)
{
	(void)state;
	world *w = with_tiny("room long 0 9000\ncreature 4500 west\n");
	SDL_Surface *s = view_surface_new(1000, 160);
	view_fonts f;
	char err[200];
	assert_int_equal(view_fonts_open(&f, 12, err, sizeof err), 0);
	view_world_geom g;
	SDL_Rect r = {0, 0, 1000, 160};
	view_world_draw(s, &r, &f, w, NULL, -1, -1, &g);
	assert_true(g.follow);
	assert_true(g.scale == VIEW_WORLD_MIN_SCALE);
	assert_true(abs(view_world_screen_x(&g, 4500) - 500) <= 1);
	world_free(w);
	w = with_tiny("room long 0 9000\ncreature 100 east\n");
	view_world_draw(s, &r, &f, w, NULL, -1, -1, &g);
	assert_true(g.x0 == 0);
	view_fonts_close(&f);
	SDL_FreeSurface(s);
	world_free(w);
}

/* Two creatures: each drawn with its own colours where the geometry says,
 * the selected one under the red arrow and outlined in red (the other in
 * the wall's colour), a click on either finds it, the strip follows the
 * selected one; the watch tells a creature that joined and flashes it. */
static void test_strip_two_creatures(void **state)
{
	(void)state;
	world *w = with_tiny("room long 0 9000\ncreature 3000 east\ncreature 6000 west\n");
	view_pop *pop = malloc(sizeof *pop);
	assert_non_null(pop);
	view_pop_init(pop, w, 0);
	c2_err err;
	assert_int_equal(world_add_creature(w, test_hatch_text(WORLD_TINY, sizeof WORLD_TINY - 1, 2), &err), 0);
	assert_int_equal(view_pop_watch(pop, w, 0), 1);
	assert_non_null(strstr(view_pop_line(pop, 0), " joined "));
	assert_true(view_pop_flashing(pop, 1, world_ticks(w), 1.0));
	assert_false(view_pop_flashing(pop, 0, world_ticks(w), 1.0));
	assert_false(view_pop_flashing(pop, 1, world_ticks(w) + VIEW_POP_FLASH_TICKS, 100.0));
	assert_int_equal(view_pop_watch(pop, w, 0), 0);

	SDL_Surface *s = view_surface_new(1000, 160);
	view_fonts f;
	char msg[200];
	assert_int_equal(view_fonts_open(&f, 12, msg, sizeof msg), 0);
	view_world_geom g;
	SDL_Rect r = {0, 0, 1000, 160};
	for (int sel = 0; sel < 2; sel++) {
		view_world_marks m = {sel, pop, 100.0};
		view_world_draw(s, &r, &f, w, &m, -1, -1, &g);
		double x[2] = {3000, 6000};
		/* followed: the selected one in the middle */
		assert_true(abs(view_world_screen_x(&g, x[sel]) - 500) <= 1);
		int cx = view_world_screen_x(&g, x[sel]), top = g.floor_y - g.crt_h;
		assert_true(colour_is(s, cx, top, VC(WORLD_SELECTED)));       /* its red outline */
		assert_true(colour_is(s, cx, top - 3, VC(WORLD_SELECTED)));   /* the arrow's tip */
		assert_true(colour_is(s, cx, g.floor_y - 3, VC(WORLD_CREATURE)) ||
		            colour_is(s, cx, g.floor_y - 3, VC(WORLD_SELECTED)));
		view_world_hit h = view_world_at(&g, w, cx, g.floor_y - 2);
		assert_int_equal(h.what, VIEW_WORLD_CREATURE);
		assert_int_equal(h.index, sel);
	}
	/* both in one strip: the other one's outline is the wall's */
	world_free(w);
	w = with_tiny("room r 0 2000\ncreature 500 east\ncreature 1500 west\n");
	assert_int_equal(world_add_creature(w, test_hatch_text(WORLD_TINY, sizeof WORLD_TINY - 1, 3), &err), 0);
	view_world_marks m = {1, NULL, 0};
	view_world_draw(s, &r, &f, w, &m, -1, -1, &g);
	assert_false(g.follow);
	int a = view_world_screen_x(&g, 500), b = view_world_screen_x(&g, 1500), top = g.floor_y - g.crt_h;
	assert_true(colour_is(s, a, top, VC(WORLD_WALL)));
	assert_true(colour_is(s, b, top, VC(WORLD_SELECTED)));
	assert_true(colour_is(s, a - 2, g.floor_y - 3, VC(WORLD_CREATURE)));
	assert_int_equal(view_world_at(&g, w, a, g.floor_y - 2).index, 0);
	assert_int_equal(view_world_at(&g, w, b, g.floor_y - 2).index, 1);
	view_fonts_close(&f);
	SDL_FreeSurface(s);
	world_free(w);
	free(pop);
}

/* ---- a birth: the watch and the strip (the breeding tiny creature of
 * test_pop, its loci driven by injected chemicals, its decisions set) -- */

enum { OESTROGEN = 105, PROGESTERONE = 108, LH = 110 };

/* n world ticks, creature k deciding `action` on category `cat` (-1: its
 * own decision), ATP kept full; the watch looks after each. */
static void breed_run(world *w, view_pop *pop, int n, size_t k, int action, int cat)
{
	for (int t = 0; t < n; t++) {
		creature *c = world_creature(w, k);
		creature_hear(c, GENOME_LOBE_DECISION, (unsigned)action);
		if (cat >= 0)
			creature_hear(c, GENOME_LOBE_ATTENTION, (unsigned)cat);
		for (size_t j = 0; j < world_creature_count(w); j++)
			creature_inject(world_creature(w, j), GENOME_CHEM_ATP, 255);
		world_step(w, NULL);
		view_pop_watch(pop, w, 0);
	}
}

/* The first egg object present, or -1. */
static int first_egg(const world *w, world_object_info *oi)
{
	for (size_t id = 1; id < world_object_count(w); id++)
		if (world_object(w, id, oi) == 0 && oi->state == WORLD_OBJ_PRESENT && view_pop_is_egg(oi))
			return (int)id;
	return -1;
}

/* A pregnancy, an egg laid and hatched, each a line of the watch; the egg
 * drawn as an egg with its countdown, the newborn ringed while it flashes. */
static void test_watch_and_draw_a_birth(void **state)
{
	(void)state;
	genome g;
	c2_err err;
	assert_int_equal(genome_text_parse(WORLD_BREED_TINY, sizeof WORLD_BREED_TINY - 1, &g, &err), 0);
	world_options o;
	world_options_default(&o);
	o.perceive_period = 1;
	o.egg_hatch_ticks = 100;
	const char room[] = "room r 0 1000\ncreature 200\ncreature 300 west\n";
	world *w;
	assert_int_equal(world_load(&w, room, strlen(room), &o, 1, &err), 0);
	assert_int_equal(world_add_creature(w, test_hatch(&g, GENOME_FEMALE, 10), &err), 0);
	assert_int_equal(world_add_creature(w, test_hatch(&g, GENOME_MALE, 11), &err), 0);
	genome_free(&g);
	view_pop *pop = malloc(sizeof *pop);
	assert_non_null(pop);
	view_pop_init(pop, w, 0);
	for (size_t k = 0; k < 2; k++) { /* both fertile, she receptive */
		creature_inject(world_creature(w, k), OESTROGEN, 200);
		creature_inject(world_creature(w, k), LH, 200);
	}
	breed_run(w, pop, 200, 1, GENOME_ACT_PUSH, GENOME_CAT_NORN); /* he courts her */
	assert_non_null(strstr(view_pop_line(pop, 0), " is pregnant"));
	creature_inject(world_creature(w, 0), PROGESTERONE, 200); /* she lays */
	breed_run(w, pop, 10, 0, GENOME_ACT_QUIESCENT, -1);
	world_object_info oi;
	int egg = first_egg(w, &oi);
	assert_true(egg > 0);
	assert_non_null(strstr(view_pop_line(pop, 0), " laid ("));
	assert_non_null(strstr(view_pop_line(pop, 0), oi.child));
	int64_t left = view_pop_hatch_in(pop, w, (size_t)egg);
	assert_true(left > 80 && left <= 100);
	assert_int_equal(view_pop_hatch_in(pop, w, 1), -1); /* not an egg */

	SDL_Surface *s = view_surface_new(1000, 160);
	view_fonts f;
	char msg[200];
	assert_int_equal(view_fonts_open(&f, 12, msg, sizeof msg), 0);
	view_world_geom gm;
	SDL_Rect r = {0, 0, 1000, 160};
	view_world_marks m = {0, pop, 0};
	view_world_draw(s, &r, &f, w, &m, -1, -1, &gm);
	int ex = view_world_screen_x(&gm, oi.x), eh = gm.crt_h / 3 > 8 ? gm.crt_h / 3 : 8;
	assert_true(colour_is(s, ex, gm.floor_y - eh / 2, VC(WORLD_EGG)));

	creature_inject(world_creature(w, 0), PROGESTERONE, -255);
	breed_run(w, pop, 101, 0, GENOME_ACT_QUIESCENT, -1);
	assert_int_equal(world_creature_count(w), 3);
	assert_non_null(strstr(view_pop_line(pop, 0), " hatched ("));
	assert_int_equal(pop->births, 1);
	assert_int_equal(pop->eggs, 1);
	assert_int_equal(first_egg(w, &oi), -1);
	world_creature_info ci;
	assert_int_equal(world_creature_get(w, 2, &ci), 0);
	/* flashing for VIEW_POP_FLASH_TICKS world ticks (the wall clock far on) */
	assert_true(view_pop_flashing(pop, 2, world_ticks(w), 1e9));
	view_world_draw(s, &r, &f, w, &m, -1, -1, &gm);
	/* its ring: 4 px round its box (the box as worldview.c sizes it) */
	int bw = (int)lround(50 * gm.scale) > 6 ? (int)lround(50 * gm.scale) : 6;
	int cx = view_world_screen_x(&gm, ci.x), side = cx - bw / 2 - 2, mid = gm.floor_y - gm.crt_h / 2;
	assert_true(colour_is(s, side, mid, VC(WORLD_BORN)));
	breed_run(w, pop, VIEW_POP_FLASH_TICKS, 0, GENOME_ACT_QUIESCENT, -1);
	assert_false(view_pop_flashing(pop, 2, world_ticks(w), 1e9));
	m.wall = 1e9;
	view_world_draw(s, &r, &f, w, &m, -1, -1, &gm);
	assert_int_equal(world_creature_get(w, 2, &ci), 0);
	side = view_world_screen_x(&gm, ci.x) - bw / 2 - 2;
	assert_false(colour_is(s, side, mid, VC(WORLD_BORN)));
	view_fonts_close(&f);
	SDL_FreeSurface(s);
	world_free(w);
	free(pop);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strip_fit_and_hits),
		cmocka_unit_test(test_strip_follows),
		cmocka_unit_test(test_strip_two_creatures),
		cmocka_unit_test(test_watch_and_draw_a_birth),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
