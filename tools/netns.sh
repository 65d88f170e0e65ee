#!/bin/sh
# Run a command in a network namespace of its own (docs/app.md, "Online tables: transport";
# /work/shared/RUNTIME.md, "WebRTC in tests"): only loopback and a veth pair (10.77.0.1 <->
# 10.77.0.2), so WebRTC's host candidates are the pair's address and nothing leaves the
# namespace. Inside, web servers and the relay listen on 127.0.0.1 as usual.
#
#   tools/netns.sh .venv/bin/python -m pytest -m online
#
# Needs root (CI runs as root); otherwise a user namespace is tried (unshare -rn). The command
# sees BRISCOLA_NETNS=1 (the online tests refuse to run without it).
set -eu
if [ "${1:-}" != "--inside" ]; then
  [ $# -gt 0 ] || { echo "usage: tools/netns.sh COMMAND [ARG...]" >&2; exit 2; }
  how=-n
  [ "$(id -u)" = 0 ] || how=-rn
  if ! unshare "$how" true 2>/dev/null; then
    echo "tools/netns.sh: cannot make a network namespace here (unshare $how: needs root or user namespaces)" >&2
    exit 1
  fi
  exec unshare "$how" -- "$0" --inside "$@"
fi
shift
PATH=$PATH:/usr/sbin:/sbin
ip link set lo up
# No IPv6 on the pair: its link-local addresses settle (DAD) a second or two after the links come
# up, and Chromium, started meanwhile, sees the network change and fails the page's first loads
# (net::ERR_NETWORK_CHANGED: the first online test of a run then never got past "loading").
sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 2>/dev/null \
  || echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6 2>/dev/null || true
ip link add v0 type veth peer name v1
ip addr add 10.77.0.1/24 dev v0
ip addr add 10.77.0.2/24 dev v1
ip link set v0 up
ip link set v1 up
ip route add default via 10.77.0.2 dev v0
sleep 1  # let the links settle before any browser watches the network
export BRISCOLA_NETNS=1
exec "$@"
