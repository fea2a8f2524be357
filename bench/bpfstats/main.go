// Command bpfstats keeps the kernel's BPF run-time statistics enabled
// (BPF_ENABLE_STATS: every program's run_time_ns and run_cnt, which
// /proc/PID/fdinfo shows for its descriptors) until it is killed, so that
// bench/runtime.sh can read how long tracers' programs ran per event,
// whatever else the machine runs. It prints "ready" once they are on.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"
)

func main() {
	c, err := ebpf.EnableStats(uint32(unix.BPF_STATS_RUN_TIME))
	if err != nil {
		fmt.Fprintln(os.Stderr, "bpfstats: enable BPF statistics:", err)
		os.Exit(1)
	}
	defer c.Close()
	fmt.Println("ready")
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
}
