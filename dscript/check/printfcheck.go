package check

import (
	"fmt"

	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// PrintfValidation is what dt_printf_validate checks a format against.
type PrintfValidation struct {
	// Func is the action's name for messages: "printf", "printa",
	// "system", "freopen"...
	Func string

	// Args are the types of the arguments after the format (printf-like
	// actions), or the aggregation's key types (printa). '*' and '.*'
	// consume one each, width first, before the conversion's value.
	Args []*types.Type

	// Printa selects printa's rules: %@ is allowed and converts Value, and
	// arguments left over are not an error. Otherwise every argument must
	// be used (DT_PRINTF_EXACTLEN) and %@ is an error.
	Printa bool

	// Value is the type of the aggregation's value for %@: uint64_t for
	// count(), int64_t for every other aggregating function (DTrace's
	// choice, whatever the function).
	Value *types.Type

	// Target reports whether the program has a target process (dtrace -p
	// or -c, so that $target is set): %A then also accepts pointers and
	// integers.
	Target bool
}

// PrintfProblem is an action's arguments that do not fit its format:
// DTrace's tag and message (without the trailing newline), and the
// 0-based index of the offending argument among those checked, or -1 when
// the format itself is at fault (or an argument is missing), or
// PrintaValue for a printa aggregation's value.
type PrintfProblem struct {
	Tag diag.Tag
	Msg string
	Arg int
}

// PrintaValue is PrintfProblem.Arg for a problem with the aggregation's
// value (%@).
const PrintaValue = -2

// Error returns the message.
func (p *PrintfProblem) Error() string { return p.Msg }

func printfProblem(tag diag.Tag, arg int, msg string) *PrintfProblem {
	return &PrintfProblem{Tag: tag, Msg: msg, Arg: arg}
}

// CheckPrintf checks the arguments of a printf-like action (printf,
// system, freopen, sprintf...) named fn against its parsed format f: args
// are the types of the arguments after the format. It returns nil if they
// fit, and fills in each conversion's OutFmt and FlagSigned for the
// run-time side.
func CheckPrintf(f *printf.Format, fn string, args []*types.Type) *PrintfProblem {
	return ValidatePrintf(f, PrintfValidation{Func: fn, Args: args})
}

// CheckPrinta checks the format f of a formatted printa() of one
// aggregation: keys are the aggregation's key types, which the
// conversions other than %@ consume in order; value is the type %@
// converts (uint64_t for count(), int64_t otherwise). Keys left
// unconverted are allowed. With several aggregations, DTrace checks the
// format against each in turn.
func CheckPrinta(f *printf.Format, keys []*types.Type, value *types.Type) *PrintfProblem {
	return ValidatePrintf(f, PrintfValidation{Func: "printa", Args: keys, Printa: true, Value: value})
}

// ValidatePrintf checks f as dt_printf_validate does, and fills in each
// conversion's OutFmt and FlagSigned as far as it gets. Problems come in
// DTrace's order: the first conversion in error, '*' arguments before the
// value. Argument numbers in messages count the format as argument #1.
// Conversions whose Name is not in DTrace's dictionary (a Conv built by
// hand) are skipped.
func ValidatePrintf(f *printf.Format, v PrintfValidation) *PrintfProblem {
	fn := v.Func
	if f.Source == "" {
		return printfProblem(diag.D_PRINTF_FMT_EMPTY, -1, fmt.Sprintf("%s( ) format string is empty", fn))
	}
	const foff = 1 // the format is argument #1
	j := 0         // arguments consumed
	for i, c := range f.Convs {
		cv, ok := c.Dict()
		if !ok {
			continue
		}
		c.Flags &^= printf.FlagSigned
		c.OutFmt = ""
		if cv.Print == printf.PrintPct {
			c.OutFmt = cv.OFmt
			continue
		}

		// dyns as DTrace stacks them: ".*" then "*", used from the top.
		var dyns []string
		if c.Flags&printf.FlagDynPrec != 0 {
			dyns = append(dyns, ".*")
		}
		if c.Flags&printf.FlagDynWidth != 0 {
			dyns = append(dyns, "*")
		}
		for k := len(dyns) - 1; k >= 0; k-- {
			if j >= len(v.Args) {
				return printfProblem(diag.D_PRINTF_DYN_PROTO, -1, fmt.Sprintf(
					"%s( ) prototype mismatch: conversion #%d (%%%s) is missing a corresponding \"%s\" argument",
					fn, i+1, cv.Name, dyns[k]))
			}
			if a := v.Args[j]; !isInteger(a) {
				return printfProblem(diag.D_PRINTF_DYN_TYPE, j, fmt.Sprintf(
					"%s( ) argument #%d is incompatible with conversion #%d prototype:\n"+
						"\tconversion: %% %s %s\n\t prototype: int\n\t  argument: %s",
					fn, j+foff+1, i+1, dyns[k], cv.Name, typeName(a)))
			}
			j++
		}

		var (
			vname string
			vt    *types.Type
			arg   int
		)
		switch {
		case c.Flags&printf.FlagAgg != 0:
			if !v.Printa {
				return printfProblem(diag.D_PRINTF_AGG_CONV, -1, fmt.Sprintf(
					"%%@ conversion requires an aggregation and is not for use with %s( )", fn))
			}
			vname, vt, arg = "aggregating action", v.Value, PrintaValue
		case j >= len(v.Args):
			return printfProblem(diag.D_PRINTF_ARG_PROTO, -1, fmt.Sprintf(
				"%s( ) prototype mismatch: conversion #%d (%%%s) is missing a corresponding value argument",
				fn, i+1, cv.Name))
		default:
			vname, vt, arg = fmt.Sprintf("argument #%d", j+foff+1), v.Args[j], j
			j++
		}

		// The C conversion, sized for the value; pfcheck_dint may
		// change it below.
		out := ""
		switch cv.Print {
		case printf.PrintSint, printf.PrintUint, printf.PrintDint:
			if typeSize(vt) == 8 {
				out = "ll"
			}
		case printf.PrintFP:
			if typeSize(vt) == 16 {
				out = "L"
			}
		}
		c.OutFmt = out + cv.OFmt

		if !checkPrintfArg(cv, c, vt, v.Target) {
			return printfProblem(diag.D_PRINTF_ARG_TYPE, arg, fmt.Sprintf(
				"%s( ) %s is incompatible with conversion #%d prototype:\n"+
					"\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s",
				fn, vname, i+1, cv.Name, cv.Proto, typeName(vt)))
		}
	}
	if !v.Printa && j < len(v.Args) {
		return printfProblem(diag.D_PRINTF_ARG_EXTRA, j, fmt.Sprintf(
			"%s( ) prototype mismatch: only %d arguments required by this format string", fn, j))
	}
	return nil
}

// checkPrintfArg is the pfcheck_* function of the conversion c, whose
// dictionary entry is cv, applied to an argument of type t. CheckDInt
// also sets c's FlagSigned for a signed argument, or makes its OutFmt
// unsigned.
func checkPrintfArg(cv printf.Conversion, c *printf.Conv, t *types.Type, target bool) bool {
	switch cv.Check {
	case printf.CheckAddr:
		return isPointer(t) || isInteger(t)
	case printf.CheckKAddr:
		return isPointer(t) || isInteger(t) || isExactly(t, types.SymAddrType)
	case printf.CheckUAddr:
		if isExactly(t, types.USymAddrType) {
			return true
		}
		return target && (isPointer(t) || isInteger(t))
	case printf.CheckStack:
		return isExactly(t, types.StackType)
	case printf.CheckTime:
		return isInteger(t) && typeSize(t) == 8
	case printf.CheckStr:
		if t.IsString() || isExactly(t, types.CgroupPathType) {
			return true
		}
		r := t.Resolve()
		return r != nil && r.Kind == types.Array && r.Elem.IsCharLike()
	case printf.CheckWStr:
		r := t.Resolve()
		if r == nil || r.Kind != types.Array {
			return false
		}
		e := r.Elem.Resolve()
		return e != nil && e.Kind == types.Int && e.Size == 4
	case printf.CheckCSI:
		return isInteger(t) && typeSize(t) <= 4
	case printf.CheckFP:
		r := t.Resolve()
		return r != nil && r.Kind == types.Float
	case printf.CheckXInt:
		return isInteger(t)
	case printf.CheckDInt:
		if r := t.Resolve(); r != nil && !t.IsSpecial() && r.Kind == types.Int && r.Signed {
			c.Flags |= printf.FlagSigned
		} else {
			c.OutFmt = c.OutFmt[:len(c.OutFmt)-1] + "u"
		}
		return isInteger(t)
	case printf.CheckXShort:
		return hasIntName(t, "short", "signed short", "unsigned short")
	case printf.CheckXLong:
		return hasIntName(t, "long", "signed long", "unsigned long")
	case printf.CheckXLongLong:
		if hasIntName(t, "long long", "signed long long", "unsigned long long") {
			return true
		}
		// [u]int64_t, or a typedef of one, also goes with %llx.
		for ; t != nil && t.Kind == types.Typedef; t = t.Elem {
			if t.Name == "int64_t" || t.Name == "uint64_t" {
				return true
			}
		}
		return false
	case printf.CheckType:
		return compatible(t, protoTypes[cv.Proto])
	}
	return false
}

// protoTypes are the types pfcheck_type compares with, by prototype name.
var protoTypes = map[string]*types.Type{
	"short":              types.ShortType,
	"unsigned short":     types.UShortType,
	"int":                types.IntType,
	"long":               types.LongType,
	"unsigned long":      types.ULongType,
	"long long":          types.LongLongType,
	"unsigned long long": types.ULongLongType,
	"long double":        types.LDoubleType,
	"void":               types.VoidType,
}

// compatible is ctf_type_compat as pfcheck_type uses it: an enum goes with
// any integer, integers and floats with those of the same encoding (size
// and signedness; names do not matter, so long and long long are one).
func compatible(t, proto *types.Type) bool {
	if t == nil || proto == nil || t.IsSpecial() {
		return false // D's special types are typedefs of void in DTrace
	}
	a, b := t.Resolve(), proto.Resolve()
	if (a.Kind == types.Enum && b.Kind == types.Int) || (a.Kind == types.Int && b.Kind == types.Enum) {
		return true
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case types.Int:
		return a.Size == b.Size && a.Signed == b.Signed &&
			(a.Name == "_Bool") == (b.Name == "_Bool")
	case types.Float:
		return a.Size == b.Size
	}
	return types.Same(a, b)
}

// isInteger is dt_node_is_integer: an integer or enum. D's special types
// (stack, _symaddr, _usymaddr) are typedefs of void in DTrace, so not.
func isInteger(t *types.Type) bool {
	return t != nil && !t.IsSpecial() && t.IsInteger()
}

// isPointer is dt_node_is_pointer: a pointer or an array, but not a string.
func isPointer(t *types.Type) bool {
	if t == nil || t.IsSpecial() {
		return false
	}
	r := t.Resolve()
	return r != nil && (r.Kind == types.Pointer || r.Kind == types.Array)
}

// isExactly reports whether t is the special type sp (qualifiers aside),
// as dt_node_is_stack / _symaddr / _usymaddr compare type identities.
func isExactly(t, sp *types.Type) bool {
	for t != nil && t.Kind == types.Qualified {
		t = t.Elem
	}
	return t == sp
}

// hasIntName reports whether t, without typedefs and qualifiers, is an
// integer type with one of the names.
func hasIntName(t *types.Type, names ...string) bool {
	if t == nil || t.IsSpecial() {
		return false
	}
	r := t.Resolve()
	if r == nil || r.Kind != types.Int {
		return false
	}
	for _, n := range names {
		if r.Name == n {
			return true
		}
	}
	return false
}

// typeSize is dt_node_type_size for the checks: 0 for D's special types
// (void in DTrace), 4 for an enum of unknown size.
func typeSize(t *types.Type) int64 {
	if t == nil || t.IsSpecial() {
		return 0
	}
	r := t.Resolve()
	if r == nil {
		return 0
	}
	if r.Kind == types.Enum && r.Size == 0 {
		return 4
	}
	return r.Size
}

func typeName(t *types.Type) string {
	if t == nil {
		return "<nil>"
	}
	return t.String()
}
