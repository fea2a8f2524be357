package sink

import (
	"errors"
	"strings"
	"syscall"
)

// Strerror renders an error as C's strerror(errno) renders its errno, as
// DTrace's messages quote it ("No such file or directory"); an error that
// holds no errno, as its text.
func Strerror(err error) string {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err.Error()
	}
	msg := errno.Error()
	if msg == "" {
		return msg
	}
	return strings.ToUpper(msg[:1]) + msg[1:]
}
