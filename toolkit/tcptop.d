#!/usr/bin/env -S dtrace -qs
/*
 * tcptop.d: TCP throughput by process and connection, a screenful every
 * few seconds: who moves the most data over TCP, and with whom.
 *
 * Usage: ./tcptop.d          every 5 seconds
 *        ./tcptop.d 1        every second
 *
 * Each interval prints the time, then one row per (process,
 * connection), the busiest last: PID and COMM of the process sending
 * or receiving; LADDR:LPORT and RADDR:RPORT; TX_KB and RX_KB, the KiB
 * it wrote to and read from the connection (what the process moved,
 * not packets on the wire: retransmissions and headers are not
 * counted). Ctrl-C prints the interval so far and ends.
 *
 * Probes: sdt:sock::sock_send_length and sock_recv_length (each
 * successful send and receive on a socket, in the process) of TCP
 * sockets.
 */
#pragma D option quiet
#pragma D option defaultargs
#pragma D option strsize=64

BEGIN
{
	interval = $1 > 0 ? $1 : 5;
	printf("Tracing TCP sends and receives every %d seconds... Hit Ctrl-C to end.\n",
	    interval);
}

sdt:sock::sock_send_length,
sdt:sock::sock_recv_length
/args[0]->sk_protocol == 6 && args[1] > 0/
{
	this->sk = args[0];
	this->v4 = this->sk->__sk_common.skc_family == AF_INET;
	this->laddr = strjoin(strjoin(this->v4 ?
	    inet_ntoa(&this->sk->__sk_common.skc_rcv_saddr) :
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_rcv_saddr), ":"),
	    lltostr(ntohs(((struct inet_sock *)this->sk)->inet_sport)));
	this->raddr = strjoin(strjoin(this->v4 ?
	    inet_ntoa(&this->sk->__sk_common.skc_daddr) :
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_daddr), ":"),
	    lltostr(ntohs(this->sk->__sk_common.skc_dport)));
	@tx[pid, execname, this->laddr, this->raddr] =
	    sum(probename == "sock_send_length" ? args[1] : 0);
	@rx[pid, execname, this->laddr, this->raddr] =
	    sum(probename == "sock_recv_length" ? args[1] : 0);
}

tick-1s
/++secs >= interval/
{
	secs = 0;
	report = 1;
}

END
{
	report = 1;
}

tick-1s,
END
/report/
{
	normalize(@tx, 1024);
	normalize(@rx, 1024);
	printf("\n%Y\n%7s %-16s %-32s %-32s %8s %8s\n", walltimestamp, "PID",
	    "COMM", "LADDR:LPORT", "RADDR:RPORT", "TX_KB", "RX_KB");
	printa("%7d %-16s %-32s %-32s %@8d %@8d\n", @tx, @rx);
	trunc(@tx);
	trunc(@rx);
	report = 0;
}
