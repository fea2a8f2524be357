/*
 * netgen: N writes of one byte over a loopback TCP connection (127.0.0.1,
 * TCP_NODELAY: a segment each), in one thread, which reads what arrived
 * every 64 writes; prints the nanoseconds the writes took. Over loopback
 * the sender's own softirq delivers each segment, so that the time
 * follows the work done per segment, not wakeups of other threads.
 *
 *	netgen PORT N
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	long n = atol(argv[2]);
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(atoi(argv[1])) };
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	int one = 1, l = socket(AF_INET, SOCK_STREAM, 0), c = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(l, (struct sockaddr *)&sa, sizeof(sa)) < 0 || listen(l, 1) < 0 ||
	    connect(c, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		return 1;
	int a = accept(l, NULL, NULL);
	setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	struct timespec t0, t1;
	char buf[4096], b = 'x';
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < n; i++) {
		if (write(c, &b, 1) != 1)
			return 1;
		if (i % 64 == 63)
			while (recv(a, buf, sizeof(buf), MSG_DONTWAIT) > 0)
				;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%lld\n", (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec));
	close(c);
	close(a);
	return 0;
}
