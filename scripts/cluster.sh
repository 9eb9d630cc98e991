#!/usr/bin/env bash
# make cluster: three JoinPal nodes on one PostgreSQL database, sharing
# events through NATS, behind nginx on http://127.0.0.1:8090 (deploy/).
# PostgreSQL and NATS must be up (make services). A node that exits (killed
# to try failover) leaves the others running; the script prints the line
# that starts it again. Ctrl-C stops it all: the nodes gracefully
# (SIGTERM), then nginx.
#
# The three nodes share this machine: each gets a third of its cores
# (GOMAXPROCS, at least 1) and collects when its heap has grown by four
# times what it holds live (JOINPAL_GC_PERCENT=400), unless the
# environment says otherwise (docs/CLUSTER.md, "Several nodes on one
# machine").
# JOINPAL_CLUSTER_DB is the database (a new database joinpal_cluster on the
# test server by default, created if missing); the logs go to data/cluster/.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${BIN:-bin/joinpal}
NATS=${JOINPAL_CLUSTER_NATS:-nats://127.0.0.1:4222}
ADMIN=${JOINPAL_CLUSTER_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
DB=${JOINPAL_CLUSTER_DB:-postgres://postgres@127.0.0.1:5432/joinpal_cluster?sslmode=disable}
DIR=data/cluster
URL=http://127.0.0.1:8090
cores=$(nproc)
export GOMAXPROCS=${GOMAXPROCS:-$(( cores >= 3 ? cores / 3 : 1 ))}
export JOINPAL_GC_PERCENT=${JOINPAL_GC_PERCENT:-400}

command -v nginx >/dev/null || {
	echo "installing nginx-light"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light
}
if [ -z "${JOINPAL_CLUSTER_DB:-}" ]; then
	psql -q "$ADMIN" -tAc "SELECT 1 FROM pg_database WHERE datname = 'joinpal_cluster'" | grep -q 1 ||
		psql -q "$ADMIN" -c "CREATE DATABASE joinpal_cluster" >/dev/null
fi

mkdir -p "$DIR/nginx/tmp"
# Every socket is a file, on each side of nginx: as root, room for many
# (nginx's workers cannot raise their limit past the hard one they inherit).
ulimit -n 1048576 2>/dev/null || true
declare -A node # pid → node number
ngx=
stop() {
	trap - INT TERM EXIT
	echo "stopping the cluster"
	for pid in "${!node[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
	for pid in "${!node[@]}"; do wait "$pid" 2>/dev/null || true; done
	if [ -n "$ngx" ]; then kill -TERM "$ngx" 2>/dev/null || true; wait "$ngx" 2>/dev/null || true; fi
	exit 0
}
trap stop INT TERM EXIT

# serve_args are the command and flags of node $1.
serve_args() {
	args=("$BIN" serve --addr "127.0.0.1:809$1" --db "$DB" --nats "$NATS" --nats-prefix joinpal-cluster
		--node "cluster-$1" --trusted-proxies 127.0.0.1)
}

for n in 1 2 3; do
	serve_args $n
	"${args[@]}" >>"$DIR/node-$n.log" 2>&1 &
	node[$!]=$n
	# One at a time: the first creates the schema.
	for _ in $(seq 100); do
		curl -fs "http://127.0.0.1:809$n/healthz" >/dev/null 2>&1 && break
		kill -0 "$!" 2>/dev/null || { echo "node $n did not start:"; tail -20 "$DIR/node-$n.log"; exit 1; }
		sleep 0.2
	done
done
nginx -p "$DIR/nginx/" -c "$PWD/deploy/nginx.conf" &
ngx=$!
echo "JoinPal cluster: $URL (nodes on 127.0.0.1:8091-8093, logs in $DIR/; Ctrl-C stops it)"
# Wait for what exits: nginx ends it all; a node only itself, so that the
# others go on (a failover to watch).
while :; do
	done_pid=
	status=0
	wait -n -p done_pid "$ngx" "${!node[@]}" || status=$?
	if [ "$done_pid" = "$ngx" ] || [ -z "$done_pid" ]; then
		echo "nginx exited ($status)"
		ngx=
		exit 1
	fi
	n=${node[$done_pid]}
	unset "node[$done_pid]"
	echo "node $n exited ($status); the others go on. To start it again (its log: $DIR/node-$n.log):"
	serve_args "$n"
	printf ' '
	printf ' %q' "${args[@]}"
	printf ' >>%q 2>&1\n' "$DIR/node-$n.log"
done
