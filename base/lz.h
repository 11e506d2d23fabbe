/* lz.h — a small LZ77 byte packer, for data a creature keeps but rarely
 * reads (its genome: 19 KB of genes pack to about 10 KB, so a hundred
 * creatures in one process keep a megabyte less).
 *
 * The format is a sequence of tokens:
 *   0lllllll  then l + 1 literal bytes                   (1..128)
 *   10LLLLLL  o           copy L + 3 bytes from o + 1 back (3..66, 1..256)
 *   11LLLLLL  o0 o1       copy L + 4 bytes from o + 1 back (4..67, 1..65536;
 *                         o = o0 | o1 << 8)
 * Packing is greedy with a bounded search (linear time); unpacking checks
 * every token against both buffers, so bytes that are not a packing of
 * anything give an error, never a read or write out of bounds. */
#ifndef C2_LZ_H
#define C2_LZ_H

#include <stddef.h>
#include <stdint.h>

/* Most bytes c2_lz_pack may write for n input bytes. */
size_t c2_lz_bound(size_t n);

/* Pack in[0..n) into out (room for c2_lz_bound(n) bytes); returns the
 * packed size. Never fails. */
size_t c2_lz_pack(const uint8_t *in, size_t n, uint8_t *out);

/* Unpack in[0..n) into out[0..cap); returns the unpacked size, or
 * (size_t)-1 when the bytes are malformed or do not fit. */
size_t c2_lz_unpack(const uint8_t *in, size_t n, uint8_t *out, size_t cap);

#endif
