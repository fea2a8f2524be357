/*
 * pcap() takes the packet's address and its protocol.
 */
BEGIN
{
	pcap((void *)0);
}
