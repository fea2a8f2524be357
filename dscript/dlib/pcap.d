/*
 * The link types pcap() takes as its protocol, named as DTrace's pcap.d
 * names them after the DLPI types (raw DLT_* values serve for others).
 */

inline int PCAP_NULL = 0;
inline int PCAP_ETHER = 1;
inline int PCAP_WIFI = 105;
inline int PCAP_PPP = 9;
inline int PCAP_IP = 12;	/* an IPv4 or IPv6 header follows */
inline int PCAP_IPOIB = 242;	/* IP over InfiniBand */
