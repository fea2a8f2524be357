// Command fbtguest measures fbt inside a guest whose kernel has kprobes
// and fentry (bench/fbt.sh boots Debian's 6.12 in qemu and runs it there):
//
//   - attach and detach of fbt::PATTERN:entry, for each -pattern, against
//     a hand-written cilium/ebpf program attached with one kprobe_multi
//     link to the same functions, measured in the same run: dtrace's figure
//     is the run of `fbt::PATTERN:entry /pid == $pid && probefunc ==
//     "vfs_read"/ { exit(0); }` (maps, loading, finding how the kernel
//     lets probes attach, attaching, BEGIN, the first event, END,
//     detaching), compiled beforehand; the hand-written one loads an
//     equivalent program, attaches it, waits for the event and detaches.
//     Each dtrace run is a new handle, as a dtrace process is, but
//     cilium/ebpf's answers about the kernel are kept per process: the
//     first run's figure is printed apart, and so is the compilation
//     (which lists every function);
//   - the nanoseconds fbt::vfs_read:entry { @[pid] = count(); } adds to a
//     read(2) of one byte from /dev/zero, attached by fentry and by
//     kprobe (DTRACE_FBT_ATTACH), against the untraced call measured
//     around them.
//
// Each figure is the median of -runs runs.
package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/dtrace-go/dtrace"
	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/fbt"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/text"
)

func main() {
	patterns := flag.String("pattern", "vfs_*,*", "comma-separated function patterns to attach to")
	runs := flag.Int("runs", 3, "runs of each measurement")
	calls := flag.Int("calls", 20000, "read(2) calls per per-call measurement; 0 leaves it out")
	flag.BoolVar(&profile, "cpuprofile", false, "profile dtrace's runs of the attach and detach measurement, and print the profile (gzipped pprof) in base64 between lines \"BEGIN CPU PROFILE\" and \"END CPU PROFILE\": the guest's files are lost")
	flag.Parse()
	if err := attachDetach(strings.Split(*patterns, ","), *runs); err != nil {
		fail(err)
	}
	if profile {
		pprof.StopCPUProfile()
		fmt.Println("BEGIN CPU PROFILE")
		enc := base64.StdEncoding.EncodeToString(profileBuf.Bytes())
		for len(enc) > 0 {
			n := min(len(enc), 76)
			fmt.Println(enc[:n])
			enc = enc[n:]
		}
		fmt.Println("END CPU PROFILE")
	}
	if *calls == 0 {
		return
	}
	if err := perCall(*runs, *calls); err != nil {
		fail(err)
	}
}

// profile says to profile dtrace's runs, into profileBuf.
var (
	profile    bool
	profileBuf bytes.Buffer
	profiling  bool
)

func fail(err error) {
	fmt.Fprintf(os.Stderr, "fbtguest: %v\n", err)
	os.Exit(1)
}

func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// functions returns the names of the kernel functions fbt lists that
// pattern matches.
func functions(pattern string) ([]string, error) {
	ps, err := fbt.New(providers.System{}).Probes()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range ps {
		if p.Name == fbt.Entry && probe.Glob(pattern, p.Function) {
			out = append(out, p.Function)
		}
	}
	return out, nil
}

func attachDetach(patterns []string, runs int) error {
	for _, pat := range patterns {
		syms, err := functions(pat)
		if err != nil {
			return err
		}
		var hand, handAttach, handDetach, dt, dtCompile []time.Duration
		var first time.Duration // a dtrace process's: what the kernel allows is found anew
		refused := ""
		for range runs {
			stop := reading()
			a, d, err := handWritten(syms)
			close(stop)
			if err != nil {
				return fmt.Errorf("hand-written, %d functions: %w", len(syms), err)
			}
			handAttach, handDetach = append(handAttach, a), append(handDetach, d)
			hand = append(hand, a+d)
			t, c, notes, err := dtraceRun(fmt.Sprintf("fbt::%s:entry /pid == $pid && probefunc == \"vfs_read\"/ { exit(0); }", pat))
			if err != nil {
				return fmt.Errorf("dtrace fbt::%s:entry: %w", pat, err)
			}
			dt, dtCompile = append(dt, t), append(dtCompile, c)
			if len(dt) == 1 {
				first = t
			}
			refused = notes
		}
		h, d := median(hand), median(dt)
		fmt.Printf("attach+detach fbt::%s:entry (%d functions): dtrace %v, hand-written kprobe_multi %v (load+attach %v, first event+detach %v): %.2fx; dtrace's first run %v; compiling beforehand (every probe listed) %v %s\n",
			pat, len(syms), d.Round(time.Millisecond), h.Round(time.Millisecond),
			median(handAttach).Round(time.Millisecond), median(handDetach).Round(time.Millisecond),
			float64(d)/float64(h), first.Round(time.Millisecond), median(dtCompile).Round(time.Millisecond), refused)
	}
	return nil
}

// handWritten is the program equivalent to
// fbt::PATTERN:entry /pid == $pid && probefunc == "vfs_read"/ { exit(0); }
// written with cilium/ebpf: the function's index in the cookie of one
// kprobe_multi link; on vfs_read's, called by this process, it sets a
// flag the bench polls. It returns the time to load and attach, and to
// see the flag set and detach.
func handWritten(syms []string) (attach, detach time.Duration, err error) {
	target := slices.Index(syms, "vfs_read")
	if target < 0 {
		return 0, 0, fmt.Errorf("vfs_read is not among the functions")
	}
	start := time.Now()
	flag, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.Array, KeySize: 4, ValueSize: 8, MaxEntries: 1})
	if err != nil {
		return 0, 0, err
	}
	defer flag.Close()
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{Type: ebpf.Kprobe, AttachType: ebpf.AttachTraceKprobeMulti, License: "GPL",
		Instructions: asm.Instructions{
			asm.FnGetAttachCookie.Call(),
			asm.JNE.Imm(asm.R0, int32(target), "out"),
			asm.FnGetCurrentPidTgid.Call(),
			asm.RSh.Imm(asm.R0, 32),
			asm.JNE.Imm(asm.R0, int32(os.Getpid()), "out"),
			asm.StoreImm(asm.RFP, -8, 0, asm.Word),
			asm.LoadMapPtr(asm.R1, flag.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -8),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, "out"),
			asm.Mov.Imm(asm.R1, 1),
			asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
			asm.Mov.Imm(asm.R0, 0).WithSymbol("out"),
			asm.Return(),
		}})
	if err != nil {
		return 0, 0, err
	}
	defer prog.Close()
	cookies := make([]uint64, len(syms))
	for i := range cookies {
		cookies[i] = uint64(i)
	}
	l, err := link.KprobeMulti(prog, link.KprobeMultiOptions{Symbols: syms, Cookies: cookies})
	if err != nil {
		return 0, 0, err
	}
	attach = time.Since(start)
	start = time.Now()
	for {
		var v uint64
		if err := flag.Lookup(uint32(0), &v); err != nil {
			l.Close()
			return 0, 0, err
		}
		if v != 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	err = l.Close()
	return attach, time.Since(start), err
}

// dtraceRun compiles src, then times its run; it returns the notices
// other than the matched count.
// With -cpuprofile, the profile's samples of the compilation and of the
// timed run carry the label phase=compile and phase=run.
func dtraceRun(src string) (d, compile time.Duration, notes string, err error) {
	if profile && !profiling {
		if err := pprof.StartCPUProfile(&profileBuf); err != nil {
			return 0, 0, "", err
		}
		profiling = true
	}
	start := time.Now()
	h, err := dtrace.Open(dtrace.Config{})
	if err != nil {
		return 0, 0, "", err
	}
	defer h.Close()
	pprof.Do(context.Background(), pprof.Labels("phase", "compile"), func(context.Context) {
		_, err = h.Compile(dtrace.Source{Kind: dtrace.ProbeName, Name: "bench", Text: []byte(src)})
	})
	if err != nil {
		return 0, 0, "", err
	}
	compile = time.Since(start)
	var ns []string
	defer close(reading())
	pprof.Do(context.Background(), pprof.Labels("phase", "run"), func(ctx context.Context) {
		start := time.Now()
		_, err = h.Run(ctx, dtrace.RunConfig{Notify: func(n sink.Notice) {
			if !strings.Contains(n.Message, "matched") {
				ns = append(ns, n.Message)
			}
		}})
		d = time.Since(start)
	})
	return d, compile, strings.Join(ns, "; "), err
}

// reading reads a byte from /dev/zero every millisecond until the channel
// it returns is closed: the calls of vfs_read that end the runs.
func reading() chan struct{} {
	stop := make(chan struct{})
	go func() {
		buf := make([]byte, 1)
		fd, _ := syscall.Open("/dev/zero", syscall.O_RDONLY, 0)
		defer syscall.Close(fd)
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
				syscall.Read(fd, buf)
			}
		}
	}()
	return stop
}

// readCost returns the mean time of a one-byte read(2) from /dev/zero
// over n calls.
func readCost(n int) (time.Duration, error) {
	fd, err := syscall.Open("/dev/zero", syscall.O_RDONLY, 0)
	if err != nil {
		return 0, err
	}
	defer syscall.Close(fd)
	buf := make([]byte, 1)
	start := time.Now()
	for range n {
		if _, err := syscall.Read(fd, buf); err != nil {
			return 0, err
		}
	}
	return time.Since(start) / time.Duration(n), nil
}

// lockedBuffer is a buffer a run writes and the bench reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) has(s string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return bytes.Contains(l.b.Bytes(), []byte(s))
}

// traced returns the mean time of a read(2) while
// fbt::vfs_read:entry { @[pid] = count(); } is enabled by mode.
func traced(mode string, n int) (time.Duration, error) {
	os.Setenv(fbt.ModeEnv, mode)
	defer os.Unsetenv(fbt.ModeEnv)
	h, err := dtrace.Open(dtrace.Config{})
	if err != nil {
		return 0, err
	}
	defer h.Close()
	// getppid tells when the probes are attached: its probe attaches
	// after vfs_read's.
	src := "fbt::vfs_read:entry { @[pid] = count(); } syscall::getppid:entry /pid == $pid/ { printf(\"ready\\n\"); }"
	if _, err := h.Compile(dtrace.Source{Kind: dtrace.ProbeName, Name: "bench", Text: []byte(src)}); err != nil {
		return 0, err
	}
	out := &lockedBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := h.Run(ctx, dtrace.RunConfig{Sink: h.NewTextSink(out, text.Config{})})
		done <- err
	}()
	for !out.has("ready") {
		select {
		case err := <-done:
			cancel()
			return 0, fmt.Errorf("run ended before it was ready: %v", err)
		case <-time.After(50 * time.Millisecond):
		}
		syscall.Getppid()
	}
	d, err := readCost(n)
	cancel()
	if rerr := <-done; err == nil {
		err = rerr
	}
	return d, err
}

func perCall(runs, n int) error {
	var base, fentry, kprobe []time.Duration
	for range runs {
		b, err := readCost(n)
		if err != nil {
			return err
		}
		base = append(base, b)
		f, err := traced("fentry", n)
		if err != nil {
			return fmt.Errorf("fentry: %w", err)
		}
		fentry = append(fentry, f)
		k, err := traced("kprobe", n)
		if err != nil {
			return fmt.Errorf("kprobe: %w", err)
		}
		kprobe = append(kprobe, k)
		b, err = readCost(n)
		if err != nil {
			return err
		}
		base = append(base, b)
	}
	b := median(base)
	fmt.Printf("read(2) of 1 byte from /dev/zero: untraced %v; fbt::vfs_read:entry { @[pid] = count(); } with fentry %v (+%v), with kprobe %v (+%v)\n",
		b, median(fentry), median(fentry)-b, median(kprobe), median(kprobe)-b)
	return nil
}
