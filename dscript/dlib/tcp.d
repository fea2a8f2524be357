/*
 * The tcp provider's types: tcpinfo_t (a TCP header), tcpsinfo_t (a
 * connection: its struct tcp_sock), tcplsinfo_t (a connection's previous
 * state), translated from the running kernel's structures, and the TH_*
 * flags, TCP_STATE_* states and tcp_state_string[].
 *
 * Written for dtrace-go from the types' documented meaning in the DTrace
 * guides. A probe's socket (arg3) is one of the kernel's three kinds: a
 * connection's full socket, the request a listener makes of a SYN
 * (TCP_NEW_SYN_RECV) or a time-wait socket, the latter two only their
 * struct sock_common; or NULL where no socket took the segment. Where the
 * socket does not know what a member asks (no socket, or a listener's,
 * which has no remote end), the headers (arg2, arg4) tell it, as the
 * direction of the packet (arg6) orders them; arg7, where not 0, is the
 * connection's state (the new one at state-change; ESTABLISHED at
 * connect-established and accept-established). A full socket's local port
 * is its inet_sport, which closing it leaves (its skc_num is cleared as
 * the port is released, before the socket's state changes to CLOSED).
 */

#pragma D depends_on library ip.d

inline int TH_FIN = 0x01;
inline int TH_SYN = 0x02;
inline int TH_RST = 0x04;
inline int TH_PSH = 0x08;
inline int TH_ACK = 0x10;
inline int TH_URG = 0x20;
inline int TH_ECE = 0x40;
inline int TH_CWR = 0x80;

/* Linux's TCP states, as tcps_state gives them. */
inline int TCP_STATE_IDLE = 0;
inline int TCP_STATE_ESTABLISHED = 1;
inline int TCP_STATE_SYN_SENT = 2;
inline int TCP_STATE_SYN_RECEIVED = 3;
inline int TCP_STATE_FIN_WAIT_1 = 4;
inline int TCP_STATE_FIN_WAIT_2 = 5;
inline int TCP_STATE_TIME_WAIT = 6;
inline int TCP_STATE_CLOSED = 7;
inline int TCP_STATE_CLOSE_WAIT = 8;
inline int TCP_STATE_LAST_ACK = 9;
inline int TCP_STATE_LISTEN = 10;
inline int TCP_STATE_CLOSING = 11;

inline string tcp_state_string[int state] =
	state == TCP_STATE_CLOSED ? "state-closed" :
	state == TCP_STATE_IDLE ? "state-idle" :
	state == TCP_STATE_LISTEN ? "state-listen" :
	state == TCP_STATE_SYN_SENT ? "state-syn-sent" :
	state == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
	state == TCP_STATE_ESTABLISHED ? "state-established" :
	state == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
	state == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
	state == TCP_STATE_CLOSING ? "state-closing" :
	state == TCP_STATE_LAST_ACK ? "state-last-ack" :
	state == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
	state == TCP_STATE_TIME_WAIT ? "state-time-wait" :
	"<unknown>";

/* A TCP header. */
typedef struct tcpinfo {
	uint16_t tcp_sport;	/* source port */
	uint16_t tcp_dport;	/* destination port */
	uint32_t tcp_seq;	/* sequence number */
	uint32_t tcp_ack;	/* acknowledgement number */
	uint8_t tcp_offset;	/* header length, in bytes */
	uint8_t tcp_flags;	/* TH_* flags */
	uint16_t tcp_window;	/* window, unscaled */
	uint16_t tcp_checksum;	/* checksum */
	uint16_t tcp_urgent;	/* urgent pointer */
	struct tcphdr *tcp_hdr;	/* the header */
} tcpinfo_t;

/* A TCP connection. */
typedef struct tcpsinfo {
	uintptr_t tcps_addr;	/* its socket */
	int tcps_local;		/* both ends on this host */
	uint16_t tcps_lport;	/* local port */
	uint16_t tcps_rport;	/* remote port */
	string tcps_laddr;	/* local address */
	string tcps_raddr;	/* remote address */
	int32_t tcps_state;	/* TCP_STATE_*: for state-change, the new one */
	uint32_t tcps_iss;	/* initial sequence number sent */
	uint32_t tcps_irs;	/* initial sequence number received */
	uint32_t tcps_suna;	/* oldest sequence number sent, not acknowledged */
	uint32_t tcps_snxt;	/* next sequence number to send */
	uint32_t tcps_rack;	/* sequence number acknowledged last */
	uint32_t tcps_rnxt;	/* next sequence number expected */
	uint32_t tcps_swnd;	/* send window */
	int32_t tcps_snd_ws;	/* send window scale */
	uint32_t tcps_radv;	/* receive window advertised last */
	uint32_t tcps_rwnd;	/* receive window */
	int32_t tcps_rcv_ws;	/* receive window scale */
	uint32_t tcps_cwnd;	/* congestion window, in segments */
	uint32_t tcps_cwnd_ssthresh;	/* slow start threshold */
	uint32_t tcps_sack_fack;	/* highest sequence number SACKed */
	uint32_t tcps_sack_snxt;	/* next sequence number to retransmit */
	uint32_t tcps_rto;	/* retransmission timeout, in jiffies */
	uint32_t tcps_mss;	/* maximum segment size */
	int tcps_retransmit;	/* the segment sent is a retransmission */
	uint32_t tcps_rtt;	/* smoothed round-trip time, in ms */
	uint32_t tcps_rtt_sd;	/* its deviation, in ms */
} tcpsinfo_t;

/* A connection's previous state, at tcp:::state-change. */
typedef struct tcplsinfo {
	int32_t tcps_state;	/* TCP_STATE_* */
} tcplsinfo_t;

/*
 * Whether socket S is a connection's full socket, not a request
 * (TCP_NEW_SYN_RECV, 12) or time-wait socket.
 */
inline int tcp_fullsock[struct tcp_sock *S] = S != NULL &&
	((struct sock_common *)S)->skc_state != 12 &&
	((struct sock_common *)S)->skc_state != TCP_STATE_TIME_WAIT;

/*
 * Whether socket S knows both ends of its connection (a listener does not
 * know the remote one).
 */
inline int tcp_connected[struct tcp_sock *S] = S != NULL &&
	((struct sock_common *)S)->skc_dport != 0;

/*
 * The payload of the probe's segment past its TCP header: the IP payload
 * (from the IP header in arg2, else the segment arg0 built so far) less
 * the TCP header (arg4).
 */
inline uint32_t tcp_seglen =
	(arg2 != NULL && *(uint8_t *)arg2 >> 4 == 4 ?
	ntohs(((struct iphdr *)arg2)->tot_len) - ((*(uint8_t *)arg2 & 0xf) << 2) :
	arg2 != NULL && *(uint8_t *)arg2 >> 4 == 6 ?
	ntohs(((struct ipv6hdr *)arg2)->payload_len) :
	arg0 != NULL ? ((struct sk_buff *)arg0)->len : 0) -
	(arg4 != NULL ? (*((uint8_t *)arg4 + 12) >> 4) << 2 : 0);

translator tcpinfo_t < struct tcphdr *T > {
	tcp_sport = T != NULL ? ntohs(T->source) :
	    arg3 == NULL ? 0 : arg6 == NET_PROBE_INBOUND ?
	    ntohs(((struct sock_common *)arg3)->skc_dport) :
	    ((struct sock_common *)arg3)->skc_num;
	tcp_dport = T != NULL ? ntohs(T->dest) :
	    arg3 == NULL ? 0 : arg6 == NET_PROBE_INBOUND ?
	    ((struct sock_common *)arg3)->skc_num :
	    ntohs(((struct sock_common *)arg3)->skc_dport);
	tcp_seq = T != NULL ? ntohl(T->seq) : 0;
	tcp_ack = T != NULL ? ntohl(T->ack_seq) : 0;
	tcp_offset = T != NULL ? (*((uint8_t *)T + 12) >> 4) << 2 : 0;
	tcp_flags = T != NULL ? *((uint8_t *)T + 13) : 0;
	tcp_window = T != NULL ? ntohs(T->window) : 0;
	tcp_checksum = T != NULL ? ntohs(T->check) : 0;
	tcp_urgent = T != NULL ? ntohs(T->urg_ptr) : 0;
	tcp_hdr = T;
};

translator tcpsinfo_t < struct tcp_sock *T > {
	tcps_addr = (uintptr_t)T;
	tcps_local = T == NULL ? 0 :
	    ((struct sock_common *)T)->skc_family == AF_INET ?
	    ((struct sock_common *)T)->skc_rcv_saddr ==
	    ((struct sock_common *)T)->skc_daddr :
	    ((uint32_t *)&((struct sock_common *)T)->skc_v6_rcv_saddr)[0] ==
	    ((uint32_t *)&((struct sock_common *)T)->skc_v6_daddr)[0] &&
	    ((uint32_t *)&((struct sock_common *)T)->skc_v6_rcv_saddr)[1] ==
	    ((uint32_t *)&((struct sock_common *)T)->skc_v6_daddr)[1] &&
	    ((uint32_t *)&((struct sock_common *)T)->skc_v6_rcv_saddr)[2] ==
	    ((uint32_t *)&((struct sock_common *)T)->skc_v6_daddr)[2] &&
	    ((uint32_t *)&((struct sock_common *)T)->skc_v6_rcv_saddr)[3] ==
	    ((uint32_t *)&((struct sock_common *)T)->skc_v6_daddr)[3];
	tcps_lport = tcp_fullsock[T] && (tcp_connected[T] || arg4 == NULL) ?
	    ntohs(((struct inet_sock *)T)->inet_sport) :
	    tcp_connected[T] || T != NULL && arg4 == NULL ?
	    ((struct sock_common *)T)->skc_num :
	    arg4 == NULL ? 0 : arg6 == NET_PROBE_INBOUND ?
	    ntohs(((struct tcphdr *)arg4)->dest) : ntohs(((struct tcphdr *)arg4)->source);
	tcps_rport = tcp_connected[T] || T != NULL && arg4 == NULL ?
	    ntohs(((struct sock_common *)T)->skc_dport) :
	    arg4 == NULL ? 0 : arg6 == NET_PROBE_INBOUND ?
	    ntohs(((struct tcphdr *)arg4)->source) : ntohs(((struct tcphdr *)arg4)->dest);
	tcps_laddr = (tcp_connected[T] || T != NULL && arg2 == NULL) &&
	    ((struct sock_common *)T)->skc_family == AF_INET ?
	    inet_ntoa(&((struct sock_common *)T)->skc_rcv_saddr) :
	    (tcp_connected[T] || T != NULL && arg2 == NULL) &&
	    ((struct sock_common *)T)->skc_family == AF_INET6 ?
	    inet_ntoa6((in6_addr_t *)&((struct sock_common *)T)->skc_v6_rcv_saddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 4 ?
	    inet_ntoa(arg6 == NET_PROBE_INBOUND ? &((struct iphdr *)arg2)->daddr :
	    &((struct iphdr *)arg2)->saddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 6 ?
	    inet_ntoa6((in6_addr_t *)(arg6 == NET_PROBE_INBOUND ?
	    &((struct ipv6hdr *)arg2)->daddr : &((struct ipv6hdr *)arg2)->saddr)) :
	    "<unknown>";
	tcps_raddr = (tcp_connected[T] || T != NULL && arg2 == NULL) &&
	    ((struct sock_common *)T)->skc_family == AF_INET ?
	    inet_ntoa(&((struct sock_common *)T)->skc_daddr) :
	    (tcp_connected[T] || T != NULL && arg2 == NULL) &&
	    ((struct sock_common *)T)->skc_family == AF_INET6 ?
	    inet_ntoa6((in6_addr_t *)&((struct sock_common *)T)->skc_v6_daddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 4 ?
	    inet_ntoa(arg6 == NET_PROBE_INBOUND ? &((struct iphdr *)arg2)->saddr :
	    &((struct iphdr *)arg2)->daddr) :
	    arg2 != NULL && *(uint8_t *)arg2 >> 4 == 6 ?
	    inet_ntoa6((in6_addr_t *)(arg6 == NET_PROBE_INBOUND ?
	    &((struct ipv6hdr *)arg2)->saddr : &((struct ipv6hdr *)arg2)->daddr)) :
	    "<unknown>";
	tcps_state = arg7 != 0 ? arg7 : T == NULL ? 0 :
	    ((struct sock_common *)T)->skc_state == 12 ? TCP_STATE_SYN_RECEIVED :
	    ((struct sock_common *)T)->skc_state;
	/*
	 * Linux keeps no initial sequence numbers: they are what a
	 * connection has acknowledged (received) less the bytes that were,
	 * and the SYN. An actively opened connection counts its SYN among
	 * the bytes acknowledged: its tcps_iss is one less than the SYN's.
	 */
	tcps_iss = T == NULL ? 0 :
	    ((struct sock_common *)T)->skc_state == 12 ?
	    ((struct tcp_request_sock *)T)->snt_isn :
	    !tcp_fullsock[T] ? 0 :
	    ((struct sock_common *)T)->skc_state == TCP_STATE_SYN_SENT ? T->snd_una :
	    T->snd_una - (uint32_t)T->bytes_acked - 1;
	tcps_irs = T == NULL ? 0 :
	    ((struct sock_common *)T)->skc_state == 12 ?
	    ((struct tcp_request_sock *)T)->rcv_isn :
	    !tcp_fullsock[T] ||
	    ((struct sock_common *)T)->skc_state == TCP_STATE_SYN_SENT ? 0 :
	    T->rcv_nxt - (uint32_t)T->bytes_received - 1;
	tcps_suna = tcp_fullsock[T] ? T->snd_una : 0;
	tcps_snxt = tcp_fullsock[T] ? T->snd_nxt : 0;
	tcps_rack = tcp_fullsock[T] ? T->snd_una : 0;
	tcps_rnxt = tcp_fullsock[T] ? T->rcv_nxt : 0;
	tcps_swnd = tcp_fullsock[T] ? T->snd_wnd : 0;
	tcps_snd_ws = tcp_fullsock[T] ? T->rx_opt.snd_wscale : 0;
	tcps_radv = tcp_fullsock[T] ? T->rcv_wup + T->rcv_wnd : 0;
	tcps_rwnd = tcp_fullsock[T] ? T->rcv_wnd : 0;
	tcps_rcv_ws = tcp_fullsock[T] ? T->rx_opt.rcv_wscale : 0;
	tcps_cwnd = tcp_fullsock[T] ? T->snd_cwnd : 0;
	tcps_cwnd_ssthresh = tcp_fullsock[T] ? T->snd_ssthresh : 0;
	tcps_sack_fack = !tcp_fullsock[T] || T->sacked_out == 0 ? 0 :
	    T->highest_sack == NULL ? T->snd_nxt :
	    ((struct tcp_skb_cb *)&T->highest_sack->cb[0])->end_seq;
	tcps_sack_snxt = !tcp_fullsock[T] ? 0 :
	    T->sacked_out == 0 ? T->snd_una :
	    T->highest_sack == NULL ? T->snd_nxt :
	    ((struct tcp_skb_cb *)&T->highest_sack->cb[0])->seq;
	tcps_rto = tcp_fullsock[T] ? T->inet_conn.icsk_rto : 0;
	tcps_mss = tcp_fullsock[T] ? T->mss_cache : 0;
	/*
	 * A segment sent with data (or SYN or FIN) that starts before the
	 * next new byte (the kernel advances snd_nxt once a new segment has
	 * been sent), or, in loss recovery (TCP_CA_Recovery, TCP_CA_Loss,
	 * which may take snd_nxt back), before the sequence number sent when
	 * it began (high_seq).
	 */
	tcps_retransmit = tcp_fullsock[T] && arg4 != NULL &&
	    arg6 == NET_PROBE_OUTBOUND &&
	    (tcp_seglen > 0 || (*((uint8_t *)arg4 + 13) & (TH_SYN | TH_FIN)) != 0) &&
	    ((int32_t)(ntohl(((struct tcphdr *)arg4)->seq) - T->snd_nxt) < 0 ||
	    T->inet_conn.icsk_ca_state >= 3 &&
	    (int32_t)(ntohl(((struct tcphdr *)arg4)->seq) - T->high_seq) < 0);
	tcps_rtt = tcp_fullsock[T] ? (T->srtt_us >> 3) / 1000 : 0;
	tcps_rtt_sd = tcp_fullsock[T] ? (T->mdev_us >> 2) / 1000 : 0;
};

translator tcplsinfo_t < int I > {
	tcps_state = I;
};
