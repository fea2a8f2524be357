package stable_test

import (
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/internal/vm/vmtest"
	"github.com/dtrace-go/dtrace/providers/fbt"
)

// The network providers' probes fire, where the kernel can probe
// functions, in the functions Oracle's DTrace for Linux attaches to:
// tested in the guests over loopback (TestNetInGuests), with fentry and
// with kprobes.

// TestNetInGuests runs TestNetGuest in every guest kernel.
func TestNetInGuests(t *testing.T) {
	vmtest.RunInGuests(t, vmtest.Config{Run: "^TestNetGuest$"})
}

// netBase is the first port of the guest traffic's rounds, below the
// kernel's ephemeral ports (a client's may be one of the ports a round
// listens on): round r's
// connection is to port netBase+2r over IPv4 and the one past it over
// IPv6; 100 more are refused, 200 more take UDP datagrams.
const netBase = 27600

// netRounds counts the rounds of traffic.
var netRounds int

// netRound is one round of traffic over loopback, on the ports of port
// (IPv4) and port+1 (IPv6): a connection accepted, 1000 bytes from the
// client, 2000 back, closed by the client first; a connection refused;
// datagrams of 100, 200 and 300 bytes, answered with 50.
func netRound(port int) error {
	for i, fam := range []struct{ tcp, udp, addr string }{{"tcp4", "udp4", "127.0.0.1"}, {"tcp6", "udp6", "::1"}} {
		at := func(p int) string { return net.JoinHostPort(fam.addr, fmt.Sprint(p)) }
		p := port + i
		ln, err := net.Listen(fam.tcp, at(p))
		if err != nil {
			return err
		}
		c, err := net.Dial(fam.tcp, at(p))
		if err != nil {
			ln.Close()
			return err
		}
		a, err := ln.Accept()
		if err != nil {
			c.Close()
			ln.Close()
			return err
		}
		buf := make([]byte, 2000)
		c.Write(buf[:1000])
		io.ReadFull(a, buf[:1000])
		a.Write(buf)
		io.ReadFull(c, buf)
		c.Close()
		if n, _ := a.Read(buf); n != 0 {
			return fmt.Errorf("read %d bytes after the client closed", n)
		}
		a.Close()
		ln.Close()
		if c, err := net.Dial(fam.tcp, at(p+100)); err == nil || !errors.Is(err, unix.ECONNREFUSED) {
			if c != nil {
				c.Close()
			}
			return fmt.Errorf("connect to a closed port: %v", err)
		}
	}
	time.Sleep(20 * time.Millisecond)
	for i, fam := range []struct{ udp, addr string }{{"udp4", "127.0.0.1"}, {"udp6", "::1"}} {
		s, err := net.ListenPacket(fam.udp, net.JoinHostPort(fam.addr, fmt.Sprint(port+200+i)))
		if err != nil {
			return err
		}
		c, err := net.Dial(fam.udp, s.LocalAddr().String())
		if err != nil {
			s.Close()
			return err
		}
		buf := make([]byte, 300)
		var from net.Addr
		for n := 100; n <= 300; n += 100 {
			c.Write(buf[:n])
		}
		for range 3 {
			_, from, _ = s.ReadFrom(buf)
		}
		s.WriteTo(buf[:50], from)
		c.Read(buf)
		c.Close()
		s.Close()
	}
	return nil
}

// loUp brings the guest's loopback device up.
func loUp(t *testing.T) {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		t.Fatal(err)
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	if err := unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr); err != nil {
		t.Fatal(err)
	}
}

// netScript watches the first round of traffic that starts once every
// probe is enabled (after BEGIN), whose ports start at base.
const netScript = `#pragma D option quiet
int go, base;

BEGIN
{
	go = 1;
}

/* A round starts as its IPv4 listener does. */
tcp:::state-change
/go && base == 0 && args[3]->tcps_state == TCP_STATE_LISTEN &&
 args[3]->tcps_lport >= 27600 && args[3]->tcps_lport < 27700 && args[3]->tcps_laddr == "127.0.0.1"/
{
	base = args[3]->tcps_lport;
}

tcp:::connect-request,
tcp:::connect-established
/base && (args[3]->tcps_rport == base || args[3]->tcps_rport == base + 1)/
{
	printf("%s %d %s %s %s %x\n", probename, args[3]->tcps_rport - base, args[3]->tcps_laddr,
	    args[3]->tcps_raddr, tcp_state_string[args[3]->tcps_state], args[4]->tcp_flags);
}

tcp:::accept-established
/base && (args[3]->tcps_lport == base || args[3]->tcps_lport == base + 1)/
{
	printf("%s %d %s %s %s %x\n", probename, args[3]->tcps_lport - base, args[3]->tcps_laddr,
	    args[3]->tcps_raddr, tcp_state_string[args[3]->tcps_state], args[4]->tcp_flags);
}

tcp:::connect-refused
/base && (args[3]->tcps_rport == base + 100 || args[3]->tcps_rport == base + 101)/
{
	printf("%s %d %s %x\n", probename, args[3]->tcps_rport - base, args[3]->tcps_raddr, args[4]->tcp_flags);
}

tcp:::accept-refused
/base && (args[3]->tcps_lport == base + 100 || args[3]->tcps_lport == base + 101)/
{
	printf("%s %d %s %x\n", probename, args[3]->tcps_lport - base, args[3]->tcps_raddr, args[4]->tcp_flags);
}

tcp:::send,
tcp:::receive
/base && (args[3]->tcps_lport == base || args[3]->tcps_lport == base + 1 ||
 args[3]->tcps_rport == base || args[3]->tcps_rport == base + 1)/
{
	this->server = args[3]->tcps_lport == base || args[3]->tcps_lport == base + 1;
	@bytes[probename, this->server ? "server" : "client",
	    (this->server ? args[3]->tcps_lport : args[3]->tcps_rport) - base] =
	    sum(args[2]->ip_plength - args[4]->tcp_offset);
}

tcp:::state-change
/base && (args[3]->tcps_lport == base || args[3]->tcps_lport == base + 1 ||
 args[3]->tcps_rport == base || args[3]->tcps_rport == base + 1 ||
 args[3]->tcps_rport == base + 100 || args[3]->tcps_rport == base + 101)/
{
	this->refused = args[3]->tcps_rport == base + 100 || args[3]->tcps_rport == base + 101;
	this->server = args[3]->tcps_lport == base || args[3]->tcps_lport == base + 1;
	printf("state %s %d %s %s\n", this->refused ? "refused" :
	    args[3]->tcps_rport == 0 ? "listener" : this->server ? "server" : "client",
	    (this->server ? args[3]->tcps_lport : args[3]->tcps_rport) - base,
	    tcp_state_string[args[5]->tcps_state], tcp_state_string[args[3]->tcps_state]);
}

udp:::send,
udp:::receive
/base && (args[4]->udp_dport == base + 200 || args[4]->udp_dport == base + 201 ||
 args[4]->udp_sport == base + 200 || args[4]->udp_sport == base + 201)/
{
	this->server = args[3]->udps_lport == base + 200 || args[3]->udps_lport == base + 201;
	printf("%s %s %d %s %s %d %d\n", probename, this->server ? "server" : "client",
	    (this->server ? args[3]->udps_lport : args[3]->udps_rport) - base,
	    args[2]->ip_saddr, args[2]->ip_daddr, args[4]->udp_length, args[1]->cs_addr != 0);
}

ip:::send,
ip:::receive
/base && (args[4]->ipv4_protocol == IPPROTO_UDP || args[5]->ipv6_nexthdr == IPPROTO_UDP)/
{
	printf("ip %s %s %s %s %d\n", probename, args[3]->if_name, args[2]->ip_saddr,
	    args[2]->ip_daddr, args[2]->ip_plength);
}

udp:::receive
/base && args[4]->udp_sport == base + 201/
{
	exit(0);
}

END
{
	printa("bytes %s %s %d %@d\n", @bytes);
}
`

// netWant is what netScript prints of a round, its lines sorted.
func netWant() []string {
	var want []string
	for i, a := range []string{"127.0.0.1", "::1"} {
		want = append(want,
			fmt.Sprintf("connect-request %d %s %s state-syn-sent 2", i, a, a),
			fmt.Sprintf("connect-established %d %s %s state-established 12", i, a, a),
			fmt.Sprintf("accept-established %d %s %s state-established 10", i, a, a),
			fmt.Sprintf("connect-refused %d %s 14", 100+i, a),
			fmt.Sprintf("accept-refused %d %s 2", 100+i, a),
			fmt.Sprintf("bytes send client %d 1000", i),
			fmt.Sprintf("bytes receive server %d 1000", i),
			fmt.Sprintf("bytes send server %d 2000", i),
			fmt.Sprintf("bytes receive client %d 2000", i),
			fmt.Sprintf("state listener %d state-closed state-listen", i),
			fmt.Sprintf("state listener %d state-listen state-closed", i),
			fmt.Sprintf("state client %d state-closed state-syn-sent", i),
			fmt.Sprintf("state client %d state-syn-sent state-established", i),
			fmt.Sprintf("state client %d state-established state-fin-wait-1", i),
			fmt.Sprintf("state client %d state-fin-wait-1 state-fin-wait-2", i),
			fmt.Sprintf("state client %d state-fin-wait-2 state-time-wait", i),
			fmt.Sprintf("state server %d state-listen state-syn-received", i),
			fmt.Sprintf("state server %d state-syn-received state-established", i),
			fmt.Sprintf("state server %d state-established state-close-wait", i),
			fmt.Sprintf("state server %d state-close-wait state-last-ack", i),
			fmt.Sprintf("state server %d state-last-ack state-closed", i),
			fmt.Sprintf("state refused %d state-closed state-syn-sent", 100+i),
			fmt.Sprintf("state refused %d state-syn-sent state-closed", 100+i),
		)
		for _, n := range []int{100, 200, 300} {
			want = append(want,
				fmt.Sprintf("send client %d %s %s %d 1", 200+i, a, a, n+8),
				fmt.Sprintf("receive server %d %s %s %d 1", 200+i, a, a, n+8),
				fmt.Sprintf("ip send lo %s %s %d", a, a, n+8),
				fmt.Sprintf("ip receive lo %s %s %d", a, a, n+8))
		}
		want = append(want,
			fmt.Sprintf("send server %d %s %s 58 1", 200+i, a, a),
			fmt.Sprintf("receive client %d %s %s 58 1", 200+i, a, a),
			fmt.Sprintf("ip send lo %s %s 58", a, a),
			fmt.Sprintf("ip receive lo %s %s 58", a, a))
	}
	slices.Sort(want)
	return want
}

// TestNetGuest checks ip, tcp and udp where they fire in kernel
// functions, with fentry and with kprobes: the connection's probes see
// its segments (connect-established the SYN-ACK, accept-established the
// handshake's last ACK, connect-refused the reset, accept-refused the
// SYN), state-change sees the passive connection leave LISTEN with its
// addresses (inet_csk_clone_lock: before 6.14 inet_sock_set_state has
// none yet), and udp:::receive knows the socket that takes a datagram.
func TestNetGuest(t *testing.T) {
	vmtest.Guest(t)
	loUp(t)
	want := netWant()
	for _, mode := range []string{"fentry", "kprobe"} {
		t.Run(mode, func(t *testing.T) {
			t.Setenv(fbt.ModeEnv, mode)
			traffic := func(stop <-chan struct{}) {
				for {
					select {
					case <-stop:
						return
					case <-time.After(50 * time.Millisecond):
					}
					// The rounds go on where the last subtest's
					// stopped: no port is used again at once.
					netRounds++
					// A round that fails is reported, and the
					// next may still end the script.
					if err := netRound(netBase + 2*(netRounds%50)); err != nil {
						t.Error(err)
					}
				}
			}
			out, err := run(t, netScript, traffic)
			var got []string
			for _, l := range strings.Split(out, "\n") {
				if l = strings.Join(strings.Fields(l), " "); l != "" {
					got = append(got, l)
				}
			}
			slices.Sort(got)
			if err != nil || !slices.Equal(got, want) {
				var missing, extra []string
				for _, l := range want {
					if !slices.Contains(got, l) {
						missing = append(missing, l)
					}
				}
				for _, l := range got {
					if !slices.Contains(want, l) {
						extra = append(extra, l)
					}
				}
				t.Errorf("%v; missing:\n%s\nunexpected:\n%s", err, strings.Join(missing, "\n"), strings.Join(extra, "\n"))
			}
		})
	}
}
