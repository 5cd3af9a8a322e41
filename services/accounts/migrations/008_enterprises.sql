-- Enterprises (issue 18): the account named as an enterprise's manager (the spec's "administrator
-- account"). Other managers of the site may exist; this is the one the enterprise form shows and
-- changes. A deleted user leaves the enterprise without a named manager rather than blocking.
ALTER TABLE sites ADD COLUMN manager_user_id int REFERENCES users ON DELETE SET NULL;
CREATE INDEX sites_parent ON sites (parent_site_id) WHERE parent_site_id IS NOT NULL;
