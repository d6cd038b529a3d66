package runtime

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// TestTextArena checks that a string handed out never changes while the
// arena goes on: past the end of its block, and with a text longer than
// a block.
func TestTextArena(t *testing.T) {
	var a textArena
	var got, want []string
	for k := range 3000 {
		w := strings.Repeat(string(rune('a'+k%26)), k%40+1)
		if k == 1500 {
			w = strings.Repeat("z", listBlock+7)
		}
		got, want = append(got, a.str([]byte(w))), append(want, w)
	}
	for k := range got {
		if got[k] != want[k] {
			t.Fatalf("text %d changed: %q, want %q", k, got[k], want[k])
		}
	}
	if s := a.str(nil); s != "" {
		t.Fatalf("empty text: %q", s)
	}
}

// TestMadeText checks that a move made is interned as a string of its
// own, not the longer string it was cut from, shared with an equal move
// made before.
func TestMadeText(t *testing.T) {
	m := &Machine{}
	all := "buy grain|sell fruit"
	a := m.madeText(all[:9])
	if a != "buy grain" || unsafe.StringData(a) == unsafe.StringData(all) {
		t.Fatalf("madeText = %q", a)
	}
	if b := m.madeText(strings.Clone("buy grain")); unsafe.StringData(b) != unsafe.StringData(a) {
		t.Fatalf("an equal move is not shared: %q", b)
	}
}

// TestListedText checks that a text listed again is the string listed
// before, copied into the arena only once, and that the buffer it was
// written in may change after.
func TestListedText(t *testing.T) {
	m := &Machine{}
	buf := []byte("pass")
	a := m.listedText(buf)
	used := len(m.listTexts.buf)
	copy(buf, "xxxx")
	if a != "pass" {
		t.Fatalf("the text changed with the buffer: %q", a)
	}
	if b := m.listedText([]byte("pass")); unsafe.StringData(b) != unsafe.StringData(a) || len(m.listTexts.buf) != used {
		t.Fatalf("a text listed again was copied again: %q", b)
	}
	if c := m.listedText([]byte("sail red")); c != "sail red" {
		t.Fatalf("listedText = %q", c)
	}
}

// TestListedTextsKeepFewBlocks checks that the cache of listed texts
// holds texts of the arena's last keptBlocks blocks only: once that many
// are begun, a text of an older one is copied again, so the cache keeps
// no older block alive.
func TestListedTextsKeepFewBlocks(t *testing.T) {
	m := &Machine{}
	first := m.listedText([]byte("pass"))
	if again := m.listedText([]byte("pass")); unsafe.StringData(again) != unsafe.StringData(first) {
		t.Fatal("a text listed again in the same block was copied")
	}
	for b := 0; b < keptBlocks; b++ {
		block := unsafe.SliceData(m.listTexts.buf)
		for k := 0; unsafe.SliceData(m.listTexts.buf) == block; k++ { // until a block is begun
			// Long texts: a few fill a block, and none is likely to
			// take the slot of "pass".
			m.listedText([]byte(fmt.Sprintf("move %d.%d ", b, k) + strings.Repeat("x", listBlock/3)))
			if k > listBlock {
				t.Fatal("no block begun")
			}
		}
	}
	if again := m.listedText([]byte("pass")); unsafe.StringData(again) == unsafe.StringData(first) {
		t.Fatal("the cache still holds a text of a block begun keptBlocks blocks before")
	}
}
