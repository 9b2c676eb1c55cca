-- Directory search: trigram indexes for substring and prefix matching, unaccent for accent-insensitivity.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes a wrapper that
-- indexes and generated text may use.
CREATE OR REPLACE FUNCTION atrium_search_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT trim(regexp_replace(lower(unaccent('unaccent'::regdictionary, coalesce(value, ''))), '[^[:alnum:]]+', ' ', 'g')) $$;
