package cli

import (
	"fmt"
	"io"
	"strings"
)

// optstring is illumos dtrace's DTRACE_OPTSTR.
const optstring = "3:6:aAb:Bc:CD:ef:FGhHi:I:lL:m:n:o:p:P:qs:SU:vVwx:X:Z"

// option is one option found by getopt.
type option struct {
	c   byte
	arg string
}

// getopt is the illumos libc getopt(3C) that dtrace(1M) calls: options may
// be clustered ("-qn"), an option's argument is the rest of its word or the
// next word ("-xfoo=bar", "-x foo=bar"), and parsing stops at the first
// word that is not an option, at "-" and after "--".
type getopt struct {
	args   []string // argv, with argv[0]
	optind int
	sp     int // index of the next option character in args[optind]
	optarg string
	pname  string    // prefix of error messages
	stderr io.Writer // where error messages go
}

func newGetopt(args []string, pname string, stderr io.Writer) *getopt {
	return &getopt{args: args, optind: 1, sp: 1, pname: pname, stderr: stderr}
}

// eof is getopt's EOF.
const eof = -1

// next returns the next option character, '?' after printing an error, or
// eof.
func (g *getopt) next() int {
	g.optarg = ""
	if g.sp == 1 {
		if g.optind >= len(g.args) {
			return eof
		}
		a := g.args[g.optind]
		if len(a) < 2 || a[0] != '-' {
			return eof
		}
		if a == "--" {
			g.optind++
			return eof
		}
	}
	a := g.args[g.optind]
	c := a[g.sp]
	i := strings.IndexByte(optstring, c)
	if c == ':' || i < 0 {
		// Solaris wording; glibc's would be "invalid option -- 'k'".
		fmt.Fprintf(g.stderr, "%s: illegal option -- %c\n", g.pname, c)
		if g.sp++; g.sp >= len(a) {
			g.optind++
			g.sp = 1
		}
		return '?'
	}
	if i+1 < len(optstring) && optstring[i+1] == ':' {
		switch {
		case g.sp+1 < len(a):
			g.optarg = a[g.sp+1:]
			g.optind++
		case g.optind+1 >= len(g.args):
			fmt.Fprintf(g.stderr, "%s: option requires an argument -- %c\n", g.pname, c)
			g.optind++
			g.sp = 1
			return '?'
		default:
			g.optarg = g.args[g.optind+1]
			g.optind += 2
		}
		g.sp = 1
		return int(c)
	}
	if g.sp++; g.sp >= len(a) {
		g.sp = 1
		g.optind++
	}
	return int(c)
}

// parseArgs runs getopt over args the way dtrace's first pass does: it
// returns the options in order and the words that are not options (the
// macro arguments $1, $2, ...), wherever they appear. ok is false after
// a bad option was reported, when dtrace prints its usage.
func parseArgs(args []string, pname string, stderr io.Writer) (opts []option, operands []string, ok bool) {
	g := newGetopt(args, pname, stderr)
	for g.optind = 1; g.optind < len(args); g.optind++ {
		for {
			c := g.next()
			if c == eof {
				break
			}
			if c == '?' {
				return nil, nil, false
			}
			// -32 and -64 are options 3 and 6 taking "2" and "4".
			if c == '3' && g.optarg != "2" || c == '6' && g.optarg != "4" {
				fmt.Fprintf(stderr, "%s: illegal option -- %c%s\n", pname, c, g.optarg)
				return nil, nil, false
			}
			opts = append(opts, option{c: byte(c), arg: g.optarg})
		}
		if g.optind < len(args) {
			operands = append(operands, args[g.optind])
		}
	}
	return opts, operands, true
}
