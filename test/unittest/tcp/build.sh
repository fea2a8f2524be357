#!/bin/sh
# Builds the network providers' workload into /tmp/dtrace-net, and makes
# the network namespace its tests' server lives in: dtnet47, joined to
# this one by the veth pair dtnet47a (here: 10.47.0.1, fd47::1) and
# dtnet47b (there: 10.47.0.2, fd47::2). Run again, it makes them anew.
set -e
mkdir -p /tmp/dtrace-net
cc -O1 -o /tmp/dtrace-net/network unittest/tcp/testdata/network.c
command -v ip >/dev/null && command -v tc >/dev/null ||
	{ echo "build.sh: the tests need iproute2 (ip, tc)" >&2; exit 1; }
ip netns del dtnet47 2>/dev/null || true
ip link del dtnet47a 2>/dev/null || true
ip netns add dtnet47
ip link add dtnet47a type veth peer name dtnet47b
ip link set dtnet47b netns dtnet47
ip addr add 10.47.0.1/24 dev dtnet47a
ip -6 addr add fd47::1/64 dev dtnet47a nodad
ip link set dtnet47a up
ip netns exec dtnet47 ip addr add 10.47.0.2/24 dev dtnet47b
ip netns exec dtnet47 ip -6 addr add fd47::2/64 dev dtnet47b nodad
ip netns exec dtnet47 ip link set dtnet47b up
ip netns exec dtnet47 ip link set lo up
sh unittest/tcp/link.sh up
