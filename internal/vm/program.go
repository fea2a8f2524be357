package vm

import (
	"debug/elf"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sync"
)

// Program is a program to run in guests as go test runs a test binary: in
// its package's directory, whose files go with it.
type Program struct {
	Path string // the program on the host
	Args []string
	// Dir is the host directory the program runs in: its files are packed
	// under PkgDir, where the program starts.
	Dir string
	// Only, when not empty, packs only these paths of Dir (directories
	// with everything in them).
	Only []string
	Env  []string
	// Dtrace, when not empty, is a dtrace binary (see Dtrace) packed as
	// /bin/dtrace and named by $DTRACE_TEST_BINARY.
	Dtrace string
}

// Where a Program's pieces are in the guest.
const (
	PkgDir   = "/vm/pkg"
	ProgPath = "/vm/bin/prog"
)

// maxPacked bounds the files of a package directory that are packed: a
// stray core dump or build output stays on the host.
const maxPacked = 64 << 20

// Guest returns the guest that runs p on kernel k, with busybox (for
// /bin/sh and the tools a test's triggers call), which must be a static
// build (Debian's busybox-static).
func (p Program) Guest(k Kernel) (*Guest, error) {
	g := &Guest{Kernel: k, Files: map[string]File{}, Args: append([]string{ProgPath}, p.Args...), Dir: PkgDir, Env: p.Env}
	g.Files[ProgPath] = File{Host: p.Path, Mode: 0o755}
	bb, err := Busybox()
	if err != nil {
		return nil, err
	}
	g.Files["/bin/busybox"] = File{Host: bb, Mode: 0o755}
	if p.Dtrace != "" {
		g.Files["/bin/dtrace"] = File{Host: p.Dtrace, Mode: 0o755}
		g.Env = append(g.Env, "DTRACE_TEST_BINARY=/bin/dtrace")
	}
	if p.Dir != "" {
		roots := p.Only
		if len(roots) == 0 {
			roots = []string{"."}
		}
		for _, r := range roots {
			err := filepath.WalkDir(filepath.Join(p.Dir, r), func(hp string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if !d.Type().IsRegular() {
					return nil
				}
				if info, err := d.Info(); err != nil || info.Size() > maxPacked {
					return err
				}
				rel, err := filepath.Rel(p.Dir, hp)
				if err != nil {
					return err
				}
				g.Files[path.Join(PkgDir, filepath.ToSlash(rel))] = File{Host: hp}
				return nil
			})
			if err != nil {
				return nil, fmt.Errorf("pack %s: %w", p.Dir, err)
			}
		}
	}
	return g, nil
}

// Busybox returns the path of a static busybox, or why there is none.
func Busybox() (string, error) {
	p, err := exec.LookPath("busybox")
	if err != nil {
		return "", errors.New("busybox not found (Debian package busybox-static)")
	}
	f, err := elf.Open(p)
	if err != nil {
		return "", fmt.Errorf("busybox: %w", err)
	}
	defer f.Close()
	for _, prog := range f.Progs {
		if prog.Type == elf.PT_INTERP {
			return "", fmt.Errorf("%s is linked dynamically: the guest needs busybox-static", p)
		}
	}
	return p, nil
}

var dtraceOnce struct {
	sync.Mutex
	path string
}

// Dtrace returns a dtrace binary built without cgo from the module's
// ./cmd/dtrace, once per process.
func Dtrace() (string, error) {
	dtraceOnce.Lock()
	defer dtraceOnce.Unlock()
	if dtraceOnce.path != "" {
		return dtraceOnce.path, nil
	}
	dir, err := os.MkdirTemp("", "dtrace-vm-bin")
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, "dtrace")
	if err := BuildStatic("github.com/dtrace-go/dtrace/cmd/dtrace", p); err != nil {
		return "", err
	}
	dtraceOnce.path = p
	return p, nil
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
