#!/usr/bin/env -S dtrace -qs
/*
 * tcpaccept.d: passive TCP connections: every connection a process
 * accepts (accept(2), accept4(2)), one line each as the call returns.
 *
 * Usage: ./tcpaccept.d            every process
 *        ./tcpaccept.d -p PID     only PID
 *
 * Columns: TIME(s) since the tool started; PID and COMM of the process
 * accepting; IP, 4 or 6; RADDR and RPORT, the client; LADDR and LPORT,
 * the local address and port it connected to. Who talks to a service,
 * how often, and from where; a client reconnecting for every request
 * shows as a stream of lines with rising RPORTs.
 *
 * Probes: syscall::accept and accept4 return; the new descriptor's
 * socket and its struct sock, through the process's descriptor table.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %2s %-26s %5s %-26s %5s\n", "TIME(s)", "PID",
	    "COMM", "IP", "RADDR", "RPORT", "LADDR", "LPORT");
}

syscall::accept:return,
syscall::accept4:return
/(int)arg1 >= 0 && ($target == 0 || pid == $target) &&
    arg1 < curthread->files->fdt->max_fds/
{
	this->f = curthread->files->fdt->fd[arg1];
	/* A socket's inode (S_IFSOCK) and a TCP socket's sock (protocol 6). */
	this->sk = this->f != NULL && (this->f->f_inode->i_mode & 0xf000) ==
	    0xc000 ? ((struct socket *)this->f->private_data)->sk : NULL;
	this->tcp = this->sk != NULL && this->sk->sk_protocol == 6;
}

syscall::accept:return,
syscall::accept4:return
/(int)arg1 >= 0 && ($target == 0 || pid == $target) &&
    arg1 < curthread->files->fdt->max_fds && this->tcp/
{
	this->v4 = this->sk->__sk_common.skc_family == AF_INET;
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %2d %-26s %5d %-26s %5d\n",
	    this->t / 1000000000, this->t / 1000000 % 1000, pid, execname,
	    this->v4 ? 4 : 6,
	    this->v4 ? inet_ntoa(&this->sk->__sk_common.skc_daddr) :
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_daddr),
	    ntohs(this->sk->__sk_common.skc_dport),
	    this->v4 ? inet_ntoa(&this->sk->__sk_common.skc_rcv_saddr) :
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_rcv_saddr),
	    this->sk->__sk_common.skc_num);
}
