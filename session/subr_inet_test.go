package session

import (
	"fmt"
	"math/rand"
	"net/netip"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// illumosNtop is a transcription of the AF_INET6 case of illumos'
// dtrace_dif_subr (DIF_SUBR_INET_NTOP and DIF_SUBR_INET_NTOA6), writing the
// text backwards from the end of a buffer as it does, to check the
// compiled code against.
func illumosNtop(ip6 [16]byte, ntoa6 bool) string {
	const digits = "0123456789abcdef"
	buf := make([]byte, 46)
	end := len(buf) - 1
	buf[end] = 0
	end--
	put := func(b byte) { buf[end] = b; end-- }
	firstzero, tryzero, numzero := -1, -1, 1
	for i := 0; i < 16; i++ {
		if ip6[i] == 0 && tryzero == -1 && i%2 == 0 {
			tryzero = i
			continue
		}
		if tryzero != -1 && (ip6[i] != 0 || i == 15) {
			if i-tryzero <= numzero {
				tryzero = -1
				continue
			}
			firstzero = tryzero
			numzero = i - i%2 - tryzero
			tryzero = -1
			if ip6[i] == 0 && i == 15 {
				numzero += 2
			}
		}
	}
	allZero := func(b []byte) bool {
		for _, x := range b {
			if x != 0 {
				return false
			}
		}
		return true
	}
	mapped := allZero(ip6[:10]) && ip6[10] == 0xff && ip6[11] == 0xff
	last := ip6[12:]
	compat := allZero(ip6[:12]) && !allZero(last) && !(allZero(last[:3]) && last[3] == 1)
	v6end := 14
	if mapped || compat {
		for i := 15; i >= 12; i-- {
			val := ip6[i]
			if val == 0 {
				put('0')
			}
			for ; val != 0; val /= 10 {
				put('0' + val%10)
			}
			if i > 12 {
				put('.')
			}
		}
		if ntoa6 {
			return string(buf[end+1 : len(buf)-1])
		}
		v6end = 10
	}
	for i := v6end; i >= 0; i -= 2 {
		if i == firstzero+numzero-2 {
			put(':')
			put(':')
			i -= numzero - 2
			continue
		}
		if i < 14 && i != firstzero-2 {
			put(':')
		}
		val := uint16(ip6[i])<<8 + uint16(ip6[i+1])
		if val == 0 {
			put('0')
		}
		for ; val != 0; val /= 16 {
			put(digits[val%16])
		}
	}
	return string(buf[end+1 : len(buf)-1])
}

// oracleNtoa6 is inet_ntoa6 as DTrace for Linux's dt_inet_ntoa6 writes an
// address: an IPv4-mapped one (five zero groups, then 0xffff) or an
// IPv4-compatible one (five zero groups, then a zero group and a nonzero
// one, or six zero groups and a last one above 1) as its IPv4 part alone,
// any other as RFC 5952 writes it (Go's netip, the reference here).
func oracleNtoa6(ip6 [16]byte) string {
	w := func(i int) int { return int(ip6[2*i])<<8 | int(ip6[2*i+1]) }
	five := w(0) == 0 && w(1) == 0 && w(2) == 0 && w(3) == 0 && w(4) == 0
	if five && (w(5) == 0xffff || w(5) == 0 && (w(6) != 0 || w(7) > 1)) {
		return fmt.Sprintf("%d.%d.%d.%d", ip6[12], ip6[13], ip6[14], ip6[15])
	}
	return netip.AddrFrom16(ip6).String()
}

// inetAddrs are the addresses every test formats, with illumos' text
// for inet_ntop(AF_INET6) and Oracle's for inet_ntoa6.
var inetAddrs = []struct {
	ip          [16]byte
	ntop, ntoa6 string
}{
	{[16]byte{}, "::", "::"},
	{[16]byte{15: 1}, "::1", "::1"},
	{[16]byte{10: 0xff, 11: 0xff, 12: 1, 13: 2, 14: 3, 15: 4}, "::ffff:1.2.3.4", "1.2.3.4"},
	{[16]byte{10: 0xff, 11: 0xff}, "::ffff:0.0.0.0", "0.0.0.0"},
	{[16]byte{12: 10, 15: 200}, "::10.0.0.200", "10.0.0.200"},
	// IPv4-compatible with a zero first byte: the zero run reaches into
	// the IPv4 part, so no "::" is written
	{[16]byte{15: 2}, "0:0:0:0:0:0:0.0.0.2", "0.0.0.2"},
	{[16]byte{14: 1, 15: 2}, "0:0:0:0:0:0:0.0.1.2", "0.0.1.2"},
	{[16]byte{1: 1}, "1::", "1::"},
	{[16]byte{0: 0xfe, 1: 0x80, 13: 1, 15: 2}, "fe80::1:2", "fe80::1:2"},
	{[16]byte{0x20, 0x01, 0x0d, 0xb8, 0x12, 0x34, 0xab, 0xcd, 0, 1, 0xff, 0xff, 0x10, 0, 0, 0x0f},
		"2001:db8:1234:abcd:1:ffff:1000:f", "2001:db8:1234:abcd:1:ffff:1000:f"},
	{[16]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
		"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"},
	// two equal runs: the first wins
	{[16]byte{1: 1, 7: 2, 9: 3, 14: 4}, "1::2:3:0:0:400", "1::2:3:0:0:400"},
	// two equal runs, the group after the second beginning with a zero
	// byte: illumos' inet_ntop takes the second, inet_ntoa6 the first
	{[16]byte{1: 1, 7: 2, 8: 3, 15: 4}, "1:0:0:2:300::4", "1::2:300:0:0:4"},
	// a single zero group: illumos' inet_ntop compresses it, not inet_ntoa6
	{[16]byte{1: 1, 3: 2, 5: 3, 9: 5, 11: 6, 13: 7, 15: 8}, "1:2:3::5:6:7:8", "1:2:3:0:5:6:7:8"},
	// but not a single trailing one
	{[16]byte{1: 1, 3: 2, 5: 3, 7: 4, 9: 5, 11: 6, 13: 7}, "1:2:3:4:5:6:7:0", "1:2:3:4:5:6:7:0"},
	// zero bytes that do not make a zero group
	{[16]byte{0: 1, 3: 1, 4: 1, 7: 1, 8: 1, 11: 1, 12: 1, 15: 1}, "100:1:100:1:100:1:100:1", "100:1:100:1:100:1:100:1"},
	{[16]byte{0: 0xa, 1: 0xb, 14: 0xc, 15: 0xd}, "a0b::c0d", "a0b::c0d"},
}

// inetCases pins addrs in this process's memory and returns cases that
// copy each in and format it with inet_ntop(10, ...) and inet_ntoa6.
func inetCases(t *testing.T, addrs [][16]byte, want func(ip [16]byte, ntoa6 bool) string) []subrCase {
	t.Helper()
	mem := make([]byte, 16*len(addrs))
	for i, a := range addrs {
		copy(mem[16*i:], a[:])
	}
	var pin runtime.Pinner
	pin.Pin(&mem[0])
	t.Cleanup(pin.Unpin)
	base := uintptr(unsafe.Pointer(&mem[0]))
	var cases []subrCase
	for i, a := range addrs {
		addr := base + uintptr(16*i)
		cases = append(cases,
			subrCase{fmt.Sprintf("inet_ntop(10, copyin(%d, 16))", addr), want(a, false)},
			subrCase{fmt.Sprintf("inet_ntoa6((in6_addr_t *)copyin(%d, 16))", addr), want(a, true)})
	}
	return cases
}

func TestSubrInetNtop6(t *testing.T) {
	var addrs [][16]byte
	for _, a := range inetAddrs {
		if got := illumosNtop(a.ip, false); got != a.ntop {
			t.Errorf("illumos inet_ntop(%v) = %q, table says %q", a.ip, got, a.ntop)
		}
		if got := oracleNtoa6(a.ip); got != a.ntoa6 {
			t.Errorf("Oracle's inet_ntoa6(%v) = %q, table says %q", a.ip, got, a.ntoa6)
		}
		addrs = append(addrs, a.ip)
	}
	want := map[[16]byte][2]string{}
	for _, a := range inetAddrs {
		want[a.ip] = [2]string{a.ntop, a.ntoa6}
	}
	// A record holds at most 32 strings: 8 addresses a clause.
	for i := 0; i < len(addrs); i += 8 {
		checkSubr(t, inetCases(t, addrs[i:min(i+8, len(addrs))], func(ip [16]byte, ntoa6 bool) string {
			if ntoa6 {
				return want[ip][1]
			}
			return want[ip][0]
		}), 0)
	}
}

// TestSubrInetNtop6Random formats random addresses, mostly made of zero
// bytes and zero groups, and compares inet_ntop with illumos' code and
// inet_ntoa6 with Oracle's.
func TestSubrInetNtop6Random(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 6; round++ {
		var addrs [][16]byte
		for n := 0; n < 8; n++ {
			var ip [16]byte
			for i := range ip {
				if rng.Intn(3) == 0 {
					ip[i] = byte(rng.Intn(256))
				}
			}
			switch rng.Intn(4) {
			case 0: // IPv4-mapped
				copy(ip[:], make([]byte, 10))
				ip[10], ip[11] = 0xff, 0xff
			case 1: // IPv4-compatible
				copy(ip[:], make([]byte, 12))
			}
			addrs = append(addrs, ip)
		}
		checkSubr(t, inetCases(t, addrs, func(ip [16]byte, ntoa6 bool) string {
			if ntoa6 {
				return oracleNtoa6(ip)
			}
			return illumosNtop(ip, false)
		}), 0)
	}
}

func TestSubrInetNtop4(t *testing.T) {
	ip := []byte{192, 168, 0, 10, 255, 0, 9, 100, 0, 0, 0, 0, 10, 99, 1, 255}
	var pin runtime.Pinner
	pin.Pin(&ip[0])
	defer pin.Unpin()
	addr := uintptr(unsafe.Pointer(&ip[0]))
	checkSubr(t, []subrCase{
		{fmt.Sprintf("inet_ntop(2, copyin(%d, 4))", addr), "192.168.0.10"},
		{fmt.Sprintf("inet_ntop(2, copyin(%d, 4))", addr+4), "255.0.9.100"},
		{fmt.Sprintf("inet_ntop(2, copyin(%d, 4))", addr+8), "0.0.0.0"},
		{fmt.Sprintf("inet_ntop(1 + 1, copyin(%d, 4))", addr+12), "10.99.1.255"},
		{fmt.Sprintf("inet_ntoa((ipaddr_t *)copyin(%d, 4))", addr+12), "10.99.1.255"},
	}, 0)
}

// TestSubrInetNtopFamily passes the family in a variable: AF_INET and
// AF_INET6 are formatted; any other family abandons the clause (DTrace's
// illegal operation fault), so nothing after it is traced.
func TestSubrInetNtopFamily(t *testing.T) {
	ip := []byte{0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}
	var pin runtime.Pinner
	pin.Pin(&ip[0])
	defer pin.Unpin()
	addr := uintptr(unsafe.Pointer(&ip[0]))
	got, _ := subrRun(t, fmt.Sprintf(`
BEGIN
{
	this->a = copyin(%d, 16);
	this->af = 2;
	trace(inet_ntop(this->af, this->a));
	this->af = 10;
	trace(inet_ntop(this->af, this->a));
	trace(inet_ntop(10, this->a));
}
`, addr), 0)
	want := []any{"254.128.0.0", "fe80::1", "fe80::1"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, af := range []string{"this->af", "26"} {
		src := fmt.Sprintf(`
BEGIN
{
	this->a = copyin(%d, 16);
	this->af = 26;
	trace(1);
	trace(inet_ntop(%s, this->a));
}

BEGIN
{
	trace(2);
}
`, addr, af)
		got, _ := subrRun(t, src, 0)
		if fmt.Sprint(got) != "[2]" {
			t.Errorf("af %s: got %v, want the first clause abandoned", af, got)
		}
	}
}

// TestSubrInetVerifierCost measures the verifier's work for each form,
// with a small and a large strsize (which truncates or not).
func TestSubrInetVerifierCost(t *testing.T) {
	ip := []byte{0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}
	var pin runtime.Pinner
	pin.Pin(&ip[0])
	defer pin.Unpin()
	addr := uintptr(unsafe.Pointer(&ip[0]))
	for _, c := range []subrCase{
		{fmt.Sprintf("inet_ntoa((ipaddr_t *)copyin(%d, 4))", addr), "254.128.0.0"},
		{fmt.Sprintf("inet_ntop(2, copyin(%d, 4))", addr), "254.128.0.0"},
		{fmt.Sprintf("inet_ntop(10, copyin(%d, 16))", addr), "fe80::1"},
		{fmt.Sprintf("inet_ntoa6((in6_addr_t *)copyin(%d, 16))", addr), "fe80::1"},
		{fmt.Sprintf("inet_ntop(arg0 == 0 ? 10 : 2, copyin(%d, 16))", addr), "fe80::1"},
	} {
		for _, size := range []int{8, 256} {
			want := c.want.(string)
			if len(want) > size {
				want = want[:size] // strsize characters kept
			}
			n := checkSubr(t, []subrCase{{c.expr, want}}, size)
			t.Logf("%-28s strsize %4d: %7d instructions processed", strings.SplitN(c.expr, "(", 2)[0], size, n)
		}
	}
}
