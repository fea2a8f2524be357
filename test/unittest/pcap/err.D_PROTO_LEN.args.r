-- @@stderr --
dtrace: failed to compile script unittest/pcap/err.D_PROTO_LEN.args.d: [D_PROTO_LEN] line 6: pcap( ) prototype mismatch: 1 arg passed, 2 expected
