package jsonl

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/sink"
)

func format(t *testing.T, s string) *printf.Format {
	t.Helper()
	f, err := printf.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// Every kind of record, notice and aggregation decodes as JSON, one
// object per line, with FreeBSD's field names.
func TestRecordKinds(t *testing.T) {
	var out strings.Builder
	s := New(&out, Config{Now: func() time.Time { return time.Unix(1700000000, 123456789) }, Stderr: &strings.Builder{}})
	kf := sink.Frame{PC: 0xffffffff81000010, Func: "vfs_read", FuncStart: 0xffffffff81000000, Module: "vmlinux"}
	uf := sink.Frame{PC: 0x7f0010, Func: "read", FuncStart: 0x7f0000, Module: "libc.so.6"}
	calls := &sink.Aggregation{ID: 1, Name: "calls", Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.String("sh", 0)}, AggValue: abi.AggValue{Value: 3}},
		{Key: []sink.Value{sink.String("ls", 0)}, AggValue: abi.AggValue{Value: 1}},
	}}
	qb := make([]int64, abi.QuantizeBuckets)
	qb[abi.QuantizeBucket(100)] = 2
	lat := &sink.Aggregation{ID: 2, Name: "lat", Agg: abi.Agg{Func: abi.AggQuantize}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.Stack([]sink.Frame{kf}, nil)}, AggValue: abi.AggValue{Buckets: qb}}}}
	avg := &sink.Aggregation{ID: 3, Agg: abi.Agg{Func: abi.AggAvg}, Entries: []*sink.Entry{
		{AggValue: abi.AggValue{Count: 2, Sum: 7}}}}
	rec := &sink.Record{CPU: 1, Probe: sink.Probe{ID: 17, Provider: "syscall", Module: "vmlinux", Function: "read", Name: "entry"},
		Firing: true, Actions: []sink.Action{
			{Kind: sink.ActTrace, Values: []sink.Value{sink.Int(-5, 4)}},
			{Kind: sink.ActTrace, Values: []sink.Value{sink.String("a\"b\n\xff", 0)}},
			{Kind: sink.ActPrintf, Format: format(t, "%s has %d\n"), Values: []sink.Value{sink.String("sh", 0), sink.Uint(3, 8)}},
			{Kind: sink.ActTrace, Values: []sink.Value{sink.Stack([]sink.Frame{kf, {PC: 0xffffffff9}}, nil)}},
			{Kind: sink.ActTrace, Values: []sink.Value{sink.UStack(42, []sink.Frame{uf}, nil)}},
			{Kind: sink.ActTrace, Values: []sink.Value{sink.Symbol(sink.KindSym, 0, kf)}},
			{Kind: sink.ActTrace, Values: []sink.Value{sink.Symbol(sink.KindUAddr, 42, uf)}},
			{Kind: sink.ActTrace, Values: []sink.Value{sink.Symbol(sink.KindMod, 0, kf)}},
			{Kind: sink.ActTrace, Values: []sink.Value{sink.Float(1.5)}},
			{Kind: sink.ActTrace, Values: []sink.Value{sink.Bytes([]byte{1, 0xab})}},
			{Kind: sink.ActTraceMem, Values: []sink.Value{sink.Bytes([]byte{0xde, 0xad})}},
			{Kind: sink.ActPrint, Values: []sink.Value{sink.Typed(0x10, &sink.Type{Kind: sink.TypeInt, Name: "int", Size: 4, Signed: true}, []byte{5, 0, 0, 0})}},
			{Kind: sink.ActPrinta, Format: format(t, "%s %@d\n"), Aggs: []*sink.Aggregation{calls}},
			{Kind: sink.ActSetopt, Values: []sink.Value{sink.String("quiet", 0)}},
			{Kind: sink.ActExit, Values: []sink.Value{sink.Int(2, 4)}},
		}}
	if err := s.Record(rec); err != nil {
		t.Fatal(err)
	}
	s.Notice(sink.Notice{Kind: sink.NoticeDrop, Drop: sink.DropDynamic, CPU: -1, Count: 3, Message: "dtrace: 3 dynamic variable drops"})
	s.Notice(sink.Notice{Kind: sink.NoticeDrop, Drop: sink.DropDynamic, CPU: -1, Count: 2, Message: "dtrace: 2 dynamic variable drops"})
	s.Notice(sink.Notice{Kind: sink.NoticeFault, Probe: rec.Probe, Fault: &abi.FaultRecord{Probe: 17, Clause: 2, PC: 9,
		Fault: abi.FaultBadAddr, Addr: 0x10}, Message: "dtrace: error in dt_clause_2 ..."})
	s.Notice(sink.Notice{Kind: sink.NoticeWarning, Message: "dtrace: warning"})
	s.Notice(sink.Notice{Kind: sink.NoticeExited, PID: 99, Message: "dtrace: pid 99 has exited"})
	s.Notice(sink.Notice{Kind: sink.NoticeMatched, Message: "dtrace: description 'x' matched 1 probe"})
	if err := s.End([]*sink.Aggregation{calls, lat, avg}); err != nil {
		t.Fatal(err)
	}
	if err := s.Exit(2); err != nil {
		t.Fatal(err)
	}
	var lines []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("%v: %s", err, sc.Text())
		}
		lines = append(lines, m)
	}
	if len(lines) != 9 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	p := lines[0]
	if p["timestamp"] != 1700000000.123456 || p["cpu"] != 1.0 || p["id"] != 17.0 || p["provider"] != "syscall" ||
		p["function"] != "read" || p["name"] != "entry" {
		t.Errorf("probe %v", p)
	}
	want := []string{
		`{"value":-5}`, `{"value":"a\"b\n�"}`, `{"message":"sh has 3\n"}`, `{"value":"sh"}`, `{"value":3}`,
		`{"stack-frames":[{"address":"0xffffffff81000010","module":"vmlinux","name":"vfs_read","offset":"0x10","symbol":"vmlinux` + "`" + `vfs_read+0x10"},{"address":"0xffffffff9","symbol":"0xffffffff9"}]}`,
		`{"pid":42,"ustack-frames":[{"address":"0x7f0010","module":"libc.so.6","name":"read","offset":"0x10","symbol":"libc.so.6` + "`" + `read+0x10"}]}`,
		`{"module":"vmlinux","name":"vfs_read","sym":"vmlinux` + "`" + `vfs_read"}`,
		`{"module":"libc.so.6","name":"read","offset":"0x10","uaddr":"libc.so.6` + "`" + `read+0x10"}`,
		`{"mod":"vmlinux"}`, `{"value":1.5}`, `{"bytes":"01ab"}`, `{"tracemem":"dead"}`,
		`{"message":"0x10 = *\n` + strings.Repeat(" ", 44) + `(int)5,\n"}`,
		`{"message":"ls 1\nsh 3\n"}`,
		`{"aggregation-data":[{"count":1,"keys":[{"value":"ls"}]},{"count":3,"keys":[{"value":"sh"}]}],"aggregation-function":"count","aggregation-name":"calls"}`,
		`{"setopt":"quiet"}`, `{"exit":2}`,
	}
	outs := p["output"].([]any)
	for i, o := range outs {
		b, _ := json.Marshal(o)
		if i >= len(want) || string(b) != want[i] {
			w := ""
			if i < len(want) {
				w = want[i]
			}
			t.Errorf("output[%d] = %s, want %s", i, b, w)
		}
	}
	if len(outs) != len(want) {
		t.Errorf("%d outputs, want %d", len(outs), len(want))
	}
	check := func(i int, want string) {
		t.Helper()
		m := lines[i]
		delete(m, "timestamp")
		var w map[string]any
		if err := json.Unmarshal([]byte(want), &w); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(m)
		wb, _ := json.Marshal(w)
		if string(b) != string(wb) {
			t.Errorf("line %d = %s\nwant %s", i+1, b, wb)
		}
	}
	pseudo := `"cpu":-1,"function":"INTERNAL","id":-1,"module":"INTERNAL",`
	check(1, `{"count":3,`+pseudo+`"kind":2,"msg":"3 dynamic variable drops","name":"DROP","provider":"dtrace","tag":"DTRACEDROP_DYNAMIC","total":3}`)
	check(2, `{"count":2,`+pseudo+`"kind":2,"msg":"2 dynamic variable drops","name":"DROP","provider":"dtrace","tag":"DTRACEDROP_DYNAMIC","total":5}`)
	check(3, `{"address":"0x10","clause":2,`+pseudo+`"fault":"invalid address","msg":"error in dt_clause_2 ...","name":"ERROR","pc":9,"probe":{"function":"read","id":17,"module":"vmlinux","name":"entry","provider":"syscall"},"provider":"dtrace"}`)
	check(4, `{`+pseudo+`"msg":"warning","name":"WARNING","provider":"dtrace"}`)
	check(5, `{`+pseudo+`"msg":"pid 99 has exited","name":"PROC-EXIT","pid":99,"provider":"dtrace"}`)
	// At the end, the aggregations printa() has not printed.
	check(6, `{"aggregation-data":[{"buckets":[{"count":2,"max":127,"min":64,"value":64}],"keys":[{"stack-frames":[{"address":"0xffffffff81000010","module":"vmlinux","name":"vfs_read","offset":"0x10","symbol":"vmlinux`+"`"+`vfs_read+0x10"}]}]}],"aggregation-function":"quantize","aggregation-name":"lat"}`)
	check(7, `{"aggregation-data":[{"avg":3,"keys":[]}],"aggregation-function":"avg","aggregation-name":""}`)
	check(8, `{`+pseudo+`"name":"EXIT","provider":"dtrace","status":2}`)
}

// system() runs its command with its output away from the JSON lines;
// freopen() sends the lines to a file.
func TestSystemFreopen(t *testing.T) {
	var out, stderr strings.Builder
	s := New(&out, Config{Stderr: &stderr})
	file := filepath.Join(t.TempDir(), "f.json")
	rec := func(a sink.Action) *sink.Record {
		return &sink.Record{Probe: sink.Probe{ID: 1, Provider: "dtrace", Name: "BEGIN"}, Firing: true, Actions: []sink.Action{a}}
	}
	for _, r := range []*sink.Record{
		rec(sink.Action{Kind: sink.ActSystem, Format: format(t, "echo %s"), Values: []sink.Value{sink.String("hi", 0)}}),
		rec(sink.Action{Kind: sink.ActFreopen, Format: format(t, "%s"), Values: []sink.Value{sink.String(file, 0)}}),
		rec(sink.Action{Kind: sink.ActTrace, Values: []sink.Value{sink.Int(1, 4)}}),
		rec(sink.Action{Kind: sink.ActFreopen}),
	} {
		if err := s.Record(r); err != nil {
			t.Fatal(err)
		}
	}
	s.Flush()
	if stderr.String() != "hi\n" {
		t.Errorf("system()'s output: %q", stderr.String())
	}
	if n := strings.Count(out.String(), "\n"); n != 2 || !strings.Contains(out.String(), `{"system":"echo hi"}`) {
		t.Errorf("output:\n%s", out.String())
	}
	// The record of freopen() with no file name goes where the output
	// went until then.
	b, err := os.ReadFile(file)
	if err != nil || strings.Count(string(b), "\n") != 2 || !strings.Contains(string(b), `{"value":1}`) {
		t.Errorf("%s: %v\n%s", file, err, b)
	}
}
