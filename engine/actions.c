/* actions.c — the stand-in for the C2 world's scripts.
 *
 * C2 runs a CAOS script for whatever the creature decides to do, and those
 * scripts fire the creature's own stimuli ("I am quiescent", "I am
 * travelling", "I've eaten something" ...), put it to sleep and wake it.
 * c2rt has no world, so this file does the creature-side part of that work
 * in a fixed, documented way [I]:
 *
 *   - every `action_period` world ticks the current action's self-stimulus
 *     fires (table below); eating only happens while food portions last;
 *   - involuntary-action loci (creature/4/0..7) fire their stimulus
 *     ("involuntary action n" = stimulus 28 + n) when they switch on; locus 5
 *     puts the creature to sleep;
 *   - a creature that keeps choosing "rest" for an action period while its
 *     sleepiness drive is at least `sleep_sleepiness` falls asleep, and a
 *     creature asleep of its own accord wakes when that drive falls below
 *     `wake_sleepiness`; while asleep it gets "I am sleeping";
 *   - the muscle-energy emitter locus (creature/0/0) follows the action.
 *
 * In a world (creature_set_in_world) the actions on objects (push, pull,
 * stop, get, drop, eat, hit) are the world's: it fires their stimuli when
 * the act happens, and food comes from its objects, not from the supply. */
#include "engine/internal.h"

/* Self-stimulus and muscle effort of each decision cell; `object`: an
 * action on an object, whose stimulus a world fires when the act happens
 * (creature_set_in_world), not the stand-in. */
static const struct {
	int16_t stimulus; /* -1: none */
	uint8_t effort;   /* muscle-energy locus while doing it */
	bool object;
} action_table[GENOME_NACTIONS] = {
	[GENOME_ACT_QUIESCENT] = {GENOME_STIM_QUIESCENT, 8, false},
	[GENOME_ACT_PUSH] = {GENOME_STIM_ACTIVATED1, 64, true},
	[GENOME_ACT_PULL] = {GENOME_STIM_ACTIVATED2, 64, true},
	[GENOME_ACT_STOP] = {GENOME_STIM_DEACTIVATED, 16, true},
	[GENOME_ACT_COME] = {GENOME_STIM_APPROACHING_PERIODIC, 128, false},
	[GENOME_ACT_RUN] = {GENOME_STIM_RETREATED, 192, false},
	[GENOME_ACT_GET] = {GENOME_STIM_GOT, 64, true},
	[GENOME_ACT_DROP] = {GENOME_STIM_DROPPED, 32, true},
	[GENOME_ACT_THINK] = {GENOME_STIM_STATED_NEED, 8, false},
	[GENOME_ACT_REST] = {GENOME_STIM_RESTING, 0, false},
	[GENOME_ACT_LEFT] = {GENOME_STIM_TRAVELLING, 128, false},
	[GENOME_ACT_RIGHT] = {GENOME_STIM_TRAVELLING, 128, false},
	[GENOME_ACT_EAT] = {GENOME_STIM_ATE, 32, true}, /* only while food lasts */
	[GENOME_ACT_HIT] = {GENOME_STIM_AGGRESSION, 128, true},
	[GENOME_ACT_CELL14] = {-1, 0, false},
	[GENOME_ACT_CELL15] = {-1, 0, false},
};

uint8_t eng_action_effort(const creature *c)
{
	if (c->death || c->asleep || c->action < 0)
		return 0;
	return action_table[c->action % GENOME_NACTIONS].effort;
}

static void involuntary(creature *c)
{
	for (int n = 0; n < GENOME_RL_INVOLUNTARY_N; n++) {
		bool on = c->involuntary[n] != 0, was = c->involuntary_prev[n] != 0;
		c->involuntary_prev[n] = c->involuntary[n];
		if (!on || was)
			continue;
		if (n == GENOME_INVOL_SLEEP) {
			if (!c->asleep)
				eng_fall_asleep(c);
		} else {
			creature_stimulus(c, (uint8_t)(GENOME_STIM_INVOLUNTARY0 + n), -1, 255);
		}
	}
}

static void eat(creature *c)
{
	if (c->food == 0)
		return;
	c->food--;
	for (int k = 0; k < c->nfood; k++)
		bc_chem_add(c->bc, c->food_chem[k], c->food_amount[k]);
	creature_stimulus(c, action_table[GENOME_ACT_EAT].stimulus, GENOME_CAT_FOOD, 255);
}

void eng_world_tick(creature *c)
{
	involuntary(c);
	const creature_engine_options *o = &c->cfg.engine;
	uint8_t sleepiness = c->drives[GENOME_DRIVE_SLEEPINESS];

	if (c->asleep) {
		c->muscle_energy = 0;
		if (!c->forced_sleep && !c->dreaming && c->involuntary[GENOME_INVOL_SLEEP] == 0 &&
		    sleepiness < o->wake_sleepiness)
			eng_wake(c);
	} else {
		int a = c->action;
		c->muscle_energy = eng_action_effort(c);
		c->rest_ticks = a == GENOME_ACT_REST ? c->rest_ticks + 1 : 0;
		if (o->action_period > 0 && c->rest_ticks >= (uint32_t)o->action_period &&
		    sleepiness >= o->sleep_sleepiness) {
			c->rest_ticks = 0;
			eng_fall_asleep(c);
		}
	}

	if (o->action_period <= 0 || c->tick % (uint64_t)o->action_period != 0)
		return;
	if (c->asleep) {
		if (!c->dreaming)
			creature_stimulus(c, GENOME_STIM_SLEEPING, -1, 255);
		return;
	}
	int a = c->action;
	if (a < 0 || (c->in_world && action_table[a % GENOME_NACTIONS].object))
		return; /* in a world, the world acts on objects */
	if (a == GENOME_ACT_EAT)
		eat(c);
	else if (action_table[a % GENOME_NACTIONS].stimulus >= 0)
		creature_stimulus(c, (uint8_t)action_table[a % GENOME_NACTIONS].stimulus, -1, 255);
}
