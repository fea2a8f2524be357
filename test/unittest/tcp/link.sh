#!/bin/sh
# Stops (down) or resumes (up) the delivery of the packets the network
# namespace dtnet47 sends, by taking this end of its veth pair, dtnet47a,
# down or up: a veth drops what it sends to a peer that is down and tells
# the sender it was sent. Up, it makes the neighbours known both ways
# again (taking a device down forgets them), so that no resolution delays
# or adds a packet.
set -e
ip link set dtnet47a "$1"
[ "$1" = up ] || exit 0
# IPv6 forgets the device's addresses as it goes down.
ip -6 addr replace fd47::1/64 dev dtnet47a nodad
ns=$(ip netns exec dtnet47 cat /sys/class/net/dtnet47b/address)
here=$(cat /sys/class/net/dtnet47a/address)
ip neigh replace 10.47.0.2 lladdr "$ns" dev dtnet47a
ip -6 neigh replace fd47::2 lladdr "$ns" dev dtnet47a
ip netns exec dtnet47 ip neigh replace 10.47.0.1 lladdr "$here" dev dtnet47b
ip netns exec dtnet47 ip -6 neigh replace fd47::1 lladdr "$here" dev dtnet47b
