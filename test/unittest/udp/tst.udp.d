/* @@pre: sh unittest/tcp/build.sh */
/* @@timeout: 60 */
/* @@runtest-opts: -q -c /tmp/dtrace-net/udp */

/*
 * The udp provider: a client sends datagrams of 100, 200 and 300 bytes to
 * a server, which answers the last with 50: over loopback, IPv4
 * (127.0.47.2 to 127.0.47.1:27351) and IPv6 (::1 to ::1:27352), then over
 * a veth pair to a server in another network namespace (build.sh), IPv4
 * (10.47.0.1 to 10.47.0.2:27353) and IPv6 (fd47::1 to fd47::2:27354).
 */

int bad, sockets[string, int];

udp:::send,
udp:::receive
/args[4]->udp_sport >= 27351 && args[4]->udp_sport <= 27354 ||
 args[4]->udp_dport >= 27351 && args[4]->udp_dport <= 27354/
{
	this->out = probename == "send";
	this->server = args[3]->udps_lport >= 27351 && args[3]->udps_lport <= 27354;
	@[this->server ? args[3]->udps_lport : args[3]->udps_rport, probename,
	    this->server ? "server" : "client", args[2]->ip_saddr, args[2]->ip_daddr,
	    args[4]->udp_length - 8] = count();
	bad += (this->out ? args[2]->ip_saddr : args[2]->ip_daddr) != args[3]->udps_laddr ||
	    (this->out ? args[2]->ip_daddr : args[2]->ip_saddr) != args[3]->udps_raddr ||
	    (this->out ? args[4]->udp_sport : args[4]->udp_dport) != args[3]->udps_lport ||
	    (this->out ? args[4]->udp_dport : args[4]->udp_sport) != args[3]->udps_rport ||
	    args[2]->ip_plength != args[4]->udp_length ||
	    args[0]->pkt_addr != arg0 || args[1]->cs_addr != arg1 ||
	    args[2]->ip_ver != (index(args[2]->ip_saddr, ":") >= 0 ? 6 : 4);
	/* A datagram sent has its socket, one received where no socket has
	 * taken it yet (udp_queue_rcv_skb) or none is known (a device
	 * passing it up). */
	sockets[probename, args[3]->udps_addr != 0]++;
}

END
{
	printf("fields that disagree: %d, datagrams sent with their socket %d\n", bad, sockets["send", 1]);
}
