#!/usr/bin/env bash
# A "remote browser host" for the remote-link E2E rows (issue 17): a network namespace joined to this
# host by a veth pair on a private /30 (10.231.250.0/30). `.ci/run` brings it up before the tests and
# takes it down from an EXIT trap; the rows read its names from the SIGHTLINE_REMOTE_* variables this
# script prints (`up`), and create a namespace of their own when those are unset (a developer's run).
#   usage: scripts/remote-netns.sh up|down
# `up` prints `export …` lines on success; where namespaces are unavailable (not Linux, not root, no
# `ip`) it prints a one-line reason on stderr and exits 0 printing nothing, so the rows skip with it.
set -uo pipefail
NS=sl-ci-remote
HOST_IF=slci0
NS_IF=slci1
HOST_IP=10.231.250.1
NS_IP=10.231.250.2

down() {
  ip netns del "$NS" 2>/dev/null
  ip link del "$HOST_IF" 2>/dev/null
  return 0
}

up() {
  if [ "$(uname -s)" != Linux ]; then echo "remote-netns: skipped (network namespaces are Linux only)" >&2; return 0; fi
  if [ "$(id -u)" != 0 ]; then echo "remote-netns: skipped (creating a network namespace needs root)" >&2; return 0; fi
  if ! command -v ip >/dev/null 2>&1; then echo "remote-netns: skipped (no 'ip' command; install iproute2)" >&2; return 0; fi
  down
  local step
  while read -r step; do
    # shellcheck disable=SC2086
    if ! err=$(ip $step 2>&1); then
      echo "remote-netns: skipped (ip $step: $err)" >&2
      down
      return 0
    fi
  done <<STEPS
netns add $NS
link add $HOST_IF type veth peer name $NS_IF
link set $NS_IF netns $NS
addr add $HOST_IP/30 dev $HOST_IF
link set $HOST_IF up
netns exec $NS ip addr add $NS_IP/30 dev $NS_IF
netns exec $NS ip link set $NS_IF up
netns exec $NS ip link set lo up
STEPS
  echo "export SIGHTLINE_REMOTE_NETNS=$NS SIGHTLINE_REMOTE_HOST_IF=$HOST_IF SIGHTLINE_REMOTE_HOST_IP=$HOST_IP SIGHTLINE_REMOTE_NS_IP=$NS_IP"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  *) echo "usage: $0 up|down" >&2; exit 2 ;;
esac
