/* cmd_view.c — `c2rt view`: its options, parsed here both by c2rt, which
 * then hands the command to the viewer's program (cli/helper.h), and by
 * c2rt-view, which opens the window (viewer/main.c); and the header of a
 * --record file. */
#include "cli/view_args.h"

#include <stdlib.h>
#include <string.h>

#include "cli/brain_opts.h"
#include "cli/creature_open.h"
#include "cli/helper.h"
#include "cli/world_open.h"
#include "engine/engine.h"

/* What the table fills: the fields of va that are given as they are, and
 * the texts of --size, --speed and --pin (numbers: view_numbers). */
static cli_view_args va;
static const char *size_arg, *speed_arg, *pin_arg;
/* --creature GENOME[:SEX[:SEED]], in order: parsed and added to the world by
 * the same code as `run`'s (cli/world_open.h). */
static cli_more_list more;

static int more_add(const char *arg, void *ctx)
{
	(void)ctx;
	return cli_more_list_add(&more, "view", arg);
}

void cli_view_free(void)
{
	cli_more_list_free(&more);
}

static bool parse_u64(const char *s, uint64_t *out)
{
	char *end;
	if (!*s || *s == '-')
		return false;
	*out = strtoull(s, &end, 10);
	return !*end;
}

static int shot_cb(const char *arg, void *ctx)
{
	(void)arg;
	(void)ctx;
	return cli_fail(CLI_USAGE, "view", "--screenshot-after needs TICKS and FILE.png");
}

static const cli_opt opts[] = {
	{"creature", OPT_GROUP, cli_creature_opts, NULL, NULL, 0, 0, NULL},
	{"snapshot", OPT_GROUP, cli_snapshot_opts, NULL, NULL, 0, 0, NULL},
	{"size", OPT_STR, &size_arg, "WxH", "window size (default 1280x800)", 0, 0, NULL},
	{"speed", OPT_STR, &speed_arg, "N|max", "starting speed: x1 ... x1000 or max (default 1)", 0, 0, NULL},
	{"paused", OPT_FLAG, &va.paused, NULL, "start paused", 0, 0, NULL},
	{"pin", OPT_STR, &pin_arg, "LOBE:CELL", "pin a neuron's dendrites and tooltip at the start", 0, 0, NULL},
	{"dir", OPT_OUT_DIR, &va.dir, "DIR", "where the s and p keys write (default .)", 0, 0, NULL},
	{"record", OPT_OUT, &va.record_path, "FILE", "when the window closes, write the session's events (what it started from, then every input made in the window) for 'c2rt run --events'", 0, 0, NULL},
	{"hash-every", OPT_U64, &va.hash_every, "K", "print 'tick hash' of the whole state every K ticks (as 'c2rt run')", 0, 0, NULL},
	{"keys", OPT_STR, &va.keys, "KEYS", "press these keys first, e.g. 'cglyc<Enter><Esc>' (tests, demos); "
	 "the mouse: <Click:X,Y> <RClick:X,Y> <Move:X,Y> (window pixels), with a world <Hand:X> "
	 "<RHand:X> (a click on the world's floor at x X) <Pat> <Slap> (the selected creature's head, "
	 "bottom), <Tab> <S-Tab> (select)", 0, 0, NULL},
	{"world", OPT_IN, &va.world, "FILE", "live in the world of a world file, as 'c2rt run --world' (a world "
	 "snapshot resumes without it); the mouse is the hand there", 0, 0, NULL},
	{"creature", OPT_CALL, NULL, "GENOME[:SEX[:SEED]]", "--world: one more creature, as 'c2rt run' "
	 "adds it (repeatable; SEX male|female|m|f, SEED default --seed + its index)", 0, 0, more_add},
	{"screenshot-after", OPT_CALL, NULL, "TICKS FILE.png",
	 "run TICKS ticks as fast as possible, save one frame, exit", 0, 0, shot_cb},
	{0},
};

/* --screenshot-after is parsed before the table (two arguments); the
 * hashes go to standard output. */
static int view_paths(cli_paths *ps, const char *const *pos, int npos)
{
	(void)pos;
	(void)npos;
	cli_paths_add(ps, OPT_OUT, "--screenshot-after", va.shot_path);
	cli_paths_add(ps, OPT_OUT, "--hash-every", va.hash_every ? "-" : NULL);
	for (size_t i = 0; i < more.n; i++)
		cli_paths_add(ps, OPT_IN, "--creature", more.v[i].genome);
	return CLI_OK;
}

const cli_spec cli_cmd_view_spec = {
	"view", "GENOME",
	"open a window that runs a creature live (chemicals, drives, organs, brain)",
	"The creature runs in real time (10 world ticks per second) or faster; press ?\n"
	"in the window for the keys. Needs a display (DISPLAY or WAYLAND_DISPLAY);\n"
	"without one it exits with status 2: use 'c2rt run' for headless runs. With\n"
	"--resume, GENOME may be omitted and the snapshot's events continue unless\n"
	"--events replaces them. --screenshot-after draws one frame after TICKS ticks\n"
	"and saves it as a PNG (the same code as the screenshot key), then exits.\n"
	"Every key that changes the creature becomes an events-file line applied\n"
	"before the next tick; --record FILE writes them, and the command in its\n"
	"first lines replays the session headless to the same state hashes.\n"
	"With --world the creature lives in a world (docs/world.md), stepped as\n"
	"'c2rt run --world' steps it; a strip under the status line draws it, and\n"
	"the mouse there is the hand: left-click the creature's head to pat it, its\n"
	"bottom (or right-click it) to slap it; click an object to pick it up, and\n"
	"with one held click where to drop it; y / n: the hand says yes / no.\n"
	"--creature adds more creatures (a population, docs/populations.md): the\n"
	"strip draws each with its moniker, eggs and births; Tab or a click on a\n"
	"creature selects the one the panels, the title and the hand follow.",
	opts, 0, 1, OPT_IN, view_paths,
};

/* The numbers of --size, --speed and --pin into a. CLI_OK or CLI_USAGE. */
static int view_numbers(cli_view_args *a)
{
	if (size_arg) {
		char tail;
		if (sscanf(size_arg, "%dx%d%c", &a->width, &a->height, &tail) != 2 || a->width < 640 ||
		    a->height < 400 || a->width > 8192 || a->height > 8192)
			return cli_fail(CLI_USAGE, "view", "--size: expected WxH from 640x400 to 8192x8192, got '%s'",
			                size_arg);
	}
	if (speed_arg) {
		long s;
		if (!strcmp(speed_arg, "max"))
			a->speed = 0;
		else if (cli_parse_long(speed_arg, 1, 1000, &s))
			a->speed = (int)s;
		else
			return cli_fail(CLI_USAGE, "view", "--speed: 1..1000 or max, got '%s'", speed_arg);
	}
	if (pin_arg) {
		char tail;
		if (sscanf(pin_arg, "%d:%d%c", &a->pin_lobe, &a->pin_cell, &tail) != 2 || a->pin_lobe < 0 ||
		    a->pin_cell < 0)
			return cli_fail(CLI_USAGE, "view", "--pin: expected LOBE:CELL, got '%s'", pin_arg);
	}
	return CLI_OK;
}

int cli_view_check_pin(const cli_view_args *a, const creature *c)
{
	if (a->pin_lobe < 0)
		return CLI_OK;
	const brain *b = creature_brain_const(c);
	brain_lobe_info li;
	if (cli_brain_lobe("view", "--pin", pin_arg, b, (unsigned)a->pin_lobe, &li))
		return CLI_USAGE;
	if ((unsigned)a->pin_cell >= li.neurons)
		return cli_fail(CLI_USAGE, "view", "--pin %s: lobe %d (%s) has cells 0..%u", pin_arg,
		                a->pin_lobe, li.name, li.neurons - 1);
	return CLI_OK;
}

/* argv without --screenshot-after TICKS FILE, which it takes out into va
 * (two arguments: the table parser takes one). A new array, or NULL
 * (printed). */
static char **take_screenshot(int argc, char **argv, int *nargs, int *rc)
{
	char **args = malloc(((size_t)argc + 1) * sizeof *args);
	*rc = args ? CLI_OK : cli_fail(CLI_BAD, "view", "out of memory");
	*nargs = 0;
	for (int i = 0; args && i < argc; i++) {
		if (i > 0 && !strcmp(argv[i], "--screenshot-after")) {
			if (i + 2 >= argc || !parse_u64(argv[i + 1], &va.shot_ticks)) {
				free(args);
				*rc = cli_fail(CLI_USAGE, "view", "usage: --screenshot-after TICKS FILE.png");
				return NULL;
			}
			va.shot_path = argv[i + 2];
			i += 2;
			continue;
		}
		if (!strcmp(argv[i], "--"))
			while (i < argc)
				args[(*nargs)++] = argv[i++];
		else
			args[(*nargs)++] = argv[i];
	}
	if (args)
		args[*nargs] = NULL;
	return args;
}

int cli_view_parse(int argc, char **argv, cli_view_args *a)
{
	va = (cli_view_args){.speed = -1, .pin_lobe = -1, .pin_cell = -1};
	size_arg = speed_arg = pin_arg = NULL;
	cli_view_free();
	cli_creature_args_init(&cli_cargs);
	cli_cargs.world_ok = true;
	int nargs, rc;
	char **args = take_screenshot(argc, argv, &nargs, &rc);
	if (!args)
		return rc;
	const char *pos[1];
	int npos;
	rc = cli_parse(&cli_cmd_view_spec, nargs, args, pos, &npos);
	free(args);
	if (rc)
		return rc;
	if (npos == 0 && !cli_cargs.resume_path)
		return cli_fail(CLI_USAGE, "view", "missing GENOME (or --resume FILE)");
	if (va.shot_path && (speed_arg || va.paused))
		return cli_fail(CLI_USAGE, "view", "--speed and --paused are the live window's: "
		                                   "--screenshot-after runs as fast as it can");
	if ((rc = view_numbers(&va)) != CLI_OK || (rc = cli_creature_args_finish(&cli_cargs, "view")) != 0)
		return rc;
	va.genome = npos ? pos[0] : NULL;
	/* The creature, as `c2rt run` makes it: alone, or in its world. */
	va.in_world = va.world || (cli_cargs.resume_path && cli_world_snapshot_file(cli_cargs.resume_path));
	if (!va.in_world && cli_cargs.world_opts)
		return cli_fail(CLI_USAGE, "view", "a world --opt goes with --world");
	if (more.n && !va.world)
		return cli_fail(CLI_USAGE, "view", "--creature goes with --world%s",
		                cli_cargs.resume_path ? " (a world snapshot holds its creatures)" : "");
	va.more = more.v;
	va.nmore = more.n;
	*a = va;
	return CLI_OK;
}

/* The file's name without its folders. */
static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

const char *cli_view_title(const cli_view_args *a)
{
	return base_name(a->genome ? a->genome : cli_cargs.resume_path);
}

/* " --opt NAME=VALUE" for each option of table tab whose value in cur
 * differs from def. */
static void differing(c2_wbuf *rec, const c2_option_table *tab, const void *cur, const void *def)
{
	for (size_t k = 0; k < tab->n; k++) {
		int v = c2_option_get(&tab->v[k], cur);
		if (v != c2_option_get(&tab->v[k], def))
			c2_w_printf(rec, " --opt %s=%d", tab->v[k].name, v);
	}
}

/* The command line that makes the same creature, from --sex on. */
static void replay_args(c2_wbuf *rec)
{
	c2_w_printf(rec, " --sex %s --seed %llu", cli_cargs.cfg.sex == GENOME_MALE ? "m" : "f",
	            (unsigned long long)cli_cargs.cfg.seed);
	if (cli_cargs.body_path) {
		c2_w_printf(rec, " --body %s", cli_cargs.body_path);
		if (cli_cargs.body_genotype)
			c2_w_printf(rec, " --body-genotype %s", cli_cargs.body_genotype);
		if (cli_cargs.wiring_path)
			c2_w_printf(rec, " --wiring %s", cli_cargs.wiring_path);
	}
}

void cli_view_record_header(const cli_view_args *a, c2_wbuf *rec)
{
	c2_w_printf(rec, "# c2rt view --record: a session of %s.\n"
	            "# Replay it headless (the last line says where it ended):\n#   c2rt run ",
	            cli_view_title(a));
	if (cli_cargs.resume_path) {
		c2_w_printf(rec, "--resume %s", cli_cargs.resume_path);
	} else {
		c2_w_str(rec, a->genome);
		replay_args(rec);
	}
	if (a->world)
		c2_w_printf(rec, " --world %s", a->world);
	for (size_t i = 0; i < a->nmore; i++) {
		const cli_more_creature *m = &a->more[i];
		c2_w_printf(rec, " --creature %s", m->genome);
		if (m->sex)
			c2_w_printf(rec, ":%s", m->sex == GENOME_MALE ? "m" : "f");
		if (m->sex && m->has_seed)
			c2_w_printf(rec, ":%llu", (unsigned long long)m->seed);
	}
	creature_config def;
	creature_config_default(&def);
	for (size_t t = 0; t < CREATURE_OPTION_TABLES; t++)
		differing(rec, creature_option_table(t), creature_option_cstruct(&cli_cargs.cfg, t),
		          creature_option_cstruct(&def, t));
	world_options wdef;
	world_options_default(&wdef);
	if (a->world)
		differing(rec, &world_option_tab, &cli_cargs.world, &wdef);
	c2_w_printf(rec, " --events %s --ticks N\n", a->record_path);
}

/* c2rt itself draws no window: the options are checked here (so that
 * --help and usage errors need no viewer), then c2rt-view runs the
 * command (viewer/main.c). */
int cli_cmd_view(int argc, char **argv)
{
	cli_view_args a;
	int rc = cli_view_parse(argc, argv, &a);
	cli_view_free(); /* checked: c2rt-view parses them again */
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	return cli_helper_exec("view", argc, argv);
}
