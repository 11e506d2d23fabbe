/* font.h — finding a TTF font on this machine and opening the sizes the
 * viewer draws with. */
#ifndef C2_VIEWER_FONT_H
#define C2_VIEWER_FONT_H

#include <stddef.h>

#include <SDL2/SDL_ttf.h>

/* Debian's fonts-dejavu-core: the fallback when fontconfig finds nothing. */
#define VIEW_FONT_FALLBACK "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/* The three sizes the viewer uses; `px` is the label size they derive from. */
typedef struct view_fonts {
	TTF_Font *title; /* 1.35 x px */
	TTF_Font *label; /* px: axis names, legend */
	TTF_Font *small; /* 0.9 x px: tick labels */
	int px;
} view_fonts;

/* Find a sans-serif TTF/OTF file: $C2RT_FONT when set (it must then exist),
 * else the fontconfig library's "sans" font, else VIEW_FONT_FALLBACK. Writes the path to buf.
 * Returns 0, or -1 with a message in err (no font found, or the path does
 * not fit in buf). */
int view_font_find(char *buf, size_t n, char *err, size_t errn);

/* Initialise SDL_ttf (reference-counted) and open the font found by
 * view_font_find at label size px (6..200). Returns 0, or -1 with a message
 * in err and *f zeroed. Pair every success with view_fonts_close. */
int view_fonts_open(view_fonts *f, int px, char *err, size_t errn);

/* Close the fonts and release SDL_ttf; a zeroed *f is fine. */
void view_fonts_close(view_fonts *f);

#endif
