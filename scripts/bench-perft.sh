#!/usr/bin/env bash
# bench-perft.sh — `make bench`: perft speed of JoinPal's rules core, single
# thread, on the five standard positions, side by side with Stockfish and
# github.com/notnil/chess. Arguments go to bench/cmd/perftcompare, e.g.
#   ./scripts/bench-perft.sh -reps 5 -skip notnil
# Results and how to read them: docs/BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}

find_stockfish() {
	command -v stockfish 2>/dev/null && return
	[ -x /usr/games/stockfish ] && echo /usr/games/stockfish && return
	return 1
}

if ! SF=$(find_stockfish); then
	echo "== stockfish is missing: installing Debian's package"
	if [ "$(id -u)" -ne 0 ]; then
		echo "bench-perft: need root to apt-get install stockfish (or install it and rerun)" >&2
		exit 1
	fi
	# Wait for another apt/dpkg run instead of failing on its lock.
	apt-get -o DPkg::Lock::Timeout=600 update
	DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y stockfish
	SF=$(find_stockfish)
fi

echo "== machine"
echo "cores (nproc):  $(nproc)"
echo "cpu:            $(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | head -1)"
echo "go:             $($GO version)"
echo "stockfish:      $SF: $(printf 'uci\nquit\n' | "$SF" | sed -n 's/^id name //p')"
echo "stockfish build: $(printf 'compiler\nquit\n' | "$SF" | sed -n 's/^Compilation settings include:[[:space:]]*//p')"
echo "load average:   $(cut -d" " -f1-3 /proc/loadavg) (other work on the machine skews the figures)"
echo

echo "== go test -run '^\$' -bench . -benchtime 300ms ./chess"
$GO test -run '^$' -bench . -benchtime 300ms ./chess
echo

echo "== cd bench && go run ./cmd/perftcompare -stockfish $SF $*"
cd bench
$GO run ./cmd/perftcompare -stockfish "$SF" "$@"
