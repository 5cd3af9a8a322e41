-- Devices (issue 19): the latest record of every worker the platform has heard from, kept so the
-- admin list (offline devices and when they were last seen) survives gateway restarts and agrees
-- across replicas; what an administrator set for each device; and each enterprise's fallback
-- when its dedicated pool has no device serving. Enterprises are named by their site id without a
-- foreign key: ops references no other service's tables (a deleted site leaves a harmless row).
CREATE TABLE devices (
  device_id text PRIMARY KEY,
  role text NOT NULL CHECK (role IN ('mt', 'doc')),
  -- The DeviceRecord as the worker last sent it (written at most every few heartbeats).
  record jsonb NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);

-- A row only once an administrator changed something: a device without one keeps the state
-- (enabled) and pool it was started with.
CREATE TABLE device_settings (
  device_id text PRIMARY KEY,
  state text NOT NULL DEFAULT 'enabled' CHECK (state IN ('enabled', 'draining', 'disabled')),
  -- The enterprise whose pool (site-<id>) the device serves; NULL: the shared pool.
  site_id int,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_settings_site ON device_settings (site_id) WHERE site_id IS NOT NULL;

CREATE TABLE enterprise_pool_settings (
  site_id int PRIMARY KEY,
  fallback text NOT NULL CHECK (fallback IN ('wait', 'shared')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
