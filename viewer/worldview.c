/* worldview.c — the world strip of the live viewer (see worldview.h). */
#include "viewer/worldview.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genome/vocab.h"
#include "viewer/draw.h"

/* Labels above objects go in this many staggered rows, so neighbours'
 * names do not print over each other. */
enum { LABEL_ROWS = 3 };

static int text_w(TTF_Font *f, const char *s)
{
	int w, h;
	view_text_size(f, s, &w, &h);
	return w;
}

static double world_x0(const world *w)
{
	world_room_info ri;
	return world_room(w, 0, &ri) == 0 ? ri.x0 : 0;
}

static double world_x1(const world *w)
{
	world_room_info ri;
	size_t n = world_room_count(w);
	return n && world_room(w, n - 1, &ri) == 0 ? ri.x1 : 1;
}

static double crt_width(const world *w)
{
	return world_get_options(w)->creature_width;
}

int view_world_screen_x(const view_world_geom *g, double wx)
{
	return g->r.x + g->pad + (int)lround((wx - g->x0) * g->scale);
}

/* The scale and the world x at the left: the whole floor when it fits at
 * VIEW_WORLD_MIN_SCALE, else that scale centred on the selected creature. */
static void fit(view_world_geom *g, const world *w)
{
	double a = world_x0(w), b = world_x1(w), span = b - a, inner = g->r.w - 2 * g->pad;
	g->scale = span > 0 ? inner / span : 1;
	g->x0 = a;
	g->follow = g->scale < VIEW_WORLD_MIN_SCALE;
	if (!g->follow)
		return;
	g->scale = VIEW_WORLD_MIN_SCALE;
	double shown = inner / g->scale;
	world_creature_info ci;
	size_t i = g->selected >= 0 ? (size_t)g->selected : 0;
	double centre = world_creature_get(w, i, &ci) == 0 ? ci.x : a + shown / 2;
	g->x0 = fmin(fmax(centre - shown / 2, a), b - shown);
}

/* A room's colour: cold blue through neutral to warm by temperature
 * (128 neutral), darker with less light. */
static SDL_Color room_tint(const world_room_info *ri)
{
	double t = (ri->temperature - 128) / 127.0, l = 0.55 + 0.45 * ri->light / 255.0;
	double r = 214 + 30 * t, gr = 226 - 6 * fabs(t), bl = 236 - 40 * t;
	return (SDL_Color){(Uint8)fmin(255, r * l), (Uint8)fmin(255, gr * l), (Uint8)fmin(255, bl * l), 255};
}

static void draw_rooms(SDL_Surface *dst, const view_world_geom *g, const view_fonts *f, const world *w)
{
	const SDL_Rect *r = &g->r;
	int top = r->y, lh = TTF_FontLineSkip(f->small);
	for (size_t i = 0; i < world_room_count(w); i++) {
		world_room_info ri;
		if (world_room(w, i, &ri) != 0)
			continue;
		int x0 = view_world_screen_x(g, ri.x0), x1 = view_world_screen_x(g, ri.x1);
		view_fill(dst, &(SDL_Rect){x0, top, x1 - x0, g->floor_y - top}, room_tint(&ri));
		view_fill(dst, &(SDL_Rect){x0, top, 1, g->floor_y - top}, VC(WORLD_WALL));
		char label[96];
		snprintf(label, sizeof label, "%s  %d\xc2\xb0 light %d", ri.name, ri.temperature, ri.light);
		/* the name stays in sight while part of the room is (a followed creature) */
		int lx = x0 > r->x ? x0 : r->x;
		view_text(dst, f->small, label, lx + 4, top + lh / 2 + 1, VIEW_LEFT | VIEW_VCENTER, VC(DIM), 0);
	}
	/* The walls at the two ends, thicker. */
	int a = view_world_screen_x(g, world_x0(w)), b = view_world_screen_x(g, world_x1(w));
	view_fill(dst, &(SDL_Rect){a - 3, top, 3, g->floor_y - top}, VC(WORLD_WALL));
	view_fill(dst, &(SDL_Rect){b, top, 3, g->floor_y - top}, VC(WORLD_WALL));
	view_fill(dst, &(SDL_Rect){r->x, g->floor_y, r->w, r->y + r->h - g->floor_y}, VC(WORLD_GROUND));
}

/* An object's box: its width at the scale, a height that grows with it
 * up to most of a creature's. */
static SDL_Rect object_box(const view_world_geom *g, const world_object_info *oi, double x, int base_y)
{
	int bw = (int)lround(oi->width * g->scale);
	if (bw < 4)
		bw = 4;
	int bh = bw < g->crt_h * 3 / 5 ? bw : g->crt_h * 3 / 5;
	if (bh < 5)
		bh = 5;
	return (SDL_Rect){view_world_screen_x(g, x) - bw / 2, base_y - bh, bw, bh};
}

static SDL_Rect creature_box(const view_world_geom *g, const world *w, double x)
{
	int bw = (int)lround(crt_width(w) * g->scale);
	if (bw < 6)
		bw = 6;
	return (SDL_Rect){view_world_screen_x(g, x) - bw / 2, g->floor_y - g->crt_h, bw, g->crt_h};
}

/* Where a carried object is drawn: above its carrier. */
static bool carrier_top(const view_world_geom *g, const world *w, int carrier, double *x, int *y)
{
	if (carrier >= 0) {
		world_creature_info ci;
		if (world_creature_get(w, (size_t)carrier, &ci) != 0)
			return false;
		*x = ci.x;
		*y = g->floor_y - g->crt_h - 2;
		return true;
	}
	world_object_info hand;
	if (carrier != WORLD_HAND || world_object(w, 0, &hand) != 0)
		return false;
	*x = hand.x;
	*y = g->hand_y + g->crt_h * 3 / 5 + 2; /* hanging under the hand's mark */
	return true;
}

/* Where object oi is drawn: on the floor, or above its carrier. */
static bool placed_box(const view_world_geom *g, const world *w, const world_object_info *oi,
                       SDL_Rect *b)
{
	double x = oi->x;
	int base = g->floor_y;
	if (oi->carrier != -1 && !carrier_top(g, w, oi->carrier, &x, &base))
		return false;
	*b = object_box(g, oi, x, base);
	return true;
}

/* Label rows above the floor: each label takes the lowest row where it
 * does not run into its left neighbour's (LABEL_ROWS rows). */
typedef struct label_rows {
	int end[LABEL_ROWS];
	int lh;
	SDL_Rect r; /* the strip */
} label_rows;

static void rows_init(label_rows *lr, const view_fonts *f, const SDL_Rect *r)
{
	lr->r = *r;
	for (int k = 0; k < LABEL_ROWS; k++)
		lr->end[k] = -(1 << 30);
	lr->lh = TTF_FontLineSkip(f->small);
}

/* Draw `name` centred over box b (kept inside the strip r) in the first
 * free row, with a stalk down to the box from a higher row. */
static void row_label(SDL_Surface *dst, const view_fonts *f, label_rows *lr, const SDL_Rect *b,
                      const char *name, SDL_Color c)
{
	int tw = text_w(f->small, name), tx = b->x + b->w / 2 - tw / 2, row = 0;
	int right = lr->r.x + lr->r.w - tw - 2;
	tx = tx > right ? right : tx;
	tx = tx < lr->r.x + 2 ? lr->r.x + 2 : tx;
	while (row < LABEL_ROWS - 1 && tx < lr->end[row] + 4)
		row++;
	lr->end[row] = tx + tw;
	int ty = b->y - 2 - row * lr->lh;
	if (row > 0) /* a stalk down to its box */
		view_fill(dst, &(SDL_Rect){b->x + b->w / 2, ty, 1, b->y - ty}, VC(EDGE));
	view_text(dst, f->small, name, tx, ty, VIEW_LEFT | VIEW_BOTTOM, c, 0);
}

/* A filled ellipse in box b. */
static void ellipse(SDL_Surface *dst, const SDL_Rect *b, SDL_Color c)
{
	double rx = b->w / 2.0, ry = b->h / 2.0;
	for (int y = 0; y < b->h; y++) {
		double dy = (y + 0.5 - ry) / ry, half = rx * sqrt(fmax(0, 1 - dy * dy));
		int x0 = (int)lround(rx - half);
		view_fill(dst, &(SDL_Rect){b->x + x0, b->y + y, b->w - 2 * x0, 1}, c);
	}
}

/* An egg: an egg shape, taller than wide, and what hatches from it (and
 * in how long, when the watch saw it laid). */
static void draw_egg(SDL_Surface *dst, const view_world_geom *g, const view_fonts *f, const world *w,
                     const view_world_marks *m, size_t id, const world_object_info *oi,
                     const SDL_Rect *box, label_rows *lr)
{
	int h = g->crt_h / 3 > 8 ? g->crt_h / 3 : 8, ew = h * 3 / 4;
	SDL_Rect b = {box->x + box->w / 2 - ew / 2, box->y + box->h - h, ew, h};
	ellipse(dst, &b, VC(WORLD_WALL));
	SDL_Rect in = {b.x + 1, b.y + 1, b.w - 2, b.h - 2};
	ellipse(dst, &in, VC(WORLD_EGG));
	if (oi->carrier != -1)
		return;
	char label[64], left[32] = "";
	int64_t t = m && m->pop ? view_pop_hatch_in(m->pop, w, id) : -1;
	if (t >= 0) {
		view_pop_clock((uint64_t)t, left, sizeof left);
		memmove(left + 1, left, strlen(left) + 1);
		left[0] = ' ';
	}
	snprintf(label, sizeof label, "%s %s%s", oi->name ? oi->name : "egg", oi->child[0] ? oi->child : "",
	         left);
	row_label(dst, f, lr, &b, label, VC(TEXT));
}

static void draw_eggs(SDL_Surface *dst, const view_world_geom *g, const view_fonts *f, const world *w,
                      const view_world_marks *m, label_rows *lr)
{
	for (size_t id = 1; id < world_object_count(w); id++) {
		world_object_info oi;
		SDL_Rect b;
		if (world_object(w, id, &oi) == 0 && oi.state == WORLD_OBJ_PRESENT && oi.creature < 0 &&
		    view_pop_is_egg(&oi) && placed_box(g, w, &oi, &b))
			draw_egg(dst, g, f, w, m, id, &oi, &b, lr);
	}
}

static void draw_objects(SDL_Surface *dst, const view_world_geom *g, const view_fonts *f, const world *w,
                         label_rows *lr)
{
	for (size_t id = 1; id < world_object_count(w); id++) {
		world_object_info oi;
		/* a creature seen as an object is drawn as the creature */
		if (world_object(w, id, &oi) != 0 || oi.state != WORLD_OBJ_PRESENT || oi.creature >= 0)
			continue;
		SDL_Rect b;
		if (!placed_box(g, w, &oi, &b))
			continue;
		if (view_pop_is_egg(&oi))
			continue; /* drawn over the creatures: an egg lies at its mother's feet */
		SDL_Color c = view_palette(oi.category);
		if (oi.visible)
			view_fill(dst, &b, c);
		view_outline(dst, &b, oi.visible ? VC(WORLD_WALL) : VC(DIM), 1);
		if (oi.carrier != -1)
			continue; /* the carrier's label names it */
		row_label(dst, f, lr, &b, oi.name && *oi.name ? oi.name : oi.kind,
		          oi.visible ? VC(TEXT) : VC(DIM));
	}
}

/* A filled triangle pointing down with its tip at (x, y). */
static void triangle_down(SDL_Surface *dst, int x, int y, int size, SDL_Color c)
{
	for (int i = 0; i < size; i++)
		view_fill(dst, &(SDL_Rect){x - i, y - i, 2 * i + 1, 1}, c);
}

/* IT: C2's green triangle over it and a line from the creature's head. */
static void draw_it(SDL_Surface *dst, const view_world_geom *g, const world *w, const SDL_Rect *cb,
                    const world_creature_info *ci)
{
	world_object_info oi;
	if (ci->it < 0 || world_object(w, (size_t)ci->it, &oi) != 0)
		return;
	SDL_Rect ob;
	if (!placed_box(g, w, &oi, &ob))
		return;
	int tip = ob.y - 3, ox = ob.x + ob.w / 2, size = g->crt_h / 6 + 3;
	triangle_down(dst, ox, tip, size, VC(WORLD_IT));
	int hx = ci->facing > 0 ? cb->x + cb->w : cb->x, hy = cb->y + cb->h / 4;
	/* the line in a mask just over its bounding box */
	int bx = (hx < ox ? hx : ox) - 2, by = (hy < tip - size ? hy : tip - size) - 2;
	int bw = abs(hx - ox) + 5, bh = abs(hy - (tip - size)) + 5;
	view_mask m;
	if (view_mask_init(&m, bw, bh) != 0)
		return;
	view_mask_line(&m, hx - bx + 0.5, hy - by + 0.5, ox - bx + 0.5, tip - size - by + 0.5, 1.5);
	view_mask_blend(&m, dst, bx, by, VC(WORLD_IT));
	view_mask_free(&m);
}

/* "6KUC \u2640" (its moniker, or "creature N" before monikers, and its sex sign). */
static void creature_name(const world *w, size_t i, const world_creature_info *ci, char *buf, size_t n)
{
	const char *sex = creature_sex(world_creature_const(w, i)) == GENOME_MALE ? "\xe2\x99\x82" : "\xe2\x99\x80";
	if (ci->moniker[0])
		snprintf(buf, n, "%s %s", ci->moniker, sex);
	else
		snprintf(buf, n, "creature %zu %s", i + 1, sex);
}

/* The selected creature's label, under it on the floor: its name, what
 * the world has it do, what it carries. */
static void creature_label(const world *w, size_t i, const world_creature_info *ci, char *buf, size_t n)
{
	const creature *c = world_creature_const(w, i);
	const char *act = ci->action >= 0 ? genome_vocab_name(&genome_actions, ci->action) : NULL;
	creature_name(w, i, ci, buf, n);
	int len = (int)strlen(buf);
	if (!ci->alive)
		snprintf(buf + len, n - (size_t)len, " (dead)");
	else if (creature_asleep(c))
		snprintf(buf + len, n - (size_t)len, " (asleep)");
	else if (act)
		snprintf(buf + len, n - (size_t)len, ": %s, %s", act, ci->phase);
	world_object_info oi;
	len = (int)strlen(buf);
	if (ci->pregnant && (size_t)len < n)
		snprintf(buf + len, n - (size_t)len, ", pregnant");
	len = (int)strlen(buf);
	if (ci->carried >= 0 && world_object(w, (size_t)ci->carried, &oi) == 0 && (size_t)len < n)
		snprintf(buf + len, n - (size_t)len, ", carries %s", oi.name ? oi.name : oi.kind);
}

/* Under the floor, centred on box b and kept inside the strip. */
static void floor_label(SDL_Surface *dst, const view_world_geom *g, const view_fonts *f,
                        const SDL_Rect *b, const char *label)
{
	int lh = TTF_FontLineSkip(f->small), tw = text_w(f->small, label);
	int tx = b->x + b->w / 2 - tw / 2, right = g->r.x + g->r.w - tw - 2;
	tx = tx > right ? right : tx;
	tx = tx < g->r.x + 2 ? g->r.x + 2 : tx;
	view_text(dst, f->small, label, tx, g->floor_y + lh / 2 + 1, VIEW_LEFT | VIEW_VCENTER, VC(BAR_TEXT), 0);
}

/* Creature i's box with its head (a darker third on the side it faces), a
 * pink belly when pregnant, a ring when born lately. */
static void draw_body(SDL_Surface *dst, const view_world_geom *g, const view_fonts *f,
                      const SDL_Rect *b, const world_creature_info *ci, bool selected, bool flash)
{
	if (flash) /* its label says "born" */
		view_fill(dst, &(SDL_Rect){b->x - 4, b->y - 4, b->w + 8, b->h + 4}, VC(WORLD_BORN));
	view_fill(dst, b, ci->alive ? VC(WORLD_CREATURE) : VC(EDGE));
	view_outline(dst, b, selected ? VC(WORLD_SELECTED) : VC(WORLD_WALL), 1);
	int hw = b->w / 3 > 2 ? b->w / 3 : 2;
	view_fill(dst, &(SDL_Rect){ci->facing > 0 ? b->x + b->w - hw : b->x, b->y, hw, b->h / 2},
	          VC(WORLD_WALL));
	if (ci->pregnant) {
		int d = b->w / 3 > 4 ? b->w / 3 : 4;
		SDL_Rect belly = {b->x + b->w / 2 - d / 2, b->y + b->h - d - 2, d, d};
		ellipse(dst, &belly, VC(WORLD_PREGNANT));
	}
	(void)g;
	(void)f;
}

static void draw_creature(SDL_Surface *dst, const view_world_geom *g, const view_fonts *f,
                          const world *w, const view_world_marks *m, size_t i, label_rows *lr)
{
	world_creature_info ci;
	if (world_creature_get(w, i, &ci) != 0)
		return;
	SDL_Rect b = creature_box(g, w, ci.x);
	bool sel = (int)i == g->selected;
	bool flash = m && m->pop && view_pop_flashing(m->pop, i, world_ticks(w), m->wall);
	draw_body(dst, g, f, &b, &ci, sel, flash);
	char label[160];
	if (!sel) { /* the others: name (and state) above them */
		creature_name(w, i, &ci, label, sizeof label);
		size_t n = strlen(label);
		snprintf(label + n, sizeof label - n, "%s",
		         !ci.alive ? " dead" : flash ? " born" : ci.pregnant ? " pregnant" : "");
		row_label(dst, f, lr, &b, label, ci.alive ? VC(TEXT) : VC(DIM));
		return;
	}
	if (ci.alive)
		draw_it(dst, g, w, &b, &ci);
	/* C2's red arrow over the selected creature */
	triangle_down(dst, b.x + b.w / 2, b.y - 3, g->crt_h / 6 + 3, VC(WORLD_SELECTED));
	creature_label(w, i, &ci, label, sizeof label);
	if (flash) {
		size_t n = strlen(label);
		snprintf(label + n, sizeof label - n, ", just born");
	}
	floor_label(dst, g, f, &b, label);
}

/* The others in index order, the selected one last (on top). */
static void draw_creatures(SDL_Surface *dst, const view_world_geom *g, const view_fonts *f,
                           const world *w, const view_world_marks *m, label_rows *lr)
{
	for (size_t i = 0; i < world_creature_count(w); i++)
		if ((int)i != g->selected)
			draw_creature(dst, g, f, w, m, i, lr);
	if (g->selected >= 0 && (size_t)g->selected < world_creature_count(w))
		draw_creature(dst, g, f, w, m, (size_t)g->selected, lr);
}

static void draw_hand(SDL_Surface *dst, const view_world_geom *g, const view_fonts *f, const world *w)
{
	world_object_info hand;
	if (world_object_count(w) == 0 || world_object(w, 0, &hand) != 0 ||
	    hand.state != WORLD_OBJ_PRESENT)
		return;
	int x = view_world_screen_x(g, hand.x), y = g->hand_y, s = g->crt_h / 5 + 4;
	SDL_Rect b = {x - s / 2, y - s, s, s};
	view_fill(dst, &b, VC(WORLD_HAND));
	view_outline(dst, &b, VC(WORLD_WALL), 1);
	view_text(dst, f->small, "hand", b.x + b.w + 3, y - s / 2, VIEW_LEFT | VIEW_VCENTER, VC(TEXT), 0);
}

int view_world_hand_holds(const world *w)
{
	for (size_t id = 1; id < world_object_count(w); id++) {
		world_object_info oi;
		if (world_object(w, id, &oi) == 0 && oi.carrier == WORLD_HAND &&
		    oi.state == WORLD_OBJ_PRESENT)
			return (int)id;
	}
	return -1;
}

/* What a click there would do, for the pointer's readout. */
static const char *click_hint(const world *w, const view_world_hit *h, char *buf, size_t n)
{
	bool holding = view_world_hand_holds(w) >= 0;
	world_object_info oi;
	if (h->what == VIEW_WORLD_CREATURE)
		return h->front ? "click: pat (right: slap)" : "click: slap (bottom)";
	if (holding)
		return "click: drop here";
	if (h->what == VIEW_WORLD_OBJECT && world_object(w, (size_t)h->index, &oi) == 0) {
		snprintf(buf, n, "click: pick up %s", oi.name ? oi.name : oi.kind);
		return buf;
	}
	return "";
}

static void draw_pointer(SDL_Surface *dst, const view_world_geom *g, const view_fonts *f,
                         const world *w, int mx, int my)
{
	view_world_hit h = view_world_at(g, w, mx, my);
	if (h.what == VIEW_WORLD_NOTHING)
		return;
	view_fill_blend(dst, &(SDL_Rect){mx, g->r.y, 1, g->floor_y - g->r.y}, VC(WORLD_POINTER));
	char buf[128], hint[96];
	snprintf(buf, sizeof buf, "x %.0f  %s", h.x, click_hint(w, &h, hint, sizeof hint));
	int lh = TTF_FontLineSkip(f->small);
	bool right = mx > g->r.x + g->r.w / 2;
	view_text(dst, f->small, buf, right ? mx - 4 : mx + 4, g->r.y + 2 * lh + lh / 2 + 1,
	          (right ? VIEW_RIGHT : VIEW_LEFT) | VIEW_VCENTER, VC(TEXT), 0);
}

void view_world_draw(SDL_Surface *dst, const SDL_Rect *r, const view_fonts *f, const world *w,
                     const view_world_marks *m, int mx, int my, view_world_geom *g)
{
	SDL_Rect strip = *r; /* r may be g's own */
	memset(g, 0, sizeof *g);
	g->r = strip;
	g->selected = m ? m->selected : 0;
	g->pad = f->px;
	int lh = TTF_FontLineSkip(f->small);
	g->floor_y = r->y + r->h - (lh + 4);
	fit(g, w);
	int avail = g->floor_y - r->y - lh;
	g->crt_h = (int)lround(crt_width(w) * g->scale * 1.2);
	if (g->crt_h > avail * 11 / 20)
		g->crt_h = avail * 11 / 20;
	if (g->crt_h < 10)
		g->crt_h = 10;
	/* the hand's mark: its bottom a line and a half under the room names */
	g->hand_y = r->y + lh + lh / 2 + g->crt_h / 5 + 4;
	view_fill(dst, r, VC(PANEL));
	SDL_SetClipRect(dst, r);
	draw_rooms(dst, g, f, w);
	/* one set of label rows: the creatures' names stagger with the objects' */
	label_rows lr;
	rows_init(&lr, f, &g->r);
	draw_objects(dst, g, f, w, &lr);
	draw_creatures(dst, g, f, w, m, &lr);
	draw_eggs(dst, g, f, w, m, &lr);
	draw_hand(dst, g, f, w);
	if (g->follow) {
		char buf[64];
		const char *mk = g->selected >= 0 ? world_creature_moniker(w, (size_t)g->selected) : NULL;
		if (mk && *mk)
			snprintf(buf, sizeof buf, "following %s", mk);
		else
			snprintf(buf, sizeof buf, "following creature %d", g->selected + 1);
		view_text(dst, f->small, buf, r->x + r->w - 4, r->y + lh / 2 + 1, VIEW_RIGHT | VIEW_VCENTER,
		          VC(DIM), 0);
	}
	draw_pointer(dst, g, f, w, mx, my);
	SDL_SetClipRect(dst, NULL);
}

view_world_hit view_world_at(const view_world_geom *g, const world *w, int x, int y)
{
	view_world_hit h = {VIEW_WORLD_NOTHING, -1, false, 0};
	const SDL_Rect *r = &g->r;
	if (r->w <= 0 || g->scale <= 0 || x < r->x || x >= r->x + r->w || y < r->y || y >= r->y + r->h)
		return h;
	h.what = VIEW_WORLD_FLOOR;
	h.x = fmin(fmax(g->x0 + (x - r->x - g->pad) / g->scale, world_x0(w)), world_x1(w));
	int n = (int)world_creature_count(w);
	/* the selected one (drawn on top), then the others from the last drawn */
	for (int k = -1; k < n; k++) {
		int i = k < 0 ? g->selected : n - 1 - k;
		world_creature_info ci;
		if (i < 0 || (k >= 0 && i == g->selected) || world_creature_get(w, (size_t)i, &ci) != 0)
			continue;
		SDL_Rect b = creature_box(g, w, ci.x);
		if (x >= b.x && x < b.x + b.w && y >= b.y && y < g->floor_y) {
			h.what = VIEW_WORLD_CREATURE;
			h.index = i;
			h.front = ci.facing > 0 ? x >= b.x + b.w / 2 : x < b.x + b.w / 2;
			return h;
		}
	}
	for (size_t id = world_object_count(w); id-- > 1;) {
		world_object_info oi;
		if (world_object(w, id, &oi) != 0 || oi.state != WORLD_OBJ_PRESENT || oi.carrier != -1)
			continue;
		SDL_Rect b = object_box(g, &oi, oi.x, g->floor_y);
		/* A little above a small box counts too: it is hard to hit. */
		if (x >= b.x - 2 && x < b.x + b.w + 2 && y >= b.y - 6 && y < g->floor_y) {
			h.what = VIEW_WORLD_OBJECT;
			h.index = (int)id;
			return h;
		}
	}
	return h;
}
