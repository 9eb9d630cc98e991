// Package lowprio runs background work (the AI's searches, computer
// analyses) at the machine's lowest scheduling priority, so that the games
// being played always get the CPU first.
package lowprio
