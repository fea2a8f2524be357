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
 * REASON, the kernel's drop reason number (enum skb_drop_reason; its
 * names for the running kernel are listed in
 * /sys/kernel/tracing/events/skb/kfree_skb/format, e.g. 3 NO_SOCKET:
 * no socket for the port, a SYN to a closed port). Then the kernel
 * stack. Drops on an established connection cause retransmissions
 * (tcpretrans.d); NO_SOCKET drops are connection attempts to ports
 * nothing listens on, or late packets of closed connections.
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
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %2d %-32s> %-32s %-12s %d\n",
	    this->t / 1000000000, this->t / 1000000 % 1000, pid, execname,
	    this->v4 ? 4 : 6,
	    strjoin(strjoin(this->v4 ? inet_ntoa(&this->ip->saddr) :
	    inet_ntop(AF_INET6, &this->ip6->saddr), ":"),
	    lltostr(ntohs(this->th->source))),
	    strjoin(strjoin(this->v4 ? inet_ntoa(&this->ip->daddr) :
	    inet_ntop(AF_INET6, &this->ip6->daddr), ":"),
	    lltostr(ntohs(this->th->dest))),
	    this->state == 0 ? "-" : this->state <= 12 ? st[this->state] :
	    lltostr(this->state), args[2]);
	stack();
	printf("\n");
}
