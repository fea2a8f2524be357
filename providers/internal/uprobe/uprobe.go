// Package uprobe plans the attachments of the providers built on uprobes
// (pid, usdt): it groups a process's probe sites into one program, which
// tells the sites apart by the attachment cookie the kernel hands it and
// fills the arguments as each site says, and attaches all the sites of an
// object with one uprobe_multi link where the kernel has them.
//
// It places no uretprobe: the kernel places one by replacing the word at
// the stack pointer with its trampoline's address, which changes what the
// traced process computes wherever that word is read as anything but the
// address to return to (the pid provider's returns.go says where).
package uprobe

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
	"github.com/dtrace-go/dtrace/providers/internal/uproc"
)

// Fill is how a site fills the probe context's arguments from the traced
// thread's registers.
type Fill interface {
	// Key tells fills apart: the sites of a program whose fills have one
	// key share one copy of their code.
	Key() string
	// Insns returns instructions that store into the probe context (at
	// abi.RegProbeCtx) the arguments use reads, from the struct pt_regs
	// at abi.RegCtx, and fall through at their end. They may use R0-R5
	// and R8, not R7; prefix makes their labels unique.
	Insns(use abi.CtxUse, prefix string) (asm.Instructions, error)
}

// Site is a place where a probe fires.
type Site struct {
	Probe *providers.Probe
	// Object is the object the site is in, whose file it is attached to.
	Object *uproc.Object
	// Offset is the site's offset in the file.
	Offset uint64
	// RefCtr is the file offset of the site's USDT semaphore, 0 for none.
	RefCtr uint64
	// Order orders the sites at one address: they fire by increasing
	// Order (a function's entry, then its offset 0, then its return, when
	// its first instruction is its ret).
	Order int
	Fill  Fill
	// Refused says the kernel is known to refuse a uprobe on the site's
	// instruction: it is not attached, and counts as refused.
	Refused bool
}

// Regs are the offsets of x86-64's registers in struct pt_regs.
var Regs = map[string]int16{
	"r15": 0, "r14": 8, "r13": 16, "r12": 24, "rbp": 32, "rbx": 40, "r11": 48, "r10": 56,
	"r9": 64, "r8": 72, "rax": 80, "rcx": 88, "rdx": 96, "rsi": 104, "rdi": 112,
	"rip": 128, "rsp": 152,
}

// regCookie holds the site's cookie while the fragment dispatches.
const regCookie = asm.R7

// Plan returns the attachment of sites, all in process pid: one program,
// named after name, loaded for uprobe_multi links when the kernel has
// them; none for no sites.
func Plan(name string, pid int, sites []Site) ([]*providers.Attachment, error) {
	if len(sites) == 0 {
		return nil, nil
	}
	a, err := plan(name, pid, sites, bpf.HaveUprobeMulti())
	if err != nil {
		return nil, err
	}
	return []*providers.Attachment{a}, nil
}

// group is the sites of a program sharing one fill, with their cookies
// [lo, hi].
type group struct {
	fill   Fill
	lo, hi uint32
	sites  []Site
}

func plan(name string, pid int, sites []Site, multi bool) (*providers.Attachment, error) {
	// Cookies number the sites by fill, then probe, so that each fill's
	// sites and, within it, each probe's are a range of cookies.
	type keyed struct {
		key  string
		site Site
	}
	ks := make([]keyed, len(sites))
	for i, s := range sites {
		ks[i] = keyed{s.Fill.Key(), s}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		return cmp.Compare(a.site.Probe.ID, b.site.Probe.ID)
	})
	if len(sites) > 1<<31-1 {
		return nil, errors.New("too many uprobe sites")
	}
	sites = make([]Site, len(ks))
	var groups []*group
	for i, k := range ks {
		sites[i] = k.site
		if n := len(groups); n == 0 || ks[groups[n-1].lo].key != k.key {
			groups = append(groups, &group{fill: k.site.Fill, lo: uint32(i)})
		}
		g := groups[len(groups)-1]
		g.hi = uint32(i)
		g.sites = append(g.sites, k.site)
	}
	var probes []*providers.Probe
	seen := map[*providers.Probe]bool{}
	for _, s := range sites {
		if !seen[s.Probe] {
			seen[s.Probe] = true
			probes = append(probes, s.Probe)
		}
	}
	att := &providers.Attachment{
		Name:   name + "_uprobe",
		Type:   ebpf.Kprobe,
		Probes: probes,
		Fragment: func(use abi.CtxUse) (asm.Instructions, error) {
			return fragment(groups, use)
		},
		Stack: providers.StackFrames{Skip: 2, FromHelper: true},
		Attach: func(prog *ebpf.Program) (io.Closer, error) {
			return attach(prog, pid, sites, multi)
		},
		// Uprobe programs run with migration disabled, not preemption
		// (bpf_prog_run_array_uprobe, bpf_uprobe_multi_run_prog).
		Preemptible: true,
	}
	if multi {
		att.AttachType = ebpf.AttachTraceUprobeMulti
	}
	return att, nil
}

// fragment reads the cookie (when the program serves more than one fill
// or probe), jumps to the code of the site's fill, and from there to the
// label of the site's probe.
func fragment(groups []*group, use abi.CtxUse) (asm.Instructions, error) {
	single := len(groups) == 1 && len(probesOf(groups[0].sites)) == 1
	var insns asm.Instructions
	if !single {
		insns = asm.Instructions{
			asm.Mov.Reg(asm.R1, abi.RegCtx),
			asm.FnGetAttachCookie.Call(),
			asm.Mov.Reg(regCookie, asm.R0),
		}
	}
	if len(groups) > 1 {
		cases := make([]tramp.Case, len(groups))
		for i, g := range groups {
			cases[i] = tramp.Case{Lo: g.lo, Hi: g.hi, Target: fillLabel(i)}
		}
		d, err := tramp.Dispatch(regCookie, cases, abi.ExitLabel, "uprobe_f")
		if err != nil {
			return nil, err
		}
		insns = append(insns, d...)
	}
	for i, g := range groups {
		fill, err := g.fill.Insns(use, "uprobe_a"+strconv.Itoa(i))
		if err != nil {
			return nil, err
		}
		fill = append(fill, tramp.ClearErrno(use)...)
		ps := probesOf(g.sites)
		if len(ps) == 1 {
			fill = append(fill, tramp.Fire(ps[0].ID, "")...)
		} else {
			var cases []tramp.Case
			for k, s := range g.sites {
				cases = append(cases, tramp.Case{Lo: g.lo + uint32(k), Hi: g.lo + uint32(k), Target: abi.ProbeLabel(s.Probe.ID)})
			}
			d, err := tramp.Dispatch(regCookie, cases, "", "uprobe_d"+strconv.Itoa(i))
			if err != nil {
				return nil, err
			}
			fill = append(fill, d...)
		}
		if len(groups) > 1 {
			fill = append(asm.Instructions{tramp.Label(fillLabel(i))}, fill...)
		}
		insns = append(insns, fill...)
	}
	return insns, nil
}

func fillLabel(i int) string { return "uprobe_fill_" + strconv.Itoa(i) }

func probesOf(sites []Site) []*providers.Probe {
	var out []*providers.Probe
	for _, s := range sites {
		if len(out) == 0 || out[len(out)-1] != s.Probe {
			out = append(out, s.Probe)
		}
	}
	return out
}

// attachment is a program attached at the sites of several objects.
type attachment struct {
	links   bpf.Links
	refused []*providers.Probe
	// unmapped are the modules the process unloaded before their sites
	// were attached, lost the probes none of whose sites was attached
	// for it.
	pid      int
	unmapped []string
	lost     int
}

func (a *attachment) Close() error { return a.links.Close() }

func (a *attachment) Refused() []*providers.Probe { return a.refused }

// Notice says which probes were not enabled for their objects were
// unloaded meanwhile: "2 probes not enabled: pid 1234 unmapped
// libloop.so".
func (a *attachment) Notice() string {
	if len(a.unmapped) == 0 {
		return ""
	}
	s := "s"
	if a.lost == 1 {
		s = ""
	}
	return fmt.Sprintf("%d probe%s not enabled: pid %d unmapped %s", a.lost, s, a.pid, strings.Join(a.unmapped, ", "))
}

// attach attaches prog at sites, the cookie of each its index, with one
// set of uprobes (one link, with multi) per object. The process may
// unload an object, or exit, meanwhile (a process grabbed with -p runs on):
// an object it maps no more is passed over (Notice says so), and once it
// has exited nothing more is attached and no error returned: the run ends
// as it notices the exit.
func attach(prog *ebpf.Program, pid int, sites []Site, multi bool) (io.Closer, error) {
	var objs []*uproc.Object
	byObj := map[*uproc.Object][]bpf.UprobeSite{}
	refused := map[uint64]bool{}
	for i, s := range sites {
		if s.Refused {
			refused[uint64(i)] = true
			continue
		}
		if byObj[s.Object] == nil {
			objs = append(objs, s.Object)
		}
		byObj[s.Object] = append(byObj[s.Object], bpf.UprobeSite{Offset: s.Offset, Cookie: uint64(i), RefCtrOffset: s.RefCtr})
	}
	// The kernel runs the programs of one address last attached first:
	// the sites of an address are attached by decreasing Order.
	for _, o := range objs {
		ss := byObj[o]
		slices.SortStableFunc(ss, func(a, b bpf.UprobeSite) int {
			if c := cmp.Compare(a.Offset, b.Offset); c != 0 {
				return c
			}
			return cmp.Compare(sites[b.Cookie].Order, sites[a.Cookie].Order)
		})
	}
	a := &attachment{pid: pid}
	skipped := map[*uproc.Object]bool{}
	for _, o := range objs {
		u, err := attachObject(prog, pid, o, byObj[o], multi)
		switch {
		case errors.Is(err, uproc.ErrNoProcess):
			return a, nil
		case errors.Is(err, uproc.ErrUnmapped):
			skipped[o] = true
			a.unmapped = append(a.unmapped, o.Module)
			continue
		case err != nil:
			a.Close()
			return nil, err
		}
		a.links.Add(u)
		for _, s := range u.Refused {
			refused[s.Cookie] = true
		}
	}
	// A probe could not be enabled when none of its sites was attached.
	attached := map[*providers.Probe]bool{}
	for i, s := range sites {
		if !refused[uint64(i)] && !skipped[s.Object] {
			attached[s.Probe] = true
		}
	}
	seen := map[*providers.Probe]bool{}
	for i, s := range sites {
		if attached[s.Probe] || seen[s.Probe] {
			continue
		}
		switch {
		case skipped[s.Object]:
			seen[s.Probe] = true
			a.lost++
		case refused[uint64(i)]:
			seen[s.Probe] = true
			a.refused = append(a.refused, s.Probe)
		}
	}
	return a, nil
}

// attachObject attaches prog at sites of object o, for process pid (0:
// every process mapping the object, now or later). The object's file is
// reached through the file the Cache holds open, whatever became of the
// process it was read from; else through a path that reaches it now
// (Object.Reach), again through another when the one tried vanished
// meanwhile (the library was unloaded, maybe loaded again). The error is
// uproc.ErrNoProcess once the process has exited, uproc.ErrUnmapped once
// it maps the object no more.
func attachObject(prog *ebpf.Program, pid int, o *uproc.Object, sites []bpf.UprobeSite, multi bool) (*bpf.UprobeAttachment, error) {
	var aerr error
	for range 8 {
		path, err := o.AttachPath()
		if err != nil {
			return nil, err
		}
		var u *bpf.UprobeAttachment
		if u, aerr = bpf.AttachUprobes(prog, bpf.Uprobes{Path: path, PID: pid, Multi: multi, Sites: sites}); aerr == nil {
			return u, nil
		}
		if pid != 0 && (errors.Is(aerr, syscall.ESRCH) || !uproc.Alive(pid)) {
			// The process exited (or exec'd into an image whose
			// exit came first) meanwhile.
			return nil, uproc.ErrNoProcess
		}
		if strings.HasPrefix(path, "/proc/self/fd/") {
			return nil, aerr // the file itself: the error is not a race's
		}
		// Was the object unloaded, or did the process exit, meanwhile?
		if _, err := o.Reach(); err != nil {
			return nil, err
		}
		if _, err := os.Stat(path); err == nil {
			return nil, aerr // it is there: the error is not the race's
		}
	}
	return nil, aerr // unloaded and loaded again at every try
}

// RegArgs fills the arguments from registers, as at a function's entry:
// argument i from Regs[i], those past them from the stack (when Stack is
// set: the words above the return address, as the C calling convention
// passes them) or 0.
type RegArgs struct {
	Regs  []string
	Stack bool
}

// CArgs are the x86-64 C calling convention's argument registers; GoArgs
// Go's internal register-based ABI's integer argument registers.
var (
	CArgs  = []string{"rdi", "rsi", "rdx", "rcx", "r8", "r9"}
	GoArgs = []string{"rax", "rbx", "rcx", "rdi", "rsi", "r8", "r9", "r10", "r11"}
)

// Key implements Fill.
func (f RegArgs) Key() string {
	return "regs " + strings.Join(f.Regs, ",") + " " + strconv.FormatBool(f.Stack)
}

// Insns implements Fill.
func (f RegArgs) Insns(use abi.CtxUse, prefix string) (asm.Instructions, error) {
	var insns asm.Instructions
	n := min(len(f.Regs), use.Slots())
	for i := range n {
		if !use.Arg(i) {
			continue
		}
		off, ok := Regs[f.Regs[i]]
		if !ok {
			return nil, fmt.Errorf("unknown register %s", f.Regs[i])
		}
		insns = append(insns,
			asm.LoadMem(asm.R0, abi.RegCtx, off, asm.DWord),
			asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(i), asm.R0, asm.DWord))
	}
	if !f.Stack || !use.AnyArg(n, use.Slots()-1) {
		return append(insns, tramp.ClearArgs(n, use)...), nil
	}
	lo, hi := -1, -1
	for i := n; i < use.Slots(); i++ {
		if use.Arg(i) {
			if lo < 0 {
				lo = i
			}
			hi = i
		}
	}
	// One read of the words they occupy above the return address; a
	// failed read leaves zeros.
	return append(insns,
		asm.Mov.Reg(asm.R1, abi.RegProbeCtx),
		asm.Add.Imm(asm.R1, int32(abi.CtxArg(lo))),
		asm.Mov.Imm(asm.R2, int32(8*(hi-lo+1))),
		asm.LoadMem(asm.R3, abi.RegCtx, Regs["rsp"], asm.DWord),
		asm.Add.Imm(asm.R3, int32(8+8*(lo-n))),
		asm.FnProbeReadUser.Call(),
	), nil
}

// ReturnArgs fills the arguments of a return probe: arg0 the offset of
// the returning instruction in its function (0 where it is not known),
// arg1 the return value (the register Reg), the others 0.
type ReturnArgs struct {
	Offset int32
	Reg    string
}

// Key implements Fill.
func (f ReturnArgs) Key() string { return "return " + strconv.Itoa(int(f.Offset)) + " " + f.Reg }

// Insns implements Fill.
func (f ReturnArgs) Insns(use abi.CtxUse, prefix string) (asm.Instructions, error) {
	var insns asm.Instructions
	if use.Arg(0) {
		insns = append(insns, bpf.StoreImm64(abi.RegProbeCtx, abi.CtxArg(0), f.Offset))
	}
	if use.Arg(1) {
		off, ok := Regs[f.Reg]
		if !ok {
			return nil, fmt.Errorf("unknown register %s", f.Reg)
		}
		insns = append(insns,
			asm.LoadMem(asm.R0, abi.RegCtx, off, asm.DWord),
			asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(1), asm.R0, asm.DWord))
	}
	return append(insns, tramp.ClearArgs(2, use)...), nil
}
