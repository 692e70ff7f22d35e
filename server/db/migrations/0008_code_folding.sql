-- Codes and search folding (issue 15 §4, issue 18 §7; docs/decisions/0012-code-folding.md).
--
-- 1. 事業所コード and テンプレートコード are stored folded (access/codes.ts foldCode: NFKC, trimmed,
--    a–z upper-cased), so `w239329`, `W239329` and `Ｗ２３９３２９` are one code. Existing codes are
--    folded here. Where a chamber already holds two codes that fold alike, the migration must not
--    fail: the row whose code is already folded (else the oldest) keeps the code, every other one
--    gets the first free `<code>-2`, `-3`… (cut to the form's maximum length). Each change is bumped
--    in `version` and written to audit_log (actor 'migration 0008_code_folding', before/after code)
--    for the chamber to review; RAISE NOTICE names the renamed ones. A company's new code is copied
--    to its members, a template's to its master_data row; a renamed code is appended to search_text.
-- 2. Unique indexes on the folded code keep the rule whoever writes (the API folds before writing).
-- 3. search_text folds 異体字 (access/itaiji.ts): the stored texts are folded with translate() over
--    the same table, so the bigram GIN indexes (cci_code, kaigi_bigrams(search_text)) index 高橋
--    for a row typed 髙橋. A change to that table needs a migration like this step.
CREATE TEMPORARY TABLE kaigi_code_fold (entity text, id integer, cci_code text, old_code text, new_code text) ON COMMIT DROP;--> statement-breakpoint
DO $$
DECLARE
  r record;
  next_code text;
  n integer;
BEGIN
  FOR r IN
    WITH f AS (
      SELECT id, cci_code, company_code AS code, upper(btrim(normalize(company_code, NFKC))) AS folded FROM company
    ), ranked AS (
      SELECT f.*,
             row_number() OVER (PARTITION BY cci_code, folded ORDER BY code = folded DESC, id) AS rank,
             count(*) OVER (PARTITION BY cci_code, folded) AS copies
        FROM f
    )
    SELECT * FROM ranked WHERE copies > 1 OR code <> folded
     ORDER BY rank > 1 DESC, id -- renames first: their old codes then no longer stand in the way
  LOOP
    IF r.rank = 1 THEN
      next_code := r.folded;
    ELSE
      n := 2;
      LOOP
        next_code := left(r.folded, 20 - length('-' || n)) || '-' || n;
        EXIT WHEN NOT EXISTS (
          SELECT 1 FROM company WHERE cci_code = r.cci_code AND upper(btrim(normalize(company_code, NFKC))) = next_code
        );
        n := n + 1;
      END LOOP;
      RAISE NOTICE 'company % (chamber %): code % folds like another company''s, renamed %', r.id, r.cci_code, r.code, next_code;
    END IF;
    CONTINUE WHEN next_code = r.code;
    UPDATE company
       SET company_code = next_code,
           search_text = CASE WHEN strpos(search_text, lower(next_code)) = 0 THEN search_text || ' ' || lower(next_code) ELSE search_text END,
           version = version + 1, updated_at = now(), updated_by = 'migration 0008_code_folding'
     WHERE id = r.id;
    INSERT INTO kaigi_code_fold VALUES ('company', r.id, r.cci_code, r.code, next_code);
  END LOOP;
END
$$;--> statement-breakpoint
UPDATE member m
   SET company_code = f.new_code,
       search_text = CASE WHEN strpos(m.search_text, lower(f.new_code)) = 0 THEN m.search_text || ' ' || lower(f.new_code) ELSE m.search_text END
  FROM kaigi_code_fold f
 WHERE f.entity = 'company' AND m.company_id = f.id;--> statement-breakpoint
DO $$
DECLARE
  r record;
  next_code text;
  n integer;
BEGIN
  FOR r IN
    WITH f AS (
      SELECT id, cci_code, conference_template_code AS code, upper(btrim(normalize(conference_template_code, NFKC))) AS folded
        FROM conference_template
    ), ranked AS (
      SELECT f.*,
             row_number() OVER (PARTITION BY cci_code, folded ORDER BY code = folded DESC, id) AS rank,
             count(*) OVER (PARTITION BY cci_code, folded) AS copies
        FROM f
    )
    SELECT * FROM ranked WHERE copies > 1 OR code <> folded
     ORDER BY rank > 1 DESC, id
  LOOP
    IF r.rank = 1 THEN
      next_code := r.folded;
    ELSE
      n := 2;
      LOOP
        next_code := left(r.folded, 50 - length('-' || n)) || '-' || n;
        EXIT WHEN NOT EXISTS (
          SELECT 1 FROM conference_template
           WHERE cci_code = r.cci_code AND upper(btrim(normalize(conference_template_code, NFKC))) = next_code
        ) AND NOT EXISTS (
          SELECT 1 FROM master_data
           WHERE cci_code = r.cci_code AND master_type_code = 'CCI_CONFERENCE_TEMPLATE' AND master_code = next_code
        );
        n := n + 1;
      END LOOP;
      RAISE NOTICE 'conference template % (chamber %): code % folds like another template''s, renamed %', r.id, r.cci_code, r.code, next_code;
    END IF;
    CONTINUE WHEN next_code = r.code;
    UPDATE conference_template
       SET conference_template_code = next_code,
           version = version + 1, updated_at = now(), updated_by = 'migration 0008_code_folding'
     WHERE id = r.id;
    -- its master_data row (server/repositories/conference-templates.ts syncMasterRow), unless a
    -- stray row already holds the new code (that one is then the template's row)
    UPDATE master_data
       SET master_code = next_code, version = version + 1, updated_at = now(), updated_by = 'migration 0008_code_folding'
     WHERE cci_code = r.cci_code AND master_type_code = 'CCI_CONFERENCE_TEMPLATE' AND master_code = r.code
       AND NOT EXISTS (
         SELECT 1 FROM master_data
          WHERE cci_code = r.cci_code AND master_type_code = 'CCI_CONFERENCE_TEMPLATE' AND master_code = next_code
       );
    INSERT INTO kaigi_code_fold VALUES ('conference_template', r.id, r.cci_code, r.code, next_code);
  END LOOP;
END
$$;--> statement-breakpoint
INSERT INTO audit_log (cci_code, actor, action, entity, entity_id, before, after)
SELECT cci_code, 'migration 0008_code_folding', 'update', entity, id::text,
       jsonb_build_object(CASE entity WHEN 'company' THEN 'company_code' ELSE 'conference_template_code' END, old_code),
       jsonb_build_object(CASE entity WHEN 'company' THEN 'company_code' ELSE 'conference_template_code' END, new_code)
  FROM kaigi_code_fold ORDER BY entity, id;--> statement-breakpoint
DROP TABLE kaigi_code_fold;--> statement-breakpoint
CREATE UNIQUE INDEX "company_cci_code_folded_code_key" ON "company" USING btree ("cci_code",upper(normalize("company_code", NFKC)));--> statement-breakpoint
CREATE UNIQUE INDEX "conference_template_cci_code_folded_code_key" ON "conference_template" USING btree ("cci_code",upper(normalize("conference_template_code", NFKC)));--> statement-breakpoint
-- 3. 異体字 in search_text: access/itaiji.ts SEARCH_VARIANTS_FROM → SEARCH_VARIANTS_TO, variation
-- selectors (U+FE00–FE0F, U+E0100–E01EF) deleted (test: server/db/code-folding-migration.test.ts)
DO $$
DECLARE
  variants_from text := '髙﨑嵜德邊邉濵濱𠮷𡈽齋齊櫻廣嶋嶌澤國眞惠瀨槇冨榮關瀧龜條實萬禮壽豐藏澁黑圓寬曾峯穗淸靜傳與彌來學會應縣兒驛亞檜蘆邨嶽晉勳稻莊將顯鐵戶靍靏舘鄕步淺增團樂氣佛遙'
    || (SELECT string_agg(chr(c), '' ORDER BY c) FROM (SELECT generate_series(65024, 65039) UNION ALL SELECT generate_series(917760, 917999)) AS s (c));
  variants_to text := '高崎崎徳辺辺浜浜吉土斎斉桜広島島沢国真恵瀬槙富栄関滝亀条実万礼寿豊蔵渋黒円寛曽峰穂清静伝与弥来学会応県児駅亜桧芦村岳晋勲稲荘将顕鉄戸鶴鶴館郷歩浅増団楽気仏遥';
BEGIN
  UPDATE company SET search_text = translate(search_text, variants_from, variants_to)
   WHERE search_text <> translate(search_text, variants_from, variants_to);
  UPDATE member SET search_text = translate(search_text, variants_from, variants_to)
   WHERE search_text <> translate(search_text, variants_from, variants_to);
END
$$;
