package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/output"
	"github.com/dtrace-go/dtrace/session"
)

// trace runs the compiled programs: DTrace's main loop.
func (s *state) trace() error {
	reg, err := session.NewSystemRegistry(system())
	if err != nil {
		return s.errorf(exitError, "%v", err)
	}
	out := s.stdout
	if s.output != nil {
		out = s.output
	}
	quiet := s.opts.Bool("quiet")
	popts := output.Options{
		Quiet:      quiet,
		FlowIndent: s.opts.Bool("flowindent"),
		Testing:    os.Getenv("_DTRACE_TESTING") != "",
		RawBytes:   s.opts.Bool("rawbytes"),
		AggSortKey: s.opts.Bool("aggsortkey"),
		AggSortRev: s.opts.Bool("aggsortrev"),
	}
	if v, ok := s.opts.Int("aggsortkeypos"); ok {
		popts.AggSortKeyPos = int(v)
	}
	if v, ok := s.opts.Int("aggsortpos"); ok {
		popts.AggSortPos = int(v)
	}
	if v, ok := s.opts.Int("stackindent"); ok {
		popts.StackIndent = int(v)
		if v == 0 {
			popts.StackIndent = output.StackIndentNone
		}
	}
	cfg := &session.Config{
		Registry:   reg,
		Stdout:     out,
		Stderr:     s.stderr,
		Quiet:      quiet,
		ZeroProbes: s.zdefs,
		Testing:    popts.Testing,
		StrSize:    256,
		SwitchRate: time.Second,
		BPFLog:     s.opts.Bool("bpflog"),
		Kernel:     s.kernel,
		Output:     session.NewPrinter(out, popts),
	}
	if v, ok := s.opts.Size("strsize"); ok {
		cfg.StrSize = int(v)
	}
	// 0 is each one's default for the code generator.
	if v, ok := s.opts.Int("nspec"); ok {
		cfg.NSpec = max(int(v), codegen.NoSpec)
		if v == 0 {
			cfg.NSpec = codegen.NoSpec
		}
	}
	if v, ok := s.opts.Size("specsize"); ok {
		cfg.SpecSize = int(min(v, 1<<31-1))
		if v == 0 {
			cfg.SpecSize = -1
		}
	}
	cfg.DropTags = s.opts.Bool("droptags")
	if v, ok := s.opts.Size("aggsize"); ok {
		cfg.AggSize = int(v)
	}
	if v, ok := s.opts.Size("dynvarsize"); ok {
		cfg.DynVarSize = int(v)
	}
	if v, ok := s.opts.Int("stackframes"); ok {
		cfg.StackFrames = int(v)
	}
	if v, ok := s.opts.Int("ustackframes"); ok {
		cfg.UStackFrames = int(v)
	}
	// dtrace's own bufsize=4m comes first; a later setting is the user's.
	// Left alone, the session sizes the ring buffer from the program.
	if v, ok := s.opts.Size("bufsize"); ok && len(s.opts.Values("bufsize")) > 1 {
		cfg.BufSize = int(v)
	}
	if v, ok := s.opts.Rate("switchrate"); ok && v > 0 {
		cfg.SwitchRate = v
	}
	if v, ok := s.opts.Rate("aggrate"); ok && v > 0 {
		cfg.AggRate = v
	}
	if v, ok := s.opts.Rate("statusrate"); ok && v > 0 {
		cfg.StatusRate = v
	}
	if v, ok := s.opts.String("bufpolicy"); ok && v != "" {
		p, err := session.ParseBufPolicy(v)
		if err != nil {
			return s.errorf(exitError, "%v", err)
		}
		cfg.BufPolicy = p
	}
	cfg.Destructive = s.opts.Bool("destructive")
	cfg.Procs = s.procs
	if pr, ok := cfg.Output.(*session.Printer); ok && s.output != nil {
		// system() commands write to dtrace's standard output, not -o's.
		pr.SetSystemOutput(s.stdout)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	status, err := session.Run(ctx, cfg, s.units)
	if err != nil {
		var me *session.MatchError
		var ve *bpf.VerifierError
		var ce *codegen.Error
		switch {
		case errors.As(err, &ce) && ce.Unit < len(s.units):
			u := s.units[ce.Unit]
			msg := fmt.Sprintf("%s is not supported yet", ce.What)
			if u.Kind == dscript.Script {
				return s.errorf(exitError, "failed to compile script %s: line %d: %s", u.Name, ce.Pos.Line, msg)
			}
			return s.errorf(exitError, "invalid probe specifier %s: %s", u.Name, msg)
		case errors.As(err, &me):
			// Matching is part of compiling for libdtrace: D_PDESC_ZERO.
			de := &diag.Error{Pos: me.Desc.At, Tag: diag.D_PDESC_ZERO, Msg: me.Error()}
			if me.Unit.Kind == dscript.Script {
				return s.errorf(exitError, "failed to compile script %s: %s", me.Unit.Name, s.errText(de, true))
			}
			return s.errorf(exitError, "invalid probe specifier %s: %s", me.Unit.Name, s.errText(de, false))
		case errors.As(err, &ve) && kernelRefusal(ve) != "":
			return s.errorf(exitError, "could not enable tracing: %s", kernelRefusal(ve))
		case errors.As(err, &ve) && cfg.BPFLog:
			for _, l := range ve.Log {
				s.stderr.Write([]byte(l + "\n"))
			}
			return s.errorf(exitError, "could not enable tracing: %v", err)
		default:
			return s.errorf(exitError, "could not enable tracing: %v", err)
		}
	}
	if status != 0 {
		return exitStatus(status)
	}
	return nil
}

// showCode prints the BPF code of every clause, each sequence under the D
// source line it came from (-S), to stderr as dtrace prints its DIF.
func (s *state) showCode() error {
	var units []codegen.Unit
	for _, u := range s.units {
		units = append(units, codegen.Unit{File: u.Program.File, Info: u.Program.Info})
	}
	strsize := 256
	if v, ok := s.opts.Size("strsize"); ok {
		strsize = int(v)
	}
	opts := codegen.Options{StrSize: strsize}
	if v, ok := s.opts.Int("stackframes"); ok {
		opts.StackFrames = int(v)
	}
	if v, ok := s.opts.Int("ustackframes"); ok {
		opts.UStackFrames = int(v)
	}
	prog, err := codegen.Compile(units, opts)
	if err != nil {
		return s.errorf(exitError, "failed to generate code: %v", err)
	}
	for _, c := range prog.Clauses {
		fmt.Fprintf(s.stderr, "\nClause %d (%s):\n", c.Index, describe(c))
		if err := codegen.Fprint(s.stderr, c.Insns); err != nil {
			return err
		}
	}
	return nil
}

// describe names a clause by its probe descriptions.
func describe(c *codegen.Clause) string {
	var ds []string
	for _, p := range c.Probes {
		ds = append(ds, p.Text)
	}
	return strings.Join(ds, ", ")
}
