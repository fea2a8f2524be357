package metrics

import (
	"bytes"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// The HTTP/1.1 server of the endpoints: requests are read up to the end of
// their header, answered, and the connection closed (Connection: close),
// which Prometheus' scraper and go tool pprof's fetcher take as any
// server's. Sockets are non-blocking and waited on by Go's poller, through
// os.File.

// maxHeader bounds a request's header.
const maxHeader = 16 << 10

// ioTimeout bounds the reading of a request and the writing of its
// answer.
const ioTimeout = 30 * time.Second

// listener is a listening TCP socket.
type listener struct {
	f    *os.File
	addr string

	mu     sync.Mutex
	closed bool
	open   map[*os.File]bool // the connections being answered
	conns  sync.WaitGroup
}

// response is an answer.
type response struct {
	status int
	ctype  string
	body   []byte
	extra  string // more header lines, each ending in CRLF
}

// listen binds addr (see Listen).
func listen(addr string) (*listener, error) {
	l, err := bind(addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	return l, nil
}

// bind makes the listening socket of addr.
func bind(addr string) (*listener, error) {
	i := strings.LastIndexByte(addr, ':')
	if i < 0 {
		return nil, errors.New("missing port")
	}
	host, portText := addr[:i], addr[i+1:]
	port, err := strconv.ParseUint(portText, 10, 16)
	if err != nil {
		return nil, fmt.Errorf("bad port %q", portText)
	}
	var ip netip.Addr
	switch host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"); host {
	case "", "localhost":
		ip = netip.AddrFrom4([4]byte{127, 0, 0, 1})
	default:
		if ip, err = netip.ParseAddr(host); err != nil {
			return nil, fmt.Errorf("%q is not an IP address", host)
		}
	}
	family := unix.AF_INET6
	var sa unix.Sockaddr = &unix.SockaddrInet6{Port: int(port), Addr: ip.As16()}
	if ip.Is4() {
		family, sa = unix.AF_INET, &unix.SockaddrInet4{Port: int(port), Addr: ip.As4()}
	}
	fd, err := unix.Socket(family, unix.SOCK_STREAM|unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	if err := unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_REUSEADDR, 1); err != nil {
		unix.Close(fd)
		return nil, err
	}
	if err := unix.Bind(fd, sa); err != nil {
		unix.Close(fd)
		return nil, err
	}
	if err := unix.Listen(fd, 128); err != nil {
		unix.Close(fd)
		return nil, err
	}
	bound, err := unix.Getsockname(fd)
	if err != nil {
		unix.Close(fd)
		return nil, err
	}
	switch b := bound.(type) {
	case *unix.SockaddrInet4:
		port = uint64(b.Port)
	case *unix.SockaddrInet6:
		port = uint64(b.Port)
	}
	// A non-blocking descriptor: os.File waits on it with the poller.
	f := os.NewFile(uintptr(fd), "httpserver")
	return &listener{f: f, addr: netip.AddrPortFrom(ip, uint16(port)).String()}, nil
}

// serve accepts connections and answers each, with handle, until the
// listener is closed.
func (l *listener) serve(handle func(path string) response) {
	rc, err := l.f.SyscallConn()
	if err != nil {
		return
	}
	for {
		var nfd int
		var aerr error
		err := rc.Read(func(fd uintptr) bool {
			nfd, _, aerr = unix.Accept4(int(fd), unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC)
			return aerr != unix.EAGAIN && aerr != unix.EINTR
		})
		if err != nil {
			return // closed
		}
		if aerr != nil {
			if errors.Is(aerr, unix.EMFILE) || errors.Is(aerr, unix.ENFILE) || errors.Is(aerr, unix.ENOBUFS) || errors.Is(aerr, unix.ENOMEM) {
				time.Sleep(10 * time.Millisecond)
			}
			continue // ECONNABORTED and the like
		}
		l.mu.Lock()
		if l.closed {
			l.mu.Unlock()
			unix.Close(nfd)
			return
		}
		c := os.NewFile(uintptr(nfd), "http connection")
		// Before close can see it: close's deadline is the last one.
		c.SetDeadline(time.Now().Add(ioTimeout))
		if l.open == nil {
			l.open = map[*os.File]bool{}
		}
		l.open[c] = true
		l.conns.Add(1)
		l.mu.Unlock()
		go func() {
			defer l.conns.Done()
			defer func() {
				l.mu.Lock()
				delete(l.open, c)
				l.mu.Unlock()
				c.Close()
			}()
			answer(c, handle)
		}()
	}
}

// close stops accepting connections, ends those being answered (a client
// that sends half a request, or reads slowly, does not hold up the end of
// tracing), and waits for their goroutines.
func (l *listener) close() error {
	l.mu.Lock()
	l.closed = true
	for c := range l.open {
		c.SetDeadline(time.Now())
	}
	l.mu.Unlock()
	err := l.f.Close()
	l.conns.Wait()
	return err
}

// answer reads a request from c and writes the answer.
func answer(c *os.File, handle func(path string) response) {
	buf := make([]byte, 0, 4096)
	for !bytes.Contains(buf, []byte("\r\n\r\n")) && !bytes.Contains(buf, []byte("\n\n")) {
		if len(buf) >= maxHeader {
			write(c, "", response{status: 431, ctype: "text/plain; charset=utf-8", body: []byte("request header too large\n")})
			return
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := c.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err != nil {
			return
		}
	}
	line, _, _ := bytes.Cut(buf, []byte("\n"))
	fields := strings.Fields(string(line))
	if len(fields) != 3 || !strings.HasPrefix(fields[2], "HTTP/1.") {
		write(c, "", response{status: 400, ctype: "text/plain; charset=utf-8", body: []byte("bad request\n")})
		return
	}
	method, target := fields[0], fields[1]
	if method != "GET" && method != "HEAD" {
		write(c, method, response{status: 405, ctype: "text/plain; charset=utf-8", body: []byte("only GET and HEAD are served\n"),
			extra: "Allow: GET, HEAD\r\n"})
		return
	}
	path, _, _ := strings.Cut(target, "?")
	if u, err := unescapePath(path); err == nil {
		path = u
	}
	write(c, method, handle(path))
}

// unescapePath decodes a path's %XX escapes.
func unescapePath(p string) (string, error) {
	if !strings.Contains(p, "%") {
		return p, nil
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] != '%' {
			b.WriteByte(p[i])
			continue
		}
		if i+2 >= len(p) {
			return "", errors.New("bad escape")
		}
		v, err := strconv.ParseUint(p[i+1:i+3], 16, 8)
		if err != nil {
			return "", err
		}
		b.WriteByte(byte(v))
		i += 2
	}
	return b.String(), nil
}

var statusText = map[int]string{200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
	431: "Request Header Fields Too Large", 500: "Internal Server Error", 503: "Service Unavailable"}

// write writes response r (without its body for HEAD).
func write(c *os.File, method string, r response) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nConnection: close\r\n%s\r\n",
		r.status, statusText[r.status], r.ctype, len(r.body), r.extra)
	if method != "HEAD" {
		b.Write(r.body)
	}
	c.Write(b.Bytes())
}
