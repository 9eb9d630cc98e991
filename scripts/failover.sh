#!/usr/bin/env bash
# Failover under load: three nodes on a new PostgreSQL database, NATS,
# nginx in front (deploy/nginx.conf, http://127.0.0.1:8090), and
# "joinpal loadtest --target" through nginx with --check-acks. Then:
#   scripts/failover.sh kill      SIGKILL node 2 after 25 s (no restart)
#   scripts/failover.sh rolling   SIGTERM each node in turn after 12 s,
#                                 start it again, 8 s apart
# PostgreSQL and NATS must be up (make services); GAMES (200) sets the
# games, THINK (500ms) the time between a game's moves, DURATION (45s) the
# measured phase and KILL_AT (25) the seconds from the start to the kill. Logs and the report go to data/failover/. The database is the
# test server's joinpal_failover, made anew each run.
set -euo pipefail
cd "$(dirname "$0")/.."

MODE=${1:-kill}
BIN=${BIN:-bin/joinpal}
GAMES=${GAMES:-200}
THINK=${THINK:-500ms}
DURATION=${DURATION:-45s}
KILL_AT=${KILL_AT:-25}
NATS=${JOINPAL_CLUSTER_NATS:-nats://127.0.0.1:4222}
ADMIN=${JOINPAL_CLUSTER_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
DB=postgres://postgres@127.0.0.1:5432/joinpal_failover?sslmode=disable
DIR=data/failover
mkdir -p "$DIR/nginx/tmp"
rm -f "$DIR"/node-*.log
# Every socket is a file, on each side of nginx: as root, room for them.
ulimit -n 1048576 2>/dev/null || true
psql -q "$ADMIN" -c "DROP DATABASE IF EXISTS joinpal_failover" -c "CREATE DATABASE joinpal_failover" >/dev/null

declare -A pid
start() {
	local n=$1
	"$BIN" serve --addr "127.0.0.1:809$n" --db "$DB" --nats "$NATS" --nats-prefix joinpal-failover \
		--node "failover-$n" --trusted-proxies 127.0.0.1 --new-games-limit 100000/1m \
		--sockets-per-user 100000 --sockets-per-address 100000 >>"$DIR/node-$n.log" 2>&1 &
	pid[$n]=$!
	for _ in $(seq 150); do
		curl -fs "http://127.0.0.1:809$n/healthz" >/dev/null 2>&1 && return
		sleep 0.2
	done
	echo "node $n did not start"; exit 1
}
stamp() { date -u +%H:%M:%S.%3N; }
for n in 1 2 3; do start $n; done
nginx -p "$DIR/nginx/" -c "$PWD/deploy/nginx.conf" 2>"$DIR/nginx.log" &
ngx=$!
trap 'kill -TERM ${pid[@]} $ngx 2>/dev/null || true' EXIT
sleep 1
"$BIN" loadtest --target http://127.0.0.1:8090 --games "$GAMES" --guests 20 --duration "$DURATION" --think "$THINK" \
	--tc 5+0 --check-acks >"$DIR/report.txt" 2>"$DIR/loadtest.log" &
lt=$!
case $MODE in
kill)
	sleep "$KILL_AT"
	echo "SIGKILL node 2 at $(stamp)"
	kill -KILL "${pid[2]}"
	unset 'pid[2]'
	;;
rolling)
	sleep $((KILL_AT / 2))
	for n in 1 2 3; do
		echo "SIGTERM node $n at $(stamp)"
		kill -TERM "${pid[$n]}"
		wait "${pid[$n]}" || true
		start $n
		echo "node $n back at $(stamp)"
		sleep 8
	done
	;;
*)
	echo "usage: $0 kill|rolling"; exit 2
	;;
esac
status=0
wait $lt || status=$?
cat "$DIR/report.txt"
tail -1 "$DIR/loadtest.log"
grep -h "took over" "$DIR"/node-*.log | sed 's/ level=INFO msg="live: took over the games of dead or stopped nodes"//' | sort
echo "writes refused to a stale owner: $(cat "$DIR"/node-*.log | grep -c 'another node owns' || true)"
psql -qtA "$DB" -c "SELECT 'games by status/termination: ' || string_agg(status || '/' || termination || ' ' || n, ', ') FROM (SELECT status, termination, count(*) n FROM games GROUP BY 1, 2) s"
exit $status
