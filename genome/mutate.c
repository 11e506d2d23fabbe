/* mutate.c — the breeding copy of a genome: point mutations in mutable
 * genes, duplication of duplicable genes, deletion of deletable genes, each
 * at the gene's own mutability weight scaled by a rate (see breed.h). */
#include <stdlib.h>
#include <string.h>

#include "genome/breed_impl.h"

void genome_changes_free(genome_changes *c)
{
	free(c->v);
	memset(c, 0, sizeof *c);
}

int genome_breed_log(genome_changes *log, const genome_change *ch)
{
	if (!log)
		return 0;
	if (log->n == log->cap) {
		size_t nc = log->cap ? 2 * log->cap : 16;
		genome_change *nv = realloc(log->v, nc * sizeof *nv);
		if (!nv)
			return C2_ENOMEM;
		log->v = nv;
		log->cap = nc;
	}
	log->v[log->n++] = *ch;
	return 0;
}

genome_change genome_breed_change(genome_change_op op, const genome_gene *g)
{
	genome_change ch;
	memset(&ch, 0, sizeof ch);
	ch.op = op;
	if (g) {
		ch.kind = g->kind;
		ch.id = g->id;
		ch.dup = g->dup;
	}
	ch.a = ch.b = -1;
	ch.field = ch.hdr = -1;
	return ch;
}

void genome_breed_body_change(genome_change *ch, int kind, size_t off, const uint8_t *before,
                       const uint8_t *after)
{
	genome_field_list fl = genome_fields((genome_kind)kind);
	for (size_t f = 0; f < fl.n; f++) {
		const genome_field *fd = &fl.fields[f];
		if (off < fd->offset || off >= (size_t)fd->offset + fd->len)
			continue;
		ch->field = (int16_t)f;
		if (fd->kind == GF_HALFLIVES || fd->len > GENOME_CHANGE_MAX) {
			/* Big tables change byte by byte. */
			ch->elem = (uint16_t)(off - fd->offset);
			ch->len = 1;
			ch->old[0] = before[off];
			ch->new_[0] = after[off];
		} else {
			ch->len = (uint8_t)fd->len;
			memcpy(ch->old, before + fd->offset, fd->len);
			memcpy(ch->new_, after + fd->offset, fd->len);
		}
		return;
	}
}

/* Chance p as a threshold on 64 random bits (0: never, all ones: always). */
static uint64_t threshold(double p)
{
	if (!(p > 0))
		return 0;
	if (p >= 1)
		return UINT64_MAX;
	return (uint64_t)(p * 18446744073709551616.0);
}

static bool draw(c2_rng *rng, uint64_t thr)
{
	return thr && c2_rng_next(rng) < thr;
}

/* Point mutations of gene g (already appended, output index b). */
static int point_mutations(genome_gene *g, long b, long a, uint8_t from, uint64_t thr,
                           c2_rng *rng, genome_changes *log)
{
	if (!thr || !(g->flags & GENOME_FLAG_MUTABLE))
		return 0;
	size_t body = genome_kinds[g->kind].body_size;
	/* Positions: the body bytes, then the stage byte, then the flags byte. */
	for (size_t pos = 0; pos < body + 2; pos++) {
		if (!draw(rng, thr))
			continue;
		genome_change ch = genome_breed_change(GENOME_CH_POINT, g);
		ch.a = a;
		ch.b = b;
		ch.from = from;
		if (pos < body) {
			uint8_t before[256];
			memcpy(before, g->u.raw, body);
			g->u.raw[pos] ^= (uint8_t)(1u << c2_rng_below(rng, 8));
			genome_breed_body_change(&ch, g->kind, pos, before, g->u.raw);
		} else if (pos == body) {
			ch.hdr = GENOME_HDR_STAGE;
			ch.len = 1;
			ch.old[0] = g->stage;
			g->stage ^= (uint8_t)(1u << c2_rng_below(rng, 8));
			ch.new_[0] = g->stage;
		} else {
			/* Of the flags, only sex and dormancy mutate. */
			static const uint8_t bits[] = {GENOME_FLAG_MALE, GENOME_FLAG_FEMALE,
			                               GENOME_FLAG_DORMANT};
			ch.hdr = GENOME_HDR_FLAGS;
			ch.len = 1;
			ch.old[0] = g->flags;
			g->flags ^= bits[c2_rng_below(rng, sizeof bits)];
			ch.new_[0] = g->flags;
		}
		if (genome_breed_log(log, &ch))
			return C2_ENOMEM;
	}
	return 0;
}

int genome_breed_copy_gene(genome *child, const genome_gene *src, long a, uint8_t from, double rate,
                    c2_rng *rng, genome_changes *log)
{
	double w = rate * src->mut / GENOME_WEIGHT_UNIT;
	uint64_t thr_point = threshold(w / GENOME_MUTATION_ODDS);
	uint64_t thr_dup = threshold(w / GENOME_DUPLICATION_ODDS);
	uint64_t thr_del = threshold(w / GENOME_DELETION_ODDS);
	c2_err err;

	if ((src->flags & GENOME_FLAG_DELETABLE) && draw(rng, thr_del)) {
		genome_change ch = genome_breed_change(GENOME_CH_DEL, src);
		ch.a = a;
		ch.from = from;
		return genome_breed_log(log, &ch);
	}
	if (genome_append(child, src, &err))
		return C2_ENOMEM;
	long b = (long)child->ngenes - 1;
	int rc = point_mutations(&child->genes[b], b, a, from, thr_point, rng, log);
	if (rc || !(src->flags & GENOME_FLAG_DUPLICABLE) || !draw(rng, thr_dup))
		return rc;

	genome_gene copy = *src;
	if (copy.dup < 255)
		copy.dup++;
	if (genome_append(child, &copy, &err))
		return C2_ENOMEM;
	genome_change ch = genome_breed_change(GENOME_CH_DUP, &copy);
	ch.a = a;
	ch.b = b + 1;
	ch.from = from;
	if (genome_breed_log(log, &ch))
		return C2_ENOMEM;
	return point_mutations(&child->genes[b + 1], b + 1, a, from, thr_point, rng, log);
}

int genome_breed_copy_rest(genome *child, const genome *src)
{
	child->format = src->format;
	if (!src->ntail)
		return 0;
	if (!(child->tail = malloc(src->ntail)))
		return C2_ENOMEM;
	memcpy(child->tail, src->tail, src->ntail);
	child->ntail = src->ntail;
	return 0;
}

int genome_mutate(const genome *parent, genome *child, double rate, c2_rng *rng,
                  genome_changes *log, c2_err *err)
{
	genome_init(child);
	size_t logged = log ? log->n : 0;
	int rc = genome_breed_copy_rest(child, parent);
	for (size_t i = 0; i < parent->ngenes && !rc; i++)
		rc = genome_breed_copy_gene(child, &parent->genes[i], (long)i, 0, rate, rng, log);
	if (rc) {
		genome_free(child);
		if (log)
			log->n = logged;
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory while copying a genome");
	}
	return 0;
}
