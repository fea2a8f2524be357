package options

import (
	"errors"
	"testing"
	"time"
)

func TestValidate(t *testing.T) {
	type tc struct {
		name, value string
		given       bool
		want        error
	}
	ok := func(n, v string) tc { return tc{n, v, true, nil} }
	bad := func(n, v string) tc { return tc{n, v, true, ErrBadValue} }
	for _, c := range []tc{
		{"nosuch", "", false, ErrBadName},
		{"Quiet", "", false, ErrBadName},
		{"quiet", "", false, nil},
		ok("quiet", "yes"), ok("quiet", "NO"), ok("quiet", "0"), ok("quiet", ""),
		ok("quiet", "0x10"), ok("quiet", "off"), ok("quiet", "Enabled"),
		bad("quiet", "maybe"), bad("quiet", "-1"), bad("quiet", "1k"),
		bad("quiet", "99999999999999999999"),
		ok("cpu", "3"), ok("nspec", "010"),

		// dtrace-go's outputs.
		ok("pprof", "out.pb.gz"), bad("pprof", ""), {"pprof", "", false, ErrBadValue},
		ok("folded", "/tmp/x"), bad("folded", ""),
		ok("oformat", "json"), ok("oformat", "text"), bad("oformat", "xml"), bad("oformat", "JSON"),
		{"oformat", "", false, ErrBadValue},
		ok("httpserver", "127.0.0.1:9100"), ok("httpserver", ":0"), ok("httpserver", "[::1]:80"),
		ok("httpserver", "0.0.0.0:65535"), ok("httpserver", "localhost:9100"),
		bad("httpserver", "9100"), bad("httpserver", "host:"), bad("httpserver", ":65536"),
		bad("httpserver", "::1:80"), bad("httpserver", "[::1:80"), bad("httpserver", "a b:80"),
		bad("httpserver", ":9x"), {"httpserver", "", false, ErrBadValue},

		// Sizes.
		{"bufsize", "", false, nil},
		ok("bufsize", "4m"), ok("bufsize", "4M"), ok("bufsize", "512k"),
		ok("bufsize", "1g"), ok("bufsize", "2t"), ok("bufsize", "4096"),
		ok("bufsize", "0x1000"), ok("bufsize", "0x1k"), ok("bufsize", "k"),
		bad("bufsize", "4mb"), bad("bufsize", "4 m"), bad("bufsize", "-4m"),
		bad("bufsize", "4x"), bad("bufsize", "1.5m"),
		bad("bufsize", "16777216t"), // overflows int64
		ok("strsize", "4095m"),
		{"strsize", "4g", true, ErrOverflow},
		ok("aggsize", "8m"), ok("dynvarsize", "16m"), ok("specsize", "1k"),
		ok("jstackstrsize", "1k"),

		// Rates.
		ok("switchrate", "10hz"), ok("switchrate", "10Hz"), ok("switchrate", "100"),
		ok("switchrate", "1s"), ok("switchrate", "5sec"), ok("switchrate", "2ms"),
		ok("switchrate", "3us"), ok("switchrate", "7ns"), ok("switchrate", "1m"),
		ok("switchrate", "1min"), ok("switchrate", "1h"), ok("switchrate", "1d"),
		ok("switchrate", "1DAY"), ok("aggrate", "1hour"), ok("cleanrate", "50hz"),
		ok("statusrate", "0hz"),
		bad("switchrate", "10 hz"), bad("switchrate", "10w"), bad("switchrate", "-1s"),
		bad("statusrate", "hz1"),

		// Enumerations.
		ok("bufpolicy", "fill"), ok("bufpolicy", "switch"), ok("bufpolicy", "ring"),
		bad("bufpolicy", "Fill"), bad("bufpolicy", ""),
		{"bufpolicy", "", false, ErrBadValue},
		ok("bufresize", "auto"), ok("bufresize", "manual"), bad("bufresize", "none"),
		ok("linkmode", "kernel"), ok("linkmode", "primary"), ok("linkmode", "dynamic"),
		ok("linkmode", "static"), bad("linkmode", "shared"),
		ok("linktype", "elf"), ok("linktype", "DOF"), bad("linktype", "coff"),
		ok("stdc", "a"), ok("stdc", "c"), ok("stdc", "s"), ok("stdc", "t"), bad("stdc", "x"),
		ok("evaltime", "main"), bad("evaltime", "never"),
		ok("late", "static"), ok("encoding", "utf8"),

		// Flags take no value.
		{"zdefs", "", false, nil},
		{"errtags", "", false, nil},
		bad("errtags", "1"), bad("zdefs", ""),
		{"cpp", "", false, nil}, {"defaultargs", "", false, nil},
		{"knodefs", "", false, nil}, {"udefs", "", false, nil},
		{"cpphdrs", "", false, nil},

		// Values required.
		{"cpppath", "", false, ErrBadValue}, ok("cpppath", "/usr/bin/cpp"),
		{"define", "", false, ErrBadValue}, ok("define", "FOO=1"),
		ok("cppargs", "-P -C"), ok("incdir", "/tmp"), ok("undef", "X"),
		{"libdir", "", false, ErrBadValue},

		// Numbers.
		ok("iregs", "8"), bad("iregs", "0"), bad("iregs", "x"), ok("iregs", "8x"), bad("iregs", "9"),
		{"iregs", "4", true, ErrNoReg}, {"iregs", "3x", true, ErrNoReg},
		bad("strsize", "1"), bad("strsize", "0"), {"strsize", "", false, ErrBadValue}, ok("strsize", "2"),
		ok("tree", "4"), ok("tregs", "1"), ok("pgmax", "0"), bad("pgmax", "-1"),

		// Versions.
		ok("version", "1.0"), ok("version", "1.13"), ok("version", "1.12.1"),
		ok("version", "1"),
		{"version", "1.14", true, ErrVersionUndefined},
		{"version", "2.0", true, ErrVersionUndefined},
		{"version", "1.x", true, ErrVersionInvalid},
		{"version", "1.2.3.4", true, ErrVersionInvalid},
		{"version", "256.0", true, ErrVersionInvalid},
		{"version", "", false, ErrBadValue},

		// Attributes.
		ok("amin", "Stable/Stable/Common"), ok("amin", "evolving"),
		ok("amin", "Stable/Evolving/"), bad("amin", "Stable/Common"),
		bad("amin", "Stable//Common"), bad("amin", "a/b/c/d"),

		{"droptags", "", false, nil}, ok("droptags", "anything"),
		{"bpflog", "", false, nil}, ok("bpflog", "yes"), ok("maxframes", "127"),
		{"unsetenv", "A=B", true, ErrBadValue}, ok("setenv", "A=B"),
	} {
		err := Validate(c.name, c.value, c.given)
		if !errors.Is(err, c.want) || (err == nil) != (c.want == nil) {
			t.Errorf("Validate(%q, %q, %v) = %v, want %v", c.name, c.value, c.given, err, c.want)
		}
	}
}

func TestValidatePragma(t *testing.T) {
	for _, c := range []struct {
		name, value string
		given       bool
		want        error
	}{
		{"quiet", "", false, nil},
		{"bufsize", "4m", true, nil},
		{"define", "X", true, ErrBadContext},
		{"incdir", "/tmp", true, ErrBadContext},
		{"cpphdrs", "", false, ErrBadContext},
		{"cpppath", "/bin/cpp", true, ErrBadContext},
		{"stdc", "x", true, ErrBadContext}, // context before value, as dt_opt_stdc
		{"stdc", "", false, ErrBadValue},   // but presence first
		{"cpphdrs", "1", true, ErrBadValue},
		{"setenv", "", false, ErrBadContext},
		{"errtags", "", false, nil},
	} {
		err := ValidatePragma(c.name, c.value, c.given)
		if !errors.Is(err, c.want) || (err == nil) != (c.want == nil) {
			t.Errorf("ValidatePragma(%q, %q, %v) = %v, want %v", c.name, c.value, c.given, err, c.want)
		}
	}
}

func TestErrorText(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{Validate("nosuch", "", false), "Invalid option name"},
		{Validate("bufsize", "x", true), "Invalid value for specified option"},
		{ValidatePragma("define", "X", true), "Option cannot be used from within a D program"},
		{Validate("version", "9.9", true), "Requested version is not supported by compiler"},
	} {
		if c.err == nil || c.err.Error() != c.want {
			t.Errorf("error %v, want %q", c.err, c.want)
		}
		var oe *Error
		if !errors.As(c.err, &oe) {
			t.Errorf("%v is not an *Error", c.err)
		}
	}
}

func TestSetAccessors(t *testing.T) {
	var s Set
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.Set("bufsize", "4m", true))
	must(s.Set("bufsize", "8k", true))
	must(s.Set("switchrate", "10hz", true))
	must(s.Set("aggrate", "250", true))
	must(s.Set("cleanrate", "2s", true))
	must(s.Set("quiet", "", false))
	must(s.Set("flowindent", "no", true))
	must(s.Set("rawbytes", "0", true))
	must(s.Set("cpu", "3", true))
	must(s.Set("knodefs", "", false))
	must(s.Set("kdefs", "", false))
	must(s.Set("unodefs", "", false))
	must(s.Set("define", "A=1", true))
	if err := s.SetPragma("define", "B", true); !errors.Is(err, ErrBadContext) {
		t.Errorf("#pragma D option define=B: %v", err)
	}
	must(s.Set("define", "B", true))
	must(s.Set("bufpolicy", "ring", true))

	if n, ok := s.Size("bufsize"); !ok || n != 8<<10 {
		t.Errorf("Size(bufsize) = %d, %v", n, ok)
	}
	if _, ok := s.Size("aggsize"); ok {
		t.Error("aggsize reported set")
	}
	if d, ok := s.Rate("switchrate"); !ok || d != 100*time.Millisecond {
		t.Errorf("Rate(switchrate) = %v, %v", d, ok)
	}
	if d, ok := s.Rate("aggrate"); !ok || d != 250 {
		t.Errorf("Rate(aggrate) = %v, %v (a bare rate is nanoseconds)", d, ok)
	}
	if d, _ := s.Rate("cleanrate"); d != 2*time.Second {
		t.Errorf("Rate(cleanrate) = %v", d)
	}
	if !s.Bool("quiet") || s.Bool("flowindent") || !s.Bool("rawbytes") || s.Bool("destructive") {
		t.Errorf("Bool: quiet %v flowindent %v rawbytes %v destructive %v",
			s.Bool("quiet"), s.Bool("flowindent"), s.Bool("rawbytes"), s.Bool("destructive"))
	}
	if s.Bool("knodefs") || !s.Bool("unodefs") || s.Bool("udefs") {
		t.Errorf("inverse flags: knodefs %v unodefs %v", s.Bool("knodefs"), s.Bool("unodefs"))
	}
	if v, ok := s.Int("cpu"); !ok || v != 3 {
		t.Errorf("Int(cpu) = %d, %v", v, ok)
	}
	if got := s.Values("define"); len(got) != 2 || got[0] != "A=1" || got[1] != "B" {
		t.Errorf("Values(define) = %q", got)
	}
	if v, _ := s.String("bufpolicy"); v != "ring" {
		t.Errorf("String(bufpolicy) = %q", v)
	}
	if err := s.Set("bufsize", "huge", true); !errors.Is(err, ErrBadValue) {
		t.Errorf("bad set: %v", err)
	}
	if n, _ := s.Size("bufsize"); n != 8<<10 {
		t.Error("a refused setting was recorded")
	}
	if len(s.Settings()) != 15 {
		t.Errorf("%d settings recorded, want 15", len(s.Settings()))
	}
}

func TestVersionReduce(t *testing.T) {
	var s Set
	if s.Version() != 0x0100d000 {
		t.Fatalf("default version %#x", s.Version())
	}
	if err := s.Set("version", "1.5", true); err != nil {
		t.Fatal(err)
	}
	if s.Version() != VersionNumber(1, 5, 0) || FormatVersion(s.Version()) != "1.5" {
		t.Errorf("version %#x", s.Version())
	}
	if err := s.Set("version", "1.4.1", true); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("version", "1.6", true); !errors.Is(err, ErrVersionReduced) {
		t.Errorf("raising the version: %v", err)
	}
	if FormatVersion(s.Version()) != "1.4.1" {
		t.Errorf("version %s", FormatVersion(s.Version()))
	}
}

func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range All() {
		if seen[s.Name] {
			t.Errorf("option %s listed twice", s.Name)
		}
		seen[s.Name] = true
		if s.Inverse != "" {
			if _, ok := Lookup(s.Inverse); !ok {
				t.Errorf("%s: inverse %s unknown", s.Name, s.Inverse)
			}
		}
	}
	// Every option the brief and dtrace(1M) name must be present.
	for _, n := range []string{"aggrate", "aggsize", "aggsortkey", "aggsortkeypos",
		"aggsortpos", "aggsortrev", "bufpolicy", "bufresize", "bufsize", "cleanrate",
		"cpu", "defaultargs", "destructive", "dynvarsize", "errtags", "flowindent",
		"grabanon", "jstackframes", "jstackstrsize", "nspec", "quiet", "rawbytes",
		"specsize", "stackframes", "stackindent", "statusrate", "strsize",
		"switchrate", "ustackframes", "zdefs", "cpp", "cpppath", "cppargs", "ctypes",
		"dtypes", "debug", "droptags", "evaltime", "iregs", "lazyload", "linkmode",
		"linktype", "knodefs", "ldpath", "nolibs", "pgmax", "pspec", "stdc",
		"syslibdir", "tree", "tregs", "udefs", "unodefs", "verbose", "version",
		"bpflog", "maxframes", "amin", "argref", "core", "cpphdrs", "define",
		"empty", "incdir", "kdefs", "libdir", "undef", "agghist", "aggpack",
		"aggzoom", "temporal", "aggpercpu", "strip", "late"} {
		if !seen[n] {
			t.Errorf("option %s missing", n)
		}
	}
}

func TestParseVersion(t *testing.T) {
	for s, want := range map[string]uint32{
		"1.13": 0x0100d000, "1.2.1": 0x01002001, "1": 0x01000000, "0": 0,
		"1.4095": 0x01fff000, "255.0.4095": 0xff000fff,
	} {
		if v, ok := ParseVersion(s); !ok || v != want {
			t.Errorf("ParseVersion(%q) = %#x, %v; want %#x", s, v, ok, want)
		}
	}
	for _, s := range []string{"1.4096", "256", "1.a", "1.2.3.4", "v1", "1,2", "99999999999999999999"} {
		if _, ok := ParseVersion(s); ok {
			t.Errorf("ParseVersion(%q) accepted", s)
		}
	}
}
