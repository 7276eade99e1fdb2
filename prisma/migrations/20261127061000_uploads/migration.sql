-- CreateTable
-- A file an account uploads to use as a source by URL (POST /v1/uploads, then a PUT of its bytes).
-- The row is the record of who owns the object under `key` and until when: a source URL naming an
-- upload is read only for its account and before expires_at, and the worker's sweep deletes the
-- object and the row after it. `bytes` and `content_type` are what the PUT must send.
CREATE TABLE "uploads" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "content_type" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "uploads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "uploads_key_key" ON "uploads"("key");

-- CreateIndex
CREATE INDEX "uploads_expires_at_idx" ON "uploads"("expires_at");

-- AddForeignKey
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
