package session

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"unsafe"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/sink"
)

// trigger fires, from user space, the attachments serving the probe named
// want (BEGIN, END). It returns the CPU it fired them on, as the kernel
// reported it just before (the thread is locked to its CPU's run queue
// only as long as the kernel keeps it there: a migration in between is
// possible, if rare).
func (r *run) trigger(want string) (int, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if r.cfg.OneCPU {
		// BEGIN and END fire on the cpu option's CPU, as DTrace fires
		// them there: this thread moves to it for the while.
		var was unix.CPUSet
		if err := unix.SchedGetaffinity(0, &was); err != nil {
			return -1, fmt.Errorf("fire %s: %w", want, err)
		}
		var on unix.CPUSet
		on.Set(r.cfg.CPU)
		if err := unix.SchedSetaffinity(0, &on); err != nil {
			return -1, fmt.Errorf("fire %s on CPU %d: %w", want, r.cfg.CPU, err)
		}
		defer unix.SchedSetaffinity(0, &was)
	}
	cpu := currentCPU()
	for i, att := range r.atts {
		if att.Trigger == nil {
			continue
		}
		for _, p := range att.Probes {
			if p.Name == want {
				if err := att.Trigger(r.progs[i]); err != nil {
					return cpu, fmt.Errorf("fire %s: %w", want, err)
				}
				break
			}
		}
	}
	return cpu, nil
}

// oneCPU returns the CPU an attachment that fires on one CPU is placed on
// (tick-N): the cpu option's, else the first online CPU, for every tick
// probe of the run, so that their rates compare. DTrace leaves the CPU
// unspecified (libdtrace's profile provider picks one at random); this
// one is the first because a kernel in a VM was seen to deliver no
// cpu-clock samples of an idle CPU other than the first (haltpoll
// idle, kernel 6.18): a tick placed there did not fire for as long as
// its CPU idled, and tick-10s { exit(0); } never ended a script.
func (r *run) oneCPU() (int, error) {
	if r.cfg.OneCPU {
		return r.cfg.CPU, nil
	}
	cpus, err := bpf.OnlineCPUs()
	if err != nil {
		return -1, err
	}
	if len(cpus) == 0 {
		return -1, errors.New("no CPU online")
	}
	return slices.Min(cpus), nil
}

// currentCPU returns the CPU the calling thread runs on (getcpu), or -1.
func currentCPU() int {
	var cpu uint32
	if _, _, e := unix.RawSyscall(unix.SYS_GETCPU, uintptr(unsafe.Pointer(&cpu)), 0, 0); e != 0 {
		return -1
	}
	return int(cpu)
}

// trace attaches, fires BEGIN, consumes records and fires END.
//
// Tracing stops at exit() (its record, or the exiting flag exit() sets,
// which the runner looks at after each batch: a clause that faults after
// exit() loses its record but not the flag, and DTrace stops then too,
// its exit status left 0), at a full buffer under bufpolicy=fill, when
// the processes of -c and -p have all exited, or at ctx's cancellation.
//
// Under bufpolicy=switch, records are printed as they are read. Under
// fill and ring, they are kept (keptRecords) and printed once tracing has
// stopped and END has fired, in DTrace's order for those buffers.
func (r *run) trace(ctx context.Context) (int, error) {
	rd, err := bpf.NewReader(r.maps[abi.RingMap], readInterval(r.cfg))
	if err != nil {
		return 1, err
	}
	r.reader = rd
	out := newDecoder(r.prog, r.cfg.Registry, r.maps, r.cfg.Sink, r.cfg.Notify, r.ksyms)
	// The memory maps of the processes of -c and -p, read while they are
	// there to read (a created process waits at its entry point, its
	// libraries mapped), and read again while they live, with their perf
	// maps (symtab.Processes.Watch): their stacks resolve after they
	// exit. Only for a program that records user addresses (the objects'
	// symbols are read with the map).
	if slices.ContainsFunc(r.prog.Maps, func(m *codegen.MapDesc) bool { return m.Name == abi.UPIDMap }) {
		for _, p := range r.cfg.Procs {
			out.syms.unwindTables(uint64(p.Pid()))
			out.syms.procs.Watch(p.Pid())
		}
	}
	// A live sink snapshots the aggregations from its own goroutines:
	// the runner holds the decoder but while it waits (live.go).
	lv := r.startLive(out)
	defer lv.end()
	// Every exit() record consumed sets the status, the last one winning,
	// and the records after it are consumed too, as dtrace(1)'s chewrec
	// and libdtrace's consumer do.
	var status *int
	consume := func(rec []byte) error {
		st, err := out.Record(rec)
		if st != nil {
			status = st
		}
		return err
	}
	var kept *keptRecords
	if r.cfg.BufPolicy != PolicySwitch {
		kept = newKeptRecords(r.cfg.BufPolicy, r.cfg.principal)
		consume = func(rec []byte) error {
			if h, err := abi.ReadHeader(rec); err == nil {
				switch h.Record {
				case abi.RecordPID:
					// A process is read while it runs (symbols.go).
					_, err := out.Record(rec)
					return err
				case abi.RecordFill:
					return nil // it woke the reader: the exiting flag is set
				}
			}
			kept.add(rec)
			return nil
		}
	}
	consume = lv.wrap(consume)
	// Every probe is enabled before BEGIN fires, as DTrace enables them,
	// so that what BEGIN starts (a system() command) is seen; the
	// activity state is warm-up meanwhile, in which no clause but BEGIN's
	// (and ERROR's) runs: nothing is recorded before BEGIN.
	if err := r.attach(); err != nil {
		return 1, err
	}
	beganOn, err := r.trigger("BEGIN")
	if err != nil {
		return 1, err
	}
	// Active, unless BEGIN called exit() or filled its buffer.
	if err := r.activate(); err != nil {
		return 1, err
	}
	if _, err := rd.Drain(consume); err != nil {
		return 1, err
	}
	if err := r.batchDone(false); err != nil {
		return 1, err
	}
	stopping, err := r.exiting()
	if err != nil {
		return 1, err
	}
	if status == nil && !stopping {
		stopProcs, err := r.startProcs(rd)
		if err != nil {
			return 1, err
		}
		defer stopProcs()
		defer context.AfterFunc(ctx, rd.Stop)()
		for status == nil && ctx.Err() == nil {
			lv.release()
			_, err := rd.Read(consume)
			lv.hold()
			if err != nil && !errors.Is(err, bpf.ErrStopped) {
				return 1, err
			}
			if err := r.batchDone(false); err != nil {
				return 1, err
			}
			out.afterBatch()
			r.procNotices()
			if err != nil {
				break
			}
			stopping, err := r.exiting()
			if err != nil {
				return 1, err
			}
			if stopping {
				break
			}
		}
	}
	if ctx.Err() != nil {
		// A signal: every probe stops recording at once, as after
		// exit(), before the probes are detached one after another.
		if err := r.stopRecording(); err != nil {
			return 1, err
		}
	}
	// What failed while attached (a tick-N program that could not run) is
	// reported once everything is printed.
	detachErr := r.links.Close()
	if _, err := rd.Drain(consume); err != nil {
		return 1, err
	}
	// END fires whatever ended tracing.
	if err := r.maps[abi.GlobalsMap].Update(uint32(0), r.clearExiting(), ebpf.UpdateAny); err != nil {
		return 1, err
	}
	endedOn, err := r.trigger("END")
	if err != nil {
		return 1, err
	}
	if _, err := rd.Drain(consume); err != nil {
		return 1, err
	}
	if kept != nil {
		// Every exit() record printed sets the status, the last one
		// winning, as in dtrace(1)'s record callback.
		for _, rec := range kept.order(r.probeID("BEGIN"), beganOn, r.probeID("END"), endedOn) {
			st, err := out.Record(rec)
			if err != nil {
				return 1, err
			}
			if st != nil {
				status = st
			}
		}
	}
	if err := r.batchDone(true); err != nil {
		return 1, err
	}
	if err := out.End(); err != nil {
		return 1, err
	}
	if err := r.cfg.Sink.Flush(); err != nil {
		return 1, err
	}
	if detachErr != nil {
		return 1, detachErr
	}
	if status != nil {
		return *status, nil
	}
	return 0, nil
}

// attach attaches every program that is attached (not fired by the
// runner, as BEGIN and END are), and says which probes the kernel
// refused.
func (r *run) attach() error {
	for i, att := range r.atts {
		var c io.Closer
		var err error
		switch {
		case att.AttachOn != nil:
			cpu, cerr := r.oneCPU()
			if cerr != nil {
				return fmt.Errorf("attach %s: %w", att.Name, cerr)
			}
			c, err = att.AttachOn(r.progs[i], cpu)
		case att.Attach != nil:
			c, err = att.Attach(r.progs[i])
		default:
			continue
		}
		if err != nil {
			return fmt.Errorf("attach %s: %w", att.Name, err)
		}
		r.links.Add(c)
		// Probes the kernel would not place (an instruction it
		// cannot single-step): the others trace on.
		if pa, ok := c.(providers.PartialAttachment); ok {
			if n := len(pa.Refused()); n > 0 {
				r.cfg.Notify(sink.Notice{Kind: sink.NoticeWarning, Count: uint64(n), Message: refusedNotice(n)})
			}
		}
		if n, ok := c.(providers.Noticer); ok {
			if msg := n.Notice(); msg != "" {
				r.cfg.Notify(sink.Notice{Kind: sink.NoticeWarning, Message: msg})
			}
		}
	}
	return nil
}

// exiting reports whether tracing must stop: exit() has set the exiting
// flag, or under bufpolicy=fill a CPU's buffer has filled.
func (r *run) exiting() (bool, error) {
	var v []byte
	if err := r.maps[abi.GlobalsMap].Lookup(uint32(0), &v); err != nil {
		return false, fmt.Errorf("read the exiting flag: %w", err)
	}
	if len(v) < 8 {
		return false, nil
	}
	st := le.Uint64(v[abi.GlobalExiting:])
	return st != 0 && st != abi.ExitingWarmup, nil
}

// activate ends the warm-up once BEGIN has fired: the activity state
// becomes active (0), unless BEGIN has stopped tracing (exit(), a full
// buffer). Only BEGIN's and ERROR's clauses, which have run, change the
// state during the warm-up: nothing else can write it meanwhile.
func (r *run) activate() error {
	mem, err := r.maps[abi.GlobalsMap].Memory()
	if err != nil {
		return fmt.Errorf("map the globals: %w", err)
	}
	var cur [8]byte
	if _, err := mem.ReadAt(cur[:], abi.GlobalExiting); err != nil {
		return fmt.Errorf("read the activity state: %w", err)
	}
	if le.Uint64(cur[:]) != abi.ExitingWarmup {
		return nil
	}
	// Only the low byte differs: a reader sees one state or the other.
	if _, err := mem.WriteAt([]byte{0}, abi.GlobalExiting); err != nil {
		return fmt.Errorf("start tracing: %w", err)
	}
	return nil
}

// stopRecording sets the exiting flag, unless exit() or a full buffer has
// set it: every clause but END's stops recording from that instant. The
// flag is written through the globals map's mapping, one word, so that
// the global variables the programs write meanwhile keep their values.
func (r *run) stopRecording() error {
	mem, err := r.maps[abi.GlobalsMap].Memory()
	if err != nil {
		return fmt.Errorf("map the globals: %w", err)
	}
	var cur [8]byte
	if _, err := mem.ReadAt(cur[:], abi.GlobalExiting); err != nil {
		return fmt.Errorf("read the exiting flag: %w", err)
	}
	if st := le.Uint64(cur[:]); st != 0 && st != abi.ExitingWarmup {
		return nil
	}
	// Only the flag's low byte changes (from 0, or from the warm-up's
	// 3): a reader sees it set or not, whatever the width of the copy's
	// stores.
	if _, err := mem.WriteAt([]byte{1}, abi.GlobalExiting); err != nil {
		return fmt.Errorf("set the exiting flag: %w", err)
	}
	return nil
}

// clearExiting returns the globals value with the exiting flag cleared, so
// that END's clauses run after exit(), and under bufpolicy=fill the limit
// lifted: END's records have the room DTrace reserves for them.
func (r *run) clearExiting() []byte {
	var v []byte
	if err := r.maps[abi.GlobalsMap].Lookup(uint32(0), &v); err != nil || len(v) < r.prog.GlobalsSize {
		v = make([]byte, r.prog.GlobalsSize)
	}
	le.PutUint64(v[abi.GlobalExiting:], 0)
	le.PutUint64(v[abi.GlobalFillAt:], noFillLimit)
	return v
}

// noFillLimit is GlobalFillAt when no limit applies: far above any count.
const noFillLimit = 1 << 62

// probeID returns the id of the probe dtrace:::name (BEGIN, END) when a
// clause is enabled on it, or 0.
func (r *run) probeID(name string) uint32 {
	for id := range r.byProbe {
		if p := r.cfg.Registry.Probe(id); p != nil && p.Provider == "dtrace" && p.Name == name {
			return id
		}
	}
	return 0
}

// refusedNotice is dtrace's warning about n probes of an enabling that the
// kernel refused.
func refusedNotice(n int) string {
	if n == 1 {
		return "1 probe could not be enabled: the kernel cannot probe its instruction"
	}
	return fmt.Sprintf("%d probes could not be enabled: the kernel cannot probe their instructions", n)
}
