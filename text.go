package dtrace

import (
	"io"

	"github.com/dtrace-go/dtrace/dscript/options"
	"github.com/dtrace-go/dtrace/sink/text"
)

// NewTextSink returns DTrace's text output writing to w: cfg as given, but
// for its options, which are the handle's output options as they are set
// when it is made (textOptionNames), with cfg.Options' Testing and
// Location kept; the setopt() of those options in a program applies from
// the record that holds it on.
func (h *Handle) NewTextSink(w io.Writer, cfg text.Config) *text.Sink {
	opt := text.Options{Testing: cfg.Options.Testing, Location: cfg.Options.Location}
	for _, name := range textOptionNames {
		setTextOption(&opt, &h.opts, name)
	}
	cfg.Options = opt
	cfg.SetOption = applySetopt
	return text.New(w, cfg)
}

// textOptionNames are the DTrace options that change the text output.
var textOptionNames = [...]string{"quiet", "flowindent", "rawbytes", "stackindent", "printsize",
	"aggsortkey", "aggsortkeypos", "aggsortpos", "aggsortrev"}

// applySetopt is the text output's text.Config.SetOption: a setopt() of
// one of textOptionNames, whose value the runner has checked.
func applySetopt(o *text.Options, name, value string, given bool) bool {
	var set options.Set
	if set.Set(name, value, given) != nil {
		return false
	}
	return setTextOption(o, &set, name)
}

// setTextOption sets in o the output option name as set holds it (checked
// when it was set), and reports whether name is one of textOptionNames.
// stackindent=0 is text.StackIndentNone; an option not in set is its
// default.
func setTextOption(o *text.Options, set *options.Set, name string) bool {
	switch name {
	case "quiet":
		o.Quiet = set.Bool(name)
	case "flowindent":
		o.FlowIndent = set.Bool(name)
	case "rawbytes":
		o.RawBytes = set.Bool(name)
	case "aggsortkey":
		o.AggSortKey = set.Bool(name)
	case "aggsortrev":
		o.AggSortRev = set.Bool(name)
	case "aggsortkeypos":
		v, _ := set.Int(name)
		o.AggSortKeyPos = int(v)
	case "printsize":
		v, _ := set.Size(name)
		o.PrintSize = int(v)
	case "aggsortpos":
		v, _ := set.Int(name)
		o.AggSortPos = int(v)
	case "stackindent":
		v, ok := set.Int(name)
		switch {
		case !ok:
			o.StackIndent = 0
		case v == 0:
			o.StackIndent = text.StackIndentNone
		default:
			o.StackIndent = int(v)
		}
	default:
		return false
	}
	return true
}
