-- Hand-written SQL: "My tasks" counts a user's overdue and upcoming open tasks within their teams'
-- scope. The open-tasks index held no team, so each count read the table row of every open task
-- (14,687 for the large seed's advisor) to test its team; with the team in the index the counts
-- are an index-only scan (16.2 -> 3.6 ms, bench/task-list.ts's database, by hand).
DROP INDEX "tasks_open_by_assignee_due_idx";
CREATE INDEX "tasks_open_by_assignee_due_idx"
    ON "tasks" ("organization_id", "assignee_team_member_id", "due_date")
    INCLUDE ("team_id")
    WHERE "status" NOT IN ('DONE', 'CANCELLED');
