-- Trigram indexes (gin_trgm_ops) let the door desk's search find a name by any part of
-- it without reading every ticket (issue 27). Created before the migration that builds
-- them. PGlite ships the extension too (loaded in server/platform/db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
