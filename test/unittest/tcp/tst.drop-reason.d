/* @@pre: sh unittest/tcp/build.sh */
/* @@timeout: 60 */
/* @@runtest-opts: -q -c /tmp/dtrace-net/tcp-lo */

/*
 * A kernel enum's enumerator, named on the right of a comparison with a
 * value of its enum (args[2], enum skb_drop_reason): the SYNs to the
 * ports nothing listens on (tst.loopback.d's refused connections, IPv4
 * to 27411, IPv6 to 27412) are dropped for want of a socket.
 */

sdt:skb::kfree_skb
/args[2] == SKB_DROP_REASON_NO_SOCKET/
{
	this->th = (struct tcphdr *)(args[0]->head + args[0]->transport_header);
	this->port = ntohs(this->th->dest);
}

sdt:skb::kfree_skb
/args[2] == SKB_DROP_REASON_NO_SOCKET &&
    (this->port == 27411 || this->port == 27412)/
{
	@[this->port, args[2] != SKB_DROP_REASON_NOT_SPECIFIED] = count();
}
