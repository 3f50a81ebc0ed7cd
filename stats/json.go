package stats

import (
	"encoding/json"
	"io"
)

// WriteJSON prints s as one indented JSON object; JSON.md documents its keys.
func WriteJSON(w io.Writer, s *Summary) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}
