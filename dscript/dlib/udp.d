/*
 * The udp provider's types: udpinfo_t (a UDP header) and udpsinfo_t (the
 * socket's ends, as the datagram's headers give them: an unconnected
 * socket knows no remote end), translated from the running kernel's
 * structures.
 *
 * Written for dtrace-go from the types' documented meaning in the DTrace
 * guides. The probe's direction (arg6) tells which of a header's
 * addresses and ports are local; arg2 is the IP header, arg4 the UDP one.
 */

#pragma D depends_on library ip.d

typedef struct udpinfo {
	uint16_t udp_sport;	/* source port */
	uint16_t udp_dport;	/* destination port */
	uint16_t udp_length;	/* length: header and data */
	uint16_t udp_checksum;	/* checksum */
	struct udphdr *udp_hdr;	/* the header */
} udpinfo_t;

typedef struct udpsinfo {
	uintptr_t udps_addr;	/* the socket, or 0 where not known */
	uint16_t udps_lport;	/* local port */
	uint16_t udps_rport;	/* remote port */
	string udps_laddr;	/* local address */
	string udps_raddr;	/* remote address */
} udpsinfo_t;

translator udpinfo_t < struct udphdr *U > {
	udp_sport = U != NULL ? ntohs(U->source) : 0;
	udp_dport = U != NULL ? ntohs(U->dest) : 0;
	udp_length = U != NULL ? ntohs(U->len) : 0;
	udp_checksum = U != NULL ? ntohs(U->check) : 0;
	udp_hdr = U;
};

translator udpsinfo_t < struct udp_sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = arg4 == NULL ? 0 : arg6 == NET_PROBE_INBOUND ?
	    ntohs(((struct udphdr *)arg4)->dest) : ntohs(((struct udphdr *)arg4)->source);
	udps_rport = arg4 == NULL ? 0 : arg6 == NET_PROBE_INBOUND ?
	    ntohs(((struct udphdr *)arg4)->source) : ntohs(((struct udphdr *)arg4)->dest);
	udps_laddr = arg2 != NULL && *(uint8_t *)arg2 >> 4 == 4 ?
	    inet_ntoa(arg6 == NET_PROBE_INBOUND ? &((struct iphdr *)arg2)->daddr :
	    &((struct iphdr *)arg2)->saddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 6 ?
	    inet_ntoa6((in6_addr_t *)(arg6 == NET_PROBE_INBOUND ?
	    &((struct ipv6hdr *)arg2)->daddr : &((struct ipv6hdr *)arg2)->saddr)) :
	    "<unknown>";
	udps_raddr = arg2 != NULL && *(uint8_t *)arg2 >> 4 == 4 ?
	    inet_ntoa(arg6 == NET_PROBE_INBOUND ? &((struct iphdr *)arg2)->saddr :
	    &((struct iphdr *)arg2)->daddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 6 ?
	    inet_ntoa6((in6_addr_t *)(arg6 == NET_PROBE_INBOUND ?
	    &((struct ipv6hdr *)arg2)->saddr : &((struct ipv6hdr *)arg2)->daddr)) :
	    "<unknown>";
};
