/* pace.c — speed ladder, tick budget arithmetic and plot window of the live
 * viewer (see pace.h). */
#include "viewer/pace.h"

#include <math.h>
#include <stdio.h>

#include "engine/engine.h"

_Static_assert((int)VIEW_PACE_TPS == (int)CREATURE_TICKS_PER_SECOND, "the viewer's x1 must be real time");

/* 1-2-5 steps, then "as fast as possible". */
static const int speeds[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, VIEW_SPEED_MAX};
enum { NSPEEDS = sizeof speeds / sizeof speeds[0] };

/* Plot windows in creature seconds: round numbers on a clock. */
static const double windows[] = {60,    120,   300,   600,    1200,   1800,   3600,   7200,
                                 10800, 21600, 43200, 86400,  172800, 432000, 864000};
enum { NWINDOWS = sizeof windows / sizeof windows[0] };

/* Wall seconds of creature life the automatic window tries to show. */
#define AUTO_WALL_SECONDS 60.0
/* Samples per plot window (the plot reduces per pixel column anyway). */
#define SAMPLES_PER_WINDOW 1500

void view_pace_init(view_pace *p, int speed)
{
	*p = (view_pace){0};
	p->meas_t0 = -1;
	p->window_auto = true;
	view_pace_set(p, speed);
	view_pace_update_window(p, 0);
}

int view_pace_speed(const view_pace *p)
{
	return speeds[p->level];
}

const char *view_pace_label(const view_pace *p, char *buf, size_t n)
{
	int s = view_pace_speed(p);
	if (s == VIEW_SPEED_MAX)
		snprintf(buf, n, "max");
	else
		snprintf(buf, n, "x%d", s);
	return buf;
}

void view_pace_faster(view_pace *p)
{
	if (p->level + 1 < NSPEEDS)
		p->level++;
	p->owed = 0;
}

void view_pace_slower(view_pace *p)
{
	if (p->level > 0)
		p->level--;
	p->owed = 0;
}

void view_pace_set(view_pace *p, int speed)
{
	int level = NSPEEDS - 1; /* max, unless a ladder step is at least `speed` */
	if (speed > 0)
		for (int i = 0; i < NSPEEDS - 1; i++)
			if (speeds[i] >= speed) {
				level = i;
				break;
			}
	p->level = level;
	p->owed = 0;
}

void view_pace_pause(view_pace *p, bool paused)
{
	p->paused = paused;
	p->owed = 0;
}

uint64_t view_pace_due(view_pace *p, double dt)
{
	if (p->paused)
		return 0;
	int s = view_pace_speed(p);
	if (s == VIEW_SPEED_MAX)
		return UINT64_MAX;
	if (!(dt > 0))
		dt = 0;
	if (dt > VIEW_PACE_MAX_DT)
		dt = VIEW_PACE_MAX_DT;
	p->owed += dt * VIEW_PACE_TPS * s;
	return (uint64_t)floor(p->owed);
}

void view_pace_ran(view_pace *p, uint64_t due, uint64_t ran)
{
	if (view_pace_speed(p) == VIEW_SPEED_MAX || p->paused)
		return;
	if (ran >= due)
		p->owed -= (double)ran;
	else
		p->owed -= floor(p->owed); /* behind: keep only the fraction */
	if (p->owed < 0)
		p->owed = 0;
}

void view_pace_count(view_pace *p, double now, uint64_t ran)
{
	if (p->meas_t0 < 0 || now < p->meas_t0) {
		p->meas_t0 = now;
		p->meas_n = 0;
	}
	p->meas_n += ran;
	double span = now - p->meas_t0;
	if (span >= 1.0) {
		p->rate = p->meas_n / span;
		p->meas_t0 = now;
		p->meas_n = 0;
	}
}

double view_pace_window(const view_pace *p)
{
	return windows[p->window_level];
}

void view_pace_zoom(view_pace *p, int steps)
{
	int l = p->window_level + steps;
	p->window_level = l < 0 ? 0 : l >= NWINDOWS ? NWINDOWS - 1 : l;
	p->window_auto = false;
}

void view_pace_window_auto(view_pace *p)
{
	p->window_auto = true;
}

/* Smallest window level holding `secs` (the last one if none does). */
static int level_for(double secs)
{
	for (int i = 0; i < NWINDOWS; i++)
		if (windows[i] >= secs)
			return i;
	return NWINDOWS - 1;
}

void view_pace_update_window(view_pace *p, double age_s)
{
	if (!p->window_auto)
		return;
	int s = view_pace_speed(p);
	double per_wall = s == VIEW_SPEED_MAX ? p->rate / VIEW_PACE_TPS : s; /* creature s per wall s */
	int want = level_for(per_wall * AUTO_WALL_SECONDS);
	int young = level_for(age_s);
	if (young < want)
		want = young;
	/* At max the rate wobbles: grow at once, shrink only when two steps
	 * off, so the axis does not flicker between neighbours. */
	if (s != VIEW_SPEED_MAX || want > p->window_level || want < p->window_level - 1)
		p->window_level = want;
}

uint64_t view_pace_sample_every(const view_pace *p)
{
	double ticks = view_pace_window(p) * VIEW_PACE_TPS / SAMPLES_PER_WINDOW;
	return ticks < 1 ? 1 : (uint64_t)ticks;
}
