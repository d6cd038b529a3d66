package main

import (
	"regexp"
	"slices"
	"strings"
)

// The Markdown the documents' check reads: fenced code blocks, code
// spans and links, each with the line it starts on.

// A block is a fenced code block: its info string and its lines.
type block struct {
	info  string
	lines []piece
}

// fence matches the line that opens a fenced code block: its fence and
// its info string.
var fence = regexp.MustCompile("^\\s*(```+|~~~+)\\s*([^`\\s]*)")

// splitFences separates the fenced code blocks of src from the rest,
// which is returned with the blocks' lines blanked so that its line
// numbers stay those of src.
func splitFences(src string) (string, []block) {
	lines := strings.Split(src, "\n")
	var blocks []block
	var cur *block
	var closing string
	for i, l := range lines {
		if cur == nil {
			if m := fence.FindStringSubmatch(l); m != nil {
				blocks = append(blocks, block{info: m[2]})
				cur, closing = &blocks[len(blocks)-1], m[1]
				lines[i] = ""
			}
			continue
		}
		if t := strings.TrimSpace(l); strings.HasPrefix(t, closing) && strings.Trim(t, closing[:1]) == "" {
			cur = nil
		} else {
			cur.lines = append(cur.lines, piece{l, i + 1})
		}
		lines[i] = ""
	}
	return strings.Join(lines, "\n"), blocks
}

// codeSpans finds the code spans of Markdown text (outside code blocks):
// a run of backticks up to the next run of as many, within a paragraph.
func codeSpans(text string) []piece {
	var out []piece
	line := lines(text)
	for _, loc := range spanLocs(text) {
		body := strings.Trim(text[loc[0]:loc[1]], "`")
		out = append(out, piece{strings.TrimSpace(strings.ReplaceAll(body, "\n", " ")), line(loc[0])})
	}
	return out
}

// closingTicks is where a run of exactly n backticks starts after from,
// before the paragraph ends; -1 if none.
func closingTicks(text string, from, n int) int {
	for i := from; i < len(text); {
		switch {
		case strings.HasPrefix(text[i:], "\n\n"):
			return -1
		case text[i] == '`':
			m := 0
			for i+m < len(text) && text[i+m] == '`' {
				m++
			}
			if m == n {
				return i
			}
			i += m
		default:
			i++
		}
	}
	return -1
}

// link matches an inline link or image, [text](target "title"), or a
// link reference definition, [name]: target.
var link = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)|(?m)^[ \t]*\[[^\]]+\]:[ \t]*<?(\S+?)>?(?:\s|$)`)

// links finds the targets of Markdown links and images outside code.
func links(text string) []piece {
	// Blank the code spans, so that a link written inside one is not one.
	b := []byte(text)
	for _, loc := range spanLocs(text) {
		for i := loc[0]; i < loc[1]; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	text = string(b)
	var out []piece
	line := lines(text)
	for _, m := range link.FindAllStringSubmatchIndex(text, -1) {
		target := ""
		switch {
		case m[2] >= 0:
			target = text[m[2]:m[3]]
		case m[4] >= 0:
			target = text[m[4]:m[5]]
		}
		out = append(out, piece{target, line(m[0])})
	}
	return out
}

// spanLocs are the byte ranges of the code spans of text, backticks
// included.
func spanLocs(text string) [][2]int {
	var out [][2]int
	for i := 0; i < len(text); {
		if text[i] == '\\' {
			i += 2
			continue
		}
		if text[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(text) && text[i+n] == '`' {
			n++
		}
		end := closingTicks(text, i+n, n)
		if end < 0 {
			i += n
			continue
		}
		out = append(out, [2]int{i, end + n})
		i = end + n
	}
	return out
}

// lines returns the line number of a byte offset of text.
func lines(text string) func(off int) int {
	var starts []int
	for i := range len(text) {
		if text[i] == '\n' {
			starts = append(starts, i)
		}
	}
	return func(off int) int {
		n, _ := slices.BinarySearch(starts, off)
		return n + 1
	}
}
