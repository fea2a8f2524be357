#!/usr/bin/env -S dtrace -qs
/*
 * udpsnoop.d: every UDP datagram sent and received, one line each, with
 * the process, both addresses and ports, and the size: DNS, NTP, QUIC,
 * syslog and metrics traffic, including unconnected sockets (sendto(2)
 * with an address each time), which udpconnect.d cannot see.
 *
 * Usage: ./udpsnoop.d
 *
 * Waits for the udp provider (udp:::send and udp:::receive with their
 * ipinfo_t and udpinfo_t), which dtrace-go does not have yet: this
 * kernel's tracepoints give no per-datagram event with addresses on the
 * receiving side. Until then it prints that in one line and exits with
 * status 1.
 */
#pragma D option quiet

BEGIN
{
	printf("udpsnoop.d: waits for the udp provider (udp:::send, udp:::receive), which dtrace-go does not have yet\n");
	exit(1);
}
