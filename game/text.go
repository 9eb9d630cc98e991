package game

import "strconv"

// pick returns es for Spanish (the default) and en for English. lang is a
// BCP 47 tag or its language part: "en", "en-US" and "EN" are English.
func pick(lang, es, en string) string {
	if len(lang) >= 2 && (lang[0]|0x20) == 'e' && (lang[1]|0x20) == 'n' &&
		(len(lang) == 2 || lang[2] == '-' || lang[2] == '_') {
		return en
	}
	return es
}

func itoa(n int) string { return strconv.Itoa(n) }

// quote quotes user text for an error message, cutting it short so that a
// huge input does not make a huge message.
func quote(s string) string {
	const max = 40
	if len(s) > max {
		return strconv.Quote(s[:max]) + "..."
	}
	return strconv.Quote(s)
}
