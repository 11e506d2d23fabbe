/* draw.h — window-independent drawing on 32-bit SDL surfaces: the colour
 * palette, text, anti-aliased lines through a coverage mask, and atomic PNG
 * saving. The same calls draw into a window's surface or a headless one. */
#ifndef C2_VIEWER_DRAW_H
#define C2_VIEWER_DRAW_H

#include <stddef.h>
#include <stdint.h>

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>

/* Colours of the lines: distinct on white, in an order where neighbours
 * differ most. Series i uses view_palette(i) (it wraps after the size). */
enum { VIEW_PALETTE_SIZE = 16 };
SDL_Color view_palette(int i);

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
