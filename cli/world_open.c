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
	if (world_add_founder(cw->w, cc.c, NULL, genome_path, &err) != 0) {
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

static int sex_word(const char *s, size_t n)
{
	if ((n == 4 && !memcmp(s, "male", 4)) || (n == 1 && *s == 'm'))
		return GENOME_MALE;
	if ((n == 6 && !memcmp(s, "female", 6)) || (n == 1 && *s == 'f'))
		return GENOME_FEMALE;
	return 0;
}

static bool number_word(const char *s, uint64_t *out)
{
	if (!*s)
		return false;
	uint64_t v = 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (UINT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	*out = v;
	return true;
}

int cli_more_creature_parse(const char *cmd, const char *arg, cli_more_creature *out)
{
	memset(out, 0, sizeof *out);
	size_t len = strlen(arg);
	const char *c1 = strrchr(arg, ':');
	if (c1) {
		const char *c0 = NULL;
		for (const char *p = c1; p > arg && !c0; p--)
			if (p[-1] == ':')
				c0 = p - 1;
		if (sex_word(c1 + 1, strlen(c1 + 1))) { /* GENOME:SEX */
			out->sex = sex_word(c1 + 1, strlen(c1 + 1));
			len = (size_t)(c1 - arg);
		} else if (c0 && (out->sex = sex_word(c0 + 1, (size_t)(c1 - c0 - 1))) != 0) {
			if (!number_word(c1 + 1, &out->seed))
				return cli_fail(CLI_USAGE, cmd, "--creature %s: SEED must be a number", arg);
			out->has_seed = true;
			len = (size_t)(c0 - arg);
		}
	}
	if (len == 0)
		return cli_fail(CLI_USAGE, cmd, "--creature %s: expected GENOME[:SEX[:SEED]]", arg);
	if (!(out->genome = malloc(len + 1)))
		return cli_fail(CLI_BAD, cmd, "out of memory");
	memcpy(out->genome, arg, len);
	out->genome[len] = '\0';
	return CLI_OK;
}

int cli_world_add_creatures(cli_world *cw, const char *cmd, const cli_more_creature *v, size_t n,
                            const cli_creature_args *args)
{
	for (size_t i = 0; i < n; i++) {
		creature_config cfg = args->cfg;
		size_t index = world_creature_count(cw->w);
		if (v[i].sex)
			cfg.sex = (genome_sex)v[i].sex;
		cfg.seed = v[i].has_seed ? v[i].seed : args->cfg.seed + index;
		genome g;
		c2_err err;
		int rc = cli_load_genome(v[i].genome, &g);
		if (rc)
			return rc;
		creature *c;
		rc = creature_hatch(&c, &g, &cfg, &err);
		genome_free(&g);
		if (rc)
			return cli_report(v[i].genome, &err);
		if (world_add_founder(cw->w, c, NULL, v[i].genome, &err) != 0) {
			creature_free(c);
			return cli_fail(CLI_BAD, cmd, "--creature %s: %s", v[i].genome, err.msg);
		}
	}
	return CLI_OK;
}

int cli_more_list_add(cli_more_list *l, const char *cmd, const char *arg)
{
	if (l->n == CLI_MAX_MORE)
		return cli_fail(CLI_USAGE, cmd, "at most %d --creature", CLI_MAX_MORE);
	int rc = cli_more_creature_parse(cmd, arg, &l->v[l->n]);
	if (rc == 0)
		l->n++;
	return rc;
}

void cli_more_list_free(cli_more_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].genome);
	l->n = 0;
}
