/* fuzz_body_sim.c — libFuzzer target for bodies in motion: a body file
 * loaded, built on ODE and stepped, its state saved and restored.
 *
 * The first byte picks the format (even: f0, odd: XODE); the rest is the
 * file. Whatever loads is simulated for a few ticks at a coarse step (ODE
 * must never abort on what a file says), then its state is saved, restored
 * into a second sim of the same body, and both must step on to the same
 * bytes — the second in the body_reference mode (every static's box tested
 * by hand): the quadtree space must find the very same contacts. Truncated
 * states must be refused. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "body/load.h"
#include "body/sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void state(const body_sim *s, c2_wbuf *w)
{
	c2_sink k = c2_sink_to(w);
	body_sim_save(s, &k);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > (1u << 20))
		return 0;
	body_source src = data[0] & 1 ? BODY_SOURCE_XODE : BODY_SOURCE_F0;
	body_model m;
	c2_err err;
	if (body_load_source(src, (const char *)data + 1, size - 1, NULL, &m, &err) != 0 ||
	    m.nparts > 64 || m.njoints > 128 || m.ngeoms > 128) {
		body_free(&m);
		return 0;
	}
	body_options o;
	c2_options_default(&body_option_tab, &o);
	o.substeps = 2; /* coarse and quick: the point is what ODE is given */
	o.iterations = 10;
	o.neuro_steps = 2;
	body_options ref = o;
	ref.body_reference = 1;
	body_sim *a, *b;
	if (body_sim_new(&a, &m, &o, 1, NULL, &err) == 0) {
		for (size_t i = 0; i < body_sim_neffectors(a); i++)
			body_sim_drive(a, i, i % 2 ? BODY_DRIVE_RHYTHM : BODY_DRIVE_OWN, 1, 0, 0.25);
		body_sim_set_rhythm(a, 2);
		for (int t = 0; t < 3; t++)
			body_sim_tick(a);
		c2_wbuf w = {0};
		state(a, &w);
		if (body_sim_new(&b, &m, &o, 2, NULL, &err) != 0)
			__builtin_trap();
		c2_rbuf r = c2_rbuf_make(w.data, w.len / 2);
		if (w.len > 0 && body_sim_load(b, &r, &err) == 0)
			__builtin_trap(); /* half a state must be refused */
		body_sim_free(b);
		if (body_sim_new(&b, &m, &ref, 2, NULL, &err) != 0)
			__builtin_trap();
		r = c2_rbuf_make(w.data, w.len);
		if (body_sim_load(b, &r, &err) != 0)
			__builtin_trap();
		body_sim_tick(a);
		body_sim_tick(b);
		c2_wbuf wa = {0}, wb = {0};
		state(a, &wa);
		state(b, &wb);
		if (wa.len != wb.len || memcmp(wa.data, wb.data, wa.len) != 0)
			__builtin_trap();
		c2_wbuf_free(&w);
		c2_wbuf_free(&wa);
		c2_wbuf_free(&wb);
		body_sim_free(b);
		body_sim_free(a);
	}
	body_free(&m);
	return 0;
}
