package cli

import (
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf"
)

// kernelRefusal names, for a verifier rejection, a D feature the running
// kernel cannot provide, worded for "could not enable tracing: ...", or
// returns "" when the rejection is not one of those:
//
//   - copyout() and copyoutstr() write with bpf_probe_write_user, which a
//     kernel in lockdown (integrity or confidentiality) withholds from
//     every program;
//   - chill() spins in a may_goto loop, which kernels before 6.9 lack.
func kernelRefusal(ve *bpf.VerifierError) string {
	ins := ve.Instruction
	switch {
	case ve.Index < 0:
		return ""
	case ins.IsBuiltinCall() && asm.BuiltinFunc(ins.Constant) == asm.FnProbeWriteUser:
		return "copyout() and copyoutstr() are not supported by this kernel: it refuses bpf_probe_write_user (kernel lockdown)"
	case ins.OpCode.Class().IsJump() && ins.OpCode.JumpOp() == asm.JumpOp(0xe0) && strings.Contains(ve.Reason, "opcode"):
		return "chill() is not supported by this kernel: it lacks may_goto (Linux 6.9)"
	}
	return ""
}
