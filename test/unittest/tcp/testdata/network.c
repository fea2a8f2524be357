/*
 * The traffic of the network providers' tests (ip, tcp, udp): a TCP
 * connection or UDP exchange between a server and a client address, the
 * server's sockets made in a network namespace when one is named (its
 * end of a veth pair), the client's in this one.
 *
 *	network tcp SERVER CLIENT PORT [NETNS]
 *		the client connects to SERVER:PORT from CLIENT, sends 1000
 *		bytes, which the server reads, then reads the 2000 the
 *		server sends; the client closes first, then the server;
 *		then a connection to PORT+100, where nothing listens, is
 *		refused
 *	network retrans SERVER CLIENT PORT NETNS SCRIPT
 *		as tcp, but the server's 2000 bytes are sent after "sh
 *		SCRIPT down" has stopped their delivery (without the
 *		server's knowing: a queueing discipline that drops tells
 *		TCP, which then has not sent the data; this kernel has no
 *		netem, nor the tc actions that drop at ingress), for 300 ms
 *		until "sh SCRIPT up", so that the server retransmits them; no
 *		refused connection
 *	network udp SERVER CLIENT PORT [NETNS]
 *		the client sends datagrams of 100, 200 and 300 bytes to
 *		SERVER:PORT, the server answers the last with 50 bytes
 *
 * It prints nothing unless something fails (exit status 1).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static void fail(const char *what)
{
	perror(what);
	exit(1);
}

/* addr fills sa with the IPv4 or IPv6 address s and port. */
static socklen_t addr(struct sockaddr_storage *sa, const char *s, int port)
{
	memset(sa, 0, sizeof(*sa));
	if (strchr(s, ':') != NULL) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)sa;
		a->sin6_family = AF_INET6;
		a->sin6_port = htons(port);
		if (inet_pton(AF_INET6, s, &a->sin6_addr) != 1)
			fail(s);
		return sizeof(*a);
	}
	struct sockaddr_in *a = (struct sockaddr_in *)sa;
	a->sin_family = AF_INET;
	a->sin_port = htons(port);
	if (inet_pton(AF_INET, s, &a->sin_addr) != 1)
		fail(s);
	return sizeof(*a);
}

/* sock returns a socket of type bound to s:port. */
static int sock(int type, const char *s, int port)
{
	struct sockaddr_storage sa;
	socklen_t len = addr(&sa, s, port);
	int fd = socket(sa.ss_family, type, 0), one = 1;
	if (fd < 0)
		fail("socket");
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&sa, len) < 0)
		fail("bind");
	return fd;
}

static void sleepms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

/* readall reads n bytes from fd. */
static void readall(int fd, int n)
{
	char buf[4096];
	while (n > 0) {
		ssize_t r = read(fd, buf, n < (int)sizeof(buf) ? n : (int)sizeof(buf));
		if (r <= 0)
			fail("read");
		n -= r;
	}
}

static void writeall(int fd, int n, char c)
{
	char buf[4096];
	memset(buf, c, sizeof(buf));
	if (write(fd, buf, n) != n)
		fail("write");
}

/* enter makes the thread's network namespace that of path, returning the
 * one it had, or -1 where path is NULL. */
static int enter(const char *path)
{
	if (path == NULL)
		return -1;
	int here = open("/proc/self/ns/net", O_RDONLY);
	int there = open(path, O_RDONLY);
	if (here < 0 || there < 0 || setns(there, CLONE_NEWNET) < 0)
		fail(path);
	close(there);
	return here;
}

static void leave(int here)
{
	if (here >= 0 && (setns(here, CLONE_NEWNET) < 0 || close(here) < 0))
		fail("setns");
}

static void tcp(const char *server, const char *client, int port, const char *netns, const char *stop, const char *start)
{
	int here = enter(netns);
	int l = sock(SOCK_STREAM, server, port);
	if (listen(l, 1) < 0)
		fail("listen");
	leave(here);
	int c = sock(SOCK_STREAM, client, 0);
	struct sockaddr_storage sa;
	socklen_t len = addr(&sa, server, port);
	if (connect(c, (struct sockaddr *)&sa, len) < 0)
		fail("connect");
	int a = accept(l, NULL, NULL);
	if (a < 0)
		fail("accept");
	writeall(c, 1000, 'c');
	readall(a, 1000);
	if (stop != NULL && system(stop) != 0)
		fail(stop);
	writeall(a, 2000, 's');
	if (start != NULL) {
		sleepms(300);
		if (system(start) != 0)
			fail(start);
	}
	readall(c, 2000);
	close(c);
	char b;
	if (read(a, &b, 1) != 0)
		fail("read EOF");
	close(a);
	close(l);
	if (stop == NULL) {
		int r = sock(SOCK_STREAM, client, 0);
		len = addr(&sa, server, port + 100);
		if (connect(r, (struct sockaddr *)&sa, len) == 0 || errno != ECONNREFUSED)
			fail("refused connect");
		close(r);
	}
	/* The last segments of the close. */
	sleepms(100);
}

static void udp(const char *server, const char *client, int port, const char *netns)
{
	int here = enter(netns);
	int s = sock(SOCK_DGRAM, server, port);
	leave(here);
	int c = sock(SOCK_DGRAM, client, 0);
	struct sockaddr_storage sa, from;
	socklen_t len = addr(&sa, server, port), flen = sizeof(from);
	char buf[512];
	memset(buf, 'u', sizeof(buf));
	for (int n = 100; n <= 300; n += 100)
		if (sendto(c, buf, n, 0, (struct sockaddr *)&sa, len) != n)
			fail("sendto");
	for (int n = 100; n <= 300; n += 100)
		if (recvfrom(s, buf, sizeof(buf), 0, (struct sockaddr *)&from, &flen) != n)
			fail("recvfrom");
	if (sendto(s, buf, 50, 0, (struct sockaddr *)&from, flen) != 50)
		fail("sendto");
	if (recv(c, buf, sizeof(buf), 0) != 50)
		fail("recv");
	close(c);
	close(s);
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: network tcp|retrans|udp SERVER CLIENT PORT [NETNS [SCRIPT]]\n");
		return 2;
	}
	const char *netns = argc > 5 ? argv[5] : NULL;
	int port = atoi(argv[4]);
	if (strcmp(argv[1], "tcp") == 0)
		tcp(argv[2], argv[3], port, netns, NULL, NULL);
	else if (strcmp(argv[1], "retrans") == 0 && argc > 6) {
		char stop[256], start[256];
		snprintf(stop, sizeof(stop), "sh %s down", argv[6]);
		snprintf(start, sizeof(start), "sh %s up", argv[6]);
		tcp(argv[2], argv[3], port, netns, stop, start);
	}
	else if (strcmp(argv[1], "udp") == 0)
		udp(argv[2], argv[3], port, netns);
	else
		return 2;
	return 0;
}
