package examples

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// The embedding example builds and runs (as root): it counts its own
// system calls among the others'.
func TestEmbed(t *testing.T) {
	bin := buildAsRoot(t, "./embed")
	out, err := exec.Command(bin, "-for", "300ms", "-top", "1000").Output()
	if err != nil {
		t.Fatalf("embed: %v", err)
	}
	found := false
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(l)
		if len(f) != 2 {
			t.Fatalf("line %q: want a name and a count", l)
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n <= 0 {
			t.Fatalf("line %q: bad count", l)
		}
		found = found || f[0] == "embed"
	}
	if !found {
		t.Errorf("the example did not count its own calls:\n%s", out)
	}
}
