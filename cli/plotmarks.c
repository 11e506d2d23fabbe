/* plotmarks.c — stages, death and events as a plot's marks (plotmarks.h). */
#include "cli/plotmarks.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"

void cli_marks_init(cli_marks *m)
{
	memset(m, 0, sizeof *m);
}

static void add_life(cli_marks *m, double t, int kind, const char *label)
{
	if (m->nlife >= CLI_MARKS_LIFE_MAX)
		return;
	snprintf(m->label[m->nlife], sizeof m->label[0], "%s", label);
	m->v[m->n++] = (cli_plot_mark){t, kind, m->label[m->nlife]};
	m->nlife++;
}

void cli_marks_life(cli_marks *m, double t, const char *stage, bool alive)
{
	if (m->stage[0] && strcmp(m->stage, stage) != 0 && !m->dead)
		add_life(m, t, CLI_PLOT_MARK_STAGE, stage);
	snprintf(m->stage, sizeof m->stage, "%s", stage);
	if (!alive && !m->dead) {
		add_life(m, t, CLI_PLOT_MARK_DEATH, "death");
		m->dead = true;
	}
}

void cli_marks_events(cli_marks *m, const creature_events *ev, uint64_t last_tick)
{
	for (size_t i = 0; i < ev->n; i++) {
		const creature_event *e = &ev->v[i];
		const char *name = creature_events_commands[e->cmd].name;
		for (uint64_t t = e->at; t <= last_tick && t <= e->until;) {
			if (m->nevents >= CLI_MARKS_EVENTS_MAX) {
				m->events_left_out++;
				if (m->events_left_out > 1000000)
					return; /* enough to say "more": no need to count them all */
			} else {
				m->v[m->n++] = (cli_plot_mark){(double)t / CREATURE_TICKS_PER_SECOND,
				                               CLI_PLOT_MARK_EVENT, name};
				m->nevents++;
			}
			if (e->every == 0 || t > UINT64_MAX - e->every)
				break;
			t += e->every;
		}
	}
}

void cli_marks_put(const cli_marks *m, cli_plot_req *q)
{
	q->marks = m->v;
	q->nmarks = m->n;
}
