#!/usr/sbin/dtrace -s
/*
 * Exercises: a large network connection tracer in the style of Brendan
 * Gregg's tcpconnect/soconnect scripts, written with script-declared
 * sockaddr layouts instead of kernel types.  Stresses: struct/union
 * declarations, typedefs, translators and xlate, inet_ntop/inet_ntoa,
 * byte-order subroutines, speculations, string subroutines, if/else,
 * lquantize/quantize, and multi-aggregation printa.
 */

#pragma D option quiet
#pragma D option switchrate=10hz
#pragma D option nspec=16
#pragma D option specsize=128k
#pragma D option strsize=128

inline int AF_INET = 2;
inline int AF_INET6 = 10;
inline int EINPROGRESS = 115;
inline int ECONNREFUSED = 111;
inline int ETIMEDOUT = 110;
inline uint64_t MS = 1000000;

typedef uint16_t sa_family_t_;
typedef uint16_t in_port_t_;

struct sa_in4 {
	sa_family_t_ sin_family;
	in_port_t_ sin_port;
	uint32_t sin_addr;
	uint8_t sin_zero[8];
};

struct sa_in6 {
	sa_family_t_ sin6_family;
	in_port_t_ sin6_port;
	uint32_t sin6_flowinfo;
	uint8_t sin6_addr[16];
	uint32_t sin6_scope_id;
};

union sa_any {
	sa_family_t_ family;
	struct sa_in4 v4;
	struct sa_in6 v6;
};

struct endpoint {
	int family;
	int port;
	string addr;
};

translator struct endpoint < union sa_any *sa > {
	family = sa->family;
	port = ntohs(sa->family == 2 ? sa->v4.sin_port : sa->v6.sin6_port);
	addr = sa->family == 2 ?
	    inet_ntop(2, (void *)&sa->v4.sin_addr) :
	    inet_ntop(10, (void *)&sa->v6.sin6_addr[0]);
};

BEGIN
{
	printf("%-20s %-6s %-16s %-3s %-39s %-5s %8s %s\n", "TIME", "PID",
	    "COMM", "IP", "DADDR", "DPORT", "LAT(ms)", "RESULT");
}

syscall::connect:entry
{
	this->sa = (union sa_any *)copyin(arg1, sizeof (union sa_any));
	self->family = this->sa->family;
	self->fd = (int)arg0;
	self->ts = timestamp;
	self->port = 0;
	self->addr = "";
	if (self->family == AF_INET || self->family == AF_INET6) {
		self->port = xlate <struct endpoint> (this->sa).port;
		self->addr = xlate <struct endpoint> (this->sa).addr;
	}
}

syscall::connect:entry
/self->family == AF_INET || self->family == AF_INET6/
{
	self->spec = speculation();
}

syscall::connect:entry
/self->spec/
{
	speculate(self->spec);
	printf("%-20Y %-6d %-16s %-3d %-39s %-5d ", walltimestamp, pid,
	    execname, self->family == AF_INET ? 4 : 6, self->addr,
	    self->port);
}

syscall::connect:return
/self->spec/
{
	this->err = (int)arg0 < 0 ? errno : 0;
	this->lat = (timestamp - self->ts) / MS;

	speculate(self->spec);
	if (this->err == 0)
		printf("%8d %s\n", this->lat, "OK");
	else if (this->err == EINPROGRESS)
		printf("%8d %s\n", this->lat, "INPROGRESS");
	else if (this->err == ECONNREFUSED)
		printf("%8d %s\n", this->lat, "REFUSED");
	else if (this->err == ETIMEDOUT)
		printf("%8d %s\n", this->lat, "TIMEDOUT");
	else
		printf("%8d errno=%d\n", this->lat, this->err);
}

/* keep only interesting connections: failures or slow ones */
syscall::connect:return
/self->spec && ((int)arg0 < 0 && errno != EINPROGRESS ||
    timestamp - self->ts > 100 * MS)/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::connect:return
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
}

syscall::connect:return
/self->ts/
{
	this->ok = (int)arg0 == 0 || errno == EINPROGRESS;
	@conns[execname, self->port] = count();
	@result[this->ok ? "ok" : "fail"] = count();
	@lat[self->family == AF_INET ? "ipv4" : "ipv6"] =
	    quantize((timestamp - self->ts) / 1000);
	@ports = lquantize(self->port, 0, 1024, 64);
	self->family = 0;
	self->fd = 0;
	self->ts = 0;
	self->port = 0;
	self->addr = 0;
}

/*
 * accept(2) side: count inbound connections per listening process.
 */
syscall::accept:entry,
syscall::accept4:entry
{
	self->acc_sa = arg1;
}

syscall::accept:return,
syscall::accept4:return
/self->acc_sa && (int)arg0 >= 0/
{
	this->sa4 = (struct sa_in4 *)copyin(self->acc_sa, sizeof (struct sa_in4));
	if (this->sa4->sin_family == AF_INET) {
		this->ip = (uint32_t *)alloca(sizeof (uint32_t));
		*this->ip = this->sa4->sin_addr;
		@accepts[execname, inet_ntoa((void *)this->ip)] = count();
	} else {
		@accepts[execname, "non-ipv4"] = count();
	}
	self->acc_sa = 0;
}

syscall::accept:return,
syscall::accept4:return
/self->acc_sa/
{
	self->acc_sa = 0;
}

END
{
	printf("\nConnections by process and port:\n");
	printa("  %-16s %-6d %@8d\n", @conns);
	printf("\nResults:\n");
	printa("  %-6s %@8d\n", @result);
	printf("\nConnect latency (us):\n");
	printa(@lat);
	printf("\nDestination ports (< 1024):\n");
	printa(@ports);
	printf("\nInbound IPv4 accepts:\n");
	printa("  %-16s %-16s %@8d\n", @accepts);
}
