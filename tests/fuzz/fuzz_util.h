/* fuzz_util.h — checks the fuzz targets share (header-only). */
#ifndef C2_FUZZ_UTIL_H
#define C2_FUZZ_UTIL_H

#include "engine/engine.h"

/* Whatever loads must save, and load again to the same state. */
static inline void fuzz_check_roundtrip(const creature *c)
{
	c2_wbuf w = {0};
	c2_err err;
	if (creature_save(c, NULL, 0, &w) != 0)
		__builtin_trap();
	creature *d;
	if (creature_load(&d, w.data, w.len, NULL, NULL, &err) != 0)
		__builtin_trap();
	if (creature_hash(c) != creature_hash(d))
		__builtin_trap();
	creature_free(d);
	c2_wbuf_free(&w);
}

#endif
