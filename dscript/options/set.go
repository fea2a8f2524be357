package options

import "time"

// Setting is one option as it was set.
type Setting struct {
	Name  string
	Value string
	Given bool // "name=value" rather than "name"
	// Pragma is set for options set by "#pragma D option".
	Pragma bool
}

// Set records validated option settings in the order they were made. The
// zero value is an empty set.
type Set struct {
	list []Setting
	vmax uint32 // the D version in force; 0 means LatestVersion
}

// Set validates an option as given on the command line (-x) and records
// it.
func (s *Set) Set(name, value string, given bool) error {
	return s.set(Setting{Name: name, Value: value, Given: given})
}

// SetPragma validates an option as given by "#pragma D option" and records
// it.
func (s *Set) SetPragma(name, value string, given bool) error {
	return s.set(Setting{Name: name, Value: value, Given: given, Pragma: true})
}

func (s *Set) set(st Setting) error {
	if err := validate(st.Name, st.Value, st.Given, st.Pragma); err != nil {
		return err
	}
	if st.Name == "version" {
		// dt_reduce: the version may only be lowered.
		v, _ := ParseVersion(st.Value)
		if v > s.Version() {
			return &Error{Name: st.Name, Value: st.Value, Given: st.Given, Err: ErrVersionReduced}
		}
		s.vmax = v
	}
	s.list = append(s.list, st)
	return nil
}

// Settings returns every setting in order.
func (s *Set) Settings() []Setting { return s.list }

// Lookup returns the last setting of the named option.
func (s *Set) Lookup(name string) (Setting, bool) {
	for i := len(s.list) - 1; i >= 0; i-- {
		if s.list[i].Name == name {
			return s.list[i], true
		}
	}
	return Setting{}, false
}

// Values returns the values of every setting of the named option, in
// order (define, undef, incdir and libdir accumulate).
func (s *Set) Values(name string) []string {
	var vs []string
	for _, st := range s.list {
		if st.Name == name {
			vs = append(vs, st.Value)
		}
	}
	return vs
}

// Bool reports whether the named option is in effect: a flag that was given
// and not undone by its inverse (kdefs, udefs), or a run-time option whose
// value is not unset ("-x quiet", "-x quiet=yes" or even "-x quiet=0", but
// not "-x quiet=no").
func (s *Set) Bool(name string) bool {
	spec, ok := Lookup(name)
	if !ok {
		return false
	}
	for i := len(s.list) - 1; i >= 0; i-- {
		st := s.list[i]
		if spec.Inverse != "" && st.Name == spec.Inverse {
			return false
		}
		if st.Name != name {
			continue
		}
		if spec.Kind == Bool && st.Given {
			v, err := parseRuntime(st.Value)
			return err == nil && v != Unset
		}
		return true
	}
	return false
}

// Int returns the value of a run-time integer option (cpu, nspec,
// stackframes, ...); ok is false when it is not set. Given without a value,
// it is 0, as in DTrace.
func (s *Set) Int(name string) (v int64, ok bool) {
	st, found := s.Lookup(name)
	if !found {
		return 0, false
	}
	if !st.Given {
		return 0, true
	}
	v, err := parseRuntime(st.Value)
	if err != nil || v == Unset {
		return 0, false
	}
	return v, true
}

// Size returns the value in bytes of a size option (bufsize, strsize,
// ...); ok is false when it is not set.
func (s *Set) Size(name string) (n int64, ok bool) {
	st, found := s.Lookup(name)
	if !found {
		return 0, false
	}
	if !st.Given {
		return 0, true
	}
	n, err := parseSize(st.Value)
	return n, err == nil
}

// Rate returns the interval of a rate option (switchrate, aggrate, ...):
// "10hz" is 100ms; ok is false when it is not set.
func (s *Set) Rate(name string) (d time.Duration, ok bool) {
	st, found := s.Lookup(name)
	if !found {
		return 0, false
	}
	if !st.Given {
		return 0, true
	}
	n, err := parseRate(st.Value)
	return time.Duration(n), err == nil
}

// String returns the value of the last setting of the named option.
func (s *Set) String(name string) (string, bool) {
	st, ok := s.Lookup(name)
	return st.Value, ok
}

// Version returns the D version in force: LatestVersion unless lowered by
// the version option.
func (s *Set) Version() uint32 {
	if s.vmax == 0 {
		return LatestVersion
	}
	return s.vmax
}
