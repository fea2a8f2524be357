#!/usr/bin/env -S dtrace -qs
/*
 * tcplife.d: TCP connections as they end, one line each with its
 * endpoints, the data it carried and how long it lived: a log of every
 * connection, client and server side.
 *
 * Usage: ./tcplife.d
 *
 * Columns: PID and COMM, the process that opened the connection
 * (connect(2)) or accepted it, or the one that closed it; "-" for a
 * connection no process was seen to own (accepted before the tool
 * started, and closed by the kernel: a reset, a timeout); IP, 4 or 6; LADDR and LPORT, RADDR and RPORT, the
 * local and remote ends; TX_KB and RX_KB, the KiB sent (and
 * acknowledged) and received; MS, from the first state change seen
 * (the SYN, or the connection's establishment for an accepted one) to
 * its close. Short connections moving little data are the cost of not
 * reusing connections; long ones moving little are idle keep-alives.
 * Listening sockets are left out. Connections that began before the
 * tool started are shown from the first change it saw.
 *
 * Probes: sdt:sock::inet_sock_set_state of TCP sockets; the byte counts
 * from the struct tcp_sock (bytes_acked, bytes_received);
 * syscall::accept and accept4 return, for the process accepting.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%7s %-16s %2s %-26s %5s %-26s %5s %8s %8s %10s\n", "PID", "COMM",
	    "IP", "LADDR", "LPORT", "RADDR", "RPORT", "TX_KB", "RX_KB", "MS");
}

/* LISTEN (10): a listening socket, not a connection. */
sdt:sock::inet_sock_set_state
/args[0]->sk_protocol == 6 && args[1] != 10 && args[2] != 10 &&
    !born[arg0]/
{
	born[arg0] = timestamp;
}

/*
 * SYN_SENT (2): connect(2); FIN_WAIT1 (4) and LAST_ACK (9): close(2).
 * These happen in the process that owns the connection. An accepted
 * connection's owner is the process that accepted it (below).
 */
sdt:sock::inet_sock_set_state
/args[0]->sk_protocol == 6 && (args[2] == 2 || args[2] == 4 ||
    args[2] == 9)/
{
	owner[arg0] = pid;
	ownername[arg0] = execname;
}

syscall::accept:return,
syscall::accept4:return
/(int)arg1 >= 0 && arg1 < curthread->files->fdt->max_fds/
{
	this->f = curthread->files->fdt->fd[arg1];
	this->sk = this->f != NULL && (this->f->f_inode->i_mode & 0xf000) ==
	    0xc000 ? ((struct socket *)this->f->private_data)->sk : NULL;
}

syscall::accept:return,
syscall::accept4:return
/(int)arg1 >= 0 && arg1 < curthread->files->fdt->max_fds &&
    this->sk != NULL && born[(uint64_t)this->sk]/
{
	owner[(uint64_t)this->sk] = pid;
	ownername[(uint64_t)this->sk] = execname;
}

/* CLOSE (7): the end. */
sdt:sock::inet_sock_set_state
/args[0]->sk_protocol == 6 && args[2] == 7 && born[arg0]/
{
	this->sk = args[0];
	this->tp = (struct tcp_sock *)args[0];
	this->v4 = this->sk->__sk_common.skc_family == AF_INET;
	printf("%7d %-16s %2d %-26s %5d %-26s %5d %8d %8d %10d\n", owner[arg0],
	    owner[arg0] ? ownername[arg0] : "-", this->v4 ? 4 : 6,
	    this->v4 ? inet_ntoa(&this->sk->__sk_common.skc_rcv_saddr) :
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_rcv_saddr),
	    ntohs(((struct inet_sock *)this->sk)->inet_sport),
	    this->v4 ? inet_ntoa(&this->sk->__sk_common.skc_daddr) :
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_daddr),
	    ntohs(this->sk->__sk_common.skc_dport),
	    this->tp->bytes_acked / 1024, this->tp->bytes_received / 1024,
	    (timestamp - born[arg0]) / 1000000);
}

sdt:sock::inet_sock_set_state
/args[2] == 7/
{
	born[arg0] = 0;
	owner[arg0] = 0;
	ownername[arg0] = 0;
}
