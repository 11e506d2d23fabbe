/* snapshot.c — the whole creature as a versioned, checksummed byte string,
 * written atomically; and the creature's state hash.
 *
 * Layout (little-endian):
 *   "C2RTSNAP" | u32 version | u64 payload length | payload | u64 checksum
 * where the checksum is c2_hash over everything before it. The payload holds
 * the genome (encoded), the configuration, the RNG, the engine's own state,
 * the brain (brain_save), the biochemistry (bc_save), in version 2 the
 * creature's body (a flag, then eng_body_save: the body file, its wiring,
 * the body options and the simulation's state) and the caller's extra
 * bytes. A creature without a body is written as version 1, byte for byte as
 * before bodies existed. Loading checks the magic, the version, the length and the checksum
 * before it parses anything, and every field after that. */
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"
#include "engine/internal.h"

static const uint8_t MAGIC[8] = {'C', '2', 'R', 'T', 'S', 'N', 'A', 'P'};
enum { SNAP_VERSION = 1, SNAP_VERSION_BODY = 2, SNAP_HEADER = 8 + 4 + 8, SNAP_MAX = 512u << 20 };

/* The engine's own state, in one order for saving, loading and hashing. */
#define CREATURE_ENGINE_BYTES(X)                          \
	X(somatic) X(floating) X(repro) X(involuntary) \
	X(involuntary_prev) X(gait) X(drives) X(sensorimotor)

static void put_options(c2_sink *s, const creature_config *cfg)
{
	for (size_t i = 0; i < CREATURE_BODY_OPTIONS; i++) /* the body's go with the body */
		c2_options_save(creature_option_table(i), creature_option_cstruct(cfg, i), s);
}

static void put_engine(c2_sink *w, const creature *c)
{
	c2_put_u8(w, (uint8_t)c->cfg.sex);
	c2_put_u64(w, c->cfg.seed);
	put_options(w, &c->cfg);
	for (int i = 0; i < 4; i++)
		c2_put_u64(w, c->rng.s[i]);
	c2_put_u64(w, c->tick);
	c2_put_u8(w, c->stage);
	c2_put_u8(w, c->death);
	c2_put_u64(w, c->death_tick);
	for (int s = 0; s < GENOME_NSTAGES; s++)
		c2_put_u64(w, c->stage_tick[s]);
	c2_put_u8(w, (uint8_t)(c->asleep | c->dreaming << 1 | c->forced_sleep << 2 | c->dream_wakes << 3));
	c2_put_u32(w, c->dream_left);
	c2_put_u32(w, c->dream_wait);
	c2_put_u32(w, c->rest_ticks);
#define X(f) c2_put(w, c->f, sizeof c->f);
	CREATURE_ENGINE_BYTES(X)
#undef X
	c2_put_u8(w, c->die);
	c2_put_u8(w, c->muscle_energy);
	c2_put_u8(w, c->fertile);
	c2_put_u8(w, c->pregnant);
	c2_put_u8(w, c->dead);
	for (int s = 0; s < ENG_NSTIM_SLOTS; s++) {
		const genome_stimulus_gene *g = eng_stim(c, (uint8_t)s);
		c2_put_u8(w, g != NULL);
		if (g)
			c2_put(w, g, sizeof *g);
	}
	c2_put_u32(w, c->food);
	c2_put_u8(w, c->nfood);
	c2_put(w, c->food_chem, sizeof c->food_chem);
	c2_put(w, c->food_amount, sizeof c->food_amount);
	c2_put_u16(w, (uint16_t)c->action);
	c2_put_u16(w, (uint16_t)c->object);
}

int creature_save(const creature *c, const void *extra, size_t nextra, c2_wbuf *w)
{
	uint8_t *gbytes = eng_genome_bytes(c);
	if (!gbytes)
		return C2_ENOMEM;
	c2_wbuf p = {0};
	c2_w_u32(&p, (uint32_t)c->glen);
	c2_w_bytes(&p, gbytes, c->glen);
	free(gbytes);
	c2_sink ps = c2_sink_to(&p);
	put_engine(&ps, c);
	int rc = brain_save(c->brain, &p);
	if (rc == 0)
		rc = bc_save(c->bc, &p);
	if (c->body) {
		c2_w_u8(&p, 1);
		eng_body_save(c, &ps);
	}
	c2_w_u32(&p, (uint32_t)nextra);
	c2_w_bytes(&p, extra, nextra);
	if (rc == 0 && p.oom)
		rc = C2_ENOMEM;
	if (rc == 0) {
		size_t start = w->len;
		c2_w_bytes(w, MAGIC, sizeof MAGIC);
		c2_w_u32(w, c->body ? SNAP_VERSION_BODY : SNAP_VERSION);
		c2_w_u64(w, p.len);
		c2_w_bytes(w, p.data, p.len);
		uint64_t h = c2_hash_finish(c2_hash_bytes(C2_HASH_INIT, w->data + start, w->len - start));
		c2_w_u64(w, h);
		if (w->oom)
			rc = C2_ENOMEM;
	}
	c2_wbuf_free(&p);
	return rc;
}

int creature_save_file(const creature *c, const char *path, const void *extra, size_t nextra,
                       c2_err *err)
{
	c2_wbuf w = {0};
	int rc = creature_save(c, extra, nextra, &w);
	if (rc)
		rc = c2_fail(err, (c2_code)rc, -1, -1, "out of memory while saving");
	else
		rc = c2_write_file_atomic(path, w.data, w.len, err);
	c2_wbuf_free(&w);
	return rc;
}

/* ---- loading ----------------------------------------------------------------- */

static int get_options(c2_rbuf *r, creature_config *cfg, c2_err *err)
{
	for (size_t i = 0; i < CREATURE_BODY_OPTIONS; i++) {
		int rc = c2_options_load(creature_option_table(i), creature_option_struct(cfg, i), r, err);
		if (rc)
			return rc;
	}
	return 0;
}

static int get_engine(c2_rbuf *r, creature *c, c2_err *err)
{
	c2_rng_seed(&c->rng, 0);
	for (int i = 0; i < 4; i++)
		c->rng.s[i] = c2_r_u64(r);
	c->tick = c2_r_u64(r);
	c->stage = c2_r_u8(r);
	c->death = c2_r_u8(r);
	c->death_tick = c2_r_u64(r);
	for (int s = 0; s < GENOME_NSTAGES; s++)
		c->stage_tick[s] = c2_r_u64(r);
	uint8_t fl = c2_r_u8(r);
	c->asleep = fl & 1;
	c->dreaming = (fl >> 1) & 1;
	c->forced_sleep = (fl >> 2) & 1;
	c->dream_wakes = (fl >> 3) & 1;
	if (fl > 15)
		r->bad = true;
	c->dream_left = c2_r_u32(r);
	c->dream_wait = c2_r_u32(r);
	c->rest_ticks = c2_r_u32(r);
#define X(f) c2_r_bytes(r, c->f, sizeof c->f);
	CREATURE_ENGINE_BYTES(X)
#undef X
	c->die = c2_r_u8(r);
	c->muscle_energy = c2_r_u8(r);
	c->fertile = c2_r_u8(r);
	c->pregnant = c2_r_u8(r);
	c->dead = c2_r_u8(r);
	for (int s = 0; s < ENG_NSTIM_SLOTS && !r->bad; s++) {
		uint8_t has = c2_r_u8(r);
		if (has > 1)
			r->bad = true;
		genome_stimulus_gene g;
		if (has == 1 && c2_r_bytes(r, &g, sizeof g) && eng_stim_set(c, (uint8_t)s, &g) != 0)
			return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	}
	c->food = c2_r_u32(r);
	c->nfood = c2_r_u8(r);
	c2_r_bytes(r, c->food_chem, sizeof c->food_chem);
	c2_r_bytes(r, c->food_amount, sizeof c->food_amount);
	c->action = (int16_t)c2_r_u16(r);
	c->object = (int16_t)c2_r_u16(r);
	if (r->bad || c->stage >= GENOME_NSTAGES || c->death > CREATURE_DEATH_KILLED ||
	    c->nfood > ENG_MAX_FOOD_DOSES || c->action < -1 || c->object < -1)
		return c2_fail(err, C2_EFORMAT, (long)r->pos, -1, "bad creature state in snapshot");
	return 0;
}

/* The snapshot's envelope: the magic, a version this c2rt reads (into
 * *version), the length its header says and the checksum at its end. */
static int check_envelope(const uint8_t *data, size_t len, uint32_t *version, c2_err *err)
{
	if (len < SNAP_HEADER + 8 || memcmp(data, MAGIC, sizeof MAGIC) != 0)
		return c2_fail(err, C2_EFORMAT, 0, -1, "not a c2rt snapshot (bad magic or too short)");
	c2_rbuf r = c2_rbuf_make(data, len);
	r.pos = sizeof MAGIC;
	*version = c2_r_u32(&r);
	uint64_t plen = c2_r_u64(&r);
	if (*version != SNAP_VERSION && *version != SNAP_VERSION_BODY)
		return c2_fail(err, C2_EFORMAT, 8, -1, "snapshot version %u (this c2rt reads %d and %d)",
		               *version, SNAP_VERSION, SNAP_VERSION_BODY);
	if (plen != len - SNAP_HEADER - 8)
		return c2_fail(err, C2_EFORMAT, 12, -1,
		               "snapshot is %zu bytes but its header says %llu (truncated or padded)", len,
		               (unsigned long long)(plen + SNAP_HEADER + 8));
	c2_rbuf tail = c2_rbuf_make(data + len - 8, 8);
	uint64_t want = c2_r_u64(&tail);
	uint64_t got = c2_hash_finish(c2_hash_bytes(C2_HASH_INIT, data, len - 8));
	if (want != got)
		return c2_fail(err, C2_ECHECK, (long)(len - 8), -1, "snapshot checksum mismatch (corrupted)");
	return 0;
}

/* The trailer: the bytes kept after the creature (a world's, or a front
 * end's), copied to *extra when asked for. */
static int take_extra(c2_rbuf *p, uint8_t **extra, size_t *nextra, c2_err *err)
{
	uint32_t ne = c2_r_count(p, (uint32_t)(p->len - p->pos));
	if (p->bad || p->len - p->pos != ne)
		return c2_fail(err, C2_EFORMAT, (long)p->pos, -1, "bad trailer in snapshot");
	if (extra && ne) {
		*extra = malloc(ne);
		if (!*extra)
			return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		memcpy(*extra, p->data + p->pos, ne);
		*nextra = ne;
	}
	return 0;
}

int creature_load(creature **out, const uint8_t *data, size_t len, uint8_t **extra,
                  size_t *nextra, c2_err *err)
{
	*out = NULL;
	if (extra)
		*extra = NULL;
	if (nextra)
		*nextra = 0;
	uint32_t version = 0;
	int rc = check_envelope(data, len, &version, err);
	if (rc)
		return rc;
	c2_rbuf p = c2_rbuf_make(data, len - 8);
	p.pos = SNAP_HEADER;
	uint32_t glen = c2_r_count(&p, (uint32_t)(len - SNAP_HEADER));
	if (p.bad || p.len - p.pos < glen)
		return c2_fail(err, C2_EFORMAT, (long)p.pos, -1, "truncated genome in snapshot");
	genome g;
	rc = genome_parse(&g, p.data + p.pos, glen, err);
	if (rc) {
		err->offset += (long)p.pos;
		return rc;
	}
	p.pos += glen;
	creature_config cfg;
	creature_config_default(&cfg);
	uint8_t sex = c2_r_u8(&p);
	cfg.sex = (genome_sex)sex;
	cfg.seed = c2_r_u64(&p);
	if (sex != GENOME_MALE && sex != GENOME_FEMALE) {
		genome_free(&g);
		return c2_fail(err, C2_EFORMAT, (long)p.pos, -1, "bad sex in snapshot");
	}
	if ((rc = get_options(&p, &cfg, err)) != 0) {
		genome_free(&g);
		return rc;
	}
	creature *c;
	rc = eng_alloc(&c, &g, &cfg, err);
	genome_free(&g);
	if (rc)
		return rc;
	if ((rc = get_engine(&p, c, err)) != 0 || (rc = brain_load(&c->brain, &p, err)) != 0 ||
	    (rc = bc_load(&c->bc, &p, eng_resolve_locus, c, err)) != 0) {
		creature_free(c);
		return rc ? rc : C2_EFORMAT;
	}
	if (version == SNAP_VERSION_BODY &&
	    (c2_r_u8(&p) != 1 || p.bad || (rc = eng_body_load(c, &p, err)) != 0)) {
		creature_free(c);
		return rc ? rc : c2_fail(err, C2_EFORMAT, (long)p.pos, -1, "bad body flag in snapshot");
	}
	if ((rc = take_extra(&p, extra, nextra, err)) != 0) {
		creature_free(c);
		return rc;
	}
	*out = c;
	return 0;
}

/* The magic, checked as soon as it is read: /dev/zero is no snapshot, and
 * is refused after 8 bytes instead of 512 MiB. */
static int snap_head(const uint8_t *head, size_t n, c2_err *err)
{
	if (n < sizeof MAGIC || memcmp(head, MAGIC, sizeof MAGIC) != 0)
		return c2_fail(err, C2_EFORMAT, 0, -1, "not a c2rt snapshot (bad magic or too short)");
	return 0;
}

int creature_load_file(creature **out, const char *path, uint8_t **extra, size_t *nextra,
                       c2_err *err)
{
	uint8_t *buf;
	size_t len;
	*out = NULL;
	int rc = c2_read_file_checked(path, SNAP_MAX, sizeof MAGIC, snap_head, &buf, &len, err);
	if (rc)
		return rc;
	rc = creature_load(out, buf, len, extra, nextra, err);
	free(buf);
	return rc;
}

uint64_t creature_hash(const creature *c)
{
	c2_sink s = c2_sink_hash(); /* the engine's state, as saved; no allocation */
	put_engine(&s, c);
	uint64_t h = c2_hash_u64(s.h, brain_hash(c->brain));
	h = c2_hash_u64(h, bc_hash(c->bc));
	if (c->body) {
		c2_sink b = c2_sink_hash();
		eng_body_save(c, &b);
		h = c2_hash_u64(h, b.h);
	}
	return c2_hash_finish(h);
}
