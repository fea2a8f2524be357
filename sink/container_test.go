package sink

import "testing"

// The container and pod of the cgroup layouts Kubernetes' container
// runtimes make, with the systemd and the cgroupfs drivers, and of
// Docker's and Podman's containers outside Kubernetes.
func TestContainer(t *testing.T) {
	const (
		id  = "4c2bd3e1f0a9e8d7c6b5a4938271605f4e3d2c1b0a9f8e7d6c5b4a3928170605"
		uid = "8f0c6e2a-1b3d-4f5e-9a7b-0c1d2e3f4a5b"
		usc = "8f0c6e2a_1b3d_4f5e_9a7b_0c1d2e3f4a5b"
	)
	for _, c := range []struct {
		path, id, pod string
	}{
		{"/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod" + usc + ".slice/cri-containerd-" + id + ".scope", id, uid},
		{"/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod" + usc + ".slice/crio-" + id + ".scope", id, uid},
		{"/kubepods.slice/kubepods-pod" + usc + ".slice/cri-containerd-" + id + ".scope", id, uid},
		{"/kubepods.slice/kubepods-pod" + usc + ".slice/docker-" + id + ".scope", id, uid},
		{"/kubepods/burstable/pod" + uid + "/" + id, id, uid},
		{"/kubepods/pod" + uid + "/" + id, id, uid},
		{"/kubepods/besteffort/pod" + uid, "", uid},
		{"/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod" + usc + ".slice", "", uid},
		{"/system.slice/docker-" + id + ".scope", id, ""},
		{"/docker/" + id, id, ""},
		{"/machine.slice/libpod-" + id + ".scope/container", id, ""},
		{"/user.slice/user-1000.slice/session-3.scope", "", ""},
		{"/system.slice/crio-conmon-" + id + ".scope", "", ""},
		{"/", "", ""},
		{"", "", ""},
	} {
		gotID, gotPod := Container(c.path)
		if gotID != c.id || gotPod != c.pod {
			t.Errorf("Container(%q) = %q, %q; want %q, %q", c.path, gotID, gotPod, c.id, c.pod)
		}
	}
}
