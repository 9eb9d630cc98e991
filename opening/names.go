package opening

import (
	_ "embed"
	"encoding/json"
	"strings"
	"sync"
)

//go:embed names.es.json
var namesES []byte

// catalogue is names.es.json: the Spanish name of each family of the data
// and of common variations, both by their English names.
type catalogue struct {
	Families   map[string]string `json:"families"`
	Variations map[string]string `json:"variations"`
}

var spanish = sync.OnceValue(func() catalogue {
	var c catalogue
	if err := json.Unmarshal(namesES, &c); err != nil {
		panic("opening: names.es.json: " + err.Error()) // embedded and tested
	}
	return c
})

// spanishName gives an opening's Spanish name: the family's reviewed name
// (the English one if it has none), then each part of the variation, split
// at commas, by its reviewed name or as given.
func spanishName(family, variation string) string {
	c := spanish()
	name := family
	if es, ok := c.Families[family]; ok {
		name = es
	}
	if variation == "" {
		return name
	}
	parts := strings.Split(variation, ", ")
	for i, p := range parts {
		if es, ok := c.Variations[p]; ok {
			parts[i] = es
		}
	}
	return name + ": " + strings.Join(parts, ", ")
}
