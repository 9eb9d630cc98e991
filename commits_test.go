package joinpal_test

// Commit subjects, checked on the repository's history.

import (
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"
)

// subjectsSince is the first commit whose successors must keep their
// subjects short: the history before it is left as it is.
const subjectsSince = "3c6e2cf"

// maxSubject is the longest commit subject, in characters: what a
// one-line log shows in a terminal. The rest of a message goes in its
// body, after a blank line.
const maxSubject = 72

// TestCommitSubjects: every commit after subjectsSince has a subject of at
// most maxSubject characters. scripts/commit-msg refuses a longer one
// before it is committed. It skips when git or that commit is not there
// (an archive, a shallow clone).
func TestCommitSubjects(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git to read the history with")
	}
	if err := exec.Command("git", "cat-file", "-e", subjectsSince+"^{commit}").Run(); err != nil {
		t.Skipf("commit %s is not in this clone (shallow?): %v", subjectsSince, err)
	}
	out, err := exec.Command("git", "log", "--format=%h %s", subjectsSince+"..HEAD").Output()
	if err != nil {
		t.Skipf("git log: %v", err)
	}
	for line := range strings.SplitSeq(strings.TrimRight(string(out), "\n"), "\n") {
		hash, subject, _ := strings.Cut(line, " ")
		if n := utf8.RuneCountInString(subject); n > maxSubject {
			t.Errorf("commit %s: a subject of %d characters, more than %d (say what in the subject, why in the body): %q", hash, n, maxSubject, subject)
		}
	}
}
