package check_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// providerTypes returns a provider's probes as "name(args) : (xargs)".
func providerTypes(pv *check.Provider) []string {
	list := func(ts []*types.Type) string {
		var s []string
		for _, t := range ts {
			s = append(s, t.String())
		}
		return strings.Join(s, ", ")
	}
	var out []string
	for _, pr := range pv.Probes {
		s := pr.Name + "(" + list(pr.Args) + ")"
		if pr.XArgs != nil {
			s += " : (" + list(pr.XArgs) + ")"
		}
		out = append(out, s)
	}
	return out
}

// A program of a provider's declaration alone is a D program, which
// dtrace -h and -G take (DTrace's parser makes a node of a provider, an
// inline and a translator, none of a declaration): the checker tells its
// providers, native and translated types, each provider once.
func TestProviderPrograms(t *testing.T) {
	c := dscript.New(dscript.Config{Args: []string{"t.d"}, NoLibs: true})
	compile := func(src string) (*dscript.Program, error) {
		return c.Compile(dscript.Source{Kind: dscript.Script, Name: "t.d", Text: []byte(src)})
	}
	p, err := compile(`struct conn { int fd; };
struct conninfo { int ci_fd; };
translator struct conninfo < struct conn *c > { ci_fd = c->fd; };
provider myapp {
	probe query__start(char *, int);
	probe query__done(int);
	probe conn__open(struct conn *c) : (struct conninfo *c);
	probe tick();
	probe none(void);
};
#pragma D attributes Evolving/Evolving/Common provider myapp provider
#pragma D attributes Evolving/Evolving/Common provider myapp args
provider other { probe x(uint64_t, const char *); };
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Info.Providers) != 2 || p.Info.Providers[0].Name != "myapp" || p.Info.Providers[1].Name != "other" {
		t.Fatalf("providers %+v", p.Info.Providers)
	}
	want := []string{"query__start(char *, int)", "query__done(int)", "conn__open(struct conn *) : (struct conninfo *)", "tick()", "none()"}
	if got := providerTypes(p.Info.Providers[0]); !reflect.DeepEqual(got, want) {
		t.Errorf("myapp's probes:\n%q\nwant\n%q", got, want)
	}
	if got := providerTypes(p.Info.Providers[1]); !reflect.DeepEqual(got, []string{"x(uint64_t, const char *)"}) {
		t.Errorf("other's probes: %q", got)
	}
	// Declared again, by another program: the first declaration.
	p2, err := compile("provider myapp { probe tick(); };\nBEGIN { exit(0); }\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(p2.Info.Providers) != 1 || p2.Info.Providers[0] != p.Info.Providers[0] {
		t.Errorf("redeclared: %+v", p2.Info.Providers)
	}
	for _, src := range []string{"inline int answer = 42;\n", "struct in { int a; };\nstruct out { int b; };\ntranslator struct out < struct in *p > { b = p->a; };\n"} {
		if _, err := compile(src); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
	// Declarations alone are still empty, and a pragma naming a
	// provider not declared yet is unused.
	for src, tag := range map[string]diag.Tag{
		"int x;\n": diag.D_EMPTY,
		"#pragma D attributes Evolving/Evolving/Common provider later provider\nprovider later { probe p(); };\n": diag.D_PRAGMA_UNUSED,
	} {
		_, err := compile(src)
		var de *diag.Error
		if !errors.As(err, &de) || de.Tag != tag {
			t.Errorf("%q: %v, want %s", src, err, tag)
		}
	}
}
