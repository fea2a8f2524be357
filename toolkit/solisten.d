#!/usr/bin/env -S dtrace -qs
/*
 * solisten.d: sockets that start listening (listen(2)), one line per
 * call as it returns: which process offers which port.
 *
 * Usage: ./solisten.d            every process
 *        ./solisten.d -p PID     only PID
 *
 * Columns: TIME(s) since the tool started; PID and COMM; PROTO, TCPv4 or
 * TCPv6, MPTCPv4 or MPTCPv6 for Multipath TCP (which Go programs since
 * Go 1.24 listen with by default: a client without it gets plain TCP),
 * or the protocol's number; BACKLOG, the queue length asked
 * for (the kernel caps it at net.core.somaxconn); ADDRESS and PORT,
 * where it listens (0.0.0.0 or :: for every address); RET, 0 or the
 * negative errno. A service restarting in a loop shows its listen(2)
 * again and again; a listen on 0.0.0.0 where a local address was meant
 * is an exposure.
 *
 * Probes: syscall::listen entry and return; the socket through the
 * process's descriptor table.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %-7s %7s %-26s %5s %4s\n", "TIME(s)", "PID",
	    "COMM", "PROTO", "BACKLOG", "ADDRESS", "PORT", "RET");
}

syscall::listen:entry
/($target == 0 || pid == $target) && arg0 < curthread->files->fdt->max_fds/
{
	this->f = curthread->files->fdt->fd[arg0];
	self->sk = this->f != NULL && (this->f->f_inode->i_mode & 0xf000) ==
	    0xc000 ? ((struct socket *)this->f->private_data)->sk : NULL;
	self->backlog = (int)arg1;
}

syscall::listen:return
/self->sk/
{
	this->sk = self->sk;
	this->v4 = this->sk->__sk_common.skc_family == AF_INET;
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %-7s %7d %-26s %5d %4d\n",
	    this->t / 1000000000, this->t / 1000000 % 1000, pid, execname,
	    this->sk->sk_protocol == 6 ? (this->v4 ? "TCPv4" : "TCPv6") :
	    this->sk->sk_protocol == 262 ? (this->v4 ? "MPTCPv4" : "MPTCPv6") :
	    lltostr(this->sk->sk_protocol), self->backlog,
	    this->v4 ? inet_ntoa(&this->sk->__sk_common.skc_rcv_saddr) :
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_rcv_saddr),
	    this->sk->__sk_common.skc_num, (int)arg0 < 0 ? -errno : 0);
	self->sk = 0;
	self->backlog = 0;
}
