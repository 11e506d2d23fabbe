/* batch.c — the job list, shards, one run and its row, and reading rows
 * back for resume and merge (see batch.h). */
#include "batch/batch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "base/hash.h"
#include "trace/columns.h"

/* How often (ticks) a run asks whether to stop. */
enum { STOP_POLL = 4096 };

/* Bumped whenever the columns or their meaning change: rows of an older
 * c2rt then never mix with new ones. */
static const char ROW_VERSION[] = "c2rt batch rows 2";

/* The check cell: 16 hex digits at the end of a CSV row; at the end of an
 * NDJSON row inside CHECK_KEY ... "}. */
enum { CHECK_HEX = 16 };
static const char CHECK_KEY[] = "\"check\":\"";

uint64_t batch_genome_hash(const void *data, size_t len)
{
	return c2_hash_finish(c2_hash_bytes(C2_HASH_INIT, data, len));
}

size_t batch_runs(const batch_spec *s)
{
	return s->ngenomes * s->nseeds;
}

/* A text or NULL, told apart from "" in the id. */
static void put_text(c2_sink *k, const void *text, size_t len)
{
	c2_put_u8(k, text != NULL);
	c2_put_u64(k, text ? len : 0);
	if (text)
		c2_put(k, text, len);
}

/* The body by what decides it: its format (the file name's extension), its
 * bytes, the genotype chosen and the wiring — not its path. */
static void put_body(c2_sink *k, const batch_spec *s)
{
	const creature_body_spec *b = s->body;
	c2_put_u8(k, b != NULL);
	if (!b)
		return;
	const char *name = b->name ? b->name : "";
	const char *slash = strrchr(name, '/'), *dot = strrchr(name, '.');
	const char *ext = dot && (!slash || dot > slash) ? dot : "";
	put_text(k, ext, strlen(ext));
	put_text(k, b->text, b->len);
	put_text(k, b->genotype, b->genotype ? strlen(b->genotype) : 0);
	put_text(k, s->wiring, s->wiring_len);
}

/* The world by its file's bytes and its options; nothing at all without
 * one, so that the ids of batches without a world stay what they were. */
static void put_world(c2_sink *k, const batch_spec *s)
{
	if (!s->world_text)
		return;
	c2_put_u8(k, 1);
	put_text(k, s->world_text, s->world_len);
	world_options dflt;
	world_options_default(&dflt);
	c2_options_save(&world_option_tab, s->world_opts ? s->world_opts : &dflt, k);
}

uint64_t batch_id(const batch_spec *s)
{
	c2_sink k = c2_sink_hash();
	c2_put(&k, ROW_VERSION, sizeof ROW_VERSION);
	c2_put_u64(&k, s->ngenomes);
	for (size_t i = 0; i < s->ngenomes; i++)
		c2_put_u64(&k, s->genome_hashes[i]);
	c2_put_u32(&k, s->nseeds);
	c2_put_u64(&k, s->cfg.seed);
	c2_put_u8(&k, (uint8_t)s->cfg.sex);
	c2_put_u64(&k, s->ticks);
	c2_put_u64(&k, s->ticks ? 0 : s->max_ticks);
	for (size_t t = 0; t < CREATURE_OPTION_TABLES; t++)
		c2_options_save(creature_option_table(t), creature_option_cstruct(&s->cfg, t), &k);
	c2_put_u64(&k, s->events_text ? s->events_len : 0);
	if (s->events_text)
		c2_put(&k, s->events_text, s->events_len);
	c2_put_u64(&k, s->nchem);
	c2_put(&k, s->chem, s->nchem);
	c2_put_u64(&k, s->ndrive);
	c2_put(&k, s->drive, s->ndrive);
	put_body(&k, s);
	put_world(&k, s);
	c2_put_u8(&k, s->genome_mutations != NULL);
	for (size_t i = 0; s->genome_mutations && i < s->ngenomes; i++) {
		const char *m = s->genome_mutations[i] ? s->genome_mutations[i] : "";
		c2_put_u64(&k, strlen(m));
		c2_put(&k, m, strlen(m));
	}
	return c2_hash_finish(k.h);
}

void batch_job(const batch_spec *s, size_t r, size_t *genome_index, uint64_t *seed)
{
	*genome_index = r / s->nseeds;
	*seed = s->cfg.seed + r % s->nseeds;
}

bool batch_in_shard(size_t r, unsigned index, unsigned count)
{
	return count <= 1 || r % count == index - 1;
}

static void result_init(const batch_spec *s, size_t r, batch_result *res)
{
	memset(res, 0, sizeof *res);
	res->run = r;
	batch_job(s, r, &res->genome, &res->seed);
	res->stage = -1;
}

void batch_result_failed(const batch_spec *s, size_t r, batch_result *res, const char *error)
{
	result_init(s, r, res);
	snprintf(res->error, sizeof res->error, "%s", error[0] ? error : "failed");
}

static int act_column(const creature *c)
{
	if (creature_dreaming(c))
		return BATCH_ACT_DREAMING;
	if (creature_asleep(c))
		return BATCH_ACT_ASLEEP;
	int a = creature_action(c);
	return a < 0 ? BATCH_ACT_NONE : a < BATCH_DECISIONS ? a : BATCH_ACT_OTHER;
}

/* Hatch g with the spec's configuration and `seed`, with the spec's body and
 * wiring. 0, or an error code with *fault saying which part failed. */
static int hatch(const batch_spec *s, const genome *g, uint64_t seed, creature **out,
                 batch_fault *fault, c2_err *err)
{
	creature_config cfg = s->cfg;
	cfg.seed = seed;
	*fault = BATCH_FAULT_GENOME;
	int rc = creature_hatch(out, g, &cfg, err);
	if (rc || !s->body)
		return rc;
	*fault = BATCH_FAULT_BODY;
	if ((rc = creature_set_body(*out, s->body, err)) == 0 && s->wiring) {
		*fault = BATCH_FAULT_WIRING;
		rc = creature_set_body_wiring(*out, s->wiring, s->wiring_len, err);
	}
	if (rc) {
		creature_free(*out);
		*out = NULL;
	}
	return rc;
}

int batch_check_body(const batch_spec *s, const genome *g, c2_wbuf *warnings, batch_fault *fault,
                     c2_err *err)
{
	creature *c;
	int rc = hatch(s, g, s->cfg.seed, &c, fault, err);
	if (rc)
		return rc;
	*fault = BATCH_FAULT_NONE;
	c2_w_str(warnings, creature_body_warnings(c));
	creature_free(c);
	return warnings->oom ? c2_fail(err, C2_ENOMEM, -1, -1, "out of memory") : 0;
}

/* Hatch run r's creature and, with a world, load the world with the run's
 * seed and put the creature into it (as `c2rt run --world` does; the world
 * owns it then). 0, or an error code with res->error saying why. */
static int begin(const batch_spec *s, const genome *g, batch_result *res, creature **c, world **w)
{
	c2_err err;
	batch_fault fault;
	*w = NULL;
	if (hatch(s, g, res->seed, c, &fault, &err) != 0) {
		if (fault == BATCH_FAULT_GENOME)
			snprintf(res->error, sizeof res->error, "cannot hatch: %s", err.msg);
		else
			c2_err_format(&err, fault == BATCH_FAULT_BODY ? s->body->name : s->wiring_path, res->error,
			              sizeof res->error);
		return -1;
	}
	if (!s->world_text)
		return 0;
	int rc = world_load(w, s->world_text, s->world_len, s->world_opts, res->seed, &err);
	if (rc == 0 && (rc = world_add_creature(*w, *c, &err)) != 0) {
		world_free(*w);
		*w = NULL;
	}
	if (rc) {
		c2_err_format(&err, s->world_path, res->error, sizeof res->error);
		creature_free(*c);
	}
	return rc;
}

/* Is category cat one of C2's food categories (food, fruit, seed)? */
static bool food_category(int cat)
{
	static const char *const foods[] = {"food", "fruit", "seed"};
	for (size_t i = 0; i < sizeof foods / sizeof foods[0]; i++)
		if (cat >= 0 && genome_vocab_find(&genome_categories, foods[i], strlen(foods[i])) == cat)
			return true;
	return false;
}

/* A lived tick in a world: IT, and the act on an object it made. */
static void world_sample(const world *w, batch_result *res)
{
	world_creature_info wc;
	if (world_creature_get(w, 0, &wc) != 0)
		return;
	res->world_it_none += wc.it < 0;
	if (wc.acted_event < 0)
		return;
	res->world_acts++;
	if (wc.acted_event == WORLD_EV_EAT) {
		res->world_eats++;
		res->world_food_eats += food_category(wc.acted_category);
	}
}

/* The run's end: what the row says of the creature (and its world). */
static void finish(const batch_spec *s, const creature *c, const world *w, const uint64_t *sum_chem,
                   const uint64_t *sum_drive, uint64_t lived, batch_result *res)
{
	res->ticks = creature_ticks(c);
	res->alive = creature_alive(c);
	res->lived = res->alive ? res->ticks : creature_death_tick(c);
	res->stage = creature_stage(c);
	res->cause = creature_cause_of_death(c);
	res->state_hash = w ? world_hash(w) : creature_hash(c);
	for (size_t k = 0; k < s->nchem; k++)
		res->chem_avg[k] = lived ? (double)sum_chem[k] / (double)lived : 0;
	for (size_t k = 0; k < s->ndrive; k++)
		res->drive_avg[k] = lived ? (double)sum_drive[k] / (double)lived : 0;
}

int batch_run(const batch_spec *s, size_t r, const genome *g, bool (*stop)(void *ctx), void *ctx,
              batch_result *res)
{
	result_init(s, r, res);
	creature *c;
	world *w;
	if (begin(s, g, res, &c, &w) != 0)
		return 0;
	uint64_t limit = s->ticks ? s->ticks : s->max_ticks;
	uint64_t sum_chem[256] = {0}, sum_drive[GENOME_NDRIVES] = {0}, lived = 0;
	const bc_biochem *bc = creature_biochem_const(c);
	int stopped = 0;
	for (uint64_t t = 0; t < limit && creature_alive(c); t++) {
		if (stop && t % STOP_POLL == 0 && stop(ctx)) {
			stopped = 1;
			break;
		}
		if (w)
			world_step(w, s->world_ev);
		else
			creature_step(c, s->ev);
		if (!creature_alive(c))
			break;
		lived++;
		for (size_t k = 0; k < s->nchem; k++)
			sum_chem[k] += res->chem_end[k] = bc_chem_get(bc, s->chem[k]);
		for (size_t k = 0; k < s->ndrive; k++)
			sum_drive[k] += res->drive_end[k] = creature_drive(c, s->drive[k]);
		res->act[act_column(c)]++;
		if (w)
			world_sample(w, res);
	}
	if (!stopped)
		finish(s, c, w, sum_chem, sum_drive, lived, res);
	if (w)
		world_free(w); /* and its creature */
	else
		creature_free(c);
	return stopped;
}

/* ---- writing rows ---------------------------------------------------------- */

/* An action column's name into buf: "eat", "14", "asleep" ... */
static void act_label(int a, char *buf, size_t cap)
{
	static const char *const extra[] = {
		[BATCH_ACT_OTHER - BATCH_DECISIONS] = "other", [BATCH_ACT_NONE - BATCH_DECISIONS] = "none",
		[BATCH_ACT_ASLEEP - BATCH_DECISIONS] = "asleep",
		[BATCH_ACT_DREAMING - BATCH_DECISIONS] = "dreaming",
	};
	const char *nm = a < BATCH_DECISIONS ? genome_vocab_name(&genome_actions, a) : extra[a - BATCH_DECISIONS];
	if (nm)
		snprintf(buf, cap, "%s", nm);
	else
		snprintf(buf, cap, "%d", a);
}

/* The column writer: CSV cells or NDJSON key/value pairs, one call each. */
typedef struct row_writer {
	c2_wbuf *w;
	bool csv, header;
	int n;
	size_t start; /* where the row begins in w */
} row_writer;

static void col_sep(row_writer *rw)
{
	if (rw->n++)
		c2_w_u8(rw->w, ',');
	else if (!rw->csv)
		c2_w_u8(rw->w, '{');
}

/* A CSV cell, quoted when it holds a comma, a quote or a line break. */
static void csv_text(c2_wbuf *w, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		c2_w_str(w, s);
		return;
	}
	c2_w_u8(w, '"');
	for (; *s; s++) {
		if (*s == '"')
			c2_w_u8(w, '"');
		c2_w_u8(w, (uint8_t)(*s == '\n' || *s == '\r' ? ' ' : *s));
	}
	c2_w_u8(w, '"');
}

/* Key `name`: in a header the name, else `value` as text (quoted in JSON
 * when `text`). */
static void col(row_writer *rw, const char *name, const char *value, bool text)
{
	if (!value)
		value = "";
	col_sep(rw);
	if (rw->header) {
		csv_text(rw->w, name);
		return;
	}
	if (rw->csv) {
		csv_text(rw->w, value);
		return;
	}
	c2_w_json_cstr(rw->w, name);
	c2_w_u8(rw->w, ':');
	if (text)
		c2_w_json_cstr(rw->w, value);
	else
		c2_w_str(rw->w, value[0] ? value : "null");
}

static void col_u64(row_writer *rw, const char *name, uint64_t v)
{
	char buf[24];
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
	col(rw, name, buf, false);
}

static void col_hex(row_writer *rw, const char *name, uint64_t v)
{
	char buf[24];
	snprintf(buf, sizeof buf, "%016llx", (unsigned long long)v);
	col(rw, name, buf, true);
}

uint64_t batch_row_check(const char *row, size_t len)
{
	return c2_hash_finish(c2_hash_bytes(C2_HASH_INIT, row, len));
}

/* The last column: in a row, the check of everything the row holds so far
 * (from rw->start, the separator comma included). */
static void col_check(row_writer *rw)
{
	col_sep(rw);
	c2_wbuf *w = rw->w;
	if (rw->header) {
		c2_w_str(w, "check");
		return;
	}
	char hex[CHECK_HEX + 1];
	uint64_t h = w->oom ? 0 : batch_row_check((const char *)w->data + rw->start, w->len - rw->start);
	snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
	if (rw->csv) {
		c2_w_str(w, hex);
		return;
	}
	c2_w_str(w, CHECK_KEY);
	c2_w_str(w, hex);
	c2_w_u8(w, '"');
}

/* Everything but the run's values: the header (res NULL) or a row. */
static void columns(const batch_spec *s, const batch_result *res, double wall, row_writer *rw)
{
	bool ok = res && !res->error[0];
	char name[96], val[64];
	col_u64(rw, "run", res ? res->run : 0);
	col_hex(rw, "batch", batch_id(s));
	col_u64(rw, "runs", batch_runs(s));
	col(rw, "genome", res ? s->genome_paths[res->genome] : "", true);
	col_hex(rw, "genome_hash", res ? s->genome_hashes[res->genome] : 0);
	col_u64(rw, "seed", res ? res->seed : 0);
	col(rw, "sex", s->cfg.sex == GENOME_MALE ? "m" : "f", true);
	col(rw, "body", s->body && s->body->name ? s->body->name : "", true);
	if (s->world_text)
		col(rw, "world", s->world_path, true);
#define OKU(nm, v) ok ? col_u64(rw, nm, v) : col(rw, nm, "", false)
	OKU("ticks", res->ticks);
	OKU("alive", res->alive);
	/* A lifespan only where the creature died; its age at the end of the
	 * run either way (a run cut short by --ticks or --max-ticks is no life). */
	snprintf(val, sizeof val, "%.1f", ok ? (double)res->lived / CREATURE_TICKS_PER_SECOND : 0.0);
	col(rw, "lifespan_s", ok && !res->alive ? val : "", false);
	col(rw, "age_s", ok ? val : "", false);
	col(rw, "stage", ok ? genome_stage_name(res->stage) : "", true);
	col(rw, "cause", ok ? creature_death_name(res->cause) : "", true);
	if (ok)
		col_hex(rw, "state_hash", res->state_hash);
	else
		col(rw, "state_hash", "", true);
	for (size_t k = 0; k < s->nchem; k++) {
		char lab[48];
		trace_chem_label(s->chem[k], lab, sizeof lab);
		snprintf(name, sizeof name, "avg:chem:%s", lab);
		snprintf(val, sizeof val, "%.3f", ok ? res->chem_avg[k] : 0.0);
		col(rw, name, ok ? val : "", false);
		snprintf(name, sizeof name, "end:chem:%s", lab);
		OKU(name, res->chem_end[k]);
	}
	for (size_t k = 0; k < s->ndrive; k++) {
		const char *lab = genome_drives.names[s->drive[k]];
		snprintf(name, sizeof name, "avg:drive:%s", lab);
		snprintf(val, sizeof val, "%.3f", ok ? res->drive_avg[k] : 0.0);
		col(rw, name, ok ? val : "", false);
		snprintf(name, sizeof name, "end:drive:%s", lab);
		OKU(name, res->drive_end[k]);
	}
	for (int a = 0; a < BATCH_NACT; a++) {
		char lab[32];
		act_label(a, lab, sizeof lab);
		snprintf(name, sizeof name, "act:%s", lab);
		OKU(name, res->act[a]);
	}
	if (s->world_text) {
		OKU("world:acts", res->world_acts);
		OKU("world:eats", res->world_eats);
		OKU("world:food_eats", res->world_food_eats);
		uint64_t lived = 0; /* every tick lived has one act: column */
		for (int a = 0; ok && a < BATCH_NACT; a++)
			lived += res->act[a];
		snprintf(val, sizeof val, "%.3f", lived ? (double)res->world_it_none / (double)lived : 0.0);
		col(rw, "world:it_none", ok ? val : "", false);
	}
#undef OKU
	if (s->genome_mutations) /* known before the run: in failed rows too */
		col(rw, "mutations", res ? s->genome_mutations[res->genome] : "", true);
	snprintf(val, sizeof val, "%.3f", wall);
	col(rw, "wall_s", res ? val : "", false);
	col(rw, "error", res ? res->error : "", true);
	col_check(rw);
	c2_w_str(rw->w, rw->csv ? "\n" : "}\n");
}

void batch_header(const batch_spec *s, c2_wbuf *w)
{
	if (s->format != BATCH_CSV)
		return;
	row_writer rw = {w, true, true, 0, w->len};
	columns(s, NULL, 0, &rw);
}

void batch_row(const batch_spec *s, const batch_result *res, double wall_s, c2_wbuf *w)
{
	row_writer rw = {w, s->format == BATCH_CSV, false, 0, w->len};
	columns(s, res, wall_s, &rw);
}

/* ---- reading rows back ------------------------------------------------------ */

/* Cells of one CSV line (quotes respected), or -1 when a quote is open. */
static long csv_cells(const char *p, size_t n)
{
	long cells = 1;
	bool q = false;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '"')
			q = !q;
		else if (p[i] == ',' && !q)
			cells++;
	}
	return q ? -1 : cells;
}

/* A decimal number of at most 19 digits at p[*i], stopping at `end`. */
static bool read_u64(const char *p, size_t n, size_t *i, char end, uint64_t *v)
{
	size_t st = *i;
	*v = 0;
	while (*i < n && p[*i] >= '0' && p[*i] <= '9' && *i - st < 19)
		*v = *v * 10 + (uint64_t)(p[(*i)++] - '0');
	return *i > st && *i < n && p[*i] == end;
}

static bool read_hex16(const char *p, size_t n, size_t *i, uint64_t *v)
{
	*v = 0;
	for (int k = 0; k < 16; k++, (*i)++) {
		if (*i >= n)
			return false;
		char c = p[*i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
		if (d < 0)
			return false;
		*v = *v << 4 | (uint64_t)d;
	}
	return true;
}

/* Does the line p[0..n) (its newline left off) end with a check cell that
 * matches the bytes before it? */
static bool row_checks(const char *p, size_t n, batch_format f)
{
	size_t key = f == BATCH_CSV ? 0 : sizeof CHECK_KEY - 1;
	size_t tail = key + CHECK_HEX + (f == BATCH_CSV ? 0 : 2); /* JSON: then "} */
	if (n <= tail)
		return false;
	size_t at = n - tail, i = at + key; /* the check cell (JSON: its key) */
	uint64_t v;
	if (p[at - 1] != ',' || (key && (memcmp(p + at, CHECK_KEY, key) != 0 ||
	                                 memcmp(p + n - 2, "\"}", 2) != 0)))
		return false;
	return read_hex16(p, n, &i, &v) && v == batch_row_check(p, at);
}

static bool match(const char *p, size_t n, size_t *i, const char *lit)
{
	size_t l = strlen(lit);
	if (*i + l > n || memcmp(p + *i, lit, l) != 0)
		return false;
	*i += l;
	return true;
}

/* The run, id and run count at the start of a row line (without its
 * newline); false when the line is not a row. */
static bool row_head(const char *p, size_t n, batch_format f, uint64_t *run, uint64_t *id,
                     uint64_t *runs)
{
	size_t i = 0;
	if (f == BATCH_CSV)
		return read_u64(p, n, &i, ',', run) && match(p, n, &i, ",") && read_hex16(p, n, &i, id) &&
		       match(p, n, &i, ",") && read_u64(p, n, &i, ',', runs);
	return match(p, n, &i, "{\"run\":") && read_u64(p, n, &i, ',', run) &&
	       match(p, n, &i, ",\"batch\":\"") && read_hex16(p, n, &i, id) &&
	       match(p, n, &i, "\",\"runs\":") && read_u64(p, n, &i, ',', runs) && p[n - 1] == '}';
}

static int by_run_line(const void *x, const void *y)
{
	const batch_line *a = x, *b = y;
	if (a->run != b->run)
		return a->run < b->run ? -1 : 1;
	return a->line < b->line ? -1 : a->line > b->line;
}

/* No run twice in one file (two batches appending to one file?). */
static int check_unique(batch_file *f, c2_err *err)
{
	if (f->nrows < 2)
		return 0;
	batch_line *v = malloc(f->nrows * sizeof *v);
	if (!v) {
		batch_file_free(f);
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	memcpy(v, f->rows, f->nrows * sizeof *v);
	qsort(v, f->nrows, sizeof *v, by_run_line);
	for (size_t i = 1; i < f->nrows; i++)
		if (v[i].run == v[i - 1].run) {
			long line = v[i].line, first = v[i - 1].line;
			size_t run = v[i].run;
			free(v);
			batch_file_free(f);
			return c2_fail_line(err, C2_EFORMAT, line, "run %zu again (first on line %ld)", run, first);
		}
	free(v);
	return 0;
}

int batch_file_parse(const char *text, size_t len, batch_format f, batch_file *out, c2_err *err)
{
	memset(out, 0, sizeof *out);
	size_t cap = 0, pos = 0;
	long line = 0, header_cells = -1;
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		line++;
		if (!nl) { /* the last line, unfinished: a batch killed mid-write */
			out->torn = len - pos;
			break;
		}
		size_t n = (size_t)(nl - (text + pos)), full = n + 1;
		const char *p = text + pos;
		if (n && p[n - 1] == '\r')
			n--;
		if (f == BATCH_CSV && line == 1) {
			header_cells = csv_cells(p, n);
			if (n < 4 || memcmp(p, "run,", 4) != 0 || header_cells < 3) {
				batch_file_free(out);
				return c2_fail_line(err, C2_EFORMAT, line, "not a c2rt batch results file (header)");
			}
			if (n < 6 || memcmp(p + n - 6, ",check", 6) != 0) {
				batch_file_free(out);
				return c2_fail_line(err, C2_EFORMAT, line,
				                    "results of an older c2rt (no check column): its rows cannot be "
				                    "verified");
			}
			out->header_len = full;
			pos += full;
			continue;
		}
		if (!row_checks(p, n, f)) { /* altered since it was written: not trusted */
			if (!out->altered++)
				out->first_altered = line;
			pos += full;
			continue;
		}
		uint64_t run, id, runs;
		if (!row_head(p, n, f, &run, &id, &runs) ||
		    (f == BATCH_CSV && csv_cells(p, n) != header_cells)) {
			batch_file_free(out);
			return c2_fail_line(err, C2_EFORMAT, line, "not a c2rt batch row");
		}
		if (out->nrows == 0) {
			out->id = id;
			out->runs = (size_t)runs;
		} else if (id != out->id || runs != out->runs) {
			batch_file_free(out);
			return c2_fail_line(err, C2_EFORMAT, line, "row of another batch (id %016llx, not %016llx)",
			                    (unsigned long long)id, (unsigned long long)out->id);
		}
		if (run >= runs) {
			batch_file_free(out);
			return c2_fail_line(err, C2_EFORMAT, line, "run %llu of a batch of %llu runs",
			                    (unsigned long long)run, (unsigned long long)runs);
		}
		if (out->nrows == cap) {
			size_t nc = cap ? 2 * cap : 64;
			batch_line *nv = realloc(out->rows, nc * sizeof *nv);
			if (!nv) {
				batch_file_free(out);
				return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
			}
			out->rows = nv;
			cap = nc;
		}
		out->rows[out->nrows++] = (batch_line){(size_t)run, pos, full, line};
		pos += full;
	}
	if (out->altered && !out->nrows) {
		long first = out->first_altered;
		batch_file_free(out);
		return c2_fail_line(err, C2_EFORMAT, first,
		                    "no line is a row whose check matches: not results of this c2rt, or "
		                    "altered throughout");
	}
	return check_unique(out, err);
}

/* Every results line starts with the run: the CSV header's first column
 * and every NDJSON row's first key. */
static const char CSV_HEAD[] = "run,", JSON_HEAD[] = "{\"run\":";

static int results_head(const uint8_t *head, size_t n, c2_err *err)
{
	size_t nc = sizeof CSV_HEAD - 1, nj = sizeof JSON_HEAD - 1;
	if (memcmp(head, CSV_HEAD, n < nc ? n : nc) == 0 || memcmp(head, JSON_HEAD, n < nj ? n : nj) == 0)
		return 0;
	return c2_fail_line(err, C2_EFORMAT, 1, "not a c2rt results file (it starts with neither the "
	                                         "CSV header's 'run,' nor an NDJSON row)");
}

int batch_read_results(const char *path, uint8_t **text, size_t *len, c2_err *err)
{
	return c2_read_file_checked(path, (size_t)8 << 30, sizeof JSON_HEAD - 1, results_head, text, len, err);
}

void batch_file_free(batch_file *f)
{
	free(f->rows);
	memset(f, 0, sizeof *f);
}

/* The next CSV cell of p[*i..n), unquoted into buf (cap 0: skipped);
 * *i moves past its comma. False when it does not fit. */
static bool csv_next(const char *p, size_t n, size_t *i, char *buf, size_t cap)
{
	size_t o = 0;
	bool q = false, fits = true;
	for (; *i < n; (*i)++) {
		char c = p[*i];
		if (c == '"') {
			if (q && *i + 1 < n && p[*i + 1] == '"')
				(*i)++; /* a doubled quote inside quotes */
			else {
				q = !q;
				continue;
			}
		} else if (c == ',' && !q) {
			(*i)++;
			break;
		} else if (c == '\n' || c == '\r') {
			break;
		}
		if (cap && o + 1 < cap)
			buf[o++] = c;
		else if (cap)
			fits = false;
	}
	if (cap)
		buf[o] = '\0';
	return fits;
}

/* The next "key":value of a flat JSON object at p[*i..n) (after '{' or
 * ','): the key into key, the value (a string unescaped, or a bare token)
 * into val. False at the end of the object or on anything unexpected. */
static bool json_next(const char *p, size_t n, size_t *i, char *key, size_t kcap, char *val,
                      size_t vcap)
{
	char *dst[2] = {key, val};
	size_t cap[2] = {kcap, vcap};
	if (*i >= n || (p[*i] != '{' && p[*i] != ','))
		return false;
	(*i)++;
	for (int part = 0; part < 2; part++) {
		size_t o = 0;
		if (*i < n && p[*i] == '"') {
			for ((*i)++; *i < n && p[*i] != '"'; (*i)++) {
				char c = p[*i];
				if (c == '\\' && *i + 1 < n) {
					c = p[++(*i)];
					if (c == 'u') { /* our writer escapes only control bytes */
						if (*i + 4 >= n)
							return false;
						c = (char)strtol((char[]){p[*i + 3], p[*i + 4], 0}, NULL, 16);
						*i += 4;
					}
				}
				if (o + 1 < cap[part])
					dst[part][o++] = c;
			}
			if (*i >= n)
				return false;
			(*i)++;
		} else if (part == 1) {
			for (; *i < n && p[*i] != ',' && p[*i] != '}'; (*i)++)
				if (o + 1 < cap[part])
					dst[part][o++] = p[*i];
			if (o == 4 && !memcmp(dst[part], "null", 4))
				o = 0;
		} else {
			return false;
		}
		dst[part][o] = '\0';
		if (part == 0 && (*i >= n || p[(*i)++] != ':'))
			return false;
	}
	return true;
}

bool batch_cell(const char *text, const batch_file *bf, batch_format f, size_t i, const char *name,
                char *buf, size_t cap)
{
	if (i >= bf->nrows || cap == 0)
		return false;
	const char *row = text + bf->rows[i].off;
	size_t n = bf->rows[i].len, pos = 0;
	if (f == BATCH_NDJSON) {
		char key[128];
		while (json_next(row, n, &pos, key, sizeof key, buf, cap))
			if (!strcmp(key, name))
				return true;
		return false;
	}
	char cell[128];
	size_t hp = 0, col = 0;
	for (;; col++) {
		if (hp >= bf->header_len || text[hp] == '\n' || text[hp] == '\r')
			return false;
		csv_next(text, bf->header_len, &hp, cell, sizeof cell);
		if (!strcmp(cell, name))
			break;
	}
	for (size_t k = 0; k < col; k++)
		csv_next(row, n, &pos, NULL, 0);
	return csv_next(row, n, &pos, buf, cap);
}

typedef struct merged_row {
	size_t run, file;
	const batch_line *line;
} merged_row;

static int by_run(const void *x, const void *y)
{
	const merged_row *a = x, *b = y;
	return a->run < b->run ? -1 : a->run > b->run;
}

int batch_merge(const char *const *texts, const size_t *lens, size_t n, batch_format f,
                c2_wbuf *out, size_t *nrows, size_t *missing, size_t *bad, c2_err *err)
{
	*nrows = *missing = 0;
	batch_file *files = calloc(n ? n : 1, sizeof *files);
	if (!files)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	int rc = 0;
	size_t total = 0, ref = n, head = n; /* the first file with rows, with a header */
	for (size_t i = 0; i < n && !rc; i++) {
		*bad = i;
		if ((rc = batch_file_parse(texts[i], lens[i], f, &files[i], err)) != 0)
			break;
		total += files[i].nrows;
		if (files[i].nrows && ref == n)
			ref = i;
		if (files[i].header_len && head == n)
			head = i;
		if (files[i].altered)
			rc = c2_fail_line(err, C2_EFORMAT, files[i].first_altered,
			                  "a row altered since it was written (its check does not match): "
			                  "run its batch again with --resume");
		else if (files[i].nrows && (files[i].id != files[ref].id || files[i].runs != files[ref].runs))
			rc = c2_fail(err, C2_EFORMAT, -1, -1, "rows of another batch (id %016llx, not %016llx)",
			             (unsigned long long)files[i].id, (unsigned long long)files[ref].id);
		else if (files[i].header_len && (files[i].header_len != files[head].header_len ||
		                                 memcmp(texts[i], texts[head], files[head].header_len) != 0))
			rc = c2_fail(err, C2_EFORMAT, -1, -1, "its columns differ from the first file's");
	}
	merged_row *rows = NULL;
	if (!rc && !(rows = malloc((total ? total : 1) * sizeof *rows)))
		rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	size_t k = 0;
	for (size_t i = 0; i < n && !rc; i++)
		for (size_t j = 0; j < files[i].nrows; j++)
			rows[k++] = (merged_row){files[i].rows[j].run, i, &files[i].rows[j]};
	if (!rc) {
		qsort(rows, total, sizeof *rows, by_run);
		for (size_t j = 1; j < total && !rc; j++)
			if (rows[j].run == rows[j - 1].run) {
				*bad = rows[j].file;
				rc = c2_fail(err, C2_EFORMAT, -1, -1, "run %zu is also in file %zu", rows[j].run,
				             rows[j - 1].file + 1);
			}
	}
	if (!rc) {
		if (head < n)
			c2_w_bytes(out, texts[head], files[head].header_len);
		for (size_t j = 0; j < total; j++)
			c2_w_bytes(out, texts[rows[j].file] + rows[j].line->off, rows[j].line->len);
		*missing = (ref < n ? files[ref].runs : 0) - total;
		*nrows = total;
		if (out->oom)
			rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	free(rows);
	for (size_t i = 0; i < n; i++)
		batch_file_free(&files[i]);
	free(files);
	return rc;
}

int batch_pending(const batch_spec *s, unsigned index, unsigned count, const uint8_t *have,
                  size_t **out, size_t *n)
{
	size_t runs = batch_runs(s);
	size_t *v = malloc((runs ? runs : 1) * sizeof *v);
	if (!v)
		return C2_ENOMEM;
	size_t k = 0;
	for (size_t r = 0; r < runs; r++)
		if (batch_in_shard(r, index, count) && !(have && have[r]))
			v[k++] = r;
	*out = v;
	*n = k;
	return 0;
}

bool batch_row_failed(const char *text, const batch_file *bf, batch_format f, size_t i)
{
	char e[2] = "";
	(void)batch_cell(text, bf, f, i, "error", e, sizeof e); /* false too when it is longer */
	return e[0] != '\0';
}
