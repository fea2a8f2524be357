package examples

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/dtrace-go/dtrace/dscript/options"
)

// manifest is what daemonset.yaml's documents hold that the fleet relies
// on.
type manifest struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string
	Metadata   struct {
		Name      string
		Namespace string
	}
	Data map[string]string
	Spec struct {
		Selector struct {
			MatchLabels map[string]string `yaml:"matchLabels"`
		}
		Template struct {
			Metadata struct {
				Labels      map[string]string
				Annotations map[string]string
			}
			Spec struct {
				HostPID    bool `yaml:"hostPID"`
				Containers []struct {
					Name    string
					Image   string
					Command []string
					Args    []string
					Ports   []struct {
						ContainerPort int `yaml:"containerPort"`
					}
					SecurityContext struct {
						Privileged bool
					} `yaml:"securityContext"`
					VolumeMounts []struct {
						Name      string
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				}
				Volumes []struct {
					Name     string
					HostPath *struct {
						Path string
					} `yaml:"hostPath"`
					ConfigMap *struct {
						Name string
					} `yaml:"configMap"`
				}
			}
		}
	}
}

// The DaemonSet manifest is not run here (no Kubernetes): its fields are
// checked against what dtrace needs and what the scrapers read.
func TestDaemonSet(t *testing.T) {
	b, err := os.ReadFile("daemonset.yaml")
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]*manifest{}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	for {
		m := &manifest{}
		err := dec.Decode(m)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("daemonset.yaml: %v", err)
		}
		docs[m.Kind] = m
	}
	cm, ds := docs["ConfigMap"], docs["DaemonSet"]
	if cm == nil || ds == nil || cm.APIVersion != "v1" || ds.APIVersion != "apps/v1" {
		t.Fatalf("want a v1 ConfigMap and an apps/v1 DaemonSet: %v", docs)
	}
	script, err := os.ReadFile("fleet.d")
	if err != nil {
		t.Fatal(err)
	}
	if cm.Data["fleet.d"] != string(script) {
		t.Errorf("the ConfigMap's fleet.d is not examples/fleet.d")
	}
	tmpl := ds.Spec.Template
	for k, v := range ds.Spec.Selector.MatchLabels {
		if tmpl.Metadata.Labels[k] != v {
			t.Errorf("the selector's %s=%s does not select the pods", k, v)
		}
	}
	if len(ds.Spec.Selector.MatchLabels) == 0 {
		t.Error("no selector")
	}
	if !tmpl.Spec.HostPID {
		t.Error("hostPID is not set: dtrace would see the pod's processes only")
	}
	if len(tmpl.Spec.Containers) != 1 {
		t.Fatalf("%d containers", len(tmpl.Spec.Containers))
	}
	c := tmpl.Spec.Containers[0]
	if !c.SecurityContext.Privileged {
		t.Error("the container is not privileged: BPF tracing needs it")
	}
	mounts := map[string]string{}
	for _, m := range c.VolumeMounts {
		mounts[m.MountPath] = m.Name
	}
	volumes := map[string]string{} // name -> hostPath or configmap:NAME
	for _, v := range tmpl.Spec.Volumes {
		switch {
		case v.HostPath != nil:
			volumes[v.Name] = v.HostPath.Path
		case v.ConfigMap != nil:
			volumes[v.Name] = "configmap:" + v.ConfigMap.Name
		}
	}
	if volumes[mounts["/sys"]] != "/sys" {
		t.Error("the host's /sys (tracefs, BTF, cgroups) is not mounted at /sys")
	}
	// What the fleet aggregates is by container: keyed by the cgroup's
	// path, which the metrics and profiles label with its container and
	// pod.
	for _, agg := range []string{"@syscalls[", "@cpu["} {
		i := strings.Index(string(script), agg)
		if i < 0 || !strings.Contains(strings.SplitN(string(script[i:]), "]", 2)[0], "cgroup_path(cgroup)") {
			t.Errorf("%s...] of fleet.d is not keyed by cgroup_path(cgroup)", agg)
		}
	}
	// The arguments: valid options, a script from the ConfigMap, an
	// address beyond the loopback whose port is the pod's and the
	// scrapers'.
	var addr, scriptPath string
	for i := 0; i < len(c.Args); i++ {
		switch c.Args[i] {
		case "-x":
			i++
			name, value, given := strings.Cut(c.Args[i], "=")
			if err := options.Validate(name, value, given); err != nil {
				t.Errorf("-x %s: %v", c.Args[i], err)
			}
			if name == "httpserver" {
				addr = value
			}
		case "-s":
			i++
			scriptPath = c.Args[i]
		}
	}
	dir, file := path.Split(scriptPath)
	if file != "fleet.d" || volumes[mounts[strings.TrimSuffix(dir, "/")]] != "configmap:"+cm.Metadata.Name {
		t.Errorf("-s %s is not fleet.d of the ConfigMap %s", scriptPath, cm.Metadata.Name)
	}
	host, port, _ := strings.Cut(addr, ":")
	if host != "0.0.0.0" || port == "" {
		t.Errorf("httpserver=%s: the scrapers reach the pod's address, not its loopback", addr)
	}
	if len(c.Ports) != 1 || itoa(c.Ports[0].ContainerPort) != port {
		t.Errorf("container ports %v, want %s", c.Ports, port)
	}
	an := tmpl.Metadata.Annotations
	if an["prometheus.io/scrape"] != "true" || an["prometheus.io/port"] != port || an["prometheus.io/path"] != "/metrics" {
		t.Errorf("Prometheus annotations %v", an)
	}
	if an["profiles.grafana.com/cpu.scrape"] != "true" || an["profiles.grafana.com/cpu.port"] != port {
		t.Errorf("profile annotations %v", an)
	}
	// The profile path names an aggregation of fleet.d keyed by stacks.
	name := strings.TrimPrefix(an["profiles.grafana.com/cpu.path"], "/debug/pprof/")
	if !strings.Contains(string(script), "@"+name+"[") || !strings.Contains(string(script), "stack()") {
		t.Errorf("/debug/pprof/%s is not a stack-keyed aggregation of fleet.d", name)
	}
	if c.Command[0] != "/usr/bin/dtrace" || c.Image == "" {
		t.Errorf("command %v image %q", c.Command, c.Image)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
