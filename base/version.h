/* version.h — the version of c2rt and libc2rt: the one place it is written.
 * The Makefile reads it from here (for c2rt.pc and the man page), so a
 * build from a source tarball, without git, knows its version too. */
#ifndef C2_VERSION_H
#define C2_VERSION_H

#define C2RT_VERSION "0.1.0"

#endif
