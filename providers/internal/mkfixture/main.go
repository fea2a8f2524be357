// Command mkfixture writes the fixture system the providers' tests list
// probes from without root: a subset of the running system's tracefs and
// BTF, under providers/testdata/system.
//
//	go run ./providers/internal/mkfixture [-o providers/testdata/system]
//
// It must run as root on a system with tracefs and BTF. It writes
//
//   - tracing/available_events: the events named below, in the running
//     system's order, after a few dynamic events (kprobes, uprobes) written
//     by hand, which the tracepoint provider skips;
//   - tracing/events/syscalls/EVENT/format: the format files of the
//     system call events, copied;
//   - btf/vmlinux: raw BTF holding the btf_trace_EVENT typedefs of the
//     other events, their prototypes and the types those refer to, where
//     a struct or union a pointer refers to is a forward declaration and
//     one passed by value has no members, and enums have no values: the
//     names render as the kernel's do, in a few KiB.
//
// The output depends only on the running kernel: running it again writes
// the same bytes.
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cilium/ebpf/btf"
)

// events are the events of the fixture, GROUP:NAME.
var events = []string{
	"syscalls:sys_enter_read", "syscalls:sys_exit_read",
	"syscalls:sys_enter_write", "syscalls:sys_exit_write",
	"syscalls:sys_enter_openat", "syscalls:sys_exit_openat",
	"syscalls:sys_enter_close", "syscalls:sys_exit_close",
	"syscalls:sys_enter_execve", "syscalls:sys_exit_execve",
	"syscalls:sys_enter_exit_group", "syscalls:sys_exit_exit_group",
	"raw_syscalls:sys_enter", "raw_syscalls:sys_exit",
	"sched:sched_switch", "sched:sched_process_exec", "sched:sched_process_fork",
	"irq:irq_handler_entry", "irq:irq_handler_exit",
	"block:block_rq_issue",
	"skb:kfree_skb",
	"signal:signal_generate",
	"net:netif_receive_skb",
	"tcp:tcp_send_reset",                  // const struct pointers, a const enum
	"cpuhp:cpuhp_enter",                   // a function pointer
	"cpuhp:cpuhp_multi_enter",             // a function pointer with two parameters
	"timer_migration:tmigr_update_events", // a union passed by value
}

// dynamic are the events written by hand before the others: the groups
// of dynamic events the tracepoint provider skips.
var dynamic = []string{
	"kprobes:p_do_sys_openat2_0",
	"kprobes:r_do_sys_openat2_0",
	"uprobes:p_bash_0x4f5a0",
}

func main() {
	out := flag.String("o", "providers/testdata/system", "the directory to write the fixture in")
	tracefs := flag.String("tracefs", "/sys/kernel/tracing", "the tracefs directory to read")
	vmlinux := flag.String("btf", "/sys/kernel/btf/vmlinux", "the kernel BTF to read")
	flag.Parse()
	if err := run(*out, *tracefs, *vmlinux); err != nil {
		fmt.Fprintln(os.Stderr, "mkfixture:", err)
		os.Exit(1)
	}
}

func run(out, tracefs, vmlinux string) error {
	live, err := os.ReadFile(filepath.Join(tracefs, "available_events"))
	if err != nil {
		return err
	}
	want := make(map[string]bool, len(events))
	for _, ev := range events {
		want[ev] = true
	}
	var list bytes.Buffer
	for _, ev := range dynamic {
		fmt.Fprintln(&list, ev)
	}
	var found []string
	for _, line := range strings.Split(string(live), "\n") {
		if want[line] {
			found = append(found, line)
			fmt.Fprintln(&list, line)
		}
	}
	for _, ev := range events {
		if !slices.Contains(found, ev) {
			return fmt.Errorf("find event %s: not in %s/available_events", ev, tracefs)
		}
	}
	if err := write(filepath.Join(out, "tracing", "available_events"), list.Bytes()); err != nil {
		return err
	}

	var tracepoints []string
	for _, ev := range found {
		group, name, _ := strings.Cut(ev, ":")
		if group != "syscalls" {
			tracepoints = append(tracepoints, name)
			continue
		}
		format, err := os.ReadFile(filepath.Join(tracefs, "events", group, name, "format"))
		if err != nil {
			return err
		}
		if err := write(filepath.Join(out, "tracing", "events", group, name, "format"), format); err != nil {
			return err
		}
	}

	blob, err := makeBTF(vmlinux, tracepoints)
	if err != nil {
		return err
	}
	return write(filepath.Join(out, "btf", "vmlinux"), blob)
}

// makeBTF returns raw little-endian BTF with the btf_trace_ typedefs of
// tracepoints, in that order, and what they refer to, trimmed.
func makeBTF(vmlinux string, tracepoints []string) ([]byte, error) {
	spec, err := btf.LoadSpec(vmlinux)
	if err != nil {
		return nil, fmt.Errorf("load BTF %s: %w", vmlinux, err)
	}
	c := &copier{done: make(map[key]btf.Type)}
	var roots []btf.Type
	for _, name := range tracepoints {
		var td *btf.Typedef
		if err := spec.TypeByName("btf_trace_"+name, &td); err != nil {
			return nil, fmt.Errorf("find btf_trace_%s in %s: %w", name, vmlinux, err)
		}
		t, err := c.copy(td, false)
		if err != nil {
			return nil, fmt.Errorf("copy btf_trace_%s: %w", name, err)
		}
		roots = append(roots, t)
	}
	b, err := btf.NewBuilder(roots, nil)
	if err != nil {
		return nil, err
	}
	return b.Marshal(nil, &btf.MarshalOptions{Order: binary.LittleEndian})
}

type key struct {
	t      btf.Type
	viaPtr bool
}

// copier copies types, each once, trimming what rendering their names does
// not need.
type copier struct {
	done map[key]btf.Type
}

// copy returns the trimmed copy of t; viaPtr tells that a pointer refers
// to it (through typedefs and qualifiers).
func (c *copier) copy(t btf.Type, viaPtr bool) (btf.Type, error) {
	switch t.(type) {
	case *btf.Struct, *btf.Union, *btf.Typedef, *btf.Const, *btf.Volatile, *btf.Restrict, *btf.TypeTag:
	default:
		viaPtr = false // the copy is the same either way
	}
	k := key{t, viaPtr}
	if n, ok := c.done[k]; ok {
		return n, nil
	}
	var n btf.Type
	var err error
	// Types that refer to others are recorded before their targets are
	// copied, so that a loop through them ends.
	switch t := t.(type) {
	case *btf.Void:
		n = t
	case *btf.Int:
		v := *t
		n = &v
	case *btf.Float:
		v := *t
		n = &v
	case *btf.Fwd:
		v := *t
		n = &v
	case *btf.Enum:
		n = &btf.Enum{Name: t.Name, Size: t.Size, Signed: t.Signed}
	case *btf.Struct:
		if viaPtr && t.Name != "" {
			n = &btf.Fwd{Name: t.Name, Kind: btf.FwdStruct}
		} else {
			n = &btf.Struct{Name: t.Name, Size: t.Size}
		}
	case *btf.Union:
		if viaPtr && t.Name != "" {
			n = &btf.Fwd{Name: t.Name, Kind: btf.FwdUnion}
		} else {
			n = &btf.Union{Name: t.Name, Size: t.Size}
		}
	case *btf.Typedef:
		v := &btf.Typedef{Name: t.Name}
		c.done[k] = v
		v.Type, err = c.copy(t.Type, viaPtr)
		n = v
	case *btf.Pointer:
		v := &btf.Pointer{}
		c.done[k] = v
		v.Target, err = c.copy(t.Target, true)
		n = v
	case *btf.Const:
		v := &btf.Const{}
		c.done[k] = v
		v.Type, err = c.copy(t.Type, viaPtr)
		n = v
	case *btf.Volatile:
		v := &btf.Volatile{}
		c.done[k] = v
		v.Type, err = c.copy(t.Type, viaPtr)
		n = v
	case *btf.Restrict:
		v := &btf.Restrict{}
		c.done[k] = v
		v.Type, err = c.copy(t.Type, viaPtr)
		n = v
	case *btf.TypeTag:
		v := &btf.TypeTag{Value: t.Value}
		c.done[k] = v
		v.Type, err = c.copy(t.Type, viaPtr)
		n = v
	case *btf.Array:
		v := &btf.Array{Nelems: t.Nelems}
		c.done[k] = v
		if v.Index, err = c.copy(t.Index, false); err == nil {
			v.Type, err = c.copy(t.Type, false)
		}
		n = v
	case *btf.FuncProto:
		v := &btf.FuncProto{Params: make([]btf.FuncParam, len(t.Params))}
		c.done[k] = v
		v.Return, err = c.copy(t.Return, false)
		for i, p := range t.Params {
			if err != nil {
				break
			}
			v.Params[i].Name = p.Name
			v.Params[i].Type, err = c.copy(p.Type, false)
		}
		n = v
	default:
		return nil, fmt.Errorf("copy %v: unexpected type", t)
	}
	if err != nil {
		return nil, err
	}
	c.done[k] = n
	return n, nil
}

// write writes data to path, making its directory.
func write(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
