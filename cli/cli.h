/* cli.h — shared pieces of the `c2rt` command: the subcommand entry points,
 * a table-driven option parser (help text is generated from the tables),
 * and error reporting.
 *
 * Conventions: data on stdout, messages on stderr; exit 0 on success,
 * 1 on a usage error, 2 on bad input or a failed check. */
#ifndef C2_CLI_H
#define C2_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/err.h"
#include "genome/genome.h"

enum { CLI_OK = 0, CLI_USAGE = 1, CLI_BAD = 2 };

typedef enum cli_opt_kind {
	OPT_FLAG, /* bool *: set when present */
	OPT_INT,  /* long *: decimal, checked against [min, max] */
	OPT_U64,  /* uint64_t *: decimal */
	OPT_STR,  /* const char **: the argument */
	OPT_CALL, /* call fn(arg, ctx) for every occurrence (repeatable options) */
	OPT_GROUP /* ptr: another table (cli_opt[]) whose options are included here */
} cli_opt_kind;

typedef struct cli_opt {
	const char *name; /* long name without "--" */
	cli_opt_kind kind;
	void *ptr;
	const char *arg;  /* argument placeholder for the help, e.g. "N" */
	const char *help; /* one line */
	long min, max;    /* OPT_INT bounds (ignored when min > max) */
	int (*fn)(const char *arg, void *ctx); /* OPT_CALL: returns 0, or prints and returns 1 */
} cli_opt;

typedef struct cli_spec {
	const char *name;    /* "dump" */
	const char *usage;   /* the positional arguments, "FILE.gen"; the options are
	                        added from the table when usage lines are printed */
	const char *summary; /* one line for `c2rt help` */
	const char *details; /* optional paragraph printed by --help, may be NULL */
	const cli_opt *opts; /* terminated by an entry with name == NULL */
	int min_pos, max_pos; /* number of positional arguments allowed */
} cli_spec;

/* Parse argv[1..] (argv[0] is the subcommand name) against spec. Positional
 * arguments are collected into pos (at most spec->max_pos). Returns
 * CLI_OK, CLI_USAGE (message printed), or -1 when --help was printed (the
 * caller should exit 0). "-" is a positional argument; "--" ends options. */
int cli_parse(const cli_spec *spec, int argc, char **argv, const char **pos, int *npos);

/* Print spec's help to `f`: the usage line (positional arguments, then every
 * option of the table), the summary, details and one line per option. */
void cli_print_help(const cli_spec *spec, FILE *f);

/* Print just the usage line(s), wrapped, to `f`. */
void cli_print_usage(const cli_spec *spec, FILE *f);

/* Print "c2rt: PATH:OFFSET: gene N: reason" to stderr; returns CLI_BAD. */
int cli_report(const char *path, const c2_err *err);

/* Print "c2rt CMD: message" to stderr; returns `code`. */
int cli_fail(int code, const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Write `len` bytes to `path` atomically, or to standard output when path
 * is "-". Returns CLI_OK, or reports and returns CLI_BAD. */
int cli_write(const char *path, const void *data, size_t len);

/* Read a genome or report why not (returns CLI_OK or CLI_BAD). */
int cli_load_genome(const char *path, genome *g);

/* "m", "male", "f" or "female" (the one spelling of sex every command
 * accepts): GENOME_MALE or GENOME_FEMALE, or -1. */
int cli_parse_sex(const char *s);

/* Parse a whole decimal number in [min, max]; false if it is not one. */
bool cli_parse_long(const char *s, long min, long max, long *out);

/* Subcommands: the ONE table. Each X(name) lives in cli/cmd_NAME.c, which
 * defines `int cmd_NAME(int, char **)` and `const cli_spec cmd_NAME_spec`;
 * main.c builds the dispatch table from this list. */
#define CLI_COMMANDS(X)                                                     \
	X(help)                                                                 \
	X(dump)                                                                 \
	X(asm)                                                                  \
	X(express)                                                              \
	X(validate)                                                             \
	X(plot)                                                                 \
	X(svrule)                                                               \
	X(brain)                                                                \
	X(options)                                                              \
	X(run)                                                                  \
	X(view)                                                                 \
	X(mutate)                                                               \
	X(cross)                                                                \
	X(diff)                                                                 \
	X(batch)                                                                \
	X(sweep)

#define X(name)                                \
	int cmd_##name(int argc, char **argv); \
	extern const cli_spec cmd_##name##_spec;
CLI_COMMANDS(X)
#undef X

/* The table of subcommands, for `c2rt help`. */
typedef struct cli_command {
	const char *name;
	int (*run)(int argc, char **argv);
	const cli_spec *spec;
} cli_command;

extern const cli_command cli_commands[];
extern const int cli_ncommands;

#endif
