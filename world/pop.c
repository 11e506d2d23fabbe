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
	do {
		for (int i = 0; i < 4; i++)
			out[i] = digits[c2_rng_below(&w->nrng, 36)];
		out[4] = '\0';
	} while (moniker_taken(w, out));
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

/* ---- (being built) ------------------------------------------------------------------- */
void w_pop_pre(world *w, size_t k) { (void)w; (void)k; }
void w_pop_post(world *w, size_t k) { (void)w; (void)k; }
void w_pop_tick(world *w) { (void)w; }
void w_pop_touched(world *w, size_t actor, int id, int ev) { (void)w; (void)actor; (void)id; (void)ev; }
void w_pop_speak(world *w, size_t k) { (void)w; (void)k; }

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
