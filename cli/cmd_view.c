/* cmd_view.c — `c2rt view`: open the live viewer on a creature hatched from
 * a genome or resumed from a snapshot. */
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "cli/breed_out.h"
#include "cli/cli.h"
#include "cli/creature_open.h"
#include "cli/world_open.h"
#include "engine/engine.h"
#include "engine/events.h"
#include "viewer/live.h"

static const char *size_arg, *speed_arg, *pin_arg, *dir_arg, *keys_arg, *record_path, *world_path;
static bool paused;
static uint64_t hash_every;
/* --screenshot-after TICKS FILE.png takes two arguments: main() takes them
 * out of argv before the table parser sees the rest. */
static uint64_t shot_ticks;
static const char *shot_path;

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
	{"paused", OPT_FLAG, &paused, NULL, "start paused", 0, 0, NULL},
	{"pin", OPT_STR, &pin_arg, "LOBE:CELL", "pin a neuron's dendrites and tooltip at the start", 0, 0, NULL},
	{"dir", OPT_OUT_DIR, &dir_arg, "DIR", "where the s and p keys write (default .)", 0, 0, NULL},
	{"record", OPT_OUT, &record_path, "FILE", "when the window closes, write the session's events (what it started from, then every input made in the window) for 'c2rt run --events'", 0, 0, NULL},
	{"hash-every", OPT_U64, &hash_every, "K", "print 'tick hash' of the whole state every K ticks (as 'c2rt run')", 0, 0, NULL},
	{"keys", OPT_STR, &keys_arg, "KEYS", "press these keys first, e.g. 'cglyc<Enter><Esc>' (tests, demos); "
	 "the mouse: <Click:X,Y> <RClick:X,Y> <Move:X,Y> (window pixels), with a world <Hand:X> "
	 "<RHand:X> (a click on the world's floor at x X) <Pat> <Slap>", 0, 0, NULL},
	{"world", OPT_IN, &world_path, "FILE", "live in the world of a world file, as 'c2rt run --world' (a world "
	 "snapshot resumes without it); the mouse is the hand there", 0, 0, NULL},
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
	cli_paths_add(ps, OPT_OUT, "--screenshot-after", shot_path);
	cli_paths_add(ps, OPT_OUT, "--hash-every", hash_every ? "-" : NULL);
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
	"with one held click where to drop it; y / n: the hand says yes / no.",
	opts, 0, 1, OPT_IN, view_paths,
};

/* Is genome g the one inside creature c? */
static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* " --opt NAME=VALUE" for each option of table tab whose value in cur
 * differs from def. */
static int differing(char *buf, size_t size, int n, const c2_option_table *tab, const void *cur,
                     const void *def)
{
	for (size_t k = 0; k < tab->n; k++) {
		int v = c2_option_get(&tab->v[k], cur);
		if (v != c2_option_get(&tab->v[k], def) && n > 0 && (size_t)n < size)
			n += snprintf(buf + n, size - (size_t)n, " --opt %s=%d", tab->v[k].name, v);
	}
	return n;
}

/* The recording's first lines: how to replay it headless (the same
 * creature, and world, with the recorded events). */
static void record_header(c2_wbuf *rec, const char *title, const char *genome_path)
{
	char header[2048];
	size_t hs = sizeof header;
	int n = snprintf(header, hs, "# c2rt view --record: a session of %s.\n"
	                 "# Replay it headless (the last line says where it ended):\n#   c2rt run ", title);
	if (cli_cargs.resume_path)
		n += snprintf(header + n, hs - (size_t)n, "--resume %s", cli_cargs.resume_path);
	else
		n += snprintf(header + n, hs - (size_t)n, "%s --sex %s --seed %llu", genome_path,
		              cli_cargs.cfg.sex == GENOME_MALE ? "m" : "f", (unsigned long long)cli_cargs.cfg.seed);
	if (world_path && n > 0 && (size_t)n < hs)
		n += snprintf(header + n, hs - (size_t)n, " --world %s", world_path);
	if (!cli_cargs.resume_path && cli_cargs.body_path && n > 0 && (size_t)n < hs) {
		n += snprintf(header + n, hs - (size_t)n, " --body %s", cli_cargs.body_path);
		if (cli_cargs.body_genotype && n > 0 && (size_t)n < hs)
			n += snprintf(header + n, hs - (size_t)n, " --body-genotype %s", cli_cargs.body_genotype);
		if (cli_cargs.wiring_path && n > 0 && (size_t)n < hs)
			n += snprintf(header + n, hs - (size_t)n, " --wiring %s", cli_cargs.wiring_path);
	}
	creature_config def;
	creature_config_default(&def);
	for (size_t t = 0; t < CREATURE_OPTION_TABLES; t++)
		n = differing(header, hs, n, creature_option_table(t),
		              creature_option_cstruct(&cli_cargs.cfg, t), creature_option_cstruct(&def, t));
	world_options wdef;
	world_options_default(&wdef);
	if (world_path)
		n = differing(header, hs, n, &world_option_tab, &cli_cargs.world, &wdef);
	if (n > 0 && (size_t)n < hs)
		snprintf(header + n, hs - (size_t)n, " --events %s --ticks N\n", record_path);
	c2_w_str(rec, header);
}

int cli_cmd_view(int argc, char **argv)
{
	cli_creature_args_init(&cli_cargs);
	cli_cargs.world_ok = true;
	/* Take --screenshot-after TICKS FILE out before the table parser. */
	char **args = malloc(((size_t)argc + 1) * sizeof *args);
	if (!args)
		return cli_fail(CLI_BAD, "view", "out of memory");
	int nargs = 0;
	for (int i = 0; i < argc; i++) {
		if (i > 0 && !strcmp(argv[i], "--screenshot-after")) {
			if (i + 2 >= argc || !parse_u64(argv[i + 1], &shot_ticks)) {
				free(args);
				return cli_fail(CLI_USAGE, "view", "usage: --screenshot-after TICKS FILE.png");
			}
			shot_path = argv[i + 2];
			i += 2;
			continue;
		}
		if (!strcmp(argv[i], "--"))
			while (i < argc)
				args[nargs++] = argv[i++];
		else
			args[nargs++] = argv[i];
	}
	args[nargs] = NULL;
	const char *pos[1];
	int npos;
	int rc = cli_parse(&cli_cmd_view_spec, nargs, args, pos, &npos);
	free(args);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	if (npos == 0 && !cli_cargs.resume_path)
		return cli_fail(CLI_USAGE, "view", "missing GENOME (or --resume FILE)");
	if (shot_path && (speed_arg || paused))
		return cli_fail(CLI_USAGE, "view", "--speed and --paused are the live window's: "
		                                   "--screenshot-after runs as fast as it can");

	view_live_opts vo;
	view_live_opts_default(&vo);
	if (size_arg) {
		char tail;
		if (sscanf(size_arg, "%dx%d%c", &vo.width, &vo.height, &tail) != 2 || vo.width < 640 ||
		    vo.height < 400 || vo.width > 8192 || vo.height > 8192)
			return cli_fail(CLI_USAGE, "view", "--size: expected WxH from 640x400 to 8192x8192, got '%s'",
			                size_arg);
	}
	if (speed_arg) {
		long s;
		if (!strcmp(speed_arg, "max"))
			vo.speed = 0;
		else if (cli_parse_long(speed_arg, 1, 1000, &s))
			vo.speed = (int)s;
		else
			return cli_fail(CLI_USAGE, "view", "--speed: 1..1000 or max, got '%s'", speed_arg);
	}
	if (pin_arg) {
		char tail;
		if (sscanf(pin_arg, "%d:%d%c", &vo.pin_lobe, &vo.pin_cell, &tail) != 2 || vo.pin_lobe < 0 ||
		    vo.pin_cell < 0)
			return cli_fail(CLI_USAGE, "view", "--pin: expected LOBE:CELL, got '%s'", pin_arg);
	}
	char kerr[200];
	if (keys_arg && view_live_check_keys(keys_arg, kerr, sizeof kerr) != 0)
		return cli_fail(CLI_USAGE, "view", "--keys: %s", kerr);
	vo.keys = keys_arg;
	if ((rc = cli_creature_args_finish(&cli_cargs, "view")) != 0)
		return rc;
	vo.paused = paused;
	vo.hash_every = hash_every;
	vo.out_dir = dir_arg;
	vo.screenshot_after = shot_ticks;
	vo.screenshot_path = shot_path;

	/* The creature, as `c2rt run` makes it: alone, or in its world. */
	bool in_world = world_path || (cli_cargs.resume_path && cli_world_snapshot_file(cli_cargs.resume_path));
	if (!in_world && cli_cargs.world_opts)
		return cli_fail(CLI_USAGE, "view", "a world --opt goes with --world");
	cli_creature cc = {0};
	cli_world cw = {0};
	rc = in_world ? cli_world_open(&cw, "view", npos ? pos[0] : NULL, &cli_cargs, world_path)
	              : cli_creature_open(&cc, "view", npos ? pos[0] : NULL, &cli_cargs);
	if (rc)
		return rc;
	vo.title = base_name(npos ? pos[0] : cli_cargs.resume_path);
	vo.events_text = in_world ? cw.events_text : cc.events_text;
	vo.events_len = in_world ? cw.events_len : cc.events_len;
	vo.world = cw.w;
	vo.world_ev = &cw.ev;

	c2_wbuf rec = {0};
	if (record_path) {
		record_header(&rec, vo.title, npos ? pos[0] : NULL);
		vo.record = &rec;
	}
	vo.may_write = cli_paths_may_write;
	/* The keys' folder, made as mutate and sweep make theirs. */
	if (dir_arg && (rc = cli_mkdir("view", dir_arg)) != 0) {
		c2_wbuf_free(&rec);
		cli_creature_close(&cc);
		cli_world_close(&cw);
		return rc;
	}

	char msg[512];
	rc = view_live_run(in_world ? world_creature(cw.w, 0) : cc.c, &cc.ev, &vo, msg, sizeof msg);
	if (rc != VIEW_LIVE_OK)
		rc = cli_fail(CLI_BAD, "view", "%s", msg);
	else
		rc = record_path ? cli_write("view", record_path, rec.data, rec.len) : CLI_OK;
	c2_wbuf_free(&rec);
	cli_creature_close(&cc);
	cli_world_close(&cw);
	return rc;
}
