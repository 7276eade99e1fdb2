-- AlterTable
-- Each account signs its webhooks with a secret of its own (Standard Webhooks: `whsec_` and the
-- base64 of 32 random bytes, from gen_random_uuid's strong random source), and may name a default
-- URL for jobs submitted without `webhook_url`.
ALTER TABLE "accounts" ADD COLUMN "webhook_url" TEXT,
ADD COLUMN "webhook_secret" TEXT NOT NULL DEFAULT ('whsec_' || encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'));

-- CreateTable
-- One row per delivery attempt of a job's webhook, for GET /v1/jobs/{id}/webhooks.
CREATE TABLE "webhook_attempts" (
    "id" BIGSERIAL NOT NULL,
    "job_id" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_attempts_job_id_id_idx" ON "webhook_attempts"("job_id", "id");

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
