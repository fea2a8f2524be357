package sink

import "testing"

func TestFrameNames(t *testing.T) {
	for _, tc := range []struct {
		mod, fn        string
		start, pc      uint64
		frame, sym, md string
	}{
		{"vmlinux", "do_syscall_64", 0x1000, 0x101c, "vmlinux`do_syscall_64+0x1c", "vmlinux`do_syscall_64", "vmlinux"},
		{"libc.so.6", "getppid", 0x2000, 0x2000, "libc.so.6`getppid", "libc.so.6`getppid", "libc.so.6"},
		{"a.out", "", 0, 0x401234, "a.out`0x401234", "a.out`0x401234", "a.out"},
		{"", "", 0, 0x7f0000001234, "0x7f0000001234", "0x7f0000001234", "0x7f0000001234"},
		{"", "orphan", 0x10, 0x20, "0x20", "0x20", "0x20"},
	} {
		if got := FrameName(tc.mod, tc.fn, tc.start, tc.pc); got != tc.frame {
			t.Errorf("FrameName(%q, %q, %#x, %#x) = %q, want %q", tc.mod, tc.fn, tc.start, tc.pc, got, tc.frame)
		}
		if got := SymName(tc.mod, tc.fn, tc.pc); got != tc.sym {
			t.Errorf("SymName(%q, %q, %#x) = %q, want %q", tc.mod, tc.fn, tc.pc, got, tc.sym)
		}
		if got := ModName(tc.mod, tc.pc); got != tc.md {
			t.Errorf("ModName(%q, %#x) = %q, want %q", tc.mod, tc.pc, got, tc.md)
		}
	}
}
