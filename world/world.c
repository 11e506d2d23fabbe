/* world.c — the world's objects and creatures, its step and what it reads.
 *
 * Sources of the rules (tags as in world.h; the research note's names):
 *   [D] CAOS guide: Creatures 2 CAOS Language Guide (event numbers, BHVR,
 *       ATTR, STM#, APPR, TOUC, IMPT); creatures.wiki "STIM WRIT", "Pear
 *       Plant" (food doses), world-reference §5 (a norn is about 50 px wide).
 *   [O] LibreCreatures (C1 decompilation), src/c1/creatures/creature.cpp:
 *       can_perceive, update_perception, update_attention, set_action,
 *       select_walk_gait, apply_stimulus; src/c1/application/document.cpp
 *       (the built-in action scripts: wait 4, event, wait 20); openc2e
 *       src/openc2e/Agent.cpp (range 500), CreatureAI.cpp (chooseAgents).
 *   [I] ours where the sources are silent: each is a world option. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "world/internal.h"

#define C2_OPTION_STRUCT world_options
#define WORLD_NO_MODES(X)
C2_OPTION_TABLE_LATE(world_option_tab, "world", WORLD_OPTIONS, WORLD_POP_OPTIONS, WORLD_NO_MODES);

void world_options_default(world_options *o)
{
	c2_options_default(&world_option_tab, o);
}

void world_free(world *w)
{
	if (!w)
		return;
	for (size_t k = 0; k < w->ncrts; k++)
		creature_free(w->crts[k].c);
	free(w->crts);
	free(w->objs);
	free(w->kinds);
	free(w->ops);
	free(w->text);
	free(w->log);
	w_pop_free(w);
	free(w);
}

/* ---- objects --------------------------------------------------------------------- */

int w_obj_new(world *w, uint16_t kind, int64_t x, const char *name)
{
	if (w->nobjs == WORLD_MAX_OBJECTS)
		return -1;
	if (w->nobjs == w->capobjs) {
		size_t cap = w->capobjs ? w->capobjs * 2 : 16;
		w_obj *v = realloc(w->objs, cap * sizeof *v);
		if (!v)
			return -1;
		w->objs = v;
		w->capobjs = cap;
	}
	w_kind *k = &w->kinds[kind];
	w_obj *o = &w->objs[w->nobjs];
	memset(o, 0, sizeof *o);
	k->created++;
	if (name)
		snprintf(o->name, sizeof o->name, "%s", name);
	else /* a kind's name is at most WORLD_MAX_NAME - 1 long: leave room for .N */
		snprintf(o->name, sizeof o->name, "%.20s.%u", k->name, (unsigned)k->created);
	o->kind = kind;
	o->state = WORLD_OBJ_PRESENT;
	o->carrier = -1;
	o->x = x;
	o->timer = k->timer;
	return (int)w->nobjs++;
}

int w_obj_find(const world *w, const char *name, size_t n)
{
	if (n >= WORLD_MAX_NAME)
		return -1;
	for (size_t id = 0; id < w->nobjs; id++)
		if (strlen(w->objs[id].name) == n && !memcmp(w->objs[id].name, name, n))
			return (int)id;
	return -1;
}

int64_t w_clamp(const world *w, int64_t x, int64_t width)
{
	int64_t lo = w_left(w) + width / 2, hi = w_right(w) - (width - width / 2);
	if (lo > hi)
		return (w_left(w) + w_right(w)) / 2; /* wider than the world: in its middle */
	return x < lo ? lo : x > hi ? hi : x;
}

int w_room_at(const world *w, int64_t x)
{
	for (size_t r = 0; r + 1 < w->nrooms; r++)
		if (x < w->rooms[r].x1)
			return (int)r;
	return (int)w->nrooms - 1;
}

/* ---- creatures ------------------------------------------------------------------ */

/* The room's environment on the creature's sensorimotor loci: temperature
 * below 128 is air coldness, above it air hotness, twice the difference
 * [I]; light, air quality and radiation as they are. */
void w_set_env(world *w, size_t k)
{
	const w_room *r = &w->rooms[w->crts[k].room];
	creature *c = w->crts[k].c;
	int t = r->temperature;
	creature_set_env(c, GENOME_SM_AIR_COLDNESS, (uint8_t)(t < 128 ? (128 - t) * 2 > 255 ? 255 : (128 - t) * 2 : 0));
	creature_set_env(c, GENOME_SM_AIR_HOTNESS, (uint8_t)(t > 128 ? (t - 128) * 2 : 0));
	creature_set_env(c, GENOME_SM_LIGHT_LEVEL, r->light);
	creature_set_env(c, GENOME_SM_AIR_QUALITY, r->air);
	creature_set_env(c, GENOME_SM_AMBIENT_RADIATION, r->radiation);
}

int w_add_crt(world *w, creature *c, c2_err *err)
{
	if (w->ncrts == WORLD_MAX_CREATURES)
		return c2_fail(err, C2_ETOOBIG, -1, -1, "a world holds at most %d creatures",
		               WORLD_MAX_CREATURES);
	w_crt *v = realloc(w->crts, (w->ncrts + 1) * sizeof *v);
	if (!v)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	w->crts = v;
	size_t k = w->ncrts;
	w_crt *cr = &w->crts[k];
	memset(cr, 0, sizeof *cr);
	cr->c = c;
	if (w->nstarts) {
		size_t s = k < w->nstarts ? k : w->nstarts - 1;
		cr->x = w->starts[s].x;
		cr->facing = w->starts[s].facing;
	} else {
		cr->x = (w->rooms[0].x0 + w->rooms[0].x1) / 2;
		cr->facing = 1;
	}
	cr->x = w_clamp(w, cr->x, w_crt_width(w));
	cr->room = (uint8_t)w_room_at(w, cr->x);
	cr->alive_seen = creature_alive(c);
	cr->carried = cr->it = cr->target = -1;
	cr->edge_last = -1;
	cr->act = cr->acted = cr->acted_event = -1;
	cr->phase = PH_STAND;
	for (int cat = 0; cat < WORLD_NCAT; cat++) {
		cr->rep[cat] = -1;
		cr->goal_x[cat] = -1;
	}
	cr->mother = cr->father = -1;
	cr->egg = cr->obj = cr->unborn = -1;
	w->ncrts++;
	creature_set_in_world(c, true);
	return 0;
}

/* A creature that died lets go of what it carried, where it lies. */
static void died(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	cr->alive_seen = false;
	if (cr->carried >= 0)
		w_put_down(w, cr->carried, cr->x);
	cr->it = cr->target = -1;
	cr->act = -1;
	cr->phase = PH_STAND;
	w_pop_died(w, k);
}

void world_step(world *w, const world_events *ev)
{
	w_hand_tick(w);
	if (ev)
		w_events_apply(w, ev);
	/* objects first, then creatures (C1's world update [O]): a timer of N
	 * ticks set at tick T fires at T + N */
	w_objects_tick(w);
	for (size_t k = 0; k < w->ncrts; k++) {
		w_crt *cr = &w->crts[k];
		cr->acted = cr->acted_event = -1; /* this tick's act (the events' `when` rules) */
		if (creature_alive(cr->c)) {
			w_perceive(w, k);
			w_update_it(w, k);
			if (w->opt.goal_direction)
				w_goal(w, k);
			w_pre_step(w, k);
			w_pop_pre(w, k);
		}
		creature_step(cr->c, k == 0 && ev ? world_events_engine(ev) : NULL);
		if (creature_alive(cr->c)) {
			w_update_it(w, k);
			w_act(w, k);
			w_pop_post(w, k);
		} else if (cr->alive_seen) {
			died(w, k);
		}
	}
	if (ev)
		w_events_react(w, ev);
	w_pop_tick(w);
	w->tick++;
}

/* ---- reading ----------------------------------------------------------------------- */

uint64_t world_ticks(const world *w) { return w->tick; }
const world_options *world_get_options(const world *w) { return &w->opt; }
size_t world_creature_count(const world *w) { return w->ncrts; }
size_t world_room_count(const world *w) { return w->nrooms; }
size_t world_object_count(const world *w) { return w->nobjs; }

creature *world_creature(world *w, size_t i)
{
	return i < w->ncrts ? w->crts[i].c : NULL;
}

const creature *world_creature_const(const world *w, size_t i)
{
	return i < w->ncrts ? w->crts[i].c : NULL;
}

int world_room(const world *w, size_t i, world_room_info *out)
{
	if (i >= w->nrooms)
		return -1;
	const w_room *r = &w->rooms[i];
	*out = (world_room_info){r->name, (double)r->x0 / WORLD_FX, (double)r->x1 / WORLD_FX,
	                         r->temperature, r->light, r->air, r->radiation};
	return 0;
}

int world_object(const world *w, size_t id, world_object_info *out)
{
	if (id >= w->nobjs)
		return -1;
	const w_obj *o = &w->objs[id];
	const w_kind *k = w_kind_of(w, o);
	*out = (world_object_info){o->name, k->name, k->category, (double)o->x / WORLD_FX,
	                           k->width, (world_object_state)o->state, w_visible(w, o),
	                           o->carrier, w_obj_creature(w, (int)id), "", -1};
	for (size_t i = 0; i < w->nunborn; i++)
		if (w->unborn[i].egg == (int32_t)id)
			memcpy(out->child, w->unborn[i].moniker, 5);
	for (size_t c = 0; c < w->ncrts && out->creature < 0; c++)
		if (w->crts[c].egg == (int32_t)id) {
			memcpy(out->child, w->crts[c].moniker, 5);
			out->hatches_as = (int)c;
		}
	return 0;
}

int world_creature_get(const world *w, size_t i, world_creature_info *out)
{
	static const char *const phases[] = {"stand", "approach", "recover", "walk", "run", "done"};
	if (i >= w->ncrts)
		return -1;
	const w_crt *cr = &w->crts[i];
	*out = (world_creature_info){(double)cr->x / WORLD_FX, cr->facing, cr->room, cr->it, 0,
	                             cr->carried, cr->act, phases[cr->phase], cr->acted_event,
	                             cr->acted_event >= 0 ? w->kinds[cr->acted_kind].category : -1,
	                             "", -1, -1, 0, false, false, -1, -1};
	if (cr->it >= 0)
		out->it_distance = (double)w_abs64(w->objs[cr->it].x - cr->x) / WORLD_FX;
	memcpy(out->moniker, cr->moniker, 5);
	out->mother = cr->mother;
	out->father = cr->father;
	out->generation = cr->generation;
	out->alive = creature_alive(cr->c);
	out->pregnant = cr->unborn >= 0;
	out->egg = cr->egg;
	out->object = cr->obj;
	return 0;
}
