-- Instruments (§3) with the reference data pricing needs. Money is NUMERIC(38,18), never float.
CREATE TABLE IF NOT EXISTS instruments (
  slug                    TEXT PRIMARY KEY CHECK (slug ~ '^[a-z0-9]{1,32}$'),
  currency_title          TEXT NOT NULL,
  network_title           TEXT NOT NULL,
  best_change_name        TEXT NOT NULL UNIQUE,
  currency_friendly_title TEXT NOT NULL,
  currency_logo_link      TEXT NOT NULL,
  instrument_type         TEXT NOT NULL CHECK (instrument_type IN ('fiat', 'crypto')),
  requires_memo           BOOLEAN NOT NULL DEFAULT FALSE,
  precision_decimals      INTEGER NOT NULL CHECK (precision_decimals BETWEEN 0 AND 18),
  provider                TEXT NOT NULL CHECK (provider IN ('EXCHANGE', 'CARD')),
  is_active               BOOLEAN NOT NULL DEFAULT TRUE,
  -- multicoin-address-validator symbol; NULL for fiat.
  address_validator       TEXT,
  required_confirmations  INTEGER NOT NULL DEFAULT 0,
  -- Payout network fee, in units of this instrument.
  network_fee             NUMERIC(38,18) NOT NULL DEFAULT 0,
  min_deposit_usd         NUMERIC(38,18) NOT NULL,
  max_deposit_usd         NUMERIC(38,18) NOT NULL,
  sort_order              INTEGER NOT NULL DEFAULT 0,
  created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (currency_title, network_title)
);

-- Orders and their event log (§3, §4): filled by the orders issue.
CREATE TABLE IF NOT EXISTS orders (
  order_id                  TEXT PRIMARY KEY,
  from_slug                 TEXT NOT NULL REFERENCES instruments(slug),
  to_slug                   TEXT NOT NULL REFERENCES instruments(slug),
  rate_mode                 TEXT NOT NULL CHECK (rate_mode IN ('FLOATING', 'FIXED')),
  claimed_deposit_amount    NUMERIC(38,18) NOT NULL,
  amount_to_get             NUMERIC(38,18) NOT NULL,
  price                     NUMERIC(38,18) NOT NULL,
  network_fee               NUMERIC(38,18) NOT NULL DEFAULT 0,
  platform_fee              NUMERIC(38,18) NOT NULL DEFAULT 0,
  deposit_address           TEXT,
  deposit_address_memo      TEXT,
  destination_address       TEXT NOT NULL,
  destination_address_memo  TEXT,
  refund_address            TEXT,
  refund_address_memo       TEXT,
  user_email                TEXT,
  referrer_id               TEXT,
  status                    TEXT NOT NULL DEFAULT 'CREATED',
  fixed_rate_expires_at     TIMESTAMPTZ,
  created_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at                TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS orders_created_at_idx ON orders (created_at DESC);

CREATE TABLE IF NOT EXISTS order_events (
  id          BIGSERIAL PRIMARY KEY,
  order_id    TEXT NOT NULL REFERENCES orders(order_id) ON DELETE CASCADE,
  kind        TEXT NOT NULL,
  reason      TEXT,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS order_events_order_idx ON order_events (order_id, id);
