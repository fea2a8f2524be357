module github.com/dtrace-go/dtrace

go 1.26.8

require (
	github.com/antlr4-go/antlr/v4 v4.13.1
	github.com/cilium/ebpf v0.22.0
	github.com/ulikunitz/xz v0.5.17
	golang.org/x/sys v0.43.0
)

require (
	golang.org/x/arch v0.33.0 // indirect
	golang.org/x/exp v0.0.0-20240506185415-9bf2ced13842 // indirect
)
