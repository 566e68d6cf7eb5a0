-- §2 redirect lookup (issue 9): web asks for a redirect of the path before rendering. One row per full path
-- (the /ru prefix is part of it), stored normalised by modules/redirects/rules.ts: a single leading slash,
-- no trailing slash except on the root, no query or hash. `target` is a site path or an absolute http(s) URL.
CREATE TABLE IF NOT EXISTS redirects (
  id          BIGSERIAL PRIMARY KEY,
  path        TEXT NOT NULL UNIQUE CHECK (path LIKE '/%' AND length(path) <= 2048),
  target      TEXT NOT NULL CHECK (length(target) BETWEEN 1 AND 2048),
  -- §9 "Redirect status 301"; a column so that another status can come without a migration of the rows.
  status      SMALLINT NOT NULL DEFAULT 301 CHECK (status = 301),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- Null when added with `pnpm admin redirect add`.
  created_by  BIGINT REFERENCES users(id) ON DELETE SET NULL
);
