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
	               "died first, or --max-ticks reached before --until")                       \
	X(CLI_DIFF_USAGE, 4, "usage error of c2rt diff, whose 1 means 'the genomes differ' as "   \
	                     "diff(1)'s does")

enum {
#define X(name, code, text) name = code,
	CLI_EXIT_CODES(X)
#undef X
};

/* The one default of --max-ticks, the limit of --until (run, batch, sweep):
 * 2,000,000 ticks, 55.6 creature-hours, five times a fed norn's whole life
 * (10.7 h); a creature whose ageing broke stops there, alive. */
#define CLI_MAX_TICKS 2000000
#define CLI_STR_(x) #x
#define CLI_STR(x) CLI_STR_(x)

/* What an option (or a positional argument) is. Every file name is one of
 * the four path kinds, never OPT_STR: cli_parse checks them all before the
 * command does any work (see "paths" below), and the completion offers
 * files or folders for them. tests/cli/options.sh walks every table (from
 * `c2rt help --options`) and fails on an OPT_STR whose placeholder names a
 * file. */
typedef enum cli_opt_kind {
	OPT_FLAG,    /* bool *: set when present */
	OPT_INT,     /* long *: decimal, checked against [min, max] */
	OPT_U64,     /* uint64_t *: decimal */
	OPT_STR,     /* const char **: the argument (a name, a list, a number: never a file) */
	OPT_IN,      /* const char **: a file the command reads ("-": standard input) */
	OPT_IN_DIR,  /* const char **: a folder whose files it reads (its paths hook adds them) */
	OPT_OUT,     /* const char **: a file it writes ("-": standard output) */
	OPT_OUT_DIR, /* const char **: a folder it writes files into (made when missing) */
	OPT_CALL,    /* call fn(arg, ctx) for every occurrence (repeatable options) */
	OPT_GROUP    /* ptr: another table (cli_opt[]) whose options are included here */
} cli_opt_kind;

/* The kinds' names, for `c2rt help --options`. */
#define CLI_OPT_KIND_NAMES                                                            \
	{"flag", "int", "u64", "string", "in", "in-dir", "out", "out-dir", "call", "group"}

/* Is this kind a path (one of the four above)? */
#define CLI_KIND_IS_PATH(k) ((k) >= OPT_IN && (k) <= OPT_OUT_DIR)

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

typedef struct cli_paths cli_paths;

typedef struct cli_spec {
	const char *name;    /* "dump" */
	const char *usage;   /* the positional arguments, "FILE.gen"; the options are
	                        added from the table when usage lines are printed */
	const char *summary; /* one line for `c2rt help` */
	const char *details; /* optional paragraph printed by --help, may be NULL */
	const cli_opt *opts; /* terminated by an entry with name == NULL */
	int min_pos, max_pos; /* number of positional arguments allowed */
	cli_opt_kind pos_kind; /* the positional arguments: OPT_IN (files read, named
	                          in messages by the usage's words) or OPT_STR */
	/* Paths known only once the options are parsed (a folder's files, the
	 * files a command names itself, standard output written without an
	 * option): added to ps, or a role changed, before the check. NULL when
	 * the table says it all. Returns CLI_OK or an error code (printed). */
	int (*paths)(cli_paths *ps, const char *const *pos, int npos);
} cli_spec;

/* Parse argv[1..] (argv[0] is the subcommand name) against spec. Positional
 * arguments are collected into pos (at most spec->max_pos). Then, before the
 * command does any work, every path is checked (cli_paths_check): the
 * table's path options, the positional files, and what spec->paths adds.
 * Returns CLI_OK, CLI_USAGE or CLI_BAD (message printed), or -1 when --help
 * was printed (the caller should exit 0). "-" is a positional argument;
 * "--" ends options. */
int cli_parse(const cli_spec *spec, int argc, char **argv, const char **pos, int *npos);

/* Was option `name` (without dashes) given to the command just parsed? For
 * refusing an option that a mode of the command would ignore. */
bool cli_given(const char *name);

/* The first option given to the command just parsed that is not in
 * `allowed` (names without dashes, NULL-terminated), or NULL. */
const char *cli_given_other(const char *const *allowed);

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

/* ---- outputs (cli/output.c) ------------------------------------------------
 * Every file a command writes is a cli_out: written to a temporary file
 * beside the target and renamed into place by cli_out_commit, so a failed,
 * interrupted or killed command leaves the old file or the complete new one
 * (Ctrl-C and SIGTERM also remove the temporary file). "-" is standard
 * output, written as it comes. Its paths were all checked by cli_parse
 * before it started working (the option table says which are files: see
 * "paths" below); it opens each output with cli_out_open, writes to o->f,
 * and ends with cli_out_commit (success) or cli_out_abort (failure). */
typedef struct cli_out {
	const char *path; /* as given */
	FILE *f;          /* where to write: the temporary file, or stdout for "-" */
	c2_out o;
} cli_out;

/* Open an output. CLI_OK, or CLI_BAD after printing
 * "c2rt CMD: cannot write PATH: why". */
int cli_out_open(cli_out *o, const char *cmd, const char *path);

/* Finish an output (flush stdout, or rename the file into place, unless
 * standard output has failed: cli_stdout_check). CLI_OK, or CLI_BAD after
 * printing why; either way o is closed. */
int cli_out_commit(cli_out *o, const char *cmd);

/* Drop an output: the temporary file goes, the target is untouched. Safe on
 * an output that was never opened (zeroed) or is already closed. */
void cli_out_abort(cli_out *o);

/* ---- paths (cli/paths.c) -----------------------------------------------------
 * The files of one command: what cli_parse collects from the option table
 * (OPT_IN, OPT_IN_DIR, OPT_OUT, OPT_OUT_DIR), the positional arguments
 * (spec->pos_kind) and the spec's paths hook, checked together before any
 * work by cli_paths_check:
 *   - every output can be written: not a directory or device, its folder
 *     there and writable, its name within the file system's limit, and the
 *     temporary file it will be written to created (and removed) already;
 *     a folder output (OPT_OUT_DIR) is a folder, or can be made;
 *   - no output is an input, and no two outputs are one file, however
 *     they are named: "x", "./x", "a/../x", an absolute path, a symlinked
 *     folder, a hard link or a symlink to it (device and inode, or for a
 *     file not there yet its folder's device and inode and its name);
 *   - at most one output is standard output ("-", or the data a command
 *     prints), and at most one input standard input.
 * The set stays for the command's life: cli_paths_may_write checks a file
 * named only at run time (a key in the viewer) against it. */
typedef struct cli_path {
	char *what;        /* what the user called it, for messages: "--trace", "GENOME" */
	char *path;        /* "-": standard input or output */
	cli_opt_kind kind; /* OPT_IN, OPT_IN_DIR, OPT_OUT or OPT_OUT_DIR */
	/* A numbered family of outputs (count > 0): the files
	 * PATH/PREFIX<number of `width` digits>SUFFIX for numbers 0..count-1. */
	char *prefix, *suffix;
	int width;
	long count;
} cli_path;

struct cli_paths {
	const char *cmd;
	cli_path *v;
	size_t n, cap;
	bool oom;
};

/* Add a path (copied; a NULL path adds nothing). */
void cli_paths_add(cli_paths *ps, cli_opt_kind kind, const char *what, const char *path);

/* Add the files dir/PREFIX<NNNN>SUFFIX, numbers 0..count-1 written with
 * `width` digits, as outputs (mutate --n). */
void cli_paths_add_numbered(cli_paths *ps, const char *what, const char *dir, const char *prefix,
                            int width, const char *suffix, long count);

/* Add every file of folder `dir` whose name keep() accepts as an input
 * (nothing when the folder cannot be read: the command says so). */
void cli_paths_add_dir(cli_paths *ps, const char *what, const char *dir,
                       bool (*keep)(const char *name));

/* The entry the user called `what` ("-o"), or NULL. */
cli_path *cli_paths_find(cli_paths *ps, const char *what);

/* The checks above. CLI_OK, or CLI_BAD (CLI_USAGE for a folder given as
 * "-") after printing "c2rt CMD: ..." */
int cli_paths_check(const cli_paths *ps);

/* May the running command write `path` now? Standard output must still be
 * sound (cli_stdout_check: data lost there leaves the files as they were),
 * and the file writable (c2_out_check) and none of the command's inputs nor
 * its outputs other than `what` (the output being written, as the user
 * called it; NULL for a file named only at run time, as by a key in the
 * viewer). CLI_OK, or CLI_BAD with the reason in why. */
int cli_paths_may_write(const char *what, const char *path, char *why, size_t n);

/* For cli_parse: collect the paths of the command just parsed (the table's,
 * the positional files, the hook's) into the command's set and check them. */
int cli_paths_parsed(const cli_spec *spec, const char *const *pos, int npos);
/* For cli_finish: free the set. */
void cli_paths_done(void);

/* Flush standard output now: CLI_OK, or CLI_BAD after printing why (once).
 * An output is renamed into place only while standard output is sound, so
 * a command whose printed data was lost leaves its files as they were. */
int cli_stdout_check(const char *cmd);

/* The end of every command (main): flush and close standard output; an
 * error is CLI_BAD after saying so. Also frees the path set. */
int cli_finish(const char *cmd, int rc);

/* Make the standard streams safe before anything runs: a closed one is
 * opened on /dev/null (standard output read-only, so writing it fails and
 * is caught at the end), so no file the command opens can take its number
 * and receive its messages or data. */
void cli_guard_streams(void);

/* Write `len` bytes to `path` as one output (cli_out_open, write, commit).
 * Returns CLI_OK, or reports and returns CLI_BAD. */
int cli_write(const char *cmd, const char *path, const void *data, size_t len);

/* Read a genome, in either form (a dna2 file or gene stream, or the genome
 * text form: genome_parse_any), or report why not (returns CLI_OK or
 * CLI_BAD). Every command that takes a GENOME reads it through this (or
 * cli_genome_from_bytes, for a command that has the bytes already). */
int cli_load_genome(const char *path, genome *g);

/* Parse a genome file's bytes, in either form: CLI_OK, or CLI_BAD with the
 * message ("PATH:WHERE: reason", and for a file that is no genome at all the
 * forms there are) in msg. */
int cli_genome_from_bytes(const char *path, const uint8_t *buf, size_t len, genome *g, char *msg,
                          size_t n);

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
 * defines `int cli_cmd_NAME(int, char **)` and `const cli_spec cli_cmd_NAME_spec`;
 * main.c builds the dispatch table from this list. */
#define CLI_COMMANDS(X)                                                     \
	X(help)                                                                 \
	X(dump)                                                                 \
	X(asm)                                                                  \
	X(express)                                                              \
	X(validate)                                                             \
	X(plot)                                                                 \
	X(ethogram)                                                             \
	X(svrule)                                                               \
	X(brain)                                                                \
	X(options)                                                              \
	X(names)                                                                \
	X(run)                                                                  \
	X(view)                                                                 \
	X(import)                                                               \
	X(body)                                                                 \
	X(mutate)                                                               \
	X(cross)                                                                \
	X(diff)                                                                 \
	X(batch)                                                                \
	X(sweep)                                                                \
	X(lineage)                                                              \
	X(evolve)

#define X(name)                                \
	int cli_cmd_##name(int argc, char **argv); \
	extern const cli_spec cli_cmd_##name##_spec;
CLI_COMMANDS(X)
#undef X

/* Subcommands of commands made of several (c2rt svrule disasm ...): the ONE
 * table. Each X(command, sub) defines `int cli_cmd_command_sub(int, char **)`
 * and `const cli_spec cli_cmd_command_sub_spec` in cli/cmd_command.c; the
 * command's own function calls cli_run_sub, and help, the man page and the
 * bash completion list them from here. */
#define CLI_SUBCOMMANDS(X)                                                  \
	X(svrule, ops)                                                          \
	X(svrule, disasm)                                                       \
	X(svrule, asm)                                                          \
	X(svrule, eval)                                                         \
	X(svrule, check)

#define X(cmd, sub)                                   \
	int cli_cmd_##cmd##_##sub(int argc, char **argv); \
	extern const cli_spec cli_cmd_##cmd##_##sub##_spec;
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
