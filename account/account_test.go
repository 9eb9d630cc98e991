package account

import (
	"errors"
	"strings"
	"testing"
)

func TestValidateUsername(t *testing.T) {
	tests := []struct {
		name string
		code Code // "" when allowed
	}{
		{"ana", ""},
		{"Magnus_Carlsen", ""},
		{"hikaru-2", ""},
		{"a1b2c3d4e5f6g7h8i9j0", ""},
		{"ab", CodeUsernameLength},
		{"a12345678901234567890", CodeUsernameLength},
		{"", CodeUsernameLength},
		{"josé", CodeUsernameChars},
		{"two words", CodeUsernameChars},
		{"1player", CodeUsernameStart},
		{"_ana", CodeUsernameStart},
		{"ana_", CodeUsernameEnd},
		{"ana--b", CodeUsernameSeparator},
		{"ana_-b", CodeUsernameSeparator},
		{"Admin", CodeUsernameReserved},
		{"INVITADO", CodeUsernameReserved},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateUsername(tt.name)
			if got := CodeOf(err); got != tt.code {
				t.Fatalf("ValidateUsername(%q) = %v (code %q), want code %q", tt.name, err, got, tt.code)
			}
			if err != nil && (!errors.Is(err, NewError(tt.code, "", nil)) || !strings.HasPrefix(err.Error(), "account: ")) {
				t.Errorf("error %v is not an account refusal", err)
			}
		})
	}
	if UserID("Magnus_Carlsen") != "magnus_carlsen" {
		t.Error("UserID keeps case")
	}
}

func TestValidatePassword(t *testing.T) {
	tests := []struct {
		user, pass string
		code       Code
	}{
		{"ana", "correct horse battery", ""},
		{"ana", "ñandúñandú", ""}, // 10 characters, 14 bytes
		{"ana", "1234567", CodePasswordShort},
		{"ana", "ñandúña", CodePasswordShort}, // 7 characters though 9 bytes
		{"ana", strings.Repeat("x", 129), CodePasswordLong},
		{"anabelle", "ANABELLE", CodePasswordUsername},
	}
	for _, tt := range tests {
		if got := CodeOf(ValidatePassword(tt.user, tt.pass)); got != tt.code {
			t.Errorf("ValidatePassword(%q, %q): code %q, want %q", tt.user, tt.pass, got, tt.code)
		}
	}
	err := ValidatePassword("ana", "short")
	var e *Error
	if !errors.As(err, &e) || e.ErrorParams()["min"] != "8" {
		t.Errorf("params of %v: %v", err, e)
	}
}

// cheap keeps the tests fast; DefaultParams is checked once below.
var cheap = Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

func TestHashAndCheck(t *testing.T) {
	h, err := HashPassword("correct horse battery", cheap)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("hash %q", h)
	}
	h2, _ := HashPassword("correct horse battery", cheap)
	if h == h2 {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	if ok, rehash, err := CheckPassword(h, "correct horse battery", cheap); !ok || rehash || err != nil {
		t.Fatalf("right password: %v %v %v", ok, rehash, err)
	}
	if ok, _, err := CheckPassword(h, "correct horse batterY", cheap); ok || err != nil {
		t.Fatalf("wrong password: %v %v", ok, err)
	}
	if ok, rehash, _ := CheckPassword(h, "correct horse battery", DefaultParams); !ok || !rehash {
		t.Fatalf("older parameters: ok %v rehash %v, want true true", ok, rehash)
	}
}

func TestDefaultParams(t *testing.T) {
	if testing.Short() {
		t.Skip("19 MiB hashes")
	}
	h, err := HashPassword("pa55word!", DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q", h)
	}
	if ok, rehash, err := CheckPassword(h, "pa55word!", DefaultParams); !ok || rehash || err != nil {
		t.Fatalf("%v %v %v", ok, rehash, err)
	}
}

func TestCheckBadHash(t *testing.T) {
	good, _ := HashPassword("x", cheap)
	parts := strings.Split(good, "$")
	for _, h := range []string{
		"", "plain", "$argon2i$v=19$m=64,t=1,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=16$m=64,t=1,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=19$m=64,t=0,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=19$m=64,t=1,p=1$!!$" + parts[5],
		"$argon2id$v=19$m=64,t=1,p=1$" + parts[4] + "$c2hvcnQ",
	} {
		if _, _, err := CheckPassword(h, "x", cheap); CodeOf(err) != CodeBadHash {
			t.Errorf("CheckPassword(%q): %v, want %s", h, err, CodeBadHash)
		}
	}
}

func TestSecrets(t *testing.T) {
	s, d := NewSecret(TokenPrefix)
	if !strings.HasPrefix(s, "jpt_") || len(s) != 4+43 {
		t.Fatalf("secret %q", s)
	}
	got, err := ParseSecret(TokenPrefix, s)
	if err != nil || got != d {
		t.Fatalf("ParseSecret: %v %v", got, err)
	}
	s2, d2 := NewSecret(TokenPrefix)
	if s2 == s || d2 == d {
		t.Fatal("two secrets are equal")
	}
	for _, bad := range []string{"", s[4:], SessionPrefix + s[4:] + "x", "jpt_" + strings.Repeat("!", 43), strings.Replace(s, "jpt_", "jps_", 1)} {
		if _, err := ParseSecret(TokenPrefix, bad); CodeOf(err) != CodeBadToken {
			t.Errorf("ParseSecret(%q): %v", bad, err)
		}
	}
}

func TestCodesListed(t *testing.T) {
	seen := map[Code]bool{}
	for _, c := range Codes() {
		if seen[c.Code] || !strings.HasPrefix(string(c.Code), "account.") || c.When == "" {
			t.Errorf("code %+v", c)
		}
		seen[c.Code] = true
	}
	for _, code := range []Code{CodeUsernameLength, CodeUsernameChars, CodeUsernameStart, CodeUsernameEnd, CodeUsernameSeparator,
		CodeUsernameReserved, CodeUsernameTaken, CodePasswordShort, CodePasswordLong, CodePasswordUsername,
		CodeBadCredentials, CodeBadHash, CodeBadToken, CodeNotFound} {
		if !seen[code] {
			t.Errorf("%s missing from Codes()", code)
		}
	}
}

func FuzzValidateUsername(f *testing.F) {
	for _, s := range []string{"ana", "a_b-c", "Admin", "1x", "ñ", "ab__c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := ValidateUsername(s)
		if err == nil {
			if len(s) < UsernameMin || len(s) > UsernameMax || strings.ContainsAny(s, " $/\\<>\"'") {
				t.Fatalf("%q allowed", s)
			}
		} else if CodeOf(err) == "" {
			t.Fatalf("uncoded error %v", err)
		}
	})
}
