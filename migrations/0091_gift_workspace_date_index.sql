-- A workspace's gifts by date (decision 0272): statements, and donor retention through a year, read only the gifts of
-- their period. With only (user_id, connection_id, date), a period's statement list read every gift the workspace
-- ever had.
CREATE INDEX `gift_user_date_idx` ON `gift` (`user_id`,`date`);
