/* worldview.h — the live viewer's world strip (`c2rt view --world`): the
 * floor with its rooms (names, walls, tinted by temperature and light), the
 * objects as labelled boxes at their x and width (carried ones above their
 * carrier), eggs as eggs (what hatches from them, and when), every creature
 * with its facing, moniker and sex (a pregnant one with a pink belly, one
 * born lately ringed and labelled "born"), the selected one under C2's red
 * arrow with what it does and carries, its IT marked (a green triangle over
 * it, as C2 marks what the selected norn attends, and a line from the
 * creature's head), the hand, and the mouse pointer's x.
 * Used by frame.c; the same drawing renders headless. It reads the world
 * only through world.h's read-only accessors.
 *
 * Scale: the whole floor fits the strip's width while a px of world gets at
 * least VIEW_WORLD_MIN_SCALE screen px (a norn then stays about 12 px
 * wide); a wider world is shown at that scale centred on the selected
 * creature (clamped to the walls), following it as it walks — as C2's
 * window followed the selected norn. */
#ifndef C2_VIEWER_WORLDVIEW_H
#define C2_VIEWER_WORLDVIEW_H

#include <stdbool.h>

#include <SDL2/SDL.h>

#include "viewer/font.h"
#include "viewer/popwatch.h"
#include "world/world.h"

#define VIEW_WORLD_MIN_SCALE 0.25

/* Where the last drawing put the world: for the mouse. */
typedef struct view_world_geom {
	SDL_Rect r;      /* the strip (empty: not drawn) */
	int floor_y;     /* screen y of the floor */
	double x0;       /* world x at screen x r.x + pad */
	double scale;    /* screen px per world px */
	int pad;
	int crt_h;       /* a creature's drawn height */
	int hand_y;      /* the bottom of the hand's mark */
	bool follow;     /* the world is wider than the strip: it follows the creature */
	int selected;    /* the selected creature (-1: none) */
} view_world_geom;

/* What the strip marks beyond the world itself. */
typedef struct view_world_marks {
	int selected;         /* the creature the panels show, or -1 */
	const view_pop *pop;  /* the births to flash and the eggs' countdowns, or NULL */
	double wall;          /* the wall clock for the flashes (seconds) */
} view_world_marks;

/* Draw world w into r of dst (32 bits per pixel, not locked) with fonts f
 * and marks m (NULL: the first creature selected, nothing flashed); the
 * mouse at (mx, my) (-1: not over the window) shows its world x. Fills *g
 * for view_world_at. */
void view_world_draw(SDL_Surface *dst, const SDL_Rect *r, const view_fonts *f, const world *w,
                     const view_world_marks *m, int mx, int my, view_world_geom *g);

typedef enum view_world_what {
	VIEW_WORLD_NOTHING,  /* not over the strip's floor */
	VIEW_WORLD_FLOOR,    /* over the floor, no creature or object */
	VIEW_WORLD_CREATURE, /* index: the creature; front: over its head half */
	VIEW_WORLD_OBJECT    /* index: the object's id */
} view_world_what;

typedef struct view_world_hit {
	view_world_what what;
	int index;
	bool front;
	double x; /* world x under the pointer, clamped to the walls */
} view_world_hit;

/* What lies at screen (x, y) in the last drawing g of w. Creatures come
 * before objects (the pointer pats the creature standing on a carrot), the
 * selected one first, then the others from the one drawn on top (the last);
 * among objects the one drawn on top (the last in id order) wins. */
view_world_hit view_world_at(const view_world_geom *g, const world *w, int x, int y);

/* The object the hand holds, or -1. */
int view_world_hand_holds(const world *w);

/* Screen x of world x in drawing g (for scripted clicks). */
int view_world_screen_x(const view_world_geom *g, double wx);

#endif
