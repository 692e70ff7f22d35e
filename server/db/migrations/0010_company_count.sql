-- Companies per chamber (issue 16 "Past the floor"): the unfiltered companies list reads its exact
-- total from company_count instead of counting up to 80 000 rows per request.
--
-- Statement-level triggers with transition tables keep it in the same transaction as the write:
-- one upsert per statement and chamber, so a bulk import of 80 000 rows in one INSERT (or COPY)
-- costs one aggregate, not 80 000 row-level upserts. One row per chamber is a hot row: concurrent
-- company inserts of the same chamber queue on it until commit. Companies are created by staff one
-- at a time or by an import (one transaction), so the queue stays short, and the read stays a
-- primary-key lookup with no delta rows to sum or compact. Companies are never soft-deleted (no
-- deleted flag; staff see every row of their chamber), so the count is exactly the list's total.
CREATE TABLE "company_count" (
	"cci_code" text COLLATE "C" PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE FUNCTION company_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- ordered by chamber: two multi-chamber statements lock the rows in the same order
  INSERT INTO company_count AS c (cci_code, n)
  SELECT cci_code, count(*) FROM company_count_new GROUP BY cci_code ORDER BY cci_code
  ON CONFLICT (cci_code) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION company_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_count AS c SET n = c.n - d.n
    FROM (SELECT cci_code, count(*) AS n FROM company_count_old GROUP BY cci_code) d
   WHERE c.cci_code = d.cci_code;
  RETURN NULL;
END $$;--> statement-breakpoint
-- a company moved to another chamber (no API does it; kept exact for SQL written by hand)
CREATE FUNCTION company_count_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_count SET n = n - 1 WHERE cci_code = OLD.cci_code;
  INSERT INTO company_count AS c (cci_code, n) VALUES (NEW.cci_code, 1)
  ON CONFLICT (cci_code) DO UPDATE SET n = c.n + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION company_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM company_count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER company_count_insert AFTER INSERT ON company
  REFERENCING NEW TABLE AS company_count_new FOR EACH STATEMENT EXECUTE FUNCTION company_count_insert();--> statement-breakpoint
CREATE TRIGGER company_count_delete AFTER DELETE ON company
  REFERENCING OLD TABLE AS company_count_old FOR EACH STATEMENT EXECUTE FUNCTION company_count_delete();--> statement-breakpoint
CREATE TRIGGER company_count_move AFTER UPDATE OF cci_code ON company
  FOR EACH ROW WHEN (OLD.cci_code IS DISTINCT FROM NEW.cci_code) EXECUTE FUNCTION company_count_move();--> statement-breakpoint
CREATE TRIGGER company_count_truncate AFTER TRUNCATE ON company
  FOR EACH STATEMENT EXECUTE FUNCTION company_count_truncate();--> statement-breakpoint
-- no company written between the count and the triggers' first run
LOCK TABLE company IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO company_count (cci_code, n) SELECT cci_code, count(*) FROM company GROUP BY cci_code;
