package toolkit

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// loopDevice attaches a 16 MiB file on the root file system to a loop
// device of its own, detached when the test ends, and returns the
// device's name (loopN): the test's block I/O goes there, apart from
// every other disk's.
func loopDevice(t *testing.T) string {
	t.Helper()
	needRoot(t)
	img := tempFile(t, "disk.img")
	if err := os.WriteFile(img, nil, 0644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(img, 16<<20); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("losetup", "-f", "--show", img).CombinedOutput()
	if err != nil {
		t.Fatalf("losetup: %v\n%s", err, out)
	}
	dev := strings.TrimSpace(string(out))
	t.Cleanup(func() { exec.Command("losetup", "-d", dev).Run() })
	// Where udev runs, it reads a new device to identify it: let it
	// finish before the test counts the device's requests.
	exec.Command("udevadm", "settle").Run()
	return strings.TrimPrefix(dev, "/dev/")
}

// directRead reads count blocks of bs bytes from the device with O_DIRECT
// (each a request of its own, past the page cache), starting at block
// skip, with dd, and returns dd's pid.
func directRead(t *testing.T, dev string, bs, skip, count int) int {
	t.Helper()
	return run(t, "dd", "if=/dev/"+dev, "of=/dev/null", "bs="+strconv.Itoa(bs),
		"skip="+strconv.Itoa(skip), "count="+strconv.Itoa(count), "iflag=direct", "status=none")
}

func TestBiolatency(t *testing.T) {
	t.Parallel()
	dev := loopDevice(t)
	tl := start(t, "biolatency.d", nil)
	directRead(t, dev, 4096, 0, 30)
	out := tl.stop()
	total, _ := histTotal(t, out, "disk = "+dev)
	if total != 30 {
		t.Errorf("%s: %d requests in the histogram, want 30:\n%s", dev, total, out)
	}
}

func TestBiosnoop(t *testing.T) {
	t.Parallel()
	dev := loopDevice(t)
	tl := start(t, "biosnoop.d", nil)
	pid := strconv.Itoa(directRead(t, dev, 12288, 5, 3))
	// Blocks of 12288 bytes from block 5: sectors 120, 144 and 168.
	for _, sector := range []string{"120", "144", "168"} {
		tl.waitFields("dd", pid, dev, "R", sector, "12288")
	}
	tl.stop()
}

func TestBitesize(t *testing.T) {
	t.Parallel()
	dev := loopDevice(t)
	tl := start(t, "bitesize.d", nil)
	pid := directRead(t, dev, 12288, 0, 7)
	out := tl.stop()
	total, buckets := histTotal(t, out, strconv.Itoa(pid)+"  dd")
	// 12288 bytes fall in the 8192 bucket.
	if total != 7 || buckets[8192] != 7 {
		t.Errorf("dd's histogram: %d requests, %d of 8192..16383 bytes; want 7 and 7:\n%s", total, buckets[8192], out)
	}
}

func TestIosnoop(t *testing.T) {
	t.Parallel()
	dev := loopDevice(t)
	tl := start(t, "iosnoop.d", nil)
	pid := strconv.Itoa(directRead(t, dev, 8192, 10, 2))
	// Blocks of 8192 bytes from block 10: 512-byte blocks 160 and 176.
	tl.waitFields("0", pid, "dd", "R", dev, "160", "8192")
	tl.waitFields("0", pid, "dd", "R", dev, "176", "8192")
	tl.stop()
}

func TestIotop(t *testing.T) {
	t.Parallel()
	dev := loopDevice(t)
	tl := start(t, "iotop.d", nil, "1")
	pid := strconv.Itoa(directRead(t, dev, 65536, 0, 16))
	out := tl.stop()
	// 16 reads of 64 KiB: 1024 KiB, in one interval or across two.
	var kb int64
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) == 5 && f[0] == pid && f[1] == "dd" && f[2] == dev && f[3] == "R" {
			kb += atoi(t, f[4])
		}
	}
	if kb != 1024 {
		t.Errorf("dd read %d KiB from %s, want 1024:\n%s", kb, dev, out)
	}
}

func TestIopattern(t *testing.T) {
	t.Parallel()
	dev := loopDevice(t)
	tl := start(t, "iopattern.d", nil, "1", dev)
	// 20 sequential requests, then one elsewhere.
	directRead(t, dev, 4096, 1, 20)
	directRead(t, dev, 4096, 100, 1)
	out := tl.stop()
	var count, kr int64
	seq := false
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) != 8 || f[0] == "%RAN" {
			continue
		}
		n := atoi(t, f[2])
		count += n
		kr += atoi(t, f[6])
		if n > 0 && atoi(t, f[1]) >= 50 {
			seq = true
		}
	}
	if count != 21 || kr != 84 || !seq {
		t.Errorf("%d requests, %d KiB read, sequential: %v; want 21, 84 and mostly sequential:\n%s", count, kr, seq, out)
	}
}
