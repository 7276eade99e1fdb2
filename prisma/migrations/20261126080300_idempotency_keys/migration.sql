-- CreateTable
-- An Idempotency-Key of an account. A row with no job is a claim in flight: it is taken before the
-- submission's work starts and bound to its job in the very statement that inserts the job and
-- reserves its credits, so a crash can never leave a job without its key or a key pointing nowhere.
-- A claim whose request died unbound can be taken again after a lease (claimed_at); every key can
-- be reused after expires_at (24 h).
CREATE TABLE "idempotency_keys" (
    "account_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "claim_id" UUID NOT NULL,
    "job_id" UUID,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("account_id", "key")
);

-- CreateIndex
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys"("expires_at");

-- AddForeignKey
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
