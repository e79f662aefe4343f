# Incant: spoken shortcuts for Linux, offline.
#
#   make demo    install what is needed, build, and run the main job on the shipped phrases
#   make test    install what is needed and run the whole test suite
#   make bench   speed figures (see BENCHMARKS.md)

SWIFT ?= swift
SHORTCUTS ?= phrases/demo

.PHONY: setup build release demo test test-core bench bench-quick format lint clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product incant

demo: release
	@scripts/demo.sh

test: setup
	$(SWIFT) test

# The pure-Swift core (Phrases, Dispatch) alone: no ALSA, no pocketsphinx needed.
test-core:
	INCANT_CORE_ONLY=1 $(SWIFT) test --scratch-path .build-core

bench: setup
	$(SWIFT) build -c release --product incant-bench
	.build/release/incant-bench match
	.build/release/incant-bench speech

bench-quick: setup
	$(SWIFT) build -c release --product incant-bench
	.build/release/incant-bench match
	.build/release/incant-bench speech --quick

format:
	$(SWIFT) format -i -r Package.swift Sources Tests Benchmarks

lint:
	$(SWIFT) format lint -r Sources Tests Benchmarks

clean:
	rm -rf .build .build-*
