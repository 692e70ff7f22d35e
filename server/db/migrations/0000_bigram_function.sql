-- Custom SQL migration (drizzle-kit generate --custom): helper used by the GIN keyword indexes.
-- kaigi_bigrams(t): distinct 2-character substrings of t that contain no space.
-- search_text is stored normalised (normalizeSearchText), so the same function applied to a
-- normalised keyword gives an array the index can test with @>. SQL-standard body (PG >= 14):
-- parsed once, no search_path dependence.
CREATE OR REPLACE FUNCTION kaigi_bigrams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ARRAY(
    SELECT DISTINCT substr(t, i, 2)
    FROM generate_series(1, char_length(t) - 1) AS i
    WHERE strpos(substr(t, i, 2), ' ') = 0
  );
