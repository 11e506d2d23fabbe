/* objects.c — what objects do: their handlers (`on KIND EVENT ACTION`, in
 * file order), timers, vanishing and regrowing, rolling, and being carried
 * (world.h; docs/world.md: world files).
 *
 * A handler's stimulus reaches its scope as CAOS's STM# / STIM did [D]:
 * WRIT the actor, SIGN every creature that sees the object, SHOU every
 * creature in earshot, TACT every creature touching it; from the object's
 * category. roll and move act on an object on the floor only (not one
 * being carried). */
#include <string.h>

#include "world/internal.h"

/* What every stimulus the world gives does besides the creature's own
 * response: C1 [O] made the object that stimulated the creature stand for
 * its category (representative=stimulus) and learnt what it lowered (goal
 * direction). */
static void stimulated(world *w, size_t k, const genome_stimulus_gene *g, int from, int id,
                       uint8_t m)
{
	w_crt *cr = &w->crts[k];
	if (w->opt.representative == 2 && id > 0 && from > 0 && w_visible(w, &w->objs[id]))
		w_set_rep(w, cr, from, id);
	if (w->opt.goal_direction && from > GENOME_CAT_SELF)
		w_goal_learn(w, k, from, g, m);
}

void w_stimulus(world *w, size_t k, uint8_t number, int from, int id, uint8_t m)
{
	w_crt *cr = &w->crts[k];
	const genome_stimulus_gene *g = creature_stimulus_gene(cr->c, number);
	bool given = g && creature_stimulus_explicit(cr->c, g, from, m);
	w_log *l = w_log_add(w, LOG_STIMULUS, (int)k, id);
	if (l) {
		l->a = number;
		l->b = (int16_t)from;
		l->ndose = g ? 0 : 255; /* 255: the creature has no gene for it */
	}
	if (given)
		stimulated(w, k, g, from, id, m);
}

void w_stim_explicit(world *w, size_t k, const genome_stimulus_gene *g, int from, int id)
{
	bool given = creature_stimulus_explicit(w->crts[k].c, g, from, 255);
	w_log *l = w_log_add(w, LOG_STIMULUS, (int)k, id);
	if (l) {
		l->a = -1;
		l->b = (int16_t)from;
		for (int d = 0; d < 4 && given; d++)
			if (g->dose[d].chemical && g->dose[d].amount) {
				l->chem[l->ndose] = g->dose[d].chemical;
				l->amount[l->ndose++] = g->dose[d].amount;
			}
	}
	if (given)
		stimulated(w, k, g, from, id, 255);
}

/* ---- carrying ---------------------------------------------------------------------- */

static void let_go(world *w, w_obj *o)
{
	if (o->carrier >= 0)
		w->crts[o->carrier].carried = -1;
	else if (o->carrier == WORLD_HAND)
		w->hand_carried = -1;
	o->carrier = -1;
}

void w_put_down(world *w, int id, int64_t x)
{
	w_obj *o = &w->objs[id];
	bool carried = o->carrier != -1;
	let_go(w, o);
	o->x = w_clamp(w, x, w_obj_width(w, o));
	o->vx = 0;
	w_log *l = carried ? w_log_add(w, LOG_CARRY, -1, id) : NULL;
	if (l)
		l->what = "put down";
}

void w_carry(world *w, int id, int carrier)
{
	w_obj *o = &w->objs[id];
	let_go(w, o);
	int64_t x;
	if (carrier == WORLD_HAND) {
		if (w->hand_carried >= 0)
			w_put_down(w, w->hand_carried, w->objs[0].x);
		w->hand_carried = id;
		x = w->objs[0].x;
	} else {
		w_crt *cr = &w->crts[carrier];
		if (cr->carried >= 0) { /* one thing at a time: the old one is dropped [I] */
			int old = cr->carried;
			w_put_down(w, old, cr->x);
			w_object_event(w, old, WORLD_EV_DROP, carrier);
		}
		cr->carried = id;
		x = cr->x;
	}
	o->carrier = (int16_t)carrier;
	o->x = x;
	o->vx = 0;
	w_log *l = w_log_add(w, LOG_CARRY, carrier >= 0 ? carrier : -1, id);
	if (l)
		l->what = carrier == WORLD_HAND ? "taken by the hand" : "taken";
}

/* ---- handlers ---------------------------------------------------------------------- */

static bool in_scope(const world *w, size_t k, const w_obj *o, int scope, int actor)
{
	const w_crt *cr = &w->crts[k];
	if (!creature_alive(cr->c))
		return false;
	switch (scope) {
	case SCOPE_ACTOR:
		return (int)k == actor;
	case SCOPE_SEEN:
		return w_sees(w, cr, o);
	case SCOPE_HEARD:
		return w_hears(w, cr, o->x);
	default:
		return w_touches(w, cr, o);
	}
}

static void set_kind(world *w, int id, uint16_t kind)
{
	w_log *l = w_log_add(w, LOG_BECOME, -1, id);
	if (l)
		l->a = (int16_t)kind;
	w_obj *o = &w->objs[id];
	o->kind = kind;
	o->timer = w->kinds[kind].timer;
}

static void vanish(world *w, int id, int32_t regrow)
{
	w_obj *o = &w->objs[id];
	let_go(w, o);
	o->state = regrow ? WORLD_OBJ_VANISHED : WORLD_OBJ_REMOVED;
	o->regrow = regrow;
	o->timer = 0;
	o->vx = 0;
	w_log *l = w_log_add(w, LOG_VANISH, -1, id);
	if (l)
		l->a = (int16_t)(regrow > 32767 ? 32767 : regrow);
}

static void run_op(world *w, int id, const w_op *op, int actor)
{
	w_obj *o = &w->objs[id];
	int cat = w_kind_of(w, o)->category;
	switch (op->op) {
	case OP_STIMULUS:
	case OP_STIM:
		for (size_t k = 0; k < w->ncrts; k++) {
			if (!in_scope(w, k, o, op->scope, actor))
				continue;
			if (op->op == OP_STIMULUS)
				w_stimulus(w, k, op->number, cat, id, op->m);
			else
				w_stim_explicit(w, k, &op->stim, cat, id);
		}
		break;
	case OP_BECOME:
		set_kind(w, id, (uint16_t)op->arg);
		break;
	case OP_VANISH:
		vanish(w, id, op->arg);
		break;
	case OP_ROLL: {
		if (o->carrier != -1 || o->state != WORLD_OBJ_PRESENT)
			break;
		/* along the actor's facing; with none, on the way it rolled, or east */
		int dir = actor >= 0 ? w->crts[actor].facing : o->vx < 0 ? -1 : 1;
		o->vx = op->arg * WORLD_FX * dir;
		break;
	}
	case OP_MOVE:
		if (o->carrier == -1 && o->state == WORLD_OBJ_PRESENT)
			o->x = w_clamp(w, o->x + (int64_t)op->arg * WORLD_FX, w_obj_width(w, o));
		break;
	default: /* OP_TIMER */
		o->timer = op->arg;
		break;
	}
}

void w_object_event(world *w, int id, int ev, int actor)
{
	/* the handler of the kind the object has now, even if it becomes another */
	const w_kind *k = w_kind_of(w, &w->objs[id]);
	size_t first = k->first[ev], n = k->count[ev];
	for (size_t i = first; i < first + n; i++)
		run_op(w, id, &w->ops[i], actor);
}

/* ---- the objects' tick ---------------------------------------------------------------- */

/* A rolling object moves, bounces off the walls (its collide event) and
 * slows by roll_friction [I]. */
static void roll(world *w, int id)
{
	w_obj *o = &w->objs[id];
	int64_t width = w_obj_width(w, o);
	int64_t x = o->x + o->vx, cx = w_clamp(w, x, width);
	o->x = cx;
	if (cx != x) {
		o->vx = -o->vx;
		w_log_add(w, LOG_COLLIDE, -1, id);
		w_object_event(w, id, WORLD_EV_COLLIDE, -1);
	}
	int32_t f = w->opt.roll_friction;
	if (o->vx > 0)
		o->vx = o->vx > f ? o->vx - f : 0;
	else if (o->vx < 0)
		o->vx = -o->vx > f ? o->vx + f : 0;
}

void w_hand_tick(world *w)
{
	w_obj *h = &w->objs[0];
	if (h->state != WORLD_OBJ_PRESENT || h->timer <= 0 || w->hand_carried >= 0 || --h->timer > 0)
		return;
	h->state = WORLD_OBJ_VANISHED;
	w_log *l = w_log_add(w, LOG_HAND, -1, 0);
	if (l) {
		l->what = "leave";
		l->x = h->x;
	}
}

void w_objects_tick(world *w)
{
	for (size_t id = 1; id < w->nobjs; id++) {
		w_obj *o = &w->objs[id];
		if (!(o->timer | o->regrow | o->vx))
			continue; /* nothing counting down, not rolling: most objects, most ticks */
		if (o->state == WORLD_OBJ_VANISHED) {
			if (o->regrow > 0 && --o->regrow == 0) {
				o->state = WORLD_OBJ_PRESENT;
				o->timer = w_kind_of(w, o)->timer;
				w_log_add(w, LOG_REGROW, -1, (int)id);
			}
			continue;
		}
		if (o->state != WORLD_OBJ_PRESENT)
			continue;
		if (o->timer > 0 && --o->timer == 0)
			w_object_event(w, (int)id, WORLD_EV_TIMER, -1);
		if (o->vx && o->carrier == -1 && o->state == WORLD_OBJ_PRESENT)
			roll(w, (int)id);
	}
}
