# render — headless animation-timeline renderer.
#   make demo   install system packages, build (release), render Scenes/unlock.json into Output/unlock/
#   make test   install system packages, build, run every test
#   make bench  benchmark against the skia-python and pycairo peers
SHELL := /bin/bash
SWIFT ?= swift
JOBS ?= $(shell nproc)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# System packages: Cairo and Pango for drawing, libpng for reading PNGs, libdeflate for writing them,
# fontconfig and the fonts scenes render with (Inter for the default design, DejaVu for serif and
# monospaced; see docs/fonts.md); chromium for the preview page test (docs/previews.md).
APT_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libpng-dev libdeflate-dev libfontconfig-dev \
	fonts-inter fonts-dejavu-core fonts-quicksand python3 chromium
DEPS_STAMP := .build/.deps-installed

.PHONY: all deps build debug test demo bench clean
all: build

deps: $(DEPS_STAMP)
$(DEPS_STAMP):
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@# Pillow lets the PNG tests decode with an independent decoder (they skip without it).
	@# jsonschema validates every scene against Scenes/scene.schema.json in the schema tests.
	@python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet pillow 2>/dev/null || echo "note: Pillow not installed; the Pillow decode test will be skipped"
	@python3 -c "import jsonschema" 2>/dev/null || python3 -m pip install --quiet jsonschema 2>/dev/null || echo "note: jsonschema not installed; the schema tests will be skipped"
	@mkdir -p .build && touch $@

build: deps
	$(SWIFT) build -c release --product render

debug: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

demo: build
	.build/release/render Scenes/unlock.json --out Output/unlock

# GNU time for peak memory, pip for the peers' packages (skia-python, pycairo, numpy), which
# Benchmarks/run.sh installs when missing.
BENCH_APT_PACKAGES := time python3-pip
bench: build
	@missing=$$(for p in $(BENCH_APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	Benchmarks/run.sh $(BENCH_ARGS)

clean:
	rm -rf .build Output/*/
