/* frame.c — layout and drawing of one live-viewer frame: status line,
 * drives, organs, chemical plot, key hints, picker and help (the brain
 * panel is brainview.c). See frame.h. */
#include "viewer/frame.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/plotreq.h"
#include "genome/vocab.h"
#include "trace/columns.h"
#include "viewer/brainview.h"
#include "viewer/draw.h"
#include "viewer/plot.h"


/* The keys, for the help overlay (and the hint line takes the first few). */
static const struct key_help {
	const char *key, *what;
} keys[] = {
	{"? or F1", "show / hide this help"},
	{"space", "pause / resume"},
	{". or Right", "one world tick (pauses)"},
	{"+ / -", "faster / slower (x1 ... x1000, max)"},
	{"1 2 3 4 / 0", "speed x1, x10, x100, x1000 / as fast as possible"},
	{"[ / ]  or wheel", "shorter / longer plot window;  \\ automatic"},
	{"c", "add or remove a plotted chemical (type to search)"},
	{"i", "inject a chemical (name, then amount; negative removes)"},
	{"t", "fire a stimulus (the creature's own stimulus gene)"},
	{"w", "say a word (verb or noun)"},
	{"z / d", "sleep or wake / dream (process pending instincts)"},
	{"m", "colour neurons by output or by state"},
	{"mouse", "hover a neuron: its dendrites and values; click: pin it"},
	{"drag / wheel", "on the body: turn / zoom the view"},
	{"b", "body: shaded or wireframe"},
	{"Tab / Shift+Tab", "with a world: select the next / previous living creature"},
	{"click (world)", "on another creature: select it (panels, title follow it)"},
	{"click (world)", "on the selected creature's head: pat; its bottom or right-click: slap"},
	{"click (world)", "on an object: pick it up; with one held: drop it there"},
	{"y / n", "with a world: the hand says yes / no"},
	{"s", "save a snapshot (resume with c2rt run/view --resume)"},
	{"p or F12", "save a screenshot (PNG)"},
	{"Esc", "close the picker / help, unpin"},
	{"q", "quit"},
};
enum { NKEYS = sizeof keys / sizeof keys[0] };

/* The hint line: short forms, most useful first (cut to fit). */
static const char *const hints[] = {
	"? help", "space pause", ". step", "+/- speed", "c chemicals", "i inject", "t stimulus",
	"w word", "z sleep", "d dream", "m colour", "s snapshot", "p screenshot", "q quit",
};
enum { NHINTS = sizeof hints / sizeof hints[0] };

/* ---- picker ------------------------------------------------------------------ */

static void picker_search(view_picker *p)
{
	p->nmatch = p->choices ? view_match(p->choices, p->nchoices, p->text, p->match, VIEW_PICK_MAX)
	                       : 0;
	p->sel = 0;
	p->top = 0;
}

void view_picker_open(view_picker *p, view_pick_mode mode, const view_choice *choices, int n)
{
	*p = (view_picker){0};
	p->mode = mode;
	p->choices = choices;
	p->nchoices = choices ? n : 0;
	picker_search(p);
}

void view_picker_close(view_picker *p)
{
	*p = (view_picker){0};
}

void view_picker_type(view_picker *p, const char *text)
{
	size_t n = strlen(p->text);
	for (; *text && n + 1 < sizeof p->text; text++)
		if (*text >= 0x20 && *text < 0x7f)
			p->text[n++] = *text;
	p->text[n] = '\0';
	picker_search(p);
}

void view_picker_backspace(view_picker *p)
{
	size_t n = strlen(p->text);
	if (n)
		p->text[n - 1] = '\0';
	picker_search(p);
}

void view_picker_move(view_picker *p, int delta)
{
	int s = p->sel + delta;
	p->sel = s < 0 ? 0 : s >= p->nmatch ? (p->nmatch ? p->nmatch - 1 : 0) : s;
	/* Keep the highlight in view (shown comes from the last render; before
	 * the first one, the render scrolls). */
	if (p->sel < p->top)
		p->top = p->sel;
	if (p->shown > 0 && p->sel >= p->top + p->shown)
		p->top = p->sel - p->shown + 1;
}

const view_choice *view_picker_current(const view_picker *p)
{
	if (!p->choices || p->sel < 0 || p->sel >= p->nmatch)
		return NULL;
	return &p->choices[p->match[p->sel]];
}

/* ---- frame ------------------------------------------------------------------- */

void view_frame_init(view_frame *fr)
{
	memset(fr, 0, sizeof *fr);
	fr->mouse_x = fr->mouse_y = -1;
	fr->pin_lobe = fr->pin_cell = -1;
	view_body_cam_default(&fr->body_cam);
}

void view_frame_free(view_frame *fr)
{
	view_fonts_close(&fr->fonts);
}

/* Label size for a w x h window: 13 px at 1280 x 800, in proportion. */
static int font_px(int w, int h)
{
	double s = fmin(w / 1280.0, h / 800.0);
	int px = (int)lround(13 * s);
	return px < 10 ? 10 : px > 22 ? 22 : px;
}

static int text_w(TTF_Font *f, const char *s)
{
	int w, h;
	view_text_size(f, s, &w, &h);
	return w;
}

/* "1:02:03", or "2 d 03:04:05" past a day. */
static void clock_text(double secs, char *buf, size_t n)
{
	unsigned long s = secs > 0 ? (unsigned long)secs : 0;
	unsigned long d = s / 86400, h = s / 3600 % 24, m = s / 60 % 60;
	if (d)
		snprintf(buf, n, "%lu d %02lu:%02lu:%02lu", d, h, m, s % 60);
	else
		snprintf(buf, n, "%lu:%02lu:%02lu", h, m, s % 60);
}

/* "12,345,678" */
static void thousands(double v, char *buf, size_t n)
{
	char raw[32];
	snprintf(raw, sizeof raw, "%.0f", v > 0 ? v : 0);
	size_t len = strlen(raw), o = 0;
	for (size_t i = 0; i < len && o + 2 < n; i++) {
		if (i && (len - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = raw[i];
	}
	buf[o] = '\0';
}

/* "10 min", "1 h", "2 d" */
static void span_text(double secs, char *buf, size_t n)
{
	if (secs < 3600)
		snprintf(buf, n, "%.0f min", secs / 60);
	else if (secs < 86400)
		snprintf(buf, n, "%.0f h", secs / 3600);
	else
		snprintf(buf, n, "%.0f d", secs / 86400);
}

/* Draw text at x on the line centred at y; returns the x after it plus a gap. */
static int seg(SDL_Surface *dst, TTF_Font *f, const char *text, int x, int y, SDL_Color c, int gap)
{
	return x + view_text(dst, f, text, x, y, VIEW_LEFT | VIEW_VCENTER, c, 0) + gap;
}

static void draw_status(SDL_Surface *dst, view_frame *fr, const creature *c)
{
	const SDL_Rect *r = &fr->status_r;
	const view_fonts *f = &fr->fonts;
	int pad = f->px / 2 + 2, gap = f->px * 2, y = r->y + r->h / 2;
	view_fill(dst, r, VC(BAR_BG));
	char buf[256], t[64];

	/* Right: speed and measured rate (orange when it falls behind). */
	const view_pace *p = fr->pace;
	char speed[16], rate[32];
	view_pace_label(p, speed, sizeof speed);
	thousands(p->rate, rate, sizeof rate);
	int s = view_pace_speed(p);
	bool behind = !p->paused && s != VIEW_SPEED_MAX && creature_alive(c) && p->rate > 0 &&
	              p->rate < 0.9 * s * VIEW_PACE_TPS;
	snprintf(buf, sizeof buf, "%s ticks/s   speed %s%s", rate, speed, p->paused ? "   PAUSED" : "");
	int rw = text_w(f->label, buf);
	view_text(dst, f->label, buf, r->x + r->w - pad, y, VIEW_RIGHT | VIEW_VCENTER,
	          p->paused ? VC(BAR_WARN) : behind ? VC(BAR_WARN) : VC(BAR_TEXT), 0);

	/* Left: who, age and stage, what it does, alive or dead. */
	SDL_Rect clip = {r->x, r->y, r->w - rw - 2 * pad, r->h};
	SDL_SetClipRect(dst, &clip);
	int x = r->x + pad;
	clock_text(creature_seconds(c), t, sizeof t);
	const char *stage = genome_stage_name(creature_stage(c));
	snprintf(buf, sizeof buf, "%s, %s", fr->title ? fr->title : "creature",
	         creature_sex(c) == GENOME_MALE ? "male" : "female");
	x = seg(dst, f->label, buf, x, y, VC(BAR_DIM), gap);
	snprintf(buf, sizeof buf, "age %s  %s", t, stage ? stage : "?");
	x = seg(dst, f->label, buf, x, y, VC(BAR_TEXT), gap);
	if (!creature_alive(c)) {
		clock_text(creature_death_tick(c) / (double)VIEW_PACE_TPS, t, sizeof t);
		snprintf(buf, sizeof buf, "DEAD: %s at %s", creature_death_name(creature_cause_of_death(c)),
		         t);
		seg(dst, f->label, buf, x, y, VC(BAR_BAD), gap);
	} else {
		if (creature_dreaming(c)) {
			snprintf(buf, sizeof buf, "dreaming (%zu instincts pending)",
			         brain_instinct_pending(creature_brain_const(c)));
		} else if (creature_asleep(c)) {
			snprintf(buf, sizeof buf, "asleep");
		} else {
			int a = creature_action(c), o = creature_object(c);
			const char *an = a >= 0 ? genome_vocab_name(&genome_actions, a) : NULL;
			const char *on = o >= 0 ? genome_vocab_name(&genome_categories, o) : NULL;
			char as[32], os[32];
			snprintf(as, sizeof as, "action %d", a);
			snprintf(os, sizeof os, "object %d", o);
			if (a < 0)
				snprintf(buf, sizeof buf, "no decision");
			else if (o < 0)
				snprintf(buf, sizeof buf, "%s", an ? an : as);
			else
				snprintf(buf, sizeof buf, "%s %s", an ? an : as, on ? on : os);
		}
		x = seg(dst, f->label, buf, x, y, VC(BAR_WARN), gap);
		snprintf(buf, sizeof buf, "alive, food %u", creature_food(c));
		seg(dst, f->label, buf, x, y, VC(BAR_GOOD), gap);
	}
	SDL_SetClipRect(dst, NULL);
}

static void draw_hints(SDL_Surface *dst, view_frame *fr)
{
	const SDL_Rect *r = &fr->hint_r;
	const view_fonts *f = &fr->fonts;
	int pad = f->px / 2 + 2, y = r->y + r->h / 2, x = r->x + pad;
	view_fill(dst, r, VC(BAR_BG));
	SDL_SetClipRect(dst, r);
	if (fr->message[0])
		x = seg(dst, f->label, fr->message, x, y, VC(BAR_WARN), f->px * 2);
	int gap = f->px + f->px / 2;
	for (int i = 0; i < NHINTS; i++) {
		int w = text_w(f->small, hints[i]);
		if (x + w > r->x + r->w - pad)
			break;
		x = seg(dst, f->small, hints[i], x, y, VC(BAR_DIM), gap);
	}
	SDL_SetClipRect(dst, NULL);
}

/* A titled white panel; returns the y where its content starts. */
static int panel(SDL_Surface *dst, const SDL_Rect *r, const view_fonts *f, const char *title)
{
	int pad = f->px / 2 + 2;
	view_fill(dst, r, VC(PANEL));
	view_text(dst, f->label, title, r->x + pad, r->y + pad, VIEW_LEFT | VIEW_TOP, VC(TEXT), 0);
	return r->y + pad + TTF_FontLineSkip(f->label) + pad / 2;
}

/* Row geometry for n rows in the space [y0, y1): the label font's line
 * when they fit, else the small font's, else as many as fit. */
static void rows_fit(const view_fonts *f, int n, int y0, int y1, int *row_h, TTF_Font **font,
                     int *shown)
{
	int big = TTF_FontLineSkip(f->label) + 3, small = TTF_FontLineSkip(f->small) + 1;
	*font = f->label;
	*row_h = big;
	if (n * big > y1 - y0) {
		*font = f->small;
		*row_h = small;
	}
	*shown = (y1 - y0) / *row_h;
	if (*shown > n)
		*shown = n;
}

/* One "name [bar] value" row: share 0..1 filled in colour c. */
static void bar_row(SDL_Surface *dst, TTF_Font *font, int x, int y, int name_w, int bar_w,
                    int row_h, const char *name, const char *value, double share, SDL_Color c,
                    SDL_Color text)
{
	int cy = y + row_h / 2, bh = row_h * 3 / 5;
	/* A name wider than its room is cut at the bar, not drawn over it. */
	SDL_Rect keep, room = {x, y, name_w > 4 ? name_w - 4 : name_w, row_h}, cut;
	SDL_GetClipRect(dst, &keep);
	if (!SDL_IntersectRect(&keep, &room, &cut))
		cut = (SDL_Rect){x, y, 0, 0}; /* nothing of the name shows */
	SDL_SetClipRect(dst, &cut);
	view_text(dst, font, name, x, cy, VIEW_LEFT | VIEW_VCENTER, text, 0);
	SDL_SetClipRect(dst, &keep);
	SDL_Rect bar = {x + name_w, cy - bh / 2, bar_w, bh};
	view_fill(dst, &bar, VC(TRACK));
	int fill = (int)lround(fmin(fmax(share, 0), 1) * bar_w);
	if (fill > 0)
		view_fill(dst, &(SDL_Rect){bar.x, bar.y, fill, bar.h}, c);
	view_text(dst, font, value, bar.x + bar_w + 6, cy, VIEW_LEFT | VIEW_VCENTER, text, 0);
}

static void draw_drives(SDL_Surface *dst, view_frame *fr, const creature *c)
{
	const SDL_Rect *r = &fr->drives_r;
	const view_fonts *f = &fr->fonts;
	int pad = f->px / 2 + 2;
	int y0 = panel(dst, r, f, "Drives");
	SDL_SetClipRect(dst, r);
	int row_h, shown;
	TTF_Font *font;
	rows_fit(f, GENOME_NDRIVES, y0, r->y + r->h - pad / 2, &row_h, &font, &shown);
	int name_w = 0;
	for (int d = 0; d < GENOME_NDRIVES; d++) {
		int w = text_w(font, genome_vocab_name(&genome_drives, d));
		if (w > name_w)
			name_w = w;
	}
	name_w += pad;
	int value_w = text_w(font, "255") + 8;
	int bar_w = r->w - 2 * pad - name_w - value_w;
	if (bar_w < 20) { /* narrow: let long names be cut by the bar */
		bar_w = 20;
		name_w = r->w - 2 * pad - value_w - bar_w;
	}
	for (int d = 0; d < shown; d++) {
		int v = creature_drive(c, (unsigned)d);
		char val[8];
		snprintf(val, sizeof val, "%d", v);
		/* The drive's own colour, as in every plot of it (draw.h). */
		double u = v / 255.0;
		SDL_Color col = view_key_colour(CLI_PLOT_KEY_DRIVE + d);
		const char *name = genome_vocab_name(&genome_drives, d);
		bar_row(dst, font, r->x + pad, y0 + d * row_h, name_w, bar_w, row_h, name ? name : "?",
		        val, u, col, v ? VC(TEXT) : VC(DIM));
	}
	SDL_SetClipRect(dst, NULL);
}

/* The widest organ name's width, but at most half a column: a long name
 * is cut rather than the bars squeezed. */
static int organ_names_w(TTF_Font *font, const bc_biochem *bc, const genome_organ_names *names,
                         int col_w)
{
	int w = text_w(font, "organ88");
	for (size_t i = 0, n = bc_organ_count(bc); i < n; i++) {
		char name[GENOME_ORGAN_NAME_MAX + 16];
		bc_organ_label(bc, i, names, name, sizeof name);
		int tw = text_w(font, name);
		w = tw > w ? tw : w;
	}
	return w < col_w / 2 ? w : col_w / 2;
}

static void draw_organs(SDL_Surface *dst, view_frame *fr, const creature *c)
{
	const SDL_Rect *r = &fr->organs_r;
	const view_fonts *f = &fr->fonts;
	int pad = f->px / 2 + 2;
	const bc_biochem *bc = creature_biochem_const(c);
	size_t n = bc_organ_count(bc);
	size_t failed = 0;
	for (size_t i = 0; i < n; i++) {
		bc_organ_info o;
		failed += bc_organ_get(bc, i, &o) && o.failed;
	}
	char title[96];
	if (failed)
		snprintf(title, sizeof title, "Organs: life force (%zu of %zu failed)", failed, n);
	else
		snprintf(title, sizeof title, "Organs: life force");
	int y0 = panel(dst, r, f, title);
	SDL_SetClipRect(dst, r);
	int row_h, shown;
	TTF_Font *font;
	int y1 = r->y + r->h - pad / 2;
	rows_fit(f, (int)n, y0, y1, &row_h, &font, &shown);
	/* Two columns when one is too short for every organ. */
	int cols = (size_t)shown < n && r->w > 24 * f->px ? 2 : 1;
	int per_col = (y1 - y0) / row_h;
	if (cols == 2 && (size_t)per_col * 2 < n)
		per_col = per_col > 0 ? per_col : 1;
	if (cols == 1)
		per_col = shown;
	int col_w = (r->w - pad) / cols;
	int name_w = organ_names_w(font, bc, fr->organs, col_w) + pad;
	int value_w = text_w(font, "failed") + 8;
	int bar_w = col_w - pad - name_w - value_w;
	if (bar_w < 16)
		bar_w = 16;
	size_t room = (size_t)per_col * (size_t)cols;
	fr->organ_names_r = (SDL_Rect){r->x + pad, y0, name_w, row_h};
	fr->organ_col_w = col_w;
	fr->organ_per_col = per_col;
	fr->organ_rows = n < room ? n : room;
	for (size_t i = 0; i < n && i < room; i++) {
		bc_organ_info o;
		if (!bc_organ_get(bc, i, &o))
			continue;
		char name[GENOME_ORGAN_NAME_MAX + 16], val[16];
		bc_organ_label(bc, i, fr->organs, name, sizeof name);
		double st = o.initial_lf > 0 ? o.st_lf / o.initial_lf : 0;
		double lt = o.initial_lf > 0 ? o.lt_lf / o.initial_lf : 0;
		SDL_Color col = o.failed ? VC(ORGAN_FAILED) : o.energy_ok ? VC(ORGAN_OK) : VC(ORGAN_STARVED);
		if (o.failed)
			snprintf(val, sizeof val, "failed");
		else
			snprintf(val, sizeof val, "%.0f%%", st * 100);
		int x = r->x + pad + (int)(i / (size_t)per_col) * col_w;
		int y = y0 + (int)(i % (size_t)per_col) * row_h;
		bar_row(dst, font, x, y, name_w, bar_w, row_h, name, val, o.failed ? 1.0 : st,
		        o.failed ? VC(ORGAN_FAILED_BG) : col, o.failed ? VC(ORGAN_FAILED) : VC(TEXT));
		/* Long-term life force: a mark the short-term bar can fall below. */
		if (!o.failed && lt > 0) {
			int bh = row_h * 3 / 5;
			int mx = x + name_w + (int)lround(fmin(lt, 1) * (bar_w - 2));
			view_fill(dst, &(SDL_Rect){mx, y + row_h / 2 - bh / 2 - 1, 2, bh + 2}, VC(LT_MARK));
		}
	}
	if (n > room) {
		char more[32];
		snprintf(more, sizeof more, "+%zu more", n - room);
		view_text(dst, f->small, more, r->x + r->w - pad, r->y + pad, VIEW_RIGHT | VIEW_TOP, VC(DIM),
		          0);
	}
	SDL_SetClipRect(dst, NULL);
}

/* The colour chemical chem has in the plot (its own, unless another
 * plotted one has that: view_series_colours). */
static SDL_Color plotted_colour(const view_hist *h, int chem)
{
	SDL_Color c[VIEW_HIST_MAX_CHEMS];
	int n = view_hist_count(h);
	view_series_colours(view_hist_keys(h), n, c);
	for (int i = 0; i < n; i++)
		if (view_hist_chem(h, i) == chem)
			return c[i];
	return VC(ON);
}

static void draw_plot(SDL_Surface *dst, view_frame *fr)
{
	const SDL_Rect *r = &fr->plot_r;
	view_plot_style st;
	view_plot_style_default(&st);
	char title[128], win[32];
	span_text(view_pace_window(fr->pace), win, sizeof win);
	snprintf(title, sizeof title, "Chemicals, window %s%s", win,
	         fr->pace->window_auto ? " (auto)" : "");
	st.title = title;
	st.window = view_pace_window(fr->pace);
	st.legend_values = 1;
	st.keys = view_hist_keys(fr->hist);
	char err[200];
	if (view_plot_render(dst, r, view_hist_plot(fr->hist), &st, &fr->fonts, NULL, NULL, NULL, err,
	                sizeof err) != 0) {
		view_fill(dst, r, VC(PANEL));
		view_text(dst, fr->fonts.label, err, r->x + r->w / 2, r->y + r->h / 2,
		          VIEW_HCENTER | VIEW_VCENTER, VC(DIM), 0);
	}
}

static const char *pick_title(const view_picker *p, char *buf, size_t n)
{
	switch (p->mode) {
	case VIEW_PICK_PLOT:
		return "Plot a chemical: Enter adds or removes it, Esc closes";
	case VIEW_PICK_INJECT:
		return "Inject a chemical: pick one, then the amount";
	case VIEW_PICK_AMOUNT: {
		char name[64];
		snprintf(buf, n, "Inject %s: amount -255..255 (Enter alone: 50)",
		         trace_chem_legend(p->chem, name, sizeof name));
		return buf;
	}
	case VIEW_PICK_STIMULUS:
		return "Fire a stimulus (the creature's own gene)";
	case VIEW_PICK_WORD:
		return "Say a word: verb or noun";
	case VIEW_PICK_NONE:
		break;
	}
	return "";
}

/* The picker, over the drives and organs. */
static void draw_picker(SDL_Surface *dst, view_frame *fr)
{
	view_picker *p = &fr->picker;
	const view_fonts *f = &fr->fonts;
	SDL_Rect r = {fr->drives_r.x, fr->drives_r.y, fr->organs_r.x + fr->organs_r.w - fr->drives_r.x,
	              fr->drives_r.h};
	int pad = f->px / 2 + 2, lh = TTF_FontLineSkip(f->label);
	view_fill(dst, &r, VC(PANEL));
	view_outline(dst, &r, VC(ACCENT), 2);
	SDL_SetClipRect(dst, &r);
	char buf[160];
	int y = r.y + pad;
	view_text(dst, f->label, pick_title(p, buf, sizeof buf), r.x + pad, y, VIEW_LEFT | VIEW_TOP,
	          VC(TEXT), 0);
	y += lh + pad / 2;
	SDL_Rect box = {r.x + pad, y, r.w - 2 * pad, lh + 6};
	view_fill(dst, &box, VC(FIELD));
	view_outline(dst, &box, VC(EDGE), 1);
	snprintf(buf, sizeof buf, "%s_", p->text);
	view_text(dst, f->label, buf, box.x + 6, box.y + box.h / 2, VIEW_LEFT | VIEW_VCENTER, VC(TEXT), 0);
	y += box.h + pad / 2;
	fr->pick_list = (SDL_Rect){0, 0, 0, 0};
	fr->pick_row_h = 0;
	if (p->mode == VIEW_PICK_AMOUNT) {
		view_text(dst, f->small, "e.g. 50 adds 50, -30 removes 30 (saturating at 0 and 255)",
		          r.x + pad, y, VIEW_LEFT | VIEW_TOP, VC(DIM), 0);
		SDL_SetClipRect(dst, NULL);
		return;
	}
	int row_h = lh + 2;
	int foot = TTF_FontLineSkip(f->small) + pad;
	int shown = (r.y + r.h - foot - y) / row_h;
	if (shown < 1)
		shown = 1;
	p->shown = shown;
	if (p->sel < p->top)
		p->top = p->sel;
	if (p->sel >= p->top + shown)
		p->top = p->sel - shown + 1;
	if (p->top > p->nmatch - shown) /* no empty rows while earlier matches hide */
		p->top = p->nmatch > shown ? p->nmatch - shown : 0;
	fr->pick_list = (SDL_Rect){r.x + pad, y, r.w - 2 * pad, shown * row_h};
	fr->pick_row_h = row_h;
	for (int k = 0; k < shown && p->top + k < p->nmatch; k++) {
		int m = p->top + k;
		const view_choice *ch = &p->choices[p->match[m]];
		SDL_Rect row = {r.x + pad, y + k * row_h, r.w - 2 * pad, row_h};
		if (m == p->sel)
			view_fill(dst, &row, VC(SELECTION));
		int cy = row.y + row_h / 2;
		bool on = p->mode == VIEW_PICK_PLOT && fr->hist && view_hist_has(fr->hist, ch->value);
		view_text(dst, f->label, ch->label, row.x + 6, cy, VIEW_LEFT | VIEW_VCENTER, VC(TEXT), 0);
		if (on)
			snprintf(buf, sizeof buf, "plotted   %d", ch->value);
		else
			snprintf(buf, sizeof buf, "%d", ch->value);
		view_text(dst, f->small, buf, row.x + row.w - 6, cy, VIEW_RIGHT | VIEW_VCENTER,
		          on ? plotted_colour(fr->hist, ch->value) : VC(DIM), 0);
	}
	if (p->nmatch == 0)
		snprintf(buf, sizeof buf, "no match");
	else
		snprintf(buf, sizeof buf, "%d of %d match; Up/Down, Enter, Esc", p->nmatch, p->nchoices);
	view_text(dst, f->small, buf, r.x + pad, r.y + r.h - pad / 2, VIEW_LEFT | VIEW_BOTTOM, VC(DIM), 0);
	SDL_SetClipRect(dst, NULL);
}

static void draw_help(SDL_Surface *dst, view_frame *fr)
{
	const view_fonts *f = &fr->fonts;
	int pad = f->px, lh = TTF_FontLineSkip(f->label) + 2;
	int kw = 0, ww = 0;
	for (int i = 0; i < NKEYS; i++) {
		int a = text_w(f->label, keys[i].key), b = text_w(f->label, keys[i].what);
		kw = a > kw ? a : kw;
		ww = b > ww ? b : ww;
	}
	int w = kw + ww + 3 * pad, h = (NKEYS + 1) * lh + 3 * pad;
	SDL_Rect box = {(dst->w - w) / 2, (dst->h - h) / 2, w, h};
	view_fill_blend(dst, &(SDL_Rect){0, 0, dst->w, dst->h}, VC(HELP_SHADE));
	view_fill(dst, &box, VC(PANEL));
	view_outline(dst, &box, VC(BAR_BG), 2);
	view_text(dst, f->title, "c2rt view: keys", box.x + pad, box.y + pad, VIEW_LEFT | VIEW_TOP,
	          VC(TEXT), 0);
	int y = box.y + pad + lh + pad;
	for (int i = 0; i < NKEYS; i++, y += lh) {
		view_text(dst, f->label, keys[i].key, box.x + pad, y, VIEW_LEFT | VIEW_TOP,
		          VC(ACCENT), 0);
		view_text(dst, f->label, keys[i].what, box.x + 2 * pad + kw, y, VIEW_LEFT | VIEW_TOP, VC(TEXT),
		          0);
	}
}

/* Panel rectangles for a w x h surface; a body takes the right of the
 * plot's row. */
static void layout(view_frame *fr, int w, int h, bool body, bool population)
{
	const view_fonts *f = &fr->fonts;
	int gap = f->px / 3 > 2 ? f->px / 3 : 2;
	int bar = TTF_FontLineSkip(f->label) + f->px / 2 + 4;
	fr->status_r = (SDL_Rect){0, 0, w, bar};
	fr->hint_r = (SDL_Rect){0, h - bar, w, bar};
	int y0 = bar + gap, y1 = h - bar - gap, ch = y1 - y0;
	fr->world_geom.r = (SDL_Rect){0, 0, 0, 0};
	if (fr->world) { /* the world strip under the status line: a fifth of the height */
		int sh = (int)lround(ch * 0.2), least = 6 * TTF_FontLineSkip(f->small);
		sh = sh < least ? least : sh;
		fr->world_geom.r = (SDL_Rect){gap, y0, w - 2 * gap, sh};
		y0 += sh + gap;
		ch = y1 - y0;
	}
	int upper = (int)lround(ch * 0.6);
	fr->plot_r = (SDL_Rect){gap, y0 + upper + gap, w - 2 * gap, ch - upper - gap};
	/* The brain panel as wide as its grid wants at this height (a 4:3 grid
	 * plus the action names), up to 60% of the width. */
	int pad = f->px / 2 + 2, names_w, top;
	double cell = view_brain_geometry(w, upper, f, &names_w, &top);
	int bw = (int)ceil(64 * cell) + names_w + 2 * pad + 2;
	if (bw > w * 3 / 5)
		bw = w * 3 / 5;
	fr->brain_r = (SDL_Rect){gap, y0, bw, upper};
	int rx = gap + bw + gap, rw = w - rx - gap;
	int dw = (rw - gap) * 9 / 20; /* drives narrower: organs have longer rows */
	fr->drives_r = (SDL_Rect){rx, y0, dw, upper};
	fr->organs_r = (SDL_Rect){rx + dw + gap, y0, rw - dw - gap, upper};
	fr->body_r = (SDL_Rect){0, 0, 0, 0};
	fr->pop_r = (SDL_Rect){0, 0, 0, 0};
	if (population) { /* the population's events at the right of the plot's row */
		int pw = (fr->plot_r.w - gap) * 3 / 4;
		fr->pop_r = (SDL_Rect){fr->plot_r.x + pw + gap, fr->plot_r.y, fr->plot_r.w - pw - gap,
		                       fr->plot_r.h};
		fr->plot_r.w = pw;
	}
	if (body) {
		int pw = (fr->plot_r.w - gap) * 3 / 5;
		fr->body_r = (SDL_Rect){fr->plot_r.x + pw + gap, fr->plot_r.y, fr->plot_r.w - pw - gap,
		                        fr->plot_r.h};
		fr->plot_r.w = pw;
	}
}

/* Does the frame show the population panel? Once the world has held more
 * than one creature, or anything happened to its population: a lone
 * creature's window stays as it was. */
static bool shows_population(const view_frame *fr)
{
	return fr->world && fr->pop && (world_creature_count(fr->world) > 1 || fr->pop->added > 0);
}

/* The population: how many live, the eggs, then the events, newest first. */
static void draw_population(SDL_Surface *dst, view_frame *fr)
{
	const SDL_Rect *r = &fr->pop_r;
	const view_fonts *f = &fr->fonts;
	const world *w = fr->world;
	size_t alive = 0, eggs = 0, n = world_creature_count(w);
	for (size_t i = 0; i < n; i++) {
		world_creature_info ci;
		alive += world_creature_get(w, i, &ci) == 0 && ci.alive;
	}
	for (size_t id = 1; id < world_object_count(w); id++) {
		world_object_info oi;
		eggs += world_object(w, id, &oi) == 0 && oi.state == WORLD_OBJ_PRESENT && view_pop_is_egg(&oi);
	}
	char title[96];
	snprintf(title, sizeof title, "Population: %zu alive of %zu, %zu egg%s", alive, n, eggs,
	         eggs == 1 ? "" : "s");
	int pad = f->px / 2 + 2, y = panel(dst, r, f, title), lh = TTF_FontLineSkip(f->small) + 1;
	SDL_SetClipRect(dst, r);
	const view_pop *p = fr->pop;
	if (p->nlines == 0)
		view_text(dst, f->small, "no births, eggs or deaths yet", r->x + pad, y, VIEW_LEFT | VIEW_TOP,
		          VC(DIM), 0);
	for (int k = 0; k < p->nlines && y + lh <= r->y + r->h; k++, y += lh)
		view_text(dst, f->small, view_pop_line(p, k), r->x + pad, y, VIEW_LEFT | VIEW_TOP,
		          k == 0 ? VC(TEXT) : VC(DIM), 0);
	SDL_SetClipRect(dst, NULL);
}

int view_frame_render(SDL_Surface *dst, view_frame *fr, const creature *c, char *err, size_t errn)
{
	if (!dst || dst->format->BytesPerPixel != 4) {
		snprintf(err, errn, "the frame surface must have 32 bits per pixel");
		return -1;
	}
	if (dst->w < VIEW_FRAME_MIN_W || dst->h < VIEW_FRAME_MIN_H) {
		snprintf(err, errn, "%dx%d is too small (at least %dx%d)", dst->w, dst->h, VIEW_FRAME_MIN_W,
		         VIEW_FRAME_MIN_H);
		return -1;
	}
	if (!fr->fonts.px || fr->fonts_w != dst->w || fr->fonts_h != dst->h) {
		int px = font_px(dst->w, dst->h);
		if (px != fr->fonts.px) {
			view_fonts_close(&fr->fonts);
			if (view_fonts_open(&fr->fonts, px, err, errn) != 0)
				return -1;
		}
		fr->fonts_w = dst->w;
		fr->fonts_h = dst->h;
	}
	SDL_SetClipRect(dst, NULL);
	view_fill(dst, NULL, VC(FRAME_BG));
	layout(fr, dst->w, dst->h, creature_has_body(c), shows_population(fr));
	const brain *b = creature_brain_const(c);
	draw_status(dst, fr, c);
	view_brain_draw(dst, fr, b);
	if (fr->picker.mode != VIEW_PICK_NONE) {
		draw_picker(dst, fr);
	} else {
		draw_drives(dst, fr, c);
		draw_organs(dst, fr, c);
	}
	draw_plot(dst, fr);
	if (fr->body_r.w > 0)
		view_body_draw(dst, &fr->body_r, &fr->body_cam, creature_body_model(c),
		               creature_body_sim(c), fr->fonts.label, "Body");
	if (fr->pop_r.w > 0)
		draw_population(dst, fr);
	if (fr->world) {
		view_world_marks m = {fr->selected, fr->pop, fr->wall};
		view_world_draw(dst, &fr->world_geom.r, &fr->fonts, fr->world, &m, fr->mouse_x, fr->mouse_y,
		                &fr->world_geom);
	}
	draw_hints(dst, fr);
	SDL_SetClipRect(dst, NULL);
	if (!fr->help)
		view_brain_overlay(dst, fr, b);
	else
		draw_help(dst, fr);
	return 0;
}

bool view_frame_neuron_at(const view_frame *fr, const creature *c, int x, int y, int *lobe,
                          int *cell)
{
	const SDL_Rect *r = &fr->brain_r;
	if (x < r->x || y < r->y || x >= r->x + r->w || y >= r->y + r->h)
		return false;
	return view_brain_neuron_at(fr, creature_brain_const(c), x, y, lobe, cell);
}

int view_frame_picker_at(const view_frame *fr, int x, int y)
{
	const SDL_Rect *r = &fr->pick_list;
	if (fr->picker.mode == VIEW_PICK_NONE || fr->pick_row_h < 1 || x < r->x || y < r->y ||
	    x >= r->x + r->w || y >= r->y + r->h)
		return -1;
	int m = fr->picker.top + (y - r->y) / fr->pick_row_h;
	return m < fr->picker.nmatch ? m : -1;
}

long view_frame_organ_at(const view_frame *fr, const creature *c, int x, int y, char *buf,
                         size_t cap)
{
	const SDL_Rect *f = &fr->organ_names_r;
	if (f->w <= 0 || f->h <= 0 || fr->organ_col_w <= 0 || x < f->x || y < f->y)
		return -1;
	int col = (x - f->x) / fr->organ_col_w, row = (y - f->y) / f->h;
	if (x - f->x - col * fr->organ_col_w >= f->w || row >= fr->organ_per_col)
		return -1;
	size_t i = (size_t)col * (size_t)fr->organ_per_col + (size_t)row;
	if (i >= fr->organ_rows)
		return -1;
	bc_organ_label(creature_biochem_const(c), i, fr->organs, buf, cap);
	return (long)i;
}

bool view_frame_over_plot(const view_frame *fr, int x, int y)
{
	const SDL_Rect *r = &fr->plot_r;
	return x >= r->x && y >= r->y && x < r->x + r->w && y < r->y + r->h;
}

bool view_frame_over_body(const view_frame *fr, int x, int y)
{
	const SDL_Rect *r = &fr->body_r;
	return r->w > 0 && x >= r->x && y >= r->y && x < r->x + r->w && y < r->y + r->h;
}
