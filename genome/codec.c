/* codec.c — strict, byte-exact reading and writing of `dna2` genomes.
 *
 * Every read is checked against the remaining length before it happens; gene
 * sizes come only from the kind table. Bytes after "gend" are kept verbatim
 * so encode(parse(x)) == x for every accepted input. */
#include "genome/genome.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/fileio.h"

const genome_kind_info genome_kinds[GK_COUNT] = {
#define X(E, t, s, n, name, disp) [GK_##E] = {t, s, n, name, disp},
	GENOME_GENE_KINDS(X)
#undef X
};

/* The typed structs must be exactly the gene bodies. */
#define X(E, t, s, n, name, disp) _Static_assert(n <= 256, "gene body fits raw[]");
GENOME_GENE_KINDS(X)
#undef X
_Static_assert(sizeof(genome_dendrite_gene) == 87, "dendrite block layout");
_Static_assert(sizeof(genome_lobe_gene) == 196, "lobe gene layout");
_Static_assert(sizeof(genome_organ_gene) == 5, "organ gene layout");
_Static_assert(sizeof(genome_receptor_gene) == 8, "receptor gene layout");
_Static_assert(sizeof(genome_emitter_gene) == 8, "emitter gene layout");
_Static_assert(sizeof(genome_reaction_gene) == 9, "reaction gene layout");
_Static_assert(sizeof(genome_half_lives_gene) == 256, "half-lives gene layout");
_Static_assert(sizeof(genome_init_conc_gene) == 2, "initial concentration layout");
_Static_assert(sizeof(genome_stimulus_gene) == 13, "stimulus gene layout");
_Static_assert(sizeof(genome_genus_gene) == 9, "genus gene layout");
_Static_assert(sizeof(genome_appearance_gene) == 3, "appearance gene layout");
_Static_assert(sizeof(genome_pose_gene) == 16, "pose gene layout");
_Static_assert(sizeof(genome_gait_gene) == 9, "gait gene layout");
_Static_assert(sizeof(genome_instinct_gene) == 9, "instinct gene layout");
_Static_assert(sizeof(genome_pigment_gene) == 2, "pigment gene layout");
_Static_assert(sizeof(genome_bleed_gene) == 2, "pigment bleed gene layout");

static const uint8_t MAGIC[4] = {'d', 'n', 'a', '2'};
static const uint8_t GENE[4] = {'g', 'e', 'n', 'e'};
static const uint8_t GEND[4] = {'g', 'e', 'n', 'd'};
enum { HEADER_LEN = GENOME_HEADER_LEN };

int genome_kind_of(int type, int subtype)
{
	for (int k = 0; k < GK_COUNT; k++)
		if (genome_kinds[k].type == type && genome_kinds[k].subtype == subtype)
			return k;
	return -1;
}

void genome_gene_head(const genome_gene *gene, uint8_t *h)
{
	h[0] = gene->type;
	h[1] = gene->subtype;
	h[2] = gene->id;
	h[3] = gene->dup;
	h[4] = gene->stage;
	h[5] = gene->flags;
	h[6] = gene->mut;
}

bool genome_same_genes(const genome *a, const genome *b)
{
	if (a->ngenes != b->ngenes || a->format != b->format)
		return false;
	for (size_t i = 0; i < a->ngenes; i++) {
		const genome_gene *x = &a->genes[i], *y = &b->genes[i];
		if (x->kind != y->kind || x->id != y->id || x->dup != y->dup || x->stage != y->stage ||
		    x->flags != y->flags || x->mut != y->mut ||
		    memcmp(x->u.raw, y->u.raw, genome_kinds[x->kind].body_size) != 0)
			return false;
	}
	return true;
}

int genome_kind_by_name(const char *name)
{
	for (int k = 0; k < GK_COUNT; k++) {
		const char *a = genome_kinds[k].name, *b = name;
		while (*a && tolower((unsigned char)*a) == tolower((unsigned char)*b))
			a++, b++;
		if (!*a && !*b)
			return k;
	}
	return -1;
}

static const char *const stage_names[GENOME_NSTAGES] = {
#define X(E, v, n) [v] = n,
	GENOME_STAGES(X)
#undef X
};

const char *genome_stage_name(int stage)
{
	return stage >= 0 && stage < GENOME_NSTAGES ? stage_names[stage] : NULL;
}

int genome_stage_by_name(const char *name)
{
	for (int s = 0; s < GENOME_NSTAGES; s++) {
		const char *a = stage_names[s], *b = name;
		while (*a && tolower((unsigned char)*a) == tolower((unsigned char)*b))
			a++, b++;
		if (!*a && !*b)
			return s;
	}
	const char *b = name, *a = "baby"; /* gene stage 0 covers embryo and baby (Q14) */
	while (*a && tolower((unsigned char)*a) == tolower((unsigned char)*b))
		a++, b++;
	return (!*a && !*b) ? 0 : -1;
}

void genome_init(genome *g)
{
	memset(g, 0, sizeof *g);
}

void genome_free(genome *g)
{
	free(g->genes);
	free(g->tail);
	genome_init(g);
}

void genome_gene_init(genome_gene *gene, genome_kind kind)
{
	memset(gene, 0, sizeof *gene);
	gene->kind = (uint8_t)kind;
	gene->type = genome_kinds[kind].type;
	gene->subtype = genome_kinds[kind].subtype;
	gene->flags = GENOME_FLAG_MUTABLE | GENOME_FLAG_DUPLICABLE | GENOME_FLAG_DELETABLE;
	gene->mut = 128;
}

static int grow(genome *g, c2_err *err)
{
	if (g->ngenes < g->cap)
		return 0;
	size_t ncap = g->cap ? g->cap * 2 : 256;
	genome_gene *ng = realloc(g->genes, ncap * sizeof *ng);
	if (!ng)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	g->genes = ng;
	g->cap = ncap;
	return 0;
}

int genome_append(genome *g, const genome_gene *gene, c2_err *err)
{
	if (gene->kind >= GK_COUNT || genome_kinds[gene->kind].type != gene->type ||
	    genome_kinds[gene->kind].subtype != gene->subtype)
		return c2_fail(err, C2_EINVAL, -1, (int)g->ngenes, "gene kind and type disagree");
	int rc = grow(g, err);
	if (rc)
		return rc;
	g->genes[g->ngenes++] = *gene;
	return 0;
}

static void hex4(const uint8_t *p, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (i)
			out[o++] = ' ';
		out[o++] = digits[p[i] >> 4];
		out[o++] = digits[p[i] & 15];
	}
	out[o] = '\0';
}

/* The 'gend' marker at p: where it is, and the bytes after it kept as the
 * tail. A genome of no genes is refused here. */
static int read_end(genome *g, const uint8_t *buf, size_t len, size_t p, c2_err *err)
{
	/* A genome describes a creature; no gene describes nothing, and is
	 * refused here so that every reader of genomes (and asm of an empty
	 * text) agrees. */
	if (g->ngenes == 0)
		return c2_fail(err, C2_EFORMAT, (long)p, -1,
		               "no genes before the 'gend' end marker: an empty genome");
	g->gend_offset = (uint32_t)p;
	p += 4;
	g->ntail = len - p;
	if (g->ntail) {
		g->tail = malloc(g->ntail);
		if (!g->tail)
			return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		memcpy(g->tail, buf + p, g->ntail);
	}
	return 0;
}

/* The gene at *p (its 'gene' marker, header and body, all there and of a
 * known kind) appended to g; *p moves past it. */
static int read_gene(genome *g, const uint8_t *buf, size_t len, size_t *pp, c2_err *err)
{
	size_t p = *pp;
	int gi = (int)g->ngenes;
	if (memcmp(buf + p, GENE, 4) != 0) {
		char hex[16];
		hex4(buf + p, 4, hex);
		return c2_fail(err, C2_EFORMAT, (long)p, -1,
		               "expected 'gene' or 'gend' marker after %d genes, found bytes %s", gi,
		               hex);
	}
	if (len - p - 4 < HEADER_LEN)
		return c2_fail(err, C2_EFORMAT, (long)p, gi,
		               "truncated gene header: %zu of %d bytes present", len - p - 4,
		               HEADER_LEN);
	const uint8_t *h = buf + p + 4;
	int kind = genome_kind_of(h[0], h[1]);
	if (kind < 0)
		return c2_fail(err, C2_EFORMAT, (long)(p + 4), gi, "unknown gene type %u subtype %u",
		               h[0], h[1]);
	size_t size = genome_kinds[kind].body_size;
	size_t have = len - p - 4 - HEADER_LEN;
	if (have < size)
		return c2_fail(err, C2_EFORMAT, (long)p, gi,
		               "truncated %s gene: body needs %zu bytes, %zu present",
		               genome_kinds[kind].name, size, have);
	int rc = grow(g, err);
	if (rc)
		return rc;
	genome_gene *gene = &g->genes[g->ngenes++];
	memset(gene, 0, sizeof *gene);
	gene->kind = (uint8_t)kind;
	gene->type = h[0];
	gene->subtype = h[1];
	gene->id = h[2];
	gene->dup = h[3];
	gene->stage = h[4];
	gene->flags = h[5];
	gene->mut = h[6];
	gene->offset = (uint32_t)p;
	memcpy(gene->u.raw, h + HEADER_LEN, size);
	*pp = p + 4 + HEADER_LEN + size;
	return 0;
}

int genome_parse(genome *g, const uint8_t *buf, size_t len, c2_err *err)
{
	genome_init(g);
	c2_err_clear(err);
	if (len > GENOME_MAX_FILE)
		return c2_fail(err, C2_ETOOBIG, -1, -1,
		               "larger than the %u-byte limit for a genome", GENOME_MAX_FILE);
	size_t p;
	if (len >= 4 && memcmp(buf, MAGIC, 4) == 0) {
		g->format = GENOME_DNA2;
		p = 4;
	} else if (len >= 4 && (memcmp(buf, GENE, 4) == 0 || memcmp(buf, GEND, 4) == 0)) {
		g->format = GENOME_STREAM; /* a C2 export's embedded genome */
		p = 0;
	} else {
		return c2_fail(err, C2_EFORMAT, 0, -1,
		               "missing 'dna2' magic: not a Creatures 2 genome");
	}

	int rc = 0;
	while (rc == 0 && len - p >= 4 && memcmp(buf + p, GEND, 4) != 0)
		rc = read_gene(g, buf, len, &p, err);
	if (rc == 0 && len - p < 4)
		rc = c2_fail(err, C2_EFORMAT, (long)p, -1,
		             "missing 'gend' end marker (input ends after %zu genes)", g->ngenes);
	if (rc == 0)
		rc = read_end(g, buf, len, p, err);
	if (rc)
		genome_free(g);
	return rc;
}

int genome_read_file(genome *g, const char *path, c2_err *err)
{
	uint8_t *buf;
	size_t len;
	genome_init(g);
	/* Read one byte past the cap so an oversized file is reported as such. */
	int rc = c2_read_file(path, GENOME_MAX_FILE, &buf, &len, err);
	if (rc)
		return rc;
	rc = genome_parse(g, buf, len, err);
	free(buf);
	return rc;
}

size_t genome_encoded_size(const genome *g)
{
	size_t n = g->format == GENOME_DNA2 ? 4 : 0;
	for (size_t i = 0; i < g->ngenes; i++)
		n += 4 + HEADER_LEN + genome_kinds[g->genes[i].kind].body_size;
	return n + 4 + g->ntail;
}

size_t genome_encode(const genome *g, uint8_t *out, size_t cap)
{
	size_t need = genome_encoded_size(g);
	if (cap < need)
		return 0;
	size_t p = 0;
	if (g->format == GENOME_DNA2) {
		memcpy(out, MAGIC, 4);
		p = 4;
	}
	for (size_t i = 0; i < g->ngenes; i++) {
		const genome_gene *gene = &g->genes[i];
		size_t size = genome_kinds[gene->kind].body_size;
		memcpy(out + p, GENE, 4);
		uint8_t *h = out + p + 4;
		genome_gene_head(gene, h);
		memcpy(h + HEADER_LEN, gene->u.raw, size);
		p += 4 + HEADER_LEN + size;
	}
	memcpy(out + p, GEND, 4);
	p += 4;
	if (g->ntail)
		memcpy(out + p, g->tail, g->ntail);
	return p + g->ntail;
}

int genome_write_file(const genome *g, const char *path, c2_err *err)
{
	size_t n = genome_encoded_size(g);
	uint8_t *buf = malloc(n ? n : 1);
	if (!buf)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	genome_encode(g, buf, n);
	int rc = c2_write_file_atomic(path, buf, n, err);
	free(buf);
	return rc;
}

void genome_count_kinds(const genome *g, size_t counts[GK_COUNT])
{
	memset(counts, 0, GK_COUNT * sizeof counts[0]);
	for (size_t i = 0; i < g->ngenes; i++)
		counts[g->genes[i].kind]++;
}
