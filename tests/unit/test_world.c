/* test_world.c — the world (world/), one mechanic at a time: loading and its
 * errors, perception and the representatives, IT, the decision mask (and
 * the brain's fast path against its reference with a mask), walking and
 * walls, gaits, every action on objects that allow it or not, carrying,
 * handlers (stimuli by scope, become, vanish and regrow, timers, rolling,
 * moving), the hand and the world's events, the log's chemicals, the
 * stand-in hook, snapshots and determinism.
 *
 * Most tests use a tiny creature whose decision and attention lobes are
 * plain (state rule "state", no leak memory): a test decides for it by
 * setting those cells before each step (creature_hear writes any lobe's
 * cell), so each mechanic is seen alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine/internal.h"
#include "genome/text.h"
#include "genome/vocab.h"
#include "world/internal.h"
#include "world/world.h"
#include "testutil.h"
#include "tests/fixtures/world_tiny.h"

static creature *tiny(uint64_t seed)
{
	return test_hatch_text(WORLD_TINY, sizeof WORLD_TINY - 1, seed);
}

static world_options opts(void);

/* o NULL: opts(), the defaults but looking every tick. */
static world *load(const char *text, const world_options *o)
{
	world *w;
	c2_err err;
	world_options d = opts();
	if (world_load(&w, text, strlen(text), o ? o : &d, 1, &err) != 0)
		fail_msg("world line %ld: %s", err.line, err.msg);
	return w;
}

/* A world of `text` with one tiny creature in it. */
static world *with_tiny(const char *text, const world_options *o)
{
	world *w = load(text, o);
	c2_err err;
	if (world_add_creature(w, tiny(1), &err) != 0)
		fail_msg("add: %s", err.msg);
	world_set_log(w, true);
	return w;
}

/* The defaults, but looking every tick (perceive_period 1): each test sees
 * what a step changed at once. */
static world_options opts(void)
{
	world_options o;
	world_options_default(&o);
	o.perceive_period = 1;
	return o;
}

/* Decide for creature k: decision `action` and attention `cat` (-1:
 * none) fire before the next brain tick. */
static void decide(world *w, size_t k, int action, int cat)
{
	creature *c = world_creature(w, k);
	if (action >= 0)
		creature_hear(c, GENOME_LOBE_DECISION, (unsigned)action);
	if (cat >= 0)
		creature_hear(c, GENOME_LOBE_ATTENTION, (unsigned)cat);
}

/* The tiny creature's organs use up its ATP: run keeps it full (a test of
 * weakness turns this off). */
static bool keep_atp = true;

/* Step n ticks deciding the same each tick. */
static void run(world *w, int n, int action, int cat)
{
	for (int t = 0; t < n; t++) {
		decide(w, 0, action, cat);
		if (keep_atp)
			creature_inject(world_creature(w, 0), GENOME_CHEM_ATP, 255);
		world_step(w, NULL);
	}
}

/* Log records of a type (for creature k, or any with k < 0) since the
 * log was last cleared; *last the last one. */
static int count_log(const world *w, int type, int k, const w_log **last)
{
	int n = 0;
	for (size_t i = 0; i < w->nlog; i++)
		if (w->log[i].type == type && (k < 0 || w->log[i].creature == k)) {
			n++;
			if (last)
				*last = &w->log[i];
		}
	return n;
}

/* Stimulus `number` records for creature 0. */
static int count_stim(const world *w, int number)
{
	int n = 0;
	for (size_t i = 0; i < w->nlog; i++)
		if (w->log[i].type == LOG_STIMULUS && w->log[i].creature == 0 && w->log[i].a == number)
			n++;
	return n;
}

static double crt_x(const world *w, size_t k)
{
	world_creature_info ci;
	assert_int_equal(world_creature_get(w, k, &ci), 0);
	return ci.x;
}

static double obj_x(const world *w, size_t id)
{
	world_object_info oi;
	assert_int_equal(world_object(w, id, &oi), 0);
	return oi.x;
}

static float chem(world *w, int c)
{
	return bc_chem_get(creature_biochem_const(world_creature(w, 0)), (uint8_t)c);
}

/* ---- loading ------------------------------------------------------------------- */

static void test_load_garden(void **state)
{
	(void)state;
	uint8_t *text;
	size_t len;
	c2_err err;
	assert_int_equal(c2_read_file("worlds/garden.world", 1u << 20, &text, &len, &err), 0);
	world *w;
	if (world_load(&w, (const char *)text, len, NULL, 1, &err) != 0)
		fail_msg("garden.world:%ld: %s", err.line, err.msg);
	free(text);
	assert_int_equal(world_room_count(w), 2);
	world_room_info ri;
	assert_int_equal(world_room(w, 1, &ri), 0);
	assert_string_equal(ri.name, "meadow");
	assert_true(ri.x0 == 1200 && ri.x1 == 2400);
	assert_true(world_object_count(w) > 10);
	world_object_info oi;
	assert_int_equal(world_object(w, 0, &oi), 0);
	assert_string_equal(oi.name, "hand");
	assert_int_equal(oi.state, WORLD_OBJ_REMOVED); /* until a hand command */
	assert_int_equal(world_object(w, 1, &oi), 0);
	assert_string_equal(oi.name, "carrot.1");
	assert_string_equal(oi.kind, "carrot");
	assert_int_equal(oi.category, GENOME_CAT_FOOD);
	assert_true(oi.visible);
	assert_int_equal(world_object(w, world_object_count(w), &oi), -1);
	world_free(w);
	assert_int_equal(c2_read_file("worlds/empty.world", 1u << 20, &text, &len, &err), 0);
	assert_int_equal(world_load(&w, (const char *)text, len, NULL, 1, &err), 0);
	free(text);
	assert_int_equal(world_object_count(w), 1);
	world_free(w);
}

static void test_load_errors(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		long line;
		const char *why;
	} bad[] = {
		{"", 1, "no room"},
		{"room a 0 100\nroom b 200 300\n", 2, "without gaps"},
		{"room a 100 50\n", 1, "ends (X1) before"},
		{"room a 0 100\nroom a 100 200\n", 2, "declared twice"},
		{"room a 0 100 light 300\n", 1, "light must be"},
		{"room a 0 100 light 3 light 4\n", 1, "given twice"},
		{"room a 0 100 smell 3\n", 1, "unknown setting"},
		{"room a 0 100\nkind k nosuch\n", 2, "unknown category"},
		{"room a 0 100\nkind k hand\n", 2, "not an object's"},
		{"room a 0 100\nkind hand food\n", 2, "built in"},
		{"room a 0 100\nkind k food wiggly\n", 2, "unknown word"},
		{"room a 0 100\nkind k.x food\n", 2, "only letters"},
		{"room a 0 100\nobject carrot 50\n", 2, "unknown kind"},
		{"room a 0 100\nkind k food width 30\nobject k 5\n", 3, "does not fit"},
		{"room a 0 100\ncreature 10\n", 2, "does not fit"},
		{"room a 0 100\ncreature 50 north\n", 2, "east or west"},
		{"room a 0 100\nkind k food\non k eat\n", 3, "expected an action"},
		{"room a 0 100\nkind k food\non k sneeze stim actor 0 none 0 0\n", 3, "EVENT"},
		{"room a 0 100\nkind k food\non k eat stim actor 0 none 0\n", 3, "usage: stim"},
		{"room a 0 100\nkind k food\non k eat stim actor 0 none 0 0 Nosuch 3\n", 3, "unknown chemical"},
		{"room a 0 100\nkind k food\non k eat stimulus nobody 3\n", 3, "SCOPE"},
		{"room a 0 100\nkind k food\non k eat stimulus actor Nosuch\n", 3, "unknown stimulus"},
		{"room a 0 100\nkind k food\non k eat stimulus actor 3 from hand\n", 3, "no 'from'"},
		{"room a 0 100\nkind k food\non k eat become nosuch\n", 3, "unknown kind"},
		{"room a 0 100\nkind k food\non k eat vanish later\n", 3, "usage: vanish"},
		{"room a 0 100\nkind k food timer 5\non k timer 6 roll 1\n", 3, "has timer 5"},
		{"room a 0 100\nkind k food\nobject k 50 x\nobject k 60 x\n", 4, "already called"},
		{"room a 0 100\nwibble\n", 2, "unknown statement"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		world *w = (world *)1;
		c2_err err;
		int rc = world_load(&w, bad[i].text, strlen(bad[i].text), NULL, 1, &err);
		if (rc == 0 || w != NULL || err.line != bad[i].line || !strstr(err.msg, bad[i].why))
			fail_msg("case %zu: rc %d line %ld '%s' (want line %ld '%s')", i, rc, err.line, err.msg,
			         bad[i].line, bad[i].why);
	}
	/* limits: a line too long, too many rooms */
	char big[2048];
	memset(big, 'x', sizeof big);
	memcpy(big, "room ", 5);
	world *w;
	c2_err err;
	assert_int_not_equal(world_load(&w, big, sizeof big, NULL, 1, &err), 0);
	assert_int_equal(err.line, 1);
	c2_wbuf t = {0};
	for (int r = 0; r <= WORLD_MAX_ROOMS; r++)
		c2_w_printf(&t, "room r%d %d %d\n", r, r * 10, r * 10 + 10);
	assert_int_equal(world_load(&w, (const char *)t.data, t.len, NULL, 1, &err), C2_ETOOBIG);
	assert_int_equal(err.line, WORLD_MAX_ROOMS + 1);
	c2_wbuf_free(&t);
}

/* ---- perception ------------------------------------------------------------------ */

static const char ROW[] =
	"room west 0 1000\nroom east 1000 2000 light 40 temperature 100\n"
	"kind carrot food width 20 edible carry\n"
	"kind ghost food width 20 invisible\n"
	"kind plum fruit width 20 edible\n"
	"object carrot 700\n"   /* 1: 200 px east of the creature */
	"object carrot 300\n"   /* 2: 200 px west: a tie, the lower id wins */
	"object ghost 520\n"    /* 3: never seen */
	"object plum 1100\n"    /* 4: another room */
	"creature 500 east\n";

static void test_representative_nearest(void **state)
{
	(void)state;
	world *w = with_tiny(ROW, NULL);
	run(w, 1, -1, -1);
	const w_crt *cr = &w->crts[0];
	assert_int_equal(cr->rep[GENOME_CAT_FOOD], 1);    /* tie at 200 px: lower id */
	assert_int_equal(cr->rep[GENOME_CAT_FRUIT], -1);  /* the plum is in the other room */
	/* "object comes into view" once, 180 the first time a category is seen */
	assert_int_equal(count_stim(w, GENOME_STIM_OBJECT_IN_VIEW), 1);
	/* the engine's modulate scaled the gene's significance 100 by 180/255 */
	assert_int_equal(brain_state(creature_brain_const(world_creature(w, 0)), GENOME_LOBE_SOURCE,
	                             GENOME_CAT_FOOD), 100 * 180 / 255);
	w->nlog = 0;
	run(w, 10, -1, -1);
	assert_int_equal(count_stim(w, GENOME_STIM_OBJECT_IN_VIEW), 0); /* kept while seen */
	/* the representative goes: the next nearest, at 80 */
	w->objs[1].state = WORLD_OBJ_REMOVED;
	w->nlog = 0;
	run(w, 1, -1, -1);
	assert_int_equal(cr->rep[GENOME_CAT_FOOD], 2);
	assert_int_equal(count_stim(w, GENOME_STIM_OBJECT_IN_VIEW), 1);
	assert_int_equal(brain_state(creature_brain_const(world_creature(w, 0)), GENOME_LOBE_SOURCE,
	                             GENOME_CAT_FOOD) >= 100 * 80 / 255, 1);
	/* out of sight range: none */
	w->objs[2].x = 0 + 10 * WORLD_FX;
	w->crts[0].x = 990 * WORLD_FX;
	run(w, 1, -1, -1);
	assert_int_equal(cr->rep[GENOME_CAT_FOOD], -1);
	world_free(w);
}

static void test_sight_options(void **state)
{
	(void)state;
	world_options o = opts();
	o.sight_rooms = 1; /* the whole floor */
	o.sight_range = 600;
	world *w = with_tiny(ROW, &o);
	run(w, 1, -1, -1);
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FRUIT], 4);
	world_free(w);
	o = opts();
	o.sight_facing = 1; /* facing east: the carrot west of it is behind */
	o.sight_range = 150;
	w = with_tiny(ROW, &o);
	run(w, 1, -1, -1);
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], -1);
	w->objs[1].x = 600 * WORLD_FX; /* 100 px ahead */
	w->objs[2].x = 400 * WORLD_FX; /* 100 px behind */
	run(w, 1, -1, -1);
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], 1);
	w->crts[0].facing = -1;
	w_set_rep(w, &w->crts[0], GENOME_CAT_FOOD, -1);
	run(w, 1, -1, -1);
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], 2);
	world_free(w);
}

static void test_representative_modes(void **state)
{
	(void)state;
	static const char MANY[] = "room r 0 3000\nkind c food width 10\n"
	                           "object c 1500\nobject c 1400\nobject c 1300\nobject c 1200\n"
	                           "creature 1000\n";
	/* random: the picks spread over the seen ones, from the world's stream */
	world_options o = opts();
	o.representative = 1;
	int picked[6] = {0};
	for (uint64_t seed = 1; seed <= 40; seed++) {
		world *w;
		c2_err err;
		assert_int_equal(world_load(&w, MANY, sizeof MANY - 1, &o, seed, &err), 0);
		assert_int_equal(world_add_creature(w, tiny(1), &err), 0);
		world_step(w, NULL);
		int r = w->crts[0].rep[GENOME_CAT_FOOD];
		assert_true(r >= 1 && r <= 4);
		picked[r]++;
		world_free(w);
	}
	for (int id = 1; id <= 4; id++)
		assert_true(picked[id] > 0);
	/* stimulus: the object that stimulated the creature stands for its category */
	o = opts();
	o.representative = 2;
	world *w = with_tiny(MANY, &o);
	run(w, 1, -1, -1);
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], 4); /* nearest first */
	w_stimulus(w, 0, 26, GENOME_CAT_FOOD, 2, 255);
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], 2);
	run(w, 3, -1, -1);
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], 2); /* kept while seen */
	world_free(w);
}

static void test_perceive_asleep(void **state)
{
	(void)state;
	world *w = with_tiny(ROW, NULL);
	creature_sleep(world_creature(w, 0));
	run(w, 5, -1, -1);
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], -1); /* eyes shut */
	creature_wake(world_creature(w, 0));
	run(w, 1, -1, -1);
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], 1);
	assert_int_equal(count_stim(w, GENOME_STIM_OBJECT_IN_VIEW), 1);
	world_free(w);
	world_options o = opts();
	o.perceive_asleep = 1;
	w = with_tiny(ROW, &o);
	creature_sleep(world_creature(w, 0));
	run(w, 1, -1, -1);
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], 1);
	world_free(w);
}

/* IT approaching / retreating past the threshold, graded; edges likewise. */
/* A look every perceive_period ticks (C1: 8): between two looks nothing
 * seen changes the representatives. */
static void test_perceive_period(void **state)
{
	(void)state;
	world_options o = opts();
	o.perceive_period = 8;
	world *w = with_tiny(ROW, &o);
	run(w, 1, -1, -1); /* tick 0 looks */
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], 1);
	w->objs[1].state = WORLD_OBJ_REMOVED;
	run(w, 7, -1, -1); /* ticks 1..7 do not */
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], 1);
	run(w, 1, -1, -1); /* tick 8 does */
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], 2);
	world_free(w);
}

static int source_cell(world *w, int cat)
{
	return brain_state(creature_brain_const(world_creature(w, 0)), GENOME_LOBE_SOURCE, (unsigned)cat);
}

/* keep_unseen (C1's attention records): kept out of sight while in the
 * room, back in view at view_return_m, replaced by a newly seen one unless
 * IT (its attention cell cleared), dropped when it leaves the room or turns
 * invisible. */
static void test_keep_unseen(void **state)
{
	(void)state;
	static const char W[] = "room a 0 1000\nroom b 1000 2000\n"
	                        "kind carrot food width 20\nkind ghost food width 20 invisible\n"
	                        "object carrot 700\n" /* 1 */
	                        "object carrot 120\n" /* 2 */
	                        "creature 500 east\n";
	world_options o = opts();
	o.keep_unseen = 1;
	o.sight_range = 300;
	world *w = with_tiny(W, &o);
	w_crt *cr = &w->crts[0];
	run(w, 1, -1, -1);
	assert_int_equal(cr->rep[GENOME_CAT_FOOD], 1);
	/* out of sight (and nothing else of it in sight): kept, no stimulus */
	cr->x = 900 * WORLD_FX;
	w->objs[1].x = 400 * WORLD_FX;
	w->nlog = 0;
	run(w, 3, -1, -1);
	assert_int_equal(cr->rep[GENOME_CAT_FOOD], 1);
	assert_int_equal(count_stim(w, GENOME_STIM_OBJECT_IN_VIEW), 0);
	/* back in sight: stimulus 8 at 26 (significance 100 x 26 / 255 = 10) */
	int before = source_cell(w, GENOME_CAT_FOOD);
	cr->x = 500 * WORLD_FX;
	w_perceive(w, 0);
	assert_int_equal(count_stim(w, GENOME_STIM_OBJECT_IN_VIEW), 1);
	assert_int_equal(source_cell(w, GENOME_CAT_FOOD) - before, 100 * 26 / 255);
	run(w, 3, -1, -1);
	assert_int_equal(count_stim(w, GENOME_STIM_OBJECT_IN_VIEW), 1); /* once */
	/* another carrot seen while it is out of sight and not IT: replaced,
	 * the category's attention cell cleared, stimulus 8 at 80 */
	creature_hear(world_creature(w, 0), GENOME_LOBE_ATTENTION, GENOME_CAT_FOOD);
	cr->x = 200 * WORLD_FX; /* sees carrot 2 at 120, not carrot 1 at 400 + 300 */
	w->objs[1].x = 800 * WORLD_FX;
	w->nlog = 0;
	w_perceive(w, 0);
	assert_int_equal(cr->rep[GENOME_CAT_FOOD], 2);
	assert_int_equal(count_stim(w, GENOME_STIM_OBJECT_IN_VIEW), 1);
	assert_int_equal(brain_state(creature_brain_const(world_creature(w, 0)), GENOME_LOBE_ATTENTION,
	                             GENOME_CAT_FOOD), 0);
	/* IT out of sight stays IT and representative while another is seen */
	cr->it = 2;
	cr->x = 700 * WORLD_FX;
	w->objs[1].x = 800 * WORLD_FX;
	w_perceive(w, 0);
	assert_int_equal(cr->rep[GENOME_CAT_FOOD], 2);
	/* dropped when it turns invisible (then the seen one takes over) */
	w->objs[2].kind = (uint16_t)w_kind_find(w, "ghost", 5);
	w_perceive(w, 0);
	assert_int_equal(cr->rep[GENOME_CAT_FOOD], 1);
	/* dropped when it leaves the creature's room, none seen: none */
	cr->it = -1;
	w->objs[1].x = 1500 * WORLD_FX;
	w_perceive(w, 0);
	assert_int_equal(cr->rep[GENOME_CAT_FOOD], -1);
	assert_true(cr->goal_x[GENOME_CAT_FOOD] == 1500 * WORLD_FX); /* its last place */
	world_free(w);
	/* keep_unseen 0: lost as soon as it is out of sight */
	o.keep_unseen = 0;
	w = with_tiny(W, &o);
	run(w, 1, -1, -1);
	w->crts[0].x = 900 * WORLD_FX;
	w->objs[1].x = 400 * WORLD_FX;
	run(w, 1, -1, -1);
	assert_int_equal(w->crts[0].rep[GENOME_CAT_FOOD], -1);
	world_free(w);
}

static void test_approach_retreat(void **state)
{
	(void)state;
	static const char T[] = "room r 0 2000\nkind c food width 10\nkind cliff edge width 10\n"
	                        "object c 700\nobject cliff 1400\ncreature 500\n";
	world *w = with_tiny(T, NULL);
	run(w, 8, -1, GENOME_CAT_FOOD); /* IT: the food */
	assert_int_equal(w->crts[0].it, 1);
	w->nlog = 0;
	w->objs[1].x = 680 * WORLD_FX; /* 20 px closer: not enough */
	run(w, 1, -1, GENOME_CAT_FOOD);
	assert_int_equal(count_stim(w, GENOME_STIM_APPROACHING), 0);
	w->objs[1].x = 660 * WORLD_FX; /* 40 px since the last check */
	run(w, 1, -1, GENOME_CAT_FOOD);
	assert_int_equal(count_stim(w, GENOME_STIM_APPROACHING), 1);
	const w_log *l = NULL;
	for (size_t i = 0; i < w->nlog; i++)
		if (w->log[i].type == LOG_STIMULUS && w->log[i].a == GENOME_STIM_APPROACHING)
			l = &w->log[i];
	assert_non_null(l);
	assert_int_equal(l->b, GENOME_CAT_FOOD);
	w->objs[1].x = 900 * WORLD_FX;
	run(w, 1, -1, GENOME_CAT_FOOD);
	assert_int_equal(count_stim(w, GENOME_STIM_RETREATING), 1);
	/* the edge: the creature walks towards it */
	w->nlog = 0;
	w->crts[0].x = 1000 * WORLD_FX;
	run(w, 1, -1, -1);
	w->crts[0].x = 1100 * WORLD_FX;
	run(w, 1, -1, -1);
	assert_int_equal(count_stim(w, GENOME_STIM_APPROACHING_EDGE), 1);
	w->crts[0].x = 950 * WORLD_FX;
	run(w, 1, -1, -1);
	assert_int_equal(count_stim(w, GENOME_STIM_RETREATING_EDGE), 1);
	world_free(w);
}

/* ---- IT and the decision mask ------------------------------------------------------ */

static void test_it_and_mask(void **state)
{
	(void)state;
	world *w = with_tiny(ROW, NULL);
	/* brain ticks at 4 and 8: IT comes from the first, eat may win at the second */
	run(w, 9, GENOME_ACT_EAT, GENOME_CAT_FOOD);
	assert_int_equal(w->crts[0].it, 1);
	assert_int_equal(creature_action(world_creature(w, 0)), GENOME_ACT_EAT);
	/* attention on a category with nothing seen: no IT; eat is masked */
	run(w, 8, GENOME_ACT_EAT, GENOME_CAT_TOY);
	assert_int_equal(w->crts[0].it, -1);
	assert_int_equal(creature_action(world_creature(w, 0)), -1);
	/* what needs no IT still wins */
	run(w, 8, GENOME_ACT_LEFT, GENOME_CAT_TOY);
	assert_int_equal(creature_action(world_creature(w, 0)), GENOME_ACT_LEFT);
	/* the creature itself is never IT */
	run(w, 8, GENOME_ACT_EAT, GENOME_CAT_SELF);
	assert_int_equal(w->crts[0].it, -1);
	world_free(w);
	/* mask_actions 0: eat wins without IT, the creature stands, disappointed */
	world_options o = opts();
	o.mask_actions = 0;
	w = with_tiny(ROW, &o);
	run(w, 40, GENOME_ACT_EAT, GENOME_CAT_TOY);
	assert_int_equal(creature_action(world_creature(w, 0)), GENOME_ACT_EAT);
	assert_true(crt_x(w, 0) == 500);
	assert_int_equal(count_stim(w, GENOME_STIM_DISAPPOINTMENT), 2); /* once per act_recover */
	world_free(w);
}

/* The brain's winner-takes-all with a mask: the reference path and the
 * fast one give the same bits, and no denied cell ever wins. */
static void test_mask_reference(void **state)
{
	(void)state;
	genome g;
	test_load_text_genome("genomes/starter.txt", &g);
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.seed = 4;
	creature *a, *b;
	c2_err err;
	assert_int_equal(creature_hatch(&a, &g, &cfg, &err), 0);
	cfg.brain.brain_reference = 1;
	assert_int_equal(creature_hatch(&b, &g, &cfg, &err), 0);
	creature_events ev;
	const char *E = "every 40 stimulus Object_comes_into_view from food\n"
	                "every 90 stimulus 1 from hand\nevery 100 inject Glucose 60\n"
	                "every 50 word verb eat\n";
	assert_int_equal(creature_events_parse(&ev, E, strlen(E), &err), 0);
	int won[GENOME_NACTIONS] = {0};
	for (int t = 0; t < 20000; t++) {
		uint32_t mask = (t / 2000) % 2 ? ~((1u << GENOME_ACT_EAT) | (1u << GENOME_ACT_REST)) : ~0u;
		creature_set_action_mask(a, mask);
		creature_set_action_mask(b, mask);
		creature_step(a, &ev);
		creature_step(b, &ev);
		int act = creature_action(a);
		if (act >= 0 && act < GENOME_NACTIONS && (t / 2000) % 2 && t % 4 == 1)
			assert_true(mask >> act & 1);
		if (act >= 0 && act < GENOME_NACTIONS)
			won[act]++;
		if (t % 97 == 0 && creature_hash(a) != creature_hash(b))
			fail_msg("reference and fast paths differ at tick %d", t);
	}
	assert_int_equal(creature_hash(a), creature_hash(b));
	assert_true(won[GENOME_ACT_EAT] > 0 || won[GENOME_ACT_REST] > 0); /* the mask had something to deny */
	creature_events_free(&ev);
	creature_free(a);
	creature_free(b);
	genome_free(&g);
}

static void test_it_change_reset(void **state)
{
	(void)state;
	world *w = with_tiny(ROW, NULL);
	creature *c = world_creature(w, 0);
	run(w, 3, -1, -1);
	creature_hear(c, GENOME_LOBE_SENSE, 4);
	creature_nudge_action(c, GENOME_ACT_REST, 90);
	decide(w, 0, -1, GENOME_CAT_FOOD);
	world_step(w, NULL); /* tick 3: the brain ticks at 4 */
	decide(w, 0, -1, GENOME_CAT_FOOD);
	creature_hear(c, GENOME_LOBE_SENSE, 4);
	world_step(w, NULL); /* the attention winner is food: IT changes, reset */
	const w_log *l = NULL;
	assert_int_equal(count_log(w, LOG_IT, 0, &l), 1);
	assert_int_equal(l->object, 1);
	world_step(w, NULL);
	const brain *b = creature_brain_const(c);
	assert_int_equal(brain_state(b, GENOME_LOBE_SOURCE, GENOME_CAT_FOOD) > 0, 1);
	assert_int_equal(brain_state(b, GENOME_LOBE_SENSE, 4) < 255, 1);
	world_free(w);
	world_options o = opts();
	o.it_change_reset = 0;
	w = with_tiny(ROW, &o);
	c = world_creature(w, 0);
	run(w, 7, -1, GENOME_CAT_FOOD);
	creature_hear(c, GENOME_LOBE_SENSE, 4);
	decide(w, 0, -1, GENOME_CAT_FOOD);
	world_step(w, NULL);
	assert_int_equal(brain_state(creature_brain_const(c), GENOME_LOBE_SENSE, 4), 255);
	world_free(w);
}

static void test_impt(void **state)
{
	(void)state;
	/* impt 1 adds the action's IMPT (walk: 1) before each brain tick, 0
	 * none, 2 twice it (C1's engine) */
	for (int impt = 0; impt <= 2; impt++) {
		world_options o = opts();
		o.impt = impt;
		world *w = with_tiny(ROW, &o);
		run(w, 8, GENOME_ACT_LEFT, -1);
		assert_int_equal(w->crts[0].act, GENOME_ACT_LEFT);
		creature *c = world_creature(w, 0);
		while (creature_ticks(c) % CREATURE_BRAIN_PERIOD)
			run(w, 1, -1, -1);
		creature_nudge_action(c, GENOME_ACT_LEFT, -155); /* heard: 255 -> 100 */
		w_pre_step(w, 0);
		assert_int_equal(brain_state(creature_brain_const(c), GENOME_LOBE_DECISION, GENOME_ACT_LEFT),
		                 100 + impt);
		world_free(w);
	}
}

/* goal_direction (C1): weights learnt from what an object's stimuli lower,
 * then the source cell of the category the drives want, or the verb
 * towards where its object last was, or forgetting a place seen empty. */
static void test_goal_direction(void **state)
{
	(void)state;
	static const char W[] = "room r 0 3000\nkind carrot food width 20 edible\n"
	                        "on carrot eat stim actor 0 none 0 0 Hunger_Decrease 100 Anger_Decrease 30\n"
	                        "object carrot 700\ncreature 500 east\n";
	world_options o = opts();
	o.goal_direction = 1;
	o.goal_period = 4;
	world *w = with_tiny(W, &o);
	w_crt *cr = &w->crts[0];
	creature *c = world_creature(w, 0);
	for (int t = 0; t < 200 && count_log(w, LOG_ACT, 0, NULL) < 2; t++)
		run(w, 1, GENOME_ACT_EAT, GENOME_CAT_FOOD);
	assert_int_equal(count_log(w, LOG_ACT, 0, NULL), 2);
	/* two bites: (100 + 0) / 5 = 20, then (100 + 80) / 5 = 36 */
	assert_int_equal(cr->goal_w[GENOME_CAT_FOOD][GENOME_DRIVE_HUNGER], 36);
	assert_int_equal(cr->goal_w[GENOME_CAT_FOOD][GENOME_DRIVE_ANGER], (30 + 4 * 6) / 5);
	assert_int_equal(cr->goal_w[GENOME_CAT_FOOD][GENOME_DRIVE_PAIN], 0);
	/* hungry, attending to nothing: the food's source cell gets the
	 * baseline max(10, hunger x 255/256 / 4) at the next goal tick */
	while (creature_ticks(c) % 4)
		run(w, 1, -1, -1);
	c->drives[GENOME_DRIVE_HUNGER] = 200; /* the tiny creature has no receptor setting it */
	int hunger = creature_drive(c, GENOME_DRIVE_HUNGER);
	cr->it = -1;
	int base = hunger * 255 / 256 / 4;
	int before = source_cell(w, GENOME_CAT_FOOD);
	w_goal(w, 0);
	assert_int_equal(source_cell(w, GENOME_CAT_FOOD) - before, base > 255 - before ? 255 - before : base);
	/* not when it is IT already, nor off the goal tick */
	cr->it = cr->rep[GENOME_CAT_FOOD];
	before = source_cell(w, GENOME_CAT_FOOD);
	w_goal(w, 0);
	assert_int_equal(source_cell(w, GENOME_CAT_FOOD), before);
	/* the carrot gone out of sight: the verb towards where it was */
	cr->it = -1;
	w->objs[1].x = 100 * WORLD_FX;
	cr->x = 2000 * WORLD_FX;
	w_perceive(w, 0);
	assert_int_equal(cr->rep[GENOME_CAT_FOOD], -1);
	assert_true(cr->goal_x[GENOME_CAT_FOOD] == 100 * WORLD_FX);
	const brain *b = creature_brain_const(c);
	int left = brain_state(b, GENOME_LOBE_VERB, GENOME_ACT_LEFT), right = brain_state(b, GENOME_LOBE_VERB, GENOME_ACT_RIGHT);
	w_goal(w, 0);
	assert_int_equal(brain_state(b, GENOME_LOBE_VERB, GENOME_ACT_LEFT), left + base > 255 ? 255 : left + base);
	assert_int_equal(brain_state(b, GENOME_LOBE_VERB, GENOME_ACT_RIGHT), right);
	/* where it should see it and does not: forgotten */
	w->objs[1].state = WORLD_OBJ_REMOVED;
	cr->x = 300 * WORLD_FX;
	w_goal(w, 0);
	assert_true(cr->goal_x[GENOME_CAT_FOOD] == -1);
	world_free(w);
	/* off (the default): nothing learnt */
	o.goal_direction = 0;
	w = with_tiny(W, &o);
	for (int t = 0; t < 200 && count_log(w, LOG_ACT, 0, NULL) < 1; t++)
		run(w, 1, GENOME_ACT_EAT, GENOME_CAT_FOOD);
	assert_int_equal(w->crts[0].goal_w[GENOME_CAT_FOOD][GENOME_DRIVE_HUNGER], 0);
	world_free(w);
}

/* it_near (C1's brain inputs): "it is near me" = 255 - 2 x IT's distance
 * within 128 px, before each brain tick. */
static void test_it_near(void **state)
{
	(void)state;
	world_options o = opts();
	o.it_near = 1;
	world *w = with_tiny(ROW, &o);
	run(w, 9, GENOME_ACT_QUIESCENT, GENOME_CAT_FOOD);
	assert_int_equal(w->crts[0].it, 1);
	creature *c = world_creature(w, 0);
	w->objs[1].x = w->crts[0].x + 30 * WORLD_FX;
	while (creature_ticks(c) % CREATURE_BRAIN_PERIOD)
		run(w, 1, -1, -1);
	w_pre_step(w, 0);
	assert_int_equal(brain_state(creature_brain_const(c), GENOME_LOBE_SENSE, GENOME_SENSE_IT_NEAR), 195);
	world_free(w);
}

/* decision_switch (C1): the decision given up is cleared, the new one +10
 * (w_act sees the brain's new winner after creature_step). */
static void test_decision_switch(void **state)
{
	(void)state;
	for (int on = 0; on <= 1; on++) {
		world_options o = opts();
		o.decision_switch = on;
		world *w = with_tiny(ROW, &o);
		creature *c = world_creature(w, 0);
		run(w, 8, GENOME_ACT_LEFT, -1);
		assert_int_equal(w->crts[0].act, GENOME_ACT_LEFT);
		while (creature_ticks(c) % CREATURE_BRAIN_PERIOD)
			run(w, 1, -1, -1);
		creature_nudge_action(c, GENOME_ACT_LEFT, -255);
		creature_hear(c, GENOME_LOBE_DECISION, GENOME_ACT_RIGHT);
		creature_nudge_action(c, GENOME_ACT_RIGHT, -55); /* 200 */
		creature_step(c, NULL);                      /* the brain: right */
		assert_int_equal(creature_action(c), GENOME_ACT_RIGHT);
		creature_nudge_action(c, GENOME_ACT_LEFT, 155);  /* the old cell still up */
		const brain *b = creature_brain_const(c);
		int right = brain_state(b, GENOME_LOBE_DECISION, GENOME_ACT_RIGHT);
		w_act(w, 0);
		assert_int_equal(w->crts[0].act, GENOME_ACT_RIGHT);
		assert_int_equal(brain_state(b, GENOME_LOBE_DECISION, GENOME_ACT_LEFT), on ? 0 : 155);
		assert_int_equal(brain_state(b, GENOME_LOBE_DECISION, GENOME_ACT_RIGHT), right + (on ? 10 : 0));
		world_free(w);
	}
}

/* ---- walking ------------------------------------------------------------------------ */

static void test_walk_walls_rooms(void **state)
{
	(void)state;
	world *w = with_tiny(ROW, NULL);
	creature *c = world_creature(w, 0);
	assert_int_equal(c->sensorimotor[GENOME_SM_LIGHT_LEVEL], 255); /* room west */
	run(w, 5, GENOME_ACT_RIGHT, -1); /* decided at the brain tick 4 */
	double x0 = crt_x(w, 0);
	run(w, 10, GENOME_ACT_RIGHT, -1);
	assert_true(crt_x(w, 0) - x0 == 20); /* walk_speed 2 px a tick */
	run(w, 300, GENOME_ACT_RIGHT, -1);
	/* into the east room: its light and temperature (124 -> coldness 8) */
	assert_int_equal(c->sensorimotor[GENOME_SM_LIGHT_LEVEL], 40);
	assert_int_equal(c->sensorimotor[GENOME_SM_AIR_COLDNESS], 56);
	assert_int_equal(count_log(w, LOG_ROOM, 0, NULL), 1);
	run(w, 600, GENOME_ACT_RIGHT, -1);
	assert_true(crt_x(w, 0) == 2000 - 25); /* stopped at the wall */
	assert_int_equal(count_stim(w, GENOME_STIM_BUMP_WALL), 1); /* once per bump */
	run(w, 20, GENOME_ACT_LEFT, -1);
	run(w, 40, GENOME_ACT_RIGHT, -1);
	assert_int_equal(count_stim(w, GENOME_STIM_BUMP_WALL), 2); /* a new bump */
	world_free(w);
}

static void test_gait_and_weakness(void **state)
{
	(void)state;
	world *w = with_tiny(ROW, NULL);
	creature *c = world_creature(w, 0);
	run(w, 5, GENOME_ACT_RIGHT, -1);
	c->gait[5] = 200; /* sleepy walk: half speed */
	double x0 = crt_x(w, 0);
	run(w, 10, GENOME_ACT_RIGHT, -1);
	assert_true(crt_x(w, 0) - x0 == 10);
	c->gait[12] = 250; /* fast run, stronger: double */
	x0 = crt_x(w, 0);
	run(w, 10, GENOME_ACT_RIGHT, -1);
	assert_true(crt_x(w, 0) - x0 == 40);
	w->opt.gait_speeds = 0;
	x0 = crt_x(w, 0);
	run(w, 10, GENOME_ACT_RIGHT, -1);
	assert_true(crt_x(w, 0) - x0 == 20);
	keep_atp = false;
	creature_inject(c, GENOME_CHEM_ATP, -255); /* too weak to walk */
	x0 = crt_x(w, 0);
	run(w, 10, GENOME_ACT_RIGHT, -1);
	assert_true(crt_x(w, 0) == x0);
	keep_atp = true;
	world_free(w);
}

/* ---- actions on objects -------------------------------------------------------------- */

static const char KINDS[] =
	"room r 0 2000\n"
	"kind carrot food width 20 edible carry\n"
	"on carrot eat stim actor 0 none 0 0 Starch 100 Hunger_Decrease 50\n"
	"on carrot eat vanish regrow 100\n"
	"kind rock thing width 40 push pull stop hit\n"
	"on rock push move 30\n"
	"on rock pull move -30\n"
	"on rock stop stimulus actor 26\n"
	"on rock hit stimulus touch 8\n"
	"kind ball toy width 30 carry push\n"
	"on ball push roll 10\n"
	"on ball collide stimulus heard 8 m 40\n"
	"object carrot 700\n" /* 1 */
	"object rock 300\n"   /* 2 */
	"object ball 1000\n"  /* 3 */
	"creature 500 east\n";

static void test_eat(void **state)
{
	(void)state;
	world *w = with_tiny(KINDS, NULL);
	float starch = chem(w, GENOME_CHEM_STARCH), glucose = chem(w, GENOME_CHEM_GLUCOSE);
	for (int t = 0; t < 200 && count_log(w, LOG_ACT, 0, NULL) == 0; t++)
		run(w, 1, GENOME_ACT_EAT, GENOME_CAT_FOOD);
	const w_log *l = NULL;
	assert_int_equal(count_log(w, LOG_ACT, 0, &l), 1);
	assert_int_equal(l->object, 1);
	assert_int_equal(l->b, WORLD_EV_EAT);
	/* it walked until the near edges touched: 500 + 25 + 10 = 535 */
	assert_true(crt_x(w, 0) == 700 - 35);
	/* the handler's chemicals (logged), then "I've eaten something" (26) */
	assert_true(chem(w, GENOME_CHEM_STARCH) - starch == 100);
	assert_true(chem(w, GENOME_CHEM_GLUCOSE) - glucose == 7);
	int n = 0;
	for (size_t i = 0; i < w->nlog; i++)
		if (w->log[i].type == LOG_STIMULUS && w->log[i].a == -1) {
			n++;
			assert_int_equal(w->log[i].ndose, 2);
			assert_int_equal(w->log[i].chem[0], GENOME_CHEM_STARCH);
			assert_int_equal(w->log[i].amount[0], 100);
			assert_int_equal(w->log[i].chem[1], GENOME_CHEM_HUNGER_DECREASE);
		}
	assert_int_equal(n, 1);
	assert_int_equal(count_stim(w, GENOME_STIM_ATE), 1);
	/* it vanished; regrows after 100 ticks */
	world_object_info oi;
	world_object(w, 1, &oi);
	assert_int_equal(oi.state, WORLD_OBJ_VANISHED);
	run(w, 99, -1, -1);
	world_object(w, 1, &oi);
	assert_int_equal(oi.state, WORLD_OBJ_VANISHED);
	run(w, 1, -1, -1);
	world_object(w, 1, &oi);
	assert_int_equal(oi.state, WORLD_OBJ_PRESENT);
	assert_int_equal(count_log(w, LOG_REGROW, -1, NULL), 1);
	world_free(w);
}

static void test_act_refused_and_recover(void **state)
{
	(void)state;
	world *w = with_tiny(KINDS, NULL);
	/* the rock is not edible: approach, disappointment, no event */
	run(w, 200, GENOME_ACT_EAT, GENOME_CAT_THING);
	assert_int_equal(count_log(w, LOG_ACT, 0, NULL), 0);
	int refused = count_log(w, LOG_REFUSED, 0, NULL);
	assert_true(refused >= 4 && refused <= 6); /* every act_recover (24) ticks once there */
	assert_int_equal(count_stim(w, GENOME_STIM_DISAPPOINTMENT), refused);
	assert_true(crt_x(w, 0) == 300 + 45);
	world_free(w);
	world_options o = opts();
	o.disappoint_forbidden = 0;
	w = with_tiny(KINDS, &o);
	run(w, 150, GENOME_ACT_EAT, GENOME_CAT_THING);
	assert_true(count_log(w, LOG_REFUSED, 0, NULL) > 0);
	assert_int_equal(count_stim(w, GENOME_STIM_DISAPPOINTMENT), 0);
	world_free(w);
}

static void test_push_pull_stop_hit(void **state)
{
	(void)state;
	world *w = with_tiny(KINDS, NULL);
	for (int t = 0; t < 200 && count_log(w, LOG_ACT, 0, NULL) == 0; t++)
		run(w, 1, GENOME_ACT_PUSH, GENOME_CAT_THING);
	assert_true(obj_x(w, 2) == 330); /* its push handler moved it */
	assert_int_equal(count_stim(w, GENOME_STIM_ACTIVATED1), 1);
	run(w, 23, GENOME_ACT_PUSH, GENOME_CAT_THING); /* recovering (it still touches the rock) */
	assert_int_equal(count_log(w, LOG_ACT, 0, NULL), 1);
	run(w, 1, GENOME_ACT_PUSH, GENOME_CAT_THING);
	assert_int_equal(count_log(w, LOG_ACT, 0, NULL), 2);
	assert_true(obj_x(w, 2) == 360);
	w->nlog = 0;
	run(w, 20, GENOME_ACT_PULL, GENOME_CAT_THING);
	assert_int_equal(count_stim(w, GENOME_STIM_ACTIVATED2), 1);
	w->nlog = 0;
	run(w, 20, GENOME_ACT_STOP, GENOME_CAT_THING);
	assert_int_equal(count_stim(w, GENOME_STIM_DEACTIVATED), 1);
	assert_int_equal(count_stim(w, GENOME_STIM_ATE), 1); /* its handler's stimulus to the actor */
	w->nlog = 0;
	run(w, 20, GENOME_ACT_HIT, GENOME_CAT_THING);
	assert_int_equal(count_stim(w, GENOME_STIM_AGGRESSION), 1);
	assert_int_equal(count_stim(w, GENOME_STIM_OBJECT_IN_VIEW) >= 1, 1); /* touch scope: it touches */
	world_free(w);
}

static void test_it_vanishes_on_the_way(void **state)
{
	(void)state;
	world *w = with_tiny(KINDS, NULL);
	run(w, 12, GENOME_ACT_EAT, GENOME_CAT_FOOD);
	assert_int_equal(w->crts[0].target, 1);
	w->objs[1].state = WORLD_OBJ_VANISHED;
	w->objs[1].regrow = 1000;
	w->crts[0].it = 1; /* still IT this tick: the action must stop by itself */
	decide(w, 0, GENOME_ACT_EAT, GENOME_CAT_FOOD);
	w_act(w, 0);
	assert_int_equal(w->crts[0].phase, PH_DONE);
	run(w, 100, GENOME_ACT_EAT, GENOME_CAT_FOOD);
	assert_int_equal(count_log(w, LOG_ACT, 0, NULL), 0);
	assert_int_equal(count_stim(w, GENOME_STIM_ATE), 0);
	world_free(w);
}

static void test_get_drop_carry(void **state)
{
	(void)state;
	world *w = with_tiny(KINDS, NULL);
	for (int t = 0; t < 200 && w->crts[0].carried < 0; t++)
		run(w, 1, GENOME_ACT_GET, GENOME_CAT_FOOD);
	assert_int_equal(w->crts[0].carried, 1);
	assert_int_equal(count_stim(w, GENOME_STIM_GOT), 1);
	world_object_info oi;
	world_object(w, 1, &oi);
	assert_int_equal(oi.carrier, 0);
	run(w, 50, GENOME_ACT_LEFT, -1); /* it goes where the creature goes */
	assert_true(obj_x(w, 1) == crt_x(w, 0));
	double x = crt_x(w, 0);
	run(w, 5, GENOME_ACT_DROP, -1);
	assert_int_equal(w->crts[0].carried, -1);
	assert_true(obj_x(w, 1) >= x - 10 && obj_x(w, 1) <= x + 10);
	assert_int_equal(count_stim(w, GENOME_STIM_DROPPED), 1);
	/* nothing carried: disappointment, every act_recover ticks */
	w->nlog = 0;
	run(w, 30, GENOME_ACT_DROP, -1);
	assert_int_equal(count_stim(w, GENOME_STIM_DISAPPOINTMENT), 1);
	/* the rock cannot be carried */
	w->nlog = 0;
	run(w, 200, GENOME_ACT_GET, GENOME_CAT_THING);
	assert_int_equal(w->crts[0].carried, -1);
	assert_true(count_log(w, LOG_REFUSED, 0, NULL) > 0);
	world_free(w);
}

static void test_come_and_run(void **state)
{
	(void)state;
	world *w = with_tiny(KINDS, NULL);
	run(w, 300, GENOME_ACT_COME, GENOME_CAT_TOY);
	assert_true(crt_x(w, 0) == 1000 - 40); /* touching the ball, and staying */
	assert_int_equal(count_log(w, LOG_ACT, 0, NULL), 0);
	w->objs[3].x = 1300 * WORLD_FX;
	run(w, 200, GENOME_ACT_COME, GENOME_CAT_TOY);
	assert_true(crt_x(w, 0) == 1300 - 40);
	/* run: away at twice the speed, for run_min..run_max ticks */
	double x0 = crt_x(w, 0);
	run(w, 5, GENOME_ACT_RUN, GENOME_CAT_TOY);
	double x1 = crt_x(w, 0);
	assert_true(x1 < x0);
	run(w, 10, GENOME_ACT_RUN, GENOME_CAT_TOY);
	assert_true(x1 - crt_x(w, 0) == 40);
	run(w, 60, GENOME_ACT_RUN, GENOME_CAT_TOY);
	double gone = x0 - crt_x(w, 0);
	assert_true(gone >= 4 * 20 && gone <= 4 * 50 + 20);
	assert_int_equal(w->crts[0].phase, PH_DONE);
	world_free(w);
}

/* ---- handlers -------------------------------------------------------------------------- */

static void test_roll_and_collide(void **state)
{
	(void)state;
	world *w = with_tiny(KINDS, NULL);
	for (int t = 0; t < 300 && count_log(w, LOG_ACT, 0, NULL) == 0; t++)
		run(w, 1, GENOME_ACT_PUSH, GENOME_CAT_TOY);
	assert_true(w->objs[3].vx == 10 * WORLD_FX); /* along the pusher's facing */
	run(w, 1, -1, -1);
	assert_true(w->objs[3].vx == 10 * WORLD_FX - 64);
	/* 10 px/tick slowing by 1/4 px per tick: it stops 200 px further */
	double x0 = obj_x(w, 3);
	run(w, 60, -1, -1);
	assert_true(obj_x(w, 3) - x0 > 150 && obj_x(w, 3) - x0 < 200);
	/* against a wall: it bounces back and its collide handler runs */
	w->objs[3].x = 1980 * WORLD_FX;
	w->objs[3].vx = 10 * WORLD_FX;
	w->crts[0].x = 1900 * WORLD_FX;
	w->nlog = 0;
	run(w, 2, -1, -1);
	assert_true(w->objs[3].vx < 0);
	assert_int_equal(count_log(w, LOG_COLLIDE, -1, NULL), 1);
	assert_int_equal(count_stim(w, GENOME_STIM_OBJECT_IN_VIEW), 1); /* heard, m 40 */
	world_free(w);
}

static void test_become_timer_scopes(void **state)
{
	(void)state;
	static const char T[] =
		"room a 0 1000\nroom b 1000 2000\n"
		"kind seedling plant width 10 invisible timer 30\n"
		"on seedling timer become bloom\n"
		"kind bloom flower width 20\n"
		"on bloom timer 20 stimulus seen 26\n"
		"on bloom timer stimulus heard 0\n"
		"on bloom timer timer 20\n"
		"object seedling 600\n"
		"creature 500\n";
	world *w = load(T, NULL);
	c2_err err;
	assert_int_equal(world_add_creature(w, tiny(1), &err), 0);
	assert_int_equal(world_add_creature(w, tiny(2), &err), 0);
	w->crts[1].x = 1500 * WORLD_FX; /* another room: neither sees nor hears */
	w->crts[1].room = 1;
	world_set_log(w, true);
	run(w, 29, -1, -1);
	world_object_info oi;
	world_object(w, 1, &oi);
	assert_string_equal(oi.kind, "seedling");
	assert_false(oi.visible);
	run(w, 1, -1, -1);
	world_object(w, 1, &oi);
	assert_string_equal(oi.kind, "bloom"); /* and its own timer, 20, started */
	assert_string_equal(oi.name, "seedling.1"); /* names stay */
	run(w, 20, -1, -1);
	assert_int_equal(count_stim(w, GENOME_STIM_ATE), 1);
	assert_int_equal(count_stim(w, GENOME_STIM_DISAPPOINTMENT), 1);
	run(w, 20, -1, -1); /* `timer 20` restarted it */
	assert_int_equal(count_stim(w, GENOME_STIM_ATE), 2);
	for (size_t i = 0; i < w->nlog; i++)
		assert_true(w->log[i].creature != 1);
	world_free(w);
}

/* ---- the hand and the world's events ---------------------------------------------------- */

static world_events *parse_ev(const world *w, const char *text)
{
	world_events *ev;
	c2_err err;
	if (world_events_parse(&ev, w, text, strlen(text), &err) != 0)
		fail_msg("events line %ld: %s", err.line, err.msg);
	return ev;
}

static void test_hand(void **state)
{
	(void)state;
	world *w = with_tiny(KINDS, NULL);
	world_events *ev = parse_ev(w,
		"at 1 drop   # the hand holds nothing: nothing happens\n"
		"at 2 pat\n"
		"at 3 inject Glucose 9   # an engine line, among the world's\n"
		"at 4 slap\nat 5 yes\nat 6 no\n"
		"at 10 pickup carrot.1\n"
		"at 20 drop\n"
		"at 30 say eat food\n"
		"at 40 pickup ball.1\nat 41 drop 1500\n");
	float glucose = chem(w, GENOME_CHEM_GLUCOSE);
	world_object_info oi;
	world_step(w, ev);
	world_step(w, ev);
	world_object(w, 0, &oi);
	assert_int_equal(oi.state, WORLD_OBJ_REMOVED);
	for (int t = 2; t < 8; t++)
		world_step(w, ev);
	world_object(w, 0, &oi);
	assert_int_equal(oi.state, WORLD_OBJ_PRESENT); /* at the creature */
	assert_true(oi.x == 500);
	assert_int_equal(count_stim(w, GENOME_STIM_POINTER_PATS), 1);
	assert_int_equal(count_stim(w, GENOME_STIM_POINTER_SLAPS), 1);
	assert_int_equal(count_stim(w, GENOME_STIM_POINTER_YES), 1);
	assert_int_equal(count_stim(w, GENOME_STIM_POINTER_NO), 1);
	assert_true(chem(w, GENOME_CHEM_GLUCOSE) - glucose == 9);
	for (int t = 8; t < 12; t++)
		world_step(w, ev);
	world_object(w, 1, &oi);
	assert_int_equal(oi.carrier, WORLD_HAND);
	for (int t = 12; t < 22; t++)
		world_step(w, ev);
	world_object(w, 1, &oi);
	assert_int_equal(oi.carrier, -1);
	assert_true(oi.x == 500 + 35); /* just in front of the creature, touching it */
	for (int t = 22; t < 31; t++)
		world_step(w, ev);
	const brain *b = creature_brain_const(world_creature(w, 0));
	assert_int_equal(brain_state(b, GENOME_LOBE_VERB, GENOME_ACT_EAT), 255);
	assert_int_equal(brain_state(b, GENOME_LOBE_NOUN, GENOME_CAT_FOOD), 255);
	for (int t = 31; t < 45; t++)
		world_step(w, ev);
	assert_true(obj_x(w, 3) == 1500);
	assert_int_equal(count_log(w, LOG_HAND, 0, NULL), 9);
	world_events_free(ev);
	world_free(w);
}

/* bring: the nearest such object carried by no one, in front of the
 * creature; when: the hand answers the first creature's acts in their tick;
 * hand_leaves: the hand goes away after its last command. */
static void test_hand_teaching(void **state)
{
	(void)state;
	world_options o = opts();
	o.hand_leaves = 5;
	world *w = with_tiny(KINDS, &o);
	world_events *ev = parse_ev(w,
		"at 1 bring rock      # a kind\n"
		"at 3 bring food      # a category\n"
		"at 4 bring critter   # none: nothing\n"
		"when eat pat\n"
		"when push ball slap  # not a push on a rock\n");
	for (int t = 0; t < 2; t++)
		world_step(w, ev);
	assert_true(obj_x(w, 2) == 500 + 45); /* the rock, touching the creature */
	assert_int_equal(w->objs[2].carrier, -1);
	for (int t = 2; t < 5; t++)
		world_step(w, ev);
	assert_true(obj_x(w, 1) == 500 + 35); /* the carrot */
	assert_int_equal(count_log(w, LOG_HAND, 0, NULL), 4); /* two brings: pick up, drop */
	/* the hand leaves 5 ticks after its last command */
	world_object_info oi;
	for (int t = 5; t < 8; t++)
		world_step(w, ev);
	world_object(w, 0, &oi);
	assert_int_equal(oi.state, WORLD_OBJ_PRESENT);
	for (int t = 8; t < 10; t++)
		world_step(w, ev);
	world_object(w, 0, &oi);
	assert_int_equal(oi.state, WORLD_OBJ_VANISHED);
	/* each eat: a pat in the same tick, from the hand */
	w->nlog = 0;
	for (int t = 0; t < 100 && count_log(w, LOG_ACT, 0, NULL) == 0; t++) {
		decide(w, 0, GENOME_ACT_EAT, GENOME_CAT_FOOD);
		world_step(w, ev);
	}
	const w_log *act = NULL, *pat = NULL;
	assert_int_equal(count_log(w, LOG_ACT, 0, &act), 1);
	assert_int_equal(count_stim(w, GENOME_STIM_POINTER_PATS), 1);
	for (size_t i = 0; i < w->nlog; i++)
		if (w->log[i].type == LOG_STIMULUS && w->log[i].a == GENOME_STIM_POINTER_PATS)
			pat = &w->log[i];
	assert_true(pat->tick == act->tick && pat->b == GENOME_CAT_HAND);
	/* a push on the rock: no slap */
	w->nlog = 0;
	for (int t = 0; t < 100 && count_log(w, LOG_ACT, 0, NULL) == 0; t++) {
		decide(w, 0, GENOME_ACT_PUSH, GENOME_CAT_THING);
		world_step(w, ev);
	}
	assert_int_equal(count_log(w, LOG_ACT, 0, NULL), 1);
	assert_int_equal(count_stim(w, GENOME_STIM_POINTER_SLAPS), 0);
	world_events_free(ev);
	world_free(w);
	/* errors name the line */
	static const struct {
		const char *text;
		long line;
		const char *why;
	} bad[] = {
		{"at 1 pat\nwhen eat\n", 2, "usage: when"},
		{"when sneeze pat\n", 1, "sneeze"},
		{"when eat nosuch pat\n", 1, "unknown kind"},
		{"when eat carrot kiss\n", 1, "usage: when"},
		{"when eat carrot pat now\n", 1, "usage: when"},
		{"at 1 bring\n", 1, "usage: bring"},
		{"at 1 bring nosuch\n", 1, "neither a kind"},
	};
	w = with_tiny(KINDS, NULL);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		world_events *e = (world_events *)1;
		c2_err err;
		int rc = world_events_parse(&e, w, bad[i].text, strlen(bad[i].text), &err);
		if (rc == 0 || e != NULL || err.line != bad[i].line || !strstr(err.msg, bad[i].why))
			fail_msg("case %zu: rc %d line %ld '%s'", i, rc, err.line, err.msg);
	}
	c2_wbuf t = {0};
	for (int r = 0; r <= WORLD_MAX_RULES; r++)
		c2_w_printf(&t, "when eat pat\n");
	world_events *e;
	c2_err err;
	assert_int_equal(world_events_parse(&e, w, (const char *)t.data, t.len, &err), C2_ETOOBIG);
	assert_int_equal(err.line, WORLD_MAX_RULES + 1);
	c2_wbuf_free(&t);
	world_free(w);
}

static void test_events_objects(void **state)
{
	(void)state;
	world *w = with_tiny(KINDS, NULL);
	world_events *ev = parse_ev(w,
		"at 1 add carrot 900 snack\n"
		"every 10 from 5 until 25 add rock 100\n"
		"at 30 move snack 1200\n"
		"at 31 remove rock.2\n"
		"at 32 remove carrot.1\n");
	for (int t = 0; t < 40; t++)
		world_step(w, ev);
	assert_int_equal(world_object_count(w), 4 + 1 + 3);
	int snack = w_obj_find(w, "snack", 5);
	assert_int_equal(snack, 4);
	assert_true(obj_x(w, 4) == 1200);
	world_object_info oi;
	world_object(w, 5, &oi);
	assert_string_equal(oi.name, "rock.2");
	assert_int_equal(oi.state, WORLD_OBJ_REMOVED);
	world_object(w, 1, &oi);
	assert_int_equal(oi.state, WORLD_OBJ_REMOVED);
	world_object(w, 7, &oi);
	assert_string_equal(oi.name, "rock.4");
	world_events_free(ev);
	/* errors name the line, the world's or the engine's */
	static const struct {
		const char *text;
		long line;
		const char *why;
	} bad[] = {
		{"at 1 pat\nat 2 remove nosuch\n", 2, "no object is called"},
		{"at 1 pat\nat 2 frobnicate\n", 2, "unknown command"},
		{"at 1 add nosuch 5\n", 1, "unknown kind"},
		{"every 5 add carrot 5 named\n", 1, "added once"},
		{"at 1 add carrot 5 carrot.1\n", 1, "only letters"},
		{"at 1 add carrot 5 a\nat 2 add rock 5 a\n", 2, "adds an object called"},
		{"at x pat\n", 1, "usage: at"},
		{"at 1 pat now\n", 1, "usage: pat"},
		{"at 1 say blah\n", 1, "unknown"},
		{"at 1 move carrot.1\n", 1, "usage: move"},
		{"at 1 remove carrot.0\n", 1, "no object"},
		{"at 1 remove hand\n", 1, "no object"},
		{"\n\nat 1 inject Nosuch 4\n", 3, "unknown chemical"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		world_events *e = (world_events *)1;
		c2_err err;
		int rc = world_events_parse(&e, w, bad[i].text, strlen(bad[i].text), &err);
		if (rc == 0 || e != NULL || err.line != bad[i].line || !strstr(err.msg, bad[i].why))
			fail_msg("case %zu: rc %d line %ld '%s' (want line %ld '%s')", i, rc, err.line, err.msg,
			         bad[i].line, bad[i].why);
	}
	world_free(w);
}

/* ---- the engine hook, snapshots, determinism ------------------------------------------------ */

static void test_stand_in_in_world(void **state)
{
	(void)state;
	static const uint8_t chems[] = {GENOME_CHEM_STARCH}, amounts[] = {50};
	creature *alone = tiny(1);
	creature_feed(alone, 10, chems, amounts, 1);
	world *w = with_tiny("room r 0 1000\n", NULL);
	creature *c = world_creature(w, 0);
	creature_feed(c, 10, chems, amounts, 1);
	for (int t = 0; t < 200; t++) {
		creature_hear(alone, GENOME_LOBE_DECISION, GENOME_ACT_EAT);
		creature_step(alone, NULL);
	}
	assert_true(creature_food(alone) < 10);
	world_options o = opts();
	o.mask_actions = 0; /* let eat win without IT */
	w->opt = o;
	run(w, 200, GENOME_ACT_EAT, -1);
	assert_int_equal(creature_action(c), GENOME_ACT_EAT);
	assert_int_equal(creature_food(c), 10); /* the stand-in does not feed it */
	assert_true(creature_in_world(c));
	creature_free(alone);
	world_free(w);
}

static world *garden_with(uint64_t seed, creature *c, const world_options *o)
{
	uint8_t *text;
	size_t len;
	c2_err err;
	assert_int_equal(c2_read_file("worlds/garden.world", 1u << 20, &text, &len, &err), 0);
	world *w;
	assert_int_equal(world_load(&w, (const char *)text, len, o, seed, &err), 0);
	free(text);
	assert_int_equal(world_add_creature(w, c, &err), 0);
	return w;
}

static world *garden(uint64_t seed, creature *c)
{
	return garden_with(seed, c, NULL);
}

static creature *starter(uint64_t seed)
{
	genome g;
	test_load_text_genome("genomes/starter.txt", &g);
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.seed = seed;
	creature *c;
	c2_err err;
	assert_int_equal(creature_hatch(&c, &g, &cfg, &err), 0);
	genome_free(&g);
	return c;
}

/* Save at 3000 ticks, resume, run on: bit for bit, with the defaults (c1
 * 0) and with every C1 mechanism on and the teaching commands (1). */
static void snapshot_resume(int c1)
{
	world_options o;
	world_options_default(&o);
	if (c1) {
		o.goal_direction = o.keep_unseen = o.it_near = o.decision_switch = 1;
		o.goal_period = 64;
		o.hand_leaves = 30;
	}
	world *a = garden_with(3, starter(3), &o), *b;
	const char *E = c1 ? "every 700 bring food\nwhen eat pat\nevery 300 inject Glucose 30\n"
	                   : "every 700 pat\nat 900 pickup nut.1\nat 950 drop\nevery 300 inject Glucose 30\n";
	size_t elen = strlen(E);
	world_events *ev = parse_ev(a, E);
	for (int t = 0; t < 3000; t++)
		world_step(a, ev);
	c2_wbuf s = {0};
	assert_int_equal(world_save(a, E, elen, &s), 0);
	uint8_t *extra;
	size_t nextra;
	c2_err err;
	if (world_restore(&b, s.data, s.len, &extra, &nextra, &err) != 0)
		fail_msg("restore: %s", err.msg);
	assert_int_equal(nextra, elen);
	assert_memory_equal(extra, E, nextra);
	free(extra);
	assert_int_equal(world_hash(a), world_hash(b));
	/* saving the restored world gives the same bytes */
	c2_wbuf s2 = {0};
	assert_int_equal(world_save(b, E, elen, &s2), 0);
	assert_int_equal(s2.len, s.len);
	assert_memory_equal(s2.data, s.data, s.len);
	world_events *ev2 = parse_ev(b, E);
	for (int t = 0; t < 4000; t++) {
		world_step(a, ev);
		world_step(b, ev2);
		if (t % 500 == 0)
			assert_int_equal(world_hash(a), world_hash(b));
	}
	assert_int_equal(world_hash(a), world_hash(b));
	/* bad snapshots are refused, never crash */
	world *bad;
	assert_int_not_equal(world_restore(&bad, s.data, s.len - 9, NULL, NULL, &err), 0);
	assert_null(bad);
	s.data[s.len / 2] ^= 0x40;
	assert_int_equal(world_restore(&bad, s.data, s.len, NULL, NULL, &err), C2_ECHECK);
	assert_int_not_equal(world_restore(&bad, s.data, 10, NULL, NULL, &err), 0);
	assert_false(world_snapshot_is((const uint8_t *)"C2RTSNAP", 8));
	c2_wbuf_free(&s);
	c2_wbuf_free(&s2);
	world_events_free(ev);
	world_events_free(ev2);
	world_free(a);
	world_free(b);
}

static void test_snapshot_resume(void **state)
{
	(void)state;
	snapshot_resume(0);
	snapshot_resume(1);
}

static void test_determinism(void **state)
{
	(void)state;
	world *a = garden(5, starter(5)), *b = garden(5, starter(5)), *d = garden(6, starter(6));
	for (int t = 0; t < 6000; t++) {
		world_step(a, NULL);
		world_step(b, NULL);
		world_step(d, NULL);
	}
	assert_int_equal(world_hash(a), world_hash(b));
	assert_int_not_equal(world_hash(a), world_hash(d));
	world_free(a);
	world_free(b);
	world_free(d);
}

/* The log as NDJSON: one object a line, names resolved. */
static void test_log_ndjson(void **state)
{
	(void)state;
	world *w = with_tiny(KINDS, NULL);
	for (int t = 0; t < 200 && count_log(w, LOG_ACT, 0, NULL) == 0; t++)
		run(w, 1, GENOME_ACT_EAT, GENOME_CAT_FOOD);
	c2_wbuf o = {0};
	world_log_ndjson(w, &o);
	c2_w_u8(&o, 0);
	const char *t = (const char *)o.data;
	assert_non_null(strstr(t, "\"type\":\"act\",\"creature\":0,\"object\":\"carrot.1\",\"kind\":\"carrot\","
	                          "\"event\":\"eat\",\"event_number\":12,\"action\":\"eat\"}\n"));
	assert_non_null(strstr(t, "\"stimulus\":\"explicit\",\"from\":\"food\",\"chemicals\":"
	                          "{\"Starch\":100,\"Hunger Decrease\":50}}\n"));
	assert_non_null(strstr(t, "\"type\":\"vanish\""));
	assert_int_equal(w->nlog, 0);
	for (const char *p = t; *p; p = strchr(p, '\n') + 1)
		assert_true(*p == '{');
	c2_wbuf_free(&o);
	world_free(w);
}

/* World options live in the same --opt namespace as the creature's: no
 * name may be in both. */
static void test_option_names(void **state)
{
	(void)state;
	for (size_t k = 0; k < world_option_tab.n; k++)
		for (size_t t = 0; t < CREATURE_OPTION_TABLES; t++) {
			const char *n = world_option_tab.v[k].name;
			if (c2_option_find(creature_option_table(t), n, strlen(n)))
				fail_msg("option %s is the world's and the %s's", n, creature_option_table(t)->module);
		}
	world_options o = opts();
	o.walk_speed = 100000;
	world *w;
	c2_err err;
	assert_int_equal(world_load(&w, "room r 0 10\n", 12, &o, 1, &err), C2_EINVAL);
	assert_null(w);
}

/* With a body the creature goes where its body's travel takes it, along
 * its facing, scaled by body_px_per_unit; not by walk_speed. */
static void test_body_travel(void **state)
{
	(void)state;
	double moved[2];
	for (int scale = 0; scale < 2; scale++) {
		world_options o = opts();
		o.body_px_per_unit = scale ? 500 : 0;
		world *w = load("room r 0 100000\ncreature 50000 east\n", &o);
		creature *c = tiny(1);
		uint8_t *text;
		size_t len;
		c2_err err;
		assert_int_equal(c2_read_file("genomes/walker.f0", 1u << 20, &text, &len, &err), 0);
		creature_body_spec spec = {"walker.f0", text, len, NULL};
		assert_int_equal(creature_set_body(c, &spec, &err), 0);
		free(text);
		assert_int_equal(world_add_creature(w, c, &err), 0);
		run(w, 400, GENOME_ACT_RIGHT, -1);
		moved[scale] = crt_x(w, 0) - 50000;
		world_free(w);
	}
	assert_true(moved[0] == 0);  /* no travel counted: no walking at walk_speed either */
	assert_true(moved[1] != 0);  /* the walker's travel */
	assert_true(moved[1] != 2 * 396); /* not walk_speed's */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_garden),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_representative_nearest),
		cmocka_unit_test(test_sight_options),
		cmocka_unit_test(test_representative_modes),
		cmocka_unit_test(test_perceive_asleep),
		cmocka_unit_test(test_perceive_period),
		cmocka_unit_test(test_keep_unseen),
		cmocka_unit_test(test_approach_retreat),
		cmocka_unit_test(test_it_and_mask),
		cmocka_unit_test(test_mask_reference),
		cmocka_unit_test(test_it_change_reset),
		cmocka_unit_test(test_impt),
		cmocka_unit_test(test_goal_direction),
		cmocka_unit_test(test_it_near),
		cmocka_unit_test(test_decision_switch),
		cmocka_unit_test(test_walk_walls_rooms),
		cmocka_unit_test(test_gait_and_weakness),
		cmocka_unit_test(test_eat),
		cmocka_unit_test(test_act_refused_and_recover),
		cmocka_unit_test(test_push_pull_stop_hit),
		cmocka_unit_test(test_it_vanishes_on_the_way),
		cmocka_unit_test(test_get_drop_carry),
		cmocka_unit_test(test_come_and_run),
		cmocka_unit_test(test_roll_and_collide),
		cmocka_unit_test(test_become_timer_scopes),
		cmocka_unit_test(test_hand),
		cmocka_unit_test(test_hand_teaching),
		cmocka_unit_test(test_events_objects),
		cmocka_unit_test(test_stand_in_in_world),
		cmocka_unit_test(test_snapshot_resume),
		cmocka_unit_test(test_determinism),
		cmocka_unit_test(test_log_ndjson),
		cmocka_unit_test(test_option_names),
		cmocka_unit_test(test_body_travel),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
