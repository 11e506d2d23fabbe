/* evolve.c — one replicate of an evolution run (see evolve.h). */
#include "batch/evolve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/options.h"
#include "batch/lineage.h"

/* Bumped when what a run writes changes meaning (its id changes with it). */
static const char EVOLVE_VERSION[] = "c2rt-evolve-1";
/* The checkpoint's own bytes, after the world's: magic, then the state. */
static const char CKPT_MAGIC[8] = {'c', '2', 'e', 'v', 'o', 'c', 'k', '1'};

static const char *const stop_names[] = {
#define X(id, name) name,
	BATCH_EVOLVE_STOPS(X)
#undef X
};

const char *batch_evolve_stop_name(batch_evolve_stop s)
{
	return (unsigned)s < BATCH_EVOLVE_NSTOPS ? stop_names[s] : "?";
}

uint64_t batch_evolve_id(const batch_evolve_spec *s)
{
	c2_sink k = c2_sink_hash();
	c2_put(&k, EVOLVE_VERSION, sizeof EVOLVE_VERSION);
	c2_put_u64(&k, s->world_len);
	c2_put(&k, s->world_text, s->world_len);
	world_options dflt;
	world_options_default(&dflt);
	c2_options_save(&world_option_tab, s->world_opts ? s->world_opts : &dflt, &k);
	c2_put_u64(&k, s->events_text ? s->events_len : 0);
	if (s->events_text)
		c2_put(&k, s->events_text, s->events_len);
	c2_put_u64(&k, s->cfg.seed);
	for (size_t t = 0; t < CREATURE_OPTION_TABLES; t++)
		c2_options_save(creature_option_table(t), creature_option_cstruct(&s->cfg, t), &k);
	c2_put_u64(&k, s->nfounders);
	for (size_t i = 0; i < s->nfounders; i++) {
		c2_put_u64(&k, s->founder_hashes[i]);
		c2_put_u8(&k, (uint8_t)s->sexes[i]);
	}
	c2_put_u32(&k, s->generations);
	c2_put_u64(&k, s->ticks);
	c2_put_u64(&k, s->ticks ? 0 : s->max_ticks);
	c2_put_u64(&k, s->replicates);
	c2_put_u64(&k, s->max_population);
	c2_put_u64(&k, s->ngenes);
	for (size_t i = 0; i < s->ngenes; i++) {
		c2_put_u8(&k, s->genes[i].kind);
		c2_put_u8(&k, s->genes[i].id);
		c2_put_u8(&k, s->genes[i].dup);
	}
	return c2_hash_finish(k.h);
}

int batch_evolve_gene_parse(const char *text, batch_evolve_gene *g, c2_err *err)
{
	char kind[32];
	unsigned id, dup = 0;
	int used = 0;
	memset(g, 0, sizeof *g);
	if (sscanf(text, "%31[a-z_ A-Z]:%u%n:%u%n", kind, &id, &used, &dup, &used) < 2 ||
	    text[used] != '\0' || id > 255 || dup > 255)
		return c2_fail(err, C2_EINVAL, -1, -1, "a gene is KIND:ID[:DUP] (receptor:12, organ:3:1), not '%s'",
		               text);
	int k = genome_kind_by_name(kind);
	if (k < 0)
		return c2_fail(err, C2_EINVAL, -1, -1, "'%s' is no gene kind", kind);
	g->kind = (uint8_t)k;
	g->id = (uint8_t)id;
	g->dup = (uint8_t)dup;
	snprintf(g->name, sizeof g->name, "%s:%u:%u", kind, id, dup);
	return 0;
}

/* ---- alleles ------------------------------------------------------------------ */

/* The hash of gene (kind, id, dup) of g as it encodes, or 0 when absent. */
static uint64_t allele_of(const genome *g, const batch_evolve_gene *want)
{
	for (size_t i = 0; i < g->ngenes; i++) {
		const genome_gene *x = &g->genes[i];
		if (x->kind != want->kind || x->id != want->id || x->dup != want->dup)
			continue;
		genome one = {0};
		one.format = GENOME_STREAM;
		one.genes = (genome_gene *)(uintptr_t)x; /* read only: genome_encode takes it const */
		one.ngenes = 1;
		uint8_t buf[4096];
		size_t n = genome_encode(&one, buf, sizeof buf);
		return c2_hash_finish(c2_hash_bytes(C2_HASH_INIT, buf, n)) | 1; /* never 0 */
	}
	return 0;
}

static int alleles_grow(const batch_evolve_spec *s, batch_evolve_run *run, size_t need)
{
	if (need <= run->cap)
		return 0;
	size_t cap = run->cap ? 2 * run->cap : 64;
	while (cap < need)
		cap *= 2;
	uint32_t *gen = realloc(run->gen, cap * sizeof *gen);
	if (gen)
		run->gen = gen;
	uint8_t *f = realloc(run->founder, cap);
	if (f)
		run->founder = f;
	uint64_t *a = realloc(run->allele, cap * (s->ngenes ? s->ngenes : 1) * sizeof *a);
	if (a)
		run->allele = a;
	if (!gen || !f || !a)
		return C2_ENOMEM;
	run->cap = cap;
	return 0;
}

/* The alleles of the creatures new in the world since the last look. */
static int alleles_take(const batch_evolve_spec *s, batch_evolve_run *run)
{
	size_t n = world_creature_count(run->w);
	if (n <= run->seen)
		return 0;
	if (alleles_grow(s, run, n))
		return C2_ENOMEM;
	for (size_t i = run->seen; i < n; i++) {
		world_creature_info info;
		genome g;
		c2_err err;
		if (world_creature_get(run->w, i, &info) != 0)
			memset(&info, 0, sizeof info);
		run->gen[i] = info.generation;
		run->founder[i] = info.mother < 0;
		bool have = s->ngenes && creature_genome(world_creature_const(run->w, i), &g, &err) == 0;
		for (size_t k = 0; k < s->ngenes; k++)
			run->allele[i * s->ngenes + k] = have ? allele_of(&g, &s->genes[k]) : 0;
		if (have)
			genome_free(&g);
	}
	run->seen = n;
	return 0;
}

/* ---- running -------------------------------------------------------------------- */

static uint64_t world_seed(const batch_evolve_spec *s, size_t r)
{
	return s->cfg.seed + r;
}

int batch_evolve_start(const batch_evolve_spec *s, size_t r, batch_evolve_run *run, c2_err *err)
{
	memset(run, 0, sizeof *run);
	run->replicate = r;
	int rc = world_load(&run->w, s->world_text, s->world_len, s->world_opts, world_seed(s, r), err);
	for (size_t i = 0; rc == 0 && i < s->nfounders; i++) {
		creature_config cfg = s->cfg;
		cfg.sex = s->sexes[i];
		cfg.seed = world_seed(s, r) * 1000003u + i;
		creature *c;
		if ((rc = creature_hatch(&c, &s->founders[i], &cfg, err)) != 0)
			break;
		if ((rc = world_add_founder(run->w, c, NULL, s->founder_names[i], err)) != 0)
			creature_free(c);
	}
	if (rc == 0)
		rc = alleles_take(s, run) ? c2_fail(err, C2_ENOMEM, -1, -1, "out of memory") : 0;
	if (rc)
		batch_evolve_free(run);
	return rc;
}

/* The value of "KEY": in a genealogy line, or -1. */
static long line_number(const char *line, size_t n, const char *key)
{
	size_t k = strlen(key);
	for (size_t i = 0; i + k < n; i++)
		if (line[i] == '"' && !memcmp(line + i + 1, key, k) && line[i + 1 + k] == '"' &&
		    i + k + 2 < n && line[i + k + 2] == ':') {
			long v = 0;
			for (size_t j = i + k + 3; j < n && line[j] >= '0' && line[j] <= '9'; j++)
				v = v * 10 + (line[j] - '0');
			return v;
		}
	return -1;
}

static bool line_has(const char *line, size_t n, const char *text)
{
	size_t k = strlen(text);
	for (size_t i = 0; i + k <= n; i++)
		if (!memcmp(line + i, text, k))
			return true;
	return false;
}

/* The genealogy's new lines, tagged with the replicate into run->lineage;
 * the children pending and the generation reached follow them. */
static void drain(batch_evolve_run *run, c2_wbuf *tmp)
{
	tmp->len = 0;
	world_genealogy_ndjson(run->w, tmp);
	const char *t = (const char *)tmp->data;
	for (size_t pos = 0; pos < tmp->len;) {
		const char *nl = memchr(t + pos, '\n', tmp->len - pos);
		size_t end = nl ? (size_t)(nl - t) : tmp->len, n = end - pos;
		const char *line = t + pos;
		if (n > 1 && line[0] == '{') {
			c2_w_printf(&run->lineage, "{\"replicate\":%zu,", run->replicate);
			c2_w_bytes(&run->lineage, line + 1, n - 1);
			c2_w_u8(&run->lineage, '\n');
		}
		if (line_has(line, n, "\"type\":\"conceive\""))
			run->pending++;
		else if (line_has(line, n, "\"type\":\"lost\"") && run->pending)
			run->pending--;
		else if (line_has(line, n, "\"type\":\"hatch\"")) {
			run->pending -= run->pending > 0;
			long g = line_number(line, n, "generation");
			if (g > (long)run->generation)
				run->generation = (unsigned)g;
		}
		pos = end + 1;
	}
}

batch_evolve_stop batch_evolve_step(const batch_evolve_spec *s, batch_evolve_run *run, uint64_t n)
{
	c2_wbuf tmp = {0};
	for (uint64_t i = 0; i < n && run->stop == BATCH_EVOLVE_RUNNING; i++) {
		world_step(run->w, s->ev);
		drain(run, &tmp);
		if (alleles_take(s, run) || run->lineage.oom || tmp.oom) {
			run->stop = BATCH_EVOLVE_MAX_TICKS; /* out of memory: the caller sees the flag */
			run->lineage.oom = true;
			break;
		}
		uint64_t t = world_ticks(run->w);
		if (s->generations && run->generation >= s->generations)
			run->stop = BATCH_EVOLVE_GENERATIONS;
		else if (world_alive_count(run->w) == 0 && run->pending == 0)
			run->stop = BATCH_EVOLVE_EXTINCT;
		else if (s->max_population && world_alive_count(run->w) >= s->max_population)
			run->stop = BATCH_EVOLVE_CROWDED;
		else if (s->ticks && t >= s->ticks)
			run->stop = BATCH_EVOLVE_TIME;
		else if (!s->ticks && t >= s->max_ticks)
			run->stop = BATCH_EVOLVE_MAX_TICKS;
	}
	c2_wbuf_free(&tmp);
	return run->stop;
}

void batch_evolve_free(batch_evolve_run *run)
{
	world_free(run->w);
	c2_wbuf_free(&run->lineage);
	free(run->gen);
	free(run->founder);
	free(run->allele);
	memset(run, 0, sizeof *run);
}

/* ---- checkpoints ------------------------------------------------------------------ */

int batch_evolve_save(const batch_evolve_spec *s, const batch_evolve_run *run, c2_wbuf *out)
{
	c2_wbuf x = {0};
	c2_w_bytes(&x, CKPT_MAGIC, sizeof CKPT_MAGIC);
	c2_w_u64(&x, batch_evolve_id(s));
	c2_w_u64(&x, run->replicate);
	c2_w_u64(&x, run->pending);
	c2_w_u32(&x, run->generation);
	c2_w_u32(&x, (uint32_t)run->stop);
	c2_w_u64(&x, run->seen);
	for (size_t i = 0; i < run->seen; i++) {
		c2_w_u32(&x, run->gen[i]);
		c2_w_u8(&x, run->founder[i]);
		for (size_t k = 0; k < s->ngenes; k++)
			c2_w_u64(&x, run->allele[i * s->ngenes + k]);
	}
	c2_w_u64(&x, run->lineage.len);
	c2_w_bytes(&x, run->lineage.data, run->lineage.len);
	int rc = x.oom ? C2_ENOMEM : world_save(run->w, x.data, x.len, out);
	c2_wbuf_free(&x);
	return rc ? rc : out->oom ? C2_ENOMEM : 0;
}

static int restore_state(const batch_evolve_spec *s, size_t r, const uint8_t *x, size_t nx,
                         batch_evolve_run *run, c2_err *err)
{
	c2_rbuf b = c2_rbuf_make(x, nx);
	char magic[sizeof CKPT_MAGIC];
	if (!c2_r_bytes(&b, magic, sizeof magic) || memcmp(magic, CKPT_MAGIC, sizeof magic) != 0)
		return c2_fail(err, C2_EFORMAT, 0, -1, "not a checkpoint of c2rt evolve");
	if (c2_r_u64(&b) != batch_evolve_id(s))
		return c2_fail(err, C2_EFORMAT, 0, -1, "a checkpoint of another evolution run");
	if (c2_r_u64(&b) != r)
		return c2_fail(err, C2_EFORMAT, 0, -1, "a checkpoint of another replicate");
	run->pending = c2_r_u64(&b);
	run->generation = c2_r_u32(&b);
	run->stop = (batch_evolve_stop)c2_r_u32(&b);
	uint64_t seen = c2_r_u64(&b);
	if (run->stop >= BATCH_EVOLVE_NSTOPS || seen != world_creature_count(run->w) ||
	    alleles_grow(s, run, seen))
		return c2_fail(err, C2_EFORMAT, 0, -1, "a damaged checkpoint");
	for (size_t i = 0; i < seen; i++) {
		run->gen[i] = c2_r_u32(&b);
		run->founder[i] = c2_r_u8(&b);
		for (size_t k = 0; k < s->ngenes; k++)
			run->allele[i * s->ngenes + k] = c2_r_u64(&b);
	}
	run->seen = seen;
	uint64_t n = c2_r_u64(&b);
	const uint8_t *p = n <= nx ? c2_r_take(&b, (size_t)n) : NULL;
	if (!p || b.pos != b.len)
		return c2_fail(err, C2_EFORMAT, 0, -1, "a damaged checkpoint");
	c2_w_bytes(&run->lineage, p, (size_t)n);
	return run->lineage.oom ? c2_fail(err, C2_ENOMEM, -1, -1, "out of memory") : 0;
}

int batch_evolve_restore(const batch_evolve_spec *s, size_t r, const uint8_t *data, size_t len,
                         batch_evolve_run *run, c2_err *err)
{
	memset(run, 0, sizeof *run);
	run->replicate = r;
	uint8_t *x = NULL;
	size_t nx = 0;
	int rc = world_restore(&run->w, data, len, &x, &nx, err);
	if (rc == 0)
		rc = restore_state(s, r, x, nx, run, err);
	free(x);
	if (rc)
		batch_evolve_free(run);
	return rc;
}

/* ---- rows ------------------------------------------------------------------------- */

/* The causes of death every CSV has a column for: the engine's. */
static size_t engine_causes(const char **names, size_t cap)
{
	size_t n = 0;
	for (int d = CREATURE_DEATH_OLD_AGE; n < cap; d++) {
		const char *name = creature_death_name((creature_death)d);
		if (!strcmp(name, "?"))
			break;
		names[n++] = name;
	}
	return n;
}

void batch_evolve_csv_header(const batch_evolve_spec *s, c2_wbuf *w)
{
	c2_w_str(w, "replicate,generation,conceived,lost,born,males,females,alive,dead,"
	            "life_mean,life_min,life_max");
	const char *causes[16];
	size_t nc = engine_causes(causes, 16);
	for (size_t c = 0; c < nc; c++)
		c2_w_printf(w, ",deaths:%s", causes[c]);
	c2_w_str(w, ",deaths:other,mutations_mean,carries_mean,carries_max");
	for (size_t k = 0; k < s->ngenes; k++)
		c2_w_printf(w, ",new:%s,alleles:%s", s->genes[k].name, s->genes[k].name);
	c2_w_u8(w, '\n');
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Gene k's columns for generation g: the share born with an allele no
 * founder had, and the distinct alleles among them. */
static void gene_cells(const batch_evolve_spec *s, const batch_evolve_run *run, size_t k,
                       unsigned g, uint64_t *scratch, c2_wbuf *w)
{
	size_t born = 0, fresh = 0, nf = 0;
	for (size_t i = 0; i < run->seen; i++)
		if (run->founder[i])
			scratch[nf++] = run->allele[i * s->ngenes + k];
	qsort(scratch, nf, sizeof *scratch, cmp_u64);
	uint64_t *mine = scratch + nf;
	for (size_t i = 0; i < run->seen; i++) {
		if (run->gen[i] != g)
			continue;
		uint64_t a = run->allele[i * s->ngenes + k];
		mine[born++] = a;
		fresh += !bsearch(&a, scratch, nf, sizeof a, cmp_u64);
	}
	qsort(mine, born, sizeof *mine, cmp_u64);
	size_t distinct = 0;
	for (size_t i = 0; i < born; i++)
		distinct += i == 0 || mine[i] != mine[i - 1];
	if (born)
		c2_w_printf(w, ",%.4f,%zu", (double)fresh / (double)born, distinct);
	else
		c2_w_str(w, ",,0");
}

static void row(const batch_evolve_spec *s, const batch_evolve_run *run, const batch_lineage *l,
                const batch_lineage_gen *g, uint64_t *scratch, c2_wbuf *w)
{
	c2_w_printf(w, "%zu,%u,%zu,%zu,%zu,%zu,%zu,%zu,%zu", run->replicate, g->generation, g->conceived,
	            g->lost, g->born, g->males, g->females, g->alive, g->dead);
	if (g->dead)
		c2_w_printf(w, ",%.1f,%llu,%llu", g->life_mean, (unsigned long long)g->life_min,
		            (unsigned long long)g->life_max);
	else
		c2_w_str(w, ",,,");
	const char *causes[16];
	size_t nc = engine_causes(causes, 16), other = g->dead;
	for (size_t c = 0; c < nc; c++) {
		size_t d = 0;
		for (size_t k = 0; k < l->ncauses; k++)
			if (!strcmp(l->causes[k], causes[c]))
				d = g->deaths[k];
		other -= d;
		c2_w_printf(w, ",%zu", d);
	}
	c2_w_printf(w, ",%zu,%.4f,%.4f,%.4f", other, g->mutations_mean, g->load_mean, g->load_max);
	for (size_t k = 0; k < s->ngenes; k++)
		gene_cells(s, run, k, g->generation, scratch, w);
	c2_w_u8(w, '\n');
}

int batch_evolve_csv_rows(const batch_evolve_spec *s, const batch_evolve_run *run, c2_wbuf *w,
                          c2_err *err)
{
	batch_lineage l;
	batch_lineage_gen *g = NULL;
	size_t n = 0;
	uint64_t *scratch = malloc((2 * run->seen + 1) * sizeof *scratch);
	int rc = scratch ? batch_lineage_parse(&l, (const char *)run->lineage.data, run->lineage.len, err)
	                 : c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	if (rc == 0 && batch_lineage_generations(&l, &g, &n) != 0)
		rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	for (size_t i = 0; rc == 0 && i < n; i++)
		row(s, run, &l, &g[i], scratch, w);
	free(g);
	free(scratch);
	if (scratch)
		batch_lineage_free(&l);
	return rc;
}

void batch_evolve_summary(const batch_evolve_spec *s, const batch_evolve_run *run, c2_wbuf *w)
{
	c2_w_printf(w, "{\"replicate\":%zu,\"evolve\":\"%016llx\",\"replicates\":%zu,\"stop\":\"%s\","
	               "\"ticks\":%llu,\"alive\":%zu,\"generation\":%u,\"creatures\":%zu,"
	               "\"world_hash\":\"%016llx\"}\n",
	            run->replicate, (unsigned long long)batch_evolve_id(s), s->replicates,
	            batch_evolve_stop_name(run->stop),
	            (unsigned long long)world_ticks(run->w), world_alive_count(run->w), run->generation,
	            world_creature_count(run->w), (unsigned long long)world_hash(run->w));
}
