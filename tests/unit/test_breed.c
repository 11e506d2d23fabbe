/* test_breed.c — mutation, crossover and diff (genome/breed.h): children
 * always decode; only mutable genes change, only duplicable genes are
 * duplicated, only deletable genes deleted; the mutation log accounts for
 * every difference genome_diff finds; seeds reproduce children; crossing a
 * genome with itself gives it back. On the real norn (1,000 mutants, read
 * from $C2RT_SHARED) and on our own starter genome. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "base/bytes.h"
#include "base/rng.h"
#include "genome/breed.h"
#include "testutil.h"

/* ---------------------------------------------------------------- helpers */

static uint8_t *encode(const genome *g, size_t *n)
{
	*n = genome_encoded_size(g);
	uint8_t *buf = malloc(*n ? *n : 1);
	assert_non_null(buf);
	assert_int_equal(genome_encode(g, buf, *n), *n);
	return buf;
}


static bool same_place(const genome_change *x, const genome_change *y)
{
	return x->kind == y->kind && x->id == y->id && x->dup == y->dup && x->field == y->field &&
	       x->hdr == y->hdr && x->elem == y->elem;
}

/* The index of the parent gene with this identity, or -1. */
static long parent_gene(const genome *p, uint8_t kind, uint8_t id, uint8_t dup)
{
	for (size_t i = 0; i < p->ngenes; i++)
		if (p->genes[i].kind == kind && p->genes[i].id == id && p->genes[i].dup == dup)
			return (long)i;
	return -1;
}

typedef struct tally {
	size_t points, dups, dels;
} tally;

/* Everything a child must satisfy, checked against its parent and log. */
static void check_child(const genome *parent, const genome *child, const genome_changes *log,
                        tally *t)
{
	/* It decodes, to itself. */
	size_t n, m;
	uint8_t *bytes = encode(child, &n);
	genome back;
	c2_err err;
	assert_int_equal(genome_parse(&back, bytes, n, &err), 0);
	uint8_t *again = encode(&back, &m);
	assert_int_equal(n, m);
	assert_memory_equal(bytes, again, n);
	free(again);
	free(bytes);
	genome_free(&back);

	/* The log: point mutations only in mutable genes and never in the
	 * identity or the breeding bits; copies only of duplicable genes (the
	 * copy's dup one higher, a non-mutable copy byte-identical); deletions
	 * only of deletable genes. */
	for (size_t i = 0; i < log->n; i++) {
		const genome_change *c = &log->v[i];
		const genome_gene *src = &parent->genes[c->a];
		assert_true(c->a >= 0 && (size_t)c->a < parent->ngenes);
		switch (c->op) {
		case GENOME_CH_POINT:
			t->points++;
			assert_true(src->flags & GENOME_FLAG_MUTABLE);
			assert_true(c->hdr != GENOME_HDR_ID && c->hdr != GENOME_HDR_DUP && c->hdr != GENOME_HDR_MUT);
			if (c->hdr == GENOME_HDR_FLAGS)
				assert_int_equal((c->old[0] ^ c->new_[0]) & ~(GENOME_FLAG_MALE | GENOME_FLAG_FEMALE | GENOME_FLAG_DORMANT), 0);
			assert_memory_not_equal(c->old, c->new_, c->len);
			break;
		case GENOME_CH_DUP: {
			t->dups++;
			assert_true(src->flags & GENOME_FLAG_DUPLICABLE);
			const genome_gene *copy = &child->genes[c->b];
			assert_int_equal(copy->kind, src->kind);
			assert_int_equal(copy->id, src->id);
			assert_int_equal(copy->dup, src->dup < 255 ? src->dup + 1 : 255);
			if (!(src->flags & GENOME_FLAG_MUTABLE)) {
				assert_memory_equal(copy->u.raw, src->u.raw, genome_kinds[src->kind].body_size);
				assert_int_equal(copy->flags, src->flags);
				assert_int_equal(copy->stage, src->stage);
			}
			break;
		}
		case GENOME_CH_DEL:
			t->dels++;
			assert_true(src->flags & GENOME_FLAG_DELETABLE);
			break;
		default:
			fail_msg("unexpected change op %d in a mutation log", c->op);
		}
	}

	/* The diff, made independently: every difference is in the log, and
	 * every changed gene was mutable. */
	genome_changes d = {0};
	assert_int_equal(genome_diff(parent, child, &d, &err), 0);
	for (size_t i = 0; i < d.n; i++) {
		const genome_change *c = &d.v[i];
		genome_change_op want = c->op == GENOME_CH_ADD ? GENOME_CH_DUP : c->op;
		bool found = false;
		for (size_t k = 0; k < log->n && !found; k++) {
			const genome_change *l = &log->v[k];
			found = l->op == want && l->kind == c->kind && l->id == c->id && l->dup == c->dup &&
			        (want != GENOME_CH_POINT || same_place(l, c));
		}
		if (!found) {
			char f[96];
			genome_change_field_name(c, f, sizeof f);
			fail_msg("diff finds op %d on %s id=%u dup=%u field '%s' that the log does not have",
			         c->op, genome_kinds[c->kind].name, c->id, c->dup, f);
		}
		if (c->op == GENOME_CH_POINT) {
			assert_true(parent->genes[c->a].flags & GENOME_FLAG_MUTABLE);
		} else if (c->op == GENOME_CH_ADD) {
			const genome_gene *g = &child->genes[c->b];
			long o = parent_gene(parent, g->kind, g->id, (uint8_t)(g->dup - 1));
			assert_true(g->dup > 0 && o >= 0);
			assert_true(parent->genes[o].flags & GENOME_FLAG_DUPLICABLE);
		}
	}
	genome_changes_free(&d);
}

/* n children of `parent` at `rate`, seeds 1..n, all checked. */
static tally mutants(const genome *parent, int n, double rate)
{
	tally t = {0};
	for (int s = 1; s <= n; s++) {
		c2_rng rng;
		c2_rng_seed(&rng, (uint64_t)s);
		genome child;
		genome_changes log = {0};
		c2_err err;
		assert_int_equal(genome_mutate(parent, &child, rate, &rng, &log, &err), 0);
		check_child(parent, &child, &log, &t);
		genome_changes_free(&log);
		genome_free(&child);
	}
	return t;
}

/* ------------------------------------------------------------------ tests */

static void test_norn_thousand_mutants(void **state)
{
	(void)state;
	genome norn;
	TEST_LOAD_NORN(&norn);
	tally t = mutants(&norn, 1000, 1);
	/* About 1.6 point mutations a child at rate 1; structural changes rarer. */
	assert_in_range(t.points, 1000, 3000);
	assert_in_range(t.dups + t.dels, 20, 400);
	/* Many mutations per child: collisions, copies of mutated genes, dels. */
	tally h = mutants(&norn, 100, 40);
	print_message("rate 1: %zu points %zu dups %zu dels; rate 40: %zu %zu %zu\n", t.points, t.dups, t.dels, h.points, h.dups, h.dels);
	assert_true(h.points > 4000 && h.dups > 50 && h.dels > 50);
	genome_free(&norn);
}

static void test_starter_mutants(void **state)
{
	(void)state;
	genome g;
	test_load_text_genome("genomes/starter.txt", &g);
	tally t = mutants(&g, 200, 60);
	assert_true(t.points > 1000 && t.dups > 10 && t.dels > 10);
	genome_free(&g);
}

static void test_same_seed_same_child(void **state)
{
	(void)state;
	genome g;
	test_load_text_genome("genomes/starter.txt", &g);
	uint8_t *first = NULL;
	size_t first_n = 0;
	for (int k = 0; k < 3; k++) {
		c2_rng rng;
		c2_rng_seed(&rng, k < 2 ? 42 : 43);
		genome child;
		c2_err err;
		assert_int_equal(genome_mutate(&g, &child, 20, &rng, NULL, &err), 0);
		size_t n;
		uint8_t *b = encode(&child, &n);
		if (k == 0) {
			first = b;
			first_n = n;
		} else if (k == 1) {
			assert_int_equal(n, first_n);
			assert_memory_equal(b, first, n); /* the same seed */
			free(b);
		} else {
			assert_true(n != first_n || memcmp(b, first, n) != 0); /* another seed */
			free(b);
		}
		genome_free(&child);
	}
	free(first);
	genome_free(&g);
}

static void test_rate_zero_is_a_copy(void **state)
{
	(void)state;
	genome g, child;
	test_load_text_genome("genomes/starter.txt", &g);
	c2_rng rng;
	c2_rng_seed(&rng, 9);
	genome_changes log = {0};
	c2_err err;
	assert_int_equal(genome_mutate(&g, &child, 0, &rng, &log, &err), 0);
	assert_int_equal(log.n, 0);
	size_t a, b;
	uint8_t *x = encode(&g, &a), *y = encode(&child, &b);
	assert_int_equal(a, b);
	assert_memory_equal(x, y, a);
	free(x);
	free(y);
	genome_free(&child);
	genome_free(&g);
}

static void cross_self(const genome *g)
{
	size_t n;
	uint8_t *orig = encode(g, &n);
	for (uint64_t s = 1; s <= 20; s++) {
		c2_rng rng;
		c2_rng_seed(&rng, s);
		genome child;
		genome_changes log = {0};
		c2_err err;
		assert_int_equal(genome_cross(g, g, NULL, NULL, 0, &rng, &child, &log, &err), 0);
		size_t m;
		uint8_t *b = encode(&child, &m);
		assert_int_equal(m, n);
		assert_memory_equal(b, orig, n);
		for (size_t i = 0; i < log.n; i++)
			assert_int_equal(log.v[i].op, GENOME_CH_CROSS);
		free(b);
		genome_changes_free(&log);
		genome_free(&child);
	}
	free(orig);
}

static void test_cross_self_gives_it_back(void **state)
{
	(void)state;
	genome g;
	test_load_text_genome("genomes/starter.txt", &g);
	cross_self(&g);
	genome_free(&g);
	genome norn;
	TEST_LOAD_NORN(&norn);
	cross_self(&norn);
	genome_free(&norn);
}

/* A child of two different parents takes every gene from one of them, in
 * order, and its genus gene names both. */
static void test_cross_two_parents(void **state)
{
	(void)state;
	genome mum, dad;
	test_load_text_genome("genomes/starter.txt", &mum);
	c2_rng rng;
	c2_rng_seed(&rng, 5);
	c2_err err;
	assert_int_equal(genome_mutate(&mum, &dad, 80, &rng, NULL, &err), 0);
	int crossings = 0, from_dad = 0;
	for (uint64_t s = 1; s <= 50; s++) {
		c2_rng_seed(&rng, s);
		genome child;
		genome_changes log = {0};
		assert_int_equal(genome_cross(&mum, &dad, (const uint8_t *)"MUMM", (const uint8_t *)"DADD", 0,
		                              &rng, &child, &log, &err),
		                 0);
		for (size_t i = 0; i < child.ngenes; i++) {
			const genome_gene *c = &child.genes[i];
			bool in_mum = false, in_dad = false;
			for (size_t k = 0; k < mum.ngenes && !in_mum; k++)
				in_mum = c->kind == GK_GENUS || (!memcmp(c, &mum.genes[k], offsetof(genome_gene, offset)) &&
				         !memcmp(c->u.raw, mum.genes[k].u.raw, genome_kinds[c->kind].body_size));
			for (size_t k = 0; k < dad.ngenes && !in_dad && !in_mum; k++)
				in_dad = !memcmp(c, &dad.genes[k], offsetof(genome_gene, offset)) &&
				         !memcmp(c->u.raw, dad.genes[k].u.raw, genome_kinds[c->kind].body_size);
			assert_true(in_mum || in_dad);
			from_dad += in_dad;
			if (c->kind == GK_GENUS) {
				assert_memory_equal(c->u.genus.mother, "MUMM", 4);
				assert_memory_equal(c->u.genus.father, "DADD", 4);
			}
		}
		for (size_t i = 0; i < log.n; i++)
			crossings += log.v[i].op == GENOME_CH_CROSS;
		genome_changes_free(&log);
		genome_free(&child);
	}
	assert_true(crossings > 0 && from_dad > 0);
	genome_free(&dad);
	genome_free(&mum);
}

static void test_diff_basics(void **state)
{
	(void)state;
	genome a, b;
	test_load_text_genome("genomes/starter.txt", &a);
	test_load_text_genome("genomes/starter.txt", &b);
	genome_changes d = {0};
	c2_err err;
	assert_int_equal(genome_diff(&a, &b, &d, &err), 0);
	assert_int_equal(d.n, 0);
	/* One field, one header byte, one gene gone, one added, the tail. */
	b.genes[3].u.raw[0] ^= 1;
	b.genes[5].stage = 3;
	genome_gene extra = b.genes[7];
	extra.dup = 9;
	memmove(&b.genes[10], &b.genes[11], (b.ngenes - 11) * sizeof b.genes[0]);
	b.genes[b.ngenes - 1] = extra;
	b.format = GENOME_STREAM;
	assert_int_equal(genome_diff(&a, &b, &d, &err), 0);
	int ops[8] = {0};
	for (size_t i = 0; i < d.n; i++)
		ops[d.v[i].op]++;
	assert_int_equal(ops[GENOME_CH_POINT], 2);
	assert_int_equal(ops[GENOME_CH_DEL], 1);
	assert_int_equal(ops[GENOME_CH_ADD], 1);
	assert_int_equal(ops[GENOME_CH_FORMAT], 1);
	c2_wbuf w = {0};
	genome_changes_text(&d, &b, &w);
	c2_w_u8(&w, 0);
	assert_non_null(strstr((char *)w.data, "stage 0 (embryo) -> 3 (youth)"));
	assert_non_null(strstr((char *)w.data, ": deleted"));
	c2_wbuf_free(&w);
	genome_changes_free(&d);
	genome_free(&a);
	genome_free(&b);
}

/* Genomes too big for the alignment table are matched greedily, still
 * finding exactly what differs. */
static void test_diff_large_greedy(void **state)
{
	(void)state;
	genome a, b;
	genome_init(&a);
	c2_err err;
	for (int i = 0; i < 3000; i++) {
		genome_gene g;
		genome_gene_init(&g, (genome_kind)(GK_RECEPTOR + i % 3));
		g.id = (uint8_t)(i / 3);
		g.dup = (uint8_t)(i / 768);
		g.u.raw[4] = (uint8_t)i;
		assert_int_equal(genome_append(&a, &g, &err), 0);
	}
	assert_true((size_t)a.ngenes * a.ngenes > GENOME_ALIGN_MAX_CELLS);
	genome_init(&b);
	for (size_t i = 0; i < a.ngenes; i++)
		if (i != 1500)
			assert_int_equal(genome_append(&b, &a.genes[i], &err), 0);
	b.genes[2500].u.raw[4] ^= 0x80;
	genome_changes d = {0};
	assert_int_equal(genome_diff(&a, &b, &d, &err), 0);
	assert_int_equal(d.n, 2);
	assert_int_equal(d.v[0].op, GENOME_CH_DEL);
	assert_int_equal(d.v[0].a, 1500);
	assert_int_equal(d.v[1].op, GENOME_CH_POINT);
	assert_int_equal(d.v[1].b, 2500);
	genome_changes_free(&d);
	genome_free(&a);
	genome_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_norn_thousand_mutants),
		cmocka_unit_test(test_starter_mutants),
		cmocka_unit_test(test_same_seed_same_child),
		cmocka_unit_test(test_rate_zero_is_a_copy),
		cmocka_unit_test(test_cross_self_gives_it_back),
		cmocka_unit_test(test_cross_two_parents),
		cmocka_unit_test(test_diff_basics),
		cmocka_unit_test(test_diff_large_greedy),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
