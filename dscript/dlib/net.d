/*
 * The network types and constants of DTrace's net.d: the hardware types
 * link_ntop() takes, in6_addr_t (the struct in6_addr that inet_ntoa6()
 * takes a pointer to), and the types the network providers' arguments
 * are made of. The address families are in socket.d.
 */

inline int ARPHRD_ETHER = 1;
inline int ARPHRD_INFINIBAND = 32;

typedef struct conninfo {
	string ci_local;	/* local host address */
	string ci_remote;	/* remote host address */
	string ci_protocol;	/* "ipv4", "ipv6"... */
} conninfo_t;

typedef uint64_t netstackid_t;	/* the network namespace's address */
typedef struct in6_addr in6_addr_t;

typedef struct pktinfo {
	uintptr_t pkt_addr;	/* no packet ids on Linux: 0 */
} pktinfo_t;

typedef struct csinfo {
	uintptr_t cs_addr;
	uint64_t cs_cid;
} csinfo_t;

inline int NET_PROBE_OUTBOUND = 0x00;
inline int NET_PROBE_INBOUND = 0x01;
