package session

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/dtrace-go/dtrace/bpf"
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
	// An option whose effect dtrace-go lacks is refused, not ignored.
	for _, st := range set.Settings() {
		if !codegen.SetoptSupported(st.Name) && set.Bool(st.Name) {
			return Config{}, fmt.Errorf("the %s option is %w", st.Name, codegen.ErrNotSupported)
		}
	}
	cfg := Config{SwitchRate: time.Second}
	cg := &cfg.Codegen
	cg.StrSize = 256
	if v, ok := set.Size("strsize"); ok {
		if v > MaxStrSize {
			return Config{}, fmt.Errorf("strsize %d is more than this dtrace supports (%d): %w", v, MaxStrSize, ErrLimit)
		}
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
		cg.StackFrames = frames(v)
	}
	if v, ok := set.Int("ustackframes"); ok {
		cg.UStackFrames = frames(v)
	}
	if v, ok := set.Int("maxframes"); ok {
		cg.MaxFrames = int(max(v, 1))
	}
	if v, ok := set.Size("bufsize"); ok && len(set.Values("bufsize")) > 1 {
		if v == 0 {
			// "-x bufsize" without a size sets it to 0, which no
			// record fits (dtrace_go's EDT_BUFTOOSMALL).
			return Config{}, ErrBufTooSmall
		}
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
	if v, _ := set.String("bufresize"); v == "manual" {
		cfg.ManualResize = true
	}
	if v, ok := set.Int("cpu"); ok {
		if err := onlineCPU(v); err != nil {
			return Config{}, err
		}
		cfg.OneCPU, cfg.CPU = true, int(v)
	}
	return cfg, nil
}

// frames is the code generator's StackFrames for a stackframes or
// ustackframes option of n: none for 0, as DTrace records then.
func frames(n int64) int {
	if n == 0 {
		return codegen.NoFrames
	}
	return int(min(n, 1<<20))
}

// ErrNoCPU is the error of a cpu option naming no online CPU.
var ErrNoCPU = errors.New("no such CPU")

// onlineCPU checks the cpu option's value: an online CPU.
func onlineCPU(n int64) error {
	cpus, err := bpf.OnlineCPUs()
	if err != nil {
		return err
	}
	if slices.Contains(cpus, int(n)) {
		return nil
	}
	return fmt.Errorf("-x cpu=%d: %w (the online CPUs are %s)", n, ErrNoCPU, cpuList(cpus))
}

// cpuList writes CPU numbers as the kernel lists them: "0-3,6".
func cpuList(cpus []int) string {
	var b strings.Builder
	for i := 0; i < len(cpus); {
		j := i
		for j+1 < len(cpus) && cpus[j+1] == cpus[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		fmt.Fprint(&b, cpus[i])
		if j > i {
			fmt.Fprintf(&b, "-%d", cpus[j])
		}
		i = j + 1
	}
	return b.String()
}

// ErrBufTooSmall is the error of a bufsize too small for a record, an
// aggsize too small for an aggregation's key and value, a dynvarsize too
// small for a dynamic variable's (checkSizes): libdtrace's
// EDT_BUFTOOSMALL, which dtrace reports as "could not enable tracing:
// Enabling exceeds size of buffer", capital letter included.
var ErrBufTooSmall = errors.New("Enabling exceeds size of buffer")

// MaxStrSize is the largest strsize a run takes: the probe names that
// probeprov and the others read are held in map values of 4 strings, and
// every string a clause handles in its scratch memory (32k, which much
// smaller strings already exhaust).
const MaxStrSize = 64 << 10

// ErrLimit is wrapped by the errors of options past a limit of dtrace-go.
var ErrLimit = errors.New("lower the option")
