package sink

import (
	"regexp"
	"strings"
)

// Containers in cgroup paths.
//
// cgroup_path() keys a profile's samples and a metric's series by a
// cgroup's path; the profile and metrics sinks also label them with the
// container and the Kubernetes pod the path names, as container runtimes
// and the kubelet name their cgroups:
//
//	/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod<uid>.slice/cri-containerd-<id>.scope
//	/kubepods.slice/kubepods-pod<uid>.slice/crio-<id>.scope
//	/kubepods/burstable/pod<uid>/<id>
//	/system.slice/docker-<id>.scope, /docker/<id>
//	/machine.slice/libpod-<id>.scope
//
// The systemd driver writes the pod's UID with '_' for '-'; it is given
// back with its dashes.

var (
	// podElem is a path element naming a pod: kubepods[-QOS]-pod<uid>.slice
	// (systemd) or pod<uid> (cgroupfs).
	podElem = regexp.MustCompile(`^(?:kubepods(?:-[a-z]+)*-)?pod([0-9a-f]{8}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{12})(?:\.slice)?$`)
	// containerElem is a path element naming a container: a runtime's
	// scope (systemd), or the bare id (cgroupfs).
	containerElem = regexp.MustCompile(`^(?:(?:docker|cri-containerd|crio|cri-dockerd|libpod)-)?([0-9a-f]{64})(?:\.scope)?$`)
)

// Container returns the id of the container and the UID of the Kubernetes
// pod that the cgroup path names, each "" when it names none: the
// innermost element of each kind.
func Container(path string) (id, podUID string) {
	for elem := range strings.SplitSeq(path, "/") {
		if m := podElem.FindStringSubmatch(elem); m != nil {
			podUID = strings.ReplaceAll(m[1], "_", "-")
		}
		if m := containerElem.FindStringSubmatch(elem); m != nil {
			id = m[1]
		}
	}
	return id, podUID
}

// ContainerLabels are the names of the labels the sinks add after a
// cgroup path key's: its container's id and its pod's UID.
var ContainerLabels = [2]string{"container_id", "pod_uid"}
