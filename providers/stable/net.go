package stable

// The network providers ip, tcp and udp, as DTrace for Linux places and
// describes them: each probe passes the packet (struct sk_buff *), the
// socket, the network and transport headers, which the D library's
// translators (ip.d, tcp.d, udp.d) turn into pktinfo_t, csinfo_t,
// ipinfo_t, tcpsinfo_t, tcpinfo_t, udpsinfo_t, udpinfo_t...
//
// Where the kernel can probe functions, a probe fires in the functions
// Oracle's DTrace for Linux attaches to (better); elsewhere at the
// tracepoints that see the same packets (sites): every packet a device is
// given (net:net_dev_queue) or passes up (net:netif_receive_skb), the
// segments an established connection receives (tcp:tcp_probe), the
// segments answered with a reset (tcp:tcp_send_reset), the resets a
// connection receives (tcp:tcp_receive_reset), and every change of a
// socket's state (sock:inet_sock_set_state).
//
// Past the probe's arguments, two slots tell the translators what the
// arguments cannot: arg6 the direction of the packet (NET_PROBE_OUTBOUND,
// NET_PROBE_INBOUND) or NET_PROBE_STATE for tcp:::state-change, whose new
// state is arg7 (the socket's is still the old one).

// Values the fragments compare with.
const (
	ethPIP   = 0x0008 // htons(ETH_P_IP), as a little-endian load reads it
	ethPIPv6 = 0xdd86 // htons(ETH_P_IPV6)

	ipprotoTCP = 6
	ipprotoUDP = 17

	ipv6HeaderLen = 40

	// TCP states (include/net/tcp_states.h), DTrace's TCP_STATE_*.
	tcpEstablished = 1
	tcpSynSent     = 2
	tcpSynRecv     = 3
	tcpFinWait2    = 5
	tcpTimeWait    = 6
	tcpClose       = 7
	tcpListen      = 10
	tcpClosing     = 11
	tcpNewSynRecv  = 12

	sockStream  = 1
	sockRaw     = 3
	rcvShutdown = 1

	thSYN = 0x02
	thACK = 0x10

	// BPF_SOCK_OPS_PASSIVE_ESTABLISHED_CB, tcp_init_transfer's
	// operation for a connection accepted.
	passiveEstablished = 5

	// NET_PROBE_* of net.d: arg6.
	netOutbound = 0
	netInbound  = 1
	netState    = 2
)

// Members the network providers read.
var (
	skbHead     = step{"sk_buff", []string{"head"}, 8}
	skbData     = step{"sk_buff", []string{"data"}, 8}
	skbNetwork  = step{"sk_buff", []string{"network_header"}, 2}
	skbTrans    = step{"sk_buff", []string{"transport_header"}, 2}
	skbProtocol = step{"sk_buff", []string{"protocol"}, 2}
	skbSk       = step{"sk_buff", []string{"sk"}, 8}
	skbDev      = step{"sk_buff", []string{"dev"}, 8}
	skState     = step{"sock_common", []string{"skc_state"}, 1}
	skType      = step{"sock", []string{"sk_type"}, 2}
	skProtocol  = step{"sock", []string{"sk_protocol"}, 2}
	skShutdown  = step{"sock", []string{"sk_shutdown"}, 1}
	skErr       = step{"sock", []string{"sk_err"}, 4}
)

// The arguments' types, and the native types the D library translates.
var (
	pktinfo  = arg{"pktinfo_t *", "struct sk_buff *"}
	csinfo   = arg{"csinfo_t *", "struct sock *"}
	ipinfo   = arg{"ipinfo_t *", "void_ip_t *"}
	ifinfo   = arg{"ifinfo_t *", "struct net_device *"}
	ipv4info = arg{"ipv4info_t *", "struct iphdr *"}
	ipv6info = arg{"ipv6info_t *", "struct ipv6hdr *"}
	// tcp's ipinfo_t falls back on the socket where the probe has no IP
	// header yet (a segment at ip_queue_xmit) or no packet.
	tcpIPinfo = arg{"ipinfo_t *", "__dtrace_tcp_void_ip_t *"}
	tcpsinfo  = arg{"tcpsinfo_t *", "struct tcp_sock *"}
	tcpinfo   = arg{"tcpinfo_t *", "struct tcphdr *"}
	tcplsinfo = arg{"tcplsinfo_t *", "int"}
	udpsinfo  = arg{"udpsinfo_t *", "struct udp_sock *"}
	udpinfo   = arg{"udpinfo_t *", "struct udphdr *"}
	void      = arg{typ: "void"}

	ipArgs    = []arg{pktinfo, csinfo, ipinfo, ifinfo, ipv4info, ipv6info}
	tcpArgs   = []arg{pktinfo, csinfo, tcpIPinfo, tcpsinfo, tcpinfo}
	stateArgs = []arg{void, csinfo, void, tcpsinfo, void, tcplsinfo}
	udpArgs   = []arg{pktinfo, csinfo, ipinfo, udpsinfo, udpinfo}
)

// konst is a constant value.
func konst(k int64) val { return val{src: srcConst, k: k} }

// skbField is a member of the packet in argument skb, or of what its
// member leads to.
func skbField(skb int, path ...step) val { return val{src: skb, path: path} }

// ipHdr is the address of the network header of the packet in argument
// skb; l4Hdr of its transport header.
func ipHdr(skb int) val {
	return val{src: skb, path: []step{skbHead}, plus: &val{src: skb, path: []step{skbNetwork}}}
}

func l4Hdr(skb int) val {
	return val{src: skb, path: []step{skbHead}, plus: &val{src: skb, path: []step{skbTrans}}}
}

// dataHdr is the address of the packet's data: its network header where a
// device passes it up, its transport header's where TCP takes it.
func dataHdr(skb int) val { return skbField(skb, skbData) }

// onlyIf returns v, 0 unless every condition holds.
func onlyIf(v val, cs ...cond) val {
	v.onlyIf = cs
	return v
}

// xf returns v transformed by x.
func xf(v val, x xform) val {
	v.xform = x
	return v
}

// Conditions on a packet: an IP packet (as a device sees it), IPv4, IPv6;
// the protocol its header at h says it carries.
func isIP(skb int) cond {
	return cond{v: skbField(skb, skbProtocol), op: condIn, in: []int64{ethPIP, ethPIPv6}}
}

func isIPv4(skb int) cond {
	return cond{v: skbField(skb, skbProtocol), op: condIn, in: []int64{ethPIP}}
}

func isIPv6(skb int) cond {
	return cond{v: skbField(skb, skbProtocol), op: condIn, in: []int64{ethPIPv6}}
}

func carries(h val, proto int64) cond {
	return cond{v: xf(h, l4Proto), op: condIn, in: []int64{proto}}
}

// Conditions on a socket (in argument sk, or a value): its protocol, its
// state.
func sockProto(v val, proto int64) cond {
	v.path = append(append([]step(nil), v.path...), skProtocol)
	return cond{v: v, op: condIn, in: []int64{proto}}
}

func sockState(v val, states ...int64) cond {
	v.path = append(append([]step(nil), v.path...), skState)
	return cond{v: v, op: condIn, in: states}
}

// tcpFlagsAre are the conditions that the TCP header at h has every flag
// of set and none of clear.
func tcpFlagsAre(h val, set, clear int64) []cond {
	f := xf(h, tcpFlagsByte)
	return []cond{{v: f, op: condSet, in: []int64{set}}, {v: f, op: condClear, in: []int64{clear}}}
}

// tcpVals are the values of a tcp probe's arguments: the packet, the
// socket (args[1] and args[3]), the IP and TCP headers, and the
// direction.
func tcpVals(skb, sk, ip, th val, dir int64) []val {
	return []val{skb, sk, ip, sk, th, konst(0), konst(dir), konst(0)}
}

// establishedVals are tcpVals of connect-established and
// accept-established, whose connection's state is ESTABLISHED (arg7)
// whether or not its socket's is yet.
func establishedVals(skb, sk, ip, th val) []val {
	vs := tcpVals(skb, sk, ip, th, netInbound)
	vs[7] = konst(tcpEstablished)
	return vs
}

// stateVals are tcp:::state-change's: the socket, the old state and the
// new.
func stateVals(sk, old, new val) []val {
	return []val{konst(0), sk, konst(0), sk, konst(0), old, konst(netState), new}
}

// The sites of the probes that see every packet of a device.
var (
	// devSend and devRecv are net_dev_queue, where a packet is given to a
	// device (its headers built, before the device's queueing
	// discipline), and netif_receive_skb, where a device passes one up
	// (its data the network header).
	devSend = "net_dev_queue"
	devRecv = "netif_receive_skb"
)

// tcpSkbSock is the socket of a TCP packet in argument skb, 0 for the
// kernel's control socket.
func tcpSkbSock(skb int) val { return xf(skbField(skb, skbSk), tcpSock) }

// An IP packet in argument 0 of net_dev_queue carrying TCP.
var devTCP = []cond{isIP(0), carries(ipHdr(0), ipprotoTCP)}

// ctlReply is the site of the TCP packets the kernel sends from its
// control socket (resets, and acknowledgements of time-wait sockets:
// ip_send_unicast_reply, and tcp_v6_send_response's ip6_xmit), which the
// functions tcp:::send fires in do not see with their headers.
var ctlReply = site{tp: devSend,
	conds: append(append([]cond(nil), devTCP...),
		sockState(skbField(0, skbSk), tcpClose),
		cond{v: skbField(0, skbSk, skType), op: condIn, in: []int64{sockRaw}}),
	vals: tcpVals(tpArg(0), konst(0), ipHdr(0), l4Hdr(0), netOutbound)}

// tcpXmit is the site of a TCP segment a connection sends at function fn
// (ip_queue_xmit, ip6_xmit: sk argument 0, skb 1), before its IP header is
// built, under conds.
func tcpXmit(fn string, conds ...cond) site {
	return site{fn: fn, conds: append([]cond{sockProto(tpArg(0), ipprotoTCP),
		{v: tpField(0, skType), op: condIn, in: []int64{sockStream}}}, conds...),
		vals: tcpVals(tpArg(1), tcpSkbSock(1), konst(0), l4Hdr(1), netOutbound)}
}

// setState is inet_sock_set_state of a TCP socket, under conds.
func setState(conds ...cond) site {
	return site{tp: "inet_sock_set_state", conds: append([]cond{sockProto(tpArg(0), ipprotoTCP)}, conds...)}
}

// stateIs is the condition that argument i (inet_sock_set_state's old
// or new state) is state.
func stateIs(i int, state int64) cond { return cond{v: tpArg(i), op: condIn, in: []int64{state}} }

// sendReset is the site of a TCP segment a reset answers, at tcp_send_reset
// (a tracepoint) or tcp_v4_send_reset and tcp_v6_send_reset: sk argument
// 0 (NULL where no socket took the segment), skb argument 1.
func sendReset(tp, fn string, conds ...cond) site {
	return site{tp: tp, fn: fn, conds: append([]cond{{v: tpArg(1), op: condNonZero}}, conds...),
		vals: tcpVals(tpArg(1), xf(tpArg(0), tcpSock), ipHdr(1), l4Hdr(1), netInbound)}
}

// refusedSYN are the conditions that the segment in argument 1 opens a
// connection (SYN without ACK).
var refusedSYN = tcpFlagsAre(l4Hdr(1), thSYN, thACK)

// noSocket is the condition that the socket in argument 0 is none or a
// time-wait socket: a segment no connection's receive path took.
var noSocket = cond{v: val{src: 0, path: []step{skState}, orElse: ptr(konst(tcpTimeWait))}, op: condIn, in: []int64{tcpTimeWait}}

func ptr(v val) *val { return &v }

var netDefs = map[string][]probeDef{
	"ip": {
		{name: "receive", args: ipArgs,
			sites: []site{{tp: devRecv, conds: []cond{isIP(0)},
				vals: []val{tpArg(0), skbField(0, skbSk), dataHdr(0), skbField(0, skbDev),
					onlyIf(dataHdr(0), isIPv4(0)), onlyIf(dataHdr(0), isIPv6(0))}}},
			better: []site{
				{fn: "ip_local_deliver", vals: []val{tpArg(0), skbField(0, skbSk), ipHdr(0), skbField(0, skbDev), ipHdr(0), konst(0)}},
				{fn: "ip6_input", vals: []val{tpArg(0), skbField(0, skbSk), ipHdr(0), skbField(0, skbDev), konst(0), ipHdr(0)}},
			}},
		{name: "send", args: ipArgs,
			sites: []site{{tp: devSend, conds: []cond{isIP(0)},
				vals: []val{tpArg(0), skbField(0, skbSk), ipHdr(0), skbField(0, skbDev),
					onlyIf(ipHdr(0), isIPv4(0)), onlyIf(ipHdr(0), isIPv6(0))}}},
			better: []site{
				{fn: "ip_finish_output", vals: []val{tpArg(2), skbField(2, skbSk), ipHdr(2), skbField(2, skbDev), ipHdr(2), konst(0)}},
				{fn: "ip6_finish_output", vals: []val{tpArg(2), skbField(2, skbSk), ipHdr(2), skbField(2, skbDev), konst(0), ipHdr(2)}},
			}},
	},
	"tcp": {
		{name: "accept-established", args: tcpArgs,
			sites: []site{withVals(setState(stateIs(1, tcpSynRecv), stateIs(2, tcpEstablished)),
				establishedVals(konst(0), tpArg(0), konst(0), konst(0)))},
			better: []site{{fn: "tcp_init_transfer", conds: []cond{{v: tpArg(1), op: condIn, in: []int64{passiveEstablished}}},
				vals: establishedVals(tpArg(2), tpArg(0), ipHdr(2), l4Hdr(2))}}},
		{name: "accept-refused", args: tcpArgs,
			sites:  []site{sendReset("tcp_send_reset", "", refusedSYN...)},
			better: []site{sendReset("", "tcp_v4_send_reset", refusedSYN...), sendReset("", "tcp_v6_send_reset", refusedSYN...)}},
		{name: "connect-established", args: tcpArgs,
			sites: []site{withVals(setState(stateIs(1, tcpSynSent), stateIs(2, tcpEstablished)),
				establishedVals(konst(0), tpArg(0), konst(0), konst(0)))},
			better: []site{{fn: "tcp_finish_connect",
				vals: establishedVals(tpArg(1), tpArg(0), ipHdr(1), l4Hdr(1))}}},
		{name: "connect-refused", args: tcpArgs,
			sites: []site{{tp: "tcp_receive_reset", conds: []cond{sockState(tpArg(0), tcpSynSent)},
				vals: tcpVals(konst(0), tpArg(0), konst(0), konst(0), netInbound)}},
			better: []site{{fn: "tcp_reset", conds: []cond{sockState(tpArg(0), tcpSynSent)},
				vals: tcpVals(tpArg(1), tpArg(0), ipHdr(1), l4Hdr(1), netInbound)}}},
		{name: "connect-request", args: tcpArgs,
			sites: []site{{tp: devSend, conds: append(append([]cond(nil), devTCP...), sockState(skbField(0, skbSk), tcpSynSent)),
				vals: tcpVals(tpArg(0), tcpSkbSock(0), ipHdr(0), l4Hdr(0), netOutbound)}},
			better: []site{tcpXmit("ip_queue_xmit", sockState(tpArg(0), tcpSynSent)), tcpXmit("ip6_xmit", sockState(tpArg(0), tcpSynSent))}},
		{name: "receive", args: tcpArgs,
			sites: []site{
				{tp: "tcp_probe", vals: tcpVals(tpArg(1), tpArg(0), ipHdr(1), l4Hdr(1), netInbound)},
				sendReset("tcp_send_reset", ""),
			},
			better: []site{
				{fn: "tcp_rcv_established", vals: tcpVals(tpArg(1), tpArg(0), ipHdr(1), l4Hdr(1), netInbound)},
				{fn: "tcp_rcv_state_process", vals: tcpVals(tpArg(1), tpArg(0), ipHdr(1), l4Hdr(1), netInbound)},
				sendReset("", "tcp_v4_send_reset", noSocket),
				sendReset("", "tcp_v6_send_reset", noSocket),
			}},
		{name: "send", args: tcpArgs,
			sites: []site{{tp: devSend, conds: devTCP,
				vals: tcpVals(tpArg(0), tcpSkbSock(0), ipHdr(0), l4Hdr(0), netOutbound)}},
			better: []site{
				tcpXmit("ip_queue_xmit"),
				tcpXmit("ip6_xmit"),
				// A SYN-ACK; the packet's socket is the request.
				{fn: "ip_build_and_send_pkt", conds: []cond{sockProto(tpArg(1), ipprotoTCP)},
					vals: tcpVals(tpArg(0), tcpSkbSock(0), konst(0), l4Hdr(0), netOutbound)},
				ctlReply,
			}},
		{name: "state-change", args: stateArgs,
			sites: []site{withVals(setState(), stateVals(tpArg(0), tpArg(1), xf(tpArg(2), timeWait)))},
			// Before 6.14 a passive connection's socket changes to
			// SYN_RECV before its addresses are copied from the
			// request: that change is seen at inet_csk_clone_lock
			// (listener, request), from LISTEN.
			better: []site{
				withVals(setState(cond{v: tpArg(2), op: condOut, in: []int64{tcpSynRecv}}),
					stateVals(tpArg(0), tpArg(1), xf(tpArg(2), timeWait))),
				{fn: "inet_csk_clone_lock", conds: []cond{sockProto(tpArg(0), ipprotoTCP)},
					vals: stateVals(tpArg(1), konst(tcpListen), konst(tcpSynRecv))},
			}},
	},
	"udp": {
		{name: "receive", args: udpArgs,
			sites: []site{{tp: devRecv, conds: []cond{isIP(0), carries(dataHdr(0), ipprotoUDP)},
				vals: []val{tpArg(0), konst(0), dataHdr(0), konst(0), xf(dataHdr(0), l4Header), konst(0), konst(netInbound)}}},
			better: []site{udpRecv("udp_queue_rcv_skb"), udpRecv("udpv6_queue_rcv_skb")}},
		{name: "send", args: udpArgs,
			sites: []site{{tp: devSend, conds: []cond{isIP(0), carries(ipHdr(0), ipprotoUDP), sockProto(skbField(0, skbSk), ipprotoUDP)},
				vals: udpSendVals(0)}},
			better: []site{
				{fn: "ip_send_skb", conds: []cond{sockProto(skbField(1, skbSk), ipprotoUDP)}, vals: udpSendVals(1)},
				{fn: "ip6_send_skb", conds: []cond{sockProto(skbField(0, skbSk), ipprotoUDP)}, vals: udpSendVals(0)},
			}},
	},
}

// withVals returns s with values vals.
func withVals(s site, vals []val) site {
	s.vals = vals
	return s
}

// udpRecv is the site of a datagram a UDP socket takes, at fn (sk, skb).
func udpRecv(fn string) site {
	return site{fn: fn, conds: []cond{sockProto(tpArg(0), ipprotoUDP)},
		vals: []val{tpArg(1), tpArg(0), ipHdr(1), tpArg(0), l4Hdr(1), konst(0), konst(netInbound)}}
}

// udpSendVals are the values of udp:::send for the datagram in argument
// skb.
func udpSendVals(skb int) []val {
	return []val{tpArg(skb), skbField(skb, skbSk), ipHdr(skb), skbField(skb, skbSk), l4Hdr(skb), konst(0), konst(netOutbound)}
}

func init() {
	for name, ds := range netDefs {
		defs[name] = ds
	}
}
