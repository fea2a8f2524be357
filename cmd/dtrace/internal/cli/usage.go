package cli

import (
	"fmt"
	"io"
)

// usage prints illumos dtrace's usage message (usage() in dtrace.c, with
// -h), then dtrace-go's output options, and returns its exit status.
func usage(w io.Writer, pname string) int {
	const predact = "[[ predicate ] action ]"
	fmt.Fprintf(w, "Usage: %s [-32|-64] [-aACeFGhHlqSvVwZ] "+
		"[-b bufsz] [-c cmd] [-D name[=def]]\n\t[-I path] [-L path] "+
		"[-o output] [-p pid] [-s script] [-U name]\n\t"+
		"[-x opt[=val]] [-X a|c|s|t]\n\n"+
		"\t[-P provider %s]\n"+
		"\t[-m [ provider: ] module %s]\n"+
		"\t[-f [[ provider: ] module: ] func %s]\n"+
		"\t[-n [[[ provider: ] module: ] func: ] name %s]\n"+
		"\t[-i probe-id %s] [ args ... ]\n\n", pname,
		predact, predact, predact, predact, predact)

	fmt.Fprint(w, "\tpredicate -> '/' D-expression '/'\n")
	fmt.Fprint(w, "\t   action -> '{' D-statements '}'\n")

	fmt.Fprint(w, "\n"+
		"\t-32 generate 32-bit D programs and ELF files\n"+
		"\t-64 generate 64-bit D programs and ELF files\n\n"+
		"\t-a  claim anonymous tracing state\n"+
		"\t-A  generate driver.conf(5) directives for anonymous tracing\n"+
		"\t-b  set trace buffer size\n"+
		"\t-c  run specified command and exit upon its completion\n"+
		"\t-C  run cpp(1) preprocessor on script files\n"+
		"\t-D  define symbol when invoking preprocessor\n"+
		"\t-e  exit after compiling request but prior to enabling probes\n"+
		"\t-f  enable or list probes matching the specified function name\n"+
		"\t-F  coalesce trace output by function\n"+
		"\t-G  generate an ELF file containing embedded dtrace program\n"+
		"\t-h  generate a header file with definitions for static probes\n"+
		"\t-H  print included files when invoking preprocessor\n"+
		"\t-i  enable or list probes matching the specified probe id\n"+
		"\t-I  add include directory to preprocessor search path\n"+
		"\t-l  list probes matching specified criteria\n"+
		"\t-L  add library directory to library search path\n"+
		"\t-m  enable or list probes matching the specified module name\n"+
		"\t-n  enable or list probes matching the specified probe name\n"+
		"\t-o  set output file\n"+
		"\t-p  grab specified process-ID and cache its symbol tables\n"+
		"\t-P  enable or list probes matching the specified provider name\n"+
		"\t-q  set quiet mode (only output explicitly traced data)\n"+
		"\t-s  enable or list probes according to the specified D script\n"+
		"\t-S  print D compiler intermediate code\n"+
		"\t-U  undefine symbol when invoking preprocessor\n"+
		"\t-v  set verbose mode (report stability attributes, arguments)\n"+
		"\t-V  report DTrace API version\n"+
		"\t-w  permit destructive actions\n"+
		"\t-x  enable or modify compiler and tracing options\n"+
		"\t-X  specify ISO C conformance settings for preprocessor\n"+
		"\t-Z  permit probe descriptions that match zero probes\n")

	fmt.Fprint(w, "\n"+
		"\t-x pprof=file         write the aggregations as a gzipped pprof profile\n"+
		"\t-x folded=file        write the stack-keyed aggregations as folded stacks\n"+
		"\t-x oformat=json       write records and aggregations as JSON Lines\n"+
		"\t-x httpserver=[host]:port\n"+
		"\t                      serve /metrics (Prometheus) and /debug/pprof/NAME\n"+
		"\t                      while tracing (host: 127.0.0.1 unless given)\n")

	return exitUsage
}
