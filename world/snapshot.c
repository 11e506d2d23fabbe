/* snapshot.c — the whole world as a versioned, checksummed byte string, and
 * its state hash.
 *
 * Layout (little-endian), as the creature's (engine/snapshot.c):
 *   "C2RTWRLD" | u32 version | u64 payload length | payload | u64 checksum
 * The payload: the seed, the world file (rebuilt by loading it again), the
 * options, the state (w_put_state: clock, random stream, the hand, every
 * object, every kind's count of objects made, every creature's place in the
 * world), each creature's snapshot (creature_save), the caller's extra
 * bytes. The hash covers the same state, the options and each creature's
 * creature_hash. Loading checks the magic, version, length and checksum
 * before anything else, and every field after that. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "world/internal.h"

static const uint8_t MAGIC[8] = {'C', '2', 'R', 'T', 'W', 'R', 'L', 'D'};
enum { SNAP_VERSION = 3, SNAP_HEADER = 8 + 4 + 8, SNAP_MAX = 1024u << 20 };

static void put_obj(c2_sink *s, const w_obj *o)
{
	c2_put(s, o->name, sizeof o->name);
	c2_put_u16(s, o->kind);
	c2_put_u8(s, o->state);
	c2_put_u16(s, (uint16_t)o->carrier);
	c2_put_u64(s, (uint64_t)o->x);
	c2_put_u32(s, (uint32_t)o->vx);
	c2_put_u32(s, (uint32_t)o->timer);
	c2_put_u32(s, (uint32_t)o->regrow);
}

static void put_crt(c2_sink *s, const w_crt *cr)
{
	c2_put_u64(s, (uint64_t)cr->x);
	c2_put_u8(s, (uint8_t)cr->facing);
	c2_put_u8(s, cr->room);
	c2_put_u8(s, (uint8_t)(cr->bumped | cr->alive_seen << 1));
	c2_put_u32(s, (uint32_t)cr->carried);
	for (int cat = 0; cat < WORLD_NCAT; cat++)
		c2_put_u16(s, (uint16_t)cr->rep[cat]);
	c2_put_u64(s, cr->seen_ever);
	c2_put_u64(s, cr->repseen);
	for (int cat = 0; cat < WORLD_NCAT; cat++) {
		c2_put_u64(s, (uint64_t)cr->goal_x[cat]);
		c2_put(s, cr->goal_w[cat], sizeof cr->goal_w[cat]);
	}
	c2_put_u32(s, (uint32_t)cr->it);
	c2_put_u64(s, (uint64_t)cr->it_last);
	c2_put_u64(s, (uint64_t)cr->edge_last);
	c2_put_u8(s, (uint8_t)cr->act);
	c2_put_u8(s, cr->phase);
	c2_put_u32(s, (uint32_t)cr->target);
	c2_put_u32(s, (uint32_t)cr->wait);
}

void w_put_state(const world *w, c2_sink *s, bool hash)
{
	c2_put_u64(s, w->tick);
	for (int i = 0; i < 4; i++)
		c2_put_u64(s, w->rng.s[i]);
	c2_put_u32(s, (uint32_t)w->hand_carried);
	c2_put_u32(s, (uint32_t)w->nkinds);
	for (size_t k = 0; k < w->nkinds; k++)
		c2_put_u32(s, w->kinds[k].created);
	c2_put_u32(s, (uint32_t)w->nobjs);
	for (size_t id = 0; id < w->nobjs; id++)
		put_obj(s, &w->objs[id]);
	c2_put_u32(s, (uint32_t)w->ncrts);
	for (size_t k = 0; k < w->ncrts; k++) {
		put_crt(s, &w->crts[k]);
		if (hash)
			c2_put_u64(s, creature_hash(w->crts[k].c));
	}
}

uint64_t world_hash(const world *w)
{
	c2_sink s = c2_sink_hash();
	c2_options_save(&world_option_tab, &w->opt, &s);
	if (w->pop) /* a lone creature's world hashes as it always did */
		w_pop_put_kinds(w, &s);
	w_put_state(w, &s, true);
	if (w->pop)
		w_pop_put(w, &s, true);
	return c2_hash_finish(s.h);
}

int world_save(const world *w, const void *extra, size_t nextra, c2_wbuf *out)
{
	c2_wbuf p = {0};
	c2_sink ps = c2_sink_to(&p);
	c2_w_u64(&p, w->seed);
	c2_w_u32(&p, (uint32_t)w->text_len);
	c2_w_bytes(&p, w->text, w->text_len);
	c2_options_save(&world_option_tab, &w->opt, &ps);
	w_pop_put_kinds(w, &ps);
	w_put_state(w, &ps, false);
	int rc = 0;
	for (size_t k = 0; k < w->ncrts && rc == 0; k++) {
		c2_wbuf cw = {0};
		rc = creature_save(w->crts[k].c, NULL, 0, &cw);
		c2_w_u32(&p, (uint32_t)cw.len);
		c2_w_bytes(&p, cw.data, cw.len);
		c2_wbuf_free(&cw);
	}
	w_pop_put(w, &ps, false);
	c2_w_u32(&p, (uint32_t)nextra);
	c2_w_bytes(&p, extra, nextra);
	if (rc == 0 && p.oom)
		rc = C2_ENOMEM;
	if (rc == 0) {
		size_t start = out->len;
		c2_w_bytes(out, MAGIC, sizeof MAGIC);
		c2_w_u32(out, SNAP_VERSION);
		c2_w_u64(out, p.len);
		c2_w_bytes(out, p.data, p.len);
		c2_w_u64(out, c2_hash_finish(c2_hash_bytes(C2_HASH_INIT, out->data + start, out->len - start)));
		if (out->oom)
			rc = C2_ENOMEM;
	}
	c2_wbuf_free(&p);
	return rc;
}

bool world_snapshot_is(const uint8_t *data, size_t len)
{
	return len >= sizeof MAGIC && !memcmp(data, MAGIC, sizeof MAGIC);
}

/* ---- loading ------------------------------------------------------------------- */

#define BAD(r, err, what) c2_fail((err), C2_EFORMAT, (long)(r)->pos, -1, "world snapshot: %s", (what))

/* An object or creature reference: -1 or below n. */
static bool ref_ok(int32_t v, size_t n)
{
	return v >= -1 && (v < 0 || (size_t)v < n);
}

static int get_obj(const world *w, c2_rbuf *r, w_obj *o, c2_err *err)
{
	c2_r_bytes(r, o->name, sizeof o->name);
	o->kind = c2_r_u16(r);
	o->state = c2_r_u8(r);
	o->carrier = (int16_t)c2_r_u16(r);
	o->x = (int64_t)c2_r_u64(r);
	o->vx = (int32_t)c2_r_u32(r);
	o->timer = (int32_t)c2_r_u32(r);
	o->regrow = (int32_t)c2_r_u32(r);
	if (r->bad || memchr(o->name, '\0', sizeof o->name) == NULL || o->kind >= w->nkinds ||
	    o->state > WORLD_OBJ_REMOVED || o->carrier < WORLD_HAND ||
	    o->carrier >= WORLD_MAX_CREATURES || o->x < 0 ||
	    o->x > (int64_t)WORLD_MAX_X * WORLD_FX || o->timer < 0 || o->regrow < 0)
		return BAD(r, err, "bad object");
	return 0;
}

static int get_crt(const world *w, c2_rbuf *r, w_crt *cr, c2_err *err)
{
	cr->x = (int64_t)c2_r_u64(r);
	cr->facing = (int8_t)c2_r_u8(r);
	cr->room = c2_r_u8(r);
	uint8_t f = c2_r_u8(r);
	cr->bumped = f & 1;
	cr->alive_seen = f >> 1 & 1;
	cr->carried = (int32_t)c2_r_u32(r);
	bool ok = true;
	for (int cat = 0; cat < WORLD_NCAT; cat++) {
		cr->rep[cat] = (int16_t)c2_r_u16(r);
		ok &= ref_ok(cr->rep[cat], w->nobjs);
		if (cr->rep[cat] >= 0)
			cr->repmask |= 1ull << cat;
	}
	cr->seen_ever = c2_r_u64(r);
	cr->repseen = c2_r_u64(r);
	for (int cat = 0; cat < WORLD_NCAT; cat++) {
		cr->goal_x[cat] = (int64_t)c2_r_u64(r);
		c2_r_bytes(r, cr->goal_w[cat], sizeof cr->goal_w[cat]);
		ok &= cr->goal_x[cat] >= -1 && cr->goal_x[cat] <= (int64_t)WORLD_MAX_X * WORLD_FX;
	}
	cr->it = (int32_t)c2_r_u32(r);
	cr->it_last = (int64_t)c2_r_u64(r);
	cr->edge_last = (int64_t)c2_r_u64(r);
	cr->act = (int8_t)c2_r_u8(r);
	cr->phase = c2_r_u8(r);
	cr->target = (int32_t)c2_r_u32(r);
	cr->wait = (int32_t)c2_r_u32(r);
	if (r->bad || !ok || (cr->facing != 1 && cr->facing != -1) || cr->room >= w->nrooms ||
	    !ref_ok(cr->carried, w->nobjs) || !ref_ok(cr->it, w->nobjs) ||
	    !ref_ok(cr->target, w->nobjs) || cr->act < -2 || cr->act >= GENOME_NACTIONS ||
	    cr->phase > PH_DONE || cr->x < w_left(w) || cr->x > w_right(w))
		return BAD(r, err, "bad creature state");
	return 0;
}

/* Who carries what must agree both ways. */
static int check_carrying(const world *w, c2_rbuf *r, c2_err *err)
{
	if (!ref_ok(w->hand_carried, w->nobjs) || w->nobjs == 0)
		return BAD(r, err, "bad hand");
	for (size_t id = 0; id < w->nobjs; id++) {
		int c = w->objs[id].carrier;
		bool ok = c == -1 || (c == WORLD_HAND && w->hand_carried == (int32_t)id) ||
		          (c >= 0 && (size_t)c < w->ncrts && w->crts[c].carried == (int32_t)id);
		if (!ok || (id == 0 && c != -1))
			return BAD(r, err, "carried objects do not match their carriers");
	}
	for (size_t k = 0; k < w->ncrts; k++)
		if (w->crts[k].carried >= 0 && w->objs[w->crts[k].carried].carrier != (int)k)
			return BAD(r, err, "carried objects do not match their carriers");
	if (w->hand_carried >= 0 && w->objs[w->hand_carried].carrier != WORLD_HAND)
		return BAD(r, err, "carried objects do not match their carriers");
	return 0;
}

static int get_state(world *w, c2_rbuf *r, c2_err *err)
{
	w->tick = c2_r_u64(r);
	for (int i = 0; i < 4; i++)
		w->rng.s[i] = c2_r_u64(r);
	w->hand_carried = (int32_t)c2_r_u32(r);
	if (c2_r_u32(r) != w->nkinds || r->bad)
		return BAD(r, err, "the kinds do not match the world file");
	for (size_t k = 0; k < w->nkinds; k++)
		w->kinds[k].created = c2_r_u32(r);
	uint32_t n = c2_r_count(r, WORLD_MAX_OBJECTS);
	if (r->bad || n == 0)
		return BAD(r, err, "bad object count");
	w_obj *v = realloc(w->objs, n * sizeof *v);
	if (!v)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	w->objs = v;
	w->nobjs = w->capobjs = n;
	for (size_t id = 0; id < n; id++)
		if (get_obj(w, r, &w->objs[id], err) != 0)
			return C2_EFORMAT;
	return 0;
}

static int get_creatures(world *w, c2_rbuf *r, c2_err *err)
{
	uint32_t n = c2_r_count(r, WORLD_MAX_CREATURES);
	if (r->bad)
		return BAD(r, err, "bad creature count");
	w_crt *st = calloc(n ? n : 1, sizeof *st);
	if (!st)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	int rc = 0;
	for (size_t k = 0; k < n && rc == 0; k++)
		rc = get_crt(w, r, &st[k], err);
	for (size_t k = 0; k < n && rc == 0; k++) {
		uint32_t len = c2_r_count(r, SNAP_MAX);
		const uint8_t *bytes = c2_r_take(r, len);
		if (!bytes) {
			rc = BAD(r, err, "truncated creature");
			break;
		}
		creature *c;
		if ((rc = creature_load(&c, bytes, len, NULL, NULL, err)) != 0)
			break;
		if ((rc = w_add_crt(w, c, err)) != 0) {
			creature_free(c);
			break;
		}
		st[k].c = c;
		w->crts[k] = st[k]; /* its saved place, not a start */
	}
	free(st);
	return rc;
}

static int parse_payload(world **out, c2_rbuf *r, uint8_t **extra, size_t *nextra, c2_err *err)
{
	uint64_t seed = c2_r_u64(r);
	uint32_t tlen = c2_r_count(r, SNAP_MAX);
	const uint8_t *text = c2_r_take(r, tlen);
	world_options opt;
	world_options_default(&opt);
	if (!text)
		return BAD(r, err, "truncated world file");
	int rc = c2_options_load(&world_option_tab, &opt, r, err);
	if (rc)
		return rc;
	world *w;
	if ((rc = world_load(&w, (const char *)text, tlen, &opt, seed, err)) != 0) {
		char why[sizeof err->msg];
		snprintf(why, sizeof why, "%s", err->msg);
		return c2_fail(err, (c2_code)rc, (long)r->pos, -1, "world snapshot: its world file: %s", why);
	}
	if ((rc = w_pop_get_kinds(w, r, err)) != 0 || (rc = get_state(w, r, err)) != 0 ||
	    (rc = get_creatures(w, r, err)) != 0 || (rc = w_pop_get(w, r, err)) != 0 ||
	    (rc = check_carrying(w, r, err)) != 0) {
		world_free(w);
		return rc;
	}
	uint32_t n = c2_r_count(r, SNAP_MAX);
	const uint8_t *x = c2_r_take(r, n);
	if (!x || r->pos != r->len) {
		world_free(w);
		return BAD(r, err, x ? "bytes after the end" : "truncated extra bytes");
	}
	if (extra && n) {
		if (!(*extra = malloc(n))) {
			world_free(w);
			return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		}
		memcpy(*extra, x, n);
		*nextra = n;
	}
	*out = w;
	return 0;
}

int world_restore(world **out, const uint8_t *data, size_t len, uint8_t **extra, size_t *nextra,
                  c2_err *err)
{
	*out = NULL;
	if (extra) {
		*extra = NULL;
		*nextra = 0;
	}
	c2_err_clear(err);
	if (len < SNAP_HEADER + 8 || !world_snapshot_is(data, len))
		return c2_fail(err, C2_EFORMAT, 0, -1, "not a c2rt world snapshot");
	c2_rbuf h = c2_rbuf_make(data + 8, len - 8);
	uint32_t version = c2_r_u32(&h);
	uint64_t plen = c2_r_u64(&h);
	if (version != SNAP_VERSION)
		return c2_fail(err, C2_EFORMAT, 8, -1, "world snapshot version %u (this c2rt reads %d)",
		               version, SNAP_VERSION);
	if (plen != len - SNAP_HEADER - 8)
		return c2_fail(err, C2_EFORMAT, 12, -1, "world snapshot: length %llu does not match the "
		               "file (%zu bytes): truncated?", (unsigned long long)plen, len);
	c2_rbuf tail = c2_rbuf_make(data + len - 8, 8);
	uint64_t want = c2_r_u64(&tail);
	if (c2_hash_finish(c2_hash_bytes(C2_HASH_INIT, data, len - 8)) != want)
		return c2_fail(err, C2_ECHECK, (long)(len - 8), -1, "world snapshot: checksum mismatch");
	c2_rbuf r = c2_rbuf_make(data + SNAP_HEADER, (size_t)plen);
	int rc = parse_payload(out, &r, extra, nextra, err);
	if (rc && err && err->offset >= 0 && err->line == 0)
		err->offset += SNAP_HEADER; /* offsets in the file */
	return rc;
}
