/* plotreq.c — a plot request's bytes, written and read (plotreq.h). */
#include "cli/plotreq.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char MAGIC[8] = {'C', '2', 'R', 'T', 'P', 'L', 'T', '2'};
enum { KIND_EXACT = 0, KIND_BUCKETS = 1, NO_TEXT = 0xFFFFFFFFu };

void cli_plot_req_default(cli_plot_req *q)
{
	memset(q, 0, sizeof *q);
	q->w = 1200;
	q->h = 700;
	q->ymax = 255;
}

static void put_f32(c2_wbuf *w, float v)
{
	uint32_t u;
	memcpy(&u, &v, sizeof u);
	c2_w_u32(w, u);
}

static void put_f64(c2_wbuf *w, double v)
{
	uint64_t u;
	memcpy(&u, &v, sizeof u);
	c2_w_u64(w, u);
}

static void put_text(c2_wbuf *w, const char *s)
{
	if (!s) {
		c2_w_u32(w, NO_TEXT);
		return;
	}
	c2_w_u32(w, (uint32_t)strlen(s));
	c2_w_str(w, s);
}

static int size_ok(int w, int h)
{
	return w >= CLI_PLOT_MIN_W && h >= CLI_PLOT_MIN_H && w <= CLI_PLOT_MAX_SIDE &&
	       h <= CLI_PLOT_MAX_SIDE;
}

static int text_ok(const char *s)
{
	return !s || strlen(s) <= CLI_PLOT_TEXT_MAX;
}

static int key_ok(int key)
{
	return key >= CLI_PLOT_KEY_NONE && key < CLI_PLOT_KEY_END;
}

static int marks_ok(const cli_plot_req *q)
{
	if (q->nmarks < 0 || q->nmarks > CLI_PLOT_MARKS_MAX || (q->nmarks && !q->marks))
		return 0;
	for (int i = 0; i < q->nmarks; i++) {
		const cli_plot_mark *m = &q->marks[i];
		if (!isfinite(m->t) || m->kind < 0 || m->kind >= CLI_PLOT_NMARK_KINDS ||
		    (m->label && strlen(m->label) > CLI_PLOT_MARK_TEXT_MAX))
			return 0;
	}
	return 1;
}

static int keys_ok(const cli_plot_req *q, int ns)
{
	for (int s = 0; q->keys && s < ns; s++)
		if (!key_ok(q->keys[s]))
			return 0;
	return 1;
}

/* One row: a sample, or (kind buckets) what a summary keeps of a bucket. */
static void put_row(c2_wbuf *w, const trace_series *d, size_t i, int kind)
{
	int ns = trace_series_nseries(d);
	if (kind == KIND_EXACT) {
		put_f64(w, trace_series_time(d, i));
		for (int s = 0; s < ns; s++)
			put_f32(w, trace_series_value(d, i, s));
		return;
	}
	put_f64(w, trace_series_time(d, i));
	put_f64(w, trace_series_time_last(d, i));
	for (int s = 0; s < ns; s++) {
		trace_bucket b;
		trace_series_bucket(d, i, s, &b);
		put_f32(w, b.first);
		put_f32(w, b.last);
		put_f32(w, b.lo);
		put_f32(w, b.hi);
		c2_w_u8(w, (uint8_t)(b.gap != 0));
	}
}

int cli_plot_encode(const cli_plot_req *q, const trace_series *d, c2_wbuf *w)
{
	int ns = trace_series_nseries(d);
	if (!size_ok(q->w, q->h) || !text_ok(q->title) || !text_ok(q->x_label) ||
	    !text_ok(q->y_label) || trace_series_len(d) == 0 || trace_series_len(d) > UINT32_MAX ||
	    q->style < 0 || q->style >= CLI_PLOT_NSTYLES || !keys_ok(q, ns) || !marks_ok(q))
		return -1;
	c2_w_bytes(w, MAGIC, sizeof MAGIC);
	c2_w_u16(w, (uint16_t)q->w);
	c2_w_u16(w, (uint16_t)q->h);
	put_f64(w, q->ymin);
	put_f64(w, q->ymax);
	put_text(w, q->title);
	put_text(w, q->x_label);
	put_text(w, q->y_label);
	c2_w_u8(w, (uint8_t)q->style);
	c2_w_u32(w, (uint32_t)ns);
	for (int s = 0; s < ns; s++) {
		const char *name = trace_series_name(d, s);
		c2_w_u8(w, (uint8_t)strlen(name)); /* < TRACE_SERIES_NAME_MAX */
		c2_w_str(w, name);
		c2_w_u16(w, (uint16_t)(q->keys ? q->keys[s] + 1 : 0));
	}
	int kind = trace_series_summarised(d) ? KIND_BUCKETS : KIND_EXACT;
	c2_w_u8(w, (uint8_t)kind);
	c2_w_u32(w, (uint32_t)trace_series_len(d));
	for (size_t i = 0; i < trace_series_len(d); i++)
		put_row(w, d, i, kind);
	c2_w_u32(w, (uint32_t)q->nmarks);
	for (int i = 0; i < q->nmarks; i++) {
		const cli_plot_mark *m = &q->marks[i];
		put_f64(w, m->t);
		c2_w_u8(w, (uint8_t)m->kind);
		c2_w_u8(w, (uint8_t)(m->label ? strlen(m->label) : 0));
		if (m->label)
			c2_w_str(w, m->label);
	}
	return 0;
}

/* ---- reading ------------------------------------------------------------------ */

static float get_f32(c2_rbuf *r)
{
	uint32_t u = c2_r_u32(r);
	float v;
	memcpy(&v, &u, sizeof v);
	return v;
}

/* A text into *dst (copied to *pool, NUL-terminated), or NULL for none.
 * Returns 0, or -1 (too long, a NUL inside, or short data). */
static int get_text(c2_rbuf *r, const char **dst, char **pool)
{
	uint32_t n = c2_r_u32(r);
	*dst = NULL;
	if (r->bad)
		return -1;
	if (n == NO_TEXT)
		return 0;
	const uint8_t *p = n <= CLI_PLOT_TEXT_MAX ? c2_r_take(r, n) : NULL;
	if (!p || memchr(p, 0, n))
		return -1;
	memcpy(*pool, p, n);
	(*pool)[n] = '\0';
	*dst = *pool;
	*pool += n + 1;
	return 0;
}

static int fail(c2_err *err, const c2_rbuf *r, size_t at, const char *what)
{
	return c2_fail(err, C2_EFORMAT, (long)(r->bad ? r->len : at), -1, "plot request: %s%s", what,
	               r->bad ? " (the data ends first)" : "");
}

/* The header up to the series: size, range and texts. */
static int get_head(c2_rbuf *r, cli_plot_decoded *out, c2_err *err)
{
	const uint8_t *m = c2_r_take(r, sizeof MAGIC);
	if (!m || memcmp(m, MAGIC, sizeof MAGIC) != 0)
		return fail(err, r, 0, "not one (no C2RTPLT1 at the start)");
	cli_plot_req *q = &out->q;
	size_t at = r->pos;
	q->w = c2_r_u16(r);
	q->h = c2_r_u16(r);
	if (r->bad || !size_ok(q->w, q->h))
		return fail(err, r, at, "image size out of range");
	q->ymin = c2_r_f64(r);
	q->ymax = c2_r_f64(r);
	/* One block for the three texts: each at most CLI_PLOT_TEXT_MAX. */
	out->text = malloc(3 * (CLI_PLOT_TEXT_MAX + 1));
	if (!out->text)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	char *pool = out->text;
	at = r->pos;
	if (get_text(r, &q->title, &pool) || get_text(r, &q->x_label, &pool) ||
	    get_text(r, &q->y_label, &pool))
		return fail(err, r, at, "bad title or axis name (too long, or a NUL in it)");
	at = r->pos;
	q->style = (cli_plot_style)c2_r_u8(r);
	if (r->bad || q->style >= CLI_PLOT_NSTYLES)
		return fail(err, r, at, "unknown style");
	return 0;
}

/* The series' names, and the empty table for them. */
static int get_series(c2_rbuf *r, cli_plot_decoded *out, c2_err *err)
{
	size_t at = r->pos;
	uint32_t ns = c2_r_u32(r);
	if (r->bad || ns < 1 || ns > CLI_PLOT_SERIES_MAX)
		return fail(err, r, at, "number of series out of 1..1024");
	char (*names)[TRACE_SERIES_NAME_MAX] = calloc(ns, sizeof *names);
	const char **ptrs = malloc(ns * sizeof *ptrs);
	out->keys = malloc(ns * sizeof *out->keys);
	out->q.keys = out->keys;
	int rc = 0;
	for (uint32_t s = 0; s < ns && names && ptrs && out->keys && !rc; s++) {
		at = r->pos;
		uint8_t n = c2_r_u8(r);
		const uint8_t *p = n < TRACE_SERIES_NAME_MAX ? c2_r_take(r, n) : NULL;
		if (!p || memchr(p, 0, n))
			rc = fail(err, r, at, "bad series name (too long, or a NUL in it)");
		else
			memcpy(names[s], p, n);
		ptrs[s] = names[s];
		at = r->pos;
		out->keys[s] = (int)c2_r_u16(r) - 1;
		if (!rc && (r->bad || !key_ok(out->keys[s])))
			rc = fail(err, r, at, "unknown series key");
	}
	if (!rc && names && ptrs && out->keys && !(out->d = trace_series_new((int)ns, ptrs, 0)))
		rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	if (!names || !ptrs || !out->keys)
		rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	free(names);
	free(ptrs);
	return rc;
}

/* The rows, pushed as the sender's table got them (exact rows) or as its
 * buckets (trace_series_push_bucket), which checks each. */
static int get_rows(c2_rbuf *r, cli_plot_decoded *out, c2_err *err)
{
	size_t at = r->pos;
	int kind = c2_r_u8(r);
	int ns = trace_series_nseries(out->d);
	size_t row = kind == KIND_EXACT ? 8 + 4 * (size_t)ns : 16 + 17 * (size_t)ns;
	if (r->bad || (kind != KIND_EXACT && kind != KIND_BUCKETS))
		return fail(err, r, at, "unknown kind of rows");
	at = r->pos;
	uint32_t n = c2_r_count(r, (uint32_t)((r->len - r->pos) / row < UINT32_MAX
	                                          ? (r->len - r->pos) / row : UINT32_MAX));
	if (r->bad || n == 0)
		return fail(err, r, at, "number of rows out of range (none, or more than the data holds)");
	float *v = malloc((size_t)ns * sizeof *v);
	trace_bucket *b = malloc((size_t)ns * sizeof *b);
	int rc = v && b ? 0 : c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	for (uint32_t i = 0; i < n && !rc; i++) {
		at = r->pos;
		if (kind == KIND_EXACT) {
			double t = c2_r_f64(r);
			for (int s = 0; s < ns; s++)
				v[s] = get_f32(r);
			if (r->bad || trace_series_push(out->d, t, v) != 0)
				rc = fail(err, r, at, "a row's time is not finite or goes back");
		} else {
			double t0 = c2_r_f64(r), t1 = c2_r_f64(r);
			for (int s = 0; s < ns; s++) {
				b[s] = (trace_bucket){.t0 = t0, .t1 = t1};
				b[s].first = get_f32(r);
				b[s].last = get_f32(r);
				b[s].lo = get_f32(r);
				b[s].hi = get_f32(r);
				b[s].gap = c2_r_u8(r);
			}
			if (r->bad || trace_series_push_bucket(out->d, b) != 0)
				rc = fail(err, r, at, "a bucket no summary holds (times, values, or too many)");
		}
	}
	free(v);
	free(b);
	return rc;
}

/* The marks: each label in its own CLI_PLOT_MARK_TEXT_MAX + 1 bytes after
 * the array (one block). */
static int get_marks(c2_rbuf *r, cli_plot_decoded *out, c2_err *err)
{
	size_t at = r->pos;
	uint32_t n = c2_r_u32(r);
	if (r->bad || n > CLI_PLOT_MARKS_MAX)
		return fail(err, r, at, "number of marks out of 0..4096");
	size_t one = sizeof(cli_plot_mark) + CLI_PLOT_MARK_TEXT_MAX + 1;
	if (n == 0)
		return 0;
	if (!(out->marks = malloc(n * one)))
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	char *pool = (char *)(out->marks + n);
	for (uint32_t i = 0; i < n; i++) {
		cli_plot_mark *m = &out->marks[i];
		at = r->pos;
		m->t = c2_r_f64(r);
		m->kind = c2_r_u8(r);
		uint8_t len = c2_r_u8(r);
		const uint8_t *p = len <= CLI_PLOT_MARK_TEXT_MAX ? c2_r_take(r, len) : NULL;
		if (r->bad || !isfinite(m->t) || m->kind >= CLI_PLOT_NMARK_KINDS || !p || memchr(p, 0, len))
			return fail(err, r, at, "bad mark (time, kind or label)");
		char *lab = pool + i * (CLI_PLOT_MARK_TEXT_MAX + 1);
		memcpy(lab, p, len);
		lab[len] = '\0';
		m->label = len ? lab : NULL;
	}
	out->q.marks = out->marks;
	out->q.nmarks = (int)n;
	return 0;
}

int cli_plot_decode(const uint8_t *data, size_t len, cli_plot_decoded *out, c2_err *err)
{
	memset(out, 0, sizeof *out);
	c2_rbuf r = c2_rbuf_make(data, len);
	int rc = get_head(&r, out, err);
	if (!rc)
		rc = get_series(&r, out, err);
	if (!rc)
		rc = get_rows(&r, out, err);
	if (!rc)
		rc = get_marks(&r, out, err);
	if (!rc && r.pos != r.len)
		rc = fail(err, &r, r.pos, "bytes after the last row");
	if (rc)
		cli_plot_decoded_free(out);
	return rc;
}

void cli_plot_decoded_free(cli_plot_decoded *p)
{
	free(p->text);
	free(p->keys);
	free(p->marks);
	trace_series_free(p->d);
	memset(p, 0, sizeof *p);
}
