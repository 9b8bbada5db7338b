# vault: build, test, run and measure. Every target installs what it needs
# (libcmark-dev, sqlite) when it can, or says what to install.
SWIFT      ?= swift
PREFIX     ?= /usr/local
EXAMPLE_NOW = 2026-11-18T09:00:00Z
VAULT       = .build/debug/vault
# Each function in a section of its own, so the link can put the code that
# commands run side by side (scripts/link-order.txt, Package.swift).
RELEASE_FLAGS = --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections

.PHONY: all build release run test install format bench fuzz deps clean link-order

all: build

deps:
	@./scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

# The Swift runtime and Foundation are linked statically, and so are
# libsqlite3, libcmark and libstdc++ (scripts/static-libs.sh, Package.swift):
# the binary starts in about 2 ms instead of 13 and runs on a machine without
# the Swift toolchain, SQLite or libcmark. The check fails the build if a
# Swift shared library is still linked.
release: deps
	@./scripts/static-libs.sh
	$(SWIFT) build -c release $(RELEASE_FLAGS)
	@if ldd .build/release/vault | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime'; then \
		echo "error: the release binary links a Swift shared library (above)." >&2; exit 1; fi

# The main job: the example vault as of its reference date.
run: build
	VAULT_NOW=$(EXAMPLE_NOW) $(VAULT) --vault ExampleVault

# The release binary is built too: a test checks that it links no Swift
# shared library and runs with an empty environment (ReleaseBinaryTests).
test:
	@./scripts/ensure-deps.sh --test
	@./scripts/static-libs.sh
	$(SWIFT) build -c release $(RELEASE_FLAGS)
	$(SWIFT) build --build-tests
	VAULT_RELEASE_BIN=$(CURDIR)/.build/release/vault $(SWIFT) test --skip-build

# The binary, stripped (-s: its symbol tables are half its size), with
# vault-serve a link to it (one executable is both: benchmarks/STARTUP.md,
# "the installed size"), a man page generated from the commands' help
# (swift-argument-parser's generate-manual plugin) and the bash, zsh and fish
# completions (they call vault back for note paths, ids, categories, tags
# and periods).
install: release build
	$(SWIFT) package plugin generate-manual --configuration debug
	install -d $(PREFIX)/bin $(PREFIX)/share/man/man1 $(PREFIX)/share/bash-completion/completions \
		$(PREFIX)/share/zsh/site-functions $(PREFIX)/share/fish/vendor_completions.d
	install -s -m 755 .build/release/vault $(PREFIX)/bin/vault
	ln -sf vault $(PREFIX)/bin/vault-serve
	install -m 644 .build/plugins/GenerateManual/outputs/vault/vault.1 $(PREFIX)/share/man/man1/vault.1
	.build/release/vault --generate-completion-script bash > $(PREFIX)/share/bash-completion/completions/vault
	.build/release/vault --generate-completion-script zsh > $(PREFIX)/share/zsh/site-functions/_vault
	.build/release/vault --generate-completion-script fish > $(PREFIX)/share/fish/vendor_completions.d/vault.fish

format:
	$(SWIFT) format --configuration .swift-format --in-place --recursive Sources Tests Package.swift

bench: release
	./benchmarks/run.sh

# scripts/link-order.txt again, from the release binary run under valgrind:
# the functions everyday commands run, which the release link lays out side by
# side (Package.swift). Rerun it after a large change; the next `make release`
# links by it.
link-order: release
	./scripts/link-order.py

# libFuzzer over the parsers of untrusted bytes (Fuzz/, a package of its
# own): notes (front matter, libcmark, cards, rendering), ledger lines and
# events, search queries, the config, LociApp itinerary files, `.vault/ignore`
# and its matcher; and the encoders and rules of hostile text: iCalendar,
# notification markup and cron/systemd quoting, and the one path rule on a
# vault of links in and out (issue 34); Anki packages (the zip, zstd frames and
# SQLite collections) and the language server's framing (issue 48). Each runs FUZZ_SECONDS (default 600) from the
# committed seeds plus ExampleVault's notes; an input slower than 1 s, a
# crash or a leak stops it with the input saved in Fuzz/artifacts/.
FUZZ_SECONDS ?= 600
fuzz: deps
	cd Fuzz && $(SWIFT) build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
	rm -rf .build/fuzz-corpus && mkdir -p .build/fuzz-corpus Fuzz/artifacts
	cp -r Fuzz/Corpus/note .build/fuzz-corpus/note && find ExampleVault -name '*.md' -exec cp {} .build/fuzz-corpus/note/ \;
	cp -r Fuzz/Corpus/ledger Fuzz/Corpus/query Fuzz/Corpus/config Fuzz/Corpus/loci Fuzz/Corpus/ignore Fuzz/Corpus/calendar Fuzz/Corpus/programtext Fuzz/Corpus/path Fuzz/Corpus/anki Fuzz/Corpus/lspframing .build/fuzz-corpus/ && cp ExampleVault/.vault/ledger/*.log .build/fuzz-corpus/ledger/
	for target in FuzzNote:note FuzzLedger:ledger FuzzQuery:query FuzzConfig:config FuzzLoci:loci FuzzIgnore:ignore FuzzCalendar:calendar FuzzProgramText:programtext FuzzPath:path FuzzAnki:anki FuzzLSPFraming:lspframing; do \
		name=$${target%%:*}; corpus=$${target##*:}; \
		Fuzz/.build/release/$$name .build/fuzz-corpus/$$corpus -max_total_time=$(FUZZ_SECONDS) -timeout=1 \
			-rss_limit_mb=2048 -max_len=200000 -artifact_prefix=Fuzz/artifacts/$$name- -print_final_stats=1 || exit 1; \
	done

clean:
	rm -rf .build
