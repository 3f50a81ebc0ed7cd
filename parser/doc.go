// Package parser reads PGN archives and hand-typed scoresheets as a stream of
// games, keeping for every token the place it came from.
//
// The parser knows tokens, not chess: a move is handed on as the text that was
// written (and a character-level normalised form); deciding which piece letters
// a game uses and which legal move a text means is the replay package's job.
//
// # Two stages
//
// A Splitter cuts the input into Chunks of whole games, looking only at the
// bytes around each cut, so one reader goroutine keeps up with many workers:
//
//	s := parser.NewSplitter(r, parser.SplitOptions{})
//	for {
//		c, err := s.Next() // io.EOF at the end
//		...
//		go worker(c)    // each worker owns a Parser
//	}
//
// A Parser turns a chunk into games, reusing one Game (and its slices) from
// game to game; the callback must copy what it keeps (Game.Clone):
//
//	p := parser.NewParser(parser.Options{})
//	p.Parse(c, func(g *parser.Game) { ... })
//
// ReadGames does both in one goroutine.
//
// # The boundary rule
//
// A game begins at the start of a line that opens a tag section: the line
// starts (after blanks, or a BOM) with '[', a tag name of letters, digits or
// '_', blanks and '"' — and the nearest non-blank line before it is not a
// tag line (a line that opens with '[' and a name and ends with ']', or
// leaves its pair open). One exception lets tag-only games follow each
// other: an [Event tag line after a blank line begins a game even when a
// tag line stands before the blank.
//
// So blank lines inside a tag section do not cut, "[%clk" in a comment never
// matches (% is not a name character), and a game whose movetext runs
// straight into the next tag section (no blank line) is still cut. The rule
// needs only the previous non-blank line and a few bytes of the candidate
// line, so it can be decided from any offset: NextBoundary(data, from) is the
// one implementation, used by the Splitter and by the Parser, and a runner
// that starts at an arbitrary offset starts at NextBoundary (passing the
// position it found as SplitOptions.Start) and gets the same games as one
// that reads from the beginning. A tag line that is damaged (a stray byte
// for its quote) still counts as a tag line when it stands before another,
// so it does not cut its game.
//
// Within the piece between two boundaries the Parser may find several games:
// a game ends at its result marker (outside variations), and a move numbered
// back to the game's first move number ("1." after "34. ...") begins a new
// tag-less game; when the game it cuts has tags and no result yet, that
// game gets a Problem at the cut ("the game ends without a result: move 1.
// at line L begins a new game"). Text after a game's result belongs to that
// game (a Problem in PGN) up to where the next game begins, at its move or
// tag pair, where the Splitter may cut as well. A comment in it that opens
// on a later line than the result is all the same the next game's leading
// comment (Game.Comment), as a reader of "1-0" and then "{Game 2} 1. d4"
// on the next line takes it, when the next game begins in the same piece
// and chunk; otherwise it stays with the game, as one on the result's line
// does. The bytes before the first boundary are a piece of
// their own, except when they hold only blanks, comments and escape lines
// (Preamble): PGN allows such text before a file's first game, so it is
// read with that game, which then starts at the file's start, a comment
// there becoming its leading comment (Game.Comment), and the file has as
// many games as tag sections. No reader cuts at that boundary (the
// Splitter, a runner cutting shards).
//
// Chunks grow to SplitOptions.Target bytes and are cut at the next
// boundary. Where none follows, they are cut where the Parser would begin
// a game anyway: at a tag pair after a result (games written one after
// another on one line), and at a "1." and a move where the Parser begins a
// new game: after a game with a move or a result, whatever text stands
// between ("Game 12"), outside comments, variations and asides (a list of
// games without tags). A scan follows the parser's state from the chunk's
// start to find them (gameScan): scoresheet or PGN rules, and a tag pair in
// text without tags, which ends a game, is ignored or turns it to PGN's
// rules; where the state depends on more than the scan knows, a Parser
// reads the text to find the cut (parsedCut). A chunk starts inside a line
// only where the Parser, reading it from there, decides the line's tag
// lines as the whole file does. No chunk exceeds SplitOptions.Max. A single
// game longer than Max is cut at a line end and the two pieces carry a
// Problem each (Chunk.Cut, Chunk.Continued); the text after the cut is cut
// at its games again. Every input byte is in exactly one chunk, and chunk
// positions are absolute.
//
// # What a game holds
//
// Game.Start and Game.End delimit its bytes; the games of a chunk follow each
// other without gap or overlap. Tags are unescaped (\" and \\). Moves holds
// every move in source order, variations included, each with its Raw text, a
// Norm form (annotation glyphs cut into NAGs, dashes and castling zeros
// unified, Cyrillic look-alikes in squares and capital files folded to Latin
// lowercase, the spaces of a move written as "e2 - e4" or "e4 : d5" removed)
// with the Folds that made it (so that the rules can still report "0-0" or a
// Cyrillic "е4", which Norm no longer shows), its position, the move
// number written before it, Prev (the move played just before it; a
// variation's first move has the Prev of the move it replaces) and Depth.
// Comments after a move are kept on it, and [%clk], [%emt] and [%eval]
// commands are read into Clock, EMT and Eval/EvalMate. A [%clk] or [%emt]
// whose value is not H:MM:SS(.f) (for [%emt], nor seconds with a fraction,
// as the FICS games database writes) is listed in Game.UnreadClocks, not as a
// Problem: the comment is good PGN. So is an [%eval] that cannot be read,
// listed in Game.UnreadEvals; a [%clk], [%emt] or [%eval] without its ] is
// a Problem.
//
// A game without tags is read as scoresheet text: words that are not moves
// (running prose, page headers, and after prose a word that reads as a move
// only with a capital file after its piece letter, "CD4", unless the game's
// moves are written so: see capitalAfterProse) are no Problem, except a word that is
// written like a move but cannot be read and stands right after a move or
// a move number ("2. Кf9", "e4 e2-e9", OCR's "Фf819" for "Фf8 19."): at
// most 12 characters, all of them piece letters, files and their Cyrillic
// look-alikes, digits, separators or signs, with a file letter right
// before a digit 1-9; or a word that starts as a move and is one typed
// wrong ("Кп5", "крп2", "пed", "¡h2": see mistypedMove); or, right after a
// move number, where only a move can stand, a word that starts as a move
// and names a rank or holds a capture sign ("3. Qq5", "6. gh::": see
// numberedSlot), which is the "unexpected text" it is in PGN. Such a word
// is a Problem, and so is a stray "e.p." after a move that is not a pawn
// capture; the same word after prose, and prose right after a move, stay
// silent. Prose between a game's moves is a remark on the move before it,
// kept as that move's comment once a move, comment or result of the game
// follows ("3. Сb5 (испанская партия) a6": a parenthesised remark without
// moves is a comment, not a variation); after the last move only the words
// on its line are, the lines after it being the text between games
// (headings, the next game's introduction): the next game's Comment when
// one follows in the piece (Game.NextHeading says where it begins in the
// game before), else skipped. Prose before a game's first move is its
// Comment too. A
// result written in words right after the last move ("Белые сдались",
// "Черные сдались.", "Ничья", "White resigns", "Black resigned", "Draw
// agreed", "Черные просрочили время", and in scoresheet text "Сдался", by
// the side to move) is the game's result, with ResultRaw quoting the words, unless
// a move follows (then it was a remark); in PGN too. So is a result in
// parentheses right after the last move ("41. Лd8+ (1-0)", "(1:0)"), and a
// note in parentheses that holds numbers and no word ("(15)", "(1 : 0)"
// between moves) is a remark kept as written. Two squares around a
// spaced dash are one move ("e2 - e4") or a move of each side ("1. e4 -
// e5 2. Кf3"): the move number after them says which; without one they
// are one move, listed in Game.Pairs, which the replay may split
// (Game.SplitPair) when the one move is illegal and the two are legal.
// ';' inside a sentence is punctuation, a '#' line in column 1 is a note, a
// bracketed "[...]" is read like a variation (but a tag line before the
// first move is a damaged tag pair, a Problem), and a move number that goes
// back on the line ("6. Фd1—f3! ... после 6. … Kc6 7. Ф:с6+ или 6. ... Сb7") starts an
// alternative after the move before that number, while a number that
// continues the line as written returns to it. In a game with tags such
// things are Problems (one per run of words), and a move number that does
// not follow the moves before it is a Problem too.
//
// A scoresheet typed in two columns ("1. e4 e5   10. Кc3:b5 c6:b5" on the
// first line, "2. ... 11. ..." on the next) is read in the order of its
// numbers when its numbers leave no doubt (see readColumns): Moves then
// holds the left column's moves and then the right one's, all one line, and
// Game.Has says HasColumns. A result that ends the right column while the
// left one goes on below it does not end the game (see leftColumnGoesOn).
// Numbers that look like that layout but do not fit it make one Problem, at
// the first that jumps, not one at each line.
//
// Text in which no tag pair, move or result can be read (a web page saved as
// .pgn, a preamble in prose before the first game, a file of comments only)
// is handed on as a game all the same, so that no input goes uncounted; when
// it holds words, not only comments and escape lines, with a Problem saying
// that it is not a game record.
//
// Options.NoVariations and Options.NoComments read the main line only,
// skipping variations and comments with a byte scan; the asides of
// scoresheet text are dropped too.
//
// # Encodings
//
// Each piece between boundaries is decoded on its own: ASCII and valid UTF-8
// are used as they are (a BOM is skipped); anything else is decoded from
// Windows-1252, Windows-1251, KOI8-R, CP866 or CP850 (DOS files with ü at
// 0x81), chosen by scoring the high
// bytes under each (Russian letter frequencies, whether letters sit next to
// letters of their own script or a small letter runs into a capital,
// Russian pieces such as К and Кр before a square, dashes between squares),
// unless Options.ForceEncoding names one. Where valid UTF-8 sequences
// outnumber the stray bytes, the sequences are kept and only the stray bytes
// are decoded. A game of plain ASCII is UTF8 whatever its piece was decoded
// with: it reads the same in every encoding. Where the scores leave two code
// pages in doubt and they read some byte otherwise (KOI8-R's small к is
// Windows-1251's Л), Game.EncodingAlt names the other, for a checker to read
// the bytes with it too and let the replay decide. Text without tag sections
// is one piece however long, and the Splitter cuts it at its games: each
// chunk's part of it is decoded on its own, by the code page guessed from
// that part, so that where such text is not valid UTF-8 the guess, and what
// its high bytes read as, may depend on where the chunks were cut (each
// holds SplitOptions.Target bytes or more, 1 MiB by default); a forced
// encoding reads them alike wherever the cuts are. Positions always count
// input bytes; Game.CharCol gives a position's column in characters.
//
// # Bad input
//
// Nothing panics and nothing is dropped silently: each thing that cannot be
// read is a Problem with its position, and reading resumes at the next token.
// A tag pair that cannot be read says why ("the value must be in straight
// double quotes") and, where it is clear, how to write it.
// Memory is bounded: chunks by SplitOptions.Max, comments by
// Options.MaxComment, tag values by 64 KiB and tag pairs by 1,024 a game
// (a Problem says when more were left out), variation nesting by
// Options.MaxDepth (deeper variations are skipped, never recursed into),
// moves by Options.MaxMoves and problems by Options.MaxProblems per game.
package parser
