# arbiter: see README.md. Every target works on a fresh machine with Go installed.
GO      ?= go
CORPUS  ?= $(abspath ../shared/corpus)
REFERENCE ?= $(abspath ../shared/reference)
FUZZTIME ?= 20s
BIN     := bin/arbiter

.PHONY: all build test vet corpus bench pgo fuzz demo e2e beam beam-test clean

all: build

# Without cgo: arbiter calls no C, and a static binary skips the dynamic
# loader and libc's start-up, 6 ms of the 28 `arbiter --version` took
# (BENCHMARKS.md, session 30); cgo came in only with net, which arrow-go's
# Flight code links and nothing runs.
build:
	CGO_ENABLED=0 $(GO) build -o $(BIN) ./cmd/arbiter

vet:
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	$(GO) vet ./...

# Unit tests, perft to depth 5 included. The shared corpus is not read here.
test: vet
	$(GO) test -count=1 ./...
	cd bench && $(GO) vet ./... && $(GO) test -count=1 ./...

# Tests over ../shared/corpus and ../shared/reference; each skips when they are absent.
# Also the slow tests that need no corpus (pipeline: 2 GiB of line ends streamed past line 2^31).
corpus:
	ARBITER_CORPUS=$(CORPUS) ARBITER_REFERENCE=$(REFERENCE) $(GO) test -count=1 -timeout 60m -run 'Corpus' ./...
	cd bench && ARBITER_CORPUS=$(CORPUS) $(GO) test -count=1 -run Corpus ./...

# Deep perft, the Go benchmarks, then the whole-run comparison with peers
# (bench/, a module of its own), which rewrites bench/PEERS.md.
bench: build
	ARBITER_DEEP_PERFT=1 $(GO) test -run 'Perft' -count=1 ./replay
	$(GO) test -run '^$$' -bench . -benchmem ./...
	cd bench && ARBITER_CORPUS=$(CORPUS) $(GO) run ./cmd/wholerun -arbiter $(abspath $(BIN)) -out $(abspath bench/PEERS.md) $(BENCH_FLAGS)

# A CPU profile of the run users make (check --out over the corpus's masters
# and engine_tcec games, the bench's big file), saved where go build takes it
# for profile-guided optimisation: cmd/arbiter/default.pgo. Record it again
# whenever the hot path changes: a function renamed or moved since is one
# the profile no longer guides. The binary profiled is built without PGO;
# three runs are merged, as one run's samples leave the colder calls to
# chance.
pgo:
	CGO_ENABLED=0 $(GO) build -pgo=off -o bin/arbiter-nopgo ./cmd/arbiter
	for i in 1 2 3; do rm -rf bin/pgo-out; \
	  ARBITER_CPUPROFILE=bin/pgo-$$i.tmp ./bin/arbiter-nopgo check --format none -q --out bin/pgo-out \
	    $(CORPUS)/masters $(CORPUS)/engine_tcec; test $$? -le 1 || exit 1; done
	$(GO) tool pprof -proto bin/pgo-1.tmp bin/pgo-2.tmp bin/pgo-3.tmp > bin/default.pgo.tmp
	mv bin/default.pgo.tmp cmd/arbiter/default.pgo
	rm -rf bin/pgo-out bin/arbiter-nopgo bin/pgo-?.tmp

# Each fuzz target for FUZZTIME; the seeds live in testdata/fuzz of each package.
# Go 1.26's fuzzing coordinator may end a run that found nothing with
# "context deadline exceeded" (golang/go#75804, fixed in Go 1.27): such a
# run, with no new input written to testdata/fuzz, is reported and passed.
fuzz:
	@set -e; mkdir -p bin; for pkg in $$($(GO) list ./...); do \
	  dir=$$($(GO) list -f '{{.Dir}}' $$pkg); \
	  for f in $$($(GO) test -list 'Fuzz.*' $$pkg | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$f"; before=$$(ls $$dir/testdata/fuzz/$$f 2>/dev/null | wc -l); \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 2s $$pkg 2>&1 | tee bin/fuzz.log; \
	    if grep -q '^FAIL' bin/fuzz.log; then \
	      if grep -q 'context deadline exceeded' bin/fuzz.log && [ "$$(ls $$dir/testdata/fuzz/$$f 2>/dev/null | wc -l)" = "$$before" ]; then \
	        echo "fuzz $$f: the coordinator's deadline race (golang/go#75804), no failing input: passed"; \
	      else exit 1; fi; \
	    fi; \
	  done; done

# The main job on the bundled games: check them, write Parquet, print the
# report; then the Russian scoresheet rewritten as standard PGN.
demo: build
	rm -rf out/demo
	-./$(BIN) check --out out/demo testdata/demo
	./$(BIN) stats out/demo
	./$(BIN) convert testdata/demo/opera_russian.txt -o -

# The statistics report in headless Chromium (installed from Debian when missing); output in stats/e2e/out/.
e2e:
	GO=$(GO) sh stats/e2e/run.sh

# The Apache Beam runner: beam/ is a module of its own, so the arbiter binary
# does not carry Beam; a cold build takes minutes. Its corpus tests skip when
# the corpus is absent.
beam:
	cd beam && $(GO) build -o ../bin/arbiter-beam ./cmd/arbiter-beam

beam-test:
	cd beam && $(GO) vet ./... && ARBITER_CORPUS=$(CORPUS) $(GO) test -count=1 -timeout 30m ./...

clean:
	rm -rf bin
