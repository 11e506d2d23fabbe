/* body_simulate.h — `c2rt body FILE --simulate`: the body alone, moved by its
 * own neurons (f0) or by its motors' settings in the document (XODE). */
#ifndef C2_CLI_BODY_SIMULATE_H
#define C2_CLI_BODY_SIMULATE_H

#include <stdint.h>

#include "body/body.h"
#include "body/sim.h"

typedef struct cli_body_sim_args {
	double seconds;         /* creature seconds to simulate */
	const char *trace_path; /* CSV, or NULL; "-" is standard output */
	uint64_t seed;
	body_options opts;
} cli_body_sim_args;

/* Simulate `m` (loaded from `path`) and print what it did: how far its
 * centre of mass went (in body lengths too), its speed and the work done.
 * Returns a CLI code. */
int cli_body_simulate(const char *path, const body_model *m, const cli_body_sim_args *a);

#endif
