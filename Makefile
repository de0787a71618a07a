# render — headless animation-timeline renderer.
#   make demo   install system packages, build (release), render Scenes/unlock.json into Output/unlock/
#   make test   install system packages, check the imports against Package.swift, build, run every test
#   make bench  benchmark against the skia-python and pycairo peers
#   make fuzz   fuzz the scene loader, expression parser, PNG reader, Lottie loader, whole pipeline, command line and SwiftUI translator (FUZZ_SECONDS each; docs/limits.md)
SHELL := /bin/bash
SWIFT ?= swift
JOBS ?= $(shell nproc)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# System packages: Cairo and Pango for drawing, libpng for reading PNGs, libdeflate for writing them
# (zlib to combine their bands' Adler-32 checksums), fontconfig and the fonts scenes render with (Inter for the default design, DejaVu for serif and
# monospaced, Quicksand for rounded; see docs/fonts.md), ffmpeg, which `render --format mp4|webm|mov|gif|apng|webp`
# runs to encode video and animated images (docs/video.md), and rlottie, which draws `lottie` views (its tests also
# compile a small C program against it with cc). `make build` and `make demo` need only these.
APT_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libpng-dev libdeflate-dev zlib1g-dev libfontconfig-dev \
	fonts-inter fonts-dejavu-core fonts-quicksand ffmpeg librlottie-dev
# The tests also need independent tools: Pillow decodes PNGs, the preview's APNG and animated WebP, jsonschema validates
# every scene against Scenes/scene.schema.json, chromium runs the preview page and `render watch`'s (docs/previews.md), and ffmpeg's
# ffprobe and decoders read the video files back (it is in APT_PACKAGES already, and listed here for the tests' sake),
# and PyYAML reads the workflows and Kubernetes Jobs in docs/ci.md and docs/distributed.md, which the tests run.
# Without them those tests skip, except under CI=true, where they fail.
TEST_APT_PACKAGES := python3 python3-pil python3-jsonschema python3-yaml chromium ffmpeg
DEPS_STAMP := .build/.deps-installed
TEST_DEPS_STAMP := .build/.test-deps-installed

# Installs the Debian packages among $(1) that are not installed yet; fails when apt-get fails.
define apt_install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

.PHONY: all deps test-deps build debug check-imports test demo bench clean fuzz fuzz-keep
all: build

# glib's pkg-config Cflags carry -pthread, which SwiftPM refuses with a "prohibited flag" warning on
# every build (and drops). The same flags without it, in a pangocairo.pc that PKG_CONFIG_PATH puts
# first, keep the build quiet; Swift code gets its threads from Dispatch and Foundation, and none of
# the C headers we import needs -pthread's macros. A plain `swift build` still works (with the warning).
PKGCONFIG_DIR := $(CURDIR)/.build/pkgconfig
export PKG_CONFIG_PATH := $(PKGCONFIG_DIR)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))

deps: $(DEPS_STAMP)
$(DEPS_STAMP):
	$(call apt_install_missing,$(APT_PACKAGES))
	@mkdir -p $(PKGCONFIG_DIR)
	@env -u PKG_CONFIG_PATH sh -c 'printf "Name: pangocairo\nDescription: pangocairo without -pthread (see the Makefile)\nVersion: %s\nCflags: %s\nLibs: %s\n" \
		"$$(pkg-config --modversion pangocairo)" "$$(pkg-config --cflags pangocairo | sed "s/-pthread//g")" \
		"$$(pkg-config --libs pangocairo)"' > $(PKGCONFIG_DIR)/pangocairo.pc
	@touch $@

test-deps: $(TEST_DEPS_STAMP)
$(TEST_DEPS_STAMP): $(DEPS_STAMP)
	$(call apt_install_missing,$(TEST_APT_PACKAGES))
	@touch $@

# Release builds (build, demo, bench) link the Swift runtime and Foundation into `render` (--static-swift-stdlib) when the
# toolchain ships their static libraries (usr/lib/swift_static, part of swift.org's Linux toolchains): a process then
# starts without loading 14 shared Swift libraries and resolving their symbols, about 5 ms less each, which counts where
# CI runs `render test` once per scene (docs/ci.md). The binary grows from 35 to 106 MB. Without those libraries the
# build links them dynamically as before.
# `render-swiftui` is the SwiftUI front end (docs/swiftui-source.md) as a process of its own, which `render` runs to
# translate a .swift file: it links the toolchain's own swift-syntax libraries, shared objects on the shared runtime,
# so it is built without --static-swift-stdlib — a second configuration, of the few modules it needs only.
SWIFT_STATIC_LIBS := $(dir $(realpath $(shell command -v $(SWIFT))))../lib/swift_static/linux/libswiftCore.a
RELEASE_FLAGS := -c release $(if $(wildcard $(SWIFT_STATIC_LIBS)),--static-swift-stdlib)

build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product render
	$(SWIFT) build -c release --product render-swiftui

debug: deps
	$(SWIFT) build

# Package.swift must declare exactly the modules each target imports (a module reached through another target does not
# count; SwiftPM's --explicit-target-dependency-import-check only catches one not reachable at all): Tests/check-imports.py,
# then its self-test, which plants an undeclared import and an unused dependency in memory and must see each reported.
check-imports: test-deps
	python3 Tests/check-imports.py
	python3 Tests/check-imports.py --self-test

# The tests run on an optimised build (-enable-testing keeps their @testable imports working), in a build folder of its
# own so that it does not undo `make build`'s: in a debug build the suite took about 14 minutes of its own on this
# machine kind, most of it in code the tests drive frame by frame and in swift-argument-parser's debug-only checks of the
# command definitions, which run on every command line parsed (tens of milliseconds each, thousands of runs); optimised,
# under 8 minutes (the build takes a few minutes longer). `swift test` still runs the same tests on a debug build.
TEST_FLAGS := -c release -Xswiftc -enable-testing --build-path .build/tests
test: test-deps check-imports
	$(SWIFT) build $(TEST_FLAGS) --build-tests
	$(SWIFT) test $(TEST_FLAGS) --skip-build --disable-swift-testing

demo: build
	.build/release/render Scenes/unlock.json --out Output/unlock

# GNU time for peak memory, pip for the peers' packages (skia-python, pycairo, numpy), which
# Benchmarks/run.sh installs when missing.
BENCH_APT_PACKAGES := time python3-pip
bench: build
	$(call apt_install_missing,$(BENCH_APT_PACKAGES))
	Benchmarks/run.sh $(BENCH_ARGS)

# libFuzzer targets (Fuzz/): built with -sanitize=fuzzer into their own build folder so the
# normal build is untouched. New corpus entries go to .build/fuzz/corpus/<target>, crashes to
# .build/fuzz/crashes/; replay one with `swift build --product <target> && .build/debug/<target> FILE`.
FUZZ_SECONDS ?= 60
# Which targets `make fuzz` builds and runs (FUZZ_TARGETS=fuzz-pipeline make fuzz runs one).
FUZZ_TARGETS ?= fuzz-scene-loader fuzz-expression fuzz-png fuzz-lottie fuzz-pipeline fuzz-cli fuzz-swift-source
FUZZ_FLAGS := -c release --build-path .build/fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING
fuzz: deps
	@for t in $(FUZZ_TARGETS); do $(SWIFT) build $(FUZZ_FLAGS) --product $$t || exit 1; done
	@mkdir -p .build/fuzz/crashes
	@run() { t=$$1; shift; mkdir -p .build/fuzz/corpus/$$t; echo "== $$t ($(FUZZ_SECONDS) s, log .build/fuzz/$$t.log)"; \
		SWIFT_BACKTRACE=enable=no .build/fuzz/release/$$t .build/fuzz/corpus/$$t "$$@" \
			-max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
			-artifact_prefix=$(CURDIR)/.build/fuzz/crashes/$$t- > .build/fuzz/$$t.log 2>&1; rc=$$?; \
		grep -E '^(Done |stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss|SUMMARY|.*Test unit written)|INITED' .build/fuzz/$$t.log; \
		return $$rc; }; \
	status=0; \
	want() { case " $(FUZZ_TARGETS) " in *" $$1 "*) return 0;; *) return 1;; esac; }; \
	want fuzz-scene-loader && { run fuzz-scene-loader -dict=Fuzz/scene.dict -max_len=65536 Scenes Tests/SceneModelTests/BadScenes || status=1; }; \
	want fuzz-expression && { run fuzz-expression -max_len=4200 Fuzz/Seeds/expressions || status=1; }; \
	want fuzz-png && { run fuzz-png -max_len=65536 Fuzz/Seeds/png Scenes/assets || status=1; }; \
	want fuzz-lottie && { run fuzz-lottie -dict=Fuzz/lottie.dict -max_len=16384 Fuzz/Seeds/lottie || status=1; }; \
	want fuzz-pipeline && { run fuzz-pipeline -dict=Fuzz/scene.dict -max_len=65536 -timeout=20 Scenes docs/examples || status=1; }; \
	want fuzz-swift-source && { run fuzz-swift-source -dict=Fuzz/swift.dict -max_len=16384 -timeout=20 Fuzz/Corpus/swift-source Scenes || status=1; }; \
	want fuzz-cli && { run fuzz-cli -dict=Fuzz/cli.dict -max_len=512 -timeout=30 -close_fd_mask=3 Fuzz/Seeds/cli || status=1; }; \
	exit $$status

# Folds what `make fuzz` found into the kept corpora (Fuzz/Corpus/<target without "fuzz-">): libFuzzer's -merge=1 adds
# only the inputs that reach new coverage, taken from those of at most FUZZ_KEEP_BYTES bytes so that the replay in the
# tests stays quick (Tests/CLITests/FuzzCorpusTests.swift replays every kept input).
FUZZ_KEEP_BYTES ?= 2048
fuzz-keep:
	@for t in $(FUZZ_TARGETS); do d=Fuzz/Corpus/$${t#fuzz-}; s=.build/fuzz/keep/$$t; rm -rf $$s; mkdir -p $$d $$s; \
		find .build/fuzz/corpus/$$t -type f -size -$$(($(FUZZ_KEEP_BYTES) + 1))c -exec cp {} $$s/ \; ; \
		SWIFT_BACKTRACE=enable=no .build/fuzz/release/$$t -merge=1 -close_fd_mask=3 $$d $$s 2>&1 \
			| grep -E '^MERGE-OUTER: [0-9]+ new files' | sed "s|^|$$t: |" || exit 1; done

clean:
	rm -rf .build Output/*/
