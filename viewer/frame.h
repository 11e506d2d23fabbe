/* frame.h — one frame of the live viewer, drawn onto any 32-bit surface:
 * status line, brain map, drives, organs, chemical plot, key hints, and the
 * overlays (name picker, help, neuron tooltip). It reads the creature only
 * through the engine, brain and biochemistry accessors and never touches a
 * window, so the same frame renders headless (tests) or into the window.
 *
 * The owner (viewer/live.c) keeps a view_frame: it sets the inputs (what to
 * show, the mouse, the picker), calls view_frame_render, and then asks the
 * frame what lies under the mouse using the geometry of that last render. */
#ifndef C2_VIEWER_FRAME_H
#define C2_VIEWER_FRAME_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL2/SDL.h>

#include "engine/engine.h"
#include "genome/organs.h"
#include "viewer/bodyview.h"
#include "viewer/chemhist.h"
#include "viewer/font.h"
#include "viewer/match.h"
#include "viewer/pace.h"
#include "viewer/worldview.h"

/* ---- the picker: type to narrow a list of names, Enter picks ------------- */

typedef enum view_pick_mode {
	VIEW_PICK_NONE,
	VIEW_PICK_PLOT,     /* a chemical to add to / remove from the plot */
	VIEW_PICK_INJECT,   /* a chemical to inject ... */
	VIEW_PICK_AMOUNT,   /* ... and how much (typed number) */
	VIEW_PICK_STIMULUS, /* a stimulus to fire */
	VIEW_PICK_WORD      /* a verb or noun to say */
} view_pick_mode;

enum { VIEW_PICK_TEXT = 48, VIEW_PICK_MAX = 320 };

typedef struct view_picker {
	view_pick_mode mode;
	char text[VIEW_PICK_TEXT];  /* what was typed */
	const view_choice *choices; /* the list searched (NULL for AMOUNT) */
	int nchoices;
	int match[VIEW_PICK_MAX];   /* indices into choices, best first */
	int nmatch;
	int sel;                    /* highlighted match */
	int top;                    /* first match shown */
	int shown;                  /* rows shown by the last render */
	int chem;                   /* VIEW_PICK_AMOUNT: the chemical */
} view_picker;

/* Open the picker in `mode` over choices[0..n) with an empty query. */
void view_picker_open(view_picker *p, view_pick_mode mode, const view_choice *choices, int n);
void view_picker_close(view_picker *p);
/* Append typed UTF-8 text (only printable ASCII is kept) / delete the last
 * character; both redo the search. */
void view_picker_type(view_picker *p, const char *text);
void view_picker_backspace(view_picker *p);
/* Move the highlight by delta rows (clamped). */
void view_picker_move(view_picker *p, int delta);
/* The highlighted choice, or NULL when nothing matches. */
const view_choice *view_picker_current(const view_picker *p);

/* ---- the frame ------------------------------------------------------------ */

typedef struct view_frame {
	/* inputs, set by the owner */
	const char *title;     /* e.g. the genome's file name */
	const genome_organ_names *organs; /* the organs' names (NULL: numbers) */
	const view_pace *pace;
	const view_hist *hist;
	bool by_state;         /* neurons coloured by state instead of output */
	bool help;             /* key help overlay */
	int mouse_x, mouse_y;  /* -1, -1: not over the window */
	int pin_lobe, pin_cell; /* neuron pinned by a click, or -1 */
	view_picker picker;
	char message[200];     /* shown in the hint line while non-empty */
	view_body_cam body_cam; /* the body panel's camera (creatures with a body) */
	const world *world;    /* the world the creature lives in (NULL: none): a strip under the status line */
	int selected;          /* with a world: the creature shown (its index) */
	const view_pop *pop;   /* with a world: the population's events (NULL: none), drawn in a
	                          panel beside the plot once the world holds more than one creature */
	double wall;           /* the wall clock, for the strip's flashes */

	/* geometry of the last render, for the mouse */
	SDL_Rect status_r, brain_r, drives_r, organs_r, plot_r, hint_r;
	SDL_Rect body_r;           /* empty when the creature has no body */
	SDL_Rect pop_r;            /* the population's events (empty: not shown) */
	view_world_geom world_geom; /* the world strip (r empty without a world) */
	int grid_x, grid_y;        /* the 64x48 brain grid's origin */
	double cell;               /* and its neuron size in pixels */
	SDL_Rect organ_names_r;    /* the organs panel's first name cell ... */
	int organ_col_w;           /* ... its columns' spacing, and per_col rows */
	int organ_per_col;         /* (organ_names_r.h apart) of the organs drawn */
	size_t organ_rows;
	SDL_Rect pick_list;        /* picker rows (pick_row_h each), from match top */
	int pick_row_h;

	/* fonts, opened for the surface size by view_frame_render */
	view_fonts fonts;          /* the panels */
	int fonts_w, fonts_h;      /* surface size the fonts were chosen for */
} view_frame;

/* Default inputs: nothing pinned, no overlays, no fonts yet. */
void view_frame_init(view_frame *fr);
/* Close the fonts. */
void view_frame_free(view_frame *fr);

/* Smallest surface the frame lays out sensibly. */
enum { VIEW_FRAME_MIN_W = 640, VIEW_FRAME_MIN_H = 400 };

/* Draw the whole frame of creature c onto dst (32 bits per pixel, at least
 * VIEW_FRAME_MIN_W x VIEW_FRAME_MIN_H, not locked), opening fonts for its
 * size when it changed. Returns 0, or -1 with a message in err (no font,
 * surface too small or of the wrong depth). fr->pace and fr->hist must be
 * set. */
int view_frame_render(SDL_Surface *dst, view_frame *fr, const creature *c, char *err, size_t errn);

/* The neuron drawn at window pixel (x, y) by the last render: true with
 * *lobe and *cell set, or false. */
bool view_frame_neuron_at(const view_frame *fr, const creature *c, int x, int y, int *lobe,
                          int *cell);
/* The organ (bc_organ_get's index) whose name the last render drew at
 * (x, y), with the name it drew in buf; or -1. */
long view_frame_organ_at(const view_frame *fr, const creature *c, int x, int y, char *buf,
                         size_t cap);
/* The picker row at (x, y): an index into picker.match, or -1. */
int view_frame_picker_at(const view_frame *fr, int x, int y);
/* Is (x, y) over the chemical plot? Over the body panel? */
bool view_frame_over_plot(const view_frame *fr, int x, int y);
bool view_frame_over_body(const view_frame *fr, int x, int y);

/* Colour of a neuron value 0..255 on the brain map (0 is a dim grey, so
 * silent neurons still show; then dark purple through red to pale yellow). */
SDL_Color view_neuron_colour(int v);

#endif
