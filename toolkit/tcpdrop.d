#!/usr/bin/env -S dtrace -qs
/*
 * tcpdrop.d: TCP packets the kernel drops, one block per packet as it is
 * freed: the addresses, the socket's state, the drop reason and the
 * kernel stack that dropped it.
 *
 * Usage: ./tcpdrop.d
 *
 * Columns: TIME(s) since the tool started; PID and COMM, whatever ran
 * (drops happen mostly while receiving, in soft interrupts); IP;
 * SADDR:SPORT > DADDR:DPORT, the packet's source and destination;
 * STATE, the state of the socket it was for ("-" when none matched);
 * REASON, the kernel's drop reason (enum skb_drop_reason), named as the
 * kernel names it without its SKB_DROP_REASON_ prefix: NO_SOCKET, no
 * socket for the port (a SYN to a closed port); TCP_CSUM, a bad
 * checksum; SOCKET_RCVBUFF, the receiver's buffer full; TCP_OLD_DATA,
 * TCP_INVALID_SEQUENCE, TCP_OVERWINDOW, data outside the window... A
 * reason the tool does not name (those of kernels after 6.1, or not
 * TCP's) is its number, which
 * /sys/kernel/tracing/events/skb/kfree_skb/format names. Then the
 * kernel stack. Drops on an established connection cause
 * retransmissions (tcpretrans.d); NO_SOCKET drops are connection
 * attempts to ports nothing listens on, or late packets of closed
 * connections.
 *
 * Probes: sdt:skb::kfree_skb of IPv4 and IPv6 packets carrying TCP;
 * the headers through the struct sk_buff.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	st[1] = "ESTABLISHED"; st[2] = "SYN_SENT"; st[3] = "SYN_RECV";
	st[4] = "FIN_WAIT1"; st[5] = "FIN_WAIT2"; st[6] = "TIME_WAIT";
	st[7] = "CLOSE"; st[8] = "CLOSE_WAIT"; st[9] = "LAST_ACK";
	st[10] = "LISTEN"; st[11] = "CLOSING"; st[12] = "NEW_SYN_RECV";
	start = timestamp;
	printf("%-10s %7s %-16s %2s %-32s  %-32s %-12s %s\n", "TIME(s)", "PID",
	    "COMM", "IP", "SADDR:SPORT", "DADDR:DPORT", "STATE", "REASON");
}

/* ETH_P_IP (0x0800) and ETH_P_IPV6 (0x86dd), in network byte order. */
sdt:skb::kfree_skb
/args[2] > 1 && (args[0]->protocol == htons(0x0800) ||
    args[0]->protocol == htons(0x86dd))/
{
	this->skb = args[0];
	this->v4 = this->skb->protocol == htons(0x0800);
	this->ip = (struct iphdr *)(this->skb->head + this->skb->network_header);
	this->ip6 = (struct ipv6hdr *)this->ip;
	this->tcp = this->v4 ? this->ip->protocol == 6 : this->ip6->nexthdr == 6;
}

sdt:skb::kfree_skb
/args[2] > 1 && (args[0]->protocol == htons(0x0800) ||
    args[0]->protocol == htons(0x86dd)) && this->tcp/
{
	this->th = (struct tcphdr *)(this->skb->head +
	    this->skb->transport_header);
	this->state = args[3] != NULL ? args[3]->__sk_common.skc_state : 0;
	/*
	 * The reasons of enum skb_drop_reason since 6.1 that TCP's packets
	 * meet, by the names of the running kernel's enum (BTF), compared
	 * with the reason as D resolves an enum's names.
	 */
	this->r = args[2];
	this->reason =
	    this->r == SKB_DROP_REASON_NOT_SPECIFIED ? "NOT_SPECIFIED" :
	    this->r == SKB_DROP_REASON_NO_SOCKET ? "NO_SOCKET" :
	    this->r == SKB_DROP_REASON_PKT_TOO_SMALL ? "PKT_TOO_SMALL" :
	    this->r == SKB_DROP_REASON_TCP_CSUM ? "TCP_CSUM" :
	    this->r == SKB_DROP_REASON_SOCKET_FILTER ? "SOCKET_FILTER" :
	    this->r == SKB_DROP_REASON_NETFILTER_DROP ? "NETFILTER_DROP" :
	    this->r == SKB_DROP_REASON_OTHERHOST ? "OTHERHOST" :
	    this->r == SKB_DROP_REASON_IP_CSUM ? "IP_CSUM" :
	    this->r == SKB_DROP_REASON_IP_INHDR ? "IP_INHDR" :
	    this->r == SKB_DROP_REASON_IP_RPFILTER ? "IP_RPFILTER" :
	    this->r == SKB_DROP_REASON_XFRM_POLICY ? "XFRM_POLICY" :
	    this->r == SKB_DROP_REASON_SOCKET_RCVBUFF ? "SOCKET_RCVBUFF" :
	    this->r == SKB_DROP_REASON_PROTO_MEM ? "PROTO_MEM" :
	    this->r == SKB_DROP_REASON_TCP_MD5NOTFOUND ? "TCP_MD5NOTFOUND" :
	    this->r == SKB_DROP_REASON_TCP_MD5UNEXPECTED ? "TCP_MD5UNEXPECTED" :
	    this->r == SKB_DROP_REASON_TCP_MD5FAILURE ? "TCP_MD5FAILURE" :
	    this->r == SKB_DROP_REASON_SOCKET_BACKLOG ? "SOCKET_BACKLOG" :
	    this->r == SKB_DROP_REASON_TCP_FLAGS ? "TCP_FLAGS" :
	    this->r == SKB_DROP_REASON_TCP_ZEROWINDOW ? "TCP_ZEROWINDOW" :
	    this->r == SKB_DROP_REASON_TCP_OLD_DATA ? "TCP_OLD_DATA" :
	    this->r == SKB_DROP_REASON_TCP_OVERWINDOW ? "TCP_OVERWINDOW" :
	    this->r == SKB_DROP_REASON_TCP_OFOMERGE ? "TCP_OFOMERGE" :
	    this->r == SKB_DROP_REASON_TCP_RFC7323_PAWS ? "TCP_RFC7323_PAWS" :
	    this->r == SKB_DROP_REASON_TCP_INVALID_SEQUENCE ? "TCP_INVALID_SEQUENCE" :
	    this->r == SKB_DROP_REASON_TCP_RESET ? "TCP_RESET" :
	    this->r == SKB_DROP_REASON_TCP_INVALID_SYN ? "TCP_INVALID_SYN" :
	    this->r == SKB_DROP_REASON_TCP_CLOSE ? "TCP_CLOSE" :
	    this->r == SKB_DROP_REASON_TCP_FASTOPEN ? "TCP_FASTOPEN" :
	    this->r == SKB_DROP_REASON_TCP_OLD_ACK ? "TCP_OLD_ACK" :
	    this->r == SKB_DROP_REASON_TCP_TOO_OLD_ACK ? "TCP_TOO_OLD_ACK" :
	    this->r == SKB_DROP_REASON_TCP_ACK_UNSENT_DATA ? "TCP_ACK_UNSENT_DATA" :
	    this->r == SKB_DROP_REASON_TCP_OFO_QUEUE_PRUNE ? "TCP_OFO_QUEUE_PRUNE" :
	    this->r == SKB_DROP_REASON_TCP_OFO_DROP ? "TCP_OFO_DROP" :
	    this->r == SKB_DROP_REASON_IP_OUTNOROUTES ? "IP_OUTNOROUTES" :
	    this->r == SKB_DROP_REASON_BPF_CGROUP_EGRESS ? "BPF_CGROUP_EGRESS" :
	    this->r == SKB_DROP_REASON_NEIGH_FAILED ? "NEIGH_FAILED" :
	    this->r == SKB_DROP_REASON_QDISC_DROP ? "QDISC_DROP" :
	    this->r == SKB_DROP_REASON_CPU_BACKLOG ? "CPU_BACKLOG" :
	    this->r == SKB_DROP_REASON_NOMEM ? "NOMEM" : lltostr(this->r);
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %2d %-32s> %-32s %-12s %s\n",
	    this->t / 1000000000, this->t / 1000000 % 1000, pid, execname,
	    this->v4 ? 4 : 6,
	    strjoin(strjoin(this->v4 ? inet_ntoa(&this->ip->saddr) :
	    inet_ntop(AF_INET6, &this->ip6->saddr), ":"),
	    lltostr(ntohs(this->th->source))),
	    strjoin(strjoin(this->v4 ? inet_ntoa(&this->ip->daddr) :
	    inet_ntop(AF_INET6, &this->ip6->daddr), ":"),
	    lltostr(ntohs(this->th->dest))),
	    this->state == 0 ? "-" : this->state <= 12 ? st[this->state] :
	    lltostr(this->state), this->reason);
	stack();
	printf("\n");
}
