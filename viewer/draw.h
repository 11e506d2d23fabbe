/* draw.h — window-independent drawing on 32-bit SDL surfaces: the colour
 * palette, text, anti-aliased lines through a coverage mask, and atomic PNG
 * saving. The same calls draw into a window's surface or a headless one. */
#ifndef C2_VIEWER_DRAW_H
#define C2_VIEWER_DRAW_H

#include <stddef.h>
#include <stdint.h>

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>

/* The viewer's one palette: every colour of the window, the plots and the
 * brain map, by role. X(NAME, r, g, b, alpha, use); VC(NAME) is the colour. */
#define VIEW_COLOURS(X) \
	X(PANEL, 255, 255, 255, 255, "panel and plot background") \
	X(FRAME_BG, 222, 226, 232, 255, "between panels") \
	X(BAR_BG, 38, 46, 60, 255, "status and hint lines") \
	X(BAR_TEXT, 232, 236, 242, 255, "text on the bars") \
	X(BAR_DIM, 160, 170, 186, 255, "secondary text on the bars") \
	X(BAR_GOOD, 120, 220, 130, 255, "alive, running") \
	X(BAR_BAD, 255, 110, 100, 255, "dead, errors") \
	X(BAR_WARN, 255, 196, 90, 255, "paused, asleep") \
	X(TEXT, 28, 28, 30, 255, "panel text") \
	X(DIM, 105, 110, 120, 255, "secondary panel text") \
	X(INK, 25, 25, 25, 255, "plot and tooltip text") \
	X(TRACK, 230, 233, 238, 255, "empty part of a bar") \
	X(EDGE, 180, 186, 196, 255, "box edges") \
	X(SELECTION, 210, 228, 250, 255, "picker highlight") \
	X(FIELD, 246, 248, 251, 255, "picker text field") \
	X(ACCENT, 31, 119, 180, 255, "picker frame, pinned marks (series blue)") \
	X(ON, 44, 130, 44, 255, "a switched-on toggle") \
	X(ORGAN_OK, 44, 160, 44, 255, "organ life force (series green)") \
	X(ORGAN_STARVED, 255, 127, 14, 255, "starving organ (series orange)") \
	X(ORGAN_FAILED, 214, 39, 40, 255, "failed organ (series red)") \
	X(ORGAN_FAILED_BG, 240, 200, 200, 255, "behind a failed organ") \
	X(LT_MARK, 20, 60, 20, 255, "long-term life force mark") \
	X(PLOT_GRID, 226, 226, 226, 255, "plot grid") \
	X(PLOT_FRAME, 80, 80, 80, 255, "plot axes") \
	X(PLOT_TICK_TEXT, 70, 70, 70, 255, "axis labels") \
	X(PLOT_HIDDEN, 190, 190, 190, 255, "a legend entry not drawn") \
	X(PLOT_EVENT, 120, 120, 140, 70, "plot: an event of the events file (faint line, tick at the top)") \
	X(PLOT_STAGE, 60, 60, 70, 255, "plot: a change of life stage (dashed, labelled)") \
	X(PLOT_DEATH, 150, 20, 20, 255, "plot: death (dashed, labelled)") \
	X(PLOT_LABEL_BACKING, 255, 255, 255, 215, "plot: behind a mark's label") \
	X(BRAIN_BG, 18, 21, 28, 255, "brain panel") \
	X(BRAIN_GRID, 30, 35, 46, 255, "the 64x48 brain grid") \
	X(BRAIN_LOBE, 74, 84, 108, 255, "lobe frame") \
	X(BRAIN_TEXT, 222, 227, 236, 255, "lobe names") \
	X(BRAIN_DIM, 150, 158, 176, 255, "action names, ramp labels") \
	X(BRAIN_QUIET, 54, 60, 76, 255, "a neuron at 0") \
	X(BRAIN_WINNER, 255, 214, 90, 255, "winners") \
	X(BRAIN_HOT, 255, 255, 255, 255, "the inspected neuron") \
	X(DENDRITE0, 86, 196, 255, 255, "type-0 dendrites") \
	X(DENDRITE1, 150, 236, 110, 255, "type-1 dendrites") \
	X(DENDRITE_LOOSE, 118, 118, 132, 255, "loose dendrites") \
	X(TIP_BG, 255, 252, 234, 248, "tooltip") \
	X(TIP_EDGE, 96, 96, 96, 255, "tooltip edge") \
	X(TIP_DIM, 90, 90, 90, 255, "tooltip secondary text") \
	X(LABEL_BACKING, 18, 21, 28, 200, "behind a lobe name drawn over neurons") \
	X(HELP_SHADE, 10, 12, 16, 150, "over the window behind the help") \
	X(BODY_SKY, 236, 241, 247, 255, "body panel: above the ground") \
	X(BODY_GROUND, 214, 220, 208, 255, "body panel: the ground") \
	X(BODY_GRID, 160, 168, 150, 255, "body panel: ground grid") \
	X(BODY_SHADOW, 60, 66, 56, 90, "body panel: shadows on the ground") \
	X(BODY_PART, 232, 190, 120, 255, "body panel: parts and geoms") \
	X(BODY_STICK, 150, 150, 160, 255, "body panel: f0 sticks at rest") \
	X(BODY_PULL, 214, 39, 40, 255, "body panel: a muscle at +1") \
	X(BODY_PUSH, 31, 119, 180, 255, "body panel: a muscle at -1") \
	X(BODY_STATIC, 170, 176, 186, 255, "body panel: static scene geoms") \
	X(BODY_EDGE, 40, 44, 52, 255, "body panel: wireframe edges") \
	X(WORLD_GROUND, 120, 98, 72, 255, "world strip: the floor") \
	X(WORLD_WALL, 40, 44, 52, 255, "world strip: walls and room boundaries") \
	X(WORLD_CREATURE, 232, 190, 120, 255, "world strip: a creature") \
	X(WORLD_IT, 30, 170, 60, 255, "world strip: IT's triangle and line (C2's green)") \
	X(WORLD_SELECTED, 214, 39, 40, 255, "world strip: the followed creature's arrow (C2's red)") \
	X(WORLD_HAND, 255, 214, 90, 255, "world strip: the hand") \
	X(WORLD_POINTER, 40, 44, 52, 140, "world strip: the mouse pointer's line") \
	X(WORLD_EGG, 246, 240, 214, 255, "world strip: an egg's shell") \
	X(WORLD_PREGNANT, 227, 119, 194, 255, "world strip: a pregnant creature's belly") \
	X(WORLD_BORN, 250, 160, 50, 255, "world strip: the ring round a creature born lately") \

enum view_colour_id {
#define X(name, r, g, b, a, use) VC_##name,
	VIEW_COLOURS(X)
#undef X
	VC_COUNT
};
extern const SDL_Color view_colours[VC_COUNT];
#define VC(name) (view_colours[VC_##name])

/* Colours of the lines: distinct on white, in an order where neighbours
 * differ most (draw.c: the one table). view_palette(i) wraps after the size;
 * past it view_series_colours makes more. */
enum { VIEW_PALETTE_SIZE = 24 };
SDL_Color view_palette(int i);

/* The colour of a series key (cli/plotreq.h: CLI_PLOT_KEY_CHEM + chemical,
 * CLI_PLOT_KEY_DRIVE + drive): every chemical and every drive has its own
 * palette colour, the same in every plot and in the viewer's panels (a few
 * well-known chemicals and the 17 drives chosen by hand to differ, other
 * chemicals by number). CLI_PLOT_KEY_NONE and keys out of range: the
 * palette's first colour. */
SDL_Color view_key_colour(int key);

/* The colours of n plotted series: series i the colour of keys[i] (keys
 * NULL, or a key CLI_PLOT_KEY_NONE: palette colour i), unless an earlier
 * series has it: then the first palette colour no series has yet, and past
 * the palette hues that no other series has — no two series share one. */
void view_series_colours(const int *keys, int n, SDL_Color *out); /* n <= CLI_PLOT_SERIES_MAX */

/* A headless 32-bit (ARGB8888) surface of w x h, or NULL (SDL_GetError). */
SDL_Surface *view_surface_new(int w, int h);

/* Fill r (NULL: the whole surface) with an opaque colour. */
void view_fill(SDL_Surface *dst, const SDL_Rect *r, SDL_Color c);

/* Blend c over r with c.a as its opacity (255: as view_fill), clipped to
 * the surface's clip rectangle. dst must be 32 bits per pixel, not locked. */
void view_fill_blend(SDL_Surface *dst, const SDL_Rect *r, SDL_Color c);

/* Draw the outline of r, `t` pixels thick, inside r, opaque. */
void view_outline(SDL_Surface *dst, const SDL_Rect *r, SDL_Color c, int t);

/* Text placement: one horizontal and one vertical choice, or'ed. */
enum {
	VIEW_LEFT = 0, VIEW_HCENTER = 1, VIEW_RIGHT = 2,
	VIEW_TOP = 0, VIEW_VCENTER = 4, VIEW_BOTTOM = 8
};

/* Size of text in font (0 x 0 for NULL/empty text or on error). */
void view_text_size(TTF_Font *font, const char *text, int *w, int *h);

/* Draw UTF-8 text anchored at (x, y) per align, alpha-blended, clipped to the
 * surface's clip rectangle; `vertical` turns it 90 degrees anticlockwise
 * (reads bottom to top). dst must not be locked. Returns the width drawn
 * along the text (0 for empty text or on error). */
int view_text(SDL_Surface *dst, TTF_Font *font, const char *text, int x, int y, int align,
              SDL_Color c, int vertical);

/* A coverage mask: lines are drawn into it with max() (so joins of one
 * polyline do not darken), then it is blended onto a surface in one colour.
 * This is what makes an anti-aliased series look like one stroke. */
typedef struct view_mask {
	int w, h;
	uint8_t *a;               /* w * h coverage, 0..255 */
	int x0, y0, x1, y1;       /* dirty box, x1/y1 exclusive (empty: x0 >= x1) */
} view_mask;

/* Allocate a clear w x h mask (w, h >= 1). Returns 0, or -1 out of memory. */
int view_mask_init(view_mask *m, int w, int h);
void view_mask_free(view_mask *m);

/* Add an anti-aliased segment of the given width (pixels) from (x0, y0) to
 * (x1, y1) in mask coordinates (pixel centres at +0.5); parts outside the
 * mask are clipped. A zero-length segment draws a dot. Non-finite
 * coordinates draw nothing. */
void view_mask_line(view_mask *m, double x0, double y0, double x1, double y1, double width);

/* Blend the mask onto dst at (x, y) in colour c, then clear it. dst must be
 * 32 bits per pixel; it is locked here if it needs locking. */
void view_mask_blend(view_mask *m, SDL_Surface *dst, int x, int y, SDL_Color c);

/* Write s as a PNG at path atomically: to a temporary file in the same
 * directory, flushed to disk, then renamed over path, so a reader never
 * sees half a file and a failure leaves any old file alone. path "-" writes
 * to stdout. Returns 0, or -1 with a message in err. */
int view_save_png(SDL_Surface *s, const char *path, char *err, size_t errn);

#endif
