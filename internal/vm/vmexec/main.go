// Command vmexec runs a program in a qemu guest booting another kernel
// (package internal/vm), as go test's -exec wrapper:
//
//	go test -exec 'go run ./internal/vm/vmexec -kernel 6.12' ./providers/fbt/
//
// It packs the program (go test's test binary), the files of the working
// directory (the package's directory, with its testdata), busybox (for
// /bin/sh) and, with -dtrace, a dtrace binary built without cgo (given to
// the program as $DTRACE_TEST_BINARY), boots the kernel, runs the program
// in the package's directory with its arguments, streams its output, and
// exits with its exit status. The environment variables starting with
// DTRACE_ and GO are passed on. The kernels are .ci/vm-kernels's; -kernel
// names one, "all" runs the program in each in turn. A guest whose program
// prints no line for -stall on the emulator's clock (vm.Guest's Stall) is
// stopped, and vmexec fails.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/dtrace-go/dtrace/internal/vm"
)

func main() {
	kernel := flag.String("kernel", "all", "the guest kernel: a name in "+vm.Dir()+", or all")
	dtrace := flag.Bool("dtrace", false, "pack a dtrace binary built from ./cmd/dtrace, as $DTRACE_TEST_BINARY")
	stall := flag.Duration("stall", vm.DefaultStall, "stop a guest whose program prints no line for this long on the emulator's clock")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: vmexec [flags] program [args...]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	var ks []vm.Kernel
	if *kernel == "all" {
		var err error
		if ks, err = vm.Kernels(); err != nil {
			fatal(err)
		}
	} else {
		k, err := vm.FindKernel(*kernel)
		if err != nil {
			fatal(err)
		}
		ks = []vm.Kernel{k}
	}
	cwd, err := os.Getwd()
	if err != nil {
		fatal(err)
	}
	p := vm.Program{Path: flag.Arg(0), Args: flag.Args()[1:], Dir: cwd}
	if *dtrace {
		bin, err := vm.Dtrace()
		if err != nil {
			fatal(err)
		}
		p.Dtrace = bin
	}
	for _, e := range os.Environ() {
		if strings.HasPrefix(e, "DTRACE_") || strings.HasPrefix(e, "GO") {
			p.Env = append(p.Env, e)
		}
	}
	status := 0
	for _, k := range ks {
		if len(ks) > 1 {
			fmt.Printf("=== guest %s\n", k.Name)
		}
		g, err := p.Guest(k)
		if err != nil {
			fatal(err)
		}
		g.Stall = *stall
		g.Stdout = os.Stdout
		res, err := g.Run(context.Background())
		if err != nil {
			fatal(err)
		}
		if res.Status != 0 {
			status = res.Status
		}
	}
	os.Exit(status)
}

func fatal(err error) {
	fmt.Fprintf(os.Stderr, "vmexec: %v\n", err)
	os.Exit(1)
}
