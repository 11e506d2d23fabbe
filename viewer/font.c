/* font.c — locate a TTF through $C2RT_FONT, the fontconfig library or the
 * DejaVu path, and open it at the viewer's sizes. */
#include "viewer/font.h"

#include <fontconfig/fontconfig.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int is_file(const char *path)
{
	struct stat st;
	return path[0] && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Only outline fonts: fontconfig may answer with a bitmap font SDL_ttf
 * renders badly (or not at all). */
static int is_outline_font(const char *path)
{
	size_t n = strlen(path);
	if (n < 4)
		return 0;
	const char *ext = path + n - 4;
	return strcmp(ext, ".ttf") == 0 || strcmp(ext, ".otf") == 0 ||
	       strcmp(ext, ".TTF") == 0 || strcmp(ext, ".OTF") == 0;
}

/* Ask the fontconfig library for its "sans" face, as `fc-match sans`
 * would, without starting a process. Our own configuration object, freed
 * at once, so nothing of fontconfig stays in memory. */
static int fc_match(char *buf, size_t n)
{
	buf[0] = '\0';
	FcConfig *cfg = FcInitLoadConfigAndFonts();
	if (!cfg)
		return -1;
	int rc = -1;
	FcPattern *pat = FcNameParse((const FcChar8 *)"sans");
	if (pat && FcConfigSubstitute(cfg, pat, FcMatchPattern)) {
		FcDefaultSubstitute(pat);
		FcResult res;
		FcPattern *match = FcFontMatch(cfg, pat, &res);
		FcChar8 *file = NULL;
		if (match && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch && file &&
		    strlen((const char *)file) < n && is_outline_font((const char *)file) &&
		    is_file((const char *)file)) {
			strcpy(buf, (const char *)file);
			rc = 0;
		}
		if (match)
			FcPatternDestroy(match);
	}
	if (pat)
		FcPatternDestroy(pat);
	FcConfigDestroy(cfg);
	return rc;
}

int view_font_find(char *buf, size_t n, char *err, size_t errn)
{
	const char *env = getenv("C2RT_FONT");
	if (env && *env) {
		if (strlen(env) >= n) {
			snprintf(err, errn, "font path in C2RT_FONT is too long");
			return -1;
		}
		if (!is_file(env)) {
			snprintf(err, errn, "no font file at '%s' (from C2RT_FONT)", env);
			return -1;
		}
		strcpy(buf, env);
		return 0;
	}
	if (n > 1 && fc_match(buf, n) == 0)
		return 0;
	if (strlen(VIEW_FONT_FALLBACK) < n && is_file(VIEW_FONT_FALLBACK)) {
		strcpy(buf, VIEW_FONT_FALLBACK);
		return 0;
	}
	snprintf(err, errn,
	         "no TrueType font found: fontconfig has no outline \"sans\" font and %s is missing "
	         "(install fonts-dejavu-core, or set C2RT_FONT=/path/to/font.ttf)",
	         VIEW_FONT_FALLBACK);
	return -1;
}

static TTF_Font *open_size(const char *path, int px)
{
	TTF_Font *f = TTF_OpenFont(path, px);
	if (f)
		TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
	return f;
}

int view_fonts_open(view_fonts *f, int px, char *err, size_t errn)
{
	memset(f, 0, sizeof *f);
	if (px < 6 || px > 200) {
		snprintf(err, errn, "font size %d px is out of range 6..200", px);
		return -1;
	}
	char path[4096];
	if (view_font_find(path, sizeof path, err, errn) != 0)
		return -1;
	if (TTF_Init() != 0) {
		snprintf(err, errn, "cannot initialise SDL_ttf: %s", TTF_GetError());
		return -1;
	}
	f->px = px;
	f->label = open_size(path, px);
	f->title = open_size(path, px * 27 / 20);
	f->small = open_size(path, px * 9 / 10 > 6 ? px * 9 / 10 : 6);
	if (!f->label || !f->title || !f->small) {
		snprintf(err, errn, "cannot open font '%s': %s", path, TTF_GetError());
		view_fonts_close(f);
		return -1;
	}
	return 0;
}

void view_fonts_close(view_fonts *f)
{
	if (!f->px)
		return;
	if (f->title)
		TTF_CloseFont(f->title);
	if (f->label)
		TTF_CloseFont(f->label);
	if (f->small)
		TTF_CloseFont(f->small);
	memset(f, 0, sizeof *f);
	TTF_Quit();
}
