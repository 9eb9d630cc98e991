#!/usr/bin/env bash
# make cluster: three JoinPal nodes on one PostgreSQL database, sharing
# events through NATS, behind nginx on http://127.0.0.1:8090 (deploy/).
# PostgreSQL and NATS must be up (make services). Ctrl-C stops it all: the
# nodes gracefully (SIGTERM), then nginx.
#
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

command -v nginx >/dev/null || {
	echo "installing nginx-light"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light
}
if [ -z "${JOINPAL_CLUSTER_DB:-}" ]; then
	psql -q "$ADMIN" -tAc "SELECT 1 FROM pg_database WHERE datname = 'joinpal_cluster'" | grep -q 1 ||
		psql -q "$ADMIN" -c "CREATE DATABASE joinpal_cluster" >/dev/null
fi

mkdir -p "$DIR/nginx/tmp"
pids=()
stop() {
	trap - INT TERM EXIT
	echo "stopping the cluster"
	for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
	for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop INT TERM EXIT

for n in 1 2 3; do
	"$BIN" serve --addr "127.0.0.1:809$n" --db "$DB" --nats "$NATS" --nats-prefix joinpal-cluster \
		--node "cluster-$n" --trusted-proxies 127.0.0.1 >"$DIR/node-$n.log" 2>&1 &
	pids+=($!)
	# One at a time: the first creates the schema.
	for _ in $(seq 100); do
		curl -fs "http://127.0.0.1:809$n/healthz" >/dev/null 2>&1 && break
		kill -0 "${pids[-1]}" 2>/dev/null || { echo "node $n did not start:"; tail -20 "$DIR/node-$n.log"; exit 1; }
		sleep 0.2
	done
done
nginx -p "$DIR/nginx/" -c "$PWD/deploy/nginx.conf" &
pids+=($!)
echo "JoinPal cluster: $URL (nodes on 127.0.0.1:8091-8093, logs in $DIR/; Ctrl-C stops it)"
wait -n "${pids[@]}" || true
