/* c2py.h — the C face the Python package (python/c2rt) calls, through cffi
 * in ABI mode (see python/c2rt/_lib.py for why).
 *
 * ONE declaration list, read twice: python/c2py.c includes it, so the
 * compiler checks every line against the core's own headers (a redeclared
 * core function must match its prototype; the shim's functions must match
 * their definitions), and _lib.py hands the same text (its '#' lines
 * dropped) to cffi's cdef. Hence: no macros, no includes but the standard
 * ones, nothing cffi cannot parse. Only opaque pointers, scalars and flat
 * buffers cross: Python never sees a core struct's layout, except c2py_err
 * and the shim's small records below, whose sizes c2py_sizeof() reports so
 * that _lib.py refuses a library built from another version of this file.
 *
 * Buffers the shim allocates (*out) are freed with c2py_free. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct genome genome;
typedef struct creature creature;
typedef struct creature_events creature_events;

/* c2_err, as plain fields. */
typedef struct c2py_err {
	int code;     /* c2_code: 0 ok, 1 EIO, 2 EFORMAT, 3 ETOOBIG, 4 ENOMEM, 5 EINVAL, 6 ECHECK */
	long offset;  /* byte offset in a binary input, or -1 */
	long line;    /* line in a text input, or 0 */
	int gene;     /* gene index, or -1 */
	char msg[200];
} c2py_err;

typedef struct c2py_lobe_info {
	char name[32];
	int x, y, width, height;
	unsigned neurons;
	int wta;
	int source_lobe[2];   /* -1 when the dendrite type is not wired */
	uint32_t dendrites[2];
} c2py_lobe_info;

typedef struct c2py_organ_info {
	int kind;             /* 0 body, 1 genome organ, 2 brain organ */
	long gene;            /* its gene, -1 for the body organ */
	double initial_lf, st_lf, lt_lf;
	int failed;
	uint8_t clock_rate, repair_rate, injury;
	uint32_t biotick, energy_cost, receptors, emitters, reactions;
} c2py_organ_info;

/* sizeof c2py_err, c2py_lobe_info, c2py_organ_info, c2py_object_info,
 * c2py_place_info (what = 0 .. 4), else 0. */
size_t c2py_sizeof(int what);
void c2py_free(void *p);

/* ---- genomes ---------------------------------------------------------------- */
genome *c2py_genome_parse(const uint8_t *buf, size_t len, c2py_err *e);
genome *c2py_genome_text_parse(const char *text, size_t len, c2py_err *e);
void c2py_genome_free(genome *g);
size_t c2py_genome_ngenes(const genome *g);
/* The .gen bytes, the text form (source, may be NULL: the file named in its
 * first comment), the JSON form: 0, or C2_ENOMEM. */
int c2py_genome_encode(const genome *g, uint8_t **out, size_t *len);
int c2py_genome_text(const genome *g, const char *source, char **out, size_t *len);
int c2py_genome_json(const genome *g, char **out, size_t *len);
/* Indices of the genes switched on entering `stage` (in_force 0) or in force
 * once `stage` is reached (1); out holds c2py_genome_ngenes entries. */
size_t c2py_genome_express(const genome *g, int sex, int stage, int in_force, size_t *out);
/* genome_mutate / genome_cross with an RNG seeded as `c2rt mutate/cross
 * --seed` seed it; monikers NULL or 4 bytes. NULL on failure (e says why). */
genome *c2py_genome_mutate(const genome *g, double rate, uint64_t seed, c2py_err *e);
genome *c2py_genome_cross(const genome *mum, const genome *dad, const uint8_t *mum_moniker,
                          const uint8_t *dad_moniker, double rate, uint64_t seed, c2py_err *e);
int c2py_genome_check(const genome *g, int sex, c2py_err *e);

/* Names of the vocabularies: 0 chemicals, 1 drives, 2 lobes, 3 stimuli,
 * 4 actions, 5 categories. NULL for a value without a name. */
const char *c2py_name(int vocab, int value);
int c2py_find(int vocab, const char *name, size_t len);
int c2py_vocab_size(int vocab);

/* ---- creatures -------------------------------------------------------------- */
/* Hatch with the default configuration, `sex` (1 male, 2 female), `seed`,
 * and the options opts[0..len): NAME=VALUE lines (e->line names a bad one). */
creature *c2py_hatch(const genome *g, int sex, uint64_t seed, const char *opts, size_t len,
                     c2py_err *e);
void creature_free(creature *c);
creature_events *c2py_events_parse(const char *text, size_t len, c2py_err *e);
void c2py_events_free(creature_events *ev);

/* Step up to n world ticks exactly as `c2rt run` does (events `ev`, may be
 * NULL): stop early when the creature dies or an event kills it before its
 * tick. Every tick t with t % hash_every == 0 (hash_every > 0) appends
 * (t, hash) to hashes[0..2*cap). Returns the ticks run; *nhashes the pairs. */
uint64_t c2py_step(creature *c, const creature_events *ev, uint64_t n, uint64_t hash_every,
                   uint64_t *hashes, size_t cap, size_t *nhashes);
/* The same run writing `c2rt run --trace --every K --chems LIST`'s CSV
 * (header, the row of tick 0 when the creature has not ticked yet, one row
 * every `every` ticks, the death row) into *out. chems NULL: the default
 * chemicals. gno: the Genetics Kit notes that name the organs (as the .gno
 * beside a genome names them for `c2rt run`), or NULL: named by what they
 * hold. 0, or an error (e says why; a bad chemical list). */
int c2py_trace(creature *c, const creature_events *ev, uint64_t n, uint64_t every,
               const char *chems, const char *gno, char **out, size_t *len, uint64_t *ran, c2py_err *e);

uint64_t creature_ticks(const creature *c);
int creature_stage(const creature *c);
bool creature_alive(const creature *c);
bool creature_asleep(const creature *c);
bool creature_dreaming(const creature *c);
int creature_action(const creature *c);
int creature_object(const creature *c);
uint64_t creature_hash(const creature *c);
uint64_t creature_death_tick(const creature *c);
const char *c2py_death(const creature *c);
int c2py_sex(const creature *c);
uint64_t c2py_seed(const creature *c);
genome *c2py_creature_genome(const creature *c, c2py_err *e);

void c2py_chemicals(const creature *c, uint8_t *out);
/* Where the creature keeps its 256 chemicals, its drives (c2py_drives' count)
 * and a lobe's states (which 0) or outputs (1) (NULL: no such lobe): fixed
 * until the creature is freed, so Python's live arrays read them in place. */
const uint8_t *c2py_chemicals_at(const creature *c);
const uint8_t *c2py_drives_at(const creature *c);
const uint8_t *c2py_lobe_cells_at(const creature *c, unsigned lobe, int which);
size_t c2py_drives(const creature *c, uint8_t *out, size_t cap);
size_t c2py_lobe_count(const creature *c);
int c2py_lobe(const creature *c, unsigned lobe, c2py_lobe_info *out);
/* States (which 0) or outputs (1) of a lobe's neurons: the count written, or
 * -1 when there is no such lobe or cap is short. */
long c2py_lobe_cells(const creature *c, unsigned lobe, int which, uint8_t *out, size_t cap);
/* Every dendrite of `type` (0/1) of a lobe, 8 numbers each (cell, k, source
 * lobe, source neuron, STW, LTW, strength, susceptibility): the count, or -1
 * when the lobe does not exist or cap (dendrites) is short. */
long c2py_dendrites(const creature *c, unsigned lobe, unsigned type, uint16_t *out, size_t cap);
size_t c2py_organ_count(const creature *c);
int c2py_organ(const creature *c, size_t i, c2py_organ_info *out);
/* Every organ's name as the trace's lf: columns have it (genome/organs.h;
 * gno as for c2py_trace), one a line, into buf: the bytes written, or -1
 * when cap is short. */
long c2py_organ_names(const creature *c, const char *gno, char *buf, size_t cap);

void creature_inject(creature *c, uint8_t chem, int amount);
bool creature_stimulus(creature *c, uint8_t number, int from, uint8_t m);
void creature_sleep(creature *c);
void creature_wake(creature *c);
void creature_kill(creature *c);

/* The snapshot `c2rt run --save` writes (extra: the events text), in memory
 * or written atomically to a file; and back. */
int c2py_save(const creature *c, const char *extra, size_t nextra, uint8_t **out, size_t *len);
int c2py_save_file(const creature *c, const char *path, const char *extra, size_t nextra,
                   c2py_err *e);
creature *c2py_load(const uint8_t *data, size_t len, uint8_t **extra, size_t *nextra, c2py_err *e);
creature *c2py_load_file(const char *path, uint8_t **extra, size_t *nextra, c2py_err *e);

/* ---- worlds (world/world.h) ------------------------------------------------------ */
typedef struct world world;
typedef struct world_events world_events;

typedef struct c2py_object_info {
	char name[32], kind[32];
	int category;
	double x, width;
	int state;            /* 0 present, 1 vanished, 2 removed */
	int visible;
	int carrier;          /* creature index, -2 the hand, -1 none */
} c2py_object_info;

typedef struct c2py_place_info {
	double x;
	int facing, room, it;
	double it_distance;
	int carried, action;
	char phase[16];
} c2py_place_info;

/* Load a world file's text with its options (NAME=VALUE lines, e->line
 * names a bad one) and seed, as `c2rt run --world FILE --seed S --opt ...`. */
world *c2py_world_load(const char *text, size_t len, const char *opts, size_t optlen,
                       uint64_t seed, c2py_err *e);
void world_free(world *w);
/* The world takes c (it frees it from then on) — or, on failure, not. */
int c2py_world_add(world *w, creature *c, c2py_err *e);
world_events *c2py_world_events_parse(const world *w, const char *text, size_t len, c2py_err *e);
void world_events_free(world_events *ev);
/* Step up to n ticks as `c2rt run --world` does (it follows creature 0:
 * stops when it dies), hashing the world every hash_every ticks. */
uint64_t c2py_world_step(world *w, const world_events *ev, uint64_t n, uint64_t hash_every,
                         uint64_t *hashes, size_t cap, size_t *nhashes);
/* The same run writing `c2rt run --world --trace` 's CSV for creature `who`
 * (its world columns too), following it: stops when it dies. As c2py_trace. */
int c2py_world_trace(world *w, const world_events *ev, size_t who, uint64_t n, uint64_t every,
                     const char *chems, const char *gno, char **out, size_t *len, uint64_t *ran,
                     c2py_err *e);
/* The world's log (`c2rt run --world --log`): on or off, and the NDJSON
 * records logged since the last take (*out: c2py_free). 0, or C2_ENOMEM. */
void world_set_log(world *w, bool on);
int c2py_world_log_take(world *w, char **out, size_t *len);
uint64_t world_ticks(const world *w);
uint64_t world_hash(const world *w);
size_t world_creature_count(const world *w);
creature *world_creature(world *w, size_t i);
size_t world_object_count(const world *w);
int c2py_world_object(const world *w, size_t id, c2py_object_info *out);
int c2py_world_place(const world *w, size_t i, c2py_place_info *out);
int c2py_world_save(const world *w, const char *extra, size_t nextra, uint8_t **out, size_t *len);
world *c2py_world_restore(const uint8_t *data, size_t len, uint8_t **extra, size_t *nextra,
                          c2py_err *e);
