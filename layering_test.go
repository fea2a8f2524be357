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
			case path == "dscript/codegen" && (under(dep, "providers") || dep == "session"):
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
		for _, imp := range direct {
			switch {
			case under(path, "sink") && under(imp, "dscript") && imp != "dscript/printf":
				// A record's last hop does not climb back into the
				// compiler: only printf's formats are shared.
				t.Errorf("%s imports %s: nothing under sink/ depends on dscript but dscript/printf", path, imp)
			case under(path, "dscript") && under(imp, "sink"):
				t.Errorf("%s imports %s: the compiler does not know the sinks", path, imp)
			case under(path, "sink") && imp == "dscript/options":
				t.Errorf("%s imports %s: option mapping is the root's", path, imp)
			}
		}
		if under(path, "cmd/dtrace") || under(path, "examples") {
			for _, imp := range direct {
				if !isAPI(imp) && !under(imp, "cmd/dtrace") {
					t.Errorf("%s imports %s: the command and the examples use the public API (%s)", path, imp, strings.Join(apiPackages, ", "))
				}
			}
		}
	}
}

// apiPackages are the module's API: the packages a program using
// dtrace-go imports (the layout table of docs/design.md), whose exported names name
// no type of another package of the module (TestAPILeaks). The others
// are its implementation, kept where the project's layout puts them:
// their package documentation says they are not API.
var apiPackages = []string{".", "sink/...", "probe", "abi", "symtab", "dscript/printf"}

// isAPI reports whether the package at path is one of apiPackages.
func isAPI(path string) bool {
	for _, a := range apiPackages {
		if dir, ok := strings.CutSuffix(a, "/..."); ok && under(path, dir) || path == a {
			return true
		}
	}
	return false
}

// TestCommandLinks keeps out of the dtrace command what costs its
// start-up more than it serves: Prometheus' client library (client_golang),
// whose package initialization (a default registry with Go and process
// collectors, procfs, runtime/metrics) cost ~0.9 ms of every run;
// -x httpserver writes the exposition with prometheus/common/expfmt
// (sink/metrics), and sink/metrics/promcollector, which uses it, is for
// other programs.
func TestCommandLinks(t *testing.T) {
	p := listPackages(t)["cmd/dtrace"]
	if p == nil {
		t.Fatal("go list: no cmd/dtrace")
	}
	for _, dep := range p.Deps {
		if under(dep, "github.com/prometheus/client_golang") {
			t.Errorf("cmd/dtrace links %s", dep)
		}
	}
}
