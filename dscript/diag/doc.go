// Package diag holds the D compiler's diagnostics: an Error is one
// compile-time error as DTrace reports it (its position, libdtrace's tag
// such as D_SYNTAX or D_IDENT_UNDEF, and DTrace's message, word for word),
// and Tag names the tags in dt_errtags.h's order. The parser and the
// checker report through it; docs/diagnostics.md lists each tag's message.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package diag
