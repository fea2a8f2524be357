#!/usr/bin/env -S dtrace -qs
/*
 * bindsnoop.d: IPv4 and IPv6 sockets bound to an address and port
 * (bind(2)), one line per call as it returns: servers taking their port,
 * clients choosing a source address.
 *
 * Usage: ./bindsnoop.d            every process
 *        ./bindsnoop.d -p PID     only PID
 *
 * Columns: TIME(s) since the tool started; PID and COMM; PROT, TCP, UDP
 * or the protocol's number; ADDRESS, as asked for (0.0.0.0 or :: for
 * every address); PORT, the port the socket got (the one asked for, or
 * the one the kernel picked for port 0); RET, 0 or the negative errno
 * (-98 EADDRINUSE: another socket holds it; -13 EACCES: a port below
 * 1024 without the privilege).
 *
 * Probes: syscall::bind entry and return; the address from the caller's
 * struct sockaddr, the port from the bound socket through the process's
 * descriptor table.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %-4s %-26s %5s %4s\n", "TIME(s)", "PID", "COMM",
	    "PROT", "ADDRESS", "PORT", "RET");
}

syscall::bind:entry
/($target == 0 || pid == $target) && arg2 >= 16 &&
    arg0 < curthread->files->fdt->max_fds/
{
	this->f = curthread->files->fdt->fd[arg0];
	this->sk = this->f != NULL && (this->f->f_inode->i_mode & 0xf000) ==
	    0xc000 ? ((struct socket *)this->f->private_data)->sk : NULL;
	this->fam = this->sk != NULL ? *(uint16_t *)copyin(arg1, 2) : 0;
}

syscall::bind:entry
/($target == 0 || pid == $target) && arg2 >= 16 &&
    arg0 < curthread->files->fdt->max_fds && this->fam == AF_INET/
{
	this->in = (struct sockaddr_in *)copyin(arg1, sizeof(struct sockaddr_in));
	self->addr = inet_ntoa(&this->in->sin_addr.s_addr);
	self->sk = this->sk;
}

syscall::bind:entry
/($target == 0 || pid == $target) && arg2 >= 28 &&
    arg0 < curthread->files->fdt->max_fds && this->fam == AF_INET6/
{
	this->in6 = (struct sockaddr_in6 *)copyin(arg1,
	    sizeof(struct sockaddr_in6));
	self->addr = inet_ntop(AF_INET6, &this->in6->sin6_addr);
	self->sk = this->sk;
}

syscall::bind:return
/self->sk/
{
	this->proto = self->sk->sk_protocol;
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %-4s %-26s %5d %4d\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, execname,
	    this->proto == 6 ? "TCP" : this->proto == 17 ? "UDP" :
	    lltostr(this->proto), self->addr, self->sk->__sk_common.skc_num,
	    (int)arg0 < 0 ? -errno : 0);
	self->sk = 0;
	self->addr = 0;
}
