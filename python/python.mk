# python.mk — the Python package (python/c2rt), included by the Makefile.
#
#   make python          build/libc2rt.so: the core plus the shim python/c2py.c,
#                        compiled position-independent (the package dlopens it)
#   make test-python     python3 -m pytest python/tests (part of make test)
#   make install-python  the package, with its library inside it, under
#                        $(PYDIR) (make install does it too)
#
# Or, after make python: pip install --no-build-isolation ./python (offline,
# python/setup.py copies build/libc2rt.so into the package).
# The package needs only Debian's python3-cffi (numpy, pandas, matplotlib
# when present); scripts/deps.sh's `python` group installs them.

# Debian's interpreter, where apt puts the modules (a pyenv or venv python3
# earlier on PATH would not see them); PYTHON=... overrides.
PYTHON ?= $(firstword $(wildcard /usr/bin/python3) python3)
# where Debian's python3 looks under PREFIX (/usr/local/lib/python3.11/dist-packages)
PYVER = $(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])')
PYDIR ?= $(PREFIX)/lib/python$(PYVER)/dist-packages

SHLIB := $(BUILD)/libc2rt.so
PY_SRC := python/c2py.c
PIC_OBJ := $(CORE_SRC:%.c=$(BUILD)/pic/%.o) $(PY_SRC:%.c=$(BUILD)/pic/%.o)
PY_FILES := $(sort $(wildcard python/c2rt/*.py)) python/c2rt/c2py.h

.PHONY: python python-build test-python install-python uninstall-python deps-check-python

# Only `make deps` installs (make test asks it for the python group too).
deps-check-python:
	@scripts/deps.sh --check python

# -fno-semantic-interposition and -Bsymbolic: calls inside the library go
# straight to its own functions, not through the PLT as interposable
# symbols (as in the static library c2rt links).
PIC_FLAGS := -fPIC -fno-semantic-interposition
$(BUILD)/pic/%.o: %.c | deps-check-core
	@mkdir -p $(@D)
	$(say) PIC $<
	$(Q)$(CC) $(CFLAGS_BASE) $(CFLAGS) $(EXPAT_CFLAGS) $(ODE_CFLAGS) $(PIC_FLAGS) -c $< -o $@

$(SHLIB): $(PIC_OBJ)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -shared -Wl,-soname,libc2rt.so -Wl,--no-undefined -Wl,-Bsymbolic -o $@ $^ $(CORE_LIBS)

# make python promises what it needs, as make run and make test do: it asks
# make deps for the core's and the package's Debian packages first (the
# only installer), then builds.
python:
	@$(MAKE) --no-print-directory deps DEPS="core python"
	@$(MAKE) --no-print-directory python-build
python-build: $(SHLIB) $(TOOL) $(GENOME_BIN)

# The tests compare against the tool and our genomes (build/genomes/*.gen).
# With SAN=1 the interpreter is started with the sanitizers' runtimes
# preloaded (a dlopened library cannot bring ASan in); Python's own
# allocations are not ours to leak-check.
ifeq ($(SAN),1)
  PY_SAN = LD_PRELOAD="$$($(CC) -print-file-name=libasan.so):$$($(CC) -print-file-name=libubsan.so)" \
           ASAN_OPTIONS=detect_leaks=0
endif
test-python: python-build | deps-check-python
	@$(PY_SAN) C2RT_LIBRARY=$(abspath $(SHLIB)) C2RT_TOOL=$(abspath $(TOOL)) C2RT_BUILD=$(abspath $(BUILD)) \
	  $(PYTHON) -m pytest -q -p no:cacheprovider python/tests

install-python: python-build
	install -d $(DESTDIR)$(PYDIR)/c2rt
	install -m 644 $(PY_FILES) $(DESTDIR)$(PYDIR)/c2rt/
	install -m 755 $(SHLIB) $(DESTDIR)$(PYDIR)/c2rt/libc2rt.so
	@echo "installed the c2rt Python package under $(DESTDIR)$(PYDIR)"

uninstall-python:
	rm -rf $(DESTDIR)$(PYDIR)/c2rt

# `import c2rt` works after make install (make test runs the Python tests
# after the C suite: its recipe, once make deps has installed the group).
install: install-python
uninstall: uninstall-python

-include $(PIC_OBJ:.o=.d)
