/* perceive.c — what a creature sees and hears, its representatives, IT,
 * and the stimuli the engine of C2 made from them (world.h; docs/world.md:
 * perception).
 *
 * Sight [O C1 can_perceive; openc2e agentIsVisible]: an object that is not
 * invisible (ATTR 16 [D]), in the creature's room (option sight_rooms),
 * within sight_range px of it (centre to centre), either way or only the
 * way it faces (sight_facing). One representative per category, kept while
 * it is seen; a category newly seen or whose representative was lost gets
 * the nearest one seen (ties: the lower id), or a random one (option
 * representative). IT is the representative of the attention winner's
 * category (none for the creature itself, category 0). */
#include "world/internal.h"

/* The stretch of floor creature cr sees, [*lo, *hi]: within sight_range
 * of it, in its room (a room holds [x0, x1), the last one [x0, x1]), on the
 * side it faces with sight_facing. Worked out once per look. */
static void sight_span(const world *w, const w_crt *cr, int64_t *lo, int64_t *hi)
{
	int64_t r = (int64_t)w->opt.sight_range * WORLD_FX;
	*lo = cr->x - r;
	*hi = cr->x + r;
	if (w->opt.sight_rooms == 0) {
		const w_room *rm = &w->rooms[cr->room];
		int64_t end = (size_t)cr->room + 1 == w->nrooms ? rm->x1 : rm->x1 - 1;
		*lo = *lo > rm->x0 ? *lo : rm->x0;
		*hi = *hi < end ? *hi : end;
	}
	if (w->opt.sight_facing && cr->facing > 0)
		*lo = *lo > cr->x ? *lo : cr->x;
	else if (w->opt.sight_facing)
		*hi = *hi < cr->x ? *hi : cr->x;
}

bool w_in_sight(const world *w, const w_crt *cr, int64_t x)
{
	int64_t lo, hi;
	sight_span(w, cr, &lo, &hi);
	return x >= lo && x <= hi;
}

bool w_sees(const world *w, const w_crt *cr, const w_obj *o)
{
	return w_visible(w, o) && w_in_sight(w, cr, o->x) && (cr->obj < 0 || o != &w->objs[cr->obj]);
}

bool w_hears(const world *w, const w_crt *cr, int64_t x)
{
	return w_abs64(x - cr->x) <= (int64_t)w->opt.hearing_range * WORLD_FX &&
	       w_room_at(w, x) == cr->room;
}

int64_t w_gap(const world *w, const w_crt *cr, const w_obj *o)
{
	return w_abs64(o->x - cr->x) - (w_crt_width(w) + w_obj_width(w, o)) / 2;
}

bool w_touches(const world *w, const w_crt *cr, const w_obj *o)
{
	return o->state == WORLD_OBJ_PRESENT && w_gap(w, cr, o) <= (int64_t)w->opt.reach * WORLD_FX;
}

/* A stimulus the perception makes: from a category, by its own gene. */
static void fire(world *w, size_t k, uint8_t number, int cat, int id, int64_t moved)
{
	int64_t px = moved / WORLD_FX;
	w_stimulus(w, k, number, cat, id, (uint8_t)(px > 255 ? 255 : px));
}

/* The r-th object of category `cat` creature k sees (a random pick). */
static int nth_seen(const world *w, const w_crt *cr, int cat, uint32_t r)
{
	int64_t lo, hi;
	sight_span(w, cr, &lo, &hi);
	for (size_t id = 0; id < w->nobjs; id++) {
		const w_obj *o = &w->objs[id];
		if (w_kind_of(w, o)->category == cat && w_visible(w, o) && o->x >= lo && o->x <= hi &&
		    (int32_t)id != cr->obj && r-- == 0)
			return (int)id;
	}
	return -1;
}

/* A category's representative became a new object: "object comes into
 * view" (stimulus 8) from it, m 180 the first time the category is ever
 * seen, 80 later [O C1]. */
static void came_into_view(world *w, size_t k, int cat, int id)
{
	w_crt *cr = &w->crts[k];
	uint64_t bit = 1ull << cat;
	uint8_t m = (uint8_t)(cr->seen_ever & bit ? w->opt.view_again_m : w->opt.view_first_m);
	cr->seen_ever |= bit;
	w_stimulus(w, k, GENOME_STIM_OBJECT_IN_VIEW, cat, id, m);
}

/* An object whose distance moved by more than move_threshold since the
 * last check: `closer` / `farther` from its category, m = px moved
 * (clamped to 255) [O C1]. *last < 0: no check yet. */
static void distance_check(world *w, size_t k, int id, int64_t *last, uint8_t closer,
                           uint8_t farther)
{
	w_crt *cr = &w->crts[k];
	int64_t d = w_abs64(w->objs[id].x - cr->x);
	if (*last < 0) {
		*last = d;
		return;
	}
	int64_t moved = d - *last;
	if (w_abs64(moved) <= (int64_t)w->opt.move_threshold * WORLD_FX)
		return;
	*last = d;
	fire(w, k, moved < 0 ? closer : farther, w_kind_of(w, &w->objs[id])->category, id,
	     w_abs64(moved));
}

/* keep_unseen [O C1 update_perception, update.cpp]: may the unseen
 * representative of `cat` stay (true: nothing else to do), with `id` the
 * object of that category seen now, if any? It stays while it is in the
 * creature's room (the whole floor with sight_rooms=floor), visible and of
 * that category, unless another one is seen and it is not IT; replaced or
 * lost, the category's attention cell is cleared. */
static bool kept_unseen(world *w, size_t k, int cat, int id)
{
	w_crt *cr = &w->crts[k];
	int rep = cr->rep[cat];
	if (rep < 0)
		return false;
	const w_obj *o = &w->objs[rep];
	bool held = w_visible(w, o) && w_kind_of(w, o)->category == cat &&
	            (w->opt.sight_rooms == 1 || w_room_at(w, o->x) == cr->room);
	if (held && (id < 0 || rep == cr->it)) {
		cr->repseen &= ~(1ull << cat);
		return true;
	}
	creature_nudge_cell(cr->c, GENOME_LOBE_ATTENTION, (unsigned)cat, -255);
	return false;
}

/* keep_unseen: a kept representative back in sight (bit set in `seen`)
 * comes into view again at view_return_m [O C1]; every representative in
 * sight is marked so. */
static void back_in_view(world *w, size_t k, uint64_t seen)
{
	w_crt *cr = &w->crts[k];
	for (uint64_t back = seen & cr->repmask & ~cr->repseen & ~1ull; back; back &= back - 1) {
		int cat = __builtin_ctzll(back);
		w_stimulus(w, k, GENOME_STIM_OBJECT_IN_VIEW, cat, cr->rep[cat], (uint8_t)w->opt.view_return_m);
	}
	cr->repseen |= seen & cr->repmask;
}

void w_perceive(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	if (!w->opt.perceive_asleep && (creature_asleep(cr->c) || creature_dreaming(cr->c)))
		return;
	if (w->tick % (uint64_t)w->opt.perceive_period != 0)
		return;
	int best[WORLD_NCAT];
	int64_t bestd[WORLD_NCAT];
	uint32_t nseen[WORLD_NCAT] = {0};
	uint64_t keep = 0, seen = 0;
	for (int cat = 0; cat < WORLD_NCAT; cat++)
		best[cat] = -1;
	int64_t lo, hi;
	sight_span(w, cr, &lo, &hi);
	for (size_t id = 0; id < w->nobjs; id++) {
		const w_obj *o = &w->objs[id];
		if (o->x < lo || o->x > hi || !w_visible(w, o) || (int32_t)id == cr->obj)
			continue; /* not itself: its own object is another creature's sight */
		int cat = w_kind_of(w, o)->category;
		int64_t d = w_abs64(o->x - cr->x);
		nseen[cat]++;
		seen |= 1ull << cat;
		if (best[cat] < 0 || d < bestd[cat]) {
			best[cat] = (int)id;
			bestd[cat] = d;
		}
		if (cr->rep[cat] == (int)id)
			keep |= 1ull << cat;
	}
	/* the categories to look at again: seen now, or with a representative
	 * (lost unless kept) */
	for (uint64_t look = (seen | cr->repmask) & ~keep & ~1ull; look; look &= look - 1) {
		int cat = __builtin_ctzll(look);
		int id = best[cat];
		if (id >= 0 && w->opt.representative == 1)
			id = nth_seen(w, cr, cat, c2_rng_below(&w->rng, nseen[cat]));
		if (w->opt.keep_unseen && kept_unseen(w, k, cat, id))
			continue;
		if (id == cr->rep[cat])
			continue;
		w_set_rep(w, cr, cat, id);
		if (id >= 0) {
			came_into_view(w, k, cat, id);
			cr->repseen |= 1ull << cat;
		}
	}
	if (w->opt.keep_unseen)
		back_in_view(w, k, keep);
	/* IT coming or going, and the nearest edge [O C1]. */
	if (cr->it >= 0 && cr->rep[w_kind_of(w, &w->objs[cr->it])->category] == cr->it)
		distance_check(w, k, cr->it, &cr->it_last, GENOME_STIM_APPROACHING, GENOME_STIM_RETREATING);
	if (best[GENOME_CAT_EDGE] >= 0)
		distance_check(w, k, best[GENOME_CAT_EDGE], &cr->edge_last, GENOME_STIM_APPROACHING_EDGE,
		               GENOME_STIM_RETREATING_EDGE);
	else
		cr->edge_last = -1;
}

void w_update_it(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	int cat = creature_object(cr->c);
	int it = cat > GENOME_CAT_SELF && cat < WORLD_NCAT ? cr->rep[cat] : -1;
	if (it == cr->it)
		return;
	cr->it = it;
	w_log *l = w_log_add(w, LOG_IT, (int)k, it);
	if (l)
		l->a = (int16_t)cat;
	if (it < 0)
		return;
	cr->it_last = w_abs64(w->objs[it].x - cr->x);
	/* C1 [O]: a new IT clears the decision, sense and source lobes and
	 * gives its source cell a start; the action restarts (w_act). */
	if (w->opt.it_change_reset)
		creature_clear_attention(cr->c, cat, (uint8_t)w->opt.it_boost);
}
