/* main.c — c2rt-view, the viewer's program: everything of c2rt that needs
 * the drawing stack (SDL2, SDL2_ttf, SDL2_image, fontconfig), which c2rt
 * itself never links (cli/helper.h). c2rt runs it as git runs its helpers:
 *
 *   c2rt-view view ARGS   `c2rt view ARGS`: the live window, on the same
 *                         option table and creature code as c2rt's
 *   c2rt-view draw        a plot request (cli/plotreq.h) on standard input,
 *                         its PNG on standard output: what `c2rt plot`,
 *                         `run --plot` and `sweep --plot` draw
 *
 * draw says why it failed in one line on standard error (exit 2), which c2rt
 * puts into its own message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "cli/breed_out.h"
#include "cli/cli.h"
#include "cli/creature_open.h"
#include "cli/helper.h"
#include "cli/plotreq.h"
#include "cli/view_args.h"
#include "cli/world_open.h"
#include "viewer/live.h"
#include "viewer/plot.h"

/* The longest request c2rt can send: a whole-run table is at most
 * TRACE_SERIES_EXACT_BYTES of rows or TRACE_SERIES_SUMMARY_BYTES of
 * buckets (trace/series.h), and the texts and names are short. */
#define MAX_REQUEST ((size_t)TRACE_SERIES_EXACT_BYTES + TRACE_SERIES_SUMMARY_BYTES + (1u << 20))

/* The window's options from c2rt view's. */
static void live_opts(const cli_view_args *a, view_live_opts *vo)
{
	view_live_opts_default(vo);
	if (a->width) {
		vo->width = a->width;
		vo->height = a->height;
	}
	if (a->speed >= 0)
		vo->speed = a->speed;
	vo->paused = a->paused;
	vo->pin_lobe = a->pin_lobe;
	vo->pin_cell = a->pin_cell;
	vo->keys = a->keys;
	vo->hash_every = a->hash_every;
	vo->out_dir = a->dir;
	vo->screenshot_after = a->shot_ticks;
	vo->screenshot_path = a->shot_path;
	vo->title = cli_view_title(a);
	vo->may_write = cli_paths_may_write;
}

/* `c2rt view`: the creature as `c2rt run` makes it, in a window. */
static int view_window(int argc, char **argv)
{
	cli_view_args a;
	int rc = cli_view_parse(argc, argv, &a);
	if (rc)
		return rc < 0 ? CLI_OK : rc;
	char msg[512];
	if (a.keys && view_live_check_keys(a.keys, msg, sizeof msg) != 0)
		return cli_fail(CLI_USAGE, "view", "--keys: %s", msg);
	view_live_opts vo;
	live_opts(&a, &vo);
	cli_creature cc = {0};
	cli_world cw = {0};
	rc = a.in_world ? cli_world_open(&cw, "view", a.genome, &cli_cargs, a.world)
	                : cli_creature_open(&cc, "view", a.genome, &cli_cargs);
	if (rc == 0 && a.nmore) /* as `run --creature` adds them */
		rc = cli_world_add_creatures(&cw, "view", a.more, a.nmore, &cli_cargs);
	if (rc == 0)
		rc = cli_view_check_pin(&a, a.in_world ? world_creature(cw.w, 0) : cc.c);
	if (rc) {
		cli_creature_close(&cc);
		cli_world_close(&cw);
		return rc;
	}
	vo.events_text = a.in_world ? cw.events_text : cc.events_text;
	vo.events_len = a.in_world ? cw.events_len : cc.events_len;
	/* An imported creature is called by its moniker, not its snapshot's file. */
	char moniker[5];
	if (cli_moniker(vo.events_text, vo.events_len, moniker))
		vo.title = moniker;
	genome_organ_names organs;
	cli_organ_names("view", a.in_world ? world_creature(cw.w, 0) : cc.c, a.genome, &organs);
	vo.organs = &organs;
	vo.world = cw.w;
	vo.world_ev = &cw.ev;
	c2_wbuf rec = {0};
	if (a.record_path) {
		cli_view_record_header(&a, &rec);
		vo.record = &rec;
	}
	/* The keys' folder, made as mutate and sweep make theirs. */
	if (!a.dir || (rc = cli_mkdir("view", a.dir)) == 0) {
		rc = view_live_run(a.in_world ? world_creature(cw.w, 0) : cc.c, &cc.ev, &vo, msg, sizeof msg);
		if (rc != VIEW_LIVE_OK)
			rc = cli_fail(CLI_BAD, "view", "%s", msg);
		else if (rec.oom)
			rc = cli_fail(CLI_BAD, "view", "out of memory for --record");
		else
			rc = a.record_path ? cli_write("view", a.record_path, rec.data, rec.len) : CLI_OK;
	}
	c2_wbuf_free(&rec);
	genome_organ_names_free(&organs);
	cli_creature_close(&cc);
	cli_world_close(&cw);
	return rc;
}

static int view(int argc, char **argv)
{
	int rc = view_window(argc, argv);
	cli_view_free();
	return rc;
}

/* A plot request on standard input, its picture on standard output. */
static int draw(void)
{
	uint8_t *req = NULL;
	size_t len = 0;
	c2_err e;
	char msg[512];
	int rc = 2;
	cli_plot_decoded p = {0};
	if (c2_read_file("-", MAX_REQUEST, &req, &len, &e) != 0 ||
	    cli_plot_decode(req, len, &p, &e) != 0) {
		c2_err_format(&e, "standard input", msg, sizeof msg);
	} else {
		view_plot_style st;
		view_plot_style_of(&st, &p.q);
		if (view_plot_write_png("-", p.q.w, p.q.h, p.d, &st, msg, sizeof msg) == 0)
			rc = 0;
	}
	if (rc)
		fprintf(stderr, "%s\n", msg);
	cli_plot_decoded_free(&p);
	free(req);
	return rc;
}

int main(int argc, char **argv)
{
	cli_guard_streams();
	if (argc >= 2 && !strcmp(argv[1], "view"))
		return cli_finish("view", view(argc - 1, argv + 1));
	if (argc == 2 && !strcmp(argv[1], "draw"))
		return draw();
	fprintf(stderr, "usage: %s view ARGS | %s draw  (c2rt runs this program: "
	                "use 'c2rt view', 'c2rt plot', 'c2rt run --plot')\n",
	        CLI_HELPER_NAME, CLI_HELPER_NAME);
	return CLI_USAGE;
}
