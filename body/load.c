/* load.c — the one table of body file formats (see load.h). */
#include "body/load.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "framsticks/f0.h"
#include "framsticks/f1.h"
#include "framsticks/frams.h"
#include "xode/xode.h"

/* ---- f0 genotypes ------------------------------------------------------------ */

static bool sniff_f0(const char *text, size_t len)
{
	return len >= 2 && text[0] == '/' && (text[1] == '/' || text[1] == '*');
}

static int load_f0(const char *text, size_t len, const char *genotype, body_model *m,
                   c2_err *err)
{
	(void)genotype;
	return frams_genotype_build(text, len, NULL, 1, m, err);
}

/* ---- Framsticks genotype files ----------------------------------------------- */

static bool sniff_gen(const char *text, size_t len)
{
	/* an org: object header line anywhere */
	for (size_t i = 0; i + 4 <= len; i++)
		if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, "org:", 4) == 0)
			return true;
	return false;
}

/* The genotype `sel` names (1-based number or name; NULL: the first f0
 * one) among g[0..n), or n. */
static size_t pick_genotype(const frams_genotype *g, size_t n, const char *sel)
{
	if (sel) {
		char *end;
		long num = strtol(sel, &end, 10);
		if (*sel && !*end && num >= 1 && (size_t)num <= n)
			return (size_t)num - 1;
		for (size_t i = 0; i < n; i++)
			if (strcmp(g[i].name, sel) == 0)
				return i;
		return n;
	}
	for (size_t i = 0; i < n; i++) {
		frams_geno gi;
		frams_geno_marker(g[i].genes, g[i].len, &gi);
		if (gi.format == '0')
			return i;
	}
	return n;
}

static int load_gen(const char *text, size_t len, const char *genotype, body_model *m,
                    c2_err *err)
{
	frams_file gen = {0};
	const frams_class *classes[] = {&frams_org_class};
	int rc = frams_read(text, len, classes, 1, &gen, err);
	if (rc) {
		frams_file_free(&gen);
		return rc;
	}
	size_t n = frams_genotypes(&gen, NULL, 0);
	frams_genotype *g = calloc(n + 1, sizeof *g);
	if (!g) {
		frams_file_free(&gen);
		return c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	}
	frams_genotypes(&gen, g, n);
	size_t pick = pick_genotype(g, n, genotype);
	if (pick == n && genotype)
		rc = c2_fail_line(err, C2_EINVAL, 0,
		                  "no genotype '%s' (there are %zu; c2rt body --list shows them)", genotype,
		                  n);
	else if (pick == n)
		rc = c2_fail_line(err, C2_EINVAL, 0,
		                  "no f0 genotype among the %zu (c2rt body --list shows them)", n);
	else
		rc = frams_genotype_build(g[pick].genes, g[pick].len, g[pick].name, g[pick].line, m, err);
	/* The file reader's own warnings come with the body's. */
	for (size_t i = 0; i < gen.log.n && rc != C2_ENOMEM; i++)
		if (gen.log.v[i].level == FRAMS_WARN && body_warn(m, gen.log.v[i].line, "%s",
		                                                  gen.log.v[i].text) != 0)
			rc = c2_fail_line(err, C2_ENOMEM, 0, "out of memory");
	free(g);
	frams_file_free(&gen);
	return rc;
}

/* ---- XODE scenes --------------------------------------------------------------- */

static bool sniff_xode(const char *text, size_t len)
{
	for (size_t i = 0; i + 5 <= len && i < 4096; i++)
		if (memcmp(text + i, "<xode", 5) == 0)
			return true;
	return false;
}

static int load_xode(const char *text, size_t len, const char *genotype, body_model *m,
                     c2_err *err)
{
	(void)genotype;
	return xode_load(m, text, len, err);
}

/* ---- the table -------------------------------------------------------------------- */

static const struct {
	const char *name, *ext;
	bool (*sniff)(const char *text, size_t len);
	int (*load)(const char *text, size_t len, const char *genotype, body_model *m, c2_err *err);
} formats[BODY_SOURCE_N] = {
	[BODY_SOURCE_F0] = {"f0", ".f0", sniff_f0, load_f0},
	[BODY_SOURCE_GEN] = {"gen", ".gen", sniff_gen, load_gen},
	[BODY_SOURCE_XODE] = {"xode", ".xode", sniff_xode, load_xode},
};

const char *body_source_name(body_source s)
{
	return (unsigned)s < BODY_SOURCE_N ? formats[s].name : "?";
}

int body_source_pick(const char *path, const char *text, size_t len, c2_err *err)
{
	/* Creatures genomes share the .gen extension with Framsticks files. */
	if (len >= 4 && (memcmp(text, "dna2", 4) == 0 || memcmp(text, "dna3", 4) == 0)) {
		c2_fail_line(err, C2_EINVAL, 0, "a Creatures genome, not a body");
		return BODY_SOURCE_CREATURES;
	}
	const char *dot = strrchr(path, '.');
	for (int i = 0; dot && i < BODY_SOURCE_N; i++)
		if (strcasecmp(dot, formats[i].ext) == 0)
			return i;
	for (int i = 0; i < BODY_SOURCE_N; i++)
		if (formats[i].sniff(text, len))
			return i;
	c2_fail_line(err, C2_EINVAL, 0, "not a body file (f0, Framsticks .gen or XODE)");
	return BODY_SOURCE_NONE;
}

int body_load_source(body_source s, const char *text, size_t len, const char *genotype,
                     body_model *m, c2_err *err)
{
	memset(m, 0, sizeof *m);
	if ((unsigned)s >= BODY_SOURCE_N)
		return c2_fail_line(err, C2_EINVAL, 0, "unknown body format");
	return formats[s].load(text, len, genotype, m, err);
}
