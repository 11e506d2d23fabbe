/* world_open.c — the world of `c2rt run --world`: loaded and populated, or
 * resumed. */
#include "cli/world_open.h"

#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"

void cli_world_close(cli_world *cw)
{
	world_events_free(cw->ev);
	free(cw->events_text);
	world_free(cw->w);
	memset(cw, 0, sizeof *cw);
}

bool cli_world_snapshot_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	uint8_t head[8];
	bool is = fread(head, 1, sizeof head, f) == sizeof head && world_snapshot_is(head, sizeof head);
	fclose(f);
	return is;
}

static int resume(cli_world *cw, const char *cmd, const char *genome_path,
                  const cli_creature_args *args)
{
	if (args->sex || args->seed)
		return cli_fail(CLI_USAGE, cmd, "--sex and --seed come from the snapshot with --resume");
	if (args->body_path || args->body_genotype || args->wiring_path)
		return cli_fail(CLI_USAGE, cmd, "the body and its wiring come from the snapshot with --resume");
	if (args->world_opts)
		return cli_fail(CLI_USAGE, cmd, "the world's options come from the snapshot with --resume");
	uint8_t *data;
	size_t len;
	c2_err err;
	if (c2_read_file(args->resume_path, 1024u << 20, &data, &len, &err) != 0)
		return cli_report(args->resume_path, &err);
	int rc = world_restore(&cw->w, data, len, &cw->events_text, &cw->events_len, &err);
	free(data);
	if (rc)
		return cli_report(args->resume_path, &err);
	if (world_creature_count(cw->w) == 0)
		return cli_fail(CLI_BAD, cmd, "%s: the world has no creature", args->resume_path);
	if (genome_path)
		return cli_same_genome(cmd, world_creature_const(cw->w, 0), genome_path, args->resume_path);
	return CLI_OK;
}

static int populate(cli_world *cw, const char *cmd, const char *genome_path,
                    const cli_creature_args *args, const char *world_path)
{
	if (args->resume_path)
		return cli_fail(CLI_USAGE, cmd, "--world with --resume: %s is a creature snapshot, not a "
		                "world's (resume a world snapshot without --world)", args->resume_path);
	uint8_t *text;
	size_t len;
	c2_err err;
	if (c2_read_file(world_path, 16u << 20, &text, &len, &err) != 0)
		return cli_report(world_path, &err);
	int rc = world_load(&cw->w, (const char *)text, len, &args->world, args->cfg.seed, &err);
	free(text);
	if (rc)
		return cli_report(world_path, &err);
	cli_creature_args hatch = *args;
	hatch.events_path = NULL; /* the world reads them */
	cli_creature cc;
	if ((rc = cli_creature_open(&cc, cmd, genome_path, &hatch)) != 0)
		return rc;
	if (world_add_creature(cw->w, cc.c, &err) != 0) {
		cli_creature_close(&cc);
		return cli_fail(CLI_BAD, cmd, "%s", err.msg);
	}
	cc.c = NULL; /* the world's now */
	cli_creature_close(&cc);
	return CLI_OK;
}

int cli_world_open(cli_world *cw, const char *cmd, const char *genome_path,
                   const cli_creature_args *args, const char *world_path)
{
	memset(cw, 0, sizeof *cw);
	int rc = world_path ? populate(cw, cmd, genome_path, args, world_path)
	                    : resume(cw, cmd, genome_path, args);
	const char *source = args->resume_path;
	c2_err err;
	if (rc == 0 && args->events_path) {
		free(cw->events_text);
		cw->events_text = NULL;
		source = args->events_path;
		if (c2_read_file(source, 16u << 20, &cw->events_text, &cw->events_len, &err) != 0)
			rc = cli_report(source, &err);
	}
	if (rc == 0 && cw->events_text &&
	    world_events_parse(&cw->ev, cw->w, (const char *)cw->events_text, cw->events_len, &err) != 0)
		rc = cli_report(source, &err);
	if (rc)
		cli_world_close(cw);
	return rc;
}
