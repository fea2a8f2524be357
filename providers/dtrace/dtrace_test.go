package dtrace

import (
	"testing"
	"time"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
)

func TestProbes(t *testing.T) {
	r, err := providers.NewRegistry(New())
	if err != nil {
		t.Fatal(err)
	}
	all, err := r.List()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"BEGIN", "END", "ERROR"}
	if len(all) != len(want) {
		t.Fatalf("%d probes, want %d", len(all), len(want))
	}
	for i, p := range all {
		if p.ID != uint32(i+1) || p.Provider != "dtrace" || p.Module != "" || p.Function != "" || p.Name != want[i] {
			t.Errorf("probe %d: %+v", i, p)
		}
	}
	as, err := New().Plan(all)
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 2 {
		t.Fatalf("%d attachments for BEGIN, END, ERROR, want 2", len(as))
	}
	if _, err := New().Plan([]*providers.Probe{{Name: "BOGUS"}}); err == nil {
		t.Error("Plan accepted a probe the provider does not have")
	}
}

func TestBeginEnd(t *testing.T) {
	ptest.Require(t, ebpf.RawTracepoint)
	r, err := providers.NewRegistry(New())
	if err != nil {
		t.Fatal(err)
	}
	probes, err := r.Match("dtrace", "", "", "[BE]*")
	if err != nil {
		t.Fatal(err)
	}
	as, err := New().Plan(probes)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.Attach != nil || a.Trigger == nil {
			t.Fatalf("%s: want Trigger and no Attach", a.Name)
		}
		prog := ptest.Load(t, a, ptest.Options{})
		if err := a.Trigger(prog.Prog); err != nil {
			t.Fatal(err)
		}
		recs := prog.Records(t, time.Second)
		if len(recs) != 1 {
			t.Fatalf("%s fired %d times, want 1", a.Name, len(recs))
		}
		id := a.Probes[0].ID
		if recs[0].Block != id {
			t.Errorf("%s: record %+v, want probe %d", a.Name, recs[0], id)
		}
	}
}
