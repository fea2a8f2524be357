-- @@stderr --
dtrace: failed to compile script unittest/pcap/err.unsupported.d: line 8: the pcap() action is not supported yet
