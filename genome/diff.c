/* diff.c — the differences of two genomes by gene identity, header key by
 * header key and field by field (see breed.h). */
#include <string.h>

#include "genome/breed_impl.h"

/* Header keys a diff compares (id and dup are the identity itself). */
static const genome_header_key compared_keys[] = {GENOME_HDR_STAGE, GENOME_HDR_FLAGS,
                                                  GENOME_HDR_MUT};

static int diff_gene(const genome_gene *x, const genome_gene *y, long a, long b,
                     genome_changes *out)
{
	genome_gene gx = *x, gy = *y;
	for (size_t k = 0; k < sizeof compared_keys / sizeof compared_keys[0]; k++) {
		uint8_t vx = *genome_header_byte(&gx, compared_keys[k]);
		uint8_t vy = *genome_header_byte(&gy, compared_keys[k]);
		if (vx == vy)
			continue;
		genome_change ch = genome_breed_change(GENOME_CH_POINT, y);
		ch.a = a;
		ch.b = b;
		ch.hdr = (int16_t)compared_keys[k];
		ch.len = 1;
		ch.old[0] = vx;
		ch.new_[0] = vy;
		if (genome_breed_log(out, &ch))
			return C2_ENOMEM;
	}
	genome_field_list fl = genome_fields((genome_kind)x->kind);
	for (size_t f = 0; f < fl.n; f++) {
		const genome_field *fd = &fl.fields[f];
		bool bytewise = fd->kind == GF_HALFLIVES || fd->len > GENOME_CHANGE_MAX;
		for (size_t off = fd->offset; off < (size_t)fd->offset + fd->len; off++) {
			if (x->u.raw[off] == y->u.raw[off])
				continue;
			genome_change ch = genome_breed_change(GENOME_CH_POINT, y);
			ch.a = a;
			ch.b = b;
			genome_breed_body_change(&ch, x->kind, off, x->u.raw, y->u.raw);
			if (genome_breed_log(out, &ch))
				return C2_ENOMEM;
			if (!bytewise)
				break; /* one change carries the whole field */
		}
	}
	return 0;
}

int genome_diff(const genome *a, const genome *b, genome_changes *out, c2_err *err)
{
	size_t logged = out->n;
	int rc = 0;
	if (a->format != b->format) {
		genome_change ch = genome_breed_change(GENOME_CH_FORMAT, NULL);
		ch.len = 1;
		ch.old[0] = (uint8_t)a->format;
		ch.new_[0] = (uint8_t)b->format;
		rc = genome_breed_log(out, &ch);
	}
	genome_breed_alignment al = {0};
	if (!rc)
		rc = genome_breed_align(a, b, true, &al);
	for (size_t k = 0; k < al.n && !rc; k++) {
		long i = al.v[k].a, j = al.v[k].b;
		genome_change ch;
		if (i < 0) {
			ch = genome_breed_change(GENOME_CH_ADD, &b->genes[j]);
			ch.b = j;
			rc = genome_breed_log(out, &ch);
		} else if (j < 0) {
			ch = genome_breed_change(GENOME_CH_DEL, &a->genes[i]);
			ch.a = i;
			rc = genome_breed_log(out, &ch);
		} else if (!genome_breed_gene_equal(&a->genes[i], &b->genes[j])) {
			rc = diff_gene(&a->genes[i], &b->genes[j], i, j, out);
		}
	}
	genome_breed_alignment_free(&al);
	if (!rc && (a->ntail != b->ntail || (a->ntail && memcmp(a->tail, b->tail, a->ntail) != 0))) {
		genome_change ch = genome_breed_change(GENOME_CH_TAIL, NULL);
		ch.old_len = (uint32_t)a->ntail;
		ch.new_len = (uint32_t)b->ntail;
		rc = genome_breed_log(out, &ch);
	}
	if (rc) {
		out->n = logged;
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory while comparing genomes");
	}
	return 0;
}
