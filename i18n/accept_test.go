package i18n

import "testing"

func TestMatch(t *testing.T) {
	tests := []struct{ lang, want string }{
		{"en", "en"}, {"EN", "en"}, {"en-US", "en"}, {"en_GB", "en"},
		{"es", "es"}, {"es-AR", "es"}, {"", "es"}, {"fr", "es"}, {"eng", "es"}, {"e", "es"},
		{"*", "es"}, {";;,,", "es"}, {"en;q=x", "es"},
		{"fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "en"},
		{"en;q=0.5, es;q=0.9", "es"},
		{"en;q=0.9, es;q=0.9", "en"},
		{"es;q=0, en", "en"},
		{"en;q=0", "es"},
		{"en;q=1.5", "es"},
		{" en-gb ; q=0.3 ", "en"},
	}
	for _, tt := range tests {
		if got := Match(tt.lang); got != tt.want {
			t.Errorf("Match(%q) = %q, want %q", tt.lang, got, tt.want)
		}
	}
}

// FuzzMatch: any header gives one of our languages, and never panics.
func FuzzMatch(f *testing.F) {
	f.Fuzz(func(t *testing.T, header string) {
		if got := Match(header); got != Spanish && got != English {
			t.Fatalf("Match(%q) = %q", header, got)
		}
	})
}
