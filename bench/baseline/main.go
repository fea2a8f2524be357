// Command baseline is the hand-written reference that bench/runtime.sh
// compares dtrace-go's per-event cost with: the equivalent of
// `syscall::getppid:entry { @[pid] = count(); }` written directly with
// cilium/ebpf. On each event it looks the pid up in a hash map, adds one in
// place atomically, and inserts only on a miss.
//
// Usage: baseline [-attach rawtp|tp]
//
//	rawtp  a raw tracepoint on sys_enter filtering on getppid's number
//	       (the default)
//	tp     the perf tracepoint syscalls:sys_enter_getppid
//
// It prints "ready" once attached, runs until SIGINT or SIGTERM, then prints
// one "pid count" line per map entry.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"
	"github.com/cilium/ebpf/rlimit"
)

// getppid's number on x86_64 and arm64.
func getppidNR() int32 {
	if isArm64 {
		return 173
	}
	return 110
}

func main() {
	attach := flag.String("attach", "rawtp", "rawtp or tp")
	flag.Parse()
	if err := run(*attach); err != nil {
		fmt.Fprintln(os.Stderr, "baseline:", err)
		os.Exit(1)
	}
}

func run(attach string) error {
	_ = rlimit.RemoveMemlock()
	counts, err := ebpf.NewMap(&ebpf.MapSpec{
		Name:       "counts",
		Type:       ebpf.Hash,
		KeySize:    4,
		ValueSize:  8,
		MaxEntries: 10240,
	})
	if err != nil {
		return fmt.Errorf("map: %w", err)
	}
	defer counts.Close()

	var insns asm.Instructions
	progType := ebpf.TracePoint
	switch attach {
	case "rawtp":
		// ctx is struct bpf_raw_tracepoint_args: args[0] is the pt_regs
		// pointer, args[1] the syscall number.
		progType = ebpf.RawTracepoint
		insns = append(insns,
			asm.LoadMem(asm.R2, asm.R1, 8, asm.DWord),
			asm.JNE.Imm(asm.R2, getppidNR(), "exit"),
		)
	case "tp":
	default:
		return fmt.Errorf("unknown -attach %q", attach)
	}
	insns = append(insns,
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.StoreMem(asm.RFP, -4, asm.R0, asm.Word),
		asm.LoadMapPtr(asm.R1, counts.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -4),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, "miss"),
		asm.Mov.Imm(asm.R1, 1),
		asm.StoreXAdd(asm.R0, asm.R1, asm.DWord),
		asm.Ja.Label("exit"),
		asm.Mov.Imm(asm.R1, 1).WithSymbol("miss"),
		asm.StoreMem(asm.RFP, -16, asm.R1, asm.DWord),
		asm.LoadMapPtr(asm.R1, counts.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -4),
		asm.Mov.Reg(asm.R3, asm.RFP),
		asm.Add.Imm(asm.R3, -16),
		asm.Mov.Imm(asm.R4, 1), // BPF_NOEXIST
		asm.FnMapUpdateElem.Call(),
		asm.Mov.Imm(asm.R0, 0).WithSymbol("exit"),
		asm.Return(),
	)
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Name:         "getppid_count",
		Type:         progType,
		Instructions: insns,
		License:      "GPL",
	})
	if err != nil {
		return fmt.Errorf("program: %w", err)
	}
	defer prog.Close()

	var l link.Link
	if attach == "rawtp" {
		l, err = link.AttachRawTracepoint(link.RawTracepointOptions{Name: "sys_enter", Program: prog})
	} else {
		l, err = link.Tracepoint("syscalls", "sys_enter_getppid", prog, nil)
	}
	if err != nil {
		return fmt.Errorf("attach: %w", err)
	}

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	fmt.Println("ready")
	<-sig
	if err := l.Close(); err != nil {
		return fmt.Errorf("detach: %w", err)
	}

	var pid uint32
	var n uint64
	it := counts.Iterate()
	for it.Next(&pid, &n) {
		fmt.Printf("%d %d\n", pid, n)
	}
	if err := it.Err(); err != nil && !errors.Is(err, ebpf.ErrKeyNotExist) {
		return fmt.Errorf("iterate: %w", err)
	}
	return nil
}
