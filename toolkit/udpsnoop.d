#!/usr/bin/env -S dtrace -qs
/*
 * udpsnoop.d: every UDP datagram sent and received, one line each, with
 * the process, both addresses and ports, and the size: DNS, NTP, QUIC,
 * syslog and metrics traffic, including unconnected sockets (sendto(2)
 * with an address each time), which udpconnect.d cannot see.
 *
 * Usage: ./udpsnoop.d           every datagram
 *        ./udpsnoop.d PORT      only those from or to PORT (53: DNS)
 *
 * Columns: TIME(s) since the tool started; PID and COMM, the process
 * that sent the datagram or, for one received, the one that ran when it
 * came in (datagrams arrive in soft interrupts: that is seldom their
 * receiver; over loopback it is their sender); D, S sent or R received;
 * SADDR:SPORT > DADDR:DPORT, the datagram's source and destination;
 * BYTES, the data it carries (its UDP length less the 8-byte header). A
 * datagram over loopback shows twice, sent then received.
 *
 * Probes: udp:::send and udp:::receive, their ipinfo_t (addresses) and
 * udpinfo_t (ports, length).
 */
#pragma D option quiet
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %1s %-32s  %-32s %6s\n", "TIME(s)", "PID",
	    "COMM", "D", "SADDR:SPORT", "DADDR:DPORT", "BYTES");
}

udp:::send,
udp:::receive
/$1 == 0 || args[4]->udp_sport == $1 || args[4]->udp_dport == $1/
{
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %1s %-32s> %-32s %6d\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, execname,
	    probename == "send" ? "S" : "R",
	    strjoin(strjoin(args[2]->ip_saddr, ":"),
	    lltostr(args[4]->udp_sport)),
	    strjoin(strjoin(args[2]->ip_daddr, ":"),
	    lltostr(args[4]->udp_dport)),
	    args[4]->udp_length >= 8 ? args[4]->udp_length - 8 : 0);
}
