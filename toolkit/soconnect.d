#!/usr/bin/env -S dtrace -qs
/*
 * soconnect.d: connect(2) calls on IPv4 and IPv6 sockets (TCP, UDP and
 * the others), one line per call as it returns, with the address, how
 * long the call took and its result.
 *
 * Usage: ./soconnect.d            every process
 *        ./soconnect.d -p PID     only PID
 *
 * Columns: TIME(s) since the tool started; PID and COMM; FAM, IPv4 or
 * IPv6; ADDRESS and PORT, the destination; LAT(us), the time in the
 * call; RESULT, "Success", "In progress" (a non-blocking socket: the
 * connection goes on after the call, as most event loops and Go's
 * net package use it), or the error ("Connection refused": nothing
 * listens; "Timed out", "Network unreachable", "Host unreachable",
 * others as errno N). A blocking connect(2) with a high LAT is a
 * slow network or an overloaded server's full accept queue.
 *
 * Probes: syscall::connect entry and return; the address from the
 * caller's struct sockaddr.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	res[0] = "Success";
	res[115] = "In progress";
	res[111] = "Connection refused";
	res[110] = "Timed out";
	res[101] = "Network unreachable";
	res[113] = "Host unreachable";
	res[99] = "Address not available";
	res[4] = "Interrupted";
	res[13] = "Permission denied";
	start = timestamp;
	printf("%-10s %7s %-16s %-4s %-26s %5s %8s %s\n", "TIME(s)", "PID",
	    "COMM", "FAM", "ADDRESS", "PORT", "LAT(us)", "RESULT");
}

syscall::connect:entry
/($target == 0 || pid == $target) && arg2 >= 16/
{
	this->fam = *(uint16_t *)copyin(arg1, 2);
}

syscall::connect:entry
/($target == 0 || pid == $target) && arg2 >= 16 && this->fam == AF_INET/
{
	this->in = (struct sockaddr_in *)copyin(arg1, sizeof(struct sockaddr_in));
	self->addr = inet_ntoa(&this->in->sin_addr.s_addr);
	self->port = ntohs(this->in->sin_port);
	self->fam = "IPv4";
	self->ts = timestamp;
}

syscall::connect:entry
/($target == 0 || pid == $target) && arg2 >= 28 && this->fam == AF_INET6/
{
	this->in6 = (struct sockaddr_in6 *)copyin(arg1,
	    sizeof(struct sockaddr_in6));
	self->addr = inet_ntop(AF_INET6, &this->in6->sin6_addr);
	self->port = ntohs(this->in6->sin6_port);
	self->fam = "IPv6";
	self->ts = timestamp;
}

syscall::connect:return
/self->ts/
{
	this->now = timestamp;
	this->t = this->now - start;
	this->err = (int)arg0 < 0 ? errno : 0;
	printf("%6d.%03d %7d %-16s %-4s %-26s %5d %8d %s\n",
	    this->t / 1000000000, this->t / 1000000 % 1000, pid, execname,
	    self->fam, self->addr, self->port, (this->now - self->ts) / 1000,
	    res[this->err] != NULL ? res[this->err] :
	    strjoin("errno ", lltostr(this->err)));
	self->ts = 0;
	self->addr = 0;
	self->port = 0;
	self->fam = 0;
}
