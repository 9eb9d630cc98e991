package chat_test

import (
	"fmt"
	"time"

	"github.com/joinpal/joinpal/chat"
)

// A line said on another node's copy of a room is delivered to this one:
// its members read it, numbered by this room.
func ExampleChat_Deliver() {
	here := chat.New(chat.Config{})
	member, _ := here.Join(chat.Lobby, "u-bruno")
	defer member.Leave()
	at := time.Date(2026, 12, 2, 6, 0, 0, 0, time.UTC)
	here.Deliver(chat.Lobby, chat.Author{ID: "u-alba", Name: "alba"}, "¡hola!", at)
	l := <-member.C
	fmt.Println(l.ID, l.Author.Name, l.Text)
	// Output: 1 alba ¡hola!
}
