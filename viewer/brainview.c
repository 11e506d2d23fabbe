/* brainview.c — the brain map, lobe labels, decision names, dendrite lines
 * and neuron tooltip of the live viewer (see brainview.h). */
#include "viewer/brainview.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "genome/vocab.h"
#include "viewer/draw.h"


/* Decision names are drawn only when a neuron is at least this many pixels
 * (below it the grid itself is too small to read); the panel keeps room for
 * them right of the grid from NAMES_KEEP_CELL on (below it, in a small
 * window, the room goes to the grid and the other panels, and the names go
 * left of the column). */
#define NAMES_MIN_CELL 3.0
#define NAMES_KEEP_CELL 7.5

/* Strongest dendrites listed in the tooltip (each may take two lines). */
enum { TIP_DENDRITES = 6, TIP_LINES = 4 + 2 * TIP_DENDRITES + 2, MAX_LABELS = 2 * BRAIN_MAX_LOBES };

SDL_Color view_neuron_colour(int v)
{
	/* Silent neurons: a grey that stands off the grid. Firing ones: an
	 * inferno-like ramp, dark purple to pale yellow, starting high enough
	 * that an output of 1 is visible. */
	static const struct { double t; int r, g, b; } ramp[] = {
		{0.00, 62, 22, 108}, {0.33, 172, 46, 104}, {0.66, 246, 128, 28}, {1.00, 252, 250, 172},
	};
	if (v <= 0)
		return VC(BRAIN_QUIET);
	if (v > 255)
		v = 255;
	double t = (v - 1) / 254.0;
	int k = t < ramp[1].t ? 0 : t < ramp[2].t ? 1 : 2;
	double u = (t - ramp[k].t) / (ramp[k + 1].t - ramp[k].t);
	return (SDL_Color){(uint8_t)lround(ramp[k].r + u * (ramp[k + 1].r - ramp[k].r)),
	                   (uint8_t)lround(ramp[k].g + u * (ramp[k + 1].g - ramp[k].g)),
	                   (uint8_t)lround(ramp[k].b + u * (ramp[k + 1].b - ramp[k].b)), 255};
}

static int text_w(TTF_Font *f, const char *s)
{
	int w, h;
	view_text_size(f, s, &w, &h);
	return w;
}

/* Display name of a lobe: its role, or "Lobe N" past the roles. */
static void lobe_name(const brain_lobe_info *li, unsigned l, char *buf, size_t n)
{
	if (strcmp(li->name, "Lobe") != 0)
		snprintf(buf, n, "%s", li->name);
	else
		snprintf(buf, n, "Lobe %u", l);
}

/* Pixel rectangle of grid cells (x, y, w, h): cell edges are rounded from
 * the fractional cell size, so the grid uses all the room it has. */
static SDL_Rect grid_rect(const view_frame *fr, int x, int y, int w, int h)
{
	int x0 = fr->grid_x + (int)lround(x * fr->cell), y0 = fr->grid_y + (int)lround(y * fr->cell);
	int x1 = fr->grid_x + (int)lround((x + w) * fr->cell);
	int y1 = fr->grid_y + (int)lround((y + h) * fr->cell);
	return (SDL_Rect){x0, y0, x1 - x0, y1 - y0};
}

/* Pixel rectangle of neuron `cell` of a lobe. */
static SDL_Rect neuron_rect(const view_frame *fr, const brain_lobe_info *li, unsigned cell)
{
	int w = li->width > 0 ? li->width : 1;
	return grid_rect(fr, li->x + (int)cell % w, li->y + (int)cell / w, 1, 1);
}

static int overlaps(const SDL_Rect *a, const SDL_Rect *b)
{
	return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* The decision names are in the panel's small labels, which scale with
 * the window (frame.c: 10 px at 800 x 600, 16 px at 1920 x 1080), not with
 * the neurons: readable where the neurons are big, present where they are
 * small. The room they take right of the decision column: the widest name,
 * and a lead for the lines that fan the names out when a line of text is
 * taller than a neuron. */
static int names_room(const view_fonts *f)
{
	int w = 0;
	for (int i = 0; i < GENOME_NACTIONS; i++) {
		const char *n = genome_lobe_cell_name(GENOME_LOBE_DECISION, i);
		int tw = n ? text_w(f->small, n) : 0;
		w = tw > w ? tw : w;
	}
	return w + 4 + f->px;
}

/* Where the decision names go: beside the column, one a neuron when a
 * line of text fits in a neuron's height, else fanned out one a line (lines
 * lead from each neuron to its name), centred on the column and kept in
 * the panel under its header. Right of the column, in the room the panel
 * keeps there (view_brain_geometry); when it keeps none (a small window),
 * left of it, over the grid where no lobe is. */
typedef struct names_layout {
	bool left;     /* the names end at x (else they start there) */
	int x;
	double y0;     /* the first name's centre */
	double pitch;  /* from one name to the next */
	bool fanned;
} names_layout;

static names_layout lay_names(const view_frame *fr, const brain_lobe_info *d, bool left)
{
	const view_fonts *f = &fr->fonts;
	SDL_Rect col = grid_rect(fr, d->x, d->y, 1, d->height);
	int lh = TTF_FontHeight(f->small);
	names_layout nl = {left, left ? col.x - 3 : col.x + col.w + 3, col.y + fr->cell / 2, fr->cell,
	                   false};
	if (lh <= fr->cell + 0.5)
		return nl;
	nl.fanned = true;
	nl.x += left ? -f->px : f->px; /* the lead names_room keeps */
	nl.pitch = lh;
	double span = lh * (double)d->neurons;
	const SDL_Rect *r = &fr->brain_r;
	double lo = r->y + TTF_FontLineSkip(f->label) + f->px, hi = r->y + r->h - span;
	double top = col.y + col.h / 2.0 - span / 2;
	top = top > hi ? hi : top;
	top = top < lo ? lo : top;
	nl.y0 = top + lh / 2.0;
	return nl;
}

/* The box the names and their leads take on that side. */
static SDL_Rect names_box(const view_frame *fr, const brain_lobe_info *d, const names_layout *nl,
                          int room)
{
	SDL_Rect c = grid_rect(fr, d->x, d->y, 1, d->height);
	int y0 = (int)floor(nl->y0 - nl->pitch / 2);
	int y1 = (int)ceil(nl->y0 + nl->pitch * (d->neurons - 0.5));
	SDL_Rect r = {nl->left ? c.x - room : c.x + c.w, y0 < c.y ? y0 : c.y, room, 0};
	r.h = (y1 > c.y + c.h ? y1 : c.y + c.h) - r.y;
	return r;
}

/* Does the box stay clear of every lobe but the decision lobe? */
static bool box_clear(const view_frame *fr, const brain *b, SDL_Rect r)
{
	for (unsigned l = 0; l < brain_lobe_count(b); l++) {
		brain_lobe_info li;
		if (l == GENOME_LOBE_DECISION || brain_lobe_info_get(b, l, &li) != 0)
			continue;
		SDL_Rect o = grid_rect(fr, li.x, li.y, li.width, li.height);
		if (overlaps(&r, &o))
			return false;
	}
	return true;
}

/* The decision lobe's names, when it is a single column with room for its
 * action names beside it: into *nl, true; false when there is none. */
static bool place_names(const view_frame *fr, const brain *b, int names_w, names_layout *nl)
{
	brain_lobe_info d;
	if (brain_lobe_count(b) <= GENOME_LOBE_DECISION ||
	    brain_lobe_info_get(b, GENOME_LOBE_DECISION, &d) != 0 || d.width != 1 || fr->cell < NAMES_MIN_CELL)
		return false;
	if (names_w) {
		*nl = lay_names(fr, &d, false);
		return box_clear(fr, b, names_box(fr, &d, nl, names_w));
	}
	SDL_Rect grid = grid_rect(fr, 0, 0, VIEW_GRID_W, VIEW_GRID_H);
	*nl = lay_names(fr, &d, true);
	SDL_Rect box = names_box(fr, &d, nl, names_room(&fr->fonts));
	return box.x >= grid.x && box_clear(fr, b, box);
}

/* The winner of a winner-takes-all lobe with a name for it, or NULL. */
static const char *winner_name(const brain *b, unsigned l, const brain_lobe_info *li)
{
	if (!li->wta)
		return NULL;
	int w = brain_winner(b, l);
	return w < 0 ? NULL : genome_lobe_cell_name((int)l, w);
}

double view_brain_geometry(int w, int h, const view_fonts *f, int *names_w, int *top)
{
	int pad = f->px / 2 + 2;
	int header = pad + TTF_FontLineSkip(f->label) + pad / 2;
	/* Room above the grid for the labels of lobes in its top row. */
	*top = header + TTF_FontHeight(f->small);
	double avail_w = w - 2 * pad, avail_h = h - *top - pad;
	double by_h = avail_h / VIEW_GRID_H;
	*names_w = by_h >= NAMES_KEEP_CELL ? names_room(f) : 0;
	double cell = (avail_w - *names_w) / VIEW_GRID_W;
	if (cell > by_h)
		cell = by_h;
	if (cell < NAMES_MIN_CELL) {
		*names_w = 0;
		cell = fmin(avail_w / VIEW_GRID_W, by_h);
	}
	return cell > 1 ? cell : 1;
}

/* A ramp from 0 to 255 with its end values: the key to the neuron colours. */
static void draw_ramp(SDL_Surface *dst, const view_fonts *f, int right, int y, int h)
{
	int w = 8 * f->px;
	int lw = text_w(f->small, "255");
	int x1 = right - lw - 4, x0 = x1 - w;
	for (int i = 0; i < w; i++)
		view_fill(dst, &(SDL_Rect){x0 + i, y, 1, h}, view_neuron_colour(i * 255 / (w - 1)));
	view_text(dst, f->small, "0", x0 - 4, y + h / 2, VIEW_RIGHT | VIEW_VCENTER, VC(BRAIN_DIM), 0);
	view_text(dst, f->small, "255", x1 + 4, y + h / 2, VIEW_LEFT | VIEW_VCENTER, VC(BRAIN_DIM), 0);
}

/* Header: what the colours mean, and the key to them. Returns its height. */
static int draw_header(SDL_Surface *dst, const view_frame *fr, const brain *b)
{
	const SDL_Rect *r = &fr->brain_r;
	const view_fonts *f = &fr->fonts;
	int pad = f->px / 2 + 2;
	int label_h = TTF_FontLineSkip(f->label);
	size_t nl = brain_lobe_count(b);
	unsigned neurons = 0;
	for (unsigned l = 0; l < nl; l++) {
		brain_lobe_info li;
		if (brain_lobe_info_get(b, l, &li) == 0)
			neurons += li.neurons;
	}
	char buf[160];
	snprintf(buf, sizeof buf, "Brain: %zu lobes, %u neurons, coloured by %s (m)", nl, neurons,
	         fr->by_state ? "state" : "output");
	/* A narrower panel (a world strip above it) takes a shorter title, so
	 * that it does not run into the ramp. */
	int ramp_w = 8 * f->px + text_w(f->small, "0") + text_w(f->small, "255") + 4 * 4;
	if (text_w(f->label, buf) + ramp_w + 3 * pad > r->w)
		snprintf(buf, sizeof buf, "Brain: coloured by %s (m)", fr->by_state ? "state" : "output");
	view_text(dst, f->label, buf, r->x + pad, r->y + pad, VIEW_LEFT | VIEW_TOP, VC(BRAIN_TEXT), 0);
	draw_ramp(dst, f, r->x + r->w - pad, r->y + pad + label_h / 4, label_h / 2);
	return pad + label_h + pad / 2;
}

/* The grid placed in the panel (fr's cell and grid corner) and its
 * background drawn, into *grid; where the decision names go into *nl.
 * Returns whether they go anywhere. */
static bool place_grid(SDL_Surface *dst, view_frame *fr, const brain *b, SDL_Rect *grid,
                       names_layout *nl)
{
	const SDL_Rect *r = &fr->brain_r;
	const view_fonts *f = &fr->fonts;
	int pad = f->px / 2 + 2;
	int names_w, top;
	double cell = view_brain_geometry(r->w, r->h, f, &names_w, &top);
	fr->cell = cell;
	int gw = (int)lround(VIEW_GRID_W * cell), gh = (int)lround(VIEW_GRID_H * cell);
	fr->grid_x = r->x + (r->w - gw - names_w) / 2;
	fr->grid_y = r->y + top + (r->h - top - pad - gh) / 2;
	*grid = (SDL_Rect){fr->grid_x, fr->grid_y, gw, gh};
	view_fill(dst, grid, VC(BRAIN_GRID));
	return place_names(fr, b, names_w, nl);
}

/* Neurons, each lobe outlined and its winner marked; the caller clips to
 * the grid, so a lobe outside it cannot spill. */
static void draw_neurons(SDL_Surface *dst, const view_frame *fr, const brain *b)
{
	double cell = fr->cell;
	int gap = cell >= 4 ? 1 : 0;
	int icell = (int)cell;
	for (unsigned l = 0; l < brain_lobe_count(b); l++) {
		brain_lobe_info li;
		if (brain_lobe_info_get(b, l, &li) != 0)
			continue;
		SDL_Rect lr = grid_rect(fr, li.x, li.y, li.width, li.height);
		if (gap)
			view_outline(dst, &(SDL_Rect){lr.x - 1, lr.y - 1, lr.w + 1, lr.h + 1}, VC(BRAIN_LOBE), 1);
		for (unsigned i = 0; i < li.neurons; i++) {
			int v = fr->by_state ? brain_state(b, l, i) : brain_output(b, l, i);
			SDL_Rect nr = neuron_rect(fr, &li, i);
			nr.w -= gap;
			nr.h -= gap;
			view_fill(dst, &nr, view_neuron_colour(v));
		}
		int w = li.wta ? brain_winner(b, l) : -1;
		if (w >= 0 && icell >= 5) {
			SDL_Rect nr = neuron_rect(fr, &li, (unsigned)w);
			view_outline(dst, &(SDL_Rect){nr.x - 1, nr.y - 1, nr.w + 1, nr.h + 1}, VC(BRAIN_WINNER), 1);
		}
	}
}

/* The labels drawn so far, and the lobes' rectangles: a new label covers
 * none of them. */
typedef struct labels {
	SDL_Rect placed[MAX_LABELS];
	int np;
	SDL_Rect lobes[BRAIN_MAX_LOBES];
	unsigned nlobes;
	SDL_Rect names; /* the decision names' box (w 0: none): its label goes by it */
} labels;

static void label_placed(labels *lb, SDL_Rect at)
{
	if (lb->np < MAX_LABELS)
		lb->placed[lb->np++] = at;
}

/* The leads from each decision neuron to its fanned-out name: one
 * anti-aliased stroke (no memory: no leads, the names still show). */
static void draw_leads(SDL_Surface *dst, const view_frame *fr, const brain_lobe_info *d,
                       const names_layout *nl)
{
	SDL_Rect c = grid_rect(fr, d->x, d->y, 1, d->height);
	/* the mask spans the lead's room, from the column's edge to the names */
	int x0 = nl->left ? nl->x + 2 : c.x + c.w, x1 = nl->left ? c.x : nl->x - 2;
	int y0 = fr->brain_r.y, w = x1 - x0, h = fr->brain_r.h;
	view_mask m;
	if (w < 2 || view_mask_init(&m, w, h) != 0)
		return;
	double from = nl->left ? w - 0.5 : 0.5, to = nl->left ? 0.5 : w - 0.5;
	for (unsigned i = 0; i < d->neurons; i++) {
		SDL_Rect nr = neuron_rect(fr, d, i);
		if (genome_lobe_cell_name(GENOME_LOBE_DECISION, (int)i))
			view_mask_line(&m, from, nr.y + nr.h / 2.0 - y0, to, nl->y0 + i * nl->pitch - y0, 1.0);
	}
	view_mask_blend(&m, dst, x0, y0, VC(BRAIN_DIM));
	view_mask_free(&m);
}

/* The action names beside the decision column, laid out by nl, its
 * winner's lit. */
static void draw_cell_names(SDL_Surface *dst, const view_frame *fr, const brain *b,
                            const names_layout *nl, labels *lb)
{
	brain_lobe_info d;
	brain_lobe_info_get(b, GENOME_LOBE_DECISION, &d);
	int win = brain_winner(b, GENOME_LOBE_DECISION);
	TTF_Font *font = fr->fonts.small;
	if (nl->fanned)
		draw_leads(dst, fr, &d, nl);
	for (unsigned i = 0; i < d.neurons; i++) {
		const char *name = genome_lobe_cell_name(GENOME_LOBE_DECISION, (int)i);
		if (!name)
			continue;
		int tw = text_w(font, name), y = (int)lround(nl->y0 + i * nl->pitch);
		view_text(dst, font, name, nl->x, y, (nl->left ? VIEW_RIGHT : VIEW_LEFT) | VIEW_VCENTER,
		          (int)i == win ? VC(BRAIN_WINNER) : VC(BRAIN_DIM), 0);
		int h = (int)ceil(nl->pitch);
		SDL_Rect at = {nl->left ? nl->x - tw : nl->x - 3, y - h / 2, tw + 3, h};
		label_placed(lb, at);
		SDL_UnionRect(lb->names.w ? &lb->names : &at, &at, &lb->names);
	}
}

/* Where a label of tw x th for the lobe at lr goes: above the lobe, else
 * below it, wherever it stays in the panel under the header (`header` high)
 * and covers no lobe and no other label; false when neither does. */
static bool label_spot(const view_frame *fr, int header, const labels *lb, SDL_Rect lr, int tw,
                       int th, SDL_Rect *at)
{
	const SDL_Rect *r = &fr->brain_r;
	int pad = fr->fonts.px / 2 + 2;
	int x = lr.x;
	if (x + tw > r->x + r->w - pad)
		x = r->x + r->w - pad - tw;
	SDL_Rect cand[2] = {{x, lr.y - th - 1, tw, th}, {x, lr.y + lr.h + 1, tw, th}};
	for (int k = 0; k < 2; k++) {
		SDL_Rect c = cand[k];
		int ok = c.y >= r->y + header && c.y + c.h <= r->y + r->h && c.x >= r->x;
		for (unsigned o = 0; ok && o < lb->nlobes; o++)
			ok = !overlaps(&c, &lb->lobes[o]);
		for (int p = 0; ok && p < lb->np; p++)
			ok = !overlaps(&c, &lb->placed[p]);
		if (ok) {
			*at = c;
			return true;
		}
	}
	return false;
}

/* Each lobe's name (and its winner) above the lobe, else below, else
 * inside on a dark backing so it reads over the neurons. */
static void draw_lobe_labels(SDL_Surface *dst, const view_frame *fr, const brain *b, int header,
                             labels *lb)
{
	const view_fonts *f = &fr->fonts;
	int th = TTF_FontHeight(f->small);
	for (unsigned l = 0; l < lb->nlobes; l++) {
		brain_lobe_info li;
		if (brain_lobe_info_get(b, l, &li) != 0)
			continue;
		char name[64], text[128];
		lobe_name(&li, l, name, sizeof name);
		const char *wn = winner_name(b, l, &li);
		if (wn)
			snprintf(text, sizeof text, "%s: %s", name, wn);
		else
			snprintf(text, sizeof text, "%s", name);
		int tw = text_w(f->small, text);
		SDL_Rect lr = lb->lobes[l], at;
		if (l == GENOME_LOBE_DECISION && lb->names.w) /* above or below the names too */
			SDL_UnionRect(&lr, &lb->names, &lr);
		if (!label_spot(fr, header, lb, lr, tw, th, &at)) {
			/* inside, on a backing, and inside the panel */
			int right = fr->brain_r.x + fr->brain_r.w - (fr->fonts.px / 2 + 2) - tw;
			at = (SDL_Rect){lr.x + 2 < right ? lr.x + 2 : right, lr.y + 2, tw, th};
			view_fill_blend(dst, &(SDL_Rect){at.x - 2, at.y - 1, tw + 4, th + 2},
			                VC(LABEL_BACKING));
		}
		SDL_Color col = (l == GENOME_LOBE_DECISION || l == GENOME_LOBE_ATTENTION) && wn ? VC(BRAIN_WINNER) : VC(BRAIN_TEXT);
		view_text(dst, f->small, text, at.x, at.y, VIEW_LEFT | VIEW_TOP, col, 0);
		label_placed(lb, at);
	}
}

void view_brain_draw(SDL_Surface *dst, view_frame *fr, const brain *b)
{
	const SDL_Rect *r = &fr->brain_r;
	view_fill(dst, r, VC(BRAIN_BG));
	SDL_Rect old_clip;
	SDL_GetClipRect(dst, &old_clip);
	SDL_SetClipRect(dst, r);
	int header = draw_header(dst, fr, b);
	SDL_Rect grid;
	names_layout names;
	bool named = place_grid(dst, fr, b, &grid, &names);
	SDL_SetClipRect(dst, &grid);
	draw_neurons(dst, fr, b);
	SDL_SetClipRect(dst, r);

	/* Labels: action names beside the decision column, then each lobe's
	 * name — wherever it covers no lobe and no other label. */
	labels lb = {.np = 0, .names = {0, 0, 0, 0}};
	size_t nl = brain_lobe_count(b);
	lb.nlobes = nl < BRAIN_MAX_LOBES ? (unsigned)nl : BRAIN_MAX_LOBES;
	if (named)
		draw_cell_names(dst, fr, b, &names, &lb);
	for (unsigned l = 0; l < lb.nlobes; l++) {
		brain_lobe_info li;
		lb.lobes[l] = brain_lobe_info_get(b, l, &li) == 0
		                  ? grid_rect(fr, li.x, li.y, li.width, li.height)
		                  : (SDL_Rect){0, 0, 0, 0};
	}
	draw_lobe_labels(dst, fr, b, header, &lb);
	SDL_SetClipRect(dst, &old_clip);
}

bool view_brain_neuron_at(const view_frame *fr, const brain *b, int x, int y, int *lobe, int *cell)
{
	if (!(fr->cell > 0) || x < fr->grid_x || y < fr->grid_y)
		return false;
	int gx = (int)floor((x - fr->grid_x + 0.5) / fr->cell);
	int gy = (int)floor((y - fr->grid_y + 0.5) / fr->cell);
	if (gx >= VIEW_GRID_W || gy >= VIEW_GRID_H)
		return false;
	/* Later lobes are drawn over earlier ones: search from the last. */
	for (size_t l = brain_lobe_count(b); l-- > 0;) {
		brain_lobe_info li;
		if (brain_lobe_info_get(b, (unsigned)l, &li) != 0 || li.width < 1)
			continue;
		int cx = gx - li.x, cy = gy - li.y;
		if (cx < 0 || cy < 0 || cx >= li.width || cy >= li.height)
			continue;
		unsigned i = (unsigned)(cy * li.width + cx);
		if (i >= li.neurons)
			continue;
		*lobe = (int)l;
		*cell = (int)i;
		return true;
	}
	return false;
}

/* "Drive: Hunger", "Perception 17 (Drive: Hunger)", "Concept 123": a
 * neuron named by its lobe and, where the vocabulary knows it, its cell. A
 * perception neuron is named after the perceptible lobe copied into it. */
static void neuron_name(const brain *b, unsigned l, unsigned i, char *buf, size_t n)
{
	brain_lobe_info li;
	if (brain_lobe_info_get(b, l, &li) != 0) {
		snprintf(buf, n, "lobe %u neuron %u", l, i);
		return;
	}
	char name[32];
	lobe_name(&li, l, name, sizeof name);
	const char *cn = genome_lobe_cell_name((int)l, (int)i);
	if (cn) {
		snprintf(buf, n, "%s %u (%s)", name, i, cn);
		return;
	}
	if (l == GENOME_LOBE_PERCEPTION)
		for (unsigned p = 0; p < brain_lobe_count(b); p++) {
			brain_lobe_info pi;
			if (p == l || brain_lobe_info_get(b, p, &pi) != 0 || pi.perception_offset < 0)
				continue;
			unsigned off = (unsigned)pi.perception_offset;
			if (i < off || i >= off + pi.neurons)
				continue;
			char pname[32];
			lobe_name(&pi, p, pname, sizeof pname);
			const char *pc = genome_lobe_cell_name((int)p, (int)(i - off));
			if (pc)
				snprintf(buf, n, "%s %u (%s: %s)", name, i, pname, pc);
			else
				snprintf(buf, n, "%s %u (%s %u)", name, i, pname, i - off);
			return;
		}
	snprintf(buf, n, "%s %u", name, i);
}

typedef struct top_dendrite {
	unsigned type, k;
	brain_dendrite_info d;
} top_dendrite;

/* Keep the TIP_DENDRITES dendrites with the highest STW (then strength). */
static void keep_top(top_dendrite *top, int *n, unsigned type, unsigned k,
                     const brain_dendrite_info *d)
{
	int pos = *n;
	while (pos > 0 && (top[pos - 1].d.stw < d->stw ||
	                   (top[pos - 1].d.stw == d->stw && top[pos - 1].d.strength < d->strength)))
		pos--;
	if (pos >= TIP_DENDRITES)
		return;
	int last = *n < TIP_DENDRITES ? *n : TIP_DENDRITES - 1;
	memmove(&top[pos + 1], &top[pos], (size_t)(last - pos) * sizeof *top);
	top[pos] = (top_dendrite){type, k, *d};
	if (*n < TIP_DENDRITES)
		(*n)++;
}

/* Scale a mask's coverage by alpha/255. */
static void fade(view_mask *m, unsigned alpha)
{
	for (int y = m->y0; y < m->y1; y++) {
		uint8_t *row = m->a + (size_t)y * (size_t)m->w;
		for (int x = m->x0; x < m->x1; x++)
			row[x] = (uint8_t)((row[x] * alpha + 127) / 255);
	}
}

/* The centre of a neuron in pixels, or false when it does not exist. */
static bool neuron_centre(const view_frame *fr, const brain *b, unsigned l, unsigned i, double *x,
                          double *y)
{
	brain_lobe_info li;
	if (brain_lobe_info_get(b, l, &li) != 0 || i >= li.neurons)
		return false;
	SDL_Rect nr = neuron_rect(fr, &li, i);
	*x = nr.x + nr.w / 2.0;
	*y = nr.y + nr.h / 2.0;
	return true;
}

/* A neuron's dendrites, counted by type (loose ones apart), and the
 * strongest kept for the tooltip. */
typedef struct dendrite_tally {
	top_dendrite top[TIP_DENDRITES];
	int ntop;
	unsigned count[2], loose[2];
} dendrite_tally;

/* Three stroke masks of w x h (type 0, type 1, loose); false when there is
 * no memory for them (the lines are then left out). */
static bool masks_init(view_mask m[3], int w, int h)
{
	for (int k = 0; k < 3; k++)
		if (view_mask_init(&m[k], w, h) != 0) {
			while (k-- > 0)
				view_mask_free(&m[k]);
			return false;
		}
	return true;
}

/* Dendrites of neuron (l, i): one line per dendrite to its source neuron,
 * by type (loose ones grey), each type one anti-aliased stroke; tallied
 * into *t. */
static void draw_dendrites(SDL_Surface *dst, const view_frame *fr, const brain *b, unsigned l,
                           unsigned i, dendrite_tally *t)
{
	SDL_Rect grid = grid_rect(fr, 0, 0, VIEW_GRID_W, VIEW_GRID_H);
	view_mask m[3];
	bool have_mask = masks_init(m, grid.w, grid.h);
	double cx, cy;
	neuron_centre(fr, b, l, i, &cx, &cy);
	double lw = fr->cell >= 8 ? 1.4 : 1.0;
	for (unsigned ty = 0; ty < 2; ty++) {
		t->count[ty] = brain_dendrite_count(b, l, i, ty);
		for (unsigned k = 0; k < t->count[ty]; k++) {
			brain_dendrite_info d;
			if (brain_dendrite_get(b, l, i, ty, k, &d) != 0)
				continue;
			t->loose[ty] += d.strength == 0;
			keep_top(t->top, &t->ntop, ty, k, &d);
			double sx, sy;
			if (have_mask && neuron_centre(fr, b, d.src_lobe, d.src, &sx, &sy))
				view_mask_line(&m[d.strength == 0 ? 2 : ty], cx - grid.x, cy - grid.y,
				               sx - grid.x, sy - grid.y, lw);
		}
	}
	if (!have_mask)
		return;
	/* Many lines (a decision neuron has hundreds): each at part strength,
	 * so where they bunch up shows through. */
	if (t->count[0] + t->count[1] > 24)
		for (int k = 0; k < 3; k++)
			fade(&m[k], 150);
	SDL_Rect old_clip;
	SDL_GetClipRect(dst, &old_clip);
	SDL_SetClipRect(dst, &grid);
	view_mask_blend(&m[2], dst, grid.x, grid.y, VC(DENDRITE_LOOSE));
	view_mask_blend(&m[0], dst, grid.x, grid.y, VC(DENDRITE0));
	view_mask_blend(&m[1], dst, grid.x, grid.y, VC(DENDRITE1));
	SDL_SetClipRect(dst, &old_clip);
	for (int k = 0; k < 3; k++)
		view_mask_free(&m[k]);
}

/* The tooltip's text for neuron (l, i) of lobe li: where it is, its state
 * and output, its dendrites and the strongest of them. Returns the number
 * of lines. */
static int tip_lines(char lines[TIP_LINES][256], const brain *b, const brain_lobe_info *li,
                     unsigned l, unsigned i, bool hovered, const dendrite_tally *t, bool narrow)
{
	int nline = 0;
	char name[160];
	neuron_name(b, l, i, name, sizeof name);
	int w = li->width > 0 ? li->width : 1;
	snprintf(lines[nline++], 256, "%s  at (%d, %d)%s", name, li->x + (int)i % w,
	         li->y + (int)i / w, hovered ? "" : "  [pinned]");
	int win = li->wta ? brain_winner(b, l) : -1;
	snprintf(lines[nline++], 256, "state %d   output %d%s", brain_state(b, l, i),
	         brain_output(b, l, i), win == (int)i ? "   (winner)" : "");
	for (unsigned ty = 0; ty < 2; ty++) {
		if (!li->has_dendrites[ty]) {
			snprintf(lines[nline++], 256, "type %u dendrites: none", ty);
			continue;
		}
		brain_lobe_info si;
		char sname[64] = "?";
		if (brain_lobe_info_get(b, li->source_lobe[ty], &si) == 0)
			lobe_name(&si, li->source_lobe[ty], sname, sizeof sname);
		snprintf(lines[nline++], 256, "type %u dendrites: %u from %s, %u loose", ty,
		         t->count[ty], sname, t->loose[ty]);
	}
	if (t->ntop) {
		snprintf(lines[nline++], 256, "strongest dendrites (by short-term weight):");
		for (int k = 0; k < t->ntop; k++) {
			const top_dendrite *d = &t->top[k];
			char src[160];
			neuron_name(b, d->d.src_lobe, d->d.src, src, sizeof src);
			char wts[96];
			snprintf(wts, sizeof wts, "STW %u  LTW %u  strength %u  susceptibility %u", d->d.stw,
			         d->d.ltw, d->d.strength, d->d.suscept);
			if (narrow) { /* the weights on a line of their own */
				snprintf(lines[nline++], 256, "type %u #%u from %s:", d->type, d->k, src);
				snprintf(lines[nline++], 256, "    %s", wts);
			} else {
				snprintf(lines[nline++], 256, "type %u #%u from %.120s:  %.60s", d->type, d->k, src,
				         wts);
			}
		}
		if (t->count[0] + t->count[1] > (unsigned)t->ntop)
			snprintf(lines[nline++], 256, "... %u dendrites in all (lines: %s)",
			         t->count[0] + t->count[1], "cyan type 0, green type 1, grey loose");
	}
	return nline;
}

/* The box of nline lines of text, padded. */
static SDL_Rect tip_box(const view_fonts *f, char lines[TIP_LINES][256], int nline)
{
	int pad = f->px / 2, lh = TTF_FontLineSkip(f->small), tw = 0;
	for (int k = 0; k < nline; k++) {
		int x = text_w(f->small, lines[k]);
		if (x > tw)
			tw = x;
	}
	return (SDL_Rect){0, 0, tw + 2 * pad, nline * lh + 2 * pad};
}

/* The tooltip's box: by the pointer when hovering, else beside the pinned
 * neuron nr — on the brain panel: it is the brain's, and beside it are the
 * drives a pinned neuron is watched with. Flipped to the other side of the
 * point when it does not fit, then pushed inside the panel; a box bigger
 * than the panel is cut at its edges. */
static void draw_tip(SDL_Surface *dst, const view_frame *fr, char lines[TIP_LINES][256],
                     int nline, bool hovered, SDL_Rect nr)
{
	const view_fonts *f = &fr->fonts;
	const SDL_Rect *r = &fr->brain_r;
	int pad = f->px / 2, lh = TTF_FontLineSkip(f->small);
	SDL_Rect box = tip_box(f, lines, nline);
	/* the point: the pointer, or the pinned neuron; the box right of it,
	 * left, below, above — the first that fits in the panel, else the first
	 * pushed in */
	SDL_Rect at = hovered ? (SDL_Rect){fr->mouse_x + 8, fr->mouse_y + 10, 8, 8} : nr;
	SDL_Point cand[4] = {{at.x + at.w + 8, at.y},
	                     {at.x - 8 - box.w, at.y},
	                     {at.x, at.y + at.h + 8},
	                     {at.x, at.y - 8 - box.h}};
	int fit = 0;
	while (fit < 4) {
		SDL_Rect c = {cand[fit].x, cand[fit].y, box.w, box.h};
		if (c.x + c.w > r->x + r->w && fit >= 2)
			c.x = r->x + r->w - c.w; /* below or above: slid left to fit */
		if (c.x >= r->x && c.y >= r->y && c.x + c.w <= r->x + r->w && c.y + c.h <= r->y + r->h) {
			box = c;
			break;
		}
		fit++;
	}
	if (fit == 4) {
		box.x = cand[0].x;
		box.y = cand[0].y;
		box.x = box.x + box.w > r->x + r->w ? r->x + r->w - box.w : box.x;
		box.y = box.y + box.h > r->y + r->h ? r->y + r->h - box.h : box.y;
		box.x = box.x < r->x ? r->x : box.x;
		box.y = box.y < r->y ? r->y : box.y;
	}
	SDL_Rect old_clip;
	SDL_GetClipRect(dst, &old_clip);
	SDL_SetClipRect(dst, r);
	view_fill_blend(dst, &box, VC(TIP_BG));
	view_outline(dst, &box, VC(TIP_EDGE), 1);
	for (int k = 0; k < nline; k++)
		view_text(dst, f->small, lines[k], box.x + pad, box.y + pad + k * lh, VIEW_LEFT | VIEW_TOP,
		          k < 2 ? VC(INK) : VC(TIP_DIM), 0);
	SDL_SetClipRect(dst, &old_clip);
}

void view_brain_overlay(SDL_Surface *dst, view_frame *fr, const brain *b)
{
	int l, i;
	bool hovered = view_brain_neuron_at(fr, b, fr->mouse_x, fr->mouse_y, &l, &i);
	if (!hovered) {
		l = fr->pin_lobe;
		i = fr->pin_cell;
	}
	brain_lobe_info li;
	if (l < 0 || i < 0 || brain_lobe_info_get(b, (unsigned)l, &li) != 0 || (unsigned)i >= li.neurons)
		return;
	unsigned ul = (unsigned)l, ui = (unsigned)i;
	dendrite_tally t = {.ntop = 0};
	draw_dendrites(dst, fr, b, ul, ui, &t);
	SDL_Rect nr = neuron_rect(fr, &li, ui);
	view_outline(dst, &(SDL_Rect){nr.x - 2, nr.y - 2, nr.w + 3, nr.h + 3}, VC(BRAIN_HOT),
	             fr->cell >= 6 ? 2 : 1);
	char lines[TIP_LINES][256];
	int nline = tip_lines(lines, b, &li, ul, ui, hovered, &t, false);
	if (tip_box(&fr->fonts, lines, nline).w > fr->brain_r.w) /* too wide for the panel */
		nline = tip_lines(lines, b, &li, ul, ui, hovered, &t, true);
	draw_tip(dst, fr, lines, nline, hovered, nr);
}
