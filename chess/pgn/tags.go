package pgn

// Tag is one tag pair, such as [White "Tal, Mikhail"].
type Tag struct {
	Name, Value string
}

// Tags is the tag section of a game, in order. The reader never gives a
// name twice: a repeated tag replaces the value of the first one.
type Tags []Tag

// SevenTagRoster lists the tags that every exported game has, in the order
// in which they are written.
var SevenTagRoster = [7]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// Lookup returns the value of the tag name and whether the tag is present.
// Names are case-sensitive.
func (t Tags) Lookup(name string) (string, bool) {
	for _, tag := range t {
		if tag.Name == name {
			return tag.Value, true
		}
	}
	return "", false
}

// Get returns the value of the tag name, or "" if there is none.
func (t Tags) Get(name string) string {
	v, _ := t.Lookup(name)
	return v
}

// Set sets the tag name to value, in place if present, else at the end.
func (t *Tags) Set(name, value string) {
	for i := range *t {
		if (*t)[i].Name == name {
			(*t)[i].Value = value
			return
		}
	}
	*t = append(*t, Tag{Name: name, Value: value})
}

// Delete removes every tag called name.
func (t *Tags) Delete(name string) {
	kept := (*t)[:0]
	for _, tag := range *t {
		if tag.Name != name {
			kept = append(kept, tag)
		}
	}
	*t = kept
}
