# megacollide build. `make` = dependencies + ROM (out/megacollide.md); `make test` = every test.
# See README.md. The m68k build uses Debian's rustc/cargo (LLVM 22 with the M68k backend)
# with build-std; host tools build with the same compiler for the host.

SHELL        := /bin/bash
.DELETE_ON_ERROR:
.SUFFIXES:
# The ROM variants are built one after the other through cargo's single output path.
.NOTPARALLEL:
.DEFAULT_GOAL := all

CARGO        := /usr/bin/cargo
export RUSTC := /usr/bin/rustc
export RUSTC_BOOTSTRAP := 1
# rustup's rustdoc rejects crates built by Debian's rustc (doctests): use the matching one,
# and the matching rustfmt (cargo fmt, and bindgen's formatting of the bindings).
export RUSTDOC := /usr/bin/rustdoc
export RUSTFMT := /usr/bin/rustfmt
export LIBCLANG_PATH := /usr/lib/llvm-22/lib
export GPGX_CORE := $(CURDIR)/.deps/genesis_plus_gx_libretro.so

OUT          := out
TARGET       := m68k-unknown-none-elf
DEPS_STAMP   := .deps/installed.stamp
HOST_BIN     := target/host
ROMTOOL      := $(HOST_BIN)/romtool
GATE         := $(HOST_BIN)/m68k-gate
PLUGIN       := target/llvm-fixes/libm68k_fixes.so
M68K_OUT     := target/$(TARGET)
# The levels and sprites make compiles once (romtool) for every cargo run that builds the game
# crate (MEGACOLLIDE_LEVELS_RS, MEGACOLLIDE_SPRITES_RS below).
GENERATED    := $(OUT)/gen/levels.rs $(OUT)/gen/sprites.rs

# The one 68000 cargo: the target and build-std (.cargo/m68k.toml) and the LLVM fix plugin,
# whose hash goes into the rustflags, so a changed plugin rebuilds everything it compiled.
# Usage: $(M68K_CARGO) build -p CRATE ...
PLUGIN_HASH   = $(shell sha256sum $(PLUGIN) 2>/dev/null | cut -c1-16)
M68K_CONFIG   = --config .cargo/m68k.toml \
                --config 'target.$(TARGET).rustflags=["-Zllvm-plugins=$(CURDIR)/$(PLUGIN)","-Cmetadata=llvmfix$(PLUGIN_HASH)"]'
M68K_CARGO    = $(CARGO) $(M68K_CONFIG)

# Dependency tracking is cargo's (and the plugin's own Makefile's): every step that runs cargo
# or romtool depends on FORCE and runs each time (a no-op when nothing changed), and its
# output is replaced only when it changed (copy_changed), so what depends on it is rebuilt
# only then.
FORCE:
# copy_changed(from, to): copies `from` to `to` unless they are equal.
copy_changed = cmp -s $(1) $(2) || cp $(1) $(2)
# cargo_rom(profile, features, output): build the ROM crate and copy the ELF to output.
define cargo_rom
	$(M68K_CARGO) build -p megacollide --profile $(1) $(if $(2),--features $(2)) --quiet
	@$(call copy_changed,$(M68K_OUT)/$(if $(filter dev,$(1)),debug,$(1))/megacollide,$(3))
endef

.PHONY: all deps tools examples test lint test-m68k runner-check soak bench run clean bindings doc new-game FORCE

all: $(OUT)/megacollide.md

deps: $(DEPS_STAMP)
$(DEPS_STAMP): tools/install-deps.sh
	./tools/install-deps.sh
	@touch $@

# The plugin's Makefile knows its sources: it rebuilds the .so only when one changed (its
# three sources compile in parallel).
$(PLUGIN): $(DEPS_STAMP) FORCE
	@$(MAKE) -s -j2 -C tools/llvm-fixes OUT=$(CURDIR)/$(PLUGIN)

# What a game made with `make new-game` builds with (its Makefile runs `make tools` here).
tools: $(ROMTOOL) $(GATE) $(PLUGIN)

# Host tools (profile `host`): host_tool(package) builds the package's binaries.
host_tool = $(CARGO) build --profile host --quiet -p $(1)
$(ROMTOOL): $(DEPS_STAMP) FORCE
	$(call host_tool,romtool)
$(GATE): $(DEPS_STAMP) FORCE
	$(call host_tool,m68k-gate)
# The cargo runner of 68000 test binaries (.cargo/config.toml: target.m68k-unknown-none-elf.runner).
$(HOST_BIN)/m68k-testrunner: $(DEPS_STAMP) FORCE
	$(call host_tool,testrunner)
$(HOST_BIN)/bench: $(DEPS_STAMP) $(GENERATED) FORCE
	$(call host_tool,bench)

# Levels -> ROM data (out/gen/levels.rs, art.rs) and previews (out/levels/). The demo's rules crate's
# build.rs compiles levels/ itself under plain cargo; under make it takes this file
# (MEGACOLLIDE_LEVELS_RS) instead of compiling the levels again. romtool writes into a
# scratch folder and only changed files replace the old ones. `demo` is required: the attract
# script (src/demo/src/script.rs, ATTRACT_LEVEL) is timed to that course, and the ROM tests
# play it; renaming levels/demo.tmj stops here with romtool's "level `demo` ... is missing".
# (The benchmarks have their own scene: src/bench/levels/bench.tmj.)
export MEGACOLLIDE_LEVELS_RS := $(CURDIR)/$(OUT)/gen/levels.rs
# romtool_step(scratch, command...): runs romtool writing into the scratch folder, then copies
# the files that changed into $(OUT)/gen.
define romtool_step
	@rm -rf $(1) && mkdir -p $(1) $(OUT)/gen
	$(2)
	@for f in $(1)/*; do $(call copy_changed,$$f,$(OUT)/gen/$${f##*/}); done; rm -rf $(1)
endef
$(OUT)/gen/levels.rs: $(ROMTOOL) FORCE
	$(call romtool_step,$(OUT)/gen.levels,$(ROMTOOL) levels levels --out-dir $(OUT)/gen.levels --preview-dir $(OUT)/levels --require-level demo)

# Sprite sheets -> out/gen/sprites.rs (tiles, masks, animations, the palette of palette.gpl),
# like levels.rs: the demo's rules crate's build.rs compiles levels/sprites/ itself under plain cargo,
# under make it takes this file (MEGACOLLIDE_SPRITES_RS).
export MEGACOLLIDE_SPRITES_RS := $(CURDIR)/$(OUT)/gen/sprites.rs
$(OUT)/gen/sprites.rs: $(ROMTOOL) FORCE
	$(call romtool_step,$(OUT)/gen.sprites,$(ROMTOOL) sprites levels/sprites --out-dir $(OUT)/gen.sprites)


# ELF -> ROM: pack (rewrites bra.l, header, checksum), then gate the code that will run.
# pack_rom(elf, rom[, more romtool options])
define pack_rom
	$(ROMTOOL) pack $(1) -o $(2) --elf-out $(1:.elf=.packed.elf) $(3)
	$(GATE) $(1:.elf=.packed.elf)
endef

$(OUT)/megacollide.elf: $(DEPS_STAMP) $(PLUGIN) $(GENERATED) FORCE
	@mkdir -p $(OUT)
	$(call cargo_rom,release,,$@)

# ---- Test ROMs ------------------------------------------------------------------------------
$(OUT)/panic-test.elf: $(DEPS_STAMP) $(PLUGIN) $(GENERATED) FORCE
	@mkdir -p $(OUT)
	$(call cargo_rom,release,panic-test,$@)

$(OUT)/selftest-release.elf: $(DEPS_STAMP) $(PLUGIN) $(GENERATED) FORCE
	@mkdir -p $(OUT)
	$(call cargo_rom,release,selftest,$@)

$(OUT)/selftest-dev.elf: $(DEPS_STAMP) $(PLUGIN) $(GENERATED) FORCE
	@mkdir -p $(OUT)
	$(call cargo_rom,dev,selftest,$@)

# The self-test built WITHOUT the miscompile fixes (own target dir: other settings). The
# plugin stays loaded for its crash workaround only (without it rustc segfaults), tail calls
# stay 68020 `bra.l` for the packer to rewrite, and the result is not gated: the tests expect
# wrong values and gate findings, proving the fixes matter.
NOFIX_ENV := M68K_FIXES_DISABLE=stack-index,mulo,ccr M68K_FIXES_TAILCALL=keep CARGO_TARGET_DIR=target/nofix
$(OUT)/selftest-nofix.elf: $(DEPS_STAMP) $(PLUGIN) $(GENERATED) FORCE
	@mkdir -p $(OUT)
	$(NOFIX_ENV) $(M68K_CARGO) build -p megacollide --release --features selftest --quiet
	@$(call copy_changed,target/nofix/$(TARGET)/release/megacollide,$@)

$(OUT)/selftest-nofix.md: $(OUT)/selftest-nofix.elf $(ROMTOOL)
	$(ROMTOOL) pack $< -o $@ --elf-out $(<:.elf=.packed.elf)

# Every other ROM (out/megacollide.md too): pack, then gate.
$(OUT)/%.md: $(OUT)/%.elf $(ROMTOOL) $(GATE)
	$(call pack_rom,$<,$@)

# The whole engine as 68000 code (release settings, fix plugin) for the disassembly gate: the
# ROM links only the parts it uses. Linked at 0 so every function has its own address;
# calls into core stay unresolved, which the gate does not care about. The hand-written
# kernels (src/engine-m68k-kernels/src/kernels.s) are linked in so the gate checks them too.
# The object stays in cargo's target dir (cargo writes it only when it compiles the engine).
ENGINE_OBJ := target/engine-m68k/engine.o
$(OUT)/engine-m68k.elf: $(DEPS_STAMP) $(PLUGIN) $(GATE) FORCE
	@mkdir -p $(OUT) $(dir $(ENGINE_OBJ))
	$(M68K_CARGO) rustc -p megacollide-engine --lib --release --quiet -- -C linker-plugin-lto=no -C embed-bitcode=no --emit=obj=$(CURDIR)/$(ENGINE_OBJ)
	@if [ ! -f $@ ] || [ $(ENGINE_OBJ) -nt $@ ] || [ src/engine-m68k-kernels/src/kernels.s -nt $@ ] || [ $(GATE) -nt $@ ]; then \
	  set -ex; \
	  m68k-linux-gnu-as -m68000 --register-prefix-optional -o $(OUT)/m68k-kernels.o src/engine-m68k-kernels/src/kernels.s; \
	  m68k-linux-gnu-ld -o $@ -Ttext=0 -e 0 --unresolved-symbols=ignore-all --noinhibit-exec $(ENGINE_OBJ) $(OUT)/m68k-kernels.o; \
	  $(GATE) $@ || { rm -f $@; exit 1; }; \
	fi

# Exact 68000 cycle counts of the engine (src/bench/ on the m68k crate's cycle-exact model).
# bench_elf(cargo prefix, features, cargo's output dir, output): build the bench ELF.
define bench_elf
	@mkdir -p $(OUT)
	$(1) $(M68K_CARGO) build -p megacollide-bench --release $(if $(2),--features $(2)) --quiet
	@$(call copy_changed,$(3)/$(TARGET)/release/megacollide-bench,$(4))
endef
$(OUT)/bench.elf: $(DEPS_STAMP) $(PLUGIN) $(GENERATED) FORCE
	$(call bench_elf,,,target,$@)

# The compiler measured (`make bench`, codegen_* keys): the engine's "Rust path" (feature
# rust-path: hand-written kernels off, every cycle is LLVM's code) with the plugin's code
# improvements on and off, and the ROM ELF without them. The settings are environment variables
# that cargo does not track, so the builds without them have their own target dir (core and
# the engine are compiled there once; the normal builds are never invalidated). The Rust path
# with the improvements shares the normal target dir (the feature gives its crates their own
# hashes; only the copied binary is shared, and it is copied right away).
NOPASS_ENV  := M68K_FIXES_DISABLE=improvements CARGO_TARGET_DIR=target/nopass
$(OUT)/bench-rust.elf: $(DEPS_STAMP) $(PLUGIN) $(GENERATED) FORCE
	$(call bench_elf,,rust-path,target,$@)

$(OUT)/bench-rust-nopass.elf: $(DEPS_STAMP) $(PLUGIN) $(GENERATED) FORCE
	$(call bench_elf,$(NOPASS_ENV),rust-path,target/nopass,$@)

$(OUT)/megacollide-nopass.elf: $(DEPS_STAMP) $(PLUGIN) $(GENERATED) FORCE
	@mkdir -p $(OUT)
	$(NOPASS_ENV) $(M68K_CARGO) build -p megacollide --release --quiet
	@$(call copy_changed,target/nopass/$(TARGET)/release/megacollide,$@)

# The self-test with every bug fix but none of the code improvements (packed and gated like
# the other ROMs): it must equal the host too, so each improvement is proven against a
# baseline that passes (tools/romtests/tests/selftest.rs).
$(OUT)/selftest-nopass.elf: $(DEPS_STAMP) $(PLUGIN) $(GENERATED) FORCE
	@mkdir -p $(OUT)
	$(NOPASS_ENV) $(M68K_CARGO) build -p megacollide --release --features selftest --quiet
	@$(call copy_changed,target/nopass/$(TARGET)/release/megacollide,$@)

# The hardware crate's examples (src/megadrive-examples/src/bin/: sprites, DMA, pads,
# random numbers, a 5 MiB ROM with the mapper, streaming, fades, text, sound, saves), one
# cartridge each: out/examples/NAME.md, booted once each by the
# ROM tests (tools/romtests/tests/examples.rs). One cargo run builds them all.
EXAMPLES     := $(basename $(notdir $(wildcard src/megadrive-examples/src/bin/*.rs)))
EXAMPLE_ELFS := $(EXAMPLES:%=$(OUT)/examples/%.elf)
$(EXAMPLE_ELFS) &: $(DEPS_STAMP) $(PLUGIN) FORCE
	@mkdir -p $(OUT)/examples
	$(M68K_CARGO) build -p megadrive-examples --release --quiet
	@for e in $(EXAMPLES); do $(call copy_changed,$(M68K_OUT)/release/$$e,$(OUT)/examples/$$e.elf); done
examples: $(EXAMPLES:%=$(OUT)/examples/%.md)
# Each example's cartridge settings (e.g. the save RAM of `save`) come from the crate's
# Cargo.toml, by binary: [package.metadata.megacollide.bin.NAME].
$(OUT)/examples/%.md: $(OUT)/examples/%.elf $(ROMTOOL) $(GATE) src/megadrive-examples/Cargo.toml
	$(call pack_rom,$<,$@,--manifest src/megadrive-examples/Cargo.toml --bin $*)

# On-target tests: the engine's test suite (src/engine/tests/suite) and the hardware crate's pad
# test (src/megadrive/tests/pads.rs) built for the 68000 like the ROM (release, fix plugin) and
# run in Genesis Plus GX by the runner; reports like libtest.
M68K_TESTS := $(M68K_CARGO) test --release --quiet -p megacollide-engine --test suite -p megadrive --test pads
test-m68k: $(DEPS_STAMP) $(PLUGIN) $(HOST_BIN)/m68k-testrunner
	$(M68K_TESTS)

# The runner's own check: a 68000 test binary that fails in every way on purpose must be
# reported exactly so (tools/testrunner/check.sh; its output in out/runner-check.log).
runner-check: $(DEPS_STAMP) $(PLUGIN) $(HOST_BIN)/m68k-testrunner
	@mkdir -p $(OUT)
	tools/testrunner/check.sh $(OUT)/runner-check.log -- $(M68K_CARGO) test -p megacollide-testrt --test runner_check --release

bench: $(OUT)/bench.elf $(OUT)/megacollide.elf $(OUT)/bench-rust.elf $(OUT)/bench-rust-nopass.elf $(OUT)/megacollide-nopass.elf $(HOST_BIN)/bench
	$(HOST_BIN)/bench --elf $(OUT)/bench.elf --rom-elf $(OUT)/megacollide.elf --json $(OUT)/bench.json \
	    --rust-elf $(OUT)/bench-rust.elf --rust-nopass-elf $(OUT)/bench-rust-nopass.elf --rom-nopass-elf $(OUT)/megacollide-nopass.elf

# ---- Your own game ------------------------------------------------------------------------
# `make new-game DIR=path`: a standalone project from the template game (src/template/): its
# own Makefile, levels/, sprites/, sound/ and src/, using this checkout's crates, tools and LLVM fix
# plugin by absolute path (Cargo.toml, Makefile, .cargo/config.toml).
TEMPLATE_FILES := Makefile Cargo.toml Cargo.lock build.rs rust-toolchain.toml .cargo .gitignore README.md levels sprites sound src rom-tests
new-game:
	@test -n "$(DIR)" || { echo "usage: make new-game DIR=path/to/new/game"; exit 2; }
	@test ! -e "$(DIR)" || { echo "$(DIR) already exists: choose a new directory"; exit 2; }
	mkdir -p "$(DIR)"
	cd src/template && cp -r $(TEMPLATE_FILES) "$(abspath $(DIR))/"
	sed -i 's#path = "\.\./\.\./tools/#path = "$(CURDIR)/tools/#; s#path = "\.\./#path = "$(CURDIR)/src/#' "$(DIR)/Cargo.toml"
	sed -i 's#path = "\.\./\.\./\.\./tools/#path = "$(CURDIR)/tools/#' "$(DIR)/rom-tests/Cargo.toml"
	sed -i 's#^MEGACOLLIDE ?= .*#MEGACOLLIDE ?= $(CURDIR)#' "$(DIR)/Makefile"
	sed -i 's#-Zllvm-plugins=\.\./\.\./target/#-Zllvm-plugins=$(CURDIR)/target/#' "$(DIR)/.cargo/config.toml"
	@echo "new game in $(DIR): cd $(DIR) && make && make run"

# The template as a user gets it: made by `make new-game` in a new temporary directory outside
# this checkout (so nothing of the checkout's own cargo settings or paths can leak into it) and
# built there by its own Makefile (every time: cargo decides what to rebuild); cargo's outputs
# go to this checkout's target/ (kept between runs, and shared with the ROM's build: the same
# settings give the same `core`, compiled once). The directory is removed afterwards. The ROM
# tests boot out/template.md and out/user-game.md (tools/romtests/tests/template.rs).
#
# The template's own ROM tests (its `make test`: rom-tests/, pad recordings played in Genesis
# Plus GX) run in the game made from it, as a user runs them; the user's game is built only.
#
# out/user-game.md is a game a user has added to (tools/romtests/user-game/apply.py: a kind of
# object of its own, declared in its Tiled project, placed in its level, drawn from its own
# sheet with no code and played by its code, and an art layer), changed between `make new-game`
# and its `make`; its levels and sprites go to out/user-game/ (the test compiles them again to
# know the planes and the spring's tiles).
$(OUT)/template.md: TEST_GAME = $(MAKE) --no-print-directory -C $$game/mygame test CARGO_TARGET_DIR=$(CURDIR)/target &&
$(OUT)/user-game.md: CHANGE_GAME = python3 tools/romtests/user-game/apply.py $$game/mygame &&
$(OUT)/user-game.md: KEEP_GAME = rm -rf $(OUT)/user-game && mkdir -p $(OUT)/user-game && cp -r $$game/mygame/levels $$game/mygame/sprites $(OUT)/user-game/ &&
$(OUT)/template.md $(OUT)/user-game.md: $(OUT)/%.md: $(DEPS_STAMP) $(ROMTOOL) $(GATE) $(PLUGIN) FORCE
	@mkdir -p $(OUT)
	@game=$$(mktemp -d -t megacollide-$*.XXXXXX) && \
	case "$$game/" in "$(CURDIR)/"*) echo "$$game is inside the checkout: set TMPDIR elsewhere"; exit 2;; esac && \
	{ $(MAKE) --no-print-directory -s new-game DIR=$$game/mygame >/dev/null && \
	  $(CHANGE_GAME) \
	  $(MAKE) --no-print-directory -C $$game/mygame CARGO_TARGET_DIR=$(CURDIR)/target && \
	  $(TEST_GAME) \
	  $(KEEP_GAME) \
	  { $(call copy_changed,$$game/mygame/out/game.elf,$(OUT)/$*.elf); } && \
	  { $(call copy_changed,$$game/mygame/out/game.md,$(OUT)/$*.md); }; \
	  status=$$?; rm -rf $$game; exit $$status; }

# ---- API docs -------------------------------------------------------------------------------
# `make doc`: rustdoc of the engine, the hardware crate (and megadrive-sys), the level view and
# the demo's rules, built for the host (the crates are target-neutral); open target/doc/megadrive/index.html.
doc: $(DEPS_STAMP) $(OUT)/gen/levels.rs $(OUT)/gen/sprites.rs
	$(CARGO) doc --no-deps -p megacollide-engine -p megadrive -p megadrive-sys -p megacollide-level-view -p megacollide-demo
	@echo "API docs: target/doc/megacollide_engine/index.html, target/doc/megadrive/index.html"

TEST_ROMS := $(OUT)/template.md $(OUT)/user-game.md $(OUT)/bench.elf $(OUT)/engine-m68k.elf $(OUT)/megacollide.md $(OUT)/panic-test.md $(OUT)/selftest-release.md \
             $(OUT)/selftest-dev.md $(OUT)/selftest-nofix.md $(OUT)/selftest-nopass.md $(EXAMPLES:%=$(OUT)/examples/%.md)

# Every test: host unit tests of all host crates, then the ROMs in both emulators (romtests).
# First the plugin's own checks (LLVM IR and machine-code level, seconds), then the crates
# (with the differential checks 68000 vs host: tools/bench/tests/differential.rs), then the
# on-target runner's own check (runner-check) and the engine's tests on the 68000 (test-m68k).
test: $(TEST_ROMS) $(GENERATED) $(PLUGIN) $(HOST_BIN)/m68k-testrunner
	for t in tools/llvm-fixes/test/*-test.sh; do sh $$t || exit 1; done
	MEGACOLLIDE_OUT=$(CURDIR)/$(OUT) $(CARGO) test --workspace --exclude megacollide --exclude megadrive-examples --profile host --no-fail-fast
	$(MAKE) --no-print-directory runner-check
	$(M68K_TESTS)

# House habits (`.ci/run` runs it after `make test`): rustfmt's layout (.rustfmt.toml) on
# every crate, and clippy with every warning denied on the host crates (all targets) and on
# the 68000 crates as built for the 68000 (the ROM, the examples, the runtimes, the engine and
# its kernels, the bench ELF; clippy only checks, it generates no code). The allows are few
# and local, each with its reason (`grep -rn 'allow(clippy' src tools`). Debian's rustfmt and
# clippy (rustfmt-web, rust-web-clippy: the same release as rustc), called directly: cargo
# would find rustup's first.
CLIPPY       := env CARGO=$(CARGO) /usr/bin/cargo-clippy clippy
# The 68000 test binaries (the others are host tests).
M68K_TEST_TARGETS := --test suite --test pads --test runner_check
M68K_CRATES  := -p megacollide -p megadrive-examples -p megacollide-testrt -p megacollide-m68k-kernels -p megadrive \
                -p megacollide-level-view -p megacollide-engine -p megacollide-demo -p megacollide-selftest -p megacollide-bench
lint: $(DEPS_STAMP) $(PLUGIN) $(GENERATED)
	/usr/bin/cargo-fmt --all --check
	@# The committed art and sounds are what their scripts make; a game's copy of a tune too.
	python3 tools/art/draw_sprites.py --check
	python3 tools/sound/compose.py --check
	@d=$$(mktemp -d -t megacollide-compose.XXXXXX) && \
	python3 tools/sound/compose.py --out $$d template/music/tune.vgm >/dev/null && \
	cmp $$d/music/tune.vgm src/template/sound/music/tune.vgm; s=$$?; rm -rf $$d; exit $$s
	$(CLIPPY) --workspace --exclude megacollide --exclude megadrive-examples --profile host --all-targets --quiet -- -D warnings
	$(CLIPPY) $(M68K_CONFIG) $(M68K_CRATES) --release --lib --bins $(M68K_TEST_TARGETS) --quiet -- -D warnings
	@# The template (its own workspace): formatted like the rest, and clippy in a game made from it.
	/usr/bin/rustfmt --check --edition 2021 src/template/src/main.rs src/template/build.rs src/template/rom-tests/src/lib.rs src/template/rom-tests/tests/*.rs
	@game=$$(mktemp -d -t megacollide-lint-game.XXXXXX) && \
	{ $(MAKE) --no-print-directory -s new-game DIR=$$game/mygame >/dev/null && \
	  (cd $$game/mygame && CARGO_TARGET_DIR=$(CURDIR)/target $(CLIPPY) --release --quiet -- -D warnings) && \
	  CARGO_TARGET_DIR=$(CURDIR)/target $(CLIPPY) --manifest-path $$game/mygame/rom-tests/Cargo.toml --profile host --all-targets --quiet -- -D warnings; \
	  status=$$?; rm -rf $$game; exit $$status; }

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
	PROPTEST_CASES=1000000 $(CARGO) test --profile host -p megacollide-engine --test properties --test bounce
	RANDOM_PLAY_FRAMES=1000000 MEGACOLLIDE_OUT=$(CURDIR)/$(OUT) $(CARGO) test --profile host -p romtests --test random_play -- --nocapture

bindings: $(DEPS_STAMP)
	$(CARGO) run --quiet --profile host -p genbindings

clean:
	rm -rf $(OUT) target
