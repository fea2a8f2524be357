#!/usr/bin/env -S dtrace -qs
/*
 * udpconnect.d: UDP sockets connected to a peer (connect(2) on a UDP
 * socket: it sends no packet, but fixes the destination of send(2) and
 * filters what recv(2) gets), one line per call as it returns. DNS
 * resolvers do this for each query, so this doubles as a view of who
 * talks to which name server.
 *
 * Usage: ./udpconnect.d            every process
 *        ./udpconnect.d -p PID     only PID
 *
 * Columns: TIME(s) since the tool started; PID and COMM; IP, 4 or 6;
 * DADDR and DPORT, the peer (port 53: DNS; 123: NTP); RET, 0 or the
 * negative errno. Unconnected UDP (sendto(2) with an address each time)
 * does not show here.
 *
 * Probes: syscall::connect entry and return; the socket's type and
 * protocol through the process's descriptor table; the address from
 * the caller's struct sockaddr.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %2s %-26s %5s %4s\n", "TIME(s)", "PID", "COMM",
	    "IP", "DADDR", "DPORT", "RET");
}

syscall::connect:entry
/($target == 0 || pid == $target) && arg2 >= 16 &&
    arg0 < curthread->files->fdt->max_fds/
{
	this->f = curthread->files->fdt->fd[arg0];
	this->sk = this->f != NULL && (this->f->f_inode->i_mode & 0xf000) ==
	    0xc000 ? ((struct socket *)this->f->private_data)->sk : NULL;
	/* IPPROTO_UDP (17) */
	this->udp = this->sk != NULL && this->sk->sk_protocol == 17;
	this->fam = this->udp ? *(uint16_t *)copyin(arg1, 2) : 0;
}

syscall::connect:entry
/($target == 0 || pid == $target) && arg2 >= 16 &&
    arg0 < curthread->files->fdt->max_fds && this->fam == AF_INET/
{
	this->in = (struct sockaddr_in *)copyin(arg1, sizeof(struct sockaddr_in));
	self->addr = inet_ntoa(&this->in->sin_addr.s_addr);
	self->port = ntohs(this->in->sin_port);
	self->ip = 4;
}

syscall::connect:entry
/($target == 0 || pid == $target) && arg2 >= 28 &&
    arg0 < curthread->files->fdt->max_fds && this->fam == AF_INET6/
{
	this->in6 = (struct sockaddr_in6 *)copyin(arg1,
	    sizeof(struct sockaddr_in6));
	self->addr = inet_ntop(AF_INET6, &this->in6->sin6_addr);
	self->port = ntohs(this->in6->sin6_port);
	self->ip = 6;
}

syscall::connect:return
/self->ip/
{
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %2d %-26s %5d %4d\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, execname, self->ip, self->addr,
	    self->port, (int)arg0 < 0 ? -errno : 0);
	self->ip = 0;
	self->addr = 0;
	self->port = 0;
}
