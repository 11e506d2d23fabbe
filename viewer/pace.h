/* pace.h — how many world ticks the live viewer runs per frame: the speed
 * ladder (x1 ... x1000 and "max"), pause, the chemical plot's time window,
 * and the measured rate. Pure arithmetic on wall-clock seconds the caller
 * passes in, so it needs no SDL and the tests can feed it a fake clock.
 *
 * The viewer never lets drawing wait for the simulation or the other way
 * round: each frame it asks view_pace_due() how many ticks the speed calls
 * for, runs at most that many before a deadline, and reports back with
 * view_pace_ran(). A backlog the engine cannot work off is dropped rather
 * than carried, so a slow frame never turns into a burst of catch-up. */
#ifndef C2_VIEWER_PACE_H
#define C2_VIEWER_PACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* World ticks per second of creature time at x1 (engine.h's clock; checked
 * against CREATURE_TICKS_PER_SECOND in pace.c). */
enum { VIEW_PACE_TPS = 10 };

/* Speed 0 means "as fast as possible". */
enum { VIEW_SPEED_MAX = 0 };

/* Longest stretch of wall time one view_pace_due() call accounts for: after
 * a stall (a window drag, a debugger) the creature does not jump ahead. */
#define VIEW_PACE_MAX_DT 0.25

typedef struct view_pace {
	int level;       /* index into the speed ladder */
	bool paused;
	double owed;     /* ticks due but not yet run (fractional) */
	/* measured rate: ticks counted over the current ~1 s window */
	double rate;     /* ticks per wall second, last full window (0 before) */
	double meas_t0;  /* start of the current window (wall seconds), < 0: not started */
	uint64_t meas_n; /* ticks counted in it */
	/* plot window */
	int window_level; /* index into the window ladder */
	bool window_auto; /* follow the speed (true until the user picks one) */
} view_pace;

/* Start at `speed` (a ladder value, or the nearest one above; VIEW_SPEED_MAX
 * for max), running, with the automatic plot window. */
void view_pace_init(view_pace *p, int speed);

/* Current speed: a multiple of real time, or VIEW_SPEED_MAX. */
int view_pace_speed(const view_pace *p);
/* "x1", "x20", "x1000" or "max" into buf; returns buf. */
const char *view_pace_label(const view_pace *p, char *buf, size_t n);
/* One step up or down the ladder (stays at the ends). */
void view_pace_faster(view_pace *p);
void view_pace_slower(view_pace *p);
/* Jump to `speed` (rounded up to a ladder value; 0 = max). */
void view_pace_set(view_pace *p, int speed);
/* Pause or resume; resuming forgets what was owed. */
void view_pace_pause(view_pace *p, bool paused);

/* Ticks due after dt more wall seconds at the current speed (0 when paused;
 * UINT64_MAX at max speed: run until the deadline). dt is clamped to
 * [0, VIEW_PACE_MAX_DT]. */
uint64_t view_pace_due(view_pace *p, double dt);
/* Report that `ran` of the `due` ticks ran. When fewer ran (the deadline
 * came first) the rest is dropped. */
void view_pace_ran(view_pace *p, uint64_t due, uint64_t ran);

/* Count `ran` ticks at wall time `now` (seconds, non-decreasing); the rate
 * is refreshed about once a second. */
void view_pace_count(view_pace *p, double now, uint64_t ran);

/* ---- the chemical plot's time window ------------------------------------- */

/* Window in creature seconds. */
double view_pace_window(const view_pace *p);
/* Shorter / longer by one step of the ladder (1 min ... 10 days); leaves
 * automatic mode. */
void view_pace_zoom(view_pace *p, int steps);
/* Back to the automatic window. */
void view_pace_window_auto(view_pace *p);
/* Automatic mode: pick the window for the speed (about a minute of wall
 * time's worth of creature time; at max, from the measured rate), but never
 * much longer than the creature's age (age_s), so a young creature's whole
 * life fills the plot. Nothing changes outside automatic mode. */
void view_pace_update_window(view_pace *p, double age_s);

/* World ticks between plot samples for the current window: about 1500
 * samples per window, at least every tick. */
uint64_t view_pace_sample_every(const view_pace *p);

#endif
