package tracefs

import (
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	got := parse([]byte("sched:sched_switch\n\nbad line\n:noname\nnogroup:\nirq:irq_handler_entry"))
	want := []Event{{"sched", "sched_switch"}, {"irq", "irq_handler_entry"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parse = %v, want %v", got, want)
	}
}

func TestOpen(t *testing.T) {
	dir := "../../testdata/system/tracing"
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Events) != 30 || c.Events[0] != (Event{"kprobes", "p_do_sys_openat2_0"}) {
		t.Errorf("fixture catalog: %d events, first %v", len(c.Events), c.Events[0])
	}
	if f := c.Format("syscalls", "sys_enter_read"); f != dir+"/events/syscalls/sys_enter_read/format" {
		t.Errorf("Format = %s", f)
	}
	_, err = Open("testdata/nosuchdir")
	if !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "read testdata/nosuchdir/available_events: ") {
		t.Errorf("missing directory: %v", err)
	}
}
