-- The statistics' daily rollups read the reservations settled on a day (billing/src/daily-facts.ts)
-- every few minutes for today; without this index that is a scan of the whole ledger each time.
CREATE INDEX quota_reservations_settled ON quota_reservations (finished_at) WHERE state = 'settled';
