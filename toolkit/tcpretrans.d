#!/usr/bin/env -S dtrace -qs
/*
 * tcpretrans.d: TCP retransmissions, one line per segment sent again,
 * with the connection and its state; on Ctrl-C, the counts by
 * connection.
 *
 * Usage: ./tcpretrans.d
 *
 * Columns: TIME(s) since the tool started; PID, the process running
 * when the kernel retransmitted (mostly a timer's, rarely the owner);
 * IP; LADDR:LPORT and RADDR:RPORT, the connection; STATE, its TCP
 * state (SYN_SENT: the SYN went unanswered, the peer is unreachable or
 * its accept queue is full; ESTABLISHED: data or acknowledgements were
 * lost). Retransmissions cost latency (a timeout is 200 ms at least,
 * then doubles) and are a sign of packet loss or an overloaded peer.
 *
 * Probes: sdt:tcp::tcp_retransmit_skb, its struct sock.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	st[1] = "ESTABLISHED"; st[2] = "SYN_SENT"; st[3] = "SYN_RECV";
	st[4] = "FIN_WAIT1"; st[5] = "FIN_WAIT2"; st[6] = "TIME_WAIT";
	st[7] = "CLOSE"; st[8] = "CLOSE_WAIT"; st[9] = "LAST_ACK";
	st[10] = "LISTEN"; st[11] = "CLOSING"; st[12] = "NEW_SYN_RECV";
	start = timestamp;
	printf("%-10s %7s %2s %-32s    %-32s %s\n", "TIME(s)", "PID", "IP",
	    "LADDR:LPORT", "RADDR:RPORT", "STATE");
}

sdt:tcp::tcp_retransmit_skb
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
	this->state = this->sk->__sk_common.skc_state;
	this->t = timestamp - start;
	printf("%6d.%03d %7d %2d %-32s R> %-32s %s\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, this->v4 ? 4 : 6, this->laddr,
	    this->raddr, this->state <= 12 ? st[this->state] :
	    lltostr(this->state));
	@retrans[this->laddr, this->raddr] = count();
}

END
{
	printf("\n%-32s    %-32s %8s\n", "LADDR:LPORT", "RADDR:RPORT", "RETRANS");
	printa("%-32s R> %-32s %@8d\n", @retrans);
}
