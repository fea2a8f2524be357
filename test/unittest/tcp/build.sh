#!/bin/sh
# Builds the network providers' workload into /tmp/dtrace-net, with the
# scripts the tests run under -c (which takes no arguments), and makes
# the network namespace its tests' server lives in: dtnet47, joined to
# this one by the veth pair dtnet47a (here: 10.47.0.1, fd47::1) and
# dtnet47b (there: 10.47.0.2, fd47::2). Run again, it makes them anew.
set -e
mkdir -p /tmp/dtrace-net
cc -O1 -o /tmp/dtrace-net/network unittest/tcp/testdata/network.c
n=/tmp/dtrace-net/network
ns=/var/run/netns/dtnet47
script() {
	f=/tmp/dtrace-net/$1
	shift
	{ echo '#!/bin/sh'; echo 'set -e'; for c in "$@"; do echo "$c"; done; } >$f
	chmod +x $f
}
# Ports: v4 loopback 273x1, v6 loopback 273x2, v4 veth 273x3, v6 veth
# 273x4; x: 1 tcp (and 100 more, refused), 3 retransmissions, 5 udp.
script tcp-lo "$n tcp 127.0.47.1 127.0.47.2 27311" "$n tcp ::1 ::1 27312"
script tcp-ns "$n tcp 10.47.0.2 10.47.0.1 27313 $ns" "$n tcp fd47::2 fd47::1 27314 $ns"
script retrans "$n retrans 10.47.0.2 10.47.0.1 27333 $ns $PWD/unittest/tcp/link.sh" \
	"$n retrans fd47::2 fd47::1 27334 $ns $PWD/unittest/tcp/link.sh"
script udp "$n udp 127.0.47.1 127.0.47.2 27351" "$n udp ::1 ::1 27352" \
	"$n udp 10.47.0.2 10.47.0.1 27353 $ns" "$n udp fd47::2 fd47::1 27354 $ns"
command -v ip >/dev/null && command -v tc >/dev/null ||
	{ echo "build.sh: the tests need iproute2 (ip, tc)" >&2; exit 1; }
ip netns del dtnet47 2>/dev/null || true
ip link del dtnet47a 2>/dev/null || true
ip netns add dtnet47
ip link add dtnet47a type veth peer name dtnet47b
ip link set dtnet47b netns dtnet47
ip addr add 10.47.0.1/24 dev dtnet47a
ip netns exec dtnet47 ip addr add 10.47.0.2/24 dev dtnet47b
ip netns exec dtnet47 ip -6 addr add fd47::2/64 dev dtnet47b nodad
ip netns exec dtnet47 ip link set dtnet47b up
ip netns exec dtnet47 ip link set lo up
sh unittest/tcp/link.sh up
