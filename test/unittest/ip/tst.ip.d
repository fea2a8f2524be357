/* @@pre: sh unittest/tcp/build.sh */
/* @@timeout: 60 */
/* @@runtest-opts: -q -c /tmp/dtrace-net/udp */

/*
 * The ip provider: the UDP datagrams of udp's test (100, 200 and 300
 * bytes to a server, 50 back), over loopback (127.0.47.2 and 127.0.47.1;
 * its IPv6 exchange, between ::1 and ::1, is left out: other programs
 * may use that address) and over a veth pair, IPv4 (10.47.0.1 and
 * 10.47.0.2) and IPv6 (fd47::1 and fd47::2), each sent once and
 * received once, on the devices they leave and reach.
 */

int bad;

ip:::send,
ip:::receive
/args[2]->ip_saddr == "127.0.47.1" || args[2]->ip_saddr == "127.0.47.2" ||
 args[2]->ip_saddr == "10.47.0.1" || args[2]->ip_saddr == "10.47.0.2" ||
 args[2]->ip_saddr == "fd47::1" || args[2]->ip_saddr == "fd47::2"/
{
	this->v4 = args[2]->ip_ver == 4;
	@[probename, args[3]->if_name, args[3]->if_local, args[2]->ip_ver,
	    args[2]->ip_saddr, args[2]->ip_daddr, args[2]->ip_plength,
	    this->v4 ? args[4]->ipv4_protostr : args[5]->ipv6_nextstr,
	    this->v4 ? args[4]->ipv4_ttl : args[5]->ipv6_hlim] = count();
	bad += this->v4 ?
	    arg5 != 0 || arg4 != arg2 || args[4]->ipv4_ver != 4 || args[4]->ipv4_ihl != 20 ||
	    args[4]->ipv4_length != args[2]->ip_plength + 20 ||
	    args[4]->ipv4_protocol != IPPROTO_UDP || args[4]->ipv4_offset != 0 ||
	    args[4]->ipv4_saddr != args[2]->ip_saddr || args[4]->ipv4_daddr != args[2]->ip_daddr ||
	    args[4]->ipv4_src != *(uint32_t *)(arg2 + 12) ||
	    (uintptr_t)args[4]->ipv4_hdr != arg2 :
	    arg4 != 0 || arg5 != arg2 || args[5]->ipv6_ver != 6 ||
	    args[5]->ipv6_plen != args[2]->ip_plength ||
	    args[5]->ipv6_nexthdr != IPPROTO_UDP || args[5]->ipv6_tclass != 0 ||
	    args[5]->ipv6_saddr != args[2]->ip_saddr || args[5]->ipv6_daddr != args[2]->ip_daddr ||
	    inet_ntoa6(args[5]->ipv6_dst) != args[2]->ip_daddr ||
	    (uintptr_t)args[5]->ipv6_hdr != arg2;
	bad += args[0]->pkt_addr != arg0 || args[3]->if_addr != arg3 || args[3]->if_ipstack == 0;
}

END
{
	printf("fields that disagree: %d\n", bad);
}
