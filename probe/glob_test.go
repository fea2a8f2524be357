package probe

import "testing"

func TestGlob(t *testing.T) {
	for _, c := range []struct {
		pattern, s string
		want       bool
	}{
		{"", "anything", true},
		{"", "", true},
		{"entry", "entry", true},
		{"entry", "entr", false},
		{"*", "", true},
		{"*", "a/b.c", true},
		{"sys_*", "sys_enter", true},
		{"*_enter", "sys_enter", true},
		{"*enter*", "sys_enter_openat", true},
		{"*e*e*", "sys_enter", true},
		{"*e*e*x", "sys_enter", false},
		{"?", "a", true},
		{"?", "", false},
		{"??", "a", false},
		{"tick-?s", "tick-1s", true},
		{"[abc]d", "bd", true},
		{"[abc]d", "dd", false},
		{"[a-c]", "b", true},
		{"[a-c]", "-", false},
		{"[!a-c]", "d", true},
		{"[!a-c]", "a", false},
		{"[^a-c]", "d", true},
		{"[]]", "]", true},
		{"[!]]", "]", false},
		{"[a-]", "-", true},
		{"[[:digit:]]*", "9lives", true},
		{"[[:digit:]]*", "lives", false},
		{"[[:alpha:][:digit:]]", "_", false},
		{"[[:upper:]]EGIN", "BEGIN", true},
		{"[[:bogus:]]", "b", false},
		{`\*`, "*", true},
		{`\*`, "a", false},
		{`a\?`, "a?", true},
		{`[\]]`, "]", true},
		{`[a\-z]`, "-", true},
		{`[a\-z]`, "b", false},
		{`abc\`, `abc\`, false},
		{"[abc", "[abc", true},
		{"[abc", "a", false},
		{"read*", "readv", true},
		{"read*", "pread64", false},
		{"*read*", "pread64", true},
		{"vfs_*", "vfs_read", true},
		{"vfs_*", "vfs_", true},
		{"vfs_*", "vfs", false},
		{"vfs_*", "do_vfs_read", false},
		{`vfs\*`, "vfs*", true},
		{`vfs\*`, "vfs_read", false},
		{"vfs**", "vfs_read", true},
	} {
		if got := Glob(c.pattern, c.s); got != c.want {
			t.Errorf("Glob(%q, %q) = %v, want %v", c.pattern, c.s, got, c.want)
		}
		if got := Matcher(c.pattern)(c.s); got != c.want {
			t.Errorf("Matcher(%q)(%q) = %v, want %v", c.pattern, c.s, got, c.want)
		}
	}
}

func BenchmarkGlob(b *testing.B) {
	for b.Loop() {
		Glob("*sys_*_open*", "sys_enter_openat")
	}
}
