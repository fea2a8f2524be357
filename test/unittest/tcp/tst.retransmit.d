/* @@pre: sh unittest/tcp/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-net/retrans */

/*
 * Retransmissions: the server (in the network namespace of build.sh,
 * 10.47.0.2:27333, then fd47::2:27334) sends 2000 bytes while the veth
 * end that would receive them is down (link.sh), so that they are lost
 * without its knowing, and sent again once the link is up. Every byte is
 * sent at least twice, the first time not as a retransmission, and the
 * client receives each once.
 */

inline int SERVER4 = 27333;
inline int SERVER6 = 27334;

int first[int, uint32_t];
int bad, sent[int], retransmitted[int];

tcp:::send
/(args[3]->tcps_lport == SERVER4 || args[3]->tcps_lport == SERVER6) &&
 args[2]->ip_plength > args[4]->tcp_offset/
{
	this->len = args[2]->ip_plength - args[4]->tcp_offset;
	this->seq = args[4]->tcp_seq - args[3]->tcps_iss;
	sent[args[3]->tcps_lport] += args[3]->tcps_retransmit ? 0 : this->len;
	retransmitted[args[3]->tcps_lport] += args[3]->tcps_retransmit ? this->len : 0;
	/* A retransmission resends bytes sent before. */
	bad += args[3]->tcps_retransmit && this->seq + this->len > 2001;
	bad += !args[3]->tcps_retransmit && first[args[3]->tcps_lport, this->seq] != 0;
	first[args[3]->tcps_lport, this->seq] = 1;
	bad += tcp_state_string[args[3]->tcps_state] != "state-established";
}

tcp:::receive
/(args[3]->tcps_rport == SERVER4 || args[3]->tcps_rport == SERVER6) &&
 args[2]->ip_plength > args[4]->tcp_offset/
{
	@received[args[3]->tcps_rport] = sum(args[2]->ip_plength - args[4]->tcp_offset);
}

END
{
	printf("sent by %d: %d bytes, all of them retransmitted %d\n", SERVER4,
	    sent[SERVER4], retransmitted[SERVER4] >= sent[SERVER4]);
	printf("sent by %d: %d bytes, all of them retransmitted %d\n", SERVER6,
	    sent[SERVER6], retransmitted[SERVER6] >= sent[SERVER6]);
	printa("received from %d: %@d bytes\n", @received);
	printf("retransmissions that disagree: %d\n", bad);
}
