/* rates.h — the shared C1/C2 rate table (reference §5.2).
 *
 * Every "rate" byte — chemical half-lives, reaction rates, neuron leakage,
 * dendrite relax rates — is read through this ONE table: r = byte >> 3; on
 * ticks where (counter & mask(r)) == 0 the distance to the target is
 * multiplied by mult[r] / 65536 with truncation. It lives in genome/ because
 * both brain/ and biochem/ use it and neither may include the other. */
#ifndef C2_RATES_H
#define C2_RATES_H

#include <stdint.h>

extern const uint16_t genome_rate_mult[32];

/* Period mask for a rate byte: 0 (every tick) for bytes < 64, else
 * 2^(r-7) - 1. */
static inline uint32_t genome_rate_mask(uint8_t rate)
{
	unsigned r = rate >> 3;
	return r <= 7 ? 0u : (1u << (r - 7)) - 1u;
}

/* Does a quantity with this rate byte move on tick `counter`? */
static inline int genome_rate_due(uint8_t rate, uint32_t counter)
{
	return (counter & genome_rate_mask(rate)) == 0;
}

/* Multiplier of this rate byte, out of 65536. */
static inline uint32_t genome_rate_multiplier(uint8_t rate)
{
	return genome_rate_mult[rate >> 3];
}

/* One relax step of `value` toward `target` (both 0..255): the remaining
 * distance is scaled by mult/65536, truncating toward the target. Callers
 * check genome_rate_due first. */
static inline uint8_t genome_rate_relax(uint8_t value, uint8_t target, uint8_t rate)
{
	int32_t d = (int32_t)value - (int32_t)target;
	int32_t m = (int32_t)genome_rate_mult[rate >> 3];
	/* Truncate the magnitude so the step never overshoots from either side. */
	int32_t scaled = d >= 0 ? (d * m) >> 16 : -((-d * m) >> 16);
	return (uint8_t)(target + scaled);
}

#endif
