package session

import (
	"time"

	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/options"
)

// ConfigFrom returns the configuration of a run that DTrace's options in
// set give (checked when they were set): the one place options become
// settings, for the command line and the Go API alike, and for -S, which
// compiles with the configuration's Codegen options. The fields options
// do not give (Registry, Sink, Notify, Procs, Kernel, KernelSymbols) are
// left for the caller.
//
// bufsize is the user's when set more than once: dtrace(1) sets its own
// default first, as dtrace_open does; left at the default, the ring
// buffer's size follows what the program records.
func ConfigFrom(set *options.Set) (Config, error) {
	cfg := Config{SwitchRate: time.Second}
	cg := &cfg.Codegen
	cg.StrSize = 256
	if v, ok := set.Size("strsize"); ok {
		cg.StrSize = int(v)
	}
	if v, ok := set.Size("scratchsize"); ok {
		cg.ScratchSize = int(v)
	}
	// 0 is each one's default for the code generator.
	if v, ok := set.Int("nspec"); ok {
		cg.NSpec = max(int(v), codegen.NoSpec)
		if v == 0 {
			cg.NSpec = codegen.NoSpec
		}
	}
	if v, ok := set.Size("specsize"); ok {
		cg.SpecSize = int(min(v, 1<<31-1))
		if v == 0 {
			cg.SpecSize = -1
		}
	}
	if v, ok := set.Size("aggsize"); ok {
		cg.AggSize = int(v)
	}
	if v, ok := set.Size("dynvarsize"); ok {
		cg.DynVarSize = int(v)
	}
	if v, ok := set.Int("stackframes"); ok {
		cg.StackFrames = int(v)
	}
	if v, ok := set.Int("ustackframes"); ok {
		cg.UStackFrames = int(v)
	}
	if v, ok := set.Int("maxframes"); ok {
		cg.MaxFrames = int(max(v, 1))
	}
	if v, ok := set.Size("bufsize"); ok && len(set.Values("bufsize")) > 1 {
		cfg.BufSize = int(v)
	}
	if v, ok := set.Rate("switchrate"); ok && v > 0 {
		cfg.SwitchRate = v
	}
	if v, ok := set.Rate("aggrate"); ok && v > 0 {
		cfg.AggRate = v
	}
	if v, ok := set.Rate("statusrate"); ok && v > 0 {
		cfg.StatusRate = v
	}
	if v, ok := set.String("bufpolicy"); ok && v != "" {
		p, err := ParseBufPolicy(v)
		if err != nil {
			return Config{}, err
		}
		cfg.BufPolicy = p
	}
	cg.Fill = cfg.BufPolicy == PolicyFill
	cfg.DropTags = set.Bool("droptags")
	cfg.BPFLog = set.Bool("bpflog")
	cfg.Destructive = set.Bool("destructive")
	return cfg, nil
}
