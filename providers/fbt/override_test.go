package fbt_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/fbt"
)

// The functions return() may make fail are those the kernel's error
// injection list names (a module's with its module after a blank); one
// it leaves out is refused before anything is attached, in one line
// naming the probe and the function. Where the list cannot be read
// (debugfs not mounted), the kernel's own refusal at attach decides.
func TestCheckInjectable(t *testing.T) {
	list := filepath.Join(t.TempDir(), "list")
	if err := os.WriteFile(list, []byte("should_failslab\tERRNO\n__x64_sys_getppid\tERRNO\nbtrfs_cow_block [btrfs]\tERRNO\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	probe := func(fn string) *providers.Probe {
		return &providers.Probe{ID: 7, Provider: "fbt", Module: "vmlinux", Function: fn, Name: fbt.Entry}
	}
	for _, fn := range []string{"should_failslab", "__x64_sys_getppid", "btrfs_cow_block"} {
		if err := fbt.CheckInjectable([]*providers.Probe{probe(fn)}, list); err != nil {
			t.Errorf("%s: %v", fn, err)
		}
	}
	err := fbt.CheckInjectable([]*providers.Probe{probe("should_failslab"), probe("vfs_read")}, list)
	var ke *providers.KernelError
	want := "return( ) cannot make fbt:vmlinux:vfs_read:entry fail: the kernel does not allow error injection into vfs_read (it is not in " + list + ")"
	if !errors.As(err, &ke) || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
	if err := fbt.CheckInjectable([]*providers.Probe{probe("vfs_read")}, filepath.Join(t.TempDir(), "none")); err != nil {
		t.Errorf("without a list: %v", err)
	}
}
