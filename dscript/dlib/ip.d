/*
 * The ip provider's types, ipinfo_t, ifinfo_t, ipv4info_t and ipv6info_t,
 * translated from the running kernel's IPv4 and IPv6 headers and struct
 * net_device, and the IPPROTO_* protocol numbers.
 *
 * Written for dtrace-go from the types' documented meaning in the DTrace
 * guides. A header's multi-byte fields are in network order; the
 * translated ones in host order.
 */

#pragma D depends_on library net.d

inline int IPPROTO_IP = 0;
inline int IPPROTO_HOPOPTS = 0;
inline int IPPROTO_ICMP = 1;
inline int IPPROTO_IGMP = 2;
inline int IPPROTO_IPIP = 4;
inline int IPPROTO_TCP = 6;
inline int IPPROTO_EGP = 8;
inline int IPPROTO_PUP = 12;
inline int IPPROTO_UDP = 17;
inline int IPPROTO_IDP = 22;
inline int IPPROTO_TP = 29;
inline int IPPROTO_DCCP = 33;
inline int IPPROTO_IPV6 = 41;
inline int IPPROTO_ROUTING = 43;
inline int IPPROTO_FRAGMENT = 44;
inline int IPPROTO_RSVP = 46;
inline int IPPROTO_GRE = 47;
inline int IPPROTO_ESP = 50;
inline int IPPROTO_AH = 51;
inline int IPPROTO_ICMPV6 = 58;
inline int IPPROTO_NONE = 59;
inline int IPPROTO_DSTOPTS = 60;
inline int IPPROTO_OSPF = 89;
inline int IPPROTO_MTP = 92;
inline int IPPROTO_BEETPH = 94;
inline int IPPROTO_ENCAP = 98;
inline int IPPROTO_PIM = 103;
inline int IPPROTO_COMP = 108;
inline int IPPROTO_SCTP = 132;
inline int IPPROTO_MH = 135;
inline int IPPROTO_UDPLITE = 136;
inline int IPPROTO_MPLS = 137;
inline int IPPROTO_RAW = 255;
inline int IPPROTO_MAX = 256;

/* ipv4_flags: the flags of an IPv4 header's fragment field. */
inline int IPH_DF = 0x4000;	/* don't fragment */
inline int IPH_MF = 0x2000;	/* more fragments */

/* The IP header of either version. */
typedef struct ipinfo {
	uint8_t ip_ver;		/* version: 4 or 6 */
	uint32_t ip_plength;	/* payload length: the bytes past the IP header */
	string ip_saddr;	/* source address */
	string ip_daddr;	/* destination address */
} ipinfo_t;

/* The interface a packet leaves or arrives on. */
typedef struct ifinfo {
	string if_name;		/* its name */
	int8_t if_local;	/* 1 for a loopback device */
	netstackid_t if_ipstack;	/* its network namespace (struct net *) */
	uintptr_t if_addr;	/* its struct net_device */
} ifinfo_t;

/* An IPv4 header; all 0 (and <null>) for an IPv6 packet. */
typedef struct ipv4info {
	uint8_t ipv4_ver;	/* version: 4 */
	uint8_t ipv4_ihl;	/* header length, in bytes */
	uint8_t ipv4_tos;	/* type of service */
	uint16_t ipv4_length;	/* total length */
	uint16_t ipv4_ident;	/* identification */
	uint8_t ipv4_flags;	/* flags: IPH_DF, IPH_MF, as the high byte */
	uint16_t ipv4_offset;	/* fragment offset, in 8-byte units */
	uint8_t ipv4_ttl;	/* time to live */
	uint8_t ipv4_protocol;	/* the protocol carried: IPPROTO_* */
	string ipv4_protostr;	/* it as a string: TCP, UDP... */
	uint16_t ipv4_checksum;	/* header checksum */
	ipaddr_t ipv4_src;	/* source address (network order) */
	ipaddr_t ipv4_dst;	/* destination address */
	string ipv4_saddr;	/* source address, as a string */
	string ipv4_daddr;	/* destination address */
	struct iphdr *ipv4_hdr;	/* the header */
} ipv4info_t;

/* An IPv6 header; all 0 (and <null>) for an IPv4 packet. */
typedef struct ipv6info {
	uint8_t ipv6_ver;	/* version: 6 */
	uint8_t ipv6_tclass;	/* traffic class */
	uint32_t ipv6_flow;	/* flow label */
	uint16_t ipv6_plen;	/* payload length */
	uint8_t ipv6_nexthdr;	/* next header: IPPROTO_* */
	string ipv6_nextstr;	/* it as a string */
	uint8_t ipv6_hlim;	/* hop limit */
	in6_addr_t *ipv6_src;	/* source address */
	in6_addr_t *ipv6_dst;	/* destination address */
	string ipv6_saddr;	/* source address, as a string */
	string ipv6_daddr;	/* destination address */
	struct ipv6hdr *ipv6_hdr;	/* the header */
} ipv6info_t;

/*
 * An IP header of either version, told apart by the version in its first
 * byte's high nibble.
 */
typedef uintptr_t void_ip_t;

/*
 * The IP header of a tcp probe's segment, which a segment about to be
 * given its IP header (ip_queue_xmit, ip6_xmit), or a probe without a
 * packet (a change of state), does not have: its ipinfo_t is then the
 * connection's (arg3), its addresses as the direction (arg6) orders them,
 * and the payload the segment (arg0) built so far.
 */
typedef void *__dtrace_tcp_void_ip_t;

/* The name of protocol P, as ipv4_protostr and ipv6_nextstr give it. */
inline string ip_protostr[int P] =
	P == IPPROTO_TCP ? "TCP" :
	P == IPPROTO_UDP ? "UDP" :
	P == IPPROTO_IP ? "IP" :
	P == IPPROTO_ICMP ? "ICMP" :
	P == IPPROTO_IGMP ? "IGMP" :
	P == IPPROTO_EGP ? "EGP" :
	P == IPPROTO_IPV6 ? "IPv6" :
	P == IPPROTO_ROUTING ? "ROUTE" :
	P == IPPROTO_FRAGMENT ? "FRAG" :
	P == IPPROTO_ESP ? "ESP" :
	P == IPPROTO_AH ? "AH" :
	P == IPPROTO_ICMPV6 ? "ICMPv6" :
	P == IPPROTO_NONE ? "NONE" :
	P == IPPROTO_OSPF ? "OSPF" :
	P == IPPROTO_SCTP ? "SCTP" :
	P == IPPROTO_UDPLITE ? "UDPLITE" :
	P == IPPROTO_RAW ? "RAW" :
	lltostr(P);

translator ipinfo_t < struct iphdr *I > {
	ip_ver = 4;
	ip_plength = I != NULL ? ntohs(I->tot_len) - ((*(uint8_t *)I & 0xf) << 2) : 0;
	ip_saddr = I != NULL ? inet_ntoa(&I->saddr) : "<unknown>";
	ip_daddr = I != NULL ? inet_ntoa(&I->daddr) : "<unknown>";
};

translator ipinfo_t < struct ipv6hdr *I > {
	ip_ver = 6;
	ip_plength = I != NULL ? ntohs(I->payload_len) : 0;
	ip_saddr = I != NULL ? inet_ntoa6((in6_addr_t *)&I->saddr) : "<unknown>";
	ip_daddr = I != NULL ? inet_ntoa6((in6_addr_t *)&I->daddr) : "<unknown>";
};

translator ipinfo_t < void_ip_t *I > {
	ip_ver = I != NULL ? *(uint8_t *)I >> 4 : 0;
	ip_plength = I == NULL ? 0 :
	    *(uint8_t *)I >> 4 == 4 ?
	    ntohs(((struct iphdr *)I)->tot_len) - ((*(uint8_t *)I & 0xf) << 2) :
	    *(uint8_t *)I >> 4 == 6 ? ntohs(((struct ipv6hdr *)I)->payload_len) : 0;
	ip_saddr = I == NULL ? "<unknown>" :
	    *(uint8_t *)I >> 4 == 4 ? inet_ntoa(&((struct iphdr *)I)->saddr) :
	    *(uint8_t *)I >> 4 == 6 ?
	    inet_ntoa6((in6_addr_t *)&((struct ipv6hdr *)I)->saddr) : "<unknown>";
	ip_daddr = I == NULL ? "<unknown>" :
	    *(uint8_t *)I >> 4 == 4 ? inet_ntoa(&((struct iphdr *)I)->daddr) :
	    *(uint8_t *)I >> 4 == 6 ?
	    inet_ntoa6((in6_addr_t *)&((struct ipv6hdr *)I)->daddr) : "<unknown>";
};

/*
 * A connection's local address is a packet's source going out, its
 * destination coming in.
 */
translator ipinfo_t < __dtrace_tcp_void_ip_t *I > {
	ip_ver = I != NULL ? *(uint8_t *)I >> 4 :
	    arg3 == NULL ? 0 :
	    ((struct sock_common *)arg3)->skc_family == AF_INET ? 4 :
	    ((struct sock_common *)arg3)->skc_family == AF_INET6 ? 6 : 0;
	ip_plength = I != NULL && *(uint8_t *)I >> 4 == 4 ?
	    ntohs(((struct iphdr *)I)->tot_len) - ((*(uint8_t *)I & 0xf) << 2) :
	    I != NULL && *(uint8_t *)I >> 4 == 6 ?
	    ntohs(((struct ipv6hdr *)I)->payload_len) :
	    I == NULL && arg0 != NULL ? ((struct sk_buff *)arg0)->len : 0;
	ip_saddr = I != NULL && *(uint8_t *)I >> 4 == 4 ?
	    inet_ntoa(&((struct iphdr *)I)->saddr) :
	    I != NULL && *(uint8_t *)I >> 4 == 6 ?
	    inet_ntoa6((in6_addr_t *)&((struct ipv6hdr *)I)->saddr) :
	    arg3 == NULL ? "<unknown>" :
	    ((struct sock_common *)arg3)->skc_family == AF_INET ?
	    inet_ntoa(arg6 == NET_PROBE_INBOUND ?
	    &((struct sock_common *)arg3)->skc_daddr :
	    &((struct sock_common *)arg3)->skc_rcv_saddr) :
	    ((struct sock_common *)arg3)->skc_family == AF_INET6 ?
	    inet_ntoa6((in6_addr_t *)(arg6 == NET_PROBE_INBOUND ?
	    &((struct sock_common *)arg3)->skc_v6_daddr :
	    &((struct sock_common *)arg3)->skc_v6_rcv_saddr)) : "<unknown>";
	ip_daddr = I != NULL && *(uint8_t *)I >> 4 == 4 ?
	    inet_ntoa(&((struct iphdr *)I)->daddr) :
	    I != NULL && *(uint8_t *)I >> 4 == 6 ?
	    inet_ntoa6((in6_addr_t *)&((struct ipv6hdr *)I)->daddr) :
	    arg3 == NULL ? "<unknown>" :
	    ((struct sock_common *)arg3)->skc_family == AF_INET ?
	    inet_ntoa(arg6 == NET_PROBE_INBOUND ?
	    &((struct sock_common *)arg3)->skc_rcv_saddr :
	    &((struct sock_common *)arg3)->skc_daddr) :
	    ((struct sock_common *)arg3)->skc_family == AF_INET6 ?
	    inet_ntoa6((in6_addr_t *)(arg6 == NET_PROBE_INBOUND ?
	    &((struct sock_common *)arg3)->skc_v6_rcv_saddr :
	    &((struct sock_common *)arg3)->skc_v6_daddr)) : "<unknown>";
};

translator ifinfo_t < struct net_device *N > {
	if_name = N != NULL ? stringof(N->name) : "<unknown>";
	if_local = N != NULL && (N->flags & 0x8) != 0;	/* IFF_LOOPBACK */
	if_ipstack = N != NULL ? (uint64_t)N->nd_net.net : 0;
	if_addr = (uintptr_t)N;
};

translator ipv4info_t < struct iphdr *I > {
	ipv4_ver = I != NULL ? 4 : 0;
	ipv4_ihl = I != NULL ? (*(uint8_t *)I & 0xf) << 2 : 0;
	ipv4_tos = I != NULL ? I->tos : 0;
	ipv4_length = I != NULL ? ntohs(I->tot_len) : 0;
	ipv4_ident = I != NULL ? ntohs(I->id) : 0;
	ipv4_flags = I != NULL ? (ntohs(I->frag_off) & 0xe000) >> 8 : 0;
	ipv4_offset = I != NULL ? ntohs(I->frag_off) & 0x1fff : 0;
	ipv4_ttl = I != NULL ? I->ttl : 0;
	ipv4_protocol = I != NULL ? I->protocol : 0;
	ipv4_protostr = I != NULL ? ip_protostr[I->protocol] : "<null>";
	ipv4_checksum = I != NULL ? ntohs(I->check) : 0;
	ipv4_src = I != NULL ? I->saddr : 0;
	ipv4_dst = I != NULL ? I->daddr : 0;
	ipv4_saddr = I != NULL ? inet_ntoa(&I->saddr) : "<null>";
	ipv4_daddr = I != NULL ? inet_ntoa(&I->daddr) : "<null>";
	ipv4_hdr = I;
};

translator ipv6info_t < struct ipv6hdr *I > {
	ipv6_ver = I != NULL ? *(uint8_t *)I >> 4 : 0;
	ipv6_tclass = I != NULL ? (ntohl(*(uint32_t *)I) >> 20) & 0xff : 0;
	ipv6_flow = I != NULL ? ntohl(*(uint32_t *)I) & 0xfffff : 0;
	ipv6_plen = I != NULL ? ntohs(I->payload_len) : 0;
	ipv6_nexthdr = I != NULL ? I->nexthdr : 0;
	ipv6_nextstr = I != NULL ? ip_protostr[I->nexthdr] : "<null>";
	ipv6_hlim = I != NULL ? I->hop_limit : 0;
	ipv6_src = I != NULL ? (in6_addr_t *)&I->saddr : NULL;
	ipv6_dst = I != NULL ? (in6_addr_t *)&I->daddr : NULL;
	ipv6_saddr = I != NULL ? inet_ntoa6((in6_addr_t *)&I->saddr) : "<null>";
	ipv6_daddr = I != NULL ? inet_ntoa6((in6_addr_t *)&I->daddr) : "<null>";
	ipv6_hdr = I;
};
