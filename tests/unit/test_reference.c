/* test_reference.c — every shortcut of the brain and the biochemistry is
 * exact: whole creatures run with and without --opt brain_reference=1 and
 * --opt biochem_reference=1 (every rule of every neuron and dendrite
 * evaluated plainly, brain/reference.c; every receptor group evaluated and
 * every chemical decayed, biochem/tick.c) have the same state hash after
 * every world tick, across a save and load of the fast one; and the
 * byte-wide kernels (brain/simd.h, brain/avx2.h) give the scalar kernels'
 * bits on random data. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/fileio.h"
#include "brain/avx2.h"
#include "brain/simd.h"
#include "brain/svrule_vm.h"
#include "engine/engine.h"
#include "engine/events.h"
#include "genome/svrule.h"
#include "genome/text.h"
#include "testutil.h"

/* Brain ticks of a comparison: 20,000; 4,000 under the sanitizers (the
 * same code paths, ten times slower) and 2,000 in make check (C2RT_QUICK;
 * hashing the whole state after every world tick is nearly all of this
 * test's time). */
#if defined(__SANITIZE_ADDRESS__)
enum { SANITIZED = 1 };
#else
enum { SANITIZED = 0 };
#endif
static long norn_ticks(void)
{
	const char *q = getenv("C2RT_QUICK");
	return SANITIZED ? 4000 : q && *q ? 2000 : 20000;
}
#define NORN_TICKS norn_ticks()

/* Fed and stimulated: the fed norn (eat stimulus every 37 ticks). */
static const char EVENTS[] = "every 100 inject Glucose 80\n"
                             "every 100 inject Hunger_Decrease 20\n"
                             "every 37 stimulus 26\n"
                             "every 53 word verb push\n"
                             "every 71 stim 64 patted 255 asleep Reward 32\n";

static creature *hatch(const genome *g, int reference, int avx2)
{
	creature_config cfg;
	creature_config_default(&cfg);
	cfg.seed = 7;
	c2_err err;
	cfg.brain.brain_reference = reference;
	cfg.biochem.biochem_reference = reference;
	cfg.brain.brain_avx2 = avx2;
	creature *c;
	if (creature_hatch(&c, g, &cfg, &err) != 0)
		fail_msg("hatch: %s", err.msg);
	return c;
}

/* The creature saved and loaded again: everything derived from the state
 * (kept sums, bitmaps, caches) is made afresh, and must go on the same. */
static creature *reload(creature *c)
{
	c2_wbuf w = {0};
	c2_err err;
	assert_int_equal(creature_save(c, NULL, 0, &w), 0);
	creature *back;
	if (creature_load(&back, w.data, w.len, NULL, NULL, &err) != 0)
		fail_msg("reload: %s", err.msg);
	c2_wbuf_free(&w);
	creature_free(c);
	return back;
}

/* Run the fast creature (AVX2 kernels where the CPU has them) against one
 * in the reference modes, or with `sse2` against one with the 16-lane
 * kernels only (brain_avx2=0). */
static void compare_with(const genome *g, long ticks, bool sse2)
{
	creature_events ev;
	c2_err err;
	assert_int_equal(creature_events_parse(&ev, EVENTS, sizeof EVENTS - 1, &err), 0);
	creature *a = hatch(g, 0, 1), *b = sse2 ? hatch(g, 0, 0) : hatch(g, 1, 1);
	/* the modes are not state: the hashes agree from the start */
	assert_true(creature_hash(a) == creature_hash(b));
	for (long t = 0; t < ticks && creature_alive(a); t++) {
		if (t == ticks / 2)
			a = reload(a);
		creature_step(a, &ev);
		creature_step(b, &ev);
		if (creature_hash(a) != creature_hash(b))
			fail_msg("with and without the %s differ after world tick %ld",
			         sse2 ? "AVX2 kernels" : "reference modes", t);
	}
	creature_free(a);
	creature_free(b);
	creature_events_free(&ev);
}

static void compare(const genome *g, long ticks)
{
	compare_with(g, ticks, false);
}

static void test_norn_reference(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	TEST_LOAD_NORN(&g);
	compare(&g, 4L * NORN_TICKS); /* NORN_TICKS brain ticks */
	genome_free(&g);
}

/* The norn with its decision lobe's susceptibility and reinforcement
 * rules reading all four input sums (issue 15's genome: the brain runs
 * those neuron by neuron with the sums kept current, brain/sum_rules.c). */
static void test_sum_rules_reference(void **state)
{
	(void)state;
	genome g;
	genome_init(&g);
	genome_lobe_gene *dec;
	TEST_NORN_DECISION(&g, dec);
	c2_err err;
	static const char *const rules[2][2] = {
		{"type1 FALSE input TRUE output TRUE suscept move-twrds 255 64", "anded0 FALSE chem0"},
		{"type0 FALSE input TRUE output TRUE suscept move-twrds 255 64", "anded1 FALSE chem1"},
	};
	for (int t = 0; t < 2; t++) {
		assert_int_equal(genome_svrule_asm(rules[t][0], dec->dendrite[t].suscept_rule, GENOME_RULE_LEN, &err), 0);
		assert_int_equal(genome_svrule_asm(rules[t][1], dec->dendrite[t].reinforce_rule, GENOME_RULE_LEN, &err), 0);
	}
	compare(&g, NORN_TICKS);
	genome_free(&g);
}

/* The AVX2 kernels (two blocks of dendrites at a time) against the 16-lane
 * ones on the fed, stimulated norn; skipped where the CPU lacks AVX2. */
static void test_norn_avx2(void **state)
{
	(void)state;
	if (!brain_cpu_avx2())
		skip();
	genome g;
	genome_init(&g);
	TEST_LOAD_NORN(&g);
	compare_with(&g, 4L * NORN_TICKS, true);
	genome_free(&g);
}

static void test_starter_reference(void **state)
{
	(void)state;
	uint8_t *buf;
	size_t len;
	c2_err err;
	if (c2_read_file("genomes/starter.txt", 1u << 20, &buf, &len, &err) != 0)
		fail_msg("genomes/starter.txt: %s", err.msg);
	genome g;
	genome_init(&g);
	if (genome_text_parse((const char *)buf, len, &g, &err) != 0)
		fail_msg("genomes/starter.txt:%ld: %s", err.line, err.msg);
	free(buf);
	compare(&g, 4L * NORN_TICKS);
	genome_free(&g);
}

/* ---- the byte-wide kernels against the scalar ones ---------------------------- */

static void fill(c2_rng *r, uint8_t *p, size_t n, unsigned zero_share)
{
	for (size_t i = 0; i < n; i++)
		p[i] = c2_rng_below(r, 8) < zero_share ? 0 : (uint8_t)c2_rng_below(r, 256);
}

enum { N = 203 }; /* not a multiple of 16: the scalar tails run too */

/* A neuron update kernel against the scalar one on val[0..n), n <= N. */
static void check_update(uint32_t (*kernel)(const brain_nupd *, const uint8_t *, uint8_t *,
                                            uint8_t *, uint32_t, uint16_t *),
                         const brain_nupd *u, const uint8_t *val, uint32_t n)
{
	uint8_t s1[N], o1[N], s2[N], o2[N];
	uint16_t f1[N], f2[N];
	uint32_t n1 = kernel(u, val, s1, o1, n, f1);
	uint32_t n2 = brain_simd_update_scalar(u, val, s2, o2, n, f2, 0);
	assert_memory_equal(s1, s2, n);
	assert_memory_equal(o1, o2, n);
	assert_int_equal(n1, n2);
	assert_memory_equal(f1, f2, n1 * sizeof *f1);
}

static void test_simd_kernels(void **state)
{
	(void)state;
	c2_rng r;
	c2_rng_seed(&r, 99);
	unsigned avx2_blocks = 0;
	for (int trial = 0; trial < 3000; trial++) {
		uint8_t val[N];
		fill(&r, val, N, 2);
		brain_nupd u = {(uint8_t)c2_rng_below(&r, 256), (uint8_t)c2_rng_below(&r, 256),
		                c2_rng_below(&r, 2) != 0, (uint16_t)c2_rng_below(&r, 65536)};
		check_update(brain_simd_update, &u, val, N);
#if BRAIN_AVX2
		if (brain_cpu_avx2()) /* 32 lanes at a time, at any length */
			check_update(brain_simd_update_avx2, &u, val,
			             c2_rng_below(&r, 2) ? N : c2_rng_below(&r, N + 1));
#endif

		uint8_t a1[N], a2[N], x[N];
		fill(&r, a1, N, 1);
		memcpy(a2, a1, N);
		fill(&r, x, N, 1);
		brain_bop op = (brain_bop)c2_rng_below(&r, 4);
		uint8_t k = (uint8_t)c2_rng_below(&r, 256);
		bool arr = c2_rng_below(&r, 2);
		brain_simd_bop(op, a1, arr ? x : NULL, k, N);
		brain_simd_bop_scalar(op, a2, arr ? x : NULL, k, N);
		assert_memory_equal(a1, a2, N);

		/* two blocks of dendrite steps: each by the 16-lane kernel and the
		 * scalar one, and both at once by the AVX2 kernel where the CPU
		 * has it */
		uint8_t sv[16], su1[32], stw1[32], ltw1[32], su2[32], stw2[32], ltw2[32];
		uint8_t su3[32], stw3[32], ltw3[32];
		fill(&r, sv, 16, 6);
		fill(&r, su1, 32, 5);
		fill(&r, stw1, 32, 3);
		for (int i = 0; i < 32; i++) /* STW == LTW for many */
			ltw1[i] = c2_rng_below(&r, 2) ? stw1[i] : (uint8_t)c2_rng_below(&r, 256);
		if (c2_rng_below(&r, 4) == 0) /* a block at rest: as a pair's other block */
			for (int i = 16; i < 32; i++)
				su1[i] = 0, ltw1[i] = stw1[i];
		memcpy(su2, su1, 32);
		memcpy(stw2, stw1, 32);
		memcpy(ltw2, ltw1, 32);
		memcpy(su3, su1, 32);
		memcpy(stw3, stw1, 32);
		memcpy(ltw3, ltw1, 32);
		brain_qd q;
		q.susc = c2_rng_below(&r, 2);
		q.stw = c2_rng_below(&r, 2);
		q.ltw = c2_rng_below(&r, 2);
		q.set = c2_rng_below(&r, 2);
		q.step = c2_rng_below(&r, 2);
		q.r = c2_rng_below(&r, 3) ? (uint8_t)c2_rng_below(&r, 256) : 0;
		q.msusc = (uint16_t)c2_rng_below(&r, 65536);
		q.mstw = (uint16_t)c2_rng_below(&r, 65536);
		q.mltw = (uint16_t)c2_rng_below(&r, 65536);
		uint8_t old1[32], old2[32], old3[32];
		uint8_t svall = c2_rng_below(&r, 3) ? 0 : sv[0];
		uint32_t fresh = c2_rng_below(&r, 2) ? (uint32_t)(c2_rng_next(&r) >> 32) : 0;
		uint32_t cand = !svall && c2_rng_below(&r, 2) ? (uint32_t)(c2_rng_next(&r) >> 32) & ~fresh : 0;
		/* any rule, or the norn's "move-twrds 255 64" kind (toward 255 by
		 * a power of two, worked out by shifts) */
		uint8_t at = (uint8_t)c2_rng_below(&r, 256), ak = (uint8_t)c2_rng_below(&r, 256);
		if (c2_rng_below(&r, 2))
			at = 255;
		if (c2_rng_below(&r, 2))
			ak = (uint8_t)(1u << c2_rng_below(&r, 8));
		brain_qd_toward_set(&q, at, ak);
		if (c2_rng_below(&r, 4) == 0)
			q.mstw = 0; /* the whole way */
		if (c2_rng_below(&r, 4) == 0)
			q.mltw = 0;
		brain_qd_out l1[2], l2[2];
		for (int h = 0; h < 2; h++) {
			unsigned fh = fresh >> 16 * h & 0xffffu, ch = cand >> 16 * h & 0xffffu;
			int o = 16 * h;
			l1[h] = brain_qd_block(&q, svall, fh, ch, su1 + o, stw1 + o, ltw1 + o, old1 + o);
			l2[h] = brain_qd_block_scalar(&q, svall, fh, ch, su2 + o, stw2 + o, ltw2 + o, old2 + o);
			assert_int_equal(l1[h].live, l2[h].live);
			assert_int_equal(l1[h].changed, l2[h].changed);
			assert_int_equal(l1[h].stw_nz, l2[h].stw_nz);
			assert_int_equal(l1[h].su_nz, l2[h].su_nz);
			for (unsigned j = 0; j < 16; j++)
				if (l1[h].changed >> j & 1)
					assert_int_equal(old1[o + j], old2[o + j]);
		}
		assert_memory_equal(su1, su2, 32);
		assert_memory_equal(stw1, stw2, 32);
		assert_memory_equal(ltw1, ltw2, 32);
#if BRAIN_AVX2
		if (brain_cpu_avx2()) {
			brain_qd_out2 l3 = brain_qd_block2(&q, svall, fresh, cand, su3, stw3, ltw3, old3);
			assert_memory_equal(su3, su2, 32);
			assert_memory_equal(stw3, stw2, 32);
			assert_memory_equal(ltw3, ltw2, 32);
			assert_int_equal(l3.changed, l2[0].changed | l2[1].changed << 16);
			/* the 8-lane groups all 0, and the blocks' bits made of them */
			uint32_t live = l2[0].live | l2[1].live << 16, nz = l2[0].stw_nz | l2[1].stw_nz << 16;
			uint32_t sun = l2[0].su_nz | l2[1].su_nz << 16;
			unsigned zl = 0, zs = 0, zu = 0;
			for (unsigned g = 0; g < 4; g++) {
				zl |= (unsigned)!(live >> 8 * g & 0xffu) << g;
				zs |= (unsigned)!(nz >> 8 * g & 0xffu) << g;
				zu |= (unsigned)!(sun >> 8 * g & 0xffu) << g;
			}
			assert_int_equal(l3.zlive, zl);
			assert_int_equal(l3.zstw, zs);
			assert_int_equal(l3.zsu, zu);
			for (unsigned h = 0; h < 2; h++)
				assert_int_equal(brain_pair_nz[zl] >> h & 1, l2[h].live != 0);
			for (unsigned j = 0; j < 32; j++)
				if (l3.changed >> j & 1)
					assert_int_equal(old3[j], old2[j]);
			avx2_blocks++;
		}
#else
		(void)su3, (void)stw3, (void)ltw3, (void)old3;
#endif

		/* one block of strength steps, whole and partial */
		uint8_t st1[16], st2[16];
		fill(&r, st1, 16, 3);
		memcpy(st2, st1, 16);
		uint8_t v = (uint8_t)(1 + c2_rng_below(&r, 255));
		bool gain = c2_rng_below(&r, 2);
		unsigned lanes = c2_rng_below(&r, 2) ? 16 : 1 + c2_rng_below(&r, 16);
		unsigned z1, z2;
		unsigned c1 = brain_str_block(st1, v, gain, lanes, &z1);
		unsigned c2 = brain_str_block_scalar(st2, v, gain, lanes, &z2);
		assert_memory_equal(st1, st2, 16);
		assert_int_equal(c1, c2);
		assert_int_equal(z1, z2);

		/* strength steps of the susceptible lanes, by a value or a field */
		{
			uint8_t sa[16], sb[16], su[16], fv[16];
			fill(&r, sa, 16, 3);
			memcpy(sb, sa, 16);
			fill(&r, su, 16, 8 - c2_rng_below(&r, 8));
			fill(&r, fv, 16, 2);
			bool field = c2_rng_below(&r, 2);
			unsigned za, zb;
			unsigned ca = brain_str_susc(sa, su, field ? fv : NULL, v, gain, &za);
			unsigned cb = brain_str_susc_scalar(sb, su, field ? fv : NULL, v, gain, &zb);
			assert_memory_equal(sa, sb, 16);
			assert_int_equal(ca, cb);
			assert_int_equal(za, zb);
		}

		/* brain_qd_toward is the SV-rule's move-twrds, for every su */
		{
			brain_svrule_insn in = {SVOP_MOVE_TWRDS, {SVS_IMM, (uint8_t)c2_rng_below(&r, 256)},
			                  {SVS_IMM, (uint8_t)c2_rng_below(&r, 256)}};
			uint8_t vals[SVS_COUNT] = {0};
			for (int su = 0; su < 256; su++)
				assert_int_equal(brain_qd_toward((uint8_t)su, in.a.imm, in.b.imm),
				                 brain_svrule_step(&in, su, vals, NULL));
		}

		/* the non-zero bytes listed */
		{
			uint16_t li1[N], li2[N];
			uint32_t ln = c2_rng_below(&r, N + 1);
			uint32_t k1 = brain_simd_list(val, ln, li1), k2 = brain_simd_list_scalar(val, ln, li2, 0);
			assert_int_equal(k1, k2);
			assert_memory_equal(li1, li2, k1 * sizeof *li1);
		}

		/* the kept sums scaled, at any length (16, 8 and 1 at a time), and
		 * the non-zero bytes counted */
		{
			uint16_t sacc[N];
			uint8_t nsil[N], ty1[N], an1[N], ty2[N], an2[N];
			for (int i = 0; i < N; i++) /* up to 255 * 64 terms; some at 0 */
				sacc[i] = c2_rng_below(&r, 4) ? (uint16_t)c2_rng_below(&r, 16321) : 0;
			fill(&r, nsil, N, 4);
			uint8_t sg = c2_rng_below(&r, 4) ? (uint8_t)c2_rng_below(&r, 256) : 255;
			uint32_t sn = c2_rng_below(&r, N + 1);
			brain_sums_scale(sacc, nsil, sg, sn, ty1, an1);
			brain_sums_scale_scalar(sacc, nsil, sg, sn, ty2, an2);
			assert_memory_equal(ty1, ty2, sn);
			assert_memory_equal(an1, an2, sn);
			uint32_t nz = 0;
			for (uint32_t i = 0; i < sn; i++)
				nz += an2[i] != 0;
			assert_int_equal(brain_simd_count(an1, sn), nz);
		}

		/* the first largest byte */
		uint32_t an = 1 + c2_rng_below(&r, N);
		assert_int_equal(brain_simd_argmax(val, an), brain_simd_argmax_scalar(val, an));

		/* a 16-bit value found or not, at any length */
		{
			uint16_t hv[40];
			for (int i = 0; i < 40; i++)
				hv[i] = (uint16_t)c2_rng_below(&r, 64);
			uint32_t hn = c2_rng_below(&r, 41);
			uint16_t want = (uint16_t)c2_rng_below(&r, 80);
			assert_int_equal(brain_simd_has16(hv, hn, want), brain_simd_has16_scalar(hv, hn, want));
		}

		/* which bytes differ */
		uint8_t d1[16], d2[16];
		fill(&r, d1, 16, 2);
		for (int i = 0; i < 16; i++)
			d2[i] = c2_rng_below(&r, 2) ? d1[i] : (uint8_t)c2_rng_below(&r, 256);
		unsigned dn = 1 + c2_rng_below(&r, 16);
		assert_int_equal(brain_simd_diff(d1, d2, dn), brain_simd_diff_scalar(d1, d2, dn));
		if (dn < 16) /* a lobe's last bytes */
			assert_int_equal(brain_simd_diff_part(d1, d2, dn), brain_simd_diff_scalar(d1, d2, dn));
	}
	/* say so when this CPU could not check the AVX2 kernels */
	if (!avx2_blocks)
		print_message("AVX2 kernels not checked: %s\n",
		              BRAIN_AVX2 ? "this CPU has no AVX2" : "not compiled in (C2_NO_AVX2 or not x86-64)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_simd_kernels),
		cmocka_unit_test(test_starter_reference),
		cmocka_unit_test(test_norn_reference),
		cmocka_unit_test(test_norn_avx2),
		cmocka_unit_test(test_sum_rules_reference),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
