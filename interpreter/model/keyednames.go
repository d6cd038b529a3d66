package model

import (
	"strings"
	"unsafe"
)

// KeyedNames is the family of the names a game declares that start with
// one prefix (price.<good>: a var per good), found by the rest of the
// name, the key. A name joined at run time from a constant prefix and a
// value (get('price.' + good)) is then resolved with no string built and
// seldom any hashed: the key is nearly always one of the game's own
// strings (a good's id read from its tables, a name boxed once), found by
// the address of its bytes (AddrTable), and any other key by a map of
// the keys. A name the family lacks is left to the caller, which looks
// the joined name up as it would have.
type KeyedNames struct {
	byKey  map[string]int // index in the Names by key
	byAddr *AddrTable[int]
	// hashed keeps the last keys found by content (a key read from
	// a map's keys or a saved state: equal bytes at another address),
	// by address, with their indexes, the newest in place of the
	// oldest; the strings kept keep their addresses theirs. A family
	// is its machine's, which runs one state at a time.
	hashed [hashedKeys]struct {
		key string
		k   int
	}
	nHashed, nextHashed int
}

// hashedKeys is how many keys found by content a family keeps.
const hashedKeys = 8

// Keyed is the family of the names of n that start with prefix, or nil
// when there is none. Its keys are found by content only until Own
// registers the game's strings.
func (n Names) Keyed(prefix string) *KeyedNames {
	byKey := map[string]int{}
	for k, s := range n.List {
		if key, ok := strings.CutPrefix(s, prefix); ok {
			byKey[key] = k
		}
	}
	if len(byKey) == 0 {
		return nil
	}
	return &KeyedNames{byKey: byKey}
}

// Own registers, by address, every string each yields that is a key of
// the family. The strings must be the game's own, kept as long as the
// family is used (AddrTable).
func (f *KeyedNames) Own(each func(yield func(string))) {
	var keys []string
	each(func(s string) {
		if _, ok := f.byKey[s]; ok {
			keys = append(keys, s)
		}
	})
	t := NewAddrTable[int](len(keys))
	for _, s := range keys {
		t.Add(s, f.byKey[s])
	}
	f.byAddr = t
}

// Find is the index of prefix + key in the Names, or -1 when the game
// does not declare that name.
func (f *KeyedNames) Find(key string) int {
	if f.byAddr != nil {
		if k, ok := f.byAddr.Find(key); ok {
			return k
		}
	}
	for i := range f.nHashed {
		h := &f.hashed[i]
		if len(h.key) == len(key) && unsafe.StringData(h.key) == unsafe.StringData(key) {
			return h.k
		}
	}
	k, ok := f.byKey[key]
	if !ok {
		return -1
	}
	f.hashed[f.nextHashed].key, f.hashed[f.nextHashed].k = key, k
	f.nextHashed = (f.nextHashed + 1) % hashedKeys
	if f.nHashed < hashedKeys {
		f.nHashed++
	}
	return k
}
