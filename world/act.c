/* act.c — what a creature's decisions do in the world (world.h; docs/world.md:
 * actions).
 *
 * ONE table, a row per decision cell: how it behaves, whether it needs IT,
 * the event it sends IT [D CAOS guide event numbers], the actor's own
 * stimulus when it acts, what the object's kind must allow (BHVR / ATTR
 * [D]), and its IMPT [O C1]. The actions on an object approach IT until
 * the near edges touch (APPR, TOUC [D]), send the event (its handler runs),
 * then fire the actor's stimulus, then wait act_recover ticks before the
 * same action acts again [O C1 scripts]. Walking speed: walk_speed x the
 * strongest gait's factor (C1's select_walk_gait [O]; factors [I]). The
 * stand-in (engine/actions.c) keeps the periodic stimuli of quiescent,
 * come, run, think, rest, left and right, sleep and the involuntary
 * actions. */
#include "body/sim.h"
#include "world/internal.h"

typedef enum behaviour { B_STAND, B_WALK, B_ACT, B_COME, B_RUN, B_DROP, B_THINK } behaviour;

/* X(cell, behaviour, needs IT, event, self stimulus, kind flag needed, IMPT) */
#define WORLD_ACTIONS(X)                                                                   \
	X(QUIESCENT, B_STAND, 0, -1, -1, 0, 0)                                                 \
	X(PUSH, B_ACT, 1, WORLD_EV_PUSH, GENOME_STIM_ACTIVATED1, KF_PUSH, 3)                        \
	X(PULL, B_ACT, 1, WORLD_EV_PULL, GENOME_STIM_ACTIVATED2, KF_PULL, 3)                        \
	X(STOP, B_ACT, 1, WORLD_EV_STOP, GENOME_STIM_DEACTIVATED, KF_STOP, 3)                       \
	X(COME, B_COME, 1, -1, -1, 0, 2)                                                       \
	X(RUN, B_RUN, 1, -1, -1, 0, 4)                                                         \
	X(GET, B_ACT, 1, WORLD_EV_GET, GENOME_STIM_GOT, KF_CARRY, 3)                                \
	X(DROP, B_DROP, 0, WORLD_EV_DROP, GENOME_STIM_DROPPED, 0, 3)                                \
	X(THINK, B_THINK, 0, -1, -1, 0, 0)                                                     \
	X(REST, B_STAND, 0, -1, -1, 0, 0)                                                      \
	X(LEFT, B_WALK, 0, -1, -1, 0, 1)                                                       \
	X(RIGHT, B_WALK, 0, -1, -1, 0, 1)                                                      \
	X(EAT, B_ACT, 1, WORLD_EV_EAT, GENOME_STIM_ATE, KF_EDIBLE, 3)                               \
	X(HIT, B_ACT, 1, WORLD_EV_HIT, GENOME_STIM_AGGRESSION, KF_HIT, 3)                           \
	X(CELL14, B_STAND, 0, -1, -1, 0, 0)                                                    \
	X(CELL15, B_STAND, 0, -1, -1, 0, 0)

typedef struct act_row {
	uint8_t behaviour;
	bool needs_it;
	int8_t event, stimulus;
	uint8_t flag, impt;
} act_row;

static const act_row actions[GENOME_NACTIONS] = {
#define X(cell, b, it, ev, st, fl, im) [GENOME_ACT_##cell] = {b, it, ev, st, fl, im},
	WORLD_ACTIONS(X)
#undef X
};

/* The row of decision cell a (a cell past the table, or none, stands). */
static const act_row *row_of(int a)
{
	return a >= 0 && a < GENOME_NACTIONS ? &actions[a] : &actions[GENOME_ACT_QUIESCENT];
}

/* The cells that need IT (denied while there is none). */
static const uint32_t needs_it_cells = 0
#define X(cell, b, it, ev, st, fl, im) | ((uint32_t)(it) << GENOME_ACT_##cell)
	WORLD_ACTIONS(X)
#undef X
	;

/* it_near [O C1 update_all_creature_brain_inputs]: "it is near me" is
 * 255 - 2 px of IT's distance within 128 px (left alone farther). */
static void sense_it_near(const world *w, const w_crt *cr)
{
	int64_t d = w_abs64(w->objs[cr->it].x - cr->x) / WORLD_FX;
	if (d >= 128)
		return;
	int now = brain_state(creature_brain_const(cr->c), GENOME_LOBE_SENSE, GENOME_SENSE_IT_NEAR);
	if (now >= 0)
		creature_nudge_cell(cr->c, GENOME_LOBE_SENSE, GENOME_SENSE_IT_NEAR, (int)(255 - 2 * d) - now);
}

void w_pre_step(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	creature *c = cr->c;
	creature_set_action_mask(c, w->opt.mask_actions && cr->it < 0 ? ~needs_it_cells : ~0u);
	if (creature_ticks(c) % CREATURE_BRAIN_PERIOD != 0 || creature_asleep(c))
		return;
	/* IMPT before each brain tick while the action runs */
	if (w->opt.impt && cr->act >= 0 && row_of(cr->act)->impt)
		creature_nudge_action(c, (unsigned)cr->act, w->opt.impt * row_of(cr->act)->impt);
	if (w->opt.it_near && cr->it >= 0)
		sense_it_near(w, cr);
}

/* ---- moving ----------------------------------------------------------------------- */

/* Gait factors in quarters, by the standard norn's gait genes' names (gene
 * "number" = gait locus): 0 normal, 1 pain approach, 2 limping, 3 fear
 * approach, 4 anger approach, 5 sleepy, 6 tired, 7 drunken stagger, 8/9
 * downhill / uphill, 10 back off, 11 bored wander, 12 fast run, 13 sexy
 * scuttle, 14 get down [I: no source gives speeds]. */
static const uint8_t gait_quarters[GENOME_RL_GAIT_N] = {4, 4, 2, 4, 4, 2, 2, 2, 4, 4, 4, 4, 8, 4, 4, 4, 4};

/* Fixed-point px per tick creature k walks at now (0 with a body: the body
 * moves it; 0 when too weak). */
static int64_t speed(const world *w, size_t k)
{
	const creature *c = w->crts[k].c;
	if (creature_has_body(c) ||
	    bc_chem_get(creature_biochem_const(c), GENOME_CHEM_ATP) < (float)w->opt.walk_min_atp)
		return 0;
	int64_t v = (int64_t)w->opt.walk_speed * WORLD_FX;
	if (!w->opt.gait_speeds)
		return v;
	unsigned best = 0; /* C1: the highest gait locus wins; gait 0 when none is up */
	uint8_t top = creature_gait(c, 0);
	for (unsigned g = 1; g < GENOME_RL_GAIT_N; g++) {
		uint8_t level = creature_gait(c, g);
		if (level > top) {
			best = g;
			top = level;
		}
	}
	return v * gait_quarters[best] / 4;
}

void w_move_creature(world *w, size_t k, int64_t dx)
{
	w_crt *cr = &w->crts[k];
	int64_t cw = w_crt_width(w);
	int64_t lo = w_left(w) + cw / 2, hi = w_right(w) - (cw - cw / 2);
	if (lo > hi) /* a world narrower than the creature: it stays in the middle */
		lo = hi = (w_left(w) + w_right(w)) / 2;
	int64_t nx = cr->x + dx;
	bool hit = false;
	if (nx < lo || nx > hi) {
		hit = dx != 0;
		nx = nx < lo ? lo : hi;
	}
	cr->x = nx;
	if (hit && !cr->bumped) { /* stopped at a wall: "I bump into wall", once per bump [D number] */
		cr->bumped = true;
		w_log_add(w, LOG_BUMP, (int)k, -1);
		w_stimulus(w, k, GENOME_STIM_BUMP_WALL, -1, -1, 255);
	} else if (nx > lo && nx < hi) {
		cr->bumped = false;
	}
	int room = w_room_at(w, nx);
	if (room != cr->room) {
		cr->room = (uint8_t)room;
		w_set_env(w, k);
		w_log *l = w_log_add(w, LOG_ROOM, (int)k, -1);
		if (l)
			l->a = (int16_t)room;
	}
	if (cr->carried >= 0)
		w->objs[cr->carried].x = nx;
	if (cr->obj >= 0)
		w->objs[cr->obj].x = nx;
}

/* With a body: x advances by the body's travel along its heading, which is
 * the creature's facing, scaled by body_px_per_unit [I]. */
static void body_travel(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	body_reading r;
	body_sim_read(creature_body_sim(cr->c), &r);
	double px = r.forward * (CREATURE_TICK_MS / 1000.0) * w->opt.body_px_per_unit * WORLD_FX;
	if (px > 1e12 || px < -1e12 || px != px)
		return; /* a broken simulation moves nothing */
	w_move_creature(w, k, (int64_t)px * cr->facing);
}

/* Walk towards object o until touching it (gap <= reach). True when it
 * touches it (now or already). */
static bool approach(world *w, size_t k, const w_obj *o)
{
	w_crt *cr = &w->crts[k];
	int64_t reach = (int64_t)w->opt.reach * WORLD_FX;
	int64_t gap = w_gap(w, cr, o);
	if (gap <= reach)
		return true;
	if (o->x != cr->x)
		cr->facing = o->x > cr->x ? 1 : -1;
	int64_t step = speed(w, k);
	w_move_creature(w, k, (step < gap - reach ? step : gap - reach) * cr->facing);
	return w_gap(w, cr, o) <= reach;
}

/* ---- acting ----------------------------------------------------------------------- */

static void disappoint(world *w, size_t k, int id)
{
	if (w->opt.disappoint_forbidden)
		w_stimulus(w, k, GENOME_STIM_DISAPPOINTMENT, id >= 0 ? w_kind_of(w, &w->objs[id])->category : -1,
		           id, 255);
}

/* Creature k touches its target: the event, or a refusal. */
static void act_now(world *w, size_t k, const act_row *r)
{
	w_crt *cr = &w->crts[k];
	int id = cr->target;
	const w_kind *kind = w_kind_of(w, &w->objs[id]);
	w_log *l;
	if (!(kind->flags & r->flag)) {
		if ((l = w_log_add(w, LOG_REFUSED, (int)k, id)) != NULL)
			l->a = cr->act;
		disappoint(w, k, id);
		return;
	}
	if ((l = w_log_add(w, LOG_ACT, (int)k, id)) != NULL) {
		l->a = cr->act;
		l->b = r->event;
	}
	cr->acted = cr->act;
	cr->acted_event = (int8_t)r->event;
	cr->acted_kind = (int16_t)w->objs[id].kind;
	if (r->event == WORLD_EV_GET)
		w_carry(w, id, (int)k);
	w_object_event(w, id, r->event, (int)k);
	w_pop_touched(w, k, id, r->event); /* another creature: its stimuli, mating */
	w_stimulus(w, k, (uint8_t)r->stimulus, -1, -1, 255);
}

/* Recovering after an act: true while still waiting. */
static bool recovering(w_crt *cr)
{
	if (cr->phase != PH_RECOVER)
		return false;
	if (--cr->wait > 0)
		return true;
	cr->phase = PH_APPROACH;
	return false;
}

/* IT gone on the way (vanished, removed, become invisible): the action
 * stops, no event, no stimulus [D TOUC]. */
static bool target_gone(const world *w, const w_crt *cr)
{
	return !w_visible(w, &w->objs[cr->target]);
}

static void on_object(world *w, size_t k, const act_row *r)
{
	w_crt *cr = &w->crts[k];
	if (cr->target < 0) {
		/* no IT: only with mask_actions 0 (or IT lost this tick) */
		if (!w->opt.mask_actions && !recovering(cr)) {
			disappoint(w, k, -1);
			cr->phase = PH_RECOVER;
			cr->wait = w->opt.act_recover;
		}
		return;
	}
	if (cr->phase == PH_DONE || recovering(cr))
		return;
	if (target_gone(w, cr)) {
		cr->phase = PH_DONE;
		return;
	}
	cr->phase = PH_APPROACH;
	if (!approach(w, k, &w->objs[cr->target]))
		return;
	act_now(w, k, r);
	cr->phase = PH_RECOVER;
	cr->wait = w->opt.act_recover;
}

static void come(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	if (cr->target < 0 || cr->phase == PH_DONE)
		return;
	if (target_gone(w, cr)) {
		cr->phase = PH_DONE;
		return;
	}
	cr->phase = PH_APPROACH;
	approach(w, k, &w->objs[cr->target]); /* and stays within reach */
}

static void run_away(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	if (cr->target < 0 || cr->phase != PH_RUN)
		return;
	if (cr->wait-- <= 0) {
		cr->phase = PH_DONE;
		return;
	}
	int64_t ox = w->objs[cr->target].x;
	if (ox != cr->x)
		cr->facing = ox > cr->x ? -1 : 1;
	w_move_creature(w, k, speed(w, k) * w->opt.run_factor * cr->facing);
}

/* Drop what is carried at the creature's feet (its drop event, then
 * stimulus 19); nothing carried: disappointment [O C1]. */
static void drop(world *w, size_t k, const act_row *r)
{
	w_crt *cr = &w->crts[k];
	if (recovering(cr))
		return;
	int id = cr->carried;
	if (id >= 0) {
		cr->acted = cr->act;
		cr->acted_event = WORLD_EV_DROP;
		cr->acted_kind = (int16_t)w->objs[id].kind;
		w_put_down(w, id, cr->x);
		w_object_event(w, id, WORLD_EV_DROP, (int)k);
		w_stimulus(w, k, (uint8_t)r->stimulus, -1, -1, 255);
	} else {
		disappoint(w, k, -1);
	}
	cr->phase = PH_RECOVER;
	cr->wait = w->opt.act_recover;
}

/* A new action (or the same on a new IT) starts. */
static void start(world *w, size_t k, int a, const act_row *r)
{
	w_crt *cr = &w->crts[k];
	if (a != cr->act) {
		w_log *l = w_log_add(w, r->behaviour == B_THINK ? LOG_SPEAK : LOG_ACTION, (int)k, cr->it);
		if (l)
			l->a = (int16_t)a;
		/* C1 [O update_action_selection]: the decision given up is cleared,
		 * the new one gets 10 */
		if (w->opt.decision_switch && a >= 0) {
			if (cr->act >= 0)
				creature_nudge_action(cr->c, (unsigned)cr->act, -255);
			creature_nudge_action(cr->c, (unsigned)a, 10);
		}
		if (r->behaviour == B_THINK)
			w_pop_speak(w, k); /* stating a need: heard by the others */
	}
	cr->act = (int8_t)a;
	cr->target = r->needs_it ? cr->it : -1;
	cr->wait = 0;
	cr->phase = PH_APPROACH;
	if (r->behaviour == B_RUN) {
		cr->phase = PH_RUN;
		cr->wait = c2_rng_range(&w->rng, w->opt.run_min, w->opt.run_max);
	} else if (r->behaviour == B_STAND || r->behaviour == B_THINK) {
		cr->phase = PH_STAND;
	} else if (r->behaviour == B_WALK) {
		cr->phase = PH_WALK;
	}
}

void w_act(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	creature *c = cr->c;
	/* -2 asleep, -1 undecided: both stand */
	int a = creature_asleep(c) ? -2 : creature_action(c);
	if (a >= GENOME_NACTIONS)
		a = -1;
	const act_row *r = row_of(a);
	if (a != cr->act || (r->needs_it && cr->target != cr->it))
		start(w, k, a, r);
	switch ((behaviour)r->behaviour) {
	case B_WALK:
		cr->facing = a == GENOME_ACT_LEFT ? -1 : 1;
		w_move_creature(w, k, speed(w, k) * cr->facing);
		break;
	case B_ACT:
		on_object(w, k, r);
		break;
	case B_COME:
		come(w, k);
		break;
	case B_RUN:
		run_away(w, k);
		break;
	case B_DROP:
		drop(w, k, r);
		break;
	default: /* B_STAND, B_THINK: the stand-in fires their stimuli */
		break;
	}
	if (creature_has_body(c))
		body_travel(w, k);
}
