/* live.c — the live viewer's window, main loop and input (see live.h). */
#include "viewer/live.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL2/SDL.h>

#include "base/fileio.h"
#include "genome/vocab.h"
#include "trace/writer.h"
#include "viewer/chemhist.h"
#include "viewer/draw.h"
#include "viewer/font.h"
#include "viewer/frame.h"
#include "viewer/match.h"
#include "viewer/pace.h"
#include "viewer/popwatch.h"
#include "viewer/worldview.h"

/* Samples of all 256 chemicals kept for the plot (8 MB): enough for the
 * longest window at its sampling rate, with room for the window to grow. */
enum { HISTORY = 32768 };
/* Drawing: at most 30 frames a second; at max speed drawing may take at
 * most a tenth of the time (fewer frames when a frame is slow to draw). */
#define FRAME_PERIOD (1.0 / 30)
#define MAX_DRAW_SHARE 0.1
/* At max speed, input is looked at least this often (seconds). */
#define MAX_SLICE 0.02
/* How long a message stays in the hint line (seconds). */
#define MESSAGE_SECONDS 5.0

typedef struct live {
	creature *c;        /* the creature shown: the selected one in a world */
	creature_events *ev;
	world *w;           /* the world it lives in, or NULL (o->world) */
	int sel;            /* with a world: the selected creature's index */
	view_pop *pop;      /* with a world: the watch on its population */
	char title[160];    /* with a world: the selected creature's moniker and the title */
	c2_wbuf session;    /* the events text so far: what it started from, then the inputs */
	const view_live_opts *o;
	SDL_Window *win;
	SDL_Surface *frame; /* drawn here, then copied to the window; screenshots save it */
	view_frame fr;
	view_pace pace;
	view_hist *hist;
	view_choice chems[256], stims[64], words[64];
	int nchems, nstims, nwords;
	double msg_until;
	double draw_cost;   /* seconds the last frame took to draw */
	uint64_t ran;       /* ticks run this session */
	unsigned frames;    /* frames drawn, and the time that took */
	double draw_total;
	double ran_wall;    /* wall seconds while running (not paused, alive), drawing
	                       and waiting included */
	bool dirty, quit;
	bool dragging;      /* the left button went down on the body panel */
	char swallow;       /* the key that opened the picker: its text event is not typed */
	char err[512];
} live;

void view_live_opts_default(view_live_opts *o)
{
	memset(o, 0, sizeof *o);
	o->width = VIEW_LIVE_DEFAULT_W;
	o->height = VIEW_LIVE_DEFAULT_H;
	o->speed = 1;
	o->pin_lobe = o->pin_cell = -1;
}

static double wall(void)
{
	return (double)SDL_GetPerformanceCounter() / (double)SDL_GetPerformanceFrequency();
}

static void say(live *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A line in the hint bar for a few seconds (and on stderr for the record). */
static void say(live *L, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(L->fr.message, sizeof L->fr.message, fmt, ap);
	va_end(ap);
	fprintf(stderr, "c2rt view: %s\n", L->fr.message);
	L->msg_until = wall() + MESSAGE_SECONDS;
	L->dirty = true;
}

/* The clock the events lines and hashes go by: the world's, or the lone
 * creature's (the same ticks for a world's first creature). */
static uint64_t now(const live *L)
{
	return L->w ? world_ticks(L->w) : creature_ticks(L->c);
}

/* Is anything left to run? A lone creature alive, or any in the world. */
static bool any_alive(const live *L)
{
	if (!L->w)
		return creature_alive(L->c);
	return world_alive_count(L->w) > 0;
}

/* The first creature: whose events the engine's lines are, and whose life
 * the session's summary tells. */
static const creature *first(const live *L)
{
	return L->w ? world_creature_const(L->w, 0) : L->c;
}

static void sample(live *L)
{
	view_hist_sample(L->hist, creature_seconds(L->c), bc_chemicals(creature_biochem_const(L->c)));
}

/* An input from the window: the event line "at TICK COMMAND" (COMMAND from
 * fmt), appended to the creature's events so that the next step applies it
 * like a file's, and to the session's text with `note` as its comment.
 * Returns false (and says why) if the line is refused. */
static bool input(live *L, const char *note, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* With a world: the session's text with the line, parsed anew, is the
 * world's events from now on (the line is not kept if that fails). */
static int world_input(live *L, const char *line, int n, const char *note, c2_err *e)
{
	size_t keep = L->session.len;
	c2_w_printf(&L->session, "%s%*s# %s\n", line, n < 40 ? 40 - n : 1, "", note);
	world_events *ev = NULL;
	int rc = L->session.oom ? c2_fail(e, C2_ENOMEM, -1, -1, "out of memory")
	                        : world_events_parse(&ev, L->w, (const char *)L->session.data,
	                                             L->session.len, e);
	if (rc) {
		L->session.len = keep;
		L->session.oom = false;
		return rc;
	}
	world_events_free(*L->o->world_ev);
	*L->o->world_ev = ev;
	return 0;
}

static bool input(live *L, const char *note, const char *fmt, ...)
{
	char cmd[160], line[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	int n = snprintf(line, sizeof line, "at %llu %s", (unsigned long long)now(L), cmd);
	c2_err e;
	bool fits = n > 0 && (size_t)n < sizeof line;
	if (!fits || (L->w ? world_input(L, line, n, note, &e)
	                   : creature_events_append(L->ev, line, (size_t)n, &e)) != 0) {
		say(L, "cannot queue '%s': %s", line, fits ? e.msg : "too long");
		return false;
	}
	if (!L->w)
		c2_w_printf(&L->session, "%s%*s# %s\n", line, n < 40 ? 40 - n : 1, "", note);
	return true;
}

/* The hash `c2rt run --hash-every` prints: the whole world's, with one. */
static uint64_t state_hash(const live *L)
{
	return L->w ? world_hash(L->w) : creature_hash(L->c);
}

/* ---- selection: which creature of a world the panels show ---------------------- */

/* The status line's and the window's title: the selected creature's
 * moniker, what it is, and the command's title (the genome file). */
static void make_title(live *L)
{
	world_creature_info ci;
	const char *t = L->o->title ? L->o->title : "creature";
	if (world_creature_get(L->w, (size_t)L->sel, &ci) != 0 || !ci.moniker[0])
		snprintf(L->title, sizeof L->title, "%s", t);
	else if (ci.mother >= 0)
		snprintf(L->title, sizeof L->title, "%s, gen %u of %s and %s (%s)", ci.moniker, ci.generation,
		         world_creature_moniker(L->w, (size_t)ci.mother),
		         ci.father >= 0 ? world_creature_moniker(L->w, (size_t)ci.father) : "?", t);
	else if (L->sel == 0)
		snprintf(L->title, sizeof L->title, "%s (%s)", ci.moniker, t);
	else
		snprintf(L->title, sizeof L->title, "%s (founder %d)", ci.moniker, L->sel + 1);
	L->fr.title = L->title;
	if (L->win) {
		char wt[200];
		snprintf(wt, sizeof wt, "c2rt view: %s", L->title);
		SDL_SetWindowTitle(L->win, wt);
	}
}

/* Show creature i of the world: the panels, the plot (its history starts
 * anew: the chemicals are another creature's), the title, the strip's
 * arrow. Selection changes nothing in the world, so the session's text
 * keeps it as a comment, which a replay passes over. */
static void select_creature(live *L, int i, const char *how)
{
	if (!L->w || i < 0 || (size_t)i >= world_creature_count(L->w) || i == L->sel)
		return;
	L->sel = i;
	L->c = world_creature(L->w, (size_t)i);
	L->fr.selected = i;
	L->fr.pin_lobe = L->fr.pin_cell = -1; /* another brain */
	view_hist_clear(L->hist);
	sample(L);
	make_title(L);
	const char *m = world_creature_moniker(L->w, (size_t)i);
	c2_w_printf(&L->session, "# at %llu select %s (%s)\n", (unsigned long long)now(L), m, how);
	say(L, "selected %s%s", m, creature_alive(L->c) ? "" : " (dead)");
}

/* Tab: the next living creature after the selected one (step -1: before
 * it), round the world; every creature when none lives. */
static void select_next(live *L, int step)
{
	int n = (int)world_creature_count(L->w);
	bool none = world_alive_count(L->w) == 0;
	for (int k = 1; k < n; k++) {
		int i = ((L->sel + step * k) % n + n) % n;
		if (none || creature_alive(world_creature_const(L->w, (size_t)i))) {
			select_creature(L, i, step > 0 ? "key Tab" : "key Shift+Tab");
			return;
		}
	}
	say(L, n > 1 ? "no other creature lives" : "the only creature in the world");
}

/* The engine's lines (inject, stimulus, word, sleep, dream) go to the
 * first creature, as in an events file: with another selected, the keys
 * that make them say so and do nothing. */
static bool engine_target(live *L)
{
	if (!L->w || L->sel == 0)
		return true;
	say(L, "that key acts on the first creature only (the engine's events lines are its): "
	       "Tab to %s", world_creature_moniker(L->w, 0));
	return false;
}

/* " MONIKER" for a world line at the selected creature, "" at the first
 * (the line an events file has always had). */
static const char *target(const live *L, char *buf, size_t n)
{
	if (L->sel == 0)
		return "";
	snprintf(buf, n, " %s", world_creature_moniker(L->w, (size_t)L->sel));
	return buf;
}

/* Run up to n world ticks (events first, as `c2rt run` does), stopping at
 * the deadline (wall seconds) or when the creature dies. Returns how many
 * ran. */
static uint64_t run_ticks(live *L, uint64_t n, double deadline)
{
	uint64_t ran = 0, every = view_pace_sample_every(&L->pace);
	while (ran < n && any_alive(L)) {
		if (L->w) {
			world_step(L->w, *L->o->world_ev);
			if (view_pop_watch(L->pop, L->w, wall()))
				L->dirty = true;
		} else {
			creature_step(L->c, L->ev);
		}
		ran++;
		L->ran++;
		uint64_t t = now(L);
		if (t % every == 0 || !creature_alive(L->c))
			sample(L);
		if (L->o->hash_every && t % L->o->hash_every == 0)
			printf("%llu %016llx\n", (unsigned long long)t, (unsigned long long)state_hash(L));
		/* The clock costs far less than 64 ticks. */
		if ((ran & 63) == 0 && wall() >= deadline)
			break;
	}
	return ran;
}

/* ---- drawing ----------------------------------------------------------------- */

/* Make the frame surface match the window's size. */
static int fit_frame(live *L)
{
	int w, h;
	SDL_GetWindowSize(L->win, &w, &h);
	if (w < VIEW_FRAME_MIN_W)
		w = VIEW_FRAME_MIN_W;
	if (h < VIEW_FRAME_MIN_H)
		h = VIEW_FRAME_MIN_H;
	if (L->frame && L->frame->w == w && L->frame->h == h)
		return 0;
	SDL_FreeSurface(L->frame);
	L->frame = view_surface_new(w, h);
	if (!L->frame) {
		snprintf(L->err, sizeof L->err, "cannot make a %dx%d frame: %s", w, h, SDL_GetError());
		return -1;
	}
	return 0;
}

/* Draw the current state into the frame surface and show it. */
static int draw(live *L)
{
	double t = wall();
	if (L->fr.message[0] && t >= L->msg_until)
		L->fr.message[0] = '\0';
	/* A screenshot's births flash by world ticks alone: its run takes a
	 * wall second or two, in which every birth would still flash. */
	L->fr.wall = L->o->screenshot_path ? HUGE_VAL : t;
	view_pace_update_window(&L->pace, creature_seconds(L->c));
	if (fit_frame(L) != 0)
		return -1;
	if (view_frame_render(L->frame, &L->fr, L->c, L->err, sizeof L->err) != 0)
		return -1;
	SDL_Surface *ws = SDL_GetWindowSurface(L->win);
	if (ws) {
		SDL_BlitSurface(L->frame, NULL, ws, NULL);
		SDL_UpdateWindowSurface(L->win);
	}
	L->draw_cost = wall() - t;
	L->frames++;
	L->draw_total += L->draw_cost;
	L->dirty = false;
	return 0;
}

/* Path for a file the keys write: DIR/c2rt-view-TICK.EXT. */
static void out_path(live *L, const char *ext, char *buf, size_t n)
{
	snprintf(buf, n, "%s/c2rt-view-%llu.%s", L->o->out_dir ? L->o->out_dir : ".",
	         (unsigned long long)now(L), ext);
}

/* The screenshot key and --screenshot-after both come here: draw the frame
 * as it is now and save it. */
static int screenshot(live *L, const char *path)
{
	if (draw(L) != 0)
		return -1;
	char err[300];
	if (view_save_png(L->frame, path, err, sizeof err) != 0) {
		snprintf(L->err, sizeof L->err, "screenshot: %s", err);
		return -1;
	}
	return 0;
}

/* ---- commands ---------------------------------------------------------------- */

/* May a key write `path`? Says why not. */
static bool may_write(live *L, const char *path, const char *what)
{
	char why[300];
	if (!L->o->may_write || L->o->may_write(NULL, path, why, sizeof why) == 0)
		return true;
	say(L, "%s not written: %s: %s", what, path, why);
	return false;
}

static void cmd_snapshot(live *L)
{
	char path[4096];
	out_path(L, "snap", path, sizeof path);
	c2_err e;
	if (!may_write(L, path, "snapshot"))
		return;
	int rc;
	if (L->w) { /* the whole world, as `c2rt run --world --save` */
		c2_wbuf b = {0};
		rc = world_save(L->w, L->session.data, L->session.len, &b) != 0 || b.oom
		             ? c2_fail(&e, C2_ENOMEM, -1, -1, "out of memory")
		             : c2_write_file_atomic(path, b.data, b.len, &e);
		c2_wbuf_free(&b);
	} else {
		rc = creature_save_file(L->c, path, L->session.data, L->session.len, &e);
	}
	if (rc != 0)
		say(L, "snapshot failed: %s: %s", path, e.msg);
	else
		say(L, "saved snapshot %s", path);
}

static void cmd_screenshot(live *L)
{
	char path[4096];
	out_path(L, "png", path, sizeof path);
	if (!may_write(L, path, "screenshot"))
		return;
	if (screenshot(L, path) != 0)
		say(L, "%s", L->err);
	else
		say(L, "saved screenshot %s", path);
}

static void cmd_step(live *L)
{
	view_pace_pause(&L->pace, true);
	if (!any_alive(L)) {
		say(L, L->w ? "every creature is dead" : "the creature is dead");
		return;
	}
	run_ticks(L, 1, HUGE_VAL);
	sample(L);
	L->dirty = true;
}

/* What an input does shows at the next tick: say so when paused. */
static const char *when(live *L)
{
	return L->pace.paused ? " (at the next tick: step with '.')" : "";
}

static void cmd_sleep(live *L)
{
	if (!engine_target(L))
		return;
	if (creature_asleep(L->c)) {
		if (input(L, "key z", "wake"))
			say(L, "waking up%s", when(L));
	} else {
		if (input(L, "key z", "sleep"))
			say(L, "going to sleep (z wakes)%s", when(L));
	}
}

static void cmd_dream(live *L)
{
	if (!engine_target(L))
		return;
	size_t pending = brain_instinct_pending(creature_brain_const(L->c));
	if (input(L, "key d", "dream %u", pending ? (unsigned)(pending < 100000 ? pending : 100000) : 1))
		say(L, "dreaming: %zu instincts pending%s", pending, when(L));
}

/* Enter (or a click) on the picker's highlighted choice. */
static void pick(live *L)
{
	view_picker *p = &L->fr.picker;
	char name[64];
	if (p->mode == VIEW_PICK_AMOUNT) {
		char *end;
		errno = 0;
		long v = p->text[0] ? strtol(p->text, &end, 10) : 50;
		if (p->text[0] && (errno || *end || v < -255 || v > 255)) {
			say(L, "'%s' is not an amount in -255..255", p->text);
			return;
		}
		trace_chem_legend(p->chem, name, sizeof name);
		if (input(L, name, "inject %d %ld", p->chem, v))
			say(L, "injecting %ld %s%s", v, name, when(L));
		view_picker_close(p);
		SDL_StopTextInput();
		return;
	}
	const view_choice *ch = view_picker_current(p);
	if (!ch)
		return;
	switch (p->mode) {
	case VIEW_PICK_PLOT: {
		int r = view_hist_toggle(L->hist, ch->value);
		if (r == 1)
			say(L, "plotting %s", ch->label);
		else if (r == 0)
			say(L, "no longer plotting %s", ch->label);
		else if (view_hist_count(L->hist) >= VIEW_HIST_MAX_CHEMS)
			say(L, "the plot holds %d chemicals: remove one first", VIEW_HIST_MAX_CHEMS);
		else
			say(L, "the plot keeps at least one chemical");
		return; /* stays open: add several */
	}
	case VIEW_PICK_INJECT: {
		int chem = ch->value;
		view_picker_open(p, VIEW_PICK_AMOUNT, NULL, 0);
		p->chem = chem;
		L->dirty = true;
		return;
	}
	case VIEW_PICK_STIMULUS:
		if (!creature_has_stimulus(L->c, (uint8_t)ch->value))
			say(L, "this genome has no gene for stimulus %d (%s)", ch->value, ch->label);
		else if (input(L, ch->label, "stimulus %d", ch->value))
			say(L, "stimulus %d: %s%s", ch->value, ch->label, when(L));
		break;
	case VIEW_PICK_WORD: {
		brain_lobe_info li;
		if (brain_lobe_info_get(creature_brain_const(L->c), (unsigned)ch->tag, &li) != 0 ||
		    (unsigned)ch->value >= li.neurons)
			say(L, "no brain cell hears \"%s\" (lobe %d is missing or smaller)", ch->label, ch->tag);
		else if (input(L, ch->label, "word %s %d", ch->tag == GENOME_LOBE_VERB ? "verb" : "noun",
		               ch->value))
			say(L, "saying \"%s\"%s", ch->label, when(L));
		break;
	}
	case VIEW_PICK_AMOUNT:
	case VIEW_PICK_NONE:
		break;
	}
	view_picker_close(p);
	SDL_StopTextInput();
}

static void open_picker(live *L, view_pick_mode mode, char key)
{
	if (mode != VIEW_PICK_PLOT && !engine_target(L))
		return;
	const view_choice *list = mode == VIEW_PICK_STIMULUS ? L->stims
	                          : mode == VIEW_PICK_WORD   ? L->words
	                                                     : L->chems;
	int n = mode == VIEW_PICK_STIMULUS ? L->nstims : mode == VIEW_PICK_WORD ? L->nwords : L->nchems;
	view_picker_open(&L->fr.picker, mode, list, n);
	L->fr.help = false;
	L->swallow = key;
	SDL_StartTextInput();
	L->dirty = true;
}

static void close_picker(live *L)
{
	view_picker_close(&L->fr.picker);
	SDL_StopTextInput();
	L->dirty = true;
}

static void picker_key(live *L, const SDL_KeyboardEvent *k)
{
	view_picker *p = &L->fr.picker;
	switch (k->keysym.sym) {
	case SDLK_ESCAPE:
		close_picker(L);
		break;
	case SDLK_RETURN:
	case SDLK_KP_ENTER:
		pick(L);
		break;
	case SDLK_BACKSPACE:
		view_picker_backspace(p);
		break;
	case SDLK_UP:
		view_picker_move(p, -1);
		break;
	case SDLK_DOWN:
		view_picker_move(p, 1);
		break;
	case SDLK_PAGEUP:
		view_picker_move(p, -(p->shown > 1 ? p->shown - 1 : 1));
		break;
	case SDLK_PAGEDOWN:
		view_picker_move(p, p->shown > 1 ? p->shown - 1 : 1);
		break;
	default:
		return;
	}
	L->dirty = true;
}

/* The pace keys: pause, step, speed, and the plot's window. False for any
 * other key. */
static bool pace_key(live *L, SDL_Keycode s)
{
	char label[16];
	switch (s) {
	case SDLK_SPACE:
		view_pace_pause(&L->pace, !L->pace.paused);
		break;
	case SDLK_PERIOD:
	case SDLK_RIGHT:
		cmd_step(L);
		break;
	case SDLK_PLUS:
	case SDLK_KP_PLUS:
	case SDLK_EQUALS:
		view_pace_faster(&L->pace);
		say(L, "speed %s", view_pace_label(&L->pace, label, sizeof label));
		break;
	case SDLK_MINUS:
	case SDLK_KP_MINUS:
		view_pace_slower(&L->pace);
		say(L, "speed %s", view_pace_label(&L->pace, label, sizeof label));
		break;
	case SDLK_1:
	case SDLK_2:
	case SDLK_3:
	case SDLK_4:
		view_pace_set(&L->pace, s == SDLK_1 ? 1 : s == SDLK_2 ? 10 : s == SDLK_3 ? 100 : 1000);
		say(L, "speed %s", view_pace_label(&L->pace, label, sizeof label));
		break;
	case SDLK_0:
		view_pace_set(&L->pace, VIEW_SPEED_MAX);
		say(L, "speed: as fast as possible");
		break;
	case SDLK_LEFTBRACKET:
		view_pace_zoom(&L->pace, -1);
		break;
	case SDLK_RIGHTBRACKET:
		view_pace_zoom(&L->pace, 1);
		break;
	case SDLK_BACKSLASH:
		view_pace_window_auto(&L->pace);
		break;
	default:
		return false;
	}
	return true;
}

static void key(live *L, const SDL_KeyboardEvent *k)
{
	if (L->fr.picker.mode != VIEW_PICK_NONE) {
		picker_key(L, k);
		return;
	}
	SDL_Keycode s = k->keysym.sym;
	bool shift = (k->keysym.mod & KMOD_SHIFT) != 0;
	char tb[16];
	L->dirty = true;
	if (s == SDLK_F1 || s == SDLK_QUESTION || (s == SDLK_SLASH && shift)) {
		L->fr.help = !L->fr.help;
		return;
	}
	if (L->fr.help && s == SDLK_ESCAPE) {
		L->fr.help = false;
		return;
	}
	if (pace_key(L, s))
		return;
	switch (s) {
	case SDLK_m:
		L->fr.by_state = !L->fr.by_state;
		break;
	case SDLK_b:
		L->fr.body_cam.wire = !L->fr.body_cam.wire;
		break;
	case SDLK_c:
		open_picker(L, VIEW_PICK_PLOT, 'c');
		break;
	case SDLK_i:
		open_picker(L, VIEW_PICK_INJECT, 'i');
		break;
	case SDLK_t:
		open_picker(L, VIEW_PICK_STIMULUS, 't');
		break;
	case SDLK_w:
		open_picker(L, VIEW_PICK_WORD, 'w');
		break;
	case SDLK_z:
		cmd_sleep(L);
		break;
	case SDLK_y:
	case SDLK_n:
		if (!L->w)
			L->dirty = false;
		else if (input(L, s == SDLK_y ? "key y" : "key n", "%s%s", s == SDLK_y ? "yes" : "no",
		               target(L, tb, sizeof tb)))
			say(L, "the hand says %s%s", s == SDLK_y ? "yes" : "no", when(L));
		break;
	case SDLK_d:
		cmd_dream(L);
		break;
	case SDLK_TAB:
		if (L->w)
			select_next(L, shift ? -1 : 1);
		else
			L->dirty = false;
		break;
	case SDLK_s:
		cmd_snapshot(L);
		break;
	case SDLK_p:
	case SDLK_F12:
		cmd_screenshot(L);
		break;
	case SDLK_ESCAPE:
		L->fr.pin_lobe = L->fr.pin_cell = -1;
		break;
	case SDLK_q:
		L->quit = true;
		break;
	default:
		L->dirty = false;
		break;
	}
}

static void click(live *L, int x, int y)
{
	int m = view_frame_picker_at(&L->fr, x, y);
	if (m >= 0) {
		L->fr.picker.sel = m;
		pick(L);
		L->dirty = true;
		return;
	}
	int lobe, cell;
	if (view_frame_neuron_at(&L->fr, L->c, x, y, &lobe, &cell)) {
		bool same = lobe == L->fr.pin_lobe && cell == L->fr.pin_cell;
		L->fr.pin_lobe = same ? -1 : lobe;
		L->fr.pin_cell = same ? -1 : cell;
		L->dirty = true;
	}
}

/* ---- the hand: the mouse in the world strip ------------------------------------ */

/* A click of `button` at (x, y): true when it was on the world strip. As
 * a Creatures player knows it (the Docking Station manual's "Basic Norn
 * Care": a click on the nose tickles, on the bottom slaps), the left button
 * on the creature's head half pats it and on its bottom half slaps it; the
 * right button slaps anywhere on it (the games held Delete for that). On
 * an object the hand picks it up; holding one, a click anywhere else drops
 * it there. Each is the events-file line `c2rt run --world` replays. */
static bool world_click(live *L, int button, int x, int y)
{
	view_world_hit h = view_world_at(&L->fr.world_geom, L->w, x, y);
	if (h.what == VIEW_WORLD_NOTHING)
		return false;
	int held = view_world_hand_holds(L->w);
	world_object_info oi;
	char tb[16];
	if (h.what == VIEW_WORLD_CREATURE && h.index != L->sel) {
		select_creature(L, h.index, "mouse");
	} else if (h.what == VIEW_WORLD_CREATURE) {
		bool pat = button == SDL_BUTTON_LEFT && h.front;
		if (input(L, pat ? "mouse: the creature's head" : "mouse: the creature's bottom", "%s%s",
		          pat ? "pat" : "slap", target(L, tb, sizeof tb)))
			say(L, "%s%s", pat ? "pat" : "slap", when(L));
	} else if (held >= 0) {
		world_object(L->w, (size_t)held, &oi);
		if (input(L, "mouse: drop what the hand holds", "drop %.0f", h.x))
			say(L, "dropping %s at x %.0f%s", oi.name, h.x, when(L));
	} else if (h.what == VIEW_WORLD_OBJECT && world_object(L->w, (size_t)h.index, &oi) == 0) {
		if (input(L, "mouse: the hand takes it", "pickup %s", oi.name))
			say(L, "picking up %s%s", oi.name, when(L));
	}
	L->dirty = true;
	return true;
}

static void on_event(live *L, const SDL_Event *e)
{
	switch (e->type) {
	case SDL_QUIT:
		L->quit = true;
		break;
	case SDL_KEYDOWN:
		key(L, &e->key);
		break;
	case SDL_TEXTINPUT:
		if (L->fr.picker.mode == VIEW_PICK_NONE)
			break;
		if (L->swallow && e->text.text[0] == L->swallow && !e->text.text[1]) {
			L->swallow = 0; /* the key that opened the picker */
			break;
		}
		view_picker_type(&L->fr.picker, e->text.text);
		L->dirty = true;
		break;
	case SDL_MOUSEMOTION:
		L->fr.mouse_x = e->motion.x;
		L->fr.mouse_y = e->motion.y;
		if (L->dragging && (e->motion.state & SDL_BUTTON_LMASK))
			view_body_cam_drag(&L->fr.body_cam, e->motion.xrel, e->motion.yrel);
		L->dirty = true;
		break;
	case SDL_MOUSEBUTTONDOWN:
		if (L->w && L->fr.picker.mode == VIEW_PICK_NONE &&
		    world_click(L, e->button.button, e->button.x, e->button.y))
			break;
		L->dragging = e->button.button == SDL_BUTTON_LEFT &&
		              view_frame_over_body(&L->fr, e->button.x, e->button.y);
		if (e->button.button == SDL_BUTTON_LEFT && !L->dragging)
			click(L, e->button.x, e->button.y);
		break;
	case SDL_MOUSEBUTTONUP:
		L->dragging = false;
		break;
	case SDL_MOUSEWHEEL: {
		int x, y;
		SDL_GetMouseState(&x, &y);
		if (L->fr.picker.mode != VIEW_PICK_NONE && view_frame_picker_at(&L->fr, x, y) >= 0)
			view_picker_move(&L->fr.picker, e->wheel.y > 0 ? -3 : 3);
		else if (view_frame_over_plot(&L->fr, x, y) && e->wheel.y)
			view_pace_zoom(&L->pace, e->wheel.y > 0 ? -1 : 1);
		else if (view_frame_over_body(&L->fr, x, y))
			view_body_cam_zoom(&L->fr.body_cam, e->wheel.y);
		L->dirty = true;
		break;
	}
	case SDL_WINDOWEVENT:
		if (e->window.event == SDL_WINDOWEVENT_LEAVE)
			L->fr.mouse_x = L->fr.mouse_y = -1;
		L->dirty = true;
		break;
	default:
		break;
	}
}

/* ---- scripted keys ------------------------------------------------------------ */

static const struct named_key {
	const char *name;
	SDL_Keycode sym;
	Uint16 mod;
} named_keys[] = {
	{"<Enter>", SDLK_RETURN, 0}, {"<Esc>", SDLK_ESCAPE, 0}, {"<Up>", SDLK_UP, 0},
	{"<Down>", SDLK_DOWN, 0},    {"<BS>", SDLK_BACKSPACE, 0}, {"<Space>", SDLK_SPACE, 0},
	{"<Right>", SDLK_RIGHT, 0},  {"<F1>", SDLK_F1, 0},      {"<F12>", SDLK_F12, 0},
	{"<Tab>", SDLK_TAB, 0},      {"<S-Tab>", SDLK_TAB, KMOD_LSHIFT},
};

/* One token of a --keys string: a key (its keycode, modifiers and typed
 * character, 0 for named keys), <Run:N> (run > 0 or sym 0), or the mouse. */
typedef enum { M_NONE, M_CLICK, M_RCLICK, M_MOVE, M_HAND, M_RHAND, M_PAT, M_SLAP } mouse_kind;

typedef struct key_tok {
	SDL_Keycode sym;
	Uint16 mod;
	char ch;
	uint64_t run;
	mouse_kind mouse;
	long mx, my;
} key_tok;

/* The mouse tokens: NAME (then ":X,Y", ":X" or nothing: nargs 2, 1, 0). */
static const struct mouse_tok {
	const char *name;
	mouse_kind kind;
	int nargs;
} mouse_toks[] = {
	{"<Click:", M_CLICK, 2}, {"<RClick:", M_RCLICK, 2}, {"<Move:", M_MOVE, 2},
	{"<Hand:", M_HAND, 1},   {"<RHand:", M_RHAND, 1},   {"<Pat>", M_PAT, 0},
	{"<Slap>", M_SLAP, 0},
};

/* A decimal number at *p (advanced), at most 100000000; false if none. */
static bool number(const char **p, long *out)
{
	const char *s = *p;
	long n = 0;
	while (*s >= '0' && *s <= '9' && n < 100000000)
		n = n * 10 + (*s++ - '0');
	if (s == *p)
		return false;
	*p = s;
	*out = n;
	return true;
}

/* A mouse token at s: the bytes it took, 0 if s is none, -1 if bad. */
static int mouse_token(const char *s, key_tok *k)
{
	for (size_t i = 0; i < sizeof mouse_toks / sizeof mouse_toks[0]; i++) {
		const struct mouse_tok *m = &mouse_toks[i];
		size_t n = strlen(m->name);
		if (strncmp(s, m->name, n))
			continue;
		const char *p = s + n;
		k->mouse = m->kind;
		if (m->nargs == 0)
			return (int)n;
		if (!number(&p, &k->mx) || (m->nargs == 2 && (*p++ != ',' || !number(&p, &k->my))) ||
		    *p != '>')
			return -1;
		return (int)(p + 1 - s);
	}
	return 0;
}

/* The next token of a --keys string into *k; returns the bytes it took, 0
 * at the end, -1 for a bad token. */
static int next_key(const char *s, key_tok *k)
{
	memset(k, 0, sizeof *k);
	if (!*s)
		return 0;
	if (!strncmp(s, "<Run:", 5)) {
		const char *p = s + 5;
		long n;
		if (!number(&p, &n) || *p != '>')
			return -1;
		k->run = (uint64_t)n;
		return (int)(p + 1 - s);
	}
	int m = mouse_token(s, k);
	if (m)
		return m;
	if (*s == '<') {
		for (size_t i = 0; i < sizeof named_keys / sizeof named_keys[0]; i++) {
			size_t n = strlen(named_keys[i].name);
			if (!strncmp(s, named_keys[i].name, n)) {
				k->sym = named_keys[i].sym;
				k->mod = named_keys[i].mod;
				return (int)n;
			}
		}
		return -1;
	}
	if (*s < 0x20 || *s > 0x7e)
		return -1;
	k->ch = *s;
	/* Keycodes of unshifted keys are their characters; shifted ones as on
	 * a US keyboard, which is what the command keys assume. */
	if (*s >= 'A' && *s <= 'Z') {
		k->sym = *s - 'A' + 'a';
		k->mod = KMOD_LSHIFT;
	} else if (*s == '?') {
		k->sym = SDLK_QUESTION;
	} else if (*s == '+') {
		k->sym = SDLK_PLUS;
	} else {
		k->sym = (SDL_Keycode)*s;
	}
	return 1;
}

int view_live_check_keys(const char *keys, char *err, size_t errn)
{
	key_tok k;
	int n;
	while ((n = next_key(keys, &k)) > 0)
		keys += n;
	if (n < 0) {
		snprintf(err, errn, "bad key at '%.12s' (characters, or <Enter> <Esc> <Up> <Down> <BS> "
		                    "<Space> <Right> <F1> <F12> <Tab> <S-Tab> <Run:N>, the mouse <Click:X,Y> "
		                    "<RClick:X,Y> <Move:X,Y>, with a world <Hand:X> <RHand:X> <Pat> <Slap>)",
		         keys);
		return -1;
	}
	return 0;
}

/* Where a world token points, in window pixels, from the frame just
 * drawn: world x on the floor line, or the first creature's head (<Pat>)
 * or bottom (<Slap>), a quarter of its width from its middle. */
static void world_token_at(live *L, const key_tok *k, int *x, int *y)
{
	const view_world_geom *g = &L->fr.world_geom;
	*y = g->floor_y - 2;
	if (k->mouse == M_HAND || k->mouse == M_RHAND) {
		*x = view_world_screen_x(g, (double)k->mx);
		return;
	}
	world_creature_info ci;
	if (world_creature_get(L->w, (size_t)L->sel, &ci) != 0)
		return;
	double quarter = world_get_options(L->w)->creature_width * g->scale / 4;
	int side = (k->mouse == M_PAT ? 1 : -1) * ci.facing;
	*x = view_world_screen_x(g, ci.x) + side * (int)lround(quarter > 1 ? quarter : 1);
	*y = g->floor_y - g->crt_h / 2;
}

/* A mouse token, delivered as the window would: the frame drawn first (the
 * hit test reads its geometry), the pointer moved there, then the button
 * pressed and released. */
static void press_mouse(live *L, const key_tok *k)
{
	if (k->mouse >= M_HAND && !L->w) {
		say(L, "%s: there is no world", k->mouse == M_PAT ? "<Pat>" : k->mouse == M_SLAP ? "<Slap>" : "<Hand:X>");
		return;
	}
	if (draw(L) != 0)
		return;
	int x = (int)k->mx, y = (int)k->my;
	if (k->mouse >= M_HAND)
		world_token_at(L, k, &x, &y);
	SDL_Event e = {0};
	e.type = SDL_MOUSEMOTION;
	e.motion.x = x;
	e.motion.y = y;
	on_event(L, &e);
	if (k->mouse == M_MOVE)
		return;
	bool right = k->mouse == M_RCLICK || k->mouse == M_RHAND;
	memset(&e, 0, sizeof e);
	e.type = SDL_MOUSEBUTTONDOWN;
	e.button.button = right ? SDL_BUTTON_RIGHT : SDL_BUTTON_LEFT;
	e.button.x = x;
	e.button.y = y;
	on_event(L, &e);
	e.type = SDL_MOUSEBUTTONUP;
	on_event(L, &e);
}

/* Press the keys as the window would deliver them: a key-down event, then,
 * while a picker takes text, the typed character. */
static void press_keys(live *L, const char *keys)
{
	key_tok k;
	int n;
	while ((n = next_key(keys, &k)) > 0) {
		keys += n;
		if (k.mouse) {
			press_mouse(L, &k);
			continue;
		}
		if (!k.sym) { /* <Run:N> */
			run_ticks(L, k.run, HUGE_VAL);
			sample(L);
			L->dirty = true;
			continue;
		}
		bool typing = L->fr.picker.mode != VIEW_PICK_NONE;
		SDL_Event e = {0};
		e.type = SDL_KEYDOWN;
		e.key.keysym.sym = k.sym;
		e.key.keysym.mod = k.mod;
		on_event(L, &e);
		if (k.ch && typing && L->fr.picker.mode != VIEW_PICK_NONE) {
			SDL_Event t = {0};
			t.type = SDL_TEXTINPUT;
			t.text.text[0] = k.ch;
			on_event(L, &t);
		}
		L->swallow = 0;
	}
}

/* ---- setup and the loop -------------------------------------------------------- */

static void make_choices(live *L)
{
	L->nchems = view_choices_from_vocab(L->chems, 0, 256, &genome_chemicals, 1, 255, NULL, 0, 1);
	L->nstims = view_choices_from_vocab(L->stims, 0, 64, &genome_stimuli, 0, genome_stimuli.n - 1, NULL, 0, 1);
	L->nwords = view_choices_from_vocab(L->words, 0, 64, &genome_actions, 0, genome_actions.n - 1, "verb ",
	                                    GENOME_LOBE_VERB, 0);
	L->nwords = view_choices_from_vocab(L->words, L->nwords, 64, &genome_categories, 0,
	                                    genome_categories.n - 1, "noun ", GENOME_LOBE_NOUN, 0);
}

/* Is a window possible here? A clear answer before SDL guesses: SDL falls
 * back to an invisible "offscreen" driver when there is no display. */
static int check_display(char *err, size_t errn)
{
	const char *drv = getenv("SDL_VIDEODRIVER");
	const char *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
	if ((drv && *drv) || (x && *x) || (wl && *wl))
		return 0;
	snprintf(err, errn,
	         "no display (DISPLAY and WAYLAND_DISPLAY are not set); run the creature headless "
	         "with 'c2rt run GENOME --ticks N --trace FILE.csv --plot FILE.png', or 'make run' "
	         "without a display");
	return VIEW_LIVE_NO_DISPLAY;
}

static int open_window(live *L, char *err, size_t errn)
{
	/* Draw through X11/Wayland shared memory, not a GL renderer the
	 * window surface would otherwise be emulated with: we draw every pixel
	 * ourselves, and a software GL (Xvfb) would only add cost. */
	SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
	SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1");
	/* Only the display the environment names: a dead X server is then an
	 * error, not a silent fall back to SDL's invisible drivers. */
	const char *wl = getenv("WAYLAND_DISPLAY"), *chosen = getenv("SDL_VIDEODRIVER");
	if (!(chosen && *chosen))
		SDL_SetHint(SDL_HINT_VIDEODRIVER, wl && *wl ? "wayland,x11" : "x11");
	if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
		snprintf(err, errn, "cannot open the display: %s; run headless with 'c2rt run' instead",
		         SDL_GetError());
		return VIEW_LIVE_NO_DISPLAY;
	}
	const char *drv = SDL_GetCurrentVideoDriver(), *want = getenv("SDL_VIDEODRIVER");
	if (drv && (!strcmp(drv, "offscreen") || !strcmp(drv, "dummy")) && !(want && *want)) {
		snprintf(err, errn, "no display (SDL found only its '%s' driver); run headless with "
		                    "'c2rt run' instead", drv);
		return VIEW_LIVE_NO_DISPLAY;
	}
	char title[256];
	snprintf(title, sizeof title, "c2rt view: %s", L->w ? L->title : L->o->title ? L->o->title : "creature");
	int w = L->o->width > 0 ? L->o->width : VIEW_LIVE_DEFAULT_W;
	int h = L->o->height > 0 ? L->o->height : VIEW_LIVE_DEFAULT_H;
	L->win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
	                          SDL_WINDOW_RESIZABLE);
	if (!L->win) {
		snprintf(err, errn, "cannot open a window: %s", SDL_GetError());
		return VIEW_LIVE_ERROR;
	}
	SDL_SetWindowMinimumSize(L->win, VIEW_FRAME_MIN_W, VIEW_FRAME_MIN_H);
	SDL_StopTextInput(); /* keys are commands until a picker opens */
	return 0;
}

static int loop(live *L)
{
	double next_frame = wall(), last = next_frame;
	while (!L->quit) {
		double pass = wall();
		bool running = !L->pace.paused && any_alive(L);
		SDL_Event e;
		while (SDL_PollEvent(&e))
			on_event(L, &e);
		L->swallow = 0;
		if (L->quit)
			break;

		/* Simulate: what the speed asks for, until a deadline. */
		double t = wall();
		bool max = view_pace_speed(&L->pace) == VIEW_SPEED_MAX;
		uint64_t due = any_alive(L) ? view_pace_due(&L->pace, t - last) : 0;
		last = t;
		uint64_t ran = 0;
		if (due) {
			/* Normal speeds: at most 80% of a frame's time, then draw
			 * anyway (the backlog is dropped: the rate shows it). Max:
			 * until the next frame, looking at input in between. */
			double deadline = max ? fmin(next_frame, t + MAX_SLICE) : t + 0.8 * FRAME_PERIOD;
			if (max && deadline <= t)
				deadline = t + 0.002;
			ran = run_ticks(L, due, deadline);
			view_pace_ran(&L->pace, due, ran);
			L->dirty |= ran > 0;
		}
		t = wall();
		view_pace_count(&L->pace, t, ran);

		/* Draw when due, and only when something changed. */
		if (t >= next_frame) {
			if (L->dirty || (L->fr.message[0] && t >= L->msg_until)) {
				if (draw(L) != 0)
					return VIEW_LIVE_ERROR;
			}
			double period = FRAME_PERIOD;
			if (max && !L->pace.paused && L->draw_cost / MAX_DRAW_SHARE > period)
				period = fmin(L->draw_cost / MAX_DRAW_SHARE, 0.25);
			next_frame += period;
			if (next_frame < t)
				next_frame = t + period;
		}
		/* Idle until the next frame or input, unless running flat out. */
		bool busy = max && !L->pace.paused && any_alive(L);
		if (!busy) {
			double wait = next_frame - wall();
			if (wait > 0)
				SDL_WaitEventTimeout(NULL, (int)ceil(wait * 1000));
		}
		if (running)
			L->ran_wall += wall() - pass;
	}
	return VIEW_LIVE_OK;
}

/* The viewer's state for creature c: the session's events text so far, the
 * frame, the pace, the pickers' choices and the chemical history (sampled
 * once). NULL when out of memory (err says so). */
static live *live_new(creature *c, creature_events *ev, const view_live_opts *o, char *err,
                      size_t errn)
{
	live *L = calloc(1, sizeof *L);
	if (!L) {
		snprintf(err, errn, "out of memory");
		return NULL;
	}
	L->w = o->world;
	L->c = o->world ? world_creature(o->world, 0) : c;
	L->ev = ev;
	L->o = o;
	if (o->events_len) {
		c2_w_bytes(&L->session, o->events_text, o->events_len);
		if (((const char *)o->events_text)[o->events_len - 1] != '\n')
			c2_w_u8(&L->session, '\n');
	}
	c2_w_printf(&L->session, "# c2rt view: inputs from the window (at the tick before which they apply)\n");
	view_frame_init(&L->fr);
	L->fr.title = o->title;
	L->fr.organs = o->organs;
	L->fr.world = o->world;
	if (o->world) {
		L->pop = malloc(sizeof *L->pop);
		if (!L->pop) {
			snprintf(err, errn, "out of memory");
			c2_wbuf_free(&L->session);
			free(L);
			return NULL;
		}
		view_pop_init(L->pop, o->world, 0);
		L->fr.pop = L->pop;
		make_title(L);
	}
	L->fr.pin_lobe = o->pin_lobe;
	L->fr.pin_cell = o->pin_cell;
	view_pace_init(&L->pace, o->speed);
	view_pace_pause(&L->pace, o->paused);
	L->fr.pace = &L->pace;
	make_choices(L);
	trace_cfg tc;
	int chems[VIEW_HIST_MAX_CHEMS], n = 0;
	trace_default_chems(&tc);
	for (size_t k = 0; k < tc.nchem && n < VIEW_HIST_MAX_CHEMS; k++)
		chems[n++] = tc.chem[k];
	L->hist = view_hist_new(HISTORY, chems, n);
	if (!L->hist) {
		snprintf(err, errn, "out of memory for the chemical history");
		c2_wbuf_free(&L->session);
		free(L->pop);
		free(L);
		return NULL;
	}
	L->fr.hist = L->hist;
	sample(L);
	return L;
}

/* --screenshot-after: the ticks as fast as possible, the pending window
 * events and --keys, then one frame through the screenshot key's code. */
static int screenshot_after(live *L, char *err, size_t errn)
{
	const view_live_opts *o = L->o;
	double t = wall();
	run_ticks(L, o->screenshot_after, HUGE_VAL);
	L->ran_wall = wall() - t;
	L->pace.rate = L->ran_wall > 0 ? L->ran / L->ran_wall : 0; /* what the status shows */
	SDL_Event e;
	while (SDL_PollEvent(&e))
		if (e.type != SDL_QUIT) /* a window manager closing us early is ignored */
			on_event(L, &e);
	if (o->keys)
		press_keys(L, o->keys);
	char why[300];
	if (o->may_write &&
	    o->may_write("--screenshot-after", o->screenshot_path, why, sizeof why) != 0) {
		snprintf(err, errn, "--screenshot-after %s: %s", o->screenshot_path, why);
		return VIEW_LIVE_ERROR;
	}
	if (screenshot(L, o->screenshot_path) != 0) {
		snprintf(err, errn, "%s", L->err);
		return VIEW_LIVE_ERROR;
	}
	return 0;
}

/* --record: the session's events text, and where it ended. */
static int record_session(live *L, char *err, size_t errn)
{
	c2_wbuf *rec = L->o->record;
	c2_w_bytes(rec, L->session.data, L->session.len);
	c2_w_printf(rec, "# the session ended at tick %llu after %llu ticks (N) with state hash %016llx\n",
	            (unsigned long long)now(L), (unsigned long long)L->ran,
	            (unsigned long long)state_hash(L));
	if (rec->oom) {
		snprintf(err, errn, "--record: out of memory");
		return VIEW_LIVE_ERROR;
	}
	return 0;
}

/* What ran, and how fast the engine went while it ran (with the drawing in
 * between): compare with `c2rt run`'s summary. The tick and state hash are
 * what a replay of --record reaches. */
static void print_session(const live *L)
{
	const creature *c = first(L);
	double secs = creature_seconds(c);
	char pop[128] = "";
	if (L->w && (world_creature_count(L->w) > 1 || L->pop->added))
		snprintf(pop, sizeof pop, "; population %zu alive of %zu, %llu hatched, %llu eggs, %llu died",
		         world_alive_count(L->w), world_creature_count(L->w), (unsigned long long)L->pop->births,
		         (unsigned long long)L->pop->eggs, (unsigned long long)L->pop->deaths);
	fprintf(stderr, "c2rt view: %llu ticks this session, creature time %.0f s (%.2f h), %s%s; "
	                "%.0f ticks/s while running; %u frames, %.1f ms each; "
	                "at tick %llu state hash %016llx\n",
	        (unsigned long long)L->ran, secs, secs / 3600,
	        creature_alive(c) ? "alive" : creature_death_name(creature_cause_of_death(c)), pop,
	        L->ran_wall > 0 ? L->ran / L->ran_wall : 0.0, L->frames,
	        L->frames ? 1000 * L->draw_total / L->frames : 0.0, (unsigned long long)now(L),
	        (unsigned long long)state_hash(L));
}

int view_live_run(creature *c, creature_events *ev, const view_live_opts *o, char *err, size_t errn)
{
	int rc = check_display(err, errn);
	if (rc)
		return rc;
	char font[4096];
	if (view_font_find(font, sizeof font, err, errn) != 0)
		return VIEW_LIVE_ERROR;
	live *L = live_new(c, ev, o, err, errn);
	if (!L)
		return VIEW_LIVE_ERROR;

	rc = open_window(L, err, errn);
	if (rc == 0 && o->screenshot_path) {
		rc = screenshot_after(L, err, errn);
	} else if (rc == 0) {
		if (o->keys)
			press_keys(L, o->keys);
		if (draw(L) != 0 || loop(L) != 0) {
			snprintf(err, errn, "%s", L->err);
			rc = VIEW_LIVE_ERROR;
		}
	}
	if (rc == 0 && o->record)
		rc = record_session(L, err, errn);
	if (rc == 0)
		print_session(L);
	SDL_FreeSurface(L->frame);
	if (L->win)
		SDL_DestroyWindow(L->win);
	view_frame_free(&L->fr);
	view_hist_free(L->hist);
	c2_wbuf_free(&L->session);
	free(L->pop);
	SDL_QuitSubSystem(SDL_INIT_VIDEO);
	SDL_Quit();
	free(L);
	return rc;
}
