package dtrace

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/dtrace-go/dtrace/providers/usdt/sdtgen"
	"github.com/dtrace-go/dtrace/sink"
)

// ProviderDecl is a provider a program declares (provider myapp { probe
// query__start(char *, int); };): the user-space probes an application
// defines, which dtrace -h and -G turn into a C header and an object of
// SystemTap SDT probes.
type ProviderDecl struct {
	Name   string
	Probes []ProbeDecl
}

// ProbeDecl is one probe of a declared provider.
type ProbeDecl struct {
	// Name is the probe's name as declared, with its "__" (DTrace shows
	// each as "-": query__start is query-start).
	Name string
	// Args are the native argument types as D names them, what the
	// application passes; XArgs the translated types D sees (the
	// declaration's ": (...)"), nil when it has none.
	Args, XArgs []string
}

// Providers returns the providers the program declares, in order; a
// provider declared before (here or by an earlier program of the handle)
// is as first declared.
func (p *Program) Providers() []ProviderDecl {
	var out []ProviderDecl
	for _, pv := range p.unit.Program.Info.Providers {
		d := ProviderDecl{Name: pv.Name}
		for _, pr := range pv.Probes {
			pd := ProbeDecl{Name: pr.Name}
			for _, t := range pr.Args {
				pd.Args = append(pd.Args, t.String())
			}
			if pr.XArgs != nil {
				pd.XArgs = []string{}
				for _, t := range pr.XArgs {
					pd.XArgs = append(pd.XArgs, t.String())
				}
			}
			d.Probes = append(d.Probes, pd)
		}
		out = append(out, d)
	}
	return out
}

func genProviders(provs []ProviderDecl) []sdtgen.Provider {
	var out []sdtgen.Provider
	seen := map[string]bool{}
	for _, pv := range provs {
		if seen[pv.Name] {
			continue
		}
		seen[pv.Name] = true
		g := sdtgen.Provider{Name: pv.Name}
		for _, pr := range pv.Probes {
			g.Probes = append(g.Probes, sdtgen.Probe{Name: pr.Name, Args: pr.Args, XArgs: pr.XArgs})
		}
		out = append(out, g)
	}
	return out
}

// WriteHeader writes the C header of probe macros for provs that dtrace
// -h writes, into a file named file (its base name makes the include
// guard; "" writes none). A provider named twice is written once.
//
// For each probe, PROVIDER_PROBE(arg0, ...) fires it (myapp:query__start
// is MYAPP_QUERY_START) and PROVIDER_PROBE_ENABLED() is true while it is
// traced, as in DTrace's headers; the probes are SystemTap SDT probes
// with semaphores, as SystemTap's dtrace makes them on Linux: a site is
// a nop and a .note.stapsdt note, the is-enabled test reads the probe's
// semaphore, provider_probe_semaphore, which the object WriteObject
// writes defines. The header needs nothing else: no sys/sdt.h.
func WriteHeader(w io.Writer, file string, provs []ProviderDecl) error {
	return sdtgen.WriteHeader(w, file, genProviders(provs))
}

// LinkConfig is what WriteObject needs besides the providers.
type LinkConfig struct {
	// Objects are the application's objects compiled with the header
	// (dtrace -G's operands): the object written is of their class and
	// machine (of this machine's without them), and their probe sites of
	// provs' providers must be declared, with as many arguments.
	Objects []string
	// Bits is 32 or 64 (dtrace -32, -64), the objects' class; 0 lets
	// them, or this machine, say.
	Bits int
	// Source names the object's source (the script) in its symbol table.
	Source string
}

// WriteObject writes to path the ELF relocatable object that dtrace -G
// writes for provs, to link with the application: it defines the probes'
// semaphores (unsigned shorts in section .probes, hidden), as the object
// SystemTap's dtrace compiles does. It is written, not compiled: no
// compiler is needed. The errors are libdtrace's (dtrace_program_link's)
// where it has them.
func WriteObject(path string, provs []ProviderDecl, cfg LinkConfig) error {
	gp := genProviders(provs)
	var t sdtgen.Target
	var err error
	if len(cfg.Objects) > 0 {
		var sites []sdtgen.Site
		t, sites, err = sdtgen.ReadObjects(cfg.Objects, cfg.Bits)
		if err != nil {
			return err
		}
		if err := sdtgen.CheckSites(sites, gp); err != nil {
			return err
		}
	} else if t, err = sdtgen.HostTarget(cfg.Bits); err != nil {
		return err
	}
	src := cfg.Source
	if src != "" {
		src = filepath.Base(src)
	}
	var b bytes.Buffer
	if err := sdtgen.WriteObject(&b, t, src, gp); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return fmt.Errorf("failed to open %s: %s", path, sink.Strerror(err))
	}
	_, err = f.Write(b.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("failed to write %s: %s", path, sink.Strerror(err))
	}
	return nil
}
