package strength

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseAnchors(t *testing.T) {
	got, err := ParseAnchors("1=1350, 4=1500,8=2850")
	if want := map[int]int{1: 1350, 4: 1500, 8: 2850}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("%v %v, want %v", got, err, want)
	}
	for _, text := range []string{"", "3", "3=", "=1350", "9=1500", "0=1500", "3=1000", "3=2900", "3=1350,3=1500", "3=1350;4=1500", "a=b"} {
		if got, err := ParseAnchors(text); err == nil || !strings.HasPrefix(err.Error(), "strength: ") {
			t.Errorf("%q: %v, %v", text, got, err)
		}
	}
}

func TestParseLevels(t *testing.T) {
	for text, want := range map[string][2]int{"1-8": {1, 8}, "2-3": {2, 3}, "5": {5, 5}, "8-8": {8, 8}} {
		first, last, err := ParseLevels(text)
		if err != nil || [2]int{first, last} != want {
			t.Errorf("%q: %d-%d %v, want %v", text, first, last, err, want)
		}
	}
	// "1-8x" was read as 1-8 when fmt.Sscanf parsed the flag.
	for _, text := range []string{"", "5-2", "0-3", "1-9", "1-8x", "-3", "1--3", "+1-3", "1-+3", " 1-3", "1 - 3", "a-b"} {
		if first, last, err := ParseLevels(text); err == nil || !strings.HasPrefix(err.Error(), "strength: ") {
			t.Errorf("%q: %d-%d %v", text, first, last, err)
		}
	}
}

// FuzzParseAnchors: a text is refused or gives anchors that pass Check.
func FuzzParseAnchors(f *testing.F) {
	for _, s := range []string{"1=1350,2=1350,3=1350,4=1500,5=1800,6=2100,7=2400,8=2850", "3=1000", "3=1350,3=1350", " 3 = 1350"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		anchors, err := ParseAnchors(text)
		if err != nil {
			return
		}
		if len(anchors) == 0 || len(anchors) > strings.Count(text, ",")+1 {
			t.Fatalf("%q: %v", text, anchors)
		}
		for level, elo := range anchors {
			if err := checkAnchor(level, elo); err != nil {
				t.Fatalf("%q: %v", text, err)
			}
		}
	})
}

// FuzzParseLevels: a text is refused or gives a range within the levels.
func FuzzParseLevels(f *testing.F) {
	for _, s := range []string{"1-8", "5", "1-8x", "3-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		first, last, err := ParseLevels(text)
		if err == nil && (first < 1 || last > 8 || first > last) {
			t.Fatalf("%q: %d-%d", text, first, last)
		}
	})
}
