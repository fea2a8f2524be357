-- @@stderr --
dtrace: failed to compile script unittest/inet/err.D_PROTO_ARG.ntoa6-bytes.d: [D_PROTO_ARG] line 8: inet_ntoa6( ) argument #1 is incompatible with prototype:
	prototype: in6_addr_t *
	 argument: uint8_t *
