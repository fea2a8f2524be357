//go:build !arm64

package main

const isArm64 = false
