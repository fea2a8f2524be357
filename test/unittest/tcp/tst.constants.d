#pragma D option quiet

/*
 * The D library's constants of the network providers: TCP states and
 * their names (tcp_state_string[], an inline associative array), TCP
 * flags, IP protocols, and the probes' directions.
 */
BEGIN
{
	this->s = TCP_STATE_IDLE;
	printf("%d %s\n", this->s, tcp_state_string[this->s]);
	printf("%d %s\n", TCP_STATE_ESTABLISHED, tcp_state_string[TCP_STATE_ESTABLISHED]);
	printf("%d %s\n", TCP_STATE_SYN_SENT, tcp_state_string[TCP_STATE_SYN_SENT]);
	printf("%d %s\n", TCP_STATE_SYN_RECEIVED, tcp_state_string[TCP_STATE_SYN_RECEIVED]);
	printf("%d %s\n", TCP_STATE_FIN_WAIT_1, tcp_state_string[TCP_STATE_FIN_WAIT_1]);
	printf("%d %s\n", TCP_STATE_FIN_WAIT_2, tcp_state_string[TCP_STATE_FIN_WAIT_2]);
	printf("%d %s\n", TCP_STATE_TIME_WAIT, tcp_state_string[TCP_STATE_TIME_WAIT]);
	printf("%d %s\n", TCP_STATE_CLOSED, tcp_state_string[TCP_STATE_CLOSED]);
	printf("%d %s\n", TCP_STATE_CLOSE_WAIT, tcp_state_string[TCP_STATE_CLOSE_WAIT]);
	printf("%d %s\n", TCP_STATE_LAST_ACK, tcp_state_string[TCP_STATE_LAST_ACK]);
	printf("%d %s\n", TCP_STATE_LISTEN, tcp_state_string[TCP_STATE_LISTEN]);
	printf("%d %s\n", TCP_STATE_CLOSING, tcp_state_string[TCP_STATE_CLOSING]);
	printf("%s\n", tcp_state_string[12]);
	printf("%x %x %x %x %x %x %x %x\n", TH_FIN, TH_SYN, TH_RST, TH_PSH, TH_ACK, TH_URG, TH_ECE, TH_CWR);
	printf("%d %d %d %d %d %d\n", IPPROTO_IP, IPPROTO_ICMP, IPPROTO_TCP, IPPROTO_UDP, IPPROTO_IPV6, IPPROTO_ICMPV6);
	printf("%s %s %s %s\n", ip_protostr[IPPROTO_TCP], ip_protostr[IPPROTO_UDP], ip_protostr[IPPROTO_ICMPV6], ip_protostr[253]);
	printf("%d %d %d\n", NET_PROBE_OUTBOUND, NET_PROBE_INBOUND, NET_PROBE_STATE);
	exit(0);
}
