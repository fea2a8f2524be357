#!/usr/bin/env -S dtrace -qs
/*
 * tcpstates.d: every TCP state change, one line each as it happens, with
 * how long the connection spent in the state it leaves.
 *
 * Usage: ./tcpstates.d
 *
 * Columns: TIME(s) since the tool started; SKADDR, the kernel's socket
 * (to follow one connection through its states); PID and COMM, the
 * process running when the change happened (the owner for changes its
 * calls cause: connect, listen, close; whatever ran for the ones
 * packets cause); LADDR, LPORT, RADDR, RPORT; OLDSTATE -> NEWSTATE; MS,
 * the time spent in OLDSTATE, when the tool saw the socket enter it.
 * A connection's life reads top to bottom: CLOSE -> SYN_SENT ->
 * ESTABLISHED -> FIN_WAIT1 -> FIN_WAIT2 -> CLOSE for a client that
 * closes first. Long times in SYN_SENT are slow or lost handshakes; in
 * CLOSE_WAIT, an application that does not close its end.
 *
 * Probes: sdt:sock::inet_sock_set_state of TCP sockets.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

uint64_t entered[uint64_t];	/* when each socket entered its state */

BEGIN
{
	st[1] = "ESTABLISHED"; st[2] = "SYN_SENT"; st[3] = "SYN_RECV";
	st[4] = "FIN_WAIT1"; st[5] = "FIN_WAIT2"; st[6] = "TIME_WAIT";
	st[7] = "CLOSE"; st[8] = "CLOSE_WAIT"; st[9] = "LAST_ACK";
	st[10] = "LISTEN"; st[11] = "CLOSING"; st[12] = "NEW_SYN_RECV";
	start = timestamp;
	printf("%-10s %-16s %7s %-16s %-26s %5s %-26s %5s %-11s    %-11s %8s\n",
	    "TIME(s)", "SKADDR", "PID", "COMM", "LADDR", "LPORT", "RADDR", "RPORT",
	    "OLDSTATE", "NEWSTATE", "MS");
}

sdt:sock::inet_sock_set_state
/args[0]->sk_protocol == 6/
{
	this->sk = args[0];
	this->now = timestamp;
	this->t = this->now - start;
	this->v4 = this->sk->__sk_common.skc_family == AF_INET;
	printf("%6d.%03d %-16p %7d %-16s %-26s %5d %-26s %5d %-11s -> %-11s ",
	    this->t / 1000000000, this->t / 1000000 % 1000, arg0, pid, execname,
	    this->v4 ? inet_ntoa(&this->sk->__sk_common.skc_rcv_saddr) :
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_rcv_saddr),
	    ntohs(((struct inet_sock *)this->sk)->inet_sport),
	    this->v4 ? inet_ntoa(&this->sk->__sk_common.skc_daddr) :
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_daddr),
	    ntohs(this->sk->__sk_common.skc_dport),
	    args[1] <= 12 ? st[args[1]] : lltostr(args[1]),
	    args[2] <= 12 ? st[args[2]] : lltostr(args[2]));
}

sdt:sock::inet_sock_set_state
/args[0]->sk_protocol == 6 && entered[arg0]/
{
	printf("%8d\n", (this->now - entered[arg0]) / 1000000);
}

sdt:sock::inet_sock_set_state
/args[0]->sk_protocol == 6 && !entered[arg0]/
{
	printf("%8s\n", "-");
}

sdt:sock::inet_sock_set_state
/args[0]->sk_protocol == 6/
{
	entered[arg0] = args[2] == 7 ? 0 : this->now;
}
