package printf

import (
	"errors"
	"strings"
	"testing"
)

// describe renders a parsed format as prefix<conversion>...suffix.
func describe(f *Format) string {
	var b strings.Builder
	for _, c := range f.Convs {
		b.WriteString(c.Prefix)
		b.WriteString("<" + c.String() + ">")
	}
	b.WriteString(f.Suffix)
	return b.String()
}

func TestParse(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", ""},
		{"hello\n", "hello\n"},
		{"%d", "<%d>"},
		{"x=%d y=%s\n", "x=<%d> y=<%s>\n"},
		{"%5d|%-5d|%05d", "<%5d>|<%-5d>|<%05d>"},
		{"%-05d", "<%05d>"}, // '0' after '-' clears it
		{"%0-5d", "<%-5d>"}, // and '-' clears '0'
		{"%000005d", "<%05d>"},
		{"%.0d", "<%d>"},
		{"%.05d", "<%.5d>"},
		{"%5.3s", "<%5.3s>"},
		{"%.d", "<%d>"},
		{"%*d %.*d %*.*d %*5d", "<%*d> <%.*d> <%*.*d> <%*5d>"},
		{"%#x %+d % d %'d", "<%#x> <%+d> <% d> <%'d>"},
		{"%'+ #08x", "<%#0+' 8x>"},
		{"%1.*A", "<%1.*A>"},
		{"%.*5d", "<%.*5d>"},
		{"%?p", "<%16p>"},
		{"%5?p", "<%16p>"},
		{"%?5p", "<%5p>"},
		{"%@d %@8u %8@x %@@s", "<%@d> <%@8u> <%@8x> <%@s>"},
		{"%%", "<%%>"},
		{"100%% %d%%", "100<%%> <%d><%%>"},
		{"%a %A %c %C %e %E %f %g %G %i %k %o %p %s %S %T %u %x %X %Y",
			"<%a> <%A> <%c> <%C> <%e> <%E> <%f> <%g> <%G> <%i> <%k> <%o> <%p> <%s> <%S> <%T> <%u> <%x> <%X> <%Y>"},
		{"%hd %hi %ho %hu %hx %hX", "<%hd> <%hi> <%ho> <%hu> <%hx> <%hX>"},
		{"%ld %li %lo %lu %lx %lX %lc %ls", "<%ld> <%li> <%lo> <%lu> <%lx> <%lX> <%lc> <%ls>"},
		{"%lld %lli %llo %llu %llx %llX", "<%lld> <%lli> <%llo> <%llu> <%llx> <%llX>"},
		{"%Le %LE %Lf %Lg %LG %wc %ws", "<%Le> <%LE> <%Lf> <%Lg> <%LG> <%wc> <%ws>"},
		{"%-8lld|", "<%-8lld>|"},
		{"a\x00%q", "a"}, // C strings end at the NUL
	}
	for _, tt := range tests {
		f, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := describe(f); got != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseFields(t *testing.T) {
	f, err := Parse("a%-*.*lld b%@8x%?p%'hX%%c")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Convs) != 5 || f.Suffix != "c" {
		t.Fatalf("got %d conversions, suffix %q", len(f.Convs), f.Suffix)
	}
	c := f.Convs[0]
	if c.Prefix != "a" || c.Name != "lld" || c.Length != "ll" || c.Verb != 'd' ||
		c.Flags != FlagLeft|FlagDynWidth|FlagDynPrec || c.Proto != "long long" ||
		c.Print != PrintSint || c.OutFmt != "lld" {
		t.Errorf("conv 0 = %+v", c)
	}
	c = f.Convs[1]
	if c.Prefix != " b" || c.Name != "x" || c.Flags != FlagAgg || c.Width != 8 || c.Print != PrintUint {
		t.Errorf("conv 1 = %+v", c)
	}
	c = f.Convs[2]
	if c.Prefix != "" || c.Name != "p" || c.Width != 16 || c.OutFmt != "p" {
		t.Errorf("conv 2 = %+v", c)
	}
	c = f.Convs[3]
	if c.Name != "hX" || c.Flags != FlagGroup || c.Verb != 'X' || c.Length != "h" {
		t.Errorf("conv 3 = %+v", c)
	}
	c = f.Convs[4]
	if c.Name != "%" || c.Print != PrintPct || c.OutFmt != "%" {
		t.Errorf("conv 4 = %+v", c)
	}
	// The string conversions are "s" for printf(3) until checked.
	g, _ := Parse("%a%Y%k%S")
	for _, c := range g.Convs {
		if c.OutFmt != "s" {
			t.Errorf("%s: OutFmt %q, want s", c.Name, c.OutFmt)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"%", "format conversion #1 name expected before end of format string"},
		{"%5", "format conversion #1 name expected before end of format string"},
		{"%-", "format conversion #1 name expected before end of format string"},
		{"%@", "format conversion #1 name expected before end of format string"},
		{"%l", "format conversion #1 name expected before end of format string"},
		{"%d %", "format conversion #2 name expected before end of format string"},
		{"%d\x00", ""},
		{"%**d", "format conversion #1 has more than one '*' specified for the output width"},
		{"%*5*d", "format conversion #1 has more than one '*' specified for the output width"},
		{"%.**d", "format conversion #1 has more than one '*' specified for the output precision"},
		{"%d %*.**d", "format conversion #2 has more than one '*' specified for the output precision"},
		{"%5.3.2d", "format conversion #1 has more than one '.' specified"},
		{"%..d", "format conversion #1 has more than one '.' specified"},
		{"%1$d", "format conversion #1 uses unsupported positional format (%n$)"},
		{"%$", "format conversion #1 uses unsupported positional format (%n$)"},
		{"%-%", "format conversion #1 cannot be combined with other format flags: %%"},
		{"%5%", "format conversion #1 cannot be combined with other format flags: %%"},
		{"%0%", "format conversion #1 cannot be combined with other format flags: %%"},
		{"%l%", "format conversion #1 cannot be combined with other format flags: %%"},
		{"%%%-%", "format conversion #2 cannot be combined with other format flags: %%"},
		{"%z", "format conversion #1 is undefined: %z"},
		{"%zd", "format conversion #1 is undefined: %z"},
		{"%jd", "format conversion #1 is undefined: %j"},
		{"%td", "format conversion #1 is undefined: %t"},
		{"%hhd", "format conversion #1 is undefined: %hhd"},
		{"%llld", "format conversion #1 is undefined: %llld"},
		{"%hhhhhhhhhd", "format conversion #1 is undefined: %hhhhhhd"},
		{"%lf", "format conversion #1 is undefined: %lf"},
		{"%Ld", "format conversion #1 is undefined: %Ld"},
		{"%hs", "format conversion #1 is undefined: %hs"},
		{"%n", "format conversion #1 is undefined: %n"},
		{"%F", "format conversion #1 is undefined: %F"},
		{"%b", "format conversion #1 is undefined: %b"},
		{"%w", "format conversion #1 name expected before end of format string"},
		{"%wd", "format conversion #1 is undefined: %wd"},
		{"%%%q", "format conversion #2 is undefined: %q"},
		{"%s %d %y", "format conversion #3 is undefined: %y"},
	}
	for _, tt := range tests {
		f, err := Parse(tt.in)
		if tt.want == "" {
			if err != nil {
				t.Errorf("Parse(%q): unexpected %v", tt.in, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("Parse(%q) = %q, want error %q", tt.in, describe(f), tt.want)
			continue
		}
		var p *Problem
		if !errors.As(err, &p) {
			t.Errorf("Parse(%q): error %T, want *Problem", tt.in, err)
			continue
		}
		if p.Tag != "D_SYNTAX" || p.Msg != tt.want {
			t.Errorf("Parse(%q) = [%s] %q, want [D_SYNTAX] %q", tt.in, p.Tag, p.Msg, tt.want)
		}
	}
}

// FuzzParse checks that Parse neither panics nor hangs, that what it
// parses survives being written back out and parsed again, and that
// CFormat never panics. (FuzzCheckPrintf in dscript/check checks the
// checking.)
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "%d", "%-*.*lld", "%@8x %s\n", "%%", "%", "%5.3.2d",
		"%**d", "%?p", "%hhhhhhhhd", "%'+ #08x", "a\x00b", "%99999999999999999999d", "%.*5d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fm, err := Parse(s)
		if err != nil {
			if _, ok := err.(*Problem); !ok {
				t.Fatalf("error %T", err)
			}
			return
		}
		for _, c := range fm.Convs {
			c.CFormat(-3, 2)
		}
		// Round trip, where a conversion can be written back.
		var b strings.Builder
		for _, c := range fm.Convs {
			if c.Width < 0 || c.Prec < 0 {
				return
			}
			b.WriteString(c.Prefix + c.String())
		}
		b.WriteString(fm.Suffix)
		fm2, err := Parse(b.String())
		if err != nil {
			t.Fatalf("reparse of %q as %q: %v", s, b.String(), err)
		}
		if len(fm2.Convs) != len(fm.Convs) || fm2.Suffix != fm.Suffix {
			t.Fatalf("reparse of %q as %q differs", s, b.String())
		}
		for i, c := range fm.Convs {
			d := fm2.Convs[i]
			if c.Prefix != d.Prefix || c.Name != d.Name || c.Width != d.Width || c.Prec != d.Prec ||
				c.Flags&^FlagSigned != d.Flags {
				t.Fatalf("reparse of %q as %q: conversion %d %+v != %+v", s, b.String(), i, *c, *d)
			}
		}
	})
}

// TestCFormat checks the printf(3) format of conversions whose OutFmt the
// checker has sized for their arguments.
func TestCFormat(t *testing.T) {
	tests := []struct {
		format     string
		outFmt     string // OutFmt as the checker leaves it
		dynW, dynP int
		want       string
	}{
		{"%d", "d", 0, 0, "%d"},
		{"%-5d", "lld", 0, 0, "%-5lld"},
		{"%05u", "u", 0, 0, "%05u"},
		{"%.0d", "d", 0, 0, "%d"},
		{"%5.2f", "f", 0, 0, "%5.2f"},
		{"%10.3Lf", "Lf", 0, 0, "%10.3Lf"},
		{"%'+ #08x", "x", 0, 0, "%#0+' 8x"},
		{"%?p", "llx", 0, 0, "%16llx"},
		{"%*d", "d", -7, 0, "%-7d"},
		{"%*d", "d", 7, 0, "%7d"},
		{"%*d", "d", 0, 0, "%d"},
		{"%5.*s", "s", 0, 3, "%5.3s"},
		{"%.*s", "s", 0, -1, "%s"},
		{"%-20k", "s", 0, 0, "%-s"},
		{"%20k", "s", 0, 0, "%20s"},
		{"%-20a", "s", 0, 0, "%-20s"},
		{"%Y", "s", 0, 0, "%s"},
		{"%%", "%", 0, 0, "%%"},
	}
	for _, tt := range tests {
		f, err := Parse(tt.format)
		if err != nil {
			t.Fatal(err)
		}
		c := f.Convs[0]
		c.OutFmt = tt.outFmt
		if got := c.CFormat(tt.dynW, tt.dynP); got != tt.want {
			t.Errorf("%q with OutFmt %q: CFormat = %q, want %q", tt.format, tt.outFmt, got, tt.want)
		}
	}
}

// TestDict checks a conversion's dictionary entry, for a Conv from Parse
// and for one made by hand.
func TestDict(t *testing.T) {
	f, err := Parse("%ld%a")
	if err != nil {
		t.Fatal(err)
	}
	want := Conversion{Name: "ld", OFmt: "d", Proto: "long", Check: CheckType, Print: PrintSint}
	if got, ok := f.Convs[0].Dict(); !ok || got != want {
		t.Errorf("%%ld: Dict() = %+v, %v, want %+v", got, ok, want)
	}
	want = Conversion{Name: "a", OFmt: "s", Proto: "pointer or integer", Check: CheckKAddr, Print: PrintAddr}
	if got, ok := f.Convs[1].Dict(); !ok || got != want {
		t.Errorf("%%a: Dict() = %+v, %v, want %+v", got, ok, want)
	}
	want = Conversion{Name: "llx", OFmt: "x", Proto: "long long", Check: CheckXLongLong, Print: PrintUint}
	if got, ok := (&Conv{Name: "llx"}).Dict(); !ok || got != want {
		t.Errorf("hand-made %%llx: Dict() = %+v, %v, want %+v", got, ok, want)
	}
	if got, ok := (&Conv{Name: "q"}).Dict(); ok {
		t.Errorf("hand-made %%q: Dict() = %+v, want none", got)
	}
	for i := range conversionTable {
		if cv := &conversionTable[i]; cv.Check == 0 || cv.Print == 0 || cv.OFmt == "" || cv.Proto == "" {
			t.Errorf("%%%s: incomplete entry %+v", cv.Name, *cv)
		}
	}
}
