package main

import (
	"fmt"
	"strconv"
	"strings"
)

// fmtSscanf reads a divide line "e2e4: 20".
func fmtSscanf(line string, mv *string, n *int) (int, error) {
	return fmt.Sscanf(strings.Replace(line, ":", " ", 1), "%s %d", mv, n)
}

func itoa(n int) string { return strconv.Itoa(n) }
