/* export.c — the bounded reader for Creatures 2 export files (see export.h).
 *
 * Every read goes through take(), which checks the bytes that remain first
 * and records the offset and what was being read when they do not suffice;
 * every count is checked against the bytes it needs before anything is
 * allocated for it, so memory and time stay linear in the input. */
#include "exchange/export.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"

/* Fixed sizes of the archive's records. */
enum {
	MARKER_HEAD = 6,       /* 0xFFFF, schema, name length */
	ORGAN_HEAD = 46,       /* key .. receptor group count */
	LOBE_HEAD = 271,       /* one lobe header in CBrain */
	DTYPE_BYTES = 108,     /* one dendrite type inside it */
	NEURON_MIN = 18,       /* a neuron without dendrites */
	DENDRITE_BYTES = 10,
	RECEPTOR_MIN = 10,     /* class reference + 8 bytes */
	BRAIN_TAIL_GAP = 24,   /* bytes between the lobe order and the update count */
	MAX_LOBES = 256        /* a lobe number is a byte */
};

typedef struct rd {
	const uint8_t *d;
	size_t len, pos;
	c2_err *err;
	bool failed;
} rd;

/* Record the first failure (offset and reason); always returns false. */
static bool fail_at(rd *r, size_t at, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static bool fail_at(rd *r, size_t at, const char *fmt, ...)
{
	if (!r->failed) {
		char msg[160];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		r->failed = true;
		c2_fail(r->err, C2_EFORMAT, (long)at, -1, "%s", msg);
	}
	return false;
}

/* The next n bytes, or NULL after recording "truncated WHAT". */
static const uint8_t *take(rd *r, size_t n, const char *what)
{
	if (r->failed)
		return NULL;
	if (r->len - r->pos < n) {
		fail_at(r, r->pos, "truncated %s: needs %zu bytes, %zu left", what, n, r->len - r->pos);
		return NULL;
	}
	const uint8_t *p = r->d + r->pos;
	r->pos += n;
	return p;
}

static uint8_t u8(rd *r, const char *what)
{
	const uint8_t *p = take(r, 1, what);
	return p ? p[0] : 0;
}

static uint16_t u16(rd *r, const char *what)
{
	const uint8_t *p = take(r, 2, what);
	return p ? (uint16_t)(p[0] | p[1] << 8) : 0;
}

static uint32_t u32(rd *r, const char *what)
{
	const uint8_t *p = take(r, 4, what);
	return p ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
	         : 0;
}

static void bytes(rd *r, void *out, size_t n, const char *what)
{
	const uint8_t *p = take(r, n, what);
	if (p)
		memcpy(out, p, n);
	else
		memset(out, 0, n);
}

/* A single-precision life force that must be finite and not negative. */
static double lf(rd *r, const char *what)
{
	size_t at = r->pos;
	uint32_t bits = u32(r, what);
	float f;
	memcpy(&f, &bits, sizeof f);
	if (!r->failed && !(isfinite(f) && f >= 0.0f))
		fail_at(r, at, "%s is not a finite, non-negative number", what);
	return f;
}

/* A count of items of at least `each` bytes: it must fit in what is left. */
static uint32_t count(rd *r, size_t each, const char *what)
{
	size_t at = r->pos;
	uint32_t n = u32(r, what);
	if (!r->failed && (size_t)n > (r->len - r->pos) / each)
		fail_at(r, at, "%s: %lu items cannot fit in the %zu bytes left", what, (unsigned long)n,
		        r->len - r->pos);
	return r->failed ? 0 : n;
}

/* ---- class markers -------------------------------------------------------------- */

typedef struct marker {
	size_t offset, body; /* the 0xFFFF tag; the first byte after the name */
	char name[EXCHANGE_NAME];
} marker;

static bool name_char(uint8_t c, bool first)
{
	bool alpha = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
	return first ? alpha : alpha || (c >= '0' && c <= '9');
}

/* Is there a class marker at `at`? */
static bool marker_at(const uint8_t *d, size_t len, size_t at, marker *m)
{
	if (len - at < MARKER_HEAD + 1 || d[at] != 0xFF || d[at + 1] != 0xFF)
		return false;
	size_t n = (size_t)d[at + 4] | (size_t)d[at + 5] << 8;
	if (n == 0 || n >= EXCHANGE_NAME || len - at - MARKER_HEAD < n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!name_char(d[at + MARKER_HEAD + i], i == 0))
			return false;
	m->offset = at;
	m->body = at + MARKER_HEAD + n;
	memcpy(m->name, d + at + MARKER_HEAD, n);
	m->name[n] = 0;
	return true;
}

/* The first class marker at or after `from`. */
static bool next_marker(const uint8_t *d, size_t len, size_t from, marker *m)
{
	for (size_t at = from; at + MARKER_HEAD < len; at++) {
		const uint8_t *p = memchr(d + at, 0xFF, len - at);
		if (!p)
			return false;
		at = (size_t)(p - d);
		if (marker_at(d, len, at, m))
			return true;
	}
	return false;
}

static void add_block(exchange_file *x, const char *name, size_t off, size_t len, bool parsed)
{
	if (len == 0)
		return;
	if (x->nblocks == EXCHANGE_MAX_BLOCKS) {
		x->blocks_dropped++;
		return;
	}
	exchange_block *b = &x->blocks[x->nblocks++];
	memset(b, 0, sizeof *b);
	snprintf(b->name, sizeof b->name, "%s", name);
	b->offset = off;
	b->length = len;
	b->parsed = parsed;
}

/* List the stretch [from, to) we do not understand: the bytes before its
 * first marker (named after the block they follow), then each marker. */
static void add_skipped(exchange_file *x, const uint8_t *d, size_t from, size_t to,
                        const char *after)
{
	marker m;
	size_t at = from;
	char lead[EXCHANGE_NAME];
	snprintf(lead, sizeof lead, "%s", after);
	while (at < to) {
		bool found = next_marker(d, to, at, &m);
		size_t stop = found ? m.offset : to;
		add_block(x, lead, at, stop - at, false);
		if (!found)
			return;
		marker n;
		size_t end = next_marker(d, to, m.body, &n) ? n.offset : to;
		add_block(x, m.name, m.offset, end - m.offset, false);
		at = end;
		lead[0] = 0;
	}
}

/* ---- organs ----------------------------------------------------------------------- */

/* Class references seen so far for the receptor class (0: none yet). */
typedef struct classes {
	uint16_t organ, receptor;
	bool receptor_named;
} classes;

/* An object tag for `cls`: a first class marker named `name` (once) or a
 * reference consistent with the earlier ones. */
static bool object_tag(rd *r, uint16_t *ref, bool *named, const char *name)
{
	size_t at = r->pos;
	uint16_t tag = u16(r, "object tag");
	if (r->failed)
		return false;
	if (tag == 0xFFFF) {
		marker m;
		if (!marker_at(r->d, r->len, at, &m) || strcmp(m.name, name) != 0)
			return fail_at(r, at, "expected a '%s' class marker", name);
		if (*named)
			return fail_at(r, at, "a second '%s' class marker", name);
		*named = true;
		r->pos = m.body;
		return true;
	}
	if (!(tag & 0x8000) || tag == 0x7FFF)
		return fail_at(r, at, "object reference 0x%04x where a %s was expected", (unsigned)tag,
		               name);
	if (*ref == 0)
		*ref = tag;
	else if (tag != *ref)
		return fail_at(r, at, "%s class reference 0x%04x does not match the earlier 0x%04x", name,
		               (unsigned)tag, (unsigned)*ref);
	return true;
}

static void free_organ(exchange_organ *o)
{
	free(o->receptors);
	free(o->emitters);
	free(o->reactions);
	memset(o, 0, sizeof *o);
}

/* A u32 count and that many `width`-byte records, into a new array (NULL
 * when the input is bad — recorded in r — or memory ran out). */
static uint8_t *read_records(rd *r, uint32_t *n, size_t width, const char *what)
{
	*n = count(r, width, what);
	if (r->failed)
		return NULL;
	uint8_t *p = malloc(*n ? *n * width : 1);
	if (!p) {
		c2_fail(r->err, C2_ENOMEM, -1, -1, "out of memory reading an export");
		return NULL;
	}
	bytes(r, p, (size_t)*n * width, what);
	if (r->failed) {
		free(p);
		return NULL;
	}
	return p;
}

/* One organ record (after its object tag, if any). */
static int read_organ(rd *r, exchange_organ *o, classes *cls)
{
	memset(o, 0, sizeof *o);
	o->offset = r->pos;
	o->key = u32(r, "organ");
	o->clock_rate = u8(r, "organ clock rate");
	o->clock = u8(r, "organ clock");
	o->biotick = u32(r, "organ biotick");
	o->unknown = u8(r, "organ");
	o->initial_lf = lf(r, "initial life force");
	o->st_lf = lf(r, "short-term life force");
	o->lt_lf = lf(r, "long-term life force");
	o->lt_repair = u8(r, "organ repair rates");
	o->repair_rate = u8(r, "organ repair rates");
	o->injury = u8(r, "organ injury");
	o->energy_cost = u32(r, "organ energy cost");
	o->starve_damage = u32(r, "organ damage due to zero energy");
	o->energy_ok = u32(r, "organ energy flag");
	o->nreceptors = count(r, RECEPTOR_MIN, "receptor count");
	size_t gat = r->pos;
	o->ngroups = count(r, 2, "receptor group count");
	if (r->failed)
		return C2_EFORMAT;
	if (o->ngroups > o->nreceptors) {
		fail_at(r, gat, "organ: %lu receptor groups for %lu receptors",
		        (unsigned long)o->ngroups, (unsigned long)o->nreceptors);
		return C2_EFORMAT;
	}
	o->receptors = calloc(o->nreceptors ? o->nreceptors : 1, sizeof *o->receptors);
	if (!o->receptors)
		return c2_fail(r->err, C2_ENOMEM, -1, -1, "out of memory reading an export");
	uint32_t got = 0;
	for (uint32_t g = 0; g < o->ngroups && !r->failed; g++) {
		size_t at = r->pos;
		uint32_t n = u16(r, "receptor group size");
		if (n == 0xFFFF)
			n = u32(r, "receptor group size");
		if (!r->failed && n > o->nreceptors - got) {
			fail_at(r, at, "organ: receptor groups hold more than the %lu receptors announced",
			        (unsigned long)o->nreceptors);
			return C2_EFORMAT;
		}
		for (uint32_t k = 0; k < n && !r->failed; k++) {
			if (!object_tag(r, &cls->receptor, &cls->receptor_named, "CReceptor"))
				break;
			bytes(r, o->receptors[got++], 8, "receptor");
		}
	}
	if (!r->failed && got != o->nreceptors) {
		fail_at(r, r->pos, "organ: receptor groups hold %lu receptors, the header says %lu",
		        (unsigned long)got, (unsigned long)o->nreceptors);
		return C2_EFORMAT;
	}
	uint8_t *em = read_records(r, &o->nemitters, 8, "emitter");
	uint8_t *rx = em ? read_records(r, &o->nreactions, 9, "reaction") : NULL;
	free(o->emitters);
	free(o->reactions);
	o->emitters = (uint8_t(*)[8])em;
	o->reactions = (uint8_t(*)[9])rx;
	if (!em || !rx)
		return r->failed ? C2_EFORMAT : C2_ENOMEM;
	for (uint32_t k = 0; k < o->nreactions; k++) {
		/* archive order: a1 R1 a2 R2 rate b1 P1 b2 P2; gene order puts the
		 * rate last (reference §2.5) */
		uint8_t *x = o->reactions[k], rate = x[4];
		memmove(x + 4, x + 5, 4);
		x[8] = rate;
	}
	return r->failed ? C2_EFORMAT : 0;
}

/* ---- CBrain ------------------------------------------------------------------------- */

static void read_dtype(rd *r, exchange_dtype *t)
{
	t->source_lobe = u32(r, "lobe header");
	uint8_t f[14];
	bytes(r, f, sizeof f, "lobe header");
	t->min = f[0];
	t->max = f[1];
	t->spread = f[2];
	t->fanout = f[3];
	t->min_ltw = f[4];
	t->max_ltw = f[5];
	t->min_strength = f[6];
	t->max_strength = f[7];
	t->migration = f[8];
	t->relax_suscept = f[9];
	t->relax_stw = f[10];
	t->ltw_gain = f[11];
	t->gain_every = f[12];
	t->lose_every = f[13];
	/* The Kaitai file names the first rule "susceptrules", then 33 bytes of
	 * padding, "reinforcementrules" and 33 unknown bytes: in fact the six
	 * rules of the gene in gene order (gain, loss, susceptibility,
	 * reinforcement, back- and forward-propagation; the bytes match the
	 * genome's), each followed by 3 bytes we do not understand. */
	for (int k = 0; k < EXCHANGE_NDRULES; k++) {
		bytes(r, t->rules[k], EXCHANGE_RULE, "lobe header");
		(void)take(r, 3, "lobe header");
	}
}

static void read_lobe(rd *r, exchange_lobe *L)
{
	L->offset = r->pos;
	L->x = u32(r, "lobe header");
	L->y = u32(r, "lobe header");
	L->width = u32(r, "lobe header");
	L->height = u32(r, "lobe header");
	bytes(r, L->unknown, sizeof L->unknown, "lobe header");
	L->threshold = u8(r, "lobe header");
	L->leakage = u8(r, "lobe header");
	L->rest = u8(r, "lobe header");
	L->gain = u8(r, "lobe header");
	bytes(r, L->state_rule, EXCHANGE_RULE, "lobe header");
	uint8_t fl[4];
	bytes(r, fl, sizeof fl, "lobe header");
	L->flags = fl[3];
	read_dtype(r, &L->d[0]);
	read_dtype(r, &L->d[1]);
	L->cells = u32(r, "lobe header");
	L->dendrites_in = u32(r, "lobe header");
}

/* The neurons of one lobe: a counting pass (every length checked), then
 * the arrays are sized and a second pass fills them. */
static int read_neurons(rd *r, exchange_lobe *L, uint32_t nlobes, const exchange_lobe *lobes)
{
	size_t start = r->pos;
	if (L->cells > (r->len - r->pos) / NEURON_MIN) {
		fail_at(r, L->offset, "lobe of %lu neurons cannot fit in the %zu bytes left",
		        (unsigned long)L->cells, r->len - r->pos);
		return C2_EFORMAT;
	}
	size_t total[2] = {0, 0};
	for (uint32_t i = 0; i < L->cells && !r->failed; i++) {
		(void)take(r, 8, "neuron");
		for (unsigned t = 0; t < 2; t++) {
			uint8_t k = u8(r, "neuron");
			(void)take(r, 4, "neuron");
			(void)take(r, (size_t)k * DENDRITE_BYTES, "dendrites");
			total[t] += k;
		}
	}
	if (r->failed)
		return C2_EFORMAT;
	L->neurons = calloc(L->cells ? L->cells : 1, sizeof *L->neurons);
	for (unsigned t = 0; t < 2; t++)
		L->dend[t] = calloc(total[t] ? total[t] : 1, sizeof *L->dend[t]);
	if (!L->neurons || !L->dend[0] || !L->dend[1])
		return c2_fail(r->err, C2_ENOMEM, -1, -1, "out of memory reading an export");
	r->pos = start;
	for (uint32_t i = 0; i < L->cells; i++) {
		exchange_neuron *n = &L->neurons[i];
		const uint8_t *p = take(r, 8, "neuron");
		n->x = p[0];
		n->y = p[1];
		n->output = p[2];
		n->state = p[3];
		memcpy(n->extra, p + 4, 4);
		for (unsigned t = 0; t < 2; t++) {
			n->count[t] = u8(r, "neuron");
			(void)take(r, 4, "neuron");
			n->first[t] = L->ndend[t];
			/* sources are checked against the source lobe's size */
			uint32_t sl = L->d[t].source_lobe;
			for (uint32_t k = 0; k < n->count[t]; k++) {
				size_t at = r->pos;
				exchange_dendrite *d = &L->dend[t][L->ndend[t]++];
				p = take(r, DENDRITE_BYTES, "dendrite");
				d->src = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
				         (uint32_t)p[3] << 24;
				d->x = p[4];
				d->y = p[5];
				d->suscept = p[6];
				d->stw = p[7];
				d->ltw = p[8];
				d->strength = p[9];
				if (sl >= nlobes) {
					fail_at(r, at, "dendrite from lobe %lu, but there are %lu lobes",
					        (unsigned long)sl, (unsigned long)nlobes);
					return C2_EFORMAT;
				}
				if (d->src >= lobes[sl].cells) {
					fail_at(r, at, "dendrite source %lu outside lobe %lu of %lu neurons",
					        (unsigned long)d->src, (unsigned long)sl,
					        (unsigned long)lobes[sl].cells);
					return C2_EFORMAT;
				}
			}
		}
	}
	return 0;
}

/* The lobe order (a permutation), 24 bytes and the update count, if the
 * bytes are there and the order is a permutation; else left unread. */
static void read_brain_tail(rd *r, exchange_file *x)
{
	size_t need = (size_t)x->nlobes * 4 + BRAIN_TAIL_GAP + 4;
	if (r->len - r->pos < need)
		return;
	uint32_t *order = calloc(x->nlobes, sizeof *order);
	uint8_t *seen = calloc(x->nlobes, 1);
	bool ok = order && seen;
	for (uint32_t i = 0; ok && i < x->nlobes; i++) {
		const uint8_t *p = r->d + r->pos + 4 * (size_t)i;
		uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		             (uint32_t)p[3] << 24;
		ok = v < x->nlobes && !seen[v];
		if (ok) {
			seen[v] = 1;
			order[i] = v;
		}
	}
	free(seen);
	if (!ok) {
		free(order);
		return;
	}
	x->order = order;
	x->has_order = true;
	r->pos += (size_t)x->nlobes * 4 + BRAIN_TAIL_GAP;
	x->brain_updates = u32(r, "brain update count");
	x->has_updates = true;
}

static int read_brain(rd *r, exchange_file *x)
{
	classes none = {0, 0, false};
	int rc = read_organ(r, &x->brain_organ, &none);
	if (rc)
		return rc;
	size_t at = r->pos;
	x->nlobes = count(r, LOBE_HEAD, "lobe count");
	if (r->failed)
		return C2_EFORMAT;
	if (x->nlobes == 0 || x->nlobes > MAX_LOBES) {
		fail_at(r, at, "CBrain: %lu lobes (1..%d)", (unsigned long)x->nlobes, MAX_LOBES);
		return C2_EFORMAT;
	}
	x->lobes = calloc(x->nlobes, sizeof *x->lobes);
	if (!x->lobes)
		return c2_fail(r->err, C2_ENOMEM, -1, -1, "out of memory reading an export");
	for (uint32_t l = 0; l < x->nlobes; l++)
		read_lobe(r, &x->lobes[l]);
	for (uint32_t l = 0; l < x->nlobes && !r->failed; l++)
		if ((rc = read_neurons(r, &x->lobes[l], x->nlobes, x->lobes)) != 0)
			return rc;
	if (r->failed)
		return C2_EFORMAT;
	read_brain_tail(r, x);
	x->has_brain = !r->failed;
	return r->failed ? C2_EFORMAT : 0;
}

/* ---- CBiochemistry ------------------------------------------------------------------ */

static int read_biochem(rd *r, exchange_file *x)
{
	(void)u16(r, "CBiochemistry"); /* not understood (2) */
	for (int c = 0; c < 256; c++) {
		x->chem[c] = u8(r, "chemicals");
		x->half[c] = u8(r, "chemicals");
	}
	classes cls = {0, 0, false};
	bool organ_named = false;
	size_t cap = 0;
	for (;;) {
		if (r->failed)
			return C2_EFORMAT;
		if (r->len - r->pos >= 2 && r->d[r->pos] == 0 && r->d[r->pos + 1] == 0) {
			r->pos += 2; /* a null object ends the organ list */
			break;
		}
		if (!object_tag(r, &cls.organ, &organ_named, "COrgan"))
			return C2_EFORMAT;
		if (x->norgans == cap) {
			/* an organ takes at least ORGAN_HEAD + 16 bytes: at most
			 * linear growth in the input */
			size_t ncap = cap ? 2 * cap : 32;
			exchange_organ *no = realloc(x->organs, ncap * sizeof *no);
			if (!no)
				return c2_fail(r->err, C2_ENOMEM, -1, -1, "out of memory reading an export");
			x->organs = no;
			cap = ncap;
		}
		int rc = read_organ(r, &x->organs[x->norgans], &cls);
		x->norgans++; /* counted even when half-read, so exchange_free frees it */
		if (rc)
			return rc;
	}
	x->has_biochem = true;
	return 0;
}

/* ---- CGenome ------------------------------------------------------------------------ */

static int read_genome(rd *r, exchange_file *x)
{
	size_t at = r->pos;
	uint32_t n = u32(r, "CGenome length");
	uint8_t mon[4];
	bytes(r, mon, 4, "CGenome moniker");
	x->sex = u32(r, "CGenome sex");
	x->stage = u8(r, "CGenome life stage");
	if (r->failed)
		return C2_EFORMAT;
	if (n > r->len - r->pos) {
		fail_at(r, at, "CGenome of %lu bytes, only %zu left", (unsigned long)n, r->len - r->pos);
		return C2_EFORMAT;
	}
	for (int i = 0; i < 4; i++)
		x->moniker[i] = (char)(mon[i] >= 32 && mon[i] < 127 ? mon[i] : '?');
	x->moniker[4] = 0;
	x->genes = malloc(n ? n : 1);
	if (!x->genes)
		return c2_fail(r->err, C2_ENOMEM, -1, -1, "out of memory reading an export");
	x->genes_offset = r->pos;
	bytes(r, x->genes, n, "CGenome");
	x->ngenes_bytes = n;
	x->has_genome = true;
	return 0;
}

/* ---- the file ------------------------------------------------------------------------- */

typedef int (*block_reader)(rd *, exchange_file *);

/* The blocks we understand, by class name. */
#define EXCHANGE_KNOWN_BLOCKS(X)                                                                   \
	X("CBrain", read_brain) X("CBiochemistry", read_biochem) X("CGenome", read_genome)

static block_reader reader_for(const char *name)
{
#define X(n, f) if (strcmp(name, n) == 0) return f;
	EXCHANGE_KNOWN_BLOCKS(X)
#undef X
	return NULL;
}

int exchange_parse(exchange_file *x, const uint8_t *data, size_t len, c2_err *err)
{
	memset(x, 0, sizeof *x);
	c2_err_clear(err);
	marker m;
	if (!marker_at(data, len, 0, &m) || strcmp(m.name, "Creature") != 0)
		return c2_fail(err, C2_EFORMAT, 0, -1,
		               "not a Creatures 2 export (no 'Creature' class marker at the start)");
	rd r = {data, len, 0, err, false};
	size_t skip_from = 0, at = 0;
	char after[EXCHANGE_NAME + 8] = "";
	bool done[3] = {false, false, false};
	while (next_marker(data, len, at, &m)) {
		block_reader f = reader_for(m.name);
		int which = f == read_brain ? 0 : f == read_biochem ? 1 : 2;
		if (!f || done[which]) {
			at = m.offset + 1;
			continue;
		}
		add_skipped(x, data, skip_from, m.offset, after);
		r.pos = m.body;
		int rc = f(&r, x);
		if (rc) {
			exchange_free(x);
			return rc;
		}
		done[which] = true;
		add_block(x, m.name, m.offset, r.pos - m.offset, true);
		snprintf(after, sizeof after, "after %s", m.name);
		skip_from = at = r.pos;
	}
	add_skipped(x, data, skip_from, len, after);
	/* Every export holds all three (CGenome last): one that lacks a block
	 * was cut short or is not an export. */
	static const char *const names[3] = {"CBrain", "CBiochemistry", "CGenome"};
	for (int k = 0; k < 3; k++)
		if (!done[k]) {
			exchange_free(x);
			return c2_fail(err, C2_EFORMAT, (long)len, -1,
			               "no '%s' block before the end (truncated, or not an export)", names[k]);
		}
	return 0;
}

int exchange_read_file(exchange_file *x, const char *path, c2_err *err)
{
	memset(x, 0, sizeof *x);
	uint8_t *buf;
	size_t len;
	int rc = c2_read_file(path, EXCHANGE_MAX_FILE, &buf, &len, err);
	if (rc)
		return rc;
	rc = exchange_parse(x, buf, len, err);
	free(buf);
	return rc;
}

void exchange_free(exchange_file *x)
{
	if (!x)
		return;
	free(x->genes);
	free_organ(&x->brain_organ);
	for (uint32_t l = 0; x->lobes && l < x->nlobes; l++) {
		free(x->lobes[l].neurons);
		free(x->lobes[l].dend[0]);
		free(x->lobes[l].dend[1]);
	}
	free(x->lobes);
	free(x->order);
	for (size_t i = 0; i < x->norgans; i++)
		free_organ(&x->organs[i]);
	free(x->organs);
	memset(x, 0, sizeof *x);
}

size_t exchange_dendrites(const exchange_file *x, size_t *loose)
{
	size_t n = 0, nl = 0;
	for (uint32_t l = 0; l < x->nlobes; l++)
		for (unsigned t = 0; t < 2; t++) {
			const exchange_lobe *L = &x->lobes[l];
			n += L->ndend[t];
			for (uint32_t k = 0; k < L->ndend[t]; k++)
				nl += L->dend[t][k].strength == 0;
		}
	if (loose)
		*loose = nl;
	return n;
}
