package toolkit

import (
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// freePort returns a TCP port of 127.0.0.1 that nothing listens on (one
// the kernel just gave a listener, closed again).
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	return port
}

// connPair connects this process to itself over TCP on addr (an IP
// address), writes n bytes from the client and reads them on the server,
// closes both (the client first), and returns the listener's port and
// the client's.
func connPair(t *testing.T, ip string, n int) (lport, cport int) {
	t.Helper()
	ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	done := make(chan error)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			_, err = io.CopyN(io.Discard, c, int64(n))
			// Wait for the client's FIN before closing: the client
			// closes first.
			io.Copy(io.Discard, c)
			c.Close()
		}
		done <- err
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	cport = c.LocalAddr().(*net.TCPAddr).Port
	if _, err := c.Write(make([]byte, n)); err != nil {
		t.Fatal(err)
	}
	c.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return ln.Addr().(*net.TCPAddr).Port, cport
}

func TestTcpconnect(t *testing.T) {
	t.Parallel()
	tl := start(t, "tcpconnect.d", nil, "-p", strconv.Itoa(os.Getpid()))
	me := strconv.Itoa(os.Getpid())
	port, _ := connPair(t, "127.0.0.1", 10)
	tl.waitFields(me, "4", "127.0.0.1", strconv.Itoa(port))
	port6, _ := connPair(t, "::1", 10)
	tl.waitFields(me, "6", "::1", strconv.Itoa(port6))
	tl.stop()
}

func TestTcpaccept(t *testing.T) {
	t.Parallel()
	tl := start(t, "tcpaccept.d", nil)
	me := strconv.Itoa(os.Getpid())
	port, cport := connPair(t, "127.0.0.1", 10)
	f := tl.waitFields(me, "127.0.0.1", strconv.Itoa(cport), strconv.Itoa(port))
	if f[3] != "4" || f[5] != strconv.Itoa(cport) || f[7] != strconv.Itoa(port) {
		t.Errorf("RPORT, LPORT: %q, want %d and %d", f, cport, port)
	}
	tl.stop()
}

func TestTcplife(t *testing.T) {
	t.Parallel()
	tl := start(t, "tcplife.d", nil)
	me := strconv.Itoa(os.Getpid())
	port, cport := connPair(t, "127.0.0.1", 100000)
	p, c := strconv.Itoa(port), strconv.Itoa(cport)
	// The client's end (LPORT the client's): it sent 100000 bytes (97
	// KiB), received none. Columns: PID COMM IP LADDR LPORT RADDR RPORT
	// TX_KB RX_KB MS.
	f := tl.waitCols(func(f []string) bool { return len(f) == 10 && f[4] == c && f[6] == p })
	if f[0] != me || f[7] != "97" || f[8] != "0" {
		t.Errorf("the client's end: %q, want PID %s TX_KB 97 RX_KB 0", f, me)
	}
	// The server's, accepted by this process: it received them.
	f = tl.waitCols(func(f []string) bool { return len(f) == 10 && f[4] == p && f[6] == c })
	if f[0] != me || f[7] != "0" || f[8] != "97" {
		t.Errorf("the server's end: %q, want PID %s TX_KB 0 RX_KB 97", f, me)
	}
	tl.stop()
}

func TestTcpstates(t *testing.T) {
	t.Parallel()
	tl := start(t, "tcpstates.d", nil)
	port, cport := connPair(t, "127.0.0.1", 10)
	p, c := strconv.Itoa(port), strconv.Itoa(cport)
	// The client's life, in order: its first line has no local port yet.
	tl.waitFields(p, "CLOSE", "->", "SYN_SENT")
	tl.waitFields(c, p, "SYN_SENT", "->", "ESTABLISHED")
	tl.waitFields(c, p, "ESTABLISHED", "->", "FIN_WAIT1")
	tl.waitFields(p, c, "ESTABLISHED", "->", "CLOSE_WAIT")
	tl.waitFields(p, c, "LAST_ACK", "->", "CLOSE")
	tl.stop()
}

func TestTcpretrans(t *testing.T) {
	t.Parallel()
	needRoot(t)
	// A listener whose accept queue holds one connection: the SYNs of
	// the next ones are dropped, and their senders retransmit them.
	lfd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(lfd)
	if err := syscall.Bind(lfd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Listen(lfd, 0); err != nil {
		t.Fatal(err)
	}
	sa, err := syscall.Getsockname(lfd)
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(sa.(*syscall.SockaddrInet4).Port)
	tl := start(t, "tcpretrans.d", nil)
	for i := 0; i < 3; i++ {
		fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_NONBLOCK|syscall.SOCK_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer syscall.Close(fd)
		syscall.Connect(fd, sa) // EINPROGRESS
	}
	f := tl.waitRE(`127\.0\.0\.1:(\d+)\s+R> 127\.0\.0\.1:` + port + `\s+SYN_SENT`)
	out := tl.stop()
	for _, l := range after(t, out, "RETRANS") {
		if fl := strings.Fields(l); len(fl) == 4 && fl[0] == "127.0.0.1:"+f[1] && fl[2] == "127.0.0.1:"+port {
			if atoi(t, fl[3]) < 1 {
				t.Errorf("%q", l)
			}
			return
		}
	}
	t.Errorf("no count for 127.0.0.1:%s R> 127.0.0.1:%s:\n%s", f[1], port, out)
}

func TestTcpdrop(t *testing.T) {
	t.Parallel()
	needRoot(t)
	tl := start(t, "tcpdrop.d", nil)
	port := freePort(t)
	if c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port)); err == nil {
		c.Close()
		t.Fatalf("a connection to the free port %d", port)
	}
	// The SYN to a port nothing listens on: no socket for it, the
	// reason by its name.
	f := tl.waitRE(`> 127\.0\.0\.1:` + strconv.Itoa(port) + `\s+-\s+(\S+)$`)
	if f[1] != "NO_SOCKET" {
		t.Errorf("reason %s, want NO_SOCKET", f[1])
	}
	// Then the stack that dropped it, from TCP's receive path.
	tl.waitRE("tcp_v4_rcv")
	tl.stop()
}

func TestUdpconnect(t *testing.T) {
	t.Parallel()
	tl := start(t, "udpconnect.d", nil)
	me := strconv.Itoa(os.Getpid())
	port := strconv.Itoa(freePort(t))
	c, err := net.Dial("udp", "127.0.0.1:"+port)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	tl.waitFields(me, "4", "127.0.0.1", port, "0")
	c6, err := net.Dial("udp", "[::1]:"+port)
	if err != nil {
		t.Fatal(err)
	}
	c6.Close()
	tl.waitFields(me, "6", "::1", port, "0")
	// A TCP connection is not UDP's.
	tcpPort, _ := connPair(t, "127.0.0.1", 1)
	out := tl.stop()
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) == 7 && f[5] == strconv.Itoa(tcpPort) && f[5] != port {
			t.Errorf("a TCP connect(2) to %d is shown: %q", tcpPort, l)
		}
	}
}

// udpExchange sends n bytes from an unconnected UDP socket of this
// process to a socket listening on ip (sendto(2) with the address), reads
// them there, and returns the ports of the sender and of the listener.
func udpExchange(t *testing.T, ip string, n int) (cport, sport int) {
	t.Helper()
	srv, err := net.ListenPacket("udp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	cli, err := net.ListenPacket("udp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	if _, err := cli.WriteTo(make([]byte, n), srv.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, n+1)
	if got, _, err := srv.ReadFrom(buf); err != nil || got != n {
		t.Fatalf("read %d bytes (%v), want %d", got, err, n)
	}
	return cli.LocalAddr().(*net.UDPAddr).Port, srv.LocalAddr().(*net.UDPAddr).Port
}

func TestUdpsnoop(t *testing.T) {
	t.Parallel()
	tl := start(t, "udpsnoop.d", nil)
	me := strconv.Itoa(os.Getpid())
	for _, c := range []struct {
		ip string
		n  int
	}{{"127.0.0.1", 100}, {"::1", 33}} {
		cport, sport := udpExchange(t, c.ip, c.n)
		src := c.ip + ":" + strconv.Itoa(cport)
		dst := c.ip + ":" + strconv.Itoa(sport)
		tl.waitFields(me, "S", src, ">", dst, strconv.Itoa(c.n))
		// Received over loopback while this process sent it.
		tl.waitFields(me, "R", src, ">", dst, strconv.Itoa(c.n))
	}
	tl.stop()

	// With a port, only the datagrams from or to it.
	srv, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	port := strconv.Itoa(srv.LocalAddr().(*net.UDPAddr).Port)
	tl = start(t, "udpsnoop.d", nil, port)
	_, other := udpExchange(t, "127.0.0.1", 1)
	c, err := net.Dial("udp", srv.LocalAddr().String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Write(make([]byte, 5)); err != nil {
		t.Fatal(err)
	}
	c.Close()
	tl.waitFields(me, "S", "127.0.0.1:"+port, "5")
	out := tl.stop()
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		if !strings.Contains(l, ":"+port+" ") || strings.Contains(l, ":"+strconv.Itoa(other)+" ") {
			t.Errorf("with port %s, a datagram of another: %q", port, l)
		}
	}
}

func TestSoconnect(t *testing.T) {
	t.Parallel()
	tl := start(t, "soconnect.d", nil)
	me := strconv.Itoa(os.Getpid())
	port := freePort(t)
	// Go connects without blocking: "In progress", then the refusal
	// comes later, not from connect(2). A blocking connect(2) is refused.
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	err = syscall.Connect(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}, Port: port})
	syscall.Close(fd)
	if err != syscall.ECONNREFUSED {
		t.Fatalf("connect to a free port: %v", err)
	}
	tl.waitFields(me, "IPv4", "127.0.0.1", strconv.Itoa(port), "Connection", "refused")
	lport, _ := connPair(t, "::1", 1)
	tl.waitFields(me, "IPv6", "::1", strconv.Itoa(lport), "In", "progress")
	tl.stop()
}

func TestTcptop(t *testing.T) {
	t.Parallel()
	tl := start(t, "tcptop.d", nil, "1")
	me := strconv.Itoa(os.Getpid())
	port, cport := connPair(t, "127.0.0.1", 200000)
	out := tl.stop()
	// 200000 bytes (195 KiB) each way, in one interval or split across
	// two (each rounded down).
	var tx, rx int64
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) != 6 || f[0] != me {
			continue
		}
		if f[2] == "127.0.0.1:"+strconv.Itoa(cport) && f[3] == "127.0.0.1:"+strconv.Itoa(port) {
			tx += atoi(t, f[4])
		}
		if f[2] == "127.0.0.1:"+strconv.Itoa(port) && f[3] == "127.0.0.1:"+strconv.Itoa(cport) {
			rx += atoi(t, f[5])
		}
	}
	if tx < 194 || tx > 195 || rx < 194 || rx > 195 {
		t.Errorf("TX_KB %d and RX_KB %d, want 195 (194 when split):\n%s", tx, rx, out)
	}
}

func TestSolisten(t *testing.T) {
	t.Parallel()
	tl := start(t, "solisten.d", nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	// Go listens with Multipath TCP where the kernel has it enabled (Go
	// 1.24), with a backlog of net.core.somaxconn.
	proto := "TCPv4"
	if b, err := os.ReadFile("/proc/sys/net/mptcp/enabled"); err == nil && strings.TrimSpace(string(b)) == "1" {
		proto = "MPTCPv4"
	}
	f := tl.waitFields(strconv.Itoa(os.Getpid()), proto, "127.0.0.1", port, "0")
	if b, err := os.ReadFile("/proc/sys/net/core/somaxconn"); err == nil {
		if n := strings.TrimSpace(string(b)); atoi(t, n) < 1<<16 && f[4] != n {
			t.Errorf("BACKLOG %s, want somaxconn's %s", f[4], n)
		}
	}
	tl.stop()
}

func TestBindsnoop(t *testing.T) {
	t.Parallel()
	tl := start(t, "bindsnoop.d", nil)
	// Port 0: the line shows the port the kernel picked.
	pc, err := net.ListenPacket("udp", "[::1]:0")
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	port := strconv.Itoa(pc.LocalAddr().(*net.UDPAddr).Port)
	tl.waitFields(strconv.Itoa(os.Getpid()), "UDP", "::1", port, "0")
	tl.stop()
}
