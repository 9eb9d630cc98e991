package account_test

import (
	"fmt"

	"github.com/joinpal/joinpal/account"
)

func Example() {
	fmt.Println(account.ValidateUsername("Magnus_Carlsen"))
	fmt.Println(account.CodeOf(account.ValidateUsername("1player")))

	hash, _ := account.HashPassword("correct horse battery", account.DefaultParams)
	ok, rehash, _ := account.CheckPassword(hash, "correct horse battery", account.DefaultParams)
	fmt.Println(ok, rehash)
	// Output:
	// <nil>
	// account.username.start
	// true false
}
