-- Trigram indexes serve case-insensitive substring search (ILIKE '%...%') on asset names and ids.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "assets" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "pack" TEXT NOT NULL,
    "license" TEXT NOT NULL DEFAULT 'CC0-1.0',
    "glb_key" TEXT NOT NULL,
    "thumbnail_key" TEXT NOT NULL,
    "glb_bytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "catalog_version" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assets_pkey" PRIMARY KEY ("id"),
    -- Only public-domain assets are ever served, whatever the code path that wrote the row.
    CONSTRAINT "assets_license_check" CHECK ("license" = 'CC0-1.0')
);

-- CreateIndex
CREATE INDEX "assets_category_id_idx" ON "assets"("category", "id");

-- CreateIndex
CREATE INDEX "assets_pack_id_idx" ON "assets"("pack", "id");

-- CreateIndex
CREATE INDEX "assets_name_trgm_idx" ON "assets" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "assets_id_trgm_idx" ON "assets" USING GIN ("id" gin_trgm_ops);
