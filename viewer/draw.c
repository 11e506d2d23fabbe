/* draw.c — palette, text, anti-aliased coverage-mask lines and atomic PNG
 * output on 32-bit SDL surfaces. */
#include "viewer/draw.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL2/SDL_image.h>

#include "base/fileio.h"
#include "cli/plotreq.h"
#include "genome/vocab.h"

const SDL_Color view_colours[VC_COUNT] = {
#define X(name, r, g, b, a, use) [VC_##name] = {r, g, b, a},
	VIEW_COLOURS(X)
#undef X
};

/* Tableau-10 without its grey (too close to the grid), then darker and
 * mid tones that stay apart from those ten and from each other on white. */
static const SDL_Color palette[VIEW_PALETTE_SIZE] = {
	{0x1f, 0x77, 0xb4, 255}, /* 0 blue */
	{0xd6, 0x27, 0x28, 255}, /* 1 red */
	{0x2c, 0xa0, 0x2c, 255}, /* 2 green */
	{0xff, 0x7f, 0x0e, 255}, /* 3 orange */
	{0x94, 0x67, 0xbd, 255}, /* 4 purple */
	{0x8c, 0x56, 0x4b, 255}, /* 5 brown */
	{0xe3, 0x77, 0xc2, 255}, /* 6 pink */
	{0x17, 0xbe, 0xcf, 255}, /* 7 cyan */
	{0xbc, 0xbd, 0x22, 255}, /* 8 olive */
	{0x39, 0x3b, 0x79, 255}, /* 9 navy */
	{0x00, 0x00, 0x00, 255}, /* 10 black */
	{0x00, 0x69, 0x5c, 255}, /* 11 dark teal */
	{0x63, 0x79, 0x39, 255}, /* 12 moss */
	{0xa5, 0x51, 0x94, 255}, /* 13 magenta */
	{0xe7, 0xba, 0x52, 255}, /* 14 mustard */
	{0x6b, 0x6e, 0xcf, 255}, /* 15 periwinkle */
	{0xa0, 0x20, 0x20, 255}, /* 16 dark red */
	{0x7b, 0x2d, 0x73, 255}, /* 17 plum */
	{0xe6, 0x55, 0x0d, 255}, /* 18 burnt orange */
	{0x1b, 0x9e, 0x77, 255}, /* 19 sea green */
	{0xd6, 0x61, 0x6b, 255}, /* 20 rose */
	{0x4a, 0x14, 0x86, 255}, /* 21 deep violet */
	{0x66, 0x99, 0x00, 255}, /* 22 leaf */
	{0xcc, 0x00, 0x66, 255}, /* 23 raspberry */
};

/* The chemicals with a colour of their own (palette slots), chosen so that
 * the ones traced and plotted together differ: the default trace's nine,
 * the starter's plots' Starch, Hunger and Sleepiness. Any other chemical:
 * slot chemical % VIEW_PALETTE_SIZE. */
#define VIEW_CHEM_COLOURS(X)                                                                      \
	X(ATP, 0) X(GLUCOSE, 1) X(GLYCOGEN, 2) X(ADP, 3) X(REWARD, 4) X(PUNISHMENT, 5) X(AGEING, 6) \
	X(INJURY, 7) X(ADRENALINE, 8) X(STARCH, 9) X(HUNGER, 10) X(SLEEPINESS, 11)

/* The drives' slots, in drive order: all 17 differ. */
static const uint8_t drive_slot[GENOME_NDRIVES] = {
	1,  /* Pain: red */
	6,  /* Need For Pleasure: pink */
	3,  /* Hunger: orange */
	7,  /* Coldness: cyan */
	18, /* Hotness: burnt orange */
	12, /* Tiredness: moss */
	9,  /* Sleepiness: navy */
	15, /* Loneliness: periwinkle */
	5,  /* Overcrowdedness: brown */
	4,  /* Fear: purple */
	8,  /* Boredom: olive */
	16, /* Anger: dark red */
	13, /* Sex Drive: magenta */
	17, /* Injury: plum */
	0,  /* Suffocation: blue */
	11, /* Thirst: dark teal */
	10, /* Stress: black */
};

SDL_Color view_palette(int i)
{
	int k = i % VIEW_PALETTE_SIZE;
	return palette[k < 0 ? k + VIEW_PALETTE_SIZE : k];
}

/* The palette slot of a key. */
static int key_slot(int key)
{
	if (key >= CLI_PLOT_KEY_DRIVE && key < CLI_PLOT_KEY_END)
		return drive_slot[key - CLI_PLOT_KEY_DRIVE];
	if (key < CLI_PLOT_KEY_CHEM || key > CLI_PLOT_KEY_CHEM + 255)
		return 0;
	switch (key - CLI_PLOT_KEY_CHEM) {
#define X(chem, slot) case GENOME_CHEM_##chem: return slot;
		VIEW_CHEM_COLOURS(X)
#undef X
	default:
		return (key - CLI_PLOT_KEY_CHEM) % VIEW_PALETTE_SIZE;
	}
}

SDL_Color view_key_colour(int key)
{
	return palette[key_slot(key)];
}

/* Extra colour k (past the palette): a golden-angle walk round the hue
 * circle at a saturation and lightness that read on white. */
static SDL_Color extra_colour(int k)
{
	double h = fmod(k * 137.508, 360) / 60, l = k % 2 ? 0.38 : 0.48, s = 0.8;
	double c = (1 - fabs(2 * l - 1)) * s, x = c * (1 - fabs(fmod(h, 2) - 1)), m = l - c / 2;
	double rgb[6][3] = {{c, x, 0}, {x, c, 0}, {0, c, x}, {0, x, c}, {x, 0, c}, {c, 0, x}};
	const double *v = rgb[(int)h % 6];
	return (SDL_Color){(uint8_t)lround((v[0] + m) * 255), (uint8_t)lround((v[1] + m) * 255),
	                   (uint8_t)lround((v[2] + m) * 255), 255};
}

static bool same_colour(SDL_Color a, SDL_Color b)
{
	return a.r == b.r && a.g == b.g && a.b == b.b;
}

void view_series_colours(const int *keys, int n, SDL_Color *out)
{
	bool used[VIEW_PALETTE_SIZE] = {false}, done[CLI_PLOT_SERIES_MAX];
	if (n > CLI_PLOT_SERIES_MAX)
		n = CLI_PLOT_SERIES_MAX;
	/* First every series its own colour, where no earlier one has it (a
	 * series whose colour is taken then does not push a later one off
	 * its own); then the rest the free ones. */
	for (int i = 0; i < n; i++) {
		int want = keys && keys[i] != CLI_PLOT_KEY_NONE ? key_slot(keys[i]) : i % VIEW_PALETTE_SIZE;
		done[i] = !used[want];
		used[want] = true;
		out[i] = palette[want];
	}
	int extra = 0;
	for (int i = 0; i < n; i++) {
		int k = 0;
		while (!done[i] && k < VIEW_PALETTE_SIZE && used[k])
			k++;
		if (done[i] || k < VIEW_PALETTE_SIZE) {
			if (!done[i])
				out[i] = palette[k], used[k] = true;
			continue;
		}
		/* Every palette colour taken: a new hue, unlike any other. */
		for (bool clash = true; clash; extra++) {
			out[i] = extra_colour(extra);
			clash = false;
			for (int j = 0; j < n; j++)
				clash |= j != i && (done[j] || j < i) && same_colour(out[i], out[j]);
		}
	}
}

SDL_Surface *view_surface_new(int w, int h)
{
	return SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
}

void view_fill(SDL_Surface *dst, const SDL_Rect *r, SDL_Color c)
{
	SDL_FillRect(dst, r, SDL_MapRGB(dst->format, c.r, c.g, c.b));
}

void view_fill_blend(SDL_Surface *dst, const SDL_Rect *r, SDL_Color c)
{
	if (c.a == 255) {
		view_fill(dst, r, c);
		return;
	}
	SDL_Rect clip, a;
	SDL_GetClipRect(dst, &clip);
	if (!c.a || dst->format->BytesPerPixel != 4 || !SDL_IntersectRect(r, &clip, &a))
		return;
	if (SDL_MUSTLOCK(dst) && SDL_LockSurface(dst) != 0)
		return;
	const SDL_PixelFormat *f = dst->format;
	unsigned al = c.a;
	for (int y = a.y; y < a.y + a.h; y++) {
		uint32_t *row = (uint32_t *)((uint8_t *)dst->pixels + (size_t)y * (size_t)dst->pitch);
		for (int x = a.x; x < a.x + a.w; x++) {
			uint8_t pr, pg, pb;
			SDL_GetRGB(row[x], f, &pr, &pg, &pb);
			row[x] = SDL_MapRGB(f, (uint8_t)((pr * (255 - al) + c.r * al + 127) / 255),
			                    (uint8_t)((pg * (255 - al) + c.g * al + 127) / 255),
			                    (uint8_t)((pb * (255 - al) + c.b * al + 127) / 255));
		}
	}
	if (SDL_MUSTLOCK(dst))
		SDL_UnlockSurface(dst);
}

void view_outline(SDL_Surface *dst, const SDL_Rect *r, SDL_Color c, int t)
{
	if (t < 1 || r->w < 1 || r->h < 1)
		return;
	if (2 * t >= r->w || 2 * t >= r->h) {
		view_fill(dst, r, c);
		return;
	}
	view_fill(dst, &(SDL_Rect){r->x, r->y, r->w, t}, c);
	view_fill(dst, &(SDL_Rect){r->x, r->y + r->h - t, r->w, t}, c);
	view_fill(dst, &(SDL_Rect){r->x, r->y + t, t, r->h - 2 * t}, c);
	view_fill(dst, &(SDL_Rect){r->x + r->w - t, r->y + t, t, r->h - 2 * t}, c);
}

void view_text_size(TTF_Font *font, const char *text, int *w, int *h)
{
	*w = *h = 0;
	if (!font || !text || !*text || TTF_SizeUTF8(font, text, w, h) != 0)
		*w = *h = 0;
}

/* Row y of a 32-bit surface. */
static uint32_t *row_of(SDL_Surface *s, int y)
{
	return (uint32_t *)((uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch);
}

/* A copy of src turned 90 degrees anticlockwise, or NULL. */
static SDL_Surface *rotate_ccw(SDL_Surface *src)
{
	SDL_Surface *s = SDL_ConvertSurfaceFormat(src, SDL_PIXELFORMAT_ARGB8888, 0);
	if (!s)
		return NULL;
	SDL_Surface *r = SDL_CreateRGBSurfaceWithFormat(0, s->h, s->w, 32, SDL_PIXELFORMAT_ARGB8888);
	if (r && SDL_LockSurface(s) == 0) {
		if (SDL_LockSurface(r) == 0) {
			for (int y = 0; y < s->h; y++) {
				const uint32_t *row = row_of(s, y);
				for (int x = 0; x < s->w; x++)
					row_of(r, s->w - 1 - x)[y] = row[x]; /* (x, y) -> (y, w-1-x) */
			}
			SDL_UnlockSurface(r);
		}
		SDL_UnlockSurface(s);
		SDL_SetSurfaceBlendMode(r, SDL_BLENDMODE_BLEND);
	}
	SDL_FreeSurface(s);
	return r;
}

int view_text(SDL_Surface *dst, TTF_Font *font, const char *text, int x, int y, int align,
              SDL_Color c, int vertical)
{
	if (!font || !text || !*text)
		return 0;
	SDL_Surface *t = TTF_RenderUTF8_Blended(font, text, c);
	if (!t)
		return 0;
	if (vertical) {
		SDL_Surface *r = rotate_ccw(t);
		SDL_FreeSurface(t);
		if (!r)
			return 0;
		t = r;
	}
	SDL_Rect at = {x, y, t->w, t->h};
	if (align & VIEW_HCENTER)
		at.x -= t->w / 2;
	else if (align & VIEW_RIGHT)
		at.x -= t->w;
	if (align & VIEW_VCENTER)
		at.y -= t->h / 2;
	else if (align & VIEW_BOTTOM)
		at.y -= t->h;
	SDL_BlitSurface(t, NULL, dst, &at);
	int along = vertical ? t->h : t->w;
	SDL_FreeSurface(t);
	return along;
}

int view_mask_init(view_mask *m, int w, int h)
{
	memset(m, 0, sizeof *m);
	if (w < 1 || h < 1)
		return -1;
	m->a = calloc((size_t)w * (size_t)h, 1);
	if (!m->a)
		return -1;
	m->w = w;
	m->h = h;
	return 0;
}

void view_mask_free(view_mask *m)
{
	free(m->a);
	memset(m, 0, sizeof *m);
}

/* NaN (from an infinite slope) clamps to lo: never an out-of-range int. */
static double clampd(double v, double lo, double hi)
{
	return !(v >= lo) ? lo : v > hi ? hi : v;
}

/* Distance from (px, py) to the segment (x0, y0)-(x1, y1). */
static double seg_dist(double px, double py, double x0, double y0, double x1, double y1)
{
	double dx = x1 - x0, dy = y1 - y0;
	double l2 = dx * dx + dy * dy;
	double u = l2 > 0 ? clampd(((px - x0) * dx + (py - y0) * dy) / l2, 0, 1) : 0;
	double ex = x0 + u * dx - px, ey = y0 + u * dy - py;
	return sqrt(ex * ex + ey * ey);
}

void view_mask_line(view_mask *m, double x0, double y0, double x1, double y1, double width)
{
	if (!isfinite(x0) || !isfinite(y0) || !isfinite(x1) || !isfinite(y1) || !(width > 0))
		return;
	double hw = width / 2, pad = hw + 1;
	double minx = fmin(x0, x1), maxx = fmax(x0, x1);
	/* Far-away coordinates would overflow the int loop bounds: clip first. */
	if (maxx + pad < 0 || minx - pad > m->w || fmax(y0, y1) + pad < 0 || fmin(y0, y1) - pad > m->h)
		return;
	int cx0 = (int)floor(clampd(minx - pad, 0, m->w));
	int cx1 = (int)ceil(clampd(maxx + pad, 0, m->w));
	/* Column by column, only the rows the segment can reach there: the
	 * cost follows the length of the line, not its bounding box. */
	for (int x = cx0; x < cx1 && x < m->w; x++) {
		double xa = clampd(x + 0.5 - pad, minx, maxx), xb = clampd(x + 0.5 + pad, minx, maxx);
		double ya, yb;
		if (x1 == x0) {
			ya = y0;
			yb = y1;
		} else {
			double k = (y1 - y0) / (x1 - x0);
			ya = y0 + (xa - x0) * k;
			yb = y0 + (xb - x0) * k;
		}
		int ry0 = (int)floor(clampd(fmin(ya, yb) - pad, 0, m->h));
		int ry1 = (int)ceil(clampd(fmax(ya, yb) + pad, 0, m->h));
		for (int y = ry0; y < ry1 && y < m->h; y++) {
			double d = seg_dist(x + 0.5, y + 0.5, x0, y0, x1, y1);
			double cov = hw + 0.5 - d;
			if (cov <= 0)
				continue;
			uint8_t a = (uint8_t)(cov >= 1 ? 255 : lround(cov * 255));
			uint8_t *p = &m->a[(size_t)y * (size_t)m->w + (size_t)x];
			if (a > *p)
				*p = a;
			if (m->x0 >= m->x1) {
				m->x0 = x;
				m->x1 = x + 1;
				m->y0 = y;
				m->y1 = y + 1;
			} else {
				if (x < m->x0) m->x0 = x;
				if (x >= m->x1) m->x1 = x + 1;
				if (y < m->y0) m->y0 = y;
				if (y >= m->y1) m->y1 = y + 1;
			}
		}
	}
}

void view_mask_blend(view_mask *m, SDL_Surface *dst, int x, int y, SDL_Color c)
{
	if (m->x0 >= m->x1)
		return;
	int locked = SDL_MUSTLOCK(dst) ? SDL_LockSurface(dst) == 0 : 1;
	if (locked && dst->format->BytesPerPixel == 4) {
		const SDL_PixelFormat *f = dst->format;
		for (int my = m->y0; my < m->y1; my++) {
			int sy = y + my;
			if (sy < 0 || sy >= dst->h)
				continue;
			uint32_t *row = row_of(dst, sy);
			const uint8_t *ar = m->a + (size_t)my * (size_t)m->w;
			for (int mx = m->x0; mx < m->x1; mx++) {
				int sx = x + mx;
				unsigned a = ar[mx];
				if (!a || sx < 0 || sx >= dst->w)
					continue;
				uint8_t r, g, b;
				SDL_GetRGB(row[sx], f, &r, &g, &b);
				r = (uint8_t)((r * (255 - a) + c.r * a + 127) / 255);
				g = (uint8_t)((g * (255 - a) + c.g * a + 127) / 255);
				b = (uint8_t)((b * (255 - a) + c.b * a + 127) / 255);
				row[sx] = SDL_MapRGB(f, r, g, b);
			}
		}
	}
	if (locked && SDL_MUSTLOCK(dst))
		SDL_UnlockSurface(dst);
	for (int my = m->y0; my < m->y1; my++)
		memset(m->a + (size_t)my * (size_t)m->w + (size_t)m->x0, 0, (size_t)(m->x1 - m->x0));
	m->x0 = m->x1 = m->y0 = m->y1 = 0;
}

/* Write s to an open stream and flush it to the device. */
static int png_to_stream(SDL_Surface *s, FILE *f, char *err, size_t errn, const char *what)
{
	SDL_RWops *rw = SDL_RWFromFP(f, SDL_FALSE);
	if (!rw) {
		snprintf(err, errn, "%s: %s", what, SDL_GetError());
		return -1;
	}
	int rc = IMG_SavePNG_RW(s, rw, 1);
	if (rc != 0) {
		snprintf(err, errn, "%s: cannot encode PNG: %s", what, IMG_GetError());
		return -1;
	}
	if (fflush(f) != 0) {
		snprintf(err, errn, "%s: %s", what, strerror(errno));
		return -1;
	}
	return 0;
}

int view_save_png(SDL_Surface *s, const char *path, char *err, size_t errn)
{
	if (strcmp(path, "-") == 0)
		return png_to_stream(s, stdout, err, errn, "standard output");
	c2_out o;
	c2_err e;
	if (c2_out_open(&o, path, &e) != 0) {
		snprintf(err, errn, "cannot write %s: %s", path, e.msg);
		return -1;
	}
	if (png_to_stream(s, o.f, err, errn, path) != 0) {
		c2_out_abort(&o);
		return -1;
	}
	if (c2_out_commit(&o, &e) != 0) {
		snprintf(err, errn, "cannot write %s: %s", path, e.msg);
		return -1;
	}
	return 0;
}
