/* biochem.h — the biochemistry of one Creatures 2 creature: 256 chemicals
 * with half-lives, and organs that run receptors, emitters and reactions
 * (reference §5; expression rules §2.6).
 *
 * Public names start with `bc_` / `BC_`. The core never prints; failures are
 * returned as c2_code values with a c2_err.
 *
 * ---- Contract with the engine ------------------------------------------------
 *
 * Lifecycle. bc_create() makes an empty biochemistry holding only the
 * engine's body organ (organ 0, §2.6.3 / §5.8: clock rate 128, LF byte 128,
 * LT repair 10, ATP coefficient 1, no genes). The engine then calls
 * bc_express() once at hatching with the genes switched on at stage 0 and
 * again at every life-stage transition with that stage's genes
 * (genome_switched_on() gives exactly that list). Every biochem tick (every 2
 * world ticks, §5.1) it calls bc_tick(); on brain ticks it calls
 * bc_brain_organ_tick(). Death is the engine's decision (§7.3, Q13): this
 * module only exposes the facts (bc_brain_organ_failed,
 * bc_all_body_organs_failed, per-organ information).
 *
 * Locus binding. Receptors write and emitters read one byte each, addressed
 * by the (organ, tissue, locus) bytes of their gene and looked up in the ONE
 * locus table (genome/loci.h). The byte is bound to a pointer once, when the
 * genes are expressed (and again on load), never looked up per tick:
 *   - organ byte 2 (the gene's own organ: clock rate, repair rate, injury)
 *     binds to bytes inside this module;
 *   - organ bytes 0 (brain) and 1 (creature) are the engine's: the module
 *     calls the engine's bc_locus_resolver (below);
 *   - an address outside the table, or one the resolver returns NULL for,
 *     binds to a dummy byte owned by this biochemistry: the gene still counts
 *     toward its organ's energy cost (§2.7), but such receptors and emitters
 *     are inert (an emitter on a dummy never emits, even when inverted).
 *
 * Ownership of the engine's bytes. The engine keeps the creature and brain
 * locus bytes (drives, life-stage loci, floating loci, lobe parameters ...)
 * and saves them itself; this module saves only its own state and, on load,
 * re-binds every gene by calling the resolver again with the stored
 * addresses.
 *
 * Threading: a bc_biochem is not shared; distinct objects are independent
 * (no globals). */
#ifndef C2_BIOCHEM_H
#define C2_BIOCHEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/err.h"
#include "base/options.h"
#include "genome/genome.h"
#include "genome/loci.h"
#include "genome/organs.h"

/* ---- constants (one place) -------------------------------------------------- */

enum {
	BC_NCHEM = 256,
	/* The engine-made body organ (§5.8, [V] from the export). */
	BC_BODY_CLOCK_RATE = 128,
	BC_BODY_CLOCK_START = 0,
	BC_BODY_LIFE_FORCE = 128, /* byte: 128/255 of BC_BASE_LIFE_FORCE */
	BC_BODY_LT_REPAIR = 10,
	BC_BODY_ATP_COEF = 1,
	/* Energy cost of an organ: BC_COST_BASE + genes / BC_COST_PER (§5.8). */
	BC_COST_BASE = 2,
	BC_COST_PER = 10
};

#define BC_BASE_LIFE_FORCE 1000000.0 /* life force of an LF byte of 255 */
#define BC_ORGAN_AGEING 1e-5         /* ST and LT lose this share per activation */
#define BC_ORGAN_FAIL_LF 0.5         /* an organ fails when LT <= this */

/* ---- options: every §9 choice that concerns the biochemistry ----------------
 * X(field, default, min, max, value names, help). The defaults are the
 * reference's recommendations; the alternatives are what other sources do.
 * Front ends list and set them by name through bc_option_tab and the generic
 * functions of base/options.h. */
#define BC_OPTIONS(X)                                                                 \
	X(injury_chemical, 1, 0, 1, NULL,                                                       \
	  "Q9: organ damage adds 255*damage/initial_LF of Injury (14) and healing "       \
	  "removes 255*heal/initial_LF; 0 = organs never touch Injury")                    \
	X(brain_energy_cost, 22, 0, 255, NULL,                                                  \
	  "Q10: ATP the brain organ burns per activation (22 seen in a real export)")     \
	X(brain_repair_rate, 32, 0, 255, NULL,                                                  \
	  "the brain organ's repair-rate locus at creation (no gene sets it; the real "   \
	  "export holds 32); 0 = unset, as for other organs")                             \
	X(starve_full_scale, 1, 0, 1, NULL,                                                     \
	  "damage per activation without ATP: 1 = coef * 10^6 / 255, a full organ's "     \
	  "life force (the export's body organ: 3921); 0 = coef * initial LF / 255 "      \
	  "(the reference's formula: 1968 for the body organ)")                           \
	X(emitter_clear_always, 0, 0, 1, NULL,                                                  \
	  "Q16: 0 = clear-source emitters clear their locus only when they emit (C3); "   \
	  "1 = on every sample (openc2e)")                                                \
	X(emitter_rate0_as_1, 1, 0, 1, NULL,                                                    \
	  "emitter sample rate 0: 1 = sample every activation; 0 = never sample")         \
	X(reaction_zero_amount_as_1, 0, 0, 1, NULL,                                             \
	  "reaction amount 0 on a real chemical: 0 = the reactant limits nothing and "    \
	  "moves nothing; 1 = treat the amount as 1 (C3 clamps amounts to 1..)")          \
	X(clock_receptors_every_tick, 1, 0, 1, NULL,                                            \
	  "1 = receptors on an organ's own clock-rate locus also run on ticks the organ " \
	  "does not activate (C3); 0 = only on activations")                              \
	X(clock_receptors_first, 1, 0, 1, NULL,                                                 \
	  "with clock_receptors_every_tick: 1 = those receptors run before the clock "    \
	  "advances, from the first biochem tick on (the export's muscle, liver, tummy, " \
	  "bones, spleen and skin clocks); 0 = after it (the first tick uses the gene's "  \
	  "rate)")                                                                        \
	X(die_locus_or, 1, 0, 1, NULL,                                                          \
	  "1 = receptors on creature/immune/0 ('die if non-zero') are ORed to 0 or 255 "  \
	  "(C3); 0 = averaged like any other receptor group")                             \
	X(decay_first_tick, 0, 0, 1, NULL,                                                      \
	  "decay phase (ref 5.2): 0 = a half-life with a period of P ticks decays on ticks P, 2P ... " \
	  "(opencreatures1; §7.1's ageing table); 1 = on ticks 1, P+1 ... (openc2e)")

/* Modes of running that must not change a single bit of the state (same X
 * shape; transient: left out of snapshots and state hashes). */
#define BC_MODES(X)                                                                   \
	X(biochem_reference, 0, 0, 1, NULL,                                                     \
	  "run the biochemistry without any shortcut: every receptor group evaluated at "   \
	  "every chance, every emitter looked at on every activation and every chemical "  \
	  "decayed in turn (tests compare state hashes; not kept in snapshots)")

typedef struct bc_options {
	BC_OPTIONS(C2_OPTION_FIELD)
	BC_MODES(C2_OPTION_FIELD)
} bc_options;

/* The table for the generic option functions (base/options.h). */
extern const c2_option_table bc_option_tab;

/* ---- the engine's locus resolver ----------------------------------------------
 * Called only at expression and load time, only for addresses the locus
 * table (genome/loci.h) recognises whose organ byte is 0 (brain) or 1
 * (creature). Must return a pointer to the byte for that address that stays
 * valid, and the same, for the lifetime of the bc_biochem, or NULL when the
 * engine has no such byte (e.g. a lobe number the brain lacks): the gene is
 * then bound to a dummy. `dir` says who binds: GENOME_RECEPTOR writes the byte,
 * GENOME_EMITTER reads it (and clears it when its clear-source flag says so).
 * The resolver may be called several times for the same address; it must
 * not call back into this module. */
typedef uint8_t *(*bc_locus_resolver)(void *ctx, genome_locus_dir dir, uint8_t organ,
                                      uint8_t tissue, uint8_t locus);

/* ---- lifecycle -------------------------------------------------------------------- */

typedef struct bc_biochem bc_biochem;

/* Make an empty biochemistry (all chemicals 0, no half-lives yet, only the
 * body organ). `opts` NULL means the defaults; `resolve` may be NULL (every
 * engine locus is then a dummy). Returns 0 and sets *out, or C2_ENOMEM /
 * C2_EINVAL (an option out of range) with *out = NULL. */
int bc_create(bc_biochem **out, const bc_options *opts, bc_locus_resolver resolve, void *ctx,
              c2_err *err);

/* Free everything; NULL is fine. */
void bc_free(bc_biochem *b);

/* The options this biochemistry runs with. */
const bc_options *bc_get_options(const bc_biochem *b);

/* ---- expression (§2.6) -------------------------------------------------------- */

typedef struct bc_express_report {
	uint32_t organs;       /* organ genes that created an organ (incl. the brain organ) */
	uint32_t receptors;    /* receptors added */
	uint32_t emitters;     /* emitters added */
	uint32_t replaced;     /* emitters that replaced one with the same address and chemical */
	uint32_t reactions;    /* reactions added */
	uint32_t half_lives;   /* half-life genes applied (the table is replaced) */
	uint32_t init_concs;   /* initial concentrations applied */
	uint32_t unbound;      /* receptors/emitters bound to a dummy locus */
	uint32_t orphaned;     /* biochemistry genes dropped: their organ gene is not expressed */
	uint32_t ignored;      /* other gene kinds, and organ genes of a stage > 0 (Q19) */
} bc_express_report;

/* Express genes genes[0..n) of `g` (indices into g->genes, strictly
 * increasing — genome_switched_on() gives such a list):
 *   - organ (3/0) and brain organ (0/1) genes of switch-on stage 0 create
 *     organs; genome organs are appended in gene order after the body organ;
 *     a brain organ gene creates the brain organ (a second one re-creates
 *     it, as genome_in_force's key says the later gene wins);
 *   - receptors, emitters and reactions join their owning organ
 *     (genome_owner_organ; an orphan before the first organ gene joins the
 *     body organ); a gene whose owning organ gene was never expressed (the
 *     uterus of a male) is dropped, as in C3's genome walk;
 *   - an emitter replaces, in place, an emitter of the same organ with the
 *     same (organ, tissue, locus, chemical) bytes; everything else adds;
 *   - a half-lives gene replaces the half-life table (until one is
 *     expressed nothing decays); an initial-concentration gene sets its
 *     chemical;
 *   - genes of any other kind are ignored (so the engine may pass the whole
 *     switched-on list).
 * An organ gene must be expressed no later than the genes it owns. Energy
 * costs are recomputed (2 + (receptors + emitters + reactions) / 10) and all
 * loci are (re)bound, calling the resolver. All-or-nothing: on failure
 * (C2_EINVAL for an index out of range, not increasing, or a gene already
 * expressed; C2_ENOMEM) the biochemistry is unchanged. `rep` may be NULL. */
int bc_express(bc_biochem *b, const genome *g, const size_t *genes, size_t n,
               bc_express_report *rep, c2_err *err);

/* ---- running --------------------------------------------------------------------- */

/* One biochem tick (§5.1): every organ except the brain organ, in order
 * (body organ, then genome organs in gene order), then the half-life decay
 * of all 256 chemicals, then the counter advances. A half-life byte with a
 * period of P ticks (§5.2) decays on the P-th, 2P-th ... tick (option
 * decay_first_tick: on the 1st, P+1-th ...); reactions likewise move on
 * their organ's P-th, 2P-th ... activation. Allocation-free; cannot fail. */
void bc_tick(bc_biochem *b);

/* One update of the brain organ (the engine calls it on brain ticks; §5.8,
 * Q10). Same organ rules, no genes, energy cost = option brain_energy_cost.
 * No-op without a brain organ. Allocation-free; cannot fail. */
void bc_brain_organ_tick(bc_biochem *b);

/* Number of bc_tick calls so far (the decay counter). */
uint32_t bc_tick_count(const bc_biochem *b);

/* ---- chemicals (§5.3): chemical 0 reads 0 and ignores writes; add/sub
 * saturate at 0 and 255. ---------------------------------------------------------- */
uint8_t bc_chem_get(const bc_biochem *b, uint8_t chem);
void bc_chem_set(bc_biochem *b, uint8_t chem, uint8_t value);
void bc_chem_add(bc_biochem *b, uint8_t chem, unsigned amount);
void bc_chem_sub(bc_biochem *b, uint8_t chem, unsigned amount);
/* All 256 concentrations (read-only view, valid until bc_free). */
const uint8_t *bc_chemicals(const bc_biochem *b);
/* Half-life byte of a chemical (0 before any half-lives gene). */
uint8_t bc_half_life(const bc_biochem *b, uint8_t chem);

/* ---- organs -------------------------------------------------------------------------
 * Index 0 is the body organ, 1..k the genome organs in gene order, and the
 * brain organ (if any) comes last, at bc_brain_organ_index(). */

typedef enum bc_organ_kind {
	BC_ORGAN_BODY = 0,   /* engine-made organ 0 */
	BC_ORGAN_GENOME = 1, /* from an organ gene (3/0) */
	BC_ORGAN_BRAIN = 2   /* from the brain organ gene (0/1) */
} bc_organ_kind;

typedef struct bc_organ_info {
	bc_organ_kind kind;
	long gene;            /* index of its gene, -1 for the body organ */
	double initial_lf;    /* LF byte * 10^6 / 255 */
	double st_lf, lt_lf;  /* short- and long-term life force */
	double starve_damage; /* damage per activation without ATP: coef * initial / 255 */
	bool failed;          /* LT <= 0.5: does nothing any more */
	bool energy_ok;       /* had ATP at its last activation (true before the first) */
	uint8_t clock;        /* clock accumulator; activation when it reaches 255 */
	uint8_t clock_rate;   /* locus organ/0/0 */
	uint8_t repair_rate;  /* locus organ/0/1 */
	uint8_t injury;       /* locus organ/0/2 (applied and cleared on activation) */
	uint8_t lt_repair;    /* gene: rate at which LT follows ST down */
	uint8_t atp_coef;     /* gene: ATP damage coefficient */
	uint32_t biotick;     /* activations so far */
	uint32_t energy_cost; /* ATP per activation */
	uint32_t receptors, emitters, reactions, receptor_groups;
} bc_organ_info;

/* Number of organs, brain organ included. */
size_t bc_organ_count(const bc_biochem *b);
/* Index of the brain organ, or -1 if none was expressed. */
long bc_brain_organ_index(const bc_biochem *b);
/* Fill *out for organ `i`; false (and *out untouched) if i is out of range. */
bool bc_organ_get(const bc_biochem *b, size_t i, bc_organ_info *out);
/* The name of organ i for people and trace columns: "body", "brain", its
 * name in `names` (genome/organs.h; NULL: none), else "organI" (I its
 * index: the name traces gave every genome organ before organs had names,
 * and still give an unnamed one). Empty when i is out of range. */
void bc_organ_label(const bc_biochem *b, size_t i, const genome_organ_names *names, char *buf,
                    size_t cap);
/* Set organ i's injury locus, as CAOS INJR does (applied at its next
 * activation: damage = value/255 * initial_LF / 10). False if i is out of range. */
bool bc_organ_set_injury(bc_biochem *b, size_t i, uint8_t value);

/* Has the brain organ failed? (false when there is none) */
bool bc_brain_organ_failed(const bc_biochem *b);
/* Have all organs other than the brain organ (the body organ and every
 * genome organ) failed? (Q13: the engine may call that death.) */
bool bc_all_body_organs_failed(const bc_biochem *b);

/* ---- importing a running state (exchange/import.c) -------------------------------- */

/* Set a chemical's half-life byte (the table then counts as expressed). */
void bc_half_life_set(bc_biochem *b, uint8_t chem, uint8_t value);

/* Set the biochem tick counter (the phase of every half-life period). */
void bc_tick_count_set(bc_biochem *b, uint32_t ticks);

/* The running state of an organ, as a C2 export holds it. */
typedef struct bc_organ_state {
	uint8_t clock, clock_rate, repair_rate, injury;
	uint32_t biotick;
	double st_lf, lt_lf;
	bool energy_ok;
} bc_organ_state;

/* Overwrite organ i's running state (its genes and gene parameters stay);
 * the failed flag follows LT. False, and nothing changed, when i is out of
 * range or a life force is negative or not finite. */
bool bc_organ_set_state(bc_biochem *b, size_t i, const bc_organ_state *s);

/* ---- gene elements, for viewers and traces ------------------------------------ */

typedef enum bc_elem_kind { BC_RECEPTOR = 0, BC_EMITTER = 1, BC_REACTION = 2 } bc_elem_kind;

typedef struct bc_elem_info {
	bc_elem_kind kind;
	size_t organ;     /* organ index (as bc_organ_get) */
	long gene;        /* gene index of the expressed (or replacing) gene */
	bool bound;       /* receptor/emitter: bound to a real locus (not a dummy) */
	uint8_t bytes[9]; /* the gene body (8 bytes for receptors/emitters) */
} bc_elem_info;

/* Number of receptors, emitters or reactions over all organs. */
size_t bc_elem_count(const bc_biochem *b, bc_elem_kind kind);
/* The i-th one (grouped by organ, in expression order inside an organ,
 * receptors grouped by locus); false if out of range. */
bool bc_elem_get(const bc_biochem *b, bc_elem_kind kind, size_t i, bc_elem_info *out);

/* ---- save, load, hash ------------------------------------------------------------ */

/* Append the whole state (options, counter, chemicals, half-lives, organs,
 * genes with their locus addresses) to `w`. Returns 0, or C2_ENOMEM when
 * the writer ran out of memory. */
int bc_save(const bc_biochem *b, c2_wbuf *w);

/* Read a state written by bc_save from `r` (advancing it) and bind its loci
 * through `resolve` (which may differ from the saver's; same contract). On
 * success returns 0 and sets *out. On truncated or inconsistent data returns
 * C2_EFORMAT (err->offset = the reader position) and on allocation failure
 * C2_ENOMEM; *out is then NULL and nothing leaks. */
int bc_load(bc_biochem **out, c2_rbuf *r, bc_locus_resolver resolve, void *ctx, c2_err *err);

/* 64-bit hash of the whole state: equal states (as bc_save writes them)
 * give equal hashes. Allocation-free. */
uint64_t bc_hash(const bc_biochem *b);

#endif
