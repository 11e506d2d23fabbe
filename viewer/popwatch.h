/* popwatch.h — what the live viewer notices in a population from one world
 * tick to the next: a creature that was not there (hatched, from its egg),
 * one that became pregnant, an egg laid (a new egg object), a death; each
 * a line of the viewer's event list, newest first, and the creatures born
 * lately, which the world strip flashes for a few seconds.
 *
 * It reads the world through world.h's accessors only and changes nothing,
 * so watching leaves every hash as it was. Founders and eggs already there
 * when the watch begins (a world file's, a resumed snapshot's) are not news.
 * No SDL: the caller passes the wall clock. */
#ifndef C2_VIEWER_POPWATCH_H
#define C2_VIEWER_POPWATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "world/world.h"

enum {
	VIEW_POP_LINES = 32,      /* event lines kept */
	VIEW_POP_LINE = 112,      /* bytes of one, with the NUL */
	VIEW_POP_FLASH = 8,       /* births flashed at once (the newest) */
	VIEW_POP_FLASH_TICKS = 50 /* a birth flashes for this many world ticks ... */
};
/* ... or this many wall seconds, whichever is longer: at x1 the ticks rule,
 * at x1000 a birth still shows long enough to see. */
#define VIEW_POP_FLASH_SECONDS 4.0

typedef struct view_pop_birth {
	int creature;
	uint64_t tick;
	double wall;
} view_pop_birth;

typedef struct view_pop {
	size_t ncreatures;                       /* creatures seen */
	uint8_t state[WORLD_MAX_CREATURES];      /* POP_ALIVE | POP_PREGNANT, as last seen */
	size_t nobjects;                         /* objects seen */
	int64_t laid[WORLD_MAX_OBJECTS];         /* the tick an egg was seen laid, or -1 */
	char lines[VIEW_POP_LINES][VIEW_POP_LINE]; /* a ring, lines[head] the newest */
	int nlines, head;
	uint64_t births, deaths, eggs;           /* seen since the watch began */
	uint64_t added;                          /* event lines ever added */
	view_pop_birth born[VIEW_POP_FLASH];     /* a ring of the latest births */
	int nborn, born_head;
} view_pop;

/* Begin watching world w: what it holds now is known. */
void view_pop_init(view_pop *p, const world *w, double wall);

/* After a world tick: note what changed since the last look. Returns the
 * number of event lines added. */
int view_pop_watch(view_pop *p, const world *w, double wall);

/* The k-th newest event line (0: the newest), or NULL. */
const char *view_pop_line(const view_pop *p, int k);

/* Is creature i flashing as born at world tick `tick`, wall time `wall`? */
bool view_pop_flashing(const view_pop *p, size_t i, uint64_t tick, double wall);

/* World ticks until egg object `id` hatches, counted from when the watch
 * saw it laid and the world's egg_hatch_ticks; -1 when not known (laid
 * before the watch began, or not an egg). */
int64_t view_pop_hatch_in(const view_pop *p, const world *w, size_t id);

/* Is object oi an egg? */
bool view_pop_is_egg(const world_object_info *oi);

/* "h:mm:ss" of world tick t. */
void view_pop_clock(uint64_t t, char *buf, size_t n);

#endif
