# JoinPal — the two commands a newcomer needs: `make run` and `make test`.
GO      ?= go
BIN     := bin/joinpal
PGVER   := $(shell ls /etc/postgresql 2>/dev/null | head -1)
# Debian installs Stockfish in /usr/games.
export PATH := $(PATH):/usr/games
# Builds name no directory of this machine, so the build cache serves a
# clone in any directory (a CI checkout, a worktree): make test compiles
# only what changed, not every package again for each new path.
export GOFLAGS := $(strip $(GOFLAGS) -trimpath)
# Debian packages the tests use: Stockfish (the yardstick), PolyGlot (a real
# UCI-to-xboard adapter that drives `joinpal uci`), pgn-extract (an independent
# reader of the PGN JoinPal writes), Chromium (the browser
# tests) with a font to draw text, Node.js and npm (the browser bundle).
DEBS    := stockfish polyglot pgn-extract chromium chromium-headless-shell fonts-dejavu-core nginx-light
NODE_DEBS := nodejs npm

.PHONY: all build web web-deps run test test-go test-race test-web test-browser check-format vet deps node-deps services cluster bench bench-server bench-web strength perft-tricky perft-full loadtest clean

all: build

## build: the browser bundle (web/dist), then the binary that embeds it.
build: web
	$(GO) build -o $(BIN) ./cmd/joinpal

## web: bundle the browser interface into web/dist (esbuild; web/build.mjs).
web: web-deps
	cd web && node build.mjs

## web-deps: the front end's npm packages, exactly as package-lock.json says
## (npm ci), when node_modules is missing or older than the lock file.
web-deps: node-deps
	@if [ ! -f web/node_modules/.package-lock.json ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then \
		cd web && npm ci --no-audit --no-fund; fi

## node-deps: Node.js and npm from Debian's packages, if missing.
node-deps:
	@command -v node >/dev/null && command -v npm >/dev/null || { echo "installing $(NODE_DEBS)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(NODE_DEBS); }

## run: build and start JoinPal on http://localhost:8080, its SQLite file in
## data/ (configuration: README; extra flags in RUNFLAGS, e.g.
## make run RUNFLAGS='--log-format json'). Ctrl-C stops it gracefully.
run: build
	./$(BIN) serve $(RUNFLAGS)

## test: every test — formatting, vet, the Go tests, the race detector, the
## bundle's type check and unit tests, and the browser tests in Chromium.
test: deps services build check-format vet test-go test-race test-web test-browser

## deps: install the Debian packages the tests need, if missing.
deps:
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

check-format:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

## vet and test-go cover the bench module too (bench/, its own go.mod).
vet:
	$(GO) vet ./...
	cd bench && $(GO) vet ./...

test-go:
	$(GO) test -count=1 ./...
	cd bench && $(GO) test -count=1 ./...

test-race:
	$(GO) test -count=1 -race -short ./...

## test-web: the TypeScript type check and the bundle's unit tests (node --test).
test-web: web-deps
	cd web && npx tsc --noEmit -p . && npx tsc --noEmit -p lichess-types && node build.mjs --unit && node --test dist-test/

## test-browser: the interface in Debian's Chromium (Playwright), against the
## real server (bin/joinpal) on a random port; screenshots in web/test-output/.
## Two files run at once, one per core: each file starts its own server and
## browser, and waits on what the page shows, never on time.
test-browser: build
	cd web && node --test --test-concurrency=2 browser/

## services: start PostgreSQL and NATS if they are down (tests need them).
services:
	@if command -v pg_isready >/dev/null && ! pg_isready -q -h 127.0.0.1 -p 5432; then \
		echo "starting PostgreSQL $(PGVER)"; \
		pg_ctlcluster --skip-systemctl-redirect $(PGVER) main start || true; fi
	@if [ -x /usr/sbin/nats-server ] && ! (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; then \
		echo "starting NATS"; \
		start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
			-a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server || true; fi

## cluster: PostgreSQL, NATS, three nodes (127.0.0.1:8091-8093) and nginx in
## front on http://127.0.0.1:8090, for a person to try several nodes
## (scripts/cluster.sh, deploy/nginx.conf, docs/CLUSTER.md). Ctrl-C stops it.
cluster: services build
	./scripts/cluster.sh

## bench: perft speed side by side with Stockfish and the Go peers (docs/BENCHMARKS.md).
## Flags for bench/cmd/perftcompare go in BENCHFLAGS, e.g. make bench BENCHFLAGS='-reps 5 -skip notnil'.
bench:
	./scripts/bench-perft.sh $(BENCHFLAGS)

## bench-server: JoinPal against a bare durable WebSocket server (bench/cmd/bareserver)
## under the same load generator, interleaved in one window, per scenario and store,
## with the ratio and the load average of each run (docs/BENCHMARKS.md, "One node
## against a bare server"). Flags for bench/cmd/servercompare go in BENCH_SERVER_FLAGS,
## e.g. make bench-server BENCH_SERVER_FLAGS='-scenarios 1:10s:1s -stores sqlite -reps 1';
## -checkpoint before (or mid) holds PostgreSQL's checkpoints alike across the runs;
## -progress DIR keeps each run's second-by-second ack p99; the load generator
## runs at GOGC 400 (-gen-gc-percent), so that its own collections delay fewer acks.
bench-server: build services
	cd bench && $(GO) build -o ../bin/bareserver ./cmd/bareserver
	cd bench && $(GO) run ./cmd/servercompare -joinpal ../$(BIN) -bare ../bin/bareserver $(BENCH_SERVER_FLAGS)

## bench-web: the browser interface measured in Chromium, each against a fresh
## `joinpal serve` — the first visit's bytes over the wire and the bundle per
## chunk (web/bench/weight.mjs), a move's delay on the opponent's board
## (web/bench/latency.mjs); docs/BENCHMARKS.md, "The browser". It builds the
## bundle into BENCH_WEB_DIST and the binary into BENCH_WEB_BIN (by default
## web/dist and bin/joinpal, as make build); BENCH_WEB_MOVES is the mover's
## moves (40), e.g. make bench-web BENCH_WEB_DIST=/tmp/me/dist BENCH_WEB_BIN=/tmp/me/joinpal
BENCH_WEB_DIST  ?= web/dist
BENCH_WEB_BIN   ?= $(BIN)
BENCH_WEB_MOVES ?= 40
bench-web: web-deps
	@$(MAKE) --no-print-directory deps DEBS='chromium fonts-dejavu-core'
	cd web && node build.mjs --out $(abspath $(BENCH_WEB_DIST))
	$(GO) build -o $(BENCH_WEB_BIN) ./cmd/joinpal
	@echo "machine: $$(nproc) vCPU, $$(lscpu | sed -n 's/^Model name: *//p'), $$(chromium --version 2>/dev/null); load average $$(cut -d' ' -f1-3 /proc/loadavg)"
	cd web && JOINPAL_BIN=$(abspath $(BENCH_WEB_BIN)) JOINPAL_WEB_DIR=$(abspath $(BENCH_WEB_DIST)) node bench/weight.mjs
	cd web && JOINPAL_BIN=$(abspath $(BENCH_WEB_BIN)) JOINPAL_WEB_DIR=$(abspath $(BENCH_WEB_DIST)) MOVES=$(BENCH_WEB_MOVES) node bench/latency.mjs

## strength: every AI level against Stockfish and its neighbours; writes
## docs/STRENGTH.md and docs/strength.svg (about an hour on 2 cores).
## Flags go in STRENGTHFLAGS, e.g. make strength STRENGTHFLAGS='-games 40'.
strength: deps build
	./$(BIN) strength $(STRENGTHFLAGS)

## perft-tricky: every line of tricky.perft, the deepest too (41.7 billion
## nodes; make test stops each line at a billion).
perft-tricky:
	$(GO) test -count=1 -run 'TestPerftTricky' -timeout 0 ./chess -perft.cap=0

## perft-full: every perft line of chess/testdata/perft, with no node cap (hours).
perft-full:
	$(GO) test -count=1 -run 'TestPerft' -timeout 0 ./chess -perft.cap=0

## loadtest: the live runtime's speed on SQLite and PostgreSQL — moves/s and ack
## latency at 1, 100 and 10,000 games, flag delay, memory per game (a few minutes;
## docs/BENCHMARKS.md). Each LOADTEST_RUNS entry is GAMES:DURATION:THINK;
## LOADTEST_FLAGS lists the numbers of flags that fall together.
LOADTEST_RUNS   ?= 1:15s:0s 100:20s:0s 10000:30s:0s 10000:30s:2s 20000:30s:10s
LOADTEST_FLAGS  ?= 100 1000 10000
LOADTEST_STORES ?= sqlite postgres
## LOADTEST_WS are the whole server's runs over WebSockets (GAMES:DURATION:THINK),
## each against its own `joinpal serve` on SQLite (loadtest --serve).
LOADTEST_WS     ?= 1000:60s:10s 9900:60s:10s 9900:60s:5s
loadtest: build
	@if ! pg_isready -q -h 127.0.0.1 -p 5432; then \
		echo "starting PostgreSQL $(PGVER)"; \
		pg_ctlcluster --skip-systemctl-redirect $(PGVER) main start; fi
	@set -e; for store in $(LOADTEST_STORES); do \
		for run in $(LOADTEST_RUNS); do \
			games=$${run%%:*}; rest=$${run#*:}; dur=$${rest%%:*}; think=$${rest#*:}; \
			cmd="./$(BIN) loadtest --store $$store --games $$games --duration $$dur --think $$think"; \
			echo "\$$ $$cmd"; $$cmd; echo; \
		done; \
		for flags in $(LOADTEST_FLAGS); do \
			cmd="./$(BIN) loadtest --store $$store --games 0 --flags $$flags"; \
			echo "\$$ $$cmd"; $$cmd; echo; \
		done; \
	done; \
	for run in $(LOADTEST_WS); do \
		games=$${run%%:*}; rest=$${run#*:}; dur=$${rest%%:*}; think=$${rest#*:}; \
		cmd="./$(BIN) loadtest --serve --tc 30+0 --games $$games --duration $$dur --think $$think"; \
		echo "\$$ $$cmd"; $$cmd; echo; \
	done

clean:
	rm -rf bin web/node_modules web/dist-test web/test-output
	find web/dist -mindepth 1 ! -name .keep -delete
