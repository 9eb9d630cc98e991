#!/usr/bin/env bash
# Load across the cluster: NODES (1-3, the first argument; 3 by default)
# nodes on a new PostgreSQL database, NATS, nginx in front
# (deploy/nginx.conf with only those nodes, http://127.0.0.1:8090), and
# "joinpal loadtest --target --check-acks" through nginx. Then each node's CPU (over the
# whole run, setup included) and memory, the game commands it forwarded to
# another node over NATS (few while nginx routes each game's sockets to its
# node), and the machine's load.
#   GAMES (1000)  games at once, two sockets each
#   THINK (1s)    time between a game's moves (0: as fast as possible)
#   DURATION (30s) the measured phase; TC (10+0) the games' clock
#   PPROF (unset) 1: node N serves Go's profiler on 127.0.0.1:606N
#   LOADGENS (1)  load generators run side by side, GAMES shared among
#                 them: a process may open 20,000 files here, so 20,000
#                 games (40,000 sockets) need three. Each prints its own
#                 report, of one window: they wait for each other to
#                 begin and to end it; nginx then runs a worker per 4,500 sockets, on
#                 a listening socket of each worker's own (reuseport).
# PostgreSQL and NATS must be up (make services). Logs and the report go
# to data/clusterload/. The database is the test server's
# joinpal_clusterload, made anew each run.
set -euo pipefail
cd "$(dirname "$0")/.."

NODES=${1:-3}
BIN=${BIN:-bin/joinpal}
GAMES=${GAMES:-1000}
THINK=${THINK:-1s}
DURATION=${DURATION:-30s}
TC=${TC:-10+0}
LOADGENS=${LOADGENS:-1}
NATS=${JOINPAL_CLUSTER_NATS:-nats://127.0.0.1:4222}
ADMIN=${JOINPAL_CLUSTER_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
DB=postgres://postgres@127.0.0.1:5432/joinpal_clusterload?sslmode=disable
DIR=data/clusterload
command -v nginx >/dev/null || {
	echo "installing nginx-light"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light
}
mkdir -p "$DIR/nginx/tmp"
rm -f "$DIR"/node-*.log "$DIR"/report*.txt "$DIR"/loadtest*.log
# Every socket is a file, on each side: as root, room for 40,000 of them.
ulimit -n 1048576 2>/dev/null || true
psql -q "$ADMIN" -c "DROP DATABASE IF EXISTS joinpal_clusterload" -c "CREATE DATABASE joinpal_clusterload" >/dev/null

declare -A pid
for n in $(seq "$NODES"); do
	prof=()
	[ -n "${PPROF:-}" ] && prof=(--pprof "127.0.0.1:606$n")
	"$BIN" serve "${prof[@]}" --addr "127.0.0.1:809$n" --db "$DB" --nats "$NATS" --nats-prefix joinpal-clusterload \
		--node "load-$n" --trusted-proxies 127.0.0.1 --new-games-limit 1000000/1m --guest-limit 1000/1m \
		--sockets-per-user 1000000 --sockets-per-address 1000000 >>"$DIR/node-$n.log" 2>&1 &
	pid[$n]=$!
	for _ in $(seq 150); do
		curl -fs "http://127.0.0.1:809$n/healthz" >/dev/null 2>&1 && break
		sleep 0.2
	done
done
# nginx with the running nodes only.
# A proxied socket holds two of a worker's files.
workers=$(( GAMES * 2 / 4500 + 1 ))
awk -v n="$NODES" '
	/^\tupstream joinpal_[1-9] / {
		if (substr($2, 9, 1) > n) next
		for (i = n + 1; i <= 9; i++) gsub("server 127\\.0\\.0\\.1:809" i " backup; ", "")
		print; next
	}
	/^\t\t~-[1-9]\$/ { if (substr($1, 3, 1) > n) next }
	!/server 127\.0\.0\.1:809[1-9]/ || substr($2, 14, 1) <= n
' deploy/nginx.conf >"$DIR/nginx.conf"
if [ "$workers" -gt 2 ]; then
	sed -i -e "s/^worker_processes .*/worker_processes $workers;/" \
		-e "s/listen 127\.0\.0\.1:8090;/listen 127.0.0.1:8090 reuseport;/" "$DIR/nginx.conf"
fi
nginx -p "$DIR/nginx/" -c "$PWD/$DIR/nginx.conf" 2>"$DIR/nginx.log" &
ngx=$!
trap 'kill -TERM ${pid[@]} $ngx 2>/dev/null || true; wait' EXIT
sleep 1

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
declare -A before
for n in "${!pid[@]}"; do before[$n]=$(ticks "${pid[$n]}"); done
t0=$(date +%s.%N)
status=0
# Generators side by side measure one window: each waits for the others
# before its measured phase and before its sockets close.
together=()
if [ "$LOADGENS" -gt 1 ]; then
	rm -rf "$DIR/generators" && mkdir -p "$DIR/generators"
	together=(--generators "$LOADGENS" --generators-dir "$DIR/generators")
fi
declare -A gen
for g in $(seq "$LOADGENS"); do
	"$BIN" loadtest --target http://127.0.0.1:8090 --games $(( GAMES / LOADGENS )) --guests 20 --duration "$DURATION" \
		--think "$THINK" --tc "$TC" --check-acks "${together[@]}" >"$DIR/report-$g.txt" 2>"$DIR/loadtest-$g.log" &
	gen[$g]=$!
done
for g in "${!gen[@]}"; do wait "${gen[$g]}" || status=$?; done
t1=$(date +%s.%N)
for g in $(seq "$LOADGENS"); do
	[ "$LOADGENS" -gt 1 ] && echo "== load generator $g of $LOADGENS"
	cat "$DIR/report-$g.txt"
	tail -2 "$DIR/loadtest-$g.log"
done
if [ "$LOADGENS" -gt 1 ]; then
	awk '/^moves / { n += $4 } END { printf "all generators: %d moves/s\n", n }' "$DIR"/report-*.txt
fi
hz=$(getconf CLK_TCK)
for n in $(seq "$NODES"); do
	p=${pid[$n]}
	cpu=$(awk -v a="${before[$n]}" -v b="$(ticks "$p")" -v hz="$hz" -v t0="$t0" -v t1="$t1" 'BEGIN { printf "%.2f", (b - a) / hz / (t1 - t0) }')
	fwd=$(curl -fs "http://127.0.0.1:809$n/metrics" | awk '/^joinpal_game_commands_forwarded_total / { printf "%d", $2 }')
	echo "node $n: commands forwarded to another node ${fwd:-?}, moves acked $(curl -fs "http://127.0.0.1:809$n/metrics" | awk '/^joinpal_moves_total / { printf "%d", $2 }')"
	echo "node $n: CPU $cpu cores over $(awk -v t0="$t0" -v t1="$t1" 'BEGIN { printf "%.0f", t1 - t0 }') s, RSS $(awk '/VmRSS/ {printf "%.0f MiB", $2/1024}' "/proc/$p/status") (peak $(awk '/VmHWM/ {printf "%.0f MiB", $2/1024}' "/proc/$p/status"))"
done
echo "load: $(uptime)"
exit $status
