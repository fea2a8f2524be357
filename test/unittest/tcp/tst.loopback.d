/* @@pre: sh unittest/tcp/build.sh */
/* @@timeout: 60 */
/* @@runtest-opts: -q -c /tmp/dtrace-net/tcp-lo */

/*
 * The tcp provider over loopback, IPv4 (127.0.47.2 to 127.0.47.1:27311)
 * then IPv6 (::1 to ::1:27312): a connection accepted, 1000 bytes from
 * the client, 2000 from the server, closed by the client first; then a
 * connection to the port 100 higher, refused.
 */

inline int SERVER4 = 27311;
inline int SERVER6 = 27312;

int bad, segments;

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
