package server

// Words lists the catalogue codes of the words and sentences the server
// shows: the home page's text and the guests' names.
func Words() []string { return append(HomeWordCodes(), GuestNameCodes()...) }
