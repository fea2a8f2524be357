/* @@pre: sh unittest/tcp/build.sh */
/* @@timeout: 60 */
/* @@runtest-opts: -q -c /tmp/dtrace-net/retrans */

/*
 * Retransmissions: the server (in the network namespace of build.sh,
 * 10.47.0.2:27333, then fd47::2:27334) sends 2000 bytes while the veth
 * end that would receive them is down (link.sh), so that they are lost,
 * and sent again once the link is up. Each connection retransmits, what
 * it retransmits it has sent before, and the client receives each byte
 * once. (Whether the first attempt counts as sent is the kernel's to say:
 * a device that tells TCP it dropped the packet leaves the data unsent,
 * its next attempt not a retransmission.)
 */

inline int SERVER4 = 27333;
inline int SERVER6 = 27334;

int bad, sent[int], retransmitted[int];

tcp:::send
/(args[3]->tcps_lport == SERVER4 || args[3]->tcps_lport == SERVER6) &&
 args[2]->ip_plength > args[4]->tcp_offset/
{
	this->len = args[2]->ip_plength - args[4]->tcp_offset;
	this->end = args[4]->tcp_seq - args[3]->tcps_iss + this->len;
	retransmitted[args[3]->tcps_lport] += args[3]->tcps_retransmit ? this->len : 0;
	/* A retransmission resends bytes sent before. */
	bad += args[3]->tcps_retransmit && this->end > sent[args[3]->tcps_lport];
	sent[args[3]->tcps_lport] = this->end > sent[args[3]->tcps_lport] ?
	    this->end : sent[args[3]->tcps_lport];
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
	printf("sent by %d: through byte %d, retransmitted %d\n", SERVER4,
	    sent[SERVER4] - 1, retransmitted[SERVER4] > 0);
	printf("sent by %d: through byte %d, retransmitted %d\n", SERVER6,
	    sent[SERVER6] - 1, retransmitted[SERVER6] > 0);
	printa("received from %d: %@d bytes\n", @received);
	printf("retransmissions that disagree: %d\n", bad);
}
