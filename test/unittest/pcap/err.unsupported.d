/*
 * pcap(addr, proto) compiles with DTrace's prototype, void(void *, int),
 * and the D library's PCAP_* link types; recording packets is not done
 * yet, which enabling the program says.
 */
sdt:::net_dev_queue
{
	pcap(args[0], PCAP_ETHER);
}
