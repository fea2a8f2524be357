package stable

import (
	"fmt"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/providers"
)

func TestDump(t *testing.T) {
	spec, err := providers.System{}.Shared().KernelBTF()
	if err != nil {
		t.Skip(err)
	}
	f, err := fragment(spec, 7, defs["proc"][4].sites[0])
	if err != nil {
		t.Fatal(err)
	}
	insns, _ := f(abi.CtxUse{NArgs: 10})
	fmt.Println(insns)
}
