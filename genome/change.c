/* change.c — mutation logs and diffs as text or JSON: field names from the
 * field tables, values and their names as the dump writes them. */
#include <stdio.h>
#include <string.h>

#include "genome/breed_impl.h"
#include "genome/text.h"
#include "genome/vocab.h"

static const char *const op_names[] = {
	[GENOME_CH_POINT] = "point",   [GENOME_CH_SET] = "set",       [GENOME_CH_DUP] = "duplicate",
	[GENOME_CH_DEL] = "delete",    [GENOME_CH_ADD] = "add",       [GENOME_CH_CROSS] = "crossover",
	[GENOME_CH_FORMAT] = "format", [GENOME_CH_TAIL] = "tail",
};

static const char *const parent_names[2] = {"mum", "dad"};

void genome_change_field_name(const genome_change *ch, char *buf, size_t cap)
{
	buf[0] = '\0';
	if (ch->hdr >= 0 && ch->hdr < GENOME_HDR_COUNT) {
		snprintf(buf, cap, "%s", genome_header_keys[ch->hdr]);
		return;
	}
	if (ch->field < 0)
		return;
	genome_field_list fl = genome_fields((genome_kind)ch->kind);
	if ((size_t)ch->field >= fl.n)
		return;
	const genome_field *f = &fl.fields[ch->field];
	if (f->kind == GF_HALFLIVES) {
		const char *nm = genome_vocab_name(&genome_chemicals, ch->elem);
		if (nm && ch->elem)
			snprintf(buf, cap, "%s %s", f->name, nm);
		else
			snprintf(buf, cap, "%s %u", f->name, ch->elem);
	} else if (f->len > GENOME_CHANGE_MAX) {
		snprintf(buf, cap, "%s[%u]", f->name, ch->elem);
	} else {
		snprintf(buf, cap, "%s", f->name);
	}
}

/* The value before (which 0) or after (1) a field change, as text, and its
 * name ("" when none). `quoted` says whether the value is text that a
 * reader should see quoted (an SV-rule has spaces). */
typedef struct value_text {
	char val[256], name[160];
	bool number, quoted;
} value_text;

static void change_value(const genome_change *ch, const genome *out, int which, value_text *v)
{
	const uint8_t *bytes = which ? ch->new_ : ch->old;
	v->val[0] = v->name[0] = '\0';
	v->number = true;
	v->quoted = false;
	if (ch->hdr >= 0) {
		snprintf(v->val, sizeof v->val, "%u", bytes[0]);
		if (ch->hdr == GENOME_HDR_STAGE) {
			const char *sn = genome_stage_name(bytes[0]);
			snprintf(v->name, sizeof v->name, "%s", sn ? sn : "never");
		} else if (ch->hdr == GENOME_HDR_FLAGS) {
			genome_format_flags(bytes[0], genome_header_flag_names, v->name, sizeof v->name);
		}
		return;
	}
	genome_field_list fl = genome_fields((genome_kind)ch->kind);
	if (ch->field < 0 || (size_t)ch->field >= fl.n)
		return;
	const genome_field *f = &fl.fields[ch->field];
	if (f->kind == GF_HALFLIVES || f->len > GENOME_CHANGE_MAX) {
		snprintf(v->val, sizeof v->val, "%u", bytes[0]);
		return;
	}
	/* The output gene gives the context (a locus is named from its organ
	 * and tissue); its field is set to the bytes wanted. */
	genome_gene g;
	if (out && ch->b >= 0 && (size_t)ch->b < out->ngenes && out->genes[ch->b].kind == ch->kind)
		g = out->genes[ch->b];
	else
		genome_gene_init(&g, (genome_kind)ch->kind);
	memcpy(g.u.raw + f->offset, bytes, ch->len);
	genome_field_text(&g, f, v->val, sizeof v->val, v->name, sizeof v->name);
	v->number = f->len == 1 && f->kind != GF_FLAGS;
	v->quoted = f->kind == GF_RULE || f->kind == GF_CHARS;
	size_t n = strlen(v->val);
	if (f->kind == GF_CHARS && n >= 2) { /* the dump's quotes: the writers add their own */
		memmove(v->val, v->val + 1, n - 2);
		v->val[n - 2] = '\0';
	}
}

static void gene_label(c2_wbuf *w, const genome_change *ch)
{
	c2_w_printf(w, "%s id=%u dup=%u", genome_kinds[ch->kind].name, ch->id, ch->dup);
}

static void text_value(c2_wbuf *w, const value_text *v)
{
	c2_w_printf(w, v->quoted ? "\"%s\"" : "%s", v->val);
	if (v->name[0])
		c2_w_printf(w, " (%s)", v->name);
}

void genome_changes_text(const genome_changes *c, const genome *out, c2_wbuf *w)
{
	for (size_t i = 0; i < c->n; i++) {
		const genome_change *ch = &c->v[i];
		char field[96];
		value_text before, after;
		switch (ch->op) {
		case GENOME_CH_POINT:
		case GENOME_CH_SET:
			genome_change_field_name(ch, field, sizeof field);
			change_value(ch, out, 0, &before);
			change_value(ch, out, 1, &after);
			c2_w_printf(w, "gene %ld ", ch->b);
			gene_label(w, ch);
			c2_w_printf(w, ": %s%s ", ch->op == GENOME_CH_SET ? "set " : "", field);
			text_value(w, &before);
			c2_w_str(w, " -> ");
			text_value(w, &after);
			c2_w_str(w, "\n");
			break;
		case GENOME_CH_DUP:
			c2_w_printf(w, "gene %ld ", ch->b);
			gene_label(w, ch);
			c2_w_printf(w, ": duplicate of %s gene %ld\n", ch->from ? "dad's" : "input", ch->a);
			break;
		case GENOME_CH_DEL:
			c2_w_printf(w, "%s gene %ld ", ch->from ? "dad's" : "input", ch->a);
			gene_label(w, ch);
			c2_w_str(w, ": deleted\n");
			break;
		case GENOME_CH_ADD:
			c2_w_printf(w, "gene %ld ", ch->b);
			gene_label(w, ch);
			c2_w_str(w, ": added\n");
			break;
		case GENOME_CH_CROSS:
			c2_w_printf(w, "gene %ld: crossover to %s's strand, at %s's gene %ld\n", ch->b,
			            parent_names[ch->from & 1], parent_names[ch->from & 1], ch->a);
			break;
		case GENOME_CH_FORMAT:
			c2_w_printf(w, "format: %s -> %s\n", ch->old[0] == GENOME_DNA2 ? "dna2" : "stream",
			            ch->new_[0] == GENOME_DNA2 ? "dna2" : "stream");
			break;
		case GENOME_CH_TAIL:
			c2_w_printf(w, "tail: the bytes after 'gend' differ (%u -> %u bytes)\n", ch->old_len,
			            ch->new_len);
			break;
		}
	}
}

static void json_value(c2_wbuf *w, const char *key, const value_text *v)
{
	c2_w_printf(w, ",\"%s\":", key);
	if (v->number)
		c2_w_str(w, v->val);
	else
		c2_w_json_cstr(w, v->val);
	if (v->name[0]) {
		c2_w_printf(w, ",\"%s_name\":", key);
		c2_w_json_cstr(w, v->name);
	}
}

void genome_changes_json(const genome_changes *c, const genome *out, c2_wbuf *w)
{
	c2_w_u8(w, '[');
	for (size_t i = 0; i < c->n; i++) {
		const genome_change *ch = &c->v[i];
		c2_w_printf(w, "%s{\"op\":\"%s\"", i ? "," : "", op_names[ch->op]);
		if (ch->b >= 0)
			c2_w_printf(w, ",\"gene\":%ld", ch->b);
		if (ch->a >= 0)
			c2_w_printf(w, ",\"input\":%ld", ch->a);
		if (ch->op == GENOME_CH_CROSS || ch->from)
			c2_w_printf(w, ",\"parent\":\"%s\"", parent_names[ch->from & 1]);
		if (ch->op == GENOME_CH_TAIL) {
			c2_w_printf(w, ",\"old\":%u,\"new\":%u}", ch->old_len, ch->new_len);
			continue;
		}
		if (ch->op == GENOME_CH_FORMAT) {
			c2_w_printf(w, ",\"old\":\"%s\",\"new\":\"%s\"}",
			            ch->old[0] == GENOME_DNA2 ? "dna2" : "stream",
			            ch->new_[0] == GENOME_DNA2 ? "dna2" : "stream");
			continue;
		}
		if (ch->op != GENOME_CH_CROSS) {
			const genome_kind_info *k = &genome_kinds[ch->kind];
			c2_w_printf(w, ",\"kind\":\"%s\",\"type\":%u,\"subtype\":%u,\"id\":%u,\"dup\":%u", k->name,
			            k->type, k->subtype, ch->id, ch->dup);
		}
		if (ch->op == GENOME_CH_POINT || ch->op == GENOME_CH_SET) {
			char field[96];
			value_text before, after;
			genome_change_field_name(ch, field, sizeof field);
			change_value(ch, out, 0, &before);
			change_value(ch, out, 1, &after);
			c2_w_str(w, ",\"field\":");
			c2_w_json_cstr(w, field);
			json_value(w, "old", &before);
			json_value(w, "new", &after);
		}
		c2_w_u8(w, '}');
	}
	c2_w_u8(w, ']');
}
