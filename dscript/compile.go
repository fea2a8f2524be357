package dscript

import (
	"bytes"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/options"
	"github.com/dtrace-go/dtrace/dscript/parse"
)

// Compile parses and checks src. The error, when not nil, is a *diag.Error
// holding DTrace's message for the first problem found.
func (c *Compiler) Compile(src Source) (*Program, error) {
	spec := parse.SpecName
	switch src.Kind {
	case Function:
		spec = parse.SpecFunc
	case Module:
		spec = parse.SpecModule
	case Provider:
		spec = parse.SpecProvider
	}
	file, err := parse.Parse(src.Name, src.Text, parse.Config{IsType: c.checker().IsType, IsGlobal: c.checker().IsGlobal, Spec: spec})
	if err != nil {
		return nil, err
	}
	if !file.End.IsValid() {
		file.End = ast.Pos{Line: 1 + bytes.Count(src.Text, []byte("\n"))}
	}
	info, err := c.checker().Check(file, src.Kind == Script)
	if err != nil {
		return nil, err
	}
	prog := &Program{File: file, Info: info}
	for _, o := range info.Options {
		prog.Options = append(prog.Options, OptionSetting{Pos: o.Pos, Name: o.Name, Value: o.Value})
	}
	prog.Aggs = aggsOf(prog)
	return prog, nil
}

// checker returns the Compiler's checker, creating it on first use.
func (c *Compiler) checker() *check.Checker {
	if c.chk == nil {
		c.chk = check.New(check.Config{
			Args:        c.cfg.Args,
			Defaultargs: c.cfg.Defaultargs,
			ArgRef:      c.cfg.ArgRef,
			Kernel:      c.cfg.Kernel,
			Macros:      c.cfg.Macros,
			SetOption:   options.ValidatePragma,
			ScratchSize: c.cfg.ScratchSize,
			ParseSize:   options.ParseSize,
			Probes:      c.cfg.Probes,
			ZeroProbes:  c.cfg.ZeroProbes,
		})
		if !c.cfg.NoLibs {
			c.loadLibrary()
		}
	}
	return c.chk
}
