-- Enterprises (issue 18): a site's member cap (the spec's enterprise user cap, 30 by default) and
-- the enterprise a sub-site belongs to. The cap counts the site's users other than its managers'
-- own account; it is enforced under a lock on the site row so concurrent additions cannot pass it.
ALTER TABLE sites ADD COLUMN user_cap int NOT NULL DEFAULT 30 CHECK (user_cap >= 0);
ALTER TABLE sites ADD COLUMN parent_site_id int REFERENCES sites ON DELETE CASCADE;
