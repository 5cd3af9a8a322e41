-- Commerce on top of the ledger: the catalogue (goods and skus), orders, what payment providers
-- told us, the providers' keys, and the deployment's billing mode. The sku rows themselves are
-- written by the generated migration `billing/002_commerce.seed` from proto's SKUS constants.

-- One row per sku. The price is the one thing an administrator changes without a deploy; the
-- rest comes from proto's constants (quotas and levels are rules, not prices).
CREATE TABLE goods_skus (
  sku_id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  goods_type text NOT NULL CHECK (goods_type IN ('T01', 'T02', 'T03', 'T04')),
  -- The plan of a T01 sku; null for packages and documents.
  plan text CHECK (plan IN ('free', 'standard', 'professional', 'enterprise')),
  level smallint NOT NULL,
  price_cents int NOT NULL CHECK (price_cents >= 0),
  quota_chars bigint NOT NULL CHECK (quota_chars >= 0),
  months smallint NOT NULL,
  valid_days smallint NOT NULL,
  sort_order smallint NOT NULL,
  price_updated_at timestamptz,
  price_updated_by int REFERENCES users ON DELETE SET NULL
);

-- An order is one purchase of one sku at the price of the moment. `tid` is what the client and
-- the provider see: random, so one user cannot guess another's order.
CREATE TABLE orders (
  order_id bigserial PRIMARY KEY,
  tid text NOT NULL UNIQUE CHECK (length(tid) BETWEEN 16 AND 64),
  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
  sku_id int NOT NULL REFERENCES goods_skus,
  sku_code text NOT NULL,
  goods_type text NOT NULL,
  price_cents int NOT NULL CHECK (price_cents > 0),
  quota_chars bigint NOT NULL,
  provider text NOT NULL,
  -- Spec section 4: 0 unpay, 1 paying, 2 payed, 3 payFail.
  pay_status smallint NOT NULL DEFAULT 0 CHECK (pay_status IN (0, 1, 2, 3)),
  -- The provider's own number of the payment, once paid.
  provider_trade_no text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  CHECK ((pay_status = 2) = (paid_at IS NOT NULL))
);
CREATE INDEX orders_user ON orders (user_id, created_at DESC);
CREATE INDEX orders_created ON orders (created_at DESC);

-- What an order granted: one grant per order, ever (the unique key is what makes 100 concurrent
-- callbacks grant once even if every other guard failed).
ALTER TABLE quota_grants ADD COLUMN order_id bigint UNIQUE REFERENCES orders ON DELETE SET NULL;

-- Every notification a provider sent, accepted or refused, for support and audits.
CREATE TABLE payment_notifications (
  notification_id bigserial PRIMARY KEY,
  provider text NOT NULL,
  tid text,
  outcome text NOT NULL CHECK (outcome IN ('paid', 'failed', 'duplicate', 'ignored', 'bad_signature', 'unknown_order', 'wrong_amount')),
  amount_cents bigint,
  params jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_notifications_tid ON payment_notifications (tid);

-- Key pairs a provider adapter made for itself (the sandbox cashier signs its notifications
-- with its own key, as Alipay and WeChat Pay do). Made once, by whichever process comes first.
CREATE TABLE payment_keys (
  provider text PRIMARY KEY,
  private_key_pem text NOT NULL,
  public_key_pem text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The deployment's billing mode (BILLING=on|off), recorded at start so that every process that
-- reserves characters (the tasks service, wherever it runs) agrees. One row.
CREATE TABLE billing_settings (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  enabled boolean NOT NULL DEFAULT true
);
INSERT INTO billing_settings (singleton, enabled) VALUES (true, true);

-- BILLING=off: every account's unlimited allowance, one per user and month like the free one.
CREATE UNIQUE INDEX quota_grants_unlimited_user ON quota_grants (user_id, starts_at) WHERE sku = 'unlimited' AND user_id IS NOT NULL;
