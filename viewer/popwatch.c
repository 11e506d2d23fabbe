/* popwatch.c — the live viewer's watch on a population (see popwatch.h). */
#include "viewer/popwatch.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { POP_ALIVE = 1, POP_PREGNANT = 2 };

void view_pop_clock(uint64_t t, char *buf, size_t n)
{
	uint64_t s = t * CREATURE_TICK_MS / 1000;
	snprintf(buf, n, "%llu:%02u:%02u", (unsigned long long)(s / 3600), (unsigned)(s / 60 % 60),
	         (unsigned)(s % 60));
}

bool view_pop_is_egg(const world_object_info *oi)
{
	return oi->child[0] != '\0' || (oi->kind && !strcmp(oi->kind, "egg"));
}

static uint8_t state_of(const world_creature_info *ci)
{
	return (uint8_t)((ci->alive ? POP_ALIVE : 0) | (ci->pregnant ? POP_PREGNANT : 0));
}

void view_pop_init(view_pop *p, const world *w, double wall)
{
	(void)wall;
	memset(p, 0, sizeof *p);
	p->ncreatures = world_creature_count(w);
	for (size_t i = 0; i < p->ncreatures && i < WORLD_MAX_CREATURES; i++) {
		world_creature_info ci;
		if (world_creature_get(w, i, &ci) == 0)
			p->state[i] = state_of(&ci);
	}
	p->nobjects = world_object_count(w);
	for (size_t id = 0; id < WORLD_MAX_OBJECTS; id++)
		p->laid[id] = -1;
}

static void add_line(view_pop *p, const world *w, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A line "h:mm:ss  what" at the world's tick. */
static void add_line(view_pop *p, const world *w, const char *fmt, ...)
{
	p->added++;
	p->head = (p->head + 1) % VIEW_POP_LINES;
	if (p->nlines < VIEW_POP_LINES)
		p->nlines++;
	char *s = p->lines[p->head];
	view_pop_clock(world_ticks(w), s, VIEW_POP_LINE);
	size_t n = strlen(s);
	snprintf(s + n, VIEW_POP_LINE - n, "  ");
	n += 2;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s + n, VIEW_POP_LINE - n, fmt, ap);
	va_end(ap);
}

static const char *moniker_or(const world *w, int i)
{
	const char *m = i >= 0 ? world_creature_moniker(w, (size_t)i) : NULL;
	return m && *m ? m : "?";
}

/* A creature the watch has not seen: hatched (from its egg), or a founder
 * added later. */
static void born(view_pop *p, const world *w, size_t i, const world_creature_info *ci, double wall)
{
	const char *sex = creature_sex(world_creature_const(w, i)) == GENOME_MALE ? "\xe2\x99\x82" : "\xe2\x99\x80";
	if (ci->mother >= 0) /* which egg: the line that laid it says */
		add_line(p, w, "%s %s hatched (%s \xc3\x97 %s, gen %u)", ci->moniker, sex, moniker_or(w, ci->mother),
		         moniker_or(w, ci->father), ci->generation);
	else
		add_line(p, w, "%s %s joined (gen %u)", ci->moniker, sex, ci->generation);
	p->births++;
	p->born_head = (p->born_head + 1) % VIEW_POP_FLASH;
	if (p->nborn < VIEW_POP_FLASH)
		p->nborn++;
	p->born[p->born_head].creature = (int)i;
	p->born[p->born_head].tick = world_ticks(w);
	p->born[p->born_head].wall = wall;
}

/* A creature seen before whose state changed. */
static void changed(view_pop *p, const world *w, size_t i, const world_creature_info *ci, uint8_t was)
{
	uint8_t now = state_of(ci);
	if ((was & POP_ALIVE) && !(now & POP_ALIVE)) {
		const creature *c = world_creature_const(w, i);
		add_line(p, w, "%s died: %s", ci->moniker, creature_death_name(creature_cause_of_death(c)));
		p->deaths++;
	} else if (!(was & POP_PREGNANT) && (now & POP_PREGNANT)) {
		add_line(p, w, "%s is pregnant", ci->moniker);
	}
}

/* Objects the watch has not seen: the eggs among them were laid now. */
static void new_objects(view_pop *p, const world *w)
{
	size_t n = world_object_count(w);
	for (size_t id = p->nobjects; id < n; id++) {
		world_object_info oi;
		if (world_object(w, id, &oi) != 0 || !view_pop_is_egg(&oi))
			continue;
		if (id < WORLD_MAX_OBJECTS)
			p->laid[id] = (int64_t)world_ticks(w);
		int carrier = oi.carrier >= 0 ? oi.carrier : -1;
		add_line(p, w, "%s laid%s%s (%s inside)", oi.name ? oi.name : "an egg", carrier >= 0 ? " by " : "",
		         carrier >= 0 ? moniker_or(w, carrier) : "", oi.child[0] ? oi.child : "?");
		p->eggs++;
	}
	p->nobjects = n;
}

int view_pop_watch(view_pop *p, const world *w, double wall)
{
	uint64_t before = p->added;
	new_objects(p, w);
	size_t n = world_creature_count(w);
	for (size_t i = 0; i < n && i < WORLD_MAX_CREATURES; i++) {
		world_creature_info ci;
		if (world_creature_get(w, i, &ci) != 0)
			continue;
		if (i >= p->ncreatures)
			born(p, w, i, &ci, wall);
		else if (state_of(&ci) != p->state[i])
			changed(p, w, i, &ci, p->state[i]);
		p->state[i] = state_of(&ci);
	}
	p->ncreatures = n;
	return (int)(p->added - before);
}

const char *view_pop_line(const view_pop *p, int k)
{
	if (k < 0 || k >= p->nlines)
		return NULL;
	return p->lines[(p->head - k + VIEW_POP_LINES) % VIEW_POP_LINES];
}

bool view_pop_flashing(const view_pop *p, size_t i, uint64_t tick, double wall)
{
	for (int k = 0; k < p->nborn; k++) {
		const view_pop_birth *b = &p->born[(p->born_head - k + VIEW_POP_FLASH) % VIEW_POP_FLASH];
		if (b->creature == (int)i &&
		    (tick - b->tick < VIEW_POP_FLASH_TICKS || wall - b->wall < VIEW_POP_FLASH_SECONDS))
			return true;
	}
	return false;
}

int64_t view_pop_hatch_in(const view_pop *p, const world *w, size_t id)
{
	if (id >= WORLD_MAX_OBJECTS || p->laid[id] < 0)
		return -1;
	int64_t left = p->laid[id] + world_get_options(w)->egg_hatch_ticks - (int64_t)world_ticks(w);
	return left > 0 ? left : 0;
}
