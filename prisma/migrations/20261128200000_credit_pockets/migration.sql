-- CreateTable
-- Part of a large balance, split off so that one account's concurrent submissions do not all queue on
-- its one accounts row (whose lock a reservation holds until its commit, WAL flush included; see
-- apps/api/README.md, sixteenth wave). An account's balance is accounts.credit_balance plus the sum
-- of its pockets; credits move between an account's own rows without a ledger row, so the balance
-- still equals the ledger's sum.
CREATE TABLE "credit_pockets" (
    "account_id" UUID NOT NULL,
    "slot" SMALLINT NOT NULL,
    "credits" INTEGER NOT NULL,

    CONSTRAINT "credit_pockets_pkey" PRIMARY KEY ("account_id","slot"),
    CONSTRAINT "credit_pockets_credits_check" CHECK ("credits" >= 0)
);

-- AddForeignKey
ALTER TABLE "credit_pockets" ADD CONSTRAINT "credit_pockets_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Moves every pocket of an account back into its accounts row; returns the credits moved. Locks
-- the accounts row first, then the pockets: the same order as reserve_credits' slow path, and a
-- pocket's debit never takes the accounts row, so no two of them can wait for each other.
CREATE FUNCTION drain_credit_pockets(p_account UUID) RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
  v_moved INTEGER;
BEGIN
  PERFORM 1 FROM accounts WHERE id = p_account FOR NO KEY UPDATE;
  PERFORM 1 FROM credit_pockets WHERE account_id = p_account ORDER BY slot FOR UPDATE;
  -- A new statement, so a new snapshot: it sees what the debits waited for above committed.
  SELECT COALESCE(SUM(credits), 0) INTO v_moved FROM credit_pockets WHERE account_id = p_account;
  IF v_moved > 0 THEN
    UPDATE credit_pockets SET credits = 0 WHERE account_id = p_account AND credits > 0;
    UPDATE accounts SET credit_balance = credit_balance + v_moved WHERE id = p_account;
  END IF;
  RETURN v_moved;
END
$$;

-- Debits p_amount from an account's balance. Returns 1 when debited, 0 when the balance does not
-- cover it (nothing changes then, except that pockets may have been drained into the accounts row),
-- and 2 when the account has pockets but none was free and covering: the caller commits and calls
-- again with p_from_row, so that no transaction waits for a row while it may still hold a pocket
-- (a FOR UPDATE whose re-check fails keeps the row locked; a pocket's debit never waits at all).
-- From the row (p_from_row, or an account without pockets): the accounts row is locked; when it is
-- short, the pockets are drained into it (waiting for their debits, which never wait for it); after
-- the debit, when it holds more than 16 pockets need (a share of at least 64 debits each), the
-- pockets below that share and not in use are topped up from it. Small balances stay in the row.
CREATE FUNCTION reserve_credits(p_account UUID, p_amount INTEGER, p_from_row BOOLEAN) RETURNS SMALLINT
LANGUAGE plpgsql AS $$
DECLARE
  v_slot SMALLINT;
  v_main INTEGER;
  v_share INTEGER;
  v_topped INTEGER;
BEGIN
  IF NOT p_from_row THEN
    SELECT slot INTO v_slot FROM credit_pockets
    WHERE account_id = p_account AND credits >= p_amount LIMIT 1 FOR UPDATE SKIP LOCKED;
    IF FOUND THEN
      -- Locked by this transaction and re-checked on its latest version; the CHECK is the second line.
      UPDATE credit_pockets SET credits = credits - p_amount WHERE account_id = p_account AND slot = v_slot;
      RETURN 1;
    END IF;
    IF EXISTS (SELECT 1 FROM credit_pockets WHERE account_id = p_account) THEN
      RETURN 2;
    END IF;
  END IF;

  SELECT credit_balance INTO v_main FROM accounts WHERE id = p_account FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  IF v_main < p_amount THEN
    v_main := v_main + drain_credit_pockets(p_account);
    IF v_main < p_amount THEN
      RETURN 0;
    END IF;
  END IF;
  v_main := v_main - p_amount;
  v_share := v_main / 32;
  IF v_share >= 64 * p_amount THEN
    INSERT INTO credit_pockets (account_id, slot, credits)
    SELECT p_account, g, 0 FROM generate_series(0, 15) g
    ON CONFLICT DO NOTHING;
    WITH idle AS (
      SELECT slot FROM credit_pockets WHERE account_id = p_account AND credits < v_share FOR UPDATE SKIP LOCKED
    ), topped AS (
      UPDATE credit_pockets p SET credits = p.credits + v_share FROM idle
      WHERE p.account_id = p_account AND p.slot = idle.slot
      RETURNING 1
    )
    SELECT count(*) INTO v_topped FROM topped;
    v_main := v_main - v_topped * v_share;
  END IF;
  UPDATE accounts SET credit_balance = v_main WHERE id = p_account;
  RETURN 1;
END
$$;
