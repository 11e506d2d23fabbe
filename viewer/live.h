/* live.h — the live viewer: a resizable window that runs a creature in real
 * time or faster and shows its chemistry, drives, organs and brain at once,
 * with keys and the mouse to feed it (inject, stimulate, speak, sleep,
 * dream), snapshots and screenshots. What `c2rt view` opens.
 *
 * One thread: each pass of the loop handles input, runs the world ticks the
 * speed asks for until a deadline (view_pace), and draws a frame at most
 * ~30 times a second (less at max speed, so drawing never takes more than
 * about a tenth of the time). The creature is only read through the engine
 * accessors and only changed by stepping it: every key that changes it
 * (inject, stimulus, word, sleep, wake, dream) becomes a line of the
 * events-file language, appended to its events and applied before the next
 * tick, exactly as `c2rt run --events` applies a file's (Chocolate Doom's
 * demos). The session's text — the events it started from, then those
 * lines — is what snapshots keep and --record writes, so `c2rt run` replays
 * a session tick for tick. */
#ifndef C2_VIEWER_LIVE_H
#define C2_VIEWER_LIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "engine/engine.h"
#include "engine/events.h"
#include "genome/organs.h"
#include "world/world.h"

enum { VIEW_LIVE_DEFAULT_W = 1280, VIEW_LIVE_DEFAULT_H = 800 };

typedef struct view_live_opts {
	const char *title;        /* status line and window title (e.g. the genome file) */
	const genome_organ_names *organs; /* the organs' names (NULL: numbers) */
	int width, height;        /* window size; 0: the defaults above */
	int speed;                /* starting speed, x1 ... x1000, 0 = max (view_pace_set) */
	bool paused;              /* start paused */
	int pin_lobe, pin_cell;   /* neuron to pin at the start, or -1 */
	const char *out_dir;      /* where the snapshot and screenshot keys write; NULL: "." */
	/* May the viewer write this file now? Asked before every file it
	 * writes: what is "--screenshot-after" for that screenshot, NULL for a
	 * file a key names at run time (DIR/c2rt-view-TICK.EXT). 0, or non-zero
	 * with the reason in why (nothing is written: a key says so, the
	 * screenshot fails). NULL: any file. */
	int (*may_write)(const char *what, const char *path, char *why, size_t n);
	const void *events_text;  /* the events text it started from (may be NULL) */
	size_t events_len;
	/* When the window closes, the session's events text and a closing
	 * comment (the tick and state hash it ended at) are appended here, after
	 * what the caller put first; NULL: not kept. The caller writes it out. */
	c2_wbuf *record;
	/* Print "TICK HASH" (the whole state's hash) to standard output after
	 * every tick divisible by this, as `c2rt run --hash-every` does; 0: no. */
	uint64_t hash_every;
	/* Keys to press before the first frame (tests, demos): characters as
	 * typed ('A' is shift+a), and <Enter> <Esc> <Up> <Down> <BS> <Space>
	 * <Right> <F1> <F12> <Tab> <S-Tab>, and <Run:N>, which runs N world ticks there and
	 * then (as N presses of the step key would); the mouse: <Click:X,Y> and
	 * <RClick:X,Y> press the left / right button at window pixel (X, Y),
	 * <Move:X,Y> moves the pointer there; with a world, <Hand:X> and
	 * <RHand:X> click the world strip at world x X on the floor line
	 * (a creature's head is its facing half: <Pat> and <Slap> click the
	 * selected creature's head and bottom). NULL: none. */
	const char *keys;
	/* Screenshot mode (screenshot_path non-NULL): run screenshot_after ticks
	 * as fast as possible, draw one frame, save it with the screenshot
	 * key's code, and return. */
	uint64_t screenshot_after;
	const char *screenshot_path;
	/* A world (`c2rt view --world`; NULL: none): the creature is its first
	 * (at the start: Tab and clicks select another, whose brain, drives,
	 * organs and chemicals the panels then show; the engine's keys still
	 * act on the first, as events files do), every creature and egg in the
	 * strip, the population's events beside the plot; stepped with
	 * world_step as `c2rt run --world` steps it, with the
	 * events *world_ev (may hold NULL); hashes, snapshots and the recording's
	 * closing line are the whole world's. Each input appends its line to the
	 * session's text, which is parsed anew into a list that replaces
	 * *world_ev (the old one freed; the caller frees the last): the list in
	 * force is always the parse of the text --record writes. The world strip
	 * shows it, and the mouse there is the hand: a click on another
	 * creature selects it; on the selected one's head pats it, on its bottom
	 * (or a right-click) slaps it; on an object picks it up; with an object
	 * held, drops it where clicked (the events lines pat, slap [MONIKER],
	 * pickup NAME, drop X). */
	world *world;
	world_events **world_ev;
} view_live_opts;

/* Defaults: 1280 x 800, x1, running, nothing pinned, ".". */
void view_live_opts_default(view_live_opts *o);

enum {
	VIEW_LIVE_OK = 0,
	VIEW_LIVE_ERROR = -1,     /* no font, out of memory, a screenshot that failed ... */
	VIEW_LIVE_NO_DISPLAY = -2 /* no display to open a window on */
};

/* Check a --keys string; returns 0, or -1 with the bad token in err. */
int view_live_check_keys(const char *keys, char *err, size_t errn);

/* Run creature c (events ev, not NULL, applied before each tick as in
 * `c2rt run`, and to which the window's inputs are appended; with o->world,
 * c is its first creature and ev is not used) in a window until the user
 * quits (or the screenshot is saved). Returns VIEW_LIVE_OK, or an error code
 * with a message in err.
 * Without DISPLAY / WAYLAND_DISPLAY (and no SDL_VIDEODRIVER chosen by the
 * user) it fails with VIEW_LIVE_NO_DISPLAY before touching SDL. */
int view_live_run(creature *c, creature_events *ev, const view_live_opts *o, char *err, size_t errn);

#endif
