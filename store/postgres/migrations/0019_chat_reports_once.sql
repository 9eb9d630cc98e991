-- One report of a line by each person: (room, line_id, reporter_id) is
-- unique among the reports of stored lines (line_id > 0), so a second
-- report of a line is recognised by the store, on every node and after a
-- restart (chat.Store.AddReport).
--
-- Reports made before migration 0016 numbered their lines per process
-- (from 1 at each start), so their line_id names no stored line, and the
-- same number may be another line of the room by now. Those reports (made
-- before 0016 was applied) are kept whole, with their own copy of the
-- line, for the moderators; their line_id becomes its negative, which no
-- stored line has, so that they never take a stored line's report for a
-- second one, and the index leaves them out.
UPDATE chat_reports SET line_id = -line_id
    WHERE line_id > 0
    AND reported_at < (SELECT applied_at FROM schema_migrations WHERE version = 16);

-- A second report of a line by the same person is deleted, the earliest
-- (then the smallest id) kept. Among the older reports, a line number of
-- one process says nothing of another's: two of them are one line only if
-- its author, text and time are the same too.
DELETE FROM chat_reports WHERE EXISTS (
    SELECT 1 FROM chat_reports e
    WHERE e.room = chat_reports.room
    AND e.line_id = chat_reports.line_id
    AND e.reporter_id = chat_reports.reporter_id
    AND (e.line_id > 0 OR (e.author_id = chat_reports.author_id
        AND e.text = chat_reports.text AND e.said_at = chat_reports.said_at))
    AND (e.reported_at < chat_reports.reported_at
        OR (e.reported_at = chat_reports.reported_at AND e.id < chat_reports.id)));

CREATE UNIQUE INDEX chat_reports_once ON chat_reports (room, line_id, reporter_id) WHERE line_id > 0;
