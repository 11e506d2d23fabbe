/* f0.h — Framsticks f0 genotypes: build a body model exactly as the
 * Framsticks SDK 5.0rc10 does, check it as the SDK does, and write it back
 * as the SDK re-saves it.
 *
 * An f0 genotype is lines `m:` (model), `p:` (part), `j:` (joint), `n:`
 * (neuron) and `c:` (connection), each a single-line field list (fparam.h).
 * Building follows Model::build and Model::internalcheck: parts take their
 * orientation from rx, ry, rz; a joint giving dx/dy/dz ("delta") places its
 * second part relative to the first; a joint without delta gets its delta and
 * rotation computed from the two parts; part mass is the number of joints
 * touching the part (at least 1); and the model is valid only when every
 * check passes (see frams_f0_build). Everything the SDK says is kept, in order, in
 * the f0 block of the model (frams_f0_info). */
#ifndef C2_BODY_F0_H
#define C2_BODY_F0_H

#include <stdbool.h>
#include <stddef.h>

#include "base/bytes.h"
#include "base/err.h"
#include "body/body.h"
#include "framsticks/fparam.h"

/* The SDK's Model::ShapeType, with its numbers (they appear in its output). */
typedef enum frams_f0_shape {
	FRAMS_F0_SHAPE_UNKNOWN = 0,        /* not checked (build failed) or no parts */
	FRAMS_F0_SHAPE_ILLEGAL = 1,        /* ball-and-stick and solid parts or joints mixed */
	FRAMS_F0_SHAPE_BALL_AND_STICK = 2, /* every part sh=0, every joint sh=0 */
	FRAMS_F0_SHAPE_SOLIDS = 3          /* every part sh>0, every joint sh=1 */
} frams_f0_shape;

/* "unknown", "mixed", "ball-and-stick", "solids". */
const char *frams_f0_shape_name(frams_f0_shape s);

/* What an f0 body carries beyond the shared model: body_model.extra of a
 * model built by frams_f0_build (see frams_f0_info_of). */
typedef struct frams_f0_info {
	bool valid;       /* every check passed */
	frams_f0_shape shape;
	double se;        /* m: se, starting energy */
	char *vstyle;     /* m: Vstyle ("" by default) */
	char *genes;      /* the genotype as given, after its format marker */
	size_t ngenes;
	long first_line;  /* input line of the first genes line */
	char *f1_genes;   /* a body converted from f1 (f1.h): the f1 genes as given,
	                   * `genes` being the f0 they became; NULL for f0 */
	size_t nf1_genes;
	frams_log log;    /* the SDK's messages, in order, with input lines */
} frams_f0_info;

/* The f0 block of `m`, or NULL when `m` is not an f0 body. */
const frams_f0_info *frams_f0_info_of(const body_model *m);

/* ---- neuron classes ------------------------------------------------------------- */

typedef enum frams_f0_location { FRAMS_F0_LOC_NONE = 0, FRAMS_F0_LOC_PART = 1, FRAMS_F0_LOC_JOINT = 2 } frams_f0_location;

typedef struct frams_f0_neuro_class {
	const char *name;     /* as written in d= ("N", "|", "G" ...) */
	const char *longname;
	int inputs;           /* preferred number of inputs, -1 = any */
	bool output;          /* has a meaningful output */
	frams_f0_location location; /* where it wants to be attached */
	const char *props;    /* its properties with defaults, "" when none */
} frams_f0_neuro_class;

/* The standard class called `name`, or NULL (unknown classes are kept, not
 * refused). */
const frams_f0_neuro_class *frams_f0_neuro_class_find(const char *name);
extern const frams_f0_neuro_class frams_f0_neuro_classes[];
extern const size_t frams_f0_neuro_nclasses;

/* ---- building ------------------------------------------------------------------- */

/* At most this many neurons and connections each, and body.h's
 * BODY_MAX_PARTS parts and BODY_MAX_JOINTS joints (the SDK has no limit;
 * its references stop at 999999). A real creature has tens; the caps bound
 * the memory a hostile genotype can make us use, and what its simulation
 * costs. */
enum { FRAMS_F0_MAX_ITEMS = 100000 };

/* Build `m` from the f0 genes genes[0..n) (the genotype without its format
 * marker; text after a NUL byte is ignored, as the SDK does). `name` (may be
 * NULL) is the genotype name, which the SDK appends to its messages;
 * `first_line` is the input line of the first genes line, so that messages
 * and errors name lines of the file they came from.
 *
 * On return `m` always holds what was built (a failed line stops the build,
 * as in the SDK; the parts, joints and neurons before it stay) and its
 * frams_f0_info with every message. Returns 0 for a valid model, C2_EFORMAT for an
 * invalid one (err: the first reason, with the line to blame when there is
 * one), C2_ETOOBIG past a limit ("10001 parts, more than the limit of 10000",
 * at the line of the first one past it), C2_ENOMEM. Valid means: no line failed (an unknown line kind, a
 * value that is not a number, a reference to a part, joint or neuron not
 * defined before), there is a part or a neuron, parts and joints are all
 * ball-and-stick or all solid, no joint joins a part to itself or repeats a
 * pair of parts, no delta joint's second part was touched by an earlier
 * delta joint, no non-solid joint is longer than 2, and every part is
 * reachable from part 0. Costs O(n log n) for n bytes of genes. */
int frams_f0_build(const char *genes, size_t n, const char *name, long first_line, body_model *m,
             c2_err *err);

/* As frams_f0_build for a whole genotype text g[0..n) with its format marker
 * ("//0" and a line break, or the five characters slash, star, 0, star,
 * slash — see frams_geno_marker); any other format is refused by name
 * ("genotype format f1 is not supported") with `m` left empty. `first_line`
 * is the input line of the marker. */
int frams_f0_build_genotype(const char *g, size_t n, const char *name, long first_line,
                      body_model *m, c2_err *err);

/* ---- writing -------------------------------------------------------------------- */

/* Append the genotype as the SDK re-saves it (Model::makeGeno, defaults
 * skipped): an m: line when the model has non-default values, then every
 * p:, j: and n: line, then the connections grouped by the receiving neuron.
 * Only for valid f0 models: returns C2_EINVAL otherwise. */
int frams_f0_write(const body_model *m, c2_wbuf *out);

/* Append a part's or joint's f0 values as a JSON object keyed by the SDK's
 * property names (as on its p: or j: line), with its input line (and, for a
 * joint, whether it is a delta joint). */
void frams_f0_json_part(const body_part *p, c2_wbuf *out);
void frams_f0_json_joint(const body_joint *j, c2_wbuf *out);

/* Append the SDK conformance report, laid out as the reference outputs in
 * bodies/f0/expected/: the SDK's messages ("[ERROR] Where: text"), then
 * `valid=V parts=P joints=J neurons=N shape=S`; for a valid model one line
 * per part, joint and neuron (numbers with 9 significant digits), the genes
 * as given and as re-saved; last `rc=0` or `rc=1`. `m` may be an empty model
 * (a genotype that could not be read as f0): then only the counts line and
 * rc=1. */
void frams_f0_sdk_report(const body_model *m, c2_wbuf *out);

#endif
