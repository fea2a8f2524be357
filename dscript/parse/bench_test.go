package parse

import (
	"fmt"
	"strings"
	"testing"
)

// testTypes is a stand-in for the checker's type lookup: D's predefined
// typedefs.
func testTypes(name string) bool { return dTypedefs[name] }

var dTypedefs = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`int8_t int16_t int32_t int64_t uint8_t uint16_t
		uint32_t uint64_t intptr_t uintptr_t intmax_t uintmax_t size_t ssize_t ptrdiff_t
		off_t off64_t pid_t uid_t gid_t id_t dev_t ino_t mode_t time_t caddr_t daddr_t
		uchar_t ushort_t uint_t ulong_t u_longlong_t longlong_t processorid_t psetid_t
		zoneid_t taskid_t projid_t clock_t key_t nlink_t blkcnt_t boolean_t major_t
		minor_t hrtime_t bool`) {
		dTypedefs[n] = true
	}
}

// benchScript returns a realistic D script of about lines lines.
func benchScript(lines int) []byte {
	var b strings.Builder
	b.WriteString("#!/usr/sbin/dtrace -qs\n#pragma D option quiet\n#pragma D option bufsize=4m\n\n")
	b.WriteString("typedef struct stats { uint64_t count; uint64_t bytes; int flags : 3; } stats_t;\n")
	b.WriteString("self uint64_t ts;\nthis int64_t delta;\nint counts[string, int];\ninline int LIMIT = 1024 * 4;\n\n")
	n := strings.Count(b.String(), "\n")
	for i := 0; n < lines; i++ {
		fmt.Fprintf(&b, `/* clause %d: time the syscalls */
syscall::read:entry, syscall::write:entry
/pid == $target && execname != "sshd" && arg2 > %d/
{
	self->ts[%d] = timestamp;
	self->fd = (int)arg0;
	this->buf = (uint64_t)arg1 + sizeof(stats_t) * 2;
	@bytes[probefunc, execname] = sum(arg2);
	counts[execname, self->fd] += 1;
}

fbt:vmlinux:vfs_*:return, syscall::[rw]rite:return
/self->ts[%d] && (this->delta = timestamp - self->ts[%d]) > 0/
{
	@lat[probefunc] = quantize(this->delta / 1000);
	@avg["latency", pid] = avg(this->delta >> 10);
	x = curthread->real_parent->pid == 1 ? args[0]->f_path.dentry->d_name.name : "none";
	printf("%%-16s %%5d %%d\n", execname, pid, this->delta & 0xffffULL);
	self->ts[%d] = 0;
	if (this->delta > LIMIT) {
		trace(stringof(x));
	} else
		n++;
}

`, i, i%100, i, i, i, i)
		n += 23
	}
	b.WriteString("END\n{\n\tprinta(\"%s %@d\\n\", @bytes);\n\ttrunc(@lat, 10)\n}\n")
	return []byte(b.String())
}

func BenchmarkParse(b *testing.B) {
	src := benchScript(2000)
	b.SetBytes(int64(len(src)))
	cfg := Config{IsType: testTypes}
	if _, err := Parse("bench.d", src, cfg); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Parse("bench.d", src, cfg); err != nil {
			b.Fatal(err)
		}
	}
}

func TestBenchScriptParses(t *testing.T) {
	src := benchScript(2000)
	if n := strings.Count(string(src), "\n"); n < 2000 {
		t.Fatalf("script has %d lines", n)
	}
	if _, err := Parse("bench.d", src, Config{IsType: testTypes}); err != nil {
		t.Fatal(err)
	}
}
