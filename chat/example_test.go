package chat_test

import (
	"context"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/chat"
)

// A line said on another node's copy of a room is delivered to this one:
// its members read it, numbered by this room (a chat without a store).
func ExampleChat_Deliver() {
	here := chat.New(chat.Config{})
	member, _, _ := here.Join(context.Background(), chat.Lobby, "u-bruno")
	defer member.Leave()
	at := time.Date(2026, 12, 2, 6, 0, 0, 0, time.UTC)
	here.Deliver(chat.Line{Room: chat.Lobby, Author: chat.Author{ID: "u-alba", Name: "alba"}, Text: "¡hola!", At: at})
	l := <-member.C
	fmt.Println(l.ID, l.Author.Name, l.Text)
	// Output: 1 alba ¡hola!
}
