// Package grammar holds the ANTLR grammar of the D language (DLexer.g4 and
// DParser.g4) and, in grammar/parser, the Go lexer and parser generated from
// it. Only package dscript/parse uses the generated code.
//
// Regenerate with "go generate ./grammar/..." (needs Node.js and npm). The
// generated parser ends each rule with an unreachable "goto" that keeps its
// error label used; internal/fixvet turns it into an "if false" so that go
// vet is clean.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package grammar

//go:generate npx --yes antlr-ng@1.0.10 -Dlanguage=Go --package parser --generate-listener false --generate-visitor false -o parser DLexer.g4 DParser.g4
//go:generate go run ./internal/fixvet parser/d_parser.go
//go:generate gofmt -w parser
