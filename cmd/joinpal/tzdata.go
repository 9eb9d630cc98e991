package main

// The IANA time zones are embedded, so that scheduled games are arranged
// in any zone on a machine without a zone database.
import _ "time/tzdata"
