"""_lib.py — load libc2rt.so through cffi.

Why cffi in ABI mode (ffi.dlopen), not API mode or the CPython C API:
- nothing is compiled when the package is built or imported: no Python.h
  (python3-dev), no per-interpreter extension module; Debian's python3-cffi
  and the shared library the Makefile already builds are all it takes, and
  the same library serves every Python 3 version;
- the declarations cffi reads (c2py.h) are also compiled into the library
  (python/c2py.c includes them, next to the core's own headers), so the C
  compiler checks every one of them against the real prototypes; the only
  structs that cross are the shim's five small records, whose sizes
  c2py_sizeof reports and we compare below. ABI mode's usual risk — a cdef
  that silently disagrees with the library — is closed that way;
- its cost (about a microsecond per call) does not matter for the hot path:
  stepping many ticks is one call (c2py_step loops in C), and arrays come out
  in one call each, straight into NumPy's buffers.

The library is looked for in: $C2RT_LIBRARY; next to this file (an
installed package, make install-python); the source tree's build/.
"""
import os

from cffi import FFI

_HERE = os.path.dirname(os.path.abspath(__file__))


def _cdef_text():
    with open(os.path.join(_HERE, "c2py.h"), encoding="utf-8") as f:
        # cffi's cdef takes declarations only: drop the #include lines
        return "".join(line for line in f if not line.lstrip().startswith("#"))


def _candidates():
    env = os.environ.get("C2RT_LIBRARY")
    if env:
        yield env
        return
    yield os.path.join(_HERE, "libc2rt.so")
    yield os.path.join(_HERE, "..", "..", "build", "libc2rt.so")


def _open():
    ffi = FFI()
    ffi.cdef(_cdef_text())
    tried = []
    for path in _candidates():
        if os.path.exists(path):
            lib = ffi.dlopen(os.path.abspath(path))
            break
        tried.append(path)
    else:
        raise ImportError("c2rt: libc2rt.so not found (tried %s); run `make python` "
                          "or set C2RT_LIBRARY" % ", ".join(tried))
    for i, name in enumerate(("c2py_err", "c2py_lobe_info", "c2py_organ_info", "c2py_object_info",
                              "c2py_place_info")):
        if lib.c2py_sizeof(i) != ffi.sizeof(name):
            raise ImportError("c2rt: %s is %d bytes in the library, %d here: the library "
                              "was built from another c2py.h" % (name, lib.c2py_sizeof(i),
                                                                  ffi.sizeof(name)))
    return ffi, lib


ffi, lib = _open()
