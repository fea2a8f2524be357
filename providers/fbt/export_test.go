package fbt

import (
	"io"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/providers"
)

// AttachKprobes attaches prog to the probes' functions with kprobe_multi
// ("kprobe-multi") or kprobes, the probes' ids as cookies.
func AttachKprobes(prog *ebpf.Program, probes []*providers.Probe, m string) (io.Closer, error) {
	md := modeKprobe
	if m == "kprobe-multi" {
		md = modeMulti
	}
	return attachKprobes("fbt", prog, probes, false, md, true)
}

// CheckInjectable checks the probes' functions against the error
// injection list at list.
var CheckInjectable = checkInjectable
