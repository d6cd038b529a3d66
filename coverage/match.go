package coverage

import (
	"regexp"
	"strings"
	"unicode"
)

// normalize is the form texts are compared in: lower case, every run of
// characters other than letters and digits (spaces, punctuation, quote
// characters, markup) one space.
func normalize(t string) string {
	t = tags.ReplaceAllString(t, " ")
	f := strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return strings.Join(f, " ")
}

// minFragment is the fewest words a part of a quote must have to cover
// the sentence it is taken from.
const minFragment = 4

// fragmentCut cuts a quote where it leaves words out or joins quotes:
// an ellipsis, " / ", a dash between words, a quotation mark.
var fragmentCut = regexp.MustCompile(`\.\.\.+|…|\s/\s|\s[—–]\s|["“”„«»]`)

// fragments are the parts of a quote that may each be part of a sentence:
// its pieces between cuts, their sentences, and each without a short
// label before a colon ("Phase 2: ...", "Havenroof 3.2: ...").
func fragments(text string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(t string) {
		n := normalize(t)
		if len(strings.Fields(n)) >= minFragment && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, piece := range fragmentCut.Split(text, -1) {
		for _, s := range sentences(strings.TrimSpace(piece)) {
			add(s)
			if label, rest, ok := strings.Cut(s, ": "); ok && len(words(label)) <= 3 {
				add(rest)
			}
		}
	}
	return out
}

// quotes tells whether a quote, normalized as norm with fragments frags,
// quotes a sentence: the sentence is within the quote (a quote may join
// several), or a fragment of the quote is within the sentence (a quote
// may take part of one). Both are compared word by word.
func quotes(norm string, frags []string, sentence string) bool {
	if sentence == "" {
		return false
	}
	if strings.Contains(" "+norm+" ", " "+sentence+" ") {
		return true
	}
	for _, f := range frags {
		if strings.Contains(" "+sentence+" ", " "+f+" ") {
			return true
		}
	}
	return false
}
