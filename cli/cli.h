/* cli.h — shared pieces of the `c2rt` command: the subcommand entry points,
 * a table-driven option parser (help text is generated from the tables),
 * and error reporting.
 *
 * Conventions: data on stdout, messages on stderr; exit statuses in
 * CLI_EXIT_CODES. */
#ifndef C2_CLI_H
#define C2_CLI_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/err.h"
#include "base/fileio.h"
#include "genome/genome.h"

/* Exit statuses: the ONE table (the man page and `c2rt help` list it). */
#define CLI_EXIT_CODES(X)                                                              \
	X(CLI_OK, 0, "success")                                                            \
	X(CLI_USAGE, 1, "usage error: unknown command or option, missing or malformed argument") \
	X(CLI_BAD, 2, "bad input (a file that cannot be read, parsed or written) or a failed check") \
	X(CLI_GOAL, 3, "the run ended before its goal: --until stage:NAME when the creature "  \
	               "died first, or --max-ticks reached before --until")

enum {
#define X(name, code, text) name = code,
	CLI_EXIT_CODES(X)
#undef X
};

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
	long min, max;    /* OPT_INT bounds (ignored when min > max); OPT_U64: at
	                     least min, and at most max when max > 0 */
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

/* Run the subcommand of `spec` (a command in CLI_SUBCOMMANDS) named by
 * argv[1] (argv[0] is the command). No subcommand prints the help and
 * returns CLI_USAGE; "--help" prints it and returns CLI_OK; an unknown one
 * is a usage error that names the nearest. */
int cli_run_sub(const cli_spec *spec, int argc, char **argv);

/* The options of a table in order, groups expanded: calls fn(o, ctx) for
 * each and stops at the first non-zero return, which it returns. */
int cli_each_opt(const cli_opt *t, int (*fn)(const cli_opt *o, void *ctx), void *ctx);

/* "--" for an option with a long name, "-" for a one-letter one (-o). */
const char *cli_opt_dash(const cli_opt *o);

/* Print spec's help to `f`: the usage line (positional arguments, then every
 * option of the table), the summary, details and one line per option. */
void cli_print_help(const cli_spec *spec, FILE *f);

/* Print `c2rt --help`: what c2rt is, the commands, the exit statuses. */
void cli_print_overview(FILE *f);

/* Print just the usage line(s), wrapped, to `f`. */
void cli_print_usage(const cli_spec *spec, FILE *f);

/* Messages. Every one goes through these, which show any byte that is not
 * printable text (control bytes, invalid UTF-8) as \xNN: messages quote
 * file contents, and a bad file never writes raw bytes to the terminal. */

/* Print "c2rt: PATH:OFFSET: gene N: reason" to stderr; returns CLI_BAD. */
int cli_report(const char *path, const c2_err *err);

/* Print "c2rt CMD: message" to stderr; returns `code`. */
int cli_fail(int code, const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Print "c2rt CMD: message" (cmd NULL: "c2rt: message") and a newline to f. */
void cli_msg(FILE *f, const char *cmd, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void cli_vmsg(FILE *f, const char *cmd, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

/* Print one line of a report (no prefix) and a newline to f, escaped. */
void cli_line(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* "Did you mean": the nearest of the candidates given to cli_near_add, or
 * NULL when none is close (a third of the word's letters may be wrong, or
 * the word is the start of a candidate). */
typedef struct cli_near {
	const char *word, *best;
	int score;
} cli_near;
void cli_near_init(cli_near *q, const char *word);
void cli_near_add(cli_near *q, const char *candidate);
const char *cli_near_best(const cli_near *q);

/* ---- outputs (cli/output.c) ------------------------------------------------
 * Every file a command writes is a cli_out: written to a temporary file
 * beside the target and renamed into place by cli_out_commit, so a failed,
 * interrupted or killed command leaves the old file or the complete new one
 * (Ctrl-C and SIGTERM also remove the temporary file). "-" is standard
 * output, written as it comes. A command checks all its paths with
 * cli_check_paths before it starts working, opens each output with
 * cli_out_open, writes to o->f, and ends with cli_out_commit (success) or
 * cli_out_abort (failure). */
typedef struct cli_out {
	const char *path; /* as given */
	FILE *f;          /* where to write: the temporary file, or stdout for "-" */
	c2_out o;
} cli_out;

/* Open an output. CLI_OK, or CLI_BAD after printing
 * "c2rt CMD: cannot write PATH: why". */
int cli_out_open(cli_out *o, const char *cmd, const char *path);

/* Finish an output (flush stdout, or rename the file into place). CLI_OK,
 * or CLI_BAD after printing why; either way o is closed. */
int cli_out_commit(cli_out *o, const char *cmd);

/* Drop an output: the temporary file goes, the target is untouched. Safe on
 * an output that was never opened (zeroed) or is already closed. */
void cli_out_abort(cli_out *o);

/* A path a command reads or writes, with what the user called it
 * ("--trace", "GENOME"), for messages. A NULL path is skipped. */
typedef struct cli_path {
	const char *what;
	const char *path;
} cli_path;

/* Check, before any work is done, that every output can be written
 * (c2_out_check: not a directory or device, its directory exists and is
 * writable), that no output is also an input (the same file, however it is
 * named) and that no two outputs are the same file or both standard output.
 * CLI_OK, or CLI_BAD after printing why. */
int cli_check_paths(const char *cmd, const cli_path *outs, size_t nout, const cli_path *ins,
                    size_t nin);

/* Write `len` bytes to `path` as one output (cli_out_open, write, commit).
 * Returns CLI_OK, or reports and returns CLI_BAD. */
int cli_write(const char *cmd, const char *path, const void *data, size_t len);

/* Read a genome or report why not (returns CLI_OK or CLI_BAD). */
int cli_load_genome(const char *path, genome *g);

/* "m", "male", "f" or "female" (the one spelling of sex every command
 * accepts): GENOME_MALE or GENOME_FEMALE, or -1. */
int cli_parse_sex(const char *s);

/* The --sex option of command cmd: *out set and CLI_OK, or CLI_USAGE after
 * saying which spellings there are. */
int cli_sex_option(const char *cmd, const char *arg, genome_sex *out);

/* Parse a whole decimal number in [min, max]; false if it is not one. */
bool cli_parse_long(const char *s, long min, long max, long *out);

/* As cli_parse_long, saying why not: NULL when s is a number in range (then
 * *out is set), else the reason ("not a whole number", "out of range
 * 0..255") written to buf. */
const char *cli_number_problem(const char *s, long min, long max, long *out, char *buf, size_t n);

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
	X(import)                                                               \
	X(body)                                                                 \
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

/* Subcommands of commands made of several (c2rt svrule disasm ...): the ONE
 * table. Each X(command, sub) defines `int cmd_command_sub(int, char **)`
 * and `const cli_spec cmd_command_sub_spec` in cli/cmd_command.c; the
 * command's own function calls cli_run_sub, and help, the man page and the
 * bash completion list them from here. */
#define CLI_SUBCOMMANDS(X)                                                  \
	X(svrule, ops)                                                          \
	X(svrule, disasm)                                                       \
	X(svrule, asm)                                                          \
	X(svrule, eval)                                                         \
	X(svrule, check)

#define X(cmd, sub)                                   \
	int cmd_##cmd##_##sub(int argc, char **argv); \
	extern const cli_spec cmd_##cmd##_##sub##_spec;
CLI_SUBCOMMANDS(X)
#undef X

/* The table of subcommands, for `c2rt help`. */
typedef struct cli_command {
	const char *name;
	int (*run)(int argc, char **argv);
	const cli_spec *spec;
} cli_command;

extern const cli_command cli_commands[];
extern const int cli_ncommands;

typedef struct cli_subcommand {
	const char *parent; /* the command's name, "svrule" */
	cli_command sub;    /* "disasm" */
} cli_subcommand;

extern const cli_subcommand cli_subcommands[];
extern const int cli_nsubcommands;

#endif
