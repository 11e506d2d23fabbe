# c2rt — one non-recursive Makefile for the whole tree.
#
#   make              build/libc2rt.a (the core) and build/c2rt (the tool)
#   make test         every test, then the same suite under ASan+UBSan
#   make test-one     the suite once (T=NAME: only tests whose name has NAME)
#   make test-cluster the Slurm job-array script on a one-node Slurm cluster (root)
#   make run          the main job on the bundled default genome
#   make fuzz         run the libFuzzer targets for a bounded time
#   make bench        benchmarks (ticks/s and callgrind instruction counts)
#   make SAN=1 ...    AddressSanitizer + UndefinedBehaviorSanitizer build in build/san
#   make OPT=0 ...    unoptimised build in build/o0 (determinism checks)
#
# Sources are found by folder, so adding a .c file needs no edit here.
# Every target first runs scripts/deps.sh, which installs missing Debian
# packages (cheap when nothing is missing).

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
ifeq ($(SAN),1)
  BUILD ?= build/san
  VARIANT_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
                   -fno-omit-frame-pointer
else ifeq ($(OPT),0)
  BUILD ?= build/o0
  VARIANT_FLAGS := -O0 -g
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

# Evaluated lazily (=), after the deps step has installed the packages.
SDL_CFLAGS = $(shell pkg-config --cflags sdl2 SDL2_ttf SDL2_image)
SDL_LIBS = $(shell pkg-config --libs sdl2 SDL2_ttf SDL2_image)
CMOCKA_LIBS = $(shell pkg-config --libs cmocka)

CORE_DIRS := base genome brain biochem body engine
CORE_SRC := $(sort $(foreach d,$(CORE_DIRS),$(wildcard $(d)/*.c)))
CLI_SRC := $(sort $(wildcard cli/*.c))
VIEWER_SRC := $(sort $(wildcard viewer/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))
BENCH_SRC := $(sort $(wildcard bench/*.c))

CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
VIEWER_OBJ := $(VIEWER_SRC:%.c=$(BUILD)/obj/%.o)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
FUZZ_REPLAY_BIN := $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/tests/%_replay)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)

LIB := $(BUILD)/libc2rt.a
TOOL := $(BUILD)/c2rt

# Our own genomes, assembled from their text form by the tool we just built.
GENOME_TXT := $(sort $(wildcard genomes/*.txt))
GENOME_BIN := $(GENOME_TXT:genomes/%.txt=$(BUILD)/genomes/%.gen)

.PHONY: all deps deps-test deps-fuzz deps-bench deps-cluster test test-one test-determinism \
        test-cluster run fuzz bench golden-update clean docs-plot
.DEFAULT_GOAL := all
# Keep object files of tests and benches (they are intermediate in pattern chains).
.SECONDARY:

all: $(LIB) $(TOOL) $(GENOME_BIN)

deps:
	@scripts/deps.sh build
deps-test:
	@scripts/deps.sh build test
deps-fuzz:
	@scripts/deps.sh build fuzz
deps-bench:
	@scripts/deps.sh build bench
deps-cluster:
	@scripts/deps.sh build test cluster

$(BUILD)/obj/%.o: %.c | deps
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(CFLAGS_BASE) $(CFLAGS) -c $< -o $@

# The viewer and the cli (which links the viewer) see SDL's headers; the
# core never does (architecture rule: no SDL below the front ends).
$(VIEWER_OBJ) $(CLI_OBJ): CFLAGS += $(SDL_CFLAGS)
# `c2rt batch` runs its jobs on threads (the core has no writable globals).
$(CLI_OBJ): CFLAGS += -pthread

$(LIB): $(CORE_OBJ)
	@mkdir -p $(@D)
	$(say) AR $@
	$(Q)rm -f $@
	$(Q)ar rcs $@ $^

$(TOOL): $(CLI_OBJ) $(VIEWER_OBJ) $(LIB)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJ) $(VIEWER_OBJ) $(LIB) $(SDL_LIBS) -lm -pthread

$(BUILD)/genomes/%.gen: genomes/%.txt $(TOOL)
	@mkdir -p $(@D)
	$(say) ASM $<
	$(Q)$(TOOL) asm $< -o $@

# Unit tests: one binary per tests/unit/test_*.c, linked with the core.
# Tests that need the viewer code link it too (it is small).
$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(LIB) $(VIEWER_OBJ)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $< $(VIEWER_OBJ) $(LIB) $(CMOCKA_LIBS) $(SDL_LIBS) -lm
$(BUILD)/obj/tests/unit/%.o: CFLAGS += $(SDL_CFLAGS)

# Fuzz targets are also built with a small file-replay driver so that the
# regression corpus runs in every `make test`, without clang or libFuzzer.
$(BUILD)/tests/%_replay: $(BUILD)/obj/tests/fuzz/%.o $(BUILD)/obj/tests/fuzz/replay_main.o $(LIB) $(VIEWER_OBJ)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(filter-out $(LIB) $(VIEWER_OBJ),$^) $(VIEWER_OBJ) $(LIB) $(SDL_LIBS) -lm
$(BUILD)/obj/tests/fuzz/replay_main.o: tests/fuzz/replay_main.c | deps
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(CFLAGS_BASE) $(CFLAGS) -c $< -o $@

$(BUILD)/bench/%: $(BUILD)/obj/bench/%.o $(LIB)
	@mkdir -p $(@D)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

# make test-one: the suite once, with this build; T=NAME runs only the tests
# whose name contains NAME (make test-one T=run_golden).
test-one: $(LIB) $(TOOL) $(GENOME_BIN) $(UNIT_BIN) $(FUZZ_REPLAY_BIN)
	@C2RT_T="$(T)" tests/run.sh $(BUILD)

# The whole suite, then the whole suite again under the sanitizers, then the
# golden state hashes once more with an unoptimised build: the same seed must
# give the same bits at -O0, -O2 and under ASan+UBSan.
test: deps-test
	@$(MAKE) --no-print-directory test-one
	@$(MAKE) --no-print-directory SAN=1 test-one
	@$(MAKE) --no-print-directory OPT=0 test-determinism

test-determinism: $(TOOL) $(GENOME_BIN)
	@C2RT_ONLY="brain_golden run_golden" tests/run.sh $(BUILD)

# The Slurm job-array script against a one-node Slurm cluster that the test
# starts on this machine (needs root; CI runs it).
test-cluster: deps-cluster $(TOOL) $(GENOME_BIN)
	@tests/cluster/slurm.sh $(BUILD); rc=$$?; [ $$rc -eq 77 ] && rc=0; exit $$rc

golden-update: all
	@C2RT_GOLDEN_UPDATE=1 tests/run.sh $(BUILD)

run: all
	@scripts/run.sh $(BUILD)

# genomes/README.md's plots: whole lives of our genomes under their default
# events, drawn by c2rt itself (regenerate after changing a genome).
.PHONY: genome-plots
genome-plots: all
	@mkdir -p docs
	$(TOOL) run $(BUILD)/genomes/starter.gen --events genomes/starter.events --until death \
	  --every 50 --chem ATP,Glucose,Glycogen,Hunger,Sleepiness,Ageing --trace $(BUILD)/starter-lifetime.csv
	$(TOOL) plot $(BUILD)/starter-lifetime.csv -o docs/starter-lifetime.png \
	  --title "starter: a whole life under genomes/starter.events"
	$(TOOL) run $(BUILD)/genomes/diabetic.gen --events genomes/starter.events --until death \
	  --every 50 --chem ATP,Glucose,Glycogen,Hunger,Starch,Ageing --trace $(BUILD)/diabetic-lifetime.csv
	$(TOOL) plot $(BUILD)/diabetic-lifetime.csv -o docs/starter-diabetic.png \
	  --title "diabetic (starter without insulin) under genomes/starter.events"

# libFuzzer builds need clang; FUZZ_SECONDS bounds each target's run.
FUZZ_SECONDS ?= 60
# The viewer's SDL-free parsers are fuzzed too.
FUZZ_VIEWER_SRC := viewer/trace_csv.c viewer/series.c
FUZZ_BUILD := build/fuzz
FUZZ_FLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -I. -g -O1 \
              -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
fuzz: deps-fuzz $(TOOL)
	@mkdir -p $(FUZZ_BUILD)
	@tests/fuzz/make-inputs.sh $(BUILD)
	@for f in $(FUZZ_SRC); do \
	  n=$$(basename $$f .c); \
	  echo "fuzz: building $$n"; \
	  clang $(FUZZ_FLAGS) -o $(FUZZ_BUILD)/$$n $$f $(CORE_SRC) $(FUZZ_VIEWER_SRC) -lm || exit 1; \
	  mkdir -p $(FUZZ_BUILD)/corpus-$$n tests/fuzz/regressions/$$n; \
	  echo "fuzz: running $$n for $(FUZZ_SECONDS)s"; \
	  $(FUZZ_BUILD)/$$n -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
	    -artifact_prefix=tests/fuzz/regressions/$$n/crash- \
	    $(FUZZ_BUILD)/corpus-$$n tests/fuzz/seeds/$$n $(BUILD)/fuzz-inputs/$$n || exit 1; \
	done

bench: deps-bench $(BENCH_BIN) $(TOOL)
	@scripts/bench.sh $(BUILD)

clean:
	rm -rf build out

-include $(CORE_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(VIEWER_OBJ:.o=.d) \
         $(UNIT_SRC:tests/unit/%.c=$(BUILD)/obj/tests/unit/%.d) \
         $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/obj/tests/fuzz/%.d) \
         $(BENCH_SRC:bench/%.c=$(BUILD)/obj/bench/%.d)
