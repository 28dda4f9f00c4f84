# megacollide build. `make` = dependencies + ROM (out/megacollide.md); `make test` = every test.
# See README.md. The m68k build uses Debian's rustc/cargo (LLVM 22 with the M68k backend)
# with build-std; host tools build with the same compiler for the host.

SHELL        := /bin/bash
.DELETE_ON_ERROR:
.SUFFIXES:
# The ROM variants are built one after the other through cargo's single output path.
.NOTPARALLEL:

CARGO        := /usr/bin/cargo
export RUSTC := /usr/bin/rustc
export RUSTC_BOOTSTRAP := 1
# rustup's rustdoc rejects crates built by Debian's rustc (doctests): use the matching one.
export RUSTDOC := /usr/bin/rustdoc
export LIBCLANG_PATH := /usr/lib/llvm-22/lib
export GPGX_CORE := $(CURDIR)/.deps/genesis_plus_gx_libretro.so

OUT          := out
TARGET       := m68k-unknown-none-elf
DEPS_STAMP   := .deps/installed.stamp
HOST_BIN     := target/host
ROMTOOL      := $(HOST_BIN)/romtool
GATE         := $(HOST_BIN)/m68k-gate
PLUGIN       := target/llvm-fixes/libm68k_fixes.so

# Everything the ROM is built from (a change to any of these rebuilds it; nothing else does).
ROM_SOURCES  := Cargo.toml Cargo.lock .cargo/config.toml $(OUT)/gen/levels.rs $(OUT)/gen/sprites.rs \
                $(shell find src/rom linker/megadrive.ld src/engine/src src/engine/Cargo.toml src/engine-m68k-kernels src/game/src src/game/Cargo.toml tools/m68k-as src/megadrive-sys src/megadrive src/selftest -type f 2>/dev/null)
LEVELS       := $(shell find levels -type f 2>/dev/null)
TOOL_SOURCES  = $(shell find tools/$(1)/src tools/$(1)/Cargo.toml -type f 2>/dev/null) Cargo.lock

# The plugin's hash goes into the rustflags, so a changed plugin rebuilds everything it compiled.
PLUGIN_HASH   = $(shell sha256sum $(PLUGIN) 2>/dev/null | cut -c1-16)
M68K_FLAGS    = --config 'target.$(TARGET).rustflags=["-Zllvm-plugins=$(CURDIR)/$(PLUGIN)","-Cmetadata=llvmfix$(PLUGIN_HASH)"]'
# cargo_rom(profile, features, output): build the ROM crate and copy the ELF to output.
define cargo_rom
	$(CARGO) rom $(M68K_FLAGS) --profile $(1) $(if $(2),--features $(2)) --quiet
	cp target/$(TARGET)/$(if $(filter dev,$(1)),debug,$(1))/megacollide $(3)
endef

.PHONY: all deps tools test test-m68k runner-check soak bench run clean bindings doc new-game

all: $(OUT)/megacollide.md

deps: $(DEPS_STAMP)
$(DEPS_STAMP): tools/install-deps.sh
	./tools/install-deps.sh
	@touch $@

$(PLUGIN): $(DEPS_STAMP) tools/llvm-fixes/m68k_fixes.cpp tools/llvm-fixes/Makefile
	$(MAKE) -s -C tools/llvm-fixes OUT=$(CURDIR)/$(PLUGIN)
	@touch $@

# What a game made with `make new-game` builds with (its Makefile runs `make tools` here).
tools: $(ROMTOOL) $(GATE) $(PLUGIN)

$(ROMTOOL): $(DEPS_STAMP) $(call TOOL_SOURCES,romtool)
	$(CARGO) build --profile host --quiet -p romtool
	@touch $@

$(GATE): $(DEPS_STAMP) $(call TOOL_SOURCES,m68k-gate)
	$(CARGO) build --profile host --quiet -p m68k-gate
	@touch $@

# Levels -> ROM data (out/gen/levels.rs) and previews (out/levels/), compiled once per change.
# The game crate's build.rs compiles levels/ itself under plain cargo; under make it takes this
# file (MEGACOLLIDE_LEVELS_RS) instead of compiling the levels again. `demo` is required: the
# attract script (src/game/src/script.rs, ATTRACT_LEVEL) is timed to that course, and the ROM
# tests play it; renaming levels/demo.tmj stops here with romtool's "level `demo` ... is
# missing". (The benchmarks have their own scene: src/bench/levels/bench.tmj.)
export MEGACOLLIDE_LEVELS_RS := $(CURDIR)/$(OUT)/gen/levels.rs
$(OUT)/gen/levels.rs: $(ROMTOOL) $(LEVELS)
	$(ROMTOOL) levels levels --out-dir $(OUT)/gen --preview-dir $(OUT)/levels --require-level demo

# Sprite sheets -> out/gen/sprites.rs (tiles, masks, animations, the palette of palette.gpl),
# like levels.rs: the game crate's build.rs compiles src/game/sprites/ itself under plain cargo,
# under make it takes this file (MEGACOLLIDE_SPRITES_RS).
SPRITE_SHEETS := $(shell find src/game/sprites -type f 2>/dev/null)
export MEGACOLLIDE_SPRITES_RS := $(CURDIR)/$(OUT)/gen/sprites.rs
$(OUT)/gen/sprites.rs: $(ROMTOOL) $(SPRITE_SHEETS)
	$(ROMTOOL) sprites src/game/sprites --out-dir $(OUT)/gen

# ELF -> ROM: pack (rewrites bra.l, header, checksum), then gate the code that will run.
# pack_rom(elf, rom)
define pack_rom
	$(ROMTOOL) pack $(1) -o $(2) --elf-out $(1:.elf=.packed.elf)
	$(GATE) $(1:.elf=.packed.elf)
endef

$(OUT)/megacollide.elf: $(DEPS_STAMP) $(PLUGIN) $(ROM_SOURCES)
	@mkdir -p $(OUT)
	$(call cargo_rom,release,,$@)

# ---- Test ROMs ------------------------------------------------------------------------------
$(OUT)/panic-test.elf: $(DEPS_STAMP) $(PLUGIN) $(ROM_SOURCES)
	@mkdir -p $(OUT)
	$(call cargo_rom,release,panic-test,$@)

$(OUT)/selftest-release.elf: $(DEPS_STAMP) $(PLUGIN) $(ROM_SOURCES)
	@mkdir -p $(OUT)
	$(call cargo_rom,release,selftest,$@)

$(OUT)/selftest-dev.elf: $(DEPS_STAMP) $(PLUGIN) $(ROM_SOURCES)
	@mkdir -p $(OUT)
	$(call cargo_rom,dev,selftest,$@)

# The self-test built WITHOUT the miscompile fixes (own target dir: other settings). The
# plugin stays loaded for its crash workaround only (without it rustc segfaults), tail calls
# stay 68020 `bra.l` for the packer to rewrite, and the result is not gated: the tests expect
# wrong values and gate findings, proving the fixes matter.
NOFIX_ENV := M68K_FIXES_DISABLE=stack-index,mulo,ccr M68K_FIXES_TAILCALL=keep CARGO_TARGET_DIR=target/nofix
$(OUT)/selftest-nofix.elf: $(DEPS_STAMP) $(PLUGIN) $(ROM_SOURCES)
	@mkdir -p $(OUT)
	$(NOFIX_ENV) $(CARGO) rom $(M68K_FLAGS) --release --features selftest --quiet
	cp target/nofix/$(TARGET)/release/megacollide $@

$(OUT)/selftest-nofix.md: $(OUT)/selftest-nofix.elf $(ROMTOOL)
	$(ROMTOOL) pack $< -o $@ --elf-out $(<:.elf=.packed.elf)

# Every other ROM (out/megacollide.md too): pack, then gate.
$(OUT)/%.md: $(OUT)/%.elf $(ROMTOOL) $(GATE)
	$(call pack_rom,$<,$@)

# The whole engine as 68000 code (release settings, fix plugin) for the disassembly gate: the
# ROM links only the parts it uses. Linked at 0 so every function has its own address;
# calls into core stay unresolved, which the gate does not care about. The hand-written
# kernels (src/engine-m68k-kernels/src/kernels.s) are linked in so the gate checks them too.
$(OUT)/engine-m68k.elf: $(DEPS_STAMP) $(PLUGIN) $(ROM_SOURCES) $(GATE)
	@mkdir -p $(OUT)
	$(CARGO) rustc -p megacollide-engine --lib --release --target $(TARGET) -Zbuild-std=core $(M68K_FLAGS) --quiet -- -C linker-plugin-lto=no -C embed-bitcode=no --emit=obj=$(CURDIR)/$(@:.elf=.o)
	m68k-linux-gnu-as -m68000 --register-prefix-optional -o $(OUT)/m68k-kernels.o src/engine-m68k-kernels/src/kernels.s
	m68k-linux-gnu-ld -o $@ -Ttext=0 -e 0 --unresolved-symbols=ignore-all --noinhibit-exec $(@:.elf=.o) $(OUT)/m68k-kernels.o
	$(GATE) $@

# Exact 68000 cycle counts of the engine (src/bench/ on the m68k crate's cycle-exact model).
$(OUT)/bench.elf: $(DEPS_STAMP) $(PLUGIN) $(ROM_SOURCES) $(shell find src/bench -type f) linker/bench.ld
	@mkdir -p $(OUT)
	$(CARGO) build -p megacollide-bench --release --target $(TARGET) -Zbuild-std=core -Zbuild-std-features=compiler-builtins-mem $(M68K_FLAGS) --quiet
	cp target/$(TARGET)/release/megacollide-bench $@

# The compiler measured (`make bench`, codegen_* keys): the engine's "Rust path" (feature
# rust-path: hand-written kernels off, every cycle is LLVM's code) with the plugin's code
# improvements on and off, and the ROM ELF without them. The settings are environment variables
# that cargo does not track, so the builds without them have their own target dir (core and
# the engine are compiled there once; the normal builds are never invalidated). The Rust path
# with the improvements shares the normal target dir (the feature gives its crates their own
# hashes; only the copied binary is shared, and it is copied right away).
BENCH_BUILD  = $(CARGO) build -p megacollide-bench --release --target $(TARGET) -Zbuild-std=core -Zbuild-std-features=compiler-builtins-mem $(M68K_FLAGS) --quiet
NOPASS_ENV  := M68K_FIXES_DISABLE=improvements CARGO_TARGET_DIR=target/nopass
$(OUT)/bench-rust.elf: $(DEPS_STAMP) $(PLUGIN) $(ROM_SOURCES) $(shell find src/bench -type f) linker/bench.ld
	@mkdir -p $(OUT)
	$(BENCH_BUILD) --features rust-path
	cp target/$(TARGET)/release/megacollide-bench $@

$(OUT)/bench-rust-nopass.elf: $(DEPS_STAMP) $(PLUGIN) $(ROM_SOURCES) $(shell find src/bench -type f) linker/bench.ld
	@mkdir -p $(OUT)
	$(NOPASS_ENV) $(BENCH_BUILD) --features rust-path
	cp target/nopass/$(TARGET)/release/megacollide-bench $@

$(OUT)/megacollide-nopass.elf: $(DEPS_STAMP) $(PLUGIN) $(ROM_SOURCES)
	@mkdir -p $(OUT)
	$(NOPASS_ENV) $(CARGO) rom $(M68K_FLAGS) --release --quiet
	cp target/nopass/$(TARGET)/release/megacollide $@

# The self-test with every bug fix but none of the code improvements (packed and gated like
# the other ROMs): it must equal the host too, so each improvement is proven against a
# baseline that passes (tools/romtests/tests/selftest.rs).
$(OUT)/selftest-nopass.elf: $(DEPS_STAMP) $(PLUGIN) $(ROM_SOURCES)
	@mkdir -p $(OUT)
	$(NOPASS_ENV) $(CARGO) rom $(M68K_FLAGS) --release --features selftest --quiet
	cp target/nopass/$(TARGET)/release/megacollide $@

$(HOST_BIN)/bench: $(DEPS_STAMP) $(call TOOL_SOURCES,bench) $(shell find src/bench/src src/bench/levels src/bench/build.rs src/bench/Cargo.toml -type f) \
                    $(shell find src/engine/src -type f)
	$(CARGO) build --profile host --quiet -p bench
	@touch $@

# The cargo runner of 68000 test binaries (.cargo/config.toml: target.m68k-unknown-none-elf.runner).
$(HOST_BIN)/m68k-testrunner: $(DEPS_STAMP) $(call TOOL_SOURCES,testrunner) $(call TOOL_SOURCES,emu) \
                             $(call TOOL_SOURCES,romtool) $(call TOOL_SOURCES,m68k-gate) src/testrt/src/lib.rs
	$(CARGO) build --profile host --quiet -p testrunner
	@touch $@

# On-target tests: the engine's test suite (src/engine/tests/suite) and the hardware crate's pad
# test (src/megadrive/tests/pads.rs) built for the 68000 like the ROM (release, fix plugin) and
# run in Genesis Plus GX by the runner; reports like libtest.
test-m68k: $(DEPS_STAMP) $(PLUGIN) $(HOST_BIN)/m68k-testrunner
	$(CARGO) test-m68k $(M68K_FLAGS) --quiet
	$(CARGO) test-m68k-pads $(M68K_FLAGS) --quiet

# The runner's own check: a 68000 test binary that fails in every way on purpose must be
# reported exactly so (tools/testrunner/check.sh; its output in out/runner-check.log).
runner-check: $(DEPS_STAMP) $(PLUGIN) $(HOST_BIN)/m68k-testrunner
	@mkdir -p $(OUT)
	tools/testrunner/check.sh $(OUT)/runner-check.log -- $(CARGO) test -p megacollide-testrt --test runner_check \
	    --release --target $(TARGET) -Zbuild-std=core -Zbuild-std-features=compiler-builtins-mem -Zpanic-abort-tests \
	    $(M68K_FLAGS)

bench: $(OUT)/bench.elf $(OUT)/megacollide.elf $(OUT)/bench-rust.elf $(OUT)/bench-rust-nopass.elf $(OUT)/megacollide-nopass.elf $(HOST_BIN)/bench
	$(HOST_BIN)/bench --elf $(OUT)/bench.elf --rom-elf $(OUT)/megacollide.elf --json $(OUT)/bench.json \
	    --rust-elf $(OUT)/bench-rust.elf --rust-nopass-elf $(OUT)/bench-rust-nopass.elf --rom-nopass-elf $(OUT)/megacollide-nopass.elf

# ---- Your own game ------------------------------------------------------------------------
# `make new-game DIR=path`: a standalone project from the template game (src/template/): its
# own Makefile, levels/ and src/, using this checkout's crates and tools by absolute path.
TEMPLATE_FILES := Makefile Cargo.toml Cargo.lock build.rs .cargo .gitignore README.md levels sound src
new-game:
	@test -n "$(DIR)" || { echo "usage: make new-game DIR=path/to/new/game"; exit 2; }
	@test ! -e "$(DIR)" || { echo "$(DIR) already exists: choose a new directory"; exit 2; }
	mkdir -p "$(DIR)"
	cd src/template && cp -r $(TEMPLATE_FILES) "$(abspath $(DIR))/"
	sed -i 's#path = "\.\./\.\./tools/#path = "$(CURDIR)/tools/#; s#path = "\.\./#path = "$(CURDIR)/src/#' "$(DIR)/Cargo.toml"
	sed -i 's#^MEGACOLLIDE ?= .*#MEGACOLLIDE ?= $(CURDIR)#' "$(DIR)/Makefile"
	@echo "new game in $(DIR): cd $(DIR) && make && make run"

# The template as a user gets it: made by `make new-game` in a new temporary directory outside
# this checkout (so nothing of the checkout's own cargo settings or paths can leak into it) and
# built there by its own Makefile; cargo's outputs go to target/template (kept between runs:
# the engine, the hardware crate and core are compiled once). The ROM tests boot
# out/template.md (tools/romtests/tests/template.rs). The directory is removed afterwards.
TEMPLATE_SOURCES := $(shell find src/template -type f -not -path '*/out/*' -not -path '*/target/*' 2>/dev/null)
$(OUT)/template.md: $(DEPS_STAMP) $(ROMTOOL) $(GATE) $(PLUGIN) $(TEMPLATE_SOURCES) $(shell find src/megadrive src/engine/src src/engine/Cargo.toml -type f)
	@mkdir -p $(OUT)
	game=$$(mktemp -d -t megacollide-new-game.XXXXXX) && \
	case "$$game/" in "$(CURDIR)/"*) echo "$$game is inside the checkout: set TMPDIR elsewhere"; exit 2;; esac && \
	{ $(MAKE) --no-print-directory new-game DIR=$$game/mygame && \
	  $(MAKE) --no-print-directory -C $$game/mygame CARGO_TARGET_DIR=$(CURDIR)/target/template && \
	  cp $$game/mygame/out/game.elf $(OUT)/template.elf && \
	  cp $$game/mygame/out/game.md $(OUT)/template.md; \
	  status=$$?; rm -rf $$game; exit $$status; }

# ---- API docs -------------------------------------------------------------------------------
# `make doc`: rustdoc of the engine, the hardware crate (and megadrive-sys) and the game's
# rules, built for the host (the crates are target-neutral); open target/doc/megadrive/index.html.
doc: $(DEPS_STAMP) $(OUT)/gen/levels.rs $(OUT)/gen/sprites.rs
	$(CARGO) doc --no-deps -p megacollide-engine -p megadrive -p megadrive-sys -p megacollide-game
	@echo "API docs: target/doc/megacollide_engine/index.html, target/doc/megadrive/index.html"

TEST_ROMS := $(OUT)/template.md $(OUT)/bench.elf $(OUT)/engine-m68k.elf $(OUT)/megacollide.md $(OUT)/panic-test.md $(OUT)/selftest-release.md \
             $(OUT)/selftest-dev.md $(OUT)/selftest-nofix.md $(OUT)/selftest-nopass.md

# Every test: host unit tests of all host crates, then the ROMs in both emulators (romtests).
# First the plugin's own checks (LLVM IR and machine-code level, seconds), then the crates
# (with the differential checks 68000 vs host: tools/bench/tests/differential.rs), then the
# on-target runner's own check (runner-check) and the engine's tests on the 68000 (test-m68k).
test: $(TEST_ROMS) $(PLUGIN) $(HOST_BIN)/m68k-testrunner
	for t in tools/llvm-fixes/test/*-test.sh; do sh $$t || exit 1; done
	MEGACOLLIDE_OUT=$(CURDIR)/$(OUT) $(CARGO) test --workspace --exclude megacollide --profile host --no-fail-fast
	$(MAKE) --no-print-directory runner-check
	$(CARGO) test-m68k $(M68K_FLAGS) --quiet
	$(CARGO) test-m68k-pads $(M68K_FLAGS) --quiet

# Play the ROM: BlastEm by default (needs a display), or RetroArch with the Genesis Plus GX
# core from the stable-retro wheel (`make run EMU=gpgx`; installs RetroArch when missing).
EMU ?= blastem
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
run: $(OUT)/megacollide.md
ifeq ($(EMU),gpgx)
	@command -v retroarch >/dev/null || { echo "installing retroarch"; $(SUDO) apt-get install -y retroarch; }
	retroarch -L $(GPGX_CORE) $<
else
	/usr/games/blastem $<
endif

# The engine's property tests with a million cases each (CI runs 10,000), and the demo ROM's
# random play, a million frames per seed on NTSC and PAL (CI plays 12,000).
soak: $(DEPS_STAMP) $(OUT)/megacollide.md
	PROPTEST_CASES=1000000 $(CARGO) test --profile host -p megacollide-engine --test properties
	RANDOM_PLAY_FRAMES=1000000 MEGACOLLIDE_OUT=$(CURDIR)/$(OUT) $(CARGO) test --profile host -p romtests --test random_play -- --nocapture

bindings: $(DEPS_STAMP)
	$(CARGO) run --quiet --profile host -p genbindings

clean:
	rm -rf $(OUT) target
