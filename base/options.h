/* options.h — named integer options described by tables: the machinery the
 * brain, biochemistry and engine option tables share.
 *
 * Each module keeps its ONE X-macro list of options (brain/options.h,
 * biochem/biochem.h, engine/engine.h), every row
 *     X(name, default, min, max, value names or NULL, help)
 * and derives its struct of ints and its c2_option_table from it with the
 * macros below; that table is all a module exports: everything else — look-up, range-checked
 * setting, "NAME=VALUE" parsing with value names, validation, and saving and
 * loading by name (so a snapshot survives the addition of an option) — is
 * done here, once. It lives in base/ because every module may include it. */
#ifndef C2_OPTIONS_H
#define C2_OPTIONS_H

#include <stddef.h>

#include "base/bytes.h"
#include "base/err.h"
#include "base/near.h"

typedef struct c2_option {
	const char *name;
	int def, min, max;
	const char *values; /* "a,b,c": names of the values 0, 1, 2 ...; NULL when numeric */
	const char *help;
	size_t offset; /* of the int inside the module's options struct */
	/* A mode of running, not part of the state (e.g. the brain's reference
	 * mode, which must give the same bits): never saved, so snapshots and
	 * state hashes are the same with it on or off. */
	unsigned char transient;
	/* Added after snapshots and state hashes were made: saved only when it
	 * differs from its default, so that what was saved with it at its
	 * default is, byte for byte, what was saved before it came (a load
	 * gives an option the data does not name its default). */
	unsigned char late;
} c2_option;

typedef struct c2_option_table {
	const char *module; /* "brain", "biochemistry", "engine" */
	const c2_option *v;
	size_t n;
} c2_option_table;

/* A module's options struct:
 *     typedef struct brain_options { BRAIN_OPTIONS(C2_OPTION_FIELD) } brain_options;
 * and its table, in its options source file:
 *     #define C2_OPTION_STRUCT brain_options
 *     C2_OPTION_TABLE(brain_option_tab, "brain", BRAIN_OPTIONS);          */
#define C2_OPTION_FIELD(name, def, lo, hi, vals, help) int name;
#define C2_OPTION_ROW(name, def, lo, hi, vals, help) \
	{#name, def, lo, hi, vals, help, offsetof(C2_OPTION_STRUCT, name), 0, 0},
#define C2_OPTION_TABLE(var, module, LIST)            \
	static const c2_option var##_rows[] = {LIST(C2_OPTION_ROW)}; \
	const c2_option_table var = {module, var##_rows, sizeof var##_rows / sizeof var##_rows[0]}
/* The same with a second list, of transient modes (same row shape), after
 * the options: C2_OPTION_TABLE_MODES(brain_option_tab, "brain",
 * BRAIN_OPTIONS, BRAIN_MODES). */
#define C2_OPTION_MODE_ROW(name, def, lo, hi, vals, help) \
	{#name, def, lo, hi, vals, help, offsetof(C2_OPTION_STRUCT, name), 1, 0},
#define C2_OPTION_TABLE_MODES(var, module, LIST, MODES)                           \
	static const c2_option var##_rows[] = {LIST(C2_OPTION_ROW) MODES(C2_OPTION_MODE_ROW)}; \
	const c2_option_table var = {module, var##_rows, sizeof var##_rows / sizeof var##_rows[0]}
/* The same with a list of late options (same row shape, see `late` above)
 * between the options and the modes: C2_OPTION_TABLE_LATE(body_option_tab,
 * "body", BODY_OPTIONS, BODY_LATE, BODY_MODES). */
#define C2_OPTION_LATE_ROW(name, def, lo, hi, vals, help) \
	{#name, def, lo, hi, vals, help, offsetof(C2_OPTION_STRUCT, name), 0, 1},
#define C2_OPTION_TABLE_LATE(var, module, LIST, LATE, MODES)                                    \
	static const c2_option var##_rows[] = {LIST(C2_OPTION_ROW) LATE(C2_OPTION_LATE_ROW)         \
	                                           MODES(C2_OPTION_MODE_ROW)};                      \
	const c2_option_table var = {module, var##_rows, sizeof var##_rows / sizeof var##_rows[0]}

/* Fill the struct at `opts` with every option's default. */
void c2_options_default(const c2_option_table *t, void *opts);

/* The option called name[0..len), or NULL. */
const c2_option *c2_option_find(const c2_option_table *t, const char *name, size_t len);
/* Offer every option name of t to a "did you mean" search (base/near.h). */
void c2_option_near(const c2_option_table *t, c2_near *q);

/* Value of `o` in the struct at `opts`. */
int c2_option_get(const c2_option *o, const void *opts);

/* Set option `name` to `value`; C2_EINVAL (message in err, struct untouched)
 * for an unknown name or a value outside [min, max]. */
int c2_option_set(const c2_option_table *t, void *opts, const char *name, long value,
                  c2_err *err);

/* Apply "NAME=VALUE", VALUE a number or one of the option's value names.
 * Fails like c2_option_set, and on malformed text. */
int c2_option_parse(const c2_option_table *t, void *opts, const char *text, c2_err *err);

/* Name of `value` for an option with value names, written to buf, or NULL. */
const char *c2_option_value_name(const c2_option *o, int value, char *buf, size_t cap);

/* Is every option of the struct in range? 0, or C2_EINVAL naming the first
 * that is not. */
int c2_options_check(const c2_option_table *t, const void *opts, c2_err *err);

/* Save as: u32 count, then per option u8 name length, name, u32 value
 * (transient options are left out, late ones at their default too). */
void c2_options_save(const c2_option_table *t, const void *opts, c2_sink *s);

/* Load what c2_options_save wrote: options missing from the data keep their
 * defaults; an unknown name or an out-of-range value is C2_EFORMAT with the
 * reader position in err->offset. */
int c2_options_load(const c2_option_table *t, void *opts, c2_rbuf *r, c2_err *err);

#endif
