package session

import (
	"io"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/sink/text"
)

// fuzzProgram records values of every kind the consumer decodes, except
// aggregations (read from kernel maps) and the actions that run commands
// or open files.
const fuzzProgram = `
BEGIN { trace(1); trace(execname); trace((char)1); trace((short)-1); }
BEGIN { printf("%d %s %c %x %u %5.2s %-8d %lld %p\n", 1, "s", 'c', 2, 3, "abc", 4, 5ll, 6); }
BEGIN { tracemem(curthread, 32); }
BEGIN { stack(); ustack(); trace(sym(arg0)); trace(umod(arg1)); }
BEGIN { setopt("quiet"); setopt("aggsortkey", "1"); }
BEGIN { printf("%a\n", arg0); trace(inet_ntoa((ipaddr_t *)arg0)); }
BEGIN { exit(3); }
`

// FuzzRecord feeds the consumer records with garbage after a valid
// header: it must return an error or print, never panic.
func FuzzRecord(f *testing.F) {
	p, err := dscript.New(dscript.Config{Args: []string{"fuzz.d"}, Kernel: ktypes.Open("")}).Compile(
		dscript.Source{Kind: dscript.Script, Name: "fuzz.d", Text: []byte(fuzzProgram)})
	if err != nil {
		f.Fatal(err)
	}
	prog, err := codegen.Compile([]codegen.Unit{{File: p.File, Info: p.Info}}, codegen.Options{})
	if err != nil {
		f.Fatal(err)
	}
	reg, err := providers.NewRegistry()
	if err != nil {
		f.Fatal(err)
	}
	for id := range prog.Records {
		f.Add(uint32(id), make([]byte, prog.Records[id].Size))
	}
	f.Add(uint32(0), []byte{0xff, 0xff, 0xff})
	f.Add(uint32(1<<31), []byte{})
	f.Fuzz(func(t *testing.T, id uint32, body []byte) {
		c := textDecoder(prog, reg, io.Discard, text.Options{Testing: true}, io.Discard)
		rec := append(header(abi.Header{Probe: 1, Record: id}), body...)
		c.Record(rec)
		c.End()
	})
}
