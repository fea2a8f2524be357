// Package ptest builds complete programs around a provider's trampoline
// fragment, for the providers' tests: the prologue package bpf describes,
// the fragment, and one block per probe that sends the probe context to a
// ring buffer.
package ptest

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/ringbuf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/bpf/bpftest"
	"github.com/dtrace-go/dtrace/providers"
)

// Require skips (or fails) the test unless the process may load programs of
// type pt with a ring buffer.
func Require(tb testing.TB, pt ebpf.ProgramType) {
	tb.Helper()
	if os.Geteuid() != 0 {
		bpftest.Skip(tb, "not root")
	}
	bpftest.RequireProgramType(tb, pt)
	bpftest.RequireMapType(tb, ebpf.RingBuf)
}

// Offsets in a record past the probe context.
const (
	recTGID  = abi.CtxArgs + 8*abi.MaxArgs // u64: the current process
	recBlock = recTGID + 8                 // u32: the id of the block that ran
	recCPU   = recTGID + 12                // u32: the CPU it ran on
	recSize  = recTGID + 16
)

// Record is what a probe block sends.
type Record struct {
	Errno int32
	Args  [abi.MaxArgs]uint64
	TGID  uint32
	Block uint32 // the id of the probe whose block ran
	CPU   uint32 // the CPU the block ran on
}

// Program is a loaded test program.
type Program struct {
	Prog    *ebpf.Program
	scratch *ebpf.Map
	ring    *ebpf.Map
	rd      *ringbuf.Reader
	detach  func()
}

// Options change what Load builds.
type Options struct {
	// OnlyMe drops firings in other processes than this one.
	OnlyMe bool
}

// Load builds and loads the program of attachment a. Everything is closed
// at the end of the test.
func Load(tb testing.TB, a *providers.Attachment, opts Options) *Program {
	tb.Helper()
	p, err := load(a, opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(p.close)
	return p
}

func load(a *providers.Attachment, opts Options) (_ *Program, err error) {
	p := &Program{}
	defer func() {
		if err != nil {
			p.close()
		}
	}()
	p.scratch, err = ebpf.NewMap(&ebpf.MapSpec{
		Name: "ptest_scratch", Type: ebpf.PerCPUArray,
		KeySize: 4, ValueSize: recSize + 64, MaxEntries: 1,
	})
	if err != nil {
		return nil, fmt.Errorf("scratch map: %w", err)
	}
	p.ring, err = ebpf.NewMap(&ebpf.MapSpec{
		Name: "ptest_ring", Type: ebpf.RingBuf, MaxEntries: 1 << 20,
	})
	if err != nil {
		return nil, fmt.Errorf("ring buffer: %w", err)
	}

	insns := asm.Instructions{
		asm.Mov.Reg(abi.RegCtx, asm.R1),
		asm.StoreImm(asm.RFP, -4, 0, asm.Word),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -4),
		asm.LoadMapPtr(asm.R1, p.scratch.FD()),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, abi.ExitLabel),
		asm.Mov.Reg(abi.RegProbeCtx, asm.R0),
	}
	if opts.OnlyMe {
		// Before the fragment fills the per-CPU scratch: a firing in
		// another process that preempted one of ours on this CPU would
		// otherwise overwrite our arguments there.
		insns = append(insns,
			asm.FnGetCurrentPidTgid.Call(),
			asm.RSh.Imm(asm.R0, 32),
			asm.JNE.Imm(asm.R0, int32(os.Getpid()), abi.ExitLabel),
		)
	}
	frag, err := a.Fragment(abi.CtxUseAll(0))
	if err != nil {
		return nil, fmt.Errorf("fragment of %s: %w", a.Name, err)
	}
	insns = append(insns, frag...)
	for _, pr := range a.Probes {
		insns = append(insns,
			asm.FnGetCurrentPidTgid.Call().WithSymbol(abi.ProbeLabel(pr.ID)),
			asm.RSh.Imm(asm.R0, 32),
		)
		insns = append(insns,
			asm.StoreMem(abi.RegProbeCtx, recTGID, asm.R0, asm.DWord),
			asm.StoreImm(abi.RegProbeCtx, recBlock, int64(pr.ID), asm.Word),
			asm.FnGetSmpProcessorId.Call(),
			asm.StoreMem(abi.RegProbeCtx, recCPU, asm.R0, asm.Word),
			asm.LoadMapPtr(asm.R1, p.ring.FD()),
			asm.Mov.Reg(asm.R2, abi.RegProbeCtx),
			asm.Mov.Imm(asm.R3, recSize),
			asm.Mov.Imm(asm.R4, 0),
			asm.FnRingbufOutput.Call(),
			asm.Ja.Label(abi.ExitLabel),
		)
	}
	insns = append(insns,
		asm.Mov.Imm(asm.R0, 0).WithSymbol(abi.ExitLabel),
		asm.Return(),
	)

	p.Prog, err = ebpf.NewProgramWithOptions(&ebpf.ProgramSpec{
		Name:         "ptest",
		Type:         a.Type,
		AttachType:   a.AttachType,
		AttachTo:     a.AttachTo,
		Instructions: insns,
		License:      "GPL",
	}, ebpf.ProgramOptions{LogSizeStart: 1 << 20})
	if err != nil {
		var ve *ebpf.VerifierError
		if errors.As(err, &ve) {
			return nil, fmt.Errorf("load %s: %+v", a.Name, ve)
		}
		return nil, fmt.Errorf("load %s: %w", a.Name, err)
	}
	p.rd, err = ringbuf.NewReader(p.ring)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Close detaches the program if Attach attached it and closes everything
// Load made; the end of the test does it too.
func (p *Program) Close() {
	p.Detach()
	p.close()
}

func (p *Program) close() {
	if p.rd != nil {
		p.rd.Close()
		p.rd = nil
	}
	if p.Prog != nil {
		p.Prog.Close()
		p.Prog = nil
	}
	if p.ring != nil {
		p.ring.Close()
		p.ring = nil
	}
	if p.scratch != nil {
		p.scratch.Close()
		p.scratch = nil
	}
}

// Attach attaches the program as a says and detaches it at the end of the
// test (or when the returned function is called).
func (p *Program) Attach(tb testing.TB, a *providers.Attachment) (detach func()) {
	tb.Helper()
	var c io.Closer
	var err error
	switch {
	case a.AttachOn != nil:
		// On one CPU: the first online one.
		cpus, cerr := bpf.OnlineCPUs()
		if cerr != nil || len(cpus) == 0 {
			tb.Fatalf("online CPUs: %v %v", cpus, cerr)
		}
		c, err = a.AttachOn(p.Prog, cpus[0])
	case a.Attach != nil:
		c, err = a.Attach(p.Prog)
	default:
		tb.Fatalf("attachment %s has no Attach", a.Name)
	}
	if err != nil {
		tb.Fatalf("attach %s: %v", a.Name, err)
	}
	done := false
	detach = func() {
		if !done {
			done = true
			if err := c.Close(); err != nil {
				tb.Errorf("detach %s: %v", a.Name, err)
			}
		}
	}
	tb.Cleanup(detach)
	p.detach = detach
	return detach
}

// Detach detaches the program if Attach attached it.
func (p *Program) Detach() {
	if p.detach != nil {
		p.detach()
	}
}

// Records returns the records sent so far, waiting up to wait for the
// first one. Detach a program that fires on the reader's own system calls
// first.
func (p *Program) Records(tb testing.TB, wait time.Duration) []Record {
	tb.Helper()
	var recs []Record
	p.rd.SetDeadline(time.Now().Add(wait))
	for len(recs) < maxRecords {
		raw, err := p.rd.Read()
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return recs
		}
		if err != nil {
			tb.Fatalf("read ring buffer: %v", err)
		}
		recs = append(recs, decode(raw.RawSample))
		// Once something arrived, take only what is already there.
		p.rd.SetDeadline(time.Now())
	}
	tb.Fatalf("more than %d records", maxRecords)
	return nil
}

const maxRecords = 1 << 20

// Await collects records until done says they are enough, for a probe
// that fires on its own (a timer, a sample). It waits as long as it
// takes, failing tb only after a minute: a loaded machine delays firings,
// and how soon they come is no part of what the tests check.
func (p *Program) Await(tb testing.TB, done func([]Record) bool) []Record {
	tb.Helper()
	var recs []Record
	deadline := time.Now().Add(time.Minute)
	for !done(recs) {
		if time.Now().After(deadline) {
			tb.Fatalf("a minute in, %d records are not enough", len(recs))
		}
		recs = append(recs, p.Records(tb, 10*time.Millisecond)...)
	}
	return recs
}

func decode(b []byte) Record {
	le := binary.NativeEndian
	var r Record
	r.Errno = int32(le.Uint32(b[abi.CtxErrno:]))
	for i := range r.Args {
		r.Args[i] = le.Uint64(b[abi.CtxArg(i):])
	}
	r.TGID = uint32(le.Uint64(b[recTGID:]))
	r.Block = le.Uint32(b[recBlock:])
	r.CPU = le.Uint32(b[recCPU:])
	return r
}
