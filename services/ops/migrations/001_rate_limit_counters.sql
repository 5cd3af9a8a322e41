-- Fixed-window hit counters of the gateway's rate limits (login, codes, ...), shared by every
-- gateway replica. One row per limited key; an expired window is restarted in place and rows
-- idle past their window are swept. UNLOGGED: counters are short-lived, so losing them in a
-- database crash only resets the windows, and skipping the WAL keeps each hit cheap.
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends timestamptz NOT NULL
);

CREATE INDEX rate_limit_counters_window_ends ON rate_limit_counters (window_ends);
