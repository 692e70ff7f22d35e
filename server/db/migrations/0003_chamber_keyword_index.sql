-- Keyword search per chamber (DESIGN.md §9). The bigram GIN indexes covered every chamber, so a
-- common 2-character term (商事: ~69 000 companies nationally) read the whole national posting
-- list and ANDed it with a btree bitmap of the chamber for each page and count (12-45 ms a query).
-- One GIN index over (cci_code, bigrams) intersects the chamber's key with the term's inside the
-- index: a chamber's matches only. btree_gin gives GIN its operator class for the text column;
-- it is a trusted extension (PostgreSQL >= 13: no superuser needed) shipped with PostgreSQL and RDS.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "company_search_bigrams_idx";--> statement-breakpoint
DROP INDEX "member_search_bigrams_idx";--> statement-breakpoint
CREATE INDEX "company_cci_code_search_bigrams_idx" ON "company" USING gin ("cci_code",kaigi_bigrams("search_text"));--> statement-breakpoint
CREATE INDEX "member_cci_code_search_bigrams_idx" ON "member" USING gin ("cci_code",kaigi_bigrams("search_text"));--> statement-breakpoint
-- The planner's statistics of an indexed expression belong to its index: without them it guesses
-- a keyword's selectivity (and picked a sort of every match over the ordered index scan).
ANALYZE "company";--> statement-breakpoint
ANALYZE "member";
