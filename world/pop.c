/* pop.c — populations: creatures that see and touch each other, breed, lay
 * eggs and hatch (world.h; docs/populations.md names every rule's source).
 *
 * A world becomes a population when it holds a second creature: from then
 * on every creature is also an object of its genus' category (built-in
 * kinds "norn", "grendel", "ettin", "shee"), which the others see, attend
 * to and act on like any object, and the world drives the reproductive
 * emitters (option breeding). Until then nothing here touches the world,
 * so a lone creature steps, saves and hashes as it always did.
 *
 * Sources: [D] the locus names (runtime reference loci tables: "become
 * fertile if high", "receptive to sperm if > 0", "chance / degree of
 * mutation", emitters "I am fertile / pregnant", involuntary action 1 "lay
 * egg"), stimulus numbers (names/c2-stimuli.tsv: 2, 4, 11, 24, 43, 45),
 * categories 5 egg and 36-39 (world-reference 2); C2 CAOS guide BABY (the
 * child's genome exists from conception on, in the mother); DS manual
 * ("If a creature uses the 'push' action on another creature, it can
 * trigger mating"; females conceive only at the right point of their
 * cycle). [I] world-reference 4's recommendation (a fertile male's push on a
 * receptive female of his genus, in touch, conceives; both get 45 Mate) and
 * every number no source gives: each a WORLD_POP_OPTIONS entry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genome/breed.h"
#include "world/internal.h"

enum { NSPECIES = 4 };
static const char *const species_names[NSPECIES] = {"norn", "grendel", "ettin", "shee"};

static bool active(const world *w)
{
	return w->pop;
}

/* Does the world drive breeding for its creatures now? */
static bool breeding(const world *w)
{
	return w->opt.breeding == 2 || (w->opt.breeding == 1 && w->pop);
}

void w_pop_init(world *w)
{
	/* a stream of its own, so the world's stream is drawn exactly as a lone
	 * creature's world always drew it */
	c2_rng_seed(&w->nrng, w->seed ^ 0x504f50554c415445ull);
	for (int s = 0; s < NSPECIES; s++)
		w->crt_kind[s] = -1;
	w->egg_kind = -1;
	w->nfile_kinds = (uint16_t)w->nkinds;
}

static void unborn_free(w_unborn *u)
{
	free(u->dna);
	u->dna = NULL;
}

void w_pop_free(world *w)
{
	for (size_t i = 0; i < w->nunborn; i++)
		unborn_free(&w->unborn[i]);
	free(w->unborn);
	c2_wbuf_free(&w->gen);
}

/* ---- monikers ---------------------------------------------------------------------- */

static bool moniker_ok(const char *m)
{
	if (!m || strlen(m) != 4)
		return false;
	for (int i = 0; i < 4; i++)
		if (!((m[i] >= '0' && m[i] <= '9') || (m[i] >= 'A' && m[i] <= 'Z')))
			return false;
	return true;
}

static bool moniker_taken(const world *w, const char *m)
{
	for (size_t k = 0; k < w->ncrts; k++)
		if (!strcmp(w->crts[k].moniker, m))
			return true;
	for (size_t i = 0; i < w->nunborn; i++)
		if (!strcmp(w->unborn[i].moniker, m))
			return true;
	return false;
}

/* A new moniker from the naming stream, redrawn on a clash (36^4 names: a
 * world of at most WORLD_MAX_CREATURES never runs out). */
static void draw_moniker(world *w, char out[5])
{
	static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	char m[5];
	do {
		for (int i = 0; i < 4; i++)
			m[i] = digits[c2_rng_below(&w->nrng, 36)];
		m[4] = '\0';
	} while (moniker_taken(w, m)); /* `out` may be a slot moniker_taken reads: fill it last */
	memcpy(out, m, 5);
}

int world_creature_find(const world *w, const char *moniker)
{
	for (size_t k = 0; k < w->ncrts; k++)
		if (!strcmp(w->crts[k].moniker, moniker))
			return (int)k;
	return -1;
}

const char *world_creature_moniker(const world *w, size_t i)
{
	return i < w->ncrts ? w->crts[i].moniker : NULL;
}

size_t world_alive_count(const world *w)
{
	size_t n = 0;
	for (size_t k = 0; k < w->ncrts; k++)
		n += creature_alive(w->crts[k].c);
	return n;
}

/* ---- genealogy --------------------------------------------------------------------- */

void world_genealogy_ndjson(world *w, c2_wbuf *out)
{
	c2_w_bytes(out, w->gen.data, w->gen.len);
	w->gen.len = 0;
}

static const char *sex_name(int sex)
{
	return sex == GENOME_MALE ? "male" : "female";
}

static void gen_head(world *w, const char *type)
{
	c2_w_printf(&w->gen, "{\"tick\":%llu,\"type\":\"%s\"", (unsigned long long)w->tick, type);
}

static void gen_lost(world *w, const w_unborn *u, const char *reason)
{
	gen_head(w, "lost");
	c2_w_printf(&w->gen, ",\"child\":\"%s\",\"mother\":\"%s\",\"reason\":", u->moniker,
	            w->crts[u->mother].moniker);
	c2_w_json_cstr(&w->gen, reason);
	c2_w_str(&w->gen, "}\n");
}

/* ---- creatures as objects ------------------------------------------------------------ */

/* The species a creature's genome names in its first genus gene (0 norn
 * when it has none). */
static uint8_t genus_of(const creature *c)
{
	genome g;
	uint8_t s = 0;
	if (creature_genome(c, &g, NULL) != 0)
		return 0;
	for (size_t i = 0; i < g.ngenes; i++)
		if (g.genes[i].kind == GK_GENUS) {
			s = g.genes[i].u.genus.species;
			break;
		}
	genome_free(&g);
	return s < NSPECIES ? s : 0;
}

/* A built-in kind: `name` (or name-N when the world file took it). -1
 * when the world holds WORLD_MAX_KINDS. */
static int add_kind(world *w, const char *name, int category, uint8_t flags, int32_t width)
{
	if (w->nkinds >= WORLD_MAX_KINDS)
		return -1;
	w_kind *nk = realloc(w->kinds, (w->nkinds + 1) * sizeof *nk);
	if (!nk)
		return -1;
	w->kinds = nk;
	w_kind *k = &w->kinds[w->nkinds];
	memset(k, 0, sizeof *k);
	snprintf(k->name, sizeof k->name, "%s", name);
	for (int n = 2; w_kind_find(w, k->name, strlen(k->name)) >= 0 && n < 100; n++)
		snprintf(k->name, sizeof k->name, "%s-%d", name, n);
	k->category = (uint8_t)category;
	k->flags = flags;
	k->width = width;
	return (int)w->nkinds++;
}

/* What a creature allows another to do to it: push, pull, stop, hit (C2's
 * creature scripts answer activate 1 / 2, deactivate and hit [D event
 * numbers]); not carried, not eaten. */
enum { CRT_FLAGS = KF_PUSH | KF_PULL | KF_STOP | KF_HIT };

static int creature_kind(world *w, uint8_t genus)
{
	if (w->crt_kind[genus] < 0)
		w->crt_kind[genus] = (int16_t)add_kind(w, species_names[genus], GENOME_CAT_NORN + genus,
		                                       CRT_FLAGS, w->opt.creature_width);
	return w->crt_kind[genus];
}

bool w_kind_is_creature(const world *w, int kind)
{
	for (int s = 0; s < NSPECIES; s++)
		if (w->crt_kind[s] == kind && kind >= 0)
			return true;
	return false;
}

int w_obj_creature(const world *w, int id)
{
	if (id < 0 || !active(w) || !w_kind_is_creature(w, w->objs[id].kind))
		return -1;
	for (size_t k = 0; k < w->ncrts; k++)
		if (w->crts[k].obj == id)
			return (int)k;
	return -1;
}

/* Creature k's object (see_creatures), named by its moniker. */
static int give_object(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	if (!w->opt.see_creatures || cr->obj >= 0)
		return 0;
	int kind = creature_kind(w, cr->genus);
	int id = kind < 0 ? -1 : w_obj_new(w, (uint16_t)kind, cr->x, cr->moniker);
	if (id < 0)
		return C2_ETOOBIG;
	cr->obj = id;
	if (!creature_alive(cr->c))
		w->objs[id].state = WORLD_OBJ_REMOVED;
	return 0;
}

int w_pop_added(world *w, size_t k, c2_err *err)
{
	w_crt *cr = &w->crts[k];
	cr->genus = genus_of(cr->c);
	if (!w->pop && w->ncrts > 1) {
		w->pop = true; /* a population from now on: every creature an object */
		for (size_t j = 0; j + 1 < w->ncrts; j++)
			if (give_object(w, j) != 0)
				return c2_fail(err, C2_ETOOBIG, -1, -1, "the world is full of objects");
	}
	if (w->pop && give_object(w, k) != 0)
		return c2_fail(err, C2_ETOOBIG, -1, -1, "the world is full of objects");
	return 0;
}

int world_add_founder(world *w, creature *c, const char *moniker, const char *genome_name,
                      c2_err *err)
{
	if (moniker && (!moniker_ok(moniker) || moniker_taken(w, moniker)))
		return c2_fail(err, C2_EINVAL, -1, -1, "moniker '%s': %s", moniker,
		               moniker_ok(moniker) ? "taken" : "not 4 digits or capital letters");
	int rc = w_add_crt(w, c, err);
	if (rc)
		return rc;
	size_t k = w->ncrts - 1;
	w_set_env(w, k);
	if (moniker)
		snprintf(w->crts[k].moniker, 5, "%s", moniker);
	else
		draw_moniker(w, w->crts[k].moniker);
	if ((rc = w_pop_added(w, k, err)) != 0) {
		w->ncrts--; /* the caller keeps the creature */
		creature_set_in_world(c, false);
		return rc;
	}
	gen_head(w, "found");
	c2_w_printf(&w->gen, ",\"creature\":\"%s\",\"sex\":\"%s\",\"generation\":0,\"genome\":",
	            w->crts[k].moniker, sex_name(creature_sex(c)));
	c2_w_json_cstr(&w->gen, genome_name ? genome_name : "");
	c2_w_str(&w->gen, "}\n");
	return 0;
}

int world_add_creature(world *w, creature *c, c2_err *err)
{
	return world_add_founder(w, c, NULL, NULL, err);
}

/* Forget unborn child i (hatched or lost); the later ones move down. */
static void unborn_remove(world *w, size_t i)
{
	unborn_free(&w->unborn[i]);
	memmove(&w->unborn[i], &w->unborn[i + 1], (w->nunborn - i - 1) * sizeof *w->unborn);
	w->nunborn--;
	for (size_t k = 0; k < w->ncrts; k++)
		if (w->crts[k].unborn > (int32_t)i)
			w->crts[k].unborn--;
}

/* A dead creature is no longer seen (C2 removed the body [I: at once]); a
 * child still in its mother is lost with her. */
void w_pop_died(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	const creature *c = cr->c;
	if (cr->obj >= 0)
		w->objs[cr->obj].state = WORLD_OBJ_REMOVED;
	gen_head(w, "death");
	c2_w_printf(&w->gen, ",\"creature\":\"%s\",\"cause\":\"%s\",\"age_ticks\":%llu,"
	            "\"age_s\":%.1f,\"stage\":\"%s\",\"generation\":%u}\n", cr->moniker,
	            creature_death_name(creature_cause_of_death(c)),
	            (unsigned long long)creature_ticks(c), creature_seconds(c),
	            genome_stage_name(creature_stage(c)), (unsigned)cr->generation);
	if (cr->unborn >= 0) {
		size_t i = (size_t)cr->unborn;
		cr->unborn = -1;
		if (breeding(w))
			creature_set_repro(cr->c, 0, 0);
		gen_lost(w, &w->unborn[i], "mother died");
		unborn_remove(w, i);
	}
}

/* ---- breeding ------------------------------------------------------------------------ */

static int category_of(const w_crt *cr)
{
	return GENOME_CAT_NORN + cr->genus;
}

/* [I from the locus name "become fertile if high"] */
static bool fertile(const world *w, const w_crt *cr)
{
	return creature_repro_locus(cr->c, 0) >= w->opt.fertile_min;
}

/* The reproductive emitters: "I am fertile" 255 while fertile, "I am
 * pregnant" 255 while a child is in her [I: on/off; the genome's emitters
 * set their own thresholds and gains]. */
void w_pop_pre(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	if (breeding(w))
		creature_set_repro(cr->c, fertile(w, cr) ? 255 : 0, cr->unborn >= 0 ? 255 : 0);
}

/* The genealogy's "conceive" record: crossing-over points apart from
 * mutations. */
static void gen_conceive(world *w, const w_unborn *u, const genome *child,
                         const genome_changes *log, int chance, int degree)
{
	gen_head(w, "conceive");
	c2_w_printf(&w->gen, ",\"mother\":\"%s\",\"father\":\"%s\",\"child\":\"%s\",\"generation\":%u,"
	            "\"crossovers\":[", w->crts[u->mother].moniker, w->crts[u->father].moniker,
	            u->moniker, (unsigned)u->generation);
	bool first = true;
	for (size_t i = 0; i < log->n; i++) {
		if (log->v[i].op == GENOME_CH_CROSS) {
			c2_w_printf(&w->gen, "%s%ld", first ? "" : ",", log->v[i].b);
			first = false;
		}
	}
	c2_w_str(&w->gen, "],\"mutations\":");
	genome_changes only = {0};
	for (size_t i = 0; i < log->n; i++)
		if (log->v[i].op != GENOME_CH_CROSS && log->v[i].op != GENOME_CH_SET) {
			if (only.n == only.cap) {
				size_t cap = only.cap ? only.cap * 2 : 8;
				genome_change *v = realloc(only.v, cap * sizeof *v);
				if (!v)
					break;
				only.v = v;
				only.cap = cap;
			}
			only.v[only.n++] = log->v[i];
		}
	genome_changes_json(&only, child, &w->gen);
	genome_changes_free(&only);
	c2_w_printf(&w->gen, ",\"mutation_chance\":%d,\"mutation_degree\":%d}\n", chance, degree);
}

/* The child's mutation rate from the mother's loci [I]: genome_mutate's
 * rate is 1 for "as the genes say" (a standard norn child carries one or
 * two point mutations); the chance locus scales how often and the degree
 * locus how much, both around 128 = 1, so rate = chance/128 x degree/128
 * (option mutation_loci says what a locus at 0 means). The two loci cannot be told apart by
 * genome_mutate, which flips one bit per mutated byte: both scale its
 * odds. */
static double mutation_rate(const world *w, int chance, int degree)
{
	if (w->opt.mutation_loci == 0)
		return 1.0;
	if (w->opt.mutation_loci == 1) { /* a locus no receptor drives is not "never" */
		chance = chance ? chance : 128;
		degree = degree ? degree : 128;
	}
	return (double)chance / 128.0 * ((double)degree / 128.0);
}

/* Make the child at conception: crossed and mutated from both parents'
 * genomes (genome_cross, as `c2rt cross` does), kept encoded in the
 * mother until she lays it (CAOS BABY [D]). */
static int conceive(world *w, size_t mum, size_t dad)
{
	w_crt *m = &w->crts[mum], *f = &w->crts[dad];
	genome gm, gf, child;
	genome_changes log = {0};
	if (creature_genome(m->c, &gm, NULL) != 0)
		return C2_ENOMEM;
	if (creature_genome(f->c, &gf, NULL) != 0) {
		genome_free(&gm);
		return C2_ENOMEM;
	}
	w_unborn u = {.mother = (int16_t)mum, .father = (int16_t)dad, .egg = -1,
	              .conceived = w->tick};
	u.generation = (m->generation > f->generation ? m->generation : f->generation) + 1;
	draw_moniker(w, u.moniker);
	int chance = creature_repro_locus(m->c, 2), degree = creature_repro_locus(m->c, 3);
	int rc = genome_cross(&gm, &gf, (const uint8_t *)m->moniker, (const uint8_t *)f->moniker,
	                      mutation_rate(w, chance, degree), &w->nrng, &child, &log, NULL);
	genome_free(&gm);
	genome_free(&gf);
	if (rc)
		return rc;
	u.sex = (uint8_t)((int)c2_rng_below(&w->nrng, 256) < w->opt.male_chance ? GENOME_MALE
	                                                                        : GENOME_FEMALE);
	u.seed = c2_rng_next(&w->nrng);
	u.ndna = genome_encoded_size(&child);
	w_unborn *v = realloc(w->unborn, (w->nunborn + 1) * sizeof *v);
	if (!v || !(u.dna = malloc(u.ndna))) {
		if (v)
			w->unborn = v;
		rc = C2_ENOMEM;
	} else {
		w->unborn = v;
		genome_encode(&child, u.dna, u.ndna);
		gen_conceive(w, &u, &child, &log, chance, degree);
		m->unborn = (int32_t)w->nunborn;
		w->unborn[w->nunborn++] = u;
	}
	genome_free(&child);
	genome_changes_free(&log);
	return rc;
}

/* world-reference 4 [I; DS manual: a push on another creature "can trigger
 * mating"]: a fertile male's push on a receptive female of his genus, in
 * touch (the push's approach), both get 45 Mate; she conceives with
 * conceive_chance unless she carries a child already. */
static void mate(world *w, size_t he, size_t she)
{
	w_crt *m = &w->crts[he], *f = &w->crts[she];
	if (!breeding(w) || creature_sex(m->c) != GENOME_MALE || creature_sex(f->c) != GENOME_FEMALE ||
	    m->genus != f->genus || !creature_alive(f->c) || !fertile(w, m) ||
	    creature_repro_locus(f->c, 1) < w->opt.receptive_min)
		return;
	w_stimulus(w, he, GENOME_STIM_MATE, category_of(f), f->obj, 255);
	w_stimulus(w, she, GENOME_STIM_MATE, category_of(m), m->obj, 255);
	if (f->unborn >= 0 || (int)c2_rng_below(&w->nrng, 255) >= w->opt.conceive_chance)
		return;
	conceive(w, she, he);
}

void w_pop_touched(world *w, size_t actor, int id, int ev)
{
	int r = w_obj_creature(w, id);
	if (r < 0 || !creature_alive(w->crts[r].c))
		return;
	const w_crt *a = &w->crts[actor];
	int n = ev == WORLD_EV_PUSH ? w->opt.crt_push_stim
	      : ev == WORLD_EV_PULL ? w->opt.crt_pull_stim
	      : ev == WORLD_EV_HIT  ? w->opt.crt_hit_stim
	      : ev == WORLD_EV_STOP ? w->opt.crt_stop_stim : -1;
	if (n >= 0)
		w_stimulus(w, (size_t)r, (uint8_t)n, category_of(a), a->obj, 255);
	if (ev == WORLD_EV_PUSH)
		mate(w, actor, (size_t)r);
}

/* hear_creatures [I]: a creature stating a need (decision 8, "say what is
 * bothering you") is heard by every other creature in earshot: the noun of
 * the category it attends to (what it says the need is about) and 11
 * "Heard creature speak" from its category. */
void w_pop_speak(world *w, size_t k)
{
	if (!active(w) || !w->opt.hear_creatures)
		return;
	const w_crt *cr = &w->crts[k];
	int noun = creature_object(cr->c);
	for (size_t j = 0; j < w->ncrts; j++) {
		w_crt *h = &w->crts[j];
		if (j == k || !creature_alive(h->c) || !w_hears(w, h, cr->x))
			continue;
		/* the word fires as the hand's does (creature_hear), but the
		 * stimulus is the creature's */
		if (noun >= 0 && !creature_dreaming(h->c))
			creature_nudge_cell(h->c, GENOME_LOBE_NOUN, (unsigned)noun, 255);
		w_stimulus(w, j, GENOME_STIM_HEARD_CREATURE, category_of(cr), cr->obj, 255);
	}
}

/* ---- eggs ---------------------------------------------------------------------------- */

/* Eggs: category 5 [D]; carried, pushed, pulled and hit like a toy [I]. */
static int egg_kind(world *w)
{
	if (w->egg_kind < 0) {
		int k = w_kind_find(w, "egg", 3);
		if (k <= 0 || w->kinds[k].category != GENOME_CAT_EGG)
			k = add_kind(w, "egg", GENOME_CAT_EGG, KF_PUSH | KF_PULL | KF_HIT | KF_CARRY, 20);
		w->egg_kind = (int16_t)k;
	}
	return w->egg_kind;
}

/* A pregnant creature lays when its "lay egg" involuntary action is on
 * [D locus; the genome drives it from progesterone], or lay_without_locus
 * ticks after conceiving [I]. */
void w_pop_post(world *w, size_t k)
{
	w_crt *cr = &w->crts[k];
	if (cr->unborn < 0)
		return;
	w_unborn *u = &w->unborn[cr->unborn];
	bool due = creature_involuntary(cr->c, GENOME_INVOL_LAY_EGG) != 0 ||
	           (w->opt.lay_without_locus && w->tick - u->conceived >= (uint64_t)w->opt.lay_without_locus);
	if (!due)
		return;
	int kind = egg_kind(w);
	int id = kind < 0 ? -1
	                  : w_obj_new(w, (uint16_t)kind,
	                              w_clamp(w, cr->x, (int64_t)w->kinds[kind].width * WORLD_FX), NULL);
	size_t i = (size_t)cr->unborn;
	cr->unborn = -1;
	if (breeding(w))
		creature_set_repro(cr->c, fertile(w, cr) ? 255 : 0, 0);
	if (id < 0) {
		gen_lost(w, u, "world full");
		unborn_remove(w, i);
		return;
	}
	u->egg = id;
	u->hatch_at = w->tick + (uint64_t)w->opt.egg_hatch_ticks;
	gen_head(w, "lay");
	c2_w_printf(&w->gen, ",\"mother\":\"%s\",\"child\":\"%s\",\"egg\":\"%s\"}\n", cr->moniker,
	            u->moniker, w->objs[id].name);
	w_log *l = w_log_add(w, LOG_ADD, (int)k, id);
	if (l)
		l->x = w->objs[id].x;
}

/* The child comes out of its egg where the egg lies. */
static const char *hatch(world *w, w_unborn *u)
{
	genome g;
	creature *c = NULL;
	if (w->ncrts >= WORLD_MAX_CREATURES)
		return "world full";
	if (genome_parse(&g, u->dna, u->ndna, NULL) != 0)
		return "not viable";
	creature_config cfg = *creature_get_config(w->crts[u->mother].c);
	cfg.sex = (genome_sex)u->sex;
	cfg.seed = u->seed;
	int rc = creature_hatch(&c, &g, &cfg, NULL);
	genome_free(&g);
	if (rc)
		return "not viable";
	w_obj *egg = &w->objs[u->egg];
	w_put_down(w, u->egg, egg->x);
	egg->state = WORLD_OBJ_REMOVED;
	if (w_add_crt(w, c, NULL) != 0) {
		creature_free(c);
		return "world full";
	}
	size_t k = w->ncrts - 1;
	w_crt *cr = &w->crts[k];
	cr->x = w_clamp(w, egg->x, w_crt_width(w));
	cr->room = (uint8_t)w_room_at(w, cr->x);
	cr->facing = 1;
	w_set_env(w, k);
	memcpy(cr->moniker, u->moniker, 5);
	cr->mother = u->mother;
	cr->father = u->father;
	cr->generation = u->generation;
	cr->egg = u->egg;
	if (w_pop_added(w, k, NULL) != 0)
		cr->obj = -1; /* no object left for it: unseen */
	gen_head(w, "hatch");
	c2_w_printf(&w->gen, ",\"child\":\"%s\",\"mother\":\"%s\",\"father\":\"%s\",\"sex\":\"%s\","
	            "\"generation\":%u}\n", u->moniker, w->crts[u->mother].moniker,
	            w->crts[u->father].moniker, sex_name(u->sex), (unsigned)u->generation);
	return NULL;
}

/* Eggs due hatch; an egg gone from the world (removed, vanished) loses
 * its child. */
void w_pop_tick(world *w)
{
	for (size_t i = 0; i < w->nunborn;) {
		w_unborn *u = &w->unborn[i];
		const char *lost = NULL;
		if (u->egg < 0) {
			i++;
			continue;
		}
		if (w->objs[u->egg].state != WORLD_OBJ_PRESENT)
			lost = "egg destroyed";
		else if (w->tick + 1 >= u->hatch_at && (lost = hatch(w, u)) == NULL) {
			unborn_remove(w, i);
			continue;
		}
		if (!lost) {
			i++;
			continue;
		}
		if (w->objs[u->egg].state == WORLD_OBJ_PRESENT) { /* it will never hatch */
			w_put_down(w, u->egg, w->objs[u->egg].x);
			w->objs[u->egg].state = WORLD_OBJ_REMOVED;
		}
		gen_lost(w, u, lost);
		unborn_remove(w, i);
	}
}

/* ---- snapshots and the hash ------------------------------------------------------------ *
 * Two sections of world snapshots from version 3 on: the built-in kinds
 * (before the state, whose objects use them) and the population state
 * (after the creatures). The hash covers both once the world is a
 * population, but not the genealogy not yet drained (draining is the
 * caller's business, not the world's state). */

void w_pop_put_kinds(const world *w, c2_sink *s)
{
	c2_put_u32(s, (uint32_t)(w->nkinds - w->nfile_kinds));
	for (size_t k = w->nfile_kinds; k < w->nkinds; k++) {
		const w_kind *kd = &w->kinds[k];
		c2_put(s, kd->name, sizeof kd->name);
		c2_put_u8(s, kd->category);
		c2_put_u8(s, kd->flags);
		c2_put_u32(s, (uint32_t)kd->width);
	}
	for (int g = 0; g < NSPECIES; g++)
		c2_put_u16(s, (uint16_t)w->crt_kind[g]);
	c2_put_u16(s, (uint16_t)w->egg_kind);
}

#define BAD(r, err, what) c2_fail((err), C2_EFORMAT, (long)(r)->pos, -1, "world snapshot: %s", (what))

int w_pop_get_kinds(world *w, c2_rbuf *r, c2_err *err)
{
	uint32_t n = c2_r_count(r, WORLD_MAX_KINDS);
	if (r->bad || w->nkinds + n > WORLD_MAX_KINDS)
		return BAD(r, err, "bad built-in kinds");
	for (uint32_t i = 0; i < n; i++) {
		char name[WORLD_MAX_NAME];
		c2_r_bytes(r, name, sizeof name);
		uint8_t cat = c2_r_u8(r), flags = c2_r_u8(r);
		int32_t width = (int32_t)c2_r_u32(r);
		if (r->bad || !memchr(name, '\0', sizeof name) || cat >= WORLD_NCAT || width <= 0 ||
		    width > 100000)
			return BAD(r, err, "bad built-in kind");
		if (add_kind(w, name, cat, flags, width) < 0)
			return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
		snprintf(w->kinds[w->nkinds - 1].name, WORLD_MAX_NAME, "%s", name);
	}
	for (int g = 0; g < NSPECIES; g++)
		w->crt_kind[g] = (int16_t)c2_r_u16(r);
	w->egg_kind = (int16_t)c2_r_u16(r);
	bool ok = !r->bad && w->egg_kind >= -1 && w->egg_kind < (int)w->nkinds;
	for (int g = 0; g < NSPECIES; g++)
		ok &= w->crt_kind[g] >= -1 && w->crt_kind[g] < (int)w->nkinds;
	return ok ? 0 : BAD(r, err, "bad built-in kind");
}

static void put_unborn(c2_sink *s, const w_unborn *u)
{
	c2_put(s, u->moniker, 5);
	c2_put_u16(s, (uint16_t)u->mother);
	c2_put_u16(s, (uint16_t)u->father);
	c2_put_u32(s, u->generation);
	c2_put_u8(s, u->sex);
	c2_put_u64(s, u->seed);
	c2_put_u64(s, u->conceived);
	c2_put_u64(s, u->hatch_at);
	c2_put_u32(s, (uint32_t)u->egg);
	c2_put_u32(s, (uint32_t)u->ndna);
	c2_put(s, u->dna, u->ndna);
}

void w_pop_put(const world *w, c2_sink *s, bool hash)
{
	c2_put_u8(s, w->pop);
	for (int i = 0; i < 4; i++)
		c2_put_u64(s, w->nrng.s[i]);
	for (size_t k = 0; k < w->ncrts; k++) {
		const w_crt *cr = &w->crts[k];
		c2_put(s, cr->moniker, 5);
		c2_put_u16(s, (uint16_t)cr->mother);
		c2_put_u16(s, (uint16_t)cr->father);
		c2_put_u32(s, cr->generation);
		c2_put_u32(s, (uint32_t)cr->egg);
		c2_put_u32(s, (uint32_t)cr->obj);
		c2_put_u8(s, cr->genus);
		c2_put_u32(s, (uint32_t)cr->unborn);
	}
	c2_put_u32(s, (uint32_t)w->nunborn);
	for (size_t i = 0; i < w->nunborn; i++)
		put_unborn(s, &w->unborn[i]);
	if (!hash) {
		c2_put_u32(s, (uint32_t)w->gen.len);
		c2_put(s, w->gen.data, w->gen.len);
	}
}

static bool ref_ok(int32_t v, size_t n)
{
	return v >= -1 && (v < 0 || (size_t)v < n);
}

static int get_unborn(world *w, c2_rbuf *r, w_unborn *u, c2_err *err)
{
	c2_r_bytes(r, u->moniker, 5);
	u->mother = (int16_t)c2_r_u16(r);
	u->father = (int16_t)c2_r_u16(r);
	u->generation = c2_r_u32(r);
	u->sex = c2_r_u8(r);
	u->seed = c2_r_u64(r);
	u->conceived = c2_r_u64(r);
	u->hatch_at = c2_r_u64(r);
	u->egg = (int32_t)c2_r_u32(r);
	uint32_t n = c2_r_count(r, GENOME_MAX_FILE);
	const uint8_t *dna = c2_r_take(r, n);
	if (!dna || u->moniker[4] || !moniker_ok(u->moniker) || u->mother < 0 ||
	    (size_t)u->mother >= w->ncrts || u->father < 0 || (size_t)u->father >= w->ncrts ||
	    (u->sex != GENOME_MALE && u->sex != GENOME_FEMALE) || !ref_ok(u->egg, w->nobjs) || n == 0)
		return BAD(r, err, "bad unborn child");
	if (!(u->dna = malloc(n)))
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	memcpy(u->dna, dna, n);
	u->ndna = n;
	return 0;
}

static int get_crt_pop(world *w, c2_rbuf *r, w_crt *cr, c2_err *err)
{
	c2_r_bytes(r, cr->moniker, 5);
	cr->mother = (int16_t)c2_r_u16(r);
	cr->father = (int16_t)c2_r_u16(r);
	cr->generation = c2_r_u32(r);
	cr->egg = (int32_t)c2_r_u32(r);
	cr->obj = (int32_t)c2_r_u32(r);
	cr->genus = c2_r_u8(r);
	cr->unborn = (int32_t)c2_r_u32(r);
	if (r->bad || cr->moniker[4] || !moniker_ok(cr->moniker) || !ref_ok(cr->mother, w->ncrts) ||
	    !ref_ok(cr->father, w->ncrts) || !ref_ok(cr->egg, w->nobjs) || !ref_ok(cr->obj, w->nobjs) ||
	    cr->genus >= NSPECIES || cr->unborn < -1 || (cr->obj >= 0 && !w_kind_is_creature(w, w->objs[cr->obj].kind)))
		return BAD(r, err, "bad creature of a population");
	return 0;
}

int w_pop_get(world *w, c2_rbuf *r, c2_err *err)
{
	w->pop = c2_r_u8(r) != 0;
	for (int i = 0; i < 4; i++)
		w->nrng.s[i] = c2_r_u64(r);
	for (size_t k = 0; k < w->ncrts; k++)
		if (get_crt_pop(w, r, &w->crts[k], err) != 0)
			return C2_EFORMAT;
	uint32_t n = c2_r_count(r, WORLD_MAX_CREATURES);
	if (r->bad)
		return BAD(r, err, "bad unborn count");
	if (n && !(w->unborn = calloc(n, sizeof *w->unborn)))
		return c2_fail(err, C2_ENOMEM, -1, -1, "out of memory");
	for (size_t i = 0; i < n; i++, w->nunborn++)
		if (get_unborn(w, r, &w->unborn[i], err) != 0)
			return C2_EFORMAT;
	for (size_t k = 0; k < w->ncrts; k++) {
		const w_crt *cr = &w->crts[k];
		if (cr->unborn >= 0 && ((size_t)cr->unborn >= w->nunborn || w->unborn[cr->unborn].egg >= 0 ||
		                        w->unborn[cr->unborn].mother != (int)k))
			return BAD(r, err, "a pregnancy does not match its child");
	}
	uint32_t g = c2_r_count(r, 1u << 30);
	const uint8_t *text = c2_r_take(r, g);
	if (!text)
		return BAD(r, err, "truncated genealogy");
	c2_w_bytes(&w->gen, text, g);
	return w->gen.oom ? c2_fail(err, C2_ENOMEM, -1, -1, "out of memory") : 0;
}
