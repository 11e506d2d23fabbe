# c2rt — one non-recursive Makefile for the whole tree.
#
#   make              build/libc2rt.a (the core), build/c2rt (the tool, no
#                     SDL) and build/c2rt-view (the viewer's program)
#   make tool         build/c2rt alone: what a machine without SDL builds
#   make deps         install the missing Debian packages (the only target
#                     that does; run, test, test-cluster, fuzz and bench call it)
#   make check        the unit, fuzz-replay and CLI suites once, in parallel,
#                     at -O2 (the one-minute loop; the long tests are make test's)
#   make test         every test, then the same suite under ASan+UBSan
#   make test-one     the suite once (T=NAME: only tests whose name has NAME;
#                     T=test_brain:test_norn_* runs the cmocka cases matching test_norn_*)
#   make test-core    the core's unit tests and fuzz replays (no SDL needed)
#   make test-cluster the Slurm job-array script on a one-node Slurm cluster (root)
#   make run          the main job on the bundled default genome
#   make fuzz         every libFuzzer target for FUZZ_SECONDS (default 60) each
#   make bench        benchmarks (ticks/s and callgrind instruction counts)
#   make install      c2rt, c2rt-view (in libexec/c2rt), the man page and bash
#                     completion, libc2rt.a, the public headers and c2rt.pc
#                     under $(DESTDIR)$(PREFIX)
#   make uninstall    remove what make install put there
#   make SAN=1 ...    AddressSanitizer + UndefinedBehaviorSanitizer build in build/san
#   make OPT=0 ...    unoptimised build in build/o0, without the AVX2 kernels
#                     (determinism checks; make test also checks them built by
#                     clang, in build/clang)
#   make FUZZ=1 ...   clang libFuzzer build in build/fuzz (what make fuzz uses)
#
# Sources are found by folder, so adding a .c file needs no edit here, and a
# library the core needs goes into CORE_LIBS (the viewer's into VIEWER_LIBS):
# every program, test, fuzz target and c2rt.pc takes its link line from them.
# Builds never install anything: they check (scripts/deps.sh --check, a few
# milliseconds) and name the packages `make deps` would install.

# Quiet build lines ("  CC  brain/tick.c"); V=1 shows the commands.
V ?= 0
ifeq ($(V),1)
  Q :=
  say = @true
else
  Q := @
  say = @printf '  %-5s %s\n'
endif

SAN ?= 0
OPT ?= 2
FUZZ ?= 0
ifeq ($(FUZZ),1)
  # Instrumented for libFuzzer; each fuzz target adds libFuzzer's main.
  BUILD ?= build/fuzz
  CC := clang
  VARIANT_FLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined \
                   -fno-sanitize-recover=all -fno-omit-frame-pointer
else ifeq ($(SAN),1)
  BUILD ?= build/san
  VARIANT_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
                   -fno-omit-frame-pointer
else ifeq ($(OPT),0)
  # without the AVX2 kernels (brain/simd.h): the golden hashes then also
  # hold for the 16-lane ones, and that build stays compiled
  BUILD ?= build/o0
  VARIANT_FLAGS := -O0 -g -DC2_NO_AVX2
else
  BUILD ?= build
  VARIANT_FLAGS := -O$(OPT) -g
endif

CC ?= cc
# -ffp-contract=off: no fused multiply-add, so floating point (organ life
# force) gives the same bits at every optimisation level.
WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
        -Wold-style-definition -Wpointer-arith -Wcast-qual -Wwrite-strings \
        -Wundef -Wvla -Wformat=2 -Wimplicit-fallthrough \
        -Werror
CFLAGS_BASE := -std=c11 -D_POSIX_C_SOURCE=200809L -I. -ffp-contract=off $(WARN) \
               $(VARIANT_FLAGS) -MMD -MP
CFLAGS ?=
LDFLAGS ?=
LDFLAGS_ALL = $(VARIANT_FLAGS) $(LDFLAGS)

# Evaluated lazily (=), after the deps check: when only used.
# CORE_LIBS: what libc2rt.a needs (also written into c2rt.pc): expat parses
# XODE bodies (xode/xode_tree.c), ODE (double precision) moves bodies
# (body/sim.c). VIEWER_LIBS: what c2rt-view alone needs (SDL2, SDL2_ttf,
# SDL2_image, fontconfig); c2rt never links them.
EXPAT_CFLAGS = $(shell pkg-config --cflags expat)
EXPAT_LIBS = $(shell pkg-config --libs expat)
ODE_CFLAGS = $(shell pkg-config --cflags ode)
ODE_LIBS = $(shell pkg-config --libs ode)
CORE_LIBS = $(EXPAT_LIBS) $(ODE_LIBS) -lm
SDL_CFLAGS = $(shell pkg-config --cflags sdl2 SDL2_ttf SDL2_image fontconfig)
SDL_LIBS = $(shell pkg-config --libs sdl2 SDL2_ttf SDL2_image fontconfig)
VIEWER_LIBS = $(SDL_LIBS)
CMOCKA_LIBS = $(shell pkg-config --libs cmocka)
# The link lines, one per layer: the core alone (c2rt, its unit tests, fuzz
# replays, benches); the viewer on top (c2rt-view, the viewer's tests).
CORE_LINK = $(LIB) $(CORE_LIBS)
VIEW_LINK = $(VIEWER_OBJ) $(LIB) $(VIEWER_LIBS) $(CORE_LIBS)

# The version is written once, in base/version.h.
VERSION := $(shell sed -n 's/^\#define C2RT_VERSION "\(.*\)"/\1/p' base/version.h)

CORE_DIRS := base genome brain biochem framsticks xode body engine exchange world trace batch
CORE_SRC := $(sort $(foreach d,$(CORE_DIRS),$(wildcard $(d)/*.c)))
CLI_SRC := $(sort $(wildcard cli/*.c))
# viewer/ is c2rt-view's alone (its main in viewer/main.c); the trace
# reader and sample table it draws from are the core's (trace/).
VIEWER_SRC := $(filter-out viewer/main.c,$(sort $(wildcard viewer/*.c)))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))
BENCH_SRC := $(sort $(wildcard bench/*.c))

# The viewer's own tests (tests/unit/test_view*.c) link SDL; no other test does.
UNIT_VIEW_SRC := $(filter tests/unit/test_view%,$(UNIT_SRC))

CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
# c2rt-view runs `c2rt view` on the cli's own tables: the cli but its main.
CLI_LIB_OBJ := $(filter-out $(BUILD)/obj/cli/main.o,$(CLI_OBJ))
VIEWER_OBJ := $(VIEWER_SRC:%.c=$(BUILD)/obj/%.o)
VIEW_MAIN_OBJ := $(BUILD)/obj/viewer/main.o
# The plot request (cli/plotreq.c) is read by a parser: fuzzed like the
# core's, and tested with the viewer that draws it.
PLOTREQ_OBJ := $(BUILD)/obj/cli/plotreq.o
FUZZ_EXTRA_OBJ := $(PLOTREQ_OBJ)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
UNIT_VIEW_BIN := $(UNIT_VIEW_SRC:tests/unit/%.c=$(BUILD)/tests/%)
UNIT_CORE_BIN := $(filter-out $(UNIT_VIEW_BIN),$(UNIT_BIN))
FUZZ_REPLAY_BIN := $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/tests/%_replay)
FUZZ_BIN := $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/fuzz/%)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)

LIB := $(BUILD)/libc2rt.a
TOOL := $(BUILD)/c2rt
VIEW_TOOL := $(BUILD)/c2rt-view

# Our own genomes, assembled from their text form by the tool we just built.
GENOME_TXT := $(sort $(wildcard genomes/*.txt))
GENOME_BIN := $(GENOME_TXT:genomes/%.txt=$(BUILD)/genomes/%.gen)

.PHONY: all tool viewer core deps deps-check-core deps-check-view test test-one test-core \
        check test-determinism test-cluster run fuzz fuzz-targets bench golden-update \
        clean docs-plot install uninstall
.DEFAULT_GOAL := all
# Keep object files of tests and benches (they are intermediate in pattern chains).
.SECONDARY:

all: $(LIB) $(TOOL) $(VIEW_TOOL) $(GENOME_BIN)
tool: $(LIB) $(TOOL)
viewer: $(VIEW_TOOL)

# The core library, its unit tests and the fuzz replays: no SDL needed.
core: $(LIB) $(UNIT_CORE_BIN) $(FUZZ_REPLAY_BIN)

# make deps: install what is missing of the package groups DEPS
# (scripts/deps.sh: build = core + view; test, fuzz, bench, cluster). The
# only target that installs; the targets that promise to install what they
# need (run, test, test-cluster, fuzz, bench) call it first, before any of
# their builds start, so that one apt-get runs at a time whatever -j says.
DEPS ?= build
deps:
	@scripts/deps.sh $(DEPS)
# Builds only look (scripts/deps.sh --check: no apt-get) and name what
# `make deps` would install.
deps-check-core:
	@scripts/deps.sh --check core
deps-check-view:
	@scripts/deps.sh --check view

$(BUILD)/obj/%.o: %.c | deps-check-core
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(CFLAGS_BASE) $(CFLAGS) -c $< -o $@

# Only the viewer and its tests see SDL's headers; the core and the cli
# never do (architecture rule: no SDL below the viewer).
SDL_USERS := $(VIEWER_OBJ) $(VIEW_MAIN_OBJ) $(UNIT_VIEW_SRC:tests/unit/%.c=$(BUILD)/obj/tests/unit/%.o)
$(SDL_USERS): CFLAGS += $(SDL_CFLAGS)
$(SDL_USERS): | deps-check-view
$(CORE_OBJ): CFLAGS += $(EXPAT_CFLAGS) $(ODE_CFLAGS)
# `c2rt batch` runs its jobs on threads (the core has no writable globals).
$(CLI_OBJ): CFLAGS += -pthread

$(LIB): $(CORE_OBJ)
	@mkdir -p $(@D)
	$(say) AR $@
	$(Q)rm -f $@
	$(Q)ar rcs $@ $^

# c2rt: the cli on the core, no drawing stack (tests/cli/no_sdl.sh).
$(TOOL): $(CLI_OBJ) $(LIB)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJ) $(CORE_LINK) -pthread

# c2rt-view: the window and the PNG drawing, over the cli's option tables
# and creature code (cli/helper.h).
$(VIEW_TOOL): $(VIEW_MAIN_OBJ) $(CLI_LIB_OBJ) $(VIEWER_OBJ) $(LIB)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(VIEW_MAIN_OBJ) $(CLI_LIB_OBJ) $(VIEW_LINK) -pthread

$(BUILD)/genomes/%.gen: genomes/%.txt $(TOOL)
	@mkdir -p $(@D)
	$(say) ASM $<
	$(Q)$(TOOL) asm $< -o $@

# Unit tests: one binary per tests/unit/test_*.c, linked with the core
# alone; the viewer's tests (test_view*) link the viewer and SDL too. Each
# takes a case filter from C2RT_CASES (tests/unit/cases.c).
CASES_OBJ := $(BUILD)/obj/tests/unit/cases.o
CMOCKA_LINK = $(CASES_OBJ) -Wl,--wrap=_cmocka_run_group_tests $(CMOCKA_LIBS)
$(UNIT_CORE_BIN): $(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(CASES_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $< $(CMOCKA_LINK) $(CORE_LINK)
$(UNIT_VIEW_BIN): $(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(CASES_OBJ) $(LIB) $(VIEWER_OBJ) $(PLOTREQ_OBJ)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $< $(CMOCKA_LINK) $(PLOTREQ_OBJ) $(VIEW_LINK)

# Fuzz targets are also built with a small file-replay driver so that the
# regression corpus runs in every `make test`, without clang or libFuzzer.
$(BUILD)/tests/%_replay: $(BUILD)/obj/tests/fuzz/%.o $(BUILD)/obj/tests/fuzz/replay_main.o $(FUZZ_EXTRA_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(filter-out $(LIB),$^) $(CORE_LINK)

# The same targets under libFuzzer (make FUZZ=1 fuzz-targets): the same
# objects and link line, with libFuzzer's main instead of the replay driver.
$(BUILD)/fuzz/%: $(BUILD)/obj/tests/fuzz/%.o $(FUZZ_EXTRA_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $< $(FUZZ_EXTRA_OBJ) $(CORE_LINK)
fuzz-targets: $(FUZZ_BIN)

# The fuzz seeds of fuzz_import are written by a small program from our own
# genomes (tests/fuzz/make-inputs.sh runs it).
SEEDER := $(BUILD)/tests/make_export_seeds
$(SEEDER): $(BUILD)/obj/tests/fuzz/make_export_seeds.o $(LIB)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $< $(CORE_LINK)

$(BUILD)/bench/%: $(BUILD)/obj/bench/%.o $(LIB)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $< $(CORE_LINK)

# ---- what a test needs ----------------------------------------------------------
# T=NAME[:CASES] picks the tests whose name contains NAME (and, in a cmocka
# binary, the cases matching the glob CASES); only what they need is built:
# a unit test its binary; a fuzz replay its binary and the inputs' makers;
# a CLI test the two programs and our genomes (and what NEEDS_name adds).
T ?=
T_NAME := $(firstword $(subst :, ,$(T)))
T_CASES := $(patsubst $(T_NAME):%,%,$(filter $(T_NAME):%,$(T)))
CLI_TESTS := $(filter-out lib,$(patsubst tests/cli/%.sh,%,$(wildcard tests/cli/*.sh)))
NEEDS_brain_sum_rules := $(BUILD)/bench/brain
CLI_NEEDS := $(LIB) $(TOOL) $(VIEW_TOOL) $(GENOME_BIN)
FUZZ_NEEDS := $(TOOL) $(GENOME_BIN) $(SEEDER)
picked = $(foreach x,$(1),$(if $(findstring $(T_NAME),$(notdir $(x))),$(x)))
ifeq ($(T_NAME),)
  T_BUILD := $(CLI_NEEDS) $(UNIT_BIN) $(FUZZ_REPLAY_BIN) $(BENCH_BIN) $(SEEDER)
else
  T_CLI := $(call picked,$(CLI_TESTS))
  T_FUZZ := $(call picked,$(FUZZ_REPLAY_BIN))
  T_BUILD := $(call picked,$(UNIT_BIN)) $(T_FUZZ) $(if $(T_FUZZ),$(FUZZ_NEEDS)) \
             $(if $(T_CLI),$(CLI_NEEDS)) $(foreach c,$(T_CLI),$(NEEDS_$(c)))
endif
RUN_TESTS = C2RT_T="$(T_NAME)" C2RT_CASES="$(T_CASES)" tests/run.sh

# make test-one: the suite once, with this build, one test at a time.
test-one: $(T_BUILD)
	@$(RUN_TESTS) $(BUILD)

# make check: the one-minute loop — this build (-O2), the unit tests, the
# fuzz replays and the CLI tests, C2RT_JOBS at a time (default: the cores),
# without the long acceptance tests (tests/run.sh: LONG_TESTS), which only
# make test runs.
C2RT_JOBS ?= 0
check: $(T_BUILD)
	@C2RT_QUICK=1 C2RT_JOBS="$(C2RT_JOBS)" $(RUN_TESTS) $(BUILD)

# The core's unit tests and the fuzz replays only: runs on a machine
# without SDL (make core builds them).
test-core: core
	@C2RT_CORE_ONLY=1 $(RUN_TESTS) $(BUILD)

# The whole suite, then the whole suite again under the sanitizers, then the
# golden state hashes once more with an unoptimised build: the same seed must
# give the same bits at -O0, -O2 and under ASan+UBSan.
test:
	@$(MAKE) --no-print-directory deps DEPS="build test python"
	@$(MAKE) --no-print-directory test-one
	@$(MAKE) --no-print-directory test-python
	@$(MAKE) --no-print-directory SAN=1 test-one
	@$(MAKE) --no-print-directory OPT=0 test-determinism
	@$(MAKE) --no-print-directory CC=clang BUILD=build/clang test-determinism

test-determinism: $(TOOL) $(GENOME_BIN)
	@C2RT_ONLY="brain_golden run_golden body_golden" tests/run.sh $(BUILD)

# The Slurm job-array script against a one-node Slurm cluster that the test
# starts on this machine (needs root; CI runs it).
test-cluster:
	@$(MAKE) --no-print-directory deps DEPS="build test cluster"
	@$(MAKE) --no-print-directory $(TOOL) $(GENOME_BIN)
	@tests/cluster/slurm.sh $(BUILD); rc=$$?; [ $$rc -eq 77 ] && rc=0; exit $$rc

golden-update: all
	@C2RT_GOLDEN_UPDATE=1 tests/run.sh $(BUILD)

run:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory all
	@scripts/run.sh $(BUILD)

# genomes/README.md's plots: whole lives of our genomes under their default
# events, drawn by c2rt itself (regenerate after changing a genome).
.PHONY: genome-plots
genome-plots: all
	@mkdir -p docs
	$(TOOL) run $(BUILD)/genomes/starter.gen --events genomes/starter.events --until death \
	  --every 50 --chem ATP,Glucose,Glycogen,Hunger,Sleepiness,Ageing --trace $(BUILD)/starter-lifetime.csv
	$(TOOL) plot $(BUILD)/starter-lifetime.csv -o docs/starter-lifetime.png \
	  --title "starter: a whole life" --events genomes/starter.events
	$(TOOL) run $(BUILD)/genomes/diabetic.gen --events genomes/starter.events --until death \
	  --every 50 --chem ATP,Glucose,Glycogen,Hunger,Starch,Ageing --trace $(BUILD)/diabetic-lifetime.csv
	$(TOOL) plot $(BUILD)/diabetic-lifetime.csv -o docs/starter-diabetic.png \
	  --title "diabetic (starter without insulin)" --events genomes/starter.events

# Every fuzz target under libFuzzer for FUZZ_SECONDS each, from its seeds
# (tests/fuzz/seeds/, and inputs made at run time from our genomes and the
# real norn: tests/fuzz/make-inputs.sh); a crasher is kept in
# tests/fuzz/regressions/TARGET/ and fails the run (tests/fuzz/run.sh).
FUZZ_SECONDS ?= 60
fuzz:
	@$(MAKE) --no-print-directory deps DEPS="build fuzz"
	@$(MAKE) --no-print-directory $(TOOL) $(GENOME_BIN) $(SEEDER)
	@$(MAKE) --no-print-directory FUZZ=1 fuzz-targets
	@tests/fuzz/run.sh $(BUILD) build/fuzz $(FUZZ_SECONDS)

bench:
	@$(MAKE) --no-print-directory deps DEPS="build bench"
	@$(MAKE) --no-print-directory $(BENCH_BIN) $(TOOL)
	@scripts/bench.sh $(BUILD)

# ---- install ------------------------------------------------------------------
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
# c2rt looks for c2rt-view in ../libexec/c2rt from its own folder
# (cli/helper.h): keep LIBEXECDIR beside BINDIR, or set C2RT_EXEC_PATH.
LIBEXECDIR ?= $(PREFIX)/libexec
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig

# The public headers: every header of the core but the rooms' internals —
# internal.h, *_impl.h, and the headers named here that only their own room
# includes (tests/cli/house_rules.sh checks that no other header is one).
INTERNAL_HDR := brain/simd.h brain/avx2.h body/neuro.h body/statics.h
CORE_HDR := $(filter-out %/internal.h %_impl.h $(INTERNAL_HDR), \
              $(sort $(foreach d,$(CORE_DIRS),$(wildcard $(d)/*.h $(d)/*.def))))
.PHONY: public-headers
public-headers:
	@printf '%s\n' $(CORE_HDR)
SHARE := $(BUILD)/share
MAN_PAGE := $(SHARE)/c2rt.1
BASH_COMP := $(SHARE)/c2rt.bash
PC_FILE := $(SHARE)/c2rt.pc

# The man page and the completion are generated by the tool from its tables.
$(MAN_PAGE): $(TOOL)
	@mkdir -p $(@D)
	$(say) GEN $@
	$(Q)$(TOOL) help --man >$@.tmp && mv $@.tmp $@
$(BASH_COMP): $(TOOL)
	@mkdir -p $(@D)
	$(say) GEN $@
	$(Q)$(TOOL) help --completion bash >$@.tmp && mv $@.tmp $@
# PREFIX is recorded in the file: rebuild it every time.
.PHONY: $(PC_FILE)
$(PC_FILE):
	@mkdir -p $(@D)
	$(say) GEN $@
	$(Q)printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' \
	  'Name: c2rt' \
	  'Description: Creatures 2 creatures: genomes, brain, biochemistry, engine (the c2rt core)' \
	  'Version: $(VERSION)' 'Cflags: -I$${includedir}/c2rt' \
	  'Libs: -L$${libdir} -lc2rt $(CORE_LIBS)' >$@

install: $(LIB) $(TOOL) $(VIEW_TOOL) $(MAN_PAGE) $(BASH_COMP) $(PC_FILE)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBEXECDIR)/c2rt $(DESTDIR)$(LIBDIR) \
	  $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	install -m 755 $(TOOL) $(DESTDIR)$(BINDIR)/c2rt
	install -m 755 $(VIEW_TOOL) $(DESTDIR)$(LIBEXECDIR)/c2rt/c2rt-view
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/libc2rt.a
	install -m 644 $(PC_FILE) $(DESTDIR)$(PKGCONFIGDIR)/c2rt.pc
	install -m 644 $(MAN_PAGE) $(DESTDIR)$(MANDIR)/man1/c2rt.1
	install -m 644 $(BASH_COMP) $(DESTDIR)$(BASHCOMPDIR)/c2rt
	@for h in $(CORE_HDR); do \
	  install -d $(DESTDIR)$(INCLUDEDIR)/c2rt/$$(dirname $$h) && \
	  install -m 644 $$h $(DESTDIR)$(INCLUDEDIR)/c2rt/$$h || exit 1; \
	done
	@echo "installed c2rt $(VERSION) under $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/c2rt $(DESTDIR)$(LIBEXECDIR)/c2rt/c2rt-view $(DESTDIR)$(LIBDIR)/libc2rt.a \
	  $(DESTDIR)$(PKGCONFIGDIR)/c2rt.pc $(DESTDIR)$(MANDIR)/man1/c2rt.1 \
	  $(DESTDIR)$(BASHCOMPDIR)/c2rt
	rm -rf $(DESTDIR)$(INCLUDEDIR)/c2rt
	rmdir $(DESTDIR)$(LIBEXECDIR)/c2rt 2>/dev/null || true

# The Python package: make python, test-python (in make test), install-python.
include python/python.mk

clean:
	rm -rf build out

-include $(CORE_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(VIEWER_OBJ:.o=.d) \
         $(VIEW_MAIN_OBJ:.o=.d) $(CASES_OBJ:.o=.d) \
         $(UNIT_SRC:tests/unit/%.c=$(BUILD)/obj/tests/unit/%.d) \
         $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/obj/tests/fuzz/%.d) \
         $(BENCH_SRC:bench/%.c=$(BUILD)/obj/bench/%.d) \
         $(BUILD)/obj/tests/fuzz/replay_main.d $(BUILD)/obj/tests/fuzz/make_export_seeds.d
