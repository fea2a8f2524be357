//go:build !amd64

package fbt

import (
	"fmt"
	"runtime"
)

// ptRegs fails: the layout of pt_regs is written for x86-64 only.
func ptRegs() (ptRegsLayout, error) {
	return ptRegsLayout{}, fmt.Errorf("fbt provider: kprobe arguments are not known on %s", runtime.GOARCH)
}
