# vault: build, test, run and measure. Every target installs what it needs
# (libcmark-dev, sqlite) when it can, or says what to install.
SWIFT      ?= swift
PREFIX     ?= /usr/local
EXAMPLE_NOW = 2026-11-18T09:00:00Z
VAULT       = .build/debug/vault

.PHONY: all build release run test install format bench deps clean

all: build

deps:
	@./scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The main job: the example vault as of its reference date.
run: build
	VAULT_NOW=$(EXAMPLE_NOW) $(VAULT) --vault ExampleVault

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

install: release
	install -d $(PREFIX)/bin
	install -m 755 .build/release/vault $(PREFIX)/bin/vault

format:
	$(SWIFT) format --configuration .swift-format --in-place --recursive Sources Tests Package.swift

bench: release
	./benchmarks/run.sh

clean:
	rm -rf .build
