package server

import "strconv"

// encodeEventFrame is encodeFrame(outFrame{T: typ, V: seq, D: e}) for the
// data of a "move" or "state" frame, byte for byte, written without
// reflection: one goes out for every move, and through encoding/json the
// data was first copied into an interface and its legal moves through
// their MarshalJSON. A frame with a map other than an opening's names (the
// players gone, the check-ins, the ratings: rare frames) is encoded by
// encodeFrame.
func encodeEventFrame(typ string, seq int64, e eventJSON) []byte {
	if e.CheckedIn != nil || e.Gone != nil || e.Ratings != nil || (e.Opening != nil && len(e.Opening.Names) > maxHandNames) {
		return encodeFrame(outFrame{T: typ, V: seq, D: e})
	}
	size := 192 + len(e.FEN) + 8*len(e.Legal)
	if e.Opening != nil {
		size += 256
	}
	b := make([]byte, 0, size)
	b = append(b, `{"t":`...)
	b = appendJSONString(b, typ)
	if seq != 0 {
		b = append(b, `,"v":`...)
		b = strconv.AppendInt(b, seq, 10)
	}
	b = append(b, `,"d":{`...)
	if m := &e.Move; m.UCI != "" {
		b = append(b, `"move":{"uci":`...)
		b = appendJSONString(b, m.UCI)
		b = append(b, `,"san":`...)
		b = appendJSONString(b, m.SAN)
		b = appendOptionalInt(b, `,"clock":`, m.Clock)
		b = append(b, "},"...)
	}
	if o := e.Opening; o != nil {
		b = append(b, `"opening":`...)
		b = appendOpening(b, o)
		b = append(b, ',')
	}
	b = appendState(b, &e.stateJSON)
	return append(b, "}}"...)
}

// maxHandNames is the most names of an opening encodeEventFrame sorts
// itself (it has one for each catalogue language).
const maxHandNames = 4

// appendState appends the fields of st as encoding/json writes them
// inside an object (without its braces); st has no maps.
func appendState(b []byte, st *stateJSON) []byte {
	b = append(b, `"ply":`...)
	b = strconv.AppendInt(b, int64(st.Ply), 10)
	b = append(b, `,"fen":`...)
	b = appendJSONString(b, st.FEN)
	b = append(b, `,"turn":`...)
	b = appendJSONString(b, st.Turn)
	b = appendOptionalInt(b, `,"wtime":`, st.WTime)
	b = appendOptionalInt(b, `,"btime":`, st.BTime)
	b = append(b, `,"clockRunning":`...)
	b = strconv.AppendBool(b, st.ClockRunning)
	b = append(b, `,"status":`...)
	b = appendJSONString(b, st.Status)
	b = appendOptional(b, `,"termination":`, st.Termination)
	b = appendOptional(b, `,"winner":`, st.Winner)
	b = append(b, `,"result":`...)
	b = appendJSONString(b, st.Result)
	b = appendOptional(b, `,"outcome":`, st.Outcome)
	b = appendOptional(b, `,"drawOffer":`, st.DrawOffer)
	b = appendOptional(b, `,"takebackOffer":`, st.TakebackOffer)
	if len(st.Legal) > 0 {
		b = append(b, `,"legal":`...)
		b = st.Legal.AppendJSON(b)
	}
	if st.ScheduledAt != 0 {
		b = append(b, `,"scheduledAt":`...)
		b = strconv.AppendInt(b, st.ScheduledAt, 10)
	}
	return appendOptionalInt(b, `,"startsIn":`, st.StartsIn)
}

// appendOptional appends the field key (its comma, name and colon) with
// the string s, unless s is empty (omitempty).
func appendOptional(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	b = append(b, key...)
	return appendJSONString(b, s)
}

// appendOptionalInt appends the field key (its comma, name and colon) with
// the number n points to, unless n is nil (omitempty).
func appendOptionalInt(b []byte, key string, n *int64) []byte {
	if n == nil {
		return b
	}
	b = append(b, key...)
	return strconv.AppendInt(b, *n, 10)
}

// appendOpening appends o as encoding/json writes it: its names by
// language in the order of their keys; o has at most maxHandNames names.
func appendOpening(b []byte, o *openingJSON) []byte {
	b = append(b, `{"eco":`...)
	b = appendJSONString(b, o.ECO)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, o.Name)
	if o.Names == nil {
		return append(b, `,"names":null}`...)
	}
	var keys [maxHandNames]string
	n := 0
	for k := range o.Names {
		i := n
		for ; i > 0 && keys[i-1] > k; i-- {
			keys[i] = keys[i-1]
		}
		keys[i] = k
		n++
	}
	b = append(b, `,"names":{`...)
	for i, k := range keys[:n] {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		b = appendJSONString(b, o.Names[k])
	}
	return append(b, "}}"...)
}
