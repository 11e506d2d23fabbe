/* plotmarks.h — the moments a plot marks (cli/plotreq.h: cli_plot_mark):
 * changes of life stage and death, as `c2rt plot` finds them in a trace and
 * `run --plot` as the run goes, and the events of an events file. A bounded
 * list: stages and death always fit (a life has a few), events up to
 * CLI_MARKS_EVENTS_MAX (a repeating event over a long life would draw a
 * solid wall; the plot says how many were left out in no way but the
 * count the command prints). */
#ifndef C2_CLI_PLOTMARKS_H
#define C2_CLI_PLOTMARKS_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/plotreq.h"
#include "engine/events.h"

enum { CLI_MARKS_EVENTS_MAX = 2000, CLI_MARKS_LIFE_MAX = 64 };

typedef struct cli_marks {
	cli_plot_mark v[CLI_MARKS_EVENTS_MAX + CLI_MARKS_LIFE_MAX];
	char label[CLI_MARKS_LIFE_MAX][CLI_PLOT_MARK_TEXT_MAX + 1];
	int n, nlife;
	long events_left_out; /* events past CLI_MARKS_EVENTS_MAX */
	int nevents;
	char stage[32];       /* the stage last seen ("" before the first) */
	bool dead;            /* death marked */
} cli_marks;

void cli_marks_init(cli_marks *m);

/* One sample of the creature's life at t seconds: its stage (a name) and
 * whether it is alive. Marks the stage when it differs from the sample
 * before's (not the first sample's), and the first sample dead. */
void cli_marks_life(cli_marks *m, double t, const char *stage, bool alive);

/* Mark every event of ev due at a tick up to last_tick (10 ticks a
 * creature second), each labelled with its command's name. */
void cli_marks_events(cli_marks *m, const creature_events *ev, uint64_t last_tick);

/* The marks for a request: q->marks and q->nmarks. */
void cli_marks_put(const cli_marks *m, cli_plot_req *q);

#endif
