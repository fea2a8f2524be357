package pid

import (
	"strings"

	"github.com/dtrace-go/dtrace/symtab"
)

// A return probe fires at each of its function's return instructions, as
// DTrace's pid provider places it (arg0 the instruction's offset in the
// function, arg1 the return value): a uprobe there only reads the
// registers. It is never a uretprobe, which the kernel places by replacing
// the word at the stack pointer as the function is entered, taken for the
// return address, with the address of its trampoline, and restoring it as
// the function returns through it. What a process computes changes
// wherever that word is read as anything but the address to return to:
//
//   - functions entered without a call, where the word is no return
//     address: the executable's entry point (_start: argc, which the
//     program then prints as -8192), the dynamic linker's (_start,
//     _dl_start_user: argc again), the signal trampoline __restore_rt
//     (the signal frame's uc_flags, which rt_sigreturn reads),
//     _dl_runtime_resolve_* and _dl_runtime_profile_*, which the PLT jumps
//     to with the link map and the relocation's index pushed (the link map
//     is replaced: the program dies in _dl_fixup), and __start_context,
//     which makecontext's function returns into with its successor's
//     context above it;
//   - functions that read their own return address: setjmp, _setjmp,
//     __sigsetjmp, getcontext and swapcontext save it as the place to
//     resume, and a longjmp or setcontext later jumps to the trampoline
//     with no return pending there (the program is killed by SIGILL, or
//     resumes at another function's return address); dlopen, dlmopen,
//     dlsym, dlvsym, dl_iterate_phdr and __libc_dlopen_mode pass it as the
//     caller whose namespace, $ORIGIN and RTLD_NEXT they resolve from,
//     and find none (dlsym(RTLD_NEXT, ...) fails: "RTLD_NEXT used in code
//     not dynamically loaded");
//   - every function a stack unwinder walks through: the trampoline's
//     address has no unwind information, so a C++ exception thrown across
//     a probed function calls std::terminate (the program aborts),
//     pthread_exit and pthread_cancel unwind no further (the destructors
//     of its callers are not run), and backtrace() stops there;
//   - code that changes stacks: the kernel takes the returns pending
//     below the stack pointer a probed function is entered with for ones
//     a longjmp abandoned, and drops them; when a signal handler runs on a
//     sigaltstack, or a coroutine on its makecontext stack, placed above
//     the stack it interrupted, the functions of that stack that return
//     to the trampoline later find no return pending: SIGILL.
//
// The last two are not the functions': no list of functions left without
// return probes makes uretprobes safe.
//
// The return instructions are found by decoding the function (its
// symbol's extent). A jmp out of it to the start of a function (or a PLT
// entry, or through a pointer in memory, as a call through the GOT in tail
// position) is a tail call, where it returns too: the probe fires there,
// as DTrace's does. A jump out of it to anything else is to a part of it
// the compiler placed elsewhere (foo.cold), whose returns are not probed;
// a conditional jump out of it and a jump through a register (a switch, or
// a tail call through a pointer) are not returns either. A function with
// none of these (_start, exit, longjmp, the functions entered without a
// call above) has no return probe, nor does one whose code could not be
// decoded, or whose decoding does not agree with its own branches (a jump
// into the middle of an instruction): a breakpoint placed where no
// instruction starts would change the code.

// Why a function has no return probe.
const (
	noReturnInsn = "no return instruction"
	undecoded    = "code not decoded"
)

// returnSites returns the offsets of the instructions where the function
// whose code is code returns (insns its instructions, derr the decoder's
// error), or why there is none. size is the function's size: more than
// code holds when it was too large to decode whole. tailCall reports
// whether a jump out of the function to an offset from its start is a
// tail call.
func returnSites(code []byte, insns []insn, derr error, size uint64, tailCall func(target int64) bool) ([]int, string) {
	if derr != nil || size == 0 || size != uint64(len(code)) {
		return nil, undecoded
	}
	// at[i] is the index in insns of the instruction holding byte i.
	at := make([]int32, len(code))
	for k, in := range insns {
		for i := in.off; i < in.off+in.len; i++ {
			at[i] = int32(k)
		}
	}
	var out []int
	for _, in := range insns {
		inside := in.target >= 0 && in.target < int64(len(code))
		switch in.branch {
		case jmpDirect, jccDirect, callDirect:
			// A branch into an instruction says the decoding went
			// astray, unless only prefixes are skipped (glibc's
			// catomic operations jump over lock).
			if inside {
				t := insns[at[in.target]]
				for i := t.off; i < int(in.target); i++ {
					if !isPrefix(code[i]) {
						return nil, undecoded
					}
				}
			}
		}
		switch {
		case in.ret:
			out = append(out, in.off)
		case in.branch == jmpDirect && !inside && tailCall(in.target):
			out = append(out, in.off)
		case in.branch == jmpPointer:
			out = append(out, in.off)
		}
	}
	if len(out) == 0 {
		return nil, noReturnInsn
	}
	return out, ""
}

// tailCallOf returns the tailCall function of returnSites for the function
// fn of image im: a jump to the start of a function other than a part
// of one (foo.cold), or into the PLT.
func tailCallOf(im *symtab.Image, fn symtab.Func) func(int64) bool {
	return func(target int64) bool {
		addr := fn.Value + uint64(target)
		if im.PLT(addr) {
			return true
		}
		f, ok := im.Preferred(addr)
		return ok && !strings.Contains(f.Name, ".cold")
	}
}
