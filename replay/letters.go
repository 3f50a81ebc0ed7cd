package replay

import (
	"fmt"
	"strings"
)

// LetterSet is a language's set of piece letters. A move is read under one
// set at a time because the sets collide: K is the king in English but the
// knight in Russian, C a bishop in Russian-in-Latin but a knight in French.
// Unicode figurines and chess-font glyphs read the same under every set.
type LetterSet uint8

const (
	SAN          LetterSet = iota // English: K Q R B N, pawn P
	Russian                       // Кр Ф Л С К, pawn п; Latin look-alikes K, C, p also read
	RussianLatin                  // Russian transliterated: Kr (or Kp) F L C K, pawn P
	German                        // K D T L S, pawn B
	French                        // R D T F C, pawn P
	Spanish                       // R D T A C, pawn P; Italian uses the same letters
	Dutch                         // K D T L P (P is the knight)
	Polish                        // K H W G S, pawn P
	Czech                         // K D V S J, pawn P
	Swedish                       // K D T L S, pawn B
	Hungarian                     // K V B F H (B is the rook)
	Portuguese                    // R D T B C, pawn P

	numLetterSets = iota
)

// LetterSetMask is a set of LetterSets, bit n for LetterSet n.
type LetterSetMask uint16

// AllLetterSets holds every LetterSet.
const AllLetterSets LetterSetMask = 1<<numLetterSets - 1

var letterSetNames = [numLetterSets]string{
	"san", "ru", "ru-latin", "de", "fr", "es", "nl", "pl", "cs", "sv", "hu", "pt",
}

// Other names people type for a set; Italian shares the Spanish letters.
var letterSetAliases = map[string]LetterSet{
	"en": SAN, "english": SAN, "russian": Russian, "ru-lat": RussianLatin,
	"german": German, "french": French, "spanish": Spanish, "it": Spanish,
	"italian": Spanish, "dutch": Dutch, "polish": Polish, "czech": Czech,
	"swedish": Swedish, "hungarian": Hungarian, "portuguese": Portuguese,
}

var letterSetLanguages = [numLetterSets]string{
	"English", "Russian", "Russian (in Latin letters)", "German", "French", "Spanish/Italian",
	"Dutch", "Polish", "Czech", "Swedish", "Hungarian", "Portuguese",
}

// Language names the set for people: "Russian", "German", ...
func (s LetterSet) Language() string {
	if int(s) < numLetterSets {
		return letterSetLanguages[s]
	}
	return s.String()
}

// DetectedLanguage names the set as a game's letters alone can show it:
// sets that write every piece alike cannot be told apart by the moves, so
// it names each language that writes them ("German/Swedish": both write
// K D T L S and the pawn B, and NOTATION.md lists them as two languages).
// A set the user chose by name is its Language.
func (s LetterSet) DetectedLanguage() string {
	if int(s) < numLetterSets {
		return detectedLanguages[s]
	}
	return s.String()
}

// detectedLanguages[set] is DetectedLanguage's name, built by init from the
// sets whose displayLetters match.
var detectedLanguages [numLetterSets]string

func (s LetterSet) String() string {
	if int(s) < numLetterSets {
		return letterSetNames[s]
	}
	return fmt.Sprintf("LetterSet(%d)", uint8(s))
}

// ParseLetterSet returns the set named name, as String writes it ("san", "ru",
// "ru-latin", "de", ...) or as a language ("english", "it"), in any case.
func ParseLetterSet(name string) (LetterSet, error) {
	lower := strings.ToLower(strings.TrimSpace(name))
	for i, n := range letterSetNames {
		if n == lower {
			return LetterSet(i), nil
		}
	}
	if s, ok := letterSetAliases[lower]; ok {
		return s, nil
	}
	return 0, fmt.Errorf("unknown letter set %q (want one of %s)", name, strings.Join(letterSetNames[:], ", "))
}

// Bit returns the mask holding only s.
func (s LetterSet) Bit() LetterSetMask { return 1 << s }

// Has reports whether m holds s.
func (m LetterSetMask) Has(s LetterSet) bool { return int(s) < numLetterSets && m&s.Bit() != 0 }

// String lists the sets in m, comma-separated, in LetterSet order.
func (m LetterSetMask) String() string {
	var b strings.Builder
	for s := LetterSet(0); s < numLetterSets; s++ {
		if m.Has(s) {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(s.String())
		}
	}
	return b.String()
}

// Letter returns how the set writes kind k ("" for NoKind, or for a pawn in a
// set that has no pawn letter).
func (s LetterSet) Letter(k Kind) string {
	if int(s) >= numLetterSets || k == NoKind || k > King {
		return ""
	}
	return displayLetters[s][k]
}

// displayLetters[set][kind] is the letter a set's own texts use.
var displayLetters = [numLetterSets][King + 1]string{
	SAN:          {"", "P", "N", "B", "R", "Q", "K"},
	Russian:      {"", "п", "К", "С", "Л", "Ф", "Кр"},
	RussianLatin: {"", "P", "K", "C", "L", "F", "Kr"},
	German:       {"", "B", "S", "L", "T", "D", "K"},
	French:       {"", "P", "C", "F", "T", "D", "R"},
	Spanish:      {"", "P", "C", "A", "T", "D", "R"},
	Dutch:        {"", "", "P", "L", "T", "D", "K"},
	Polish:       {"", "P", "S", "G", "W", "H", "K"},
	Czech:        {"", "P", "J", "S", "V", "D", "K"},
	Swedish:      {"", "B", "S", "L", "T", "D", "K"},
	Hungarian:    {"", "", "H", "F", "B", "V", "K"},
	Portuguese:   {"", "P", "C", "B", "T", "D", "R"},
}

// latinKinds[set][c-'A'] is the kind an uppercase ASCII letter names in a
// set. Russian lists its Latin look-alikes (K for К, C for С); the two-letter
// Russian king (Кр, Kr, Kp) is recognised by the lexer, not here.
var latinKinds [numLetterSets][26]Kind

// sanPieceKinds[set][c] is latinKinds[set][c-'A'] indexed by the byte
// itself, NoKind for every byte but the set's uppercase piece letters: the
// shape cases of parseSAN look a letter up without first testing that it
// is one.
var sanPieceKinds [numLetterSets][256]Kind

// latinLetterStyle[set] is what reading an ASCII piece letter under the set
// says about the text: national letters, and for Russian, Latin letters
// standing in for Cyrillic ones.
var latinLetterStyle [numLetterSets]Style

func init() {
	for s := LetterSet(0); s < numLetterSets; s++ {
		for k := Pawn; k <= King; k++ {
			l := displayLetters[s][k]
			if len(l) == 1 && l[0] >= 'A' && l[0] <= 'Z' {
				latinKinds[s][l[0]-'A'] = k
			}
		}
		if s != SAN {
			latinLetterStyle[s] = StyleNationalLetters
		}
	}
	for s := LetterSet(0); s < numLetterSets; s++ {
		var names []string
		for t := LetterSet(0); t < numLetterSets; t++ {
			if displayLetters[t] == displayLetters[s] {
				names = append(names, letterSetLanguages[t])
			}
		}
		detectedLanguages[s] = strings.Join(names, "/")
	}
	latinKinds[Russian]['K'-'A'] = Knight
	latinKinds[Russian]['C'-'A'] = Bishop
	latinLetterStyle[Russian] |= StyleMixedScript
	for s := range sanPieceKinds {
		for c, k := range latinKinds[s] {
			sanPieceKinds[s]['A'+c] = k
		}
	}
	sanWordKinds = sanPieceKinds[SAN]
	sanWordKinds[0] = Pawn
}

// readsCyrillicPieces reports whether the set's own letters are Cyrillic.
func readsCyrillicPieces(s LetterSet) bool { return s == Russian }

// hasTwoLetterKing reports whether K followed by r/p (or Cyrillic р) is the
// king in the set: the Russian Кр and its transliterations Kr and Kp.
func hasTwoLetterKing(s LetterSet) bool { return s == Russian || s == RussianLatin }

// readsMateX reports whether an x (Latin or Cyrillic) after the destination
// means mate, as in Russian scores ("Фh7х"), rather than being a stray mark.
func readsMateX(s LetterSet) bool { return s == Russian || s == RussianLatin }
