/* test_batch.c — the engine's batch pieces (batch/batch.h): the job list and
 * shards, one run and its row, the batch id, and reading rows back (torn
 * last lines, rows of other batches, merging shards, cells). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "batch/batch.h"
#include "testutil.h"


static const char *const PATHS[] = {"a.gen", "dir,with \"comma\"/b.gen", "c.gen"};
static const uint64_t HASHES[] = {1, 2, 3};

static void spec_init(batch_spec *s, batch_format f)
{
	memset(s, 0, sizeof *s);
	creature_config_default(&s->cfg);
	s->cfg.seed = 10;
	s->nseeds = 4;
	s->ticks = 3000;
	s->max_ticks = 1000;
	s->nchem = 2;
	s->chem[0] = GENOME_CHEM_ATP;
	s->chem[1] = GENOME_CHEM_GLUCOSE;
	s->ndrive = 1;
	s->drive[0] = GENOME_DRIVE_HUNGER;
	s->format = f;
	s->ngenomes = 3;
	s->genome_paths = PATHS;
	s->genome_hashes = HASHES;
}

static void test_jobs_and_shards(void **state)
{
	(void)state;
	batch_spec s;
	spec_init(&s, BATCH_CSV);
	assert_int_equal(batch_runs(&s), 12);
	size_t g;
	uint64_t seed;
	batch_job(&s, 6, &g, &seed);
	assert_int_equal(g, 1);
	assert_int_equal(seed, 12);
	/* Shards partition the runs. */
	for (unsigned n = 1; n <= 5; n++)
		for (size_t r = 0; r < 12; r++) {
			int in = 0;
			for (unsigned i = 1; i <= n; i++)
				in += batch_in_shard(r, i, n);
			assert_int_equal(in, 1);
		}
	size_t *p, np;
	assert_int_equal(batch_pending(&s, 2, 3, NULL, &p, &np), 0);
	assert_int_equal(np, 4);
	assert_int_equal(p[0], 1);
	assert_int_equal(p[3], 10);
	free(p);
}

static void test_batch_id(void **state)
{
	(void)state;
	batch_spec a, b;
	spec_init(&a, BATCH_CSV);
	spec_init(&b, BATCH_NDJSON);
	assert_true(batch_id(&a) == batch_id(&b)); /* the format is not the batch */
	b.ticks++;
	assert_true(batch_id(&a) != batch_id(&b));
	spec_init(&b, BATCH_CSV);
	b.events_text = "at 5 kill\n";
	b.events_len = 10;
	assert_true(batch_id(&a) != batch_id(&b));
	spec_init(&b, BATCH_CSV);
	b.cfg.engine.action_period = 7;
	assert_true(batch_id(&a) != batch_id(&b));
	spec_init(&b, BATCH_CSV);
	b.chem[1] = GENOME_CHEM_ADP;
	assert_true(batch_id(&a) != batch_id(&b));
	spec_init(&b, BATCH_CSV);
	b.genome_paths = (const char *const[]){"x", "y", "z"}; /* paths are not */
	assert_true(batch_id(&a) == batch_id(&b));
}

static bool never(void *ctx)
{
	(void)ctx;
	return false;
}

static bool always(void *ctx)
{
	(*(int *)ctx)++;
	return true;
}

/* The same run twice gives the same row; rows parse back. */
static void test_run_rows(void **state)
{
	(void)state;
	genome g;
	test_load_text_genome("genomes/starter.txt", &g);
	batch_format fmts[] = {BATCH_CSV, BATCH_NDJSON};
	for (int fi = 0; fi < 2; fi++) {
		batch_spec s;
		spec_init(&s, fmts[fi]);
		c2_wbuf w = {0}, w2 = {0};
		batch_header(&s, &w);
		batch_result *r = malloc(sizeof *r);
		assert_non_null(r);
		for (size_t run = 4; run < 8; run++) {
			assert_int_equal(batch_run(&s, run, &g, never, NULL, r), 0);
			assert_string_equal(r->error, "");
			assert_int_equal(r->ticks, 3000);
			assert_true(r->alive);
			uint64_t acts = 0;
			for (int a = 0; a < BATCH_NACT; a++)
				acts += r->act[a];
			assert_int_equal(acts, 3000); /* every tick lived is counted once */
			batch_row(&s, r, 0.5, &w);
		}
		for (size_t run = 4; run < 8; run++) {
			assert_int_equal(batch_run(&s, run, &g, NULL, NULL, r), 0);
			batch_row(&s, r, 0.5, &w2);
		}
		assert_memory_equal(w.data + (w.len - w2.len), w2.data, w2.len);
		int calls = 0;
		assert_int_equal(batch_run(&s, 0, &g, always, &calls, r), 1); /* stopped: no row */
		assert_int_equal(calls, 1);
		batch_result_failed(&s, 9, r, "could not read it");
		batch_row(&s, r, 0, &w);

		batch_file bf;
		c2_err err;
		assert_int_equal(batch_file_parse((const char *)w.data, w.len, s.format, &bf, &err), 0);
		assert_int_equal(bf.nrows, 5);
		assert_int_equal(bf.runs, 12);
		assert_true(bf.id == batch_id(&s));
		assert_int_equal(bf.rows[0].run, 4);
		assert_int_equal(bf.rows[4].run, 9);
		char cell[256];
		assert_true(batch_cell((const char *)w.data, &bf, s.format, 1, "genome", cell, sizeof cell));
		assert_string_equal(cell, PATHS[1]);
		assert_true(batch_cell((const char *)w.data, &bf, s.format, 1, "seed", cell, sizeof cell));
		assert_string_equal(cell, "11");
		assert_true(batch_cell((const char *)w.data, &bf, s.format, 0, "stage", cell, sizeof cell));
		assert_true(strlen(cell) > 0);
		assert_true(batch_cell((const char *)w.data, &bf, s.format, 4, "error", cell, sizeof cell));
		assert_string_equal(cell, "could not read it");
		assert_true(batch_cell((const char *)w.data, &bf, s.format, 4, "lifespan_s", cell, sizeof cell));
		assert_string_equal(cell, "");
		assert_false(batch_cell((const char *)w.data, &bf, s.format, 0, "nonesuch", cell, sizeof cell));
		batch_file_free(&bf);
		free(r);
		c2_wbuf_free(&w);
		c2_wbuf_free(&w2);
	}
	genome_free(&g);
}

/* The starter genome, and the file at `path` (a body, a world) read whole. */
static void starter_and(const char *path, genome *g, uint8_t **text, size_t *len)
{
	test_load_text_genome("genomes/starter.txt", g);
	c2_err err;
	assert_int_equal(c2_read_file(path, 1u << 20, text, len, &err), 0);
}

/* A body (our walker) in every run: the run's state hash is that of a
 * creature hatched, given the body and stepped as `c2rt run --body` does;
 * the body and its wiring are in the batch id by content, the body file's
 * path is not; batch_check_body names the file at fault. */
static void test_body_runs(void **state)
{
	(void)state;
	genome g;
	uint8_t *text;
	size_t len;
	c2_err err;
	starter_and("genomes/walker.f0", &g, &text, &len);
	creature_body_spec body = {"genomes/walker.f0", text, len, NULL};
	batch_spec s, bare;
	spec_init(&s, BATCH_CSV);
	spec_init(&bare, BATCH_CSV);
	s.ticks = bare.ticks = 200;
	s.body = &body;
	batch_result *r = malloc(sizeof *r), *r0 = malloc(sizeof *r0);
	assert_non_null(r);
	assert_non_null(r0);
	assert_int_equal(batch_run(&s, 5, &g, NULL, NULL, r), 0);
	assert_string_equal(r->error, "");
	assert_int_equal(batch_run(&bare, 5, &g, NULL, NULL, r0), 0);
	assert_true(r->state_hash != r0->state_hash);
	creature_config cfg = s.cfg;
	cfg.seed = r->seed;
	creature *c;
	assert_int_equal(creature_hatch(&c, &g, &cfg, &err), 0);
	assert_int_equal(creature_set_body(c, &body, &err), 0);
	for (int t = 0; t < 200; t++)
		creature_step(c, NULL);
	assert_true(creature_hash(c) == r->state_hash);
	creature_free(c);

	uint64_t id = batch_id(&s);
	assert_true(id != batch_id(&bare));
	creature_body_spec moved = body;
	moved.name = "elsewhere/walker.f0";
	s.body = &moved;
	assert_true(batch_id(&s) == id);
	moved.name = "walker.xode"; /* the extension picks the format */
	assert_true(batch_id(&s) != id);
	s.body = &body;
	s.wiring = "all <- 0\n";
	s.wiring_len = 9;
	s.wiring_path = "still.wiring";
	assert_true(batch_id(&s) != id);

	c2_wbuf warn = {0};
	batch_fault fault;
	assert_int_equal(batch_check_body(&s, &g, &warn, &fault, &err), 0);
	assert_int_equal(fault, BATCH_FAULT_NONE);
	s.wiring = "nosuch <- 1\n";
	s.wiring_len = 12;
	assert_int_not_equal(batch_check_body(&s, &g, &warn, &fault, &err), 0);
	assert_int_equal(fault, BATCH_FAULT_WIRING);
	assert_int_equal(err.line, 1);
	assert_int_equal(batch_run(&s, 5, &g, NULL, NULL, r), 0); /* a row with the error */
	assert_non_null(strstr(r->error, "still.wiring:1:"));
	s.wiring = NULL;
	body.len = 10; /* cut short */
	assert_int_not_equal(batch_check_body(&s, &g, &warn, &fault, &err), 0);
	assert_int_equal(fault, BATCH_FAULT_BODY);
	c2_wbuf_free(&warn);
	free(r);
	free(r0);
	free(text);
	genome_free(&g);
}

/* A world (the garden) in every run: the run's state hash is the world hash
 * of the world loaded with the run's seed, the creature hatched into it and
 * stepped by world_step as `c2rt run --world` does; the world file's bytes
 * and options are in the batch id, its path is not; the world columns are
 * in the header only with a world. */
static void test_world_runs(void **state)
{
	(void)state;
	genome g;
	uint8_t *text;
	size_t len;
	c2_err err;
	starter_and("worlds/garden.world", &g, &text, &len);
	world_options opts;
	world_options_default(&opts);
	batch_spec s, bare;
	spec_init(&s, BATCH_CSV);
	spec_init(&bare, BATCH_CSV);
	s.ticks = bare.ticks = 300;
	s.world_path = "worlds/garden.world";
	s.world_text = (const char *)text;
	s.world_len = len;
	s.world_opts = &opts;
	batch_result *r = malloc(sizeof *r);
	assert_non_null(r);
	assert_int_equal(batch_run(&s, 5, &g, NULL, NULL, r), 0);
	assert_string_equal(r->error, "");
	assert_int_equal(r->ticks, 300);
	world *w;
	assert_int_equal(world_load(&w, (const char *)text, len, &opts, r->seed, &err), 0);
	creature_config cfg = s.cfg;
	cfg.seed = r->seed;
	creature *c;
	assert_int_equal(creature_hatch(&c, &g, &cfg, &err), 0);
	assert_int_equal(world_add_creature(w, c, &err), 0);
	for (int t = 0; t < 300; t++)
		world_step(w, NULL);
	assert_true(world_hash(w) == r->state_hash);
	world_free(w);

	uint64_t id = batch_id(&s);
	assert_true(id != batch_id(&bare));
	s.world_path = "elsewhere.world";
	assert_true(batch_id(&s) == id);
	opts.sight_range++;
	assert_true(batch_id(&s) != id);
	opts.sight_range--;
	s.world_len--; /* other bytes */
	assert_true(batch_id(&s) != id);
	s.world_len++;

	c2_wbuf h = {0}, h0 = {0};
	batch_header(&s, &h);
	batch_header(&bare, &h0);
	c2_w_u8(&h, 0);
	c2_w_u8(&h0, 0);
	assert_non_null(strstr((const char *)h.data, ",body,world,ticks,"));
	assert_non_null(strstr((const char *)h.data, ",world:acts,world:eats,world:food_eats,world:it_none,wall_s,"));
	assert_null(strstr((const char *)h0.data, "world"));
	c2_wbuf_free(&h);
	c2_wbuf_free(&h0);
	free(r);
	free(text);
	genome_free(&g);
}

/* Three rows of a fake batch, for the reader. */
static void rows_text(c2_wbuf *w, batch_format f, const size_t *runs, size_t n)
{
	batch_spec s;
	spec_init(&s, f);
	batch_header(&s, w);
	batch_result *r = calloc(1, sizeof *r);
	assert_non_null(r);
	for (size_t i = 0; i < n; i++) {
		batch_result_failed(&s, runs[i], r, "x");
		r->error[0] = '\0'; /* a "good" row of zeros */
		batch_row(&s, r, 1.0, w);
	}
	free(r);
}

static void test_torn_and_bad_files(void **state)
{
	(void)state;
	batch_format fmts[] = {BATCH_CSV, BATCH_NDJSON};
	for (int fi = 0; fi < 2; fi++) {
		batch_format f = fmts[fi];
		c2_wbuf w = {0};
		size_t runs[] = {3, 0, 7};
		rows_text(&w, f, runs, 3);
		batch_file bf;
		c2_err err;
		/* Every cut inside the last row leaves two rows and a torn tail. */
		const char *t = (const char *)w.data;
		size_t last = w.len - 1;
		while (t[last - 1] != '\n')
			last--;
		for (size_t cut = last; cut < w.len; cut++) {
			assert_int_equal(batch_file_parse(t, cut, f, &bf, &err), 0);
			assert_int_equal(bf.nrows, 2);
			assert_int_equal(bf.torn, cut - last);
			batch_file_free(&bf);
		}
		assert_int_equal(batch_file_parse(t, w.len, f, &bf, &err), 0);
		assert_int_equal(bf.nrows, 3);
		assert_int_equal(bf.torn, 0);
		batch_file_free(&bf);
		/* Any byte of a row changed (its newline aside) sets that row apart
		 * as altered, with its line; the others stay. */
		c2_wbuf bad = {0};
		c2_w_bytes(&bad, w.data, w.len);
		size_t second = (f == BATCH_CSV ? (size_t)(strchr(t, '\n') - t) + 1 : 0);
		second += (size_t)(strchr(t + second, '\n') - (t + second)) + 1;
		size_t end = (size_t)(strchr(t + second, '\n') - t);
		for (size_t at = second; at < end; at++) {
			uint8_t was = bad.data[at];
			bad.data[at] = was == '7' ? '8' : '7';
			assert_int_equal(batch_file_parse((const char *)bad.data, bad.len, f, &bf, &err), 0);
			assert_int_equal(bf.nrows, 2);
			assert_int_equal(bf.altered, 1);
			assert_int_equal(bf.first_altered, f == BATCH_CSV ? 3 : 2);
			batch_file_free(&bf);
			bad.data[at] = was;
		}
		/* Merging cannot run an altered row again: an error. */
		bad.data[second + 2] = '#';
		const char *one[] = {(const char *)bad.data};
		size_t rows, missing, which;
		c2_wbuf m = {0};
		assert_int_equal(batch_merge(one, &bad.len, 1, f, &m, &rows, &missing, &which, &err), C2_EFORMAT);
		assert_int_equal(err.line, f == BATCH_CSV ? 3 : 2);
		c2_wbuf_free(&m);
		/* No row that checks: not trusted at all. */
		if (f == BATCH_NDJSON)
			bad.data[2] = '#'; /* the first row */
		for (size_t at = 0; at + 3 < bad.len; at++)
			if (bad.data[at] == '\n')
				bad.data[at + 3] = '#'; /* every row after a line (CSV: the header) */
		assert_int_equal(batch_file_parse((const char *)bad.data, bad.len, f, &bf, &err), C2_EFORMAT);
		c2_wbuf_free(&bad);
		/* An older c2rt's CSV (no check column) is refused at its header. */
		if (f == BATCH_CSV) {
			const char old[] = "run,batch,runs,wall_s,error\n0,0123456789abcdef,1,0.1,\n";
			assert_int_equal(batch_file_parse(old, sizeof old - 1, f, &bf, &err), C2_EFORMAT);
			assert_int_equal(err.line, 1);
			assert_non_null(strstr(err.msg, "no check column"));
		}
		/* Rows of two batches in one file. */
		c2_wbuf two = {0};
		c2_w_bytes(&two, w.data, w.len);
		batch_spec other;
		spec_init(&other, f);
		other.ticks = 1;
		batch_result *r = calloc(1, sizeof *r);
		batch_result_failed(&other, 1, r, "x");
		batch_row(&other, r, 0, &two);
		free(r);
		assert_int_equal(batch_file_parse((const char *)two.data, two.len, f, &bf, &err), C2_EFORMAT);
		c2_wbuf_free(&two);
		c2_wbuf_free(&w);
	}
}

static void test_merge(void **state)
{
	(void)state;
	c2_wbuf a = {0}, b = {0}, all = {0}, m = {0};
	size_t ra[] = {5, 1, 9, 3, 11, 7}, rb[] = {0, 8, 2, 6, 4, 10}, rall[12];
	for (size_t i = 0; i < 12; i++)
		rall[i] = i;
	rows_text(&a, BATCH_CSV, ra, 6);
	rows_text(&b, BATCH_CSV, rb, 6);
	rows_text(&all, BATCH_CSV, rall, 12);
	const char *texts[] = {(const char *)a.data, (const char *)b.data};
	size_t lens[] = {a.len, b.len - 5}; /* b's last row torn: left out */
	size_t rows, missing, bad;
	c2_err err;
	assert_int_equal(batch_merge(texts, lens, 2, BATCH_CSV, &m, &rows, &missing, &bad, &err), 0);
	assert_int_equal(missing, 1);
	assert_int_equal(rows, 11);
	lens[1] = b.len;
	m.len = 0;
	assert_int_equal(batch_merge(texts, lens, 2, BATCH_CSV, &m, &rows, &missing, &bad, &err), 0);
	assert_int_equal(missing, 0);
	assert_int_equal(rows, 12);
	assert_int_equal(m.len, all.len);
	assert_memory_equal(m.data, all.data, all.len);
	/* The same run twice is an error naming the file. */
	texts[1] = (const char *)a.data;
	lens[1] = a.len;
	m.len = 0;
	assert_int_equal(batch_merge(texts, lens, 2, BATCH_CSV, &m, &rows, &missing, &bad, &err), C2_EFORMAT);
	assert_int_equal(bad, 1);
	c2_wbuf_free(&a);
	c2_wbuf_free(&b);
	c2_wbuf_free(&all);
	c2_wbuf_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jobs_and_shards),
		cmocka_unit_test(test_batch_id),
		cmocka_unit_test(test_run_rows),
		cmocka_unit_test(test_body_runs),
		cmocka_unit_test(test_world_runs),
		cmocka_unit_test(test_torn_and_bad_files),
		cmocka_unit_test(test_merge),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
