/* text.c — genome text form: dump (genome -> text) and asm (text -> genome).
 *
 * Both directions walk the field tables of fields.c. The dump prints every
 * byte as a number (names go into comments), so the text is lossless for
 * every byte value; the parser also accepts names so genomes can be written
 * by hand. */
#include "genome/text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/words.h"
#include "genome/fields.h"
#include "genome/loci.h"
#include "genome/svrule.h"
#include "genome/vocab.h"

/* ------------------------------------------------------------------ writing */

static void put_field(c2_wbuf *w, const char *name, const char *value, const char *comment)
{
	if (comment && *comment)
		c2_w_printf(w, "    %-24s %-12s # %s\n", name, value, comment);
	else
		c2_w_printf(w, "    %-24s %s\n", name, value);
}

/* Quote `n` bytes: printable ASCII as is, the rest as \xNN. */
static void quote_bytes(const uint8_t *p, size_t n, char *buf, size_t cap)
{
	size_t o = 0;
	if (o + 1 < cap)
		buf[o++] = '"';
	for (size_t i = 0; i < n && o + 5 < cap; i++) {
		uint8_t c = p[i];
		if (c == '"' || c == '\\') {
			buf[o++] = '\\';
			buf[o++] = (char)c;
		} else if (c >= 0x20 && c < 0x7f) {
			buf[o++] = (char)c;
		} else {
			o += (size_t)snprintf(buf + o, cap - o, "\\x%02x", c);
		}
	}
	if (o + 1 < cap)
		buf[o++] = '"';
	buf[o] = '\0';
}

static const char *chem_name(int c)
{
	return c ? genome_vocab_name(&genome_chemicals, c) : NULL;
}

static void write_reaction_equation(c2_wbuf *w, const genome_reaction_gene *r)
{
	char side[2][160];
	const uint8_t *amt[2][2] = {{&r->r1_amount, &r->r2_amount}, {&r->p1_amount, &r->p2_amount}};
	const uint8_t *chem[2][2] = {{&r->r1, &r->r2}, {&r->p1, &r->p2}};
	for (int s = 0; s < 2; s++) {
		size_t o = 0;
		side[s][0] = '\0';
		for (int k = 0; k < 2; k++) {
			if (!*chem[s][k])
				continue;
			const char *nm = chem_name(*chem[s][k]);
			char num[16];
			snprintf(num, sizeof num, "chemical %u", *chem[s][k]);
			int n = snprintf(side[s] + o, sizeof side[s] - o, "%s%u %s", o ? " + " : "",
			                 *amt[s][k], nm ? nm : num);
			if (n > 0 && (size_t)n < sizeof side[s] - o)
				o += (size_t)n;
		}
		if (o == 0)
			snprintf(side[s], sizeof side[s], "nothing");
	}
	c2_w_printf(w, "    # %s -> %s\n", side[0], side[1]);
}

void genome_field_text(const genome_gene *gene, const genome_field *f, char *val, size_t vcap,
                       char *com, size_t ccap)
{
	const uint8_t *b = gene->u.raw + f->offset;
	const char *name;
	val[0] = '\0';
	com[0] = '\0';
	switch (f->kind) {
	case GF_BYTE:
		snprintf(val, vcap, "%u", b[0]);
		/* Instinct cells are named after the role of the lobe just before. */
		if (gene->kind == GK_INSTINCT && strstr(f->name, "_cell") && b[-1] != 0) {
			name = genome_lobe_cell_name(b[-1], b[0]);
			if (name)
				snprintf(com, ccap, "%s", name);
		}
		break;
	case GF_ENUM:
		snprintf(val, vcap, "%u", b[0]);
		name = genome_vocab_name(f->vocab, b[0]);
		if (f->vocab == &genome_senses && b[0] == 255)
			name = "none";
		if (name)
			snprintf(com, ccap, "%s", name);
		break;
	case GF_CHEM:
		snprintf(val, vcap, "%u", b[0]);
		name = chem_name(b[0]);
		snprintf(com, ccap, "%s", b[0] == 0 ? "none" : name ? name : "");
		break;
	case GF_LOBE:
		snprintf(val, vcap, "%u", b[0]);
		name = genome_vocab_name(&genome_lobes, b[0]);
		if (name)
			snprintf(com, ccap, "%s", name);
		break;
	case GF_FLAGS:
		genome_format_flags(b[0], f->bits, val, vcap);
		break;
	case GF_RULE:
		genome_svrule_disasm(b, f->len, val, vcap);
		break;
	case GF_CHARS:
		quote_bytes(b, f->len, val, vcap);
		break;
	case GF_ORGAN:
		snprintf(val, vcap, "%u", b[0]);
		name = genome_locus_organ_name(b[0]);
		if (name)
			snprintf(com, ccap, "%s", name);
		break;
	case GF_TISSUE:
		snprintf(val, vcap, "%u", b[0]);
		name = genome_locus_tissue_name(gene->u.raw[0], b[0]);
		if (name)
			snprintf(com, ccap, "%s", name);
		break;
	case GF_RLOCUS:
	case GF_ELOCUS:
		snprintf(val, vcap, "%u", b[0]);
		genome_locus_describe(f->kind == GF_RLOCUS ? GENOME_RECEPTOR : GENOME_EMITTER, gene->u.raw[0],
		                  gene->u.raw[1], b[0], com, ccap);
		break;
	case GF_HALFLIVES: /* one line per chemical: see write_field */
		break;
	}
}

static void write_field(c2_wbuf *w, const genome_gene *gene, const genome_field *f)
{
	if (f->kind == GF_HALFLIVES) {
		const uint8_t *b = gene->u.raw + f->offset;
		for (int c = 0; c < 256; c++) {
			const char *name = chem_name(c);
			if (name && c)
				c2_w_printf(w, "    halflife %3d %3u  # %s\n", c, b[c], name);
			else
				c2_w_printf(w, "    halflife %3d %3u\n", c, b[c]);
		}
		return;
	}
	char val[256], com[160];
	genome_field_text(gene, f, val, sizeof val, com, sizeof com);
	put_field(w, f->name, val, com);
}

static void write_tail(c2_wbuf *w, const uint8_t *t, size_t n)
{
	size_t i = 0;
	while (i < n) {
		size_t z = i;
		while (z < n && t[z] == 0)
			z++;
		if (z - i >= 8) { /* a run of zeros: one line however long */
			c2_w_printf(w, "tail zeros %zu\n", z - i);
			i = z;
			continue;
		}
		/* Up to 32 bytes of hex, stopping before a long zero run. */
		c2_w_str(w, "tail hex");
		size_t k = 0;
		while (i < n && k < 32) {
			size_t zz = i;
			while (zz < n && t[zz] == 0 && zz - i < 8)
				zz++;
			if (zz - i >= 8)
				break;
			c2_w_printf(w, " %02x", t[i]);
			i++;
			k++;
		}
		c2_w_str(w, "\n");
	}
}

int genome_text_write(const genome *g, const genome_text_opts *opts, c2_wbuf *w)
{
	const genome_gno *gno = opts ? opts->gno : NULL;
	c2_w_printf(w, "# c2rt genome text form%s%s: %zu genes\n",
	            opts && opts->source_name ? " of " : "",
	            opts && opts->source_name ? opts->source_name : "", g->ngenes);
	c2_w_str(w, "# Numbers are authoritative; names after '#' are comments.\n");
	c2_w_printf(w, "format %s\n", g->format == GENOME_DNA2 ? "dna2" : "stream");
	int lobe_no = 0;
	for (size_t i = 0; i < g->ngenes; i++) {
		const genome_gene *gene = &g->genes[i];
		const char *desc = genome_gno_describe(gno, gene);
		c2_w_printf(w, "\n# gene %zu @ %u", i, gene->offset);
		if (gene->kind == GK_LOBE) {
			const char *role = genome_vocab_name(&genome_lobes, lobe_no);
			c2_w_printf(w, ", lobe %d%s%s", lobe_no, role ? " " : "", role ? role : "");
			lobe_no++;
		}
		if (desc)
			c2_w_printf(w, ": %s", desc);
		c2_w_str(w, "\n");
		char flags[96], stage[16];
		genome_format_flags(gene->flags, genome_header_flag_names, flags, sizeof flags);
		const char *sn = genome_stage_name(gene->stage);
		if (sn)
			snprintf(stage, sizeof stage, "%s", sn);
		else
			snprintf(stage, sizeof stage, "%u", gene->stage);
		c2_w_printf(w, "gene %s id=%u dup=%u stage=%s flags=%s mut=%u\n",
		            genome_kinds[gene->kind].name, gene->id, gene->dup, stage, flags, gene->mut);
		if (gene->kind == GK_REACTION)
			write_reaction_equation(w, &gene->u.reaction);
		genome_field_list fl = genome_fields((genome_kind)gene->kind);
		for (size_t f = 0; f < fl.n; f++)
			write_field(w, gene, &fl.fields[f]);
	}
	if (g->ntail) {
		c2_w_printf(w, "\n# %zu bytes after the end marker, kept verbatim\n", g->ntail);
		write_tail(w, g->tail, g->ntail);
	}
	return w->oom ? C2_ENOMEM : 0;
}

/* ------------------------------------------------------------------ parsing */

typedef struct parser {
	genome *g;
	c2_err *err;
	long line;
	genome_gene cur;
	bool in_gene, tail_seen;
	uint8_t seen[128]; /* which fields of `cur` were given (lobes have 53) */
	uint8_t seen_half[256];
	size_t kind_count[GK_COUNT];
	c2_wbuf tail;
} parser;

static bool is_number(const char *s, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* Decimal 0..max, the whole token. */
static bool parse_uint(const char *s, size_t n, unsigned long max, unsigned long *out)
{
	if (!is_number(s, n) || n > 10)
		return false;
	unsigned long v = 0;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (unsigned long)(s[i] - '0');
	if (v > max)
		return false;
	*out = v;
	return true;
}

/* An error on the line being parsed (c2_fail_line checks the format). */
#define perr(p, ...) c2_fail_line((p)->err, C2_EFORMAT, (p)->line, __VA_ARGS__)

static int finish_gene(parser *p)
{
	if (!p->in_gene)
		return 0;
	p->in_gene = false;
	return genome_append(p->g, &p->cur, p->err);
}

static int parse_header(parser *p, const char *s, size_t n)
{
	int rc = finish_gene(p);
	if (rc)
		return rc;
	if (p->tail_seen)
		return perr(p, "gene after the tail bytes");
	size_t i = 0;
	while (i < n && !isspace((unsigned char)s[i]))
		i++;
	char kname[32];
	if (i == 0 || i >= sizeof kname)
		return perr(p, "'gene' needs a kind (lobe, receptor, emitter, ...)");
	memcpy(kname, s, i);
	kname[i] = '\0';
	int kind = genome_kind_by_name(kname);
	if (kind < 0)
		return perr(p, "unknown gene kind '%s'", kname);
	genome_gene_init(&p->cur, (genome_kind)kind);
	size_t cnt = ++p->kind_count[kind];
	p->cur.id = (uint8_t)(cnt > 255 ? 255 : cnt);
	p->cur.offset = 0;
	memset(p->seen, 0, sizeof p->seen);
	memset(p->seen_half, 0, sizeof p->seen_half);
	p->in_gene = true;

	const char *tok;
	size_t tl;
	while (c2_next_word(s, n, &i, &tok, &tl)) {
		const char *eq = memchr(tok, '=', tl);
		if (!eq)
			return perr(p, "gene header: expected key=value, found '%.*s'", (int)tl, tok);
		size_t kl = (size_t)(eq - tok);
		const char *v = eq + 1;
		size_t vl = tl - kl - 1;
		unsigned long u;
		if (kl == 2 && !strncmp(tok, "id", 2)) {
			if (!parse_uint(v, vl, 255, &u))
				return perr(p, "gene header: id '%.*s' is not 0..255", (int)vl, v);
			p->cur.id = (uint8_t)u;
		} else if (kl == 3 && !strncmp(tok, "dup", 3)) {
			if (!parse_uint(v, vl, 255, &u))
				return perr(p, "gene header: dup '%.*s' is not 0..255", (int)vl, v);
			p->cur.dup = (uint8_t)u;
		} else if (kl == 3 && !strncmp(tok, "mut", 3)) {
			if (!parse_uint(v, vl, 255, &u))
				return perr(p, "gene header: mut '%.*s' is not 0..255", (int)vl, v);
			p->cur.mut = (uint8_t)u;
		} else if (kl == 5 && !strncmp(tok, "stage", 5)) {
			char sn[16], hint[160];
			int st2 = -1;
			if (parse_uint(v, vl, 255, &u)) {
				p->cur.stage = (uint8_t)u;
				continue;
			}
			if (vl < sizeof sn) {
				memcpy(sn, v, vl);
				sn[vl] = '\0';
				st2 = genome_stage_by_name(sn);
			}
			if (st2 < 0) {
				genome_stage_hint(v, vl, hint, sizeof hint);
				return perr(p, "gene header: unknown stage '%.*s'%s", (int)vl, v, hint);
			}
			p->cur.stage = (uint8_t)st2;
		} else if (kl == 5 && !strncmp(tok, "flags", 5)) {
			int fv = genome_parse_flags(v, vl, genome_header_flag_names);
			if (fv < 0)
				return perr(p, "gene header: bad flags '%.*s'", (int)vl, v);
			p->cur.flags = (uint8_t)fv;
		} else {
			return perr(p, "gene header: unknown key '%.*s'", (int)kl, tok);
		}
	}
	return 0;
}

/* Value as a byte: a number, or a name looked up with `find`. */
static int byte_value(parser *p, const char *field, const char *v, size_t vl,
                      const genome_vocab *vocab, unsigned long *out)
{
	if (parse_uint(v, vl, 255, out))
		return 0;
	if (is_number(v, vl))
		return perr(p, "field '%s': %.*s is not 0..255", field, (int)vl, v);
	if (vocab) {
		int x = genome_vocab_find(vocab, v, vl);
		if (x >= 0) {
			*out = (unsigned long)x;
			return 0;
		}
		if (vocab == &genome_senses && vl == 4 && !strncmp(v, "none", 4)) {
			*out = 255;
			return 0;
		}
		if (vocab == &genome_chemicals && vl == 4 && !strncmp(v, "none", 4)) {
			*out = 0;
			return 0;
		}
		char hint[160];
		genome_vocab_hint(vocab, v, vl, hint, sizeof hint);
		return perr(p, "field '%s': unknown %s '%.*s'%s", field, vocab->what, (int)vl, v, hint);
	}
	return perr(p, "field '%s': '%.*s' is not a number 0..255", field, (int)vl, v);
}

static int parse_chars(parser *p, const genome_field *f, const char *v, size_t vl, uint8_t *dst)
{
	if (vl < 2 || v[0] != '"' || v[vl - 1] != '"')
		return perr(p, "field '%s': expected a quoted string", f->name);
	size_t o = 0;
	for (size_t i = 1; i + 1 < vl; i++) {
		uint8_t c = (uint8_t)v[i];
		if (c == '\\') {
			if (i + 2 < vl && (v[i + 1] == '\\' || v[i + 1] == '"')) {
				c = (uint8_t)v[++i];
			} else if (i + 4 < vl && v[i + 1] == 'x' && isxdigit((unsigned char)v[i + 2]) &&
			           isxdigit((unsigned char)v[i + 3])) {
				char hx[3] = {v[i + 2], v[i + 3], 0};
				c = (uint8_t)strtoul(hx, NULL, 16);
				i += 3;
			} else {
				return perr(p, "field '%s': bad escape in string", f->name);
			}
		}
		if (o == f->len)
			return perr(p, "field '%s': longer than %u bytes", f->name, f->len);
		dst[o++] = c;
	}
	while (o < f->len)
		dst[o++] = 0; /* shorter strings are NUL-padded */
	return 0;
}

static int parse_halflife(parser *p, const char *v, size_t vl)
{
	/* "CHEM RATE": the last token is the rate, the rest names the chemical. */
	size_t e = vl;
	while (e > 0 && !isspace((unsigned char)v[e - 1]))
		e--;
	size_t cl = e;
	while (cl > 0 && isspace((unsigned char)v[cl - 1]))
		cl--;
	if (cl == 0)
		return perr(p, "field 'halflife': expected 'halflife CHEMICAL RATE'");
	unsigned long chem, rate;
	int rc = byte_value(p, "halflife", v, cl, &genome_chemicals, &chem);
	if (rc)
		return rc;
	if (!parse_uint(v + e, vl - e, 255, &rate))
		return perr(p, "field 'halflife': rate '%.*s' is not 0..255", (int)(vl - e), v + e);
	if (p->seen_half[chem]++)
		return perr(p, "field 'halflife': chemical %lu given twice", chem);
	p->cur.u.half_lives.rate[chem] = (uint8_t)rate;
	return 0;
}

static int parse_field(parser *p, const char *name, size_t nl, const char *v, size_t vl)
{
	if (!p->in_gene)
		return perr(p, "'%.*s' outside a gene (a gene starts with a 'gene KIND' line)", (int)nl,
		            name);
	genome_field_list fl = genome_fields((genome_kind)p->cur.kind);
	size_t fi = 0;
	while (fi < fl.n && !(strlen(fl.fields[fi].name) == nl && !strncmp(fl.fields[fi].name, name, nl)))
		fi++;
	if (fi == fl.n)
		return perr(p, "unknown field '%.*s' for a %s gene", (int)nl, name,
		            genome_kinds[p->cur.kind].name);
	const genome_field *f = &fl.fields[fi];
	if (fi >= sizeof p->seen)
		return perr(p, "field '%s': internal error (field table too long)", f->name);
	if (f->kind == GF_HALFLIVES)
		return parse_halflife(p, v, vl);
	if (p->seen[fi]++)
		return perr(p, "field '%s' given twice", f->name);
	uint8_t *dst = p->cur.u.raw + f->offset;
	unsigned long u;
	int rc;
	switch (f->kind) {
	case GF_BYTE:
	case GF_TISSUE:
	case GF_RLOCUS:
	case GF_ELOCUS:
		rc = byte_value(p, f->name, v, vl, NULL, &u);
		break;
	case GF_ENUM:
		rc = byte_value(p, f->name, v, vl, f->vocab, &u);
		break;
	case GF_CHEM:
		rc = byte_value(p, f->name, v, vl, &genome_chemicals, &u);
		break;
	case GF_LOBE:
		rc = byte_value(p, f->name, v, vl, &genome_lobes, &u);
		break;
	case GF_ORGAN:
		rc = 0;
		if (vl == 5 && !strncmp(v, "brain", 5))
			u = 0;
		else if (vl == 8 && !strncmp(v, "creature", 8))
			u = 1;
		else if (vl == 5 && !strncmp(v, "organ", 5))
			u = 2;
		else
			rc = byte_value(p, f->name, v, vl, NULL, &u);
		break;
	case GF_FLAGS: {
		int fv = genome_parse_flags(v, vl, f->bits);
		if (fv < 0)
			return perr(p, "field '%s': bad flags '%.*s'", f->name, (int)vl, v);
		u = (unsigned long)fv;
		rc = 0;
		break;
	}
	case GF_RULE: {
		char tmp[512];
		if (vl >= sizeof tmp)
			return perr(p, "field '%s': rule too long", f->name);
		memcpy(tmp, v, vl);
		tmp[vl] = '\0';
		c2_err e2;
		if (genome_svrule_asm(tmp, dst, f->len, &e2) != 0)
			return perr(p, "field '%s': %s", f->name, e2.msg);
		return 0;
	}
	case GF_CHARS:
		return parse_chars(p, f, v, vl, dst);
	case GF_HALFLIVES:
	default:
		return perr(p, "field '%s': internal error", f->name);
	}
	if (rc)
		return rc;
	*dst = (uint8_t)u;
	return 0;
}

static int parse_tail(parser *p, const char *v, size_t vl)
{
	p->tail_seen = true;
	int rc = finish_gene(p);
	if (rc)
		return rc;
	if (vl >= 6 && !strncmp(v, "zeros", 5) && isspace((unsigned char)v[5])) {
		const char *n = v + 6;
		size_t nl = vl - 6;
		while (nl && isspace((unsigned char)*n))
			n++, nl--;
		unsigned long cnt;
		if (!parse_uint(n, nl, GENOME_MAX_FILE, &cnt))
			return perr(p, "tail zeros: '%.*s' is not a count", (int)nl, n);
		static const uint8_t zeros[256];
		while (cnt > 0) {
			size_t k = cnt > sizeof zeros ? sizeof zeros : cnt;
			c2_w_bytes(&p->tail, zeros, k);
			cnt -= k;
		}
	} else if (vl >= 3 && !strncmp(v, "hex", 3) && (vl == 3 || isspace((unsigned char)v[3]))) {
		size_t i = 3;
		while (i < vl) {
			while (i < vl && isspace((unsigned char)v[i]))
				i++;
			if (i == vl)
				break;
			if (i + 2 > vl || !isxdigit((unsigned char)v[i]) || !isxdigit((unsigned char)v[i + 1]) ||
			    (i + 2 < vl && !isspace((unsigned char)v[i + 2])))
				return perr(p, "tail hex: expected two-digit hex bytes");
			char hx[3] = {v[i], v[i + 1], 0};
			c2_w_u8(&p->tail, (uint8_t)strtoul(hx, NULL, 16));
			i += 2;
		}
	} else {
		return perr(p, "tail: expected 'tail zeros N' or 'tail hex HH ...'");
	}
	if (p->tail.len > GENOME_MAX_FILE)
		return perr(p, "tail: larger than the %u-byte limit for a genome", GENOME_MAX_FILE);
	return p->tail.oom ? c2_fail_line(p->err, C2_ENOMEM, p->line, "out of memory") : 0;
}

/* Length of a line's content before any comment ('#' outside quotes). */
static size_t strip_comment(const char *s, size_t n)
{
	bool q = false;
	for (size_t i = 0; i < n; i++) {
		if (q && s[i] == '\\' && i + 1 < n) {
			i++;
			continue;
		}
		if (s[i] == '"')
			q = !q;
		else if (s[i] == '#' && !q)
			return i;
	}
	return n;
}

/* One line of the text form (trimmed, not empty): a "gene" header, the
 * "format", the "tail" bytes or a field of the gene being read. */
static int parse_line(parser *p, const char *s, size_t n, bool *format_seen)
{
	size_t k = 0;
	while (k < n && !isspace((unsigned char)s[k]))
		k++;
	const char *v = s + k;
	size_t vl = n - k;
	while (vl && isspace((unsigned char)*v))
		v++, vl--;
	int rc = 0;
	if (k == 4 && !strncmp(s, "gene", 4)) {
		rc = parse_header(p, v, vl);
	} else if (k == 6 && !strncmp(s, "format", 6)) {
		if (*format_seen || p->g->ngenes || p->in_gene)
			rc = perr(p, "'format' must come once, before the genes");
		else if (vl == 4 && !strncmp(v, "dna2", 4))
			p->g->format = GENOME_DNA2;
		else if (vl == 6 && !strncmp(v, "stream", 6))
			p->g->format = GENOME_STREAM;
		else
			rc = perr(p, "format: expected 'dna2' or 'stream'");
		*format_seen = true;
	} else if (k == 4 && !strncmp(s, "tail", 4)) {
		rc = parse_tail(p, v, vl);
	} else {
		if (p->tail_seen)
			rc = perr(p, "field after the tail bytes");
		else
			rc = parse_field(p, s, k, v, vl);
	}
	return rc;
}

/* Offsets as they will be in the encoded file. */
static void set_offsets(genome *g)
{
	uint32_t off = g->format == GENOME_DNA2 ? 4 : 0;
	for (size_t i = 0; i < g->ngenes; i++) {
		g->genes[i].offset = off;
		off += 4 + 7 + genome_kinds[g->genes[i].kind].body_size;
	}
	g->gend_offset = off;
}

int genome_text_parse(const char *text, size_t len, genome *g, c2_err *err)
{
	parser p;
	memset(&p, 0, sizeof p);
	genome_init(g);
	c2_err_clear(err);
	p.g = g;
	p.err = err;
	g->format = GENOME_DNA2;
	int rc = 0;
	bool format_seen = false;
	size_t pos = 0;
	const char *s;
	size_t n;
	while (rc == 0 && c2_next_line(text, len, &pos, &s, &n)) {
		p.line++;
		n = strip_comment(s, n);
		while (n && isspace((unsigned char)s[n - 1]))
			n--;
		while (n && isspace((unsigned char)*s))
			s++, n--;
		if (n == 0)
			continue;
		if (memchr(s, '\0', n)) {
			rc = perr(&p, "NUL byte in text");
			break;
		}
		rc = parse_line(&p, s, n, &format_seen);
		if (rc == 0 && g->ngenes > GENOME_MAX_FILE / 11)
			rc = perr(&p, "too many genes");
	}
	if (rc == 0)
		rc = finish_gene(&p);
	if (rc == 0 && g->ngenes == 0) /* as the binary reader: an empty genome is no genome */
		rc = c2_fail_line(err, C2_EFORMAT, p.line > 0 ? p.line : 1,
		                  "no genes: an empty genome (a genome needs at least one 'gene' block)");
	if (rc == 0 && p.tail.len) {
		g->tail = p.tail.data;
		g->ntail = p.tail.len;
		p.tail.data = NULL;
	}
	c2_wbuf_free(&p.tail);
	if (rc) {
		genome_free(g);
		return rc;
	}
	set_offsets(g);
	if (genome_encoded_size(g) > GENOME_MAX_FILE) {
		genome_free(g);
		return c2_fail_line(err, C2_ETOOBIG, p.line, "genome larger than the %u-byte limit",
		                    GENOME_MAX_FILE);
	}
	return 0;
}

/* A receptor's "chemical -> locus", an emitter's "locus -> chemical". */
static void locus_summary(const genome_gene *gene, char *buf, size_t cap)
{
	const uint8_t *b = gene->u.raw;
	char a[160], c[40];
	genome_locus_dir dir = gene->kind == GK_RECEPTOR ? GENOME_RECEPTOR : GENOME_EMITTER;
	genome_locus_describe(dir, b[0], b[1], b[2], a, sizeof a);
	const char *cn = chem_name(b[3]);
	if (!cn) {
		snprintf(c, sizeof c, "chemical %u", b[3]);
		cn = c;
	}
	if (dir == GENOME_RECEPTOR)
		snprintf(buf, cap, "%s -> %s", cn, a);
	else
		snprintf(buf, cap, "%s -> %s", a, cn);
}

/* A reaction's equation, as the text form's comment writes it. */
static void reaction_summary(const genome_gene *gene, char *buf, size_t cap)
{
	c2_wbuf w = {0};
	write_reaction_equation(&w, &gene->u.reaction);
	/* "    # X -> Y\n": drop the indent, the comment mark and the newline */
	size_t n = w.len > 7 ? w.len - 7 : 0;
	snprintf(buf, cap, "%.*s", (int)n, w.data ? (const char *)w.data + 6 : "");
	c2_wbuf_free(&w);
}

/* An instinct's "lobe:cell & ... => action, chemical amount". */
static void instinct_summary(const genome_gene *gene, char *buf, size_t cap)
{
	const uint8_t *b = gene->u.raw;
	char a[160];
	size_t o = 0;
	a[0] = '\0';
	for (int s = 0; s < 3; s++) {
		uint8_t lobe = b[2 * s], cell = b[2 * s + 1];
		if (!lobe)
			continue;
		const char *ln = genome_vocab_name(&genome_lobes, lobe);
		const char *cl = genome_lobe_cell_name(lobe, cell);
		int n = snprintf(a + o, sizeof a - o, "%s%s:%s", o ? " & " : "", ln ? ln : "lobe?",
		                 cl ? cl : "?");
		if (n > 0 && (size_t)n < sizeof a - o)
			o += (size_t)n;
	}
	const char *act = genome_vocab_name(&genome_actions, b[6]);
	const char *cn = chem_name(b[7]);
	snprintf(buf, cap, "%s => %s, %s %u", o ? a : "(no inputs)", act ? act : "action ?",
	         cn ? cn : "chemical ?", b[8]);
}

void genome_gene_summary(const genome_gene *gene, char *buf, size_t cap)
{
	const uint8_t *b = gene->u.raw;
	const char *cn;
	switch ((genome_kind)gene->kind) {
	case GK_LOBE:
		snprintf(buf, cap, "%ux%u cells at %u,%u", b[2], b[3], b[0], b[1]);
		break;
	case GK_BRAIN_ORGAN:
	case GK_ORGAN:
		snprintf(buf, cap, "clock %u, life force %u, start %u, ATP damage %u", b[0], b[2], b[3], b[4]);
		break;
	case GK_RECEPTOR:
	case GK_EMITTER:
		locus_summary(gene, buf, cap);
		break;
	case GK_REACTION:
		reaction_summary(gene, buf, cap);
		break;
	case GK_HALF_LIVES:
		snprintf(buf, cap, "half-lives of 256 chemicals");
		break;
	case GK_INIT_CONC:
		cn = chem_name(b[0]);
		if (cn)
			snprintf(buf, cap, "%s = %u", cn, b[1]);
		else
			snprintf(buf, cap, "chemical %u = %u", b[0], b[1]);
		break;
	case GK_STIMULUS:
		cn = genome_vocab_name(&genome_stimuli, b[0]);
		snprintf(buf, cap, "stimulus %u%s%s", b[0], cn ? " " : "", cn ? cn : "");
		break;
	case GK_GENUS:
		cn = genome_vocab_name(&genome_species, b[0]);
		snprintf(buf, cap, "%s, mother %.4s, father %.4s", cn ? cn : "species ?",
		         (const char *)b + 1, (const char *)b + 5);
		break;
	case GK_APPEARANCE:
		cn = genome_vocab_name(&genome_body_parts, b[0]);
		snprintf(buf, cap, "%s variant %u", cn ? cn : "part ?", b[1]);
		break;
	case GK_POSE:
		snprintf(buf, cap, "pose %u", b[0]);
		break;
	case GK_GAIT:
		snprintf(buf, cap, "gait %u", b[0]);
		break;
	case GK_INSTINCT:
		instinct_summary(gene, buf, cap);
		break;
	case GK_PIGMENT:
		cn = genome_vocab_name(&genome_colours, b[0]);
		snprintf(buf, cap, "%s %u", cn ? cn : "colour ?", b[1]);
		break;
	case GK_PIGMENT_BLEED:
		snprintf(buf, cap, "rotation %u, swap %u", b[0], b[1]);
		break;
	case GK_COUNT:
	default:
		snprintf(buf, cap, "?");
		break;
	}
}

/* See genome_parse_any: which reader the bytes are for. */
static bool bytes_are_text(const uint8_t *buf, size_t len)
{
	if (len >= 4 && (memcmp(buf, "dna2", 4) == 0 || memcmp(buf, "gene", 4) == 0 ||
	                 memcmp(buf, "gend", 4) == 0))
		return len > 4 && (buf[4] == ' ' || buf[4] == '\t' || buf[4] == '\n' || buf[4] == '\r');
	for (size_t i = 0; i < len; i++)
		if ((buf[i] < 0x20 && buf[i] != '\t' && buf[i] != '\n' && buf[i] != '\r') ||
		    buf[i] == 0x7f)
			return false;
	return true;
}

int genome_parse_any(genome *g, const uint8_t *buf, size_t len, bool *is_text, c2_err *err)
{
	bool text = len > 0 && bytes_are_text(buf, len);
	if (is_text)
		*is_text = text;
	return text ? genome_text_parse((const char *)buf, len, g, err) : genome_parse(g, buf, len, err);
}
