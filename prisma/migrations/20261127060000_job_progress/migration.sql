-- AlterTable
-- A job's progress (0..1) and the engine stage it is in, written by the worker once per stage and
-- shown on the job object and its event stream. Both have defaults, so adding them rewrites nothing.
ALTER TABLE "jobs" ADD COLUMN "progress" REAL NOT NULL DEFAULT 0,
ADD COLUMN "stage" TEXT;
