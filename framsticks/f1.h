/* f1.h — Framsticks f1 genotypes ("XX(X,X)[|G:1]"): turned into f0 as the
 * Framsticks SDK's f1 converter does, then built by the f0 builder (f0.h).
 *
 * An f1 genotype grows a tree of sticks: X is a stick (a joint and its end
 * part) joined to the end of the previous one; (A,B,...) are branches, which
 * share the full angle around the branching part; modifier letters before an
 * X change it and, less and less, the sticks after it (L l length, W w
 * weight, F f friction, C c curvedness, Q q twist, R r a 45-degree rotation
 * of the next stick only, A a S s M m I i the biological properties, E e
 * energy, D d G g B b colour, H h visual size); [ ... ] after an X is a
 * neuron on it, with its class, properties and inputs ("-1:2.5" the neuron
 * one before, "G:1" a new gyroscope receptor, "|" and "@" muscles on the
 * stick). docs/bodies.md says what is implemented and how it differs from
 * the SDK. */
#ifndef C2_BODY_F1_H
#define C2_BODY_F1_H

#include <stddef.h>

#include "base/bytes.h"
#include "base/err.h"
#include "body/body.h"
#include "framsticks/fparam.h"

/* Bounds on what an f1 genotype may make us do (the SDK has none): its
 * length (real ones have a few thousand characters) and how deeply its
 * branches nest (each level costs a saved state). Past them the genotype is
 * refused with C2_ETOOBIG. */
enum { FRAMS_F1_MAX_LEN = 1 << 20, FRAMS_F1_MAX_DEPTH = 10000 };

/* The f0 text the SDK's converter makes of the f1 genes genes[0..n) (text
 * after a NUL byte is ignored, as in the SDK): an m: line, the p:, j:, n:
 * lines in the order the SDK creates them and the c: lines grouped by the
 * receiving neuron, appended to *f0. line_of (may be NULL) receives a
 * malloc'd array, one entry per f0 line, of the input line that made it
 * (`first_line` is the input line of genes[0]); the converter's messages go
 * to `log` with input lines. Returns 0, C2_EFORMAT for genes the SDK cannot
 * convert (a character that is neither a stick, a branch, a neuron nor a
 * modifier, where it is met: err->line), C2_ETOOBIG past a limit (FRAMS_F1_*
 * above, body.h's part and joint limits, f0.h's neuron and connection
 * limit), C2_ENOMEM. Linear in n. */
int frams_f1_to_f0(const char *genes, size_t n, long first_line, c2_wbuf *f0, long **line_of,
                   frams_log *log, c2_err *err);

/* Build `m` from the f1 genes genes[0..n): the converted f0 built by
 * frams_f0_build (the model is an f0 model: frams_f0_info_of gives its f0
 * block, with the f1 genes in f1_genes), every line (of parts, joints,
 * neurons, connections, messages, the error) being the input line of the
 * f1 text that made it; the converter's messages come before the f0
 * builder's. Returns as frams_f0_build, or as frams_f1_to_f0 when the genes
 * cannot be converted (m then empty). */
int frams_f1_build(const char *genes, size_t n, const char *name, long first_line,
                   body_model *m, c2_err *err);

/* A whole genotype text g[0..n) with its format marker (frams_geno_marker:
 * no marker is f1): f0 is built by frams_f0_build, f1 by frams_f1_build,
 * any other format refused by name with `m` left empty. `first_line` is the
 * input line of the marker. */
int frams_genotype_build(const char *g, size_t n, const char *name, long first_line,
                         body_model *m, c2_err *err);

#endif
