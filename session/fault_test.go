package session

import (
	"testing"

	"github.com/dtrace-go/dtrace/abi"
)

// TestFaultValues checks what faults record for ERROR's arguments and the
// messages, as dtrace-utils records them: arg1 the faulting probe's id,
// arg2 the statement, arg5 the value: the address (0 for a member read
// through a NULL pointer, which is checked before the member's offset is
// added), the index out of bounds, the invalid size.
func TestFaultValues(t *testing.T) {
	_, recs := runBegin(t, `
int a[4];

BEGIN
{
	this->t = (struct task_struct *)0;
	trace(this->t->pid);
}

BEGIN
{
	this->t = (struct task_struct *)0;
	trace(this->t->comm);
}

BEGIN
{
	trace(*(int *)16);
}

BEGIN
{
	i = 6;
	trace(a[i]);
}

BEGIN
{
	i = -2;
	a[i] = 1;
}

BEGIN
{
	this->n = 300;
	this->p = alloca(8);
	bcopy(this->p, this->p, this->n);
}
`)
	type want struct {
		fault abi.Fault
		val   int64
	}
	wants := []want{
		{abi.FaultBadAddr, 0},
		{abi.FaultBadAddr, 0},
		{abi.FaultBadAddr, 16},
		{abi.FaultBadIndex, 6},
		{abi.FaultBadIndex, -2},
		{abi.FaultBadSize, 300},
	}
	var got []abi.FaultRecord
	for _, r := range recs {
		if recordID(r) == abi.RecordFault {
			fr, err := abi.ReadFault(r)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, fr)
		}
	}
	if len(got) != len(wants) {
		t.Fatalf("%d faults, want %d: %+v", len(got), len(wants), got)
	}
	for i, w := range wants {
		g := got[i]
		if g.Fault != w.fault || int64(g.Addr) != w.val || g.PRID != 1 || g.Probe != 1 || g.Clause != uint64(i) {
			t.Errorf("fault %d: %v value %d arg1 %d statement %d, want %v value %d arg1 1 statement %d",
				i, g.Fault, int64(g.Addr), g.PRID, g.Clause, w.fault, w.val, i)
		}
	}
}
