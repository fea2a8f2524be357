package bpf

import (
	"errors"
	"fmt"
	"sync"
	"syscall"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/features"
	"github.com/cilium/ebpf/link"
)

// UprobeSite is one place a uprobe program is attached at.
type UprobeSite struct {
	// Offset is the site's offset in the object's file: where the
	// instruction the probe replaces lies. It must not be 0 (the ELF
	// header).
	Offset uint64
	// Cookie is what bpf_get_attach_cookie returns to the program when
	// the site fires.
	Cookie uint64
	// RefCtrOffset is the file offset of a 16-bit reference counter (a
	// USDT semaphore) that the kernel increments in the traced processes
	// while the site is attached, and decrements after; 0 for none.
	RefCtrOffset uint64
}

// Uprobes says where a uprobe program (of type ebpf.Kprobe: its context
// is the traced thread's registers) is attached.
type Uprobes struct {
	// Path is the object's file: its path, or a link to it such as
	// /proc/PID/map_files/START-END. Uprobes are placed on the file, in
	// every process that maps it, as PID filters.
	Path string
	// PID makes the program fire in that process (any of its threads)
	// only; 0 in every process.
	PID int
	// Return attaches uretprobes: the program fires as the function
	// entered at each site returns.
	Return bool
	// Multi says that the program was loaded for uprobe_multi links
	// (ebpf.AttachTraceUprobeMulti): all the sites are attached with one
	// link. Otherwise each site is a perf-event uprobe of its own, which
	// the kernel takes about 100 ms to detach.
	Multi bool
	Sites []UprobeSite
}

// UprobeAttachment is a program attached at the sites of a Uprobes that
// the kernel accepted. Close detaches it; the kernel detaches it when the
// process dies.
type UprobeAttachment struct {
	links Links
	// Refused lists the sites whose instruction the kernel cannot place
	// a uprobe on (ENOTSUPP: a lock prefix, hlt, int3...; ENOEXEC: one it
	// cannot decode): the program is attached at the others.
	Refused []UprobeSite
}

// Close detaches the program from every site.
func (a *UprobeAttachment) Close() error { return a.links.Close() }

// errNotSupp is the kernel's ENOTSUPP, which it returns for an instruction
// it cannot probe (not unix.ENOTSUP).
const errNotSupp = syscall.Errno(524)

// refusedInsn reports whether err is the kernel's refusal of a site's
// instruction: ENOTSUPP for one it cannot single-step, ENOEXEC for one its
// decoder does not know (AMD's FMA4, on an Intel CPU's kernel alike).
func refusedInsn(err error) bool {
	return errors.Is(err, errNotSupp) || errors.Is(err, syscall.ENOEXEC)
}

var haveMulti = sync.OnceValue(func() bool { return features.HaveBPFLinkUprobeMulti() == nil })

// HaveUprobeMulti reports whether the kernel has uprobe_multi links,
// testing it once per process.
func HaveUprobeMulti() bool { return haveMulti() }

// AttachUprobes attaches prog at every site of u. Sites the kernel refuses
// for their instruction are listed in the attachment's Refused rather than
// failing the whole; any other failure detaches everything and is an
// error. With u.Multi, one refused site makes the kernel refuse a whole
// link: the sites are then split in halves, and the halves attached again,
// until the refused ones are found. Callers should leave out what they
// know the kernel refuses.
func AttachUprobes(prog *ebpf.Program, u Uprobes) (*UprobeAttachment, error) {
	a, err := attachUprobes(prog, u)
	if err != nil {
		kind := "uprobes"
		if u.Return {
			kind = "uretprobes"
		}
		return nil, fmt.Errorf("attach %s to %s: %w", kind, u.Path, err)
	}
	return a, nil
}

func attachUprobes(prog *ebpf.Program, u Uprobes) (*UprobeAttachment, error) {
	if len(u.Sites) == 0 {
		return &UprobeAttachment{}, nil
	}
	for _, s := range u.Sites {
		if s.Offset == 0 {
			return nil, errors.New("a site at offset 0")
		}
	}
	ex, err := link.OpenExecutable(u.Path)
	if err != nil {
		return nil, err
	}
	a := &UprobeAttachment{}
	if u.Multi {
		err = a.attachMulti(ex, prog, u, u.Sites)
	} else {
		err = a.attachEach(ex, prog, u)
	}
	if err != nil {
		a.Close()
		return nil, err
	}
	return a, nil
}

// attachMulti attaches sites with one uprobe_multi link, or, when the
// kernel refuses a site's instruction, each half of them.
func (a *UprobeAttachment) attachMulti(ex *link.Executable, prog *ebpf.Program, u Uprobes, sites []UprobeSite) error {
	opts := &link.UprobeMultiOptions{PID: uint32(u.PID)}
	refs := false
	for _, s := range sites {
		opts.Addresses = append(opts.Addresses, s.Offset)
		opts.Cookies = append(opts.Cookies, s.Cookie)
		refs = refs || s.RefCtrOffset != 0
	}
	if refs {
		for _, s := range sites {
			opts.RefCtrOffsets = append(opts.RefCtrOffsets, s.RefCtrOffset)
		}
	}
	var l link.Link
	var err error
	if u.Return {
		l, err = ex.UretprobeMulti(nil, prog, opts)
	} else {
		l, err = ex.UprobeMulti(nil, prog, opts)
	}
	switch {
	case err == nil:
		a.links.Add(l)
		return nil
	case !refusedInsn(err):
		return err
	case len(sites) == 1:
		a.Refused = append(a.Refused, sites[0])
		return nil
	}
	half := len(sites) / 2
	if err := a.attachMulti(ex, prog, u, sites[:half]); err != nil {
		return err
	}
	return a.attachMulti(ex, prog, u, sites[half:])
}

// attachEach attaches a perf-event uprobe per site.
func (a *UprobeAttachment) attachEach(ex *link.Executable, prog *ebpf.Program, u Uprobes) error {
	for _, s := range u.Sites {
		opts := &link.UprobeOptions{Address: s.Offset, PID: u.PID, Cookie: s.Cookie, RefCtrOffset: s.RefCtrOffset}
		var l link.Link
		var err error
		if u.Return {
			l, err = ex.Uretprobe("", prog, opts)
		} else {
			l, err = ex.Uprobe("", prog, opts)
		}
		switch {
		case err == nil:
			a.links.Add(l)
		case refusedInsn(err):
			a.Refused = append(a.Refused, s)
		default:
			return fmt.Errorf("offset %#x: %w", s.Offset, err)
		}
	}
	return nil
}
