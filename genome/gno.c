/* gno.c — bounded reader for Genetics Kit notes (.gno) files. */
#include "genome/gno.h"

#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "base/fileio.h"

void genome_gno_free(genome_gno *gno)
{
	for (size_t i = 0; i < gno->n; i++) {
		free(gno->entries[i].description);
		free(gno->entries[i].note);
	}
	free(gno->entries);
	gno->entries = NULL;
	gno->n = 0;
}

/* Latin-1 to UTF-8, dropping trailing NULs/spaces; NULL on allocation failure. */
static char *latin1_to_utf8(const uint8_t *s, size_t n)
{
	while (n > 0 && (s[n - 1] == 0 || s[n - 1] == ' '))
		n--;
	char *out = malloc(2 * n + 1);
	if (!out)
		return NULL;
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		uint8_t c = s[i];
		if (c == 0)
			c = ' ';
		if (c < 0x80) {
			out[o++] = (char)c;
		} else {
			out[o++] = (char)(0xC0 | (c >> 6));
			out[o++] = (char)(0x80 | (c & 0x3F));
		}
	}
	out[o] = '\0';
	return out;
}

int genome_gno_parse(genome_gno *gno, const uint8_t *buf, size_t len, c2_err *err)
{
	memset(gno, 0, sizeof *gno);
	c2_rbuf r = c2_rbuf_make(buf, len);
	uint16_t version = c2_r_u16(&r);
	uint16_t count = c2_r_u16(&r);
	if (r.bad)
		return c2_fail(err, C2_EFORMAT, 0, -1, "truncated notes header");
	if (version != 2)
		return c2_fail(err, C2_EFORMAT, 0, -1, "notes file version %u (expected 2)", version);
	gno->entries = calloc(count ? count : 1, sizeof *gno->entries);
	if (!gno->entries)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	for (uint16_t i = 0; i < count; i++) {
		size_t at = r.pos;
		genome_gno_entry *e = &gno->entries[gno->n];
		e->type = c2_r_u16(&r);
		e->subtype = c2_r_u16(&r);
		e->seq = c2_r_u32(&r);
		uint16_t dl = c2_r_u16(&r);
		const uint8_t *desc = c2_r_take(&r, dl);
		uint16_t nl = c2_r_u16(&r);
		const uint8_t *note = c2_r_take(&r, nl);
		if (r.bad) {
			genome_gno_free(gno);
			return c2_fail(err, C2_EFORMAT, (long)at, -1, "truncated notes entry %u of %u", i,
			               count);
		}
		e->description = latin1_to_utf8(desc, dl);
		e->note = malloc((size_t)nl + 1);
		if (!e->description || !e->note) {
			free(e->description);
			free(e->note);
			genome_gno_free(gno);
			return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		}
		memcpy(e->note, note, nl);
		e->note[nl] = '\0';
		gno->n++;
	}
	gno->used = r.pos;
	return 0;
}

int genome_gno_read_file(genome_gno *gno, const char *path, c2_err *err)
{
	uint8_t *buf;
	size_t len;
	memset(gno, 0, sizeof *gno);
	int rc = c2_read_file(path, GENOME_GNO_MAX_FILE, &buf, &len, err);
	if (rc)
		return rc;
	rc = genome_gno_parse(gno, buf, len, err);
	free(buf);
	return rc;
}

const char *genome_gno_describe(const genome_gno *gno, const genome_gene *gene)
{
	if (!gno)
		return NULL;
	for (size_t i = 0; i < gno->n; i++) {
		const genome_gno_entry *e = &gno->entries[i];
		if (e->type == gene->type && e->subtype == gene->subtype && e->seq == gene->id)
			return e->description;
	}
	return NULL;
}
