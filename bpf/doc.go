// Package bpf loads compiled D programs into the kernel and decodes the
// records they produce. It knows nothing of D.
//
// Not built yet: the code generator and runtime come with the issue that
// runs D for real. Nothing imports this package so far.
package bpf
