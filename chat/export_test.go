package chat

// Queued returns how many lines wait for the store's writer.
func (c *Chat) Queued() int {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return len(c.queue)
}
