package dtrace_test

import (
	"encoding/json"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// TestAPILeaks checks that the API packages' exported declarations
// (functions, methods, types, their exported fields, variables and
// constants) name no type of a package that is not API.
func TestAPILeaks(t *testing.T) {
	out, err := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Export", "./...").Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct{ ImportPath, Export string }
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		exports[p.ImportPath] = p.Export
	}
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		return os.Open(exports[path])
	})
	found := map[string][]string{}
	for path := range exports {
		rel := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
		if path == module {
			rel = "."
		}
		if !strings.HasPrefix(path, module) || !isAPI(rel) {
			continue
		}
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatalf("import %s: %v", path, err)
		}
		seen := map[types.Type]bool{}
		var walk func(where string, typ types.Type)
		walk = func(where string, typ types.Type) {
			if seen[typ] {
				return
			}
			seen[typ] = true
			switch x := typ.(type) {
			case *types.Alias:
				walk(where, types.Unalias(x))
			case *types.Named:
				if p := x.Obj().Pkg(); p != nil && strings.HasPrefix(p.Path(), module) {
					r := strings.TrimPrefix(strings.TrimPrefix(p.Path(), module), "/")
					if p.Path() == module {
						r = "."
					}
					if !isAPI(r) {
						found[rel] = append(found[rel], where+": "+x.String())
						return
					}
				}
				if x.Obj().Pkg() == nil || !strings.HasPrefix(x.Obj().Pkg().Path(), module) {
					return
				}
				walk(where, x.Underlying())
				for i := 0; i < x.NumMethods(); i++ {
					if m := x.Method(i); m.Exported() {
						walk(where+"."+m.Name(), m.Type())
					}
				}
			case *types.Pointer:
				walk(where, x.Elem())
			case *types.Slice:
				walk(where, x.Elem())
			case *types.Array:
				walk(where, x.Elem())
			case *types.Map:
				walk(where, x.Key())
				walk(where, x.Elem())
			case *types.Chan:
				walk(where, x.Elem())
			case *types.Signature:
				for i := 0; i < x.Params().Len(); i++ {
					walk(where, x.Params().At(i).Type())
				}
				for i := 0; i < x.Results().Len(); i++ {
					walk(where, x.Results().At(i).Type())
				}
			case *types.Struct:
				for i := 0; i < x.NumFields(); i++ {
					if f := x.Field(i); f.Exported() {
						walk(where+"."+f.Name(), f.Type())
					}
				}
			case *types.Interface:
				for i := 0; i < x.NumMethods(); i++ {
					walk(where+"."+x.Method(i).Name(), x.Method(i).Type())
				}
			}
		}
		for _, name := range pkg.Scope().Names() {
			obj := pkg.Scope().Lookup(name)
			if !obj.Exported() {
				continue
			}
			walk(name, obj.Type())
		}
	}
	var pkgs []string
	for p := range found {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		for _, f := range found[p] {
			t.Errorf("%s: %s", p, f)
		}
	}
}
