/* json.c — the JSON form of a genome: one object per gene with the same
 * fields as the text form (numbers, plus "<field>_name" for named values). */
#include <stdio.h>
#include <string.h>

#include "genome/fields.h"
#include "genome/loci.h"
#include "genome/svrule.h"
#include "genome/text.h"
#include "genome/vocab.h"

static void json_cstr(c2_wbuf *w, const char *s)
{
	c2_w_json_cstr(w, s);
}

static void json_named(c2_wbuf *w, const char *field, unsigned v, const char *name)
{
	c2_w_printf(w, ",\"%s\":%u", field, v);
	if (name) {
		c2_w_printf(w, ",\"%s_name\":", field);
		json_cstr(w, name);
	}
}

static void json_field(c2_wbuf *w, const genome_gene *gene, const genome_field *f)
{
	const uint8_t *b = gene->u.raw + f->offset;
	char buf[256];
	switch (f->kind) {
	case GF_BYTE:
		c2_w_printf(w, ",\"%s\":%u", f->name, b[0]);
		break;
	case GF_ENUM:
		json_named(w, f->name, b[0], genome_vocab_name(f->vocab, b[0]));
		break;
	case GF_CHEM:
		json_named(w, f->name, b[0], b[0] ? genome_vocab_name(&genome_chemicals, b[0]) : NULL);
		break;
	case GF_LOBE:
		json_named(w, f->name, b[0], genome_vocab_name(&genome_lobes, b[0]));
		break;
	case GF_ORGAN:
		json_named(w, f->name, b[0], genome_locus_organ_name(b[0]));
		break;
	case GF_TISSUE:
		json_named(w, f->name, b[0], genome_locus_tissue_name(gene->u.raw[0], b[0]));
		break;
	case GF_RLOCUS:
	case GF_ELOCUS:
		genome_locus_describe(f->kind == GF_RLOCUS ? GENOME_RECEPTOR : GENOME_EMITTER, gene->u.raw[0],
		                  gene->u.raw[1], b[0], buf, sizeof buf);
		json_named(w, f->name, b[0], buf);
		break;
	case GF_FLAGS:
		genome_format_flags(b[0], f->bits, buf, sizeof buf);
		c2_w_printf(w, ",\"%s\":%u,\"%s_words\":", f->name, b[0], f->name);
		json_cstr(w, buf);
		break;
	case GF_RULE:
		genome_svrule_disasm(b, f->len, buf, sizeof buf);
		c2_w_printf(w, ",\"%s\":", f->name);
		json_cstr(w, buf);
		c2_w_printf(w, ",\"%s_bytes\":[", f->name);
		for (unsigned i = 0; i < f->len; i++)
			c2_w_printf(w, "%s%u", i ? "," : "", b[i]);
		c2_w_u8(w, ']');
		break;
	case GF_CHARS:
		c2_w_printf(w, ",\"%s\":", f->name);
		c2_w_json_str(w, (const char *)b, f->len, true);
		break;
	case GF_HALFLIVES:
		c2_w_str(w, ",\"halflife\":[");
		for (int i = 0; i < 256; i++)
			c2_w_printf(w, "%s%u", i ? "," : "", b[i]);
		c2_w_u8(w, ']');
		break;
	}
}

int genome_json_write(const genome *g, const genome_gno *gno, c2_wbuf *w)
{
	c2_w_printf(w, "{\"format\":\"%s\",\"genes\":[", g->format == GENOME_DNA2 ? "dna2" : "stream");
	for (size_t i = 0; i < g->ngenes; i++) {
		const genome_gene *gene = &g->genes[i];
		char flags[96];
		genome_format_flags(gene->flags, genome_header_flag_names, flags, sizeof flags);
		const char *stage = genome_stage_name(gene->stage);
		c2_w_printf(w, "%s\n{\"index\":%zu,\"offset\":%u,\"kind\":\"%s\",\"type\":%u,\"subtype\":%u,"
		               "\"id\":%u,\"dup\":%u,\"stage\":%u",
		            i ? "," : "", i, gene->offset, genome_kinds[gene->kind].name, gene->type,
		            gene->subtype, gene->id, gene->dup, gene->stage);
		if (stage)
			c2_w_printf(w, ",\"stage_name\":\"%s\"", stage);
		c2_w_printf(w, ",\"gene_flags\":%u,\"gene_flags_words\":\"%s\",\"mut\":%u", gene->flags, flags,
		            gene->mut);
		const char *desc = genome_gno_describe(gno, gene);
		if (desc) {
			c2_w_str(w, ",\"description\":");
			json_cstr(w, desc);
		}
		genome_field_list fl = genome_fields((genome_kind)gene->kind);
		for (size_t f = 0; f < fl.n; f++)
			json_field(w, gene, &fl.fields[f]);
		c2_w_u8(w, '}');
	}
	size_t zeros = 0;
	for (size_t i = 0; i < g->ntail; i++)
		zeros += g->tail[i] == 0;
	c2_w_printf(w, "\n],\"gend_offset\":%u,\"tail\":{\"length\":%zu,\"zeros\":%zu", g->gend_offset,
	            g->ntail, zeros);
	if (zeros != g->ntail) {
		c2_w_str(w, ",\"hex\":\"");
		for (size_t i = 0; i < g->ntail; i++)
			c2_w_printf(w, "%02x", g->tail[i]);
		c2_w_u8(w, '"');
	}
	c2_w_str(w, "}}\n");
	return w->oom ? C2_ENOMEM : 0;
}
