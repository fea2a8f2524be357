package pid

import (
	"bufio"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/symtab"
)

// TestReturnSites finds where functions return: their rets, their jmps to
// the start of another function (tail calls), and their jumps through a
// pointer in memory; not their jumps to elsewhere outside them (a part
// placed apart, foo.cold), their conditional jumps out of them or their
// jumps through a register; and no site where the decoding is in doubt.
func TestReturnSites(t *testing.T) {
	// Offsets -0x100 and 0x40 start functions; 0x80 and -0x80 are outside
	// the functions tested, and start none (a cold part).
	tail := func(target int64) bool { return target == -0x100 || target == 0x40 }
	for _, tc := range []struct {
		name string
		code []byte
		want []int
		why  string
	}{
		{"rets", []byte{0x85, 0xff, 0x74, 0x01, 0xc3, 0xf3, 0xc3}, []int{4, 5}, ""},
		{"tail calls", []byte{
			0x85, 0xff, // test %edi,%edi
			0x74, 0x05, // je 9
			0xe9, 0x37, 0, 0, 0, // jmp 0x40: a function
			0xeb, 0x75, // jmp 0x80: outside, no function
			0xff, 0x25, 0, 0, 0, 0, // jmp *0(%rip): through a pointer
			0xff, 0xe0, // jmp *%rax
			0x0f, 0x84, 0xe7, 0xfe, 0xff, 0xff, // je -0x100: a conditional tail call
			0xe9, 0xe2, 0xfe, 0xff, 0xff, // jmp -0x100: a function
		}, []int{4, 11, 25}, ""},
		{"no return", []byte{0x31, 0xed, 0xe8, 0, 0, 0, 0, 0xf4}, nil, noReturnInsn},
		{"cold only", []byte{0xe9, 0x7b, 0xff, 0xff, 0xff}, nil, noReturnInsn}, // jmp -0x80
		{"into an instruction", []byte{0x74, 0x02, 0x48, 0xb8, 0xc3, 0, 0, 0, 0, 0, 0, 0, 0xc3}, nil, undecoded},
		{"over a lock prefix", []byte{0x74, 0x01, 0xf0, 0x0f, 0xb1, 0x17, 0xc3}, []int{6}, ""},
		{"not decoded", []byte{0x48, 0xc3, 0x0f, 0xff}, nil, undecoded},
	} {
		size := uint64(len(tc.code))
		insns, derr := decodeFunc(tc.code)
		got, why := returnSites(tc.code, insns, derr, size, tail)
		if !slices.Equal(got, tc.want) || why != tc.why {
			t.Errorf("%s: sites %v (%q), want %v (%q)", tc.name, got, why, tc.want, tc.why)
		}
	}
}

// TestDecodeAgreesWithObjdump decodes every function of libc, the dynamic
// linker and python3 and checks that each instruction starts where
// objdump says one does: a breakpoint placed elsewhere would change the
// code. (objdump shows fwait, 9b, with the x87 instruction after it.)
func TestDecodeAgreesWithObjdump(t *testing.T) {
	objdump := need(t, "objdump")
	for _, p := range []string{"/lib/x86_64-linux-gnu/libc.so.6", "/lib64/ld-linux-x86-64.so.2", "/usr/bin/python3"} {
		im, err := symtab.OpenImage(p)
		if err != nil {
			t.Logf("%s: %v", p, err)
			continue
		}
		cmd := exec.Command(objdump, "-d", "-w", "--no-show-raw-insn", p)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		starts := map[uint64]bool{}
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			a, _, ok := strings.Cut(strings.TrimSpace(sc.Text()), ":")
			if v, err := strconv.ParseUint(a, 16, 64); ok && err == nil {
				starts[v] = true
			}
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("objdump %s: %v", p, err)
		}
		seen := map[uint64]bool{}
		n, bad := 0, 0
		for _, fn := range im.Funcs() {
			if fn.Size == 0 || fn.Size > maxFunc || seen[fn.Value] {
				continue
			}
			seen[fn.Value] = true
			code, err := im.Code(fn.Value, fn.Size)
			if err != nil {
				continue
			}
			n++
			insns, _ := decodeFunc(code)
			for i, in := range insns {
				if starts[fn.Value+uint64(in.off)] || i > 0 && code[insns[i-1].off] == 0x9b && insns[i-1].len == 1 {
					continue
				}
				if bad++; bad <= 10 {
					t.Errorf("%s: %s+%#x: no instruction starts there for objdump: % x", p, fn.Name, in.off, code[in.off:min(len(code), in.off+8)])
				}
				break
			}
		}
		if n == 0 {
			t.Errorf("%s: no function decoded", p)
		}
		t.Logf("%s: %d functions, %d disagree", p, n, bad)
	}
}
