/* xode_tree.c — an XODE document into the retained tree, with expat.
 *
 * Everything is kept, in order, with its line: elements, attributes (with the
 * whitespace and quote each was written with, so that the export keeps the
 * layout and therefore the line numbers), text, CDATA sections, comments,
 * processing instructions, and the whitespace around the root element.
 * Nothing is interpreted here except element names (classified once against
 * the element table). A DOCTYPE is refused, so no entity can ever expand
 * (no "billion laughs"), and nesting is bounded by XODE_MAX_DEPTH. */
#include <expat.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xode/xode_impl.h"

#define C(e) (UINT64_C(1) << XE_##e)
const xode_elem_info xode_elems[XE_COUNT] = {
#define X(id, name, attrs, children, repeatable, one_of, needed) \
	{name, attrs, children, repeatable, one_of, needed},
	XODE_ELEMENTS(X)
#undef X
};
#undef C

bool xode_name_foreign(const char *name)
{
	return strchr(name, ':') != NULL || strcmp(name, "xmlns") == 0;
}

xode_elem xode_elem_find(const char *name)
{
	if (xode_name_foreign(name))
		return XE_OPAQUE;
	for (int i = 0; i < XE_COUNT; i++)
		if (strcmp(xode_elems[i].name, name) == 0)
			return (xode_elem)i;
	return XE_UNKNOWN;
}

const char *xt_attr_get(const xode_tree *t, int node, const char *name)
{
	const xt_node *n = &t->nodes[node];
	for (size_t i = 0; i < n->nattr; i++) {
		const xt_attr *a = &t->attrs[n->attr + i];
		if (strcmp(xt_str(t, a->name), name) == 0)
			return xt_str(t, a->value);
	}
	return NULL;
}

void xt_free(xode_tree *t)
{
	free(t->nodes);
	free(t->attrs);
	free(t->pool);
	free(t->esc);
	memset(t, 0, sizeof *t);
}

/* ---- building ---------------------------------------------------------------- */

/* Pool offsets of the strings every tree has: "", " " and "=". */
enum { POOL_EMPTY = 0, POOL_SPACE = 1, POOL_EQ = 3 };

typedef struct pstate {
	xode_tree *t;
	XML_Parser p;
	const char *data;
	size_t len;
	int utf16;        /* the source is UTF-16: 0 no (ASCII-compatible, raw tags readable), 1 LE, 2 BE */
	int cur;          /* the open element, or 0 (the document) */
	int depth;
	int opaque;       /* > 0 inside <ext> or a foreign element: names are not classified */
	int cdata;        /* the open CDATA node, or -1 */
	int brackets;     /* ']' at the end of the text being escaped (0 to 2): "]]>" needs "&gt;" */
	bool failed, oom;
	c2_err *err;
} pstate;

/* Grow *buf (of *cap elements of `size` bytes) to hold `need`; false on failure. */
static bool grow(void **buf, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return true;
	size_t n = *cap ? *cap : 64;
	while (n < need) {
		if (n > SIZE_MAX / 2 / size)
			return false;
		n *= 2;
	}
	void *nb = realloc(*buf, n * size);
	if (!nb)
		return false;
	*buf = nb;
	*cap = n;
	return true;
}

static void stop(pstate *s)
{
	if (!s->failed)
		XML_StopParser(s->p, XML_FALSE);
	s->failed = true;
}

static void out_of_memory(pstate *s)
{
	s->oom = true;
	stop(s);
}

/* Offsets are 32-bit (xt_node): a buffer never grows past this. */
#define BUF_MAX ((size_t)UINT32_MAX)

static uint32_t pool_add(pstate *s, const char *str, size_t n)
{
	xode_tree *t = s->t;
	if (n >= BUF_MAX - t->npool ||
	    !grow((void **)&t->pool, &t->cpool, t->npool + n + 1, 1)) {
		out_of_memory(s);
		return POOL_EMPTY;
	}
	size_t off = t->npool;
	memcpy(t->pool + off, str, n);
	t->pool[off + n] = '\0';
	t->npool += n + 1;
	return (uint32_t)off;
}

/* Append str[0..n) to the string at *off (of *len bytes) in a growable
 * buffer; the string is kept last in the buffer, where it can grow in place. */
static void buf_extend(pstate *s, char **buf, size_t *used, size_t *cap, uint32_t *off, uint32_t *len,
                       const char *str, size_t n)
{
	bool last = (size_t)*off + *len + 1 == *used;
	size_t extra = n + (last ? 0 : (size_t)*len + 1);
	if (n >= BUF_MAX || extra >= BUF_MAX - *used || !grow((void **)buf, cap, *used + extra, 1)) {
		out_of_memory(s);
		return;
	}
	if (!last) { /* something came after it: move it to the end first */
		memcpy(*buf + *used, *buf + *off, *len);
		*off = (uint32_t)*used;
	}
	memcpy(*buf + *off + *len, str, n);
	(*buf)[*off + *len + n] = '\0';
	*len += (uint32_t)n;
	*used = (size_t)*off + *len + 1;
}

/* Pool offset of `breaks` line breaks followed by ws[0..len). */
static uint32_t pool_ws(pstate *s, int breaks, const char *ws, size_t len)
{
	if (!breaks)
		return len == 0 ? POOL_EMPTY : len == 1 && *ws == ' ' ? POOL_SPACE : pool_add(s, ws, len);
	xode_tree *t = s->t;
	char nl[64];
	memset(nl, '\n', sizeof nl);
	uint32_t off = pool_add(s, "", 0), n = 0;
	for (; breaks > 0 && !s->failed; breaks -= (int)sizeof nl)
		buf_extend(s, &t->pool, &t->npool, &t->cpool, &off, &n, nl,
		           breaks < (int)sizeof nl ? (size_t)breaks : sizeof nl);
	buf_extend(s, &t->pool, &t->npool, &t->cpool, &off, &n, ws, len);
	return off;
}

static int node_add(pstate *s, xt_kind kind, int parent)
{
	xode_tree *t = s->t;
	if (t->nnodes >= INT32_MAX || !grow((void **)&t->nodes, &t->cnodes, t->nnodes + 1, sizeof *t->nodes)) {
		out_of_memory(s);
		return -1;
	}
	int i = (int)t->nnodes++;
	xt_node *n = &t->nodes[i];
	memset(n, 0, sizeof *n);
	n->kind = (uint8_t)kind;
	n->elem = XE_OPAQUE;
	n->tail = n->etail = POOL_EMPTY;
	n->parent = parent;
	n->first = n->last = n->next = -1;
	n->line = (int32_t)XML_GetCurrentLineNumber(s->p);
	if (parent >= 0) {
		xt_node *p = &t->nodes[parent];
		if (p->last >= 0)
			t->nodes[p->last].next = i;
		else
			p->first = i;
		p->last = i;
	}
	return i;
}

static void fail_at(pstate *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fail_at(pstate *s, const char *fmt, ...)
{
	char msg[sizeof s->err->msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	c2_fail_line(s->err, C2_EFORMAT, (long)XML_GetCurrentLineNumber(s->p), "%s", msg);
	stop(s);
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The source bytes of the current event, or NULL. */
static const char *raw_event(const pstate *s, size_t *count)
{
	XML_Index at = XML_GetCurrentByteIndex(s->p);
	int n = XML_GetCurrentByteCount(s->p);
	if (at < 0 || n <= 0 || (size_t)at > s->len || (size_t)n > s->len - (size_t)at)
		return NULL;
	*count = (size_t)n;
	return s->data + at;
}

/* Line breaks in the source bytes r[0..n) as XML counts them (CR LF, CR, LF). */
static int line_breaks(const pstate *s, const char *r, size_t n)
{
	size_t step = s->utf16 ? 2 : 1;
	int lines = 0;
	for (size_t i = 0; i + step <= n; i += step) {
		unsigned c = (unsigned char)r[i];
		if (s->utf16) /* the code unit, if it is ASCII */
			c = s->utf16 == 1 ? (r[i + 1] ? 0 : c) : (r[i] ? 0 : (unsigned char)r[i + 1]);
		if (c == '\n')
			lines++;
		else if (c == '\r') {
			size_t k = i + step;
			unsigned next = k + step <= n ? (unsigned char)r[s->utf16 == 2 ? k + 1 : k] : 0;
			lines += next != '\n';
		}
	}
	return lines;
}

/* Read the raw start tag (expat has checked it is well formed) for the
 * whitespace before each attribute, around its '=', its quote, and the
 * whitespace before '>' or '/>'. A line break inside a value (XML reads it as
 * a space) moves to the whitespace after the value, so that the export keeps
 * every line where it was. Anything unexpected leaves the defaults (one space,
 * '=', '"'); a UTF-16 tag keeps at least its line breaks, before '>'. */
static void raw_layout(pstate *s, int node)
{
	xode_tree *t = s->t;
	size_t count;
	const char *r = raw_event(s, &count);
	if (!r || count <= 1)
		return;
	if (s->utf16) {
		t->nodes[node].tail = pool_ws(s, line_breaks(s, r, count), "", 0);
		return;
	}
	const char *end = r + count;
	if (*r++ != '<')
		return;
	while (r < end && !is_space(*r) && *r != '>' && *r != '/')
		r++;
	int carry = 0; /* line breaks from the value before */
	xt_node *n = &t->nodes[node];
	for (size_t i = 0; i < n->nattr; i++) {
		const char *ws = r;
		while (r < end && is_space(*r))
			r++;
		const char *name = r;
		while (r < end && !is_space(*r) && *r != '=')
			r++;
		const char *want = xt_str(t, t->attrs[n->attr + i].name);
		if ((size_t)(r - name) != strlen(want) || memcmp(name, want, (size_t)(r - name)) != 0)
			return;
		const char *eq = r;
		while (r < end && is_space(*r))
			r++;
		if (r >= end || *r++ != '=')
			return;
		while (r < end && is_space(*r))
			r++;
		if (r >= end || (*r != '"' && *r != '\''))
			return;
		size_t eqoff = r - eq == 1 ? POOL_EQ : pool_add(s, eq, (size_t)(r - eq));
		char q = *r++;
		const char *value = r;
		while (r < end && *r != q)
			r++;
		if (r++ >= end)
			return;
		t->attrs[n->attr + i].ws = pool_ws(s, carry, ws, (size_t)(name - ws));
		t->attrs[n->attr + i].eq = eqoff;
		t->attrs[n->attr + i].quote = q;
		carry = line_breaks(s, value, (size_t)(r - 1 - value));
	}
	const char *ws = r;
	while (r < end && is_space(*r))
		r++;
	if (r > ws || carry)
		t->nodes[node].tail = pool_ws(s, carry, ws, (size_t)(r - ws));
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **atts)
{
	pstate *s = ud;
	if (s->failed)
		return;
	if (s->depth >= XODE_MAX_DEPTH) {
		fail_at(s, "elements nested deeper than %d levels", XODE_MAX_DEPTH);
		return;
	}
	if (s->cur == 0 && strcmp(name, "xode") != 0) {
		fail_at(s, "the root element is <%s>, not <xode>", name);
		return;
	}
	int node = node_add(s, XT_ELEM, s->cur);
	if (node < 0)
		return;
	size_t nameoff = pool_add(s, name, strlen(name));
	xode_tree *t = s->t;
	xt_node *n = &t->nodes[node];
	n->name = nameoff;
	if (s->opaque > 0) {
		s->opaque++;
	} else {
		n->elem = (int8_t)xode_elem_find(name);
		if (n->elem == XE_OPAQUE || n->elem == XE_EXT)
			s->opaque = 1; /* what is inside is kept, not read */
	}
	size_t na = 0;
	while (atts[2 * na])
		na++;
	if (na >= BUF_MAX - t->nattrs || !grow((void **)&t->attrs, &t->cattrs, t->nattrs + na, sizeof *t->attrs)) {
		out_of_memory(s);
		return;
	}
	n = &t->nodes[node];
	n->attr = t->nattrs;
	n->nattr = na;
	for (size_t i = 0; i < na; i++) {
		xt_attr *a = &t->attrs[t->nattrs + i];
		a->name = pool_add(s, atts[2 * i], strlen(atts[2 * i]));
		a->value = pool_add(s, atts[2 * i + 1], strlen(atts[2 * i + 1]));
		a->ws = POOL_SPACE;
		a->eq = POOL_EQ;
		a->quote = '"';
	}
	t->nattrs += na;
	if (t->root < 0)
		t->root = node;
	raw_layout(s, node);
	s->cur = node;
	s->depth++;
}

/* The whitespace before an end tag's '>' (or, in UTF-16, its line breaks). */
static void raw_end_layout(pstate *s, int node)
{
	size_t count;
	const char *r = raw_event(s, &count);
	if (!r || count < 3)
		return;
	if (s->utf16) {
		s->t->nodes[node].etail = pool_ws(s, line_breaks(s, r, count), "", 0);
	} else if (r[count - 1] == '>') {
		size_t i = count - 1;
		while (i > 2 && is_space(r[i - 1]))
			i--;
		s->t->nodes[node].etail = pool_ws(s, 0, r + i, count - 1 - i);
	}
}

static void XMLCALL on_end(void *ud, const XML_Char *name)
{
	(void)name;
	pstate *s = ud;
	if (s->failed)
		return;
	int node = s->cur;
	/* expat reports the end of <a/> as an event of no bytes. */
	s->t->nodes[node].selfclose = XML_GetCurrentByteCount(s->p) == 0;
	if (!s->t->nodes[node].selfclose)
		raw_end_layout(s, node);
	s->cur = s->t->nodes[node].parent;
	s->depth--;
	if (s->opaque > 0)
		s->opaque--;
}

static void text_extend(pstate *s, int node, const char *str, size_t n)
{
	xode_tree *t = s->t;
	buf_extend(s, &t->pool, &t->npool, &t->cpool, &t->nodes[node].text, &t->nodes[node].len, str, n);
}

static void esc_extend(pstate *s, int node, const char *str, size_t n)
{
	xode_tree *t = s->t;
	buf_extend(s, &t->esc, &t->nesc, &t->cesc, &t->nodes[node].esc, &t->nodes[node].esclen, str, n);
}

/* A new text node under `parent`, with empty text and escaped text. */
static int text_node(pstate *s, int parent)
{
	int node = node_add(s, XT_TEXT, parent);
	if (node < 0)
		return -1;
	xode_tree *t = s->t;
	t->nodes[node].text = pool_add(s, "", 0);
	if (t->nesc >= BUF_MAX || !grow((void **)&t->esc, &t->cesc, t->nesc + 1, 1)) {
		out_of_memory(s);
		return -1;
	}
	t->esc[t->nesc] = '\0';
	t->nodes[node].esc = (uint32_t)t->nesc++;
	s->brackets = 0;
	return node;
}

/* Append character data to a text node, and its escaped form: what came from
 * a reference (&#10;, &amp; ...) is written back as one, so that a line break
 * or a CR from a reference stays a reference and every line stays put. */
static void text_add(pstate *s, int node, const char *str, size_t n)
{
	text_extend(s, node, str, n);
	size_t rn;
	const char *raw = raw_event(s, &rn);
	bool ref = raw && rn >= 2 &&
	           (s->utf16 == 2 ? raw[0] == 0 && raw[1] == '&' : raw[0] == '&' && (!s->utf16 || raw[1] == 0));
	char buf[256];
	size_t k = 0;
	for (size_t i = 0; i < n && !s->failed; i++) {
		const char *e = NULL;
		char c = str[i];
		if (c == '&')
			e = "&amp;";
		else if (c == '<')
			e = "&lt;";
		else if (c == '>' && (ref || s->brackets == 2))
			e = "&gt;";
		else if (c == '\r')
			e = "&#13;";
		else if (ref && c == '\n')
			e = "&#10;";
		else if (ref && c == '\t')
			e = "&#9;";
		s->brackets = c == ']' ? (s->brackets < 2 ? s->brackets + 1 : 2) : 0;
		size_t el = e ? strlen(e) : 1;
		if (k + el > sizeof buf) {
			esc_extend(s, node, buf, k);
			k = 0;
		}
		memcpy(buf + k, e ? e : &c, el);
		k += el;
	}
	if (k)
		esc_extend(s, node, buf, k);
}

static void XMLCALL on_text(void *ud, const XML_Char *str, int n)
{
	pstate *s = ud;
	if (s->failed || n <= 0)
		return;
	if (s->cdata >= 0) {
		text_extend(s, s->cdata, str, (size_t)n);
		return;
	}
	int last = s->t->nodes[s->cur].last;
	if (last < 0 || s->t->nodes[last].kind != XT_TEXT)
		last = text_node(s, s->cur);
	if (last >= 0)
		text_add(s, last, str, (size_t)n);
}

static void XMLCALL on_cdata_start(void *ud)
{
	pstate *s = ud;
	if (s->failed)
		return;
	s->cdata = node_add(s, XT_CDATA, s->cur);
	if (s->cdata >= 0)
		s->t->nodes[s->cdata].text = pool_add(s, "", 0);
}

static void XMLCALL on_cdata_end(void *ud)
{
	((pstate *)ud)->cdata = -1;
}

static void XMLCALL on_comment(void *ud, const XML_Char *data)
{
	pstate *s = ud;
	if (s->failed)
		return;
	int node = node_add(s, XT_COMMENT, s->cur);
	if (node < 0)
		return;
	size_t len = strlen(data);
	size_t off = pool_add(s, data, len);
	s->t->nodes[node].text = off;
	s->t->nodes[node].len = len;
}

static void XMLCALL on_pi(void *ud, const XML_Char *target, const XML_Char *data)
{
	pstate *s = ud;
	if (s->failed)
		return;
	int node = node_add(s, XT_PI, s->cur);
	if (node < 0)
		return;
	size_t name = pool_add(s, target, strlen(target));
	size_t len = strlen(data);
	size_t off = pool_add(s, data, len);
	xt_node *n = &s->t->nodes[node];
	n->name = name;
	n->text = off;
	n->len = len;
	/* The whitespace between target and data, kept (as `tail`) when it is
	 * more than one space: it may hold line breaks. */
	size_t count;
	const char *r = raw_event(s, &count);
	if (!r)
		return;
	if (s->utf16) {
		int breaks = line_breaks(s, r, count);
		for (size_t i = 0; i < len; i++)
			breaks -= data[i] == '\n';
		if (breaks > 0)
			s->t->nodes[node].tail = pool_ws(s, breaks, " ", 1);
		return;
	}
	size_t i = 2 + strlen(target), k = i; /* after "<?" and the target */
	while (k < count && is_space(r[k]))
		k++;
	if (k > i && !(k - i == 1 && r[i] == ' '))
		s->t->nodes[node].tail = pool_ws(s, 0, r + i, k - i);
}

static void XMLCALL on_decl(void *ud, const XML_Char *version, const XML_Char *encoding,
                            int standalone)
{
	(void)version;
	(void)encoding;
	pstate *s = ud;
	if (s->failed || !version) /* a text declaration, not the document's */
		return;
	s->t->decl = true;
	s->t->standalone = standalone;
	size_t count;
	const char *r = raw_event(s, &count);
	if (r)
		s->t->decl_lines = line_breaks(s, r, count);
}

static void XMLCALL on_doctype(void *ud, const XML_Char *name, const XML_Char *sysid,
                               const XML_Char *pubid, int has_internal)
{
	(void)sysid;
	(void)pubid;
	(void)has_internal;
	fail_at(ud, "a DOCTYPE (<!DOCTYPE %s ...>) is not allowed in an XODE document", name);
}

/* Outside the root element only the whitespace between the prolog's and
 * epilog's items arrives here; it is kept so the export has the same lines. */
static void XMLCALL on_default(void *ud, const XML_Char *str, int n)
{
	pstate *s = ud;
	if (s->failed || s->cur != 0 || n <= 0)
		return;
	for (int i = 0; i < n; i++)
		if (!is_space(str[i]))
			return;
	int node = text_node(s, 0);
	/* This whitespace comes raw: ends of line as XML reads them (CR LF and
	 * lone CR are LF), since no reference can stand for a CR out here. */
	for (int i = 0; i < n && node >= 0 && !s->failed; i++) {
		if (str[i] == '\r' && i + 1 < n && str[i + 1] == '\n')
			continue;
		char c = str[i] == '\r' ? '\n' : str[i];
		text_extend(s, node, &c, 1);
		esc_extend(s, node, &c, 1);
	}
}

int xt_parse(xode_tree *t, const char *data, size_t len, c2_err *err)
{
	memset(t, 0, sizeof *t);
	t->root = -1;
	t->standalone = -1;
	c2_err_clear(err);
	if (len > XODE_MAX_BYTES)
		return c2_fail(err, C2_ETOOBIG, -1, -1,
		               "document larger than the %zu-byte limit", XODE_MAX_BYTES);
	pstate s = {.t = t, .data = data, .len = len, .cdata = -1, .err = err};
	/* UTF-16 (a BOM, or a NUL in the first code unit, as the XML spec's
	 * autodetection has it) hides the raw tags from raw_layout; every other
	 * encoding expat knows is ASCII-compatible. */
	if (len >= 2) {
		unsigned char b0 = (unsigned char)data[0], b1 = (unsigned char)data[1];
		s.utf16 = (b0 == 0xFF && b1 == 0xFE) || (b0 && !b1) ? 1 : (b0 == 0xFE && b1 == 0xFF) || (!b0 && b1) ? 2 : 0;
	}
	s.p = XML_ParserCreate(NULL);
	if (!s.p)
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	XML_SetUserData(s.p, &s);
	XML_SetElementHandler(s.p, on_start, on_end);
	XML_SetCharacterDataHandler(s.p, on_text);
	XML_SetCdataSectionHandler(s.p, on_cdata_start, on_cdata_end);
	XML_SetCommentHandler(s.p, on_comment);
	XML_SetProcessingInstructionHandler(s.p, on_pi);
	XML_SetXmlDeclHandler(s.p, on_decl);
	XML_SetStartDoctypeDeclHandler(s.p, on_doctype);
	XML_SetDefaultHandlerExpand(s.p, on_default);

	/* Pool offsets 0 and 1 are "" and " "; node 0 is the document. */
	pool_add(&s, "", 0);
	pool_add(&s, " ", 1);
	pool_add(&s, "=", 1);
	node_add(&s, XT_DOC, -1);
	if (!s.failed && XML_Parse(s.p, data, (int)len, XML_TRUE) == XML_STATUS_ERROR && !s.failed)
		c2_fail_line(err, C2_EFORMAT, (long)XML_GetCurrentLineNumber(s.p), "malformed XML: %s",
		             XML_ErrorString(XML_GetErrorCode(s.p)));
	int rc = err->code;
	if (s.oom)
		rc = c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	else if (!rc && t->root < 0) /* expat refuses this itself; stay safe */
		rc = c2_fail_line(err, C2_EFORMAT, 1, "no <xode> element");
	XML_ParserFree(s.p);
	if (rc)
		xt_free(t);
	return rc;
}
