/* @@pre: sh unittest/tcp/build.sh */
/* @@timeout: 60 */
/* @@runtest-opts: -q -c /tmp/dtrace-net/tcp-ns */

/*
 * The tcp provider over loopback, IPv4 (127.0.47.2 to 127.0.47.1:27313)
 * then IPv6 (::1 to ::1:27314): a connection accepted, 1000 bytes from
 * the client, 2000 from the server, closed by the client first; then a
 * connection to the port 100 higher, refused.
 */

inline int SERVER4 = 27313;
inline int SERVER6 = 27314;

int bad, segments, ipbad;

tcp:::accept-established
/args[3]->tcps_lport == SERVER4 || args[3]->tcps_lport == SERVER6/
{
	@accepted[args[3]->tcps_raddr, args[3]->tcps_lport, args[3]->tcps_laddr,
	    tcp_state_string[args[3]->tcps_state], args[1]->cs_addr == arg3] = count();
}

tcp:::connect-request,
tcp:::connect-established
/args[3]->tcps_rport == SERVER4 || args[3]->tcps_rport == SERVER6/
{
	@connect[probename, args[3]->tcps_laddr, args[3]->tcps_raddr, args[3]->tcps_rport,
	    tcp_state_string[args[3]->tcps_state], args[2]->ip_ver,
	    args[3]->tcps_lport != 0 && args[3]->tcps_lport != args[3]->tcps_rport] = count();
}

/* A SYN (without ACK) goes out at connect-request. */
tcp:::connect-request
/args[3]->tcps_rport == SERVER4 || args[3]->tcps_rport == SERVER6/
{
	@syn[args[4]->tcp_flags == TH_SYN, args[4]->tcp_dport] = count();
}

tcp:::connect-refused
/args[3]->tcps_rport == SERVER4 + 100 || args[3]->tcps_rport == SERVER6 + 100/
{
	@refused[probename, args[3]->tcps_raddr, args[3]->tcps_rport] = count();
}

tcp:::accept-refused
/args[3]->tcps_lport == SERVER4 + 100 || args[3]->tcps_lport == SERVER6 + 100/
{
	@refused[probename, args[3]->tcps_raddr, args[3]->tcps_lport] = count();
	@syn[args[4]->tcp_flags == TH_SYN, args[4]->tcp_dport] = count();
}

/* The payload each end sends and receives, and the headers' agreement. */
tcp:::send,
tcp:::receive
/args[3]->tcps_lport == SERVER4 || args[3]->tcps_lport == SERVER6 ||
 args[3]->tcps_rport == SERVER4 || args[3]->tcps_rport == SERVER6/
{
	this->side = args[3]->tcps_lport == SERVER4 || args[3]->tcps_lport == SERVER6 ?
	    "server" : "client";
	this->port = args[3]->tcps_lport == SERVER4 || args[3]->tcps_rport == SERVER4 ?
	    SERVER4 : SERVER6;
	@bytes[probename, this->side, this->port] =
	    sum(args[2]->ip_plength - args[4]->tcp_offset);
	this->out = probename == "send";
	bad += (this->out ? args[2]->ip_saddr : args[2]->ip_daddr) != args[3]->tcps_laddr ||
	    (this->out ? args[2]->ip_daddr : args[2]->ip_saddr) != args[3]->tcps_raddr ||
	    (this->out ? args[4]->tcp_sport : args[4]->tcp_dport) != args[3]->tcps_lport ||
	    (this->out ? args[4]->tcp_dport : args[4]->tcp_sport) != args[3]->tcps_rport ||
	    args[2]->ip_ver != (this->port == SERVER4 ? 4 : 6) ||
	    args[0]->pkt_addr != arg0 || args[3]->tcps_retransmit;
	segments++;
}

/*
 * Data travels in an established connection, its sequence numbers in
 * line (the client's tcps_iss is one less than its SYN's: tcp.d).
 */
tcp:::send
/(args[3]->tcps_lport == SERVER4 || args[3]->tcps_rport == SERVER4) &&
 args[2]->ip_plength > args[4]->tcp_offset/
{
	this->server = args[3]->tcps_lport == SERVER4;
	@data[this->server ? "server" : "client",
	    tcp_state_string[args[3]->tcps_state],
	    args[4]->tcp_seq - args[3]->tcps_iss - !this->server,
	    args[4]->tcp_ack - args[3]->tcps_irs,
	    args[4]->tcp_flags & (TH_ACK | TH_PSH)] = count();
}

tcp:::state-change
/args[3]->tcps_lport == SERVER4 || args[3]->tcps_lport == SERVER6 ||
 args[3]->tcps_rport == SERVER4 || args[3]->tcps_rport == SERVER6 ||
 args[3]->tcps_rport == SERVER4 + 100 || args[3]->tcps_rport == SERVER6 + 100/
{
	this->who = args[3]->tcps_rport == SERVER4 + 100 || args[3]->tcps_rport == SERVER6 + 100 ?
	    "refused" : args[3]->tcps_rport == 0 ? "listener" :
	    args[3]->tcps_lport == SERVER4 || args[3]->tcps_lport == SERVER6 ? "server" : "client";
	@states[this->who, args[3]->tcps_lport == SERVER6 || args[3]->tcps_rport == SERVER6 ||
	    args[3]->tcps_rport == SERVER6 + 100 ? 6 : 4,
	    tcp_state_string[args[5]->tcps_state], tcp_state_string[args[3]->tcps_state]] = count();
}

END
{
	printf("segments %d, fields that disagree %d\n", segments > 10, bad);
}

/*
 * Every segment is an IP packet between the pair's addresses, sent on
 * one end's device and received on the other's.
 */
tcp:::send
/args[3]->tcps_lport == SERVER4 || args[3]->tcps_lport == SERVER6 ||
 args[3]->tcps_rport == SERVER4 || args[3]->tcps_rport == SERVER6 ||
 args[3]->tcps_rport == SERVER4 + 100 || args[3]->tcps_rport == SERVER6 + 100 ||
 args[4]->tcp_sport == SERVER4 + 100 || args[4]->tcp_sport == SERVER6 + 100/
{
	tcpsent[args[2]->ip_ver]++;
}

ip:::send,
ip:::receive
/args[2]->ip_saddr == "10.47.0.1" || args[2]->ip_saddr == "10.47.0.2" ||
 args[2]->ip_saddr == "fd47::1" || args[2]->ip_saddr == "fd47::2"/
{
	this->v4 = args[2]->ip_ver == 4;
	ip[probename, args[2]->ip_ver]++;
	@ifs[probename, args[2]->ip_ver, args[3]->if_name,
	    args[2]->ip_saddr == "10.47.0.2" || args[2]->ip_saddr == "fd47::2" ? "from server" : "to server",
	    this->v4 ? args[4]->ipv4_protostr : args[5]->ipv6_nextstr,
	    this->v4 ? args[4]->ipv4_ttl : args[5]->ipv6_hlim,
	    args[3]->if_local, arg4 != 0, arg5 != 0] = max(1);
	ipbad += this->v4 ?
	    args[4]->ipv4_saddr != args[2]->ip_saddr || args[4]->ipv4_daddr != args[2]->ip_daddr ||
	    args[4]->ipv4_length != args[2]->ip_plength + args[4]->ipv4_ihl || args[4]->ipv4_ver != 4 :
	    args[5]->ipv6_saddr != args[2]->ip_saddr || args[5]->ipv6_daddr != args[2]->ip_daddr ||
	    args[5]->ipv6_plen != args[2]->ip_plength || args[5]->ipv6_ver != 6;
}

END
{
	printf("ip packets: sent as tcp sent them %d %d, received as sent %d %d, fields that disagree %d\n",
	    ip["send", 4] == tcpsent[4], ip["send", 6] == tcpsent[6],
	    ip["receive", 4] == ip["send", 4], ip["receive", 6] == ip["send", 6], ipbad);
}
