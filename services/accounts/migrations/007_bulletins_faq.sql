-- Bulletins, the FAQ and the user terms text (issue 18 item 5). Every HTML column holds text the
-- sanitizer has already cleaned (services/accounts/src/content/sanitize.ts), and it is cleaned
-- again when read, so a row written by anything else is still served safe.

-- A bulletin is shown in the main area of one site (site_id) or of every site (NULL) while
-- now() is inside [publish_from, publish_until); a NULL publish_until means until deleted.
CREATE TABLE bulletins (
  bulletin_id serial PRIMARY KEY,
  site_id int REFERENCES sites ON DELETE CASCADE,
  title_zh text NOT NULL CHECK (length(title_zh) BETWEEN 1 AND 200),
  title_en text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 200),
  body_zh text NOT NULL DEFAULT '' CHECK (length(body_zh) <= 200000),
  body_en text NOT NULL DEFAULT '' CHECK (length(body_en) <= 200000),
  publish_from timestamptz NOT NULL DEFAULT now(),
  publish_until timestamptz CHECK (publish_until IS NULL OR publish_until > publish_from),
  -- Kept as written (no foreign key), like the system log: the author may be deleted later.
  created_by int,
  updated_by int,
  updated_by_account text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bulletins_site ON bulletins (site_id, publish_from DESC);

-- The FAQ of /problem: one list for every site, shown by sort_order, then by id.
CREATE TABLE faq_entries (
  faq_id serial PRIMARY KEY,
  question_zh text NOT NULL CHECK (length(question_zh) BETWEEN 1 AND 500),
  question_en text NOT NULL CHECK (length(question_en) BETWEEN 1 AND 500),
  answer_zh text NOT NULL DEFAULT '' CHECK (length(answer_zh) <= 200000),
  answer_en text NOT NULL DEFAULT '' CHECK (length(answer_en) <= 200000),
  sort_order int NOT NULL DEFAULT 0,
  created_by int,
  updated_by int,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Each published terms version carries its text; the newest version's text is served. Until now
-- the text shipped with the web app (its language files): version 1 gets that text.
ALTER TABLE user_terms ADD COLUMN body_zh text NOT NULL DEFAULT '' CHECK (length(body_zh) <= 200000);
ALTER TABLE user_terms ADD COLUMN body_en text NOT NULL DEFAULT '' CHECK (length(body_en) <= 200000);
ALTER TABLE user_terms ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE user_terms SET
  body_zh = '<p>机器翻译平台翻译您提交的文本和文档。您的内容归您所有；平台仅为提供服务而保存，您删除后即予删除。请勿提交您无权分享的内容。账号仅限本人使用：同一时间只能在一处登录，新的登录会结束之前的登录。运营方可能修改本条款，修改后您需在下次登录前重新同意。</p>',
  body_en = '<p>MT Platform translates the texts and documents you send it. You keep the rights to your content; the platform stores it only to provide the service and deletes it when you delete it. Do not send content you may not share. Accounts are personal: one login at a time, and a new login ends the previous one. The operator may change these terms; you will be asked to agree again before your next login.</p>'
WHERE body_zh = '' AND body_en = '';
