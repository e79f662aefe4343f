# Incant: spoken shortcuts for Linux, offline.
#
#   make demo    install what is needed, build, and run the main job on the shipped phrases
#   make test    install what is needed and run the whole test suite (and the embedding example)
#   make test-fast   the same without the slow, accuracy and soak checks
#   make bench   speed figures (see BENCHMARKS.md)
#   make install, make uninstall   the binary, man page and shell completions (PREFIX, DESTDIR)
#   make fuzz, make soak, make sanitize   reliability runs (see RELIABILITY.md)

SWIFT ?= swift
SHORTCUTS ?= phrases/demo

.PHONY: setup build release demo test test-fast test-core bench bench-quick format lint clean install uninstall

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

# The release build (`make release`, `make demo`, `make install`) carries the Swift runtime and
# Foundation inside (--static-swift-stdlib): it runs without the toolchain's libraries and keeps
# about 4 MB less resident (BENCHMARKS.md, "What the wake word costs"). It has a build folder of
# its own: `swift package generate-manual` builds the package in release into .build, without
# the flag, and would otherwise relink the binary over it.
RELEASE_SCRATCH ?= .build-release
release: setup
	$(SWIFT) build -c release --product incant --static-swift-stdlib --scratch-path $(RELEASE_SCRATCH)

demo: release
	@scripts/demo.sh

# One test target at a time, each in a process of its own (see scripts/test-each.sh for why).
test: setup
	SWIFT=$(SWIFT) scripts/test-each.sh
	$(SWIFT) run --package-path Examples/EmbeddedListener

# The inner loop: everything but what is tagged slow, accuracy or soak (see Tests/IncantTestSupport).
# A test that takes seconds (real decodes, many subprocesses) gets one of those tags, so this stays quick.
test-fast: setup
	INCANT_TEST_FAST=1 $(SWIFT) test

# The pure-Swift core (Phrases, Dispatch, Capture, Speech, Listening) alone: no ALSA, no pocketsphinx.
test-core:
	INCANT_CORE_ONLY=1 $(SWIFT) test --scratch-path .build-core

bench: setup
	$(SWIFT) build -c release --product incant-bench
	$(SWIFT) build -c release --product incant
	.build/release/incant-bench match
	.build/release/incant-bench speech

bench-quick: setup
	$(SWIFT) build -c release --product incant-bench
	$(SWIFT) build -c release --product incant
	.build/release/incant-bench match
	.build/release/incant-bench speech --quick

# Soak: 8 hours of audio through `incant listen --stdin` (release build in .build-soak), report in
# .build-soak/reports/<time>/report.md. Shorter: make soak SOAK_ARGS="--hours 0.5".
.PHONY: soak
soak: setup
	scripts/soak.sh $(SOAK_ARGS)

# The whole test suite under Thread Sanitizer, then Address Sanitizer (.build-tsan, .build-asan;
# slow). One only: scripts/sanitize.sh thread|address [swift test arguments].
.PHONY: sanitize
sanitize: setup
	scripts/sanitize.sh thread
	scripts/sanitize.sh address

format:
	$(SWIFT) format -i -r Package.swift Sources Tests Benchmarks

lint:
	$(SWIFT) format lint -r Sources Tests Benchmarks

clean:
	rm -rf .build .build-*

# Coverage-guided fuzzing (libFuzzer + AddressSanitizer), 1,000,000 inputs per target by
# default: `make fuzz FUZZ_TARGETS=FuzzWAV FUZZ_RUNS=100000`. See Fuzz/README.md.
.PHONY: fuzz
FUZZ_RUNS ?= 1000000
fuzz: setup
	scripts/fuzz.sh $(FUZZ_TARGETS) --runs $(FUZZ_RUNS)

# Install under $(DESTDIR)$(PREFIX): bin/incant, its man page (swift-argument-parser's
# generate-manual plugin), bash, zsh and fish completions (`incant --generate-completion-script`)
# and share/incant/models (dictionary additions). `make uninstall` removes exactly these files.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_ROOT = $(DESTDIR)$(PREFIX)
# The build installed: release (what `make release` makes). The test of these rules installs the
# debug build it runs beside, without rebuilding it, from inside `swift test` (which holds the
# build folder's lock, idle while tests run):
#   make -o release install CONFIGURATION=debug BUILT=<its incant> SWIFT_PACKAGE_FLAGS=--ignore-lock
CONFIGURATION ?= release
BUILT ?= $(if $(filter release,$(CONFIGURATION)),$(RELEASE_SCRATCH)/release/incant,.build/$(CONFIGURATION)/incant)
SWIFT_PACKAGE_FLAGS ?=
INSTALLED_FILES = bin/incant share/man/man1/incant.1 share/bash-completion/completions/incant \
	share/zsh/site-functions/_incant share/fish/vendor_completions.d/incant.fish \
	share/incant/models/manifest.yaml share/incant/models/dictionary.dict share/incant/models/narrow-band.mllr \
	share/incant/models/band-limited.mllr share/incant/models/common-words.txt

install: release
	$(SWIFT) package $(SWIFT_PACKAGE_FLAGS) generate-manual --configuration $(CONFIGURATION)
	install -d $(INSTALL_ROOT)/bin $(INSTALL_ROOT)/share/man/man1 $(INSTALL_ROOT)/share/bash-completion/completions \
		$(INSTALL_ROOT)/share/zsh/site-functions $(INSTALL_ROOT)/share/fish/vendor_completions.d \
		$(INSTALL_ROOT)/share/incant/models
	install -m 755 $(BUILT) $(INSTALL_ROOT)/bin/incant
	install -m 644 "$$(find .build/plugins -path '*GenerateManual*' -name incant.1 | head -n 1)" \
		$(INSTALL_ROOT)/share/man/man1/incant.1
	$(BUILT) --generate-completion-script bash > $(INSTALL_ROOT)/share/bash-completion/completions/incant
	$(BUILT) --generate-completion-script zsh > $(INSTALL_ROOT)/share/zsh/site-functions/_incant
	$(BUILT) --generate-completion-script fish > $(INSTALL_ROOT)/share/fish/vendor_completions.d/incant.fish
	install -m 644 models/manifest.yaml models/dictionary.dict models/narrow-band.mllr models/band-limited.mllr \
		models/common-words.txt $(INSTALL_ROOT)/share/incant/models/
	@echo "installed incant in $(INSTALL_ROOT); run \`incant init\` to create your shortcuts"

uninstall:
	rm -f $(addprefix $(INSTALL_ROOT)/,$(INSTALLED_FILES))
	-rmdir $(INSTALL_ROOT)/share/incant/models $(INSTALL_ROOT)/share/incant 2>/dev/null
