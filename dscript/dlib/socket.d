/*
 * The address families of Linux, for inet_ntop() and the network
 * providers.
 */

inline int AF_UNSPEC = 0;
inline int AF_UNIX = 1;
inline int AF_LOCAL = 1;
inline int AF_INET = 2;
inline int AF_AX25 = 3;
inline int AF_IPX = 4;
inline int AF_APPLETALK = 5;
inline int AF_NETROM = 6;
inline int AF_BRIDGE = 7;
inline int AF_ATMPVC = 8;
inline int AF_X25 = 9;
inline int AF_INET6 = 10;
inline int AF_ROSE = 11;
inline int AF_DECnet = 12;
inline int AF_NETBEUI = 13;
inline int AF_SECURITY = 14;
inline int AF_KEY = 15;
inline int AF_NETLINK = 16;
inline int AF_ROUTE = 16;
inline int AF_PACKET = 17;
inline int AF_ASH = 18;
inline int AF_ECONET = 19;
inline int AF_ATMSVC = 20;
inline int AF_RDS = 21;
inline int AF_SNA = 22;
inline int AF_IRDA = 23;
inline int AF_PPPOX = 24;
inline int AF_WANPIPE = 25;
inline int AF_LLC = 26;
inline int AF_IB = 27;
inline int AF_MPLS = 28;
inline int AF_CAN = 29;
inline int AF_TIPC = 30;
inline int AF_BLUETOOTH = 31;
inline int AF_IUCV = 32;
inline int AF_RXRPC = 33;
inline int AF_ISDN = 34;
inline int AF_PHONET = 35;
inline int AF_IEEE802154 = 36;
inline int AF_CAIF = 37;
inline int AF_ALG = 38;
inline int AF_NFC = 39;
inline int AF_VSOCK = 40;
inline int AF_KCM = 41;
inline int AF_QIPCRTR = 42;
inline int AF_SMC = 43;
inline int AF_XDP = 44;
inline int AF_MCTP = 45;
inline int AF_MAX = 46;
