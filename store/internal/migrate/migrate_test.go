package migrate

import (
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

func TestLoad(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	tests := []struct {
		name  string
		files fstest.MapFS
		want  string // versions and names, or the error's text
	}{
		{"in order", fstest.MapFS{"m/0002_b.sql": file("B"), "m/0001_a.sql": file("A"), "m/README": file("")},
			"1 0001_a.sql A; 2 0002_b.sql B; "},
		{"none", fstest.MapFS{"m/x.txt": file("")}, ""},
		{"gap", fstest.MapFS{"m/0001_a.sql": file(""), "m/0003_c.sql": file("")}, "expected version 2"},
		{"repeat", fstest.MapFS{"m/0001_a.sql": file(""), "m/1_b.sql": file("")}, "expected version 2"},
		{"no number", fstest.MapFS{"m/init.sql": file("")}, "not NNNN_name.sql"},
		{"zero", fstest.MapFS{"m/0000_init.sql": file("")}, "not NNNN_name.sql"},
		{"no dir", fstest.MapFS{}, "migrations:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms, err := Load(tt.files, "m")
			var got strings.Builder
			if err != nil {
				got.WriteString(err.Error())
			}
			for _, m := range ms {
				got.WriteString(strings.Join([]string{strconv.Itoa(m.Version), m.Name, m.SQL}, " ") + "; ")
			}
			if !strings.Contains(got.String(), tt.want) || (tt.want == "" && got.Len() != 0) {
				t.Errorf("Load = %q, want %q", got.String(), tt.want)
			}
		})
	}
}
