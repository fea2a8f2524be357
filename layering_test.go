package dtrace_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/dtrace-go/dtrace"

// pkg is what go list says of a package.
type pkg struct {
	ImportPath string
	Imports    []string // direct, not tests'
	Deps       []string // transitive
}

// listPackages returns the module's packages.
func listPackages(t *testing.T) map[string]*pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps=false", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string]*pkg{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		p := &pkg{}
		if err := dec.Decode(p); err != nil {
			t.Fatal(err)
		}
		pkgs[strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")] = p
	}
	return pkgs
}

// ours returns the module's packages among paths, relative to the module.
func ours(paths []string) []string {
	var out []string
	for _, p := range paths {
		if p == module {
			out = append(out, ".")
		} else if rel, ok := strings.CutPrefix(p, module+"/"); ok {
			out = append(out, rel)
		}
	}
	return out
}

// under reports whether package p is dir or below it.
func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// TestLayering enforces the direction of imports between the module's
// packages (go list; tests' imports aside).
func TestLayering(t *testing.T) {
	pkgs := listPackages(t)
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	for path, p := range pkgs {
		direct := ours(p.Imports)
		deps := ours(p.Deps)
		for _, imp := range direct {
			// Only the front end's parser imports the generated parser.
			if under(imp, "grammar") && path != "dscript/parse" && !under(path, "grammar") {
				t.Errorf("%s imports %s: only dscript/parse may", path, imp)
			}
		}
		for _, dep := range deps {
			switch {
			case path == "dscript/codegen" && (dep == "dscript/output" || under(dep, "providers") || dep == "session"):
				t.Errorf("dscript/codegen depends on %s", dep)
			case path == "dscript/codegen" && (under(dep, "bpf") || dep == "dscript/ktypes"):
				// The code generator emits instructions that do not depend
				// on the kernel, for a contract it reads in abi: loading
				// them (bpf) and the kernel's types (ktypes) are the runner's.
				t.Errorf("dscript/codegen depends on %s: it compiles D to instructions, which the runner loads and relocates", dep)
			case under(path, "bpf") && (under(dep, "dscript") || under(dep, "providers") || dep == "session" || dep == "abi" || dep == "sink"):
				t.Errorf("%s knows D: it depends on %s", path, dep)
			case under(path, "providers") && (under(dep, "dscript") || dep == "session" || dep == "sink"):
				t.Errorf("%s depends on %s", path, dep)
			case path == "abi":
				t.Errorf("abi depends on %s: it is the contract, and imports nothing of the module", dep)
			case under(path, "symtab") && dep != "symtab" && !under(dep, "symtab"):
				t.Errorf("symtab depends on %s", dep)
			}
		}
		if under(path, "cmd/dtrace") {
			for _, imp := range direct {
				if imp != "." && imp != "sink" && !under(imp, "cmd/dtrace") {
					t.Errorf("%s imports %s: the command uses the public API (the module's root package and sink)", path, imp)
				}
			}
		}
	}
}
