package coverage

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Book is a rule book split into sections of sentences.
type Book struct {
	Sections  []*Section
	Sentences []*Sentence // every sentence, numbered from 1 in book order
}

// Section is the text under one heading (the first has the heading "").
type Section struct {
	Heading   string
	Lang      string // the translation it belongs to; "" in a book of one language
	Line      int    // the heading's line, 1-based
	Sentences []*Sentence
}

// Sentence is one sentence of the book, as written, markup taken out.
type Sentence struct {
	N       int
	Line    int
	Text    string
	Section *Section
	norm    string
}

// Split cuts a rule book into sections and sentences. Headings are lines
// marked as such (`#`, a line all in bold) or short lines that stand
// alone without a sentence's end; list items, table rows and lines of a
// table of contents are units of their own, other lines of a paragraph
// are joined; a unit is cut into sentences after `.`, `!` or `?` followed
// by a capital, except after an abbreviation, a lone letter or a list's
// number. Consecutive units of three words or fewer (the items of a
// list of names) make one sentence. langs gives, by language, the line
// that opens its translation (compared without case or punctuation);
// lines before the first such line belong to the first translation.
func Split(text string, langs map[string]string) *Book {
	b := &Book{}
	openers := map[string]string{}
	first, firstLine := "", -1
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for lang, marker := range langs {
		openers[normalize(marker)] = lang
	}
	for i, l := range lines {
		if lang, ok := openers[normalize(l)]; ok && (firstLine < 0 || i < firstLine) {
			first, firstLine = lang, i
		}
	}
	sp := &splitter{book: b, lang: first}
	sp.section("", 1)
	var para, held []line
	// A paragraph that stops mid-sentence is held: the next one may go
	// on with it (a page break of the printed book).
	flush := func() {
		if len(held) > 0 && len(para) > 0 && continues(held[len(held)-1].text, para[0].text) {
			para = append(held, para...)
		} else if len(held) > 0 {
			sp.paragraph(held)
		}
		held = nil
		if len(para) > 0 && stopsMidSentence(para[len(para)-1].text) {
			held = para
		} else {
			sp.paragraph(para)
		}
		para = nil
	}
	for i, l := range lines {
		if lang, ok := openers[normalize(l)]; ok && strings.TrimSpace(l) != "" {
			flush()
			sp.paragraph(held)
			held = nil
			sp.lang = lang
			sp.section(clean(l), i+1)
			continue
		}
		if strings.TrimSpace(l) == "" {
			flush()
			continue
		}
		para = append(para, line{l, i + 1})
	}
	flush()
	sp.paragraph(held)
	b.Sections = b.Sections[:0:0]
	for _, s := range sp.sections {
		if len(s.Sentences) > 0 {
			b.Sections = append(b.Sections, s)
		}
	}
	return b
}

type line struct {
	text string
	n    int
}

type splitter struct {
	book     *Book
	lang     string
	sections []*Section
	cur      *Section
}

func (sp *splitter) section(heading string, n int) {
	sp.cur = &Section{Heading: strings.TrimRight(heading, ": "), Lang: sp.lang, Line: n}
	sp.sections = append(sp.sections, sp.cur)
}

var (
	listMark  = regexp.MustCompile(`^\s*(?:[-*•–◆►▶■]\s+|\(?\d+(?:\.\d+)*[.)]\s+|[a-z]\)\s+)`)
	dotLeader = regexp.MustCompile(`\s*\.{4,}\s*`)
	tags      = regexp.MustCompile(`</?[a-zA-Z][^>]*>`)
	emphasis  = regexp.MustCompile(`\*+|(^|\s)_+|_+(\s|$)`)
)

// unit is a run of text cut into sentences on its own.
type unit struct {
	text string
	n    int
	// joined are its later lines: where each starts in text, and its number.
	joined []joinedLine
}

type joinedLine struct{ at, n int }

// lineAt is the line of the byte at offset i of the unit's text.
func (u unit) lineAt(i int) int {
	n := u.n
	for _, j := range u.joined {
		if j.at <= i {
			n = j.n
		}
	}
	return n
}

func (sp *splitter) paragraph(para []line) {
	if len(para) == 0 {
		return
	}
	if len(para) == 1 && isHeading(para[0].text) {
		sp.section(clean(strings.TrimLeft(strings.TrimSpace(para[0].text), "#")), para[0].n)
		return
	}
	var units []unit
	joined := false // the last unit takes the next plain line
	for _, l := range para {
		t := l.text
		switch {
		case strings.HasPrefix(strings.TrimSpace(t), "#") || boldLine(t):
			sp.flushUnits(units) // a heading inside a paragraph
			units = nil
			sp.section(clean(strings.TrimLeft(strings.TrimSpace(t), "#")), l.n)
			joined = false
		case strings.Contains(t, "\t"):
			var cells []string
			for c := range strings.SplitSeq(t, "\t") {
				if c = clean(dotLeader.ReplaceAllString(c, " ")); c != "" {
					cells = append(cells, c)
				}
			}
			units = append(units, unit{text: strings.Join(cells, " / "), n: l.n})
			joined = false
		case listMark.MatchString(t) || dotLeader.MatchString(t):
			units = append(units, unit{text: clean(dotLeader.ReplaceAllString(t, " ")), n: l.n})
			joined = true
		case joined && len(units) > 0:
			u := &units[len(units)-1]
			next := clean(t)
			if hyphenated(u.text, next) {
				u.text = strings.TrimSuffix(u.text, "-") // a word cut at the line's end
			} else {
				u.text += " "
			}
			u.joined = append(u.joined, joinedLine{len(u.text), l.n})
			u.text += next
		default:
			units = append(units, unit{text: clean(t), n: l.n})
			joined = true
		}
	}
	sp.flushUnits(units)
}

// flushUnits cuts units into sentences, joining runs of short ones.
func (sp *splitter) flushUnits(units []unit) {
	var short []unit
	endShort := func() {
		if len(short) == 0 {
			return
		}
		var parts []string
		for _, u := range short {
			parts = append(parts, u.text)
		}
		sp.add(strings.Join(parts, " "), short[0].n)
		short = nil
	}
	for _, u := range units {
		if u.text == "" {
			continue
		}
		if isShort(u.text) {
			u.text = strings.TrimSpace(strings.TrimLeft(u.text, bullets))
			short = append(short, u)
			continue
		}
		endShort()
		from := 0
		for _, s := range sentences(u.text) {
			at := from + max(0, strings.Index(u.text[from:], s))
			sp.add(strings.TrimLeft(s, bullets), u.lineAt(at))
			from = at + len(s)
		}
	}
	endShort()
}

func (sp *splitter) add(text string, n int) {
	norm := normalize(text)
	if norm == "" || !strings.ContainsFunc(norm, unicode.IsLetter) {
		return
	}
	s := &Sentence{N: len(sp.book.Sentences) + 1, Line: n, Text: text, Section: sp.cur, norm: norm}
	sp.cur.Sentences = append(sp.cur.Sentences, s)
	sp.book.Sentences = append(sp.book.Sentences, s)
}

// isHeading tells whether a paragraph of one line is a heading.
func isHeading(t string) bool {
	t = strings.TrimSpace(t)
	if strings.HasPrefix(t, "#") || boldLine(t) {
		return true
	}
	if listMark.MatchString(t) || strings.Contains(t, "\t") || dotLeader.MatchString(t) {
		return false
	}
	c := clean(t)
	w := words(c)
	if len(w) == 0 || len(w) > 6 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(c)
	if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
		return false
	}
	switch c[len(c)-1] {
	case '.', '!', '?', ';', ',', ')', '"':
		return false
	case ':':
		return len(w) <= 3
	}
	return true
}

// boldLine tells whether a line is all in bold: **Start:**, <b>Start</b>.
func boldLine(t string) bool {
	t = strings.TrimSpace(t)
	for _, m := range [][2]string{{"**", "**"}, {"<b>", "</b>"}} {
		if strings.HasPrefix(t, m[0]) && strings.HasSuffix(t, m[1]) && len(t) > len(m[0])+len(m[1]) {
			inner := t[len(m[0]) : len(t)-len(m[1])]
			if !strings.Contains(inner, m[0]) && len(words(inner)) <= 8 {
				return true
			}
		}
	}
	return false
}

// clean takes markup out of a line and joins its spaces.
func clean(t string) string {
	t = tags.ReplaceAllString(t, " ")
	t = emphasis.ReplaceAllString(t, "$1$2")
	return strings.Join(strings.Fields(t), " ")
}

func words(t string) []string {
	return strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// abbreviations end with a period that ends no sentence, in the four
// languages of the shipped books (lower case, without their last period).
var abbreviations = map[string]bool{
	"bijv": true, "bv": true, "blz": true, "ca": true, "nr": true, "vgl": true,
	"incl": true, "excl": true, "max": true, "min": true, "enz": true, "evt": true, "m.a.w": true,
	"z.b": true, "d.h": true, "usw": true, "bzw": true, "ggf": true, "u.a": true, "s": true, "z": true,
	"e.g": true, "i.e": true, "etc": true, "vs": true, "cf": true, "p": true, "pp": true, "no": true,
	"env": true, "mme": true, "m": true, "st": true, "dr": true, "mr": true, "mrs": true, "ex": true,
	"resp": true, "evtl": true, "inkl": true, "zzgl": true, "sog": true, "ff": true, "fig": true,
}

// sentences cuts a unit of text after `.`, `!` or `?` (and any closing
// quote or bracket) followed by a space and a capital, a digit or an
// opening quote, unless the period ends an abbreviation, a lone letter or
// the unit's leading number.
func sentences(t string) []string {
	var out []string
	start := 0
	rs := []rune(t)
	for i := 0; i < len(rs); i++ {
		if rs[i] != '.' && rs[i] != '!' && rs[i] != '?' {
			continue
		}
		j := i + 1
		for j < len(rs) && strings.ContainsRune(`"'”’»)]*`, rs[j]) {
			j++
		}
		if j >= len(rs) || !unicode.IsSpace(rs[j]) {
			continue
		}
		k := j
		for k < len(rs) && unicode.IsSpace(rs[k]) {
			k++
		}
		if k >= len(rs) {
			break
		}
		if next := rs[k]; !unicode.IsUpper(next) && !unicode.IsDigit(next) && !strings.ContainsRune(`"“„«'(`, next) {
			continue
		}
		if rs[i] == '.' && !endsSentence(rs[start:i]) {
			continue
		}
		out = append(out, strings.TrimSpace(string(rs[start:j])))
		start = k
		i = k - 1
	}
	if rest := strings.TrimSpace(string(rs[start:])); rest != "" {
		out = append(out, rest)
	}
	return out
}

// endsSentence tells whether a period after before ends a sentence.
func endsSentence(before []rune) bool {
	k := len(before)
	for k > 0 && !unicode.IsSpace(before[k-1]) && before[k-1] != '(' {
		k--
	}
	word := strings.ToLower(string(before[k:]))
	if abbreviations[word] {
		return false
	}
	if n := utf8.RuneCountInString(word); n == 1 && unicode.IsLetter([]rune(word)[0]) {
		return false // an initial, or a letter of z.B.
	}
	if k == 0 && word != "" && strings.Trim(word, "0123456789.") == "" {
		return false // the number of a list item: "2. Speler ..."
	}
	return true
}

// isShort tells whether a unit is a name rather than a sentence: three
// words at most besides its list number, and no sentence's end.
func isShort(t string) bool {
	bare := listMark.ReplaceAllString(t, "")
	return len(words(bare)) <= 3 && !strings.ContainsAny(bare[max(0, len(bare)-1):], ".!?")
}

// bullets are the characters that open a list item.
const bullets = "-*•–◆►▶■ "

// stopsMidSentence tells whether a line ends inside a sentence: with a
// letter, a digit, a comma or a cut word's hyphen.
func stopsMidSentence(t string) bool {
	t = strings.TrimSpace(t)
	if t == "" || strings.Contains(t, "\t") || strings.HasPrefix(t, "#") {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(t)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == ',' || r == '-'
}

// continues tells whether next goes on with the sentence the line before
// left open: it starts with a small letter.
func continues(before, next string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimSpace(next))
	return stopsMidSentence(before) && unicode.IsLower(r)
}

// hyphenated tells whether a line ends with a word cut by a hyphen that
// the next line finishes ("ma-" "chen.").
func hyphenated(before, next string) bool {
	if !strings.HasSuffix(before, "-") || len(before) < 2 {
		return false
	}
	a, _ := utf8.DecodeLastRuneInString(before[:len(before)-1])
	b, _ := utf8.DecodeRuneInString(next)
	return unicode.IsLower(a) && unicode.IsLower(b)
}
