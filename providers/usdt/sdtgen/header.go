package sdtgen

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// WriteHeader writes the header of probe macros for provs: what dtrace -h
// writes into file (whose base name makes the include guard, as
// dtrace_program_header makes it).
//
// Its layout is DTrace's (the include guard, extern "C", _DTRACE_VERSION
// and empty macros in its #else), its names SystemTap's dtrace's:
// PROVIDER_PROBE(arg0, ...) fires the probe, PROVIDER_PROBE_ENABLED() is
// __builtin_expect(provider_probe_semaphore, 0), the semaphore an extern
// unsigned short in section .probes. As SystemTap's, the macros pass the
// arguments as they are given, uncast: each note tells the size and
// signedness of the argument's own type, as sys/sdt.h's do.
func WriteHeader(w io.Writer, file string, provs []Provider) error {
	if err := check(provs); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	guard := ""
	if file != "" {
		guard = "_" + upperIdent(filepath.Base(file))
		fmt.Fprintf(bw, "#ifndef\t%s\n#define\t%s\n\n", guard, guard)
	}
	bw.WriteString(common)
	bw.WriteString("#ifdef\t__cplusplus\nextern \"C\" {\n#endif\n\n")
	for _, pv := range provs {
		writeProvider(bw, pv)
	}
	bw.WriteString("\n#ifdef\t__cplusplus\n}\n#endif\n")
	if guard != "" {
		fmt.Fprintf(bw, "\n#endif\t/* %s */\n", guard)
	}
	return bw.Flush()
}

// writeProvider writes a provider's macros, in DTrace's frame.
func writeProvider(w *bufio.Writer, pv Provider) {
	w.WriteString("#define _DTRACE_VERSION 1\n\n#if _DTRACE_VERSION\n\n")
	for _, pr := range pv.Probes {
		macro := MacroName(pv.Name, pr.Name)
		sem := Semaphore(pv.Name, pr.Name)
		// The declaration, as SystemTap's header recalls it.
		fmt.Fprintf(w, "/* %s (%s)", macro, typeList(pr.Args))
		if pr.XArgs != nil {
			fmt.Fprintf(w, " : (%s)", typeList(pr.XArgs))
		}
		w.WriteString(" */\n")
		fmt.Fprintf(w, "#define\t%s(%s) \\\n", macro, params(len(pr.Args)))
		w.WriteString("do { \\\n")
		fmt.Fprintf(w, "\t_DTRACE_SDT_USE(%s); \\\n", sem)
		fmt.Fprintf(w, "\t__asm__ __volatile__ (_DTRACE_SDT_NOTE(\"%s\", \"%s\", \"%s\", \\\n\t    ", pv.Name, pr.Name, sem)
		if len(pr.Args) == 0 {
			w.WriteString("\"\"")
		}
		for i := range pr.Args {
			if i > 0 {
				w.WriteString(" _DTRACE_SDT_SEP ")
			}
			fmt.Fprintf(w, "_DTRACE_SDT_ARG(%d)", i)
		}
		w.WriteString(") \\\n\t    : :")
		for i := range pr.Args {
			if i > 0 {
				w.WriteString(",")
			}
			fmt.Fprintf(w, " _DTRACE_SDT_OPERAND(%d, arg%d)", i, i)
		}
		w.WriteString("); \\\n")
		w.WriteString("\t__asm__ __volatile__ (_DTRACE_SDT_BASE); \\\n")
		w.WriteString("} while (0)\n")
		fmt.Fprintf(w, "#define\t%s_ENABLED() \\\n\t__builtin_expect(%s, 0)\n", macro, sem)
		fmt.Fprintf(w, "__extension__ extern unsigned short %s __attribute__((unused)) __attribute__((section(\".probes\")));\n\n", sem)
	}
	w.WriteString("#else\n\n")
	for _, pr := range pv.Probes {
		macro := MacroName(pv.Name, pr.Name)
		fmt.Fprintf(w, "#define\t%s(%s)\n", macro, params(len(pr.Args)))
		fmt.Fprintf(w, "#define\t%s_ENABLED() (0)\n", macro)
	}
	w.WriteString("\n#endif\n\n")
}

// params returns a macro's parameters: "arg0, arg1", DTrace's names.
func params(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "arg%d", i)
	}
	return b.String()
}

// typeList returns types as a C comment may hold them.
func typeList(ts []string) string {
	if len(ts) == 0 {
		return "void"
	}
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = strings.ReplaceAll(strings.ReplaceAll(t, "*/", "* /"), "/*", "/ *")
	}
	return strings.Join(out, ", ")
}

// common is what every header holds once, whichever providers it
// defines: the macros that make a probe site in the form of sys/sdt.h's
// (version 3 notes, with semaphores). Headers of several providers may
// be included together: it is defined once.
//
// A site is a nop (label 8810), and a note of type 3, owner "stapsdt",
// in section .note.stapsdt (in the section group of the code around it,
// "?", so that a site in a discarded COMDAT function goes with it): the
// nop's address, the address of _.stapsdt.base (a byte in section
// .stapsdt.base, which tells a reader how far the object was moved after
// it was linked), the semaphore's address, then the provider's name, the
// probe's, and the arguments as "SIZE@OPERAND" separated by spaces, SIZE
// negative for a signed integer and followed by "f" for a floating-point
// value, OPERAND what the compiler makes of the argument in the
// assembler's syntax: a register, memory, or a constant.
//
// The compiler gives each argument's size and kind as a constant
// operand, _s<N>: SIZE for an unsigned integer or a pointer (arrays are
// passed as pointers), 200 + SIZE for a signed integer, 100 + SIZE for a
// floating-point value; the assembler writes the note's text for it, in
// a macro of its own (_dtrace_sdt_size) that the asm statement defines
// and removes, as sys/sdt.h's do (a probe's statement stays short enough
// for compilers' limits on a string's length, 4095 bytes in C99).
// (Neither the header nor its expansions cast in C++, for builds that
// forbid old-style casts.) The argument itself is operand _a<N>, of the constraint
// STAP_SDT_ARG_CONSTRAINT when the build defines it (as sys/sdt.h
// allows), else "nor" (a constant, memory or a register: the compiler
// computes nothing to pass it).
const common = `#ifndef _DTRACE_SDT_COMMON
#define _DTRACE_SDT_COMMON 1

#if defined(__LP64__) || defined(_LP64)
#define _DTRACE_SDT_ADDR ".8byte "
#else
#define _DTRACE_SDT_ADDR ".4byte "
#endif

#if defined(__s390__) || defined(__s390x__) || defined(__ia64__)
#define _DTRACE_SDT_NOP "nop 0"
#else
#define _DTRACE_SDT_NOP "nop"
#endif

#define _DTRACE_SDT_STR_(x) #x
#define _DTRACE_SDT_STR(x) _DTRACE_SDT_STR_(x)
#if defined(STAP_SDT_ARG_CONSTRAINT)
#define _DTRACE_SDT_CONSTRAINT _DTRACE_SDT_STR(STAP_SDT_ARG_CONSTRAINT)
#elif defined(__powerpc__) || defined(__powerpc64__)
#define _DTRACE_SDT_CONSTRAINT "nZr"
#elif defined(__arm__)
#define _DTRACE_SDT_CONSTRAINT "g"
#else
#define _DTRACE_SDT_CONSTRAINT "nor"
#endif

#if defined(__i386__)
#define _DTRACE_SDT_OPTEXT(n) "%k[_a" #n "]"
#elif defined(__powerpc__) || defined(__powerpc64__)
#define _DTRACE_SDT_OPTEXT(n) "%I[_a" #n "]%[_a" #n "]"
#else
#define _DTRACE_SDT_OPTEXT(n) "%[_a" #n "]"
#endif

#define _DTRACE_SDT_ISPTR(x) \
	(__builtin_classify_type(x) == 5 || __builtin_classify_type(x) == 14)
#define _DTRACE_SDT_ISFLOAT(x) (__builtin_classify_type(x) == 8)
#define _DTRACE_SDT_SIZE(x) \
	(_DTRACE_SDT_ISPTR(x) ? sizeof(void *) : sizeof(x))

#ifdef __cplusplus
template <typename _DTRACE_SDT_T> struct __dtrace_sdt_signed {
	enum { value = 0 };
};
template <typename _DTRACE_SDT_T>
struct __dtrace_sdt_signed<const _DTRACE_SDT_T> : __dtrace_sdt_signed<_DTRACE_SDT_T> {};
template <typename _DTRACE_SDT_T>
struct __dtrace_sdt_signed<volatile _DTRACE_SDT_T> : __dtrace_sdt_signed<_DTRACE_SDT_T> {};
template <typename _DTRACE_SDT_T>
struct __dtrace_sdt_signed<const volatile _DTRACE_SDT_T> : __dtrace_sdt_signed<_DTRACE_SDT_T> {};
template <typename _DTRACE_SDT_T>
struct __dtrace_sdt_signed<_DTRACE_SDT_T &> : __dtrace_sdt_signed<_DTRACE_SDT_T> {};
template <> struct __dtrace_sdt_signed<signed char> { enum { value = 1 }; };
template <> struct __dtrace_sdt_signed<short> { enum { value = 1 }; };
template <> struct __dtrace_sdt_signed<int> { enum { value = 1 }; };
template <> struct __dtrace_sdt_signed<long> { enum { value = 1 }; };
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wlong-long"
template <> struct __dtrace_sdt_signed<long long> { enum { value = 1 }; };
#pragma GCC diagnostic pop
#ifndef __CHAR_UNSIGNED__
template <> struct __dtrace_sdt_signed<char> { enum { value = 1 }; };
#endif
#ifndef __WCHAR_UNSIGNED__
template <> struct __dtrace_sdt_signed<wchar_t> { enum { value = 1 }; };
#endif
#define _DTRACE_SDT_SIGNED(x) (__dtrace_sdt_signed<__typeof__(x)>::value != 0)
#else
#define _DTRACE_SDT_INTTYPE(x) __typeof__(__builtin_choose_expr( \
	__builtin_classify_type(x) >= 1 && __builtin_classify_type(x) <= 4, (x), 0U))
#define _DTRACE_SDT_SIGNED(x) \
	(!((_DTRACE_SDT_INTTYPE(x))-1 > (_DTRACE_SDT_INTTYPE(x))0))
#endif

#define _DTRACE_SDT_CODE(x) (_DTRACE_SDT_SIZE(x) + (_DTRACE_SDT_ISFLOAT(x) ? 100 : \
	!_DTRACE_SDT_ISPTR(x) && _DTRACE_SDT_SIGNED(x) ? 200 : 0))

#define _DTRACE_SDT_ARG(n) \
	"_dtrace_sdt_size %c[_s" #n "]\n.ascii \"@" _DTRACE_SDT_OPTEXT(n) "\"\n"
#define _DTRACE_SDT_SEP ".ascii \" \"\n"
#define _DTRACE_SDT_OPERAND(n, x) \
	[_s##n] "n" (_DTRACE_SDT_CODE(x)), [_a##n] _DTRACE_SDT_CONSTRAINT (x)
#define _DTRACE_SDT_USE(sem) __asm__ __volatile__ ("" : : "m" (sem))

#define _DTRACE_SDT_BASE \
	".ifndef _.stapsdt.base\n" \
	".pushsection .stapsdt.base,\"aG\",\"progbits\",.stapsdt.base,comdat\n" \
	".weak _.stapsdt.base\n" \
	".hidden _.stapsdt.base\n" \
	"_.stapsdt.base: .space 1\n" \
	".size _.stapsdt.base, 1\n" \
	".popsection\n" \
	".endif\n"

#define _DTRACE_SDT_NOTE(provider, name, semaphore, args) \
	".macro _dtrace_sdt_size code\n" \
	".if \\code == 104\n.ascii \"4f\"\n" \
	".elseif \\code == 108\n.ascii \"8f\"\n" \
	".elseif \\code == 116\n.ascii \"16f\"\n" \
	".elseif \\code == 201\n.ascii \"-1\"\n" \
	".elseif \\code == 202\n.ascii \"-2\"\n" \
	".elseif \\code == 204\n.ascii \"-4\"\n" \
	".elseif \\code == 208\n.ascii \"-8\"\n" \
	".elseif \\code == 216\n.ascii \"-16\"\n" \
	".else\n.ascii \"\\code\"\n.endif\n" \
	".endm\n" \
	"8810: " _DTRACE_SDT_NOP "\n" \
	".pushsection .note.stapsdt,\"?\",\"note\"\n" \
	".balign 4\n" \
	".4byte 8812f-8811f, 8814f-8813f, 3\n" \
	"8811: .asciz \"stapsdt\"\n" \
	"8812: .balign 4\n" \
	"8813: " _DTRACE_SDT_ADDR "8810b\n" \
	_DTRACE_SDT_ADDR "_.stapsdt.base\n" \
	_DTRACE_SDT_ADDR semaphore "\n" \
	".asciz \"" provider "\"\n" \
	".asciz \"" name "\"\n" \
	args \
	".byte 0\n" \
	"8814: .balign 4\n" \
	".popsection\n" \
	".purgem _dtrace_sdt_size\n"

#endif /* _DTRACE_SDT_COMMON */

`
