module github.com/joinpal/joinpal

go 1.26.8
