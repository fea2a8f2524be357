/*
 * What the network providers (ip, tcp, udp) share: conninfo_t, pktinfo_t
 * and csinfo_t, in6_addr_t (the struct in6_addr that inet_ntoa6() takes a
 * pointer to), and the NET_PROBE_* values of the probes' hidden
 * argument arg6, the direction of the packet, which the translators read
 * where a probe's socket or headers do not say.
 *
 * Written for dtrace-go from the types' documented meaning in the DTrace
 * guides.
 */

#pragma D depends_on library socket.d

/* Hardware address types, for link_ntop(). */
inline int ARPHRD_ETHER = 1;
inline int ARPHRD_INFINIBAND = 32;

/* Application protocols' providers' first argument. */
typedef struct conninfo {
	string ci_local;	/* local host address */
	string ci_remote;	/* remote host address */
	string ci_protocol;	/* protocol: ipv4, ipv6... */
} conninfo_t;

/* The network namespace (struct net *): an IP stack. */
typedef uint64_t netstackid_t;

/* An IPv6 address, what inet_ntoa6() takes a pointer to. */
typedef struct in6_addr in6_addr_t;

typedef struct pktinfo {
	uintptr_t pkt_addr;	/* the packet: its struct sk_buff */
} pktinfo_t;

typedef struct csinfo {
	uintptr_t cs_addr;	/* the connection: its struct sock, or 0 */
	uint64_t cs_cid;	/* its id: the same address */
} csinfo_t;

inline int NET_PROBE_OUTBOUND = 0;
inline int NET_PROBE_INBOUND = 1;
inline int NET_PROBE_STATE = 2;

translator pktinfo_t < struct sk_buff *S > {
	pkt_addr = (uintptr_t)S;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uint64_t)S;
};
