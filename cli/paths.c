/* paths.c — the files of one command, checked together before any work
 * (cli.h: "paths"). cli_parse collects them from the option table, the
 * positional arguments and the spec's hook; cli_paths_check refuses an
 * output that is an input, two outputs that are one file, and outputs that
 * cannot be written, each with a message that says why. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

/* The set of the running command (one per process: c2rt runs one command). */
static cli_paths current;

/* ---- building the set ------------------------------------------------------------ */

static char *dup_or_null(cli_paths *ps, const char *s)
{
	if (!s)
		return NULL;
	char *d = strdup(s);
	ps->oom |= d == NULL;
	return d;
}

static cli_path *push(cli_paths *ps, cli_opt_kind kind, const char *what, const char *path)
{
	if (ps->n == ps->cap) {
		size_t cap = ps->cap ? 2 * ps->cap : 16;
		cli_path *v = realloc(ps->v, cap * sizeof *v);
		if (!v) {
			ps->oom = true;
			return NULL;
		}
		ps->v = v;
		ps->cap = cap;
	}
	cli_path *p = &ps->v[ps->n++];
	memset(p, 0, sizeof *p);
	p->kind = kind;
	p->what = dup_or_null(ps, what);
	p->path = dup_or_null(ps, path);
	return p;
}

void cli_paths_add(cli_paths *ps, cli_opt_kind kind, const char *what, const char *path)
{
	if (path)
		push(ps, kind, what, path);
}

void cli_paths_add_numbered(cli_paths *ps, const char *what, const char *dir, const char *prefix,
                            int width, const char *suffix, long count)
{
	cli_path *p = push(ps, OPT_OUT, what, dir);
	if (!p)
		return;
	p->prefix = dup_or_null(ps, prefix);
	p->suffix = dup_or_null(ps, suffix);
	p->width = width;
	p->count = count;
}

void cli_paths_add_dir(cli_paths *ps, const char *what, const char *dir,
                       bool (*keep)(const char *name))
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	size_t dl = strlen(dir);
	const char *sep = dl && dir[dl - 1] == '/' ? "" : "/";
	struct dirent *e;
	while ((e = readdir(d)) != NULL && !ps->oom) {
		if (!keep(e->d_name))
			continue;
		size_t len = dl + strlen(e->d_name) + 2;
		char *path = malloc(len);
		if (!path) {
			ps->oom = true;
			break;
		}
		snprintf(path, len, "%s%s%s", dir, sep, e->d_name);
		cli_paths_add(ps, OPT_IN, what, path);
		free(path);
	}
	closedir(d);
}

cli_path *cli_paths_find(cli_paths *ps, const char *what)
{
	for (size_t i = 0; i < ps->n; i++)
		if (ps->v[i].what && strcmp(ps->v[i].what, what) == 0)
			return &ps->v[i];
	return NULL;
}

static void paths_free(cli_paths *ps)
{
	for (size_t i = 0; i < ps->n; i++) {
		free(ps->v[i].what);
		free(ps->v[i].path);
		free(ps->v[i].prefix);
		free(ps->v[i].suffix);
	}
	free(ps->v);
	memset(ps, 0, sizeof *ps);
}

/* ---- what a path names ----------------------------------------------------------- */

/* A path as the file system sees it: its last component's symlinks
 * followed (writing goes through them), the file's device and inode when it
 * exists, and where it is either way: the nearest folder of it that exists
 * (device and inode) and the rest of the path below that folder ("x.csv",
 * or "kids/x-0001.gen" in a folder "kids" not made yet). */
typedef struct path_id {
	bool exists, loc_known;
	dev_t dev, adev;
	ino_t ino, aino;
	char *followed; /* NULL when it could not be followed (a loop of links) */
	char *rest;     /* below the folder adev/aino, without "." components */
} path_id;

static void id_free(path_id *id)
{
	free(id->followed);
	free(id->rest);
}

/* Find the nearest existing folder of `path` (a copy the function cuts up)
 * and what lies below it. */
static void locate(path_id *id, char *path)
{
	size_t n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		path[--n] = '\0';
	char *rest = malloc(n + 2);
	if (!rest)
		return;
	rest[0] = '\0';
	for (;;) {
		char *slash = strrchr(path, '/');
		const char *name = slash ? slash + 1 : path;
		if (strcmp(name, ".") != 0 && *name) { /* prepend the component */
			size_t nl = strlen(name), rl = strlen(rest);
			memmove(rest + nl + (rl ? 1 : 0), rest, rl + 1);
			memcpy(rest, name, nl);
			if (rl)
				rest[nl] = '/';
		}
		const char *dir = !slash ? "." : slash == path ? "/" : path;
		if (slash && slash != path)
			*slash = '\0';
		struct stat st;
		if (stat(dir, &st) == 0) {
			id->loc_known = true;
			id->adev = st.st_dev;
			id->aino = st.st_ino;
			id->rest = rest;
			return;
		}
		if (errno != ENOENT || !slash || slash == path)
			break;
	}
	free(rest);
}

static path_id identify(const char *path)
{
	path_id id;
	memset(&id, 0, sizeof id);
	c2_err err;
	id.followed = c2_path_follow(path, &err);
	if (!id.followed)
		return id;
	struct stat st;
	if (stat(id.followed, &st) == 0) {
		id.exists = true;
		id.dev = st.st_dev;
		id.ino = st.st_ino;
	}
	char *copy = strdup(id.followed);
	if (copy)
		locate(&id, copy);
	free(copy);
	return id;
}

static bool same_file(const path_id *a, const path_id *b)
{
	if (a->exists || b->exists)
		return a->exists && b->exists && a->dev == b->dev && a->ino == b->ino;
	return a->loc_known && b->loc_known && a->adev == b->adev && a->aino == b->aino &&
	       strcmp(a->rest, b->rest) == 0;
}

/* Is `id` a name directly inside folder `d` (there, or to be made)? Its
 * name then. */
static const char *name_in(const path_id *id, const path_id *d)
{
	if (!id->loc_known)
		return NULL;
	if (d->exists)
		return id->adev == d->dev && id->aino == d->ino && !strchr(id->rest, '/') ? id->rest
		                                                                             : NULL;
	size_t dl = d->loc_known ? strlen(d->rest) : 0;
	if (!d->loc_known || id->adev != d->adev || id->aino != d->aino ||
	    strncmp(id->rest, d->rest, dl) != 0 || id->rest[dl] != '/' || strchr(id->rest + dl + 1, '/'))
		return NULL;
	return id->rest + dl + 1;
}

static bool is_std(const char *path)
{
	return strcmp(path, "-") == 0;
}

static bool is_out(cli_opt_kind k)
{
	return k == OPT_OUT || k == OPT_OUT_DIR;
}

/* ---- numbered families ----------------------------------------------------------- */

/* Is `name` file `number` of the family? */
static bool family_member(const cli_path *f, const char *name)
{
	size_t pl = strlen(f->prefix), sl = strlen(f->suffix), nl = strlen(name);
	if (nl != pl + (size_t)f->width + sl || strncmp(name, f->prefix, pl) != 0 ||
	    strcmp(name + nl - sl, f->suffix) != 0)
		return false;
	long v = 0;
	for (int i = 0; i < f->width; i++) {
		char c = name[pl + (size_t)i];
		if (c < '0' || c > '9')
			return false;
		v = v * 10 + (c - '0');
	}
	return v < f->count;
}

/* The family's file `k`, into buf. */
static void family_file(const cli_path *f, long k, char *buf, size_t cap)
{
	size_t dl = strlen(f->path);
	snprintf(buf, cap, "%s%s%s%0*ld%s", f->path, dl && f->path[dl - 1] == '/' ? "" : "/",
	         f->prefix, f->width, k, f->suffix);
}

/* Does family f (its folder `dir`) write the file `id` names (as a new
 * name in its folder, or through a link or a second name there)? The
 * member's path goes to buf. */
static bool family_hits(const cli_path *f, const path_id *dir, const path_id *id, char *buf,
                        size_t cap)
{
	const char *name = name_in(id, dir);
	if (name && family_member(f, name)) {
		snprintf(buf, cap, "%s", id->followed);
		return true;
	}
	if (!dir->exists || !id->exists)
		return false;
	/* Names already in the folder that are links to (or other names of)
	 * the file. */
	DIR *d = opendir(f->path);
	bool hit = false;
	struct dirent *e;
	while (d && !hit && (e = readdir(d)) != NULL) {
		if (!family_member(f, e->d_name))
			continue;
		size_t dl = strlen(f->path);
		snprintf(buf, cap, "%s%s%s", f->path, dl && f->path[dl - 1] == '/' ? "" : "/", e->d_name);
		path_id m = identify(buf);
		hit = same_file(&m, id);
		id_free(&m);
	}
	if (d)
		closedir(d);
	return hit;
}

/* ---- the checks ------------------------------------------------------------------- */

/* A folder to write into: there and writable, or its nearest existing
 * ancestor is (the command makes the rest). */
static int check_out_dir(const char *cmd, const cli_path *p)
{
	if (is_std(p->path))
		return cli_fail(CLI_USAGE, cmd, "%s: '-' is not a folder", p->what);
	char *d = strdup(p->path);
	if (!d)
		return cli_fail(CLI_BAD, cmd, "out of memory");
	int rc = CLI_OK;
	for (;;) {
		struct stat st;
		if (stat(d, &st) == 0) {
			if (!S_ISDIR(st.st_mode))
				rc = cli_fail(CLI_BAD, cmd, "cannot write into %s %s: '%s' is not a folder", p->what,
				              p->path, d);
			else if (access(d, W_OK | X_OK) != 0)
				rc = cli_fail(CLI_BAD, cmd, "cannot write into %s %s: folder '%s' is not writable: %s",
				              p->what, p->path, d, strerror(errno));
			break;
		}
		if (errno != ENOENT) {
			rc = cli_fail(CLI_BAD, cmd, "cannot write into %s %s: %s", p->what, p->path, strerror(errno));
			break;
		}
		char *slash = strrchr(d, '/');
		while (slash && slash > d && slash[1] == '\0') { /* "out/": the same folder */
			*slash = '\0';
			slash = strrchr(d, '/');
		}
		if (!slash) {
			strcpy(d, ".");
		} else if (slash == d) {
			strcpy(d, "/");
		} else {
			*slash = '\0';
		}
	}
	free(d);
	return rc;
}

/* Is output i in a folder the command makes (an OPT_OUT_DIR of the set)
 * and that is not there yet? Then only that folder can be checked now. */
static bool in_new_dir(const cli_paths *ps, size_t i, const path_id *ids)
{
	for (size_t j = 0; j < ps->n; j++)
		if (ps->v[j].kind == OPT_OUT_DIR && !ids[j].exists && name_in(&ids[i], &ids[j]))
			return true;
	return false;
}

/* Can this output be written (its temporary file made now)? */
static int check_writable(const char *cmd, const cli_paths *ps, size_t i, const path_id *ids)
{
	const cli_path *p = &ps->v[i];
	c2_err err;
	if (p->kind == OPT_OUT_DIR || p->count > 0) {
		int rc = check_out_dir(cmd, p);
		struct stat st;
		if (rc || p->count <= 0 || stat(p->path, &st) != 0)
			return rc;
		char file[4096];
		family_file(p, p->count - 1, file, sizeof file); /* every name is as long */
		if (c2_out_probe(file, &err) != 0)
			return cli_fail(CLI_BAD, cmd, "cannot write %s %s: %s", p->what, file, err.msg);
		return CLI_OK;
	}
	if (p->kind == OPT_OUT && !is_std(p->path) && !in_new_dir(ps, i, ids) &&
	    c2_out_probe(p->path, &err) != 0)
		return cli_fail(CLI_BAD, cmd, "cannot write %s %s: %s", p->what, p->path, err.msg);
	return CLI_OK;
}

/* Output p (index i) against every path before it, and every input. */
static int check_clash(const char *cmd, const cli_paths *ps, size_t i, const path_id *ids)
{
	const cli_path *p = &ps->v[i];
	char hit[4096];
	for (size_t j = 0; j < ps->n; j++) {
		const cli_path *q = &ps->v[j];
		if (j == i || (is_out(q->kind) && j > i) || q->kind == OPT_IN_DIR)
			continue;
		bool q_in = !is_out(q->kind);
		if (is_std(p->path) || is_std(q->path)) {
			if (is_std(p->path) && is_std(q->path) && !q_in && p->kind == OPT_OUT &&
			    q->kind == OPT_OUT)
				return cli_fail(CLI_BAD, cmd, "%s and %s both write to standard output", q->what,
				                p->what);
			continue;
		}
		if (p->count > 0 && q->count == 0 && family_hits(p, &ids[i], &ids[j], hit, sizeof hit)) {
			if (q_in)
				return cli_fail(CLI_BAD, cmd, "%s %s would write %s, the %s input: refusing to "
				                              "overwrite it",
				                p->what, p->path, hit, q->what);
			return cli_fail(CLI_BAD, cmd, "%s and %s name the same file %s", q->what, p->what, hit);
		}
		if (q->count > 0 && p->count == 0 && family_hits(q, &ids[j], &ids[i], hit, sizeof hit))
			return cli_fail(CLI_BAD, cmd, "%s and %s name the same file %s", q->what, p->what, hit);
		/* A file against an input or another output, or a folder against a
		 * file (a --log named as the children's folder). */
		bool pair = p->kind == OPT_OUT || (p->kind == OPT_OUT_DIR && q->kind == OPT_OUT);
		if (!pair || p->count > 0 || q->count > 0 || !same_file(&ids[i], &ids[j]))
			continue;
		if (q_in)
			return cli_fail(CLI_BAD, cmd, "%s %s is the %s input: refusing to overwrite it", p->what,
			                p->path, q->what);
		return cli_fail(CLI_BAD, cmd, "%s and %s name the same file %s", q->what, p->what, p->path);
	}
	return CLI_OK;
}

/* Standard input read twice: the second reader would get nothing. */
static int check_stdin(const char *cmd, const cli_paths *ps)
{
	const cli_path *first = NULL;
	for (size_t i = 0; i < ps->n; i++) {
		if (ps->v[i].kind != OPT_IN || !is_std(ps->v[i].path))
			continue;
		if (first)
			return cli_fail(CLI_BAD, cmd, "%s and %s both read standard input", first->what,
			                ps->v[i].what);
		first = &ps->v[i];
	}
	return CLI_OK;
}

int cli_paths_check(const cli_paths *ps)
{
	const char *cmd = ps->cmd;
	if (ps->oom)
		return cli_fail(CLI_BAD, cmd, "out of memory");
	int rc = check_stdin(cmd, ps);
	path_id *ids = calloc(ps->n ? ps->n : 1, sizeof *ids);
	if (!ids)
		return cli_fail(CLI_BAD, cmd, "out of memory");
	for (size_t i = 0; i < ps->n; i++)
		if (!is_std(ps->v[i].path) && ps->v[i].kind != OPT_IN_DIR)
			ids[i] = identify(ps->v[i].path);
	/* The clashes first: "is the GENOME input" says more than what
	 * writing it would have found. */
	for (size_t i = 0; i < ps->n && rc == CLI_OK; i++)
		if (is_out(ps->v[i].kind))
			rc = check_clash(cmd, ps, i, ids);
	for (size_t i = 0; i < ps->n && rc == CLI_OK; i++)
		if (is_out(ps->v[i].kind))
			rc = check_writable(cmd, ps, i, ids);
	for (size_t i = 0; i < ps->n; i++)
		id_free(&ids[i]);
	free(ids);
	return rc;
}

/* ---- the set of the running command ------------------------------------------------ */

/* "FILE.gen" for the first positional argument of usage "FILE.gen", "DAD"
 * for the second of "MUM DAD", "GENOME" for any of "[GENOME...]". */
static void pos_name(const char *usage, int k, char *buf, size_t cap)
{
	const char *p = usage ? usage : "", *word = NULL;
	size_t wl = 0;
	for (int i = 0; *p; i++) {
		p += strspn(p, " [");
		size_t n = strcspn(p, " ]");
		if (!n)
			break;
		word = p;
		wl = n;
		if (i == k)
			break;
		p += n;
		p += strspn(p, "]");
	}
	while (wl > 3 && strncmp(word + wl - 3, "...", 3) == 0)
		wl -= 3;
	snprintf(buf, cap, "%.*s", word ? (int)wl : 4, word ? word : "FILE");
}

static int collect(const cli_opt *o, void *ctx)
{
	if (CLI_KIND_IS_PATH(o->kind)) {
		char what[64];
		snprintf(what, sizeof what, "%s%s", cli_opt_dash(o), o->name);
		cli_paths_add(ctx, o->kind, what, *(const char *const *)o->ptr);
	}
	return 0;
}

int cli_paths_parsed(const cli_spec *spec, const char *const *pos, int npos)
{
	paths_free(&current);
	current.cmd = spec->name;
	cli_each_opt(spec->opts, collect, &current);
	for (int i = 0; spec->pos_kind == OPT_IN && i < npos; i++) {
		char what[64];
		pos_name(spec->usage, i, what, sizeof what);
		cli_paths_add(&current, OPT_IN, what, pos[i]);
	}
	int rc = spec->paths ? spec->paths(&current, pos, npos) : CLI_OK;
	return rc ? rc : cli_paths_check(&current);
}

int cli_paths_may_write(const char *what, const char *path, char *why, size_t n)
{
	c2_err err;
	if (cli_stdout_check(current.cmd) != CLI_OK) {
		snprintf(why, n, "standard output failed: nothing more is written");
		return CLI_BAD;
	}
	if (c2_out_check(path, &err) != 0) {
		snprintf(why, n, "%s", err.msg);
		return CLI_BAD;
	}
	path_id id = identify(path);
	int rc = CLI_OK;
	char hit[4096];
	for (size_t i = 0; i < current.n && rc == CLI_OK; i++) {
		const cli_path *q = &current.v[i];
		if (is_std(q->path) || q->kind == OPT_IN_DIR || q->kind == OPT_OUT_DIR ||
		    (what && q->what && strcmp(q->what, what) == 0))
			continue;
		path_id other = identify(q->path);
		bool hits = q->count > 0 ? family_hits(q, &other, &id, hit, sizeof hit)
		                         : same_file(&id, &other);
		if (hits) {
			snprintf(why, n, "it is the %s %s", q->what, is_out(q->kind) ? "output" : "input");
			rc = CLI_BAD;
		}
		id_free(&other);
	}
	id_free(&id);
	return rc;
}

void cli_paths_done(void)
{
	paths_free(&current);
}
