package providers

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers/internal/tracefs"
)

// System says where providers read the kernel's description of itself,
// and holds what they have read of it. The zero System is the running
// system's.
//
// What is read is kept by the System, not by the process: Shared gives a
// System a cache, and the providers made from it (or from copies of it)
// read tracefs's list of events, the kernel's BTF and each module's BTF
// once between them. Two Systems made by two calls of Shared share
// nothing, so that a registry of a fixture and one of the live system
// never see each other's files. A System without a cache reads each time
// it is asked; the providers' constructors call Shared, and
// builtin.Providers calls it once for all of a registry's providers.
type System struct {
	// Tracefs is the directory tracefs is mounted on; "" finds it.
	Tracefs string
	// PMUs is the directory of the kernel's PMUs (each with its type,
	// formats and named events); "" is /sys/bus/event_source/devices,
	// the running system's, whose events the cpc provider opens to see
	// which it has. Another directory (a fixture) describes another
	// system, whose events are taken as it lists them (see cpc.New).
	PMUs string
	// BTF is the kernel's BTF; "" is /sys/kernel/btf/vmlinux. The BTF of
	// a kernel module is the file of the module's name beside it.
	BTF string

	cache *systemCache
}

// systemCache is what has been read of a System.
type systemCache struct {
	tracefsOnce sync.Once
	tracefs     *tracefs.Catalog
	tracefsErr  error

	btfOnce sync.Once
	btf     *kbtf.Spec
	btfErr  error

	mu      sync.Mutex
	modules map[string]*moduleBTF
}

// moduleBTF is a module's BTF, read once.
type moduleBTF struct {
	once sync.Once
	spec *kbtf.Spec
	err  error
}

// VmlinuxBTF is where the kernel publishes its BTF.
const VmlinuxBTF = "/sys/kernel/btf/vmlinux"

// BTFPath returns the BTF file s names.
func (s System) BTFPath() string {
	if s.BTF == "" {
		return VmlinuxBTF
	}
	return s.BTF
}

// Shared returns s with a cache of what is read from it, shared by every
// copy of the result; s itself when it has one.
func (s System) Shared() System {
	if s.cache == nil {
		s.cache = &systemCache{}
	}
	return s
}

// Events returns the catalog of tracefs's events (see tracefs.Open),
// read once per cache.
func (s System) Events() (*tracefs.Catalog, error) {
	c := s.cache
	if c == nil {
		return tracefs.Open(s.Tracefs)
	}
	c.tracefsOnce.Do(func() { c.tracefs, c.tracefsErr = tracefs.Open(s.Tracefs) })
	return c.tracefs, c.tracefsErr
}

// KernelBTF returns the kernel's BTF (BTFPath), read once per cache. A
// file that cannot be opened gives os.Open's error ("open PATH: ...").
func (s System) KernelBTF() (*kbtf.Spec, error) {
	c := s.cache
	if c == nil {
		return kbtf.Open(s.BTFPath())
	}
	c.btfOnce.Do(func() { c.btf, c.btfErr = kbtf.Open(s.BTFPath()) })
	return c.btf, c.btfErr
}

// ErrNoModule is returned (wrapped) for a name that cannot be a kernel
// module's.
var ErrNoModule = errors.New("not a kernel module name")

// ModuleBTF returns the BTF of kernel module name: split BTF, the file
// called name beside the kernel's (/sys/kernel/btf/MODULE), whose types
// continue the kernel's. Each module's is read once per cache. A module
// without BTF (not loaded, or built without it) gives an error that
// errors.Is fs.ErrNotExist.
func (s System) ModuleBTF(name string) (*kbtf.Spec, error) {
	if name == "" || name == "vmlinux" || name == "." || name == ".." || strings.ContainsRune(name, '/') {
		return nil, fmt.Errorf("read module BTF %q: %w", name, ErrNoModule)
	}
	read := func() (*kbtf.Spec, error) {
		base, err := s.KernelBTF()
		if err != nil {
			return nil, err
		}
		return kbtf.OpenSplit(filepath.Join(filepath.Dir(s.BTFPath()), name), base)
	}
	c := s.cache
	if c == nil {
		return read()
	}
	c.mu.Lock()
	if c.modules == nil {
		c.modules = make(map[string]*moduleBTF)
	}
	m := c.modules[name]
	if m == nil {
		m = new(moduleBTF)
		c.modules[name] = m
	}
	c.mu.Unlock()
	m.once.Do(func() { m.spec, m.err = read() })
	return m.spec, m.err
}
