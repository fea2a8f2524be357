#!/usr/bin/env -S dtrace -qs
/*
 * tcpconnect.d: active TCP connections: every connect(2) that sends a
 * SYN, one line each as it starts, with the process and where it is
 * connecting to.
 *
 * Usage: ./tcpconnect.d            every process
 *        ./tcpconnect.d -p PID     only PID
 *
 * Columns: TIME(s) since the tool started; PID and COMM of the process
 * connecting; IP, 4 or 6; SADDR, the local address chosen for it;
 * DADDR and DPORT, where to. Whether the connection succeeds is not
 * shown here (tcplife.d and tcpstates.d follow it; soconnect.d shows
 * connect(2)'s result). Unexpected destinations, a flood of
 * connections to one service (no connection pooling), or connections
 * to a port nothing listens on are what this finds.
 *
 * Probes: sdt:sock::inet_sock_set_state of a TCP socket (protocol 6)
 * going from CLOSE (7) to SYN_SENT (2), in the connecting process; its
 * struct sock.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %2s %-26s %-26s %5s\n", "TIME(s)", "PID",
	    "COMM", "IP", "SADDR", "DADDR", "DPORT");
}

sdt:sock::inet_sock_set_state
/args[0]->sk_protocol == 6 && args[1] == 7 && args[2] == 2 &&
    ($target == 0 || pid == $target)/
{
	this->sk = args[0];
	this->v4 = this->sk->__sk_common.skc_family == AF_INET;
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %2d %-26s %-26s %5d\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, execname, this->v4 ? 4 : 6,
	    this->v4 ? inet_ntoa(&this->sk->__sk_common.skc_rcv_saddr) :
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_rcv_saddr),
	    this->v4 ? inet_ntoa(&this->sk->__sk_common.skc_daddr) :
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_daddr),
	    ntohs(this->sk->__sk_common.skc_dport));
}
