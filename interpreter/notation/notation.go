// Package notation is the text of moves, which people type, saves keep
// and scenarios list: a value written as one word of a move (a list as
// [a,b,c]), a move split into its words, and a list of options written
// short for a message ("0..12" for a run of ints).
package notation

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/haven-engine/haven/interpreter/eval"
)

// Format renders an option or parameter value as a word of a move.
func Format(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case bool:
		return strconv.FormatBool(x)
	}
	if l, err := eval.ToList(v, nil); err == nil && v != nil {
		return string(appendList(nil, l))
	}
	return fmt.Sprint(v)
}

// appendList writes a list value as one word of a move: [a,b,c].
func appendList(b []byte, l []any) []byte {
	b = append(b, '[')
	for i, x := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendFormat(b, x)
	}
	return append(b, ']')
}

// AppendFormat appends Format(v) to b.
func AppendFormat(b []byte, v any) []byte {
	switch x := v.(type) {
	case string:
		return append(b, x...)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case bool:
		return strconv.AppendBool(b, x)
	}
	if l, err := eval.ToList(v, nil); err == nil && v != nil {
		return appendList(b, l)
	}
	return fmt.Append(b, v)
}

// Words is strings.Fields, appending to buf.
func Words(s string, buf []string) []string {
	start := -1
	for i, r := range s {
		switch {
		case !unicode.IsSpace(r):
			if start < 0 {
				start = i
			}
		case start >= 0:
			buf = append(buf, s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		buf = append(buf, s[start:])
	}
	return buf
}

// Options writes a list of options for a message: "none", a run of
// more than three consecutive ints as lo..hi, else the first twelve
// words.
func Options(opts []any) string {
	if len(opts) == 0 {
		return "none"
	}
	if lo, hi, ok := intRange(opts); ok {
		return fmt.Sprintf("%d..%d", lo, hi)
	}
	words := make([]string, len(opts))
	for i, o := range opts {
		words[i] = Format(o)
	}
	if len(words) > 12 {
		words = append(words[:12], "…")
	}
	return strings.Join(words, ", ")
}

// intRange reports a list of more than three consecutive ints, written
// shorter as lo..hi (a bid from 0 up to one's cash).
func intRange(opts []any) (lo, hi int, ok bool) {
	if len(opts) < 4 {
		return 0, 0, false
	}
	for i, o := range opts {
		n, isInt := o.(int)
		if !isInt || i > 0 && n != hi+1 {
			return 0, 0, false
		}
		if i == 0 {
			lo = n
		}
		hi = n
	}
	return lo, hi, true
}
