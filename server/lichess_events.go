package server

import (
	"context"
	"strings"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/rating"
)

// lichessChallengerJSON is a person in lichess's challenge object.
type lichessChallengerJSON struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Rating      int    `json:"rating"`
	Title       string `json:"title,omitempty"`
	Provisional bool   `json:"provisional,omitempty"`
	Online      bool   `json:"online"`
}

// lichessTimeControlJSON is a challenge's clock as lichess gives it:
// {type: clock, limit, increment (seconds), show}, {type: correspondence,
// daysPerTurn} or {type: unlimited}.
type lichessTimeControlJSON struct {
	Type        string `json:"type"`
	Limit       *int64 `json:"limit,omitempty"`
	Increment   *int64 `json:"increment,omitempty"`
	Show        string `json:"show,omitempty"`
	DaysPerTurn int    `json:"daysPerTurn,omitempty"`
}

// lichessPerfIconJSON is a challenge's perf.
type lichessPerfIconJSON struct {
	Icon string `json:"icon"`
	Name string `json:"name"`
}

// lichessChallengeJSON is a challenge as lichess's event stream and
// challenge endpoints show it (ChallengeJson), with JoinPal's kind,
// rematchOf and gameId beside lichess's fields.
type lichessChallengeJSON struct {
	ID               string                 `json:"id"`
	URL              string                 `json:"url"`
	Status           string                 `json:"status"`
	Challenger       lichessChallengerJSON  `json:"challenger"`
	DestUser         *lichessChallengerJSON `json:"destUser"`
	Variant          lichessVariantJSON     `json:"variant"`
	Rated            bool                   `json:"rated"`
	Speed            string                 `json:"speed"`
	TimeControl      lichessTimeControlJSON `json:"timeControl"`
	Color            string                 `json:"color"`
	FinalColor       string                 `json:"finalColor,omitempty"`
	Perf             lichessPerfIconJSON    `json:"perf"`
	Direction        string                 `json:"direction,omitempty"`
	DeclineReason    string                 `json:"declineReason,omitempty"`
	DeclineReasonKey string                 `json:"declineReasonKey,omitempty"`
	Kind             lobby.Kind             `json:"kind"`
	RematchOf        string                 `json:"rematchOf,omitempty"`
	GameID           string                 `json:"gameId,omitempty"`
}

// lichessPersonID is the id lichess's clients know a lobby person by (see
// lichessUserID).
func lichessPersonID(p lobby.Player) string {
	if p.Guest {
		return p.ID
	}
	return strings.ToLower(p.Name)
}

func lichessChallenger(p lobby.Player) lichessChallengerJSON {
	return lichessChallengerJSON{ID: lichessPersonID(p), Name: p.Name, Rating: p.Rating, Online: true}
}

// lichessTimeControl is tc as lichess's challenges give it; a per-move
// clock, which lichess has not, is a clock of that limit and no increment.
func lichessTimeControl(tc game.TimeControl) lichessTimeControlJSON {
	secs := func(n int64) *int64 { return &n }
	switch tc.Mode() {
	case game.ModeWholeGame:
		return lichessTimeControlJSON{Type: "clock", Limit: secs(int64(tc.Base().Seconds())), Increment: secs(int64(tc.Increment().Seconds())), Show: tc.String()}
	case game.ModePerMove:
		return lichessTimeControlJSON{Type: "clock", Limit: secs(int64(tc.PerMove().Seconds())), Increment: secs(0), Show: tc.String()}
	case game.ModeCorrespondence:
		return lichessTimeControlJSON{Type: "correspondence", DaysPerTurn: tc.Days()}
	}
	return lichessTimeControlJSON{Type: "unlimited"}
}

// viewLichessChallenge is c as lichess shows it to userID (its direction
// is theirs: out for the challenger), site the server's address.
func viewLichessChallenge(c lobby.Challenge, userID, site string) lichessChallengeJSON {
	speed := c.Speed()
	out := lichessChallengeJSON{
		ID: c.ID, URL: site + "/challenge/" + c.ID, Status: string(c.Status), Challenger: lichessChallenger(c.Challenger),
		Variant: standardVariant, Rated: c.Rated, Speed: string(speed), TimeControl: lichessTimeControl(c.TimeControl),
		Color: string(c.Color), Perf: lichessPerfIconJSON{Icon: "", Name: perfName(speed)},
		Kind: c.Kind, RematchOf: c.RematchOf, GameID: c.GameID,
	}
	if c.Dest.ID != "" {
		d := lichessChallenger(c.Dest)
		out.DestUser = &d
	}
	switch c.Color {
	case lobby.Color(game.White.String()):
		out.FinalColor = game.White.String()
	case lobby.Color(game.Black.String()):
		out.FinalColor = game.Black.String()
	}
	switch userID {
	case "":
	case c.Challenger.ID:
		out.Direction = "out"
	default:
		out.Direction = "in"
	}
	if c.Status == lobby.Declined {
		r := c.DeclineReason
		if r == "" {
			r = lobby.DeclineGeneric
		}
		out.DeclineReasonKey = strings.ToLower(string(r))
		out.DeclineReason = lichessDeclineTexts[r]
	}
	if c.Status == lobby.Expired {
		out.Status = string(lobby.Canceled)
	}
	return out
}

// withTitles fills in the titles of c's challenger and destination user
// (BOT for a bot account), which the lobby does not keep: it reads their
// accounts.
func (s *Server) withTitles(ctx context.Context, c *lichessChallengeJSON, ch lobby.Challenge) {
	if !ch.Challenger.Guest {
		c.Challenger.Title = s.titleOf(ctx, ch.Challenger.ID)
	}
	if c.DestUser != nil && !ch.Dest.Guest {
		c.DestUser.Title = s.titleOf(ctx, ch.Dest.ID)
	}
}

// titleOf is the title lichess shows before the name of account userID:
// BOT for a bot's, none for anyone else or an account that cannot be
// read.
func (s *Server) titleOf(ctx context.Context, userID string) string {
	if userID == "" {
		return ""
	}
	if u, err := s.cfg.Accounts.UserByID(ctx, userID); err == nil && u.Bot {
		return botTitle
	}
	return ""
}

// perfName is a speed's name as lichess writes it ("Blitz").
func perfName(sp rating.Speed) string {
	s := string(sp)
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// lichessDeclineTexts are lichess's English texts of the decline reasons,
// as its challenge objects carry them (declineReason; declineReasonKey is
// the key).
var lichessDeclineTexts = map[lobby.DeclineReason]string{
	lobby.DeclineGeneric:     "I'm not accepting challenges at the moment.",
	lobby.DeclineLater:       "This is not the right time for me, please ask again later.",
	lobby.DeclineTooFast:     "This time control is too fast for me, please challenge again with a slower game.",
	lobby.DeclineTooSlow:     "This time control is too slow for me, please challenge again with a faster game.",
	lobby.DeclineTimeControl: "I'm not accepting challenges with this time control.",
	lobby.DeclineRated:       "Please send me a rated challenge instead.",
	lobby.DeclineCasual:      "Please send me a casual challenge instead.",
	lobby.DeclineStandard:    "I'm not accepting variant challenges right now.",
	lobby.DeclineVariant:     "I'm not willing to play this variant right now.",
	lobby.DeclineNoBot:       "I'm not accepting challenges from bots.",
	lobby.DeclineOnlyBot:     "I'm only accepting challenges from bots.",
}

// streamGameInfo is the game of a gameStart or gameFinish line: game id
// as lichess describes it to userID, as the runtime shows it now, else as
// ev (if not nil) shows it, else its ids alone.
func (s *Server) streamGameInfo(ctx context.Context, id, userID string, ev *game.Event) *lichessGameInfoJSON {
	rec, err := s.loadGame(ctx, id)
	if err != nil {
		return &lichessGameInfoJSON{FullID: id, GameID: id, ID: id, Variant: standardVariant}
	}
	if snap, err := s.cfg.Runtime.Snapshot(ctx, id); err == nil {
		ev = &snap
	} else if ev == nil {
		return &lichessGameInfoJSON{FullID: id, GameID: id, ID: id, Variant: standardVariant}
	}
	info := s.lichessGameInfo(ctx, rec, *ev, userID)
	return &info
}
