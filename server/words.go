package server

// Words lists the catalogue codes of the words and sentences the server
// shows: the guests' names (the pages' words are the ui.* codes of
// i18n/ui, checked by package web).
func Words() []string { return GuestNameCodes() }
