package server

import "net/http"

// route is one entry of the server's table: a net/http ServeMux pattern
// ("METHOD /path/{param}") and its handler. docs/openapi.yaml documents
// exactly these routes (TestOpenAPIMatchesRoutes).
type route struct {
	pattern string
	handler http.HandlerFunc
}

// routes is the one table of every route the server serves.
func (s *Server) routes() []route {
	return []route{
		// The browser's pages (one shell; web/src/pages draws each) and the
		// bundle's files.
		{"GET /{$}", s.page("home")},
		{"GET /login", s.page("login")},
		{"GET /signup", s.page("signup")},
		{"GET /@/{username}", s.page("profile", "username")},
		{"GET /game/{id}", s.gamePage},
		{"GET /replay/{id}", s.page("replay", "id")},
		{"GET /challenge/{id}", s.page("challenge", "id")},
		{"GET /tv", s.page("tv")},
		{"GET /settings", s.page("settings")},
		{"GET /analysis", s.page("analysis")},
		{"GET /assets/{file...}", s.assets},

		// The site's operation.
		{"GET /api/openapi.yaml", s.openAPI},
		{"GET /healthz", s.healthz},
		{"GET /metrics", s.metricsHandler},

		// People: guests, accounts, sessions.
		{"POST /api/guest", s.createGuest},
		{"POST /api/account/signup", s.signUp},
		{"POST /api/account/login", s.logIn},
		{"POST /api/account/logout", s.logOut},
		{"DELETE /api/account/sessions", s.logOutEverywhere},
		{"GET /api/account/me", s.me},
		{"PUT /api/account/lang", s.setLang},
		{"GET /api/account/waiting", s.waitingGames},
		{"GET /api/account/settings", s.getSettings},
		{"PUT /api/account/settings", s.putSettings},

		// API tokens for programs and bots.
		{"POST /api/tokens", s.createToken},
		{"GET /api/tokens", s.listTokens},
		{"DELETE /api/tokens/{id}", s.revokeToken},

		// Games: read, played over a socket or by HTTP (lichess's board API).
		{"GET /api/game/{id}", s.getGame},
		{"GET /api/game/{id}/pgn", s.getGamePGN},
		{"GET /api/game/{id}/fen", s.getGameFEN},
		{"GET /api/game/{id}/analysis", s.getAnalysis},
		{"POST /api/game/{id}/analysis", s.postAnalysis},
		{"GET /api/game/{id}/socket", s.handleGameSocket},
		{"POST /api/game/{id}/move/{uci}", s.postMove},
		{"POST /api/game/{id}/resign", s.gameAction("resign")},
		{"POST /api/game/{id}/abort", s.gameAction("abort")},
		{"POST /api/game/{id}/draw/offer", s.gameAction("draw-offer")},
		{"POST /api/game/{id}/draw/accept", s.gameAction("draw-accept")},
		{"POST /api/game/{id}/draw/decline", s.gameAction("draw-decline")},
		{"POST /api/game/{id}/takeback/offer", s.gameAction("takeback-offer")},
		{"POST /api/game/{id}/takeback/accept", s.gameAction("takeback-accept")},
		{"POST /api/game/{id}/takeback/decline", s.gameAction("takeback-decline")},
		{"POST /api/game/{id}/takeback/cancel", s.gameAction("takeback-cancel")},
		{"POST /api/game/{id}/leave", s.gameAction("leave")},
		{"POST /api/game/{id}/claim/win", s.gameAction("claim-win")},
		{"POST /api/game/{id}/claim/draw", s.gameAction("claim-draw")},
		{"POST /api/game/{id}/rematch", s.gameAction("rematch")},
		{"POST /api/game/{id}/rematch/decline", s.gameAction("rematch-decline")},
		{"GET /api/games/now", s.playingNow},
		{"GET /api/tv", s.getTV},
		{"GET /api/games/user/{username}", s.userGames},
		{"GET /api/games/user/{username}/now", s.userPlaying},
		{"GET /api/user/{username}", s.userProfile},
		{"GET /api/user/{username}/rating-history", s.userRatingHistory},

		// The lobby: seeks, and its socket.
		{"POST /api/seek", s.postSeek},
		{"DELETE /api/seek/{id}", s.deleteSeek},
		{"GET /api/seeks", s.listSeeks},
		{"GET /api/lobby/socket", s.handleLobbySocket},

		// The chat: a line reported to the moderators (lines are said over
		// the game and lobby sockets).
		{"POST /api/chat/report", s.postChatReport},

		// Challenges: direct, links, against the AI.
		{"POST /api/challenge/ai", s.postAIChallenge},
		{"POST /api/challenge/open", s.postOpenChallenge},
		{"POST /api/challenge/{username}", s.postChallenge},
		{"GET /api/challenge", s.listChallenges},
		{"GET /api/challenge/{id}/show", s.showChallenge},
		{"POST /api/challenge/{id}/accept", s.acceptChallenge},
		{"POST /api/challenge/{id}/decline", s.declineChallenge},
		{"POST /api/challenge/{id}/cancel", s.cancelChallenge},

		// lichess's API, as its clients call it (docs/LICHESS-API.md): the
		// token and the account, and the board API.
		{"POST /api/token/test", s.postTokenTest},
		{"GET /api/account", s.getLichessAccount},
		{"GET /api/account/playing", s.getLichessPlaying},
		{"GET /api/board/game/stream/{id}", s.streamBoardGame},
		{"POST /api/board/game/{id}/move/{uci}", s.boardMove},
		{"POST /api/board/game/{id}/draw/{accept}", s.boardDraw},
		{"POST /api/board/game/{id}/takeback/{accept}", s.boardTakeback},
		{"POST /api/board/game/{id}/resign", s.boardNamed("resign")},
		{"POST /api/board/game/{id}/abort", s.boardNamed("abort")},
		{"POST /api/board/game/{id}/claim-victory", s.boardNamed("claim-win")},
		{"POST /api/board/game/{id}/claim-draw", s.boardNamed("claim-draw")},
		{"POST /api/board/game/{id}/chat", s.boardChat},
		{"GET /api/board/game/{id}/{part}", s.getBoardGameChat},
		{"POST /api/board/seek", s.boardSeek},
		// lichess's Bot API: the board API's game endpoints for bot
		// accounts, and the upgrade that makes an account a bot's.
		{"POST /api/bot/account/upgrade", s.postBotUpgrade},
		{"GET /api/bot/game/stream/{id}", s.streamBoardGame},
		{"POST /api/bot/game/{id}/move/{uci}", s.boardMove},
		{"POST /api/bot/game/{id}/draw/{accept}", s.boardDraw},
		{"POST /api/bot/game/{id}/takeback/{accept}", s.boardTakeback},
		{"POST /api/bot/game/{id}/resign", s.boardNamed("resign")},
		{"POST /api/bot/game/{id}/abort", s.boardNamed("abort")},
		{"POST /api/bot/game/{id}/claim-victory", s.boardNamed("claim-win")},
		{"POST /api/bot/game/{id}/claim-draw", s.boardNamed("claim-draw")},
		{"POST /api/bot/game/{id}/chat", s.boardChat},
		{"GET /api/bot/game/{id}/{part}", s.getBoardGameChat},
		{"GET /api/bot/online", s.getBotsOnline},

		// A user's events (games starting and ending, challenges), NDJSON.
		{"GET /api/stream/event", s.streamEvents},

		// What the home page offers: the lobby's clocks and the AI's levels.
		{"GET /api/lobby/presets", s.lobbyPresets},
		{"GET /api/ai/levels", s.aiLevels},

		// The rules guide: its pages, its texts, and a reader's tries.
		{"GET /rules", s.page("rules")},
		{"GET /rules/{section}", s.page("rules", "section")},
		{"GET /api/rules/guide", s.getRulesIndex},
		{"GET /api/rules/guide/{section}", s.getRulesSection},
		{"GET /api/rules/position", s.getRulesPosition},
		{"POST /api/rules/try", s.postRulesTry},

		// Scheduled games: their pages, the API and the notification socket.
		{"GET /schedule", s.page("schedule")},
		{"GET /schedule/{id}", s.page("schedule", "id")},
		{"GET /api/schedule", s.listSchedule},
		{"POST /api/schedule", s.postSchedule},
		{"GET /api/schedule/socket", s.handleScheduleSocket},
		{"GET /api/schedule/{id}", s.showSchedule},
		{"GET /api/schedule/{id}/ics", s.scheduleICS},
		{"POST /api/schedule/{id}/accept", s.scheduleAction("accept")},
		{"POST /api/schedule/{id}/decline", s.scheduleAction("decline")},
		{"POST /api/schedule/{id}/cancel", s.scheduleAction("cancel")},
		{"POST /api/schedule/{id}/postpone", s.scheduleAction("postpone")},
		{"POST /api/schedule/{id}/postpone/accept", s.scheduleAction("postpone-accept")},
		{"POST /api/schedule/{id}/postpone/decline", s.scheduleAction("postpone-decline")},
		{"POST /api/schedule/{id}/checkin", s.scheduleAction("checkin")},
		{"POST /api/schedule/{id}/suspend", s.scheduleAction("suspend")},

		// Clubs: their pages, the list and search, one club and its members.
		{"GET /clubs", s.page("clubs")},
		{"GET /club/{id}", s.page("club", "id")},
		{"GET /api/clubs", s.listClubs},
		{"POST /api/clubs", s.postClub},
		{"GET /api/club/{id}", s.getClub},
		{"GET /api/club/{id}/socket", s.handleClubSocket},
		{"PUT /api/club/{id}", s.putClub},
		{"DELETE /api/club/{id}", s.deleteClub},
		{"POST /api/club/{id}/join", s.clubAction("join")},
		{"POST /api/club/{id}/accept", s.clubAction("accept")},
		{"POST /api/club/{id}/leave", s.clubAction("leave")},
		{"POST /api/club/{id}/requests/{username}/approve", s.clubMemberAction("approve")},
		{"POST /api/club/{id}/requests/{username}/decline", s.clubMemberAction("decline")},
		{"POST /api/club/{id}/invite", s.clubMemberAction("invite")},
		{"DELETE /api/club/{id}/members/{username}", s.clubMemberAction("remove")},
		{"PUT /api/club/{id}/members/{username}/role", s.clubMemberAction("role")},
		{"POST /api/club/{id}/transfer", s.clubMemberAction("transfer")},
		// Tournaments: their pages, the lists, one tournament, its actions,
		// its files and its socket.
		{"GET /tournaments", s.page("tournaments")},
		{"GET /tournament/{id}", s.page("tournament", "id")},
		{"GET /api/tournaments", s.listTournaments},
		{"POST /api/tournaments", s.postTournament},
		{"GET /api/tournament/{id}", s.getTournament},
		{"GET /api/tournament/{id}/socket", s.handleTournamentSocket},
		{"GET /api/tournament/{id}/trf", s.getTournamentTRF},
		{"GET /api/tournament/{id}/pgn", s.getTournamentPGN},
		{"GET /api/tournament/{id}/round/{round}/ics", s.getTournamentICS},
		{"POST /api/tournament/{id}/join", s.tournamentAction("join")},
		{"POST /api/tournament/{id}/leave", s.tournamentAction("leave")},
		{"POST /api/tournament/{id}/bye", s.tournamentAction("bye")},
		{"POST /api/tournament/{id}/start", s.tournamentAction("start")},
		{"POST /api/tournament/{id}/pause", s.tournamentAction("pause")},
		{"POST /api/tournament/{id}/resume", s.tournamentAction("resume")},
		{"POST /api/tournament/{id}/pair", s.tournamentAction("pair")},
		{"POST /api/tournament/{id}/result", s.tournamentAction("result")},
		{"POST /api/tournament/{id}/withdraw", s.tournamentAction("withdraw")},
		{"POST /api/tournament/{id}/finish", s.tournamentAction("finish")},
		{"GET /api/game/{id}/tournament", s.gameTournament},
		// Arenas: their pages, the list, one arena and its socket.
		{"GET /arenas", s.page("arenas")},
		{"GET /arena/{id}", s.page("arena", "id")},
		{"GET /api/arenas", s.listArenas},
		{"POST /api/arenas", s.postArena},
		{"GET /api/arena/{id}", s.getArena},
		{"GET /api/arena/{id}/socket", s.handleArenaSocket},
		{"POST /api/arena/{id}/join", s.arenaAction("join")},
		{"POST /api/arena/{id}/withdraw", s.arenaAction("withdraw")},
		{"POST /api/arena/{id}/berserk", s.arenaAction("berserk")},
		{"GET /api/game/{id}/arena", s.gameArena},
	}
}
