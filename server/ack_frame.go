package server

import (
	"encoding/json"
	"strconv"
)

// moveAckFrame is the "ack" frame of a move, byte for byte what
// encodeFrame makes of outFrame{T: "ack", D: ackData{…}}, written without
// reflection: one goes out for every move.
func moveAckFrame(id int64, ply int, uci, san string, v int64, resent bool) []byte {
	b := make([]byte, 0, 96)
	b = append(b, `{"t":"ack","d":{`...)
	if id != 0 {
		b = append(b, `"id":`...)
		b = strconv.AppendInt(b, id, 10)
		b = append(b, ',')
	}
	b = append(b, `"ply":`...)
	b = strconv.AppendInt(b, int64(ply), 10)
	if uci != "" {
		b = append(b, `,"uci":`...)
		b = appendJSONString(b, uci)
	}
	if san != "" {
		b = append(b, `,"san":`...)
		b = appendJSONString(b, san)
	}
	if v != 0 {
		b = append(b, `,"v":`...)
		b = strconv.AppendInt(b, v, 10)
	}
	if resent {
		b = append(b, `,"resent":true`...)
	}
	return append(b, "}}"...)
}

// appendJSONString appends s as encoding/json writes it: printable ASCII
// that needs no escape as it is, anything else through encoding/json.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always encodes
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
