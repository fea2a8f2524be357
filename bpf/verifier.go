package bpf

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
)

// A VerifierError is returned by Load when the kernel's verifier rejects a
// program. It locates the rejected instruction and maps it back to the
// source annotation (an asm.Comment or other Source) that precedes it.
type VerifierError struct {
	// Program is the name of the rejected program.
	Program string
	// Insn is the index, in raw 8-byte instruction slots as the kernel
	// counts them, of the instruction the verifier stopped at; -1 if the
	// log does not tell.
	Insn int
	// Index is the position of that instruction in the spec's
	// Instructions; -1 if unknown.
	Index int
	// Instruction is the rejected instruction, when Index is known.
	Instruction asm.Instruction
	// Source is the source annotation in force at the rejected
	// instruction (the last one at or before it), "" if none.
	Source string
	// Reason is the verifier's explanation: the log's last meaningful
	// line, or the errno's text when there is no log.
	Reason string
	// Log is the full verifier log, one line per element.
	Log []string
	// Err is the error cilium/ebpf returned.
	Err error
}

// Error summarizes the rejection on one line, without the log.
func (e *VerifierError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "verify program %s", e.Program)
	if e.Source != "" {
		fmt.Fprintf(&b, ": %s", e.Source)
	}
	if e.Insn >= 0 {
		fmt.Fprintf(&b, ": instruction %d", e.Insn)
		if e.Index >= 0 {
			fmt.Fprintf(&b, " (%v)", e.Instruction)
		}
	}
	fmt.Fprintf(&b, ": %s", e.Reason)
	return b.String()
}

// Unwrap returns the underlying error, which matches the kernel's errno
// (EACCES, EINVAL, ...) with errors.Is.
func (e *VerifierError) Unwrap() error { return e.Err }

func newVerifierError(spec *ebpf.ProgramSpec, ve *ebpf.VerifierError) *VerifierError {
	e := &VerifierError{
		Program: spec.Name,
		Insn:    -1,
		Index:   -1,
		Log:     ve.Log,
		Err:     ve,
		Reason:  verifierReason(ve),
	}
	e.Insn = rejectedInsn(ve.Log)
	if e.Insn < 0 {
		return e
	}
	iter := spec.Instructions.Iterate()
	for iter.Next() {
		if int(iter.Offset) > e.Insn {
			break
		}
		if src := iter.Ins.Source(); src != nil {
			e.Source = src.String()
		}
		if int(iter.Offset) == e.Insn {
			e.Index = iter.Index
			e.Instruction = *iter.Ins
			break
		}
	}
	return e
}

var (
	// "12: (85) call bpf_map_lookup_elem#1"
	insnLine = regexp.MustCompile(`^(\d+): \([0-9a-f]{2}\)`)
	// check_cfg and friends: "back-edge from insn 3 to 1",
	// "unreachable insn 4", "jump out of range from insn 5 to 100".
	insnMention = regexp.MustCompile(`\binsn (\d+)`)
)

// rejectedInsn returns the raw index of the instruction a verifier log
// ends at: the last instruction the verifier printed before giving up, or
// failing that an instruction named in an error message. It returns -1
// when the log names none.
func rejectedInsn(log []string) int {
	for i := len(log) - 1; i >= 0; i-- {
		if m := insnLine.FindStringSubmatch(log[i]); m != nil {
			n, err := strconv.Atoi(m[1])
			if err == nil {
				return n
			}
		}
	}
	for i := len(log) - 1; i >= 0; i-- {
		if m := insnMention.FindStringSubmatch(log[i]); m != nil {
			n, err := strconv.Atoi(m[1])
			if err == nil {
				return n
			}
		}
	}
	return -1
}

func verifierReason(ve *ebpf.VerifierError) string {
	for i := len(ve.Log) - 1; i >= 0; i-- {
		line := strings.TrimSpace(ve.Log[i])
		switch {
		case line == "":
		case strings.HasPrefix(line, "processed "):
		case strings.HasPrefix(line, "verification time"):
		case strings.HasPrefix(line, "stack depth"):
		case strings.HasPrefix(line, "mark_precise"):
		case insnLine.MatchString(line):
		default:
			return line
		}
	}
	return ve.Cause.Error()
}
