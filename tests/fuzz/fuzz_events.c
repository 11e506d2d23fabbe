/* fuzz_events.c — libFuzzer target for the events parser; accepted event
 * lists are checked against the schedule (creature_events_due equals a scan of
 * every event) and applied to a small synthetic creature for a few hundred
 * ticks. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/events.h"
#include "genome/text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A tiny creature: two lobes, an organ with some chemistry. */
static const char GENOME[] =
	"gene lobe\n width 4\n height 4\n state_rule state\n"
	"gene lobe\n width 6\n height 3\n perceptible exclusive\n state_rule state\n"
	"gene organ\n clock_rate 127\n life_force 255\n atp_damage 4\n"
	"gene receptor\n organ creature\n tissue 5\n locus 2\n chemical Hunger\n gain 255\n"
	"gene receptor\n organ creature\n tissue 0\n locus 0\n chemical Glucose\n threshold 200\n nominal 100\n gain 255\n flags digital\n"
	"gene reaction\n r1_amount 1\n r1 Glucose\n p1_amount 1\n p1 ATP\n rate 40\n"
	"gene half-lives\n halflife Glucose 40\n halflife ATP 248\n"
	"gene initial-concentration\n chemical ATP\n amount 200\n"
	"gene stimulus\n number 26\n sense 3\n intensity 100\n dose1_chemical Glucose\n dose1_amount 30\n"
	"gene instinct\n input1_lobe 1\n input1_cell 2\n action eat\n reinforcer Reward\n level 100\n";

/* The schedule finds what checking every event finds, in file order, tick
 * after tick and after a jump (a rebuilt cursor). */
static void check_schedule(const creature_events *ev)
{
	uint32_t *want = malloc((ev->n ? ev->n : 1) * sizeof *want);
	if (!want)
		return;
	creature_events_cursor cur = {0};
	static const uint64_t jumps[] = {0, 1, 2, 3, 50, 51, 49, 600, 601, 602};
	for (size_t j = 0; j < sizeof jumps / sizeof jumps[0] + 300; j++) {
		uint64_t t = j < 10 ? jumps[j] : 100 + j;
		size_t n = 0;
		for (size_t i = 0; i < ev->n; i++)
			if (creature_events_is_due(&ev->v[i], t))
				want[n++] = (uint32_t)i;
		const uint32_t *got;
		long k = creature_events_due(ev, &cur, t, &got);
		if (k < 0)
			break; /* out of memory: the engine scans instead */
		if ((size_t)k != n || (n && memcmp(got, want, n * sizeof *want) != 0))
			__builtin_trap();
	}
	creature_events_cursor_free(&cur);
	free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	creature_events ev;
	c2_err err;
	if (creature_events_parse(&ev, (const char *)data, size, &err) != 0) {
		if (err.line < 1)
			__builtin_trap();
		return 0;
	}
	check_schedule(&ev);
	genome g;
	if (genome_text_parse(GENOME, sizeof GENOME - 1, &g, &err) != 0)
		__builtin_trap();
	creature_config cfg;
	creature_config_default(&cfg);
	creature *c;
	if (creature_hatch(&c, &g, &cfg, &err) != 0)
		__builtin_trap();
	for (int t = 0; t < 300; t++) {
		creature_step(c, &ev);
	}
	creature_free(c);
	genome_free(&g);
	creature_events_free(&ev);
	return 0;
}
